"""Nothing lost, nothing hangs, on the engine's side: memory linear in the input, bounds
that refuse rather than exhaust the machine, and every bad input a ``DLXError``."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

import pytest

import dlx
from dlx import (
    ArgumentError,
    ArgumentTypeError,
    Colored,
    DLXError,
    FormatError,
    Problem,
    SearchStateError,
    TooLargeError,
)
from dlx.bits import MAX_MASK_BYTES, mask_bytes
from tests.examples.fixture_files import KNUTH

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BOM = "\ufeff"


def queens(n: int) -> Problem:
    """N queens, diagonals secondary: 92 solutions for 8 (OEIS A000170)."""
    return Problem(
        {(r, c): [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c}"] for r in range(n) for c in range(n)},
        secondary=[f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(1 - n, n)],
    )


def peak_bytes(build) -> int:
    tracemalloc.start()
    try:
        build()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# --- linear in the input ---------------------------------------------------------------


@pytest.mark.parametrize("colored", [False, True], ids=["primary", "colored-secondary"])
def test_one_long_option_compiles_in_memory_linear_in_its_length(colored: bool) -> None:
    """Quadruple the option, and the peak memory of building and compiling it grows about
    fourfold (it grew sixteenfold when each node kept its own copy of the option)."""

    def build(n: int) -> Problem:
        if colored:
            names = [str(k) for k in range(n)]
            return Problem({"A": ["p", *(f"{k}:red" for k in names)]}, secondary=names)
        return Problem({"A": range(n)})

    small, large = (peak_bytes(lambda n=n: build(n).compiled()) for n in (3_000, 12_000))
    assert large < 5 * small, (small, large)
    assert large < 1000 * 12_000  # bytes per item, loosely: 6.5 GB for 20,000 before
    assert build(40_000).solve() == ["A"]


def test_a_long_option_searches_alike_on_every_loop(backend: str) -> None:
    """The long option's nodes are walked lazily; the answer is the same on every loop."""
    n = 5_000
    problem = Problem({"A": range(n), "B": range(n // 2), "C": range(n // 2, n)})
    search = problem.search()
    assert sorted(map(sorted, search)) == [["A"], ["B", "C"]]
    assert search.stats.nodes == 3  # A; B then C: the tree by hand


def test_the_bits_loop_refuses_past_its_memory_bound() -> None:
    big = Problem({k: [k] for k in range(40_000)})
    assert mask_bytes(big.compiled()) > MAX_MASK_BYTES
    with pytest.raises(TooLargeError, match="backend 'bits' would need"):
        big.search(backend="bits")
    assert big.compiled()._lists is None  # refused from the arrays' sizes, no list made
    assert big.count(backend="auto") == 1  # auto takes dancing links there
    small = queens(8)
    assert mask_bytes(small.compiled()) < MAX_MASK_BYTES and small.count(backend="bits") == 92


def test_many_options_count_on_the_default_loop(backend: str) -> None:
    """50,000 one-item options (a 50,000-level tree) in bounded memory on every loop that
    can take it; ``bits`` refuses with its error instead of exhausting the machine."""
    n = 50_000
    problem = Problem({k: [k] for k in range(n)})
    if backend == "bits":
        with pytest.raises(TooLargeError):
            problem.count()
        return
    search = problem.search()
    assert search.count() == 1 and search.stats.nodes == n


# --- a search that was stopped says so ---------------------------------------------------


def test_a_search_ended_by_a_node_limit_refuses_to_go_on_silently() -> None:
    search = queens(8).search(max_nodes=100)
    found = search.count()
    assert 0 <= found < 92 and search.stopped_by == "nodes" and not search.complete
    with pytest.raises(SearchStateError, match="node limit after 100 nodes"):
        search.count()
    with pytest.raises(SearchStateError):
        search.first()
    assert queens(8).count() == 92  # a new search goes on (OEIS A000170)


def test_a_complete_search_asked_again_gives_0_truthfully() -> None:
    search = queens(6).search()
    assert search.count() == 4 and search.complete
    assert search.count() == 0 and search.first() is None


def test_a_progress_callback_that_runs_its_own_search_gets_a_clear_error() -> None:
    def callback(search: dlx.Search) -> None:
        search.count()

    search = queens(8).search(progress=callback, progress_interval=10)
    with pytest.raises(SearchStateError, match="inside its own progress callback"):
        search.count()

    seen = []
    reader = queens(8).search(progress=lambda s: seen.append(s.progress()), progress_interval=10)
    assert reader.count() == 92 and seen and all(0 <= p <= 1 for p in seen)


# --- read: text, a path or a file, and says which it got ---------------------------------


def test_read_takes_text_a_path_or_a_text_file() -> None:
    path = FIXTURES / "knuth-paper.dlx"
    text = path.read_text(encoding="utf-8")
    with path.open(encoding="utf-8") as handle:
        problems = [dlx.read(text), dlx.read(path), dlx.read(handle), dlx.read(io.StringIO(text))]
    assert all(p == KNUTH or p.solve() == [2, 4, 0] for p in problems)
    assert {p.count() for p in problems} == {1}


def test_read_refuses_a_str_that_names_a_file_rather_than_misreading_it() -> None:
    name = str(FIXTURES / "knuth-paper.dlx")
    with pytest.raises(ArgumentError, match=r"names a file: .*pathlib.Path"):
        dlx.read(name)
    assert dlx.read(name + "\n").primary == (name,)  # with a newline it is text, as asked


@pytest.mark.parametrize(
    "source",
    [b"a b\na\n", bytearray(b"a"), 5, None],
    ids=["bytes", "bytearray", "int", "None"],
)
def test_read_says_what_it_got_when_it_cannot_read_it(source: object) -> None:
    with pytest.raises(ArgumentTypeError, match=type(source).__name__):
        dlx.read(source)


def test_read_refuses_a_binary_file_and_text_that_is_not_utf8(tmp_path: Path) -> None:
    path = FIXTURES / "knuth-paper.dlx"
    with path.open("rb") as handle, pytest.raises(ArgumentTypeError, match="text mode"):
        dlx.read(handle)
    latin = tmp_path / "latin1.dlx"
    latin.write_bytes("caf\xe9 b\ncaf\xe9\n".encode("latin-1"))
    with pytest.raises(FormatError, match="not UTF-8"):
        dlx.read(latin)


def test_a_byte_order_mark_is_accepted_by_read(tmp_path: Path) -> None:
    text = (FIXTURES / "knuth-paper.dlx").read_text(encoding="utf-8")
    path = tmp_path / "bom.dlx"
    path.write_text(BOM + text, encoding="utf-8")
    for source in (BOM + text, path, io.StringIO(BOM + text)):
        problem = dlx.read(source)
        assert problem.primary == tuple("abcdefg") and problem.count() == 1


# --- every bad input is a DLXError --------------------------------------------------------

BAD_CALLS = {
    "unhashable item": lambda: Problem({"A": [["x"]]}),
    "unhashable secondary": lambda: Problem([["a"]], secondary=[{"x"}]),
    "unhashable primary": lambda: Problem([["a"]], primary=[["a"]]),
    "unhashable color": lambda: Problem({"A": [Colored("x", [1])]}, secondary=["x"]),
    "options not a list": lambda: Problem(5),
    "an option not a list": lambda: Problem({"A": 3}),
    "forced unhashable": lambda: queens(4).solve(forced=[["x"]]),
    "seed a str": lambda: queens(4).solve(seed="abc"),
    "limit negative": lambda: queens(4).count(-1),
    "limit a str": lambda: queens(4).count("3"),
    "progress_interval 0": lambda: queens(4).search(progress_interval=0),
    "progress not callable": lambda: queens(4).search(progress=5),
    "max_nodes a str": lambda: queens(4).search(max_nodes="10"),
    "backend unknown": lambda: queens(4).search(backend="gpu"),
    "matrix not 0/1": lambda: Problem.from_matrix([[0, 2]]),
    "read bytes": lambda: dlx.read(b"a\n"),
}


@pytest.mark.parametrize("call", BAD_CALLS.values(), ids=BAD_CALLS)
def test_every_bad_input_to_the_api_raises_a_dlx_error(call) -> None:
    with pytest.raises(DLXError) as caught:
        call()
    assert str(caught.value)
