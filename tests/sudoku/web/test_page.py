"""The page in a real browser: Debian's Chromium, headless, driven by Playwright
(``browser.py``; the tests skip, saying what to install, where either is missing).

A person plays a puzzle to the end with the keyboard, asks for a hint, pastes a bad
puzzle, reloads; screenshots at 4x4, 9x9 and 16x16 are checked for the grid's lines.
"""

from __future__ import annotations

import base64
import re

import pytest

from sudoku.grid import GridError, format_line, parse
from sudoku.rate import TECHNIQUES, level_of
from sudoku.solve import solve

from .browser import EXAMPLE, entries, expect, load, thinned
from .conftest import KILLER_CAGES, KILLER_SUMS


def test_play_a_puzzle_to_the_end_with_the_keyboard(page):
    load(page, EXAMPLE)
    puzzle = parse(EXAMPLE)
    solution = solve(puzzle).solution.cells
    first = puzzle.cells.index(0)
    page.locator(".cell").nth(0).click()
    for _ in range(first):  # walk to the first blank with the arrow keys
        page.keyboard.press("ArrowRight")
    wrong = solution[first] % 9 + 1
    page.keyboard.press(str(wrong))
    expect(page.locator(".cell").nth(first)).to_have_text(str(wrong))
    page.keyboard.press("u")  # undo takes the wrong digit back
    expect(page.locator(".cell").nth(first)).to_have_text("")
    page.keyboard.press("p")  # pencil marks, then back to digits
    page.keyboard.press("1")
    page.keyboard.press("2")
    expect(page.locator(".cell").nth(first).locator(".marks")).to_have_text("12")
    page.keyboard.press("p")
    page.locator(".cell").nth(0).click()
    for k in range(81):
        if not puzzle.cells[k]:
            page.keyboard.press(str(solution[k]))
        page.keyboard.press("ArrowRight")
        if k % 9 == 8:
            page.keyboard.press("ArrowDown")
    expect(page.locator("#message")).to_contain_text(re.compile(r"Solved in \d\d:\d\d!"))
    expect(page.locator("#board")).to_have_class("board solved")
    assert entries(page) == format_line(solve(puzzle).solution)


def test_a_hint_names_a_technique_and_highlights_its_cells(page):
    load(page, EXAMPLE)
    page.locator(".cell").nth(0).click()
    page.keyboard.press("h")
    message = page.locator("#message")
    expect(message).to_contain_text("Hint, ")
    text = message.text_content()
    # "Hint, easy (SE 1.2): hidden single: ..."
    said = re.match(r"Hint, (\w+) \(SE (\d+\.\d)\): ([^:]+): ", text)
    assert said, text
    level, se, technique = said.group(1), float(said.group(2)), said.group(3)
    assert technique in TECHNIQUES and level == TECHNIQUES[technique] == level_of(se), text
    marked = page.locator(".cell.hint, .cell.hint-unit, .cell.target")
    assert marked.count() >= 2
    target = page.locator(".cell.target").first.get_attribute("data-cell")
    assert target in text  # the cell the hint acts on is the one highlighted


def test_a_bad_paste_shows_the_parsers_message_and_keeps_the_game(page):
    load(page, EXAMPLE)
    bad = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 X\n4 3 | 2 1\n"
    with pytest.raises(GridError) as expected:
        parse(bad)
    page.fill("#paste-text", bad)
    page.click("#load")
    expect(page.locator("#paste-error")).to_have_text(str(expected.value))
    assert "line 4, column 9" in str(expected.value)
    assert page.locator(".cell").count() == 81


def test_the_game_survives_a_reload(page):
    load(page, EXAMPLE)
    puzzle = parse(EXAMPLE)
    blanks = [k for k, d in enumerate(puzzle.cells) if not d]
    page.locator(".cell").nth(blanks[0]).click()
    page.keyboard.press("7")
    page.locator(".cell").nth(blanks[1]).click()
    page.keyboard.press("p")
    page.keyboard.press("3")
    page.keyboard.press("5")
    before = entries(page)
    page.reload()
    expect(page.locator("#message")).to_contain_text("Welcome back")
    assert entries(page) == before
    expect(page.locator(".cell").nth(blanks[0])).to_have_text("7")
    expect(page.locator(".cell").nth(blanks[1]).locator(".marks")).to_have_text("35")
    page.keyboard.press("u")  # the undo history came back too
    page.keyboard.press("u")
    expect(page.locator(".cell").nth(blanks[1]).locator(".marks")).to_have_count(0)


def grid_lines(page, png: bytes) -> tuple[int, list[int], list[int]]:
    """The board screenshot's width and the x and y positions of its full-length lines:
    columns and rows of pixels that are dark (as grid lines are) along nearly their whole
    length, merged where they touch. The page decodes the PNG (a canvas) for us."""
    url = "data:image/png;base64," + base64.b64encode(png).decode()
    profile = page.evaluate(
        """async (url) => {
            const image = new Image();
            image.src = url;
            await image.decode();
            const canvas = document.createElement("canvas");
            canvas.width = image.width;
            canvas.height = image.height;
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0);
            const data = context.getImageData(0, 0, image.width, image.height).data;
            const cols = new Array(image.width).fill(0), rows = new Array(image.height).fill(0);
            for (let y = 0; y < image.height; y++) for (let x = 0; x < image.width; x++) {
                const i = 4 * (y * image.width + x);
                if (data[i] + data[i + 1] + data[i + 2] < 3 * 190) { cols[x]++; rows[y]++; }
            }
            return { width: image.width, height: image.height, cols, rows };
        }""",
        url,
    )

    def lines(counts: list[int], length: int) -> list[int]:
        found: list[list[int]] = []
        for position, dark in enumerate(counts):
            if dark >= 0.9 * length:
                if found and position - found[-1][-1] <= 1:
                    found[-1].append(position)
                else:
                    found.append([position])
        return [round(sum(run) / len(run)) for run in found]

    return (
        profile["width"],
        lines(profile["cols"], profile["height"]),
        lines(profile["rows"], profile["width"]),
    )


@pytest.mark.parametrize("n", [4, 9, 16])
def test_screenshots_show_the_grid_at_every_size(page, n, tmp_path):
    if n == 4:  # made on the page, through the new-puzzle form
        page.select_option("#size", "4")
        page.fill("#seed", "11")
        page.click("#generate")
        expect(page.locator("#about")).to_contain_text("4x4")
    else:
        load(page, thinned(n))
    expect(page.locator(".cell")).to_have_count(n * n)
    board = page.locator("#board")
    png = board.screenshot(path=str(tmp_path / f"board-{n}.png"))
    width, columns, rows = grid_lines(page, png)
    assert width > 300
    # n + 1 lines each way (the frame and every cell border), evenly spaced
    assert len(columns) == len(rows) == n + 1, (columns, rows)
    step = (columns[-1] - columns[0]) / n
    for k, (x, y) in enumerate(zip(columns, rows, strict=True)):
        assert abs(x - columns[0] - k * step) <= 3 and abs(y - rows[0] - k * step) <= 3


def test_a_killer_puzzle_shows_its_cages_and_sums(page):
    page.select_option("#paste-variant", "killer")
    page.fill("#paste-map", KILLER_CAGES)
    load(page, "." * 16, "killer")
    expect(page.locator(".cell .cage")).to_have_count(16)
    assert page.locator(".sum").all_text_contents() == [str(total) for total in KILLER_SUMS]
