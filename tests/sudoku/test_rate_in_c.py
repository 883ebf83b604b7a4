"""The rater's walk in C (sudoku/_walk.h, _rater.h, _patterns.h) against the Python
reference it replaces.

The C walk takes the rounds of singles and of every technique whose search is in C, up to
BUG+1 (`Candidates.rounds_in_c`, `_WALK_PATTERNS`); the C batch also has the pencil marks of the
givens (`_pencil_marks_py`), the search of SE's direct techniques (`_direct_place_py`),
those of fish, finned fish, XY-, XYZ- and W-wings, ALS-XZ and naked subsets
(`_fish_py`, `_finned_fish_py`, `_xy_wing_py`, `_xyz_wing_py`, `_w_wing_py`, `_als_xz_py`,
`_naked_set_py`), and the rectangles unique rectangles start from (`_pairs_of_py`).
Rated with the shape's units unpacked for C, every path is the Python reference: both
ways must give every puzzle the same rating, step for step, and the same errors.
"""

import random
from array import array
from collections import Counter
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest

import sudoku.rate as rate_module
from sudoku.fish_and_wings import (
    _als_xz_py,
    _finned_fish_py,
    _fish_py,
    _lines_py,
    _w_wing_py,
    _xy_wing_py,
    _xyz_wing_py,
    bits,
)
from sudoku.geometry import Geometry, geometry_of
from sudoku.grid import Grid, Shape, parse
from sudoku.rate import (
    _WALK_PATTERNS,
    PATTERNS,
    Candidates,
    ContradictionError,
    Rating,
    _pencil_marks_py,
    _walk_orders,
    _walk_table,
    rate,
    walk,
)
from sudoku.solve import c_batch, c_batch_available, solve
from sudoku.subsets import _direct_place_py, _naked_set_py, hidden_subset, locked
from sudoku.uniqueness import _packed_rectangles, _pairs_of, _pairs_of_py, _rectangles

pytestmark = pytest.mark.skipif(not c_batch_available(), reason="the C batch was not built")


#: A puzzle of sudoku17 whose walk takes a direct hidden pair.
SEVENTEEN = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."


