"""A printable sheet of puzzles as one SVG document, with no dependency beyond the stdlib.

The document is a stack of A4 portrait pages (210 x 297 mm each): puzzle pages first, then,
when solutions are given, solution pages laid out the same way. Box (or jigsaw region)
borders are thick, cells of extra regions such as diagonals or windoku's windows are
shaded, killer cages are dashed outlines just inside their cells with the sum in the top
left corner, and each puzzle carries a caption (its number, seed and level, say). A Samurai
has a page of its own (`samurai_sheet`).
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from sudoku.grid import Cell, Grid, Shape
from sudoku.samurai import CELLS, GRIDS, SIDE, Samurai

PAGE_WIDTH, PAGE_HEIGHT, MARGIN = 210.0, 297.0, 15.0  # millimetres
HEADER = 12.0  # room for the page title
CAPTION = 7.0  # room under each puzzle for its caption
CAGE_INSET = 0.08  # how far inside its cells a cage's outline runs, in cells


def _per_page(n: int) -> tuple[int, int]:
    """Columns and rows of puzzles on a page: smaller grids fit more."""
    return (2, 3) if n <= 9 else (1, 2) if n <= 16 else (1, 1)


def _grid(grid: Grid, x: float, y: float, side: float, caption: str, given: Grid) -> list[str]:
    """The SVG elements of one grid of width ``side`` at (x, y); ``given`` cells are bold."""
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
            digit = grid[r, c]
            if digit:
                out.append(_digit(r, c, cell, font, shape.symbols[digit - 1], given[r, c] > 0))
    out.append(
        f'<text x="0" y="{side + CAPTION * 0.7:.2f}" font-size="3.5">{escape(caption)}</text>'
    )
    out.append("</g>")
    return out


def _digit(r: int, c: int, cell: float, font: float, symbol: str, given: bool) -> str:
    """A digit centred in cell (r, c): bold black when given, grey when filled in."""
    weight, colour = ("bold", "black") if given else ("normal", "#555555")
    return (
        f'<text x="{(c + 0.5) * cell:.2f}" y="{(r + 0.5) * cell:.2f}" '
        f'font-size="{font:.2f}" font-weight="{weight}" fill="{colour}" '
        f'text-anchor="middle" dominant-baseline="central">{symbol}</text>'
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


def _pages(
    grids: Sequence[Grid], givens: Sequence[Grid], captions: Sequence[str], title: str
) -> list[list[str]]:
    """The pages that lay out ``grids``, each a list of SVG elements in page coordinates."""
    cols, rows = _per_page(grids[0].shape.size)
    width = (PAGE_WIDTH - 2 * MARGIN) / cols
    height = (PAGE_HEIGHT - 2 * MARGIN - HEADER) / rows
    side = min(width, height - CAPTION) * 0.9
    pages = []
    per_page = cols * rows
    for start in range(0, len(grids), per_page):
        page = [
            f'<text x="{MARGIN}" y="{MARGIN + HEADER * 0.6}" font-size="6" '
            f'font-weight="bold">{escape(title)}</text>'
        ]
        for k in range(start, min(start + per_page, len(grids))):
            row, col = divmod(k - start, cols)
            x = MARGIN + col * width + (width - side) / 2
            y = MARGIN + HEADER + row * height
            page += _grid(grids[k], x, y, side, captions[k], givens[k])
        pages.append(page)
    return pages


def sheet(
    puzzles: Sequence[Grid],
    captions: Sequence[str] | None = None,
    solutions: Sequence[Grid] | None = None,
    title: str = "Sudoku",
) -> str:
    """An SVG document laying out ``puzzles`` on A4 pages, then their ``solutions`` if given.

    ``captions`` label the puzzles ("1", "2", ... unless told); on the solution pages the
    givens stay bold and the filled-in digits are grey.
    """
    if not puzzles:
        raise ValueError("a sheet needs at least one puzzle")
    captions = list(captions) if captions is not None else [str(k + 1) for k in range(len(puzzles))]
    pages = _pages(puzzles, puzzles, captions, title)
    if solutions is not None:
        pages += _pages(solutions, puzzles, captions, f"{title}: solutions")
    return _document(pages)


def _document(pages: list[list[str]]) -> str:
    """The SVG document stacking ``pages`` (lists of elements in page coordinates)."""
    height = PAGE_HEIGHT * len(pages)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_WIDTH}mm" height="{height}mm" '
        f'viewBox="0 0 {PAGE_WIDTH} {height}" font-family="sans-serif">',
        f'<rect width="{PAGE_WIDTH}" height="{height}" fill="white"/>',
    ]
    for k, page in enumerate(pages):
        out.append(f'<g transform="translate(0,{k * PAGE_HEIGHT})">')
        out += page
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _samurai_page(samurai: Samurai, puzzle: Samurai, title: str, caption: str) -> list[str]:
    """One page holding the 21x21 layout: thin cell lines, thick box and grid borders."""
    side = PAGE_WIDTH - 2 * MARGIN
    cell = side / SIDE
    x0, y0 = MARGIN, MARGIN + HEADER
    out = [
        f'<text x="{MARGIN}" y="{MARGIN + HEADER * 0.6}" font-size="6" '
        f'font-weight="bold">{escape(title)}</text>',
        f'<g transform="translate({x0:.2f},{y0:.2f})">',
    ]
    out += [
        f'<rect x="{c * cell:.2f}" y="{r * cell:.2f}" width="{cell:.2f}" height="{cell:.2f}" '
        'fill="none" stroke="black" stroke-width="0.2"/>'
        for r, c in CELLS
    ]
    for grid in GRIDS:
        (r0, c0), width = grid[0], 3 * cell
        out += [
            f'<rect x="{(c0 + bc) * cell:.2f}" y="{(r0 + br) * cell:.2f}" width="{width:.2f}" '
            f'height="{width:.2f}" fill="none" stroke="black" stroke-width="0.8"/>'
            for br in (0, 3, 6)
            for bc in (0, 3, 6)
        ]
    out += [
        _digit(r, c, cell, cell * 0.6, str(samurai[r, c]), puzzle[r, c] > 0)
        for r, c in CELLS
        if samurai[r, c]
    ]
    out.append(
        f'<text x="0" y="{side + CAPTION * 0.7:.2f}" font-size="3.5">{escape(caption)}</text>'
    )
    out.append("</g>")
    return out


def samurai_sheet(
    puzzles: Sequence[Samurai],
    solutions: Sequence[Samurai] | None = None,
    captions: Sequence[str] | None = None,
    title: str = "Samurai sudoku",
) -> str:
    """An SVG document with each of ``puzzles`` on an A4 page, then each of ``solutions``."""
    captions = list(captions) if captions is not None else [str(k + 1) for k in range(len(puzzles))]
    pages = [_samurai_page(p, p, title, c) for p, c in zip(puzzles, captions, strict=True)]
    if solutions is not None:
        pages += [
            _samurai_page(s, p, f"{title}: solution", c)
            for s, p, c in zip(solutions, puzzles, captions, strict=True)
        ]
    return _document(pages)
