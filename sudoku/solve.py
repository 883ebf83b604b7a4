"""One puzzle: its solution with proof of uniqueness, its solutions, its count; and the C
glue that answers one puzzle, or a chunk of lines, in ``sudoku._batch``.

Glossary
    result     what the search found for one puzzle: no solution, a unique one, or several
               (the first two found are kept, so "several" can be shown, not just claimed)
    unique     the search found one solution and then exhausted the tree: count(limit=2) == 1
    lean       solved in C on the sudoku matrix held as bitmasks, without building the
               engine's matrix (no statistics); a puzzle of several solutions comes back to
               the engine, so that every path shows the same first two

Many puzzles go through ``sudoku.batch``, which decides where they are solved. Givens that
already break the rules are refused before any search, naming the cells.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Generic, TypeVar, cast

import dlx
from sudoku.cover import Watch, cover_problem, decode, search
from sudoku.grid import SYMBOLS, Grid, Shape, by_shape, check_givens, format_line
from sudoku.records import Status

try:
    from sudoku import _batch
except ImportError:  # not built: puzzles are solved on the engine, with the same answers
    _batch = None  # type: ignore[assignment]

P = TypeVar("P")  # a puzzle: a Grid, or a layout of several grids such as a Samurai


@dataclass(frozen=True)
class Result(Generic[P]):
    """The outcome of :func:`solve`: the puzzle, up to two solutions, the search's stats.

    Generic in the puzzle's type, so a Samurai's solving reports the same way.
    """

    puzzle: P
    solutions: tuple[P, ...]
    stats: dlx.Stats | None  # None when solved in a C batch, which keeps no statistics

    @property
    def status(self) -> Status:
        """Which case holds: no solution, exactly one, or several (two of them kept)."""
        return (Status.NONE, Status.UNIQUE, Status.SEVERAL)[len(self.solutions)]

    @property
    def solution(self) -> P | None:
        """The first solution found, or None."""
        return self.solutions[0] if self.solutions else None


def solve(puzzle: Grid, progress: Watch | None = None) -> Result[Grid]:
    """Solve ``puzzle`` and prove the solution unique by searching on for a second one;
    ``progress(search)`` is called as the search goes (every WATCH_EVERY nodes).

    Raises ConflictingGivens (a GridError) before searching when the givens break the rules.
    """
    check_givens(puzzle)
    run = search(puzzle, progress=progress)
    found = tuple(decode(solution, puzzle.shape) for solution in itertools.islice(run, 2))
    return Result(puzzle, found, run.stats)


def solutions(
    puzzle: Grid, limit: int | None = None, progress: Watch | None = None
) -> Iterator[Grid]:
    """Every solution of ``puzzle``, lazily, in the engine's order; at most ``limit``;
    ``progress(search)`` is called as the search goes (every WATCH_EVERY nodes).

    Raises ConflictingGivens (a GridError) at once, before searching, when the givens break
    the rules; the search itself runs only as the solutions are taken.
    """
    check_givens(puzzle)
    found = itertools.islice(search(puzzle, progress=progress), limit)
    return (decode(solution, puzzle.shape) for solution in found)


UNWATCHED = 1.0  # seconds a watched puzzle runs in C, without progress, before the engine
BIG = 16  # from this size on, C's propagation answers where the engine would search for ever:
# a watched solve and a count to 1 or 2 stay in C (Ctrl-C and --time-limit stop it, but it
# shows no progress)
ENDLESS = 1e10  # search nodes past which counting every solution would take hours or more
WALKS = 30  # Knuth's random walks that judge it


def endless(puzzle: Grid) -> str | None:
    """Why counting every solution of ``puzzle`` would not end in any time anyone waits
    (Knuth's estimate of its search tree, from WALKS random walks, past ENDLESS nodes), or
    None. A walk stops once it alone makes the estimate pass ENDLESS, so a tree of 10^400
    nodes is judged as fast as one of 10^12. Raises ConflictingGivens (a GridError) when
    the givens break the rules."""
    import random

    from dlx.tree import Tree

    check_givens(puzzle)
    tree = Tree(cover_problem(puzzle.shape), puzzle.givens())
    nodes, _ = tree.estimate(tree.root, WALKS, random.Random(0), past=ENDLESS * WALKS)
    if nodes <= ENDLESS:
        return None
    return (
        f"counting every solution would not end: Knuth's estimate puts its search past "
        f"{nodes:.0e} nodes; give a limit"
    )


def count(puzzle: Grid, limit: int | None = None, progress: Watch | None = None) -> int:
    """The number of solutions of ``puzzle``, counting stops at ``limit`` when given;
    ``progress(search)`` is called as the search goes (every WATCH_EVERY nodes).

    Raises ConflictingGivens (a GridError) before searching when the givens break the rules.
    A big grid (BIG and up) is counted to 1 or 2 in C, without progress.
    """
    if limit in (1, 2) and puzzle.shape.size >= BIG:
        return cast(int, count_to(puzzle, limit))  # no time limit: never None
    check_givens(puzzle)
    return search(puzzle, progress=progress).count(limit)


class Ways:
    """How to work on one kind of puzzle (grids here, Samurai layouts in sudoku.samurai):
    what ``sudoku.batch`` calls on each puzzle of a stream. ``solutions`` is None where a
    kind's solutions are not listed. (A plain class: a dataclass costs a millisecond of
    start-up, and two constants need no more.)"""

    __slots__ = ("solve", "solve_lean", "count", "solutions", "line")

    def __init__(
        self,
        solve: Callable[[Any, Watch | None], Result[Any]],
        solve_lean: Callable[[Any, Watch | None], Result[Any]],
        count: Callable[[Any, int | None, Watch | None], int],
        solutions: Callable[[Any, int | None, Watch | None], Iterator[Any]] | None,
        line: Callable[[Any], str],
    ) -> None:
        self.solve = solve
        self.solve_lean = solve_lean
        self.count = count
        self.solutions = solutions
        self.line = line


# --- the C batch, for one puzzle or a chunk of lines ----------------------------------------


def c_batch_available() -> bool:
    """True when sudoku._batch and the C loop it runs on were built."""
    return _batch is not None  # it cannot be imported without the C loop's API


def c_batch() -> ModuleType:
    """The C batch module (``sudoku._batch``): its codes and its Solver."""
    if not c_batch_available():
        raise RuntimeError("sudoku._batch was not built")
    return _batch


def batch_solver(
    shape: Shape | None, x: bool = False, *, shared: bool = True, engine_order: bool = True
) -> Any:
    """A C batch Solver for puzzles of ``shape`` (with the diagonals too when ``x``), or of
    any box shape when ``shape`` is None (each size is added as it is met, see
    :func:`add_shape` for ``engine_order``). ``shared``: one of the few kept by shape; else
    a Solver of its own, which its caller may stop alone."""
    make = _shared_solver if shared else _shared_solver.__wrapped__  # type: ignore[attr-defined]
    return make(shape, x, engine_order)


@by_shape
def _shared_solver(shape: Shape | None, x: bool, engine_order: bool) -> Any:
    solver = c_batch().Solver(shape.size if shape else 0)
    if shape is not None:
        add_shape(solver, shape.with_diagonals() if x else shape, engine_order=engine_order)
    return solver


def add_shape(solver: Any, shape: Shape, *, engine_order: bool = True) -> None:
    """Give ``solver`` the shape of its n x n puzzles, with its compiled cover matrix (the
    one step that builds it) where a puzzle of several solutions must show the engine's
    first two (``engine_order``), else without: those puzzles come back to Python."""
    layout = dlx.search.layout_of(cover_problem(shape).compiled()) if engine_order else None
    solver.add_shape(shape.size, layout, shape.unit_indices)


def _cells(line: str) -> tuple[int, ...]:
    return tuple(map(_DIGIT.__getitem__, line))


_DIGIT = {symbol: digit for digit, symbol in enumerate(SYMBOLS, 1)}


def solve_lean(puzzle: Grid, progress: Watch | None = None) -> Result[Grid]:
    """:func:`solve` without statistics (``stats`` is None): in C when the batch was built,
    with no exact-cover matrix built unless the puzzle has several solutions. The same
    Result otherwise, the same ConflictingGivens. For one-off puzzles, where building the
    matrix (milliseconds) is most of the work: ``dlx-sudoku solve PUZZLE``. With
    ``progress``, a puzzle C has not answered in UNWATCHED seconds goes on in the engine,
    which reports its progress; a big grid (BIG and up) stays in C."""
    watched = progress is not None and puzzle.shape.size < BIG
    try:
        answer = _one_in_c(puzzle, UNWATCHED if watched else None)
    except TimeoutError:
        answer = None
    if answer is not None and answer[0] == _batch.UNIQUE:
        solution = cast(str, answer[1])  # a unique answer comes with its solution
        return Result(puzzle, (Grid(puzzle.shape, _cells(solution)),), None)
    if answer is not None and answer[0] == _batch.NONE:
        return Result(puzzle, (), None)
    # several (the engine's first two), givens that clash, a long search, or no C
    return solve(puzzle, progress)


def count_to(
    puzzle: Grid,
    limit: int = 2,
    *,
    time_limit: float | None = None,
    max_guesses: int | None = None,
) -> int | None:
    """The solutions of ``puzzle`` up to ``limit``, or None when ``time_limit`` seconds ran
    out first: uniqueness tests by the thousand, as generation makes them. To one or two, in
    C when the batch was built (on the matrix held as bitmasks: nothing built a puzzle); else
    on the engine. Raises ConflictingGivens (a GridError) when the givens break the rules.

    ``max_guesses`` bounds the work by a count rather than the clock, so that the answer is
    the same on every run: None once the search has made about that many guesses (C's
    branch points where options were left, seen every few thousand nodes; on the engine, its
    nodes)."""
    return count_cells(
        puzzle.shape, puzzle.cells, limit, time_limit=time_limit, max_guesses=max_guesses
    )


def count_cells(
    shape: Shape,
    cells: Sequence[int],
    limit: int = 2,
    *,
    time_limit: float | None = None,
    max_guesses: int | None = None,
) -> int | None:
    """`count_to` for the puzzle of ``shape`` whose digits are ``cells`` (0 a blank), as
    digging asks it after every removal: in C the cells go straight to its line, with no
    Grid made or checked (a Grid is made only for the engine, when C cannot answer)."""
    if limit in (1, 2):
        line = bytes(cells).translate(_LINE).decode()
        try:
            answer = _line_in_c(shape, line, time_limit, max_guesses, limit)
        except TimeoutError:
            return None
        if answer is not None and answer[0] == _batch.STOPPED:
            return None
        if answer is not None and answer[0] != _batch.PYTHON:  # PYTHON: givens that clash
            return min(answer[0], limit)  # the codes NONE, UNIQUE, SEVERAL count 0, 1, 2
    puzzle = Grid(shape, tuple(cells))
    check_givens(puzzle)
    run = search(puzzle, time_limit=time_limit, max_nodes=max_guesses)
    counted = run.count(limit)
    return counted if counted == limit or run.complete else None


#: Each digit's byte as format_line writes it: "." for 0, then SYMBOLS.
_LINE = bytes.maketrans(bytes(range(len(SYMBOLS) + 1)), ("." + SYMBOLS).encode())


def dig_in_c(
    shape: Shape, cells: Sequence[int], order: Sequence[Sequence[int]]
) -> list[int] | None:
    """The cells left once the orbits of ``order`` are blanked in turn, each blanking kept
    when the puzzle stays unique: `sudoku.digging.strip`'s loop with no bound, in one call
    to the C batch (``Solver.dig``), on the same counts as `quick_counter`. None when there
    is no C batch or the shape has cages."""
    if not c_batch_available() or shape.cages:
        return None
    return list(_lean_solver(shape).dig(bytes(cells), order))


def quick_counter(shape: Shape) -> Callable[[Sequence[int]], int | None] | None:
    """`count_cells` to 2, with no time limit or guess bound, for digging's proofs where
    `dig_in_c` does not take the whole loop (a clue floor, a progress report): the C batch's
    solver called straight, without the layers that choose a route and check the cells
    each time. None when there is no C
    batch or the shape has cages; the function answers None where it cannot say (givens
    that clash), for `count_cells` to take over."""
    if not c_batch_available() or shape.cages:
        return None
    solve_lines, several = _lean_solver(shape).solve, _batch.SEVERAL

    def counted(cells: Sequence[int]) -> int | None:
        codes, _ = solve_lines([bytes(cells).translate(_LINE).decode()], None, None, 2)
        return codes[0] if codes[0] <= several else None  # NONE, UNIQUE, SEVERAL: 0, 1, 2

    return counted


Completer = Callable[
    [bytes, Sequence[Sequence[int]], bytes, int, float | None], tuple[bytes, bytes] | None
]


def completer(shape: Shape) -> Completer | None:
    """`sudoku.digging.complete_uniquely`'s loop in one C call (``Solver.complete``: clues
    added from two of the puzzle's solutions until it is unique), counting as
    `quick_counter` does. It takes (cells, orbits, avoid, seed, seconds) and gives (cells,
    solution) as bytes, or None when the puzzle has no solution; TimeoutError past
    ``seconds``. None when there is no C batch or the shape has cages."""
    if not c_batch_available() or shape.cages:
        return None
    return cast(Completer, _lean_solver(shape).complete)


def _one_in_c(
    puzzle: Grid, seconds: float | None = None, guesses: int | None = None, limit: int = 2
) -> tuple[int, str | None] | None:
    """sudoku._batch's code and solution line for one puzzle, on its shape held without the
    engine's matrix (so several solutions come in the C search's order, not the engine's);
    None when there is no C batch or the shape has cages. TimeoutError past ``seconds``;
    the code STOPPED past ``guesses``; with ``limit`` 1 the search stops at its first
    solution (UNIQUE, with it)."""
    return _line_in_c(puzzle.shape, format_line(puzzle), seconds, guesses, limit)


def _line_in_c(
    shape: Shape,
    line: str,
    seconds: float | None,
    guesses: int | None = None,
    limit: int = 2,
) -> tuple[int, str | None] | None:
    """`_one_in_c` for a puzzle already written as a line."""
    if not c_batch_available() or shape.cages:
        return None
    codes, found = _lean_solver(shape).solve([line], seconds, guesses, limit)
    return codes[0], found[0]


def first_in_c(puzzle: Grid, max_guesses: int) -> Grid | None:
    """A solution of ``puzzle`` found in C by its deterministic search within about
    ``max_guesses`` guesses, or None (none found in them, or no C batch, or a shape with
    cages: see `_one_in_c`). Raises ConflictingGivens when the givens break the rules."""
    check_givens(puzzle)
    answer = _one_in_c(puzzle, None, max_guesses, 1)
    if answer is None or answer[0] != _batch.UNIQUE:
        return None
    return Grid(puzzle.shape, _cells(cast(str, answer[1])))


@by_shape
def _lean_solver(shape: Shape) -> Any:
    solver = c_batch().Solver(shape.size)
    add_shape(solver, shape, engine_order=False)
    return solver


GRIDS = Ways(solve, solve_lean, count, solutions, format_line)
