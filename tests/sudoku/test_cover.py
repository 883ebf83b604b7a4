"""The cover matrix of a shape: its size, its reuse across puzzles, and decoding."""

import pytest

import dlx
from sudoku.cover import cover_problem, decode, search
from sudoku.grid import Grid, Shape, is_solution, parse


@pytest.mark.parametrize("n", [4, 6, 9, 12, 16, 25])
def test_the_matrix_has_n_cubed_options_by_four_n_squared_items(n):
    problem = cover_problem(Shape.for_size(n))
    assert len(problem) == n**3
    assert len(problem.primary) == 4 * n * n
    assert problem.secondary == ()


def test_extra_regions_add_n_items_each():
    problem = cover_problem(Shape.x())
    assert len(problem.primary) == 324 + 2 * 9
    assert problem.options[4, 4, 5] == ("r5c5", "r5=5", "c5=5", "b5=5", "x1=5", "x2=5")


def test_the_matrix_is_built_once_per_shape():
    assert cover_problem(Shape.for_size(9)) is cover_problem(Shape(3, 3))


def test_a_puzzle_forces_its_givens_and_decodes_to_its_solution():
    puzzle = parse("1.....2........3")
    solution = decode(search(puzzle).first(), puzzle.shape)
    assert is_solution(solution, puzzle)


def test_conflicting_givens_are_refused_by_the_engine_too():
    with pytest.raises(dlx.ConflictError):
        search(Grid.empty(Shape.for_size(4)).with_cell(0, 0, 1).with_cell(0, 3, 1)).first()
