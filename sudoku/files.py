"""Files of puzzles: every common layout read as one lazy stream, and five layouts written.

Glossary
    record   one puzzle as a file holds it: a line of symbols, a JSON object on one line, a
             CSV row under a header naming a ``puzzle`` column, a block, or a variant
             block (a ``variant KEY`` line, the variant's maps, the givens, a blank line:
             see ``sudoku.variants``), which like a JSON record with a ``variant`` field
             is read by the rules it states
    block    a grid written over several lines, one row a line (n rows of n cells), border
             lines (``------+------``, ``*-----------*``) allowed between them: the grid and
             spaced layouts, the coursework layout (digits apart, 0 for a blank), SadMan's
             ``.sdk`` and Simple Sudoku's ``.ss``
    format   how records are written (FORMATS): ``line`` (one line of symbols), ``grid``
             (rows with box separators), ``spaced`` (rows of symbols apart, 0 for a blank:
             the coursework layout), ``json`` (one object a line), ``csv`` (a header, then
             one row a record)

Reading is lenient about the container and strict about the grid: a UTF-8 byte-order mark,
CRLF line ends, ``#`` comments, blank lines and section headers such as SadMan's
``[Puzzle]`` are skipped, and so are the lines of any other section up to a blank line
(``[State]`` is not the puzzle). A block ends when it has n rows of n cells, so grids need
no blank line between them. Whatever cannot be a puzzle is reported with its line and
column, and reading goes on. Memory stays flat: one block at most is held. Whatever
:class:`RecordWriter` writes, in any format, reads back as the same puzzles.
"""

from __future__ import annotations

import enum
import io
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TextIO

from sudoku.grid import (
    MAX_SIZE,
    SEPARATORS,
    SYMBOLS,
    VARIANT_WORD,
    Grid,
    GridError,
    Shape,
    format_grid,
    format_line,
    format_spaced,
    is_separator_line,
    parse,
)


class Format(str, enum.Enum):
    """How records are written (see the module's glossary)."""

    line = "line"
    grid = "grid"
    spaced = "spaced"
    json = "json"
    csv = "csv"


class RecordFormat(str, enum.Enum):
    """The formats of answers that are not grids (counts, ratings): a line of text, or a
    record in JSON or CSV."""

    line = "line"
    json = "json"
    csv = "csv"


FORMATS = tuple(f.value for f in Format)
LAYOUTS: dict[str, Callable[[Grid], str]] = {
    "line": format_line,
    "grid": format_grid,
    "spaced": format_spaced,
}
BOM = "\ufeff"


class LineLayout:
    """How complete grids of one shape, given in line form, are written in one of LAYOUTS:
    that layout's text to the character, without building a Grid. ``many`` writes a whole
    run of them, each followed by ``end``, with one slice assignment a cell for the run (a
    stream of solutions written as grids costs about what it costs as lines)."""

    def __init__(self, fmt: str, shape: Shape):
        n2 = shape.size**2
        probe = LAYOUTS[fmt](Grid(shape, (1,) * n2)) if fmt != "line" else "1" * n2
        self.cells = n2
        self._template = probe.replace("%", "%%").replace("1", "%s")  # no other 1 is written
        self._probe = probe
        self._places = [k for k, char in enumerate(probe) if char == "1"]

    def __call__(self, line: str) -> str:
        return self._template % tuple(line)

    def many(self, lines: Sequence[str], end: str = "\n\n") -> str:
        """``"".join(self(line) + end for line in lines)``, in bulk (symbols are ASCII)."""
        block = (self._probe + end).encode("ascii")
        written = bytearray(block * len(lines))
        given = "".join(lines).encode("ascii")
        size, step = self.cells, len(block)
        for cell, place in enumerate(self._places):
            written[place::step] = given[cell::size]
        return written.decode("ascii")


@lru_cache(maxsize=16)
def line_layout(fmt: str, shape: Shape) -> LineLayout:
    """The LineLayout of ``shape``'s complete grids in ``fmt`` (a few kept, by shape)."""
    return LineLayout(fmt, shape)


# The longest line read (a 25x25 grid with a separator and a space per cell fits 4 times
# over, a JSON or CSV record with it): longer ones are refused, and the caller may hand over
# only their first MAX_LINE + 1 characters (dlx.cli_io.bounded_lines).
MAX_LINE = 16 * MAX_SIZE**2

