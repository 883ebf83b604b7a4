"""The page on phones and a tablet, in Chromium emulating a touch screen: the board and the
digit pad fit the width (no sideways scrolling), 16x16 included, and a finger plays."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .browser import EXAMPLE, chromium, entries, expect, load, thinned

SCREENS = [(360, 640), (390, 844), (768, 1024)]


@pytest.fixture(scope="module")
def context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A phone: touch, a mobile viewport (the page's meta viewport honoured), two pixels
    a CSS pixel; each test sets the screen's size."""
    options = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
    with chromium(tmp_path_factory.mktemp("chromium-phone"), **options) as made:
        yield made


def box(page: Any, selector: str) -> dict[str, float]:
    """The first match's rectangle on the page, in CSS pixels."""
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


@pytest.mark.parametrize("n", [9, 16])
@pytest.mark.parametrize(("width", "height"), SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_the_board_and_the_pad_fit_the_width(page, width, height, n):
    page.set_viewport_size({"width": width, "height": height})
    load(page, thinned(n))
    expect(page.locator("#keypad button")).to_have_count(n)
    wide, seen = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert seen == width and wide <= width, f"the page scrolls sideways: {wide} > {width}"
    for selector in ("#board", "#keypad", "#keypad button >> nth=-1", ".tools"):
        where = box(page, selector)
        assert where["x"] >= 0 and where["x"] + where["width"] <= width, (selector, where)
    board = box(page, "#board")
    assert board["width"] >= min(width - 32, 500)  # as wide as the screen lets it be
    cells = page.locator(".cell").evaluate_all(
        "cells => cells.map(c => c.getBoundingClientRect()).map(r => [r.width, r.height])"
    )
    side = (board["width"] - 6) / n  # inside the 3px frame
    assert all(abs(w - side) < 1.5 and abs(h - side) < 1.5 for w, h in cells), cells[:3]
    keys = page.locator("#keypad button").evaluate_all(
        "keys => keys.map(k => k.getBoundingClientRect()).map(r => Math.min(r.width, r.height))"
    )
    assert min(keys) >= 24  # WCAG 2.2's smallest target for a finger


def test_a_finger_plays(page):
    page.set_viewport_size({"width": 390, "height": 844})
    load(page, EXAMPLE)
    first, second = [k for k, d in enumerate(EXAMPLE) if d == "."][:2]
    page.locator(".cell").nth(first).tap()
    page.locator("#keypad button").nth(2).tap()
    assert entries(page)[first] == "3"
    page.locator(".cell").nth(second).tap()
    page.locator("#pencil").tap()
    page.locator("#keypad button").nth(4).tap()
    page.locator("#keypad button").nth(6).tap()
    expect(page.locator(".cell").nth(second).locator(".marks")).to_have_text("57")
    page.locator("#undo").tap()
    page.locator("#undo").tap()
    page.locator("#redo").tap()
    expect(page.locator(".cell").nth(second).locator(".marks")).to_have_text("5")
    page.locator("#pencil").tap()
    assert entries(page) == EXAMPLE[:first] + "3" + EXAMPLE[first + 1 :]
