"""The page's rough edges, in Chromium (issue 27, point 6): Solve after the workers died,
Check marking only the player's cells, jigsaw and killer puzzles made on the page, a killer
pasted as its cages alone, and a hint that reveals its cell when asked again.

Puzzles the page made are read back from its saved game with the file readers and proved
unique by counting; solutions come from the library's own solve.
"""

from __future__ import annotations

import json
import re
from typing import Any

from sudoku.grid import Grid, Shape, format_line, parse
from sudoku.make_variants import generate_killer
from sudoku.solve import count, solve
from sudoku.variants import format_cages, read_cages, read_regions

from .browser import EXAMPLE, entries, expect, load
from .conftest import kill_workers

PUZZLE = parse(EXAMPLE)
SOLUTION = solve(PUZZLE).solution.cells


def saved_spec(page: Any) -> dict:
    """The spec of the game the page saved: what it sends the server for this puzzle."""
    return json.loads(page.evaluate("localStorage.getItem('dlx-sudoku-play/v1')"))["board"]["spec"]


def digits(page: Any) -> str:
    """The digits in the cells, "." for a blank, without a killer's cage sums."""
    texts = page.locator(".cell .content").all_text_contents()
    return "".join(text or "." for text in texts)


def make(page: Any, variant: str, size: int, seed: int) -> None:
    """A new puzzle through the form, waiting for its board."""
    page.select_option("#variant", variant)
    page.select_option("#size", str(size))
    page.fill("#seed", str(seed))
    page.click("#generate")
    expect(page.locator("#message")).to_contain_text(f"seed {seed} makes it again")
    expect(page.locator(".cell")).to_have_count(size * size)


def test_solve_answers_after_the_workers_were_killed(page):
    load(page, EXAMPLE)
    assert kill_workers() >= 2  # each lane's worker and its spare, idle
    page.click("#solve")
    expect(page.locator("#message")).to_contain_text("Solved with the engine's help!")
    assert entries(page) == format_line(Grid(PUZZLE.shape, SOLUTION))


def test_check_marks_only_the_players_cells(page):
    load(page, EXAMPLE)
    given = next(k for k, d in enumerate(PUZZLE.cells) if d)
    row = given // 9
    blank = next(k for k in range(row * 9, row * 9 + 9) if not PUZZLE.cells[k])
    page.locator(".cell").nth(blank).click()
    page.keyboard.press(str(PUZZLE.cells[given]))  # the given's digit again in its row
    expect(page.locator(".cell.conflict")).to_have_count(2)  # the clash shows both ...
    page.click("#check")
    expect(page.locator("#message")).to_contain_text("1 cell(s) to fix")
    wrong = page.locator(".cell.wrong")  # ... but only the player's cell is to fix
    expect(wrong).to_have_count(1)
    assert wrong.get_attribute("data-index") == str(blank)


def test_a_jigsaw_is_made_on_the_page(page):
    make(page, "jigsaw", 6, 7)
    expect(page.locator("#about")).to_contain_text("Jigsaw")
    spec = saved_spec(page)
    shape = read_regions(spec["regions"])
    puzzle = parse(spec["puzzle"], shape)
    assert count(puzzle, limit=2) == 1
    assert set(shape.boxes) != set(Shape.for_size(6).boxes)
    for k in range(36):  # thick borders where the regions part, and only there
        r, c = divmod(k, 6)
        region = next(i for i, box in enumerate(shape.boxes) if (r, c) in box)
        if c < 5:
            right = next(i for i, box in enumerate(shape.boxes) if (r, c + 1) in box)
            cell = page.locator(".cell").nth(k)
            assert ("br" in (cell.get_attribute("class") or "").split()) == (region != right)


def test_a_killer_is_made_on_the_page_without_level_or_symmetry(page):
    page.select_option("#variant", "killer")
    expect(page.locator("#level")).to_be_disabled()
    expect(page.locator("#symmetry")).to_be_disabled()
    offered = page.locator("#size option").evaluate_all("options => options.map(o => +o.value)")
    assert max(offered) == 10  # larger killers take longer than a request may
    make(page, "killer", 4, 3)
    spec = saved_spec(page)
    shape = read_cages(spec["cages"])
    puzzle = parse(spec["puzzle"], shape)
    assert count(puzzle, limit=2) == 1
    sums = sorted(total for total, _ in shape.cages)
    assert sorted(int(s) for s in page.locator(".sum").all_text_contents()) == sums
    page.select_option("#variant", "classic")
    expect(page.locator("#level")).to_be_enabled()
    assert page.locator("#size option").count() > len(offered)


def test_a_killer_pasted_as_its_cages_alone_is_played(page):
    made = generate_killer(Shape.for_size(4), seed=3)
    page.select_option("#paste-variant", "killer")
    page.fill("#paste-map", format_cages(made.solution.shape))
    load(page, "", "killer")
    expect(page.locator(".cell .cage")).to_have_count(16)
    assert digits(page) == "." * 16
    page.click("#solve")
    expect(page.locator("#message")).to_contain_text("Solved with the engine's help!")
    assert digits(page) == format_line(made.solution)


def test_a_second_hint_reveals_its_cell_and_undo_takes_it_back(page):
    load(page, EXAMPLE)
    for ask_again in ("h", "#reveal"):
        page.keyboard.press("h")
        expect(page.locator("#message")).to_contain_text("Hint, ")
        k = int(page.locator(".cell.selected").get_attribute("data-index"))
        assert not PUZZLE.cells[k] and entries(page)[k] == "."
        if ask_again == "h":
            page.keyboard.press("h")
        else:
            page.click(ask_again)
        expect(page.locator("#message")).to_contain_text(re.compile(r"Revealed \d at r\dc\d"))
        expect(page.locator(".cell").nth(k)).to_have_text(str(SOLUTION[k]))
    page.keyboard.press("u")  # the reveal is a move like any other
    expect(page.locator(".cell").nth(k)).to_have_text("")
    page.click("#reveal")  # no hint for this grid: nothing is written
    expect(page.locator("#message")).to_contain_text("Ask for a hint first")
    expect(page.locator(".cell").nth(k)).to_have_text("")
