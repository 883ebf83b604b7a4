"""The player's comforts, in Chromium: the clock, the digits left, pencil marks tidied when a
digit is placed, redo, restart, the dark theme and the time a solve took.

The clock is Playwright's (``page.clock``): time moves only when a test moves it, so the
times asserted are exact and no test waits for a real second.
"""

from __future__ import annotations

from typing import Any

import pytest

from sudoku.grid import format_line, parse
from sudoku.solve import solve
from sudoku.variants import read_cages

from .browser import EXAMPLE, entries, expect, load

PUZZLE = parse(EXAMPLE)
SOLUTION = format_line(solve(PUZZLE).solution)
BLANKS = [k for k, d in enumerate(PUZZLE.cells) if not d]

# A 4x4 killer whose cage "d" bends: r2c2 and r3c4 share it and nothing else (no row,
# column or box). The sums are those of the grid 1234/3412/2143/4321.
BENT_CAGES = "aabb\ncddd\ncfgd\ncfgg\na=3 b=7 c=9 d=10 f=4 g=7"


def clocked(page: Any) -> None:
    """Hand the page's clock to the test: it stands still until ``page.clock.run_for``."""
    page.clock.install(time=0)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.clock.pause_at(60_000)


def place(page: Any, k: int, symbol: str) -> None:
    """Select cell k with the pointer and type ``symbol``."""
    page.locator(".cell").nth(k).click()
    page.keyboard.press(symbol)


def pencil(page: Any, k: int, symbols: str) -> None:
    """Pencil ``symbols`` into cell k (and leave pencil mode)."""
    page.locator(".cell").nth(k).click()
    page.keyboard.press("p")
    for symbol in symbols:
        page.keyboard.press(symbol)
    page.keyboard.press("p")


def marks(page: Any, k: int) -> str:
    """The pencil marks cell k shows, "" for none."""
    found = page.locator(".cell").nth(k).locator(".marks")
    return found.text_content() if found.count() else ""


