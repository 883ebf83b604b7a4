"""``Problem.from_matrix`` on every kind of matrix: lists, NumPy arrays, SciPy sparse matrices
and arrays, pandas DataFrames. The truth each is checked against is the same problem built
from option lists, and the counts and solutions found outside the engine."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import ArgumentError, ArgumentTypeError, DLXError, EmptyOptionError, Problem
from tests.oracle import brute_force

np = pytest.importorskip("numpy", reason="NumPy is not installed: pip install -e '.[test]'")

Convert = Callable[[Any], Any]  # a 0/1 NumPy array -> the same matrix as another kind


def _numpy(dtype: str) -> Callable[[], Convert]:
    return lambda: lambda array: array.astype(dtype)


def _scipy(name: str) -> Callable[[], Convert]:
    def converter() -> Convert:
        sparse = pytest.importorskip("scipy.sparse", reason="SciPy is not installed")
        return getattr(sparse, name)

    return converter


def _sparse_1d() -> Any:
    """A 1-D SciPy sparse array, where this SciPy has them (1.13 on; earlier it is 2-D)."""
    made = _scipy("coo_array")()(np.ones(3))
    if made.ndim != 1:
        pytest.skip("this SciPy makes no 1-D sparse arrays")
    return made


def _pandas() -> Convert:
    pandas = pytest.importorskip("pandas", reason="pandas is not installed")
    return pandas.DataFrame


KINDS: dict[str, Callable[[], Convert]] = {
    "lists": lambda: lambda array: array.tolist(),
    "numpy int8": _numpy("int8"),
    "numpy int64": _numpy("int64"),
    "numpy bool": _numpy("bool"),
    "numpy float": _numpy("float64"),
    "numpy object": _numpy("object"),
    "numpy column-major": lambda: lambda array: np.asfortranarray(array),
    **{
        f"scipy {form}_{kind}": _scipy(f"{form}_{kind}")
        for form in ("csr", "csc", "coo")
        for kind in ("matrix", "array")
    },
    "pandas DataFrame": _pandas,
}


def sudoku_options(box: int) -> list[list[int]]:
    """The options of the classic sudoku cover, as column numbers: a digit d in row r,
    column c covers the cell, d in the row, d in the column and d in the box."""
    n = box * box
    return [
        [r * n + c, n * n + r * n + d, 2 * n * n + c * n + d, 3 * n * n + b * n + d]
        for r in range(n)
        for c in range(n)
        for d in range(n)
        for b in [r // box * box + c // box]
    ]


def as_array(options: list[list[int]], width: int) -> Any:
    array = np.zeros((len(options), width), dtype=np.int8)
    for r, columns in enumerate(options):
        array[r, columns] = 1
    return array


@pytest.mark.parametrize("kind", KINDS)
def test_the_sudoku_matrix_is_the_problem_built_from_its_options(kind: str) -> None:
    convert = KINDS[kind]()
    options = sudoku_options(3)
    matrix = convert(as_array(options, 324))
    assert Problem.from_matrix(matrix) == Problem(options, primary=range(324))
    small = Problem.from_matrix(convert(as_array(sudoku_options(2), 64)))
    assert small.count() == 288  # the 4x4 sudoku grids


@st.composite
def matrices(draw: st.DrawFn) -> tuple[list[list[int]], int, int]:
    """Small 0/1 matrices as option lists, with no empty row: (options, width, secondary)."""
    width = draw(st.integers(1, 6))
    column_sets = st.sets(st.integers(0, width - 1), min_size=1).map(sorted)
    return draw(st.lists(column_sets, min_size=1, max_size=7)), width, draw(st.integers(0, width))


@pytest.mark.parametrize("kind", KINDS)
def test_random_matrices_are_their_option_lists_with_the_same_solutions(kind: str) -> None:
    convert = KINDS[kind]()

    @settings(max_examples=40, deadline=None)
    @given(matrices())
    def check(case: tuple[list[list[int]], int, int]) -> None:
        options, width, secondary = case
        cut = width - secondary
        expected = Problem(options, primary=range(cut), secondary=range(cut, width))
        problem = Problem.from_matrix(convert(as_array(options, width)), secondary=secondary)
        assert problem == expected
        assert set(map(frozenset, problem.solutions())) == brute_force(expected)

    check()


def test_a_dataframe_names_items_by_its_columns_and_options_by_its_index() -> None:
    pandas = pytest.importorskip("pandas", reason="pandas is not installed")
    # Knuth's "Dancing Links" example (A D E is its exact cover) with a secondary item x
    # that rules out G, a copy of D, beside E.
    options = {"A": "ce", "B": "adg", "C": "bcf", "D": "adf", "E": "bgx", "F": "degx", "G": "adfx"}
    options = {name: list(entries) for name, entries in options.items()}
    items = [*"abcdefg", "x"]
    frame = pandas.DataFrame(
        [[int(item in entries) for item in items] for entries in options.values()],
        index=list(options),
        columns=items,
    )
    problem = Problem.from_matrix(frame, secondary=1)
    assert problem == Problem(options, primary=items[:-1], secondary=["x"])
    assert [sorted(s) for s in problem.solutions()] == [["A", "D", "E"]]


def test_a_sparse_matrix_is_read_without_densifying_it() -> None:
    sparse = pytest.importorskip("scipy.sparse", reason="SciPy is not installed")
    n = 100_000  # dense, this would be 10^10 cells
    problem = Problem.from_matrix(sparse.identity(n, dtype=np.int8, format="csr"))
    assert len(problem) == n and problem.entries(n - 1) == ((n - 1, None),)


def test_sparse_entries_are_summed_and_stored_zeros_ignored_leaving_the_input_as_it_was() -> None:
    sparse = pytest.importorskip("scipy.sparse", reason="SciPy is not installed")
    # Cell (0, 1) is stored as 1 and as 0 (a 1 in all), (1, 0) as 0 only: not an entry.
    coo = sparse.coo_array(([1, 0, 1, 0], ([0, 0, 1, 1], [1, 1, 1, 0])), shape=(2, 2))
    assert Problem.from_matrix(coo) == Problem([[1], [1]], primary=[0, 1])
    assert coo.nnz == 4 and not coo.has_canonical_format


def _sparse(data: list[float], rows: list[int], columns: list[int]) -> Any:
    sparse = pytest.importorskip("scipy.sparse", reason="SciPy is not installed")
    return sparse.coo_array((data, (rows, columns)), shape=(3, 3))


def _frame(columns: dict[str, list[Any]], index: list[Any] | None = None, dtype: Any = None) -> Any:
    pandas = pytest.importorskip("pandas", reason="pandas is not installed")
    return pandas.DataFrame(columns, index=index, dtype=dtype)


BAD_MATRICES: dict[str, tuple[Callable[[], Any], type[DLXError], str]] = {
    "3-D array": (lambda: np.zeros((2, 2, 2)), ArgumentError, "3-dimensional"),
    "1-D array": (lambda: np.ones(3), ArgumentError, "1-dimensional"),
    "a 2": (lambda: np.array([[1, 0, 1], [0, 1, 2]]), ArgumentError, r"row 1, column 2 holds 2,"),
    "a -1": (lambda: np.array([[1, -1]], dtype=np.int8), ArgumentError, "column 1 holds -1,"),
    "a 0.5": (lambda: np.array([[1.0], [0.5]]), ArgumentError, "row 1, column 0 holds 0.5,"),
    "a NaN": (lambda: np.array([[1, 0], [np.nan, 1]]), ArgumentError, "row 1, column 0 holds nan"),
    "masked": (
        lambda: np.ma.masked_equal([[1, 0], [0, 1]], 1),
        ArgumentError,
        "row 0, column 0 is masked",
    ),
    "strings": (lambda: np.array([["1", "0"]]), ArgumentTypeError, "dtype <U1"),
    "an object": (lambda: np.array([[1, "x"]], dtype=object), ArgumentError, "column 1 holds 'x'"),
    "sparse 3": (lambda: _sparse([1, 3], [0, 2], [2, 1]), ArgumentError, "row 2, column 1 holds 3"),
    "sparse NaN": (lambda: _sparse([np.nan], [1], [1]), ArgumentError, "row 1, column 1 holds nan"),
    "sparse 1 twice": (lambda: _sparse([1, 1], [0, 0], [2, 2]), ArgumentError, "column 2 holds 2"),
    "CSR 1 twice": (
        lambda: _scipy("csr_array")()(([1, 1], [2, 2], [0, 2, 2, 2]), shape=(3, 3)),
        ArgumentError,
        "row 0, column 2 holds 2",
    ),
    "sparse 1-D": (lambda: _sparse_1d(), ArgumentError, "1-dimensional"),
    "frame NA": (
        lambda: _frame({"a": [1, None], "b": [0, 1]}, dtype="Int64"),
        ArgumentError,
        "row 1, column 0 holds <NA>",
    ),
    "frame text": (lambda: _frame({"a": ["1"]}), ArgumentError, "row 0, column 0 holds '1'"),
    "frame index": (
        lambda: _frame({"a": [1, 1]}, index=["x", "x"]),
        ArgumentError,
        "index holds 'x' twice",
    ),
    "an empty row": (lambda: np.array([[1, 0], [0, 0]]), EmptyOptionError, "option 1 has no"),
    "a row not a list": (lambda: [[1, 0], 1], ArgumentTypeError, "row 1 is 1, not a list"),
    "not rows": (lambda: 5, ArgumentTypeError, "a list of rows, not 5"),
}


@pytest.mark.parametrize(("build", "error", "message"), BAD_MATRICES.values(), ids=BAD_MATRICES)
def test_a_bad_matrix_is_refused_saying_what_and_where(
    build: Callable[[], Any], error: type[DLXError], message: str
) -> None:
    matrix = build()
    with pytest.raises(error, match=message):
        Problem.from_matrix(matrix)


@pytest.mark.parametrize(
    ("secondary", "error", "message"),
    [
        (3, ArgumentError, "secondary=3 but the matrix has 2 columns"),
        ("1", ArgumentTypeError, "'1'"),
    ],
)
def test_secondary_is_a_number_of_columns(
    secondary: Any, error: type[DLXError], message: str
) -> None:
    with pytest.raises(error, match=message):
        Problem.from_matrix(np.eye(2), secondary=secondary)


def test_the_engine_imports_none_of_numpy_scipy_pandas() -> None:
    # With them blocked, lists still make a problem: the engine needs none of them.
    code = (
        "import sys; sys.modules.update(numpy=None, scipy=None, pandas=None); import dlx; "
        "print(dlx.Problem.from_matrix([[1, 0], [0, 1]]).count())"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "1\n", "")
