"""Placements that no solution holds: those that cut the board into a region the other
pieces cannot fill.

A placement splits the rest of the board into regions (cells joined face to face). When
every piece is itself connected, each other piece lies inside one region, so a region's
size is the total size of some of the other pieces; a placement leaving a region that no
choice of them adds up to (a lone cell beside a wall, three cells for pentominoes) is in no
solution, and dropping it changes no count while sparing the search the dead branch each
time it would try it. The test is on areas only, so it is the same for a placement and its
images under the board's symmetries: what is kept stays closed under them.

The regions are found on the board as one integer, a bit per cell on a grid with a spare
column and row, so that a flood fill is a few shifts and masks per step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dlx.tiling.shapes import Cell, Piece
from dlx.tiling.symmetry import Placement

_STEPS = ((0, 0, 1), (0, 1, 0), (1, 0, 0))


def connected(cells: Sequence[Cell]) -> bool:
    """True when the cells are joined face to face into one region."""
    todo = set(cells)
    stack = [todo.pop()] if todo else []
    while stack:
        z, y, x = stack.pop()
        for dz, dy, dx in _STEPS:
            for cell in ((z + dz, y + dy, x + dx), (z - dz, y - dy, x - dx)):
                if cell in todo:
                    todo.remove(cell)
                    stack.append(cell)
    return not todo


def live(
    board: Sequence[Cell], pieces: Sequence[Piece], placements: Mapping[str, list[Placement]]
) -> dict[str, list[Placement]]:
    """The placements of each piece that leave no region the other pieces cannot fill (see
    the module); all of them when a piece is not connected."""
    if not all(connected(piece.cells) for piece in pieces):
        return dict(placements)
    low = [min(cell[axis] for cell in board) for axis in range(3)]
    width = max(x for _, _, x in board) - low[2] + 2  # a spare column
    layer = (max(y for _, y, _ in board) - low[1] + 2) * width  # and a spare row
    bit = {(z, y, x): (z - low[0]) * layer + (y - low[1]) * width + x - low[2] for z, y, x in board}
    full = sum(1 << k for k in bit.values())
    result = {}
    for piece in pieces:
        sums = 1  # bit s: some of the other pieces add up to s cells
        for other in pieces:
            for _ in range(other.copies - (other is piece)):
                sums |= sums << len(other)
        kept = []
        for placement in placements[piece.name]:
            rest = full
            for cell in placement.cells:
                rest ^= 1 << bit[cell]
            if _fillable(rest, sums, width, layer):
                kept.append(placement)
        result[piece.name] = kept
    return result


def _fillable(rest: int, sums: int, width: int, layer: int) -> bool:
    """True when each region of the cells of ``rest`` has a size that is a bit of ``sums``."""
    while rest:
        region = rest & -rest
        while True:
            grown = (
                region
                | region << 1
                | region >> 1
                | region << width
                | region >> width
                | region << layer
                | region >> layer
            ) & rest
            if grown == region:
                break
            region = grown
        if not sums >> region.bit_count() & 1:
            return False
        rest ^= region
    return True
