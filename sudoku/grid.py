"""Sudoku grids: shapes, parsing, formatting, and an independent solution check.

Glossary
    cell     a (row, column) pair, both counted from 0
    digit    1..n for a grid of size n; 0 marks a blank cell
    symbol   how a digit is written: 1-9, then A-Z for the digits 10..25
    unit     n cells that hold every digit once: a row, a column, a box, or an extra region
    box      a block of box_rows x box_cols cells; a jigsaw shape replaces the boxes by
             free-form regions of n cells
    window   one of the extra 3x3 regions of windoku (hyper sudoku), one box in from the edges
    cage     killer sudoku: cells whose different digits add up to the cage's sum
    shape    the size of a grid, its units and its cages
    givens   the filled cells of a puzzle

Regions and cages are data: a jigsaw, X-sudoku, windoku or killer puzzle is an ordinary
:class:`Shape` with other units or with cages, so nothing downstream (the cover matrix, the
checker, the formatter) special-cases it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property, lru_cache, wraps
from operator import itemgetter
from typing import Any, TypeVar

Cell = tuple[int, int]
Region = tuple[Cell, ...]
Given = tuple[int, int, int]  # (row, column, digit)
Conflict = tuple[str, int, tuple[Cell, ...]]  # (unit name, digit, cells holding it)
Cage = tuple[int, Region]  # (sum, cells): killer sudoku

MIN_SIZE, MAX_SIZE = 4, 25
#: The digits a cell of an n x n grid may hold, 0 (a blank) to n, by n: a grid's cells are
#: checked against them at once (quicker than their least and greatest).
_CELL_VALUES = tuple(frozenset(range(n + 1)) for n in range(MAX_SIZE + 1))
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"  # one a digit, sizes up to MAX_SIZE
VARIANT_WORD = "variant"  # the first word of a puzzle that states its variant (sudoku.variants)
BLANKS = ".0_-"
SEPARATORS = "|+"  # ignored inside a line, like whitespace
SEPARATOR_LINE_CHARS = set("-+|=* \t")  # "*" for the corners of .ss borders
_DIGIT_OF = (
    {s: d for d, s in enumerate(SYMBOLS, 1)}
    | {s.lower(): d for d, s in enumerate(SYMBOLS, 1) if s.isalpha()}
    | {b: 0 for b in BLANKS}
)
_WRITTEN = "." + SYMBOLS  # _WRITTEN[digit] is how format_line writes it


class GridError(ValueError):
    """Text that cannot be a grid, or a shape or grid that breaks the rules.

    ``reason`` says what was found and what was expected; ``line`` and ``column`` (1-based,
    None when the problem is not at one place) say where.
    """

    def __init__(self, reason: str, line: int | None = None, column: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = [f"{name} {n}" for name, n in (("line", self.line), ("column", self.column)) if n]
        return f"{', '.join(where)}: {self.reason}" if where else self.reason

    def at_line(self, line: int) -> GridError:
        """The same error placed on ``line`` (for a line read out of a larger file)."""
        return _rebuilt(type(self), self.args, {**self.__dict__, "line": line})

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled field by field, so that subclasses whose __init__ takes other arguments
        # (ConflictingGivens) come back whole from a worker process of a parallel batch.
        return _rebuilt, (type(self), self.args, self.__dict__)


def _rebuilt(
    kind: type[GridError], args: tuple[object, ...], fields: dict[str, object]
) -> GridError:
    """A GridError of class ``kind`` with these fields, without running its __init__."""
    error = kind.__new__(kind, *args)
    error.args = args
    error.__dict__.update(fields)
    return error


def cell_name(cell: Cell) -> str:
    """The usual sudoku name of a cell, 1-based: (0, 4) is "r1c5"."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _box_dims(n: int) -> tuple[int, int] | None:
    """The most square r x c boxes with r*c == n and 2 <= r <= c, or None for a prime n."""
    rows = max((r for r in range(2, math.isqrt(n) + 1) if n % r == 0), default=None)
    return None if rows is None else (rows, n // rows)


def _as_region(cells: Iterable[Sequence[int]]) -> Region:
    return tuple((int(r), int(c)) for r, c in cells)


def cage_digits(total: int, cells: int, n: int) -> list[tuple[int, ...]]:
    """Every set of ``cells`` different digits 1..n adding up to ``total``, increasing.

    These are a cage's possible contents: the options of its cage item in the cover matrix.
    """
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []
    low = 1  # an explicit stack of choices rather than recursion
    while True:
        left, need = total - sum(chosen), cells - len(chosen)
        if need == 0:
            if left == 0:
                found.append(tuple(chosen))
        else:
            # the smallest and largest sums still reachable from low..n with ``need`` digits
            least = need * low + need * (need - 1) // 2
            most = need * n - need * (need - 1) // 2
            if low <= n and least <= left <= most:
                chosen.append(low)
                low += 1
                continue
        if not chosen:
            return found
        low = chosen.pop() + 1


@dataclass(frozen=True)
class Shape:
    """The size and units of a grid: rows, columns, boxes (or jigsaw regions), extra regions.

    ``Shape(3, 3)`` is the classic 9x9; ``Shape(2, 3)`` is 6x6 with boxes two rows high.
    ``regions`` replaces the boxes (jigsaw; the box sizes are then nominal, 1 x n).
    ``extra_regions`` adds units, named by ``extra_names`` (the diagonals of X-sudoku).
    ``cages`` are killer sudoku's (sum, cells): the cells of a cage hold different digits
    that add up to its sum. Cages do not overlap; cells outside every cage are allowed.
    """

    box_rows: int = 3
    box_cols: int = 3
    regions: tuple[Region, ...] | None = field(default=None, repr=False)
    extra_regions: tuple[Region, ...] = field(default=(), repr=False)
    extra_names: tuple[str, ...] = ()
    cages: tuple[Cage, ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        n = self.box_rows * self.box_cols
        if min(self.box_rows, self.box_cols) < 1 or not MIN_SIZE <= n <= MAX_SIZE:
            raise GridError(
                f"found boxes of {self.box_rows} x {self.box_cols} cells, "
                f"expected a size (rows times columns) from {MIN_SIZE} to {MAX_SIZE}"
            )
        if self.regions is not None:
            regions = tuple(map(_as_region, self.regions))
            object.__setattr__(self, "regions", regions)
            if len(regions) != n:
                raise GridError(f"found {len(regions)} regions, expected {n}")
            self._check_regions(regions, "region")
            covered = sorted(cell for region in regions for cell in region)
            if covered != list(self.cells):
                missing = sorted(set(self.cells) - set(covered))
                raise GridError(
                    "regions must cover every cell once; "
                    f"not covered: {', '.join(map(cell_name, missing))}"
                )
        extra = tuple(map(_as_region, self.extra_regions))
        object.__setattr__(self, "extra_regions", extra)
        self._check_regions(extra, "extra region")
        names = tuple(self.extra_names) or tuple(
            f"extra region {k}" for k in range(1, len(extra) + 1)
        )
        if len(names) != len(extra):
            raise GridError(f"found {len(names)} names for {len(extra)} extra regions")
        object.__setattr__(self, "extra_names", names)
        cages = tuple((int(total), _as_region(cells)) for total, cells in self.cages)
        object.__setattr__(self, "cages", cages)
        self._check_cages(cages)

    def _check_cages(self, cages: tuple[Cage, ...]) -> None:
        n = self.size
        owner: dict[Cell, int] = {}
        for k, (total, cells) in enumerate(cages, 1):
            where = f"cage {k} ({', '.join(map(cell_name, cells[:3]))}{', ...' * (len(cells) > 3)})"
            if not cells or len(set(cells)) != len(cells) or len(cells) > n:
                raise GridError(f"{where}: found {len(cells)} cells, expected 1 to {n} different")
            for cell in cells:
                if not all(0 <= x < n for x in cell):
                    raise GridError(f"{where}: cell {cell_name(cell)} is outside the grid")
                if cell in owner:
                    raise GridError(f"{where}: cell {cell_name(cell)} is in cage {owner[cell]} too")
                owner[cell] = k
            if not cage_digits(total, len(cells), n):
                raise GridError(
                    f"{where}: no {len(cells)} different digits 1..{n} add up to {total}"
                )

    def _check_regions(self, regions: tuple[Region, ...], what: str) -> None:
        n = self.size
        for k, region in enumerate(regions, 1):
            if len(set(region)) != n or not all(0 <= r < n and 0 <= c < n for r, c in region):
                raise GridError(
                    f"{what} {k}: found {len(region)} cells, {len(set(region))} different, "
                    f"expected {n} different cells inside the grid"
                )

    @classmethod
    @cache
    def for_size(cls, n: int) -> Shape:
        """The box shape for size ``n``: 4 -> 2x2, 6 -> 2x3, 9 -> 3x3, 12 -> 3x4, 16 -> 4x4...

        Cached, so every grid of one size shares one Shape and its computed units.
        """
        dims = _box_dims(n) if MIN_SIZE <= n <= MAX_SIZE else None
        if dims is None:
            raise GridError(
                f"found size {n}, expected a size from {MIN_SIZE} to {MAX_SIZE} "
                "that splits into boxes (not a prime; a jigsaw shape takes any size)"
            )
        return cls(*dims)

    @classmethod
    def x(cls, n: int = 9) -> Shape:
        """X-sudoku of size ``n``: boxes plus both main diagonals."""
        return cls.for_size(n).with_diagonals()

    @classmethod
    def jigsaw(cls, regions: str | Sequence[Iterable[Sequence[int]]]) -> Shape:
        """A shape whose boxes are replaced by ``regions``.

        ``regions`` is either a list of regions (each a list of (row, column) cells) or a
        map of n*n labels in row-major order, one character a cell, whitespace ignored:
        cells with the same label form a region.
        """
        if isinstance(regions, str):
            labels = "".join(regions.split())
            n = math.isqrt(len(labels))  # a wrong count shows as regions that miss cells
            groups: dict[str, list[Cell]] = {}
            for k, label in enumerate(labels):
                groups.setdefault(label, []).append(divmod(k, n))
            regions = list(groups.values())
        regions = tuple(map(_as_region, regions))
        return cls(1, math.isqrt(sum(map(len, regions))), regions=regions)

    def with_windows(self) -> Shape:
        """This shape plus windoku's windows as extra regions (hyper sudoku).

        The windows are boxes set one cell in from the edges with one cell between them:
        four 3x3 windows on 9x9, nine 4x4 on 16x16. Square boxes of 3x3 or more only.
        """
        if "window 1" in self.extra_names:
            return self
        b = self.box_rows
        if self.regions is not None or b != self.box_cols or b < 3:
            raise GridError(f"windoku windows need square boxes of 3x3 or more, not {self}")
        starts = range(1, self.size - b, b + 1)
        windows = tuple(
            tuple((r0 + r, c0 + c) for r in range(b) for c in range(b))
            for r0 in starts
            for c0 in starts
        )
        names = tuple(f"window {k}" for k in range(1, len(windows) + 1))
        return replace(
            self, extra_regions=self.extra_regions + windows, extra_names=self.extra_names + names
        )

    def with_cages(self, cages: Iterable[tuple[int, Iterable[Sequence[int]]]]) -> Shape:
        """This shape with killer cages, each (sum, cells), in place of any it had."""
        return replace(self, cages=tuple((total, _as_region(cells)) for total, cells in cages))

    def with_diagonals(self) -> Shape:
        """This shape plus the two main diagonals as extra regions (X-sudoku)."""
        if "diagonal" in self.extra_names:
            return self
        n = self.size
        diagonals = (
            tuple((k, k) for k in range(n)),
            tuple((k, n - 1 - k) for k in range(n)),
        )
        return replace(
            self,
            extra_regions=self.extra_regions + diagonals,
            extra_names=self.extra_names + ("diagonal", "anti-diagonal"),
        )

    @property
    def size(self) -> int:
        """n: the number of rows, columns, digits, and cells in each unit."""
        return self.box_rows * self.box_cols

    @property
    def symbols(self) -> str:
        """How the digits 1..n are written."""
        return SYMBOLS[: self.size]

    def __str__(self) -> str:
        n = self.size
        kind = "jigsaw" if self.regions is not None else f"boxes {self.box_rows}x{self.box_cols}"
        extra = f", {', '.join(self.extra_names)}" if self.extra_names else ""
        cages = f", {len(self.cages)} cages" if self.cages else ""
        return f"{n}x{n} ({kind}{extra}{cages})"

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell, row-major."""
        n = self.size
        return tuple((r, c) for r in range(n) for c in range(n))

    @cached_property
    def boxes(self) -> tuple[Region, ...]:
        """The box regions, left to right then top to bottom, or the jigsaw regions."""
        if self.regions is not None:
            return self.regions
        br, bc = self.box_rows, self.box_cols
        return tuple(
            tuple((r0 + r, c0 + c) for r in range(br) for c in range(bc))
            for r0 in range(0, self.size, br)
            for c0 in range(0, self.size, bc)
        )

    @cached_property
    def units(self) -> tuple[Region, ...]:
        """Every unit: the rows, the columns, the boxes, then the extra regions."""
        n = self.size
        rows = tuple(tuple((r, c) for c in range(n)) for r in range(n))
        columns = tuple(tuple((r, c) for r in range(n)) for c in range(n))
        return rows + columns + self.boxes + self.extra_regions

    @cached_property
    def unit_indices(self) -> tuple[tuple[int, ...], ...]:
        """Each of :attr:`units` as positions in ``Grid.cells`` (r * n + c), for fast loops."""
        n = self.size
        return tuple(tuple(r * n + c for r, c in unit) for unit in self.units)

    @cached_property
    def unit_getters(self) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
        """For each of :attr:`units`, a function taking ``Grid.cells`` to the unit's digits."""
        return tuple(itemgetter(*indices) for indices in self.unit_indices)

    @cached_property
    def unit_names(self) -> tuple[str, ...]:
        """A name for each of :attr:`units`, for messages: "row 1", "box 3", "diagonal"."""
        box = "region" if self.regions is not None else "box"
        return (
            tuple(f"{kind} {k}" for kind in ("row", "column", box) for k in range(1, self.size + 1))
            + self.extra_names
        )


R = TypeVar("R")


def by_shape(made: Callable[..., R]) -> Callable[..., R]:
    """Cache ``made(shape, ...)`` by its arguments, with a bound that follows the shapes:
    shapes with boxes are few (a handful a size), so many are kept; jigsaw and killer
    shapes are one a puzzle when puzzles are generated, so only the last is kept and
    memory stays flat however many are made."""
    regular = lru_cache(maxsize=32)(made)
    irregular = lru_cache(maxsize=1)(made)

    @wraps(made)
    def cached(shape: Shape | None, *args: Any) -> R:
        if shape is not None and (shape.regions is not None or shape.cages):
            return irregular(shape, *args)
        return regular(shape, *args)

    cached.__wrapped__ = made  # type: ignore[attr-defined,unused-ignore]
    return cached


REPR_CELLS = 30  # how many cells, in the line format, a grid's repr shows


@dataclass(frozen=True, repr=False)
class Grid:
    """A grid of a given shape: ``cells`` row-major, n*n digits, 0 for a blank.

    Its repr is short whatever the size; in a Jupyter notebook it draws itself as on the
    printable sheets (``_repr_svg_``, ``_repr_html_``).
    """

    shape: Shape
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        cells = tuple(self.cells)
        object.__setattr__(self, "cells", cells)
        n = self.shape.size
        if len(cells) != n * n:
            raise GridError(f"found {len(cells)} cells, expected {n * n} for {self.shape}")
        if not _CELL_VALUES[n].issuperset(cells):
            raise GridError(f"cells must be digits 0..{n} (0 for a blank)")

    @classmethod
    def empty(cls, shape: Shape | None = None) -> Grid:
        """The grid with no givens (of the classic 9x9 shape unless told)."""
        shape = shape or Shape()
        return cls(shape, (0,) * shape.size**2)

    def __getitem__(self, cell: Cell) -> int:
        row, col = cell
        return self.cells[row * self.shape.size + col]

    def givens(self) -> list[Given]:
        """The filled cells as (row, column, digit), row-major."""
        n = self.shape.size
        return [(*divmod(k, n), d) for k, d in enumerate(self.cells) if d]

    def with_cell(self, row: int, col: int, digit: int) -> Grid:
        """A copy with one cell set (digit 0 clears it)."""
        cells = list(self.cells)
        cells[row * self.shape.size + col] = digit
        return Grid(self.shape, tuple(cells))

    def is_complete(self) -> bool:
        """True when no cell is blank (whether or not the digits obey the rules)."""
        return 0 not in self.cells

    def __str__(self) -> str:
        return format_line(self)

    def __repr__(self) -> str:
        """The size, the variant's parts, the number of givens and the first REPR_CELLS
        cells in the line format, an ellipsis when there are more: short at any size
        (under 100 characters for a 25x25 killer jigsaw X-sudoku), unlike the 625 cells of
        the dataclass's repr. ``Grid(9x9, 17 givens: 4.....8.5.3..........7......2.…)``"""
        shape, n = self.shape, self.shape.size
        parts = [f"{n}x{n}" + " jigsaw" * (shape.regions is not None)]
        if shape.extra_regions:
            parts.append(_counted(len(shape.extra_regions), "extra region"))
        if shape.cages:
            parts.append(_counted(len(shape.cages), "cage"))
        parts.append(_counted(n * n - self.cells.count(0), "given"))
        line = format_line(self)
        return f"Grid({', '.join(parts)}: {line[:REPR_CELLS]}{'…' * (len(line) > REPR_CELLS)})"

    def _repr_svg_(self) -> str:
        """The grid drawn in SVG, as on the sheets: how Jupyter shows it."""
        from sudoku.svg import grid_svg  # drawing: it imports nothing of the toolkit

        return grid_svg(self)

    def _repr_html_(self) -> str:
        """The SVG drawing in HTML, for frontends that prefer HTML; hovering over it shows
        the whole grid in the line format."""
        return f'<div title="{format_line(self)}">{self._repr_svg_()}</div>'


def _counted(k: int, noun: str) -> str:
    return f"{k} {noun}{'s' * (k != 1)}"


# --- parsing -------------------------------------------------------------------------------

_VALID_COUNTS = {n * n: n for n in range(MIN_SIZE, MAX_SIZE + 1) if _box_dims(n)}


def _symbol_range(n: int) -> str:
    return f"1-9 or A-{SYMBOLS[n - 1]}" if n > 9 else f"1-{n}"


def is_separator_line(line: str) -> bool:
    """A line such as ``------+-------+------`` or ``*-----------*`` around or between the
    rows of a multi-line grid.

    A line of lone dashes between spaces (``- - - | - - -``) is a row of blanks instead.
    """
    return set(line) <= SEPARATOR_LINE_CHARS and ("+" in line or "--" in line or "=" in line)


def _read_cells(text: str) -> tuple[list[int], list[tuple[int, int]]]:
    """The digit (0 for a blank) and the (line, column) of every cell written in ``text``."""
    lines = [
        (number, line)
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if len(lines) > 1:
        lines = [(number, line) for number, line in lines if not is_separator_line(line)]
    digits: list[int] = []
    places: list[tuple[int, int]] = []
    for number, line in lines:
        for column, char in enumerate(line, 1):
            digit = _DIGIT_OF.get(char)
            if digit is not None:
                digits.append(digit)
                places.append((number, column))
            elif not (char.isspace() or char in SEPARATORS):
                raise GridError(
                    f"found {char!r}, expected a digit 1-9, a letter A-P, a blank (. 0 _ -) "
                    "or a separator (| + space)",
                    number,
                    column,
                )
    return digits, places


def _expected_count(found: int, shape: Shape | None) -> int:
    if shape is not None:
        return shape.size**2
    return min(_VALID_COUNTS, key=lambda count: (abs(count - found), count))


def parse(text: str, shape: Shape | None = None) -> Grid:
    """Read a grid from text, leniently, in any of the usual layouts.

    Accepted: one line of n*n symbols; a multi-line grid whose separators (``|``, ``+``,
    spaces, and lines such as ``------+------``) are ignored; the ``.sdk`` layout with ``#``
    metadata lines. Blanks are ``.``, ``0``, ``_`` or ``-``; symbols are 1-9 then A-Z (either
    case) for sizes above 9. Without ``shape`` the size follows from the number of cells and
    the boxes from the size (``Shape.for_size``).

    A UTF-8 byte-order mark before the text is ignored.

    Raises GridError naming the line and column of what cannot be part of a grid, and what
    was expected there.
    """
    text = text.removeprefix("\ufeff")
    one_line = text.strip()
    size = shape.size if shape else _VALID_COUNTS.get(len(one_line))
    if size and len(one_line) == size * size:  # fast path: one line of symbols and blanks only
        try:
            return Grid(shape or Shape.for_size(size), tuple(map(_DIGIT_OF.__getitem__, one_line)))
        except (KeyError, GridError):
            pass  # a separator, a bad character or a digit too large for the size: the
            # general reader says which and where
    digits, places = _read_cells(text)
    if not digits:
        raise GridError("found no cells, expected a grid (one line of 81 symbols for 9x9)")
    expected = _expected_count(len(digits), shape)
    if len(digits) != expected:
        n = math.isqrt(expected)
        line, column = places[expected] if len(digits) > expected else places[-1]
        if len(digits) < expected:
            column += 1  # the first missing cell would come right after the last one
        raise GridError(
            f"found {len(digits)} cells, expected {expected} for a {n}x{n} grid", line, column
        )
    shape = shape or Shape.for_size(math.isqrt(expected))
    n = shape.size
    for digit, (line, column) in zip(digits, places, strict=True):
        if digit > n:
            written = text.splitlines()[line - 1][column - 1]
            raise GridError(
                f"found {written!r}, expected {_symbol_range(n)} or a blank for a {n}x{n} grid",
                line,
                column,
            )
    return Grid(shape, tuple(digits))


# --- formatting ----------------------------------------------------------------------------


def format_line(grid: Grid) -> str:
    """The grid on one line, row-major, ``.`` for blanks: the common exchange format."""
    return "".join(map(_WRITTEN.__getitem__, grid.cells))


def format_grid(grid: Grid) -> str:
    """The grid as rows of space-separated symbols with box separators (none for jigsaw)."""
    shape = grid.shape
    n = shape.size
    row_width = shape.box_cols if shape.regions is None else n
    band_height = shape.box_rows if shape.regions is None else n
    line = format_line(grid)
    out: list[str] = []
    for r in range(n):
        row = line[r * n : (r + 1) * n]
        chunks = [" ".join(row[c : c + row_width]) for c in range(0, n, row_width)]
        if r and r % band_height == 0:
            out.append("-+-".join("-" * len(chunk) for chunk in chunks))
        out.append(" | ".join(chunks))
    return "\n".join(out)


def format_spaced(grid: Grid) -> str:
    """The grid as n rows of space-separated symbols, ``0`` for a blank: the coursework layout,
    and what ``grids --layout grid`` writes for complete grids."""
    n = grid.shape.size
    written = "0" + SYMBOLS
    return "\n".join(
        " ".join(written[d] for d in grid.cells[r * n : (r + 1) * n]) for r in range(n)
    )


def format_json(grid: Grid) -> str:
    """The grid as one line of JSON: size, boxes, the line form, and the rows of digits.

    Jigsaw regions and extra regions are included (as lists of [row, column]) when present,
    so the JSON says everything needed to check a solution.
    """
    shape = grid.shape
    n = shape.size
    data: dict[str, object] = {
        "size": n,
        "box": [shape.box_rows, shape.box_cols],
        "line": format_line(grid),
        "rows": [list(grid.cells[r * n : (r + 1) * n]) for r in range(n)],
    }
    if shape.regions is not None:
        data["regions"] = [list(map(list, region)) for region in shape.regions]
    if shape.extra_regions:
        data["extra_regions"] = {
            name: list(map(list, region))
            for name, region in zip(shape.extra_names, shape.extra_regions, strict=True)
        }
    if shape.cages:
        data["cages"] = [
            {"sum": total, "cells": list(map(list, cells))} for total, cells in shape.cages
        ]
    import json  # here: a command that writes no JSON does not load it

    return json.dumps(data, separators=(",", ":"))


# --- checking ------------------------------------------------------------------------------


def conflicts(grid: Grid) -> list[Conflict]:
    """Every digit written more than once in a unit or a cage, as (unit name, digit, cells)."""
    shape, cells = grid.shape, grid.cells
    found: list[Conflict] = []
    for k, digits_of in enumerate(shape.unit_getters):
        digits = digits_of(cells)
        filled = set(digits)
        filled.discard(0)
        if len(filled) == len(digits) - digits.count(0):
            continue  # the usual case, checked without a Python-level loop over the cells
        unit = shape.units[k]
        for digit in sorted(d for d in filled if digits.count(d) > 1):
            cells_with = tuple(c for c, d in zip(unit, digits, strict=True) if d == digit)
            found.append((shape.unit_names[k], digit, cells_with))
    for k, (_, cage) in enumerate(shape.cages, 1):
        in_cage = [grid[cell] for cell in cage]
        for digit in sorted({d for d in in_cage if d and in_cage.count(d) > 1}):
            found.append((f"cage {k}", digit, tuple(c for c in cage if grid[c] == digit)))
    return found


class ConflictingGivens(GridError):
    """A puzzle whose givens repeat a digit in a unit, so it cannot have a solution.

    ``conflicts`` lists (unit name, digit, cells) as ``sudoku.grid.conflicts`` gives them.
    """

    def __init__(self, found: list[Conflict]):
        described = "; ".join(
            f"{digit} twice in {unit} ({', '.join(map(cell_name, cells))})"
            if len(cells) == 2
            else f"{digit} {len(cells)} times in {unit} ({', '.join(map(cell_name, cells))})"
            for unit, digit, cells in found
        )
        super().__init__(f"the givens break the rules: {described}")
        self.conflicts = found


def check_givens(puzzle: Grid) -> None:
    """Raise ConflictingGivens when a digit is given twice in a row, column, box or region."""
    found = conflicts(puzzle)
    if found:
        raise ConflictingGivens(found)


def is_solution(solution: Grid, puzzle: Grid | None = None) -> bool:
    """True when ``solution`` is complete, obeys every unit and cage, and keeps the givens.

    Deliberately independent of the cover matrix and the engine, so tests can check the
    solver's answers against it.
    """
    if puzzle is not None and (
        puzzle.shape != solution.shape
        or any(
            given and given != digit
            for given, digit in zip(puzzle.cells, solution.cells, strict=True)
        )
    ):
        return False
    cells = solution.cells
    every_digit = set(range(1, solution.shape.size + 1))
    return all(
        {cells[k] for k in unit} == every_digit for unit in solution.shape.unit_indices
    ) and all(
        len({solution[c] for c in cage}) == len(cage) and sum(solution[c] for c in cage) == total
        for total, cage in solution.shape.cages
    )
