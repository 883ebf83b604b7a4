"""Generated puzzles and grids, judged by routes that do not share the generator's code.

Uniqueness and minimality are checked with a small backtracking counter written here (not
the engine the generator calls), symmetry with the geometric maps written out again, and
grids with ``sudoku.grid.is_solution``, which never touches the engine.
"""

import io
import random

import pytest

from sudoku.cover import search
from sudoku.digging import orbits
from sudoku.generate import (
    MIN_CLUES_9X9,
    SYMMETRIES,
    GenerateError,
    OutOfAttempts,
    complete_grid,
    dig,
    fewest,
    generate,
    generate_many,
    parse_mask,
)
from sudoku.grid import Grid, GridError, Shape, format_line, is_solution, parse
from sudoku.grids import distinct_grids, write_grids
from sudoku.rate import BANDS, LEVELS, rate
from sudoku.solve import Status, completer, quick_counter, solve


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """Solutions of ``grid``, up to ``limit``: plain backtracking on the most constrained
    cell, digits as bitmasks. Independent of dlx and of sudoku.cover."""
    n = grid.shape.size
    peers = [set() for _ in range(n * n)]
    for unit in grid.shape.units:
        for r, c in unit:
            peers[r * n + c].update(r2 * n + c2 for r2, c2 in unit)
    cells = list(grid.cells)
    full = (1 << n + 1) - 2  # bits 1..n

    def free(i: int) -> int:
        used = 0
        for p in peers[i]:
            used |= 1 << cells[p]
        return full & ~used

    def search() -> int:
        best, best_free = -1, 0
        for i, d in enumerate(cells):
            if not d:
                f = free(i)
                if best < 0 or f.bit_count() < best_free.bit_count():
                    best, best_free = i, f
                    if f.bit_count() <= 1:
                        break
        if best < 0:
            return 1
        found = 0
        for d in range(1, n + 1):
            if best_free >> d & 1:
                cells[best] = d
                found += search()
                if found >= limit:
                    break
        cells[best] = 0
        return min(found, limit)

    return search()


def mirror_image(cell, symmetry, n):
    """Where ``symmetry`` sends ``cell`` (written out again, not taken from the generator)."""
    r, c = cell
    return {
        "none": (r, c),
        "rot180": (n - 1 - r, n - 1 - c),
        "rot90": (c, n - 1 - r),
        "mirror": (r, n - 1 - c),
        "flip": (n - 1 - r, c),
        "diagonal": (c, r),
    }[symmetry]


def blank(grid: Grid, cells) -> Grid:
    for r, c in cells:
        grid = grid.with_cell(r, c, 0)
    return grid


def clue_orbit(cell, symmetry, n):
    orbit = [cell]
    while (nxt := mirror_image(orbit[-1], symmetry, n)) != cell:
        orbit.append(nxt)
    return orbit


def assert_sound(made, symmetry="none", minimal=True):
    """Unique, consistent with its solution, symmetric, and minimal for its symmetry."""
    puzzle, n = made.puzzle, made.puzzle.shape.size
    assert is_solution(made.solution, puzzle)
    assert count_solutions(puzzle) == 1
    clues = [(r, c) for r, c, _ in puzzle.givens()]
    assert all(puzzle[mirror_image(cell, symmetry, n)] for cell in clues)
    if minimal:
        for cell in clues:
            assert count_solutions(blank(puzzle, clue_orbit(cell, symmetry, n))) == 2, cell


def test_complete_grids_are_valid_and_reproducible():
    state = random.getstate()
    grids = [complete_grid(seed=seed) for seed in (1, 2, 1)]
    assert random.getstate() == state  # the global generator is never used
    assert all(is_solution(grid) for grid in grids)
    assert grids[0] == grids[2] != grids[1]
    assert complete_grid(seed=random.Random(5)) == complete_grid(seed=5)
    assert complete_grid(seed=None) != complete_grid(seed=None)  # fresh entropy, not fixed


def test_a_random_search_that_wanders_off_is_restarted():
    """Seed 18's first random search on this jigsaw runs for minutes without a grid (it is
    past 200,000 nodes where most take about 100); with restarts the grid comes at once,
    and is the same each time."""
    jigsaw = Shape.jigsaw("111222333 111222333 114222333 144555566 444556666 444555666 "
                          "777788999 778888999 777888999")  # fmt: skip
    first = search(Grid.empty(jigsaw), seed=random.Random(18), max_nodes=200_000)
    assert first.first() is None and first.stopped_by == "nodes"
    grid = complete_grid(jigsaw, seed=18)
    assert is_solution(grid) and grid == complete_grid(jigsaw, seed=18)


@pytest.mark.parametrize(
    "shape", [Shape(2, 2), Shape(2, 3), Shape(2, 4), Shape(3, 4), Shape(4, 4), Shape.x(9)]
)
def test_complete_grids_of_other_shapes(shape):
    assert is_solution(complete_grid(shape, seed=3))


