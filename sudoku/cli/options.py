"""What the sudoku commands share: their options, the variant options read into a shape,
the exit-code texts, the progress bar and the sheets they write."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from dlx.cli_io import INTERRUPTED, MAX_JOBS, MOST, TIMED_OUT, WRITE_FAILED, open_output
from sudoku.grid import Grid, GridError, Shape
from sudoku.paper import Paper

SOLVED, NO_SOLUTION, BAD_INPUT, SEVERAL = 0, 1, 2, 3
EXIT_CODES = (
    "Exit codes: 0 solved (and unique where --unique was asked), 1 no solution, 2 bad input, "
    "3 more than one solution with --unique; for several puzzles, the largest that applies; "
    f"{WRITE_FAILED} the output could not be written, {TIMED_OUT} the --time-limit ran out, "
    f"{INTERRUPTED} interrupted (answers written so far are kept; 143 and 129 for SIGTERM "
    "and SIGHUP)."
)
IO_EXIT_CODES = (
    f"{WRITE_FAILED} the output could not be written, {TIMED_OUT} the --time-limit ran out, "
    f"{INTERRUPTED} interrupted."
)
EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

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
LimitOption = Annotated[
    int | None,
    typer.Option("--limit", min=1, max=MOST, help="With --count or --all: stop at N solutions."),
]
XOption = Annotated[bool, typer.Option("--x", help="X-sudoku: both diagonals hold 1..n too.")]
ExampleOption = Annotated[
    bool, typer.Option("--example", help="The built-in example puzzle (Norvig's hardest).")
]
SeedOption = Annotated[
    int | None,
    typer.Option("--seed", help="Reproduce a run (default: drawn, and reported on stderr)."),
]
FileOption = Annotated[
    str | None,
    typer.Option(
        "--file",
        "-f",
        help="A file of puzzles in any layout solve reads, # comments allowed; - for "
        "standard input. One puzzle a line streams in constant memory.",
    ),
]
PaperOption = Annotated[
    Paper | None,
    typer.Option(
        "--paper",
        show_default="a4",
        help="The sheet's paper: A4 (210 x 297 mm) or US Letter (8.5 x 11 in).",
    ),
]
JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        max=MAX_JOBS,
        help="With a file: answer on N cores (threads of the C batch, else processes; "
        "default: every core for plain solving, one otherwise). Same output, in order.",
    ),
]


def with_example(example: bool, puzzles: list[str] | None, file: str | None) -> list[str]:
    """The puzzles given, or the built-in example for ``--example`` (which takes no other)."""
    if not example:
        return puzzles or []
    if puzzles or file is not None:
        raise typer.BadParameter("--example takes no other puzzle", param_hint="--example")
    return [EXAMPLE]


def box_shape(size: int | None) -> Shape | None:
    """The box shape of ``--size``, or None when each puzzle's cell count decides."""
    try:
        return None if size is None else Shape.for_size(size)
    except GridError as error:
        raise typer.BadParameter(str(error), param_hint="--size") from None


def variant_shape(
    size: int | None, regions: Path | None, cages: Path | None, windoku: bool
) -> Shape | None:
    """The shape the variant options describe (None: each puzzle's size decides), as
    ``sudoku.variants.variant_shape`` composes it from the map files' text; what is wrong
    names the option, and the file, line and column of a map."""
    if regions is None and cages is None and not windoku:
        return box_shape(size)  # no variant: the registry of variants is not needed
    from sudoku.variants import VariantError
    from sudoku.variants import variant_shape as compose

    maps = {"regions": regions, "cages": cages}
    texts = {option: _read_map(path, option) if path else None for option, path in maps.items()}
    try:
        return compose(size, windoku=windoku, regions=texts["regions"], cages=texts["cages"])
    except VariantError as error:
        path = maps.get(error.option)
        said = str(error) if path is None else f"{path}: {error}"
        raise typer.BadParameter(said, param_hint=f"--{error.option}") from None


def _read_map(path: Path, option: str) -> str:
    """A region or cage file's text; one that cannot be read is a refusal naming it."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise typer.BadParameter(
            f"cannot read {path}: {reason}", param_hint=f"--{option}"
        ) from None


def refuse(message: str, option: str) -> None:
    """Refuse an option that does not go with the others given: exit 2, saying why."""
    raise typer.BadParameter(message, param_hint=option)


def loop_in_use() -> str:
    """Which search loop ``backend=None`` runs, in words."""
    from dlx.search import DEFAULT_BACKEND

    if DEFAULT_BACKEND == "c":
        return "C accelerator (dlx._search)"
    return "pure Python (dlx._search, the C accelerator, is not built: hard puzzles are slower)"


_fallback_noted = False


def note_fallback() -> None:
    """Say once per run, on a terminal's stderr, that the search runs without the C loop.

    Once per run and only on a terminal: scripts and pipes see no extra line, a person sees
    it on the first search; ``dlx-sudoku --version`` says which loop is in use at any time.
    """
    global _fallback_noted
    from dlx.search import DEFAULT_BACKEND

    if DEFAULT_BACKEND != "c" and not _fallback_noted and sys.stderr.isatty():
        typer.echo(f"note: searching in {loop_in_use()}", err=True)
    _fallback_noted = True


NOTE_EVERY = 10.0  # seconds between progress notes off a terminal


@contextmanager
def progress_bar(total: float, label: str, show: bool) -> Iterator[Callable[..., None]]:
    """A callable ``advance(done, status="")`` that moves a progress bar on stderr to
    ``done`` (of ``total``) and shows ``status`` beside it, when ``show`` and stderr is a
    terminal; off a terminal, a line saying where it stands every NOTE_EVERY seconds once
    a run has taken that long (a log or a pipe hears that a long run is alive); without
    ``show``, a callable that does nothing."""
    if not show:
        yield lambda done, status="": None
        return
    if not sys.stderr.isatty():
        last = time.monotonic()

        def note(done: float, status: str = "") -> None:
            nonlocal last
            if done < total and time.monotonic() - last >= NOTE_EVERY:
                last = time.monotonic()
                typer.echo(f"{label}: {done:.2f} of {total:g} done; {status}", err=True)

        yield note
        return
    from rich.console import Console
    from rich.progress import Progress, TextColumn

    columns = (*Progress.get_default_columns(), TextColumn("{task.fields[status]}"))
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=total, status="")
        yield lambda done, status="": progress.update(task, completed=done, status=status)


def title(puzzle: Grid) -> str:
    """The name of a puzzle's variant, for the title of its sheet."""
    from sudoku.variants import variant_name

    return variant_name(puzzle.shape)


def write_pages(path: Path, pages: Sequence[str]) -> list[Path]:
    """A sheet's SVG pages, at ``path`` for one page and ``NAME-1.svg``, ``NAME-2.svg``...
    beside it for more (``sudoku.sheets.page_files``), each written as every output is
    (see ``dlx.cli_io``): the files written."""
    from sudoku.sheets import page_files

    written = page_files(path, len(pages))
    for file_path, page in zip(written, pages, strict=True):
        with open_output(file_path) as file:
            file.write(page)
    return written
