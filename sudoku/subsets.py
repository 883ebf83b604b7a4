"""Intersections and subsets: locked candidates (pointing, claiming), naked and hidden
pairs, triples and quads, and Sudoku Explainer's *direct* variants of them, which only
place the digit that a pattern's eliminations leave with one place in a unit.

Each finder takes a `sudoku.rate.Candidates` board, as the finders of `fish_and_wings` and
`uniqueness` do. Locked candidates and hidden subsets are found as `Pattern`s, what they
strike before any words: the direct techniques look through many and write out only the
one that places a digit (`direct`); the others write out the first (`first`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING

from sudoku.fish_and_wings import bits, closed_sets

try:
    from sudoku import _batch
except ImportError:  # no C accelerator: every geometry's ``packed`` is None
    _batch = None  # type: ignore[assignment]

Cells = tuple[int, ...]

if TYPE_CHECKING:
    from sudoku.geometry import Geometry
    from sudoku.rate import Candidates, Step

    #: A pattern found, before it is written out as a step: what it strikes, as (cell
    #: index, mask of digits) pairs, the units it reasons in, and how to write its step.
    Pattern = tuple[list[tuple[int, int]], tuple[int, ...], Callable[[], list[Step]]]


def _cells(board: Candidates, cells: Iterable[int]) -> str:
    return " ".join(board.cell_label(i) for i in cells)


def first(patterns: Iterable[Pattern]) -> list[Step]:
    """The step of the first of ``patterns``, or none."""
    for _, _, build in patterns:
        return build()
    return []


def locked(board: Candidates, technique: str) -> list[Pattern]:
    """Every pointing or claiming (``technique``) on the position, intersection by
    intersection, as patterns; found once a position (`Candidates.memo`), for the direct
    technique and the plain one alike."""
    return board.memo(technique, partial(_locked, board, technique))


def _locked(board: Candidates, technique: str) -> list[Pattern]:
    g, masks = board.geometry, board.masks
    found: list[Pattern] = []
    for k, locked in board.memo("locked hits", partial(_locked_hits, board)):
        name, a, b, _, rest_b, common = g.intersections[k]
        if name != technique:
            continue
        removals = [(i, masks[i] & locked) for i in rest_b if masks[i] & locked]
        step = partial(_locked_step, board, technique, removals, (a, b), common, locked)
        found.append((removals, (a, b), step))
    return found


def _locked_hits(board: Candidates) -> list[tuple[int, int]]:
    """The intersections with locked candidates (`_locked_hits_py`), pointing and claiming
    alike: found once a position for both."""
    g = board.geometry
    if g.packed_intersections is None:
        return _locked_hits_py(board.masks, g.intersections)
    return _batch.locked_hits(board.masks, g.packed_intersections)


def _locked_hits_py(
    masks: list[int], intersections: Iterable[tuple[str, int, int, Cells, Cells, Cells]]
) -> list[tuple[int, int]]:
    """For each intersection of units A and B, in order, (name, a, b, A's other cells, B's
    other cells, the common cells), whose digits held in the common cells and nowhere else
    in A are candidates of B's other cells: (its number, those digits). The reference;
    ``sudoku._batch.locked_hits`` does the same in C."""
    hits = []
    for k, (_, _, _, rest_a, rest_b, common) in enumerate(intersections):
        in_common = outside = struck = 0
        for i in common:
            in_common |= masks[i]
        for i in rest_a:
            outside |= masks[i]
        locked = in_common & ~outside
        for i in rest_b if locked else ():
            struck |= masks[i] & locked
        if struck:
            hits.append((k, locked))
    return hits


def _locked_step(
    board: Candidates,
    technique: str,
    removals: list[tuple[int, int]],
    units: tuple[int, int],
    common: Cells,
    locked: int,
) -> list[Step]:
    where = [i for i in common if board.masks[i] & locked]  # written out only when taken
    confining = board.geometry.unit_names[units[0]]
    reason = f"{board.symbols_of(locked)} in {confining} only in {_cells(board, where)}"
    return board.removal(technique, removals, reason, where, units, locked)


def naked_subset(board: Candidates, technique: str, k: int) -> list[Step]:
    """The first naked pair, triple or quad (``k`` from 2 to 4): k cells of a unit with k
    digits between them leave the unit's other cells. Searched in C
    (``sudoku._batch.naked_set``) when the shape's units are packed for it; else by
    `_naked_set_py`, the reference."""
    g, masks = board.geometry, board.masks
    if g.packed is not None:
        hit = _batch.naked_set(masks, g.packed, g.n, k)
    else:
        hit = _naked_set_py(masks, g.units, k)
    if hit is None:
        return []
    u, combo, union = hit
    removals = [(i, masks[i] & union) for i in g.units[u] if i not in combo and masks[i] & union]
    return board.removal(
        technique,
        removals,
        f"{board.symbols_of(union)} in {_cells(board, combo)} ({g.unit_names[u]})",
        combo,
        (u,),
        union,
    )


def _naked_set_py(
    masks: list[int], units: Iterable[tuple[int, ...]], k: int
) -> tuple[int, Cells, int] | None:
    """The first naked subset of ``k`` cells that strikes anything, as (unit, its cells,
    their digits): unit by unit, in each with more than k open cells, the closed sets of
    its cells of k digits or fewer (`closed_sets`), in the unit's order."""
    for u, unit in enumerate(units):
        open_cells = [i for i in unit if masks[i]]
        if len(open_cells) <= k:
            continue
        small = [(i, masks[i]) for i in open_cells if masks[i].bit_count() <= k]
        for combo, union in closed_sets(small, k):
            if any(i not in combo and masks[i] & union for i in open_cells):
                return u, combo, union
    return None


