"""Variants on the printable sheet: killer cages dashed with their sums, jigsaw borders thick,
windoku windows shaded, and a Samurai on a page of its own. Read back as XML."""

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sudoku.grid import Grid, Shape, parse
from sudoku.paper import Paper
from sudoku.samurai import parse_samurai, solve_samurai
from sudoku.sheets import samurai_sheet, sheet
from sudoku.svg import CAPTION, MARGIN
from sudoku.variants import read_cages, read_regions

FIXTURES = Path(__file__).parent.parent / "fixtures" / "variants"
SVG = "{http://www.w3.org/2000/svg}"


def _elements(document: str, tag: str) -> list[ET.Element]:
    return list(ET.fromstring(document.encode()).iter(SVG + tag))


# A grid on the printable sheet, and a grid drawing itself in a notebook: drawn alike.
DRAWINGS = {
    "sheet": lambda grid: sheet([grid], captions=[""]),
    "notebook": lambda grid: grid._repr_svg_(),
}


@pytest.mark.parametrize("draw", DRAWINGS.values(), ids=DRAWINGS)
def test_killer_cages_are_dashed_outlines_with_their_sums(draw):
    shape = read_cages((FIXTURES / "killer-ukpa.txt").read_text())
    document = draw(Grid.empty(shape))
    dashed = [e for e in _elements(document, "line") if e.get("stroke-dasharray")]
    # one dashed segment for each side of a cage's cell that borders another cage or the edge
    sides = sum(
        (r + dr, c + dc) not in cells
        for _, cage in shape.cages
        for cells in [set(cage)]
        for r, c in cage
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
    )
    assert len(dashed) == sides
    texts = [e.text for e in _elements(document, "text")]
    numbers = sorted(int(t) for t in texts if t and t.isdigit())
    assert numbers == sorted(total for total, _ in shape.cages)


@pytest.mark.parametrize("draw", DRAWINGS.values(), ids=DRAWINGS)
def test_jigsaw_borders_are_thick_where_regions_meet_and_windows_are_shaded(draw):
    shape = read_regions((FIXTURES / "jigsaw-wikipedia-nonomino.txt").read_text())
    thick = [
        e for e in _elements(draw(Grid.empty(shape)), "line") if e.get("stroke-width") == "0.8"
    ]
    region = {cell: k for k, box in enumerate(shape.boxes) for cell in box}
    between = sum(
        region[r, c] != region[r + dr, c + dc]
        for r, c in shape.cells
        for dr, dc in ((0, 1), (1, 0))
        if r + dr < 9 and c + dc < 9
    )
    assert len(thick) == between
    windoku = draw(parse("." * 81, Shape().with_windows()))
    shaded = [e for e in _elements(windoku, "rect") if e.get("fill") == "#e6e6e6"]
    assert len(shaded) == 36


@pytest.mark.parametrize("paper", list(Paper))
def test_a_samurai_fits_inside_the_margins(paper):
    puzzle = parse_samurai((FIXTURES / "samurai-samurai-sudoku-com.txt").read_text())
    root = ET.fromstring(samurai_sheet([puzzle], paper=paper))
    assert (root.get("width"), root.get("height")) == (f"{paper.width}mm", f"{paper.height}mm")
    group = next(g for g in root.iter(SVG + "g") if g.find(SVG + "rect") is not None)
    x, y = map(float, group.get("transform")[len("translate(") : -1].split(","))
    cells = group.findall(SVG + "rect")
    right = max(float(e.get("x")) + float(e.get("width")) for e in cells)
    bottom = max(float(e.get("y")) + float(e.get("height")) for e in cells)
    assert MARGIN <= x and x + right <= paper.width - MARGIN + 0.01  # rounded to 0.01 mm
    assert MARGIN <= y and y + bottom + CAPTION <= paper.height - MARGIN + 0.01


def test_a_samurai_page_draws_its_369_cells_and_a_solution_page():
    puzzle = parse_samurai((FIXTURES / "samurai-samurai-sudoku-com.txt").read_text())
    document = samurai_sheet([puzzle], [solve_samurai(puzzle).solution])
    thin = [e for e in _elements(document, "rect") if e.get("stroke-width") == "0.2"]
    assert len(thin) == 2 * 369
    digits = [e for e in _elements(document, "text") if e.get("text-anchor") == "middle"]
    givens = sum(1 for d in puzzle.cells if d)
    assert len(digits) == givens + 369
    assert sum(e.get("font-weight") == "bold" for e in digits) == 2 * givens
