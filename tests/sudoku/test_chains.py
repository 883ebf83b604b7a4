"""The chains' implications in C (sudoku._chains) against the Python closure, the
reference: the same potentials in the same order, the same parents, the same contradiction
and the same budget spent, on real positions where SE's chains are needed; and the same
ratings, steps and hints from `rate` either way."""

import random
from array import array
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku import chains
from sudoku.grid import parse
from sudoku.rate import TECHNIQUES, Candidates, rate, walk

pytestmark = pytest.mark.skipif(chains._chains is None, reason="sudoku._chains not built")

FIXTURE = Path(__file__).parent.parent / "fixtures" / "se" / "serate.txt"
RATED = [
    (line.split()[0], float(line.split()[1]))
    for line in FIXTURE.read_text().splitlines()
    if not line.startswith("#")
]
PUZZLES = [puzzle for puzzle, _ in RATED]
CHAINED = [puzzle for puzzle, er in RATED if er >= 6.6]  # SE's chains from x-chains up


def positions(puzzle: str) -> list[Candidates]:
    """Copies of the board at each round of the rater's walk where a chain step is taken."""
    board, found = Candidates(parse(puzzle)), []
    for technique, _ in walk(board, list(TECHNIQUES)):
        if technique in chains.BASE:
            copy = Candidates(parse(puzzle))
            copy.masks, copy.values = list(board.masks), list(board.values)
            found.append(copy)
    return found


def chainers(board: Candidates, budget: int) -> Iterator[chains._Chainer]:
    """A chainer on ``board`` with the C module, then one without it (the Python
    reference), each given ``budget`` afresh; the module is put back after each."""
    for module in (chains._chains, None):
        saved, chains._chains = chains._chains, module
        try:
            board.budget, board.out_of_budget = budget, False
            ch = chains._Chainer(board)
            assert (ch.links is not None) == (module is not None)
            yield ch
        finally:
            chains._chains = saved


def both(board: Candidates, *args, budget: int = 10**6) -> list[tuple]:
    """The closure of ``args`` in C and in Python on ``board``: the potentials with their
    parents in order, the contradiction, the budget left and whether it ran out."""
    out = []
    for ch in chainers(board, budget):
        found = ch.closure(*args)
        parents = None if found is None else list(found.parents.items())
        out.append((parents, found and found.conflict, board.budget, board.out_of_budget))
    return out


def test_c_closures_are_the_reference_s_on_positions_chains_need():
    rng, compared, conflicts = random.Random(25), 0, 0
    for puzzle in CHAINED:
        for board in positions(puzzle):
            ch = chains._Chainer(board)
            cands = list(ch.candidates(2))
            for i, d in rng.sample(cands, min(6, len(cands))):
                on = ((i * 9 + d) << 1) | 1
                for start in (on, on ^ 1):
                    for y, dynamic, stop, reach in (
                        (False, False, False, None),  # x-chains
                        (True, False, False, 4),  # forcing chains, a shorter one sought
                        (True, False, False, -1),  # reach below the start: nothing followed
                        (False, True, True, None),  # nishio
                        (True, False, True, None),  # multiple forcing chains
                        (True, True, True, None),  # dynamic forcing chains
                    ):
                        c, py = both(board, (start,), y, dynamic, stop, reach)
                        assert c == py, (puzzle, start, y, dynamic, stop, reach)
                        compared += 1
                        conflicts += c[1] is not None
    assert compared > 500 and conflicts > 50  # contradictions reached, and compared


SEARCHES = {
    "x-chain": lambda ch: chains._static(ch, "x-chain", y=False),
    "forcing chain": lambda ch: chains._static(ch, "forcing chain", y=True),
    "nishio forcing chain": lambda ch: chains._nishio(ch, "nishio forcing chain"),
    "multiple forcing chain": lambda ch: chains._multiple(ch, "multiple forcing chain", False),
    "dynamic forcing chain": lambda ch: chains._multiple(ch, "dynamic forcing chain", True),
}


