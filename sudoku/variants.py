"""The variants: their file formats (jigsaw regions and killer cages as text, read and
written) and the one registry of variants (`VARIANTS`): what each is called, the option that
asks for it, how it makes a shape; `variant_shape` composes a shape from the options the
command line and the web take, `variant_name` and `variant_key` name a shape's variant.

Both are a *map*: n lines of n labels, one character a cell (spaces between them allowed),
``#`` comment lines and blank lines ignored. A label is any character other than a space,
``#``, ``=`` and ``.``.

Region file (jigsaw)
    The map alone: cells with the same label form a region; there are n labels, each on n
    cells::

        aaabbbccc
        aaabbbccc
        ...

Cage file (killer)
    The map, ``.`` for a cell in no cage, then the sums as ``label=sum`` entries separated by
    spaces, on as many lines as you like::

        aabbc
        ...
        a=3 b=15 c=22

    Every label of the map needs one sum and every sum a label of the map. A cage's cells
    hold different digits adding up to its sum.

Puzzle that states its variant (what ``generate`` writes for every variant)
    A block: a ``variant KEY`` line (KEY as `variant_key` writes it: ``x``, ``windoku``,
    ``jigsaw``, ``killer``, or several joined by ``+`` such as ``jigsaw+x``), then the maps
    its variants take (a jigsaw's region map, then a killer's cage map and sums), then the
    givens (one line, or n rows; a killer may have none), then a blank line::

        variant jigsaw+x
        aaaaabbcc
        ...
        ..........1.........6...4..2......

    `read_variant_block` reads it, `variant_block` writes it; a JSON record says the same
    with its ``variant``, ``regions`` and ``cages`` fields (`stated_shape`). Such a puzzle
    is read by its own rules, with no option needed.

Errors name the line and column of what is wrong (a short row, a region of the wrong size,
a sum no digits can make, a label without a sum) and what was expected; `variant_shape`'s
errors (`VariantError`) name the option at fault too.
"""

from __future__ import annotations

import enum
import string
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sudoku.grid import VARIANT_WORD, Cell, Grid, GridError, Shape, cage_digits, parse

NO_CAGE = "."
NOT_LABELS = " \t#=" + NO_CAGE
LABELS = string.ascii_letters + string.digits + "!$%&*+-/:;<>?@^_~"  # what the writers use

Place = tuple[int, int]  # (line, column), 1-based


