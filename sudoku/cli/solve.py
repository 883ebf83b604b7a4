"""``solve`` and ``count``: read the options into a task and a reader, hand the puzzles to
``sudoku.batch`` through the one writer (``sudoku.cli.answers``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from dlx.cli_io import (
    MOST,
    CommandError,
    TimeLimitOption,
    at_most_cores,
    guard,
    open_input,
    read_lines,
)
from sudoku.batch import PuzzleReader, Task, Work, reader
from sudoku.cli.answers import Layout, Source, grid_layout, puzzle_source, run
from sudoku.cli.options import (
    EXIT_CODES,
    IO_EXIT_CODES,
    CagesOption,
    ExampleOption,
    FileOption,
    JobsOption,
    LimitOption,
    PaperOption,
    RegionsOption,
    SamuraiOption,
    SizeOption,
    WindokuOption,
    XOption,
    refuse,
    title,
    variant_shape,
    with_example,
    write_pages,
)
from sudoku.files import MAX_LINE, Format, RecordFormat
from sudoku.grid import Shape
from sudoku.paper import Paper
from sudoku.records import Solved

commands = typer.Typer(rich_markup_mode="rich")  # the same help under every typer

MAX_TEXT = 64 * MAX_LINE  # the most `count -` reads: one puzzle, in any layout
COUNT_EXIT_CODES = (
    f"Exit codes: 0 at least one solution, 1 no solution, 2 bad input, {IO_EXIT_CODES}"
)
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


@commands.command("solve", help=SOLVE_HELP, epilog=EXIT_CODES)
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
    file: FileOption = None,
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
    limit: LimitOption = None,
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
        typer.Option("--svg", help="Also draw each puzzle and its solution on pages (SVG)."),
    ] = None,
    paper: PaperOption = None,
    example: ExampleOption = False,
    jobs: JobsOption = None,
    seconds: TimeLimitOption = None,
) -> None:
    """Solve puzzles and prove each solution unique (or show two solutions)."""
    puzzles = with_example(example, puzzles, file)
    if sum((counting, unique, every)) > 1:
        refuse("choose one of --count, --all and --unique", "--count")
    if limit is not None and not (counting or every):
        refuse("--limit goes with --count or --all", "--limit")
    if counting and svg is not None:
        refuse("--svg draws solutions; --count writes only how many", "--svg")
    if paper is not None and svg is None:
        refuse("--paper is the size of the --svg sheet: give --svg", "--paper")
    if (counting or every) and stats:
        option = "--count" if counting else "--all"
        refuse(f"--stats shows each solve's search; {option} runs another search", "--stats")
    if every and samurai:
        refuse("--all lists the solutions of grids, not of a samurai", "--all")
    if every and jobs is not None:
        refuse("--all lists each puzzle's solutions as they are found, on one core", "--jobs")
    shape = None if samurai else variant_shape(size, regions, cages, windoku)
    if samurai and (size or x or regions or windoku or cages):
        refuse("a samurai takes no other variant option", "--samurai")
    if not puzzles and file is None and shape is not None and shape.cages:
        puzzles = ["." * shape.size**2]  # a killer without givens
    source = puzzle_source(ctx, puzzles, file, jobs)
    jobs = at_most_cores(jobs)
    work = Work.COUNT if counting else Work.LIST if every else Work.SOLVE
    task = Task(work, limit=limit, stats=stats)
    read, layout = _reading(samurai, shape, x, fmt)
    keep, draw = (None, None)
    if svg is not None:
        keep, draw = _drawing(svg, paper or Paper.a4, samurai, read)
    run(
        source,
        task,
        read=read,
        fmt=fmt.value,
        output=output,
        jobs=jobs,
        unique=unique,
        summary=stats,
        layout=layout,
        keep=keep,
        finish=draw,
        seconds=seconds,
    )


def _reading(samurai: bool, shape: Shape | None, x: bool, fmt: Format) -> tuple[Any, Layout]:
    """How the puzzles are read, and how a solution line is shown in ``fmt``."""
    if not samurai:
        read = reader(shape, x)
        return read, grid_layout(fmt.value, read)
    from sudoku.samurai import SamuraiReader, format_samurai, samurai_of_line

    def layout(line: str) -> str:
        return format_samurai(samurai_of_line(line)) if fmt is Format.grid else line

    return SamuraiReader(), layout


def _drawing(path: Path, paper: Paper, samurai: bool, read: PuzzleReader) -> tuple[Any, Any]:
    """What keeps every puzzle solved, and what draws them with their solutions on a sheet
    of ``paper`` at ``path`` when the run ends."""
    drawn: list[Solved] = []

    def draw() -> None:
        if not drawn:
            return
        from sudoku import sheets

        if samurai:
            from sudoku.samurai import samurai_of_line

            layouts = [samurai_of_line(s.puzzle) for s in drawn]
            solved = [samurai_of_line(s.solutions[0]) for s in drawn]
            pages = sheets.page_documents(sheets.samurai_pages(layouts, solved, paper=paper), paper)
        else:
            from sudoku.grid import parse

            grids = [read(s.puzzle) for s in drawn]
            answers = [parse(s.solutions[0], p.shape) for s, p in zip(drawn, grids, strict=True)]
            sheet = sheets.Sheet(grids, solutions=answers, title=title(grids[0]), paper=paper)
            pages = sheet.svg_pages()
        written = write_pages(path, pages)
        typer.echo(f"sheet: {', '.join(map(str, written))}", err=True)

    return drawn.append, draw


def _stdin_puzzle() -> str:
    """One puzzle's text from stdin (``count -``), refused past MAX_TEXT characters."""
    with guard(), open_input("-") as stream:
        text = ""
        for line in read_lines(stream, MAX_LINE):
            text += line
            if len(text) > MAX_TEXT:
                raise CommandError(f"standard input is longer than a grid ({MAX_TEXT}+ chars)")
        return text