def first(board: Candidates, technique: str, budget: int) -> list[tuple]:
    """The chain of ``technique`` found whole in C (first_chain, first_multiple) and the
    one the reference's search and _best take, each with the budget it leaves and whether
    it ran out (then nothing is found)."""
    out = []
    for ch in chainers(board, budget):
        if ch.links is not None:
            best = chains._first_in_c(ch, ch.links, technique)
        else:
            best = chains._best(SEARCHES[technique](ch))
        spent = board.out_of_budget
        out.append((None if spent else best, board.budget, spent))
    return out


def test_c_finds_the_chain_the_reference_takes_first(monkeypatch):
    # first_multiple's shortest agreements: the only one of their complexity, made in C,
    # or several, the first of them the reference's set order's
    agreements: Counter[bool] = Counter()
    real = chains._chains.first_multiple

    def watched(*args):
        what, budget = real(*args)
        if isinstance(what, tuple) and isinstance(what[0], str):
            agreements[what[4] is not None] += 1
        return what, budget

    monkeypatch.setattr(chains._chains, "first_multiple", watched)
    found = short = 0
    for puzzle in CHAINED:
        for board in positions(puzzle)[:3]:
            for technique in SEARCHES:
                for budget in (10**6, 3_000, 700):
                    c, py = first(board, technique, budget)
                    assert c == py, (puzzle, technique, budget)
                    found += c[0] is not None
                    short += c[2]
    assert found > 40 and short > 10
    assert agreements[True] > 5 and agreements[False] > 0, agreements


def test_c_spends_the_last_implication_of_the_budget_as_the_reference_does():
    """Each technique on a position, given what its whole search spends and one less: it
    finishes with none left, or runs out, as the reference does, and so again on the same
    board (nishio's chains found on it before, kept in C, spend theirs anew)."""
    board = positions(CHAINED[0])[0]
    for technique in SEARCHES:
        c, py = first(board, technique, 10**6)
        assert c == py and not c[2], technique
        spent = 10**6 - c[1]
        for budget in (spent, spent - 1, spent, spent - 1):
            c, py = first(board, technique, budget)
            assert c == py and c[2] == (budget < spent), (technique, budget)


def test_c_finds_the_reference_s_dynamic_contradiction():
    # top1465's 23rd puzzle: on the first position chains are needed, the shortest dynamic
    # forcing chain is an assumption that leads to a contradiction
    board = positions(
        "....4...1.3.6.....8........1.9..5.........87....2......7....26.5...94.........3.."
    )[0]
    c, py = first(board, "dynamic forcing chain", 10**6)
    assert c == py and c[0] is not None and " implies both " in c[0].reason


def test_c_closures_spend_the_budget_as_the_reference_does():
    board = positions(CHAINED[-1])[0]
    on = ((next(chains._Chainer(board).candidates(2))[0] * 9) << 1) | 1
    for budget in (0, 1, 2, 5, 17, 60, 300):
        c, py = both(board, (on, on ^ 1), True, True, False, None, budget=budget)
        assert c == py, budget
    assert both(board, (on,), True, True, False, None, budget=3)[0] == (None, None, -1, True)


def test_c_gets_the_reference_s_ratings_steps_and_hints(monkeypatch):
    def rated():
        return [
            (
                r.se,
                r.se_estimated,
                r.solved,
                [
                    (s.technique, s.placements, s.eliminations, s.reason, s.cells, s.se)
                    for s in r.steps
                ],
            )
            for r in (rate(parse(p), budget=60_000) for p in PUZZLES)
        ]

    with_c = rated()
    monkeypatch.setattr(chains, "_chains", None)
    assert rated() == with_c
    assert any(
        s.technique in chains.BASE for r in (rate(parse(p)) for p in CHAINED[:2]) for s in r.steps
    )


