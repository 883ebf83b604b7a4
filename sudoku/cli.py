"""The ``dlx-sudoku`` command line: a thin shell over sudoku.solve.

Output goes to stdout (or --output), one answer per puzzle in input order; what went wrong
with a puzzle goes to stderr, prefixed by where the puzzle came from ("line 7" of a file,
"argument 2" of the command). The exit code is the worst case met, see EXIT_CODES. Files,
streams and their errors follow the one policy of ``dlx.cli_io`` (an output file is replaced
only when the command has run, I/O errors are one line and an exit code).
"""

from __future__ import annotations

import enum
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer

from dlx.cli import COVER_EXIT_CODES, cover_command
from dlx.cli_io import (
    INTERRUPTED,
    WRITE_FAILED,
    CommandError,
    guard,
    interactive,
    open_input,
    open_output,
    read_lines,
)
from dlx.search import DEFAULT_BACKEND
from sudoku.files import FORMATS, MAX_LINE, RecordWriter
from sudoku.files import LAYOUTS as WRITTEN_LAYOUTS
from sudoku.generate import DEFAULT_ATTEMPTS, LAYOUTS, SYMMETRIES
from sudoku.grid import Grid, GridError, Shape, format_json, format_line
from sudoku.rate import LEVELS
from sudoku.solve import (
    Answer,
    Result,
    Solved,
    Status,
    T,
    UniqueRun,
    answer_each,
    batch,
    c_batch_available,
    count,
    reader,
    solutions,
    solve,
    solve_lean,
    solve_runs,
)

if TYPE_CHECKING:
    from sudoku.generate import Generated, GenerateError
    from sudoku.rate import Rating

EXIT_CODES = (
    "Exit codes: 0 solved (and unique where --unique was asked), 1 no solution, 2 bad input, "
    "3 more than one solution with --unique; for several puzzles, the largest that applies; "
    f"{WRITE_FAILED} the output could not be written, {INTERRUPTED} interrupted (answers "
    "written so far are kept)."
)
IO_EXIT_CODES = f"{WRITE_FAILED} the output could not be written, {INTERRUPTED} interrupted."
COUNT_EXIT_CODES = (
    f"Exit codes: 0 at least one solution, 1 no solution, 2 bad input, {IO_EXIT_CODES}"
)
RATE_EXIT_CODES = (
    "Exit codes: 0 rated, 1 no solution, 2 bad input, 3 more than one solution (not rated); "
    f"for several puzzles, the largest that applies; {IO_EXIT_CODES}"
)
SOLVED, NO_SOLUTION, BAD_INPUT, SEVERAL = 0, 1, 2, 3
MAX_TEXT = 64 * MAX_LINE  # the most `count -` reads: one puzzle, in any layout
EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# Help examples stay within 80 columns: a 9x9 puzzle alone takes 81, so they use --example
# or a 4x4 puzzle (16 symbols).
SOLVE_HELP = """Solve puzzles and prove each solution unique (or show two solutions).

Files may hold one puzzle a line, multi-line grids (with or without border lines, a blank \
line or none between them: .sdk, .ss, the coursework layout of digits apart with 0 for a \
blank), JSON lines or CSV with a "puzzle" column; a UTF-8 byte-order mark and CRLF line \
ends are fine. Every --format written reads back.

\b
Examples:
  dlx-sudoku solve --example --format grid
  dlx-sudoku solve --all --limit 5 1...............
  dlx-sudoku solve --file puzzles.sdk --format csv --stats
  cat puzzles.txt | dlx-sudoku solve --unique -o solutions.txt
"""


def _loop_in_use() -> str:
    """Which search loop ``backend=None`` runs, in words."""
    if DEFAULT_BACKEND == "c":
        return "C accelerator (dlx._search)"
    return "pure Python (dlx._search, the C accelerator, is not built: hard puzzles are slower)"


def _version(show: bool) -> None:
    if show:
        from importlib.metadata import version

        typer.echo(f"dlx-sudoku {version('dlx-sudoku')}\nsearch loop: {_loop_in_use()}")
        raise typer.Exit()


_fallback_noted = False


def _note_fallback() -> None:
    """Say once per run, on a terminal's stderr, that the search runs without the C loop.

    Once per run and only on a terminal: scripts and pipes see no extra line, a person sees
    it on the first search; ``dlx-sudoku --version`` says which loop is in use at any time.
    """
    global _fallback_noted
    if DEFAULT_BACKEND != "c" and not _fallback_noted and sys.stderr.isatty():
        typer.echo(f"note: searching in {_loop_in_use()}", err=True)
    _fallback_noted = True


app = typer.Typer(
    help=f"Solve and count sudoku puzzles by exact cover (dancing links).\n\n{EXIT_CODES}",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Show the version and the search loop in use (C or pure Python), and exit.",
        ),
    ] = False,
) -> None:
    """Solve and count sudoku puzzles by exact cover (dancing links)."""


def _choices(name: str, values: tuple[str, ...]) -> type[enum.Enum]:
    """The library's values as the str Enum that Typer shows and checks as choices."""
    return enum.Enum(name, {value: value for value in values}, type=str)


Format = _choices("Format", FORMATS)  # --format of the commands that write grids
RecordFormat = _choices("RecordFormat", ("line", "json", "csv"))  # of count and rate
# How a grid is written in each --format: its layout, or its line (inside JSON and CSV).
FORMATTERS: dict[enum.Enum, Callable[[Grid], str]] = {
    Format(name): WRITTEN_LAYOUTS.get(name, format_line) for name in FORMATS
}

RegionsOption = Annotated[
    Path | None,
    typer.Option(
        "--regions",
        help="Jigsaw: a region file, n lines of n labels; cells with one label form a region.",
    ),
]
CagesOption = Annotated[
    Path | None,
    typer.Option(
        "--cages",
        help="Killer: a cage file, n lines of n labels (. for no cage), then label=sum "
        "entries. Without a puzzle, the grid starts empty.",
    ),
]
WindokuOption = Annotated[
    bool, typer.Option("--windoku", help="Windoku (hyper): the 3x3 windows hold 1..9 too.")
]
SamuraiOption = Annotated[
    bool,
    typer.Option(
        "--samurai",
        help="Samurai: five overlapping 9x9 grids, as the 21x21 layout (spaces outside the "
        "grids) or the five grids one after another; a file holds one (or one a line).",
    ),
]
SizeOption = Annotated[
    int | None,
    typer.Option(
        "--size", help="Grid size n (4, 6, 8, 9, 12, 16, 25...); default: from the cell count."
    ),
]
XOption = Annotated[bool, typer.Option("--x", help="X-sudoku: both diagonals hold 1..n too.")]
ExampleOption = Annotated[
    bool, typer.Option("--example", help="The built-in example puzzle (Norvig's hardest).")
]