def _lines(text: str) -> list[tuple[int, str]]:
    """The numbered lines that say something: not blank, not a ``#`` comment."""
    return [
        (number, line.rstrip("\r\n"))
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def _read_map(
    lines: list[tuple[int, str]], blank: str = ""
) -> tuple[int, dict[str, list[Cell]], dict[Cell, Place]]:
    """The size n, each label's cells (in reading order) and every cell's place in the text.

    ``blank`` is a character standing for a cell without a label (it takes a place).
    """
    if not lines:
        raise GridError("found no map, expected n lines of n labels")
    rows: list[list[tuple[str, Place]]] = []
    for number, line in lines:
        row = [
            (char, (number, column)) for column, char in enumerate(line, 1) if not char.isspace()
        ]
        for char, (_, column) in row:
            if char != blank and char in NOT_LABELS:
                raise GridError(f"found {char!r}, expected a label", number, column)
        rows.append(row)
    n = len(rows[0])
    first_line = lines[0][0]
    if not 4 <= n <= 25:
        raise GridError(f"found {n} labels in the first row, expected 4 to 25", first_line)
    labels: dict[str, list[Cell]] = {}
    places: dict[Cell, Place] = {}
    for r, ((number, line), row) in enumerate(zip(lines, rows, strict=True)):
        if r >= n:
            raise GridError(f"found more than {n} rows, expected {n} like the first row", number)
        if len(row) != n:
            column = row[n][1][1] if len(row) > n else len(line) + 1
            raise GridError(
                f"found {len(row)} labels, expected {n} like the first row", number, column
            )
        for c, (char, place) in enumerate(row):
            places[r, c] = place
            if char != blank:
                labels.setdefault(char, []).append((r, c))
    if len(rows) < n:
        raise GridError(f"found {len(rows)} rows, expected {n}", lines[-1][0] + 1)
    return n, labels, places


def read_regions(text: str) -> Shape:
    """The jigsaw shape a region file describes (see the module's docstring)."""
    n, labels, places = _read_map(_lines(text))
    for label, cells in labels.items():
        if len(cells) != n:
            raise GridError(
                f"region {label!r} has {len(cells)} cells, expected {n}", *places[cells[0]]
            )
    return Shape.jigsaw(list(labels.values()))


def read_cages(text: str, shape: Shape | None = None) -> Shape:
    """``shape`` (the box shape of the map's size unless told) with the cages a cage file
    describes (see the module's docstring), in the order their labels first appear."""
    lines = _lines(text)
    split = next((k for k, (_, line) in enumerate(lines) if "=" in line), len(lines))
    n, labels, places = _read_map(lines[:split], blank=NO_CAGE)
    if shape is None:
        shape = Shape.for_size(n)
    elif shape.size != n:
        raise GridError(f"found a {n}x{n} cage map, expected {shape.size}x{shape.size}", 1)
    sums: dict[str, int] = {}
    for number, line in lines[split:]:
        column = 1
        for entry in line.split():
            column = line.index(entry, column - 1) + 1
            label, equals, total = entry.partition("=")
            if not equals or len(label) != 1 or not total.isdigit():
                raise GridError(f"found {entry!r}, expected label=sum", number, column)
            if label not in labels:
                raise GridError(
                    f"found a sum for {label!r}, a label not in the map", number, column
                )
            if label in sums:
                raise GridError(f"found a second sum for {label!r}", number, column)
            cells = labels[label]
            if not cage_digits(int(total), len(cells), n):
                raise GridError(
                    f"no {len(cells)} different digits 1..{n} add up to {total} (cage {label!r})",
                    number,
                    column,
                )
            sums[label] = int(total)
            column += len(entry)
    for label, cells in labels.items():
        if label not in sums:
            raise GridError(
                f"cage {label!r} has no sum (expected {label}=sum after the map)", *places[cells[0]]
            )
    return shape.with_cages((sums[label], cells) for label, cells in labels.items())


def _format_map(n: int, label_of: dict[Cell, str], blank: str) -> str:
    return "".join("".join(label_of.get((r, c), blank) for c in range(n)) + "\n" for r in range(n))


def _labels_for(count: int, what: str) -> str:
    if count > len(LABELS):
        raise GridError(f"found {count} {what}, expected at most {len(LABELS)} to write a map")
    return LABELS[:count]


def format_regions(shape: Shape) -> str:
    """The region file of a shape's boxes or jigsaw regions: `read_regions` reads it back."""
    labels = _labels_for(len(shape.boxes), "regions")
    label_of = {cell: labels[k] for k, box in enumerate(shape.boxes) for cell in box}
    return _format_map(shape.size, label_of, NO_CAGE)


def format_cages(shape: Shape) -> str:
    """The cage file of a killer shape: `read_cages` reads it back (as the same cages)."""
    labels = _labels_for(len(shape.cages), "cages")
    label_of = {cell: labels[k] for k, (_, cage) in enumerate(shape.cages) for cell in cage}
    sums = [f"{labels[k]}={total}" for k, (total, _) in enumerate(shape.cages)]
    rows = [" ".join(sums[k : k + 12]) + "\n" for k in range(0, len(sums), 12)]
    return _format_map(shape.size, label_of, NO_CAGE) + "".join(rows)


# --- the registry ----------------------------------------------------------------------


class VariantName(str, enum.Enum):
    """The variants by the names that requests, records and command choices use."""

    classic = "classic"
    x = "x"
    windoku = "windoku"
    jigsaw = "jigsaw"
    killer = "killer"


class VariantError(GridError):
    """Variant options that cannot make a shape: ``option`` names the one at fault (a
    keyword of `variant_shape`: ``size``, ``windoku``, ``regions``, ``cages``), so that the
    command line can point at its flag and the web API at its field; ``line`` and
    ``column`` say where in a map's text."""

    def __init__(
        self, reason: str, line: int | None = None, column: int | None = None, *, option: str
    ) -> None:
        super().__init__(reason, line, column)
        self.option = option


def _same(shape: Shape) -> Shape:
    return shape


def _never(shape: Shape) -> bool:
    return False


def _read_jigsaw(text: str, base: Shape | None) -> Shape:
    return read_regions(text)  # the regions replace the base's boxes; the size is checked


@dataclass(frozen=True)
class Variant:
    """A kind of sudoku: what it is called, the option that asks for it, how it makes a
    shape.

    ``option`` is the keyword of `variant_shape` that asks for the variant (the command
    line's flag, and for a map the web request's field). ``holds`` tells whether a shape
    follows the variant's rule. A variant whose rule the puzzle text cannot say (jigsaw
    regions, killer cages) takes a map: ``read_map(text, base)`` reads it, on ``base`` (None:
    the map's own size), in the file formats above, and ``write_map`` writes it back; the
    others ``extend`` a box shape with their regions. In a shape's name (`variant_name`)
    the variant is ``word``, put before the noun, or the noun itself (``noun``).
    """

    name: VariantName
    label: str
    option: str | None = None
    holds: Callable[[Shape], bool] = _never
    extend: Callable[[Shape], Shape] = _same
    read_map: Callable[[str, Shape | None], Shape] | None = None
    write_map: Callable[[Shape], str] | None = None
    map_help: str = ""
    word: str = ""
    noun: str | None = None

    @property
    def map_field(self) -> str | None:
        """The option that carries the variant's map (``regions``, ``cages``), or None."""
        return self.option if self.read_map is not None else None

    def options(self, map_text: str | None = None) -> dict[str, Any]:
        """The keywords of `variant_shape` that ask for this variant alone, with
        ``map_text`` as its map where it takes one."""
        if self.option is None:
            return {}
        return {self.option: map_text if self.read_map is not None else True}


#: The variants, by the name requests and records use (``variant_key``): the one registry.
#: The page offers them in this order; a shape's name puts the later ones first.
VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (
        Variant(VariantName.classic, "Classic"),
        Variant(
            VariantName.x,
            "X-sudoku",
            option="x",
            holds=lambda shape: "diagonal" in shape.extra_names,
            extend=Shape.with_diagonals,
            word="X-",
        ),
        Variant(
            VariantName.windoku,
            "Windoku",
            option="windoku",
            holds=lambda shape: "window 1" in shape.extra_names,
            extend=Shape.with_windows,
            noun="windoku",
        ),
        Variant(
            VariantName.jigsaw,
            "Jigsaw",
            option="regions",
            holds=lambda shape: shape.regions is not None,
            read_map=_read_jigsaw,
            write_map=format_regions,
            map_help="n lines of n labels, cells with the same label forming a region",
            word="jigsaw ",
        ),
        Variant(
            VariantName.killer,
            "Killer",
            option="cages",
            holds=lambda shape: bool(shape.cages),
            read_map=read_cages,
            write_map=format_cages,
            map_help="n lines of n labels ('.' for a cell in no cage), "
            "then label=sum for each cage",
            word="killer ",
        ),
    )
}


