"""The assignment example (costs) against every permutation, and its published optimum."""

from __future__ import annotations

import itertools
import random

import pytest

from examples import assignment


def test_the_built_in_example_costs_what_wikipedia_says() -> None:
    best = assignment.problem().minimum()
    assert best.cost == 15  # Wikipedia, "Hungarian algorithm", Example
    assert "cost 15" in assignment.format_assignment(best.cost, best.solution)


@pytest.mark.parametrize("seed", range(5))
def test_the_k_cheapest_are_the_cheapest_permutations(seed: int) -> None:
    rng = random.Random(seed)
    n = 5
    jobs = [f"j{k}" for k in range(n)]
    asks = {f"w{w}": [rng.randrange(20) for _ in jobs] for w in range(n)}
    workers = list(asks)
    every = sorted(
        sum(asks[w][k] for w, k in zip(workers, perm, strict=True))
        for perm in itertools.permutations(range(n))
    )
    covers = assignment.problem(asks, jobs).minimum(4).covers
    assert [cost for cost, _ in covers] == every[:4]


def test_the_command_prints_the_cheapest(capsys: pytest.CaptureFixture[str]) -> None:
    assert assignment.main(["--best", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("cost 15\n") and out.count("cost ") == 2
