"""Shapes, the lenient parser and its strict errors, formatting, and the independent checker."""

import json
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku.grid import (
    Grid,
    GridError,
    Shape,
    cell_name,
    conflicts,
    format_grid,
    format_json,
    format_line,
    is_solution,
    parse,
)

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
BOX_SIZES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4), 16: (4, 4)}
BOX_SIZES |= {15: (3, 5), 20: (4, 5), 25: (5, 5)}


@pytest.mark.parametrize(("n", "dims"), sorted(BOX_SIZES.items()))
def test_for_size_picks_the_most_square_boxes(n, dims):
    shape = Shape.for_size(n)
    assert (shape.box_rows, shape.box_cols) == dims
    assert shape.size == n
    assert len(shape.units) == 3 * n
    assert all(len(unit) == n == len(set(unit)) for unit in shape.units)


@pytest.mark.parametrize("n", [3, 5, 7, 11, 26, 36])
def test_for_size_refuses_sizes_without_boxes(n):
    with pytest.raises(GridError, match=f"found size {n}"):
        Shape.for_size(n)


def test_boxes_of_a_6x6_are_two_rows_by_three_columns():
    first, second, third = Shape.for_size(6).boxes[:3]
    assert first == ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2))
    assert second[0] == (0, 3)
    assert third[0] == (2, 0)


def test_x_sudoku_adds_both_diagonals_as_named_units():
    shape = Shape.x()
    assert shape.extra_names == ("diagonal", "anti-diagonal")
    assert shape.extra_regions[1] == tuple((k, 8 - k) for k in range(9))
    assert len(shape.units) == 29
    assert shape.with_diagonals() is shape
    assert str(shape) == "9x9 (boxes 3x3, diagonal, anti-diagonal)"


def test_jigsaw_regions_from_a_label_map_replace_the_boxes():
    shape = Shape.jigsaw("1122 1122 3344 3344")
    assert shape.size == 4
    assert shape.boxes == Shape.for_size(4).boxes
    assert shape.unit_names[-1] == "region 4"
    assert shape == Shape.jigsaw([list(map(list, region)) for region in shape.boxes])


@pytest.mark.parametrize(
    ("regions", "message"),
    [
        ("1122 1122 3333 3333", "found 3 regions, expected 4"),
        ("1122 1122 3344 3343", "region 3: found 5 cells, 5 different, expected 4"),
        ([[(0, 0), (0, 1), (1, 0), (1, 1)]] * 4, "cover every cell once; not covered: r1c3"),
        ([[(0, 0), (0, 0), (1, 0), (1, 1)]] * 4, "region 1: found 4 cells, 3 different"),
    ],
)
def test_jigsaw_regions_must_partition_the_grid(regions, message):
    with pytest.raises(GridError, match=message):
        Shape.jigsaw(regions)


def test_grid_access_and_updates():
    grid = parse(PUZZLE)
    assert grid[0, 0] == 4 and grid[0, 6] == 8 and grid[0, 1] == 0
    assert grid.givens()[:2] == [(0, 0, 4), (0, 6, 8)]
    assert grid.with_cell(0, 1, 7)[0, 1] == 7
    assert not grid.is_complete()
    assert str(grid) == PUZZLE
    assert Grid.empty(Shape.for_size(4)).cells == (0,) * 16
    with pytest.raises(GridError, match="found 3 cells, expected 16"):
        Grid(Shape.for_size(4), (0, 0, 0))
    with pytest.raises(GridError, match="digits 0..4"):
        Grid(Shape.for_size(4), (5,) * 16)


def test_cell_names_are_one_based():
    assert cell_name((0, 4)) == "r1c5"


# --- parsing -------------------------------------------------------------------------------

NORVIG_GRID = """
4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .
"""

SDK = """#A Somebody
#D A puzzle in the SadMan .sdk layout
#B 07-02-2005
4.....8.5
.3.......
...7.....
.2.....6.
....8.4..
....1....
...6.3.7.
5..2.....
1.4......
"""