def variants_of(shape: Shape) -> tuple[Variant, ...]:
    """The variants whose rules ``shape`` follows, in registry order (none: classic)."""
    return tuple(variant for variant in VARIANTS.values() if variant.holds(shape))


def variant_name(shape: Shape) -> str:
    """What a shape's puzzles are called: "Killer sudoku", "Jigsaw X-sudoku", "Windoku"...
    (the words of its variants, the registry's later ones first, before the noun)."""
    held = variants_of(shape)
    noun = next((variant.noun for variant in held if variant.noun), "sudoku")
    name = "".join(variant.word for variant in reversed(held)) + noun
    return name[0].upper() + name[1:]


def variant_key(shape: Shape) -> str:
    """The variant of a shape as the records name it: ``classic``, or its variants' names
    in alphabetical order joined by ``+`` (``jigsaw+x``, ``killer+windoku``)."""
    return "+".join(sorted(variant.name.value for variant in variants_of(shape))) or "classic"


@contextmanager
def _blaming(option: str) -> Iterator[None]:
    """A GridError raised inside, as a VariantError naming ``option``."""
    try:
        yield
    except VariantError:
        raise
    except GridError as error:
        raise VariantError(error.reason, error.line, error.column, option=option) from None


def _with_map(variant: Variant, text: str, base: Shape | None) -> Shape:
    """``variant``'s map read on ``base``: a map of another size than the base is refused."""
    assert variant.read_map is not None and variant.option is not None
    with _blaming(variant.option):
        made = variant.read_map(text, base)
    if base is not None and made.size != base.size:
        raise VariantError(
            f"found a {made.size}x{made.size} map, expected {base.size}x{base.size}",
            option=variant.option,
        )
    return made