def _with_example(example: bool, puzzles: list[str] | None, file: str | None) -> list[str]:
    """The puzzles given, or the built-in example for ``--example`` (which takes no other)."""
    if not example:
        return puzzles or []
    if puzzles or file is not None:
        raise typer.BadParameter("--example takes no other puzzle", param_hint="--example")
    return [EXAMPLE]


def _shape(size: int | None) -> Shape | None:
    try:
        return None if size is None else Shape.for_size(size)
    except GridError as error:
        raise typer.BadParameter(str(error), param_hint="--size") from None


def _variant_shape(
    size: int | None, regions: Path | None, cages: Path | None, windoku: bool
) -> Shape | None:
    """The shape the variant options describe (None: each puzzle's size decides)."""
    from sudoku.variants import read_cages, read_regions

    shape = _shape(size)
    if regions is not None:
        if windoku:
            raise typer.BadParameter(
                "windoku windows need boxes, not regions", param_hint="--windoku"
            )
        shape = _map_file(regions, "--regions", read_regions, shape)
    if windoku:
        try:
            shape = (shape or Shape()).with_windows()
        except GridError as error:
            raise typer.BadParameter(str(error), param_hint="--windoku") from None
    if cages is not None:
        shape = _map_file(cages, "--cages", partial(read_cages, shape=shape), shape)
    return shape


def _map_file(path: Path, option: str, read: Callable[[str], Shape], shape: Shape | None) -> Shape:
    """The shape a region or cage file describes; what is wrong with it names the file, the
    line and the column."""
    try:
        made = read(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise typer.BadParameter(f"cannot read {path}: {reason}", param_hint=option) from None
    except GridError as error:
        raise typer.BadParameter(f"{path}: {error}", param_hint=option) from None
    if shape is not None and made.size != shape.size:
        raise typer.BadParameter(
            f"{path}: found a {made.size}x{made.size} map, expected {shape.size}x{shape.size}",
            param_hint=option,
        )
    return made


# The CSV columns of each kind of answer, after the label ("line" or "argument").
SOLVED_COLUMNS = ("puzzle", "status", "solutions", "nodes", "updates", "seconds", "error")
LISTED_COLUMNS = ("puzzle", "number", "solution", "error")
COUNTED_COLUMNS = ("puzzle", "count", "limit", "error")
RATED_COLUMNS = ("puzzle", "status", "level", "hardest", "steps", "nodes", "updates", "error")
GENERATED_COLUMNS = (
    "puzzle",
    "solution",
    "size",
    "seed",
    "clues",
    "symmetry",
    "minimal",
    "level",
    "hardest",
    "attempts",
    "nodes",
    "updates",
)
_UNSOLVED = {Status.NONE: "no solution", Status.SEVERAL: "more than one solution"}


class Report:
    """Writes answers as they come and remembers the exit code and totals, nothing else.

    ``columns`` name a CSV record's fields; ``formatters`` write a solution in each format
    (a Samurai has its own; FORMATTERS otherwise).
    """

    def __init__(
        self,
        out: TextIO,
        fmt: enum.Enum,
        stats: bool,
        label: str,
        columns: tuple[str, ...],
        formatters: dict[Format, Callable] | None = None,
    ):
        self.fmt, self.show_stats, self.label = fmt.value, stats, label
        self.writer = RecordWriter(out, self.fmt, (label, *columns))
        self.formatters = formatters or FORMATTERS
        self.code = SOLVED
        self.tally: dict[str, int] = {}

    def _note(self, line: int, text: str) -> None:
        typer.echo(f"{self.label} {line}: {text}", err=True)

    def _emit(self, record: dict[str, object], shown: Any, why: str = "") -> None:
        """Write the record (json, csv) or what is shown of it (the other formats): a line
        of text, or a grid (a Samurai through its own formatters). With nothing to show,
        the line format writes a marker line ``# line 7: why``, so that output line k is
        the answer to input puzzle k."""
        if shown is None and why and self.fmt == "line":
            self.writer.comment(f"{self.label} {record.get(self.label)}: {why}")
            return
        if shown is not None and not isinstance(shown, str) and self.formatters is not FORMATTERS:
            block = self.fmt in ("grid", "spaced")
            write = self.formatters.get(Format(self.fmt), self.formatters[Format.line])
            shown = write(shown) + ("\n" if block else "")  # a blank line after a block
        self.writer.write(record, shown)

    def _tally(self, code: int, kind: str, puzzles: int = 1) -> None:
        self.code = max(self.code, code)
        self.tally[kind] = self.tally.get(kind, 0) + puzzles

    def error(self, line: int, value: object) -> bool:
        """Report a puzzle that could not be read or breaks the rules; True if it did."""
        if not isinstance(value, GridError):
            return False
        self._tally(BAD_INPUT, "bad input")
        error = str(value)  # a line of a file: the error names that line already
        typer.echo(error if self.label == "line" else f"argument {line}: {error}", err=True)
        self._emit({self.label: line, "status": "error", "error": error}, None, "bad input")
        return True

    def solved(self, answer: Answer[Result], unique: bool) -> None:
        result = answer.value
        lines = tuple(map(self.formatters[Format.line], result.solutions))
        self._solved(answer.line, result.status, lines, unique, result)

    def unique_run(self, run: UniqueRun) -> None:
        """A run of puzzles of a lean batch, each with its unique solution."""
        self._tally(SOLVED, "unique", len(run.solutions))
        self.writer.write_lines(run.solutions)

    def solved_line(self, solved: Solved, unique: bool) -> None:
        """A puzzle of a lean batch (``solve_lines``): line format, no statistics."""
        self._solved(solved.line, solved.value, solved.solutions, unique, None)

    def _solved(
        self, line: int, status: Status, lines: tuple[str, ...], unique: bool, result: Result | None
    ) -> None:
        if status is Status.NONE:
            self._tally(NO_SOLUTION, "no solution")
            self._note(line, "no solution")
        elif status is Status.SEVERAL:
            self._tally(SEVERAL if unique else SOLVED, "several")
            self._note(line, f"more than one solution, for example {lines[0]} and {lines[1]}")
        else:
            self._tally(SOLVED, "unique")
        shown = lines[0] if lines and (status is Status.UNIQUE or not unique) else None
        if result is None or self.fmt == "line" and not self.show_stats:
            self._emit({self.label: line}, shown, _UNSOLVED.get(status, ""))
            return
        record: dict[str, object] = {
            self.label: line,
            "puzzle": self.formatters[Format.line](result.puzzle),
            "status": status.value,
            "solutions": list(lines),
        }
        if self.show_stats and result.stats is not None:
            s = result.stats
            record["stats"] = {"nodes": s.nodes, "updates": s.updates, "seconds": s.elapsed}
            if self.fmt not in ("json", "csv"):
                self._note(
                    line,
                    f"{status.value}; {s.nodes} nodes, {s.updates} updates, "
                    f"{s.elapsed * 1000:.1f} ms",
                )
        self._emit(
            record, None if shown is None else result.solutions[0], _UNSOLVED.get(status, "")
        )

    def listed(self, answer: Answer[Iterator[Grid]], limit: int | None) -> None:
        """Every solution of one puzzle, numbered, each written as it is found."""
        puzzle = self.formatters[Format.line](answer.puzzle)
        number = 0
        for number, solution in enumerate(answer.value, 1):
            self.writer.comment(f"{self.label} {answer.line}: solution {number}")
            record = {self.label: answer.line, "puzzle": puzzle, "number": number}
            self._emit(record | {"solution": format_line(solution)}, solution)
        self._tally(SOLVED if number else NO_SOLUTION, "listed")
        if not number:
            self._note(answer.line, "no solution")
        elif number == limit:
            self._note(answer.line, f"reached the limit of {number} solutions (there may be more)")

    def counted(self, answer: Answer[int], limit: int | None) -> None:
        found = answer.value
        self._tally(NO_SOLUTION if found == 0 else SOLVED, "counted")
        puzzle = self.formatters[Format.line](answer.puzzle)
        record = {self.label: answer.line, "puzzle": puzzle, "count": found}
        if limit is not None:
            record["limit"] = limit
        self._emit(record, str(found))

    def summary(self, seconds: float) -> None:
        total = sum(self.tally.values())
        rate = f", {total / seconds:.1f} puzzles/s" if seconds > 0 else ""
        kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(self.tally.items()))
        typer.echo(f"{total} puzzles in {seconds:.2f} s{rate}: {kinds or 'none'}", err=True)