@pytest.mark.parametrize("seed", range(4))
def test_puzzles_are_unique_and_minimal(seed):
    made = generate(seed=seed)
    assert_sound(made)
    assert made.seed == seed and made.attempts == 1
    assert made.rating == rate(made.puzzle, budget=0) and made.nodes > 0 and made.updates > 0
    assert made.rating.level == rate(made.puzzle).level  # the chains left out change no level
    assert generate(seed=seed) == made  # reproducible from the reported seed


@pytest.mark.parametrize("size", [4, 9])
def test_digging_s_quick_count_agrees_with_backtracking(size):
    """The C count that digging calls straight (no route chosen, no check) says 0, 1 or 2
    as the independent counter does, on puzzles blanked at random from complete grids and
    with a given changed (none or several solutions); givens that clash get None."""
    pytest.importorskip("sudoku._batch", reason="the C batch was not built")
    shape, rng = Shape.for_size(size), random.Random(size)
    counted = quick_counter(shape)
    seen = set()
    for k in range(60):
        cells = list(complete_grid(shape, seed=k).cells)
        for i in rng.sample(range(len(cells)), rng.randrange(len(cells) // 2, len(cells))):
            cells[i] = 0
        if k % 3 == 0:  # a given changed: often no solution left
            i = rng.choice([i for i, d in enumerate(cells) if d])
            cells[i] = cells[i] % size + 1
        grid = Grid(shape, tuple(cells))
        clash = any(
            len(ds := [grid[cell] for cell in unit if grid[cell]]) != len(set(ds))
            for unit in shape.units
        )
        answer = counted(cells)
        assert answer is None if clash else answer == count_solutions(grid)
        seen.add(answer)
    assert {0, 1, 2} <= seen  # every answer met
    clashing = [1, 1] + [0] * (size * size - 2)  # two 1s in the first row
    assert counted(clashing) is None


@pytest.mark.parametrize(
    ("shape", "puzzles"), [(Shape.for_size(4), 60), (Shape.for_size(9), 60), (Shape.x(9), 24)]
)
def test_the_local_search_s_completion_in_c_is_unique_by_backtracking(shape, puzzles):
    """The local search's completion in C (`completer`): the clues given stay, clues are
    added by whole orbits, the puzzle comes out unique by the independent counter with the
    solution it returns; the same seed draws the same; no solution gives None."""
    complete = completer(shape)
    if complete is None:
        pytest.skip("the C batch was not built")
    rng, n = random.Random(shape.size), shape.size
    for k in range(puzzles):  # X-sudoku on the bitmasks; the slow counter takes fewer
        cells = list(complete_grid(shape, seed=k).cells)
        plan = orbits(shape, rng.choice(["none", "rot180"]))
        for orbit in rng.sample(plan, rng.randrange(len(plan) // 2, len(plan))):
            for i in orbit:
                cells[i] = 0
        avoid = bytes(rng.random() < 0.3 for _ in cells)
        seed = rng.getrandbits(64)
        done = complete(bytes(cells), plan, avoid, seed, None)
        assert done is not None and done == complete(bytes(cells), plan, avoid, seed, None)
        puzzle, solution = Grid(shape, tuple(done[0])), Grid(shape, tuple(done[1]))
        assert all(puzzle.cells[i] == cells[i] for i in range(n * n) if cells[i])
        added = {i for i in range(n * n) if puzzle.cells[i] and not cells[i]}
        assert all(set(orbit) <= added for orbit in plan if set(orbit) & added)
        assert count_solutions(puzzle) == 1 and is_solution(solution, puzzle)
    none = [*range(1, n), 0, *[0] * (n - 1), n] + [0] * (n * n - 2 * n)  # no digit for r1cn
    assert count_solutions(Grid(shape, tuple(none))) == 0
    assert complete(bytes(none), plan, bytes(n * n), 1, None) is None


def test_the_completion_in_c_refuses_bad_input_and_keeps_time():
    complete = completer(Shape())
    if complete is None:
        pytest.skip("the C batch was not built")
    empty, plan = bytes(81), orbits(Shape())
    for args, error, message in [
        ((bytes(80), plan, bytes(80), 1, None), ValueError, "80 cells are no grid"),
        ((bytes([10]) + bytes(80), plan, bytes(81), 1, None), ValueError, "cell 0 holds 10"),
        ((empty, plan, bytes(80), 1, None), ValueError, "avoid has 80 bytes for 81 cells"),
        ((empty, [(81,)], bytes(81), 1, None), ValueError, "orbit 0 names cell 81"),
        ((empty, [3], bytes(81), 1, None), TypeError, "orbit 0 is 3"),
        ((empty, plan, bytes(81), "1", None), TypeError, "seed must be an int"),
        ((empty, plan, bytes(81), 1, -1.0), ValueError, "seconds must be 0 or more"),
    ]:
        with pytest.raises(error, match=message):
            complete(*args)
    big = completer(Shape(5, 5))  # 625 cells: a clue a round, far past a millisecond
    assert big is not None
    with pytest.raises(TimeoutError):
        big(bytes(625), orbits(Shape(5, 5)), bytes(625), 1, 0.001)


@pytest.mark.parametrize("symmetry", SYMMETRIES[1:])
def test_symmetric_puzzles_keep_whole_orbits(symmetry):
    made = generate(symmetry=symmetry, seed=7)
    assert made.symmetry == symmetry or (symmetry == "random" and made.symmetry in SYMMETRIES)
    assert made.minimal
    assert_sound(made, made.symmetry)


def test_a_random_symmetry_is_reported_and_reproduces():
    drawn = {generate(symmetry="random", seed=seed).symmetry for seed in range(12)}
    assert len(drawn) >= 3 and "random" not in drawn
    made = generate(symmetry="random", seed=3)
    assert generate(symmetry=made.symmetry, seed=3).puzzle == made.puzzle


@pytest.mark.parametrize(("shape", "symmetry"), [(Shape(2, 2), "none"), (Shape(2, 3), "rot180")])
def test_small_shapes(shape, symmetry):
    for made in generate_many(3, shape, symmetry=symmetry, seed=11):
        assert_sound(made, symmetry)


def test_the_reported_seeds_reproduce_each_puzzle():
    batch = list(generate_many(3, seed=40))
    assert [made.seed for made in batch] == [40, 41, 42]
    assert generate(seed=42) == batch[2]
    drawn = next(generate_many(1))
    assert generate(seed=drawn.seed) == drawn


def test_a_clue_target_is_met_exactly():
    made = generate(clues=30, seed=1, symmetry="rot180")
    assert made.clues == 30
    assert_sound(made, "rot180", minimal=False)


def test_dig_stops_at_the_clue_target():
    solution = complete_grid(seed=2)
    puzzle = dig(solution, seed=2, clues=40)
    assert sum(1 for d in puzzle.cells if d) == 40
    assert count_solutions(puzzle) == 1


def test_fewer_than_17_clues_is_refused_with_the_reason():
    with pytest.raises(GenerateError, match="17 is the minimum.*McGuire"):
        generate(clues=MIN_CLUES_9X9 - 1)


def test_clue_counts_a_symmetry_cannot_have_are_refused():
    with pytest.raises(GenerateError, match="rot90 symmetry cannot have 23 clues"):
        generate(clues=23, symmetry="rot90")
    with pytest.raises(GenerateError, match="cannot have 82 clues"):
        generate(clues=82)


def test_an_unreached_clue_target_is_an_honest_error():
    with pytest.raises(
        GenerateError, match=r"no unique puzzle with 18 clues in 1 attempts.*fewest"
    ):
        generate(clues=18, attempts=1, seed=1)


@pytest.mark.parametrize("level", LEVELS)
def test_each_difficulty_is_a_band_of_the_full_se_rating(level):
    made = generate(difficulty=level, seed=11)
    full = rate(made.puzzle)  # with the chains, which generate leaves out
    low, high = BANDS[level]
    assert low <= full.se and (high is None or full.se <= high), (level, full.se)
    assert made.rating.level == full.level == level
    assert_sound(made)


def test_a_difficulty_is_met_or_the_budget_is_reported():
    made = generate(difficulty="medium", seed=3)
    assert made.rating.level == "medium" == rate(made.puzzle).level
    assert_sound(made, minimal=False)
    with pytest.raises(
        GenerateError, match=r"no expert puzzle in 1 attempts \(seed 0\); rated: 1 "
    ):
        generate(difficulty="expert", attempts=1, seed=0)


def test_unknown_options_are_refused():
    with pytest.raises(GenerateError, match="unknown symmetry 'spiral'"):
        generate(symmetry="spiral")
    with pytest.raises(GenerateError, match="unknown difficulty 'fiendish'"):
        generate(difficulty="fiendish")
    with pytest.raises(TypeError, match="seed must be"):
        generate(seed="12")


@pytest.mark.parametrize(("layout", "count"), [("line", 10_000), ("grid", 3000)])
def test_written_grids_are_valid_and_distinct(layout, count):
    out = io.BytesIO()
    write_grids(out, count, layout=layout, seed=5)
    text = out.getvalue().decode()
    grids = text.split("\n\n") if layout == "grid" else text.splitlines()
    assert len(grids) == len(set(grids)) == count
    if layout == "grid":
        assert text.endswith("\n") and not text.endswith("\n\n")
        assert grids[0].splitlines()[0].count(" ") == 8 and len(grids[0].splitlines()) == 9
    assert all(is_solution(parse(grid)) for grid in grids)


def test_the_first_digit_can_be_fixed():
    out = io.BytesIO()
    write_grids(out, 5000, first_digit=7, seed=1)
    lines = out.getvalue().decode().splitlines()
    assert {line[0] for line in lines} == {"7"} and len(set(lines)) == 5000


def test_every_4x4_grid_and_no_more():
    shape = Shape(2, 2)
    grids = list(distinct_grids(288, shape, seed=1))  # there are 288 complete 4x4 grids
    assert len(set(grids)) == 288 and all(is_solution(grid) for grid in grids)
    assert len(set(distinct_grids(72, shape, first_digit=2, seed=1))) == 72
    with pytest.raises(GenerateError, match="exactly 288 complete grids"):
        next(distinct_grids(289, shape, seed=1))  # refused before the first grid


def test_grid_runs_are_reproducible():
    assert list(distinct_grids(50, seed=9)) == list(distinct_grids(50, seed=9))
    with pytest.raises(GenerateError, match="first digit must be 1..9"):
        list(distinct_grids(1, first_digit=10))
    with pytest.raises(GenerateError, match="need a shape of plain boxes"):
        list(distinct_grids(1, Shape.x(9)))


# --- the search below one digging: clue targets, the fewest in a time, masks ----------------


@pytest.mark.parametrize(("clues", "symmetry", "seed"), [(21, "none", 0), (22, "rot180", 1)])
def test_low_clue_targets_are_reached_by_search(clues, symmetry, seed):
    made = generate(clues=clues, symmetry=symmetry, seed=seed)
    assert made.clues == clues
    assert_sound(made, symmetry, minimal=made.minimal)
    assert generate(clues=clues, symmetry=symmetry, seed=seed).puzzle == made.puzzle


def test_low_clue_targets_are_reached_on_the_engine_alone(monkeypatch):
    """Without C's completion (a shape with cages, or no C batch) the local search adds
    clues from the engine's two solutions, and its puzzles are as sound."""
    monkeypatch.setattr("sudoku.digging.completer", lambda shape: None)
    made = generate(clues=22, symmetry="rot180", seed=3)
    assert made.clues == 22
    assert_sound(made, "rot180", minimal=made.minimal)


def test_the_fewest_in_a_time_is_minimal_and_reproduces():
    made = fewest(seed=5, time_limit=3)
    assert made.minimal and made.clues <= 22  # one digging alone averages about 24
    assert_sound(made)
    again = generate(clues=made.clues, seed=5, attempts=made.attempts)
    assert again.puzzle == made.puzzle


def test_a_time_limit_ends_the_search_with_what_came_closest():
    with pytest.raises(OutOfAttempts, match=r"no unique puzzle with 17 clues in 0.2 s.*fewest"):
        generate(clues=17, seed=1, time_limit=0.2)
    with pytest.raises(GenerateError, match="time limit must be a positive"):
        generate(time_limit=0)


def test_a_large_puzzle_out_of_time_is_unique_but_not_minimal():
    reports = []
    made = generate(  # 25x25: digging one to minimal takes far longer than this limit
        Shape(5, 5), seed=1, time_limit=0.5, progress=lambda f, s: reports.append((f, s))
    )
    assert not made.minimal and made.clues < 625
    # too big for the backtracking counter: the engine proves it, the solution is checked
    assert solve(made.puzzle).status is Status.UNIQUE and is_solution(made.solution, made.puzzle)
    fractions = [f for f, _ in reports]
    assert fractions and fractions == sorted(fractions) and 0 < fractions[-1] <= 1
    assert "digging" in reports[-1][1]


def test_a_mask_fixes_the_clue_cells():
    pattern = (
        "x.x...x.x" ".x.x.x.x." "x...x...x" ".x.....x." "..x.x.x.." ".x.....x."
        "x...x...x" ".x.x.x.x." "x.x...x.x"
    )  # fmt: skip
    mask = parse_mask(pattern)
    made = generate(mask=mask, seed=2)
    assert {i for i, d in enumerate(made.puzzle.cells) if d} == set(mask)
    assert count_solutions(made.puzzle) == 1 and is_solution(made.solution, made.puzzle)
    assert parse_mask(format_line(made.puzzle)) == mask  # a puzzle is its own mask


def test_masks_that_cannot_work_are_refused():
    with pytest.raises(GenerateError, match="17 is the minimum"):
        generate(mask=range(16))
    with pytest.raises(GenerateError, match="leave the symmetry as none"):
        generate(mask=range(30), symmetry="rot180")
    with pytest.raises(GenerateError, match="mask cell 81 is outside"):
        generate(mask=[81, *range(20)])
    with pytest.raises(GridError, match="line 1, column 3"):
        parse_mask("x.?" + "." * 78)
