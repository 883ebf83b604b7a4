"""A step's pattern as data: the cells, units and digits every technique of the rater
reports, checked by an independent reading of the candidates, and against the words.

`check_pattern` below knows what each technique means (a naked pair is two cells holding
two digits between them, an X-wing a digit confined to two cover lines...) and asserts it
of the pencil marks as they stood before the step, using only ``Candidates.digits`` and
``Shape.units``, never the finders' code. It runs on a hand-made position for every
technique in `TECHNIQUES` and on every step the rater takes on real puzzles, classic and
variant. The page once found a hint's cells and units by reading the step's English with
regexes; those regexes stay here as an oracle the data must agree with.
"""

import json
import re
from collections.abc import Callable, Iterator
from itertools import combinations, islice
from pathlib import Path

import pytest

from dlx import Problem
from sudoku.grid import Cell, Grid, Shape, parse
from sudoku.rate import PATTERNS, SE, TECHNIQUES, Candidates, Step, rate, walk
from sudoku.variants import read_regions
from tests.sudoku.test_rate import ROW0, position
from tests.sudoku.test_variants import WINDOKU

FIXTURES = Path(__file__).parent.parent / "fixtures" / "variants"
NONOMINO = "3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7"
# generate(Shape.x(9), seed=1): locked candidates on the diagonals, then a guess
X_SUDOKU = "..4.8........2......3.....167...95.......6........5...92........65.47.....7......"
FISH = {"x-wing": 2, "swordfish": 3, "jellyfish": 4}
CHAINS = [t for t in TECHNIQUES if t not in PATTERNS]
NAKED = {"naked pair": 2, "naked triple": 3, "naked quad": 4}
HIDDEN = {"hidden pair": 2, "hidden triple": 3, "hidden quad": 4}


# --- the independent reading -----------------------------------------------------------------