def _open_lines(file: str, stack: ExitStack) -> Iterable[str]:
    """The lines of a file or stdin (``-``), each cut to MAX_LINE + 1 characters (the
    reader refuses longer ones), moving a progress bar by characters read when stderr is a
    terminal; the file and the bar close with ``stack``."""
    read = read_lines(stack.enter_context(open_input(file)), MAX_LINE)
    if file == "-" or not sys.stderr.isatty():
        return read  # no bar to move
    name = Path(file).name
    advance = stack.enter_context(_progress_bar(os.path.getsize(file), name, show=True))
    return _advancing(read, advance)


def _advancing(lines: Iterable[str], advance: Callable[[int], None]) -> Iterator[str]:
    done = 0
    for line in lines:
        done += len(line)
        advance(done)
        yield line


def _sources(
    puzzles: list[str],
    file: str | None,
    read: Callable[[str], Grid],
    work: Callable[[Grid], T],
    lean: bool = False,
    backend: str = "auto",
    jobs: int | None = None,
) -> tuple[str, Callable[[ExitStack], Iterator[Answer | Solved | UniqueRun]]]:
    """Where the puzzles come from: the arguments (one puzzle each, multi-line allowed),
    or a stream of one puzzle per line (a file, or stdin for ``-``). A stream to ``solve``
    goes through the C batch when built; ``lean`` (solution lines, no statistics) takes
    its answers as they are (``solve_runs``), else as Results (``backend="python"`` for
    their statistics). With ``jobs`` above 1, worker processes solve the stream, a few
    chunks ahead of the output; threads in the C batch, where every core is the default."""
    stream = file if file is not None else "-" if puzzles == ["-"] else None
    if stream is None:
        work = solve_lean if lean and work is solve else work

        def from_arguments(_: ExitStack) -> Iterator[Answer]:
            for k, text in enumerate(puzzles, 1):
                try:
                    puzzle = read(text)
                    yield Answer(k, puzzle, work(puzzle))
                except GridError as error:
                    yield Answer(k, None, error)

        return "argument", from_arguments
    if lean:
        from dlx.parallel import usable_cores

        threads = jobs or (usable_cores() if c_batch_available() else None)
        return "line", lambda stack: solve_runs(_open_lines(stream, stack), read, jobs=threads)
    return "line", lambda stack: batch(
        _open_lines(stream, stack), work, read, backend=backend, jobs=jobs
    )


def _run(
    label: str,
    answers: Callable[[ExitStack], Iterator[Answer | Solved | UniqueRun]],
    target: Path | None,
    handle: Callable[[Report, Any], None],
    columns: tuple[str, ...],
    fmt: enum.Enum = Format.line,
    stats: bool = False,
    formatters: dict[Format, Callable] = FORMATTERS,
    finish: Callable[[], None] | None = None,
) -> None:
    """Write every answer as it comes (``columns`` name a CSV record's fields), call
    ``finish``, then exit with the worst code met."""
    start = time.perf_counter()
    _note_fallback()
    report: Report | None = None
    with guard(lambda: report.code if report else SOLVED), ExitStack() as stack:
        out = stack.enter_context(open_output(target))
        report = Report(out, fmt, stats, label, columns, formatters)
        for answer in answers(stack):
            if isinstance(answer, UniqueRun):
                report.unique_run(answer)
            elif not report.error(answer.line, answer.value):
                handle(report, answer)
        if label == "line" and not report.tally:  # nothing to write: leave the output be
            raise CommandError("no puzzle in the input")
        if finish is not None:
            finish()
        if stats:
            report.summary(time.perf_counter() - start)
        raise typer.Exit(report.code)