def hidden_subset(board: Candidates, technique: str, k: int) -> list[Pattern]:
    """Every hidden pair, triple or quad (``technique``, ``k`` from 2 to 4) on the
    position, unit by unit, as patterns; found once a position (`Candidates.memo`)."""
    return board.memo(technique, partial(_hidden_subsets, board, technique, k))


def _hidden_subsets(board: Candidates, technique: str, k: int) -> list[Pattern]:
    g = board.geometry
    if g.packed is None:
        hits = _hidden_sets_py(board.masks, g.units, k)
    else:
        hits = _batch.hidden_sets(board.masks, g.packed, k)
    return [
        (removals, (u,), partial(_hidden_step, board, technique, removals, u, cells, digits))
        for u, digits, cells, removals in hits
    ]


def _hidden_sets_py(
    masks: list[int], units: Iterable[tuple[int, ...]], k: int
) -> list[tuple[int, int, list[int], list[tuple[int, int]]]]:
    """Every hidden subset of ``k`` digits that strikes anything, unit by unit, as (unit,
    its digits, the cells it confines them to, (cell, mask) pairs struck there): in each
    unit with more than k open cells, the closed sets of k digits (`closed_sets`), digits
    in the order the cells first hold them (`_places`). The reference;
    ``sudoku._batch.hidden_sets`` does the same in C."""
    found = []
    for u, (open_cells, places) in enumerate(_places(masks, units)):
        if len(open_cells) <= k:
            continue
        for combo, where in closed_sets(places, k):  # a digit in more than k cells: in none
            digits = sum(combo)
            cells = [i for pos, i in enumerate(open_cells) if where >> pos & 1]
            removals = [(i, masks[i] & ~digits) for i in cells if masks[i] & ~digits]
            if removals:
                found.append((u, digits, cells, removals))
    return found


def _places(
    masks: list[int], units: Iterable[tuple[int, ...]]
) -> list[tuple[list[int], list[tuple[int, int]]]]:
    """Each unit's empty cells, and where in them each digit lies: (digit bit, bitmask of
    positions among the empty cells), digits in the order the cells first hold them."""
    found = []
    for unit in units:
        open_cells = [i for i in unit if masks[i]]
        places: dict[int, int] = {}
        for pos, i in enumerate(open_cells):
            m = masks[i]
            while m:
                bit = m & -m
                m ^= bit
                places[bit] = places.get(bit, 0) | 1 << pos
        found.append((open_cells, list(places.items())))
    return found


def _hidden_step(
    board: Candidates,
    technique: str,
    removals: list[tuple[int, int]],
    u: int,
    cells: list[int],
    digits: int,
) -> list[Step]:
    unit = board.geometry.unit_names[u]
    reason = f"{board.symbols_of(digits)} only in {_cells(board, cells)} ({unit})"
    return board.removal(technique, removals, reason, cells, (u,), digits)


def direct(board: Candidates, technique: str, se: float, patterns: list[Pattern]) -> list[Step]:
    """SE's direct techniques: the first of ``patterns`` after which a digit it strikes
    has one place left in a unit where SE looks (`_direct_place_py`). As in SE, the step
    only places that digit (its pattern says why), rated lower than the technique's own
    eliminations (``se``). Only that pattern's step is ever written out."""
    g, masks = board.geometry, board.masks
    pointing = "pointing" in technique
    if g.packed is None:
        hit = _direct_place_py(masks, g, patterns, pointing)
    else:
        hit = _batch.direct_place(masks, g.packed, patterns, pointing)
    if hit is None:
        return []
    k, i, d = hit
    (step,) = patterns[k][2]()
    reason = f"{step.reason}, then {board.symbols_of(1 << (d - 1))} has one place left"
    return [
        step._replace(
            technique=technique,
            placements=((divmod(i, g.n), d),),
            eliminations=(),
            reason=reason,
            digits=step.digits if len(patterns[k][1]) == 1 else (d,),
            se=se,
        )
    ]


def _direct_place_py(
    masks: list[int], g: Geometry, patterns: list[Pattern], pointing: bool
) -> tuple[int, int, int] | None:
    """The first of ``patterns`` after whose removals a digit struck has one place left in
    a unit where SE looks (a hidden subset: its own unit; locked candidates: another unit
    of the confining one's kind, through a cell struck; the confining unit is the box of
    a ``pointing``, the line of a claiming), as (its number, that place, the digit). The
    reference; ``sudoku._batch.direct_place`` does the same in C."""
    n = g.n

    def kind(u: int) -> int:  # Shape.units: rows, columns, then boxes and regions
        return min(u // n, 2)

    for k, (removals, units, _) in enumerate(patterns):
        struck = {(i, d) for i, mask in removals for d in bits(mask)}
        if len(units) == 1:
            where = set(units)
        else:
            a = max(units) if pointing else min(units)
            where = {
                u for i, _ in removals for u in g.cell_units[i] if u != a and kind(u) == kind(a)
            }
        for d in sorted({d for _, d in struck}):
            bit = 1 << (d - 1)
            for u in sorted(where):
                places = [i for i in g.units[u] if masks[i] & bit and (i, d) not in struck]
                if len(places) == 1:
                    return k, places[0], d
    return None
