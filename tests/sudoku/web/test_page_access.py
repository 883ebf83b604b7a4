"""The page for a person who does not see it or does not use a pointer, in Chromium.

The grid is read from Chromium's own accessibility tree (Playwright's ARIA snapshot), as a
screen reader gets it; every control is reached with Tab and shows where the focus is; a
game is played with the keyboard alone; axe-core audits the page at a desktop's and a
phone's size, in both themes.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from sudoku.grid import format_line, parse
from sudoku.solve import solve

from .browser import EXAMPLE, expect, load
from .conftest import KILLER_CAGES

axe_playwright = pytest.importorskip(
    "axe_playwright_python.sync_playwright",
    reason="axe-playwright-python is missing: pip install -e '.[test]'",
)

PUZZLE = parse(EXAMPLE)
SOLUTION = format_line(solve(PUZZLE).solution)
BLANKS = [k for k, d in enumerate(PUZZLE.cells) if not d]
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1100, "height": 820}


def tree(page: Any) -> list[tuple[str, str]]:
    """The board's accessibility tree as (role, name) lines, indented by depth."""
    snapshot = page.locator("#board").aria_snapshot()
    found = []
    for line in snapshot.splitlines():
        match = re.match(r'(\s*)- (\w+) "([^"]*)"', line)
        assert match, line
        found.append((match[1] + match[2], match[3]))
    return found


def test_the_grid_is_a_grid_of_rows_of_cells_to_a_screen_reader(page):
    load(page, EXAMPLE)
    lines = tree(page)
    assert lines[0] == ("grid", "9x9 sudoku grid")
    rows = [k for k, (role, _) in enumerate(lines) if role == "  row"]
    assert [lines[k][1] for k in rows] == [f"row {r}" for r in range(1, 10)]
    for k in rows:  # each row holds its nine cells, one level down, and nothing else
        assert [role for role, _ in lines[k + 1 : k + 10]] == ["    gridcell"] * 9
    assert len(lines) == 1 + 9 + 81


def expected_label(k: int, value: str, marks: str) -> str:
    """What cell k should say, from the puzzle: where, given or entered or empty, marks."""
    where = f"row {k // 9 + 1}, column {k % 9 + 1}"
    if PUZZLE.cells[k]:
        return f"{where}, given {EXAMPLE[k]}"
    if value != ".":
        return f"{where}, entered {value}"
    return f"{where}, empty, pencil marks {' '.join(marks)}" if marks else f"{where}, empty"