@app.command("solve", help=SOLVE_HELP, epilog=EXIT_CODES)
def solve_command(
    ctx: typer.Context,
    puzzles: Annotated[
        list[str] | None,
        typer.Argument(
            help="Puzzles as text: a line of n*n symbols (. 0 _ - for blanks) or a quoted "
            "multi-line grid. A lone - reads standard input, as --file does.",
            show_default=False,
        ),
    ] = None,
    file: Annotated[
        str | None,
        typer.Option(
            "--file",
            "-f",
            help="A file of puzzles in any layout above, # comments allowed; - for "
            "standard input. One puzzle a line streams in constant memory.",
        ),
    ] = None,
    fmt: Annotated[
        Format,
        typer.Option(
            "--format",
            help="How to write solutions: a line, a grid with box lines, spaced rows "
            "(0 for a blank), one JSON record a line, or CSV with a header.",
        ),
    ] = Format.line,
    stats: Annotated[
        bool,
        typer.Option("--stats", help="Nodes, updates and time per puzzle solved, and a summary."),
    ] = False,
    counting: Annotated[
        bool, typer.Option("--count", help="Print the number of solutions instead.")
    ] = False,
    every: Annotated[
        bool,
        typer.Option(
            "--all", help="Write every solution, numbered (# lines, or a JSON/CSV field)."
        ),
    ] = False,
    unique: Annotated[
        bool,
        typer.Option("--unique", help="Treat more than one solution as a failure (exit 3)."),
    ] = False,
    limit: Annotated[
        int | None,
        typer.Option("--limit", min=1, help="With --count or --all: stop at N solutions."),
    ] = None,
    size: SizeOption = None,
    x: XOption = False,
    regions: RegionsOption = None,
    windoku: WindokuOption = False,
    cages: CagesOption = None,
    samurai: SamuraiOption = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write answers to this file.")
    ] = None,
    svg: Annotated[
        Path | None,
        typer.Option("--svg", help="Also draw each puzzle and its solution on A4 pages (SVG)."),
    ] = None,
    example: ExampleOption = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="With a file: solve in N threads (the C batch; default: every core) or N "
            "processes (same output, in order).",
        ),
    ] = None,
) -> None:
    """Solve puzzles and prove each solution unique (or show two solutions)."""
    puzzles = _with_example(example, puzzles, file)
    if sum((counting, unique, every)) > 1:
        raise typer.BadParameter("choose one of --count, --all and --unique", param_hint="--count")
    if limit is not None and not (counting or every):
        raise typer.BadParameter("--limit goes with --count or --all", param_hint="--limit")
    if puzzles and file is not None:
        raise typer.BadParameter("give puzzles or --file, not both", param_hint="--file")
    shape = None if samurai else _variant_shape(size, regions, cages, windoku)
    if samurai and (size or x or regions or windoku or cages):
        raise typer.BadParameter("a samurai takes no other variant option", param_hint="--samurai")
    if not puzzles and file is None and shape is not None and shape.cages:
        puzzles = ["." * shape.size**2]  # a killer without givens
    if not puzzles and file is None:
        if interactive():
            typer.echo(ctx.get_help())
            raise typer.Exit(BAD_INPUT)
        file = "-"
    read = reader(shape, x)
    formatters = FORMATTERS
    handle = (
        partial(Report.counted, limit=limit) if counting else partial(Report.solved, unique=unique)
    )
    columns = COUNTED_COLUMNS if counting else SOLVED_COLUMNS
    if samurai and every:
        raise typer.BadParameter("--all lists the solutions of grids, not of a samurai")
    if samurai:
        label, answers, formatters = _samurai_sources(puzzles or [], file, counting, limit)
    elif counting:
        label, answers = _sources(puzzles or [], file, read, partial(count, limit=limit), jobs=jobs)
    elif every:
        label, answers = _sources(puzzles or [], file, read, partial(solutions, limit=limit))
        handle, columns = partial(Report.listed, limit=limit), LISTED_COLUMNS
    elif fmt is Format.line and not stats and svg is None:
        label, answers = _sources(puzzles or [], file, read, solve, lean=True, jobs=jobs)
        handle = partial(Report.solved_line if label == "line" else Report.solved, unique=unique)
    else:  # statistics come from the engine's Python driver, per puzzle
        backend = "python" if stats else "auto"
        label, answers = _sources(puzzles or [], file, read, solve, backend=backend, jobs=jobs)
    draw = None
    if svg is not None and not counting:
        handle, draw = _drawing(handle, svg, samurai)
    _run(label, answers, output, handle, columns, fmt, stats, formatters, draw)


def _drawing(
    handle: Callable[[Report, Answer], None], path: Path, samurai: bool
) -> tuple[Callable[[Report, Answer], None], Callable[[], None]]:
    """``handle`` keeping every puzzle solved, and what draws them with their solutions on a
    sheet at ``path`` when the run ends."""
    from sudoku.sheets import sheet
    from sudoku.svg import samurai_sheet

    drawn: list[tuple[Any, Any]] = []

    def handle_and_keep(report: Report, answer: Answer) -> None:
        handle(report, answer)
        if answer.value.solution is not None:
            drawn.append((answer.puzzle, answer.value.solution))

    def draw() -> None:
        if not drawn:
            return
        puzzles, solutions = zip(*drawn, strict=True)
        if samurai:
            _write_sheet(path, samurai_sheet(puzzles, solutions))
        else:
            _write_sheet(path, sheet(puzzles, solutions=solutions, title=_title(puzzles[0])))

    return handle_and_keep, draw


def _title(puzzle: Grid) -> str:
    """The name of a puzzle's variant, for the title of its sheet."""
    from sudoku.variants import variant_name

    return variant_name(puzzle.shape)


def _write_sheet(path: Path, document: str) -> None:
    with open_output(path) as file:
        file.write(document)


def _stdin_puzzle() -> str:
    """One puzzle's text from stdin (``count -``), refused past MAX_TEXT characters."""
    with guard(), open_input("-") as stream:
        text = ""
        for line in read_lines(stream, MAX_LINE):
            text += line
            if len(text) > MAX_TEXT:
                raise CommandError(f"standard input is longer than a grid ({MAX_TEXT}+ chars)")
        return text


