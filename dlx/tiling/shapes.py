"""Shapes of cells: the motions that turn and flip them, and the built-in piece sets.

Glossary:
- *cell*: ``(layer, row, column)``, from 0; a flat shape lies in layer 0.
- *shape*: a tuple of cells, *normalized*: moved to touch 0 on every axis, sorted.
- *motion*: a signed permutation of the three axes (48 of them, 24 rotations). The flat
  motions keep the layer axis (8 of them, 4 turns in the plane); the solid ones are the 24
  rotations of space. A mirror image is the image under a motion of determinant -1.
- *orientation*: a piece's shape under one allowed motion, normalized; duplicates removed.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from dlx.errors import TilingError

Cell = tuple[int, int, int]
"""(layer, row, column), from 0."""
Shape = tuple[Cell, ...]
"""Cells moved to touch 0 on every axis, sorted: one shape, one tuple."""


class Motion(NamedTuple):
    """A signed permutation of the axes: coordinate i of the image is ``signs[i] *
    cell[axes[i]]``. Its ``det`` is +1 for a rotation, -1 for a mirror image."""

    axes: tuple[int, int, int]
    signs: tuple[int, int, int]

    @property
    def det(self) -> int:
        """+1 for a rotation, -1 for a motion that mirrors."""
        inversions = sum(
            1 for i in range(3) for j in range(i + 1, 3) if self.axes[i] > self.axes[j]
        )
        sign = -1 if inversions % 2 else 1
        return sign * self.signs[0] * self.signs[1] * self.signs[2]

    @property
    def flat(self) -> bool:
        """True when the motion keeps the layer axis as it is (a motion of the plane)."""
        return self.axes[0] == 0 and self.signs[0] == 1

    def __call__(self, cell: Cell) -> Cell:
        a, s = self.axes, self.signs
        return (s[0] * cell[a[0]], s[1] * cell[a[1]], s[2] * cell[a[2]])


MOTIONS: tuple[Motion, ...] = tuple(
    Motion(axes, signs)  # type: ignore[arg-type]
    for axes in itertools.permutations(range(3))
    for signs in itertools.product((1, -1), repeat=3)
)
"""All 48 motions of the cube, the identity first."""
ROTATIONS = tuple(m for m in MOTIONS if m.det == 1)
"""The 24 rotations of space."""
FLAT = tuple(m for m in MOTIONS if m.flat)
"""The 8 motions of the plane: 4 turns and 4 flips."""
FLAT_TURNS = tuple(m for m in FLAT if m.det == 1)
"""The 4 turns of the plane (one-sided pieces)."""


def normalize(cells: Iterable[Cell]) -> Shape:
    """The cells moved to touch 0 on every axis, sorted."""
    cells = list(cells)
    low = [min(cell[axis] for cell in cells) for axis in range(3)]
    return tuple(sorted((z - low[0], y - low[1], x - low[2]) for z, y, x in cells))


def orientations(shape: Iterable[Cell], motions: Sequence[Motion]) -> list[Shape]:
    """The distinct shapes ``shape`` takes under ``motions``, in a fixed order."""
    cells = list(shape)
    return sorted({normalize(motion(cell) for cell in cells) for motion in motions})


def canonical(shape: Iterable[Cell], motions: Sequence[Motion]) -> Shape:
    """One shape for every orientation of ``shape`` under ``motions``: the least."""
    return orientations(shape, motions)[0]


def is_flat(shape: Iterable[Cell]) -> bool:
    """True when every cell is in one layer."""
    return len({z for z, _, _ in shape}) <= 1


@dataclass(frozen=True)
class Piece:
    """A piece: its one-character ``name`` (as drawn in pictures), its normalized ``cells``
    and how many ``copies`` of it the puzzle has (copies are interchangeable)."""

    name: str
    cells: Shape
    copies: int = 1

    def __post_init__(self) -> None:
        try:
            cells = [(0, *cell) if len(cell) == 2 else tuple(cell) for cell in self.cells]
            if any(len(cell) != 3 or not all(isinstance(v, int) for v in cell) for cell in cells):
                raise TypeError
        except TypeError:
            raise TilingError(
                f"piece {self.name!r}: cells are (row, column) or (layer, row, column) "
                f"pairs of whole numbers, not {self.cells!r}"
            ) from None
        if len(set(cells)) != len(cells):
            raise TilingError(f"piece {self.name!r} names a cell twice")
        if cells:
            object.__setattr__(self, "cells", normalize(cells))  # type: ignore[arg-type]
        if len(self.name) != 1 or self.name.isspace() or self.name in ".;":
            raise TilingError(
                f"a piece is named by one character other than space, '.' and ';', "
                f"not {self.name!r}"
            )
        if not self.cells:
            raise TilingError(f"piece {self.name!r} has no cells")
        if isinstance(self.copies, bool) or not isinstance(self.copies, int) or self.copies < 1:
            raise TilingError(
                f"piece {self.name!r}: copies must be at least 1, not {self.copies!r}"
            )

    def __len__(self) -> int:
        return len(self.cells)


def _drawn(rows: str) -> Shape:
    """A flat shape from rows of ``#`` and ``.`` separated by ``/``."""
    return normalize(
        (0, r, c) for r, row in enumerate(rows.split("/")) for c, x in enumerate(row) if x == "#"
    )


