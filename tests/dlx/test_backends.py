"""Every loop against the dancing-links one: identical answers; no input crashes the C loop.

Identical means the same solutions in the same order, the same statistics (nodes, profile,
solutions; updates, Knuth's count, between the dancing-links loops in Python and C), the same
progress estimates at the same checkpoints and the same way of stopping, in every mode:
plain, seeded, forced, colored, limited; and with item bounds, Algorithm M in C against the
pure-Python one.
"""

from __future__ import annotations

import _thread
import dataclasses
import gc
import itertools
import random
import threading
from array import array
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlx
import dlx.bits
import dlx.search
from dlx import ConflictError, Problem, Stats
from dlx.bits import BitsLoop
from dlx.dancing import DancingLoop
from dlx.links import Links
from dlx.loop_choice import PYTHON_COSTS
from dlx.search import END, LOOPS, Search
from tests.dlx.test_search import problems, queens

needs_c = pytest.mark.skipif("c" not in LOOPS, reason="the C backend is not built")
C_LOOPS = [name for name in LOOPS if name.startswith("c")]  # bitsets where they fit; links
LOOPS_COMPARED = [name for name in LOOPS if name not in ("python", "auto")]  # "auto" picks one


@pytest.fixture(autouse=True)
def backend() -> None:
    """These tests name both backends themselves: no run per default backend."""


@st.composite
def bounded(draw: st.DrawFn) -> Problem:
    """``problems()`` with random bounds u..v on some primary items, never all 1..1."""
    problem = draw(problems())
    bounds = {}
    for k, item in enumerate(problem.primary):
        v = draw(st.integers(1, 3))
        if k == 0 or draw(st.booleans()):
            u = draw(st.integers(0, v))
            bounds[item] = (0 if (u, v) == (1, 1) else u, v)
    return Problem(
        problem.options, primary=problem.primary, secondary=problem.secondary, bounds=bounds
    )


def trace(problem: Problem, backend: str, limit: int | None = None, **options: Any) -> dict:
    """Everything observable about one search: solutions, stats, checkpoints, ending."""
    seen: list[tuple[int, float]] = []
    search = problem.search(
        backend=backend,
        progress=lambda s: seen.append((s.stats.nodes, s.progress())),
        **options,
    )
    solutions = [next(search) for _ in range(limit)] if limit else []
    solutions += list(search)
    stats = dataclasses.asdict(search.stats)
    del stats["elapsed"]
    return {
        "solutions": solutions,
        "stats": stats,
        "checkpoints": seen,
        "complete": search.complete,
        "stopped_by": search.stopped_by,
        "progress": search.progress(),
    }


DANCING = {"python", "c-links"}  # the loops that count Knuth's updates; "bits", "c" their own


def comparable(traced: dict, backend: str) -> dict:
    """The trace less what a loop may count its own way (``updates`` outside DANCING)."""
    if backend in DANCING:
        return traced
    return traced | {"stats": {k: v for k, v in traced["stats"].items() if k != "updates"}}


def same(problem: Problem, limit: int | None = None, **options: Any) -> dict:
    """The trace of the pure-Python loop, asserted equal to every other loop's; with item
    bounds, to the C loops' (Algorithm M on dancing links, Knuth's updates included)."""
    python = trace(problem, "python", limit, **options)
    bounded = problem.compiled().has_bounds
    for other in C_LOOPS if bounded else LOOPS_COMPARED:
        traced = trace(problem, other, limit, **options)
        if bounded:
            assert traced == python, other
        else:
            assert comparable(traced, other) == comparable(python, other), other
    return python


@settings(max_examples=600, deadline=None)
@given(
    problems() | bounded(),
    st.none() | st.integers(0, 2**32),
    st.none() | st.integers(0, 40),
    st.integers(1, 7),
    st.data(),
)
def test_backends_agree_on_random_problems(
    problem: Problem,
    seed: int | None,
    max_nodes: int | None,
    interval: int,
    data: st.DataObject,
) -> None:
    names = list(problem.options)
    forced = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=2)) if names else []
    try:
        same(
            problem,
            seed=seed,
            forced=forced,
            max_nodes=max_nodes,
            progress_interval=interval,
        )
    except ConflictError:
        pass


