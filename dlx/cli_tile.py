"""``tile``: fill a board drawn as a text picture with polyominoes or polycubes, from the shell.

Mounted as ``dlx-sudoku tile``. It uses the engine and ``dlx.tiling`` alone, so it lives
beside ``cover``. Solutions go to stdout as the board's picture with the pieces' names (or
JSON records), counts alone on the first line; errors go to stderr with the file, line
and column. Files, streams and their errors follow ``dlx.cli_io``.
"""

# No `from __future__ import annotations`: typer reads the command's annotations when it
# builds it, on every run, and would compile each of them from a string then.

import enum
import itertools
import sys
import time
from pathlib import Path
from typing import Annotated, Any, NoReturn, TextIO

import typer

from dlx.cli import (
    NO_SOLUTION,
    RUN_FAILED,
    SOLVED,
    DaskOption,
    JobsOption,
    ParallelProgress,
    quiet_dask,
)
from dlx.cli_io import (
    INTERRUPTED,
    MOST,
    TIMED_OUT,
    WRITE_FAILED,
    CommandError,
    SearchWatch,
    TimeLimitOption,
    at_most_cores,
    guard,
    open_input,
    open_output,
    read_lines,
    stop_code,
    stop_reason,
    time_limit,
)

TILE_EXIT_CODES = (
    "Exit codes: 0 solved; 1 no solution (--count prints 0); 2 bad input; 3 the parallel run "
    f"failed; {WRITE_FAILED} an output could not be written; {TIMED_OUT} the time limit "
    f"ended the search; {INTERRUPTED} interrupted (143, 129 by SIGTERM, SIGHUP)."
)


class TileFormat(str, enum.Enum):
    """How solutions are written on stdout."""

    text = "text"
    json = "json"


TILE_HELP = """Tile a board with polyominoes or polycubes: print solutions, or count them.

A board is a text picture: any character but space and '.' is a cell; a solid is its \
layers, a blank line between two. Lines starting with ';' are notes.

Solutions are printed as the board's picture with the pieces' names, a blank line between \
two: the distinct ones (one of each set of solutions that a turn or mirror of the board \
maps onto one another), or all with --all-symmetric. --count counts them without listing \
the symmetric copies.

\b
Examples:
  dlx-sudoku tile 6x10 --pieces pentominoes --count
  dlx-sudoku tile 3x3x3 --pieces soma --count --all-symmetric
  dlx-sudoku tile board.txt --pieces-file pieces.txt --limit 1 --svg one.svg
  dlx-sudoku tile 4x4 --pieces tetrominoes:L*4 --format json
"""


