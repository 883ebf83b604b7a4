"""pytest-benchmark: the published variant puzzles of the tests, solved and proved unique
(count to 2) on each search loop, with and without building the matrix.

Stages:
    prove    the shape's matrix is built (cached): the givens are forced, the search counts
             to 2 and must find exactly 1
    build    the same with the matrix built and compiled first, as for a puzzle read from a
             new cage or region file

Run with

    python -m pytest benchmarks/test_variants.py --benchmark-enable
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku.cover import cover_problem
from sudoku.grid import Grid, Shape, parse
from sudoku.samurai import parse_samurai, samurai_problem
from sudoku.variants import read_cages, read_regions

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "variants"
NONOMINO = "3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7"
WINDOKU = "..2........693.4.......5.3.5..1...92.....7.1.....9...5....72...2.74.8..6.6......."


def _grids() -> dict[str, Grid]:
    grids = {
        name.removesuffix(".txt"): Grid.empty(read_cages((FIXTURES / name).read_text()))
        for name in (
            "killer-ukpa.txt",
            "killer-ksonline-tips.txt",
            "killer-ksonline-daily-5512.txt",
        )
    }
    regions = read_regions((FIXTURES / "jigsaw-wikipedia-nonomino.txt").read_text())
    grids["jigsaw-wikipedia"] = parse(NONOMINO, regions)
    grids["windoku-sudoku-space"] = parse(WINDOKU, Shape().with_windows())
    return grids


PUZZLES = _grids()
SAMURAI = parse_samurai((FIXTURES / "samurai-samurai-sudoku-com.txt").read_text())
BACKENDS = ["c", "bits", "python"]


def _prove(problem_of, puzzle, backend: str) -> None:
    assert problem_of().search(forced=puzzle.givens(), backend=backend).count(2) == 1


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", [*PUZZLES, "samurai"])
@pytest.mark.parametrize("stage", ["prove", "build"])
def test_variant(benchmark, stage, name, backend):
    if backend == "c":
        pytest.importorskip("dlx._search")
    if name == "samurai":
        puzzle, problem_of, clear = SAMURAI, samurai_problem, samurai_problem.cache_clear
    else:
        puzzle = PUZZLES[name]
        problem_of, clear = (lambda: cover_problem(puzzle.shape)), cover_problem.cache_clear
    problem_of()  # warm: the matrix is built once outside the timing for "prove"
    setup = clear if stage == "build" else None
    benchmark.pedantic(
        _prove, args=(problem_of, puzzle, backend), setup=setup, rounds=5, warmup_rounds=1
    )
