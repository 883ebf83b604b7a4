"""The symmetries of a tiling puzzle, and the plan that counts its solutions up to them.

Glossary:
- *symmetry*: a motion of the board onto itself (turned or mirrored, then moved back onto
  its cells) together with what it does to the pieces: each piece goes to itself, except
  under a mirror where mirroring is not one of the pieces' own motions (solid pieces, or
  one-sided flat ones): there each piece goes to the piece that is its mirror image, and a
  mirror is a symmetry only when the set holds every mirror image, copies and all.
- *distinct solutions*: the orbits of the solutions under the group of symmetries.
- *orbit representative*: of the placements of one piece that a group maps to one another,
  the least (its cells in reading order).

The plan (a case analysis as Knuth does for the pentominoes' X, made automatic): take a
piece with one copy that every symmetry of the group maps to itself, and of each orbit of
its placements keep only the representative. The piece: for the whole group, the one with
the fewest orbits, an orbit fixed by a symmetry counting twice (the search then starts from
few placements, as with Knuth's X in a quarter of the 6x10 box; on the pentomino boxes and
the Soma cube this gave the smallest trees of the exact-cover loops, or nearly), or once
on a flat board (``symmetric_once``: the count by cells gains the most from a piece fixed in
a case of its own; 8x8 without its corners counts twice as fast with the X, 2 free orbits
and 3 fixed by a mirror, as with the I, 7 free); in a case of its own (a
piece fixed already, a small search), the one with the fewest placements fixed by a
symmetry and then the fewest orbits, so that an asymmetric piece ends the analysis at once,
or on a solid board (``fewest_orbits``) the one with the fewest orbits and then the fewest
fixed: the count by the fewest placements then branches on that piece's few placements
first (3x4x5 by the solid pentominoes, the I fixed: the X, 12 orbits or fewer, rather than
the V's 58; 1.3 times faster, with 74 cases rather than 28).
A representative that no symmetry but the identity fixes stands for its whole orbit, and
each solution with the piece there is the only one of its orbit with the piece there: those
are counted as they are. A representative fixed by a subgroup K of symmetries is a case of
its own: the piece is fixed there and the solutions are counted up to K, by the same plan
with the next piece. When no piece is left to fix (every piece that K maps to itself has
several copies), the case's solutions are listed and told apart by their least image under
K. Every branch ends with a trivial group or such a list, so each orbit of the whole puzzle
is counted exactly once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import NamedTuple

from dlx.tiling.shapes import FLAT, MOTIONS, Cell, Motion, Piece, canonical


class Placement(NamedTuple):
    """One placement of one piece: the piece's name and the cells it covers, in reading
    order. The name of an option of the exact-cover problem."""

    piece: str
    cells: tuple[tuple[int, int, int], ...]  # Cells (spelled out: pdoc reads it unimported)


class Symmetry:
    """A symmetry of a puzzle: ``cells`` maps each board cell to its image, ``pieces``
    each piece's name to the name of the piece it becomes. Each placement's image is kept
    once found: the plan asks for it again in every case."""

    __slots__ = ("_images", "cells", "motion", "pieces")

    def __init__(
        self, motion: Motion, cells: Mapping[Cell, Cell], pieces: Mapping[str, str]
    ) -> None:
        self.motion = motion
        self.cells = cells
        self.pieces = pieces
        self._images: dict[Placement, Placement] = {}

    def __call__(self, placement: Placement) -> Placement:
        image = self._images.get(placement)
        if image is None:
            image = self._images[placement] = Placement(
                self.pieces[placement.piece],
                tuple(sorted(map(self.cells.__getitem__, placement.cells))),
            )
        return image

    @property
    def identity(self) -> bool:
        """True for the symmetry that changes nothing."""
        return all(a == b for a, b in self.cells.items()) and all(
            a == b for a, b in self.pieces.items()
        )


def symmetries(
    board: Sequence[Cell], pieces: Sequence[Piece], own: Sequence[Motion], *, solid: bool
) -> list[Symmetry]:
    """The symmetries of the puzzle (the identity first): the motions that map the board
    onto itself (all 48 in space when ``solid``, the 8 of the plane when not) and the
    piece set onto itself, given the pieces' ``own`` motions."""
    cells = set(board)
    low = [min(c[axis] for c in board) for axis in range(3)]

    @cache
    def mirrors() -> dict[str, str] | None:  # worked out once a mirror needs it
        return _mirror_images(pieces, own)

    result = []
    for motion in MOTIONS if solid else FLAT:
        image = [motion(c) for c in board]
        shift = [low[axis] - min(c[axis] for c in image) for axis in range(3)]
        moved = [(z + shift[0], y + shift[1], x + shift[2]) for z, y, x in image]
        if set(moved) != cells:
            continue
        if motion in own:
            names = {p.name: p.name for p in pieces}
        elif (images := mirrors()) is not None:
            names = images
        else:
            continue
        result.append(Symmetry(motion, dict(zip(board, moved, strict=True)), names))
    return result


def _mirror_images(pieces: Sequence[Piece], own: Sequence[Motion]) -> dict[str, str] | None:
    """Each piece's name -> the name of the piece that is its mirror image (the k-th piece
    of a shape to the k-th of the mirrored shape), or None when the set lacks one (or its
    copies differ)."""
    mirror = next(m for m in MOTIONS if m.det == -1 and m.flat)
    kinds: dict[tuple[Cell, ...], list[Piece]] = {}
    for piece in pieces:
        kinds.setdefault(canonical(piece.cells, own), []).append(piece)
    result = {}
    for kind, group in kinds.items():
        other = kinds.get(canonical((mirror(cell) for cell in kind), own), [])
        if [p.copies for p in other] != [p.copies for p in group]:
            return None
        result.update({p.name: q.name for p, q in zip(group, other, strict=True)})
    return result


