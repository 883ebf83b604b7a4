"""The rectangle puzzle (Shikaku): cut a grid of numbers into rectangles, one number in each.

Every rectangle holds exactly one number, and that number is its area.

As exact cover: the items are the numbers, named by value and cell ("10@r8c0" is the 10 in
row 8, column 0), and the cells ("r8c0").  An option is one candidate rectangle for one
number: inside the grid, of that area, holding that number and no other; it covers the
number and its cells.  (The number's item is implied by its cell, which only its own
rectangles cover, but naming it makes solutions read as "which rectangle for which number".)
An option's name is a `Rect`.

A puzzle in a file is a grid of numbers and `.` for the empty cells, a row a line:

    . . 6 .        or, when every number is a single digit,     ..6.
    2 . . .                                                     2...
    . . . 4                                                     ...4

Without a file the published 12x12 puzzle is solved.  The board is printed with one letter
per rectangle, the letters following the numbers in the order they are listed (row by row
for a file), and the number of solutions is reported: a well-made puzzle has exactly one.

  python -m examples.rectangles              # the published puzzle
  python -m examples.rectangles puzzle.txt   # or one of yours; - reads standard input
"""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import dlx

try:
    from examples import _cli
except ImportError:  # run as a file, examples/ not on the path: python examples/queens.py
    import _cli  # type: ignore[no-redef]

Clue = tuple[int, int, int]
"""(row, column, number): a number written in a cell, rows and columns from 0."""

LABELS = string.ascii_lowercase + string.ascii_uppercase + string.digits
"""The letters that mark rectangles on a printed board, in order."""


@dataclass(frozen=True)
class Puzzle:
    """A height x width grid with numbers in some cells, listed in `clues` in a chosen order."""

    height: int
    width: int
    clues: tuple[Clue, ...]

    def __post_init__(self) -> None:
        cells = [(r, c) for r, c, _ in self.clues]
        for r, c, n in self.clues:
            if not (0 <= r < self.height and 0 <= c < self.width and n >= 1):
                raise ValueError(f"clue {(r, c, n)} is not a number from 1 inside the grid")
        if len(set(cells)) != len(cells):
            raise ValueError("two clues in one cell")


class Rect(NamedTuple):
    """A rectangle for the clue `clue` (an index into `Puzzle.clues`): the name of an option."""

    clue: int
    top: int
    left: int
    height: int
    width: int

    def cells(self) -> list[tuple[int, int]]:
        """The (row, column) cells inside, row by row."""
        return [
            (r, c)
            for r in range(self.top, self.top + self.height)
            for c in range(self.left, self.left + self.width)
        ]


PUBLISHED = Puzzle(
    12,
    12,
    tuple(
        (y, x, n)
        for x, y, n in [
            (0, 8, 10), (8, 4, 9), (7, 0, 8), (3, 1, 8), (5, 6, 8), (7, 7, 8), (8, 9, 5),
            (11, 9, 6), (4, 10, 6), (3, 11, 6), (9, 11, 4), (9, 1, 6), (0, 3, 6), (6, 3, 6),
            (3, 4, 6), (11, 4, 6), (0, 6, 6), (10, 6, 6), (2, 7, 6), (9, 8, 6), (2, 9, 6),
            (6, 9, 6),
        ]
    ),
)  # fmt: skip
"""The published 12x12 puzzle; it is listed as (x, y, number), x the column and y the row."""


