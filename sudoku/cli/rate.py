"""``rate``: each puzzle's level and the hardest technique it needs, through ``sudoku.batch``
and the one writer."""

from __future__ import annotations

from typing import Annotated

import typer

from dlx.cli_io import TimeLimitOption, at_most_cores
from sudoku.batch import Task, Work, reader
from sudoku.cli.answers import puzzle_source, run
from sudoku.cli.options import (
    IO_EXIT_CODES,
    ExampleOption,
    JobsOption,
    SizeOption,
    XOption,
    box_shape,
    with_example,
)
from sudoku.files import RecordFormat

commands = typer.Typer(rich_markup_mode="rich")  # the same help under every typer

RATE_EXIT_CODES = (
    "Exit codes: 0 rated, 1 no solution, 2 bad input, 3 more than one solution (not rated); "
    f"for several puzzles, the largest that applies; {IO_EXIT_CODES}"
)
RATE_HELP = """Rate puzzles by the hardest technique a person needs.

Levels: easy (singles), medium (locked candidates, pairs), hard (triples, quads, fish, \
wings, unique rectangles, BUG+1), expert (chains, or a guess is needed). Each puzzle is also \
rated on Sudoku Explainer's scale (SE 1.0-11, its technique ladder and order). The engine's \
nodes and updates are shown beside, a mechanical measure.

\b
Examples:
  dlx-sudoku rate --steps --example
  dlx-sudoku rate --file puzzles.txt --stats > ratings.txt
"""


@commands.command("rate", help=RATE_HELP, epilog=RATE_EXIT_CODES)
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
    jobs: JobsOption = None,
    seconds: TimeLimitOption = None,
) -> None:
    """Rate puzzles by the hardest technique a person needs."""
    puzzles = with_example(example, puzzles, file)
    if json_out:
        if fmt is not RecordFormat.line and fmt is not RecordFormat.json:
            raise typer.BadParameter("--json is --format json", param_hint="--json")
        typer.echo("note: --json is deprecated; use --format json", err=True)
        fmt = RecordFormat.json
    source = puzzle_source(ctx, puzzles, file, jobs)
    jobs = at_most_cores(jobs)
    task = Task(Work.RATE, steps=steps)
    read = reader(box_shape(size), x)
    run(source, task, read=read, fmt=fmt.value, jobs=jobs, summary=stats, seconds=seconds)
