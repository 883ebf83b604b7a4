"""The lower bounds of minimum-cost covers (dlx.relaxation): net costs that are whole and
>= 0, that shift every cover's cost by one constant, and Lagrangian prices at least the
taxes; on larger problems, the same cheapest covers by either bound."""

from __future__ import annotations

import math
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlx.costs
from benchmarks.compare_costs import assignment, partition, queens
from dlx import ArgumentError, ConflictError, Problem, relaxation
from dlx.relaxation import lagrangian_applies, net_costs
from dlx.search import LOOPS
from tests.dlx.test_costs import with_costs
from tests.dlx.test_search import problems
from tests.oracle import brute_force


@pytest.fixture(autouse=True)
def backend() -> None:
    """The bounds are computed in Python whatever the loop: no run per default backend."""


@settings(max_examples=300, deadline=None)
@given(problems(), st.lists(st.integers(0, 30), max_size=9))
def test_every_cover_pays_the_same_prices_and_the_lagrangian_ones_are_higher(
    problem: Problem, costs: list[int]
) -> None:
    problem = with_costs(problem, costs)
    assert lagrangian_applies(problem, problem.costs)
    cost_of = dict(zip(problem.option_names(), problem.costs, strict=True))
    prices = {}
    for bound in ("taxes", "lagrangian"):
        net = dict(
            zip(problem.option_names(), net_costs(problem, problem.costs, bound), strict=True)
        )
        assert all(type(c) is int and c >= 0 for c in net.values())
        paid = {sum(cost_of[o] - net[o] for o in cover) for cover in brute_force(problem)}
        assert len(paid) <= 1  # one constant for every cover: their order is kept
        prices[bound] = paid.pop() if paid else 0
    assert prices["lagrangian"] >= prices["taxes"]


@settings(max_examples=300, deadline=None)
@given(problems(), st.lists(st.integers(0, 30), max_size=9), st.data())
def test_a_part_priced_anew_bounds_every_cover_through_it_exactly(
    problem: Problem, costs: list[int], data: st.DataObject
) -> None:
    """``repriced``: what some forced options leave, priced anew. Every cover through them
    costs the forced options, the bound and the net costs of its other options, all whole
    and >= 0; a bound reached early (``enough``) is one no cover goes under; a part that
    cannot be covered says so (inf); the branch is the options of one item left."""
    problem = with_costs(problem, costs)
    names = problem.option_names()
    forced = (
        data.draw(st.lists(st.integers(0, len(names) - 1), unique=True, max_size=2))
        if names
        else []
    )
    cost_of = dict(zip(names, problem.costs, strict=True))
    try:
        covers = brute_force(problem, [names[o] for o in forced])
    except ConflictError:
        return  # parts are only made of options that meet on no item
    spent = sum(problem.costs[o] for o in forced)
    net, bound, branch = relaxation.repriced(problem, problem.costs, forced)
    for cover in covers:
        rest = [name for name in cover if names.index(name) not in forced]
        assert sum(cost_of[name] for name in cover) == spent + bound + sum(
            net[names.index(name)] for name in rest
        )
        assert all(net[names.index(name)] >= 0 for name in rest)
    assert bound == math.inf or all(net[o] == 0 for o in forced)
    if bound < math.inf and covers:
        cheapest = min(sum(cost_of[name] for name in cover) for cover in covers)
        assert relaxation.repriced(problem, problem.costs, forced, enough=0).bound <= cheapest

    def primary(o: int) -> set:
        return {item for item, _ in problem.entries(names[o]) if item in problem.primary}

    covered = set().union(*map(primary, forced))
    for o in branch:  # one primary item left, options left that cover it (by primary items)
        assert covered.isdisjoint(primary(o))
    if branch:
        assert set.intersection(*map(primary, branch)) - covered


def test_the_relaxation_is_left_to_exact_covers_with_whole_costs() -> None:
    whole = Problem([["a"], ["a", "b"], ["b"]], costs=[1, 2, 3])
    assert lagrangian_applies(whole, whole.costs)
    halves = Problem([["a"], ["a", "b"], ["b"]], costs=[1.5, 2, 3])
    assert not lagrangian_applies(halves, halves.costs)
    assert net_costs(halves, halves.costs, "lagrangian") == net_costs(halves, halves.costs, "taxes")
    bounded = Problem([["a"], ["a", "b"], ["b"]], bounds={"a": (1, 2)}, costs=[1, 2, 3])
    assert not lagrangian_applies(bounded, bounded.costs)
    assert net_costs(bounded, bounded.costs, "lagrangian") == [1, 2, 3]  # no constant price
    with pytest.raises(ArgumentError, match="bound must be one of"):
        whole.minimum(bound="lp")


def test_on_set_partitioning_the_lagrangian_prices_leave_little_to_search() -> None:
    problem = partition(50, 1000)
    taxed = problem.minimum(bound="taxes", max_nodes=200_000)
    priced = problem.minimum()
    assert priced.complete and not taxed.complete  # DLX5's bound alone takes millions
    assert priced.cost is not None and taxed.cost is not None and priced.cost <= taxed.cost


@pytest.mark.parametrize(
    "problem",
    [assignment(9, 3), queens(7, 3), partition(24, 120, 3), partition(30, 200, 4)],
    ids=["assignment-9", "queens-7", "partition-24-120", "partition-30-200"],
)
@pytest.mark.parametrize("k", [1, 4])
def test_either_bound_finds_the_same_cheapest(problem: Problem, k: int) -> None:
    taxes = problem.minimum(k, bound="taxes")
    with patch.object(dlx.costs, "PROBE", 0):  # the second search, after one node
        at_once = problem.minimum(k)
    assert [c for c, _ in at_once.covers] == [c for c, _ in taxes.covers]
    assert at_once.complete and len({frozenset(s) for _, s in at_once.covers}) == k
    assert problem.minimum(k).covers == taxes.covers  # small: the first search ends it


@pytest.mark.skipif("c" not in LOOPS, reason="the C backend is not built")
@pytest.mark.parametrize(
    "problem",
    [assignment(12, 1), partition(30, 200, 2), partition(40, 500, 3), queens(8, 1)],
    ids=["assignment-12", "partition-30-200", "partition-40-500", "queens-8"],
)
def test_the_c_ascent_gives_the_pythons_prices_float_for_float(problem: Problem) -> None:
    from dlx._search import ascend

    links = problem.compiled()
    n1, top = links.n_primary, links.top
    items = [tuple(top[x] - 1 for x in nodes if top[x] <= n1) for nodes in links.option_nodes]
    start = [0.0] * n1
    python = relaxation._ascend(problem.costs, items, start, 150)
    assert python != start  # it moved
    assert ascend([float(c) for c in problem.costs], items, start, 150) == python


@pytest.mark.skipif("c" not in LOOPS, reason="the C backend is not built")
@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (([1.0], [(0, 2)], [0.0, 0.0], 5), ValueError, "out of range"),
        (([1.0], [(-1,)], [0.0], 5), ValueError, "out of range"),
        (([1.0, 2.0], [(0,)], [0.0], 5), ValueError, "one list of items an option"),
        ((["x"], [(0,)], [0.0], 5), TypeError, "must be real number"),
        (([1.0], [("a",)], [0.0], 5), ValueError, "out of range"),
        (([1.0], [5], [0.0], 5), TypeError, "has no len"),
    ],
)
def test_the_c_ascent_refuses_bad_input(args: tuple, error: type, message: str) -> None:
    from dlx._search import ascend

    with pytest.raises(error, match=message):
        ascend(*args)