@pytest.mark.parametrize("seed", [None, 0, 1, 12345, random.Random(7)])
def test_backends_agree_on_eight_queens(seed: int | random.Random | None) -> None:
    if isinstance(seed, random.Random):  # each backend gets a generator in the same state
        state = seed.getstate()
        python = trace(queens(8), "python", seed=seed, progress_interval=100)
        after = seed.getstate()
        for other in LOOPS_COMPARED:
            seed.setstate(state)
            traced = trace(queens(8), other, seed=seed, progress_interval=100)
            assert comparable(traced, other) == comparable(python, other)
            assert seed.getstate() == after  # the same draws, made in C or by Random's own
    else:
        python = same(queens(8), seed=seed, progress_interval=100)
    assert len(python["solutions"]) == 92 and python["complete"]
    assert len(python["checkpoints"]) >= 5


def test_backends_agree_when_stopped_and_resumed() -> None:
    for options in [{"max_nodes": 777}, {"forced": [(0, 2)]}, {"seed": 4, "max_nodes": 300}]:
        same(queens(9), limit=5, **options)
    for backend in LOOPS:  # count, then resume, as the docs promise
        search = queens(8).search(backend=backend)
        assert (search.count(10), search.count(), search.stats.solutions) == (10, 82, 92)


def colored_words(n: int = 4, seed: int = 5) -> tuple[Problem, int]:
    """Word squares: an n x n grid whose rows and columns are all words of a random list of
    3n words over "abc" (a word may repeat). Rows and columns are primary items, the cells
    secondary ones colored by their letter, so a row's word and a column's word meet on
    their common cell only if they agree there. Also the number of squares, by brute force
    over the rows (every column then read off and looked up)."""
    draw = random.Random(seed)
    words = sorted({"".join(draw.choice("abc") for _ in range(n)) for _ in range(3 * n)})
    options = {}
    for k in range(n):
        for word in words:
            options[("row", k, word)] = [f"r{k}"] + [f"{k},{c}:{word[c]}" for c in range(n)]
            options[("col", k, word)] = [f"c{k}"] + [f"{r},{k}:{word[r]}" for r in range(n)]
    cells = [f"{r},{c}" for r in range(n) for c in range(n)]
    known = set(words)
    squares = sum(
        all("".join(rows[r][c] for r in range(n)) in known for c in range(n))
        for rows in itertools.product(words, repeat=n)
    )
    return Problem(options, secondary=cells), squares


def test_backends_agree_on_colors_and_deep_problems() -> None:
    words, squares = colored_words()
    assert squares and len(same(words)["solutions"]) == squares
    same(words, seed=8, forced=[next(iter(words.options))])

    colored = Problem(
        {"A": ["a", "x:red"], "B": ["b", "x:red"], "C": ["b", "x:blue"], "D": ["a", "x"]},
        secondary=["x"],
    )
    same(colored)
    same(colored, forced=["A"], seed=3)
    chain = Problem({k: [k, k + 1] for k in range(0, 2000, 2)} | {-1: [0], -2: [1999]})
    assert len(same(chain)["stats"]["profile"]) == 1000


@settings(max_examples=200, deadline=None)
@given(problems(), st.none() | st.integers(0, 2**32), st.sampled_from([2, 3, 254]), st.data())
def test_bits_agrees_when_it_keeps_item_lengths(
    problem: Problem, seed: int | None, cap: int, data: st.DataObject
) -> None:
    """The bits loop in its counted form (item lengths kept in bytes, below CAP; longer
    items counted from the masks), forced here on small problems, with CAP lowered too."""
    names = list(problem.options)
    forced = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=2)) if names else []
    with mock.patch.object(dlx.bits, "COUNT_FACTOR", 0), mock.patch.object(dlx.bits, "CAP", cap):
        assert dlx.bits.Masks.of(problem.compiled()).counted
        try:
            same(problem, seed=seed, forced=forced, max_nodes=60)
        except ConflictError:
            pass