def set_hidden(page: Any, hidden: bool) -> None:
    """Tell the page its tab was hidden or shown, as a browser does when the player switches
    tabs (headless Chromium keeps every tab visible, so the state is set by hand)."""
    page.evaluate(
        """(hidden) => {
            const as = (value) => ({ value, configurable: true });
            Object.defineProperty(document, "hidden", as(hidden));
            Object.defineProperty(document, "visibilityState", as(hidden ? "hidden" : "visible"));
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        hidden,
    )


def test_the_clock_stops_while_the_tab_is_hidden_and_is_kept_with_the_game(page):
    clocked(page)
    load(page, EXAMPLE)
    timer = page.locator("#timer")
    expect(timer).to_have_text("00:00")
    page.clock.run_for(65_000)
    expect(timer).to_have_text("01:05")
    set_hidden(page, True)
    page.clock.run_for(600_000)  # ten minutes in another tab do not count
    set_hidden(page, False)
    expect(timer).to_have_text("01:05")
    page.clock.run_for(10_000)
    expect(timer).to_have_text("01:15")
    place(page, BLANKS[0], SOLUTION[BLANKS[0]])
    page.reload()  # the time played comes back with the game, and runs on
    expect(page.locator("#message")).to_contain_text("Welcome back")
    expect(timer).to_have_text("01:15")
    page.clock.run_for(3_600_000)
    expect(timer).to_have_text("1:01:15")


def pad(page: Any) -> dict[str, tuple[str, bool, str]]:
    """Each key of the digit pad: (the count it shows, greyed or not, its label)."""
    keys = page.locator("#keypad button").evaluate_all(
        """keys => keys.map(k => [k.dataset.symbol, k.querySelector(".left").textContent,
                                  k.classList.contains("done"), k.getAttribute("aria-label")])"""
    )
    return {symbol: (left, done, label) for symbol, left, done, label in keys}


def counts_agree(page: Any) -> None:
    """The pad's counts are those of the grid the page shows: 9 less each digit's cells."""
    grid = entries(page)
    for symbol, (left, done, label) in pad(page).items():
        expected = 9 - grid.count(symbol)
        assert left == str(expected), (symbol, left, grid)
        assert done == (expected == 0)
        assert label == f"{symbol}, " + (f"{expected} left" if expected else "all placed")


def test_the_pad_counts_each_digit_left_and_greys_the_finished_ones(page):
    load(page, EXAMPLE)
    counts_agree(page)
    assert pad(page)["4"][0] == str(9 - EXAMPLE.count("4"))
    digit = max("123456789", key=EXAMPLE.count)  # the digit with the fewest cells to go
    for k in BLANKS:
        if SOLUTION[k] == digit:
            assert not pad(page)[digit][1]
            place(page, k, digit)
            counts_agree(page)
    assert pad(page)[digit][:2] == ("0", True)
    assert sum(done for _, done, _ in pad(page).values()) == 1
    wrong = next(k for k in BLANKS if SOLUTION[k] != digit)
    place(page, wrong, digit)  # a tenth one: still nothing left, never a negative count
    assert pad(page)[digit][:2] == ("0", True)
    page.keyboard.press("u")
    counts_agree(page)


def test_placing_a_digit_clears_it_from_its_peers_pencil_marks(page):
    load(page, EXAMPLE)
    expect(page.locator("#tidy")).to_be_checked()  # on by default
    target = BLANKS[0]
    digit = SOLUTION[target]
    r, c = divmod(target, 9)
    box = {(r // 3 * 3 + i // 3) * 9 + c // 3 * 3 + i % 3 for i in range(9)}
    row, column = {r * 9 + j for j in range(9)}, {i * 9 + c for i in range(9)}
    peers = [  # one blank in each unit of the target's and in no other of them
        next(k for k in BLANKS if k in group and k not in others)
        for group, others in ((row, column | box), (column, row | box), (box, row | column))
    ]
    outsider = next(k for k in BLANKS if k not in row | column | box)
    other = "1" if digit != "1" else "2"
    for k in [*peers, outsider]:
        pencil(page, k, digit + other)
    place(page, target, digit)
    assert [marks(page, k) for k in peers] == [other] * 3
    assert marks(page, outsider) == "".join(sorted(digit + other))
    page.keyboard.press("u")  # one move: the digit and the tidying go back together
    assert [marks(page, k) for k in peers] == ["".join(sorted(digit + other))] * 3
    assert entries(page)[target] == "."
    page.keyboard.press("r")
    assert [marks(page, k) for k in peers] == [other] * 3
    page.keyboard.press("u")
    page.locator("#tidy").uncheck()
    page.reload()  # the setting is the player's, kept apart from the game
    expect(page.locator("#tidy")).not_to_be_checked()
    place(page, target, digit)
    assert [marks(page, k) for k in peers] == ["".join(sorted(digit + other))] * 3
    page.locator("#tidy").check()  # as the next test expects to find it


def test_a_cage_is_tidied_too(page):
    shape = read_cages(BENT_CAGES)
    page.select_option("#paste-variant", "killer")
    page.fill("#paste-map", BENT_CAGES)
    load(page, "." * 16, "killer")
    placed, far = 5, 11  # r2c2 and r3c4
    assert not any(placed in unit and far in unit for unit in shape.unit_indices)
    assert any({placed, far} <= {r * 4 + c for r, c in cage} for _, cage in shape.cages)
    pencil(page, far, "34")
    place(page, placed, "4")
    assert marks(page, far) == "3"
    label = page.locator(".cell").nth(far).get_attribute("aria-label")
    assert label.endswith("in a cage of 4 cells adding up to 10")


@pytest.mark.parametrize("keys", [["u", "r"], ["Control+z", "Control+y"], ["u", "Control+Shift+Z"]])
def test_redo_puts_back_what_undo_took(page, keys):
    load(page, EXAMPLE)
    undo, redo = keys
    first, second = BLANKS[:2]
    place(page, first, "5")
    place(page, second, "6")
    page.keyboard.press(undo)
    page.keyboard.press(undo)
    assert entries(page) == EXAMPLE
    page.keyboard.press(redo)
    assert entries(page)[first] == "5" and entries(page)[second] == "."
    page.click("#redo")
    assert entries(page)[second] == "6"
    page.keyboard.press(redo)
    expect(page.locator("#message")).to_have_text("Nothing to redo.")
    page.keyboard.press(undo)
    place(page, BLANKS[2], "7")  # a new move forgets what could be redone
    page.click("#redo")
    expect(page.locator("#message")).to_have_text("Nothing to redo.")
    assert entries(page)[second] == "."


def test_restart_goes_back_to_the_givens_and_the_clock_to_zero(page):
    clocked(page)
    load(page, EXAMPLE)
    place(page, BLANKS[0], SOLUTION[BLANKS[0]])
    pencil(page, BLANKS[1], "12")
    page.clock.run_for(30_000)
    expect(page.locator("#timer")).to_have_text("00:30")
    played = entries(page)
    page.click("#restart")
    expect(page.locator("#message")).to_contain_text("Restarted")
    assert entries(page) == EXAMPLE and marks(page, BLANKS[1]) == ""
    expect(page.locator("#timer")).to_have_text("00:00")
    page.clock.run_for(4_000)
    expect(page.locator("#timer")).to_have_text("00:04")
    page.keyboard.press("u")  # the entries come back; the clock stays restarted
    assert entries(page) == played
    expect(page.locator("#timer")).to_have_text("00:04")


def luminance(page: Any, selector: str, prop: str) -> float:
    """The relative luminance (WCAG 2) of a computed colour of the first match."""
    rgb = page.locator(selector).first.evaluate(
        f"e => getComputedStyle(e).{prop}.match(/[\\d.]+/g).slice(0, 3).map(Number)"
    )
    linear = [x / 255 / 12.92 if x <= 10 else ((x / 255 + 0.055) / 1.055) ** 2.4 for x in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_theme_follows_the_systems_colour_scheme(page, scheme):
    page.emulate_media(color_scheme=scheme)
    load(page, EXAMPLE)
    page.locator(".cell").nth(BLANKS[0]).click()
    ground = {
        "page": luminance(page, "html", "backgroundColor"),
        "board": luminance(page, "#board", "backgroundColor"),
        "button": luminance(page, "#undo", "backgroundColor"),
    }
    ink = {
        "text": luminance(page, "body", "color"),
        "given": luminance(page, ".cell.given", "color"),
        "button": luminance(page, "#undo", "color"),
    }
    if scheme == "dark":
        assert max(ground.values()) < 0.05 and min(ink.values()) > 0.6, (ground, ink)
    else:
        assert min(ground.values()) > 0.9 and max(ink.values()) < 0.05, (ground, ink)


def test_a_solved_grid_says_how_long_it_took_and_stops_the_clock(page):
    clocked(page)
    load(page, EXAMPLE)
    page.clock.run_for(125_000)
    for k in BLANKS[:-1]:
        place(page, k, SOLUTION[k])
    page.clock.run_for(3_000)
    place(page, BLANKS[-1], SOLUTION[BLANKS[-1]])
    expect(page.locator("#message")).to_contain_text("Solved in 02:08!")
    expect(page.locator("#board")).to_have_class("board solved")
    assert entries(page) == SOLUTION and solve(parse(entries(page))).solution == parse(SOLUTION)
    page.clock.run_for(60_000)
    expect(page.locator("#timer")).to_have_text("02:08")
    page.keyboard.press("Delete")  # no longer complete: the clock runs again
    page.clock.run_for(2_000)
    expect(page.locator("#timer")).to_have_text("02:10")
