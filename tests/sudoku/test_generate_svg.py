"""The printable sheet: well-formed SVG, every given on it, pages as the layout promises."""

import xml.etree.ElementTree as ET

import pytest

from sudoku.generate import generate_many
from sudoku.grid import Grid, Shape
from sudoku.paper import Paper
from sudoku.sheets import sheet

NS = {"svg": "http://www.w3.org/2000/svg"}


def digits_on(root: ET.Element) -> list[str]:
    return [t.text for t in root.iter(f"{{{NS['svg']}}}text") if t.get("class") == "digit"]


def test_puzzles_then_solutions_on_a4_pages():
    made = list(generate_many(7, Shape(2, 3), seed=1))
    puzzles = [m.puzzle for m in made]
    svg = sheet(puzzles, [f"seed {m.seed}" for m in made], [m.solution for m in made])
    root = ET.fromstring(svg)
    pages = root.findall("svg:g", NS)
    assert len(pages) == 4  # six puzzles a page: 2 pages of puzzles, 2 of solutions
    assert root.get("height") == f"{4 * Paper.a4.height}mm"
    clues = sum(1 for p in puzzles for d in p.cells if d)
    assert len(digits_on(root)) == clues + 7 * 36
    assert "seed 1" in svg and "Sudoku: solutions" in svg


def test_region_borders_are_thick_and_extra_regions_shaded():
    jigsaw = Shape.jigsaw("AABB AABB CCDD CCDD")  # the 2x2 boxes, written as regions
    grid = Grid.empty(jigsaw).with_cell(0, 0, 1)
    root = ET.fromstring(sheet([grid], title="a <jigsaw> & more"))
    widths = [line.get("stroke-width") for line in root.iter(f"{{{NS['svg']}}}line")]
    assert widths.count("0.8") == 8 and widths.count("0.2") == 16  # 24 inner cell edges
    assert digits_on(root) == ["1"]
    shaded = ET.fromstring(sheet([Grid.empty(Shape.x(9))])).iter(f"{{{NS['svg']}}}rect")
    assert sum(1 for rect in shaded if rect.get("fill") == "#e6e6e6") == 17


def test_an_empty_sheet_is_refused():
    with pytest.raises(ValueError, match="at least one puzzle"):
        sheet([])
