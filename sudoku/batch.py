"""The one stream of puzzles: every way of answering many puzzles goes through here.

The command line's ``solve``, ``count`` and ``rate``, the web API and the Python API hand
their puzzles to :func:`answers` with a :class:`Task` (what to do with each puzzle); it
alone decides how (:func:`route`): the C batch on threads, worker processes, or Python in
this process. The answers are the records of ``sudoku.records``, in input order, lazily:
memory stays flat however long the input.

Glossary
    task      what to do with each puzzle: solve it and prove the solution unique, count
              its solutions, list them, or rate it; with the engine's statistics or not
    route     how the puzzles are answered: ``c`` (``sudoku._batch``: plain lines read,
              checked, solved and written in C, chunk by chunk, on threads that let go of
              the GIL), ``processes`` (worker processes answer chunks of puzzles in
              Python), ``python`` (this process). Every route gives the same answers.
    source    a file's lines (records in any layout ``sudoku.files`` reads, numbered by the
              line they start on) or a command's arguments (one puzzle each, numbered by
              argument); a Samurai reader reads its own layouts (``sudoku.samurai``)
    listing   the solutions of one puzzle listed in turn (``Task(Work.LIST)``), lazily

Answers are records (``Solved``, ``Counted``, ``Rated``, ``BadInput``), a :class:`Listing`
for each puzzle of a list, and on the C route a ``UniqueRun`` for a chunk of plain lines all
unique (one object, no record a puzzle: the writers format it in bulk).
"""

from __future__ import annotations

import enum
import itertools
import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache, partial
from typing import Any, NamedTuple, Protocol, cast

from sudoku import solve as one
from sudoku.cover import Watch
from sudoku.files import Records, read_puzzle, read_puzzles
from sudoku.grid import SYMBOLS, Grid, GridError, Shape, format_line, parse
from sudoku.records import (
    Answer,
    BadInput,
    Counted,
    Listed,
    Place,
    Rated,
    Solved,
    Stats,
    Status,
    UniqueRun,
    as_line,
)

CHUNK = 256  # lines a call of the C batch solves: memory stays flat, answers come steadily
PROCESS_CHUNK = 200  # puzzles a worker process answers a call
BACKENDS = ("auto", "c", "python")  # C when built (auto) or required, or Python


class Work(str, enum.Enum):
    """What to do with each puzzle."""

    SOLVE = "solve"  # the solution, uniqueness proved (the first two of several)
    COUNT = "count"  # the number of solutions, up to a limit
    LIST = "list"  # every solution in turn, up to a limit
    RATE = "rate"  # how hard it is for a person


class _TaskFields(NamedTuple):
    work: Work
    limit: int | None
    stats: bool
    steps: bool


class Task(_TaskFields):
    """What to do with each puzzle of a stream, and what to keep.

    ``limit`` stops a count or a list; ``stats`` keeps the engine's statistics of each
    solve (the C batch keeps none, so it asks for the Python route); ``steps`` keeps a
    rating's every step in words. (A named tuple, not a dataclass: it is made at start-up,
    where a dataclass costs a millisecond.)"""

    __slots__ = ()

    def __new__(
        cls,
        work: Work = Work.SOLVE,
        limit: int | None = None,
        stats: bool = False,
        steps: bool = False,
    ) -> Task:
        if limit is not None and work not in (Work.COUNT, Work.LIST):
            raise ValueError(f"a limit goes with counting or listing, not with {work.value}")
        if limit is not None and limit < 1:
            raise ValueError(f"the limit must be at least 1, not {limit}")
        if stats and work is not Work.SOLVE:
            raise ValueError(f"statistics are kept for solving, not for {work.value}")
        if steps and work is not Work.RATE:
            raise ValueError("steps are kept for rating")
        return super().__new__(cls, work, limit, stats, steps)


SOLVE = Task()


class Route(str, enum.Enum):
    """How a stream is answered (see the module)."""

    C = "c"
    PROCESSES = "processes"
    PYTHON = "python"


class PuzzleReader(Protocol):
    """Reads one puzzle from its text (``sudoku.batch.Reader``, or a Samurai's reader)."""

    def __call__(self, text: str) -> Any: ...


@lru_cache(maxsize=8)
def _with_diagonals(shape: Shape) -> Shape:
    return shape.with_diagonals()


