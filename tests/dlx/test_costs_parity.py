"""The C cost loop (dlx/_costs.h) against the pure-Python reference (dlx.costs.CostLoop),
step for step: the same covers, statistics and ending on random problems, with forced
options and node limits; both against Knuth's DLX5; the C loop's refusals of bad input and
its Ctrl-C."""

from __future__ import annotations

import _thread
import dataclasses
import signal
import threading
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlx
import dlx.costs
from benchmarks.compare_costs import assignment, partition, queens
from dlx import ConflictError, Problem
from dlx.loop import Stats
from dlx.search import LOOPS
from tests.dlx.test_costs import with_costs
from tests.dlx.test_search import problems

needs_c = pytest.mark.skipif("c" not in LOOPS, reason="the C backend is not built")


@pytest.fixture(autouse=True)
def backend() -> None:
    """Each test names the loops it compares: no run per default backend."""


def outcome(problem: Problem, backend: str, **options: Any) -> tuple[Any, ...]:
    """Everything observable about one minimum: the covers, the ending, the statistics."""
    best = problem.minimum(backend=backend, **options)
    stats = dataclasses.asdict(best.stats)
    del stats["elapsed"]
    return best.covers, best.complete, stats


@needs_c
@settings(max_examples=300, deadline=None)
@given(
    problems(),
    st.lists(st.integers(0, 9) | st.floats(0, 10, allow_nan=False), max_size=9),
    st.integers(1, 3),
    st.data(),
)
def test_the_c_loop_steps_as_the_reference(
    problem: Problem, costs: list[float], k: int, data: st.DataObject
) -> None:
    problem = with_costs(problem, costs)  # type: ignore[arg-type]
    names = list(problem.options)
    forced = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=2)) if names else []
    limit = data.draw(st.none() | st.integers(1, 20))
    try:
        reference = outcome(problem, "python", k=k, forced=forced, max_nodes=limit)
    except ConflictError:
        with pytest.raises(ConflictError):
            problem.minimum(k, forced=forced, backend="c")
        return
    assert outcome(problem, "c", k=k, forced=forced, max_nodes=limit) == reference


LARGER = {
    "assignment-10": lambda seed: assignment(10, seed),
    "queens-7": lambda seed: queens(7, seed),
    "partition-24-120": lambda seed: partition(24, 120, seed),
}


@needs_c
@pytest.mark.parametrize("name", sorted(LARGER))
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("k", [1, 5])
@pytest.mark.parametrize("probe", [None, 0])
def test_deeper_trees_step_alike(name: str, seed: int, k: int, probe: int | None) -> None:
    """Trees deep and wide enough for the lookahead's cap and many improving solutions; with
    a probe of 0, the search with Lagrangian prices from the first node on."""
    problem = LARGER[name](seed)
    with patch.object(dlx.costs, "PROBE", dlx.costs.PROBE if probe is None else probe):
        reference = outcome(problem, "python", k=k)
        assert reference[2]["nodes"] > 10
        assert outcome(problem, "c", k=k) == reference
        limited = outcome(problem, "python", k=k, max_nodes=40)
        assert outcome(problem, "c", k=k, max_nodes=40) == limited


# Knuth's DLX5 (dlx5.w, built with ctangle and gcc) on dlx.write of each problem prints
# "Altogether S solutions, ..., U updates, 0 cleansings, ..., N nodes" and "The optimum
# cost is $C". His node count includes the root, ours counts options tried: his is ours + 1.
KNUTH_DLX5 = {  # workload -> (C, S, U, N)
    "assignment-16-2026": (152, 8, 1042, 184),
    "queens-10-2026": (318, 3, 24396, 1147),
}


@pytest.mark.parametrize("name", sorted(KNUTH_DLX5))
@pytest.mark.parametrize("loop", ["python", "c"])
def test_the_tree_is_knuths_dlx5s(name: str, loop: str) -> None:
    if loop not in LOOPS:
        pytest.skip("the C loop dlx._search is not built")
    kind, n, seed = name.split("-")
    problem = {"assignment": assignment, "queens": queens}[kind](int(n), int(seed))
    best = problem.minimum(backend=loop, bound="taxes")
    s = best.stats
    assert (best.cost, s.solutions, s.updates, s.nodes + 1) == KNUTH_DLX5[name]


@needs_c
def test_the_default_is_the_c_loop_unless_the_costs_pass_a_doubles_precision() -> None:
    from dlx._search import Loop

    links = assignment(3).compiled()
    stats = Stats()
    assert isinstance(dlx.costs._cost_loop(links, [], stats, [1] * 9, None), Loop)
    assert isinstance(dlx.costs._cost_loop(links, [], stats, [0.5] * 9, "c"), Loop)
    big = [2**53] + [0] * 8  # past 2**53 a double rounds what Python adds exactly
    assert isinstance(dlx.costs._cost_loop(links, [], stats, big, None), dlx.costs.CostLoop)
    assert isinstance(dlx.costs._cost_loop(links, [], stats, [1] * 9, "python"), dlx.costs.CostLoop)
    assert links.c_layout is not None


