"""Algorithm M: primary items covered u..v times, against a brute-force oracle, Knuth's
DLX3 and published counts, on each loop that serves bounds (the pure-Python reference and
the C loop); and the C loop against the reference, step for step."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlx
import dlx.search
from dlx import BoundError, ConflictError, Problem
from dlx.search import LOOPS
from tests.dlx.test_backends import bounded
from tests.dlx.test_search import problems
from tests.oracle import brute_force, check

needs_c = pytest.mark.skipif("c" not in LOOPS, reason="the C backend is not built")
BOUNDED_LOOPS = [name for name in ("python", "c", "c-links") if name in LOOPS]


@pytest.fixture(params=["python", "c"])
def bounded_backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The loop that ``Search(backend=None)`` means during the test: Algorithm M in pure
    Python or in C (the bitsets do not serve bounds)."""
    if request.param not in LOOPS:
        pytest.skip(f"the {request.param!r} backend is not built")
    monkeypatch.setattr(dlx.search, "DEFAULT_BACKEND", request.param)
    return request.param


@pytest.fixture(autouse=True)
def backend(bounded_backend: str) -> str:
    """The conftest's loops, narrowed to those that serve bounds (an override without
    parameters of its own: pytest 7 refuses a parametrized one as a duplicate)."""
    return bounded_backend


@settings(max_examples=300, deadline=None)
@given(bounded(), st.none() | st.integers(0, 2**32))
def test_every_solution_matches_brute_force(problem: Problem, seed: int | None) -> None:
    found = list(problem.solutions(seed=seed))
    for solution in found:
        check(problem, solution)
    assert len(found) == len(set(map(frozenset, found)))
    assert set(map(frozenset, found)) == brute_force(problem)
    assert problem.count() == len(found)


@settings(max_examples=100, deadline=None)
@given(bounded(), st.data())
def test_forced_options_and_node_limits(problem: Problem, data: st.DataObject) -> None:
    names = list(problem.options)
    forced = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=2)) if names else []
    try:
        found = set(map(frozenset, problem.solutions(forced=forced)))
    except ConflictError:
        return
    assert found == brute_force(problem, forced)
    search = problem.search(max_nodes=3)
    partial = list(search)
    assert search.complete or (search.stopped_by == "nodes" and search.stats.nodes == 3)
    assert set(map(frozenset, partial)) <= brute_force(problem)


@settings(max_examples=100, deadline=None)
@given(problems())
def test_with_bounds_of_one_it_finds_what_algorithm_x_finds(problem: Problem) -> None:
    """Item bounds 1..1 given explicitly still run Algorithm M: same solutions as X."""
    if not problem.primary:
        return
    first = problem.primary[0]
    as_m = Problem(
        problem.options,
        primary=problem.primary,
        secondary=problem.secondary,
        bounds={first: (1, 1), **({} if len(problem.primary) < 2 else {problem.primary[1]: 1})},
    )
    exact = Problem(problem.options, primary=problem.primary, secondary=problem.secondary)
    assert set(map(frozenset, exact.solutions())) == set(map(frozenset, as_m.solutions()))


