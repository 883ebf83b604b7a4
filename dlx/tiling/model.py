"""A tiling puzzle as exact cover: a board, pieces, their placements, the count up to symmetry.

The items are the pieces (by name) and the board's cells; an option is one placement of one
piece (a ``Placement``, its name): the piece's item and the cells it covers. A piece with
several copies is one item covered that many times (Knuth's Algorithm M): copies are
interchangeable, so swapping two is not another solution. When only one piece has copies,
its item is left out: the cells, covered once each, already leave room for exactly its
copies, and the problem stays a plain exact cover that the C loops search. Placements
that cut off a region no other pieces can fill are left out (``dlx.tiling.grid``). On a
flat board, a count fills the lowest empty cell in C instead, on a solid one the cell with
the fewest placements (``dlx.tiling.cells``): the same count, faster.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from dlx.errors import TilingError
from dlx.tiling.cells import CellCounter, CellProgress, cell_counter
from dlx.tiling.grid import Grid
from dlx.tiling.pictures import Board, read_board
from dlx.tiling.shapes import FLAT, FLAT_TURNS, ROTATIONS, Cell, Piece, is_flat, orientations
from dlx.tiling.symmetry import Case, Placement, Symmetry, least_image, plan, symmetries

if TYPE_CHECKING:  # a count by cells builds no Problem: tile --count spares the imports
    import random

    from dlx.problem import Problem
    from dlx.seeds import Seed

Solution = list[Placement]
"""A solution: its placements (the option names), in the order the search chose them."""


class Tiling:
    """Pieces to fill a board with, every cell once, each piece as many times as its copies.

    ``board`` is a ``Board`` or its picture; ``pieces`` a list of ``Piece`` or a piece
    list as ``parse_pieces`` reads it. Flat pieces on a flat board turn and flip (``one_sided``:
    turn only); on a solid board, or solid pieces, pieces take the 24 rotations of space
    and a mirror image only when the set holds it as a piece of its own.

    >>> tiling = Tiling("####\\n####", "tetrominoes:L*2")
    >>> tiling.count(), tiling.count(all_symmetric=True), len(tiling.symmetries)
    (1, 2, 4)
    >>> print(tiling.picture(next(tiling.solutions())))
    LLLL
    LLLL
    """

    def __init__(
        self,
        board: Board | str,
        pieces: Sequence[Piece] | str,
        *,
        one_sided: bool = False,
    ) -> None:
        from dlx.tiling.shapes import parse_pieces

        self.board = read_board(board) if isinstance(board, str) else board
        self.pieces = tuple(parse_pieces(pieces) if isinstance(pieces, str) else pieces)
        if not self.pieces:
            raise TilingError("no pieces to tile the board with")
        names = [p.name for p in self.pieces]
        if len(set(names)) != len(names):
            twice = next(name for k, name in enumerate(names) if name in names[:k])
            raise TilingError(f"two pieces are named {twice!r}: give each piece its own name")
        solid_pieces = [p.name for p in self.pieces if not is_flat(p.cells)]
        self.solid = self.board.solid or bool(solid_pieces)
        if solid_pieces and not self.board.solid:
            raise TilingError(
                f"pieces {''.join(solid_pieces)} are solid (more than one layer) but the board "
                "is flat: draw its layers, a blank line between two"
            )
        if one_sided and self.solid:
            raise TilingError(
                "one-sided pieces are for a flat board: in space a flat piece turns over by "
                "a rotation"
            )
        area = sum(len(p) * p.copies for p in self.pieces)
        if area != len(self.board.cells):
            raise TilingError(
                f"the pieces cover {area} cells and the board has {len(self.board.cells)}: "
                "they must be equal"
            )
        self.one_sided = one_sided
        self.motions = ROTATIONS if self.solid else FLAT_TURNS if one_sided else FLAT
        room = max(max(cell) for piece in self.pieces for cell in piece.cells) + 1
        grid = Grid(self.board.cells, room)
        self.placements: dict[str, list[Placement]] = grid.live(
            self.pieces, {p.name: orientations(p.cells, self.motions) for p in self.pieces}
        )
        """Each piece's placements: every one on the board, orientation by orientation, each
        orientation's first cell on each board cell in reading order, less those that cut
        off a region no other pieces fill (``dlx.tiling.grid``)."""
        self.symmetries: list[Symmetry] = symmetries(
            self.board.cells, self.pieces, self.motions, solid=self.solid
        )
        several = [p.name for p in self.pieces if p.copies > 1]
        # one piece with copies needs no item (see the module); two or more need bounds
        self._implied = several[0] if len(several) == 1 else None
        self._bounds = {p.name: p.copies for p in self.pieces if len(several) > 1 and p.copies > 1}

    @property
    def has_copies(self) -> bool:
        """True when two or more pieces have several copies: the problem then has item
        bounds, searched by Algorithm M (a count splits across workers by options, as
        ``dlx.tree.cut_bounded`` cuts it; solutions come from one process)."""
        return bool(self._bounds)

    def problem(self, case: Case | None = None) -> Problem:
        """The exact-cover problem of every solution, or of one ``case`` of the count up to
        symmetry (its fixed placements and its restricted piece)."""
        from dlx.problem import Problem

        allowed: dict[str, Sequence[Placement]] = dict(self.placements)
        if case is not None:
            for placement in case.fixed:
                allowed[placement.piece] = [placement]
            if case.restricted is not None:
                name, kept = case.restricted
                allowed[name] = kept
        options = {
            placement: ([] if name == self._implied else [name]) + list(placement.cells)
            for name, placements in allowed.items()
            for placement in placements
        }
        primary: list[Any] = [p.name for p in self.pieces if p.name != self._implied]
        primary += self.board.cells
        bounds: dict[Any, int] = dict(self._bounds)
        return Problem(options, primary=primary, bounds=bounds or None)

    @cached_property
    def cases(self) -> list[Case]:
        """The cases that count each distinct solution once (``dlx.tiling.symmetry.plan``)."""
        return plan(
            self.placements,
            self.pieces,
            self.symmetries,
            symmetric_once=not self.solid,
            fewest_orbits=self.solid,
        )

    def count(
        self,
        *,
        all_symmetric: bool = False,
        jobs: int | None = None,
        executor: Any = None,
        progress: Callable[[Any], object] | None = None,
        progress_interval: int = 100_000,
        backend: str | None = None,
    ) -> int:
        """The number of distinct solutions (up to the puzzle's symmetries), or of every
        solution with ``all_symmetric``.

        A serial count with the default ``backend`` runs in C by cells where that applies
        (``counts_by_cells``), the exact-cover loops elsewhere; both count the same.

        With ``jobs`` or an ``executor`` each case is counted by parallel workers (see
        ``dlx.parallel.Count``).
        ``progress`` is called with the ``Search`` every ``progress_interval`` nodes of a
        serial count on the loops, with a ``dlx.tiling.cells.CellProgress`` (its
        ``stats.solutions`` and ``stats.nodes`` alike) every few million placements of a
        count by cells, or with the ``dlx.parallel.Progress`` of a parallel one.
        """
        cases = [None] if all_symmetric else self.cases
        serial = jobs is None and executor is None and backend is None
        counter = self._cell_counter if serial and self.counts_by_cells else None
        told = CellProgress(progress) if counter is not None and progress is not None else None
        total = 0
        for case in cases:
            if case is not None and len(case.group) > 1:
                listed = self.problem(case).solutions(backend=backend)
                total += len({least_image(s, case.group) for s in cast(Iterator[Solution], listed)})
            elif counter is not None:
                total += counter.count(case, told)
            elif jobs is not None or executor is not None:
                from dlx.parallel import Count

                run = Count(
                    self.problem(case),
                    jobs=jobs,
                    executor=executor,
                    progress=progress,
                    backend=backend,
                )
                total += run.run()
            else:
                search = self.problem(case).search(
                    progress=progress, progress_interval=progress_interval, backend=backend
                )
                total += search.count()
        return total

    @property
    def counts_by_cells(self) -> bool:
        """True when a serial count runs in C by cells (``dlx.tiling.cells``: the lowest
        empty cell, or on a solid board the cell with the fewest placements), rather than
        on the exact-cover loops."""
        return self._cell_counter is not None

    @cached_property
    def _cell_counter(self) -> CellCounter | None:
        return cell_counter(self.board.cells, self.pieces, self.placements)

    def solutions(
        self,
        *,
        all_symmetric: bool = False,
        seed: Seed = None,
        jobs: int | None = None,
        executor: Any = None,
        backend: str | None = None,
    ) -> Iterator[Solution]:
        """The distinct solutions, one of each orbit under the symmetries (or every
        solution, with ``all_symmetric``), lazily. A ``seed`` searches each case in a
        random order; ``jobs`` or an ``executor`` split each case over workers."""
        from dlx import seeds

        rng: random.Random | None = None if seed is None else seeds.as_random(seed)
        parallel = (jobs is not None or executor is not None) and not self.has_copies
        for case in [None] if all_symmetric else self.cases:
            problem = self.problem(case)
            found = cast(
                Iterator[Solution],
                problem.solutions(
                    seed=rng,
                    jobs=jobs if parallel else None,
                    executor=executor if parallel else None,
                    backend=backend,
                ),
            )
            if case is None or len(case.group) <= 1:
                yield from found
                continue
            seen = set()
            for solution in found:
                least = least_image(solution, case.group)
                if least not in seen:
                    seen.add(least)
                    yield solution

    def letters(self, solution: Sequence[Placement]) -> dict[Cell, str]:
        """Each board cell of a solution, with the name of the piece on it."""
        return {cell: p.piece for p in solution for cell in p.cells}

    def picture(self, solution: Sequence[Placement]) -> str:
        """A solution drawn as the board's picture, each cell showing its piece's name."""
        return self.board.draw(self.letters(solution))
