"""Tiling puzzles from pictures: fill a board with polyominoes or polycubes, count the
distinct solutions, draw them.

A board and its pieces are text pictures (``dlx.tiling.pictures``) or built-in sets
(``dlx.tiling.shapes``: the polyominoes of orders 1 to 6, the Soma pieces, the pentacubes);
a ``Tiling`` is the exact-cover problem of a board and its pieces (``dlx.tiling.model``;
the placements found as bits, less those no solution holds, by ``dlx.tiling.grid``), whose
``count`` counts the solutions up to the board's symmetries by breaking them
(``dlx.tiling.symmetry``), in C by filling the lowest empty cell (flat boards) or the one
with the fewest placements (solid ones) (``dlx.tiling.cells``); ``dlx.tiling.draw``
writes solutions as SVG and JSON records.

>>> from dlx.tiling import Tiling, box
>>> Tiling(box(3, 20), "pentominoes").count()
2
"""

from dlx.tiling.model import Solution, Tiling
from dlx.tiling.pictures import Board, box, read_board, read_pieces
from dlx.tiling.shapes import SETS, Cell, Piece, Shape, parse_pieces, piece_set
from dlx.tiling.symmetry import Placement

__all__ = [
    "SETS",
    "Board",
    "Cell",
    "Piece",
    "Placement",
    "Shape",
    "Solution",
    "Tiling",
    "box",
    "parse_pieces",
    "piece_set",
    "read_board",
    "read_pieces",
]