@needs_c
def test_lookahead_is_the_same_in_c() -> None:
    from dlx import _search

    assert _search.LOOKAHEAD == dlx.costs.LOOKAHEAD


@needs_c
@pytest.mark.parametrize(
    ("costs", "message"),
    [
        ([1.0], "1 costs given for 4 options"),
        ([1.0, 2.0, -1.0, 0.0], r"costs\[2\] is -1.0"),
        ([1.0, float("nan"), 0.0, 0.0], r"costs\[1\] is nan"),
        ([1.0, float("inf"), 0.0, 0.0], r"costs\[1\] is inf"),
        ([1, 2.0, 0.0, 0.0], r"costs\[0\] is 1, not a finite float"),
    ],
)
def test_the_c_loop_refuses_bad_costs(costs: list[float], message: str) -> None:
    from dlx._search import Layout, Loop

    layout = Layout(Problem([["a"], ["a", "b"], ["b"], ["c"]]).compiled())
    with pytest.raises(ValueError, match=message):
        Loop(layout, [], None, Stats(), costs=costs)


@needs_c
def test_the_c_loop_refuses_costs_with_bounds_or_a_seed_and_a_cutoff_without_costs() -> None:
    import random

    from dlx._search import Layout, Loop

    bounded = Layout(Problem([["a"], ["a"]], bounds={"a": 2}).compiled())
    with pytest.raises(ValueError, match="without item bounds and unseeded"):
        Loop(bounded, [], None, Stats(), costs=[1.0, 2.0])
    layout = Layout(Problem([["a"], ["a"]]).compiled())
    with pytest.raises(ValueError, match="without item bounds and unseeded"):
        Loop(layout, [], random.Random(1), Stats(), costs=[1.0, 2.0])
    plain = Loop(layout, [], None, Stats())
    with pytest.raises(AttributeError, match="without costs"):
        plain.cutoff = 3.0
    with pytest.raises(AttributeError, match="without costs"):
        plain.cost()
    costed = Loop(layout, [], None, Stats(), costs=[1.0, 2.0])
    assert costed.cutoff == float("inf") and costed.cost() == 0.0
    for bad, error in ((float("nan"), ValueError), (-1, ValueError), ("3", TypeError)):
        with pytest.raises(error):
            costed.cutoff = bad  # type: ignore[assignment]
    with pytest.raises(TypeError):
        del costed.cutoff
    costed.cutoff = 2
    assert costed.run(100, 1)[0] == dlx.loop.SOLUTION and costed.chosen() == [0]
    assert costed.cost() == 1.0 and costed.run(100, 2)[0] == dlx.loop.END


@pytest.mark.parametrize("loop", ["python", "c"])
def test_ctrl_c_interrupts_a_long_minimum(loop: str) -> None:
    if loop not in LOOPS:
        pytest.skip("the C loop dlx._search is not built")
    problem = partition(60, 1500)  # tens of seconds on either loop with taxes alone
    timer = threading.Timer(0.3, _thread.interrupt_main)
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            problem.minimum(backend=loop, bound="taxes")
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, handler)


@needs_c
@pytest.mark.parametrize("name", sorted(LARGER))
def test_every_checkpoint_shows_the_same_state(name: str) -> None:
    """Run side by side, seven nodes at a time: the same events, levels, choices, branches
    (what progress estimates read), statistics and costs at every stop."""
    from dlx._search import Layout, Loop

    problem = LARGER[name](1)
    costs = [float(c) for c in problem.costs]
    order = sorted(range(len(problem)), key=lambda o: (costs[o], o))
    links = problem.compiled_in(order)
    ordered = [costs[o] for o in order]
    python_stats, c_stats = Stats(), Stats()
    python = dlx.costs.CostLoop(links, [], python_stats, ordered)
    c = Loop(Layout(links), [], None, c_stats, costs=ordered)
    stops = 0
    while True:
        target = python_stats.solutions + 1
        event = python.run(python_stats.nodes + 7, target)
        assert c.run(c_stats.nodes + 7, target) == event
        assert c_stats == python_stats
        assert (c.chosen(), c.branches(), c.cost()) == (
            python.chosen(),
            python.branches(),
            python.cost(),
        )
        stops += 1
        if event[0] == dlx.loop.END:
            break
        if event[0] == dlx.loop.SOLUTION:
            python.cutoff = c.cutoff = python.cost()
    assert stops > 5 and python_stats.solutions > 1
