"""Making jigsaw and killer puzzles: unique by the engine's count, each solution checked by
the independent checker of test_variants (plain Python reading the written map files)."""

import pytest

from sudoku.generate import GenerateError, OutOfAttempts, complete_grid, generate
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


# --- every size: an independent check of any size, reading the maps as written ------------

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def _map_rows(text, n):
    rows = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return [row.replace(" ", "") for row in rows[:n]], rows[n:]


def check_any_size(made):
    """Assert, in plain Python from the written line and maps, that ``made.solution`` fills
    every row, column and region (a region file's labels, or the boxes) with 1..n, keeps
    the givens, and gives every cage (a cage file's labels and sums) different digits of
    its sum."""
    record = made.record()
    n = record.size
    line, givens = record.solution, record.puzzle
    grid = [[SYMBOLS.index(line[r * n + c]) + 1 for c in range(n)] for r in range(n)]
    assert all(g in ".0" or g == s for g, s in zip(givens, line, strict=True))
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    if record.regions is not None:
        rows, _ = _map_rows(record.regions, n)
        labels = {rows[r][c] for r in range(n) for c in range(n)}
        units += [[(r, c) for r in range(n) for c in range(n) if rows[r][c] == k] for k in labels]
    else:
        units += [list(box) for box in Shape.for_size(n).boxes]
    for unit in units:
        assert sorted(grid[r][c] for r, c in unit) == list(range(1, n + 1))
    if record.cages is not None:
        rows, rest = _map_rows(record.cages, n)
        sums = dict(entry.split("=") for row in rest for entry in row.split())
        for label, total in sums.items():
            digits = [grid[r][c] for r in range(n) for c in range(n) if rows[r][c] == label]
            assert len(set(digits)) == len(digits) and sum(digits) == int(total)
        assert all(rows[r][c] in sums or rows[r][c] == "." for r in range(n) for c in range(n))


def _variant(n, jigsaw, killer, seed):
    from sudoku.make_variants import generate_variant

    shape = Shape.jigsaw([[(r, c) for c in range(n)] for r in range(n)]) if jigsaw else None
    return generate_variant(shape or Shape.for_size(n), jigsaw=jigsaw, killer=killer, seed=seed)


def _made_right(n, jigsaw, killer, seed=1):
    made = _variant(n, jigsaw, killer, seed)
    assert made.puzzle.shape.size == n
    assert count(made.puzzle, limit=2) == 1  # the engine's count, or C's from 16x16
    check_any_size(made)
    assert _variant(n, jigsaw, killer, seed).puzzle == made.puzzle  # the seed reproduces it
    return made


@pytest.mark.parametrize(
    "n, jigsaw, killer",
    [(4, True, False), (5, True, False), (7, True, False), (6, False, True), (8, False, True),
     (5, True, True), (12, True, False), (12, False, True)],
)  # fmt: skip
def test_jigsaws_and_killers_of_small_sizes_are_unique_and_check(n, jigsaw, killer):
    _made_right(n, jigsaw, killer)


@pytest.mark.slow
@pytest.mark.parametrize(
    "n, jigsaw, killer",
    [(16, True, False), (16, False, True), (16, True, True), (13, True, False), (14, True, False),
     (15, True, False), (14, False, True), (15, False, True), (11, True, True)],
)  # fmt: skip
def test_jigsaws_and_killers_up_to_16x16_are_unique_and_check(n, jigsaw, killer):
    """From 12x12 on a killer keeps givens beside its cages; a 16x16 jigsaw keeps a few
    clues whose removal no proof settled within PROOF_GUESSES (it is unique all the same)."""
    made = _made_right(n, jigsaw, killer)
    if killer and n >= 14:
        assert 0 < made.clues < n * n // 4


def test_cages_of_a_16x16_grid_fit_the_labels_of_a_cage_map():
    from sudoku.variants import LABELS

    solution = complete_grid(Shape.for_size(16), seed=4)
    cages = random_cages(solution, seed=4)
    assert len(LABELS) >= len(cages) > 16 * 16 // 8
    assert sorted(cell for _, cage in cages for cell in cage) == list(solution.shape.cells)
    for total, cage in cages:
        digits = [solution[cell] for cell in cage]
        assert len(set(digits)) == len(digits) and sum(digits) == total
    assert all(_connected(list(cage)) for _, cage in cages)


@pytest.mark.parametrize(
    "n, jigsaw, killer, says",
    [(25, True, False, "random jigsaws go up to 16x16"), (18, False, True, "at most 79 cages"),
     (25, True, True, "killers go up to 16x16")],
)  # fmt: skip
def test_sizes_past_the_limits_are_refused_up_front_naming_them(n, jigsaw, killer, says):
    with pytest.raises(GenerateError, match=says) as refused:
        _variant(n, jigsaw, killer, 1)
    assert not isinstance(refused.value, OutOfAttempts)  # refused, not run out of time


def test_a_proof_bound_keeps_every_clue_it_cannot_settle_and_the_puzzle_stays_unique():
    """strip under a Budget whose proofs may take one node (a killer's proofs run on the
    engine): no removal is proved, so every clue stays and strip says the puzzle may not be
    minimal; without the bound the same digging goes down and says it is."""
    from sudoku.digging import Budget, orbits, strip

    solution = generate_killer(seed=1).solution
    bounded, free = list(solution.cells), list(solution.cells)
    assert strip(solution.shape, bounded, orbits(solution.shape), Budget(None, 1)) is False
    assert bounded == list(solution.cells)
    assert strip(solution.shape, free, orbits(solution.shape), Budget(None)) is True
    assert count(Grid(solution.shape, tuple(free)), limit=2) == 1 and not any(free)
    with pytest.raises(GenerateError, match="guesses must be 1 or more"):
        Budget(None, 0)
