"""Problems: building, validation errors that name what is wrong, and the DLX text format."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlx.problem as problem_module
from dlx import (
    ArgumentTypeError,
    ColorError,
    DLXError,
    DuplicateItemError,
    EmptyOptionError,
    FormatError,
    Problem,
    RepeatedItemError,
    UnknownItemError,
    read,
    write,
)
from tests.dlx.test_search import problems

KNUTH = """\
| Knuth's example from "Dancing Links" (2000): one solution
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
"""


def test_repr_and_summary_describe_the_problem() -> None:
    problem = Problem({"A": ["a", "x"], "B": ["x:red"], "C": ["b"]}, secondary=["x"])
    assert repr(problem) == "exact cover problem: 2 primary items, 1 secondary, 3 options"
    assert "options with no primary item: ['B']" in problem.summary()
    assert problem.without_primary() == ["B"]
    assert problem.primary == ("a", "b") and problem.secondary == ("x",)
    assert len(problem) == 3


def test_primary_items_are_inferred_in_order_of_appearance() -> None:
    assert Problem([["c", "a"], ["b"], ["a", "d"]]).primary == ("c", "a", "b", "d")


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (lambda: Problem([["a", "q"]], primary=["a"]), UnknownItemError, "'q'"),
        (lambda: Problem([["a"]], primary=["a", "a"]), DuplicateItemError, "'a'"),
        (lambda: Problem([["a"]], primary=["a"], secondary=["a"]), DuplicateItemError, "both"),
        (lambda: Problem({"o": ["a", "a"]}), RepeatedItemError, "option 'o'.*'a' twice"),
        (lambda: Problem({"o": ["a", "a"]}, ["a"]), RepeatedItemError, "option 'o'.*'a' twice"),
        (lambda: Problem({"o": ["x:1", "x:2"]}, secondary="x"), RepeatedItemError, "'x'"),
        (lambda: Problem({"o": ["a:red"]}, primary=["a"]), ColorError, "primary item 'a'"),
        (lambda: Problem({"o": []}), EmptyOptionError, "option 'o' has no items"),
        (lambda: Problem({"o": ["z:red"]}), UnknownItemError, "secondary"),
    ],
)
def test_invalid_problems_are_refused_with_a_message_naming_the_culprit(
    build, error: type[DLXError], message: str
) -> None:
    with pytest.raises(error, match=message) as caught:
        build()
    assert isinstance(caught.value, ValueError)


def test_matrix_input_accepts_lists_and_tolist_objects() -> None:
    class Array:  # an array type the engine does not know (NumPy's has its own road)
        def __init__(self, rows: list[list[int]]) -> None:
            self.rows = rows

        def tolist(self) -> list[list[int]]:
            return self.rows

    # The matrix of Knuth's "Dancing Links" paper; rows 0, 3, 4 are its one exact cover.
    rows = [[0, 0, 1, 0, 1, 1, 0], [1, 0, 0, 1, 0, 0, 1], [0, 1, 1, 0, 0, 1, 0],
            [1, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 1, 1, 0, 1]]  # fmt: skip
    assert sorted(Problem.from_matrix(rows).solve()) == [0, 3, 4]
    assert Problem.from_matrix(Array(rows)) == Problem.from_matrix(rows)
    with_secondary = Problem.from_matrix([[1, 0], [1, 1]], secondary=1)
    assert with_secondary.secondary == (1,) and with_secondary.count() == 2
    with pytest.raises(ValueError, match="row 1, column 0 holds 2"):
        Problem.from_matrix([[1], [2]])
    with pytest.raises(ValueError, match="row 1 has 1 columns"):
        Problem.from_matrix([[1, 0], [1]])


def test_knuths_example_reads_and_solves() -> None:
    problem = read(KNUTH)
    solutions = [sorted(problem.option_text(name) for name in s) for s in problem.solutions()]
    assert solutions == [["a d f", "b g", "c e"]]


def test_colored_text_round_trips() -> None:
    text = "a b | x y\na x:red\nb x:red y\na y\n"
    problem = read(text)
    assert write(problem) == text
    assert problem.entries(1) == (("b", None), ("x", "red"), ("y", None))
    assert problem.count() == 1


@settings(max_examples=100, deadline=None)
@given(problems())
def test_any_problem_written_and_read_back_is_the_same_problem(problem: Problem) -> None:
    again = read(write(problem))
    assert again == problem
    assert sorted(map(sorted, again.solutions())) == sorted(map(sorted, problem.solutions()))


# Names as users give them: any characters a DLX line can carry (no spaces, ':' or '|'),
# a byte-order mark, digits, '#' and '-' at the start included.
_NAMES = st.text(
    st.characters(
        blacklist_categories=("Cs",),
        blacklist_characters=":|",
    ).filter(lambda ch: not ch.isspace()),
    min_size=1,
    max_size=4,
) | st.sampled_from(["\ufeff", "\ufeffa", "0", "#", "-", "1e5", "x"])


@st.composite
def any_problems(draw: st.DrawFn) -> Problem:
    """Problems as ``Problem`` accepts them, written by hand: none or many primary items
    (with bounds), secondary ones with colors, no options or many, costs or none."""
    names = draw(st.lists(_NAMES, unique=True, max_size=7))
    cut = draw(st.integers(0, len(names)))
    primary, secondary = names[:cut], names[cut:]
    bounds = {
        item: draw(st.tuples(st.integers(0, 2), st.integers(1, 3)).filter(lambda b: b[0] <= b[1]))
        for item in primary
        if draw(st.booleans())
    }
    colored = [f"{item}:{draw(_NAMES)}" for item in secondary if draw(st.booleans())]
    entries = st.sampled_from(primary + secondary + colored) if names else st.nothing()
    options = draw(
        st.lists(
            st.lists(entries, min_size=1, max_size=4, unique_by=lambda e: e.partition(":")[0]),
            max_size=6 if names else 0,
        )
    )
    cost = st.integers(0, 10**6) | st.floats(0, 1e300, allow_nan=False, allow_infinity=False)
    costs = draw(st.none() | st.lists(cost, min_size=len(options), max_size=len(options)))
    return Problem(options, primary=primary, secondary=secondary, bounds=bounds, costs=costs)


@settings(max_examples=400, deadline=None)
@given(any_problems())
def test_every_problem_with_a_primary_item_round_trips_and_others_are_refused(
    problem: Problem,
) -> None:
    """``write`` then ``read`` gives the same problem back, whatever the names; a problem
    without primary items (Knuth's format cannot say it) is refused with a FormatError."""
    if not problem.primary:
        with pytest.raises(FormatError, match="without primary items"):
            write(problem)
        return
    assert read(write(problem)) == problem
    assert read(write(problem, comment="a comment")) == problem


def test_the_empty_problem_is_refused_saying_why() -> None:
    with pytest.raises(FormatError, match="its item line would start with '[|]'"):
        write(Problem({}))


def test_read_and_write_files_and_paths(tmp_path: Path) -> None:
    problem = read(KNUTH)
    path = tmp_path / "knuth.dlx"
    write(problem, path, comment="Knuth's example\nexpected solutions: 1")
    assert path.read_text().startswith("| Knuth's example\n| expected solutions: 1\na b c")
    assert read(path) == problem
    buffer = io.StringIO()
    write(problem, buffer)
    assert read(io.StringIO(buffer.getvalue())) == problem


@pytest.mark.parametrize(
    ("text", "error", "line", "column"),
    [
        ("a b\na q\n", UnknownItemError, 2, 3),
        ("| c\na b\n\nb a:red\n", ColorError, 4, 3),
        ("a | x\na x:\n", FormatError, 2, 3),
        ("a | x\na x:r:g\n", FormatError, 2, 3),
        ("a b\na  b  a\n", RepeatedItemError, 2, 7),
        ("a | x | y\n", FormatError, 1, 7),
        ("a b a\n", DuplicateItemError, 1, 5),
        ("a x:y\n", FormatError, 1, 3),
        ("a b\na | b\n", FormatError, 2, 3),
        ("| only comments\n", FormatError, None, None),
    ],
)
def test_bad_text_is_reported_with_line_and_column(
    text: str, error: type[DLXError], line: int | None, column: int | None
) -> None:
    with pytest.raises(error) as caught:
        read(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    if line is not None:
        assert str(caught.value).startswith(f"line {line}, column {column}: ")


def test_names_that_the_format_cannot_hold_are_refused() -> None:
    with pytest.raises(FormatError, match="cannot be written"):
        write(Problem([["a b"]]))


def test_an_option_that_is_not_a_list_is_named() -> None:
    with pytest.raises(ArgumentTypeError, match="option 'o' is 3, not a list of items"):
        Problem({"p": ["a"], "o": 3}, primary=["a"])
    with pytest.raises(ArgumentTypeError, match="cannot be an item"):
        Problem({"o": [["a"]]}, primary=["a"])  # unhashable: past the bulk check, named


entry_names = st.one_of(st.sampled_from(["a", "b", "c", "s", "s:red", "zz"]), st.integers(0, 3))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(entry_names, max_size=5).map(tuple), max_size=8),
    st.integers(0, 3),
    st.integers(0, 50),
)
def test_the_one_pass_in_c_numbers_options_as_the_python_pass_does(
    options: list[tuple[object, ...]], begin: int, base: int
) -> None:
    c = pytest.importorskip("dlx._search", reason="the C part is not built")
    begin = min(begin, len(options))
    number: dict[object, int] = {"a": 1, "b": 2, "c": 3, "s": -1, 0: 4, 1: 5}
    assert c.number_options(options, number, begin, base) == problem_module._number_plain(
        options, number, begin, base
    )