class PuzzleError(ValueError):
    """A puzzle text that is not a grid of numbers and dots; `line` and `column` from 1."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


def parse(text: str) -> Puzzle:
    """A puzzle from text: rows of numbers and `.`, separated by spaces unless all are digits.

    Blank lines are skipped and every row must have as many cells as the first.  The clues
    are listed row by row, left to right.  Raises PuzzleError naming the line and column.
    """
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise PuzzleError("no grid: expected rows of numbers and '.'", 1, 1)
    spaced = any(len(line.split()) > 1 for _, line in lines)
    cell = re.compile(r"\S+" if spaced else r"\S")
    width = len(cell.findall(lines[0][1]))
    clues = []
    for row, (number, line) in enumerate(lines):
        tokens = list(cell.finditer(line))
        if len(tokens) != width:
            column = tokens[width].start() + 1 if len(tokens) > width else len(line.rstrip()) + 1
            raise PuzzleError(
                f"{len(tokens)} cells in this row, {width} in the first", number, column
            )
        for col, token in enumerate(tokens):
            if token[0] == ".":
                continue
            if not re.fullmatch(r"[1-9][0-9]*", token[0]):
                raise PuzzleError(
                    f"expected a number or '.', found {token[0]!r}", number, token.start() + 1
                )
            clues.append((row, col, int(token[0])))
    return Puzzle(len(lines), width, tuple(clues))


def clue_name(clue: Clue) -> str:
    """The item for a clue: its number and cell, e.g. "10@r8c0"."""
    row, col, number = clue
    return f"{number}@{cell_name((row, col))}"


def cell_name(cell: tuple[int, int]) -> str:
    """The item for a cell, e.g. "r8c0"."""
    return f"r{cell[0]}c{cell[1]}"


def problem(puzzle: Puzzle) -> dlx.Problem:
    """The puzzle as exact cover: an option per candidate rectangle, named by its `Rect`."""
    clue_at = {(r, c): i for i, (r, c, _) in enumerate(puzzle.clues)}
    options = {}
    for i, (row, col, number) in enumerate(puzzle.clues):
        for height in (h for h in range(1, number + 1) if number % h == 0):
            width = number // height
            for top in range(max(0, row - height + 1), min(row, puzzle.height - height) + 1):
                for left in range(max(0, col - width + 1), min(col, puzzle.width - width) + 1):
                    rect = Rect(i, top, left, height, width)
                    if all(clue_at.get(cell, i) == i for cell in rect.cells()):
                        options[rect] = [clue_name(puzzle.clues[i]), *map(cell_name, rect.cells())]
    # Every clue and cell is primary even if no rectangle reaches it: then there is no solution.
    cells = [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)]
    primary = [*map(clue_name, puzzle.clues), *map(cell_name, cells)]
    return dlx.Problem(options, primary=primary)


def labels(rects: Sequence[Rect]) -> dict[Rect, str]:
    """A letter for each rectangle of a solution, to print it.

    While there are enough `LABELS`, they follow the clues' order.  For larger puzzles a
    label is reused, though never by two rectangles with a common edge: each rectangle, in
    clue order, takes the first label none of its labelled neighbours has.
    """
    if len(rects) <= len(LABELS):
        return {rect: LABELS[rect.clue] for rect in rects}
    owner = {cell: rect for rect in rects for cell in rect.cells()}
    result: dict[Rect, str] = {}
    for rect in sorted(rects):
        inside = set(rect.cells())
        around = {
            (r + dr, c + dc) for r, c in inside for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        }
        taken = {result.get(owner.get(cell)) for cell in around - inside}
        free = [label for label in LABELS if label not in taken]
        if not free:
            raise ValueError(f"{rect} has too many neighbours to give it a letter")
        result[rect] = free[0]
    return result


def decode(solution: Iterable[Rect]) -> tuple[str, ...]:
    """The board, row by row, each cell showing its rectangle's letter (see `labels`)."""
    rects = list(solution)
    letter = labels(rects)
    owner = {cell: letter[rect] for rect in rects for cell in rect.cells()}
    height = max(rect.top + rect.height for rect in rects)
    width = max(rect.left + rect.width for rect in rects)
    return tuple("".join(owner[r, c] for c in range(width)) for r in range(height))


def main(argv: Sequence[str] | None = None) -> int:
    """Solve the published puzzle or one from a file; print the board and the solution count."""
    parser = _cli.parser(__doc__, always_count=True)
    parser.add_argument(
        "puzzle", nargs="?", help="file with the puzzle, - for standard input (default: published)"
    )
    args = parser.parse_args(argv)
    puzzle = PUBLISHED
    if args.puzzle is not None:
        try:
            text = sys.stdin.read() if args.puzzle == "-" else Path(args.puzzle).read_text()
            puzzle = parse(text)
        except (OSError, PuzzleError) as error:
            parser.exit(2, f"{parser.prog}: error: {args.puzzle}: {error}\n")
    area, cells = sum(n for _, _, n in puzzle.clues), puzzle.height * puzzle.width
    if area != cells:
        print(f"no solution: the numbers add up to {area}, the grid has {cells} cells")
        return 0
    _cli.report(problem(puzzle), lambda s: "\n".join(decode(s)), args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