@pytest.mark.parametrize("factor", [0, dlx.bits.COUNT_FACTOR])
@pytest.mark.parametrize("seed", [None, 5])
def test_bits_agrees_on_items_with_more_options_than_a_byte_counts(
    factor: int, seed: int | None
) -> None:
    # x and y take one slot each, from 300: both start above CAP, y drops by one at a time
    slots = [f"s{k}" for k in range(300)]
    problem = Problem(
        {(row, slot): [row, slot] for row in "xy" for slot in slots}, primary="xy", secondary=slots
    )
    with mock.patch.object(dlx.bits, "COUNT_FACTOR", factor):
        assert len(same(problem, seed=seed, max_nodes=700)["solutions"]) > 300


@pytest.mark.parametrize("cap", [2, 5, 254])
@pytest.mark.parametrize("seed", [None, 3])
def test_bits_agrees_on_queens_when_it_keeps_item_lengths(cap: int, seed: int | None) -> None:
    with mock.patch.object(dlx.bits, "COUNT_FACTOR", 0), mock.patch.object(dlx.bits, "CAP", cap):
        assert len(same(queens(7), seed=seed)["solutions"]) == 40  # OEIS A000170


def test_bits_keeps_item_lengths_where_an_option_meets_few_others() -> None:
    # a 9x9 sudoku's options meet about 30 others of 729: lengths kept (counted); queens'
    # and pentominoes' options meet a large share of theirs: items scanned
    sudoku = Problem(
        {
            (r, c, d): [f"r{r}c{c}", f"r{r}={d}", f"c{c}={d}", f"b{r // 3 * 3 + c // 3}={d}"]
            for r in range(9)
            for c in range(9)
            for d in range(9)
        }
    )
    assert dlx.bits.Masks.of(sudoku.compiled()).counted
    assert not dlx.bits.Masks.of(queens(8).compiled()).counted


@needs_c
def test_the_c_loop_is_the_default_when_built_and_can_be_refused() -> None:
    assert dlx.search.DEFAULT_BACKEND == "c"
    assert Search(queens(4)).backend == "c"
    assert Search(queens(4), backend="python").backend == "python"
    assert queens(6).count(backend="python") == queens(6).count(backend="c") == 4
    with pytest.raises(ValueError, match="backend must be one of"):
        Search(queens(4), backend="fortran")


def test_asking_for_c_when_it_is_not_built_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dlx.search, "LOOPS", {"python": DancingLoop})
    with pytest.raises(ValueError, match="backend 'c' is not available"):
        queens(4).solve(backend="c")


@pytest.mark.parametrize(
    ("name", "bounds"),
    [(name, False) for name in LOOPS if name != "auto"]
    + [(name, True) for name in ["python", *C_LOOPS]],
)
@pytest.mark.usefixtures("python_ctrl_c")
def test_ctrl_c_interrupts_a_long_count(name: str, bounds: bool) -> None:
    # with bounds: OEIS A001499, 14,398,171,200 matrices, on Algorithm M
    search = (matrices(9, 2) if bounds else queens(14)).search(backend=name)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            search.count()
    finally:
        timer.cancel()
    assert search.stopped_by == "interrupt" and not search.complete
    assert 0 < search.stats.nodes == sum(search.stats.profile)
    with pytest.raises(dlx.SearchStateError, match="ended by Ctrl-C"):
        search.count()  # an interrupted search stays ended, and says so rather than 0


# -- malformed input: a ValueError, never a crash -------------------------------------------


def loop(links: Links, forced: list[int] | None = None, rng: Any = None) -> int:
    """Run each C loop to its end; the number of solutions, the same for each."""
    counts = set()
    for name in C_LOOPS:
        c = LOOPS[name](links, forced or [], rng, Stats())
        found = 0
        while (event := c.run(10**6, found + 1))[0] != END:
            assert c.level == event[1] == len(c.chosen()) == len(c.branches())
            found += 1
        counts.add(found)
    assert len(counts) == 1
    return counts.pop()


def broken(links: Links, name: str, index: int | None, value: Any) -> Links:
    """A copy of links with one field, or one entry of one array, changed."""
    if index is None:
        return dataclasses.replace(links, **{name: value})
    values = list(getattr(links, name))
    values[index] = value
    return dataclasses.replace(links, **{name: values})