def _samurai_sources(
    texts: list[str], file: str | None, counting: bool, limit: int | None
) -> tuple[str, Callable[[ExitStack], Iterator[Answer]], dict[Format, Callable]]:
    """Samurai puzzles: one an argument, or the samurais of a file (or stdin for -), with
    the work to do on each and how to write them."""
    from sudoku.samurai import (
        count_samurai,
        format_samurai,
        format_samurai_line,
        parse_samurai,
        read_samurais,
        solve_samurai,
    )

    work = partial(count_samurai, limit=limit) if counting else solve_samurai
    stream = file if file is not None else "-" if texts == ["-"] else None

    def answers(stack: ExitStack) -> Iterator[Answer]:
        if stream is None:
            found: list[tuple[int, Any]] = []
            for k, text in enumerate(texts, 1):
                try:
                    found.append((k, parse_samurai(text)))
                except GridError as error:
                    found.append((k, error))
        else:
            text = "".join(read_lines(stack.enter_context(open_input(stream))))
            found = read_samurais(text)
        yield from answer_each(found, work)

    formats = {Format.line: format_samurai_line, Format.grid: format_samurai}
    return (
        "argument" if stream is None else "line",
        answers,
        formats | {Format.json: format_samurai_line},
    )


@app.command("count", epilog=COUNT_EXIT_CODES)
def count_command(
    puzzle: Annotated[
        str | None,
        typer.Argument(
            help="The puzzle as text; - reads it from stdin. With --cages, none: no givens.",
            show_default=False,
        ),
    ] = None,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="Stop counting at N.")] = None,
    size: SizeOption = None,
    x: XOption = False,
    regions: RegionsOption = None,
    windoku: WindokuOption = False,
    cages: CagesOption = None,
    samurai: SamuraiOption = False,
    fmt: Annotated[
        RecordFormat, typer.Option("--format", help="The count alone, or a JSON or CSV record.")
    ] = RecordFormat.line,
) -> None:
    """Count the solutions of one puzzle (exit 1 when there is none).

    \b
    Examples:
      dlx-sudoku count ................ --limit 1000
      dlx-sudoku count --x --size 4 -
      dlx-sudoku count --cages killer.txt
    """
    shape = None if samurai else _variant_shape(size, regions, cages, windoku)
    if puzzle is None:
        if shape is None or not shape.cages:
            raise typer.BadParameter("give a puzzle (or --cages for a killer)", param_hint="PUZZLE")
        puzzle = "." * shape.size**2
    text = _stdin_puzzle() if puzzle == "-" else puzzle
    handle = partial(Report.counted, limit=limit)
    if samurai:
        label, answers, formatters = _samurai_sources([text], None, True, limit)
        _run(label, answers, None, handle, COUNTED_COLUMNS, fmt, formatters=formatters)
    label, answers = _sources([text], None, reader(shape, x), partial(count, limit=limit))
    _run(label, answers, None, handle, COUNTED_COLUMNS, fmt)


# --- cover: the engine's own command (dlx.cli), mounted here ------------------------

app.command("cover", epilog=COVER_EXIT_CODES)(cover_command)


# --- generate, grids, rate: generation and rating -----------------------------------------
# Owned by the generation work (issue 4): thin shells over sudoku.generate, sudoku.rate and
# sudoku.sheets. `rate` reads puzzles and reports through the solve machinery above.


Level = _choices("Level", LEVELS)  # --difficulty
Symmetry = _choices("Symmetry", SYMMETRIES)  # --symmetry
Layout = _choices("Layout", LAYOUTS)  # --layout of grids
GridsFormat = _choices("GridsFormat", ("line", "spaced"))  # --format of grids: the same two


SeedOption = Annotated[
    int | None,
    typer.Option("--seed", help="Reproduce a run (default: drawn, and reported on stderr)."),
]


@contextmanager
def _progress_bar(total: float, label: str, show: bool) -> Iterator[Callable[..., None]]:
    """A callable ``advance(done, status="")`` that moves a progress bar on stderr to
    ``done`` (of ``total``) and shows ``status`` beside it, when ``show`` and stderr is a
    terminal; otherwise a callable that does nothing."""
    if not (show and sys.stderr.isatty()):
        yield lambda done, status="": None
        return
    from rich.console import Console
    from rich.progress import Progress, TextColumn

    columns = (*Progress.get_default_columns(), TextColumn("{task.fields[status]}"))
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=total, status="")
        yield lambda done, status="": progress.update(task, completed=done, status=status)


def _generation_failed(error: GenerateError) -> CommandError:
    """Exit 1 when the attempt budget ran out, 2 when the request was refused (saying why,
    and leaving an output file as it was)."""
    from sudoku.generate import OutOfAttempts

    return CommandError(str(error), NO_SOLUTION if isinstance(error, OutOfAttempts) else BAD_INPUT)


GENERATE_HELP = """Generate unique puzzles: minimal unless --clues is given, rated, reproducible.

Below what one digging reaches (22-27 clues on 9x9), --clues K searches: restarts, and moves \
that blank a clue or two and add others back, on minimal puzzles; 20 takes about a second, \
fewer takes longer (17 is the floor on 9x9). --fewest spends --time-limit on the fewest \
clues it can reach. --mask fixes the clue cells (a grid with x or a digit on each clue \
cell, or a file holding one). The seed that reproduces each puzzle is written with it: \
a "# seed S ..." line before it (line, grid) or a field (json); puzzle k of --seed S has \
seed S+k-1. A progress bar shows on a terminal.

\b
Examples:
  dlx-sudoku generate -n 6 --symmetry rot180 --svg sheet.svg --solutions
  dlx-sudoku generate -n 20 --pdf book.pdf --solutions --per-page 4
  dlx-sudoku generate --clues 20 -n 10 -o puzzles.txt
  dlx-sudoku generate --fewest --time-limit 600 --format json
  dlx-sudoku generate --mask pattern.txt --time-limit 60
  dlx-sudoku generate --difficulty hard --seed 7 --format json
  dlx-sudoku generate --size 6 --clues 12
"""


