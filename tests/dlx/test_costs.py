"""Minimum-cost covers: the cheapest and the k cheapest, against sorting every cover by
cost, and a published optimum, on each loop that serves them (DLX5's search in pure Python
and in C; Algorithm M with costs for item bounds). The C loop against the reference, step
for step, is in test_costs_parity.py."""

from __future__ import annotations

import contextlib
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlx
import dlx.costs
import dlx.relaxation
import dlx.search
from dlx import CostError, DLXError, Problem
from tests.dlx.test_multiplicities import bounded
from tests.dlx.test_search import problems
from tests.oracle import brute_force, check


@pytest.fixture(autouse=True)
def backend() -> None:
    """The cost search picks its own loop (``cost_backend``): no run per default backend."""


@pytest.fixture(scope="module", params=["python", "c"])
def cost_backend(request: pytest.FixtureRequest) -> str:
    """The loop ``minimum`` runs on: pure Python, or C when built."""
    if request.param not in dlx.search.LOOPS:
        pytest.skip(f"the {request.param!r} backend is not built")
    return str(request.param)


def phases(bound: str) -> contextlib.ExitStack:
    """The phases of ``minimum`` a test's ``bound`` asks for: "lagrangian at once" skips the
    search with taxes; "lagrangian by parts" goes at once to the parts priced anew (for
    problems without secondary items), each cut after one node, so that small problems are
    cut down to parts with one option left to choose."""
    stack = contextlib.ExitStack()
    if bound.endswith("at once") or bound.endswith("by parts"):
        stack.enter_context(patch.object(dlx.costs, "PROBE", 0))
    if bound.endswith("by parts"):
        stack.enter_context(patch.object(dlx.costs, "PRICED", 0))
        stack.enter_context(patch.object(dlx.costs, "PARTS", 0))
    return stack


def with_costs(problem: Problem, costs: list[int]) -> Problem:
    return Problem(
        problem.options,
        primary=problem.primary,
        secondary=problem.secondary,
        bounds=problem.bounds,
        costs=costs[: len(problem)] + [0] * (len(problem) - len(costs)),
    )


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(problems(), bounded()),
    st.lists(st.integers(0, 9), max_size=9),
    st.integers(1, 4),
    st.sampled_from(["taxes", "lagrangian", "lagrangian at once", "lagrangian by parts"]),
)
def test_the_k_cheapest_are_the_first_k_of_every_cover_sorted_by_cost(
    cost_backend: str, problem: Problem, costs: list[int], k: int, bound: str
) -> None:
    problem = with_costs(problem, costs)
    cost_of = dict(zip(problem.option_names(), problem.costs, strict=True))
    every = sorted(sum(cost_of[name] for name in cover) for cover in brute_force(problem))
    with phases(bound):
        best = problem.minimum(k, backend=cost_backend, bound=bound.split()[0])
    assert best.complete
    assert [cost for cost, _ in best.covers] == every[:k]
    for cost, solution in best.covers:
        check(problem, solution)
        assert cost == sum(cost_of[name] for name in solution)
    assert len({frozenset(solution) for _, solution in best.covers}) == len(best.covers)


def test_the_assignment_example_of_the_hungarian_algorithm(cost_backend: str) -> None:
    """Wikipedia, "Hungarian algorithm", Example: Alice, Bob and Carol ask $8/$4/$7, $5/$2/$3
    and $9/$4/$8 to clean the bathroom, sweep the floors and wash the windows; the least total
    is $15: Alice the bathroom, Carol the floors, Bob the windows."""
    asks = {"Alice": (8, 4, 7), "Bob": (5, 2, 3), "Carol": (9, 4, 8)}
    jobs = ("bathroom", "floors", "windows")
    options = {(w, j): [w, j] for w in asks for j in jobs}
    costs = {(w, j): asks[w][k] for w in asks for k, j in enumerate(jobs)}
    best = Problem(options, costs=costs).minimum(backend=cost_backend)
    assert best.cost == 15
    assert sorted(best.solution) == [("Alice", "bathroom"), ("Bob", "windows"), ("Carol", "floors")]


def test_costs_in_knuths_format_read_back() -> None:
    problem = dlx.read("a b\na |5\nb |1\na b |7\n")
    assert problem.costs == (5, 1, 7)
    assert dlx.read(dlx.write(problem)) == problem
    assert problem.minimum(k=2).covers == [(6, [0, 1]), (7, [2])]


