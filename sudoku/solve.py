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
    solved     the lean form of an answer that solve_lines streams: the line number, the
               status (or the GridError) and the solution lines, no Grid object

Batches of puzzles to solve go through sudoku._batch when it was built (C: reading, the
givens check, the search and writing the solutions, without the GIL, in chunks of CHUNK
lines); records it does not take (any layout but a line of symbols), and everything when
it is absent, go the Python way with identical answers and errors.

Givens that already break the rules are refused before any search, naming the cells.
"""

from __future__ import annotations

import enum
import itertools
import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, Generic, NamedTuple, TypeVar

import dlx
from sudoku.cover import cover_problem, decode, search
from sudoku.files import Records, read_puzzles
from sudoku.grid import SYMBOLS, Grid, GridError, Shape, check_givens, format_line, parse

try:
    from sudoku import _batch
except ImportError:  # not built: batches are solved in Python, with the same answers
    _batch = None

T = TypeVar("T")
P = TypeVar("P")  # a puzzle: a Grid, or a layout of several grids such as a Samurai
CHUNK = 256  # lines a call of the C batch solves: memory stays flat, answers come steadily
BACKENDS = ("auto", "c", "python")  # batches: C when built (auto) or required, or Python


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
    stats: dlx.Stats | None  # None when solved in a C batch, which keeps no statistics

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


@dataclass(frozen=True)
class Reader:
    """Reads one puzzle: of ``shape``, or of the size its cell count implies; with the two
    diagonals as extra regions too when ``x`` is set (X-sudoku)."""

    shape: Shape | None = None
    x: bool = False

    def __call__(self, text: str) -> Grid:
        if self.shape is not None:
            return parse(text, self.shape_for(self.shape.size))
        grid = parse(text)
        return Grid(self.shape_for(grid.shape.size), grid.cells) if self.x else grid

    def shape_for(self, n: int) -> Shape:
        """The shape this reader gives a puzzle of n x n cells."""
        shape = self.shape if self.shape is not None else Shape.for_size(n)
        return _with_diagonals(shape) if self.x else shape


def reader(shape: Shape | None = None, x: bool = False) -> Reader:
    """A function that reads one puzzle (see :class:`Reader`)."""
    return Reader(shape, x)


@dataclass(frozen=True)
class Answer(Generic[T]):
    """One puzzle of a batch: where it starts, the puzzle if readable, and its outcome."""

    line: int
    puzzle: Grid | None
    value: T | GridError


class UniqueRun(NamedTuple):
    """Consecutive puzzle lines from line ``first`` on, each a plain line of symbols solved
    in C with a unique solution: ``solutions[k]`` solves ``puzzles[k]`` (line ``first + k``).
    What :func:`solve_runs` gives for a whole chunk of such lines, with no object a puzzle."""

    first: int
    puzzles: list[str]
    solutions: list[str]

    def each(self) -> Iterator[tuple[int, str, Status, tuple[str]]]:
        """(line number, puzzle line, status, solution lines) for each puzzle of the run."""
        for k, (puzzle, solution) in enumerate(zip(self.puzzles, self.solutions, strict=True)):
            yield self.first + k, puzzle, Status.UNIQUE, (solution,)


class Solved(NamedTuple):
    """One puzzle of :func:`solve_lines`: its line number, and its status with the solution
    lines found (none, one, or the first two), or the GridError that explains the line."""

    line: int
    value: Status | GridError
    solutions: tuple[str, ...] = ()


def batch(
    lines: Iterable[str],
    work: Callable[[Grid], T] = solve,
    read: Callable[[str], Grid] = parse,
    *,
    backend: str = "auto",
    jobs: int | None = None,
    chunk: int = 200,
) -> Iterator[Answer[T]]:
    """Apply ``work`` (``solve`` unless told) to every puzzle of a stream, in input order.

    Lazy, so memory does not grow with the input. A line that cannot be read, or whose
    givens break the rules, becomes an Answer holding its GridError, and the rest go on.
    When ``work`` is ``solve`` and ``read`` is ``parse`` or a :class:`Reader`, the puzzles are
    solved in C unless ``backend`` is ``"python"`` (see :func:`solve_lines`); their Results
    then have no ``stats``. With ``jobs`` above 1, worker processes do the work on chunks of
    ``chunk`` puzzles in Python (``work`` must pickle: a module-level function or a partial
    of one), a few chunks ahead of the reader; the answers and their order are the same.
    """
    if jobs is not None and jobs > 1:
        yield from _batch_in_parallel(lines, work, read, jobs, chunk)
        return
    solver = _solver(read, backend) if work is solve else None
    if solver is None:
        yield from _python_batch(lines, work, read)
        return
    read = read if isinstance(read, Reader) else Reader()
    for number, puzzle, outcome, solutions in _each(_c_batch(lines, read, solver)):
        if isinstance(outcome, GridError):
            yield Answer(number, None if puzzle is None else _as_grid(puzzle, read), outcome)
            continue
        grid = _as_grid(puzzle, read)
        found = tuple(Grid(grid.shape, _cells(solution)) for solution in solutions)
        yield Answer(number, grid, Result(grid, found, None))  # type: ignore[arg-type]


def _python_batch(
    lines: Iterable[str], work: Callable[[Grid], T], read: Callable[[str], Grid]
) -> Iterator[Answer[T]]:
    return answer_each(read_puzzles(lines, read), work)


def answer_each(
    puzzles: Iterable[tuple[int, Any]], work: Callable[[Any], T]
) -> Iterator[Answer[T]]:
    """Apply ``work`` to each (line, puzzle or GridError) read, lazily and in order; an
    error read, or raised by ``work`` (placed on the puzzle's line), becomes the Answer."""
    for number, puzzle in puzzles:
        if isinstance(puzzle, GridError):
            yield Answer(number, None, puzzle)
            continue
        try:
            yield Answer(number, puzzle, work(puzzle))
        except GridError as error:
            yield Answer(number, puzzle, error.at_line(number))


def solve_lines(
    lines: Iterable[str],
    read: Reader | None = None,
    *,
    backend: str = "auto",
    jobs: int | None = None,
    chunk: int = 2000,
) -> Iterator[Solved]:
    """Solve every puzzle of a stream and prove it unique, lazily, in input order.

    The lean form of ``batch(lines)``: each puzzle gives its line number, its status and its
    solution lines (no Grid), or its GridError. In C (``sudoku._batch``) when it was built,
    unless ``backend`` is ``"python"``; ``"c"`` requires it. Both give identical answers.
    With ``jobs`` above 1, that many threads solve chunks of CHUNK lines in C (which lets go
    of the GIL), or worker processes chunks of ``chunk`` puzzles in Python, a few chunks
    ahead of the reader; the answers and their order are the same.
    """
    for solved in solve_runs(lines, read, backend=backend, jobs=jobs, chunk=chunk):
        if isinstance(solved, UniqueRun):
            for number, solution in enumerate(solved.solutions, solved.first):
                yield Solved(number, Status.UNIQUE, (solution,))
        else:
            yield solved


def solve_runs(
    lines: Iterable[str],
    read: Reader | None = None,
    *,
    backend: str = "auto",
    jobs: int | None = None,
    chunk: int = 2000,
) -> Iterator[Solved | UniqueRun]:
    """:func:`solve_lines`, with a chunk of plain lines that the C batch found all unique
    given as one :class:`UniqueRun` instead of a Solved each: for writers that only need
    the solution lines (``dlx-sudoku solve --file``), so a puzzle costs no Python object.
    Takes the same arguments, gives the same answers in the same order."""
    read = read or Reader()
    solver = _solver(read, backend)
    threads = jobs or 1
    if solver is None and threads > 1:
        yield from _solve_lines_in_parallel(lines, read, backend, threads, chunk)
        return
    if solver is None:
        for answer in _python_batch(lines, solve, read):
            value = answer.value
            if isinstance(value, GridError):
                yield Solved(answer.line, value)
            else:
                yield Solved(answer.line, value.status, tuple(map(format_line, value.solutions)))
        return
    if threads > 1:  # a Solver of its own, to stop alone if need be
        solver = _solver_for.__wrapped__(read.shape, read.x)
    for solved in _c_batch(lines, read, solver, threads):
        yield solved if isinstance(solved, UniqueRun) else Solved(solved[0], *solved[2:])


_STATUS_OF = (Status.NONE, Status.UNIQUE, Status.SEVERAL)  # by sudoku._batch's codes
_ALL_UNIQUE = bytes([1]) * CHUNK if _batch is None else bytes([_batch.UNIQUE]) * CHUNK

SolvedLine = tuple[int, "str | Grid | None", "Status | GridError", tuple[str, ...]]


def _each(solved: Iterable[SolvedLine | UniqueRun]) -> Iterator[SolvedLine]:
    """The answers of _c_batch one a puzzle, runs taken apart."""
    for item in solved:
        if isinstance(item, UniqueRun):
            yield from item.each()
        else:
            yield item


def _c_batch(
    lines: Iterable[str], read: Reader, solver: object, threads: int = 1
) -> Iterator[SolvedLine | UniqueRun]:
    """(line number, puzzle text or grid, status or error, solution lines) for every puzzle,
    or a UniqueRun for a whole chunk of plain lines all unique; CHUNK lines a call into C.
    The C reader takes plain lines (a puzzle of symbols, a blank, a comment) while
    ``sudoku.files``'s reader would read them alone; every other line goes through that
    reader, and its puzzles are solved here."""
    records = Records(read)
    for block, texts, result in _solved_blocks(lines, solver, threads):
        done = 0
        while done < len(block):
            codes, solutions = result
            if codes == _ALL_UNIQUE[: len(block)] and records.plain:
                records.took_line()
                yield UniqueRun(block[0][0], texts, solutions)
                break
            for k, code in enumerate(codes, done):
                number, line = block[k]
                if code == _batch.PYTHON or not records.plain:
                    for start, puzzle in records.feed(number, line):
                        yield start, *_solved_in_python(start, puzzle)
                elif code != _batch.SKIP:
                    records.took_line()
                    found = solutions[k - done]  # several: the first two, joined
                    size = len(found) // code if code else 1
                    split = tuple(found[j : j + size] for j in range(0, code * size, size))
                    yield number, line, _STATUS_OF[code], split
            done += len(codes)
            if done < len(block):  # the next line's size had no shape when C saw it
                result = solver.solve(texts[done:])
                if not result[0]:  # nor has it now: give the solver its shape
                    _add_shape(solver, read, math.isqrt(len(texts[done].strip())))
                    result = solver.solve(texts[done:])
    for start, puzzle in records.end():
        yield start, *_solved_in_python(start, puzzle)


def _solved_blocks(
    lines: Iterable[str], solver: object, threads: int
) -> Iterator[tuple[list[tuple[int, str]], list[str], tuple[bytes, list]]]:
    """Each chunk of CHUNK numbered lines, their texts and what solver.solve made of them,
    in order. With ``threads`` above 1, that many threads solve the chunks ahead (the C
    batch lets go of the GIL), at most two each in flight; when the caller stops early
    (Ctrl-C, a generator dropped), the solver is stopped so that no thread runs on."""
    numbered = enumerate(lines, 1)
    blocks = iter(lambda: list(itertools.islice(numbered, CHUNK)), [])
    if threads <= 1:
        for block in blocks:
            texts = [line for _, line in block]
            yield block, texts, solver.solve(texts)
        return
    from concurrent.futures import ThreadPoolExecutor

    ahead: deque = deque()
    with ThreadPoolExecutor(threads, thread_name_prefix="sudoku-batch") as pool:
        try:
            for block in blocks:
                texts = [line for _, line in block]
                ahead.append((block, texts, pool.submit(solver.solve, texts)))
                if len(ahead) >= 2 * threads:
                    block, texts, future = ahead.popleft()
                    yield block, texts, future.result()
            while ahead:
                block, texts, future = ahead.popleft()
                yield block, texts, future.result()
        finally:
            if ahead:  # stopped early: what is still in flight is not wanted
                solver.stop()
                for *_, future in ahead:
                    future.cancel()


def _solved_in_python(
    number: int, puzzle: Grid | GridError
) -> tuple[Grid | None, Status | GridError, tuple[str, ...]]:
    if isinstance(puzzle, GridError):
        return None, puzzle, ()
    try:
        result = solve(puzzle)
    except GridError as error:
        return puzzle, error.at_line(number), ()
    return puzzle, result.status, tuple(map(format_line, result.solutions))


def _as_grid(puzzle: str | Grid, read: Reader) -> Grid:
    return puzzle if isinstance(puzzle, Grid) else read(puzzle.strip())


def _cells(line: str) -> tuple[int, ...]:
    return tuple(map(_DIGIT.__getitem__, line))


_DIGIT = {symbol: digit for digit, symbol in enumerate(SYMBOLS, 1)}


def c_batch_available() -> bool:
    """True when sudoku._batch and the C loop it runs on were built."""
    return _batch is not None and dlx.search.Layout is not None


def _solver(read: Callable[[str], Grid], backend: str) -> object | None:
    """The C batch solver for ``read``'s puzzles, or None to solve them in Python."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS}, not {backend!r}")
    if backend == "c" and not c_batch_available():
        raise ValueError(
            "backend 'c' is not available: sudoku._batch was not built "
            "(it needs a C compiler and Python's headers at install time)"
        )
    if backend == "python" or _batch is None or not (read is parse or isinstance(read, Reader)):
        return None
    read = read if isinstance(read, Reader) else Reader()
    if read.shape is not None and read.shape.cages:
        return None  # killer cages add options beyond the cells' that the batch does not decode
    return _solver_for(read.shape, read.x)


@cache
def _solver_for(shape: Shape | None, x: bool) -> object:
    solver = _batch.Solver(shape.size if shape else 0)
    if shape is not None:
        _add_shape(solver, Reader(shape, x), shape.size)
    return solver


def _add_shape(solver: object, read: Reader, n: int, *, engine_order: bool = True) -> None:
    """Give ``solver`` the shape of ``read``'s n x n puzzles, with its compiled cover matrix
    (the one step that builds it) where a puzzle of several solutions must show the
    engine's first two (``engine_order``), else without: those puzzles come back to Python."""
    shape = read.shape_for(n)
    layout = dlx.search.layout_of(cover_problem(shape).compiled()) if engine_order else None
    solver.add_shape(n, layout, shape.unit_indices)


def solve_lean(puzzle: Grid) -> Result[Grid]:
    """:func:`solve` without statistics (``stats`` is None): in C when the batch was built,
    with no exact-cover matrix built unless the puzzle has several solutions. The same
    Result otherwise, the same ConflictingGivens. For one-off puzzles, where building the
    matrix (milliseconds) is most of the work: ``dlx-sudoku solve PUZZLE``."""
    answer = _one_in_c(puzzle)
    if answer is not None and answer[0] == _batch.UNIQUE:
        return Result(puzzle, (Grid(puzzle.shape, _cells(answer[1])),), None)
    if answer is not None and answer[0] == _batch.NONE:
        return Result(puzzle, (), None)
    return solve(puzzle)  # several (the engine's first two), givens that clash, or no C


def count_to(puzzle: Grid, limit: int = 2, *, time_limit: float | None = None) -> int | None:
    """The solutions of ``puzzle`` up to ``limit``, or None when ``time_limit`` seconds ran
    out first: uniqueness tests by the thousand, as generation makes them. To two, in C when
    the batch was built (on the matrix held as bitmasks: nothing built a puzzle); else on
    the engine. Raises ConflictingGivens (a GridError) when the givens break the rules."""
    if limit == 2:
        try:
            answer = _one_in_c(puzzle, time_limit)
        except TimeoutError:
            return None
        if answer is not None and answer[0] != _batch.PYTHON:  # PYTHON: givens that clash
            return answer[0]  # the codes NONE, UNIQUE, SEVERAL are the counts 0, 1, 2
    check_givens(puzzle)
    run = search(puzzle, time_limit=time_limit)
    counted = run.count(limit)
    return counted if counted == limit or run.complete else None


def _one_in_c(puzzle: Grid, seconds: float | None = None) -> tuple[int, str | None] | None:
    """sudoku._batch's code and solution line for one puzzle, on its shape held without the
    engine's matrix (so several solutions are not shown); None when there is no C batch or
    the shape has cages. TimeoutError past ``seconds``."""
    if not c_batch_available() or puzzle.shape.cages:
        return None
    codes, found = _lean_solver(puzzle.shape).solve([format_line(puzzle)], seconds=seconds)
    return codes[0], found[0]


@cache
def _lean_solver(shape: Shape) -> object:
    solver = _batch.Solver(shape.size)
    _add_shape(solver, Reader(shape), shape.size, engine_order=False)
    return solver


def _batch_in_parallel(
    lines: Iterable[str],
    work: Callable[[Grid], T],
    read: Callable[[str], Grid],
    jobs: int,
    chunk: int,
) -> Iterator[Answer[T]]:
    """``batch`` with the work done by ``jobs`` processes, a chunk of puzzles at a time: the
    reading stays here (it numbers the lines), the chunks in flight bound the memory."""
    from dlx.parallel import imap

    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, not {chunk}")
    sent: deque[list[tuple[int, Grid | GridError]]] = deque()

    def chunks() -> Iterator[list[Grid | None]]:
        puzzles = read_puzzles(lines, read)
        while part := list(itertools.islice(puzzles, chunk)):
            sent.append(part)
            yield [None if isinstance(p, GridError) else p for _, p in part]

    for values in imap(partial(_work_on, work), chunks(), jobs=jobs):
        for (number, puzzle), value in zip(sent.popleft(), values, strict=True):
            if isinstance(puzzle, GridError):
                yield Answer(number, None, puzzle)
            elif isinstance(value, GridError):
                yield Answer(number, puzzle, value.at_line(number))
            else:
                yield Answer(number, puzzle, value)


def _work_on(work: Callable[[Grid], T], puzzles: list[Grid | None]) -> list[T | GridError | None]:
    """In a worker process: ``work`` on each puzzle of a chunk, its GridError if it fails."""
    values: list[T | GridError | None] = []
    for puzzle in puzzles:
        try:
            values.append(None if puzzle is None else work(puzzle))
        except GridError as error:
            values.append(error)
    return values


def _solve_lines_in_parallel(
    lines: Iterable[str], read: Reader, backend: str, jobs: int, chunk: int
) -> Iterator[Solved]:
    """``solve_lines`` by ``jobs`` processes. The records are read here (one may span lines,
    and a CSV header rules the lines after it) and each puzzle goes on as one plain line;
    the workers solve a chunk of those lines a call, the chunks in flight bound the memory."""
    from dlx.parallel import imap

    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, not {chunk}")
    sent: deque[list[tuple[int, Grid | GridError]]] = deque()

    def chunks() -> Iterator[list[str]]:
        records = read_puzzles(lines, read)
        while part := list(itertools.islice(records, chunk)):
            sent.append(part)
            yield [format_line(p) for _, p in part if not isinstance(p, GridError)]

    for solved in imap(partial(_solve_chunk, read, backend), chunks(), jobs=jobs):
        answers = iter(solved)
        for number, puzzle in sent.popleft():
            if isinstance(puzzle, GridError):
                yield Solved(number, puzzle)
                continue
            _, value, solutions = next(answers)
            if isinstance(value, GridError):
                value = value.at_line(number)
            yield Solved(number, value, solutions)


def _solve_chunk(read: Reader, backend: str, texts: list[str]) -> list[Solved]:
    """In a worker process: one chunk of plain puzzle lines, solved as ``solve_lines`` does."""
    return list(solve_lines(texts, read, backend=backend))