def in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rate on geometries whose units are not packed for C: the Python reference."""
    monkeypatch.setattr(
        rate_module, "geometry_of", lambda shape: geometry_of(shape)._replace(packed=None)
    )


def outcome(puzzle: Grid, **options: object) -> Rating | str:
    """The rating of ``puzzle``, or the error rating it raised, named with its words."""
    try:
        return rate(puzzle, **options)  # type: ignore[arg-type]
    except ContradictionError as error:
        return f"{type(error).__name__}: {error}"


def wrong_given(puzzle: Grid, rng: random.Random) -> Grid:
    """``puzzle`` with one more given that its pencil marks allow but its solution has not:
    a puzzle without solution, which logic meets as a contradiction somewhere."""
    (solution,) = solve(puzzle).solutions
    board = Candidates(puzzle)
    n = puzzle.shape.size
    cells = [(r, c) for r in range(n) for c in range(n) if len(board.digits((r, c))) > 1]
    r, c = rng.choice(cells)
    digit = rng.choice([d for d in board.digits((r, c)) if d != solution[(r, c)]])
    return puzzle.with_cell(r, c, digit)


def puzzles(data_file, name: str, count: int, step: int = 1) -> list[Grid]:
    with data_file(name).open() as lines:
        return [parse(line) for line in islice(lines, 0, count * step, step)]


@pytest.mark.parametrize(
    ("name", "count", "options"),
    [
        ("easy10k.txt", 300, {}),
        ("sudoku17.txt", 400, {"budget": 0}),
        ("top1465.txt", 60, {"techniques": PATTERNS}),
    ],
)
def test_rating_in_c_is_the_python_reference_step_for_step(
    data_file, monkeypatch, name, count, options
):
    # Every field of the rating: level, hardest, every step (technique, placements,
    # eliminations, words, pattern, SE) in order, solved, the grid reached, se, estimated.
    chosen = puzzles(data_file, name, count, step=5)
    rng = random.Random(count)
    broken = [wrong_given(p, rng) for p in chosen[:40]]
    fast = [outcome(p, **options) for p in chosen + broken]
    in_python(monkeypatch)
    assert rate_module.geometry_of(Shape()).packed is None  # no packed units: no C walk
    reference = [outcome(p, **options) for p in chosen + broken]
    assert fast == reference
    contradictions = sum(isinstance(r, str) for r in fast)
    assert 0 < contradictions <= len(broken)  # the broken ones reached their contradiction
    assert sum(isinstance(r, Rating) and r.solved for r in fast) >= len(chosen) // 10


def test_the_walk_passes_over_digits_known_to_hold_no_fish(data_file):
    # The walk in C keeps the digits' places that held no fish from call to call on a
    # board (Candidates.no_fish), as when chains strike a candidate between its calls: two
    # boards struck alike at random, one keeping them and one made to forget before each
    # walk, take the same rounds (fish among them) to the same positions.
    rng = random.Random(5)
    fish = 0

    def walked(board: Candidates) -> object:
        try:
            return list(walk(board, list(PATTERNS), applied=True))
        except ContradictionError as error:
            return str(error)

    for puzzle in puzzles(data_file, "top1465.txt", 30, step=47):
        kept, fresh = Candidates(puzzle), Candidates(puzzle)
        for _ in range(6):
            fresh.no_fish = bytearray()
            rounds = walked(kept)
            assert rounds == walked(fresh) and kept.masks == fresh.masks
            if isinstance(rounds, str) or kept.solved():
                break
            fish += sum(t in ("x-wing", "swordfish", "jellyfish") for t, _ in rounds)
            cell = rng.choice([i for i, m in enumerate(kept.masks) if m & (m - 1)])
            digit = rng.choice(bits(kept.masks[cell]))
            for board in (kept, fresh):
                board.remove(divmod(cell, 9), [digit])
        assert len(kept.no_fish) == 3 * 9 * 10 * array("L").itemsize
    assert fish > 0


def test_every_technique_of_the_c_walk_is_the_python_reference(data_file, monkeypatch):
    # Each technique the C walk takes (`_WALK_PATTERNS`; hidden quads are too rare to be
    # sure of), unique rectangles of every type among them, met where C takes it: every
    # third puzzle of top1465, and the sudoku17 puzzles of a sample whose walk takes a
    # BUG+1, rated on the ladder short of chains, the same step for step in Python.
    hard = puzzles(data_file, "top1465.txt", 489, step=3)
    seventeen = puzzles(data_file, "sudoku17.txt", 2858, step=7)
    fast = [rate(p, PATTERNS) for p in hard + seventeen]
    chosen = [
        k
        for k, rating in enumerate(fast)
        if k < len(hard) or any(step.technique == "bug+1" for step in rating.steps)
    ]
    steps = [step for k in chosen for step in fast[k].steps]
    assert set(_WALK_PATTERNS) - {step.technique for step in steps} == {"hidden quad"}
    types = {s.reason.split(" on ")[0] for s in steps if s.technique == "unique rectangle"}
    assert types == {"type 1", "type 2", "type 4"}
    in_python(monkeypatch)
    everything = hard + seventeen
    assert [fast[k] for k in chosen] == [rate(everything[k], PATTERNS) for k in chosen]


def test_the_c_walk_meets_every_technique_on_its_fixture(monkeypatch):
    # Without the data sets (the sanitized run): eight puzzles whose walks take every
    # technique of the C walk between them (tests/fixtures/walk/techniques.txt), rated
    # the same step for step in C and by the Python reference.
    fixture = Path(__file__).parent.parent / "fixtures" / "walk" / "techniques.txt"
    made = [parse(line.split()[0]) for line in fixture.read_text().splitlines() if line[0] != "#"]
    fast = [rate(p, PATTERNS) for p in made]
    steps = [step for rating in fast for step in rating.steps]
    assert set(_WALK_PATTERNS) <= {step.technique for step in steps}
    types = {s.reason.split(" on ")[0] for s in steps if s.technique == "unique rectangle"}
    assert types == {"type 1", "type 2", "type 4"}  # type 3 is a technique of its own
    in_python(monkeypatch)
    assert fast == [rate(p, PATTERNS) for p in made]


@pytest.mark.parametrize("shape", [Shape(2, 2), Shape(2, 3), Shape(3, 4), Shape.x(9), Shape(4, 4)])
def test_rating_other_shapes_in_c_is_the_python_reference(monkeypatch, shape):
    # 16x16 boards are too big for the C walk's arrays on the stack: they take the heap.
    from sudoku.generate import generate

    made = [generate(shape, seed=seed).puzzle for seed in range(6 if shape.size < 16 else 2)]
    rng = random.Random(shape.size)
    made += [wrong_given(p, rng) for p in made]
    fast = [outcome(p) for p in made]
    in_python(monkeypatch)
    assert fast == [outcome(p) for p in made]


def test_walk_yields_each_round_before_it_is_applied_unless_told(data_file):
    # The walk's own promise (the hints and the tests replay it): the board a round is
    # yielded on still has every cell the round places empty; rate's walk applies the
    # rounds of singles first, and both walks take the same rounds.
    for puzzle in puzzles(data_file, "sudoku17.txt", 20):
        board, quick = Candidates(puzzle), Candidates(puzzle)
        rounds = []
        for technique, found in walk(board, list(PATTERNS)):
            assert all(board.digits(cell) for step in found for cell, _ in step.placements)
            rounds.append((technique, found))
        assert rounds == list(walk(quick, list(PATTERNS), applied=True))
        assert board.values == quick.values and board.masks == quick.masks


def test_pencil_marks_in_c_are_the_python_reference(data_file):
    # On real puzzles, and with a given that repeats a digit of its row, column or box:
    # C says None and the Python reference names the cell.
    g = geometry_of(Shape())
    assert g.packed is not None
    batch, rng = c_batch(), random.Random(3)
    for puzzle in puzzles(data_file, "sudoku17.txt", 200, step=7):
        assert batch.pencil_marks(puzzle.cells, g.packed, len(g.units)) == tuple(
            _pencil_marks_py(puzzle, g)
        )
        r, c = rng.choice([(r, c) for r in range(9) for c in range(9) if not puzzle[(r, c)]])
        peers = [puzzle[(r, k)] for k in range(9)] + [puzzle[(k, c)] for k in range(9)]
        clash = puzzle.with_cell(r, c, rng.choice([d for d in peers if d]))
        assert batch.pencil_marks(clash.cells, g.packed, len(g.units)) is None
        with pytest.raises(ContradictionError, match="cannot hold"):
            _pencil_marks_py(clash, g)


def test_direct_places_in_c_are_the_python_reference(data_file):
    # SE's direct techniques search the patterns of locked candidates and hidden subsets
    # for a digit left with one place: on every position the rater meets on hard puzzles,
    # and on each again with candidates struck at random.
    g = geometry_of(Shape())
    assert g.packed is not None
    batch, rng = c_batch(), random.Random(11)
    hits = checked = 0
    for puzzle in puzzles(data_file, "top1465.txt", 30, step=7):
        board = Candidates(puzzle)
        for _ in walk(board, list(PATTERNS)):
            original = list(board.masks)
            for masks in (original, [m & rng.getrandbits(9) for m in original]):
                board.masks[:] = masks
                board._memo.clear()
                for technique, patterns in (
                    ("direct pointing", locked(board, "pointing")),
                    ("direct claiming", locked(board, "claiming")),
                    ("direct hidden pair", hidden_subset(board, "hidden pair", 2)),
                    ("direct hidden triple", hidden_subset(board, "hidden triple", 3)),
                ):
                    pointing = "pointing" in technique
                    expected = _direct_place_py(masks, g, patterns, pointing)
                    assert batch.direct_place(masks, g.packed, patterns, pointing) == expected
                    hits += expected is not None
                    checked += 1
            board.masks[:] = original
            board._memo.clear()
    assert checked > 1000 and 0 < hits < checked


def test_the_c_walk_refuses_what_does_not_fit():
    # What a caller could get wrong is refused with an error, never read out of bounds.
    batch, g = c_batch(), geometry_of(Shape())
    table = _walk_table(Shape())
    assert g.packed is not None and table is not None
    orders = _walk_orders(tuple(PATTERNS))
    values, masks, placed = [0] * 81, [511] * 81, [0] * 27

    def walk_with(**changed: object) -> object:
        given = {"masks": masks, "placed": placed, "units": g.packed, "table": table}
        given |= changed
        return batch.walk_rounds(
            values,
            given["masks"],
            given["placed"],
            given["units"],
            given["table"],
            0.0,
            changed.get("orders", orders),
            0,
        )

    with pytest.raises(ValueError):
        walk_with(placed=placed[:26])
    with pytest.raises(ValueError):
        walk_with(table=table[:18])
    with pytest.raises(ValueError):
        walk_with(masks=[1024] * 81)
    with pytest.raises(IndexError):
        walk_with(units=array("i", [81] * 243).tobytes())
    with pytest.raises(ValueError, match="intersections"):  # a cell past the grid
        walk_with(table=(*table[:17], array("i", [18, 0, 3, 0, 1, 81, 0, 0]).tobytes(), table[18]))
    with pytest.raises(ValueError, match="intersections"):  # a part longer than the buffer
        walk_with(table=(*table[:17], array("i", [18, 0, 9, 0]).tobytes(), table[18]))
    # a table found to fit is trusted after (its checks skipped), never mutable units
    mutable = bytearray(g.packed)
    walk_with(units=mutable)
    mutable[:4] = array("i", [81]).tobytes()
    with pytest.raises(IndexError):
        walk_with(units=mutable)
    for corners in ([0, 1, 9], [0, 1, 9, 81]):  # not four a rectangle; past the grid
        with pytest.raises(ValueError, match="rectangles"):
            walk_with(table=(*table[:18], array("i", corners).tobytes()))
    with pytest.raises(ValueError, match="units are not"):
        walk_with(table=(*table[:8], tuple(range(27)), *table[9:]))
    # a direct step's reason made of cells' names that are not strings, on a puzzle whose
    # walk takes one: refused, and its lists left as they were
    board = Candidates(parse(SEVENTEEN))
    lists = (list(board.values), list(board.masks), list(board.placed))
    with pytest.raises(TypeError):
        batch.walk_rounds(
            *lists, g.packed, (*table[:16], tuple(range(81)), *table[17:]), 0.0, orders, 0
        )
    assert lists == (board.values, board.masks, board.placed)
    assert any(step.technique.startswith("direct") for step in rate(parse(SEVENTEEN)).steps)
    for bad in ((), ((0.5, b"\x00"),), ((0.0, b"\x00"), (0.0, b"\x01")), ((0.0, "ab"),)):
        with pytest.raises(ValueError, match="orders"):
            walk_with(orders=bad)
    with pytest.raises(ValueError):
        batch.pencil_marks([0] * 80, g.packed, 27)
    with pytest.raises(ValueError):
        batch.pencil_marks([10] + [0] * 80, g.packed, 27)
    with pytest.raises(TypeError):
        batch.direct_place(masks, g.packed, [([(0, 1)],)], False)
    with pytest.raises(IndexError):
        batch.direct_place(masks, g.packed, [([(81, 1)], (0,), None)], False)
    with pytest.raises(IndexError):
        batch.direct_place(masks, g.packed, [([(0, 1)], (27,), None)], False)
    # the lists are left as they were by a call refused
    assert values == [0] * 81 and masks == [511] * 81 and placed == [0] * 27


def test_steps_made_in_c_stay_out_of_the_garbage_collector(data_file):
    # A Step refers only to strings, numbers and tuples made before it, so it cannot be in
    # a reference cycle: the C walk leaves its Steps untracked, as CPython leaves plain
    # tuples of such things, and ratings kept by the thousand cost the collector nothing.
    import gc

    (puzzle,) = puzzles(data_file, "easy10k.txt", 1)
    singles = [step for step in rate(puzzle).steps if step.technique.endswith("single")]
    assert len(singles) > 40 and not any(gc.is_tracked(step) for step in singles)
    assert gc.is_tracked(Candidates(puzzle).step("naked single", reason="", cells=[0], digits=1))


def positions(puzzle: Grid, rng: random.Random) -> Iterator[list[int]]:
    """The pencil marks of every position the rater's walk meets on ``puzzle`` (without
    chains), each also with candidates struck at random (cells left empty of any)."""
    board = Candidates(puzzle)
    full = board.geometry.full
    for _ in walk(board, list(PATTERNS)):
        yield list(board.masks)
        yield [m & rng.getrandbits(puzzle.shape.size) & full for m in board.masks]


def searched(masks: list[int], g: Geometry) -> dict[str, tuple[object, object]]:
    """Each pattern search of sudoku/_patterns.h and _finned_als.h on ``masks``, in C and
    by its reference: fish and naked subsets of 2 to 4, finned fish (on shapes of rows,
    columns and boxes alone), XY-, XYZ- and W-wings, ALS-XZ."""
    batch, by_line = c_batch(), _lines_py(masks, g.rows, g.cols, g.n)
    found: dict[str, tuple[object, object]] = {
        "als": (batch.als_xz(masks, g.packed, g.n), _als_xz_py(masks, g)),
        "w-wing": (batch.w_wing(masks, g.packed, g.n), _w_wing_py(masks, g)),
        "xy-wing": (batch.wing(masks, g.packed, g.n, False), _xy_wing_py(masks, g)),
        "xyz-wing": (batch.wing(masks, g.packed, g.n, True), _xyz_wing_py(masks, g)),
    }
    for k in (2, 3, 4):
        found[f"fish {k}"] = (batch.fish(masks, g.packed, g.n, k), _fish_py(masks, g, by_line, k))
        found[f"naked {k}"] = (
            batch.naked_set(masks, g.packed, g.n, k),
            _naked_set_py(masks, g.units, k),
        )
    if len(g.units) == 3 * g.n:
        found["finned"] = (
            batch.finned_fish(masks, g.packed, g.n),
            _finned_fish_py(masks, g, by_line),
        )
    else:
        with pytest.raises(ValueError, match="boxes"):
            batch.finned_fish(masks, g.packed, g.n)
    return found


def test_pattern_searches_in_c_are_the_python_reference(data_file):
    # The searches (what they find, the first hit, in the reference's order) on hard
    # puzzles' positions; the finders write the step out of the hit either way.
    g = geometry_of(Shape())
    assert g.packed is not None
    rng = random.Random(25)
    hits: Counter[str] = Counter()
    kinds: set[tuple[str, int, int]] = set()
    checked = 0
    for puzzle in puzzles(data_file, "top1465.txt", 40, step=31):
        for masks in positions(puzzle, rng):
            found = searched(masks, g)
            for name, (fast, reference) in found.items():
                assert fast == reference, name
                hits[name] += fast is not None
            kinds |= hit_kinds(masks, g, found["finned"][1], found["als"][1])
            checked += 1
    assert checked > 500 and len(hits) == 11 and all(0 < k < checked for k in hits.values())
    # Every kind of hit the C searches take apart: finned fish of 2 and 3 lines with fins
    # in one place or two, ALS-XZ of every two sizes of sets.
    finned = {("finned", k, fins) for k in (2, 3) for fins in (1, 2)}
    als = {("als", a, b) for a in (1, 2, 3) for b in (1, 2, 3)}
    assert kinds == finned | als


def test_finned_fish_passes_over_digits_known_to_hold_none(data_file):
    # One bytearray kept over a puzzle's positions, as the rater keeps it on its board:
    # every answer still the reference's, and digits whose places held no finned fish
    # before are met again (they are passed over).
    batch, g = c_batch(), geometry_of(Shape())
    assert g.packed is not None
    rng = random.Random(71)
    hits = met_again = checked = 0
    for puzzle in puzzles(data_file, "top1465.txt", 30, step=43):
        known, fishless = bytearray(), set()
        for masks in positions(puzzle, rng):
            rows = _lines_py(masks, g.rows, g.cols, g.n)[0]
            reference = _finned_fish_py(masks, g, _lines_py(masks, g.rows, g.cols, g.n))
            met_again += any((d, tuple(rows[d])) in fishless for d in range(g.n))
            assert batch.finned_fish(masks, g.packed, g.n, known) == reference
            if reference is None:
                fishless |= {(d, tuple(rows[d])) for d in range(g.n)}
            hits += reference is not None
            checked += 1
        assert len(known) == g.n * (g.n + 1) * array("L").itemsize
    assert 0 < hits < checked and met_again > checked // 4
    masks = [511] * 81
    assert batch.finned_fish(masks, g.packed, 9, bytearray(b"too short")) is None
    with pytest.raises(TypeError, match="bytearray"):
        batch.finned_fish(masks, g.packed, 9, b"")


def hit_kinds(
    masks: list[int], g: Geometry, finned: object, als: object
) -> set[tuple[str, int, int]]:
    """The kinds of a finned fish found on ``masks`` (its k and how many places its fins
    take) and of an ALS-XZ (the sizes of its sets)."""
    kinds = set()
    if isinstance(finned, tuple):
        k, bit, on_columns, lines, covered, _ = finned
        where = _lines_py(masks, g.rows, g.cols, g.n)[on_columns][bit.bit_length() - 1]
        union = 0
        for b in lines:
            union |= where[b]
        kinds.add(("finned", k, (union & ~covered).bit_count()))
    if isinstance(als, tuple):
        kinds.add(("als", len(als[0]), len(als[2])))
    return kinds


@pytest.mark.parametrize("shape", [Shape(), Shape(2, 3), Shape(3, 4), Shape(4, 4), Shape.x(9)])
def test_pattern_searches_in_c_on_made_puzzles(shape):
    # Made puzzles (no data set needed: the sanitized run has none), of other sizes too
    # (12x12 and 16x16 take sets of cells of several words), and X-sudoku, whose
    # diagonals are units of the ALS-XZ and leave finned fish without boxes.
    from sudoku.generate import generate

    g = geometry_of(shape)
    assert g.packed is not None
    rng = random.Random(shape.size)
    hits: Counter[str] = Counter()
    checked = 0
    for seed in range(3):
        puzzle = generate(shape, seed=seed).puzzle
        for masks in islice(positions(puzzle, rng), 0, None, 3):
            for name, (fast, reference) in searched(masks, g).items():
                assert fast == reference, name
                hits[name] += fast is not None
            checked += 1
    assert all(0 < hits[name] < checked for name in ("als", "naked 2", "fish 2"))


@pytest.mark.parametrize("shape", [Shape(), Shape(2, 3), Shape(3, 4), Shape.x(9)])
def test_paired_rectangles_in_c_are_the_python_reference(data_file, shape):
    # Every rectangle with two corners of one pair, in order, on the walk's positions and
    # on copies with candidates struck at random (which make and break pairs).
    from sudoku.generate import generate

    rng = random.Random(shape.size)
    if shape == Shape():
        made = puzzles(data_file, "top1465.txt", 20, step=71)
    else:
        made = [generate(shape, seed=seed).puzzle for seed in range(3)]
    checked = found = 0
    for puzzle in made:
        for masks in positions(puzzle, rng):
            board = Candidates(puzzle)
            board.masks[:] = masks
            fast, reference = _pairs_of(board), list(_pairs_of_py(board))
            assert fast == reference
            found += bool(fast)
            checked += 1
    assert 0 < found < checked


def test_paired_rectangles_refuse_what_does_not_fit():
    batch = c_batch()
    packed = _packed_rectangles(Shape())
    masks = [3] * 81  # every cell the pair 1, 2: every rectangle
    assert [k for k, _ in batch.paired_rectangles(masks, packed)] == list(
        range(len(_rectangles(Shape())))
    )
    with pytest.raises(IndexError, match="corner"):
        batch.paired_rectangles(masks[:80], packed)
    with pytest.raises(ValueError, match="4 cells"):
        batch.paired_rectangles(masks, packed[:-4])
    with pytest.raises(ValueError, match="4 cells"):
        batch.paired_rectangles([3] * 2000, packed)
    with pytest.raises(OverflowError):
        batch.paired_rectangles([-1] + masks[1:], packed)
    with pytest.raises(TypeError):
        batch.paired_rectangles(tuple(masks), packed)


@pytest.mark.parametrize("search", ["finned_fish", "als_xz", "naked_set", "fish", "w_wing", "wing"])
def test_the_pattern_searches_refuse_what_does_not_fit(search):
    batch, g = c_batch(), geometry_of(Shape())
    assert g.packed is not None
    given = getattr(batch, search)
    # k: pairs, x-wings; xyz: XYZ-wings
    extra = (2,) if search in ("naked_set", "fish") else (True,) if search == "wing" else ()

    def find(masks: object, units: object, n: int) -> object:
        return given(masks, units, n, *extra)

    masks = [511] * 81
    assert find(masks, g.packed, 9) is None  # every digit everywhere: nothing to strike
    with pytest.raises(ValueError):
        find(masks[:80], g.packed, 9)
    with pytest.raises(ValueError, match="past n"):
        find([512] + masks[1:], g.packed, 9)
    with pytest.raises(ValueError):
        find(masks, g.packed[:-4], 9)
    with pytest.raises(ValueError):
        find(masks, g.packed, 0)
    with pytest.raises(ValueError):
        find(masks, g.packed, 26)
    with pytest.raises(IndexError):
        find(masks, array("i", [81] * 243).tobytes(), 9)
    with pytest.raises(TypeError):
        find(tuple(masks), g.packed, 9)
    with pytest.raises(OverflowError):
        find([-1] + masks[1:], g.packed, 9)
    if search in ("naked_set", "fish"):
        for k in (0, 9):
            with pytest.raises(ValueError, match="k from 1 to 8"):
                given(masks, g.packed, 9, k)
