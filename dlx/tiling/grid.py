"""The board as the bits of one integer: every placement of a shape, and the placements that
no solution holds.

A *grid* numbers the board's cells in reading order on a box with room around them (as
many spare columns, rows and layers as a piece is long), so that a set of cells is an
integer, moving it is one shift, and no move that a piece can make wraps one cell of the
board onto another. The anchors of a shape (the cells where its first cell can go with all
of it on the board) are then one AND of shifted boards, and each region of the board left
by a placement a flood fill of a few shifts a step.

*Dead placements*: a placement splits the rest of the board into regions (cells joined
face to face). When every piece is connected, each other piece lies inside one region, so
a region's size is the total size of some of the other pieces; a placement leaving a
region that no choice of them adds up to (a lone cell beside a wall, three cells for
pentominoes) is in no solution, and dropping it changes no count while sparing the search
the dead branch each time it would try it. The test is on areas only, so it is the same
for a placement and its images under the board's symmetries: what is kept stays closed
under them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter

from dlx.tiling.shapes import Cell, Piece, Shape
from dlx.tiling.symmetry import Placement

try:
    from dlx import _tile
except ImportError:  # not built: the regions are found here
    _tile = None  # type: ignore[assignment]

_STEPS = ((0, 0, 1), (0, 1, 0), (1, 0, 0))


class Grid:
    """A board's cells as bits: ``index[cell]`` is a cell's bit, ``cells[bit]`` the cell,
    ``full`` the board; ``width`` and ``layer`` are the bit steps of
    a row and a layer; ``room`` cells are spare beyond each side; ``solid`` when the board
    has more than one layer."""

    def __init__(self, board: Sequence[Cell], room: int) -> None:
        low = [min(cell[axis] for cell in board) for axis in range(3)]
        high = [max(cell[axis] for cell in board) for axis in range(3)]
        self.width = high[2] - low[2] + 1 + room
        self.layer = (high[1] - low[1] + 1 + room) * self.width
        self.index = {
            (z, y, x): (z - low[0]) * self.layer + (y - low[1]) * self.width + x - low[2]
            for z, y, x in board
        }
        self.cells = {bit: cell for cell, bit in self.index.items()}
        self.full = sum(1 << bit for bit in self.index.values())
        self.solid = high[0] > low[0]

    def placements(
        self, name: str, shapes: Sequence[Shape], sums: int | None = None
    ) -> list[Placement]:
        """Every placement of the piece ``name`` in one of the ``shapes`` (normalized, none
        longer than ``room`` + 1 on an axis), shape by shape, the first cell on each board
        cell in reading order; with ``sums``, only those that leave regions whose sizes are
        bits of it (see ``live``)."""
        result: list[Placement] = []
        cells = [self.cells.get(bit) for bit in range(self.full.bit_length())]
        new = tuple.__new__
        for shape in shapes:
            z0, y0, x0 = shape[0]
            steps = [(z - z0) * self.layer + (y - y0) * self.width + x - x0 for z, y, x in shape]
            anchors = self.full
            for step in steps[1:]:  # after the first cell in reading order: all positive
                anchors &= self.full >> step
            if sums is not None:
                anchors = self._fillable(anchors, steps, sums)
            # its cells in the board's cells from an anchor on (one index gives no tuple)
            pick = itemgetter(*steps) if len(steps) > 1 else lambda row: (row[0],)
            span = max(steps) + 1
            while anchors:
                low = anchors & -anchors
                anchor = low.bit_length() - 1
                anchors ^= low
                # a Placement made as the tuple it is: its __new__ in Python costs a third
                result.append(new(Placement, (name, pick(cells[anchor : anchor + span]))))
        return result

    def live(
        self, pieces: Sequence[Piece], shapes: Mapping[str, Sequence[Shape]]
    ) -> dict[str, list[Placement]]:
        """The placements of each piece in its ``shapes`` (as ``placements`` lists them) that
        leave no region the other pieces cannot fill (see the module); all of them when a
        piece is not connected."""
        every = not all(connected(piece.cells) for piece in pieces)
        result = {}
        for piece in pieces:
            sums = 1  # bit s: some of the other pieces add up to s cells
            for other in pieces:
                for _ in range(other.copies - (other is piece)):
                    sums |= sums << len(other)
            result[piece.name] = self.placements(
                piece.name, shapes[piece.name], None if every else sums
            )
        return result

    def _fillable(self, anchors: int, steps: Sequence[int], sums: int) -> int:
        """The ``anchors`` (bits) where the shape of cells ``steps`` from its anchor leaves
        regions of the board whose sizes are bits of ``sums``: in C (dlx._tile.fillable)
        when it was built, else here. A region grows a step at a time across rows (and
        layers), and along a row to the end of its run of cells at once: adding its cells to
        the board's carries through each run from them on (the spare cells end every run)."""
        layer = self.layer if self.solid else 0
        if _tile is not None and anchors:
            size = (self.full.bit_length() + 7) // 8
            kept = _tile.fillable(
                self.full.to_bytes(size, "little"),
                anchors.to_bytes(size, "little"),
                steps,
                [1, self.width, layer] if layer else [1, self.width],
                sums.to_bytes((sums.bit_length() + 7) // 8, "little"),
            )
            return int.from_bytes(kept, "little")
        shape = sum(1 << step for step in steps)
        width, result = self.width, 0
        for anchor in range(anchors.bit_length()):
            if not anchors >> anchor & 1:
                continue
            rest = self.full ^ shape << anchor
            while rest:
                region = rest & -rest
                while True:
                    grown = region | region >> 1 | region << width | region >> width
                    if layer:
                        grown |= region << layer | region >> layer
                    grown &= rest
                    grown |= ((rest + grown) ^ rest) & rest
                    if grown == region:
                        break
                    region = grown
                if not sums >> region.bit_count() & 1:
                    break
                rest ^= region
            else:
                result |= 1 << anchor
        return result


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