def _mask(value: str | None, shape: Shape) -> frozenset[int] | None:
    """The --mask option: a file holding a pattern, or the pattern itself."""
    if value is None:
        return None
    from sudoku.generate import parse_mask

    path = Path(value)
    try:
        text = path.read_text(encoding="utf-8-sig") if path.is_file() else value
        return parse_mask(text, shape)
    except (OSError, UnicodeDecodeError, GridError) as error:
        raise typer.BadParameter(str(error), param_hint="--mask") from None


@app.command("generate", help=GENERATE_HELP)
def generate_command(
    count: Annotated[int, typer.Option("-n", min=1, help="How many puzzles.")] = 1,
    size: Annotated[int, typer.Option("--size", help="Grid size n (4, 6, 8, 9, 12, 16...).")] = 9,
    x: XOption = False,
    regions: RegionsOption = None,
    windoku: WindokuOption = False,
    jigsaw: Annotated[
        bool,
        typer.Option(
            "--jigsaw", help="Jigsaw: new random regions for each puzzle (written first)."
        ),
    ] = False,
    killer: Annotated[
        bool,
        typer.Option(
            "--killer",
            help="Killer: random cages decided by their sums alone (the cage file is written).",
        ),
    ] = False,
    clues: Annotated[
        int | None,
        typer.Option("--clues", help="Exactly K clues (unique, not always minimal)."),
    ] = None,
    fewest_clues: Annotated[
        bool,
        typer.Option("--fewest", help="The fewest clues reached in --time-limit (minimal)."),
    ] = False,
    mask: Annotated[
        str | None,
        typer.Option("--mask", help="Clues exactly on this pattern's cells (a grid or a file)."),
    ] = None,
    difficulty: Annotated[
        Level | None, typer.Option("--difficulty", help="Retry until a puzzle rates this level.")
    ] = None,
    symmetry: Annotated[
        Symmetry, typer.Option("--symmetry", help="Symmetry of the clue pattern.")
    ] = Symmetry.none,
    seed: SeedOption = None,
    attempts: Annotated[
        int,
        typer.Option("--attempts", min=1, help="Restarts (fresh grids) per puzzle for a target."),
    ] = DEFAULT_ATTEMPTS,
    time_limit: Annotated[
        float | None,
        typer.Option("--time-limit", min=0.001, help="Seconds per puzzle at most."),
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", help="How to write puzzles.")] = Format.line,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the puzzles to this file.")
    ] = None,
    svg: Annotated[
        Path | None,
        typer.Option("--svg", help="Also write a printable sheet: one SVG per A4 page."),
    ] = None,
    pdf: Annotated[
        Path | None,
        typer.Option("--pdf", help="Also write the sheet as one PDF (needs the [pdf] extra)."),
    ] = None,
    solutions: Annotated[
        bool, typer.Option("--solutions", help="With --svg/--pdf: solution pages at the end.")
    ] = False,
    per_page: Annotated[
        int | None,
        typer.Option("--per-page", min=1, max=6, help="Puzzles per page (default by size)."),
    ] = None,
    title: Annotated[
        str | None, typer.Option("--title", help="The sheet's title (default: the variant).")
    ] = None,
    stats: Annotated[
        bool, typer.Option("--stats", help="Seed, clues, level and engine work per puzzle.")
    ] = False,
) -> None:
    """Generate unique puzzles: minimal unless --clues is given, rated, reproducible."""
    from sudoku.generate import GenerateError, fewest, generate_many, resolve_seed

    shape = _variant_shape(size, regions, None, windoku) or Shape()
    shape = shape.with_diagonals() if x else shape
    if jigsaw and regions is not None:
        raise typer.BadParameter(
            "choose --jigsaw (random regions) or --regions", param_hint="--jigsaw"
        )
    if killer or jigsaw:
        targets = (clues, difficulty, mask, time_limit)
        if any(t is not None for t in targets) or fewest_clues or symmetry is not Symmetry.none:
            raise typer.BadParameter(
                "--killer and --jigsaw make minimal puzzles: no --clues, --fewest, --mask, "
                "--difficulty, --symmetry or --time-limit",
                param_hint="--killer" if killer else "--jigsaw",
            )
        _generate_variants(
            count, shape, killer, jigsaw, seed, attempts, fmt, output, svg, solutions
        )
        return
    if fewest_clues and (time_limit is None or clues is not None or mask is not None):
        raise typer.BadParameter(
            "needs --time-limit, and neither --clues nor --mask", param_hint="--fewest"
        )
    pattern = _mask(mask, shape)
    start = resolve_seed(seed)
    made: list[Generated] = []
    typer.echo(f"seed {start}", err=True)
    _note_fallback()
    with guard(), ExitStack() as stack:
        advance = stack.enter_context(_progress_bar(count, "generating", True))

        def moved(k: int, fraction: float, status: str) -> None:
            advance(k + fraction, f"puzzle {k + 1}/{count}: {status}")

        if fewest_clues:
            puzzles: Iterator[Generated] = (
                fewest(
                    shape,
                    symmetry=symmetry.value,
                    seed=start + k,
                    time_limit=time_limit,
                    progress=partial(moved, k),
                )
                for k in range(count)
            )
        else:
            puzzles = generate_many(
                count,
                shape,
                clues=clues,
                difficulty=difficulty.value if difficulty else None,
                symmetry=symmetry.value,
                mask=pattern,
                seed=start,
                attempts=attempts,
                time_limit=time_limit,
                progress=moved,
            )
        out = stack.enter_context(open_output(output))
        try:
            writer = RecordWriter(out, fmt.value, GENERATED_COLUMNS)
            for number, puzzle in enumerate(puzzles, 1):
                made.append(puzzle)
                _write_generated(writer, number, puzzle, stats)
                advance(number)
        except GenerateError as error:
            raise _generation_failed(error) from None
        _print_sheet(made, svg, pdf, solutions, per_page, title)


