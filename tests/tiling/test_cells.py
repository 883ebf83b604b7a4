"""dlx.tiling.cells: the count in C by the lowest empty cell (dlx._tile) counts what the
exact-cover loops count, checked against published counts, the C loops and the brute-force
counter (tests/tiling/oracle.py); dlx._tile refuses what is not a board."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from dlx.tiling import Tiling, box, read_pieces
from dlx.tiling import cells as cells_module
from tests.tiling import oracle
from tests.tiling.draws import assert_ctrl_c_stops

_tile = pytest.importorskip("dlx._tile")

HOLE_8X8 = "########\n########\n########\n###..###\n###..###\n########\n########\n########"
CORNERS_8X8 = ".######.\n" + "########\n" * 6 + ".######."


@pytest.mark.parametrize(
    ("board", "pieces", "distinct", "every"),
    [
        (box(3, 20), "pentominoes", 2, 8),  # Dana Scott (1958), Knuth "Dancing Links"
        (box(4, 15), "pentominoes", 368, 1472),
        (box(5, 12), "pentominoes", 1010, 4040),
        (box(6, 10), "pentominoes", 2339, None),  # every solution: 9356, a slow test
        (HOLE_8X8, "pentominoes", 65, 520),
        (CORNERS_8X8, "pentominoes", 2170, None),  # as Polyform Puzzler records it
        (box(4, 5), "tetrominoes", 0, 0),
        ("####\n####", "tetrominoes:L*2", 1, 2),
    ],
)
def test_the_count_by_cells_gives_the_published_counts_and_the_c_loops(
    board, pieces, distinct, every
) -> None:
    tiling = Tiling(board, pieces)
    assert tiling.counts_by_cells
    assert tiling.count() == distinct == tiling.count(backend="c")
    if every is not None:
        assert (
            tiling.count(all_symmetric=True)
            == every
            == tiling.count(all_symmetric=True, backend="c")
        )


ONE_SIDED = read_pieces("IIII.OO..SS.L.....J\n.....OO.SS..LLL.JJJ")  # one-sided: no Z


@pytest.mark.parametrize(
    ("board", "pieces", "one_sided"),
    [
        (box(4, 6), "tetrominoes:L*2,T*2,I*2", False),  # copies of two pieces: item bounds
        (box(4, 4), "tetrominoes:L*4", False),
        (box(5, 6), "pentominoes:L*2,P*4", False),
        (box(5, 6), "pentominoes:U*2,P*2,L*2", False),
        (box(4, 5), ONE_SIDED, True),  # L and J are two pieces: 2 distinct, 4 in all
        (box(4, 5), ONE_SIDED, False),
        ("###.\n####\n####\n.###", "tetrominoes:L*2 trominoes:V*2", False),
    ],
)
def test_copies_and_one_sided_pieces_count_as_on_the_c_loops(board, pieces, one_sided) -> None:
    tiling = Tiling(board, pieces, one_sided=one_sided)
    assert tiling.counts_by_cells
    counts = [tiling.count(all_symmetric=symmetric) for symmetric in (False, True)]
    assert counts == [tiling.count(all_symmetric=s, backend="c") for s in (False, True)]
    assert counts[1] > 0


def test_one_sided_pieces_fill_a_4x5_box_as_brute_force_finds() -> None:
    tiling = Tiling(box(4, 5), ONE_SIDED, one_sided=True)
    pieces = {p.name: ([(r, c) for _, r, c in p.cells], p.copies) for p in tiling.pieces}
    # the oracle turns and flips: keep its tilings whose J is a J (not a flipped L)
    found = oracle.tilings([(r, c) for _, r, c in tiling.board.cells], pieces)
    shapes = {p.name: oracle.turns_and_flips(pieces[p.name][0], flips=False) for p in ONE_SIDED}
    kept = [
        t for t in found if all(oracle._normal(list(cells)) in shapes[name] for name, cells in t)
    ]
    assert tiling.count(all_symmetric=True) == len(kept) > 0
    assert len(kept) < len(found)  # some of them flip a piece
    assert tiling.count() == tiling.count(backend="c") > 0


def counted_as_brute_force(
    cells: list[tuple[int, int]], height: int, width: int, pieces: str
) -> int | None:
    """The number of tilings of the board of these cells, once the count by cells has
    agreed with the brute-force one (every tiling) and with the C loops (distinct ones);
    None when the board is not a puzzle (in two parts, or with a cell no piece reaches)."""
    picture = "\n".join(
        "".join("#" if (r, c) in cells else "." for c in range(width)) for r in range(height)
    )
    try:
        tiling = Tiling(picture, pieces)
    except Exception:
        return None
    found = oracle.tilings(
        [(r, c) for _, r, c in tiling.board.cells],
        {p.name: ([(r, c) for _, r, c in p.cells], p.copies) for p in tiling.pieces},
    )
    assert tiling.counts_by_cells
    assert tiling.count(all_symmetric=True) == len(found), picture
    assert tiling.count() == tiling.count(backend="c"), picture
    return len(found)


def test_random_boards_with_holes_count_as_brute_force() -> None:
    rng = random.Random(23)
    sizes = {"dominoes:I": 2, "trominoes:V": 3, "trominoes:I": 3, "tetrominoes:L": 4,
             "tetrominoes:T": 4, "tetrominoes:S": 4, "pentominoes:P": 5}  # fmt: skip
    checked = 0
    while checked < 25:
        height, width = rng.choice([(3, 4), (4, 4), (3, 5), (4, 5), (3, 6), (5, 5)])
        cells = [(r, c) for r in range(height) for c in range(width)]
        for cell in rng.sample(cells, rng.randrange(4)):
            cells.remove(cell)
        kinds = rng.sample(sorted(sizes), 3)
        copies = dict.fromkeys(kinds, 0)
        area = len(cells)
        while fits := [k for k in kinds if sizes[k] <= area]:
            kind = rng.choice(fits)
            copies[kind] += 1
            area -= sizes[kind]
        if area:
            continue
        pieces = " ".join(f"{k}*{n}" for k, n in copies.items() if n)
        checked += counted_as_brute_force(cells, height, width, pieces) is not None


def test_random_boards_of_distinct_pieces_count_as_brute_force() -> None:
    # one copy of each piece: the states the C count keeps (by the pieces left) meet often
    rng = random.Random(6)
    sizes = {f"pentominoes:{name}": 5 for name in "FILNPTUVWXYZ"}
    sizes |= {f"tetrominoes:{name}": 4 for name in "ILOST"} | {"trominoes:V": 3}
    checked = tiled = 0
    while checked < 25:
        height, width = rng.choice([(4, 5), (5, 5), (4, 6), (5, 6), (3, 8), (4, 7)])
        cells = [(r, c) for r in range(height) for c in range(width)]
        for cell in rng.sample(cells, rng.randrange(4)):
            cells.remove(cell)
        area, kinds = len(cells), []
        for kind in rng.sample(sorted(sizes), len(sizes)):
            if sizes[kind] <= area:
                kinds.append(kind)
                area -= sizes[kind]
        if area:
            continue
        found = counted_as_brute_force(cells, height, width, " ".join(kinds))
        checked += found is not None
        tiled += bool(found)
    assert tiled >= 5


def test_a_board_of_three_words_counts_as_its_recurrence() -> None:
    # I pentominoes in a 5x26 box: from the left, a column of one I or a 5x5 square of five
    # lying ones, so a(n) = a(n - 1) + a(n - 5); the numbering has 155 cells (3 words)
    ways = [1] * 5
    while len(ways) <= 26:
        ways.append(ways[-1] + ways[-5])
    tiling = Tiling(box(5, 26), "pentominoes:I*26")
    assert tiling.counts_by_cells and tiling._cell_counter.cells > 128
    assert tiling.count(all_symmetric=True) == ways[26] == 756
    assert tiling.count() == tiling.count(backend="c")


@pytest.mark.parametrize(
    ("board", "listed"),
    [
        (box(5, 12), {"Z"}),  # its mirror cases: the Z kept all along the filling
        (box(3, 20), {"W"}),
        (box(4, 15), set()),  # the X in a quarter, the T in the first half: placed first
        (HOLE_8X8, set()),
    ],
)
def test_a_restricted_piece_counts_the_same_listed_or_placed_first(
    board, listed, monkeypatch
) -> None:
    tiling = Tiling(board, "pentominoes")
    counter = tiling._cell_counter
    chosen = {
        case.restricted[0]
        for case in tiling.cases
        if case.restricted
        and counter._listed(case.restricted[0], counter.encode(case.restricted[1]))
    }
    assert chosen == listed
    by_rule = [counter.count(case) for case in tiling.cases]
    for forced in (False, True):
        monkeypatch.setattr(cells_module.CellCounter, "_listed", lambda *_, f=forced: f)
        assert [counter.count(case) for case in tiling.cases] == by_rule
    assert by_rule == [tiling.problem(case).count() for case in tiling.cases]


def test_a_count_by_cells_never_imports_the_exact_cover_problem() -> None:
    # tile --count starts faster without dlx.problem; listing solutions needs it
    script = (
        "import sys; from dlx.tiling import Tiling, box; "
        "tiling = Tiling(box(3, 20), 'pentominoes'); "
        "print(tiling.count(), 'dlx.problem' in sys.modules); "
        "next(tiling.solutions()); print('dlx.problem' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.split() == ["2", "False", "True"], done.stderr


def test_without_the_c_counter_the_count_runs_on_the_exact_cover_loops(monkeypatch) -> None:
    monkeypatch.setattr(cells_module, "_tile", None)
    tiling = Tiling(box(4, 15), "pentominoes")
    assert not tiling.counts_by_cells
    assert tiling.count() == 368


def test_solid_boards_count_by_the_fewest_placements_and_the_loops_tell_their_progress() -> None:
    tiling = Tiling(box(3, 3, 3), "soma")
    assert tiling.counts_by_cells and tiling._cell_counter.fewest  # see test_fewest.py
    seen = []
    assert tiling.count(progress=seen.append, progress_interval=10, backend="c") == 240
    assert seen and all(s.progress() is not None for s in seen)  # Searches, with estimates


class _Enough(Exception):
    pass


def test_a_long_count_by_cells_tells_its_progress_until_the_callback_stops_it() -> None:
    # 8x8 by the pentominoes and the square: 129,168 in all, half a minute of search
    tiling = Tiling(box(8, 8), "pentominoes tetrominoes:O")
    assert tiling.counts_by_cells
    seen = []

    def told(progress) -> None:
        seen.append((progress.stats.solutions, progress.stats.nodes, progress.progress()))
        if len(seen) == 2:
            raise _Enough

    with pytest.raises(_Enough):
        tiling.count(all_symmetric=True, progress=told)
    (first, placed, estimate), (then, placed_then, _) = seen
    assert estimate is None  # no estimate of the tree by cells
    assert placed_then == 2 * placed > 0 and 0 <= first <= then <= 129_168
    assert Tiling(box(3, 20), "pentominoes").count(progress=told) == 2  # too short to tell


def test_a_count_by_cells_over_several_cases_tells_the_solutions_of_every_case_so_far() -> None:
    counter_calls = []
    progress = cells_module.CellProgress(counter_calls.append)
    progress.tell(3, 10)
    progress.done(5)
    progress.tell(2, 30)
    assert counter_calls == [progress, progress]
    assert (progress.stats.solutions, progress.stats.nodes) == (7, 40)


@pytest.mark.usefixtures("python_ctrl_c")
def test_ctrl_c_stops_a_long_count_by_cells() -> None:
    # 8x8 by the pentominoes and the square: 129,168 in all, half a minute of search; the
    # count looks for Ctrl-C as it goes (else this test would take that long)
    tiling = Tiling(box(8, 8), "pentominoes tetrominoes:O")
    assert tiling.counts_by_cells
    assert_ctrl_c_stops(lambda: tiling.count(all_symmetric=True))
    assert Tiling(box(3, 20), "pentominoes").count() == 2  # the next count starts afresh


# -- dlx._tile.count itself: tiny boards by hand, and what it refuses ------------------------


def _count(cells=2, copies=(1,), placements=((0, 0, 3),), first=(), blocked=(), steps=(), sums=2):
    return _tile.count(cells, list(copies), list(placements), list(first), list(blocked),
                       list(steps), sums)  # fmt: skip


def test_tiny_boards_count_by_hand() -> None:
    assert _count() == 1  # a domino on two cells
    assert _count(copies=(2,)) == 0  # a copy left over
    assert _count(cells=1, placements=[(0, 0, 1)]) == 1
    assert _count(cells=2, placements=[(0, 0, 1)], blocked=[1]) == 1  # cell 1 is no cell
    # two monominoes alike on two cells: one tiling; as two pieces: two
    assert _count(copies=(2,), placements=[(0, 0, 1), (0, 1, 1)]) == 1
    monos = [(p, c, 1) for p in (0, 1) for c in (0, 1)]
    assert _count(copies=(1, 1), placements=monos) == 2
    assert _count(copies=(1, 1), placements=monos, first=[1]) == 2
    # a 1x3 row: domino + monomino; the region test drops what strands a cell
    row = [(0, 0, 3), (0, 1, 3), (1, 0, 1), (1, 1, 1), (1, 2, 1)]
    assert _count(cells=3, copies=(1, 1), placements=row, steps=[1], sums=0b1111) == 2
    # 65 cells: the board spans two words
    line = [(0, c, 1) for c in range(65)]
    assert _count(cells=65, copies=(65,), placements=line) == 1
    # a line of 130 cells: 64 dominoes, a monomino placed first on cell 120 or 121, and one
    # more: then on 121, 123, ..., 129 (5 ways) or on an even cell of 0..120 (61). The states
    # at cells 0..56 differ only in the first monomino, 64 cells on or more: kept apart
    dominoes = [(0, c, 3) for c in range(129)] + [(2, c, 1) for c in range(130)]
    for first, ways in (([(1, 120, 1)], 5), ([(1, 121, 1)], 61), ([(1, 120, 1), (1, 121, 1)], 66)):
        assert _count(cells=130, copies=(64, 1, 1), placements=dominoes + first, first=[1]) == ways
    # 10 pieces of 100 copies, piece p on cells 100p..100p+99: the copies left have no code
    # in 64 bits (101**10 states), so the count keeps no states
    blocks = [(p, c, 1) for c in range(1000) for p in [c // 100]]
    assert _count(cells=1000, copies=(100,) * 10, placements=blocks) == 1
    assert _count(cells=1000, copies=(100,) * 9 + (99, 1), placements=blocks) == 0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"cells": 0}, "a board has 1 to"),
        ({"cells": _tile.MAX_CELLS + 1}, "a board has 1 to"),
        ({"cells": "2"}, "a board has 1 to"),
        ({"copies": ()}, "1 to 64 pieces"),
        ({"copies": (0,) * 64 + (1,)}, "1 to 64 pieces"),
        ({"copies": (-1,)}, "copies of piece 0"),
        ({"placements": [(0, 0)]}, "placement 0 is not"),
        ({"placements": [[0, 0, 3]]}, "placement 0 is not"),
        ({"placements": [(1, 0, 3)]}, "piece of placement 0"),
        ({"placements": [(0, 2, 1)]}, "lowest cell of placement 0"),
        ({"placements": [(0, -1, 1)]}, "lowest cell of placement 0"),
        ({"placements": [(0, 0, 2)]}, "the mask of placement 0"),
        ({"placements": [(0, 1, 3)]}, "the mask of placement 0"),
        ({"placements": [(0, 0, -1)]}, "the mask of placement 0"),
        ({"placements": [(0, 0, 1 << 64 | 1)]}, "the mask of placement 0"),
        ({"placements": [(0, 0, 1.0)]}, "the mask of placement 0"),
        ({"first": [1]}, "first piece 0"),
        ({"first": [0, 0]}, "named twice"),
        ({"copies": (2,), "first": [0]}, "has not one copy"),
        ({"blocked": [2]}, "blocked cell 0"),
        ({"steps": [1, 2, 3]}, "at most 2 steps"),
        ({"steps": [0]}, "step 0"),
        ({"steps": [64]}, "step 0"),
        ({"sums": -1}, "sums"),
        ({"sums": 1 << 64}, "sums"),
        ({"sums": None}, "sums"),
    ],
)
def test_what_is_not_a_board_is_refused_with_a_clear_error(changes, message) -> None:
    with pytest.raises(ValueError, match=message):
        _count(**changes)


def test_the_wrong_number_or_kind_of_arguments_is_refused() -> None:
    with pytest.raises(TypeError, match="7 to 9 arguments"):
        _tile.count(2, [1], [(0, 0, 3)], [])
    with pytest.raises(TypeError, match="progress must be callable"):
        _tile.count(2, [1], [(0, 0, 3)], [], [], [], 2, 5)
    assert _tile.count(2, [1], [(0, 0, 3)], [], [], [], 2, None) == 1
    with pytest.raises(TypeError, match="copies must be a sequence"):
        _tile.count(2, 1, [(0, 0, 3)], [], [], [], 2)


def test_the_commands_progress_line_shows_a_count_by_cells_without_an_estimate() -> None:
    from dlx.cli_io import SearchWatch

    watch = SearchWatch(draw=False)
    progress = cells_module.CellProgress(watch)
    progress.tell(1_234, 8_388_608)
    assert watch.where() == "1,234 solutions, 8,388,608 nodes"
