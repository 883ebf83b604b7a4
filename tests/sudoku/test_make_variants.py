"""Making jigsaw and killer puzzles: unique by the engine's count, each solution checked by
the independent checker of test_variants (plain Python reading the written map files)."""

import pytest

from sudoku.generate import OutOfAttempts, generate
from sudoku.grid import Grid, Shape, format_line
from sudoku.make_variants import generate_killer, random_cages, random_regions
from sudoku.solve import count
from sudoku.variants import format_cages, format_regions, read_cages
from tests.sudoku.test_variants import independent_check


def _connected(cells):
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        r, c = todo.pop()
        for other in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_killer_is_unique_from_its_cages_alone_and_its_solution_checks(seed):
    made = generate_killer(seed=seed)
    assert made.clues == 0 and made.seed == seed
    assert count(made.puzzle, limit=2) == 1
    independent_check(format_line(made.solution), cages=format_cages(made.puzzle.shape))
    assert all(_connected(list(cage)) for _, cage in made.puzzle.shape.cages)
    again = generate_killer(seed=seed)
    assert again.puzzle == made.puzzle


def test_a_killer_read_back_from_its_cage_file_is_the_same_puzzle():
    made = generate_killer(seed=5)
    shape = read_cages(format_cages(made.puzzle.shape))
    assert set(shape.cages) == set(made.puzzle.shape.cages)
    assert count(Grid.empty(shape), limit=2) == 1


def test_a_killer_with_givens_allowed_keeps_only_what_it_needs():
    made = generate_killer(Shape.for_size(4), seed=3, givens=True, attempts=1)
    assert count(made.puzzle, limit=2) == 1
    for k, digit in enumerate(made.puzzle.cells):  # minimal: no given can go
        if digit:
            fewer = list(made.puzzle.cells)
            fewer[k] = 0
            assert count(Grid(made.puzzle.shape, tuple(fewer)), limit=2) == 2


def test_a_killer_that_its_cages_never_decide_runs_out_of_attempts():
    with pytest.raises(OutOfAttempts, match="in 1 attempts"):
        for seed in range(20):  # some 4x4 cagings are not unique: one of these seeds says so
            generate_killer(Shape.for_size(4), seed=seed, attempts=1)


def test_random_cages_hold_different_digits_and_cover_the_grid():
    solution = generate_killer(seed=1).solution
    cages = random_cages(Grid(Shape(), solution.cells), seed=9)
    assert sorted(cell for _, cage in cages for cell in cage) == list(Shape().cells)
    for total, cage in cages:
        digits = [solution[cell] for cell in cage]
        assert len(set(digits)) == len(digits) and sum(digits) == total


@pytest.mark.parametrize("seed", [0, 1])
def test_random_regions_are_connected_and_make_unique_jigsaws(seed):
    shape = random_regions(9, seed)
    assert shape.regions != Shape().boxes
    assert all(len(region) == 9 and _connected(list(region)) for region in shape.regions)
    made = generate(shape, seed=seed)
    assert count(made.puzzle, limit=2) == 1
    line = format_line(made.puzzle)
    independent_check(format_line(made.solution), line, regions=format_regions(shape))


@pytest.mark.parametrize("make", ["regions", "killer"])
def test_big_variants_stop_at_their_time_limit_and_say_so(make):
    """A 16x16 jigsaw's regions and a 16x16 killer's proof can take minutes: with a time
    limit too short for either, each stops with OutOfAttempts naming the limit."""
    with pytest.raises(OutOfAttempts, match=r"in 0\.001 s"):
        if make == "regions":
            random_regions(16, seed=1, time_limit=0.001)
        else:
            generate_killer(Shape.for_size(16), seed=1, time_limit=0.001)


def test_a_jigsaw_and_a_killer_made_within_a_time_limit_are_unique():
    """Given the time, the limit changes nothing: the same puzzles as without one."""
    from sudoku.make_variants import generate_variant

    for killer in (False, True):
        timed = generate_variant(Shape(), jigsaw=True, killer=killer, seed=5, time_limit=300)
        plain = generate_variant(Shape(), jigsaw=True, killer=killer, seed=5)
        assert timed.puzzle == plain.puzzle and count(timed.puzzle, limit=2) == 1