def check_pattern(board: Candidates, step: Step) -> None:
    """Assert that ``step``'s cells, units and digits are a true instance of its technique
    on ``board`` (the pencil marks before the step), and that what it places or removes
    follows from them."""
    shape, n = board.shape, board.shape.size
    candidates = {(r, c): set(board.digits((r, c))) for r in range(n) for c in range(n)}
    units = [set(shape.units[u]) for u in step.units]
    cells, digits = set(step.cells), set(step.digits)

    def sees(a: Cell, b: Cell) -> bool:
        return a != b and any(a in unit and b in unit for unit in shape.units)

    def holding(digit: int, where: set) -> set:
        return {cell for cell in where if digit in candidates[cell]}

    assert step.technique in TECHNIQUES and step.size == n, step
    assert cells and digits and len(cells) == len(step.cells), step
    assert all(candidates[cell] for cell in cells), step  # the pattern is on open cells
    assert all(0 <= u < len(shape.units) for u in step.units), step
    for cell, digit in step.placements + step.eliminations:
        assert digit in candidates[cell], step
    # SE's direct techniques are their base one, then the single it leaves, placed.
    technique = step.technique.removeprefix("direct ")
    if technique != step.technique:
        assert len(step.placements) == 1 and follows(board, step), step
    if technique == "naked single":
        ((cell, digit),) = step.placements
        assert cells == {cell} and candidates[cell] == digits == {digit} and not units, step
    elif technique == "hidden single":
        ((cell, digit),) = step.placements
        (unit,) = units
        assert cells == {cell} and digits == {digit}, step
        assert holding(digit, unit) == {cell}, step
    elif technique in ("pointing", "claiming"):
        confining = [
            k for k, unit in enumerate(units) if all(holding(d, unit) <= cells for d in digits)
        ]
        assert len(units) == 2 and cells <= units[0] & units[1] and confining, step
        a = step.units[confining[0]]
        assert (technique == "pointing") == (a >= 2 * n), step  # a box or extra region confines
        for d in digits:
            assert holding(d, cells), step
        other = units[1 - confining[0]] - units[confining[0]]
        assert step.eliminations or technique != step.technique, step  # direct: places
        for cell, digit in step.eliminations:
            assert cell in other and digit in digits, step
    elif technique in NAKED:
        (unit,) = units
        assert len(cells) == len(digits) == NAKED[technique] and cells <= unit, step
        assert set().union(*(candidates[cell] for cell in cells)) == digits, step
        for cell, digit in step.eliminations:
            assert cell in unit - cells and digit in digits, step
    elif technique in HIDDEN:
        (unit,) = units
        assert len(cells) == len(digits) == HIDDEN[technique] and cells <= unit, step
        for d in digits:
            assert holding(d, unit) and holding(d, unit) <= cells, step
        for cell, digit in step.eliminations:
            assert cell in cells and digit not in digits, step
    elif technique in FISH:
        (digit,) = digits
        k = FISH[technique]
        rows = all(u < n for u in step.units)
        assert len(units) == k and (rows or all(n <= u < 2 * n for u in step.units)), step
        assert cells == holding(digit, set().union(*units)), step  # every spot in the base
        cover = {c if rows else r for r, c in cells}
        assert len(cover) == k, step
        for (r, c), d in step.eliminations:
            assert d == digit and not any((r, c) in unit for unit in units), step
            assert (c if rows else r) in cover, step
            assert any(sees((r, c), cell) for cell in cells), step
    elif technique == "xy-wing":
        assert len(cells) == 3 and not units, step
        assert all(len(candidates[cell]) == 2 for cell in cells), step
        (pivot,) = [p for p in cells if all(sees(p, w) for w in cells - {p})]
        a, b = sorted(cells - {pivot})
        (z,) = candidates[a] & candidates[b]
        assert z not in candidates[pivot], step
        assert candidates[a] - {z} != candidates[b] - {z}, step
        assert (candidates[a] | candidates[b]) - {z} == candidates[pivot], step
        assert digits == candidates[pivot] | {z}, step
        for cell, digit in step.eliminations:
            assert digit == z and sees(cell, a) and sees(cell, b), step
    elif technique == "xyz-wing":
        assert len(cells) == 3 and not units, step
        (pivot,) = [p for p in cells if len(candidates[p]) == 3]
        assert all(sees(pivot, w) for w in cells - {pivot}), step
        a, b = sorted(cells - {pivot})
        assert len(candidates[a]) == len(candidates[b]) == 2, step
        assert candidates[a] | candidates[b] == candidates[pivot] == digits, step
        (z,) = candidates[a] & candidates[b]
        for cell, digit in step.eliminations:
            assert digit == z and all(sees(cell, p) for p in cells), step
        assert follows(board, step), step
    elif technique == "w-wing":
        # Two cells of the same two digits, apart; the other two: y's only places in a unit,
        # one seeing each; x leaves what sees both cells.
        assert len(cells) == 4 and len(units) == 1, step
        ends = [cell for cell in cells if candidates[cell] == digits and len(digits) == 2]
        assert len(ends) >= 2, step
        for a, b in [(a, b) for a in ends for b in ends if a < b and not sees(a, b)]:
            link = cells - {a, b}
            ys = [y for y in digits if holding(y, units[0]) == link]
            if ys and any(sees(p, a) and sees(q, b) for p in link for q in link if p != q):
                (x,) = digits - {ys[0]}
                for cell, digit in step.eliminations:
                    assert digit == x and sees(cell, a) and sees(cell, b), step
                break
        else:
            pytest.fail(f"no two cells and strong link make a W-wing: {step}")
        assert follows(board, step), step
    elif technique == "finned fish":
        # A digit in k base lines (rows or columns) lies in k cover lines but for fins, all
        # in one box (the last unit); it leaves the cover lines' cells in that box, off the
        # base lines.
        (digit,) = digits
        *lines, box = units
        k = len(lines)
        rows = all(len({r for r, _ in line}) == 1 for line in lines)
        cross = (lambda cell: cell[1]) if rows else (lambda cell: cell[0])
        spots = holding(digit, set().union(*lines))
        assert cells == spots and 2 <= k <= 3, step
        for chosen in combinations(sorted({cross(cell) for cell in spots}), k):
            fins = {cell for cell in spots if cross(cell) not in chosen}
            if fins and fins <= box:
                break
        else:
            pytest.fail(f"no cover lines leave fins in one box: {step}")
        for cell, d in step.eliminations:
            assert d == digit and cell in box and cross(cell) in chosen, step
            assert not any(cell in line for line in lines), step
        assert follows(board, step), step
    elif technique == "als-xz":
        # Two almost locked sets (n cells of their unit, n + 1 digits), apart; one common
        # digit x restricted (every x of one sees every x of the other), z the other digit:
        # z leaves cells that see every z of both.
        assert len(units) == 2 and len(digits) == 2, step
        pattern = sorted(cells)
        for size in range(1, len(pattern)):
            for group in combinations(pattern, size):
                a, b = set(group), cells - set(group)
                held_a, held_b = (
                    set().union(*map(candidates.get, a)),
                    set().union(*map(candidates.get, b)),
                )
                if not (a <= units[0] and b <= units[1]):
                    continue
                if len(held_a) != len(a) + 1 or len(held_b) != len(b) + 1:
                    continue
                restricted = [
                    x
                    for x in digits
                    if all(sees(p, q) for p in holding(x, a) for q in holding(x, b))
                ]
                if restricted and digits <= held_a & held_b:
                    (z,) = digits - {restricted[0]} or digits - {restricted[-1]}
                    for cell, digit in step.eliminations:
                        zs = holding(digit, cells)
                        assert digit in digits and all(sees(cell, p) for p in zs), step
                    break
            else:
                continue
            break
        else:
            pytest.fail(f"no two almost locked sets make this step: {step}")
        assert follows(board, step), step
    elif technique == "unique rectangle type 3":
        # A rectangle among the cells, the pair alone in two corners and with more in the
        # two others (the roof, in the step's unit); the roof's extras and the other cells
        # make a naked subset there, whose digits leave the unit's other cells.
        assert len(units) == 1, step
        for rectangle in combinations(sorted(cells), 4):
            rows, cols = {r for r, _ in rectangle}, {c for _, c in rectangle}
            if len(rows) != 2 or len(cols) != 2:
                continue
            pair = set.intersection(*(candidates[cell] for cell in rectangle))
            floor = [cell for cell in rectangle if candidates[cell] == pair]
            roof = [cell for cell in rectangle if cell not in floor]
            if len(pair) == 2 and len(floor) == 2 and all(c in units[0] for c in roof):
                break
        else:
            pytest.fail(f"no unique rectangle among the cells: {step}")
        extra = (candidates[roof[0]] | candidates[roof[1]]) - pair
        subset = cells - set(rectangle)
        union = extra.union(*(candidates[cell] for cell in subset))
        assert subset <= units[0] and len(union) == len(subset) + 1, step
        assert digits == pair | union, step
        for cell, digit in step.eliminations:
            assert cell in units[0] - subset - set(roof) and digit in union, step
    elif technique == "unique rectangle":
        # Two rows, two columns, two boxes; the pair in every corner, alone in two or three.
        assert len(cells) == 4 and len(units) <= 1, step  # type 4 names its unit
        assert len({r for r, _ in cells}) == len({c for _, c in cells}) == 2, step
        boxes = {k for k, unit in enumerate(shape.units[2 * n :]) for cell in cells if cell in unit}
        assert len(boxes) == 2, step
        pair = set.intersection(*(candidates[cell] for cell in cells))
        assert len(pair) == 2 and pair <= digits, step
        assert sum(candidates[cell] == pair for cell in cells) >= 2, step
        for cell, digit in step.eliminations:
            assert digit in pair and cell in cells or digit in digits - pair, step
    elif technique == "bug+1":
        ((cell, digit),) = step.placements
        open_cells = {cell for cell, held in candidates.items() if held}
        assert cells == {cell} and len(candidates[cell]) == 3, step
        assert all(len(candidates[c]) == 2 for c in open_cells - {cell}), step
        assert units and all(len(holding(digit, unit)) == 3 for unit in units), step
    elif technique in CHAINS:
        # The conclusion's cell is on the chain; it holds in every completion of the marks.
        ((cell, digit),) = step.placements + step.eliminations
        assert cell in cells and digits == {digit} and not units, step
        assert follows(board, step), step
    else:
        pytest.fail(f"check_pattern knows nothing of {technique!r}: teach it the technique")
    uniqueness = ("unique rectangle", "unique rectangle type 3", "bug+1")
    if technique in (*uniqueness, "w-wing", "als-xz", "finned fish") or technique in CHAINS:
        pass  # their conclusions are not about cells that see the whole pattern
    elif technique not in FISH and technique not in HIDDEN:
        # the step removes a digit only from cells that see each of its pattern cells
        # holding that digit
        for cell, digit in step.eliminations:
            assert cell not in cells, step
            assert all(sees(cell, p) for p in holding(digit, cells)), step
    check_record(step)


