"""``grids``: N distinct complete grids, written in bulk by ``sudoku.grids.write_grids``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from dlx.cli_io import guard, open_binary_output
from sudoku.cli.generate import generation_failed
from sudoku.cli.options import SeedOption, box_shape, progress_bar
from sudoku.generate import GenerateError
from sudoku.grid import Shape
from sudoku.grids import GridFormat, Layout

commands = typer.Typer(rich_markup_mode="rich")  # the same help under every typer

GRIDS_HELP = """Write N distinct complete grids, fast: transformed and relabelled engine-made grids.

Distinctness is guaranteed by construction, not by remembering grids: a million 9x9 grids \
take seconds and little memory.

Small shapes have few grids: 4x4 has exactly 288 (72 with --first-digit), 6x6 28,200,960; \
asking for more is refused before anything is written (exit 2).

\b
Examples:
  dlx-sudoku grids -n 1000000 -o grids.txt
  dlx-sudoku grids -n 10 -o - --first-digit 1 --format spaced
"""


@commands.command("grids", help=GRIDS_HELP)
def grids_command(
    count: Annotated[int, typer.Option("-n", min=1, help="How many grids.")],
    output: Annotated[
        Path, typer.Option("--output", "-o", help="The file to write (- for stdout).")
    ],
    first_digit: Annotated[
        int | None, typer.Option("--first-digit", help="Fix the top-left cell to D.")
    ] = None,
    fmt: Annotated[
        GridFormat | None,
        typer.Option(
            "--format",
            help="One line per grid, or n spaced lines and a blank line (as --layout grid).",
        ),
    ] = None,
    layout: Annotated[
        Layout | None,
        typer.Option("--layout", help="line, or grid: the spaced lines, as --format spaced."),
    ] = None,
    size: Annotated[int, typer.Option("--size", help="Grid size n (4, 6, 8, 9, 12, 16...).")] = 9,
    seed: SeedOption = None,
) -> None:
    """Write N distinct complete grids, fast."""
    from sudoku.generate import resolve_seed
    from sudoku.grids import check_grid_request, write_grids

    if fmt is not None and layout is not None and fmt.layout is not layout:
        raise typer.BadParameter(
            "--format and --layout say two things; give one", param_hint="--layout"
        )
    written = fmt.layout if fmt is not None else layout or Layout.line
    shape = box_shape(size) or Shape()
    start = resolve_seed(seed)
    began = time.perf_counter()
    with guard():
        try:
            check_grid_request(count, shape, first_digit)  # before an output file is opened
        except GenerateError as error:
            raise generation_failed(error) from None
        with (
            open_binary_output(output) as out,
            progress_bar(count, "grids", count >= 100_000) as advance,
        ):
            try:
                write_grids(
                    out,
                    count,
                    shape,
                    first_digit=first_digit,
                    layout=written.value,
                    seed=start,
                    progress=advance,
                )
            except GenerateError as error:
                raise generation_failed(error) from None
    seconds = time.perf_counter() - began
    typer.echo(
        f"{count} distinct grids in {seconds:.2f} s ({count / seconds:,.0f} grids/s), seed {start}",
        err=True,
    )
