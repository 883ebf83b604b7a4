"""``generate``: unique puzzles by clue removal (``sudoku.generate``), killers and random
jigsaws (``sudoku.make_variants``), each written as a ``generated`` record through the one
record writer, with a printable sheet when asked."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer

from dlx.cli_io import CommandError, guard, open_binary_output, open_output
from sudoku.cli.options import (
    BAD_INPUT,
    NO_SOLUTION,
    PaperOption,
    RegionsOption,
    SeedOption,
    WindokuOption,
    XOption,
    note_fallback,
    progress_bar,
    refuse,
    variant_shape,
    write_pages,
)
from sudoku.files import LAYOUTS, Format, RecordWriter
from sudoku.generate import BIG_SIZE, BIG_TIME_LIMIT, DEFAULT_ATTEMPTS, GenerateError, Symmetry
from sudoku.grid import GridError, Shape
from sudoku.levels import Level, describe_bands
from sudoku.paper import Paper
from sudoku.records import COLUMNS

commands = typer.Typer(rich_markup_mode="rich")  # the same help under every typer

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


def generation_failed(error: GenerateError) -> CommandError:
    """Exit 1 when the attempt budget ran out, 2 when the request was refused (saying why,
    and leaving an output file as it was)."""
    from sudoku.generate import OutOfAttempts

    return CommandError(str(error), NO_SOLUTION if isinstance(error, OutOfAttempts) else BAD_INPUT)


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


@commands.command("generate", help=GENERATE_HELP)
def generate_command(
    count: Annotated[int, typer.Option("-n", min=1, help="How many puzzles.")] = 1,
    size: Annotated[int, typer.Option("--size", help="Grid size n (4, 6, 8, 9, 12, 16...).")] = 9,
    x: XOption = False,
    regions: RegionsOption = None,
    windoku: WindokuOption = False,
    jigsaw: Annotated[
        bool,
        typer.Option(
            "--jigsaw",
            help="Jigsaw: new random regions for each puzzle (written first); sizes 4 to 16.",
        ),
    ] = False,
    killer: Annotated[
        bool,
        typer.Option(
            "--killer",
            help="Killer: random cages decided by their sums (from 12x12 with some givens; "
            "the cage file is written); sizes 4 to 16.",
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
        Level | None,
        typer.Option(
            "--difficulty",
            help=f"Retry until a puzzle rates this level, a band of Sudoku Explainer's scale: "
            f"{describe_bands()}.",
        ),
    ] = None,
    se_band: Annotated[
        str | None,
        typer.Option(
            "--se",
            help="Retry until a puzzle rates in this band of Sudoku Explainer's scale "
            "(LOW-HIGH, such as 6.0-7.5).",
        ),
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
        typer.Option("--svg", help="Also write a printable sheet: one SVG per page."),
    ] = None,
    pdf: Annotated[
        Path | None,
        typer.Option("--pdf", help="Also write the sheet as one PDF (needs the \\[pdf] extra)."),
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
    paper: PaperOption = None,
    stats: Annotated[
        bool, typer.Option("--stats", help="Seed, clues, level and engine work per puzzle.")
    ] = False,
) -> None:
    """Generate unique puzzles: minimal unless --clues is given, rated, reproducible."""
    from sudoku.generate import resolve_seed

    if jigsaw and regions is not None:
        refuse("choose --jigsaw (random regions) or --regions", "--jigsaw")
    if jigsaw and windoku:
        refuse("windoku windows need boxes, not the regions of a jigsaw", "--windoku")
    shaping = (solutions, per_page is not None, title is not None, paper is not None)
    if any(shaping) and svg is None and pdf is None:
        refuse(
            "--solutions, --per-page, --title and --paper shape a sheet: give --svg or --pdf",
            "--svg",
        )
    if jigsaw:  # any size: new regions each puzzle, so the shape only carries size and rules
        n = 9 if size is None else size
        shape = Shape.jigsaw([[(r, c) for c in range(n)] for r in range(n)])
    else:
        shape = variant_shape(size, regions, None, windoku) or Shape()
    shape = shape.with_diagonals() if x else shape
    if fmt is Format.csv and (killer or jigsaw or x or windoku or regions is not None):
        refuse(
            "a CSV row has no room for a variant's rules and maps: use --format json (one "
            "line a puzzle, with them) or a text layout",
            "--format",
        )
    if killer or jigsaw:
        targets = (clues, difficulty, mask, se_band)
        if any(t is not None for t in targets) or fewest_clues or symmetry is not Symmetry.none:
            refuse(
                "--killer and --jigsaw make minimal puzzles: no --clues, --fewest, --mask, "
                "--difficulty, --se or --symmetry",
                "--killer" if killer else "--jigsaw",
            )
    elif fewest_clues and (time_limit is None or clues is not None or mask is not None):
        refuse("needs --time-limit, and neither --clues nor --mask", "--fewest")
    band = None
    if se_band is not None:
        others = (clues, difficulty, mask, time_limit)
        if any(t is not None for t in others) or fewest_clues:
            refuse(
                "makes minimal puzzles until one rates in the band: no --clues, --fewest, "
                "--mask, --difficulty or --time-limit",
                "--se",
            )
        from sudoku.generate_se import parse_band

        try:
            band = parse_band(se_band)
        except GenerateError as error:
            refuse(str(error), "--se")
    if killer or jigsaw:
        from sudoku.make_variants import check_size

        for option, asked in (("--killer", {"killer": killer}), ("--jigsaw", {"jigsaw": jigsaw})):
            try:
                check_size(shape.size, **asked)
            except GenerateError as error:
                refuse(str(error), option)
    pattern = None if killer or jigsaw else _mask(mask, shape)
    start = resolve_seed(seed)
    typer.echo(f"seed {start}", err=True)
    if time_limit is None and shape.size >= BIG_SIZE:
        time_limit = BIG_TIME_LIMIT
        after = (
            "a killer not proved by then is an error"
            if killer
            else "one still digging then is written unique but not minimal"
        )
        typer.echo(
            f"note: {shape.size}x{shape.size} puzzles get {BIG_TIME_LIMIT:g} s each unless "
            f"--time-limit says otherwise; {after}",
            err=True,
        )
    note_fallback()
    made: list[Any] = []
    with guard(), ExitStack() as stack:
        advance = stack.enter_context(progress_bar(count, "generating", True))

        def moved(k: int, fraction: float, status: str) -> None:
            advance(k + fraction, f"puzzle {k + 1}/{count}: {status}")

        if killer or jigsaw:
            puzzles = _variants(count, shape, killer, jigsaw, start, attempts, time_limit)
        else:
            puzzles = _classic(
                count, shape, start, clues, difficulty, symmetry, pattern, fewest_clues,
                attempts, time_limit, moved, band,
            )  # fmt: skip
        out = stack.enter_context(open_output(output))
        writer = RecordWriter(out, fmt.value, COLUMNS["generated"])
        try:
            for number, one in enumerate(puzzles, 1):
                made.append(one)
                _write(writer, number, one, stats)
                advance(number)
        except GenerateError as error:
            raise generation_failed(error) from None
        _print_sheet(made, svg, pdf, solutions, per_page, title, paper or Paper.a4)


def _classic(
    count: int,
    shape: Shape,
    start: int,
    clues: int | None,
    difficulty: Level | None,
    symmetry: Symmetry,
    pattern: frozenset[int] | None,
    fewest_clues: bool,
    attempts: int,
    time_limit: float | None,
    moved: Any,
    band: tuple[float, float] | None,
) -> Iterator[Any]:
    from sudoku.generate import fewest, generate_many
    from sudoku.generate_se import generate_se_many

    if band is not None:
        yield from generate_se_many(
            count, *band, shape, symmetry=symmetry.value, seed=start, attempts=attempts,
            progress=moved,
        )  # fmt: skip
        return

    if fewest_clues:
        assert time_limit is not None  # --fewest comes with one (the options are checked)
        for k in range(count):
            yield fewest(
                shape,
                symmetry=symmetry.value,
                seed=start + k,
                time_limit=time_limit,
                progress=partial(moved, k),
            )
        return
    yield from generate_many(
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


def _variants(
    count: int,
    shape: Shape,
    killer: bool,
    jigsaw: bool,
    start: int,
    attempts: int,
    time_limit: float | None,
) -> Iterator[Any]:
    """Killer or random-jigsaw puzzles (or both), puzzle k with seed start+k-1, each within
    ``time_limit`` seconds; the other rules asked for (X, windoku) kept on every one."""
    from sudoku.make_variants import generate_variant

    for value in range(start, start + count):
        yield generate_variant(
            shape, jigsaw=jigsaw, killer=killer, seed=value, attempts=attempts,
            time_limit=time_limit,
        )  # fmt: skip


def _write(writer: RecordWriter, number: int, made: Any, stats: bool) -> None:
    """One generated puzzle with the seed that reproduces it (a ``#`` line before it, which
    readers skip, or a field), and its particulars on stderr with ``stats``. A variant is
    written as a block that states its rules and maps (``sudoku.variants``), then a blank
    line, so that every command reads it back with no option; JSON and CSV records carry
    the same in their fields."""
    record = made.record()
    rating = getattr(made, "rating", None)
    about = f", {made.clues} clues, symmetry {made.symmetry}, {rating.level}" if rating else ""
    writer.comment(f"seed {made.seed}{about}")
    layout = LAYOUTS.get(writer.fmt)
    if record.variant == "classic" or layout is None:
        writer.write(record.to_record(), made.puzzle)
    else:  # givens unless a killer has none (its cages alone decide it)
        from sudoku.variants import variant_block

        givens = layout(made.puzzle) if any(made.puzzle.cells) or not record.cages else None
        writer.write(record.to_record(), variant_block(made.puzzle, givens) + "\n")
    writer.out.flush()
    if stats:
        level = f", {rating.level} ({rating.hardest or 'no step'})" if rating else ""
        work = f", {made.nodes} nodes" if made.nodes is not None else ""
        work += f", {made.updates} updates" if getattr(made, "updates", None) is not None else ""
        typer.echo(
            f"puzzle {number}: seed {made.seed}, {made.clues} clues{level}, found on attempt "
            f"{made.attempts}{work}",
            err=True,
        )


def _print_sheet(
    made: list[Any],
    svg: Path | None,
    pdf: Path | None,
    solutions: bool,
    per_page: int | None,
    title: str | None,
    paper: Paper,
) -> None:
    """The printable sheet of the puzzles made: SVG pages and/or a PDF, named on stderr."""
    if svg is None and pdf is None or not made:
        return
    from sudoku import sheets

    captions = []
    for k, m in enumerate(made, 1):
        rating = getattr(m, "rating", None)
        extra = f"  {rating.level}  {m.clues} clues" if rating is not None else ""
        captions.append(f"#{k}  seed {m.seed}{extra}")
    try:
        sheet = sheets.Sheet(
            [m.puzzle for m in made],
            captions,
            [m.solution for m in made] if solutions else None,
            title=title,
            per_page=per_page,
            paper=paper,
        )
        pages = [] if svg is None else sheet.svg_pages()
        document = None if pdf is None else sheet.pdf()
    except sheets.SheetError as error:
        raise CommandError(str(error)) from None
    written = [] if svg is None else write_pages(svg, pages)
    if pdf is not None and document is not None:
        with open_binary_output(pdf) as file:
            file.write(document)
        written.append(pdf)
    typer.echo(f"sheet: {', '.join(map(str, written))}", err=True)