@needs_c
@pytest.mark.parametrize(
    ("name", "index", "value"),
    [
        ("n_items", None, 1),  # options name items 2 and 3
        ("n_items", None, -1),
        ("n_primary", None, 10**30),
        ("n_primary", None, "two"),
        ("nodes", 0, 0),
        ("nodes", 4, 4),
        ("nodes", 1, 1),  # option A names a twice
        ("nodes", 2, 1.5),
        ("nodes", None, None),
        ("nodes", None, array("b", [1, 2, 1, 2, 3])),  # not C ints
        ("nodes", None, array("q", [1, 2, 1, 2, 3])),
        ("starts", 0, 1),  # not from 0
        ("starts", -1, 4),  # not to the end
        ("starts", 1, 0),  # an empty option
        ("starts", 2, 1),  # going back
        ("starts", None, [0]),
        ("starts", None, "0235"),
        ("colors", None, [0] * 4),
        ("colors", None, [1, 0, 0, 0, 0]),  # a primary item colored
        ("colors", None, [0, 0, 0, 0, -1]),
        ("colors", None, [0, 0, 0, 0, 2**40]),
    ],
)
def test_malformed_links_raise_value_errors(name: str, index: int | None, value: Any) -> None:
    links = Problem({"A": ["a", "b"], "B": ["a"], "C": ["b", "x"]}, secondary=["x"]).compiled()
    assert loop(links) == 2  # A, and B with C
    with pytest.raises(ValueError):
        loop(broken(links, name, index, value))


@needs_c
def test_bad_forced_indices_and_conflicts_raise_value_errors() -> None:
    links = queens(4).compiled()
    for forced in ([-1], [16], [10**20], ["0"], [0, 1]):
        with pytest.raises(ValueError):
            loop(links, forced)
    assert loop(links, [1]) == 1


@needs_c
@pytest.mark.parametrize("args", [(), (10,), (10, 1, 1), ("10", 1), (10, None), (1.5, 1)])
def test_bad_run_arguments_raise_type_errors(args: tuple[Any, ...]) -> None:
    stats = Stats()
    c = LOOPS["c"](queens(6).compiled(), [], None, stats)
    with pytest.raises(TypeError):
        c.run(*args)
    assert c.run(10**6, 1)[0] != END  # and the loop is unharmed
    assert c.run(10**6, 10**40) == (END, 0)  # a target past every solution: count them all
    assert stats.solutions == 4  # 6 queens (OEIS A000170)


@needs_c
@settings(max_examples=400, deadline=None)
@given(problems(), st.data())
def test_any_corrupted_entry_is_refused_or_harmless(problem: Problem, data: st.DataObject) -> None:
    links = problem.compiled()
    arrays = ["nodes"] * bool(links.nodes) + ["starts"] + ["colors"] * bool(links.colors)
    name = data.draw(st.sampled_from(arrays))
    values = getattr(links, name)
    index = data.draw(st.integers(0, len(values) - 1))
    value = data.draw(st.integers(-3, len(links.nodes) + 3))
    try:
        loop(broken(links, name, index, value))
    except ValueError:
        pass


class Liar(random.Random):
    """A generator whose choice or shuffle breaks the contract."""

    def __init__(self, how: str) -> None:
        super().__init__(1)
        self.how = how

    def choice(self, seq: Any) -> Any:
        if self.how == "raise":
            raise ZeroDivisionError("a broken generator")
        return {"foreign": 10**9, "text": "x"}.get(self.how, seq[0])

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        if self.how == "drop":
            x.pop()
        elif self.how == "twice" and len(x) > 1:
            x[1] = x[0]
        elif self.how == "stranger":
            x[0] = 1


@needs_c
@pytest.mark.parametrize("how", ["foreign", "text", "drop", "twice", "stranger"])
def test_a_lying_random_generator_is_refused(how: str) -> None:
    with pytest.raises(ValueError):
        loop(queens(5).compiled(), rng=Liar(how))


@needs_c
def test_errors_from_the_generator_pass_through() -> None:
    with pytest.raises(ZeroDivisionError):
        queens(5).count(seed=Liar("raise"), backend="c")