class Case(NamedTuple):
    """One part of the count of distinct solutions: the solutions with the ``fixed``
    placements and, when ``restricted`` is given as (piece, placements), that piece in one
    of those placements. With a ``group`` (more than the identity), the solutions are
    counted up to it (listed and told apart); without, each counts once."""

    fixed: tuple[Placement, ...]
    restricted: tuple[str, tuple[Placement, ...]] | None = None
    group: tuple[Symmetry, ...] = ()


def plan(
    placements: Mapping[str, Sequence[Placement]],
    pieces: Sequence[Piece],
    group: Sequence[Symmetry],
    *,
    symmetric_once: bool = False,
    fewest_orbits: bool = False,
) -> list[Case]:
    """The cases that count each orbit of solutions once (see the module), in order: the
    main case first, then the cases of symmetric placements as they were met;
    ``symmetric_once`` weighs an orbit fixed by a symmetry as one in the first choice;
    ``fewest_orbits`` chooses by the fewest orbits first in a case of its own."""
    twice = 0 if symmetric_once else 1
    known: dict[tuple[str, tuple[Symmetry, ...]], list[set[Placement]]] = {}
    cover: dict[str, dict[Cell, int]] = {}

    def covering(name: str, cell: Cell) -> int:
        """The placements of piece ``name`` that cover ``cell``."""
        if name not in cover:
            counts = cover[name] = {}
            for placement in placements[name]:
                for c in placement.cells:
                    counts[c] = counts.get(c, 0) + 1
        return cover[name].get(cell, 0)

    cases: list[Case] = []
    todo: deque[tuple[tuple[Placement, ...], tuple[Symmetry, ...]]] = deque([((), tuple(group))])
    while todo:
        fixed, sub = todo.popleft()
        if len(sub) <= 1:
            cases.append(Case(fixed))
            continue
        used = {cell for placement in fixed for cell in placement.cells}
        candidates = []  # (the least score a piece can have, its index, the piece)
        for k, piece in enumerate(pieces):
            if piece.copies != 1 or any(p.piece == piece.name for p in fixed):
                continue
            if any(h.pieces[piece.name] != piece.name for h in sub):
                continue
            # the orbits clear of the fixed cells are at least `fewest`, those placements over
            # |sub|: a piece whose least score is more than the best so far is not looked at
            clear = len(placements[piece.name]) - sum(covering(piece.name, c) for c in used)
            fewest = -(-clear // len(sub))
            least = (fewest, 0) if not fixed or fewest_orbits else (0, fewest)
            candidates.append((least, k, piece))
        best = None
        for least, k, piece in sorted(candidates):  # the index is unique: no piece compared
            if best is not None and (least, k) > best[0]:
                break  # neither it nor those after it can score less (ties: the first piece)
            if (piece.name, sub) not in known:
                known[piece.name, sub] = _orbits(placements[piece.name], sub)
            # the fixed placements' symmetries keep an orbit clear of them whole, or none of it
            orbits = [o for o in known[piece.name, sub] if used.isdisjoint(next(iter(o)).cells)]
            symmetric = sum(len(orbit) < len(sub) for orbit in orbits)  # fixed by some
            if not fixed:
                score = (len(orbits) + twice * symmetric, symmetric)
            elif fewest_orbits:
                score = (len(orbits), symmetric)
            else:
                score = (symmetric, len(orbits))
            if best is None or (score, k) < best[0]:
                best = ((score, k), piece.name, orbits)
        if best is None:
            cases.append(Case(fixed, group=sub))
            continue
        _, name, orbits = best
        representatives = [_representative(orbit, sub) for orbit in orbits]
        free = tuple(rep for rep, stabilizer in representatives if len(stabilizer) == 1)
        if free:
            cases.append(Case(fixed, (name, free)))
        for rep, stabilizer in representatives:
            if len(stabilizer) > 1:
                todo.append(((*fixed, rep), stabilizer))
    return cases


def _orbits(placements: Iterable[Placement], group: Sequence[Symmetry]) -> list[set[Placement]]:
    """The orbits of the placements under ``group`` (the identity first), in the order of
    their first placements."""
    seen: set[Placement] = set()
    result = []
    for placement in placements:
        if placement in seen:
            continue
        orbit = {placement, *(h(placement) for h in group[1:])}
        seen |= orbit
        result.append(orbit)
    return result


def _representative(
    orbit: set[Placement], group: Sequence[Symmetry]
) -> tuple[Placement, tuple[Symmetry, ...]]:
    """An orbit's representative, its least placement, and the symmetries of ``group``
    (the identity first) that fix it: the identity alone when the orbit has as many
    placements as the group has symmetries (it has |group| / |fixers|)."""
    rep = min(orbit)
    if len(orbit) == len(group):
        return rep, tuple(group[:1])
    return rep, (group[0], *(h for h in group[1:] if h(rep) == rep))


def least_image(solution: Iterable[Placement], group: Sequence[Symmetry]) -> tuple[Placement, ...]:
    """The least of a solution's images under ``group``: the same for every solution of
    one orbit, so distinct solutions have distinct least images."""
    placements = list(solution)
    return min(tuple(sorted(h(p) for p in placements)) for h in group)
