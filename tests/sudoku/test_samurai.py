"""Samurai: a published puzzle solves to its published solution, unique; both text forms read;
bad input is named by line and column.

`independent_check` is plain Python written for these tests: it cuts the five grids out of a
21-line layout itself and checks their rows, columns and boxes, without the engine or sudoku.

Provenance: this puzzle and its solution were transcribed from the test data of public
repositories that cite the sources named beside each one; those pages themselves were
not consulted. Every published solution also passes the independent checker here.
"""

from pathlib import Path

import pytest

from sudoku.grid import GridError
from sudoku.samurai import (
    count_samurai,
    format_samurai,
    format_samurai_line,
    is_samurai_solution,
    parse_samurai,
    solve_samurai,
)
from tests.sudoku.conftest import error_of

FIXTURE = Path(__file__).parent.parent / "fixtures" / "variants" / "samurai-samurai-sudoku-com.txt"

# The published solution of http://www.samurai-sudoku.com/#ai ("easy"), as its 21x21 layout.
PUBLISHED = """\
493715268   946835217
527468931   137492586
861293574   852716934
954631827   524187693
318927645   719643852
276854319   683529741
182379456713298371465
645182793852461258379
739546182964375964128
      648591723
      319287654
      275346189
178936524178936287451
243581967435812945376
659427831629547163829
892143675   678531294
465792183   153492687
317658492   429876513
581279346   761328945
924365718   295614738
736814259   384759162"""


def independent_check(layout: str, givens: str | None = None) -> None:
    """Assert that a 21-line layout (spaces outside the grids) is a samurai solution that
    keeps the givens of another layout."""
    rows = [line.ljust(21) for line in layout.splitlines()]
    for r0, c0 in ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12)):
        grid = [[int(rows[r0 + r][c0 + c]) for c in range(9)] for r in range(9)]
        units = grid + [[row[c] for row in grid] for c in range(9)]
        units += [
            [grid[br + r][bc + c] for r in range(3) for c in range(3)]
            for br in (0, 3, 6)
            for bc in (0, 3, 6)
        ]
        assert all(sorted(unit) == list(range(1, 10)) for unit in units)
    if givens is not None:
        given_rows = [line.ljust(21) for line in givens.splitlines() if not line.startswith("#")]
        for given, row in zip(given_rows, rows, strict=True):
            assert all(g in " ." or g == d for g, d in zip(given, row, strict=True))


def test_the_published_samurai_solves_to_its_published_solution_and_is_unique():
    text = FIXTURE.read_text()
    independent_check(PUBLISHED, text)  # the published answer is right
    result = solve_samurai(parse_samurai(text))
    assert result.status.value == "unique"
    assert format_samurai(result.solution) == PUBLISHED
    assert is_samurai_solution(result.solution, result.puzzle)
    assert count_samurai(parse_samurai(text)) == 1


def test_both_text_forms_read_the_same_samurai_and_write_back():
    puzzle = parse_samurai(FIXTURE.read_text())
    grids = "\n".join(str(grid) for grid in puzzle.grids())
    assert parse_samurai(grids) == puzzle
    assert parse_samurai(format_samurai(puzzle)) == puzzle
    assert parse_samurai(format_samurai_line(puzzle)) == puzzle


def test_a_solved_corner_grid_alone_has_many_completions_of_the_rest():
    solution = parse_samurai(PUBLISHED)
    puzzle = parse_samurai(format_samurai_line(solution)[:81] + "." * (369 - 81))
    assert count_samurai(puzzle, limit=3) == 3
    assert not is_samurai_solution(puzzle)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1" * 368 + "x", "line 1, column 369: found 'x'"),
        ("." * 370, "line 1, column 370: found 370 cells, expected 369"),
        ("." * 100, "line 1, column 101: found 100 cells"),
        ("# nothing\n", "found 0 cells, expected 369"),
        (
            "." * 222 + "1" + "." * 101 + "2" + "." * 80,  # middle (6, 6) and bottom right (0, 0)
            "line 1, column 325: found 2 at r13c13 of the layout, where an overlapping grid has 1",
        ),
    ],
)
def test_bad_samurai_text_says_where(text, message):
    assert error_of(parse_samurai, text).startswith(message)


def test_givens_that_clash_in_one_grid_are_refused_naming_it():
    puzzle = parse_samurai("11" + "." * 367)
    with pytest.raises(GridError, match="top left grid: the givens break the rules: 1 twice"):
        solve_samurai(puzzle)
