"""The count of a tiling in C (``dlx._tile``): by the lowest empty cell on flat boards, by
the cell with the fewest placements on solid ones.

The classic method for polyforms: the board's cells are bits, numbered along its longest
side last (so the search fills the board across its short way), and the search always
fills the lowest empty cell with each placement whose lowest cell it is; a piece's copies
are a counter, so copies are alike as with the multiplicity item. It counts what the
exact-cover problem counts, case by case of the symmetry plan: the case's fixed pieces and
its restricted piece are placed first, in turn, each in its allowed placements (on a flat
board the restricted piece goes with the others instead when its placements reach to the
end of the filling: ``CellCounter._listed``). Between
two cells of the numbering runs a spare cell, never empty, so that a region of empty cells
is a few shifts of a word: a placement that closes off a region no choice of the pieces
fills (the test of ``dlx.tiling.grid``, on sizes only) is dropped as soon as it is made.

On the flat pentomino boards of the benchmark this counts the distinct solutions 4.5 to 26
times faster than the exact-cover loops (9 to 26 on the boxes 3x20 to 6x10), and every
solution 2.5 to 23 times faster, but for 8x8 with a hole (as fast: no piece is placed
first there); it keeps the tilings found from each state of the filling (its lowest empty
cell, the cells after it, the copies left), and adds them when the state comes again. In
space the lowest cell loses (3x4x5 with the pentominoes five times slower than the loops:
there the item with the fewest options wins), so on a solid board
the count (``fewest``) makes the loops' choice on bitboards instead: after the first
pieces, the empty cell with the fewest placements that fit, or the piece with one copy
left and fewer, each level keeping the list of its placements that still fit (see
dlx/_fewest.h). The cells are numbered without spare cells there. It counts the solid
pentomino boxes three to four times as fast as the loops (3x4x5 in 0.90 s against 3.9; 2x5x6
4.4 times, 2x3x10 3.3 times), 3x4x5 in 0.70 s where the processor has AVX-512 (boards of one
word, see ``dlx._tile.wide``), and the Soma cube too. ``Tiling`` uses these counters when
``dlx._tile`` was built, the numbering has at most ``dlx._tile.MAX_CELLS`` cells, there
are at most ``dlx._tile.MAX_PIECES`` pieces and every placement spans fewer than 64 cells
of the numbering (the axes in the first order, longest side slowest first, in which that
holds; if none, the loops count). The count of a flat board starts next to the restricted
piece of the plan's main case (its least placements, in the top left corner): filling
from the other end takes four times as long on 6x10.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import permutations
from typing import TYPE_CHECKING, Any

from dlx.tiling.grid import connected
from dlx.tiling.shapes import Cell, Piece
from dlx.tiling.symmetry import Case, Placement

if TYPE_CHECKING:
    from collections.abc import Mapping

    from dlx.loop import Stats

try:
    from dlx import _tile
except ImportError:  # not built: Tiling counts with the exact-cover loops
    _tile = None  # type: ignore[assignment]

Encoded = tuple[int, int, int]
"""A placement as dlx._tile takes it: (piece, lowest cell, mask of its cells from there)."""


class CellCounter:
    """A board's cells numbered for ``dlx._tile``, each piece's placements encoded once;
    ``count(case)`` counts one case of the plan. Made by ``cell_counter``."""

    def __init__(
        self,
        number: Mapping[Cell, int],
        steps: list[int],
        pieces: Sequence[Piece],
        placements: Mapping[str, Sequence[Placement]],
        *,
        fewest: bool = False,
    ) -> None:
        self.number = number
        self.fewest = fewest
        """True when the count fills the cell with the fewest placements (solid boards)."""
        self.cells = max(number.values()) + 1
        self._bit = {cell: 1 << k for cell, k in number.items()}
        used = set(number.values())
        self.blocked = [c for c in range(self.cells) if c not in used]
        self.index = {piece.name: k for k, piece in enumerate(pieces)}
        self.copies = [piece.copies for piece in pieces]
        # the region test holds when every piece is connected (see dlx.tiling.grid)
        self.steps = steps if not fewest and all(connected(p.cells) for p in pieces) else []
        sums = 1  # bit s: some of the pieces add up to s cells
        for piece in pieces:
            for _ in range(piece.copies):
                sums |= sums << len(piece)
        self.sums = sums & (1 << 64) - 1
        self.encoded = {name: self.encode(kept) for name, kept in placements.items()}
        self.fits = all(mask >> 64 == 0 for kept in self.encoded.values() for _, _, mask in kept)
        """True when every placement spans fewer than 64 cells of the numbering."""

    def encode(self, placements: Iterable[Placement]) -> list[Encoded]:
        """Placements as dlx._tile takes them."""
        bit, index, result = self._bit.__getitem__, self.index, []
        for placement in placements:
            mask = sum(map(bit, placement.cells))  # the cells are distinct
            low = (mask & -mask).bit_length() - 1
            result.append((index[placement.piece], low, mask >> low))
        return result

    def _listed(self, name: str, kept: Sequence[Encoded]) -> bool:
        """True when a case's restricted piece is best listed with the others rather than
        placed first: on a flat board when its kept placements reach (by lowest cell) past 3/4
        of the way to the last of all of its placements. Such a restriction (a mirror along
        the filling) leaves a placement near every cell: placed first, the piece costs a
        search per placement (5x12's mirror cases of the Z three to five times slower);
        listed, those share the cells filled before it. One kept near the start (the X in a
        quarter, the I in 8x8's first half) is best placed first."""
        if self.fewest:
            return False
        reach = max(low for _, low, _ in self.encoded[name])
        return 4 * max(low for _, low, _ in kept) >= 3 * reach

    def count(self, case: Case | None, progress: CellProgress | None = None) -> int:
        """The solutions of a case (``Tiling.problem(case)``'s count), or all of them;
        ``progress`` told how far the count got every few million placements."""
        assert _tile is not None  # cell_counter makes none without it
        first = []
        own: dict[str, list[Encoded]] = {}
        if case is not None:
            for placement in case.fixed:
                own[placement.piece] = self.encode([placement])
                first.append(self.index[placement.piece])
            if case.restricted is not None:
                name, kept = case.restricted
                own[name] = self.encode(kept)
                if not self._listed(name, own[name]):
                    first.append(self.index[name])
        listed = [e for name, kept in self.encoded.items() for e in own.get(name, kept)]
        told = progress.tell if progress is not None else None
        found = _tile.count(
            self.cells,
            self.copies,
            listed,
            first,
            self.blocked,
            self.steps,
            self.sums,
            told,
            self.fewest,
        )
        if progress is not None:
            progress.done(found)
        return found


class CellProgress:
    """How far a count by cells got, shown to a ``Tiling.count`` progress callback as a
    ``Search`` shows itself (``stats.solutions`` and ``stats.nodes``, the placements made,
    over every case so far), but with no estimate of the tree: ``progress()`` is None."""

    def __init__(self, report: Callable[[Any], object]) -> None:
        self.report = report
        self.solutions = self.nodes = 0  # so far, as last told
        self._solutions = self._nodes = 0  # of the cases counted already

    @property
    def stats(self) -> Stats:
        """The counts so far as a ``Search`` keeps them (dlx.loop is imported when a
        callback first asks: a count of less than a few million placements never tells)."""
        from dlx.loop import Stats

        return Stats(nodes=self.nodes, solutions=self.solutions)

    def tell(self, solutions: int, placements: int) -> None:
        """dlx._tile's call: the counts so far in the case under way."""
        self.solutions = self._solutions + solutions
        self.nodes = self._nodes + placements
        self.report(self)

    def done(self, solutions: int) -> None:
        """A case counted: its solutions kept for the next."""
        self._solutions = self.solutions = self._solutions + solutions
        self._nodes = self.nodes  # as last told: the rest of it goes untold

    def progress(self) -> None:
        """No estimate of the part of the tree explored (a ``Search`` gives one)."""
        return None


def cell_counter(
    board: Sequence[Cell], pieces: Sequence[Piece], placements: Mapping[str, Sequence[Placement]]
) -> CellCounter | None:
    """The counter for a board and its placements, or None where it does not apply (see
    the module): by the lowest empty cell on a flat board, by the fewest placements on a
    solid one."""
    if _tile is None or len(pieces) > _tile.MAX_PIECES:
        return None
    extent = {
        axis: max(c[axis] for c in board) - min(c[axis] for c in board) + 1 for axis in range(3)
    }
    axes = [axis for axis in range(3) if extent[axis] > 1]
    solid = extent[0] > 1
    # longest side slowest, first; then the other orders, until every placement fits
    orders = sorted(permutations(axes), key=lambda order: [-extent[a] for a in order])
    for order in orders:
        number, steps = _numbering(board, order, extent, spare=not solid)
        if max(number.values()) < _tile.MAX_CELLS:
            counter = CellCounter(number, steps, pieces, placements, fewest=solid)
            if counter.fits:
                return counter
    return None


def _numbering(
    board: Sequence[Cell], order: Sequence[int], extent: Mapping[int, int], *, spare: bool = True
) -> tuple[dict[Cell, int], list[int]]:
    """Each cell's number, the axes in ``order`` from slowest to fastest and (with
    ``spare``) a spare cell after each row along the faster ones, and the steps between
    neighbours."""
    low = [min(c[axis] for c in board) for axis in range(3)]
    stride, strides = 1, {}
    for axis in reversed(order):
        strides[axis] = stride
        stride *= extent[axis] + spare
    number = {c: sum((c[a] - low[a]) * strides[a] for a in order) for c in board}
    return number, sorted(strides.values())
