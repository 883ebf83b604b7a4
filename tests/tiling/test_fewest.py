"""dlx._tile.count with ``fewest``: the count of solid boards by the cell with the fewest
placements counts what the exact-cover loops count, checked against published counts, the C
loops, the count by the lowest cell and the brute-force counter (tests/tiling/oracle.py,
on flat boards numbered as a solid one is); bad input is refused."""

from __future__ import annotations

import random

import pytest

from dlx.errors import TilingError
from dlx.tiling import Tiling, box, read_pieces
from dlx.tiling import cells as cells_module
from tests.tiling import oracle
from tests.tiling.draws import assert_ctrl_c_stops, copies_to_fill

_tile = pytest.importorskip("dlx._tile")


@pytest.fixture(params=[True, False], ids=["wide", "plain"])
def filters(request):
    """Each test that takes it runs with the lists filtered eight at a time by AVX-512
    (where the processor has it: else skipped) and one at a time in plain C."""
    if _tile.wide(request.param) != request.param:
        _tile.wide(True)
        pytest.skip("no AVX-512 here")
    yield request.param
    _tile.wide(True)


def _fewest(tiling: Tiling) -> cells_module.CellCounter:
    """A counter by the fewest placements for any board (flat ones too), cells numbered
    with the longest side slowest and no spare cells."""
    board = tiling.board.cells
    extent = {a: max(c[a] for c in board) - min(c[a] for c in board) + 1 for a in range(3)}
    order = sorted(range(3), key=lambda a: -extent[a])
    number, _ = cells_module._numbering(board, order, extent, spare=False)
    return cells_module.CellCounter(number, [], tiling.pieces, tiling.placements, fewest=True)


@pytest.mark.parametrize(
    ("board", "pieces", "distinct", "every"),
    [
        (box(3, 3, 3), "soma", 240, 11_520),  # Conway and Guy; Berlekamp et al.
        (box(2, 3, 10), "pentominoes", 12, 96),  # solid pentominoes, Polyform Puzzler
        (box(2, 5, 6), "pentominoes", 264, None),
    ],
)
@pytest.mark.usefixtures("filters")
def test_solid_boards_count_by_the_fewest_placements_as_published(
    board, pieces, distinct, every
) -> None:
    tiling = Tiling(board, pieces)
    assert tiling.counts_by_cells and tiling._cell_counter.fewest
    assert tiling.count() == distinct == tiling.count(backend="c")
    if every is not None:
        assert tiling.count(all_symmetric=True) == every


@pytest.mark.slow
@pytest.mark.usefixtures("filters")
def test_the_3x4x5_box_of_solid_pentominoes_has_3940_solutions() -> None:
    tiling = Tiling(box(3, 4, 5), "pentominoes")
    assert tiling.counts_by_cells and tiling._cell_counter.fewest
    assert tiling.count() == 3940  # Polyform Puzzler; Gardner (3940 as quoted by Bouwkamp)


def _solid_picture(layers: int, height: int, width: int, holes: set) -> str:
    return "\n\n".join(
        "\n".join(
            "".join("." if (z, y, x) in holes else "#" for x in range(width)) for y in range(height)
        )
        for z in range(layers)
    )


@pytest.mark.usefixtures("filters")
def test_random_solid_boards_and_piece_sets_count_as_on_the_c_loops() -> None:
    rng = random.Random(23)
    sizes = {"dominoes:I": 2, "trominoes:V": 3, "trominoes:I": 3, "tetrominoes:L": 4,
             "tetrominoes:O": 4, "tetrominoes:T": 4, "soma:A": 4, "soma:B": 4, "soma:P": 4,
             "soma:Z": 4}  # fmt: skip
    checked = with_copies = chiral = 0
    while checked < 30:
        dims = rng.choice([(2, 2, 3), (2, 3, 3), (2, 2, 4), (2, 3, 4), (2, 2, 5), (2, 2, 6)])
        cells = [(z, y, x) for z in range(dims[0]) for y in range(dims[1]) for x in range(dims[2])]
        holes = set(rng.sample(cells, rng.randrange(3)))
        copies = copies_to_fill(rng, sizes, rng.sample(sorted(sizes), 3), len(cells) - len(holes))
        if copies is None:
            continue
        picture = _solid_picture(*dims, holes)
        try:
            tiling = Tiling(picture, " ".join(f"{k}*{n}" for k, n in copies.items() if n))
        except TilingError:  # two pieces named I
            continue
        assert tiling.counts_by_cells and tiling._cell_counter.fewest
        every = tiling.count(all_symmetric=True)
        assert every == tiling.count(all_symmetric=True, backend="c"), picture
        assert tiling.count() == tiling.count(backend="c"), picture
        with_copies += any(p.copies > 1 for p in tiling.pieces)
        chiral += "soma:A" in copies and "soma:B" in copies  # mirror images of each other
        checked += 1
    assert with_copies > 10 and chiral > 0


@pytest.mark.usefixtures("filters")
def test_flat_boards_counted_by_the_fewest_placements_count_as_brute_force() -> None:
    rng = random.Random(5)
    pool = ["dominoes:I", "trominoes:V", "trominoes:I", "tetrominoes:L", "tetrominoes:T",
            "tetrominoes:S", "pentominoes:P"]  # fmt: skip
    sizes = [2, 3, 3, 4, 4, 4, 5]
    checked = 0
    while checked < 20:
        height, width = rng.choice([(3, 4), (4, 4), (3, 5), (4, 5), (3, 6)])
        copies = copies_to_fill(rng, sizes, rng.sample(range(len(pool)), 3), height * width)
        if copies is None:
            continue
        spec = " ".join(f"{pool[k]}*{n}" for k, n in copies.items() if n)
        try:
            tiling = Tiling(box(height, width), spec)
        except TilingError:  # two pieces named I
            continue
        found = oracle.tilings(
            [(r, c) for _, r, c in tiling.board.cells],
            {p.name: ([(r, c) for _, r, c in p.cells], p.copies) for p in tiling.pieces},
        )
        assert _fewest(tiling).count(None) == len(found) == tiling.count(all_symmetric=True)
        checked += 1