def variant_shape(
    size: int | None = None,
    *,
    x: bool = False,
    windoku: bool = False,
    regions: str | None = None,
    cages: str | None = None,
) -> Shape | None:
    """The shape that variant options describe, as the command line and the web take them:
    ``size`` (a box grid of n x n), ``x`` (the two diagonals), ``windoku`` (the windows),
    ``regions`` (a region file's text: a jigsaw) and ``cages`` (a cage file's text: a
    killer), together where they go together.

    None when no option fixes the size (none given, or ``x`` alone): each puzzle's cell
    count decides, and ``variant_shape(n, x=x)`` is its shape. Windows without a size or a
    map are 9x9's. Raises `VariantError` naming the option at fault: a size that has no
    boxes, windows on jigsaw regions (or on boxes that are not square, 3x3 or more), a map
    that is not one (with its line and column) or one of another size than the rest.
    """
    shape = None
    if size is not None and regions is None:  # regions replace boxes: any size has them
        with _blaming("size"):
            shape = Shape.for_size(size)
    if regions is not None:
        if windoku:
            raise VariantError("windoku windows need boxes, not regions", option="windoku")
        shape = _with_map(VARIANTS[VariantName.jigsaw], regions, None)
        if size is not None and shape.size != size:
            raise VariantError(
                f"found a {shape.size}x{shape.size} map, expected {size}x{size}", option="regions"
            )
    if windoku:
        with _blaming("windoku"):
            shape = VARIANTS[VariantName.windoku].extend(shape or Shape())
    if cages is not None:
        shape = _with_map(VARIANTS[VariantName.killer], cages, shape)
    if x and shape is not None:
        shape = VARIANTS[VariantName.x].extend(shape)
    return shape


# --- puzzles that state their variant ------------------------------------------------------


def stated_variants(key: str, line: int | None = None, column: int | None = None) -> set[str]:
    """The variants a ``variant KEY`` line or a record's ``variant`` field names, checked:
    known names joined by ``+``, each once, ``classic`` alone. GridError at ``line`` and
    ``column`` otherwise."""
    names = key.split("+")
    at = column
    for name in names:
        if name not in VARIANTS:
            raise GridError(
                f"found variant {name!r}, expected {', '.join(VARIANTS)} (joined by + to combine)",
                line,
                at,
            )
        at = at and at + len(name) + 1
    if len(set(names)) != len(names) or "classic" in names and len(names) > 1:
        raise GridError(
            f"found variant {key!r}: each variant once, and classic alone", line, column
        )
    return set(names) - {"classic"}


def stated_shape(
    names: set[str],
    *,
    regions: str | None = None,
    cages: str | None = None,
    size: int | None = None,
) -> Shape | None:
    """The shape of a puzzle that states its variants (``names``, from `stated_variants`)
    and carries their maps; None when only the givens can tell the size (X alone, or
    classic). A map the variants do not take, or one they take and lack, is an error."""
    for name, option, given in (
        (VariantName.jigsaw, "regions", regions),
        (VariantName.killer, "cages", cages),
    ):
        if name.value in names and given is None:
            raise VariantError(f"variant {name.value} needs its {option} map", option=option)
        if name.value not in names and given is not None:
            raise VariantError(
                f"found a {option} map, but the variant does not name {name.value}",
                option=option,
            )
    if "windoku" in names and size is None and regions is None and cages is None:
        size = 9
    return variant_shape(
        size, x="x" in names, windoku="windoku" in names, regions=regions, cages=cages
    )