def test_the_c_module_refuses_shapes_boards_and_capsules_that_lie():
    for packed in ([], [9, 80, 0], [9, 81, 1, 5, 0, 1, 2, 3, 200], [9, 81, 1, 99]):
        with pytest.raises((ValueError, IndexError)):
            chains._chains.links(array("i", packed).tobytes())
    # units the searches' masks of places cannot take, on a 6x6 shape of one unit: one of
    # more than 32 cells, a cell twice in a unit, a cell listing a unit that lacks it
    rest = [0] * 36 * 2  # every cell without units, then without peers
    one_unit = [1, 0] + [0] * 35
    for unit, cell_units, words in (
        ([33, *range(33)], rest[:36], "more than 32 cells"),
        ([3, 0, 1, 0], rest[:36], "a cell twice in a unit"),
        ([2, 1, 2], one_unit, "does not hold it"),
    ):
        with pytest.raises(ValueError, match=words):
            chains._chains.links(array("i", [6, 36, 1, *unit, *cell_units, *rest[36:]]).tobytes())
    # peers out of order (the searches take them in order from sets of cells)
    with pytest.raises(ValueError, match="peers out of order"):
        chains._chains.links(array("i", [6, 36, 0, *rest[:36], 2, 2, 1, *rest[37:]]).tobytes())
    links = chains._links(parse(PUZZLES[0]).shape)
    with pytest.raises(ValueError, match="uint32"):
        chains._chains.closure(links, b"\0" * 8, (1,), True, True, True, None, 10)
    with pytest.raises(IndexError):
        chains._chains.closure(links, b"\0" * 324, (1458,), True, True, True, None, 10)
    high = array("I", [1 << 9] + [0] * 80).tobytes()  # a tenth digit on a 9x9 board
    with pytest.raises(ValueError, match="past the shape"):
        chains._chains.closure(links, high, (1,), True, True, True, None, 10)
    for search in (chains._chains.first_chain, chains._chains.first_multiple):
        with pytest.raises(ValueError, match="past the shape"):
            search(links, high, 1, 10)
    with pytest.raises(ValueError):  # a shape where a closure is expected
        chains._chains.ancestors(links, (1,))
    # targets of least outside the board or not numbers, where a cell's digits agree
    ch = chains._Chainer(positions(CHAINED[0])[0])

    def branches(i: int) -> "tuple[chains._chains.Closure, ...]":
        return tuple(
            chains._chains.closure(links, ch.packed, ((i * 9 + d) << 1 | 1,), *flags)[0]
            for d in range(9)
            if ch.masks[i] >> d & 1
        )

    flags = (True, True, True, None, 10**6)
    agreeing = (branches(i) for i, m in enumerate(ch.masks) if m.bit_count() >= 2)
    kept = next(k for k in agreeing if chains._chains.least(k, ch.packed, 9) > 0)
    assert chains._chains.least(kept, ch.packed, 9, ()) is None
    with pytest.raises(IndexError):
        chains._chains.least(kept, ch.packed, 9, (1458,))
    with pytest.raises(TypeError):
        chains._chains.least(kept, ch.packed, 9, ("1",))


def test_c_closures_are_the_reference_s_on_a_25x25_board():
    """Closures whose places in order run into the thousands (kept as 16-bit ints in C):
    the published 25x25 puzzle's board as given, static and dynamic searches."""
    from tests.sudoku.big_puzzles import published

    puzzle = next(p.puzzle for p in published() if len(p.puzzle) == 625)
    board = Candidates(parse(puzzle))
    rng, longest = random.Random(625), 0
    cands = list(chains._Chainer(board).candidates(2))
    for i, d in rng.sample(cands, 4):
        on = ((i * 25 + d) << 1) | 1
        for start in (on, on ^ 1):
            for y, dynamic, stop in ((True, False, False), (True, True, False)):
                c, py = both(board, (start,), y, dynamic, stop, None)
                assert c == py, (start, y, dynamic, stop)
                longest = max(longest, len(c[0] or ()))
    assert longest > 1000


def test_c_static_chains_spend_the_reference_s_budget_on_16x16_and_25x25_boards():
    """x-chains and forcing chains on other shapes than the 9x9 grid: the sizes of the
    closures found all at once (16x16) or one by one (25x25: too many potentials for the
    sets of all at once), the budget left and the chain found the reference's."""
    from tests.sudoku.big_puzzles import published

    for size in (256, 625):
        puzzle = next(p.puzzle for p in published() if len(p.puzzle) == size)
        board = Candidates(parse(puzzle))
        for technique in ("x-chain", "forcing chain"):
            for budget in (3_000, 30_000):
                c, py = first(board, technique, budget)
                assert c == py, (size, technique, budget)
                assert c[2] == (budget == 3_000) and (c[0] is None) == c[2]