ONE_SIDED = read_pieces("IIII.OO..SS.L.....J\n.....OO.SS..LLL.JJJ")  # one-sided: no Z


@pytest.mark.usefixtures("filters")
def test_the_plans_cases_and_one_sided_pieces_count_as_by_the_lowest_cell() -> None:
    for board, pieces, one_sided in [
        (box(4, 5), ONE_SIDED, True),
        (box(5, 12), "pentominoes", False),  # fixed pieces and a restricted one: 1010
        (box(5, 6), "pentominoes:L*2,P*4", False),
    ]:
        tiling = Tiling(board, pieces, one_sided=one_sided)
        lowest, fewest = tiling._cell_counter, _fewest(tiling)
        assert not lowest.fewest
        simple = [case for case in tiling.cases if len(case.group) <= 1]
        counts = [fewest.count(case) for case in simple]
        assert counts == [lowest.count(case) for case in simple]
        assert fewest.count(None) == lowest.count(None) > 0


def test_boards_of_several_words_count_as_their_recurrence() -> None:
    # I pentominoes in a 5x26 box: a(n) = a(n - 1) + a(n - 5), 130 cells (3 words)
    ways = [1] * 5
    while len(ways) <= 26:
        ways.append(ways[-1] + ways[-5])
    assert _fewest(Tiling(box(5, 26), "pentominoes:I*26")).count(None) == ways[26] == 756
    # solid boxes of 68 and 66 cells (2 words): as the loops count; the last with pieces of
    # one copy, each dropped by its own child in a batch of children made together
    for board, pieces in [
        (box(2, 2, 17), "tetrominoes:O*17"),
        (box(2, 3, 11), "trominoes:I*22"),
        (box(2, 3, 11), "trominoes:I*18 tetrominoes:L*1 tetrominoes:T*1 tetrominoes:O*1"),
    ]:
        tiling = Tiling(board, pieces)
        assert tiling._cell_counter.fewest and tiling._cell_counter.cells > 64
        every = tiling.count(all_symmetric=True)
        assert every == tiling.count(all_symmetric=True, backend="c") > 1000


def _count(cells=2, copies=(1,), placements=((0, 0, 3),), first=(), blocked=(), steps=(), sums=2,
           fewest=True):  # fmt: skip
    return _tile.count(cells, list(copies), list(placements), list(first), list(blocked),
                       list(steps), sums, None, fewest)  # fmt: skip


@pytest.mark.usefixtures("filters")
def test_tiny_boards_count_by_the_fewest_by_hand() -> None:
    assert _count() == 1  # a domino on two cells
    assert _count(copies=(2,)) == 0  # a copy left over
    assert _count(cells=2, placements=[(0, 0, 1)], blocked=[1]) == 1  # cell 1 is no cell
    assert _count(copies=(2,), placements=[(0, 0, 1), (0, 1, 1)]) == 1  # alike
    monos = [(p, c, 1) for p in (0, 1) for c in (0, 1)]
    assert _count(copies=(1, 1), placements=monos) == 2
    assert _count(copies=(1, 1), placements=monos, first=[1]) == 2
    assert _count(copies=(1, 1), placements=monos[:3], first=[1]) == 1
    line = [(0, c, 1) for c in range(130)]  # 130 cells: three words
    assert _count(cells=130, copies=(130,), placements=line) == 1
    assert _count(cells=130, copies=(129,), placements=line) == 0
    assert _count(copies=(1,), placements=[(0, 0, 3)], fewest=0) == 1  # the lowest cell's


class _Unsure:
    def __bool__(self) -> bool:
        raise RuntimeError("neither")


def test_what_the_fewest_cannot_take_is_refused_with_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no steps with fewest"):
        _count(steps=[1])
    with pytest.raises(RuntimeError, match="neither"):
        _count(fewest=_Unsure())
    with pytest.raises(TypeError, match="7 to 9 arguments"):
        _tile.count(2, [1], [(0, 0, 3)], [], [], [], 2, None, True, 1)
    with pytest.raises(ValueError, match="the mask of placement 0"):
        _count(placements=[(0, 0, 2)])
    with pytest.raises(ValueError, match="a board has 1 to"):
        _count(cells=_tile.MAX_CELLS + 1)


class _Enough(Exception):
    pass


def test_a_long_count_by_the_fewest_tells_its_progress_until_the_callback_stops_it() -> None:
    tiling = Tiling(box(3, 4, 5), "pentominoes")  # every solution: a minute
    seen = []

    def told(progress) -> None:
        seen.append((progress.stats.solutions, progress.stats.nodes))
        raise _Enough

    with pytest.raises(_Enough):
        tiling.count(all_symmetric=True, progress=told)
    assert seen and seen[0][1] > 0


@pytest.mark.usefixtures("python_ctrl_c")
def test_ctrl_c_stops_a_long_count_by_the_fewest() -> None:
    # every solution of 3x4x5: some 15 s; the count looks for Ctrl-C every few million
    # placements, dead ends included
    tiling = Tiling(box(3, 4, 5), "pentominoes")
    assert tiling._cell_counter.fewest
    assert_ctrl_c_stops(lambda: tiling.count(all_symmetric=True))
    assert Tiling(box(2, 3, 10), "pentominoes").count() == 12  # the next count starts afresh