def test_auto_takes_masks_where_the_measured_rule_finds_them_faster(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert type(Search(queens(8), backend="auto")._loop) is BitsLoop  # short masks: no probe
    assert type(Search(queens(40), backend="auto")._loop) is BitsLoop  # by the probe
    # masks made dear: the links, and the choice is kept for every search of the problem
    dear = dataclasses.replace(PYTHON_COSTS, word=1e9, always_words=0)
    monkeypatch.setattr(dlx.search, "PYTHON_COSTS", dear)
    small = queens(8)
    assert type(Search(small, backend="auto")._loop) is DancingLoop
    monkeypatch.setattr(dlx.search, "PYTHON_COSTS", PYTHON_COSTS)
    assert type(Search(small, backend="auto", seed=2)._loop) is DancingLoop
    assert small.count(backend="auto") == 92


@needs_c
@pytest.mark.parametrize("name", C_LOOPS)
@pytest.mark.parametrize("bounds", [False, True])
def test_an_unseeded_c_run_lets_other_threads_run(name: str, bounds: bool) -> None:
    # the Loop says it is running only inside run(): seen from here, the GIL was released;
    # with bounds: Algorithm M on OEIS A001499's 67,950 6 x 6 matrices
    problem, count = (matrices(6, 2), 67950) if bounds else (queens(13), 73712)
    stats = Stats()
    c = LOOPS[name](problem.compiled(), [], None, stats)
    worker = threading.Thread(target=c.run, args=(10**18, 10**18))
    seen_running = False
    worker.start()
    while worker.is_alive():
        try:
            c.chosen()
        except RuntimeError as error:
            assert "running in another thread" in str(error)
            seen_running = True
    worker.join()
    assert seen_running and c.bits == (name != "c-links" and not bounds)
    assert c.run(1, 1) == (END, 0) and stats.solutions == count  # OEIS A000170, A001499


@needs_c
@pytest.mark.parametrize("name", C_LOOPS)
@pytest.mark.parametrize("seed", [None, 3])
def test_searches_dropped_half_way_free_their_loops(name: str, seed: int | None) -> None:
    def c_loops() -> int:
        gc.collect()
        return sum(type(x) is dlx.search.CLoop for x in gc.get_objects())

    before = c_loops()
    for _ in range(3):
        search = queens(8).search(backend=name, seed=seed)
        assert len(next(search)) == 8
        assert c_loops() == before + 1
        del search
    assert c_loops() == before


@needs_c
def test_the_c_loop_takes_bitsets_where_they_fit_and_counts_as_the_bits_loop() -> None:
    # bitsets: no bounds, at most 16384 options and 128 primary items (colored, seeded too)
    def loop_of(problem: Problem, seed: int | None = None) -> Any:
        return Search(problem, backend="c-bits", seed=seed)._loop

    assert loop_of(queens(8)).bits and loop_of(queens(8), seed=1).bits
    assert not Search(queens(8), backend="c-links")._loop.bits
    colored = Problem({"A": ["a", "x:1"], "B": ["a", "x:2"]}, secondary=["x"])
    assert loop_of(colored).bits
    assert not loop_of(queens(65)).bits  # 130 primary items
    assert not loop_of(matrices(3, 2)).bits  # bounds
    wide = Problem(
        [[f"a{k % 3}", f"b{k}"] for k in range(16385)], secondary=[f"b{k}" for k in range(16385)]
    )
    assert not loop_of(wide).bits and loop_of(wide.without([16384])).bits
    for problem, seed in (
        (queens(8), None),
        (queens(9), None),
        (queens(9), 4),
        (colored_words()[0], None),
        (colored_words()[0], 2),
    ):
        c = problem.search(backend="c-bits", seed=seed)  # the same cost counter as dlx.bits
        bits = problem.search(backend="bits", seed=seed)
        assert list(c) == list(bits) and c.stats == dataclasses.replace(
            bits.stats, elapsed=c.stats.elapsed
        )


@needs_c
def test_c_picks_bitsets_or_links_by_the_measured_rule_once_per_problem() -> None:
    """Small masks: bitsets, no probe. Past them the rule of dlx.search (fitted by
    benchmarks/bits_or_links.py): pentominoes, whose nodes make hundreds of updates, stay on
    bitsets; 64 queens (65 words a mask, 24 updates a node) go to the links. The choice is
    kept on the problem: every search, seeded or not, runs the same loop and counts the same
    updates."""
    from examples import pentominoes

    def on_bits(problem: Problem) -> bool:
        return bool(Search(problem, backend="c")._loop.bits)

    assert on_bits(queens(8)) and on_bits(colored_words()[0])
    assert on_bits(pentominoes.problem(6, 10))
    assert not on_bits(queens(64))
    runs = [queens(64).search(backend="c", seed=seed, max_nodes=5000) for seed in (None, 3)]
    for run in runs:
        run.count()
    again = queens(64).search(backend="c-links", max_nodes=5000)
    again.count()
    assert runs[0].stats.updates == again.stats.updates


# -- Algorithm M (item bounds): the C loop against the pure-Python reference ----------------


def matrices(n: int, ones: int) -> Problem:
    """n x n 0-1 matrices with ``ones`` ones in each row and column (OEIS A001499 for 2)."""
    cells = {(r, c): [f"r{r}", f"c{c}"] for r in range(n) for c in range(n)}
    lines = [f"r{k}" for k in range(n)] + [f"c{k}" for k in range(n)]
    return Problem(cells, primary=lines, bounds=dict.fromkeys(lines, ones))


@needs_c
@pytest.mark.parametrize("seed", [None, 0, 5, random.Random(3)])
def test_algorithm_m_in_c_agrees_when_stopped_and_resumed(seed: int | random.Random | None) -> None:
    problem = Problem(  # rows of a 5 x 5 matrix: 1..2 ones, columns: exactly 2
        {(r, c): [f"r{r}", f"c{c}"] for r in range(5) for c in range(5)},
        bounds={**{f"r{k}": (1, 2) for k in range(5)}, **{f"c{k}": 2 for k in range(5)}},
    )
    state = seed.getstate() if isinstance(seed, random.Random) else None
    runs = []
    for name in ["python", *C_LOOPS]:
        if state is not None:
            seed.setstate(state)  # type: ignore[union-attr]
        runs.append(trace(problem, name, 7, seed=seed, max_nodes=900, progress_interval=50))
    assert all(run == runs[0] for run in runs) and runs[0]["stopped_by"] == "nodes"
    for name in C_LOOPS:  # count to a limit, then on from there, as the docs promise
        search = matrices(5, 2).search(backend=name)
        assert (search.count(10), search.count(), search.stats.solutions) == (10, 2030, 2040)
        assert search.first() is None and search.complete


@needs_c
@pytest.mark.parametrize(
    "bounds",
    [
        [(0, 0), (1, 1)],  # one pair short
        [(0, 0), (2, 1), (1, 1), (1, 1)],  # u > v
        [(0, 0), (-1, 2), (1, 1), (1, 1)],
        [(0, 0), (0, 0), (1, 1), (1, 1)],  # v = 0
        [(0, 0), (1, 2**63), (1, 1), (1, 1)],
        [(0, 0), (1, 2**62 + 1), (1, 1), (1, 1)],
        [(0, 0), [1, 2], (1, 1), (1, 1)],
        [(0, 0), (1, 2, 3), (1, 1), (1, 1)],
        [(0, 0), ("1", 2), (1, 1), (1, 1)],
        "bounds",
        None,
    ],
)
def test_malformed_bounds_raise_value_errors(bounds: Any) -> None:
    problem = Problem({"A": ["a", "b"], "B": ["a", "c"], "C": ["b", "c"]}, bounds={"a": 2})
    links = problem.compiled()
    assert loop(links) == 1  # A and B
    with pytest.raises((ValueError, TypeError)):
        loop(broken(links, "bounds", None, bounds))


@needs_c
def test_bounded_forced_options_are_checked_by_the_c_loop() -> None:
    links = Problem({"A": ["a"], "B": ["a"], "C": ["a", "b"]}, bounds={"a": 2}).compiled()
    for forced in ([0, 0], [0, 1, 2], [3], [2, 2]):
        with pytest.raises(ValueError):
            loop(links, forced)
    assert (loop(links), loop(links, [0]), loop(links, [0, 2])) == (2, 1, 1)  # A or B, with C


@needs_c
@pytest.mark.parametrize("seed", [None, 3])
def test_bounded_searches_dropped_half_way_free_their_loops(seed: int | None) -> None:
    def c_loops() -> int:
        gc.collect()
        return sum(type(x) is dlx.search.CLoop for x in gc.get_objects())

    before = c_loops()
    for _ in range(3):
        search = matrices(5, 2).search(backend="c", seed=seed)
        assert len(next(search)) == 10
        del search
    assert c_loops() == before