_DRAWN: dict[str, dict[str, str]] = {
    "monominoes": {"O": "#"},
    "dominoes": {"I": "##"},
    "trominoes": {"I": "###", "V": "##/#."},
    "tetrominoes": {"I": "####", "O": "##/##", "T": "###/.#.", "S": ".##/##.", "L": "###/#.."},
    "pentominoes": {
        "F": ".##/##./.#.",
        "I": "#####",
        "L": "####/#...",
        "N": "##../.###",
        "P": "##/##/#.",
        "T": "###/.#./.#.",
        "U": "#.#/###",
        "V": "#../#../###",
        "W": "#../##./.##",
        "X": ".#./###/.#.",
        "Y": ".#../####",
        "Z": "##./.#./.##",
    },
}

# The Soma pieces (Piet Hein): V, L, T, Z flat; A and B the two screws, mirror images of
# each other; P the branch.
_SOMA: dict[str, Shape] = {
    "V": _drawn("##/#."),
    "L": _drawn("###/#.."),
    "T": _drawn("###/.#."),
    "Z": _drawn(".##/##."),
    "A": normalize([(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 1)]),
    "B": normalize([(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 1, 0)]),
    "P": normalize([(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)]),
}

SETS = (
    "monominoes",
    "dominoes",
    "trominoes",
    "tetrominoes",
    "pentominoes",
    "hexominoes",
    "soma",
    "pentacubes",
)
"""The names of the built-in piece sets."""


def polyforms(order: int, *, solid: bool) -> list[Shape]:
    """Every free polyomino (or, ``solid``, every polycube up to rotation) of ``order``
    cells, by growing the shapes of each order by one cell; in canonical order."""
    motions = ROTATIONS if solid else FLAT
    steps = [(0, 0, 1), (0, 0, -1), (0, 1, 0), (0, -1, 0)]
    if solid:
        steps += [(1, 0, 0), (-1, 0, 0)]
    shapes: set[Shape] = {((0, 0, 0),)}
    for _ in range(order - 1):
        grown = set()
        for shape in shapes:
            cells = set(shape)
            for z, y, x in shape:
                for dz, dy, dx in steps:
                    cell = (z + dz, y + dy, x + dx)
                    if cell not in cells:
                        grown.add(canonical([*shape, cell], motions))
        shapes = grown
    return sorted(shapes, key=lambda shape: (not is_flat(shape), shape))


_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def piece_set(name: str) -> list[Piece]:
    """The pieces of a built-in set (see ``SETS``), one copy each.

    The polyominoes have their usual letters (the pentominoes FILNPTUVWXYZ, the tetrominoes
    IOTSL); the 35 hexominoes are lettered A-Z, a-i in canonical order. The 29 pentacubes
    (mirror images are pieces of their own) are the 12 flat ones with the pentominoes'
    letters, then the 17 others lettered a-q.

    >>> [p.name for p in piece_set("pentominoes")]
    ['F', 'I', 'L', 'N', 'P', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z']
    >>> len(piece_set("hexominoes")), len(piece_set("pentacubes"))
    (35, 29)
    """
    if name in _DRAWN:
        return [Piece(letter, _drawn(rows)) for letter, rows in _DRAWN[name].items()]
    if name == "soma":
        return [Piece(letter, cells) for letter, cells in _SOMA.items()]
    if name == "hexominoes":
        return [Piece(_NAMES[k], shape) for k, shape in enumerate(polyforms(6, solid=False))]
    if name == "pentacubes":
        flat = {canonical(p.cells, ROTATIONS): p.name for p in piece_set("pentominoes")}
        result, others = [], iter("abcdefghijklmnopq")
        for shape in polyforms(5, solid=True):
            letter = flat.get(shape) or next(others)
            result.append(Piece(letter, shape))
        return sorted(result, key=lambda p: (p.name.islower(), p.name))
    raise TilingError(f"no piece set named {name!r}: the sets are {', '.join(SETS)}")