@pytest.mark.parametrize(
    "text",
    [
        PUZZLE,
        PUZZLE.replace(".", "0"),
        PUZZLE.replace(".", "_"),
        PUZZLE.replace(".", "-"),
        f"  {PUZZLE}\r\n",
        " ".join(PUZZLE),
        NORVIG_GRID,
        NORVIG_GRID.replace(".", "0"),
        NORVIG_GRID.replace(".", "-"),  # lone dashes between spaces are blanks, not rules
        SDK,
        "\n".join(PUZZLE[k : k + 9] for k in range(0, 81, 9)),
    ],
    ids=["dots", "zeros", "underscores", "dashes", "padded", "spaced", "grid", "grid-zeros",
         "grid-dashes", "sdk", "nine-lines"],
)  # fmt: skip
def test_lenient_parser_reads_every_usual_layout(text):
    assert format_line(parse(text)) == PUZZLE


def test_letters_for_digits_above_nine_in_either_case(pattern_grid):
    grid = pattern_grid(Shape.for_size(16))
    line = format_line(grid)
    assert "G" in line
    assert parse(line) == grid
    assert parse(line.lower()) == grid


def test_size_is_inferred_from_the_cell_count():
    assert parse("1..." * 4).shape == Shape(2, 2)
    assert parse("." * 36).shape == Shape(2, 3)
    assert parse("." * 144).shape == Shape(3, 4)
    assert parse("." * 625).shape.size == 25


def test_an_explicit_shape_decides_the_size():
    shape = Shape.x()
    assert parse(PUZZLE, shape).shape is shape
    with pytest.raises(GridError, match="found 16 cells, expected 81 for a 9x9 grid"):
        parse("." * 16, shape)


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        (PUZZLE[:80], 1, 81, "found 80 cells, expected 81 for a 9x9 grid"),
        (PUZZLE + "1", 1, 82, "found 82 cells, expected 81 for a 9x9 grid"),
        (PUZZLE[:10] + "x" + PUZZLE[11:], 1, 11, "found 'x', expected a digit 1-9, a letter"),
        (PUZZLE[:10] + "G" + PUZZLE[11:], 1, 11, "found 'G', expected 1-9 or a blank for a 9x9"),
        ("12.." * 3 + "12.5", 1, 16, "found '5', expected 1-4 or a blank for a 4x4 grid"),
        (NORVIG_GRID.replace("7 . .", "7 ? ."), 4, 10, "found '?'"),
        ("# only a comment\n\n", None, None, "found no cells, expected a grid"),
        ("", None, None, "found no cells"),
    ],
)
def test_strict_errors_say_what_was_found_where_and_what_was_expected(text, line, column, message):
    with pytest.raises(GridError, match=message) as caught:
        parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    if line:
        assert str(caught.value).startswith(f"line {line}, column {column}: found")


def test_errors_can_be_moved_to_the_line_of_a_larger_file():
    with pytest.raises(GridError) as caught:
        parse(PUZZLE[:80])
    moved = caught.value.at_line(1234)
    assert str(moved) == "line 1234, column 81: found 80 cells, expected 81 for a 9x9 grid"
    assert caught.value.line == 1


def test_a_grid_error_is_a_value_error():
    assert issubclass(GridError, ValueError)


# --- formatting ----------------------------------------------------------------------------


def test_format_grid_draws_box_separators():
    assert format_grid(parse(PUZZLE)).splitlines()[:5] == [
        "4 . . | . . . | 8 . 5",
        ". 3 . | . . . | . . .",
        ". . . | 7 . . | . . .",
        "------+-------+------",
        ". 2 . | . . . | . 6 .",
    ]
    assert format_grid(parse("." * 36)).splitlines()[2] == "------+------"


def test_format_grid_of_a_jigsaw_has_no_box_separators():
    grid = Grid.empty(Shape.jigsaw("1122 1122 3344 3344"))
    assert format_grid(grid) == "\n".join([". . . ."] * 4)


def test_format_json_carries_the_regions():
    grid = Grid.empty(Shape.x(4))
    data = json.loads(format_json(grid))
    assert data["size"] == 4 and data["box"] == [2, 2] and data["line"] == "." * 16
    assert data["rows"] == [[0] * 4] * 4
    assert data["extra_regions"]["diagonal"] == [[k, k] for k in range(4)]
    jigsaw = json.loads(format_json(Grid.empty(Shape.jigsaw("1122 1122 3344 3344"))))
    assert jigsaw["regions"][0] == [[0, 0], [0, 1], [1, 0], [1, 1]]


