"""The search against outside truth: a brute-force oracle, published counts, a verifier."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import Colored, ConflictError, Problem, UnknownOptionError
from tests.oracle import brute_force, check


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    """Small random problems with primary, secondary and colored secondary items."""
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(0, 3))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    entries = st.one_of(
        st.sampled_from(primary),
        *([st.sampled_from(secondary)] if secondary else []),
        *(
            [st.builds(lambda s, c: f"{s}:{c}", st.sampled_from(secondary), st.sampled_from("rg"))]
            if secondary
            else []
        ),
    )
    options = draw(
        st.lists(
            st.lists(entries, min_size=1, max_size=4, unique_by=lambda e: e.split(":")[0]),
            max_size=9,
        )
    )
    return Problem(options, primary=primary, secondary=secondary)


@settings(max_examples=300, deadline=None)
@given(problems())
def test_all_solutions_match_brute_force(problem: Problem) -> None:
    found = list(problem.solutions())
    for solution in found:
        check(problem, solution)
    assert len(found) == len(set(map(frozenset, found)))
    assert set(map(frozenset, found)) == brute_force(problem)
    assert problem.count() == len(found)


@settings(max_examples=150, deadline=None)
@given(problems(), st.integers(0, 2**32))
def test_seeded_search_finds_the_same_set(problem: Problem, seed: int) -> None:
    plain = set(map(frozenset, problem.solutions()))
    shuffled = list(problem.solutions(seed=seed))
    assert len(shuffled) == len(plain)
    assert set(map(frozenset, shuffled)) == plain


@settings(max_examples=150, deadline=None)
@given(problems(), st.data())
def test_forced_options_restrict_to_solutions_containing_them(
    problem: Problem, data: st.DataObject
) -> None:
    names = list(problem.options)
    forced = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=2)) if names else []
    expected = brute_force(problem, forced)
    try:
        found = list(problem.solutions(forced=forced))
    except ConflictError:
        assert not expected
        return
    for solution in found:
        check(problem, solution, forced)
    assert all(solution[: len(forced)] == forced for solution in found)
    assert set(map(frozenset, found)) == expected


def queens(n: int) -> Problem:
    """N-queens: rows and columns primary, diagonals secondary."""
    return Problem(
        {
            (r, c): [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n}"]
            for r in range(n)
            for c in range(n)
        },
        primary=[f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)],
        secondary=[f"a{k}" for k in range(2 * n)] + [f"b{k}" for k in range(2 * n + 1)],
    )


@pytest.mark.parametrize(
    ("n", "expected"), [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92)]
)
def test_queens_counts_are_the_published_ones(n: int, expected: int) -> None:
    problem = queens(n)
    solutions = list(problem.solutions())
    assert len(solutions) == expected
    for solution in solutions:
        check(problem, solution)


def test_knuths_dancing_links_example_has_its_one_solution() -> None:
    problem = Problem(
        {"ce": "ce", "adg": "adg", "bcf": "bcf", "adf": "adf", "bg": "bg", "deg": "deg"},
        primary="abcdefg",
    )
    assert [sorted(s) for s in problem.solutions()] == [["adf", "bg", "ce"]]


def test_colors_let_options_share_a_secondary_item() -> None:
    problem = Problem(
        {"A": ["a", "x:red"], "B": ["b", "x:red"], "C": ["b", "x:blue"], "D": ["a", "x"]},
        secondary=["x"],
    )
    assert sorted(map(sorted, problem.solutions())) == [["A", "B"]]
    assert (
        Problem({"A": ["a", Colored(7, 1)], "B": ["b", Colored(7, 1)]}, secondary=[7]).count() == 1
    )


def test_count_stops_at_the_limit_and_says_so() -> None:
    search = queens(8).search()
    assert search.count(limit=10) == 10
    assert not search.complete and search.stopped_by == "limit"
    assert search.count() == 82  # the search resumes where it stopped
    assert search.complete and search.stopped_by is None
    assert search.stats.solutions == 92


def test_first_solution_is_a_solution_and_none_when_there_is_none() -> None:
    problem = queens(6)
    check(problem, problem.solve())
    assert queens(3).solve() is None


def test_seeds_reproduce_and_vary_the_order() -> None:
    problem = queens(6)
    assert list(problem.solutions(seed=5)) == list(problem.solutions(seed=5))
    assert list(problem.solutions(seed=random.Random(5))) == list(problem.solutions(seed=5))
    orders = {tuple(map(tuple, problem.solutions(seed=s))) for s in range(10)}
    assert len(orders) > 1
    first = {tuple(queens(8).solve(seed=s)) for s in range(10)}
    assert len(first) > 5


def test_a_seed_never_touches_the_global_random_state() -> None:
    random.seed(1)
    expected = random.random()
    random.seed(1)
    queens(6).count()
    list(queens(6).solutions(seed=3))
    assert random.random() == expected


def test_bad_seed_is_refused() -> None:
    with pytest.raises(TypeError):
        queens(4).solve(seed="abc")


def test_forced_options_conflicts_are_named() -> None:
    problem = queens(4)
    with pytest.raises(ConflictError, match=r"\(0, 0\).*\(0, 1\).*r0"):
        problem.solve(forced=[(0, 0), (0, 1)])
    with pytest.raises(ConflictError, match="forced twice"):
        problem.solve(forced=[(0, 1), (0, 1)])
    with pytest.raises(UnknownOptionError, match="no option named"):
        problem.solve(forced=[(9, 9)])
    # Diagonal (secondary) conflicts are conflicts too, and colors decide for colored items.
    with pytest.raises(ConflictError):
        problem.solve(forced=[(0, 0), (1, 1)])
    colored = Problem({"A": ["a", "x:r"], "B": ["b", "x:r"], "C": ["b", "x:g"]}, secondary=["x"])
    assert colored.solve(forced=["A", "B"]) == ["A", "B"]
    with pytest.raises(ConflictError):
        colored.solve(forced=["A", "C"])


def test_forced_options_that_leave_no_solution_give_none() -> None:
    assert queens(4).solve(forced=[(0, 0)]) is None
    assert queens(4).solve(forced=[(0, 1)]) == [(0, 1), (1, 3), (2, 0), (3, 2)]


def test_node_and_time_limits_end_the_search_incomplete() -> None:
    search = queens(10).search(max_nodes=500)
    counted = search.count()
    assert search.stopped_by == "nodes" and not search.complete
    assert search.stats.nodes == 500 and counted < 724
    timed = queens(14).search(time_limit=0.05)
    timed.count()
    assert timed.stopped_by == "time" and not timed.complete


def test_progress_callback_sees_a_growing_estimate() -> None:
    seen: list[float] = []
    search = queens(9).search(progress=lambda s: seen.append(s.progress()), progress_interval=500)
    assert search.count() == 352
    assert len(seen) >= 5
    assert all(0.0 < p < 1.0 for p in seen)
    assert seen[-1] > seen[0]
    assert search.progress() == 1.0


def test_statistics_add_up() -> None:
    search = queens(8).search()
    search.count()
    stats = search.stats
    assert stats.solutions == 92
    assert sum(stats.profile) == stats.nodes > 0
    assert len(stats.profile) == 8  # one queen per level
    assert stats.updates > stats.nodes
    assert stats.elapsed > 0


def test_a_deep_problem_needs_no_recursion() -> None:
    n = 20_000  # items, covered two by two: 10,000 levels
    chain = Problem({k: [k, k + 1] for k in range(0, n, 2)} | {-1: [0], -2: [n - 1]})
    search = chain.search()
    solutions = list(search)
    assert len(solutions) == 1
    assert len(search.stats.profile) == n // 2
    check(chain, solutions[0])


def test_no_primary_items_means_one_empty_solution() -> None:
    assert list(Problem([], primary=[]).solutions()) == [[]]
    assert Problem([], primary=["a"]).count() == 0
