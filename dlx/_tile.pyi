"""Types of the count in C of dlx.tiling.cells (dlx/_tile.c): the tilings of a board, by
filling the lowest empty cell, or (``fewest``) the cell with the fewest placements; and of
the regions that dlx.tiling.grid finds for its dead placements (dlx/_regions.h)."""

from collections.abc import Callable, Sequence
from typing import Final

MAX_CELLS: Final[int]  # the cells of a board, at most
MAX_PIECES: Final[int]  # the pieces, at most (bits of a word)

def count(
    cells: int,
    copies: Sequence[int],
    placements: Sequence[tuple[int, int, int]],
    first: Sequence[int],
    blocked: Sequence[int],
    steps: Sequence[int],
    sums: int,
    progress: Callable[[int, int], object] | None = None,
    fewest: bool = False,
    /,
) -> int:
    """The number of tilings: see dlx._tile.count's doc."""

def fillable(
    full: bytes, anchors: bytes, shape: Sequence[int], steps: Sequence[int], sums: bytes, /
) -> bytes:
    """The anchors where a shape leaves regions of sizes in sums: see dlx._tile.fillable's doc."""

def wide(on: bool, /) -> bool:
    """Whether counts by the fewest placements filter with AVX-512: see dlx._tile.wide's doc."""