def follows(board: Candidates, step: Step) -> bool:
    """Whether the step's conclusion holds in every way to complete the pencil marks, asked
    of the exact-cover engine: no completion holds a digit struck, and none of a placed
    cell's other digits (every unit of the shape, diagonals and regions included)."""
    shape, n = board.shape, board.shape.size
    options = {}
    for r in range(n):
        for c in range(n):
            value = board.grid().cells[r * n + c]
            units = [u for u, unit in enumerate(shape.units) if (r, c) in unit]
            for d in [value] if value else board.digits((r, c)):
                options[r, c, d] = [f"p{r},{c}"] + [f"u{u}d{d}" for u in units]
    problem = Problem(options)
    wrong = list(step.eliminations)
    for (r, c), d in step.placements:
        wrong += [((r, c), e) for e in board.digits((r, c)) if e != d]
    return all(problem.count(limit=1, forced=[(r, c, d)]) == 0 for (r, c), d in wrong)


def marks(text: str) -> Candidates:
    """A board from 81 space-separated cells: one digit a given, several the candidates."""
    cells = text.split()
    board = Candidates(parse("".join(c if len(c) == 1 else "." for c in cells)))
    for i, held in enumerate(cells):
        if len(held) > 1:
            board.remove(divmod(i, 9), [d for d in range(1, 10) if str(d) not in held])
    return board