def test_every_cell_says_its_row_column_value_and_pencil_marks(page):
    load(page, EXAMPLE)
    entered, marked = BLANKS[0], BLANKS[5]
    page.locator(".cell").nth(entered).click()
    page.keyboard.press(SOLUTION[entered])
    page.locator(".cell").nth(marked).click()
    for key in ["p", "2", "7", "p"]:
        page.keyboard.press(key)
    grid = EXAMPLE[:entered] + SOLUTION[entered] + EXAMPLE[entered + 1 :]
    names = [name for role, name in tree(page) if role.strip() == "gridcell"]
    assert names == [expected_label(k, grid[k], "27" if k == marked else "") for k in range(81)]
    clash = next(k for k in BLANKS if k // 9 == 0 and k != entered)  # a 4 beside row 1's 4
    page.locator(".cell").nth(clash).click()
    page.keyboard.press("4")
    label = page.locator(".cell").nth(clash).get_attribute("aria-label")
    assert label == f"row 1, column {clash + 1}, entered 4, in conflict"
    assert page.locator(".cell").nth(0).get_attribute("aria-readonly") == "true"  # given


def focused(page: Any) -> dict[str, Any]:
    """What has the focus: its tag, id, role, label, and whether a focus ring shows."""
    return page.evaluate(
        """() => {
            const e = document.activeElement;
            const style = getComputedStyle(e);
            return {
                tag: e.tagName.toLowerCase(), id: e.id, role: e.getAttribute("role"),
                label: e.getAttribute("aria-label") || e.textContent.trim(),
                ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
            };
        }"""
    )


def controls(page: Any) -> list[str]:
    """A name for every control a person can see and use: buttons, fields, menus."""
    return page.evaluate(
        """() => [...document.querySelectorAll("button, input, select, textarea")]
            .filter(e => e.offsetParent !== null)
            .map(e => e.id || e.getAttribute("aria-label"))"""
    )


def test_tab_reaches_every_control_and_one_cell_and_the_focus_shows(page):
    load(page, EXAMPLE)
    page.evaluate("document.activeElement.blur()")
    reached = []
    for _ in range(80):
        page.keyboard.press("Tab")
        now = focused(page)
        if now["tag"] == "body":  # past the last control, before the first again
            continue
        assert now["ring"], f"no visible focus on {now}"
        name = now["id"] or now["label"]
        if name in reached:
            break
        reached.append(name)
    cells = [name for name in reached if name.startswith("row ")]
    assert cells == ["row 1, column 2, empty"]  # the grid is one stop, at its selected cell
    assert sorted(set(reached) - set(cells)) == sorted(controls(page))


def tab_to(page: Any, name: str, back: bool = False) -> None:
    """Press Tab (Shift+Tab when ``back``) until the control ``name`` has the focus."""
    for _ in range(80):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        now = focused(page)
        if name in (now["id"], now["label"]):
            return
    raise AssertionError(f"Tab never reached {name}")


def test_a_game_is_played_with_the_keyboard_alone(page):
    load(page, EXAMPLE)
    page.evaluate("document.activeElement.blur()")
    first = BLANKS[0]
    tab_to(page, f"row 1, column {first + 1}, empty")
    page.keyboard.press("ArrowDown")  # the focus follows the selection
    assert focused(page)["label"].startswith(f"row 2, column {first + 1},")
    page.keyboard.press("ArrowUp")
    page.keyboard.press(SOLUTION[first])
    assert focused(page)["label"] == f"row 1, column {first + 1}, entered {SOLUTION[first]}"
    tab_to(page, "undo")
    page.keyboard.press("Enter")
    tab_to(page, "redo")
    page.keyboard.press(" ")  # Space presses a focused button (it toggles pencil elsewhere)
    expect(page.locator("#pencil")).to_have_attribute("aria-pressed", "false")
    tab_to(page, "pencil", back=True)
    page.keyboard.press(" ")
    expect(page.locator("#pencil")).to_have_attribute("aria-pressed", "true")
    tab_to(page, f"row 1, column {first + 1}, entered {SOLUTION[first]}", back=True)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    tab_to(page, f"3, {9 - EXAMPLE.count('3')} left")  # the pad's keys write into the cell
    page.keyboard.press("Enter")
    page.keyboard.press("P")
    cell = page.locator(".cell").nth(first + 2)
    assert cell.get_attribute("aria-label").endswith("empty, pencil marks 3")
    tab_to(page, "tidy")
    page.keyboard.press(" ")
    expect(page.locator("#tidy")).not_to_be_checked()
    tab_to(page, "hint")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_contain_text("Hint, ")


AUDITED = [
    pytest.param(size, scheme, id=f"{name}-{scheme}")
    for name, size in (("desktop", DESKTOP), ("phone", PHONE))
    for scheme in ("light", "dark")
]


def audit(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page, one line each."""
    results = axe_playwright.Axe().run(page).response
    return [
        f"{v['id']} ({v['impact']}): {[node['target'] for node in v['nodes']]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize(("size", "scheme"), AUDITED)
def test_axe_finds_nothing_serious_in_a_game_under_way(page, size, scheme):
    page.set_viewport_size(size)
    page.emulate_media(color_scheme=scheme)
    load(page, EXAMPLE)
    for k in BLANKS:  # every 1 placed: its key is greyed
        if SOLUTION[k] == "1":
            page.locator(".cell").nth(k).click()
            page.keyboard.press("1")
    page.locator(".cell").nth(BLANKS[-1]).click()
    for key in ["p", "2", "3", "p"]:
        page.keyboard.press(key)
    page.keyboard.press("h")
    expect(page.locator("#message")).to_contain_text("Hint, ")
    expect(page.locator("#keypad .done")).to_have_count(1)
    assert page.locator(".cell.hint").count() and page.locator(".cell.target").count()
    found = audit(page)
    page.locator(".cell").nth(BLANKS[1]).click()
    page.keyboard.press("4")  # a conflict with row 1's 4, then the check's marks
    page.click("#check")
    expect(page.locator("#message")).to_contain_text("to fix")
    assert page.locator(".cell.conflict").count() >= 2
    assert found + audit(page) == []


@pytest.mark.parametrize(("size", "scheme"), AUDITED)
def test_axe_finds_nothing_serious_on_a_killer_board(page, size, scheme):
    page.set_viewport_size(size)
    page.emulate_media(color_scheme=scheme)
    page.select_option("#paste-variant", "killer")
    page.fill("#paste-map", KILLER_CAGES)
    load(page, "." * 16, "killer")
    expect(page.locator(".sum")).to_have_count(8)
    assert audit(page) == []
