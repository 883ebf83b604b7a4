"""What the rater needs to know about a shape, worked out once a shape: its units, each
cell's peers and units, the intersections of units (for pointing and claiming), the
units packed as C ints for the scans of ``sudoku._batch``; and the scan for hidden singles
over the units, in Python (the reference) and in C."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from operator import itemgetter
from typing import NamedTuple

from sudoku.grid import Shape, by_shape

try:
    from sudoku import _batch
except ImportError:  # not built: the Python scans do the work
    _batch = None  # type: ignore[assignment]


def unit_singles_py(
    masks: list[int], placed: list[int], g: Geometry, full: int
) -> tuple[int, int, list[int]]:
    """The scan for hidden singles, unit by unit in order, skipping full units: the first
    unit with digits that have no place left, as (unit, those digits, []); else (-1, 0,
    [unit, bit, unit, bit, ...]) for every digit with one place in its unit, low bit first.
    The reference; ``sudoku._batch.unit_singles`` does the same in C when it was built."""
    found: list[int] = []
    for u, unit_masks in enumerate(g.unit_masks):
        if placed[u] == full:
            continue
        once = twice = 0
        for m in unit_masks(masks):
            twice |= once & m
            once |= m
        missing = full & ~(once | placed[u])
        if missing:
            return u, missing, []
        single = once & ~twice
        while single:
            bit = single & -single
            single ^= bit
            found += (u, bit)
    return -1, 0, found


def unit_singles(
    masks: list[int], placed: list[int], g: Geometry, full: int
) -> tuple[int, int, list[int]]:
    """`unit_singles_py`, in C on the units packed once a shape (``g.packed``) when the C
    batch was built and every unit has n cells."""
    if g.packed is None:
        return unit_singles_py(masks, placed, g, full)
    return _batch.unit_singles(masks, placed, g.packed, full)


class Geometry(NamedTuple):
    """Everything the techniques need about a shape, as cell indices ``r * n + c``."""

    n: int
    full: int
    units: tuple[tuple[int, ...], ...]
    unit_names: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    peer_sets: tuple[frozenset[int], ...]
    cell_units: tuple[tuple[int, ...], ...]
    unit_masks: tuple[Callable[[list[int]], tuple[int, ...]], ...]  # each unit's masks, from all
    # C ints as bytes, which the C scans read as buffers
    packed: bytes | None  # the units' cells in a row, n a unit, for sudoku._batch
    packed_intersections: bytes | None  # for sudoku._batch.locked_hits
    # (name of the technique, unit A, unit B, the cells of A outside B, the cells of B
    #  outside A, the intersection): a digit confined to the intersection within A leaves
    #  B's rest.
    intersections: tuple[
        tuple[str, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...
    ]


@by_shape
def geometry_of(shape: Shape) -> Geometry:
    """The geometry of ``shape``, made once and kept."""
    n = shape.size
    units = shape.unit_indices
    peer_sets: list[set[int]] = [set() for _ in range(n * n)]
    for unit in units:
        for i in unit:
            peer_sets[i].update(unit)
    for i, peers in enumerate(peer_sets):
        peers.discard(i)
    intersections = []
    for a, unit_a in enumerate(units):
        for b, unit_b in enumerate(units):
            common = set(unit_a) & set(unit_b)
            if a != b and len(common) >= 2:
                # Shape.units lists the n rows and n columns first.
                technique = "claiming" if a < 2 * n else "pointing"
                rest_a = tuple(i for i in unit_a if i not in common)
                rest_b = tuple(i for i in unit_b if i not in common)
                intersections.append((technique, a, b, rest_a, rest_b, tuple(sorted(common))))
    return Geometry(
        n=n,
        full=(1 << n) - 1,
        units=units,
        unit_names=shape.unit_names,
        rows=units[:n],
        cols=units[n : 2 * n],
        peers=tuple(tuple(sorted(p)) for p in peer_sets),
        peer_sets=tuple(frozenset(p) for p in peer_sets),
        cell_units=tuple(
            tuple(u for u, unit in enumerate(units) if i in unit) for i in range(n * n)
        ),
        unit_masks=tuple(itemgetter(*unit) for unit in units),
        packed=(
            array("i", [i for unit in units for i in unit]).tobytes()
            if _batch is not None and all(len(unit) == n for unit in units)
            else None
        ),
        intersections=tuple(intersections),
        packed_intersections=None
        if _batch is None
        else array(
            "i",
            [
                x
                for *_, rest_a, rest_b, common in intersections
                for part in (common, rest_a, rest_b)
                for x in (len(part), *part)
            ],
        ).tobytes(),
    )