def stuck(line: str) -> Candidates:
    """The pencil marks where SE's ladder short of chains (the techniques easier than its
    x-chain) leaves a real puzzle."""
    puzzle = parse(line)
    board = Candidates(puzzle)
    for step in rate(puzzle, [t for t in PATTERNS if SE[t] < SE["x-chain"]]).steps:
        board.apply(step)
    return board


def check_record(step: Step) -> None:
    """``to_record`` is JSON that reads back as the step: cells numbered r * n + c."""
    n = step.size
    record = json.loads(json.dumps(step.to_record()))

    def cell(k: int) -> Cell:
        assert 0 <= k < n * n
        return divmod(k, n)

    assert (record["technique"], record["reason"], record["message"]) == (
        step.technique,
        step.reason,
        str(step),
    )
    assert record["level"] == TECHNIQUES[step.technique]
    assert tuple(map(cell, record["cells"])) == step.cells
    assert (tuple(record["units"]), tuple(record["digits"])) == (step.units, step.digits)
    for name in ("placements", "eliminations"):
        assert tuple((cell(k), d) for k, d in record[name]) == getattr(step, name)
    assert record["se"] == step.se and len(record) == 10, sorted(record)


# --- every technique on a position made for it -----------------------------------------------


SPOTS = {0: (1, 5), 4: (5, 7), 8: (1, 7)}
MULTIPLE = "...6.37...51...........2.......1..846..7............5.14.58....3.....2..........."
NISHIO = "9...8.3.2.3.6..7..14.2....6...9......26.34.......2.....93.47..56.1.....7........3"
POSITIONS: dict[str, Callable[[], Candidates]] = {
    "hidden single": lambda: position(givens=[(1, 3, 1), (2, 6, 1), (3, 0, 1), (6, 1, 1)]),
    "naked single": lambda: position(givens=[(0, c, c + 1) for c in range(8)]),
    "pointing": lambda: position(strike={5: [(r, c) for r in (1, 2) for c in range(3)]}),
    "claiming": lambda: position(strike={5: ROW0[3:]}),
    # pointing in box 1 leaves box 2 its 5 only at r2c4
    "direct pointing": lambda: position(
        strike={
            5: [(r, c) for r in (1, 2) for c in range(3)] + [(1, 4), (1, 5), (2, 3), (2, 4), (2, 5)]
        }
    ),
    # claiming in row 1 leaves row 2 its 5 only at r2c6
    "direct claiming": lambda: position(
        strike={5: ROW0[3:] + [(1, c) for c in (1, 2, 3, 4, 6, 7, 8)]}
    ),
    # the hidden pair 1,2 at r1c1 r1c2 leaves row 1 its 3 only at r1c6
    "direct hidden pair": lambda: position(
        strike={1: ROW0[2:], 2: ROW0[2:], 3: [cell for cell in ROW0 if cell[1] not in (0, 5)]}
    ),
    # the hidden triple 1,2,3 at r1c1 r1c4 r1c7 leaves row 1 its 4 only at r1c9
    "direct hidden triple": lambda: position(
        strike={
            **{d: [cell for cell in ROW0 if cell[1] not in (0, 3, 6)] for d in (1, 2, 3)},
            4: [cell for cell in ROW0 if cell[1] not in (0, 8)],
        }
    ),
    "naked pair": lambda: position(keep={(0, 0): {1, 2}, (0, 1): {1, 2}}),
    "naked triple": lambda: position(keep={(0, 0): {1, 2}, (0, 3): {2, 3}, (0, 6): {1, 3}}),
    "naked quad": lambda: position(
        keep={(0, 0): {1, 2}, (0, 2): {2, 3}, (0, 4): {3, 4}, (0, 8): {1, 4}}
    ),
    "hidden pair": lambda: position(strike={d: ROW0[2:] for d in (1, 2)}),
    "hidden triple": lambda: position(
        strike={d: [cell for cell in ROW0 if cell[1] not in (0, 3, 6)] for d in (1, 2, 3)}
    ),
    "hidden quad": lambda: position(
        strike={d: [cell for cell in ROW0 if cell[1] not in (0, 2, 4, 8)] for d in (1, 2, 3, 4)}
    ),
    "x-wing": lambda: position(
        strike={7: [(r, c) for r in (1, 4) for c in range(9) if c not in (2, 6)]}
    ),
    # 7 in column 1 at rows 2, 6; column 5 at rows 6, 8; column 9 at rows 2, 8
    "swordfish": lambda: position(
        strike={7: [(r, c) for c, keep in SPOTS.items() for r in range(9) if r not in keep]}
    ),
    "xy-wing": lambda: position(keep={(0, 0): {1, 2}, (0, 5): {1, 3}, (5, 0): {2, 3}}),
    # pivot r1c1 {1,2,3}, wings r1c5 {1,3} and r2c2 {2,3}: 3 leaves r1c2 and r1c3
    "xyz-wing": lambda: position(keep={(0, 0): {1, 2, 3}, (0, 4): {1, 3}, (1, 1): {2, 3}}),
    # 1,2 alone in r1c1 r2c1; r1c4 r2c4 hold 1,2 and 3 or 4 (box 2); with r3c5 {3,4}
    # a naked pair of 3,4 in box 2: the box's other cells lose 3 and 4
    "unique rectangle type 3": lambda: position(
        keep={(0, 0): {1, 2}, (1, 0): {1, 2}, (0, 3): {1, 2, 3}, (1, 3): {1, 2, 4}, (2, 4): {3, 4}}
    ),
    # 7 in row 2 only at c3 c7, in row 5 at c3 c7 and the fin r5c8 (box 6): r4c7 and r6c7
    # lose it
    "finned fish": lambda: position(
        strike={
            7: [(1, c) for c in range(9) if c not in (2, 6)]
            + [(4, c) for c in range(9) if c not in (2, 6, 7)]
        }
    ),
    # r1c1 {1,2}, and r5c1 r5c2 {1,3} {2,3} (row 5): 1 restricted (column 1), so one of
    # them holds 2: r1c2, r2c2 and r3c2 see both 2s and lose it
    "als-xz": lambda: position(keep={(0, 0): {1, 2}, (4, 0): {1, 3}, (4, 1): {2, 3}}),
    # r1c1 and r9c9 hold 1,2; 2 in row 5 only at r5c1 and r5c9, which see them: r1c9 and
    # r9c1 cannot be 1
    "w-wing": lambda: position(
        keep={(0, 0): {1, 2}, (8, 8): {1, 2}},
        strike={2: [(4, c) for c in range(1, 8)]},
    ),
    # 1,2 alone in r1c1 r1c4 r2c1 (boxes 1 and 2): r2c4 cannot be 1 or 2
    "unique rectangle": lambda: position(keep={(0, 0): {1, 2}, (0, 3): {1, 2}, (1, 0): {1, 2}}),
    # 7 in rows 1, 3, 5, 8 only at columns 2, 4, 6, 9
    "jellyfish": lambda: position(
        strike={7: [(r, c) for r in (0, 2, 4, 7) for c in range(9) if c not in (1, 3, 5, 8)]}
    ),
    # top1465's ...5...........9.1.5... after chains: r7c8 alone holds three candidates
    "bug+1": lambda: marks(
        "3 1 79 5 6 89 4 2 78 28 4 6 3 28 7 9 5 1 28 5 79 29 1 4 3 78 6 6 89 5 4 37 38 2 1 "
        "79 1 7 3 29 25 59 8 6 4 4 89 2 1 78 6 5 79 3 5 2 18 7 34 13 6 489 89 9 3 18 6 45 15 "
        "7 48 2 7 6 4 8 9 2 1 3 5"
    ),
    # Real puzzles (top1465) where the ladder short of chains stops, each with the chain
    "x-chain": lambda: stuck(
        ".....1..8..4..765..5..6.39..13...7...7..3..8.46.7.5........6..9..29........85...."
    ),
    "forcing chain": lambda: stuck(MULTIPLE),
    "nishio forcing chain": lambda: stuck(NISHIO),
    "multiple forcing chain": lambda: stuck(MULTIPLE),
    "dynamic forcing chain": lambda: stuck(NISHIO),
}


