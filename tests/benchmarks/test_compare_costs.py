"""The minimum-cost comparison runs end to end: workloads as described, rounds, the table,
every optimum checked against ours."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from benchmarks import compare_costs
from benchmarks.compare_costs import assignment, partition, queens


@pytest.fixture(autouse=True)
def backend() -> None:
    """The benchmark runs the default loop: no run per backend."""


@pytest.mark.parametrize("seed", range(4))
def test_the_workloads_are_what_their_names_say(seed: int) -> None:
    problem = partition(20, 60, seed)
    assert len(problem) == 60 and len(problem.primary) == 20
    assert all(2 <= len(problem.entries(name)) <= 5 for name in problem.option_names())
    assert problem.minimum().cost is not None  # the planted partition is a cover
    assert len(assignment(5, seed)) == 25 and all(1 <= c <= 99 for c in assignment(5, seed).costs)
    assert len(queens(5, seed).secondary) == 18 and queens(5, seed).minimum().cost is not None


def test_a_small_comparison_prints_a_row_a_workload(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--workloads", "assignment-20", "partition-30-300", "--rounds", "2", "--no-highs"]
    assert compare_costs.main(argv) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert [row.split()[1] for row in rows] == ["workload", "assignment-20", "partition-30-300"]


def test_a_peer_that_disagrees_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    liar = tmp_path / "dlx5"
    liar.write_text("#!/bin/sh\ncat >/dev/null\necho 'The optimum cost is $1' >&2\n")
    liar.chmod(liar.stat().st_mode | stat.S_IEXEC)
    argv = ["--workloads", "queens-8", "--rounds", "1", "--dlx5", str(liar), "--no-highs"]
    assert compare_costs.main(argv) == 1
    captured = capsys.readouterr()
    assert "queens-8: the engines disagree" in captured.err and "'dlx5': 1" in captured.err
    assert "ours/dlx5" in captured.out