def tile_command(
    board: Annotated[
        str,
        typer.Argument(
            help="The board: a picture file (- for stdin), or a box such as 6x10 or 3x3x3."
        ),
    ],
    pieces: Annotated[
        list[str] | None,
        typer.Option(
            "--pieces",
            "-p",
            metavar="SPEC",
            help="Built-in pieces: a set (pentominoes, soma, ...), SET*N for N copies of each, "
            "SET:X for one piece, X*N for N copies; spaces or commas between terms.",
        ),
    ] = None,
    pieces_file: Annotated[
        Path | None,
        typer.Option(
            "--pieces-file",
            help="A picture of pieces, each drawn with a character of its own; "
            "';copies X*N' gives copies.",
        ),
    ] = None,
    one_sided: Annotated[
        bool, typer.Option("--one-sided", help="Flat pieces turn but never flip over.")
    ] = False,
    counting: Annotated[
        bool,
        typer.Option(
            "--count",
            help="Print the number of distinct solutions (up to the board's symmetries).",
        ),
    ] = False,
    all_symmetric: Annotated[
        bool,
        typer.Option(
            "--all-symmetric",
            help="Count (or print) every solution, the turned and mirrored ones too.",
        ),
    ] = False,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, max=MOST, help="Print at most N solutions.")
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="A random solution (with --limit N, N of them) from seed S."),
    ] = None,
    fmt: Annotated[
        TileFormat,
        typer.Option("--format", help="text: the board's picture; json: a record a line."),
    ] = TileFormat.text,
    svg: Annotated[
        Path | None,
        typer.Option("--svg", help="Also draw the solutions printed in this SVG file."),
    ] = None,
    stats: Annotated[
        bool, typer.Option("--stats", help="Symmetries, cases and time on stderr.")
    ] = False,
    jobs: JobsOption = None,
    dask: DaskOption = None,
    seconds: TimeLimitOption = None,
) -> None:
    """Tile a board with polyominoes or polycubes: print solutions, or count them."""
    _refuse_what_does_not_go_together(counting, limit, seed, svg, jobs, dask, pieces, pieces_file)
    jobs = at_most_cores(jobs)
    with guard(lambda: SOLVED):
        tiling = _read_tiling(board, pieces or [], pieces_file, one_sided)
        executor: Any = dask
        if (jobs is not None or dask is not None) and tiling.has_copies and not counting:
            typer.echo(
                "note: two or more pieces have copies (item bounds, Algorithm M): their "
                "solutions come from this process (a --count is split)",
                err=True,
            )
            jobs = executor = None
        if executor is not None:
            quiet_dask()
        with open_output(None) as out, time_limit(seconds):
            if counting:
                _count(tiling, out, all_symmetric, jobs, executor, stats)
            _print(tiling, out, all_symmetric, limit, seed, fmt, svg, jobs, executor, stats)


def _refuse_what_does_not_go_together(
    counting: bool,
    limit: int | None,
    seed: int | None,
    svg: Path | None,
    jobs: int | None,
    dask: str | None,
    pieces: list[str] | None,
    pieces_file: Path | None,
) -> None:
    """Stop (exit 2) before anything is read when two options do not go together."""
    if not pieces and pieces_file is None:
        raise typer.BadParameter(
            "name the pieces: --pieces SET (pentominoes, soma, ...) or --pieces-file FILE",
            param_hint="--pieces",
        )
    if jobs is not None and dask is not None:
        raise typer.BadParameter("choose --jobs (processes here) or --dask", param_hint="--dask")
    if counting:
        for option, given in (("--limit", limit), ("--seed", seed), ("--svg", svg)):
            if given is not None:
                raise typer.BadParameter(
                    f"--count counts every solution; {option} is for printing them",
                    param_hint=option,
                )


def _read_tiling(board: str, specs: list[str], pieces_file: Path | None, one_sided: bool) -> Any:
    """The puzzle from the command's arguments; what cannot be read stops the command with
    the file (or option), line and column (exit 2)."""
    from dlx.errors import TilingError
    from dlx.tiling import Tiling, box, parse_pieces, read_board, read_pieces
    from dlx.tiling.pictures import box_size
    from dlx.tiling.shapes import merge

    def text(name: str) -> str:
        with open_input(name) as stream:
            return "".join(read_lines(stream))

    where = board
    try:
        sides = box_size(board) if board != "-" and not Path(board).exists() else None
        shape = box(*sides) if sides is not None else read_board(text(board))
        groups = []
        for spec in specs:
            where = f"--pieces {spec!r}"
            groups.append(parse_pieces(spec))
        if pieces_file is not None:
            where = str(pieces_file)
            groups.append(read_pieces(text(str(pieces_file))))
        where = "the puzzle"
        return Tiling(shape, merge(groups), one_sided=one_sided)
    except TilingError as error:
        raise CommandError(f"{where}: {error}") from None


