"""Boards and pieces as text pictures, and solutions drawn back into the board's picture.

A picture is rows of characters: any character other than space and ``.`` is a cell. A
solid is its layers one after another, a blank line between two layers (the first layer is
the top of the picture, layer 0). A line whose first character other than spaces is ``;``
is a note, not a row: ``;`` is never a cell, so no row of cells can be taken for a note. In
a picture of pieces, each piece is drawn with a character of its own (the cells that share
a character are one piece) and a note ``;copies X*N Y*M`` gives pieces several copies.
Tabs are refused (how wide is one?), with the line and column.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from dlx.errors import TilingError
from dlx.tiling.shapes import Cell, Piece

NOTE = ";"
"""The character that starts a note line; never a cell."""


class Picture(NamedTuple):
    """A picture read: the rows of each layer as written (notes and blank lines out) and
    every cell with its character, by ``(layer, row, column)``."""

    layers: tuple[tuple[str, ...], ...]
    cells: dict[Cell, str]
    notes: tuple[tuple[int, int, str], ...] = ()  # (line, column after ';', text after it)


def read_picture(text: str) -> Picture:
    """Read a picture (see the module), or raise TilingError naming the line and column."""
    if not isinstance(text, str):
        raise TilingError(f"a picture is text, not {type(text).__name__}")
    layers: list[list[str]] = [[]]
    cells: dict[Cell, str] = {}
    notes = []
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        stripped = line.lstrip(" ")
        if stripped.startswith(NOTE):
            notes.append((number, len(line) - len(stripped) + 2, stripped[1:]))
            continue
        line = line.rstrip(" ")
        if not line:
            if layers[-1]:
                layers.append([])
            continue
        for column, char in enumerate(line):
            if char == NOTE:
                raise TilingError(
                    "';' starts a note line and cannot be a cell", line=number, column=column + 1
                )
            if char.isspace() and char != " " or not char.isprintable():
                raise TilingError(
                    f"{char!r} is neither a cell nor a space: use spaces or '.' for non-cells",
                    line=number,
                    column=column + 1,
                )
            if char not in " .":
                cells[len(layers) - 1, len(layers[-1]), column] = char
        layers[-1].append(line)
    if not layers[-1]:
        layers.pop()
    if not cells:
        raise TilingError("the picture has no cells (a cell is any character but space and '.')")
    return Picture(tuple(map(tuple, layers)), cells, tuple(notes))


class Board(NamedTuple):
    """A board: its ``cells`` in reading order (layer, row, column) and its picture's rows
    (to draw solutions in)."""

    cells: tuple[Cell, ...]
    layers: tuple[tuple[str, ...], ...]

    @property
    def solid(self) -> bool:
        """True when the board has more than one layer."""
        return len({z for z, _, _ in self.cells}) > 1

    def draw(self, letters: Mapping[Cell, str]) -> str:
        """The board's picture with each cell shown as ``letters[cell]`` (a cell not in
        ``letters`` keeps its character), layers apart by a blank line."""
        blocks = []
        for z, rows in enumerate(self.layers):
            lines = []
            for y, row in enumerate(rows):
                lines.append(
                    "".join(
                        letters.get((z, y, x), char) if char not in " ." else char
                        for x, char in enumerate(row)
                    ).rstrip()
                )
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)


def read_board(text: str) -> Board:
    """A board from its picture (see the module).

    >>> board = read_board("###\\n#.#")
    >>> board.cells
    ((0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 0), (0, 1, 2))
    """
    picture = read_picture(text)
    return Board(tuple(sorted(picture.cells)), picture.layers)


def box(*sides: int) -> Board:
    """A full box of ``height x width`` cells, or ``layers x height x width``.

    >>> box(2, 3).draw({})
    '###\\n###'
    """
    if len(sides) not in (2, 3) or any(
        isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in sides
    ):
        raise TilingError(f"a box has 2 or 3 sides of at least 1 cell, not {sides!r}")
    depth, height, width = (1, *sides) if len(sides) == 2 else sides
    rows = ("#" * width,) * height
    return read_board("\n\n".join(["\n".join(rows)] * depth))


_BOX = re.compile(r"(\d+)x(\d+)(?:x(\d+))?")


def box_size(text: str) -> tuple[int, ...] | None:
    """The sides of a box written ``HxW`` or ``LxHxW`` (``6x10``, ``3x3x3``), else None."""
    match = _BOX.fullmatch(text.strip())
    if match is None:
        return None
    return tuple(int(side) for side in match.groups() if side is not None)


_COPIES = re.compile(r"\s*copies\b")


def read_pieces(text: str) -> list[Piece]:
    """Pieces from a picture, each drawn with a character of its own (see the module), in
    the order of their first cells; ``;copies X*N`` notes give copies.

    >>> [(p.name, len(p), p.copies) for p in read_pieces("AAB\\n.BB\\n;copies A*2")]
    [('A', 2, 2), ('B', 3, 1)]
    """
    picture = read_picture(text)
    shapes: dict[str, list[Cell]] = {}
    for cell in sorted(picture.cells):
        shapes.setdefault(picture.cells[cell], []).append(cell)
    copies = dict.fromkeys(shapes, 1)
    for number, start, note in picture.notes:
        match = _COPIES.match(note)
        if match is None:
            continue
        for term in re.compile(r"\S+").finditer(note, match.end()):
            column = start + term.start()
            name, star, count = term[0].partition("*")
            if not star or not count.isdigit() or int(count) < 1:
                raise TilingError(
                    f"{term[0]!r} is not X*N (a piece and its number of copies, at least 1)",
                    line=number,
                    column=column,
                )
            if name not in shapes:
                raise TilingError(f"no piece is drawn with {name!r}", line=number, column=column)
            copies[name] = int(count)
    return [Piece(name, tuple(cells), copies[name]) for name, cells in shapes.items()]


def picture_of(cells: Iterable[Cell], letter: str = "#") -> str:
    """A shape drawn as a picture: ``letter`` for its cells, ``.`` for the holes."""
    cells = set(cells)
    depth, height, width = (1 + max(cell[axis] for cell in cells) for axis in range(3))
    return "\n\n".join(
        "\n".join(
            "".join(letter if (z, y, x) in cells else "." for x in range(width))
            for y in range(height)
        )
        for z in range(depth)
    )
