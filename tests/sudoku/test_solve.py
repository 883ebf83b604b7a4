"""solve, count, uniqueness and batches, against known counts and the data sets."""

import itertools

import pytest

from sudoku.batch import Task, Work, answers, reader, solve_lines
from sudoku.cover import decode, search
from sudoku.grid import ConflictingGivens, Grid, GridError, Shape, format_line, is_solution, parse
from sudoku.records import BadInput, Solved, Status
from sudoku.solve import Result, count, solve

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
# HARD_SOLUTION with the rectangle r1c2, r1c4, r2c2, r2c4 blanked: it holds 1 3 / 3 1, and
# 3 1 / 1 3 fits as well (a "deadly pattern"), so this puzzle has exactly two solutions.
TWO_SOLUTIONS = "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293"


def check(result: Result) -> None:
    """Every solution returned is checked independently of the engine."""
    for solution in result.solutions:
        assert is_solution(solution, result.puzzle)


def test_a_hard_puzzle_has_a_unique_solution():
    result = solve(parse(HARD))
    check(result)
    assert result.status is Status.UNIQUE
    assert format_line(result.solution) == HARD_SOLUTION
    assert result.stats.nodes > 0


def test_a_puzzle_with_two_solutions_shows_both():
    result = solve(parse(TWO_SOLUTIONS))
    check(result)
    assert result.status is Status.SEVERAL
    corners = {
        tuple(s[cell] for cell in [(0, 1), (0, 3), (1, 1), (1, 3)]) for s in result.solutions
    }
    assert corners == {(1, 3, 3, 1), (3, 1, 1, 3)}
    assert count(parse(TWO_SOLUTIONS)) == 2


NO_SOLUTION = ".234....1......."  # r1c1 must be 1, but column 1 has its 1


def test_a_puzzle_without_solution_says_none():
    result = solve(parse(NO_SOLUTION))
    assert result.status is Status.NONE and result.solution is None
    assert count(result.puzzle) == 0


def test_the_empty_4x4_grid_has_288_solutions():
    assert count(Grid.empty(Shape.for_size(4))) == 288


def test_the_empty_9x9_grid_solves_and_counts_to_a_limit():
    empty = Grid.empty()
    result = solve(empty)
    check(result)
    assert result.status is Status.SEVERAL
    assert count(empty, limit=1000) == 1000


def test_duplicate_givens_are_refused_before_any_search_naming_the_cells():
    puzzle = parse(HARD).with_cell(0, 8, 4)
    with pytest.raises(ConflictingGivens) as caught:
        solve(puzzle)
    assert str(caught.value) == "the givens break the rules: 4 twice in row 1 (r1c1, r1c9)"
    assert caught.value.conflicts == [("row 1", 4, ((0, 0), (0, 8)))]
    with pytest.raises(GridError, match="r1c1, r1c9"):
        count(puzzle)


@pytest.mark.parametrize(("n", "blanks"), [(6, 18), (12, 70), (16, 120), (25, 300)])
def test_larger_and_rectangular_box_shapes_solve(n, blanks, pattern_grid):
    """Puzzles generated from the pattern-formula grid (see conftest) by blanking cells on
    a fixed pseudo-random choice; the solver must refill them consistently."""
    full = pattern_grid(Shape.for_size(n))
    holes = set(itertools.islice(((7 * k * k + 3 * k) % (n * n) for k in range(10**6)), blanks))
    puzzle = Grid(full.shape, tuple(0 if k in holes else d for k, d in enumerate(full.cells)))
    result = solve(puzzle)
    check(result)
    assert result.solution is not None


