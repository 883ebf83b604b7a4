"""pytest-benchmark runs of generation and rating: minimal unique puzzles/s, distinct
grids/s, and puzzles rated per second on the data sets in ../shared/data.

Fixed seeds, one warm-up round, every answer validated. Benchmarks are disabled in the
project's pytest configuration; run them with

    python -m pytest benchmarks/test_generate.py --benchmark-enable

``test_a_million_grids`` runs ``dlx-sudoku grids -n 1000000`` in a child process and
checks every line; it prints the time and the child's peak memory.
"""

from __future__ import annotations

import io
import subprocess
import sys
from operator import itemgetter
from pathlib import Path

import pytest

from sudoku.generate import generate
from sudoku.grid import is_solution, parse
from sudoku.grids import write_grids
from sudoku.rate import rate
from sudoku.solve import Status, solve

PUZZLES = 10
GRIDS = 100_000
RATED = 1000
DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.mark.parametrize("symmetry", ["none", "rot180"])
def test_minimal_puzzles(benchmark, symmetry: str) -> None:
    """Minimal unique 9x9 puzzles, PUZZLES per round."""
    made = benchmark.pedantic(
        lambda: [generate(symmetry=symmetry, seed=k) for k in range(PUZZLES)],
        rounds=3,
        warmup_rounds=1,
    )
    for m in made:
        assert solve(m.puzzle).status is Status.UNIQUE and is_solution(m.solution, m.puzzle)
    if benchmark.stats:
        benchmark.extra_info["puzzles/s"] = round(PUZZLES / benchmark.stats["mean"], 1)


def test_grids(benchmark) -> None:
    """Distinct complete 9x9 grids written to memory, GRIDS per round."""

    def run() -> bytes:
        out = io.BytesIO()
        write_grids(out, GRIDS, seed=1)
        return out.getvalue()

    lines = benchmark.pedantic(run, rounds=3, warmup_rounds=1).splitlines()
    assert len(set(lines)) == GRIDS
    assert all(is_solution(parse(line.decode())) for line in lines[::100])
    if benchmark.stats:
        benchmark.extra_info["grids/s"] = round(GRIDS / benchmark.stats["mean"])


def test_a_million_grids(tmp_path: Path) -> None:
    """The command line's million: time, the child's peak memory, every line checked.

    A fresh small parent starts the command, so the peak is the command's own, not pages
    shared from this test process at fork time.
    """
    out = tmp_path / "grids.txt"
    probe = (
        "import resource, subprocess, sys, time\n"
        "began = time.perf_counter()\n"
        "subprocess.run([sys.executable, '-m', 'sudoku.cli', 'grids', '-n', '1000000',"
        " '-o', sys.argv[1], '--seed', '1'], check=True, capture_output=True)\n"
        "print(time.perf_counter() - began,"
        " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    measured = subprocess.run(
        [sys.executable, "-c", probe, str(out)], check=True, capture_output=True, text=True
    )
    seconds, peak_kib = measured.stdout.split()
    units = [itemgetter(*unit) for unit in parse("1" * 81).shape.unit_indices]
    digits = set(b"123456789")
    seen = set()
    with out.open("rb") as lines:
        for line in lines:
            grid = line.rstrip(b"\n")
            assert all(set(unit(grid)) == digits for unit in units), grid
            seen.add(grid)
    assert len(seen) == 1_000_000
    print(f"\ngrids -n 1000000: {float(seconds):.1f} s, peak memory {int(peak_kib) / 1024:.0f} MiB")


@pytest.mark.parametrize("name", ["easy10k.txt", "top1465.txt"])
def test_rating(benchmark, name: str) -> None:
    """The first RATED puzzles of a data set rated; a solved rating must be the solution."""
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"data set {path} is absent")
    with path.open() as lines:
        puzzles = [parse(line) for line, _ in zip(lines, range(RATED), strict=False)]
    ratings = benchmark.pedantic(lambda: [rate(p) for p in puzzles], rounds=1, warmup_rounds=1)
    for puzzle, rating in zip(puzzles, ratings, strict=True):
        assert not rating.solved or is_solution(rating.grid, puzzle)
    if benchmark.stats:
        benchmark.extra_info["puzzles/s"] = round(len(puzzles) / benchmark.stats["mean"])