Read = Callable[[str], Grid]
Asked = Callable[[int], Shape]  # the shape a caller's options give an n x n puzzle
Numbered = tuple[int, Grid | GridError]  # the line a record starts on, and what it holds


# --- reading -------------------------------------------------------------------------------


def _cells_in(text: str) -> int:
    """How many cells a line writes: every character but spaces and separators."""
    return sum(1 for char in text if not (char.isspace() or char in SEPARATORS))


def _placed(error: GridError, line: int, offset: int = 0) -> GridError:
    """``error`` from reading part of line ``line`` that starts after ``offset`` characters."""
    moved = error.at_line(line)
    if error.column is not None:
        moved.column = error.column + offset
    return moved


def _field(read: Read, text: str, value: object, number: int, what: str) -> Numbered:
    """The puzzle in a JSON or CSV field, errors placed on the line where the field is."""
    if not isinstance(value, str) or not value.strip():
        return number, GridError(f"found no puzzle in {what}", number)
    try:
        return number, read(value)
    except GridError as error:
        return number, _placed(error, number, max(text.find(value), 0))


def _json_record(read: Read, text: str, number: int) -> Numbered:
    """A JSON object on one line: its ``puzzle``, or the ``line`` string or the ``rows`` of
    digits that ``sudoku.grid.format_json`` writes."""
    import json  # here, as csv below: a plain file of lines loads neither

    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        return number, GridError(f"found bad JSON: {error.msg}", number, error.colno)
    if not isinstance(record, dict):
        return number, GridError("found JSON that is not an object", number, 1)
    if any(record.get(key) not in (None, "classic") for key in ("variant", "regions", "cages")):
        return number, _stated_record(record, number)
    if "puzzle" in record or isinstance(record.get("line"), str):
        key = "puzzle" if "puzzle" in record else "line"
        return _field(read, text, record[key], number, f'the JSON field "{key}"')
    rows = record.get("rows")
    if isinstance(rows, list) and all(isinstance(row, list) for row in rows):
        digits = [d for row in rows for d in row]
        if all(isinstance(d, int) and 0 <= d <= MAX_SIZE for d in digits):
            block = "\n".join("".join(("." + SYMBOLS)[d] for d in row) for row in rows)
            try:
                return number, read(block)
            except GridError as error:
                return number, GridError(f'in the JSON field "rows": {error}', number)
    if record.get("status") == "error":
        return number, GridError(f"found an error record: {record.get('error')}", number)
    return number, GridError('found a JSON object without a "puzzle" field', number, 1)


def _stated_record(record: dict[str, object], number: int) -> Grid | GridError:
    """The puzzle of a JSON record that states its variant (``variant``, and ``regions`` or
    ``cages`` for the variants that take a map), read by those rules."""
    from sudoku.variants import stated_puzzle, stated_variants

    fields = {key: record.get(key) for key in ("variant", "puzzle", "regions", "cages", "size")}
    kinds = {"variant": str, "puzzle": str, "regions": str, "cages": str, "size": int}
    for key, value in fields.items():
        if value is not None and not isinstance(value, kinds[key]):
            return GridError(f'the JSON field "{key}" is not a {kinds[key].__name__}', number)
    variant = fields["variant"]
    if variant is None:  # maps alone say it
        variant = "+".join(k for k, m in (("jigsaw", "regions"), ("killer", "cages")) if fields[m])
    try:
        return stated_puzzle(
            stated_variants(str(variant)),
            str(fields["puzzle"] or ""),
            regions=fields["regions"],  # type: ignore[arg-type]
            cages=fields["cages"],  # type: ignore[arg-type]
            size=fields["size"],  # type: ignore[arg-type]
        )
    except GridError as error:
        where = f'the JSON field "{getattr(error, "option", None) or "puzzle"}"'
        at = f" (its line {error.line})" if error.line else ""
        return GridError(f"in {where}{at}: {error.reason}", number)


def _csv_fields(text: str, number: int) -> list[str]:
    """The fields of one CSV row; GridError on line ``number`` for what CSV cannot read."""
    import csv

    try:
        return next(csv.reader([text]))
    except csv.Error as error:
        raise GridError(f"found a CSV row that cannot be read ({error})", number) from None


