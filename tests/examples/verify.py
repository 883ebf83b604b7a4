"""Independent checks of the examples' answers: no code shared with the examples or the engine.

Each takes a decoded answer (a board, a sequence) and says whether it obeys the puzzle's
rules as stated, so a wrong exact-cover encoding cannot pass by agreeing with itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

Cell = tuple[int, int]

PENTOMINOES = {
    "F": {(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)},
    "I": {(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)},
    "L": {(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)},
    "N": {(0, 1), (1, 1), (2, 1), (2, 0), (3, 0)},
    "P": {(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)},
    "T": {(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)},
    "U": {(0, 0), (1, 0), (1, 1), (1, 2), (0, 2)},
    "V": {(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)},
    "W": {(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)},
    "X": {(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)},
    "Y": {(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)},
    "Z": {(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)},
}
"""Conway's twelve pentominoes as cell sets, drawn afresh for the tests."""


def queens(columns: Sequence[int]) -> bool:
    """One queen per row at the given columns: one per column, no two on a diagonal."""
    placed = list(enumerate(columns))
    return sorted(columns) == list(range(len(columns))) and all(
        abs(r1 - r2) != abs(c1 - c2) for (r1, c1), (r2, c2) in combinations(placed, 2)
    )


def langford(sequence: Sequence[int]) -> bool:
    """Each of 1..n twice, and between the two k's exactly k other numbers."""
    n = len(sequence) // 2
    if Counter(sequence) != Counter({k: 2 for k in range(1, n + 1)}):
        return False
    first = {k: sequence.index(k) for k in range(1, n + 1)}
    return all(first[k] + k + 1 < len(sequence) and sequence[first[k] + k + 1] == k for k in first)


def _canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The smallest of a cell set's 8 turned and mirrored images, shifted to the origin."""
    images = []
    points = list(cells)
    for _ in range(4):
        points = [(c, -r) for r, c in points]
        for image in (points, [(r, -c) for r, c in points]):
            top = min(r for r, _ in image)
            left = min(c for _, c in image)
            images.append(tuple(sorted((r - top, c - left) for r, c in image)))
    return min(images)


def pentomino_packing(board: Sequence[str], height: int, width: int) -> bool:
    """The board is height x width and each letter's cells form that pentomino, each once."""
    if len(board) != height or any(len(row) != width for row in board):
        return False
    cells: dict[str, list[Cell]] = {}
    for r, row in enumerate(board):
        for c, letter in enumerate(row):
            cells.setdefault(letter, []).append((r, c))
    return set(cells) == set(PENTOMINOES) and all(
        _canonical(cells[name]) == _canonical(shape) for name, shape in PENTOMINOES.items()
    )


def images(board: Sequence[str]) -> set[tuple[str, ...]]:
    """The board, upside down, mirrored left to right, and both."""
    board = tuple(board)
    flipped = board[::-1]
    return {board, flipped, tuple(row[::-1] for row in board), tuple(row[::-1] for row in flipped)}


def rectangles(board: Sequence[str], clues: Iterable[tuple[int, int, int]]) -> bool:
    """Each region of touching equal letters is a full rectangle holding one clue, its area.

    `clues` are (row, column, number).  Regions are found by flood fill, so a letter used
    by several rectangles that do not touch is fine.
    """
    if len({len(row) for row in board}) != 1:
        return False
    number = {(r, c): n for r, c, n in clues}
    seen: set[Cell] = set()
    for r, row in enumerate(board):
        for c, letter in enumerate(row):
            if (r, c) in seen:
                continue
            region, todo = {(r, c)}, [(r, c)]
            while todo:
                y, x = todo.pop()
                for cell in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    inside = 0 <= cell[0] < len(board) and 0 <= cell[1] < len(row)
                    if inside and cell not in region and board[cell[0]][cell[1]] == letter:
                        region.add(cell)
                        todo.append(cell)
            seen |= region
            rows = {y for y, _ in region}
            cols = {x for _, x in region}
            held = [number[cell] for cell in region if cell in number]
            full = len(region) == (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
            if not (full and held == [len(region)]):
                return False
    return True