_TERM = re.compile(r"(?:(?P<set>[a-z]+):)?(?P<name>[^\s,*:]+)(?:\*(?P<copies>\d+))?")


def parse_pieces(spec: str) -> list[Piece]:
    """Pieces from a list of terms separated by spaces or commas, each ``SET``, ``SET*N``
    (every piece of a built-in set, N copies each), ``SET:X`` or ``SET:X*N`` (piece X of
    the set), or ``X``/``X*N`` alone when one of the sets named in the list, or else one
    built-in set only, has a piece X. Copies named twice add up.

    >>> [(p.name, p.copies) for p in parse_pieces("tetrominoes:L*4")]
    [('L', 4)]
    >>> [(p.name, p.copies) for p in parse_pieces("pentominoes X")][-3:]
    [('X', 2), ('Y', 1), ('Z', 1)]
    """
    terms = [term for term in re.split(r"[\s,]+", spec.strip()) if term]
    if not terms:
        raise TilingError("no pieces named: give a set such as 'pentominoes', or 'SET:X*N'")
    parsed = []
    for term in terms:
        match = _TERM.fullmatch(term)
        if match is None or (match["copies"] is not None and int(match["copies"]) < 1):
            raise TilingError(
                f"{term!r} is not a piece term: write SET, SET*N, SET:X, SET:X*N or X*N "
                "(N at least 1)"
            )
        parsed.append((term, match["set"], match["name"], int(match["copies"] or 1)))
    named_sets = [s or n for _, s, n, _ in parsed if s or n in SETS]
    result: dict[str, Piece] = {}
    for term, set_name, name, copies in parsed:
        if set_name is None and name in SETS:
            found = piece_set(name)
        else:
            found = [_one_piece(term, set_name, name, named_sets)]
        for piece in found:
            _add(result, Piece(piece.name, piece.cells, piece.copies * copies), term)
    return list(result.values())


def _one_piece(term: str, set_name: str | None, name: str, named_sets: list[str]) -> Piece:
    """Piece ``name`` of ``set_name``, or of the one set that has it (see parse_pieces)."""
    if set_name is not None:
        for piece in piece_set(set_name):
            if piece.name == name:
                return piece
        letters = "".join(p.name for p in piece_set(set_name))
        raise TilingError(f"{term!r}: {set_name} has no piece {name!r} (it has {letters})")
    for candidates in ([s for s in SETS if s in named_sets], list(SETS)):
        having = [s for s in candidates if any(p.name == name for p in piece_set(s))]
        if len(having) == 1:
            return next(p for p in piece_set(having[0]) if p.name == name)
        if len(having) > 1:
            choices = " or ".join(f"{s}:{name}" for s in having)
            raise TilingError(f"{term!r}: several sets have a piece {name!r}: write {choices}")
    if len(name) > 1:
        raise TilingError(f"{term!r}: no piece set named {name!r}: the sets are {', '.join(SETS)}")
    raise TilingError(f"{term!r}: no built-in set has a piece {name!r}")


def _add(pieces: dict[str, Piece], piece: Piece, where: str) -> None:
    """Add ``piece`` to ``pieces`` by name: copies add up; another shape of the same name
    is refused (pieces are told apart by their names in pictures)."""
    before = pieces.get(piece.name)
    if before is None:
        pieces[piece.name] = piece
    elif before.cells == piece.cells:
        pieces[piece.name] = Piece(piece.name, piece.cells, before.copies + piece.copies)
    else:
        raise TilingError(f"{where}: two different pieces are named {piece.name!r}")


def merge(groups: Iterable[Iterable[Piece]]) -> list[Piece]:
    """One list of pieces from several: copies of one piece add up, and two different
    pieces of the same name are refused."""
    result: dict[str, Piece] = {}
    for group in groups:
        for piece in group:
            _add(result, piece, f"piece {piece.name!r}")
    return list(result.values())