def test_every_technique_has_a_position_here():
    assert set(POSITIONS) == set(TECHNIQUES)


@pytest.mark.parametrize("technique", list(TECHNIQUES))
def test_each_technique_reports_its_pattern(technique):
    board = POSITIONS[technique]()
    steps = board.find(technique)
    assert steps, f"the position made for {technique} shows none"
    for step in steps:
        assert step.technique == technique
        check_pattern(board, step)


def test_a_hand_made_step_cannot_number_its_cells():
    with pytest.raises(ValueError, match="size"):
        Step("naked single", (((0, 0), 1),)).to_record()


# --- every step on real puzzles ----------------------------------------------------------------


def replay(puzzle: Grid) -> Iterator[tuple[Candidates, Step]]:
    """The rater's steps on ``puzzle`` short of chains, each with the pencil marks it was
    found on (the rater's loop: the simplest technique that finds anything, all its steps
    applied)."""
    board = Candidates(puzzle)
    for _, found in walk(board, list(PATTERNS)):
        for step in found:
            yield board, step


def real_puzzles(data_file: Callable[[str], Path]) -> list[Grid]:
    with data_file("top1465.txt").open() as lines:
        return [parse(line) for line in islice(lines, 0, 1465, 12)]


def test_every_step_on_real_puzzles_carries_a_true_pattern(data_file):
    seen = set()
    for puzzle in real_puzzles(data_file):
        steps = []
        for board, step in replay(puzzle):
            check_pattern(board, step)
            steps.append(step)
            seen.add(step.technique)
        assert tuple(steps) == rate(puzzle, PATTERNS).steps  # the rater's own steps, checked
    assert len(seen) >= 9, seen  # most of the ladder met on the way


