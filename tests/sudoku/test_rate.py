"""The logical solver behind `rate`: each technique on a position checked by hand, and the
whole solver against the engine's solutions on real puzzles.

The hand-made positions start from the pencil marks of an empty 9x9 grid (every digit
everywhere) and strike candidates until exactly one instance of the pattern exists, so the
expected deduction can be read off the setup.
"""

import random
from array import array
from collections import Counter
from itertools import combinations, islice

import pytest

from sudoku.fish_and_wings import _closed_sets_py, _lines_py, closed_sets
from sudoku.geometry import geometry_of, unit_singles
from sudoku.grid import ConflictingGivens, Grid, Shape, parse
from sudoku.rate import (
    BANDS,
    LEVELS,
    PATTERNS,
    SE,
    TECHNIQUES,
    Candidates,
    ContradictionError,
    Rating,
    Step,
    describe_bands,
    level_of,
    rate,
    walk,
)
from sudoku.solve import c_batch, c_batch_available, solve
from sudoku.subsets import _hidden_sets_py, _locked_hits_py, _places

SINGLES = ["hidden single", "naked single"]
ROW0 = [(0, c) for c in range(9)]


def position(keep=None, strike=None, givens=()):
    """An empty 9x9 grid's pencil marks (plus ``givens`` (r, c, d)) where each cell of
    ``keep`` keeps only the digits listed and each digit of ``strike`` leaves the cells
    listed."""
    grid = Grid.empty()
    for r, c, d in givens:
        grid = grid.with_cell(r, c, d)
    board = Candidates(grid)
    for cell, digits in (keep or {}).items():
        board.remove(cell, [d for d in range(1, 10) if d not in digits])
    for digit, cells in (strike or {}).items():
        for cell in cells:
            board.remove(cell, [digit])
    return board


def eliminated(steps: list[Step]) -> set:
    assert len(steps) == 1, steps
    return set(steps[0].eliminations)


def test_naked_single_is_the_last_digit_of_a_row():
    board = position(givens=[(0, c, c + 1) for c in range(8)])
    assert [s.placements for s in board.find("naked single")] == [(((0, 8), 9),)]


def test_hidden_single_is_the_only_place_left_in_a_box():
    # 1s at r2c4 and r3c7 close rows 2 and 3 of box 1; 1s at r4c1 and r7c2 close columns 1
    # and 2: box 1 (and with it row 1 and column 3) can hold its 1 only at r1c3.
    board = position(givens=[(1, 3, 1), (2, 6, 1), (3, 0, 1), (6, 1, 1)])
    steps = board.find("hidden single")
    assert [s.placements for s in steps] == [(((0, 2), 1),)]
    # SE rates a hidden single in a box 1.2, in a line 1.5: the box is named.
    assert (steps[0].reason, steps[0].se) == ("the only place for 1 in box 1", 1.2)
    assert board.find("naked single") == []  # r1c3 still has every other digit


def test_pointing_a_box_confines_a_digit_to_one_row():
    board = position(strike={5: [(r, c) for r in (1, 2) for c in range(3)]})
    assert eliminated(board.find("pointing")) == {((0, c), 5) for c in range(3, 9)}


def test_claiming_a_row_confines_a_digit_to_one_box():
    board = position(strike={5: ROW0[3:]})
    assert board.find("pointing") == []
    assert eliminated(board.find("claiming")) == {((r, c), 5) for r in (1, 2) for c in range(3)}


@pytest.mark.parametrize(
    ("technique", "cells"),
    [
        ("naked pair", {(0, 0): {1, 2}, (0, 1): {1, 2}}),
        ("naked triple", {(0, 0): {1, 2}, (0, 3): {2, 3}, (0, 6): {1, 3}}),
        ("naked quad", {(0, 0): {1, 2}, (0, 2): {2, 3}, (0, 4): {3, 4}, (0, 8): {1, 4}}),
    ],
)
def test_naked_subsets_clear_their_digits_from_the_rest_of_the_row(technique, cells):
    board = position(keep=cells)
    digits = set().union(*cells.values())
    expected = {(cell, d) for cell in ROW0 if cell not in cells for d in digits}
    assert eliminated(board.find(technique)) == expected