def _count(
    tiling: Any, out: TextIO, all_symmetric: bool, jobs: int | None, executor: Any, stats: bool
) -> NoReturn:
    """``--count``: the number alone on stdout's first line; exit 1 when it is 0."""
    parallel = jobs is not None or executor is not None
    watch = SearchWatch()
    progress: Any = watch
    if parallel:
        progress = ParallelProgress() if sys.stderr.isatty() else None
    start = time.perf_counter()
    try:
        found = tiling.count(
            all_symmetric=all_symmetric,
            jobs=jobs,
            executor=executor,
            progress=progress,
            progress_interval=1_000,
        )
    except KeyboardInterrupt as stop:
        watch.erase()
        typer.echo(f"{stop_reason(stop)}: the count is incomplete", err=True)
        raise typer.Exit(stop_code(stop)) from None
    except Exception as error:
        _parallel_failed(error)
    watch.erase()
    if parallel and sys.stderr.isatty():
        typer.echo("\r\x1b[K", nl=False, err=True)
    out.write(f"{found}\n")
    if stats:
        typer.echo(_summary(tiling, found, all_symmetric, time.perf_counter() - start), err=True)
    raise typer.Exit(SOLVED if found else NO_SOLUTION)


def _print(
    tiling: Any,
    out: TextIO,
    all_symmetric: bool,
    limit: int | None,
    seed: int | None,
    fmt: TileFormat,
    svg: Path | None,
    jobs: int | None,
    executor: Any,
    stats: bool,
) -> NoReturn:
    """The solutions on stdout (and in the SVG file), at most ``limit`` (1 with a seed)."""
    import json

    from dlx.tiling.draw import record

    if limit is None and seed is not None:
        limit = 1
    drawn = []
    found = 0
    start = time.perf_counter()
    interrupted: KeyboardInterrupt | None = None
    try:
        stream = tiling.solutions(
            all_symmetric=all_symmetric, seed=seed, jobs=jobs, executor=executor
        )
        for found, solution in enumerate(itertools.islice(stream, limit), start=1):
            if fmt is TileFormat.json:
                out.write(json.dumps(record(tiling, solution, found)) + "\n")
            else:
                out.write(("\n" if found > 1 else "") + tiling.picture(solution) + "\n")
            out.flush()
            if svg is not None:
                drawn.append(solution)
    except KeyboardInterrupt as stop:
        interrupted = stop
    except Exception as error:
        _parallel_failed(error)
    if svg is not None:
        from dlx.tiling.draw import svg as draw

        with open_output(svg) as picture:
            picture.write(draw(tiling, drawn))
    if stats:
        typer.echo(_summary(tiling, found, all_symmetric, time.perf_counter() - start), err=True)
    if interrupted is not None:
        typer.echo(f"{stop_reason(interrupted)}: {found} solutions printed", err=True)
        raise typer.Exit(stop_code(interrupted))
    if not found:
        typer.echo("no solution", err=True)
    raise typer.Exit(SOLVED if found else NO_SOLUTION)


def _parallel_failed(error: Exception) -> NoReturn:
    """A parallel run's failure as the command reports it (exit 3, or 2 for no Dask)."""
    from dlx.errors import DLXError
    from dlx.executors import ClusterLostError, WorkerLostError

    if isinstance(error, ClusterLostError | WorkerLostError):
        raise CommandError(str(error), RUN_FAILED) from None
    if isinstance(error, ImportError | DLXError):
        raise CommandError(str(error)) from None
    raise error


def _summary(tiling: Any, found: int, all_symmetric: bool, seconds: float) -> str:
    """The --stats line: what was found, the symmetries and cases, the time."""
    what = "solutions in all" if all_symmetric else "distinct solutions"
    return (
        f"{found} {what}; {len(tiling.symmetries)} symmetries, {len(tiling.cases)} cases, "
        f"{sum(len(v) for v in tiling.placements.values())} placements, {seconds:.3f} s"
    )


app = typer.Typer(
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode="rich",  # the same help under every typer
    pretty_exceptions_enable=False,
)
app.command("tile", help=TILE_HELP, epilog=TILE_EXIT_CODES)(tile_command)
