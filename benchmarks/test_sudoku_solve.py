"""pytest-benchmark: sudoku puzzles per second on ../shared/data, setup timed apart from search.

Stages, each timed over the same puzzles of a data file:
    parse    text line -> Grid
    setup    the per-puzzle cost of the search: givens checked, forced on the shape's
             compiled matrix, link arrays copied (a search capped at max_nodes=0, which
             also tries its first node)
    first    setup plus the search for the first solution
    unique   ``solve``: setup, first solution, and the rest of the tree proving uniqueness
    batch    ``solve_lines`` from the text lines, uniqueness proved: in C (sudoku._batch)
             and on the Python path

Every answer of ``first`` and ``unique`` is validated by the independent ``is_solution``
(and ``unique`` must find exactly one solution), outside the timed rounds. Puzzles per second
are in each row's ``extra_info`` and printed by ``--benchmark-verbose``-free runs as
``puzzles/s``. Run with

    python -m pytest benchmarks/test_sudoku_solve.py --benchmark-enable
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from sudoku.batch import solve_lines
from sudoku.cover import decode, search
from sudoku.grid import Grid, check_givens, is_solution, parse
from sudoku.records import Status
from sudoku.solve import _batch, solve

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
FILES = {"easy10k.txt": 2000, "top1465.txt": None, "sudoku17.txt": 2000}
"""Data file -> how many puzzles from its start are timed (None: all of them)."""


def _setup(grid: Grid) -> object:
    check_givens(grid)
    return search(grid, max_nodes=0).first()


STAGES: dict[str, Callable[[str, Grid], object]] = {
    "parse": lambda line, grid: parse(line),
    "setup": lambda line, grid: _setup(grid),
    "first": lambda line, grid: search(grid).first(),
    "unique": lambda line, grid: solve(grid),
}


@cache
def puzzles(name: str) -> tuple[tuple[str, ...], tuple[Grid, ...]]:
    """The timed slice of a data file, as lines and as grids (parsed once, untimed)."""
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"data set {path} is absent")
    with path.open() as lines:
        texts = tuple(line.strip() for line in itertools.islice(lines, FILES[name]))
    return texts, tuple(map(parse, texts))


def validate(stage: str, grids: tuple[Grid, ...], answers: list[object]) -> None:
    for grid, answer in zip(grids, answers, strict=True):
        if stage == "first":
            assert is_solution(decode(answer, grid.shape), grid)
        elif stage == "unique":
            assert answer.status is Status.UNIQUE and is_solution(answer.solution, grid)


@pytest.mark.parametrize("stage", list(STAGES))
@pytest.mark.parametrize("name", list(FILES))
def test_puzzles_per_second(benchmark, name: str, stage: str) -> None:
    texts, grids = puzzles(name)
    work = STAGES[stage]
    solve(grids[0])  # warm-up: the shape's matrix is built and compiled before timing

    def run() -> list[object]:
        return [work(line, grid) for line, grid in zip(texts, grids, strict=True)]

    answers = benchmark.pedantic(run, rounds=3, iterations=1)
    validate(stage, grids, answers)
    if benchmark.stats:  # None when benchmarks are disabled: the run above was a check
        rate = len(grids) / benchmark.stats.stats.mean
        benchmark.extra_info["puzzles"] = len(grids)
        benchmark.extra_info["puzzles/s"] = round(rate, 1)


@pytest.mark.parametrize("backend", ["c", "python"])
@pytest.mark.parametrize("name", list(FILES))
def test_batch_puzzles_per_second(benchmark, name: str, backend: str) -> None:
    """``solve_lines`` over the same puzzles: the C batch (reading, the givens check, the
    search counting to two and the solution lines in C) and the Python path."""
    texts, grids = puzzles(name)
    if backend == "c" and _batch is None:
        pytest.skip("the C batch (sudoku._batch) was not built")
    list(solve_lines(texts[:1], backend=backend))  # warm-up: the shape's matrix is compiled

    answers = benchmark.pedantic(
        lambda: list(solve_lines(texts, backend=backend)), rounds=3, iterations=1
    )
    for grid, answer in zip(grids, answers, strict=True):
        assert answer.status is Status.UNIQUE
        assert is_solution(parse(answer.solutions[0]), grid)
    if benchmark.stats:
        benchmark.extra_info["puzzles"] = len(grids)
        benchmark.extra_info["puzzles/s"] = round(len(grids) / benchmark.stats.stats.mean, 1)