@pytest.mark.parametrize(
    ("technique", "cells"),
    [
        ("hidden pair", [(0, 0), (0, 1)]),
        ("hidden triple", [(0, 0), (0, 3), (0, 6)]),
        ("hidden quad", [(0, 0), (0, 2), (0, 4), (0, 8)]),
    ],
)
def test_hidden_subsets_clear_other_digits_from_their_cells(technique, cells):
    digits = range(1, len(cells) + 1)  # these digits fit in row 1 only at ``cells``
    board = position(strike={d: [cell for cell in ROW0 if cell not in cells] for d in digits})
    expected = {(cell, d) for cell in cells for d in range(len(cells) + 1, 10)}
    assert eliminated(board.find(technique)) == expected


def test_what_a_finder_found_is_forgotten_once_the_marks_change():
    # Patterns are found once a position (Candidates.memo): a hidden pair of 1,2 in row 1,
    # then nothing left for it to strike once its cells hold 1,2 alone, by hand or applied.
    board = position(strike={d: [cell for cell in ROW0 if cell not in ROW0[:2]] for d in (1, 2)})
    assert board.find("hidden pair") and board.find("direct hidden pair") == []
    for cell in ROW0[:2]:
        board.remove(cell, range(3, 10))
    assert board.find("hidden pair") == []
    board = position(strike={d: [cell for cell in ROW0 if cell not in ROW0[:2]] for d in (1, 2)})
    board.apply(board.find("hidden pair")[0])
    assert board.find("hidden pair") == [] and board.digits((0, 0)) == [1, 2]
    # the fish's lines too: an X-wing once struck is not found again
    board = position(strike={7: [(r, c) for r in (1, 4) for c in range(9) if c not in (2, 6)]})
    board.apply(board.find("x-wing")[0])
    assert board.find("x-wing") == []


