"""Drawing puzzles in SVG, with no dependency beyond the stdlib: one grid, its caption, a
page title, and the document that holds pages of one `sudoku.paper.Paper` (A4 or US
Letter); `sudoku.sheets` lays puzzles out on the pages. `grid_svg` draws one grid alone,
for notebooks.

Box (or jigsaw region) borders are thick, cells of extra regions such as diagonals or
windoku's windows are shaded, killer cages are dashed outlines just inside their cells with
the sum in the top left corner. Digits are centred by an explicit baseline (the cell's
centre plus half a digit's height) rather than ``dominant-baseline``, which librsvg and
some PDF converters ignore: every renderer places an alphabetic baseline the same way.
It imports no other module of the toolkit (its types aside), so ``Grid`` can draw itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from sudoku.paper import Paper

if TYPE_CHECKING:  # types only: the grid module draws itself through this one
    from sudoku.grid import Cell, Grid, Shape

MARGIN = 15.0  # millimetres, on every side of a page
HEADER = 12.0  # room for the page title
CAPTION = 7.0  # room under each puzzle for its caption
CAGE_INSET = 0.08  # how far inside its cells a cage's outline runs, in cells
DIGIT_HEIGHT = 0.72  # a digit's height in ems in common sans fonts (DejaVu 0.73, Arial 0.72)
NOTEBOOK_CELL, NOTEBOOK_WIDTH = 30, 600  # pixels: a cell, and the most a grid takes


def draw_grid(grid: Grid, x: float, y: float, side: float, caption: str, given: Grid) -> list[str]:
    """The SVG elements of one grid of width ``side`` at (x, y) in millimetres, its caption
    (if any) under it; ``given`` cells are bold."""
    shape, n = grid.shape, grid.shape.size
    cell = side / n
    region = {c: k for k, box in enumerate(shape.boxes) for c in box}
    shaded = {c for extra in shape.extra_regions for c in extra}
    out = [f'<g transform="translate({x:.2f},{y:.2f})">']
    out += [
        f'<rect x="{c * cell:.2f}" y="{r * cell:.2f}" width="{cell:.2f}" height="{cell:.2f}" '
        'fill="#e6e6e6"/>'
        for r, c in sorted(shaded)
    ]
    for r in range(n):
        for c in range(n):
            if c + 1 < n:  # the line on the right of (r, c)
                thick = region[r, c] != region[r, c + 1]
                out.append(_line((c + 1) * cell, r * cell, (c + 1) * cell, (r + 1) * cell, thick))
            if r + 1 < n:  # the line below (r, c)
                thick = region[r, c] != region[r + 1, c]
                out.append(_line(c * cell, (r + 1) * cell, (c + 1) * cell, (r + 1) * cell, thick))
    out.append(
        f'<rect width="{side:.2f}" height="{side:.2f}" fill="none" stroke="black" '
        'stroke-width="0.8"/>'
    )
    out += _cages(shape, cell)
    font = cell * (0.5 if shape.cages else 0.6)
    for r in range(n):
        for c in range(n):
            value = grid[r, c]
            if value:
                out.append(digit(r, c, cell, font, shape.symbols[value - 1], given[r, c] > 0))
    if caption:
        out.append(caption_text(side, caption))
    out.append("</g>")
    return out


def grid_svg(grid: Grid) -> str:
    """One grid as an SVG image of its own, drawn as on the sheets (variants included), its
    filled cells bold: how a ``Grid`` shows itself in a notebook (``Grid._repr_svg_``).

    A cell is 10 units, about its size on a sheet, so lines and digits look the same; the
    image is ``NOTEBOOK_CELL`` pixels a cell, up to ``NOTEBOOK_WIDTH``.
    """
    n = grid.shape.size
    side, pad = 10.0 * n, 1.0  # pad: room for the outer border's stroke
    box, pixels = side + 2 * pad, min(NOTEBOOK_WIDTH, NOTEBOOK_CELL * n)
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{pixels}" height="{pixels}" '
            f'viewBox="{-pad} {-pad} {box} {box}" font-family="sans-serif">',
            f'<rect x="{-pad}" y="{-pad}" width="{box}" height="{box}" fill="white"/>',
            *draw_grid(grid, 0, 0, side, "", grid),
            "</svg>",
        ]
    )


def caption_text(side: float, caption: str) -> str:
    """A caption under a grid of width ``side``, in a size that suits the grid."""
    font = min(3.5, max(2.2, side * 0.035))
    return (
        f'<text x="0" y="{side + font * 1.4:.2f}" font-size="{font:.2f}">{escape(caption)}</text>'
    )


def page_title(text: str) -> str:
    """The title at the top of a page."""
    return (
        f'<text x="{MARGIN}" y="{MARGIN + HEADER * 0.6}" font-size="6" '
        f'font-weight="bold">{escape(text)}</text>'
    )


def digit(r: int, c: int, cell: float, font: float, symbol: str, given: bool) -> str:
    """A digit centred in cell (r, c): bold black when given, grey when filled in.

    The baseline sits DIGIT_HEIGHT / 2 of the font size below the cell's centre, so the
    digit's ink is centred whatever the renderer does with baseline attributes.
    """
    weight, colour = ("bold", "black") if given else ("normal", "#555555")
    baseline = (r + 0.5) * cell + font * DIGIT_HEIGHT / 2
    return (
        f'<text class="digit" x="{(c + 0.5) * cell:.2f}" y="{baseline:.2f}" '
        f'font-size="{font:.2f}" font-weight="{weight}" fill="{colour}" '
        f'text-anchor="middle">{symbol}</text>'
    )


def _cages(shape: Shape, cell: float) -> list[str]:
    """Each killer cage as a dashed outline, and its sum on a white patch in the corner of
    its top-left cell."""
    out: list[str] = []
    d = CAGE_INSET * cell
    font = cell * 0.24
    for total, cage in shape.cages:
        out += _cage_outline(set(cage), cell)
        r, c = min(cage)
        out.append(
            f'<rect x="{c * cell + d * 0.5:.2f}" y="{r * cell + d * 0.5:.2f}" '
            f'width="{font * 0.62 * len(str(total)) + d:.2f}" height="{font + d * 0.5:.2f}" '
            'fill="white"/>'
        )
        out.append(
            f'<text x="{c * cell + d:.2f}" y="{r * cell + d + font * 0.8:.2f}" '
            f'font-size="{font:.2f}">{total}</text>'
        )
    return out


def _cage_outline(inside: set[Cell], cell: float) -> list[str]:
    """Dashed segments running CAGE_INSET cells inside the border of the cells ``inside``."""
    d = CAGE_INSET * cell

    def end(beside: Cell, diagonal: Cell, at: float, sign: int) -> float:
        """Where a side's segment stops: short of a corner of the cage, flush with the
        next cell's segment along a straight border, or past an inner corner."""
        if beside not in inside:
            return at + sign * d
        return at - sign * d if diagonal in inside else at

    out = []
    for r, c in sorted(inside):
        top, bottom, left, right = r * cell, (r + 1) * cell, c * cell, (c + 1) * cell
        for dr, y in ((-1, top + d), (1, bottom - d)):  # the top and bottom sides
            if (r + dr, c) not in inside:
                x1 = end((r, c - 1), (r + dr, c - 1), left, 1)
                x2 = end((r, c + 1), (r + dr, c + 1), right, -1)
                out.append(_dashed(x1, y, x2, y))
        for dc, x in ((-1, left + d), (1, right - d)):  # the left and right sides
            if (r, c + dc) not in inside:
                y1 = end((r - 1, c), (r - 1, c + dc), top, 1)
                y2 = end((r + 1, c), (r + 1, c + dc), bottom, -1)
                out.append(_dashed(x, y1, x, y2))
    return out


def _dashed(x1: float, y1: float, x2: float, y2: float) -> str:
    return (
        f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" stroke="black" '
        'stroke-width="0.25" stroke-dasharray="0.9,0.6"/>'
    )


def _line(x1: float, y1: float, x2: float, y2: float, thick: bool) -> str:
    width = 0.8 if thick else 0.2
    return (
        f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" '
        f'stroke="black" stroke-width="{width}"/>'
    )


def document(pages: Sequence[list[str]], *, paper: Paper = Paper.a4) -> str:
    """The SVG document stacking ``pages`` (lists of elements in page coordinates) one
    under the other; one page makes a document the size of ``paper``."""
    width, height = paper.width, round(paper.height * len(pages), 2)  # 838.2, not 838.1999...
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for k, page in enumerate(pages):
        out.append(f'<g transform="translate(0,{round(k * paper.height, 2)})">')
        out += page
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