@pytest.mark.parametrize(
    ("puzzle", "shape"),
    [
        (NONOMINO, read_regions((FIXTURES / "jigsaw-wikipedia-nonomino.txt").read_text())),
        (WINDOKU[0][0], Shape().with_windows()),
        (X_SUDOKU, Shape.x(9)),
    ],
)
def test_steps_on_variant_shapes_name_their_own_units(puzzle, shape):
    checked = 0
    for board, step in replay(parse(puzzle, shape)):
        check_pattern(board, step)
        checked += 1
    assert checked


# --- the words as an oracle --------------------------------------------------------------------

_CELL_WORDS = re.compile(r"\br(\d+)c(\d+)\b")
_LINE_WORDS = re.compile(r"\b(rows|columns) ([\d,]+)")


def named_in_words(step: Step, shape: Shape) -> tuple[set, set]:
    """The cells and units the step's reason names in words: how the page once found a
    hint's pattern (``step_pattern`` of sudoku.web.api, these regexes)."""
    n = shape.size
    cells = {(int(r) - 1, int(c) - 1) for r, c in _CELL_WORDS.findall(step.reason)}
    units = {
        k
        for k, name in enumerate(shape.unit_names)
        if re.search(re.escape(name) + r"(?![\d-])", step.reason)
    }
    for kind, numbers in _LINE_WORDS.findall(step.reason):  # fish: "5 in rows 1,4"
        units |= {(0 if kind == "rows" else n) + int(k) - 1 for k in numbers.split(",") if k}
    return cells, units


def test_the_data_agree_with_what_the_words_name(data_file):
    """The cells and units are those the reason names, except where the words leave one
    implicit: a hidden single's cell and a fish's cells (the words name the lines), and
    the unit a locked candidate clears (the words name the unit that confines it), and a
    finned fish's cells but its fins."""
    for puzzle in real_puzzles(data_file):
        shape = puzzle.shape
        for step in rate(puzzle, PATTERNS).steps:
            cells, units = named_in_words(step, shape)
            if step.technique == "hidden single" or step.technique in FISH:
                assert not cells, step
            elif step.technique == "finned fish":  # the words name the fins alone
                assert cells and cells < set(step.cells), step
            else:
                assert cells == set(step.cells), step
            if step.technique.removeprefix("direct ") in ("pointing", "claiming"):
                assert len(units) == 1 and units < set(step.units), step
            else:
                assert units == set(step.units), step