def _csv_header(text: str, number: int) -> int | None:
    """The position of the ``puzzle`` column when ``text`` is a CSV header naming one."""
    if "," not in text and text.lower() != "puzzle":
        return None
    names = [name.strip().lower() for name in _csv_fields(text, number)]
    return names.index("puzzle") if "puzzle" in names else None


class _Block:
    """The rows of a multi-line grid read so far, and where they started."""

    def __init__(self, start: int, width: int):
        self.start, self.width, self.cells = start, width, 0
        self.rows: list[str] = []
        self.last = (start, 1)  # where a missing cell would go: after the last one written

    def add(self, line: str, number: int) -> None:
        self.rows.append(line)
        cells = 0 if is_separator_line(line.strip()) else _cells_in(line)
        if cells:
            self.width = self.width or cells
            self.cells += cells
            self.last = (number, len(line.rstrip()) + 1)

    @property
    def complete(self) -> bool:
        return self.width > 0 and self.cells == self.width * self.width

    def puzzle(self, read: Read) -> Grid | GridError:
        """The grid these rows write, or the error that explains them."""
        n = self.width
        if not self.complete:
            return GridError(
                f"found {self.cells} cells, expected {n * n} for a {n}x{n} grid "
                f"({n} rows of {n} cells)"
                if n
                else "found border lines and no cells, expected a grid",
                *self.last,
            )
        try:
            return read("\n".join(self.rows))
        except GridError as error:
            return error.at_line(self.start + (error.line or 1) - 1)


def read_puzzles(
    lines: Iterable[str], read: Read = parse, asked: Asked | None = None
) -> Iterator[Numbered]:
    """The puzzles of a stream of lines, lazily, each with the line it starts on (1-based).

    Every record layout of the module docstring is read, in any mix; ``read`` reads one
    puzzle's text (``parse`` unless told: pass one with a shape for jigsaw or X-sudoku). A
    puzzle that states its variant (a variant block, or a JSON record with a ``variant``)
    is read by its own rules; ``asked``, when the caller's options asked for a variant,
    gives the shape they ask for an n x n puzzle, and a stated one that differs is an
    error. A record that is not a puzzle gives its GridError, placed on its line and column,
    and reading goes on. A line longer than MAX_LINE is such a record, unread.
    """
    records = Records(read, asked)
    for number, raw in enumerate(lines, 1):
        yield from records.feed(number, raw)
    yield from records.end()


