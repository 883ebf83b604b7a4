"""Solving sudoku: the solution with proof of uniqueness, counts, and files streamed in order.

Glossary
    result     what the search found for one puzzle: no solution, a unique one, or several
               (the first two found are kept, so "several" can be shown, not just claimed)
    unique     the search found one solution and then exhausted the tree: count(limit=2) == 1
    batch      puzzles read from a file or stdin, lazily (one a line, or any layout that
               sudoku.files reads): memory stays flat however long the input, and answers
               come out in input order
    answer     one puzzle's outcome in a batch: its line number, the puzzle (None when the
               line could not be read) and a value or the GridError that explains the line

Givens that already break the rules are refused before any search, naming the cells.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache, partial
from typing import Generic, TypeVar

import dlx
from sudoku.cover import decode, search
from sudoku.files import read_puzzles
from sudoku.grid import Grid, GridError, Shape, check_givens, parse

T = TypeVar("T")
P = TypeVar("P")  # a puzzle: a Grid, or a layout of several grids such as a Samurai


class Status(str, enum.Enum):
    """Which case holds for a puzzle."""

    NONE = "none"
    UNIQUE = "unique"
    SEVERAL = "several"


@dataclass(frozen=True)
class Result(Generic[P]):
    """The outcome of :func:`solve`: the puzzle, up to two solutions, the search's stats.

    Generic in the puzzle's type, so a Samurai's solving reports the same way.
    """

    puzzle: P
    solutions: tuple[P, ...]
    stats: dlx.Stats

    @property
    def status(self) -> Status:
        return (Status.NONE, Status.UNIQUE, Status.SEVERAL)[len(self.solutions)]

    @property
    def solution(self) -> P | None:
        """The first solution found, or None."""
        return self.solutions[0] if self.solutions else None


def solve(puzzle: Grid) -> Result[Grid]:
    """Solve ``puzzle`` and prove the solution unique by searching on for a second one.

    Raises ConflictingGivens (a GridError) before searching when the givens break the rules.
    """
    check_givens(puzzle)
    run = search(puzzle)
    found = tuple(decode(solution, puzzle.shape) for solution in itertools.islice(run, 2))
    return Result(puzzle, found, run.stats)


def solutions(puzzle: Grid, limit: int | None = None) -> Iterator[Grid]:
    """Every solution of ``puzzle``, lazily, in the engine's order; at most ``limit``.

    Raises ConflictingGivens (a GridError) at once, before searching, when the givens break
    the rules; the search itself runs only as the solutions are taken.
    """
    check_givens(puzzle)
    found = itertools.islice(search(puzzle), limit)
    return (decode(solution, puzzle.shape) for solution in found)


def count(puzzle: Grid, limit: int | None = None) -> int:
    """The number of solutions of ``puzzle``, counting stops at ``limit`` when given.

    Raises ConflictingGivens (a GridError) before searching when the givens break the rules.
    """
    check_givens(puzzle)
    return search(puzzle).count(limit)


# --- batches -------------------------------------------------------------------------------


@cache
def _with_diagonals(shape: Shape) -> Shape:
    return shape.with_diagonals()


def reader(shape: Shape | None = None, x: bool = False) -> Callable[[str], Grid]:
    """A function that reads one puzzle: of ``shape``, or of the size its cell count implies;
    with the two diagonals as extra regions too when ``x`` is set (X-sudoku)."""
    if shape is not None:
        return partial(parse, shape=_with_diagonals(shape) if x else shape)
    if not x:
        return parse

    def read_x(text: str) -> Grid:
        grid = parse(text)
        return Grid(_with_diagonals(grid.shape), grid.cells)

    return read_x


@dataclass(frozen=True)
class Answer(Generic[T]):
    """One puzzle of a batch: where it starts, the puzzle if readable, and its outcome."""

    line: int
    puzzle: Grid | None
    value: T | GridError


def batch(
    lines: Iterable[str], work: Callable[[Grid], T] = solve, read: Callable[[str], Grid] = parse
) -> Iterator[Answer[T]]:
    """Apply ``work`` (``solve`` unless told) to every puzzle of a stream, in input order.

    Lazy, so memory does not grow with the input. A line that cannot be read, or whose
    givens break the rules, becomes an Answer holding its GridError, and the rest go on.
    """
    for number, puzzle in read_puzzles(lines, read):
        if isinstance(puzzle, GridError):
            yield Answer(number, None, puzzle)
            continue
        try:
            yield Answer(number, puzzle, work(puzzle))
        except GridError as error:
            yield Answer(number, puzzle, error.at_line(number))
