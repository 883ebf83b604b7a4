"""dlx.tiling: pictures, piece sets, orientations, symmetries, and counts checked against
the literature and against an independent brute-force counter (tests/tiling/oracle.py)."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ElementTree
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations

import pytest

import dlx.tiling.grid as grid_module
from dlx.errors import ArgumentError, TilingError
from dlx.tiling import Piece, Tiling, box, parse_pieces, piece_set, read_board, read_pieces
from dlx.tiling.draw import record, svg
from dlx.tiling.grid import Grid
from dlx.tiling.shapes import FLAT, ROTATIONS, Cell, canonical, normalize, orientations, polyforms
from dlx.tiling.symmetry import _orbits
from tests.tiling import oracle
from tests.tiling.draws import copies_to_fill

HOLE_8X8 = "########\n########\n########\n###..###\n###..###\n########\n########\n########"


# -- piece sets ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("order", "free", "solid"),
    # OEIS A000105 (free polyominoes) and A000162 (polycubes up to rotation)
    [(1, 1, 1), (2, 1, 1), (3, 2, 2), (4, 5, 8), (5, 12, 29), (6, 35, 166)],
)
def test_the_polyforms_of_each_order_are_as_many_as_oeis_says(order, free, solid) -> None:
    assert len(polyforms(order, solid=False)) == free
    if order <= 5:
        assert len(polyforms(order, solid=True)) == solid


@pytest.mark.parametrize(
    ("name", "size", "order"),
    [
        ("monominoes", 1, 1),
        ("dominoes", 1, 2),
        ("trominoes", 2, 3),
        ("tetrominoes", 5, 4),
        ("pentominoes", 12, 5),
        ("hexominoes", 35, 6),
    ],
)
def test_the_polyomino_sets_are_every_free_polyomino_once(name, size, order) -> None:
    pieces = piece_set(name)
    assert len(pieces) == size and len({p.name for p in pieces}) == size
    assert sorted(canonical(p.cells, FLAT) for p in pieces) == polyforms(order, solid=False)


def test_the_pentacubes_are_29_with_the_12_flat_ones_named_as_pentominoes() -> None:
    cubes = piece_set("pentacubes")
    assert len(cubes) == 29 and len({p.name for p in cubes}) == 29
    flat = {p.name for p in cubes if all(z == 0 for z, _, _ in p.cells)}
    assert flat == set("FILNPTUVWXYZ")
    # 23 up to mirror images too (OEIS A038119): 6 pairs of mirror images among the others
    mirrored = {min(canonical(p.cells, ROTATIONS), canonical(_mirror(p), ROTATIONS)) for p in cubes}
    assert len(mirrored) == 23


def _mirror(piece: Piece) -> list[tuple[int, int, int]]:
    return [(z, y, -x) for z, y, x in piece.cells]


def test_soma_has_two_pieces_that_are_mirror_images_and_27_cells() -> None:
    soma = {p.name: p for p in piece_set("soma")}
    assert sum(len(p) for p in soma.values()) == 27
    assert canonical(_mirror(soma["A"]), ROTATIONS) == canonical(soma["B"].cells, ROTATIONS)
    assert canonical(_mirror(soma["A"]), ROTATIONS) != canonical(soma["A"].cells, ROTATIONS)


def test_piece_terms_name_sets_pieces_and_copies() -> None:
    assert [(p.name, p.copies) for p in parse_pieces("tetrominoes:L*4")] == [("L", 4)]
    assert [(p.name, p.copies) for p in parse_pieces("X*2, pentominoes")][0] == ("X", 3)
    assert sum(p.copies for p in parse_pieces("tetrominoes*2")) == 10
    with pytest.raises(
        TilingError, match="several sets have a piece 'L': write tetrominoes:L or pentominoes:L"
    ):
        parse_pieces("L*4")
    with pytest.raises(TilingError, match="no piece set named 'heptominoes'"):
        parse_pieces("heptominoes:A")
    with pytest.raises(TilingError, match="is not a piece term"):
        parse_pieces("pentominoes*0")
    with pytest.raises(TilingError, match="two different pieces are named 'L'"):
        parse_pieces("tetrominoes:L pentominoes:L")


# -- pictures -------------------------------------------------------------------------------


def test_a_board_picture_has_cells_wherever_there_is_neither_space_nor_dot() -> None:
    board = read_board("; a note\n#o.\n x#\n")
    assert board.cells == ((0, 0, 0), (0, 0, 1), (0, 1, 1), (0, 1, 2))
    assert not board.solid


def test_layers_are_apart_by_blank_lines() -> None:
    board = read_board("##\n##\n\n\n##\n#.\n")
    assert board.solid and len(board.cells) == 7
    assert board.cells[-1] == (1, 1, 0)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("##\n#\t#", "line 2, column 2"),
        ("##\n#;", "line 2, column 2"),
        ("..\n. .", "no cells"),
    ],
)
def test_a_picture_that_cannot_be_read_says_where(text, where) -> None:
    with pytest.raises(TilingError, match=where):
        read_board(text)


def test_pieces_are_drawn_with_a_character_each_and_copies_come_from_a_note() -> None:
    pieces = read_pieces("AAB\n.BB\n;copies A*3\n; a note\n")
    assert [(p.name, p.cells, p.copies) for p in pieces] == [
        ("A", ((0, 0, 0), (0, 0, 1)), 3),
        ("B", ((0, 0, 1), (0, 1, 0), (0, 1, 1)), 1),
    ]
    with pytest.raises(TilingError, match="line 2, column 10: no piece is drawn with 'C'"):
        read_pieces("AB\n;copies  C*2")
    with pytest.raises(TilingError, match="line 1, column 9: 'A2' is not X\\*N"):
        read_pieces(";copies A2\nAA")


def test_a_puzzle_that_cannot_be_filled_is_refused_before_the_search() -> None:
    with pytest.raises(TilingError, match="the pieces cover 60 cells and the board has 64"):
        Tiling(box(8, 8), "pentominoes")
    with pytest.raises(TilingError, match="solid .* but the board is flat"):
        Tiling(box(1, 27), "soma")
    with pytest.raises(TilingError, match="one-sided pieces are for a flat board"):
        Tiling(box(3, 3, 3), "soma", one_sided=True)


# -- orientations ---------------------------------------------------------------------------


def _orientations(tiling: Tiling, name: str) -> int:
    return len({normalize(p.cells) for p in tiling.placements[name]})


def test_flat_pieces_take_up_to_8_orientations_and_one_sided_ones_up_to_4() -> None:
    counts = {n: _orientations(Tiling(box(5, 5), f"pentominoes:{n}*5"), n) for n in "XIL"}
    assert counts == {"X": 1, "I": 2, "L": 8}
    assert _orientations(Tiling(box(5, 5), "pentominoes:L*5", one_sided=True), "L") == 4


def test_placements_that_cut_off_a_region_no_piece_fills_are_left_out() -> None:
    # an X centred next to a corner of 5x5 cuts the corner cell off: 5 of its 9 places stay
    centres = {p.cells[2][1:] for p in Tiling(box(5, 5), "pentominoes:X*5").placements["X"]}
    assert centres == {(2, 2), (1, 2), (2, 1), (2, 3), (3, 2)}
    # 3x3 of V trominoes: of the 4 in each 2x2 corner, the one that leaves the board's
    # corner empty cuts it off; the other 3 leave one region of 6 cells
    kept = Tiling(box(3, 3), "trominoes:V*3").placements["V"]
    assert len(kept) == 4 * 3
    assert ("V", ((0, 0, 1), (0, 1, 0), (0, 1, 1))) not in kept


def _region_sizes(cells: set[Cell]) -> list[int]:
    """The sizes of the regions of ``cells`` (joined face to face), a cell at a time."""
    todo, sizes = set(cells), []
    while todo:
        stack, size = [todo.pop()], 0
        while stack:
            z, y, x = stack.pop()
            size += 1
            for dz, dy, dx in ((0, 0, 1), (0, 1, 0), (1, 0, 0)):
                for cell in ((z + dz, y + dy, x + dx), (z - dz, y - dy, x - dx)):
                    if cell in todo:
                        todo.remove(cell)
                        stack.append(cell)
        sizes.append(size)
    return sizes


@pytest.mark.parametrize("in_c", [True, False], ids=["C", "Python"])
@pytest.mark.parametrize("seed", range(6))
def test_the_placements_kept_are_those_whose_regions_the_other_pieces_can_fill(
    seed, in_c, monkeypatch
) -> None:
    # random boards with holes, flat (even seeds) and solid, regions found a cell at a time;
    # the regions of a placement found by dlx._tile.fillable, or by the flood of ints
    if in_c and grid_module._tile is None:
        pytest.skip("dlx._tile is not built")
    if not in_c:
        monkeypatch.setattr(grid_module, "_tile", None)
    rng = random.Random(seed)
    sides = (1, rng.randint(3, 7), 9) if seed % 2 == 0 else (2, rng.randint(2, 4), 5)
    board = [
        (z, y, x)
        for z in range(sides[0])
        for y in range(sides[1])
        for x in range(sides[2])
        if rng.random() < 0.8
    ]
    pieces = parse_pieces("dominoes:I*20 trominoes:V tetrominoes:T")
    motions = FLAT if seed % 2 == 0 else ROTATIONS
    grid = Grid(board, 4)
    shapes = {p.name: orientations(p.cells, motions) for p in pieces}
    every = {p.name: grid.placements(p.name, shapes[p.name]) for p in pieces}
    kept = grid.live(pieces, shapes)
    dropped = 0
    for piece in pieces:
        others = [len(q) for q in pieces for _ in range(q.copies - (q is piece))]
        sums = {sum(c) for k in range(len(others) + 1) for c in combinations(others, k)}
        for placement in every[piece.name]:
            sizes = _region_sizes(set(board) - set(placement.cells))
            fillable = all(size in sums for size in sizes)
            assert (placement in kept[piece.name]) == fillable, placement
            dropped += not fillable
    assert 0 < dropped < sum(len(v) for v in every.values())


def test_the_regions_in_c_refuse_a_shape_off_the_board_and_what_is_not_bytes() -> None:
    if grid_module._tile is None:
        pytest.skip("dlx._tile is not built")
    fillable = grid_module._tile.fillable
    row = (0b111).to_bytes(1, "little")  # cells 0, 1, 2 in a row
    assert fillable(row, b"\x01", [0, 1], [1], b"\x02") == b"\x01"  # leaves cell 2 alone
    assert fillable(row, b"\x02", [0, 1], [1], b"\x02") == b"\x02"
    assert fillable(row, b"\x01", [0], [1], b"\x02") == b"\x00"  # leaves a region of 2
    with pytest.raises(ValueError, match="off the board"):
        fillable(row, b"\x04", [0, 1], [1], b"\x02")
    with pytest.raises(TypeError, match="full must be bytes"):
        fillable(7, b"\x01", [0], [1], b"\x02")
    with pytest.raises(ValueError, match="differ in length"):
        fillable(row, b"\x01\x00", [0], [1], b"\x02")


def test_a_piece_in_two_parts_may_straddle_a_region_so_nothing_is_cut_then() -> None:
    # the O in the middle leaves two lone cells: D, in two parts, fills both at once
    tiling = Tiling("###", [Piece("D", ((0, 0), (0, 2))), Piece("O", ((0, 0),))])
    assert tiling.count(all_symmetric=True) == 1
    assert oracle.tilings([(0, 0), (0, 1), (0, 2)], _oracle_pieces(tiling)) == [
        frozenset({("D", ((0, 0), (0, 2))), ("O", ((0, 1),))})
    ]


def test_a_one_sided_piece_never_turns_over() -> None:
    s, z = ".##\n##.", "##.\n.##"
    assert Tiling(s, "tetrominoes:S", one_sided=True).count() == 1
    assert Tiling(z, "tetrominoes:S", one_sided=True).count() == 0
    assert Tiling(z, "tetrominoes:S").count() == 1


def test_solid_pieces_take_the_24_rotations_and_no_mirror_image() -> None:
    soma = Tiling(box(3, 3, 3), "soma")
    # the screw A has no symmetry but the identity: 24 orientations, never B's
    shapes = {canonical(p.cells, ROTATIONS) for p in soma.placements["A"]}
    assert shapes == {canonical(piece_set("soma")[4].cells, ROTATIONS)}
    assert soma.placements["A"] != soma.placements["B"]


# -- published counts -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sides", "distinct"),
    [((6, 10), 2339), ((5, 12), 1010), ((4, 15), 368), ((3, 20), 2)],
)
def test_the_pentomino_boxes_have_their_published_counts(sides, distinct) -> None:
    # Dana Scott (1958) and Knuth, "Dancing Links" (2000)
    assert Tiling(box(*sides), "pentominoes").count() == distinct


def test_the_3x20_box_has_8_solutions_in_all() -> None:
    assert Tiling(box(3, 20), "pentominoes").count(all_symmetric=True) == 8


def test_the_8x8_board_with_a_central_hole_has_65_solutions() -> None:
    # Dana Scott's 1958 count, by the first backtracking program
    tiling = Tiling(HOLE_8X8, "pentominoes")
    assert len(tiling.symmetries) == 8
    assert tiling.count() == 65


def test_the_8x8_board_without_its_corners_has_2170_solutions() -> None:
    # as Polyform Puzzler records it (pentominoes-8x8-corners.py), an independent program
    tiling = Tiling(".######.\n" + "########\n" * 6 + ".######.", "pentominoes")
    assert len(tiling.symmetries) == 8
    assert tiling.count() == 2170


def test_the_soma_cube_has_240_distinct_solutions_and_11520_in_all() -> None:
    # Conway and Guy (1962); Berlekamp, Conway and Guy, "Winning Ways"
    soma = Tiling(box(3, 3, 3), "soma")
    assert len(soma.symmetries) == 48  # mirrors too: they swap the screws A and B
    assert soma.count() == 240
    assert soma.count(all_symmetric=True) == 11520


def test_the_tetrominoes_cannot_fill_a_4x5_box() -> None:
    assert Tiling(box(4, 5), "tetrominoes").count() == 0
    assert next(Tiling(box(4, 5), "tetrominoes").solutions(), None) is None


def test_the_solid_pentominoes_fill_a_2x3x10_box_in_12_ways() -> None:
    # the 12 pentominoes as solids: 2x3x10 has 12 solutions, 2x5x6 264, 3x4x5 3940
    assert Tiling(box(2, 3, 10), "pentominoes").count() == 12


@pytest.mark.slow
@pytest.mark.parametrize(("sides", "distinct"), [((2, 5, 6), 264), ((3, 4, 5), 3940)])
def test_the_solid_pentominoes_fill_larger_boxes_as_published(sides, distinct) -> None:
    assert Tiling(box(*sides), "pentominoes").count() == distinct


@pytest.mark.slow
def test_the_6x10_box_has_9356_solutions_in_all() -> None:
    assert Tiling(box(6, 10), "pentominoes").count(all_symmetric=True) == 9356


# -- against the brute-force counter --------------------------------------------------------

SMALL = [
    ("##\n##\n##\n##", "dominoes:I*4"),
    ("####\n####\n####", "trominoes:I*2 trominoes:V*2"),
    ("####\n####\n####\n####", "tetrominoes:L*4"),
    ("####\n####\n####\n####", "tetrominoes:O trominoes:V*4"),
    ("######\n######\n######", "trominoes:V*2 tetrominoes:L*3"),
    ("#####\n#####\n##.##\n#####\n#####", "tetrominoes:L*6"),
    ("#####\n#####\n##.##\n#####\n#####", "tetrominoes:L*2 tetrominoes:T*2 tetrominoes:S*2"),
    ("#####\n#####\n#####\n#####\n#####", "pentominoes:X pentominoes:P*4"),
    ("#.##\n####\n####\n###.", "tetrominoes:L*2 trominoes:V*2"),
    ("####\n####\n####\n####\n####", "tetrominoes:L*2 tetrominoes:T*2 tetrominoes:O"),
    (".##.\n####\n####\n.##.", "tetrominoes:T*2 tetrominoes:S"),
    ("#####\n#####\n#####", "pentominoes:L pentominoes:P pentominoes:U"),
    ("######\n######", "trominoes:V*2 dominoes:I*3"),
]


def _as_oracle(solution) -> frozenset:
    return frozenset((p.piece, tuple((r, c) for _, r, c in p.cells)) for p in solution)


def _oracle_pieces(tiling: Tiling) -> dict:
    return {p.name: ([(r, c) for _, r, c in p.cells], p.copies) for p in tiling.pieces}


@pytest.mark.parametrize(("board", "pieces"), SMALL)
def test_counts_and_distinct_solutions_agree_with_brute_force(board, pieces) -> None:
    tiling = Tiling(board, pieces)
    cells = [(r, c) for _, r, c in tiling.board.cells]
    found = oracle.tilings(cells, _oracle_pieces(tiling))
    maps = oracle.board_maps(cells)
    distinct = {oracle.canonical(t, maps) for t in found}
    assert tiling.count(all_symmetric=True) == len(found)
    assert tiling.count() == len(distinct)
    listed = [oracle.canonical(_as_oracle(s), maps) for s in tiling.solutions()]
    assert sorted(listed) == sorted(distinct)  # one of each orbit, no orbit twice
    assert {_as_oracle(s) for s in tiling.solutions(all_symmetric=True)} == set(found)


@pytest.mark.parametrize("backend", ["python", "bits"])
@pytest.mark.parametrize(("board", "pieces"), SMALL[4:8])
def test_the_pure_python_loops_count_as_the_c_loop(board, pieces, backend) -> None:
    tiling = Tiling(board, pieces)
    if tiling.has_copies and backend == "bits":  # item bounds: Algorithm M alone serves them
        with pytest.raises(ArgumentError, match="cannot search with item bounds"):
            tiling.count(backend=backend)
        return
    for symmetric in (False, True):
        assert tiling.count(all_symmetric=symmetric, backend=backend) == tiling.count(
            all_symmetric=symmetric
        )


@pytest.mark.parametrize("seed", range(10))
def test_random_small_puzzles_agree_with_brute_force(seed) -> None:
    rng = random.Random(seed)
    height, width = rng.choice([(3, 4), (4, 4), (3, 5), (4, 5), (2, 6), (3, 6)])
    sizes = {"trominoes:V": 3, "tetrominoes:L": 4, "tetrominoes:T": 4, "tetrominoes:S": 4,
             "tetrominoes:O": 4, "tetrominoes:I": 4}  # fmt: skip
    copies = None
    while copies is None:  # three kinds of pieces, and copies that fill the box exactly
        copies = copies_to_fill(rng, sizes, rng.sample(sorted(sizes), 3), height * width)
    tiling = Tiling(box(height, width), " ".join(f"{k}*{n}" for k, n in copies.items() if n))
    cells = [(r, c) for _, r, c in tiling.board.cells]
    found = oracle.tilings(cells, _oracle_pieces(tiling))
    maps = oracle.board_maps(cells)
    assert tiling.count(all_symmetric=True) == len(found)
    assert tiling.count() == len({oracle.canonical(t, maps) for t in found})


def test_every_case_of_the_plan_keeps_one_solution_of_each_orbit() -> None:
    # 6x10: Knuth's X in a quarter of the box (centres in rows 1-2, columns 1-4), less the
    # one centred at (1, 1) that cuts off the corner: one case
    (case,) = Tiling(box(6, 10), "pentominoes").cases
    assert case.restricted is not None and case.restricted[0] == "X"
    assert sorted(p.cells[2][1:] for p in case.restricted[1]) == [
        (y, x) for y in (1, 2) for x in (1, 2, 3, 4) if (y, x) != (1, 1)
    ]
    # 5x12: X too; the 5 orbits of X on the middle row are fixed by a mirror, cases of
    # their own; the 8x8 board with a hole, and 4x4 with an O in the middle, too
    main, *fixed = Tiling(box(5, 12), "pentominoes").cases
    assert main.restricted is not None and main.restricted[0] == "X"
    assert sorted(case.fixed[0].cells[2][1:] for case in fixed) == [(2, x) for x in range(1, 6)]
    centred = Tiling("####\n####\n####\n####", "tetrominoes:O trominoes:V*4")
    assert any(len(case.group) > 1 for case in centred.cases)  # V has copies: listed


def test_a_flat_board_weighs_an_orbit_fixed_by_a_symmetry_once_and_a_solid_twice() -> None:
    # 8x8 without corners: X has 2 free orbits and 3 on a mirror (5), the I 7 free ones;
    # weighed twice, the fixed ones would make X's 8 and the I would be chosen
    main, *fixed = Tiling(".######.\n" + "########\n" * 6 + ".######.", "pentominoes").cases
    assert main.restricted is not None and main.restricted[0] == "X"
    assert len(main.restricted[1]) == 2 and [c.fixed[0].piece for c in fixed] == ["X"] * 3
    # 2x3x10: the X's 4 orbits are all fixed by a symmetry (8), V has 8 free ones
    (case,) = Tiling(box(2, 3, 10), "pentominoes").cases
    assert case.restricted is not None and case.restricted[0] == "V"


@pytest.mark.parametrize(
    ("board", "pieces"),
    [
        (box(5, 12), "pentominoes"),
        (box(6, 10), "pentominoes"),
        (".######.\n" + "########\n" * 6 + ".######.", "pentominoes"),
        (box(3, 4, 5), "pentominoes"),
        (box(2, 5, 6), "pentominoes"),
        ("####\n####\n####\n####", "tetrominoes:O,L,T,I"),
    ],
)
def test_the_plan_fixes_the_piece_with_the_least_score_of_all(board, pieces) -> None:
    # the plan looks only at pieces whose placements could score less than the best so far:
    # it picks what scoring every piece picks (the first of the least: pieces in order)
    tiling = Tiling(board, pieces)
    group = tuple(tiling.symmetries)
    scores = []
    for k, piece in enumerate(tiling.pieces):
        if piece.copies == 1 and all(h.pieces[piece.name] == piece.name for h in group):
            orbits = _orbits(tiling.placements[piece.name], group)
            fixed = sum(len(orbit) < len(group) for orbit in orbits)
            scores.append(((len(orbits) + tiling.solid * fixed, fixed), k, piece.name))
    first = tiling.cases[0]  # the first piece fixed, or restricted when none is
    chosen = first.fixed[0].piece if first.fixed else first.restricted[0]
    assert chosen == min(scores)[2] and len(scores) > 1


# -- drawing --------------------------------------------------------------------------------


def test_a_solution_is_drawn_in_the_board_picture_as_json_and_as_svg() -> None:
    tiling = Tiling("#.##\n####\n####\n###.", "tetrominoes:L*2 trominoes:V*2")
    solution = next(tiling.solutions())
    picture = tiling.picture(solution)
    assert picture.count(".") == 2 and sorted(picture.replace("\n", "").replace(".", "")) == (
        sorted("LLLLLLLLVVVVVV")
    )
    data = json.loads(json.dumps(record(tiling, solution, 1)))
    assert data["picture"] == picture.split("\n")
    assert sorted(c for p in data["pieces"] for c in map(tuple, p["cells"])) == sorted(
        (r, c) for _, r, c in tiling.board.cells
    )
    root = ElementTree.fromstring(svg(tiling, [solution, solution]))
    rects = root.findall(".//{http://www.w3.org/2000/svg}rect")
    assert len(rects) == 1 + 2 * 14  # the background, then a square a cell


def test_a_solid_is_drawn_layer_by_layer() -> None:
    soma = Tiling(box(3, 3, 3), "soma")
    solution = next(soma.solutions())
    assert [len(block.split("\n")) for block in soma.picture(solution).split("\n\n")] == [3] * 3
    root = ElementTree.fromstring(svg(soma, [solution]))
    xs = {float(r.get("x")) for r in root.findall(".//{http://www.w3.org/2000/svg}rect")[1:]}
    assert len(xs) == 9  # three layers side by side, three columns each


def test_a_count_with_copies_splits_across_workers_and_agrees_with_brute_force() -> None:
    tiling = Tiling(box(4, 5), "tetrominoes:L*3 tetrominoes:T*2")
    assert tiling.has_copies
    cells = [(r, c) for _, r, c in tiling.board.cells]
    found = oracle.tilings(cells, _oracle_pieces(tiling))
    distinct = {oracle.canonical(t, oracle.board_maps(cells)) for t in found}
    with ThreadPoolExecutor(2) as threads:
        assert tiling.count(all_symmetric=True, executor=threads) == len(found) > 0
        assert tiling.count(executor=threads) == len(distinct)