class Records:
    """What :func:`read_puzzles` knows between two lines, so that a caller may read the
    plain lines (one puzzle of symbols each) its own way: ``plain`` says whether the next
    line would be read on its own, and ``took_line()`` records such a line read elsewhere."""

    def __init__(self, read: Read = parse, asked: Asked | None = None):
        self.read = read
        self.asked = asked
        self.variant: _VariantBlock | None = None  # a variant block being read
        self.block: _Block | None = None
        self.broken = False  # after a row of the wrong width: skip the rest of that grid's rows
        self.skipping = False  # inside a section other than [Puzzle]
        self.puzzle_column: int | None = None  # the CSV column holding the puzzle
        self.first = True  # no record read yet: a CSV header may come

    @property
    def plain(self) -> bool:
        """True when a line of symbols alone would be read as one puzzle, and a blank or
        comment line skipped, with nothing else changed."""
        return (
            self.block is None
            and self.variant is None
            and not self.broken
            and not self.skipping
            and self.puzzle_column is None
        )

    def took_line(self) -> None:
        """A plain line of symbols was read as a puzzle elsewhere (no CSV header after it)."""
        self.first = False

    def feed(self, number: int, raw: str) -> Iterator[Numbered]:
        """The puzzles that line ``number`` completes (most lines: none or one)."""
        read = self.read
        line = raw.rstrip("\r\n")
        if number == 1:
            line = line.removeprefix(BOM)
        text = line.strip()
        if len(text) > MAX_LINE and not text.startswith("#"):
            if self.block is not None and self.block.width:
                yield self.block.start, self.block.puzzle(read)
            self.block = None
            yield number, GridError(f"the line is longer than {MAX_LINE} characters", number)
            return
        if self.variant is not None:
            if text:
                self.variant.lines.append((number, line))
                return
            yield self._variant_puzzle()  # a blank line ends the block
        cells = _cells_in(text)
        block = self.block
        if block is not None:
            if text.startswith("#"):
                block.rows.append(line)  # kept, so that the rows keep their line numbers
                return
            fits = cells == block.width or not block.width and cells <= MAX_SIZE
            if text and (fits or is_separator_line(text)):
                block.add(line, number)
                if block.complete:
                    yield block.start, block.puzzle(read)
                    self.block = None
                return
            if text and cells <= MAX_SIZE:
                yield (
                    number,
                    GridError(
                        f"found a row of {cells} cells, expected {block.width} like the rows "
                        f"above it (the grid starts on line {block.start})",
                        number,
                        1,
                    ),
                )
                self.block, self.broken = None, True
                return
            if block.width:  # border lines alone hold no puzzle
                yield block.start, block.puzzle(read)
            self.block = None  # and the blank line or one-line record is read below
        if not text or text.startswith("#"):
            self.broken = self.broken and bool(text)  # a blank line ends a broken grid,
            self.skipping = self.skipping and bool(text)  # and a section not the puzzle
            return
        if text.startswith("[") and text.endswith("]") and text[1:-1].isalpha():
            self.skipping, self.broken = text.lower() != "[puzzle]", False
            return
        if self.skipping or self.broken and cells <= MAX_SIZE:
            return
        self.broken = False
        try:
            if self.first and (column := _csv_header(text, number)) is not None:
                self.puzzle_column, self.first = column, False
                return
            fields = _csv_fields(line, number) if self.puzzle_column is not None else []
        except GridError as error:
            self.first = False
            yield number, error
            return
        self.first = False
        if self.puzzle_column is not None:
            column = self.puzzle_column
            value = fields[column] if column < len(fields) else None
            yield _field(read, line, value, number, f"CSV column {column + 1}")
        elif text.startswith("{"):
            number, puzzle = _json_record(read, text, number)
            yield number, self._as_asked(puzzle, number)
        elif text.split(maxsplit=1)[0] == VARIANT_WORD:
            key = text.split()[1] if len(text.split()) > 1 else ""
            self.variant = _VariantBlock(number, (number, line.index(key) + 1 if key else 1), key)
        else:
            try:
                yield number, read(text)
            except GridError as error:
                if is_separator_line(text) or cells <= MAX_SIZE and _all_valid(text):
                    self.block = _Block(number, 0 if is_separator_line(text) else cells)
                    self.block.add(line, number)
                else:
                    yield number, error.at_line(number)

    def end(self) -> Iterator[Numbered]:
        """The grid the stream ends in, if one is still open."""
        if self.block is not None and self.block.width:
            yield self.block.start, self.block.puzzle(self.read)
        self.block = None
        if self.variant is not None:
            yield self._variant_puzzle()

    def _variant_puzzle(self) -> Numbered:
        """The puzzle of the variant block just ended."""
        from sudoku.variants import read_variant_block

        block, self.variant = self.variant, None
        assert block is not None
        try:
            puzzle: Grid | GridError = read_variant_block(block.key, block.place, block.lines)
        except GridError as error:
            puzzle = error
        return block.start, self._as_asked(puzzle, block.start)

    def _as_asked(self, puzzle: Grid | GridError, number: int) -> Grid | GridError:
        """``puzzle`` (read by the rules it states), or an error when the caller's options
        asked for other rules."""
        if self.asked is None or isinstance(puzzle, GridError):
            return puzzle
        try:
            wanted: Shape | None = self.asked(puzzle.shape.size)
        except GridError:
            wanted = None
        if wanted == puzzle.shape:
            return puzzle
        from sudoku.variants import variant_key

        asked = (
            variant_key(wanted)
            if wanted is not None
            else f"no {puzzle.shape.size}x{puzzle.shape.size} shape"
        )
        return GridError(
            f"the puzzle states its variant ({variant_key(puzzle.shape)}) and the options ask "
            f"for another ({asked}): give the file alone, it carries its rules",
            number,
        )


class _VariantBlock:
    """A variant block being read: where it starts, its key and where, its lines so far."""

    def __init__(self, start: int, place: tuple[int, int], key: str):
        self.start, self.place, self.key = start, place, key
        self.lines: list[tuple[int, str]] = []