@pytest.mark.parametrize(
    ("text", "message", "where"),
    [
        ("a b\na |3 |2\nb |1\n", "'|2' is a second cost", (2, 6)),
        ("a\na |1e309\n", "past the largest cost", (2, 3)),
        ("a b\na |1e308\nb |1e308\n", "add up past", (3, None)),
    ],
)
def test_costs_that_repeat_or_overflow_are_refused_where_they_stand(
    text: str, message: str, where: tuple
) -> None:
    with pytest.raises(dlx.CostError, match=message) as refused:
        dlx.read(text)
    assert (refused.value.line, refused.value.column) == where


@pytest.mark.parametrize(
    ("costs", "message"),
    [
        ({"A": -1}, "not a number >= 0"),
        ({"A": "3"}, "not a number >= 0"),
        ({"A": float("nan")}, "not a number >= 0"),
        ({"A": float("inf")}, "not finite"),
        ({"Z": 1}, "not an option"),
        ([1, 2, 3], "3 costs given for 2 options"),
    ],
)
def test_bad_costs_are_refused_with_the_option_named(costs, message: str) -> None:
    with pytest.raises(CostError, match=message):
        Problem(
            {"A": ["a"], "B": ["a"]} if isinstance(costs, dict) else [["a"], ["a"]], costs=costs
        )


@pytest.mark.parametrize(
    ("text", "error"),
    [("a\na |-2\n", CostError), ("a\na |x\n", CostError), ("a\na | 2\n", dlx.FormatError)],
)
def test_bad_costs_in_a_file_say_where(text: str, error: type[DLXError]) -> None:
    with pytest.raises(error, match="line 2, column 3"):
        dlx.read(text)


def test_k_must_be_positive_and_limits_say_the_answer_may_not_be_best(cost_backend: str) -> None:
    problem = Problem([["a"], ["a"]], costs=[2, 1])
    with pytest.raises(DLXError, match="k must be"):
        problem.minimum(0)
    with pytest.raises(DLXError, match="backend must be"):
        problem.minimum(backend="fortran")
    assert problem.minimum(max_nodes=1, backend=cost_backend).complete is False
    assert problem.minimum(backend=cost_backend).covers == [(1, [1])]


def test_progress_is_reported_every_so_many_nodes(cost_backend: str) -> None:
    from benchmarks.compare_costs import partition

    seen: list[tuple[object, int, float, float | None]] = []
    best = partition(24, 120).minimum(
        bound="taxes",
        backend=cost_backend,
        progress=lambda view: seen.append((view, view.stats.nodes, view.progress(), view.cost)),
        progress_interval=50,
    )
    assert len(seen) >= best.stats.nodes // 50 - 1 > 3
    assert len({id(view) for view, *_ in seen}) == 1  # one view, kept up to date
    nodes = [n for _, n, _, _ in seen]
    assert nodes == sorted(nodes) and nodes[-1] <= best.stats.nodes
    assert all(0 < fraction < 1 for _, _, fraction, _ in seen)
    costs = [cost for *_, cost in seen if cost is not None]
    assert costs == sorted(costs, reverse=True) and costs[-1] >= best.cost
    for bad in (0, 1.5, True):
        with pytest.raises(DLXError, match="progress_interval"):
            partition(6, 10).minimum(progress_interval=bad)


@settings(max_examples=200, deadline=None)
@given(
    problems(),
    st.lists(st.integers(0, 9), max_size=9),
    st.integers(1, 3),
    st.sampled_from(["taxes", "lagrangian at once", "lagrangian by parts"]),
    st.data(),
)
def test_forced_options_are_in_every_cover_and_paid_for(
    cost_backend: str, problem: Problem, costs: list[int], k: int, bound: str, data: st.DataObject
) -> None:
    problem = with_costs(problem, costs)
    names = list(problem.options)
    forced = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=2)) if names else []
    cost_of = dict(zip(problem.option_names(), problem.costs, strict=True))
    try:
        every = brute_force(problem, forced)
        with phases(bound):
            best = problem.minimum(k, forced=forced, backend=cost_backend, bound=bound.split()[0])
    except dlx.ConflictError:
        return
    expected = sorted(sum(cost_of[name] for name in cover) for cover in every)[:k]
    assert [cost for cost, _ in best.covers] == expected
    for cost, solution in best.covers:
        check(problem, solution, forced)
        assert set(forced) <= set(solution) and cost == sum(cost_of[name] for name in solution)


def test_without_the_c_module_the_same_covers_come_from_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from benchmarks.compare_costs import partition

    problem = partition(30, 200, 5)
    with patch.object(dlx.costs, "PROBE", 0):
        built = problem.minimum(3)
        monkeypatch.setattr(dlx.search, "CLoop", None)
        monkeypatch.setattr(dlx.relaxation, "_c_ascend", None)
        assert problem.minimum(3).covers == built.covers
    with pytest.raises(DLXError, match="backend 'c' is not available"):
        problem.minimum(backend="c")