class Reader:
    """Reads one puzzle: of ``shape``, or of the size its cell count implies; with the two
    diagonals as extra regions too when ``x`` is set (X-sudoku)."""

    __slots__ = ("shape", "x")

    def __init__(self, shape: Shape | None = None, x: bool = False) -> None:
        self.shape = shape
        self.x = x

    def __repr__(self) -> str:
        return f"Reader(shape={self.shape!r}, x={self.x})"

    def __call__(self, text: str) -> Grid:
        if self.shape is not None:
            return parse(text, self.shape_for(self.shape.size))
        grid = parse(text)
        return Grid(self.shape_for(grid.shape.size), grid.cells) if self.x else grid

    @property
    def asked(self) -> Callable[[int], Shape] | None:
        """``shape_for`` when the options asked for a shape (a puzzle that states other
        rules is then refused), None when they asked for nothing."""
        return self.shape_for if self.shape is not None or self.x else None

    def shape_for(self, n: int) -> Shape:
        """The shape this reader gives a puzzle of n x n cells."""
        shape = self.shape if self.shape is not None else Shape.for_size(n)
        return _with_diagonals(shape) if self.x else shape


def reader(shape: Shape | None = None, x: bool = False) -> Reader:
    """A function that reads one puzzle (see :class:`Reader`)."""
    return Reader(shape, x)


def c_batch_available() -> bool:
    """True when the C batch (``sudoku._batch``) and the C loop it runs on were built."""
    return one.c_batch_available()


