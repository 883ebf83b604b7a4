"""What the browser tests share: Debian's Chromium driven by Playwright, and a player's moves.

No browser is downloaded: the system's ``chromium`` is launched by path with a fresh
profile. Importing this module skips the test module that imports it, saying what to
install, where Playwright or Chromium is missing.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from sudoku.grid import format_line, parse
from sudoku.solve import solve

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is missing: pip install -e '.[test]'"
)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip(
        "no chromium on PATH: install Debian's package (apt-get install -y chromium)",
        allow_module_level=True,
    )

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1100, "height": 820}
EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
expect = sync_api.expect


@contextmanager
def chromium(profile: Path, **options: Any) -> Iterator[Any]:
    """A headless Chromium with a fresh profile (``--user-data-dir``); ``options`` are
    Playwright's for a context (viewport, touch, colour scheme), over a desktop's."""
    with sync_api.sync_playwright() as driver:
        context = driver.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            headless=True,  # Playwright passes --headless
            args=FLAGS,
            **{"viewport": DESKTOP, **options},
        )
        yield context
        context.close()


@contextmanager
def watched(context: Any, base_url: str) -> Iterator[Any]:
    """A page on a clean game (local storage emptied, before and after, so no game or
    setting passes to the next test) that fails the test if it asks any host but the local
    server for anything, or throws."""
    page = context.new_page()
    elsewhere: list[str] = []
    errors: list[str] = []
    page.on(
        "request",
        lambda r: (
            None if r.url.startswith((base_url, "data:", "blob:")) else elsewhere.append(r.url)
        ),
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.evaluate("localStorage.clear()")
    yield page
    page.evaluate("localStorage.clear()")
    page.close()
    assert not elsewhere, f"the page asked other hosts: {elsewhere}"
    assert not errors, f"the page threw: {errors}"


def load(page: Any, text: str, variant: str = "classic") -> None:
    """Paste ``text`` as a puzzle and wait for its board."""
    page.fill("#paste-text", text)
    page.select_option("#paste-variant", variant)
    page.click("#load")
    expect(page.locator("#message")).to_have_text("Puzzle loaded.")


def entries(page: Any) -> str:
    """The grid as the player sees it, one symbol a cell, "." for a blank."""
    texts = page.locator(".cell").evaluate_all(
        "cells => cells.map(c => c.querySelector('.marks') ? '.' : (c.textContent || '.'))"
    )
    return "".join(texts)


def thinned(n: int) -> str:
    """A puzzle of size n in line form: a complete grid with every third cell blank."""
    solution = format_line(solve(parse("." * n * n)).solution)
    return "".join(s if k % 3 else "." for k, s in enumerate(solution))
