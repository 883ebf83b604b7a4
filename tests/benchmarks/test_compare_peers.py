"""The peer comparison script runs end to end: rounds, table, counts checked, verdict."""

from __future__ import annotations

import pytest

from benchmarks import compare_peers
from benchmarks.compare_peers import Engine, rounds
from benchmarks.workloads import workload


def test_a_small_comparison_prints_every_engine_and_the_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--pure-only", "--peers", "assaf", "--workloads", "queens-10", "--repeat", "2"]
    assert compare_peers.main(argv) == 0
    out = capsys.readouterr().out
    table = [line for line in out.splitlines() if line.startswith("queens-10")]
    assert len(table) == 3  # ours (auto), our dancing links, Assaf's technique
    assert all("724" in line.split() for line in table)  # every count checked, OEIS A000170
    assert "fastest pure-Python peer: Assaf dict-of-sets" in out


def test_a_wrong_count_and_an_error_are_reported_not_raised() -> None:
    def wrong(primary: object, secondary: object, options: object) -> int:
        return 1

    def broken(primary: object, secondary: object, options: object) -> int:
        raise RuntimeError("no luck")

    engines = [
        Engine("right", "Python", compare_peers.ours("auto")),
        Engine("wrong", "Python", wrong),
        Engine("broken", "Python", broken),
    ]
    right, bad, failed = rounds(engines, workload("queens-10"), 3, 60, 60)
    assert right.count == 724 and len(right.times) == 3 and right.failure is None
    assert bad.failure == "wrong count 1, not 724" and len(bad.times) == 1  # not run again
    assert failed.failure == "error: RuntimeError: no luck" and failed.times == []


def test_a_run_past_the_timeout_is_stopped_and_shown_as_a_bound() -> None:
    def endless(primary: object, secondary: object, options: object) -> int:
        while True:
            pass

    engines = [Engine("ours", "Python", compare_peers.ours("auto"))]
    engines.append(Engine("endless", "Python", endless))
    _, stuck = rounds(engines, workload("queens-10"), 2, 60, 0.5)
    assert stuck.over == 0.5 and stuck.failure.startswith("timeout")
