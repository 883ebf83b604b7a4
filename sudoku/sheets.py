"""Printable sheets: puzzles laid out on A4 or US Letter pages, as SVG pages or as one PDF.

Glossary
    page      a portrait page of a `Paper` (A4, 210 x 297 mm, unless told; or US Letter,
              215.9 x 279.4 mm): a title, then up to six puzzles
    layout    columns x rows of puzzles on a page: 1x1, 1x2, 2x2 or 2x3, chosen from
              the puzzles a page holds, so one puzzle fills the page and six share it
    title     the variant's name ("Killer sudoku", "Jigsaw windoku"...) unless told

Puzzle pages come first, then the solution pages, laid out the same way. Each page is its
own SVG document (`Sheet.svg_pages`); `Sheet.pdf` puts them in one PDF through fpdf2, an
optional extra (``pip install 'dlx-sudoku[pdf]'``) that draws each page's SVG as vectors.
`sudoku.svg` draws the grids; this module only decides where they go. A Samurai has a
page of its own (`samurai_sheet`): its 21x21 layout, drawn cell by cell.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sudoku.grid import Grid
from sudoku.paper import Paper
from sudoku.samurai import CELLS, GRIDS, SIDE, Samurai
from sudoku.svg import CAPTION, HEADER, MARGIN, caption_text, digit, document, draw_grid
from sudoku.svg import page_title as _page_title
from sudoku.variants import variant_name

MAX_PER_PAGE = 6
LAYOUTS = {1: (1, 1), 2: (1, 2), 3: (2, 2), 4: (2, 2), 5: (2, 3), 6: (2, 3)}  # cols, rows


class SheetError(ValueError):
    """A sheet that cannot be made: no puzzles, a bad layout, PDF support missing."""


def default_per_page(size: int) -> int:
    """How many puzzles of size n a page holds by default: six up to 9x9, two up to 16x16,
    one above, so that a digit stays at least about 4 mm tall."""
    return MAX_PER_PAGE if size <= 9 else 2 if size <= 16 else 1


def _layout(
    grids: Sequence[Grid],
    givens: Sequence[Grid],
    captions: Sequence[str],
    title: str,
    per_page: int,
    paper: Paper,
) -> list[list[str]]:
    """The pages that lay out ``grids``, each a list of SVG elements in page coordinates."""
    cols, rows = LAYOUTS[min(per_page, len(grids))]
    width = (paper.width - 2 * MARGIN) / cols
    height = (paper.height - 2 * MARGIN - HEADER) / rows
    side = min(width, height - CAPTION) * 0.9
    pages = []
    for start in range(0, len(grids), cols * rows):
        page = [_page_title(title)]
        for k in range(start, min(start + cols * rows, len(grids))):
            row, col = divmod(k - start, cols)
            x = MARGIN + col * width + (width - side) / 2
            y = MARGIN + HEADER + row * height + (height - CAPTION - side) / 2
            page += draw_grid(grids[k], x, y, side, captions[k], givens[k])
        pages.append(page)
    return pages


@dataclass(frozen=True)
class Sheet:
    """A sheet: ``puzzles`` ``per_page`` to a page (by their size unless told), then their
    ``solutions`` if given; ``captions`` label the puzzles ("1", "2", ... unless told),
    ``title`` is the variant's name unless told; the pages are A4 unless ``paper`` says
    (a `Paper` or its name). On the solution pages the givens stay bold and the rest are
    grey. Raises SheetError for what cannot be laid out.
    """

    puzzles: Sequence[Grid]
    captions: Sequence[str] | None = None
    solutions: Sequence[Grid] | None = None
    title: str | None = None
    per_page: int | None = None
    paper: Paper = field(default=Paper.a4, kw_only=True)

    def __post_init__(self) -> None:
        if not self.puzzles:
            raise SheetError("a sheet needs at least one puzzle")
        try:
            object.__setattr__(self, "paper", Paper(self.paper))  # "letter" -> Paper.letter
        except ValueError:
            names = " or ".join(paper.value for paper in Paper)
            raise SheetError(f"paper must be {names}, not {self.paper!r}") from None
        if self.per_page is not None and self.per_page not in LAYOUTS:
            raise SheetError(f"puzzles per page must be 1 to {MAX_PER_PAGE}, not {self.per_page}")
        wrong = [len(x) for x in (self.captions, self.solutions) if x is not None]
        if any(k != len(self.puzzles) for k in wrong):
            raise SheetError("a sheet needs one caption and one solution (if any) per puzzle")

    def pages(self) -> list[list[str]]:
        """The pages as lists of SVG elements in page coordinates."""
        puzzles = self.puzzles
        per_page = self.per_page or default_per_page(puzzles[0].shape.size)
        captions = self.captions or [str(k + 1) for k in range(len(puzzles))]
        title = variant_name(puzzles[0].shape) if self.title is None else self.title
        paper = self.paper
        laid = _layout(puzzles, puzzles, captions, title, per_page, paper)
        if self.solutions is not None:
            solved = f"{title}: solutions"
            laid += _layout(self.solutions, puzzles, captions, solved, per_page, paper)
        return laid

    def svg_pages(self) -> list[str]:
        """One SVG document per page, each the size of the paper."""
        return page_documents(self.pages(), self.paper)

    def svg(self) -> str:
        """The whole sheet as one SVG document, its pages one under the other (for a
        screen; print `svg_pages` or `pdf`)."""
        return document(self.pages(), paper=self.paper)

    def pdf(self) -> bytes:
        """The sheet as a PDF of pages of its paper, each page's SVG drawn as vectors by fpdf2.

        Raises SheetError, saying how to install it, when fpdf2 is missing.
        """
        try:
            from fpdf import FPDF
        except ImportError:
            raise SheetError(
                "PDF output needs fpdf2, an optional extra: pip install 'dlx-sudoku[pdf]' "
                "(or write SVG pages instead)"
            ) from None
        width, height = self.paper.width, self.paper.height
        doc = FPDF(orientation="portrait", unit="mm", format=(width, height))
        doc.set_creator("dlx-sudoku")
        for page in self.svg_pages():
            doc.add_page()
            doc.image(io.BytesIO(page.encode("utf-8")), x=0, y=0, w=width, h=height)
        return bytes(doc.output())


def sheet(
    puzzles: Sequence[Grid],
    captions: Sequence[str] | None = None,
    solutions: Sequence[Grid] | None = None,
    *,
    title: str | None = None,
    per_page: int | None = None,
    paper: Paper = Paper.a4,
) -> str:
    """The `Sheet` of these as one SVG document, its pages (A4 unless ``paper`` says) one
    under the other."""
    return Sheet(puzzles, captions, solutions, title, per_page, paper=paper).svg()


def page_documents(pages: Sequence[list[str]], paper: Paper) -> list[str]:
    """One SVG document per page (lists of SVG elements), each the size of ``paper``."""
    return [document([page], paper=paper) for page in pages]


def page_files(path: Path, count: int) -> list[Path]:
    """Where the SVG pages of a sheet go: ``path`` itself for one page, else ``NAME-1.svg``,
    ``NAME-2.svg``... beside it."""
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{k}{path.suffix or '.svg'}") for k in range(1, count + 1)]


def _samurai_page(
    samurai: Samurai, puzzle: Samurai, heading: str, caption: str, paper: Paper
) -> list[str]:
    """One page holding the 21x21 layout: thin cell lines, thick box and grid borders."""
    side = min(paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - HEADER - CAPTION)
    cell = side / SIDE
    x0, y0 = MARGIN, MARGIN + HEADER
    out = [_page_title(heading), f'<g transform="translate({x0:.2f},{y0:.2f})">']
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
        digit(r, c, cell, cell * 0.6, str(samurai[r, c]), puzzle[r, c] > 0)
        for r, c in CELLS
        if samurai[r, c]
    ]
    out.append(caption_text(side, caption))
    out.append("</g>")
    return out


def samurai_sheet(
    puzzles: Sequence[Samurai],
    solutions: Sequence[Samurai] | None = None,
    captions: Sequence[str] | None = None,
    title: str = "Samurai sudoku",
    *,
    paper: Paper = Paper.a4,
) -> str:
    """An SVG document with each of ``puzzles`` on a page of ``paper``, then each of
    ``solutions``, one under the other (for a screen; print `samurai_pages`)."""
    return document(samurai_pages(puzzles, solutions, captions, title, paper=paper), paper=paper)


def samurai_pages(
    puzzles: Sequence[Samurai],
    solutions: Sequence[Samurai] | None = None,
    captions: Sequence[str] | None = None,
    title: str = "Samurai sudoku",
    *,
    paper: Paper = Paper.a4,
) -> list[list[str]]:
    """The pages of `samurai_sheet`, as lists of SVG elements (`page_documents` makes each
    a document of its own)."""
    captions = list(captions) if captions is not None else [str(k + 1) for k in range(len(puzzles))]
    pages = [_samurai_page(p, p, title, c, paper) for p, c in zip(puzzles, captions, strict=True)]
    if solutions is not None:
        pages += [
            _samurai_page(s, p, f"{title}: solution", c, paper)
            for s, p, c in zip(solutions, puzzles, captions, strict=True)
        ]
    return pages