COUNT_HELP = """Count the solutions of one puzzle (exit 1 when there is none).

A long count shows its progress when stderr is a terminal; Ctrl-C or --time-limit stops \
it, saying the count so far.

\b
Examples:
  dlx-sudoku count ................ --limit 1000
  dlx-sudoku count --x --size 4 -
  dlx-sudoku count --cages killer.txt
"""


@commands.command("count", help=COUNT_HELP, epilog=COUNT_EXIT_CODES)
def count_command(
    puzzle: Annotated[
        str | None,
        typer.Argument(
            help="The puzzle as text; - reads it from stdin. With --cages, none: no givens.",
            show_default=False,
        ),
    ] = None,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, max=MOST, help="Stop counting at N.")
    ] = None,
    size: SizeOption = None,
    x: XOption = False,
    regions: RegionsOption = None,
    windoku: WindokuOption = False,
    cages: CagesOption = None,
    samurai: SamuraiOption = False,
    fmt: Annotated[
        RecordFormat, typer.Option("--format", help="The count alone, or a JSON or CSV record.")
    ] = RecordFormat.line,
    seconds: TimeLimitOption = None,
) -> None:
    """Count the solutions of one puzzle (exit 1 when there is none)."""
    shape = None if samurai else variant_shape(size, regions, cages, windoku)
    if samurai and (size or x or regions or windoku or cages):
        refuse("a samurai takes no other variant option", "--samurai")
    if puzzle is None:
        if shape is None or not shape.cages:
            refuse("give a puzzle (or --cages for a killer)", "PUZZLE")
        puzzle = "." * shape.size**2  # type: ignore[union-attr]
    text = _stdin_puzzle() if puzzle == "-" else puzzle
    read, _ = _reading(samurai, shape, x, Format.line)
    run(Source((text,)), Task(Work.COUNT, limit=limit), read=read, fmt=fmt.value, seconds=seconds)