def route(
    task: Task = SOLVE,
    read: PuzzleReader | None = None,
    *,
    jobs: int | None = None,
    backend: str = "auto",
) -> tuple[Route, int]:
    """How :func:`answers` will answer a file of ``read``'s puzzles, and on how many
    threads or processes: the C batch for solving grids without statistics (on every usable
    core unless ``jobs`` says), else ``jobs`` worker processes when ``jobs`` is above 1,
    else Python here. ``backend`` ``"python"`` rules out C; ``"c"`` requires it."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS}, not {backend!r}")
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if backend == "c" and not c_batch_available():
        raise ValueError(
            "backend 'c' is not available: sudoku._batch was not built "
            "(it needs a C compiler and Python's headers at install time)"
        )
    read = Reader() if read is None or read is parse else read
    plain = isinstance(read, Reader) and not (read.shape is not None and read.shape.cages)
    if task == SOLVE and plain and backend != "python" and c_batch_available():
        from dlx.cores import usable_cores

        return Route.C, jobs or usable_cores()
    if task.work is not Work.LIST and jobs is not None and jobs > 1:
        return Route.PROCESSES, jobs
    return Route.PYTHON, 1


def answers(
    lines: Iterable[str],
    task: Task = SOLVE,
    *,
    read: PuzzleReader | None = None,
    jobs: int | None = None,
    backend: str = "auto",
) -> Iterator[Answer | UniqueRun | Listing]:
    """Answer every puzzle of a file's ``lines`` (see the module), lazily, in input order.

    A record that cannot be read, or whose givens break the rules, becomes a ``BadInput``
    on its line, and the rest go on. ``jobs`` is the number of threads (the C route) or
    processes; see :func:`route` for which runs.
    """
    read = Reader() if read is None or read is parse else read
    how, workers = route(task, read, jobs=jobs, backend=backend)
    if how is Route.C:
        assert isinstance(read, Reader)
        yield from _c_answers(lines, read, workers)
    elif how is Route.PROCESSES:
        yield from _in_processes(_lines_or_records(lines, read), task, read, workers, backend)
    else:
        lean = backend != "python"
        for number, puzzle in _records(lines, read):
            yield _answer(task, Place("line", number), puzzle, lean)


def answer_texts(
    texts: Iterable[str],
    task: Task = SOLVE,
    *,
    read: PuzzleReader | None = None,
    watch: Watch | None = None,
) -> Iterator[Answer | Listing]:
    """Answer each of ``texts`` as one puzzle (a command's arguments: argument k is the
    k-th), in this process; one puzzle solved alone skips the engine's matrix in C.
    ``watch(search)`` is called as each solve's or count's search goes (a long solve
    leaves C for the engine after ``sudoku.solve.UNWATCHED`` seconds to be watched)."""
    read = Reader() if read is None or read is parse else read
    for number, text in enumerate(texts, 1):
        place = Place("argument", number)
        try:
            puzzle = read_puzzle(text, read, read.asked if isinstance(read, Reader) else None)
        except GridError as error:
            yield _bad(place, error)
            continue
        yield _answer(task, place, puzzle, watch=watch)


def answer(puzzle: Any, task: Task = SOLVE, *, place: Place | None = None) -> Answer | Listing:
    """``task`` done on one puzzle already read (a Grid, or a Samurai): the record the
    stream gives for it, for callers that hold one puzzle (the web API)."""
    return _answer(task, place, puzzle)  # type: ignore[arg-type]


def solve_lines(
    lines: Iterable[str],
    read: Reader | None = None,
    *,
    backend: str = "auto",
    jobs: int | None = None,
) -> Iterator[Solved | BadInput]:
    """Solve every puzzle of a stream and prove it unique, lazily, in input order: one
    ``Solved`` or ``BadInput`` a puzzle (:func:`answers` with the C batch's runs taken
    apart)."""
    for answer in answers(lines, SOLVE, read=read, jobs=jobs, backend=backend):
        if isinstance(answer, UniqueRun):
            yield from answer.each()
        else:
            yield answer  # type: ignore[misc]  # solving gives no Listing


# --- one puzzle, in Python -----------------------------------------------------------------


class Listing:
    """The solutions of one puzzle (``Task(Work.LIST)``), found as they are taken."""

    __slots__ = ("place", "puzzle", "solutions", "limit")

    def __init__(
        self, place: Place, puzzle: str, solutions: Iterator[str], limit: int | None
    ) -> None:
        self.place = place
        self.puzzle = puzzle
        self.solutions = solutions
        self.limit = limit

    def each(self) -> Iterator[Listed]:
        """Each solution as a :class:`Listed` record, numbered from 1, as it is found."""
        for number, solution in enumerate(self.solutions, 1):
            yield Listed(self.place, self.puzzle, number, solution)


def _records(lines: Iterable[str], read: PuzzleReader) -> Iterator[tuple[int, Any]]:
    """The numbered puzzles (or GridErrors) of a file, read as ``read`` reads them."""
    records = getattr(read, "records", None)  # a reader of its own layouts (Samurai)
    if records is not None:
        return records(lines)  # type: ignore[no-any-return]
    return read_puzzles(lines, read, read.asked if isinstance(read, Reader) else None)


def _lines_or_records(lines: Iterable[str], read: PuzzleReader) -> Iterator[tuple[int, Any]]:
    """The numbered puzzles of a file, as :func:`_records` gives them, except that a line
    which is a whole puzzle of legal symbols (as most are) comes as its text, unread: a
    worker reads it (the reading, not the solving, is what holds back a parallel stream)."""
    if not isinstance(read, Reader):
        yield from _records(lines, read)
        return
    records = Records(read, read.asked)
    for number, raw in enumerate(lines, 1):
        text = raw.rstrip("\r\n")
        if records.plain and _is_plain(text, read):
            records.took_line()
            yield number, text
        else:
            yield from records.feed(number, raw)
    yield from records.end()


@lru_cache(maxsize=32)
def _legal(n: int) -> frozenset[str]:
    symbols = SYMBOLS[:n]
    return frozenset(symbols + symbols.lower() + ".0_-")


def _is_plain(text: str, read: Reader) -> bool:
    """True when ``text`` is one n x n puzzle of legal symbols, nothing else, of a size
    ``read`` gives a shape: its reading cannot fail, nor can it start a grid of rows."""
    n = math.isqrt(len(text))
    if n * n != len(text) or n not in (_BOXED if read.shape is None else (read.shape.size,)):
        return False
    return _legal(n).issuperset(text)


def _has_boxes(n: int) -> bool:
    try:
        Shape.for_size(n)
    except GridError:
        return False
    return True


_BOXED = frozenset(n for n in range(1, 26) if _has_boxes(n))  # sizes a line alone can have


def _bad(place: Place, error: GridError) -> BadInput:
    if place.label == "line" and error.line is None:  # raised by the work: the record's line
        error = error.at_line(place.number)
    return BadInput(place, str(error), error.column)


def _stats(stats: Any) -> Stats | None:
    return None if stats is None else Stats(stats.nodes, stats.updates, stats.elapsed)


def _answer(
    task: Task, place: Place, puzzle: Any, lean: bool = True, watch: Watch | None = None
) -> Answer | Listing:
    """``task`` done on one puzzle (a Grid, a Samurai, or the GridError it was read as);
    a solve without statistics in C unless ``lean`` is False (``backend="python"``).
    ``watch(search)`` is called as the search of a solve, a count or a listing goes."""
    if isinstance(puzzle, GridError):
        return _bad(place, puzzle)
    ways = _ways(puzzle)
    line = ways.line(puzzle)
    try:
        if task.work is Work.COUNT:
            if task.limit is None and isinstance(puzzle, Grid) and (why := one.endless(puzzle)):
                raise GridError(why)
            return Counted(place, line, ways.count(puzzle, task.limit, watch), task.limit)
        if task.work is Work.LIST:
            if ways.solutions is None:
                raise ValueError(f"the solutions of a {type(puzzle).__name__} are not listed")
            found = ways.solutions(puzzle, task.limit, watch)
            return Listing(place, line, map(ways.line, found), task.limit)
        if task.work is Work.RATE:
            return _rated(place, puzzle, line, task.steps)
        solve = ways.solve if task.stats or not lean else ways.solve_lean
        solved = solve(puzzle, watch)
    except GridError as error:
        return _bad(place, error)
    stats = _stats(solved.stats) if task.stats else None
    return Solved(place, line, solved.status, tuple(map(ways.line, solved.solutions)), stats)


def _rated(place: Place, puzzle: Grid, line: str, steps: bool) -> Rated:
    """The engine's verdict and, for a puzzle with one solution, its rating."""
    from sudoku.rate import rate

    result = one.solve(puzzle)
    nodes, updates = (result.stats.nodes, result.stats.updates) if result.stats else (None, None)
    if result.status is not Status.UNIQUE:
        return Rated(place, line, result.status, nodes=nodes, updates=updates)
    rating = rate(puzzle)
    return Rated(
        place,
        line,
        result.status,
        level=rating.level,
        hardest=rating.hardest,
        solved=rating.solved,
        se=rating.se,
        se_estimated=rating.se_estimated,
        techniques=tuple(rating.counts().items()),
        log=tuple(map(str, rating.steps)) if steps else None,
        nodes=nodes,
        updates=updates,
    )


