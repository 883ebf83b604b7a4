"""The C accelerators are the loops in use where they must be: in a wheel, and in CI where
a compiler built them. ``DLX_SUDOKU_REQUIRE_C=1`` asks for the check (cibuildwheel's test
environment and .ci/run set it); elsewhere a pure-Python install is a supported install."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(
    os.environ.get("DLX_SUDOKU_REQUIRE_C") != "1",
    reason="set DLX_SUDOKU_REQUIRE_C=1 where the C accelerators must be in use",
)


def test_the_c_loops_are_the_ones_in_use() -> None:
    import dlx._search
    import dlx.search
    import sudoku.solve
    from dlx.tiling import Tiling, box

    assert dlx.search.DEFAULT_BACKEND == "c"
    assert sudoku.solve.c_batch_available()
    assert Tiling(box(3, 20), "pentominoes").counts_by_cells  # dlx._tile
    assert dlx._search.BIT_OPS in ("compiler builtins", "MSVC intrinsics", "plain C")


def test_the_version_names_the_c_loop() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "sudoku", "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert "C accelerator" in shown