def test_knuths_dlx3_example() -> None:
    """dlx3.w's own test case: its unique solution, and the figures dlx3 prints for it
    ("Altogether 1 solution, ..., 14 updates, 7 cleansings, ..., 6 nodes"; his node count
    includes the root)."""
    problem = dlx.read("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
    search = problem.search()
    assert [sorted(map(problem.option_text, s)) for s in search] == [
        ["A C X:1 Y:1", "B X:1", "C Y:1"]
    ]
    assert (search.stats.updates, search.stats.nodes + 1) == (14, 6)


def test_knuths_example_of_the_branching_preference() -> None:
    """dlx3.w's example from MDANCE: choose 2 options of 4 in one item and 3 of 5 in another,
    independent; the larger item goes first. Knuth's dlx3, run on it (``2|a 3|b``, then four
    options ``a`` and five ``b``), prints the profile 1, 3, 6, 10, 27, 60 (its first level is
    the root, ours starts below it), 68 updates and 107 nodes."""
    options = [["a"]] * 4 + [["b"]] * 5
    search = Problem(options, bounds={"a": 2, "b": 3}).search()
    assert search.count() == 6 * 10
    assert search.stats.profile == [3, 6, 10, 27, 60]
    assert (search.stats.updates, search.stats.nodes + 1) == (68, 107)


def matrices(n: int, ones: tuple[int, int]) -> Problem:
    """n x n 0-1 matrices whose rows and columns each hold ``ones`` (u, v) ones: an option
    per cell, covering its row and its column."""
    cells = {(r, c): [f"r{r}", f"c{c}"] for r in range(n) for c in range(n)}
    lines = [f"r{k}" for k in range(n)] + [f"c{k}" for k in range(n)]
    return Problem(cells, primary=lines, bounds=dict.fromkeys(lines, ones))


@pytest.mark.parametrize(
    ("n", "ones", "published"),
    [
        # OEIS A001499: n x n 0-1 matrices with exactly 2 ones in each row and column
        (3, (2, 2), 6),
        (4, (2, 2), 90),
        (5, (2, 2), 2040),
        # OEIS A001501: the same with exactly 3 ones
        (5, (3, 3), 2040),
        # OEIS A002720: partial permutations, at most one 1 in each row and column
        (3, (0, 1), 34),
        (4, (0, 1), 209),
        (5, (0, 1), 1546),
    ],
)
def test_published_counts_of_matrices_with_given_line_sums(
    n: int, ones: tuple[int, int], published: int
) -> None:
    assert matrices(n, ones).count() == published


# (n, ones, the published count, and what Knuth's dlx3 prints on the same file, written by
# dlx.write: "Altogether ... solutions, ..., U updates, ..., N nodes", N with the root)
DLX3_RUNS = [
    (6, (3, 3), 297_200, 3_196_671, 921_078),  # OEIS A001501
    (6, (2, 2), 67_950, 715_151, 198_658),  # OEIS A001499
    (7, (2, 2), 3_110_940, 32_081_499, 8_857_320),  # OEIS A001499
    pytest.param(8, (2, 2), 187_530_840, 1_907_916_979, 525_481_923, marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("n", "ones", "published", "updates", "nodes"), DLX3_RUNS)
def test_dlx3s_tree_to_published_counts(
    request: pytest.FixtureRequest,
    backend: str,
    n: int,
    ones: tuple[int, int],
    published: int,
    updates: int,
    nodes: int,
) -> None:
    """Seconds on the C loop (n = 8 is slow there); the reference takes minutes, with
    --runslow only, and hours on n = 8, never."""
    if backend == "python" and (n == 8 or not request.config.getoption("--runslow")):
        pytest.skip("the pure-Python loop takes minutes: run with --runslow")
    search = matrices(n, ones).search()
    assert search.count() == published
    assert (search.stats.updates, search.stats.nodes + 1) == (updates, nodes)


@pytest.mark.parametrize(
    ("bounds", "message"),
    [
        ({"a": (2, 1)}, "not 0 <= u <= v"),
        ({"a": 0}, "not 0 <= u <= v with v >= 1"),
        ({"a": (-1, 2)}, "not 0 <= u <= v"),
        ({"a": (1.5, 2)}, "whole numbers"),
        ({"x": 2}, "secondary item"),
        ({"zz": 2}, "not an item"),
    ],
)
def test_bad_bounds_are_refused_with_the_item_named(bounds: dict, message: str) -> None:
    with pytest.raises(BoundError, match=message):
        Problem([["a", "x"]], secondary=["x"], bounds=bounds)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("3:2|a\na\n", "line 1, column 1"),
        ("a 0|b\na b\n", "line 1, column 3"),
        ("a | 2|x\na x\n", "line 1, column 5"),
    ],
)
def test_bad_bounds_in_a_file_say_where(text: str, where: str) -> None:
    with pytest.raises(BoundError, match=where):
        dlx.read(text)


def test_bounds_are_written_and_read_back() -> None:
    problem = Problem(
        [["a", "b"], ["a"], ["b", "x"]], secondary=["x"], bounds={"a": (0, 2), "b": 3}
    )
    text = dlx.write(problem)
    assert text.splitlines()[0] == "0:2|a 3|b | x"
    assert dlx.read(text) == Problem(
        [["a", "b"], ["a"], ["b", "x"]], secondary=["x"], bounds={"a": (0, 2), "b": 3}
    )


def test_the_loops_that_cannot_serve_bounds_say_so() -> None:
    problem = Problem([["a"], ["a"]], bounds={"a": 2})
    assert problem.count() == 1
    assert problem.count(backend="auto") == problem.count(backend="python") == 1
    with pytest.raises(ValueError, match="Algorithm M"):
        problem.count(backend="bits")


def test_bounds_run_on_the_c_loop_when_it_is_built(backend: str) -> None:
    problem = Problem([["a"], ["a"]], bounds={"a": 2})
    assert problem.search().backend == backend
    assert problem.search(backend="auto").backend == "python"
    assert [problem.search(backend=name).backend for name in BOUNDED_LOOPS] == BOUNDED_LOOPS


def test_forced_options_beyond_a_bound_conflict() -> None:
    problem = Problem({"A": ["a"], "B": ["a"], "C": ["a"]}, bounds={"a": 2})
    assert problem.count(forced=["A", "B"]) == 1
    with pytest.raises(ConflictError, match="at most 2"):
        problem.count(forced=["A", "B", "C"])
