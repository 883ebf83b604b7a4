"""Techniques that lean on the puzzle having one solution: unique rectangles and BUG+1.

A *deadly pattern* is a set of cells whose digits could be swapped without breaking any rule:
four cells at the corners of a rectangle across two rows, two columns and two boxes, all
holding only the digits a and b, would leave two solutions. A puzzle with one solution never
comes to that, so whatever would complete the pattern is false (Sudoku Explainer's unique
rectangles, type 1: one corner has more digits, it cannot be a or b; type 2: two corners
share one extra digit z, which must sit in one of them, so no cell seeing both holds z;
type 4: two corners hold a, in a unit of theirs, and nowhere else in it: neither is b;
type 3, a step of its own as SE rates it higher: the two corners with more, in one unit,
act as one cell holding their extra digits, and make a naked subset with other cells).

A *bivalue universal grave* (BUG) is a position where every empty cell holds two candidates
and every digit twice in each unit: it has two solutions, so when a single cell holds three
(BUG+1), its digit that appears three times in its units must be placed there.

The finders take a `sudoku.rate.Candidates` board; only shapes whose units are rows, columns
and boxes (or jigsaw regions) take part: an extra unit such as a diagonal can break the swap.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from functools import partial
from itertools import combinations
from typing import TYPE_CHECKING

from sudoku.grid import Shape, by_shape

try:
    from sudoku import _batch
except ImportError:  # no C accelerator: the Python search does it
    _batch = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from sudoku.rate import Candidates, Step


def _plain(board: Candidates) -> bool:
    g = board.geometry
    return len(g.units) == 3 * g.n


def rectangle(board: Candidates) -> list[Step]:
    """The first unique rectangle of type 1, 2 or 4 on ``board`` (SE 4.5 each)."""
    if not _plain(board):
        return []
    masks = board.masks
    for corners, _ in _paired_rectangles(board):
        found = _deadly(board, corners, [masks[i] for i in corners])
        if found:
            return found
    return []


@by_shape
def _rectangles(shape: Shape) -> tuple[tuple[int, int, int, int], ...]:
    """The rectangles of cells (r1c1, r1c2, r2c1, r2c2 as indices) that lie in two boxes or
    regions, by row pair then column pair: the places a deadly pattern can take."""
    n = shape.size
    region_of = {i: u for u, unit in enumerate(shape.unit_indices[2 * n :]) for i in unit}
    found = []
    for r1, r2 in combinations(range(n), 2):
        for c1, c2 in combinations(range(n), 2):
            corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            if len({region_of[i] for i in corners}) == 2:
                found.append(corners)
    return tuple(found)


@by_shape
def _rectangles_through(shape: Shape) -> dict[tuple[int, int], tuple[int, ...]]:
    """For two cells i < j, the places in `_rectangles` of the rectangles with both as
    corners (a rectangle's corners are in increasing order)."""
    through: dict[tuple[int, int], list[int]] = {}
    for k, corners in enumerate(_rectangles(shape)):
        for pair in combinations(corners, 2):
            through.setdefault(pair, []).append(k)
    return {pair: tuple(places) for pair, places in through.items()}


def _paired_rectangles(board: Candidates) -> list[tuple[tuple[int, int, int, int], int]]:
    """The rectangles of `_rectangles`, in its order, where two corners hold the same two
    digits alone and the four corners share two digits or more, with the digits they share.
    Every unique rectangle has two such corners (type 1 three). Found once a position
    (`Candidates.memo`) for the finders of every type: in C (``_batch.paired_rectangles``,
    a scan of every rectangle) when the shape's units are packed for it, else by
    `_pairs_of_py`, the reference."""
    return board.memo("paired rectangles", partial(_pairs_of, board))


def _pairs_of(board: Candidates) -> list[tuple[tuple[int, int, int, int], int]]:
    if board.geometry.packed is None:
        return list(_pairs_of_py(board))
    found = _batch.paired_rectangles(board.masks, _packed_rectangles(board.shape))
    if not found:  # most positions: no rectangle to name
        return []
    rectangles = _rectangles(board.shape)
    return [(rectangles[k], ab) for k, ab in found]


@by_shape
def _packed_rectangles(shape: Shape) -> bytes:
    """`_rectangles` as native ints, four a rectangle, for ``_batch.paired_rectangles``."""
    return array("i", [i for corners in _rectangles(shape) for i in corners]).tobytes()


def _pairs_of_py(board: Candidates) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """`_paired_rectangles` in Python: only the rectangles through two bivalue cells of
    one pair are looked at, not all of them."""
    masks = board.masks
    by_pair: dict[int, list[int]] = {}
    for i, m in enumerate(masks):
        if m.bit_count() == 2:
            by_pair.setdefault(m, []).append(i)
    through, places = _rectangles_through(board.shape), set[int]()
    for cells in by_pair.values():
        for pair in combinations(cells, 2):  # cells in increasing order, as corners are
            places.update(through.get(pair, ()))
    rectangles = _rectangles(board.shape)
    for k in sorted(places):
        corners = a, b, c, d = rectangles[k]
        if (ab := masks[a] & masks[b] & masks[c] & masks[d]).bit_count() >= 2:
            yield corners, ab


def _deadly(board: Candidates, corners: tuple[int, ...], ms: list[int]) -> list[Step]:
    g = board.geometry
    pairs = {m for m in ms if m.bit_count() == 2}
    if len(pairs) != 1:
        return []
    ab = pairs.pop()
    if any(m & ab != ab for m in ms):
        return []
    roof = [i for i, m in zip(corners, ms, strict=True) if m != ab]
    if len(roof) == 1:
        (i,) = roof
        return [
            board.step(
                "unique rectangle",
                eliminations=[(i, d + 1) for d in range(g.n) if ab >> d & 1],
                reason=f"type 1 {_named(board, corners, ab)}: {board.cell_label(i)} breaks it",
                cells=corners,
                digits=ab,
            )
        ]
    extras = {masks & ~ab for masks in (board.masks[i] for i in roof)}
    if len(roof) == 2 and len(extras) == 1 and (z := extras.pop()).bit_count() == 1:
        seen = g.peer_sets[roof[0]] & g.peer_sets[roof[1]]
        struck = [(i, z.bit_length()) for i in sorted(seen) if board.masks[i] & z]
        if struck:
            return [
                board.step(
                    "unique rectangle",
                    eliminations=struck,
                    reason=f"type 2 {_named(board, corners, ab)}: "
                    f"{board.symbol(z.bit_length() - 1)} "
                    f"in {board.cell_label(roof[0])} or {board.cell_label(roof[1])}",
                    cells=corners,
                    digits=ab | z,
                )
            ]
    if len(roof) == 2:
        return _type_4(board, corners, roof, ab)
    return []


def _named(board: Candidates, corners: tuple[int, ...], ab: int) -> str:
    """A rectangle's words in its step: its pair and its corners (written only for a step
    taken: most rectangles make none)."""
    where = " ".join(board.cell_label(i) for i in corners)
    return f"on {board.symbols_of(ab)} in {where}"


def _type_4(board: Candidates, corners: tuple[int, ...], roof: list[int], ab: int) -> list[Step]:
    """Type 4: where a unit of both roof cells holds one of the pair only in them, that
    digit is in one of them, so the other digit of the pair is in neither."""
    g, masks = board.geometry, board.masks
    shared = set(g.cell_units[roof[0]]) & set(g.cell_units[roof[1]])
    for u in sorted(shared):
        elsewhere = 0  # the digits of the unit's other cells
        for j in g.units[u]:
            if j not in roof:
                elsewhere |= masks[j]
        for x in (ab & -ab, ab & (ab - 1)):
            if elsewhere & x:
                continue
            y = ab & ~x
            return [
                board.step(
                    "unique rectangle",
                    eliminations=[(i, y.bit_length()) for i in roof],
                    reason=f"type 4 {_named(board, corners, ab)}: "
                    f"{board.symbol(x.bit_length() - 1)} only in "
                    f"{board.cell_label(roof[0])} {board.cell_label(roof[1])} "
                    f"({g.unit_names[u]})",
                    cells=corners,
                    units=(u,),
                    digits=ab,
                )
            ]
    return []


def bug_plus_one(board: Candidates) -> list[Step]:
    """BUG+1 (SE 5.6): the one cell with three candidates takes the digit seen thrice."""
    if not _plain(board):
        return []
    g, masks = board.geometry, board.masks
    open_cells = [i for i, m in enumerate(masks) if m]
    three = [i for i in open_cells if masks[i].bit_count() != 2]
    if len(three) != 1 or masks[three[0]].bit_count() != 3:
        return []
    (i,) = three
    for d in range(g.n):
        bit = 1 << d
        if masks[i] & bit and _grave(board, i, bit):
            units = ", ".join(g.unit_names[u] for u in g.cell_units[i])
            return [
                board.step(
                    "bug+1",
                    placements=[(i, d + 1)],
                    reason=f"every other cell holds two candidates: {board.cell_label(i)} "
                    f"takes the {board.symbol(d)} that {units} hold three times",
                    cells=[i],
                    units=g.cell_units[i],
                    digits=masks[i],
                )
            ]
    return []


def _grave(board: Candidates, i: int, bit: int) -> bool:
    """Whether striking ``bit`` from cell ``i`` leaves a BUG: every digit of every unit in
    none or two of its cells."""
    g = board.geometry
    masks = list(board.masks)
    masks[i] &= ~bit
    for unit in g.units:
        once = twice = thrice = 0
        for j in unit:
            m = masks[j]
            thrice |= twice & m
            twice |= once & m
            once |= m
        if once & ~twice or thrice:
            return False
    return True


def rectangle_type_3(board: Candidates) -> list[Step]:
    """The easiest unique rectangle of type 3 (SE 4.6 with a pair, 4.7 a triple, 4.8 a
    quad): two corners hold the pair a, b alone, and the other two, in one unit, hold more:
    one of them holds an extra digit, so together they act as one cell holding the extras;
    with k - 1 other cells of the unit they make a naked subset of k digits, which leave
    the unit's other cells."""
    if not _plain(board):
        return []
    g, masks = board.geometry, board.masks
    # (corners, roof, extra, pair, [(unit, its other open cells)]): the rectangles with two
    # corners the pair alone and at most four extra digits, with the units of their roof
    found = []
    for corners, ab in _paired_rectangles(board):
        if ab.bit_count() != 2:
            continue
        roof = [i for i in corners if masks[i] != ab]
        if len(roof) != 2 or ((extra := (masks[roof[0]] | masks[roof[1]]) & ~ab).bit_count() > 4):
            continue
        units = [
            (u, [i for i in g.units[u] if masks[i] and i not in roof])
            for u in sorted(set(g.cell_units[roof[0]]) & set(g.cell_units[roof[1]]))
        ]
        found.append((corners, roof, extra, ab, units))
    for k in range(2, 5):  # the smallest subset first: the easiest on SE's scale
        for corners, (c1, c2), extra, ab, units in found:
            if extra.bit_count() > k:
                continue
            for u, others in units:
                step = _pseudo_subset(board, corners, (c1, c2), extra, ab, u, k, others)
                if step:
                    return step
    return []


def _pseudo_subset(
    board: Candidates,
    corners: tuple[int, ...],
    roof: tuple[int, int],
    extra: int,
    ab: int,
    u: int,
    k: int,
    others: list[int],
) -> list[Step]:
    """A naked subset of ``k`` digits in unit ``u``: the roof as one cell holding ``extra``,
    with k - 1 of the unit's other open cells (``others``, in order)."""
    g, masks = board.geometry, board.masks
    small = [i for i in others if (masks[i] | extra).bit_count() <= k]  # the others are in none
    for cells in combinations(small, k - 1):
        union = extra
        for i in cells:
            union |= masks[i]
        if union.bit_count() != k:
            continue
        struck = [(i, masks[i] & union) for i in others if i not in cells and masks[i] & union]
        if not struck:
            continue
        subset = " ".join(board.cell_label(i) for i in cells)
        return [
            board.step(
                "unique rectangle type 3",
                eliminations=[(i, d + 1) for i, m in struck for d in range(g.n) if m >> d & 1],
                reason=f"{_named(board, corners, ab)}: {board.cell_label(roof[0])} or "
                f"{board.cell_label(roof[1])} holds {board.symbols_of(extra)}, a naked "
                f"subset of {board.symbols_of(union)} with {subset} ({g.unit_names[u]})",
                cells=(*corners, *cells),
                units=(u,),
                digits=ab | union,
                se=4.5 + (k - 1) / 10,
            )
        ]
    return []
