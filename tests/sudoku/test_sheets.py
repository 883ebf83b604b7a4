"""Sheets that print, judged from outside: the PDF read back by pypdf, every page rendered
to pixels by librsvg, Chromium, cairosvg and poppler, and each digit's ink measured against
its cell. Where a renderer is not installed its test skips and says which package brings it
(.ci/run installs them)."""

import io
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sudoku import sheets
from sudoku.generate import generate_many
from sudoku.grid import Grid, Shape, parse
from sudoku.paper import Paper
from sudoku.svg import CAPTION, MARGIN

Image = pytest.importorskip("PIL.Image", reason="pillow is missing: pip install -e '.[test]'")

NS = "{http://www.w3.org/2000/svg}"
PUZZLE = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
TOLERANCE = 0.06  # of a cell: how far the ink's centre may sit from the cell's centre


def grid_box(image) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of the grid in pixels: the outermost rows and columns
    that are mostly dark (the grid's lines), found in the picture, not from the layout."""
    grey = image.convert("L")
    width, height = grey.size
    pixels = grey.load()
    rows = [y for y in range(height) if sum(pixels[x, y] < 160 for x in range(width)) > width / 2]
    cols = [x for x in range(width) if sum(pixels[x, y] < 160 for y in range(height)) > height / 3]
    assert rows and cols, "no grid lines found in the picture"
    return cols[0], rows[0], cols[-1], rows[-1]


def digit_offsets(image, grid: Grid) -> list[tuple[float, float]]:
    """For every given cell, how far (in cells, x and y) its ink's centre sits from the
    cell's centre; the ink is the dark pixels inside the cell, away from its lines."""
    left, top, right, bottom = grid_box(image)
    n = grid.shape.size
    cw, ch = (right - left) / n, (bottom - top) / n
    grey = image.convert("L")
    pixels = grey.load()
    offsets = []
    for r, c, _ in grid.givens():
        x0, y0 = left + c * cw, top + r * ch
        inside = [
            (x, y)
            for x in range(int(x0 + 0.15 * cw), int(x0 + 0.85 * cw))
            for y in range(int(y0 + 0.15 * ch), int(y0 + 0.85 * ch))
            if pixels[x, y] < 128
        ]
        assert inside, f"no ink in cell r{r + 1}c{c + 1}"
        xs, ys = [x for x, _ in inside], [y for _, y in inside]
        ink_x, ink_y = (min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2
        offsets.append(((ink_x - x0) / cw - 0.5, (ink_y - y0) / ch - 0.5))
    return offsets


def assert_centred(image, grid: Grid = PUZZLE) -> None:
    offsets = digit_offsets(image, grid)
    worst = max(max(abs(dx), abs(dy)) for dx, dy in offsets)
    assert worst < TOLERANCE, f"a digit is {worst:.2f} of a cell off centre: {offsets}"


def page(tmp_path: Path) -> Path:
    path = tmp_path / "page.svg"
    path.write_text(sheets.Sheet([PUZZLE]).svg_pages()[0], encoding="utf-8")
    return path


def tool(name: str, package: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (Debian package {package}; .ci/run installs it)")
    return found


def test_digits_are_centred_by_librsvg(tmp_path):
    rsvg = tool("rsvg-convert", "librsvg2-bin")
    out = tmp_path / "page.png"
    subprocess.run([rsvg, "-w", "1000", str(page(tmp_path)), "-o", str(out)], check=True)
    assert_centred(Image.open(out))


def test_digits_are_centred_by_chromium(tmp_path):
    chromium = tool("chromium", "chromium")
    out = tmp_path / "page.png"
    subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--screenshot={out}", "--window-size=794,1123", page(tmp_path).as_uri()],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    assert_centred(Image.open(out))


def test_digits_are_centred_by_cairosvg():
    try:
        import cairosvg
    except (ImportError, OSError) as error:  # OSError: the cairo library itself is missing
        pytest.skip(f"cairosvg cannot run here ({error}): pip install cairosvg, apt libcairo2")
    png = cairosvg.svg2png(
        bytestring=sheets.Sheet([PUZZLE]).svg_pages()[0].encode(), output_width=1000
    )
    assert_centred(Image.open(io.BytesIO(png)))


def test_a_20_puzzle_pdf_has_4_pages_and_prints_centred(tmp_path):
    pypdf = pytest.importorskip("pypdf", reason="pypdf is missing: pip install -e '.[test]'")
    pytest.importorskip("fpdf", reason="fpdf2 is missing: pip install -e '.[pdf]'")
    made = list(generate_many(20, seed=1))
    data = sheets.Sheet(
        [m.puzzle for m in made], [f"#{k} seed {m.seed}" for k, m in enumerate(made, 1)]
    ).pdf()
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 4  # six a page
    assert {points(p) for p in reader.pages} == {(595, 842)}  # A4 unless told
    text = [p.extract_text() for p in reader.pages]
    assert all("Sudoku" in t for t in text)
    assert "#1 seed 1" in text[0] and "#20 seed 20" in text[3] and "#7 seed 7" in text[1]
    with_solutions = sheets.Sheet(
        [m.puzzle for m in made], solutions=[m.solution for m in made], per_page=4
    ).pdf()
    reader = pypdf.PdfReader(io.BytesIO(with_solutions))
    assert len(reader.pages) == 10  # 5 pages of puzzles, then 5 of solutions
    assert "solutions" not in reader.pages[4].extract_text()
    assert "Sudoku: solutions" in reader.pages[5].extract_text()
    pdftoppm = tool("pdftoppm", "poppler-utils")
    single = tmp_path / "one.pdf"
    single.write_bytes(sheets.Sheet([PUZZLE]).pdf())
    subprocess.run([pdftoppm, "-r", "120", "-png", str(single), str(tmp_path / "p")], check=True)
    assert_centred(Image.open(next(tmp_path.glob("p*.png"))))


def points(page) -> tuple[int, int]:
    """A PDF page's width and height in points (1/72 in), rounded."""
    return round(float(page.mediabox.width)), round(float(page.mediabox.height))


def test_a_letter_pdf_has_letter_pages():
    pypdf = pytest.importorskip("pypdf", reason="pypdf is missing: pip install -e '.[test]'")
    pytest.importorskip("fpdf", reason="fpdf2 is missing: pip install -e '.[pdf]'")
    data = sheets.Sheet([PUZZLE] * 7, paper=Paper.letter).pdf()
    assert [points(p) for p in pypdf.PdfReader(io.BytesIO(data)).pages] == [(612, 792)] * 2


def grids_on(svg: str) -> list[tuple[float, float, float]]:
    """(x, y, side) of every grid on an SVG page."""
    found = []
    for group in ET.fromstring(svg).iter(f"{NS}g"):
        transform = group.get("transform", "")
        frame = group.find(f"{NS}rect[@fill='none']")
        if transform.startswith("translate(") and frame is not None and frame.get("width"):
            x, y = map(float, transform[len("translate(") : -1].split(","))
            found.append((x, y, float(frame.get("width"))))
    return found


# mm: the least side of a grid that prints well, by puzzles on the page (Letter is shorter)
SMALLEST = {
    Paper.a4: {1: 150, 2: 100, 3: 75, 4: 75, 5: 70, 6: 70},
    Paper.letter: {1: 150, 2: 100, 3: 75, 4: 75, 5: 64, 6: 64},
}


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("count", range(1, 7))
def test_one_to_six_puzzles_fill_a_page_without_overlapping(count, paper):
    page = sheets.Sheet([PUZZLE] * count, paper=paper).svg_pages()[0]
    root = ET.fromstring(page)
    assert (root.get("width"), root.get("height")) == (f"{paper.width}mm", f"{paper.height}mm")
    grids = grids_on(page)
    assert len(grids) == count
    sides = {round(side, 2) for _, _, side in grids}
    assert len(sides) == 1
    side = sides.pop()
    assert side >= SMALLEST[paper][count]
    for k, (x, y, s) in enumerate(grids):
        assert MARGIN <= x and x + s <= paper.width - MARGIN
        assert MARGIN <= y and y + s + CAPTION <= paper.height - MARGIN
        for x2, y2, _ in grids[k + 1 :]:
            assert abs(x - x2) >= s or abs(y - y2) >= s  # apart in one direction at least


def test_more_puzzles_make_more_pages_and_solutions_come_last():
    made = list(generate_many(7, Shape(2, 3), seed=1))
    pages = sheets.Sheet([m.puzzle for m in made], solutions=[m.solution for m in made]).svg_pages()
    assert len(pages) == 4  # 6 + 1 puzzles, then 6 + 1 solutions
    assert [len(grids_on(p)) for p in pages] == [6, 1, 6, 1]
    assert all(ET.fromstring(p).get("height") == "297.0mm" for p in pages)  # A4 unless told
    assert "Sudoku: solutions" in pages[2] and "solutions" not in pages[1]


def test_the_title_names_the_variant():
    def title(shape: Shape) -> str:
        return next(ET.fromstring(sheets.sheet([Grid.empty(shape)])).iter(f"{NS}text")).text

    jigsaw = Shape.jigsaw("AABB AABB CCDD CCDD")
    killer = Shape().with_cages([(45, [(0, c) for c in range(9)])])
    assert [title(s) for s in (Shape(), Shape.x(), Shape().with_windows(), jigsaw, killer)] == [
        "Sudoku", "X-sudoku", "Windoku", "Jigsaw sudoku", "Killer sudoku",
    ]  # fmt: skip
    assert "My book" in sheets.Sheet([PUZZLE], title="My book").svg_pages()[0]


def test_paper_by_name_and_a4_by_default():
    assert sheets.Sheet([PUZZLE], paper="letter").paper is Paper.letter  # type: ignore[arg-type]
    root = ET.fromstring(sheets.sheet([PUZZLE, PUZZLE], per_page=1, paper=Paper.letter))
    assert (root.get("width"), root.get("height")) == ("215.9mm", "558.8mm")  # two pages
    assert ET.fromstring(sheets.sheet([PUZZLE])).get("width") == "210.0mm"


def test_bad_sheets_are_refused():
    with pytest.raises(sheets.SheetError, match="at least one puzzle"):
        sheets.Sheet([])
    with pytest.raises(sheets.SheetError, match="1 to 6, not 7"):
        sheets.Sheet([PUZZLE], per_page=7)
    with pytest.raises(sheets.SheetError, match="one caption"):
        sheets.Sheet([PUZZLE], ["a", "b"])
    with pytest.raises(sheets.SheetError, match="paper must be a4 or letter, not 'legal'"):
        sheets.Sheet([PUZZLE], paper="legal")  # type: ignore[arg-type]