def _print_sheet(
    made: list[Generated],
    svg: Path | None,
    pdf: Path | None,
    solutions: bool,
    per_page: int | None,
    title: str | None,
) -> None:
    """The printable sheet of the puzzles made: SVG pages and/or a PDF, named on stderr."""
    if svg is None and pdf is None:
        return
    from sudoku import sheets

    captions = [
        f"#{k}  seed {m.seed}  {m.rating.level}  {m.clues} clues" for k, m in enumerate(made, 1)
    ]
    try:
        sheet = sheets.Sheet(
            [m.puzzle for m in made],
            captions,
            [m.solution for m in made] if solutions else None,
            title=title,
            per_page=per_page,
        )
        pages = [] if svg is None else sheet.svg_pages()
        document = None if pdf is None else sheet.pdf()
    except sheets.SheetError as error:
        raise CommandError(str(error)) from None
    written = [] if svg is None else sheets.page_files(svg, len(pages))
    for path, page in zip(written, pages, strict=True):
        _write_sheet(path, page)
    if pdf is not None and document is not None:
        with open_output(pdf, binary=True) as file:
            file.write(document)
        written.append(pdf)
    typer.echo(f"sheet: {', '.join(map(str, written))}", err=True)


def _generate_variants(
    count: int,
    shape: Shape,
    killer: bool,
    jigsaw: bool,
    seed: int | None,
    attempts: int,
    fmt: Format,
    output: Path | None,
    svg: Path | None,
    solutions: bool,
) -> None:
    """Killer or random-jigsaw puzzles (or both) on stdout or ``output``: for each a
    ``# seed S`` line, its region file and its cage file, then its givens when it has any,
    and a blank line; JSON records hold all of it. Puzzle k has seed S+k-1."""
    from sudoku.generate import GenerateError, generate, resolve_seed
    from sudoku.make_variants import generate_killer, random_regions
    from sudoku.sheets import sheet
    from sudoku.variants import format_cages, format_regions

    start = resolve_seed(seed)
    typer.echo(f"seed {start}", err=True)
    made: list[tuple[Grid, Grid, int]] = []
    with guard(), ExitStack() as stack:
        advance = stack.enter_context(_progress_bar(count, "generating", count > 1))
        out = stack.enter_context(open_output(output))
        for number in range(1, count + 1):
            value = start + number - 1
            base = random_regions(shape.size, value) if jigsaw else shape
            try:
                if killer:
                    made_one = generate_killer(base, seed=value, attempts=attempts)
                else:
                    made_one = generate(base, seed=value, attempts=attempts)
            except GenerateError as error:
                raise _generation_failed(error) from None
            puzzle, solution = made_one.puzzle, made_one.solution
            made.append((puzzle, solution, value))
            if fmt is Format.json:
                record = json.loads(format_json(puzzle))
                record |= {"solution": format_line(solution), "seed": value}
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
            else:
                maps = format_regions(puzzle.shape) if jigsaw else ""
                maps += format_cages(puzzle.shape) if killer else ""
                givens = any(puzzle.cells) or not killer
                text = maps + (FORMATTERS[fmt](puzzle) + "\n" if givens else "")
                out.write(f"# seed {value}\n{text}\n")  # a blank line after each puzzle
            out.flush()
            advance(number)
        if svg is not None:
            puzzles = [p for p, _, _ in made]
            page = sheet(
                puzzles,
                [f"#{k}  seed {value}" for k, (_, _, value) in enumerate(made, 1)],
                [s for _, s, _ in made] if solutions else None,
                title=_title(puzzles[0]),
            )
            _write_sheet(svg, page)


def _write_generated(writer: RecordWriter, number: int, made: Generated, stats: bool) -> None:
    """One generated puzzle with the seed that reproduces it (a ``#`` line before it, which
    readers skip, or a JSON or CSV field), and its particulars on stderr with ``stats``."""
    writer.comment(
        f"seed {made.seed}, {made.clues} clues, symmetry {made.symmetry}, {made.rating.level}"
    )
    record = {
        "puzzle": format_line(made.puzzle),
        "solution": format_line(made.solution),
        "size": made.puzzle.shape.size,
        "seed": made.seed,
        "clues": made.clues,
        "symmetry": made.symmetry,
        "minimal": made.minimal,
        "level": made.rating.level,
        "hardest": made.rating.hardest,
        "attempts": made.attempts,
        "nodes": made.nodes,
        "updates": made.updates,
    }
    writer.write(record, made.puzzle)
    writer.out.flush()
    if stats:
        typer.echo(
            f"puzzle {number}: seed {made.seed}, {made.clues} clues, {made.rating.level} "
            f"({made.rating.hardest or 'no step'}), found on attempt {made.attempts}, "
            f"{made.nodes} nodes, {made.updates} updates",
            err=True,
        )


GRIDS_HELP = """Write N distinct complete grids, fast: transformed and relabelled engine-made grids.

Distinctness is guaranteed by construction, not by remembering grids: a million 9x9 grids \
take seconds and little memory.

Small shapes have few grids: 4x4 has exactly 288 (72 with --first-digit), 6x6 28,200,960; \
asking for more is refused before anything is written (exit 2).

\b
Examples:
  dlx-sudoku grids -n 1000000 -o grids.txt
  dlx-sudoku grids -n 10 -o - --first-digit 1 --layout grid
"""


@app.command("grids", help=GRIDS_HELP)
def grids_command(
    count: Annotated[int, typer.Option("-n", min=1, help="How many grids.")],
    output: Annotated[
        Path, typer.Option("--output", "-o", help="The file to write (- for stdout).")
    ],
    first_digit: Annotated[
        int | None, typer.Option("--first-digit", help="Fix the top-left cell to D.")
    ] = None,
    fmt: Annotated[
        GridsFormat | None,
        typer.Option(
            "--format", help="One line per grid, or n spaced lines and a blank line (as --layout)."
        ),
    ] = None,
    layout: Annotated[
        Layout,
        typer.Option("--layout", help="line, or grid: the spaced lines, as --format spaced."),
    ] = Layout.line,
    size: Annotated[int, typer.Option("--size", help="Grid size n (4, 6, 8, 9, 12, 16...).")] = 9,
    seed: SeedOption = None,
) -> None:
    """Write N distinct complete grids, fast."""
    from sudoku.generate import GenerateError, check_grid_request, resolve_seed, write_grids

    shape = _shape(size) or Shape()
    if fmt is not None:
        layout = Layout.line if fmt.value == "line" else Layout.grid
    start = resolve_seed(seed)
    began = time.perf_counter()
    with guard():
        try:
            check_grid_request(count, shape, first_digit)  # before an output file is opened
        except GenerateError as error:
            raise _generation_failed(error) from None
        with (
            open_output(output, binary=True) as out,
            _progress_bar(count, "grids", count >= 100_000) as advance,
        ):
            try:
                write_grids(
                    out,
                    count,
                    shape,
                    first_digit=first_digit,
                    layout=layout.value,
                    seed=start,
                    progress=advance,
                )
            except GenerateError as error:
                raise _generation_failed(error) from None
    seconds = time.perf_counter() - began
    typer.echo(
        f"{count} distinct grids in {seconds:.2f} s ({count / seconds:,.0f} grids/s), seed {start}",
        err=True,
    )


