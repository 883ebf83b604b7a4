"""Shared helpers for the sudoku tests: the data sets beside the repo, and valid grids."""

from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku.grid import Grid, GridError, Shape

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"


@pytest.fixture
def data_file() -> Callable[[str], Path]:
    """A file of ../shared/data (relative to the repo root), or a skip when it is absent."""

    def find(name: str) -> Path:
        path = DATA / name
        if not path.is_file():
            pytest.skip(f"data set {path} is absent")
        return path

    return find


def error_of(read: Callable[[str], object], text: str) -> str:
    """The message of the GridError that ``read(text)`` raises (the test fails if none)."""
    with pytest.raises(GridError) as caught:
        read(text)
    return str(caught.value)


def _pattern_grid(shape: Shape) -> Grid:
    """A complete valid grid for any box shape, by the classic shifted-rows formula.

    Row r = a * box_rows + b starts at offset box_cols * b + a: every row is a cyclic shift
    of 1..n, the offsets down a column are all different, and a box holds n consecutive
    values modulo n.
    """
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    return Grid(
        shape, tuple((bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n))
    )


@pytest.fixture
def pattern_grid() -> Callable[[Shape], Grid]:
    """The pattern-formula grid builder, as a fixture (test modules cannot import conftest)."""
    return _pattern_grid