def _map_end(rows: list[tuple[int, str]], start: int, sums: bool) -> int:
    """Where the map that starts at ``rows[start]`` ends: n rows, n the cells of its first
    row, and after a cage map the lines of sums (the only lines with ``=``)."""
    n = sum(1 for char in rows[start][1] if not char.isspace())
    end = min(start + n, len(rows))
    while sums and end < len(rows) and "=" in rows[end][1]:
        end += 1
    return end


def read_variant_block(key: str, place: Place, lines: list[tuple[int, str]]) -> Grid:
    """The puzzle of a variant block (see the module): ``key`` from its ``variant`` line at
    ``place`` (line, column of the key), ``lines`` the numbered lines after it. Errors are
    placed on the block's own lines."""
    names = stated_variants(key, *place)
    rows = [(number, line) for number, line in lines if not line.lstrip().startswith("#")]
    maps: dict[str, str] = {}
    map_rows: dict[str | None, list[tuple[int, str]]] = {}
    at = 0
    for name in (VariantName.jigsaw, VariantName.killer):
        option = VARIANTS[name].option
        if name.value not in names or option is None:
            continue
        if at >= len(rows):
            raise GridError(f"found no {option} map after the variant line", place[0] + 1)
        end = _map_end(rows, at, sums=name is VariantName.killer)
        map_rows[option] = rows[at:end]
        maps[option] = "\n".join(line for _, line in rows[at:end])
        at = end
    givens = rows[at:]
    try:
        return stated_puzzle(
            names,
            "\n".join(line for _, line in givens),
            regions=maps.get("regions"),
            cages=maps.get("cages"),
        )
    except VariantError as error:
        raise _placed_in(error, map_rows.get(error.option) or [(place[0], "")]) from None
    except GridError as error:
        raise _placed_in(
            error, givens or [(rows[-1][0] + 1 if rows else place[0] + 1, "")]
        ) from None


def stated_puzzle(
    names: set[str],
    givens: str,
    *,
    regions: str | None = None,
    cages: str | None = None,
    size: int | None = None,
) -> Grid:
    """The puzzle whose ``givens`` (text in any layout ``parse`` reads; empty for a killer
    without givens) follow the rules it states (see `stated_shape`). Errors in the maps are
    VariantErrors naming the map's option; errors in the givens, GridErrors."""
    shape = stated_shape(names, regions=regions, cages=cages, size=size)
    if not givens.strip():
        if shape is None or not shape.cages:
            raise GridError("found no givens, expected the puzzle (a line or n rows)")
        return Grid(shape, (0,) * shape.size**2)
    if shape is None:  # X alone (or classic): the givens tell the size
        grid = parse(givens)
        return Grid(grid.shape.with_diagonals(), grid.cells) if names else grid
    return parse(givens, shape)


def _placed_in(error: GridError, rows: list[tuple[int, str]]) -> GridError:
    """``error`` from the text of ``rows`` (numbered lines of the file), on its file line."""
    if error.line is None:
        return error.at_line(rows[0][0])
    k = error.line - 1
    return error.at_line(rows[k][0] if k < len(rows) else rows[-1][0] + 1)


def variant_block(puzzle: Grid, givens: str | None) -> str:
    """The variant block of ``puzzle`` (see the module), with ``givens`` as its puzzle in a
    layout (None: none written, for a killer decided by its cages alone); no line end
    after its last line."""
    shape = puzzle.shape
    maps = "".join(
        variant.write_map(shape) for variant in variants_of(shape) if variant.write_map is not None
    )
    return f"{VARIANT_WORD} {variant_key(shape)}\n{maps}{givens or ''}".rstrip("\n")