def test_the_givens_leave_each_cell_the_digits_no_unit_of_it_holds(data_file):
    # The givens are placed at once (Candidates.__init__): checked cell by cell against
    # the digits of its row, column and box, read straight off the grid.
    with data_file("sudoku17.txt").open() as lines:
        for line in islice(lines, 100):
            grid = parse(line)
            board = Candidates(grid)
            for r in range(9):
                for c in range(9):
                    seen = {grid[(r, k)] for k in range(9)} | {grid[(k, c)] for k in range(9)}
                    seen |= {
                        grid[(r // 3 * 3 + i, c // 3 * 3 + j)] for i in range(3) for j in range(3)
                    }
                    expected = [] if grid[(r, c)] else [d for d in range(1, 10) if d not in seen]
                    assert board.digits((r, c)) == expected, (line, r, c)


def test_x_wing_on_rows_clears_its_columns():
    # 7 in rows 2 and 5 only at columns 3 and 7.
    board = position(strike={7: [(r, c) for r in (1, 4) for c in range(9) if c not in (2, 6)]})
    expected = {((r, c), 7) for r in range(9) if r not in (1, 4) for c in (2, 6)}
    assert eliminated(board.find("x-wing")) == expected


def test_swordfish_on_columns_clears_its_rows():
    # 7 in column 1 at rows 2, 6; column 5 at rows 6, 8; column 9 at rows 2, 8.
    spots = {0: (1, 5), 4: (5, 7), 8: (1, 7)}
    board = position(strike={7: [(r, c) for c in spots for r in range(9) if r not in spots[c]]})
    assert board.find("x-wing") == []
    expected = {((r, c), 7) for r in (1, 5, 7) for c in range(9) if c not in spots}
    assert eliminated(board.find("swordfish")) == expected


def test_xy_wing_clears_the_cells_both_wings_see():
    # Pivot r1c1 {1,2}; wings r1c6 {1,3} (same row) and r6c1 {2,3} (same column): whichever
    # the pivot holds, one wing is 3, so r6c6, which sees both wings, is not 3.
    board = position(keep={(0, 0): {1, 2}, (0, 5): {1, 3}, (5, 0): {2, 3}})
    steps = board.find("xy-wing")
    assert eliminated(steps) == {((5, 5), 3)}
    assert str(steps[0]) == (
        "xy-wing: pivot r1c1 (1,2), wings r1c6 (1,3) and r6c1 (2,3) => r6c6<>3"
    )


def test_every_technique_has_a_level_and_a_finder():
    assert set(TECHNIQUES.values()) <= set(LEVELS)
    assert list(TECHNIQUES)[0] == SINGLES[0]
    assert list(SE.values()) == sorted(SE.values())  # tried in SE's order, easiest first
    board = position()
    for technique in TECHNIQUES:
        assert board.find(technique) == []  # nothing to find on an empty grid


def test_singles_only_puzzles_rate_easy(data_file):
    path = data_file("easy10k.txt")
    with path.open() as lines:
        for line in islice(lines, 300):
            rating = rate(parse(line))
            assert rating.solved and rating.level == "easy"
            # singles, or SE's direct techniques (locked candidates or a hidden subset that
            # leave a single), which SE tries before naked singles
            assert all("single" in t or "direct" in t for t in rating.counts())


def test_the_level_is_the_band_of_se_and_singles_puzzles_are_easy(data_file):
    seen = Counter()
    with data_file("sudoku17.txt").open() as lines:
        for line in islice(lines, 200):
            puzzle = parse(line)
            # PATTERNS: the ladder short of chains, quick on the puzzles singles leave
            rating = rate(puzzle, PATTERNS)
            if rate(puzzle, techniques=SINGLES).solved:
                assert rating.level == "easy" and rating.se <= 2.3
            if not rating.solved:
                assert rating.level == "expert"
                continue
            low, high = BANDS[rating.level]
            assert low <= rating.se <= (high if high is not None else 12.0), rating
            seen[rating.level] += 1
    assert len(seen) >= 2  # the slice has easy and medium puzzles solved, not only one kind


def test_the_ladder_short_of_chains_gives_the_full_ladders_level_and_first_steps(data_file):
    # Short of chains (PATTERNS, qqwing's reach: it stops at guessing), the walk is the full
    # ladder's until a technique of SE 6.0 or more is needed; from there both are expert.
    # So the level is the same, and the steps up to there (benchmarks/rating.py --ladder
    # patterns leans on it).
    levels: Counter[str] = Counter()
    with data_file("top1465.txt").open() as hard, data_file("sudoku17.txt").open() as easier:
        lines = [*islice(hard, 0, 600, 12), *islice(easier, 0, 3000, 60)]
    for line in lines:
        puzzle = parse(line)
        full, short = rate(puzzle), rate(puzzle, PATTERNS)
        assert short.level == full.level, line
        before = [step for step in full.steps if step.se >= 6.0][:1]
        common = full.steps.index(before[0]) if before else len(full.steps)
        assert short.steps[:common] == full.steps[:common], line
        assert before or short == full, line
        levels[full.level] += 1
    assert levels["expert"] > 20 and len(levels) == 4, levels


def test_the_bands_tile_the_scale_in_tenths():
    assert tuple(BANDS) == LEVELS
    highs = [high for _, high in BANDS.values()]
    lows = [low for low, _ in BANDS.values()]
    assert lows[0] == 1.0 and highs[-1] is None
    for high, low in zip(highs, lows[1:], strict=False):
        assert high is not None and round(low - high, 1) == 0.1  # no tenth in two bands
    for tenths in range(10, 120):
        se = tenths / 10
        inside = [name for name, (lo, hi) in BANDS.items() if lo <= se <= (hi or 99)]
        assert inside == [level_of(se)], se
    assert describe_bands().startswith("easy SE 1.0-2.5, medium SE 2.6-3.4")


@pytest.mark.parametrize(("name", "kinds"), [("top1465.txt", 8), ("sudoku17.txt", 4)])
def test_every_step_agrees_with_the_engine_solution(data_file, name, kinds):
    used: Counter[str] = Counter()
    with data_file(name).open() as lines:
        for line in islice(lines, 60):
            puzzle = parse(line)
            truth = solve(puzzle).solution
            rating = rate(puzzle, PATTERNS)  # chains: test_rate_se's few puzzles
            for step in rating.steps:
                used[step.technique] += 1
                for cell, digit in step.placements:
                    assert truth[cell] == digit, step
                for cell, digit in step.eliminations:
                    assert truth[cell] != digit, step
            assert rating.grid == truth if rating.solved else rating.level == "expert"
    assert len(used) >= kinds  # the slices exercise many techniques, not just singles


@pytest.mark.parametrize(
    ("technique", "puzzles", "least"),
    [
        ("w-wing", 150, 10),
        ("unique rectangle type 3", 400, 4),
        ("als-xz", 150, 10),
        ("finned fish", 100, 10),
    ],
)
def test_techniques_beyond_se_s_own_strike_only_false_candidates(
    data_file, technique, puzzles, least
):
    # Where SE's ladder short of chains (this technique aside) stops on top1465, every
    # step of the technique found is taken, and the ladder run again, as long as one is:
    # each struck digit is checked against the engine's solution.
    order = [t for t in PATTERNS if SE[t] < SE["x-chain"] and t != technique]
    found = 0
    with data_file("top1465.txt").open() as lines:
        for line in islice(lines, puzzles):
            puzzle = parse(line)
            truth = solve(puzzle).solution
            board = Candidates(puzzle)
            while not board.solved():
                for _ in walk(board, order):
                    pass
                steps = board.find(technique)
                if not steps:
                    break
                found += 1
                assert steps[0].eliminations, steps
                for cell, digit in steps[0].eliminations:
                    assert truth[cell] != digit, (line, steps[0])
                board.apply(steps[0])
    assert found >= least  # the slice holds some: the test exercises the technique


def test_levels_get_harder_from_easy10k_to_top1465(data_file):
    def levels(name: str) -> Counter[str]:
        with data_file(name).open() as lines:
            return Counter(rate(parse(line), PATTERNS).level for line in islice(lines, 60))

    easy, hard = levels("easy10k.txt"), levels("top1465.txt")
    assert easy["easy"] == 60
    assert hard["easy"] < 6 and hard["expert"] > 30


def test_steps_read_like_a_solver_log():
    board = position(keep={(0, 0): {1, 2}, (0, 1): {1, 2}})
    step = board.find("naked pair")[0]
    assert str(step).startswith("naked pair: 1,2 in r1c1 r1c2 (row 1) => r1c3<>1, r1c3<>2")


def test_an_empty_grid_needs_a_guess():
    rating = rate(Grid.empty())
    assert (rating.level, rating.solved, rating.steps, rating.hardest) == (
        "expert",
        False,
        (),
        None,
    )


def test_a_complete_grid_is_easy(pattern_grid):
    grid = pattern_grid(Shape())
    assert rate(grid) == Rating("easy", None, (), True, grid)


def test_conflicting_givens_are_refused():
    with pytest.raises(ConflictingGivens, match="5 twice in row 1"):
        rate(Grid.empty().with_cell(0, 0, 5).with_cell(0, 8, 5))


def test_a_puzzle_without_solution_is_a_contradiction():
    # Row 1 holds 1..8 in its first eight cells, and column 9 already has its 9: r1c9 is empty.
    puzzle = parse("12345678." + "." * 8 + "9" + "." * 63)
    with pytest.raises(ContradictionError, match="no candidate left|no place left"):
        rate(puzzle)


def test_unknown_technique_names_the_known_ones():
    with pytest.raises(ValueError, match="unknown technique 'guess'.*hidden single"):
        rate(Grid.empty(), techniques=["guess"])


@pytest.mark.parametrize("shape", [Shape(2, 2), Shape(2, 3), Shape(3, 4), Shape.x(9)])
def test_other_shapes_rate_with_their_own_units(shape):
    # Blank cells in random order as long as singles still restore the solution: a sparse
    # puzzle whose solving leans on every kind of unit (the diagonals included for Shape.x).
    solution = solve(Grid.empty(shape)).solution
    puzzle = solution
    for k in random.Random(1).sample(range(shape.size**2), shape.size**2):
        blanked = Grid(shape, puzzle.cells[:k] + (0,) + puzzle.cells[k + 1 :])
        if rate(blanked, techniques=SINGLES).solved:
            puzzle = blanked
    rating = rate(puzzle)
    assert rating.level == "easy" and rating.grid == solution
    assert puzzle.cells.count(0) > shape.size**2 // 2


def naiveunit_singles(masks, placed, units, full):
    """The scan for hidden singles read off its definition: digit by digit, the cells of a
    unit that still have it (the first unit with a digit in none of them ends it)."""
    found = []
    for u, unit in enumerate(units):
        if placed[u] == full:
            continue
        bits = [1 << d for d in range(full.bit_length())]
        places = {bit: [i for i in unit if masks[i] & bit] for bit in bits}
        missing = sum(bit for bit in bits if not places[bit] and not placed[u] & bit)
        if missing:
            return u, missing, []
        found += [x for bit in bits if len(places[bit]) == 1 for x in (u, bit)]
    return -1, 0, found


def naive_unit_places(masks, units, full):
    """Each unit's open cells, and each digit's positions among them, digits ordered by the
    first open cell that holds them (then by digit), read off the definition."""
    found = []
    for unit in units:
        open_cells = [i for i in unit if masks[i]]
        held = [1 << d for d in range(full.bit_length()) if any(masks[i] >> d & 1 for i in unit)]
        first = {bit: min(k for k, i in enumerate(open_cells) if masks[i] & bit) for bit in held}
        where = {
            bit: sum(1 << k for k, i in enumerate(open_cells) if masks[i] & bit) for bit in held
        }
        found.append((open_cells, [(bit, where[bit]) for bit in sorted(held, key=first.get)]))
    return found


def naive_locked_hits(masks, intersections):
    """Each intersection whose common cells hold digits that its first unit has nowhere
    else, one of which its second unit's other cells still have: (its number, those
    digits), read digit by digit."""

    def held(cells, d):
        return any(masks[i] >> d & 1 for i in cells)

    hits = []
    for k, (_, _, _, rest_a, rest_b, common) in enumerate(intersections):
        confined = [d for d in range(9) if held(common, d) and not held(rest_a, d)]
        if any(held(rest_b, d) for d in confined):
            hits.append((k, sum(1 << d for d in confined)))
    return hits


@pytest.mark.parametrize("scan", ["python", "c"])
def test_the_unit_scans_count_each_digit_s_places(data_file, scan):
    # The scans for hidden singles and subsets on every position the rater meets on hard
    # puzzles, and on each again with candidates struck at random (digits left with no
    # place: contradictions), in Python (the reference) and in C.
    g = geometry_of(Shape())
    if scan == "c" and g.packed is None:
        pytest.skip("the C batch was not built")
    python = g._replace(packed=None)
    rng, seen, contradictions, subsets = random.Random(7), 0, 0, 0
    with data_file("top1465.txt").open() as lines:
        for line in islice(lines, 40):
            board = Candidates(parse(line))
            for _ in walk(board, list(PATTERNS)):
                struck = list(board.masks)
                for k in rng.sample(range(81), 6):
                    struck[k] &= rng.getrandbits(9)
                for masks in (board.masks, struck):
                    expected = naiveunit_singles(masks, board.placed, g.units, g.full)
                    on = g if scan == "c" else python
                    assert unit_singles(masks, board.placed, on, g.full) == expected
                    assert _places(masks, g.units) == naive_unit_places(masks, g.units, g.full)
                    lines = (  # each digit's places along each row and column
                        [
                            [
                                sum(1 << c for c in range(9) if masks[r * 9 + c] >> d & 1)
                                for r in range(9)
                            ]
                            for d in range(9)
                        ],
                        [
                            [
                                sum(1 << r for r in range(9) if masks[r * 9 + c] >> d & 1)
                                for c in range(9)
                            ]
                            for d in range(9)
                        ],
                    )
                    assert _lines_py(masks, g.rows, g.cols, 9) == lines
                    for k in (2, 3, 4) if scan == "c" else ():  # hidden subsets, from places
                        hidden = c_batch().hidden_sets(masks, g.packed, k)
                        assert hidden == _hidden_sets_py(masks, g.units, k)
                        subsets += bool(hidden)
                    hits = (
                        _locked_hits_py(masks, g.intersections)
                        if scan == "python"
                        else c_batch().locked_hits(masks, g.packed_intersections)
                    )
                    assert hits == naive_locked_hits(masks, g.intersections)
                    seen += 1
                    contradictions += expected[0] >= 0
    assert seen > 1000 and 0 < contradictions < seen
    assert subsets > 100 if scan == "c" else subsets == 0  # hidden subsets met, many


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_closed_sets_in_c_are_the_combinations_with_k_digits_in_order(k):
    # Random (key, mask) items, sparse masks so that many combinations close: the C search
    # (pruned) against every combination of itertools, filtered.
    if not c_batch_available():
        pytest.skip("the C batch was not built")
    rng = random.Random(k)
    for _ in range(300):
        items = [(rng.randrange(81), rng.getrandbits(9) & rng.getrandbits(9)) for _ in range(9)]
        expected = [
            (tuple(key for key, _ in combo), union)
            for combo in combinations(items, k)
            if (union := sum_masks(mask for _, mask in combo)).bit_count() == k
        ]
        assert closed_sets(items, k) == expected == list(_closed_sets_py(items, k))


def sum_masks(masks):
    union = 0
    for mask in masks:
        union |= mask
    return union


def test_the_c_scans_refuse_arrays_that_do_not_fit():
    # What a caller could get wrong is refused with an error, never read out of bounds.
    if not c_batch_available():
        pytest.skip("the C batch was not built")
    batch, masks = c_batch(), [511] * 81
    with pytest.raises(IndexError):
        batch.unit_singles(masks, [0], array("i", [0, 1, 2, 81]), 15)
    with pytest.raises(ValueError):
        batch.hidden_sets(masks, array("i", [0, 1, 2]), 2)
    with pytest.raises(IndexError):
        batch.hidden_sets(masks, array("i", [81] * 9), 2)
    with pytest.raises(ValueError):
        batch.hidden_sets(masks, array("i", list(range(9))), 9)
    with pytest.raises(ValueError):
        batch.locked_hits(masks, array("i", [3, 0, 1]))
    with pytest.raises(ValueError):
        batch.locked_hits(masks, array("i", [1, 90, 0, 0]))
    with pytest.raises(TypeError):  # the masks are read before the intersections
        batch.locked_hits([*masks[:80], None], array("i", [1, 0, 0, 0]))
    with pytest.raises(OverflowError):
        batch.locked_hits([-1, *masks[1:]], array("i", [1, 0, 0, 0]))
    with pytest.raises(TypeError):
        batch.closed_sets([(1, 2), 3], 2)
    with pytest.raises(ValueError):
        batch.closed_sets([(1, 2)], 9)