def test_an_unhashable_entry_or_a_long_option_is_left_to_the_python_pass() -> None:
    c = pytest.importorskip("dlx._search", reason="the C part is not built")
    number = {k: k + 1 for k in range(100)}
    assert c.number_options([(0, 1), ([2],), (3,)], number, 0, 0)[2] == 1
    long_option = tuple(range(100))
    assert c.number_options([long_option], number, 0, 0)[2] == 0  # > 64 items: Python's
    assert Problem([long_option, (5,)]).entries(0) == tuple((k, None) for k in long_option)


@settings(max_examples=200, deadline=None)
@given(problems())
def test_entries_read_back_as_given_and_secondary_items_number_after_primary(
    problem: Problem,
) -> None:
    inferred = Problem(problem.options, secondary=problem.secondary)  # primary items met late
    for p in (problem, inferred):
        links = p.compiled()
        n1 = len(p.primary)
        for k, (name, written) in enumerate(p.options.items()):
            numbers = links.nodes[links.starts[k] : links.starts[k + 1]]
            assert [str(item) for item, _ in p.entries(name)] == [
                str(entry).split(":")[0] for entry in written
            ]
            for number, (item, color) in zip(numbers, p.entries(name), strict=True):
                assert (number <= n1) == (item in p.primary)
                assert f"{item}:{color}" in written if color is not None else item in written


def test_without_leaves_out_the_options_named_and_keeps_the_rest() -> None:
    problem = Problem(
        {"A": ["a", "x:red"], "B": ["a"], "C": ["b"]},
        secondary=["x"],
        bounds={"b": (0, 1)},
        costs={"A": 1, "B": 2, "C": 3},
    )
    rest = problem.without(["B"])
    assert rest == Problem(
        {"A": ["a", "x:red"], "C": ["b"]},
        primary=["a", "b"],
        secondary=["x"],
        bounds={"b": (0, 1)},
        costs={"A": 1, "C": 3},
    )
    assert sorted(map(sorted, rest.solutions())) == [["A"], ["A", "C"]]
    with pytest.raises(DLXError, match="no option named 'Z'"):
        problem.without(["Z"])