def _all_valid(text: str) -> bool:
    """True when every character could be part of a grid (a cell, a blank, a separator)."""
    return all(char.isspace() or char in SEPARATORS or char in _VALID for char in text)


_VALID = frozenset(SYMBOLS + SYMBOLS.lower() + ".0_-")


def read_puzzle(text: str, read: Read = parse, asked: Asked | None = None) -> Grid:
    """The one puzzle ``text`` writes (a command's argument): a variant block read by its
    own rules (``asked`` as in :func:`read_puzzles`), or else ``read(text)``. Raises the
    GridError that explains it."""
    first = next((s for s in text.splitlines() if s.strip() and not s.lstrip().startswith("#")), "")
    if first.split(maxsplit=1)[:1] != [VARIANT_WORD]:
        return read(text)
    found = list(read_puzzles(io.StringIO(text), read, asked))
    if len(found) != 1:
        raise GridError(f"found {len(found)} puzzles, expected one", found[1][0])
    puzzle = found[0][1]
    if isinstance(puzzle, GridError):
        raise puzzle
    return puzzle


def read_text(text: str, read: Read = parse) -> list[Grid]:
    """Every puzzle written in ``text``, in any layout of the module docstring.

    Raises the GridError of the first record that is not a puzzle.
    """
    grids = []
    for _, puzzle in read_puzzles(io.StringIO(text), read):
        if isinstance(puzzle, GridError):
            raise puzzle
        grids.append(puzzle)
    return grids


# --- writing -------------------------------------------------------------------------------


def _csv_value(value: object) -> object:
    return " ".join(map(str, value)) if isinstance(value, list | tuple) else value


class RecordWriter:
    """Writes one record a puzzle or answer, in one of FORMATS.

    ``line``, ``grid`` and ``spaced`` write what is shown of the record, a grid or a line of
    text (nothing when there is none, as for an error), grids in blocks followed by a blank
    line; ``json``
    writes the record as one line; ``csv`` writes ``columns`` as a header once, then each
    record's values in that order (nested records such as statistics merged in, lists
    joined by spaces, absent values empty).
    """

    def __init__(self, out: TextIO, fmt: str, columns: Sequence[str] = ("puzzle",)):
        if fmt not in FORMATS:
            raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {fmt!r}")
        self.out, self.fmt, self.columns = out, fmt, tuple(columns)
        self._csv = None
        if fmt == "csv":
            import csv

            self._csv = csv.writer(out, lineterminator="\n")
        self._header_written = False

    def write(self, record: Mapping[str, object], shown: Grid | str | None = None) -> None:
        """Write ``record`` (json, csv), or what is shown of it (line, grid, spaced): a grid
        in that layout, or a line of text such as a count."""
        if self.fmt == "json":
            import json

            self.out.write(json.dumps(record, separators=(",", ":")) + "\n")
        elif self._csv is not None:
            self.header()
            flat: dict[str, object] = {}
            for key, value in record.items():
                flat.update(value if isinstance(value, dict) else {key: value})
            self._csv.writerow([_csv_value(flat.get(column, "")) for column in self.columns])
        elif isinstance(shown, str):
            self.out.write(shown + "\n")
        elif shown is not None:
            ending = "\n" if self.fmt == "line" else "\n\n"
            self.out.write(LAYOUTS[self.fmt](shown) + ending)

    def header(self) -> None:
        """The CSV header, once, before the first row (for rows written in bulk too)."""
        if self._csv is not None and not self._header_written:
            self._csv.writerow(self.columns)
            self._header_written = True

    def write_lines(self, shown: Sequence[str]) -> None:
        """Many records of the line format at once, each shown as its line of text."""
        if self.fmt != "line":
            raise ValueError(f"write_lines writes the line format, not {self.fmt!r}")
        if shown:
            self.out.write("\n".join(shown) + "\n")

    def comment(self, text: str) -> None:
        """A ``#`` line in the layouts (readers skip it); json and csv carry it in fields."""
        if self.fmt in LAYOUTS:
            self.out.write(f"# {text}\n")


def write_puzzles(out: TextIO, grids: Iterable[Grid], fmt: str = "line") -> None:
    """Write ``grids`` in one of FORMATS; :func:`read_puzzles` reads them back."""
    writer = RecordWriter(out, fmt)
    for grid in grids:
        writer.write({"puzzle": format_line(grid)}, grid)