def x_and_jigsaw_puzzles() -> list[Grid]:
    """An X-sudoku and a jigsaw: the first solution of each empty shape, then every other
    cell blanked in a checkerboard, so the givens come from a real solution."""
    jigsaw = Shape.jigsaw(
        """
        111222333
        111222333
        114222333
        144555566
        444556666
        444555666
        777788999
        778888999
        777888999
        """
    )
    puzzles = []
    for shape in (Shape.x(), jigsaw, Shape.x(6)):
        full = solve(Grid.empty(shape)).solution
        n = shape.size
        cells = tuple(d if (k // n + k % n) % 2 else 0 for k, d in enumerate(full.cells))
        puzzles.append(Grid(shape, cells))
    return puzzles


@pytest.mark.parametrize("puzzle", x_and_jigsaw_puzzles(), ids=["x", "jigsaw", "x6"])
def test_x_sudoku_and_jigsaw_puzzles_solve(puzzle):
    result = solve(puzzle)
    check(result)
    assert result.solution is not None
    assert not is_solution(Grid(Shape.for_size(puzzle.shape.size), puzzle.cells))


def test_x_sudoku_rules_out_solutions_the_plain_grid_allows():
    assert count(Grid.empty(Shape.x(4))) < count(Grid.empty(Shape.for_size(4)))


# --- batches -------------------------------------------------------------------------------


def test_a_batch_answers_in_order_and_reports_bad_lines_without_stopping():
    lines = [
        "# a comment",
        HARD,
        "",
        HARD[:80],
        HARD.replace("4", "x", 1),
        "44" + HARD[2:],
        TWO_SOLUTIONS,
    ]
    found = list(solve_lines(lines))
    assert [a.place.number for a in found] == [2, 4, 5, 6, 7]
    assert found[0].status is Status.UNIQUE and found[0].puzzle == HARD
    assert found[1].error == "line 4, column 81: found 80 cells, expected 81 for a 9x9 grid"
    assert found[2].error.startswith("line 5, column 1: found 'x'")
    assert found[3].error.startswith("line 6: the givens break the rules")
    assert isinstance(found[3], BadInput) and found[3].column is None
    assert found[4].status is Status.SEVERAL


def test_a_batch_is_lazy():
    endless = itertools.cycle([HARD])
    first_two = list(itertools.islice(solve_lines(endless), 2))
    assert [a.place.number for a in first_two] == [1, 2]


def test_a_batch_takes_other_work_such_as_counting():
    counted = list(answers([NO_SOLUTION, "." * 16], Task(Work.COUNT, limit=5)))
    assert [a.count for a in counted] == [0, 5]


def test_a_multi_line_grid_file_is_read_as_one_puzzle():
    sdk = "#A somebody\n" + "\n".join(HARD[k : k + 9] for k in range(0, 81, 9))
    (answer,) = solve_lines(sdk.splitlines())
    assert answer.place.number == 2 and answer.status is Status.UNIQUE
    bad = sdk.replace(".3.", ".?.")
    (answer,) = solve_lines(bad.splitlines())
    assert answer.error.startswith("line 3, column 2:") and answer.column == 2


def test_readers_apply_a_shape_or_the_diagonals():
    assert reader(Shape.x())(HARD).shape == Shape.x()
    assert reader(x=True)("." * 16).shape == Shape.x(4)
    assert reader()(HARD).shape == Shape()
    with pytest.raises(GridError, match="expected 16"):
        reader(Shape.for_size(4), x=True)(HARD)


# --- the data sets -------------------------------------------------------------------------


def solve_and_prove_unique(path, limit=None):
    with path.open() as lines:
        for answer in solve_lines(itertools.islice(lines, limit)):
            assert isinstance(answer, Solved), answer
            puzzle = parse(answer.puzzle)
            assert is_solution(parse(answer.solutions[0]), puzzle), answer.place
            assert answer.status is Status.UNIQUE, answer.place


def test_every_top1465_puzzle_solves_uniquely(data_file):
    solve_and_prove_unique(data_file("top1465.txt"))


def test_2000_puzzles_of_sudoku17_solve_uniquely(data_file):
    solve_and_prove_unique(data_file("sudoku17.txt"), limit=2000)


@pytest.mark.parametrize("name", ["top1465.txt", "sudoku17.txt"])
def test_the_pure_python_loops_agree_on_data_puzzles(data_file, name):
    # the option-mask loop keeps sudoku's item lengths up to date (dlx.bits' counted form):
    # every node as the dancing-links reference takes it, and the answers verified
    with data_file(name).open() as lines:
        puzzles = [parse(line) for line in itertools.islice(lines, 0, 1000, 50)]
    for puzzle in puzzles:
        runs = [search(puzzle, backend=backend) for backend in ("python", "bits")]
        found = [[decode(solution, puzzle.shape) for solution in run] for run in runs]
        assert found[0] == found[1] and len(found[0]) == 1 and is_solution(found[0][0], puzzle)
        (nodes, profile), other = ((run.stats.nodes, run.stats.profile) for run in runs)
        assert other == (nodes, profile)
