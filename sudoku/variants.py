"""The variant file formats: jigsaw regions and killer cages as text, read and written.

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

Errors name the line and column of what is wrong (a short row, a region of the wrong size,
a sum no digits can make, a label without a sum) and what was expected.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass

from sudoku.grid import Cell, GridError, Shape, cage_digits

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


def variant_name(shape: Shape) -> str:
    """What a shape's puzzles are called: "Killer sudoku", "Jigsaw windoku", "X-sudoku"..."""
    kinds = [
        kind
        for kind, holds in (
            ("killer", bool(shape.cages)),
            ("jigsaw", shape.regions is not None),
            ("windoku", "window 1" in shape.extra_names),
            ("X-", "diagonal" in shape.extra_names),
        )
        if holds
    ]
    if "windoku" in kinds:
        return " ".join(kinds).capitalize()
    name = " ".join(kinds + ["sudoku"]).replace("X- ", "X-")
    return name[0].upper() + name[1:]


def variant_key(shape: Shape) -> str:
    """The variant of a shape as the records name it: ``classic``, or its rules joined by
    ``+`` (``jigsaw+x``, ``killer+windoku``)."""
    kinds = [
        kind
        for kind, holds in (
            ("jigsaw", shape.regions is not None),
            ("killer", bool(shape.cages)),
            ("windoku", "window 1" in shape.extra_names),
            ("x", "diagonal" in shape.extra_names),
        )
        if holds
    ]
    return "+".join(kinds) or "classic"


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


def _same(shape: Shape) -> Shape:
    return shape


@dataclass(frozen=True)
class Variant:
    """A kind of sudoku the page offers, and what it takes to read or make one.

    ``extend`` turns a box shape into the variant's (adds the diagonals, the windows).
    Variants whose shape the puzzle text cannot say (jigsaw regions, killer cages) take a
    map in the request field ``map_field``, read by ``read_map`` (the file formats of
    `sudoku.variants`) and written back by ``write_map``. ``generates`` says whether the
    library can make new ones.
    """

    label: str
    extend: Callable[[Shape], Shape] = _same
    map_field: str | None = None
    map_help: str = ""
    read_map: Callable[[str], Shape] | None = None
    write_map: Callable[[Shape], str] | None = None
    generates: bool = True


#: The variants, by the name requests and records use (``variant_key``): the one registry.
#: The page offers these; a new variant plugs in here.
VARIANTS: dict[str, Variant] = {
    "classic": Variant("Classic"),
    "x": Variant("X-sudoku", extend=Shape.with_diagonals),
    "windoku": Variant("Windoku", extend=Shape.with_windows),
    "jigsaw": Variant(
        "Jigsaw",
        map_field="regions",
        map_help="n lines of n labels, cells with the same label forming a region",
        read_map=read_regions,
        write_map=format_regions,
        generates=False,
    ),
    "killer": Variant(
        "Killer",
        map_field="cages",
        map_help="n lines of n labels ('.' for a cell in no cage), then label=sum for each cage",
        read_map=read_cages,
        write_map=format_cages,
        generates=False,
    ),
}