def _ways(puzzle: Any) -> one.Ways:
    if isinstance(puzzle, Grid):
        return one.GRIDS
    from sudoku import samurai

    if not isinstance(puzzle, samurai.Samurai):
        raise TypeError(
            f"a puzzle is a sudoku.grid.Grid or a sudoku.samurai.Samurai, not "
            f"{type(puzzle).__name__} (read text with sudoku.grid.parse)"
        )
    return samurai.WAYS


# --- worker processes ----------------------------------------------------------------------


def _in_processes(
    records: Iterator[tuple[int, Any]], task: Task, read: PuzzleReader, jobs: int, backend: str
) -> Iterator[Answer]:
    """The answers of ``records`` computed by ``jobs`` processes, a chunk of puzzles at a
    time: the reading stays here (it numbers the lines), the chunks in flight bound the
    memory. A grid travels as its line and is read again there (a line pickles smaller
    than a Grid and its Shape)."""
    from dlx.parallel import imap

    def chunks() -> Iterator[list[tuple[int, Any]]]:
        while part := list(itertools.islice(records, PROCESS_CHUNK)):
            yield [(n, format_line(p) if isinstance(p, Grid) else p) for n, p in part]

    work = partial(_answer_chunk, task, read, backend != "python")
    for answered in imap(work, chunks(), jobs=jobs):
        yield from answered


def _answer_chunk(
    task: Task, read: PuzzleReader, lean: bool, chunk: list[tuple[int, Any]]
) -> list[Answer]:
    """In a worker process: ``task`` on each puzzle of a chunk (lines read with ``read``)."""
    answered = []
    for number, puzzle in chunk:
        if isinstance(puzzle, str):
            try:
                puzzle = read(puzzle)
            except GridError as error:  # not for a plain line (see _is_plain)
                puzzle = error.at_line(number)
        answered.append(_answer(task, Place("line", number), puzzle, lean))
    return answered  # type: ignore[return-value]  # no Listing: lists run here


# --- the C batch ---------------------------------------------------------------------------

_STATUS_OF = (Status.NONE, Status.UNIQUE, Status.SEVERAL)  # by sudoku._batch's codes