grids = st.sampled_from(sorted(BOX_SIZES)).flatmap(
    lambda n: st.lists(st.integers(0, n), min_size=n * n, max_size=n * n).map(
        lambda cells: Grid(Shape.for_size(n), tuple(cells))
    )
)


@given(grids)
def test_every_format_reads_back_to_the_same_grid(grid):
    assert parse(format_line(grid)) == grid
    assert parse(format_grid(grid)) == grid
    data = json.loads(format_json(grid))
    assert tuple(d for row in data["rows"] for d in row) == grid.cells


# --- checking ------------------------------------------------------------------------------


@pytest.mark.parametrize("n", sorted(BOX_SIZES))
def test_pattern_grids_are_solutions(n, pattern_grid):
    grid = pattern_grid(Shape.for_size(n))
    assert is_solution(grid)
    assert conflicts(grid) == []


def test_is_solution_rejects_broken_grids_and_changed_givens(pattern_grid):
    solution = pattern_grid(Shape())
    assert not is_solution(solution.with_cell(0, 0, 0)), "incomplete"
    swapped = solution.with_cell(0, 0, solution[0, 1]).with_cell(0, 1, solution[0, 0])
    assert not is_solution(swapped), "rows fine, columns broken"
    puzzle = Grid.empty().with_cell(0, 0, solution[0, 0] % 9 + 1)
    assert not is_solution(solution, puzzle), "given changed"
    assert is_solution(solution, solution.with_cell(4, 4, 0))
    assert not is_solution(solution, Grid.empty(Shape.x())), "another shape"
    assert not is_solution(Grid(Shape.x(), solution.cells)), "diagonals broken"


def test_conflicts_name_the_unit_the_digit_and_the_cells():
    grid = parse(PUZZLE).with_cell(0, 1, 4)
    assert conflicts(grid) == [("row 1", 4, ((0, 0), (0, 1))), ("box 1", 4, ((0, 0), (0, 1)))]
    diagonal = Grid.empty(Shape.x(4)).with_cell(0, 0, 1).with_cell(3, 3, 1)
    assert conflicts(diagonal) == [("diagonal", 1, ((0, 0), (3, 3)))]


def test_the_repr_is_short_and_names_the_size_the_variant_and_the_givens():
    assert repr(parse(PUZZLE)) == "Grid(9x9, 17 givens: 4.....8.5.3..........7......2.…)"
    assert repr(parse("1" + "." * 15)) == "Grid(4x4, 1 given: 1...............)"
    jigsaw = Shape.jigsaw("1122 1122 3344 3344").with_cages([(3, [(0, 0), (0, 1)])])
    assert repr(Grid.empty(jigsaw)) == "Grid(4x4 jigsaw, 1 cage, 0 givens: ................)"
    # The longest there is: 25x25, jigsaw, extra regions, a cage a cell, every cell filled.
    big = Shape.jigsaw(Shape.for_size(25).boxes).with_diagonals()
    big = big.with_cages([(1 + (r + c) % 25, [(r, c)]) for r, c in big.cells])
    text = repr(Grid(big, (1,) * 625))
    assert text.startswith("Grid(25x25 jigsaw, 2 extra regions, 625 cages, 625 givens: 1111")
    assert len(text) <= 100


@pytest.mark.parametrize(
    "line", [PUZZLE, "123456789ABCDEFG" + "." * 239 + "G", "." * 16], ids=["9x9", "16x16", "empty"]
)
def test_in_a_notebook_a_grid_draws_itself_with_its_givens_bold(line):
    grid = parse(line)
    svg = ET.fromstring(grid._repr_svg_())
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    digits = [e for e in svg.iter("{http://www.w3.org/2000/svg}text") if e.get("class") == "digit"]
    assert [e.text for e in digits] == [symbol for symbol in line if symbol != "."]
    assert all(e.get("font-weight") == "bold" for e in digits)
    html = grid._repr_html_()
    assert grid._repr_svg_() in html
    assert ET.fromstring(html).get("title") == line  # the whole grid, on hovering