class _Rater:
    """Writes each puzzle's rating (engine statistics beside it) and tallies the levels."""

    def __init__(self, steps: bool):
        self.steps = steps

    def __call__(self, report: Report, answer: Answer[tuple[Result, Rating | None]]) -> None:
        result, rating = answer.value
        s = result.stats
        record: dict[str, object] = {
            report.label: answer.line,
            "puzzle": format_line(answer.puzzle),
            "status": result.status.value,
            "nodes": s.nodes,
            "updates": s.updates,
        }
        if rating is None:
            several = result.status is Status.SEVERAL
            kind = "more than one solution" if several else "no solution"
            report._tally(SEVERAL if several else NO_SOLUTION, kind)
            report._note(answer.line, f"not rated: {kind}")
            report._emit(record, None, f"not rated: {kind}")
            return
        report._tally(SOLVED, rating.level)
        record |= {
            "level": rating.level,
            "hardest": rating.hardest,
            "steps": len(rating.steps),
            "techniques": dict(rating.counts()),
        }
        text = (
            f"{rating.level} ({rating.hardest or 'no step'}): {len(rating.steps)} steps"
            f"{'' if rating.solved else ', then a guess'}; engine {s.nodes} nodes, "
            f"{s.updates} updates"
        )
        if self.steps:
            record["log"] = [str(step) for step in rating.steps]
            text += "".join(f"\n  {step}" for step in rating.steps)
        report._emit(record, text)


def _rate_one(puzzle: Grid) -> tuple[Result, Rating | None]:
    """The engine's verdict and, for a puzzle with one solution, its rating."""
    from sudoku.rate import rate

    result = solve(puzzle)
    return result, rate(puzzle) if result.status is Status.UNIQUE else None


RATE_HELP = """Rate puzzles by the hardest technique a person needs.

Levels: easy (singles), medium (locked candidates, pairs), hard (triples, quads, X-wing, \
swordfish, XY-wing), expert (the techniques run out: a guess is needed). The engine's nodes \
and updates are shown beside, a mechanical measure.

\b
Examples:
  dlx-sudoku rate --steps --example
  dlx-sudoku rate --file puzzles.txt --stats > ratings.txt
"""


@app.command("rate", help=RATE_HELP, epilog=RATE_EXIT_CODES)
def rate_command(
    ctx: typer.Context,
    puzzles: Annotated[
        list[str] | None,
        typer.Argument(help="Puzzles as text; a lone - reads stdin.", show_default=False),
    ] = None,
    file: Annotated[
        str | None,
        typer.Option("--file", "-f", help="A file of puzzles, as solve reads; - for stdin."),
    ] = None,
    steps: Annotated[bool, typer.Option("--steps", help="Show every logical step.")] = False,
    fmt: Annotated[
        RecordFormat,
        typer.Option("--format", help="A line of text, or a JSON or CSV record per puzzle."),
    ] = RecordFormat.line,
    json_out: Annotated[
        bool, typer.Option("--json", hidden=True, help="Deprecated: --format json.")
    ] = False,
    size: SizeOption = None,
    x: XOption = False,
    stats: Annotated[
        bool, typer.Option("--stats", help="A summary: puzzles/s and how many at each level.")
    ] = False,
    example: ExampleOption = False,
) -> None:
    """Rate puzzles by the hardest technique a person needs."""
    puzzles = _with_example(example, puzzles, file)
    if json_out:
        typer.echo("note: --json is deprecated; use --format json", err=True)
        fmt = RecordFormat.json
    if not puzzles and file is None:
        if interactive():
            typer.echo(ctx.get_help())
            raise typer.Exit(BAD_INPUT)
        file = "-"
    label, answers = _sources(puzzles or [], file, reader(_shape(size), x), _rate_one)
    _run(label, answers, None, _Rater(steps), RATED_COLUMNS, fmt, stats)


@app.command("play")
def play_command(
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="Port on 127.0.0.1; 0 picks a free one."),
    ] = 8765,
    no_browser: Annotated[
        bool, typer.Option("--no-browser", help="Print the address; do not open a browser.")
    ] = False,
) -> None:
    r"""Play and make puzzles in the browser: a page served on 127.0.0.1 only (Ctrl-C stops).

    Needs the web extra: pip install 'dlx-sudoku\[web]'.
    """
    from sudoku.web import INSTALL_HINT, missing_extra

    if missing_extra():
        typer.echo(f"play needs {', '.join(missing_extra())}: {INSTALL_HINT}", err=True)
        raise typer.Exit(BAD_INPUT)
    from sudoku.web.app import serve

    try:
        serve(port=port, open_browser=not no_browser, announce=typer.echo)
    except OSError as error:
        typer.echo(f"play: {error.strerror}; try another --port", err=True)
        raise typer.Exit(BAD_INPUT) from None
    except KeyboardInterrupt:
        pass


def main() -> None:
    """The console script. ``dlx-sudoku solve PUZZLE...`` with puzzles only (no option)
    runs the solve command straight: Typer's parsing of parameters imports pydantic, most
    of the start-up time of so short a run. Every other command line goes to the Typer app."""
    args = sys.argv[1:]
    if len(args) > 1 and args[0] == "solve" and not any(arg.startswith("-") for arg in args):
        try:
            solve_command(None, args[1:])  # type: ignore[arg-type]  # ctx: only for --help
        except typer.Exit as done:
            sys.exit(done.exit_code)
        except KeyboardInterrupt:
            typer.echo("Aborted!", err=True)
            sys.exit(1)
    app(prog_name="dlx-sudoku")


if __name__ == "__main__":
    main()