def _c_answers(lines: Iterable[str], read: Reader, threads: int) -> Iterator[Answer | UniqueRun]:
    """The C route: CHUNK lines a call into C, on ``threads`` threads. The C reader takes
    plain lines (a puzzle of symbols, a blank, a comment) while ``sudoku.files``'s reader
    would read them alone; every other line goes through that reader, and its puzzles are
    answered in Python here, with the same answers.

    The solver starts without the engine's matrix (building it is most of a short run's
    work), so a puzzle of several solutions comes back from C without them, to be answered
    here on the engine; the first one met brings in a solver that holds the matrix and
    finds the engine's first two in C, for the chunks sent after it."""
    batch = one.c_batch()
    solvers = _Solvers(read, shared=threads <= 1)
    all_unique = bytes([batch.UNIQUE]) * CHUNK
    records = Records(read, read.asked)
    for block, texts, (solver, result) in _solved_blocks(lines, solvers.current, threads):
        done = 0
        while done < len(block):
            codes, solutions = result
            if codes == all_unique[: len(block)] and records.plain:
                records.took_line()
                yield UniqueRun(block[0][0], texts, cast(list[str], solutions))  # all solved
                break
            for k, code in enumerate(codes, done):
                number, line = block[k]
                unordered = code == batch.SEVERAL and not solvers.ordered_by(solver)
                if code == batch.PYTHON or unordered or not records.plain:
                    for start, puzzle in records.feed(number, line):
                        answer = _answer(SOLVE, Place("line", start), puzzle)
                        if isinstance(answer, Solved) and answer.status is Status.SEVERAL:
                            solvers.engine_order()
                        yield answer  # type: ignore[misc]
                elif code != batch.SKIP:
                    records.took_line()
                    found = solutions[k - done] or ""  # several: the first two, joined
                    size = len(found) // code if code else 1
                    split = tuple(found[j : j + size] for j in range(0, code * size, size))
                    yield Solved(Place("line", number), as_line(line), _STATUS_OF[code], split)
            done += len(codes)
            if done < len(block):  # the next line's size had no shape when C saw it
                result = solver.solve(texts[done:])
                if not result[0]:  # nor has it now: give the solver its shape
                    solvers.add_size(solver, math.isqrt(len(texts[done].strip())))
                    result = solver.solve(texts[done:])
    for start, puzzle in records.end():
        yield _answer(SOLVE, Place("line", start), puzzle)  # type: ignore[misc]


class _Solvers:
    """The C solver the next chunk goes to: without the engine's matrix until a puzzle of
    several solutions asks for it (see :func:`_c_answers`). A chunk already sent keeps the
    solver it was sent to, so no solver changes while a thread runs it."""

    def __init__(self, read: Reader, shared: bool) -> None:
        self.read, self.shared, self.ordered = read, shared, False
        self.solver = self._made()

    def _made(self) -> Any:
        return one.batch_solver(
            self.read.shape, self.read.x, shared=self.shared, engine_order=self.ordered
        )

    def current(self) -> Any:
        return self.solver

    def ordered_by(self, solver: Any) -> bool:
        """Whether ``solver`` holds the matrix, so its first two solutions are the engine's
        (one without it gives the first two its own count met, in another order)."""
        return self.ordered and solver is self.solver

    def engine_order(self) -> None:
        if not self.ordered:
            self.ordered = True
            self.solver = self._made()

    def add_size(self, solver: Any, n: int) -> None:
        """Give ``solver`` the shape of n x n puzzles (a reader of any box size meets them
        as it goes), with the matrix if it is the solver that holds it."""
        one.add_shape(
            solver, self.read.shape_for(n), engine_order=solver is self.solver and self.ordered
        )


def _solved_blocks(
    lines: Iterable[str], solver: Callable[[], Any], threads: int
) -> Iterator[tuple[list[tuple[int, str]], list[str], tuple[Any, tuple[bytes, list[str | None]]]]]:
    """Each chunk of CHUNK numbered lines, their texts, and the solver ``solver()`` gave
    with what it made of them, in order. The first chunk is solved here; with ``threads``
    above 1 and more chunks, that many threads solve the rest ahead (the C batch lets go
    of the GIL), at most two each in flight; when the caller stops early (Ctrl-C, a
    generator dropped), the solvers are stopped so that no thread runs on."""
    numbered = enumerate(lines, 1)
    blocks = iter(lambda: list(itertools.islice(numbered, CHUNK)), [])
    for block in itertools.islice(blocks, 1 if threads > 1 else None):
        texts = [line for _, line in block]
        chosen = solver()
        yield block, texts, (chosen, chosen.solve(texts))
    second = next(blocks, None) if threads > 1 else None
    if second is None:
        return
    blocks = itertools.chain([second], blocks)
    from concurrent.futures import ThreadPoolExecutor  # only for a second chunk

    ahead: deque[tuple[list[tuple[int, str]], list[str], Any, Any]] = deque()
    with ThreadPoolExecutor(threads, thread_name_prefix="sudoku-batch") as pool:
        try:
            for block in blocks:
                texts = [line for _, line in block]
                chosen = solver()
                ahead.append((block, texts, chosen, pool.submit(chosen.solve, texts)))
                if len(ahead) >= 2 * threads:
                    block, texts, chosen, future = ahead.popleft()
                    yield block, texts, (chosen, future.result())
            while ahead:
                block, texts, chosen, future = ahead.popleft()
                yield block, texts, (chosen, future.result())
        finally:
            if ahead:  # stopped early: what is still in flight is not wanted
                for _, _, chosen, future in ahead:
                    chosen.stop()
                    future.cancel()
