"""The page shows each puzzle's rating on Sudoku Explainer's scale: a generated one's from
its record, a pasted one's (and a generated expert's, whose rating without chains is a
floor) asked of the server; the level menu names each level's band of the scale."""

from __future__ import annotations

import re
from pathlib import Path

from sudoku.grid import parse
from sudoku.rate import BANDS, LEVELS, rate

from .browser import entries, expect, load

SERATE = Path(__file__).parents[2] / "fixtures" / "se" / "serate.txt"


def serate_rated(er: float) -> str:
    """The first puzzle of the fixture serate rated ``er`` (SE 1.2.1's ER)."""
    for line in SERATE.read_text().splitlines():
        if not line.startswith("#") and float(line.split()[1]) == er:
            return line.split()[0]
    raise LookupError(er)


def shown_rating(page) -> tuple[str, float]:
    """The level and SE the line above the board gives, once it gives an SE."""
    about = page.locator("#about")
    expect(about).to_contain_text(re.compile(r"level \w+, SE \d+\.\d"), timeout=30_000)
    level, se = re.search(r"level (\w+), SE (\d+\.\d)", about.text_content()).groups()
    return level, float(se)


def test_the_level_menu_names_each_band_of_the_scale(page):
    labels = page.locator("#level option").all_text_contents()
    assert labels[0] == "any" and len(labels) == 1 + len(LEVELS)
    for level, label in zip(LEVELS, labels[1:], strict=True):
        low, high = BANDS[level]
        top = "+" if high is None else f"-{high:.1f}"
        assert label == f"{level} (SE {low:.1f}{top})"


def test_a_pasted_puzzle_shows_the_rating_serate_gave_it(page):
    puzzle = serate_rated(6.6)  # an X-chain, as Sudoku Explainer rates it
    load(page, puzzle)
    assert shown_rating(page) == ("expert", 6.6)


def test_a_generated_puzzle_shows_its_rating_in_its_level_s_band(page):
    for level in ("medium", "expert"):  # expert: rated with chains after it is shown
        page.select_option("#size", "9")
        page.select_option("#level", level)
        page.fill("#seed", "5")
        page.click("#generate")
        expect(page.locator("#message")).to_contain_text("seed 5 makes it again")
        shown, se = shown_rating(page)
        truth = rate(parse(entries(page)))  # the givens: nothing is placed yet
        assert (shown, se) == (level, truth.se) and not truth.se_estimated
        low, high = BANDS[level]
        assert low <= se and (high is None or se <= high)
