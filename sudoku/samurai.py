"""Samurai sudoku: five 9x9 grids overlapping at the corner boxes of the middle one.

Glossary
    layout   the 21x21 square the five grids lie in; 369 of its cells belong to a grid
    grids    top left, top right, middle, bottom left, bottom right (corners at rows and
             columns 0, 6 and 12); the middle grid shares each corner box with one other
    samurai  a puzzle or solution: the layout's digits, 0 for a blank (and outside the grids)

Text form: the layout's cells row by row (18 cells a row in rows 1-6 and 16-21, 21 in rows
7-9 and 13-15, 9 in rows 10-12), spaces and ``|`` ``+`` ignored, ``#`` comment lines; or the
five grids one after another, 81 cells each, in the order above (a shared cell may be blank
in one of them, but two digits must agree). Either way the count of cells says where each
goes, so spacing does not matter.

The matrix comes from `sudoku.cover.units_problem`, like every other shape's: the units are
the rows, columns and boxes of the five grids, a shared box counted once.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

import dlx
from sudoku.cover import WATCH_EVERY, Watch, placements, units_problem
from sudoku.grid import (
    BLANKS,
    SEPARATORS,
    Cell,
    ConflictingGivens,
    Grid,
    GridError,
    Shape,
    cell_name,
    check_givens,
    is_solution,
)
from sudoku.solve import Result, Ways

SIDE = 21
CORNERS = ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12))
GRID_NAMES = ("top left", "top right", "middle", "bottom left", "bottom right")
LAYOUT_CELLS = 369
GRID_CELLS = 5 * 81


def _grid_cells(corner: Cell) -> tuple[Cell, ...]:
    r0, c0 = corner
    return tuple((r0 + r, c0 + c) for r in range(9) for c in range(9))


GRIDS = tuple(map(_grid_cells, CORNERS))
CELLS = tuple(sorted({cell for grid in GRIDS for cell in grid}))  # row-major, 369


@dataclass(frozen=True)
class Samurai:
    """A samurai puzzle or solution: ``cells`` holds the 21x21 layout row-major, 0 blank."""

    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != SIDE * SIDE:
            raise GridError(f"found {len(self.cells)} cells, expected {SIDE * SIDE}")

    def __getitem__(self, cell: Cell) -> int:
        return self.cells[cell[0] * SIDE + cell[1]]

    def grids(self) -> tuple[Grid, ...]:
        """The five 9x9 grids, in the order of GRID_NAMES."""
        return tuple(Grid(Shape(), tuple(self[cell] for cell in grid)) for grid in GRIDS)

    def givens(self) -> list[tuple[int, int, int]]:
        """The filled cells as (row, column, digit) in layout coordinates."""
        return [(r, c, self[r, c]) for r, c in CELLS if self[r, c]]

    def __str__(self) -> str:
        return format_samurai(self)


def _from(digits: dict[Cell, int]) -> Samurai:
    cells = [0] * (SIDE * SIDE)
    for (r, c), d in digits.items():
        cells[r * SIDE + c] = d
    return Samurai(tuple(cells))


def parse_samurai(text: str) -> Samurai:
    """Read a samurai in either text form (see the module's docstring).

    Raises GridError naming the line and column of a character that cannot be a cell, of
    the first cell too many, or of two grids that disagree on a shared cell.
    """
    digits: list[int] = []
    places: list[tuple[int, int]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("#"):
            continue
        if line.strip() and set(line) <= set("-+|= \t"):
            continue  # a separator line such as ------+------
        for column, char in enumerate(line, 1):
            if char in BLANKS:
                digits.append(0)
            elif "1" <= char <= "9":
                digits.append(int(char))
            elif not (char.isspace() or char in SEPARATORS):
                raise GridError(f"found {char!r}, expected a digit 1-9 or a blank", number, column)
            else:
                continue
            places.append((number, column))
    if len(digits) == LAYOUT_CELLS:
        return _from(dict(zip(CELLS, digits, strict=True)))
    if len(digits) == GRID_CELLS:
        found: dict[Cell, int] = {}
        for cell, digit, place in zip(itertools.chain(*GRIDS), digits, places, strict=True):
            before = found.get(cell, 0)
            if before and digit and before != digit:
                raise GridError(
                    f"found {digit} at {cell_name(cell)} of the layout, where an overlapping "
                    f"grid has {before}",
                    *place,
                )
            found[cell] = before or digit  # a shared cell may be written in one grid only
        return _from(found)
    at: tuple[int | None, int | None] = (None, None)
    if len(digits) > LAYOUT_CELLS:
        at = places[LAYOUT_CELLS]  # the first cell past the layout's
    elif places:
        at = places[-1][0], places[-1][1] + 1  # where the next cell would go
    raise GridError(
        f"found {len(digits)} cells, expected {LAYOUT_CELLS} (the 21x21 layout) "
        f"or {GRID_CELLS} (five grids of 81)",
        *at,
    )


def _cells_on(line: str) -> int:
    return sum(1 for char in line if char in BLANKS or "1" <= char <= "9")


def read_samurais(text: str) -> list[tuple[int, Samurai | GridError]]:
    """The samurais of a file with the line each starts on: one a line when the first line
    holds a whole layout (369 cells), else the whole text is one samurai in either form."""
    lines = [
        (number, line)
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if lines and _cells_on(lines[0][1]) == LAYOUT_CELLS:
        found: list[tuple[int, Samurai | GridError]] = []
        for number, line in lines:
            try:
                found.append((number, parse_samurai(line)))
            except GridError as error:
                found.append((number, error.at_line(number)))
        return found
    try:
        return [(lines[0][0] if lines else 1, parse_samurai(text))]
    except GridError as error:
        return [(error.line or 1, error)]


def format_samurai(samurai: Samurai) -> str:
    """The layout as 21 lines, spaces where no grid is, ``.`` for a blank."""
    inside = set(CELLS)
    rows = (
        "".join(
            (str(samurai[r, c]) if samurai[r, c] else ".") if (r, c) in inside else " "
            for c in range(SIDE)
        ).rstrip()
        for r in range(SIDE)
    )
    return "\n".join(rows)


def samurai_of_line(line: str) -> Samurai:
    """The Samurai that ``format_samurai_line`` wrote as ``line`` (369 cells, ``.`` blank)."""
    if len(line) != len(CELLS):
        raise GridError(f"found {len(line)} cells, expected {len(CELLS)} for a samurai")
    return _from({cell: 0 if s == "." else int(s) for cell, s in zip(CELLS, line, strict=True)})


def format_samurai_line(samurai: Samurai) -> str:
    """The layout's 369 cells on one line, row-major, ``.`` for a blank."""
    return "".join(str(samurai[cell]) if samurai[cell] else "." for cell in CELLS)


@cache
def samurai_problem() -> dlx.Problem:
    """The exact-cover problem of the empty samurai layout, compiled once."""
    units: dict[frozenset[Cell], str] = {}
    for g, grid in enumerate(GRIDS, 1):
        shape = Shape()
        for name, unit in zip(shape.unit_names, shape.units, strict=True):
            cells = frozenset(grid[r * 9 + c] for r, c in unit)
            units.setdefault(cells, f"g{g} {name}")  # a shared box is one unit
    labels = [[name for cells, name in units.items() if cell in cells] for cell in CELLS]
    return units_problem(CELLS, 9, labels, list(units.values()))


def _check(puzzle: Samurai) -> None:
    """Raise ConflictingGivens naming the grid when givens repeat a digit in a unit."""
    for name, grid in zip(GRID_NAMES, puzzle.grids(), strict=True):
        try:
            check_givens(grid)
        except ConflictingGivens as error:
            raise GridError(f"{name} grid: {error}") from None


def search_samurai(puzzle: Samurai, **options: Any) -> dlx.Search:
    """A search for the solutions of ``puzzle`` (keywords go to ``dlx.Search``)."""
    return samurai_problem().search(forced=puzzle.givens(), **options)


def decode_samurai(solution: Iterable[Hashable]) -> Samurai:
    """The samurai a solution of `samurai_problem` fills in."""
    return _from({(r, c): d for r, c, d in placements(solution)})


def solve_samurai(puzzle: Samurai, progress: Watch | None = None) -> Result[Samurai]:
    """Solve ``puzzle`` and prove the solution unique by searching on for a second one;
    ``progress(search)`` is called as the search goes.

    Raises GridError before searching when givens repeat a digit in a unit of a grid.
    """
    _check(puzzle)
    run = search_samurai(puzzle, progress=progress, progress_interval=WATCH_EVERY)
    found = tuple(decode_samurai(solution) for solution in itertools.islice(run, 2))
    return Result(puzzle, found, run.stats)


def count_samurai(puzzle: Samurai, limit: int | None = None, progress: Watch | None = None) -> int:
    """The number of solutions of ``puzzle``, counting stops at ``limit`` when given;
    ``progress(search)`` is called as the search goes."""
    _check(puzzle)
    return search_samurai(puzzle, progress=progress, progress_interval=WATCH_EVERY).count(limit)


def is_samurai_solution(solution: Samurai, puzzle: Samurai | None = None) -> bool:
    """True when each of the five grids is a solution keeping the puzzle's givens.

    Independent of the cover matrix: it checks each grid with `sudoku.grid.is_solution`.
    """
    if puzzle is not None and any(
        puzzle[cell] and puzzle[cell] != solution[cell] for cell in CELLS
    ):
        return False
    return all(map(is_solution, solution.grids()))


class SamuraiReader:
    """Reads Samurai puzzles for ``sudoku.batch``: one from its text, or the numbered
    puzzles of a file (one layout, or one a line)."""

    def __call__(self, text: str) -> Samurai:
        return parse_samurai(text)

    def records(self, lines: Iterable[str]) -> list[tuple[int, Samurai | GridError]]:
        """The samurais of a file's lines with the line each starts on, or the GridError
        of one that cannot be read (see `read_samurais`)."""
        return read_samurais(
            "".join(line if line.endswith("\n") else line + "\n" for line in lines)
        )


WAYS = Ways(solve_samurai, solve_samurai, count_samurai, None, format_samurai_line)
