"""Fish and wings: a digit confined to as many cover lines as base lines (X-wing, swordfish,
jellyfish), and bivalue cells that force a digit out of what sees them all (XY-wing,
XYZ-wing, and W-wing, whose two cells a strong link ties: SE 1.2.1 has no W-wing, and
finds its deduction as a forcing chain of 8 potentials, which is how it is rated here),
and ALS-XZ, the wing's generalisation to almost locked sets; and finned and sashimi
X-wings and swordfish. SE has neither: they are tried where its forcing chains on links
and its nishio find nothing, at the difficulty its next technique, multiple forcing
chains, starts from: 8.0 (tried before them, at 7.1, the finned fish pulled the rating of
puzzles SE rates 7-9 down: Spearman above 6.0 0.976, against 0.992).
Each finder takes a `sudoku.rate.Candidates` board and gives the first step found, as the
rater's other finders do."""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache, partial
from itertools import combinations, islice
from typing import TYPE_CHECKING

from sudoku import chains

try:
    from sudoku import _batch
except ImportError:  # no C accelerator: the Python search does it
    _batch = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from sudoku.geometry import Geometry
    from sudoku.rate import Candidates, Step


def closed_sets(items: list[tuple[int, int]], k: int) -> Iterable[tuple[tuple[int, ...], int]]:
    """The k-combinations of (key, mask) items whose masks together have exactly k bits, as
    (keys, union), in the order of `itertools.combinations`: k cells with k digits between
    them (naked subsets), k digits confined to k cells (hidden subsets), k lines whose
    digit lies in k cross lines (fish). In C (``sudoku._batch.closed_sets``) when it was
    built, for up to 64 items and k up to 8; else `_closed_sets_py`, the reference."""
    if _batch is None or len(items) > 64 or not 1 <= k <= 8:
        return _closed_sets_py(items, k)
    return _batch.closed_sets(items, k)


def _closed_sets_py(items: list[tuple[int, int]], k: int) -> Iterator[tuple[tuple[int, ...], int]]:
    items = [item for item in items if item[1].bit_count() <= k]  # the others are in none
    for combo in combinations(items, k):
        union = 0
        for _, mask in combo:
            union |= mask
        if union.bit_count() == k:
            yield tuple(key for key, _ in combo), union


def bits(mask: int) -> list[int]:
    """The digits (1-based) whose bits are set in ``mask``."""
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


@lru_cache(maxsize=1 << 12)
def _ones(mask: int) -> tuple[int, ...]:
    """The positions (0-based) of ``mask``'s bits, kept: finned fish read a few masks often."""
    return tuple(p for p in range(mask.bit_length()) if mask >> p & 1)


@lru_cache(maxsize=1 << 12)
def _pairs(mask: int) -> tuple[int, ...]:
    """Every two of ``mask``'s bits, as masks, in the order of combinations (kept)."""
    return tuple(x | y for x, y in combinations(_bits_of(mask), 2))


@lru_cache(maxsize=1 << 12)
def _bits_of(mask: int) -> tuple[int, ...]:
    """``mask``'s bits, each a mask of its own, low first (kept, as `_ones`)."""
    return tuple(1 << p for p in _ones(mask))


def fish(board: Candidates, technique: str, k: int) -> list[Step]:
    """The first X-wing, swordfish or jellyfish (``k`` lines of 2, 3, 4) on ``board``: a
    digit confined to k cover lines in k base lines leaves the cover lines' other cells.
    Searched in C (``sudoku._batch.fish``) when the shape's units are packed for it; else
    by `_fish_py`, the reference."""
    g, masks = board.geometry, board.masks
    if g.packed is not None:
        hit = _batch.fish(masks, g.packed, g.n, k)
    else:
        hit = _fish_py(masks, g, board.memo("fish", partial(_lines, board)), k)
    if hit is None:
        return []
    bit, on_columns, combo, where = hit
    base, cover = (g.cols, g.rows) if on_columns else (g.rows, g.cols)
    kind = "columns" if on_columns else "rows"
    first = g.n if on_columns else 0  # Shape.units: rows, then columns
    return board.removal(
        technique,
        _fish_removals(masks, g.n, cover, combo, where, bit),
        f"{board.symbols_of(bit)} in {kind} {','.join(str(b + 1) for b in combo)}",
        [i for b in combo for i in base[b] if masks[i] & bit],
        [first + b for b in combo],
        bit,
    )


def _fish_py(
    masks: list[int], g: Geometry, by_line: tuple[list[list[int]], list[list[int]]], k: int
) -> tuple[int, int, tuple[int, ...], int] | None:
    """`fish`'s search in Python, the reference: digit by digit, rows then columns, the
    first k base lines whose places lie in k cover lines (`closed_sets`) that strike, as
    (the digit's bit, 0 on rows or 1 on columns, the base lines, the cover lines as a mask
    of positions along them)."""
    for d, bit in enumerate(1 << d for d in range(g.n)):
        for on_columns, cover in enumerate((g.cols, g.rows)):
            places = by_line[on_columns][d]
            spots = [(b, where) for b, where in enumerate(places) if 2 <= where.bit_count() <= k]
            for combo, where in closed_sets(spots, k):
                if _fish_removals(masks, g.n, cover, combo, where, bit):
                    return bit, on_columns, combo, where
    return None


def _fish_removals(
    masks: list[int],
    n: int,
    cover: tuple[tuple[int, ...], ...],
    combo: tuple[int, ...],
    where: int,
    bit: int,
) -> list[tuple[int, int]]:
    """What the fish of base lines ``combo`` and cover lines ``where`` strikes, as (cell,
    bit) pairs: the digit in the cover lines off the base lines."""
    return [
        (cover[c - 1][b], bit)
        for c in bits(where)
        for b in range(n)
        if b not in combo and masks[cover[c - 1][b]] & bit
    ]


def _lines(board: Candidates) -> tuple[list[list[int]], list[list[int]]]:
    """Where each digit lies in each row, and in each column, once a position for the
    Python searches of fish (`Candidates.memo`): `_lines_py` of the board."""
    g = board.geometry
    return _lines_py(board.masks, g.rows, g.cols, g.n)


def _lines_py(
    masks: list[int],
    rows: tuple[tuple[int, ...], ...],
    cols: tuple[tuple[int, ...], ...],
    n: int,
) -> tuple[list[list[int]], list[list[int]]]:
    """`_lines` in Python, the reference."""
    found = []
    for base in (rows, cols):
        places = [[0] * n for _ in range(n)]
        for b, line in enumerate(base):
            for pos, i in enumerate(line):
                m = masks[i]
                while m:
                    bit = m & -m
                    m ^= bit
                    places[bit.bit_length() - 1][b] |= 1 << pos
        found.append(places)
    return found[0], found[1]


def xy_wing(board: Candidates) -> list[Step]:
    """The first XY-wing: a pivot xy, wings xz and yz it sees: z leaves what sees both."""
    return _wing(board, "xy-wing")


def xyz_wing(board: Candidates) -> list[Step]:
    """The first XYZ-wing: a pivot xyz, wings xz and yz it sees: z leaves what sees all
    three."""
    return _wing(board, "xyz-wing")


def _wing(board: Candidates, technique: str) -> list[Step]:
    """The first XY-wing or XYZ-wing (``technique``), searched in C
    (``sudoku._batch.wing``) when the shape's units are packed for it; else by
    `_xy_wing_py` or `_xyz_wing_py`, the references."""
    g, masks = board.geometry, board.masks
    xyz = technique == "xyz-wing"
    if g.packed is not None:
        hit = _batch.wing(masks, g.packed, g.n, xyz)
    else:
        hit = (_xyz_wing_py if xyz else _xy_wing_py)(masks, g)
    if hit is None:
        return []
    pivot, a, b = hit
    z = masks[a] & masks[b] if xyz else masks[a] & ~masks[pivot]
    return board.removal(
        technique,
        _wing_removals(masks, g, pivot if xyz else None, a, b, z),
        f"pivot {board.cell_label(pivot)} ({board.symbols_of(masks[pivot])}), wings "
        f"{board.cell_label(a)} ({board.symbols_of(masks[a])}) and "
        f"{board.cell_label(b)} ({board.symbols_of(masks[b])})",
        (pivot, a, b),
        (),
        masks[pivot] | z,
    )


def _wing_removals(
    masks: list[int], g: Geometry, pivot: int | None, a: int, b: int, z: int
) -> list[tuple[int, int]]:
    """The cells, in order, holding ``z`` that see wings ``a`` and ``b`` (and ``pivot``,
    unless None), as (cell, z) pairs."""
    seen = g.peer_sets[a] & g.peer_sets[b]
    if pivot is not None:
        seen &= g.peer_sets[pivot]
    return [(i, z) for i in sorted(seen) if masks[i] & z]


def _xy_wing_py(masks: list[int], g: Geometry) -> tuple[int, int, int] | None:
    """`xy_wing`'s search in Python, the reference: pivots in order, their wings among
    their peers in order, two of them as ``combinations`` takes them: (pivot, a, b)."""
    pairs = [i for i, m in enumerate(masks) if m.bit_count() == 2]
    pair_set = set(pairs)
    for pivot in pairs:
        xy = masks[pivot]
        wings = [i for i in g.peers[pivot] if i in pair_set and (masks[i] & xy).bit_count() == 1]
        for a, b in combinations(wings, 2):
            z = masks[a] & ~xy
            if masks[b] & ~xy != z or masks[a] & masks[b] & xy:
                continue
            if _wing_removals(masks, g, None, a, b, z):
                return pivot, a, b
    return None


def _xyz_wing_py(masks: list[int], g: Geometry) -> tuple[int, int, int] | None:
    """`xyz_wing`'s search in Python, the reference, as `_xy_wing_py`'s."""
    for pivot, xyz in enumerate(masks):
        if xyz.bit_count() != 3:
            continue
        wings = [i for i in g.peers[pivot] if masks[i].bit_count() == 2 and not masks[i] & ~xyz]
        for a, b in combinations(wings, 2):
            z = masks[a] & masks[b]
            if z.bit_count() != 1 or masks[a] | masks[b] != xyz:
                continue
            if _wing_removals(masks, g, pivot, a, b, z):
                return pivot, a, b
    return None


#: A W-wing's deduction as Sudoku Explainer finds it: a forcing chain of 8 potentials (the
#: target on, each wing off and on, both ends of the strong link, the target off).
W_WING_CHAIN = 8


def w_wing(board: Candidates) -> list[Step]:
    """The first W-wing: two cells holding the same two digits x and y, that do not see
    each other, and a unit where y has two places only, one seeing each cell: one of those
    places is y, so one of the cells is x, and x leaves what sees both cells. Searched in
    C (``sudoku._batch.w_wing``) when the shape's units are packed for it; else by
    `_w_wing_py`, the reference."""
    g, masks = board.geometry, board.masks
    if g.packed is not None:
        hit = _batch.w_wing(masks, g.packed, g.n)
    else:
        hit = _w_wing_py(masks, g)
    if hit is None:
        return []
    a, b, y, u, c, d = hit
    xy = masks[a]
    x = xy & ~y
    return [
        board.step(
            "w-wing",
            eliminations=[
                (i, x.bit_length()) for i in sorted(g.peer_sets[a] & g.peer_sets[b]) if masks[i] & x
            ],
            reason=f"{board.cell_label(a)} and {board.cell_label(b)} hold "
            f"{board.symbols_of(xy)}; {board.symbols_of(y)} in "
            f"{g.unit_names[u]} only in {board.cell_label(c)} "
            f"{board.cell_label(d)}, which see them: one of them is "
            f"{board.symbols_of(x)}",
            cells=(a, b, c, d),
            units=(u,),
            digits=xy,
            se=chains.BASE["forcing chain"] + chains.length_bonus(W_WING_CHAIN),
        )
    ]


def _w_wing_py(masks: list[int], g: Geometry) -> tuple[int, int, int, int, int, int] | None:
    """`w_wing`'s search in Python, the reference: the two cells a and b in the order of
    ``combinations``, y their low digit then their high one, the first that strikes and
    has a strong link (`_strong_link`), as (a, b, y, the link's unit, its place seeing a,
    its place seeing b)."""
    pairs = [i for i, m in enumerate(masks) if m.bit_count() == 2]
    for a, b in combinations(pairs, 2):
        xy = masks[a]
        if masks[b] != xy or b in g.peer_sets[a]:
            continue
        seen = [i for i in g.peer_sets[a] & g.peer_sets[b] if masks[i] & xy]
        for y in (xy & -xy, xy & (xy - 1)) if seen else ():
            if not any(masks[i] & xy & ~y for i in seen):
                continue
            link = _strong_link(masks, g, y, a, b)
            if link is not None:
                return a, b, y, *link
    return None


def _strong_link(
    masks: list[int], g: Geometry, y: int, a: int, b: int
) -> tuple[int, int, int] | None:
    """A unit where digit ``y`` has two places only, one seeing ``a`` and the other ``b``
    (neither of them a or b): (unit, the place seeing a, the place seeing b)."""
    for u, unit in enumerate(g.units):
        places = [i for i in unit if masks[i] & y]
        if len(places) != 2 or a in places or b in places:
            continue
        c, d = places
        for near_a, near_b in ((c, d), (d, c)):
            if near_a in g.peer_sets[a] and near_b in g.peer_sets[b]:
                return u, near_a, near_b
    return None


#: The largest almost locked set `als_xz` looks for, in cells: pairs of sets of up to
#: three cells keep its search to milliseconds.
ALS_CELLS = 3


def als_xz(board: Candidates) -> list[Step]:
    """The first ALS-XZ: two almost locked sets (n cells of one unit holding n + 1 digits
    between them), apart, whose digit x is restricted (each x of one sees each x of the
    other: x is in one set at most, so the other is locked), and another common digit z:
    z is in one of them, and leaves every cell that sees all their z's. Searched in C
    (``sudoku._batch.als_xz``) when the shape's units are packed for it; else by
    `_als_xz_py`, the reference."""
    g = board.geometry
    if g.packed is not None:
        hit = _batch.als_xz(board.masks, g.packed, g.n)
    else:
        hit = _als_xz_py(board.masks, g)
    return [] if hit is None else _als_step(board, *hit)


#: An ALS-XZ found: (the first set's cells, its unit, the second's cells, its unit, the
#: restricted digit x and the digit z, as bits).
AlsHit = tuple[tuple[int, ...], int, tuple[int, ...], int, int, int]


def _als_xz_py(masks: list[int], g: Geometry) -> AlsHit | None:
    """`als_xz`'s search in Python, the reference: the sets of `_almost_locked_sets` in
    pairs as ``combinations`` takes them, x and z low bit first."""
    sets = _almost_locked_sets(masks, g)
    # Each set's cells as a mask of cell indices, and for each digit the cells holding it
    # and the cells that see all of those (every cell when none): x is restricted when
    # the x's of one set lie where all the x's of the other see them.
    peers = [sum(1 << j for j in cell_peers) for cell_peers in g.peers]
    every = (1 << len(masks)) - 1
    held, seeing = [], []
    for cells, digits, _ in sets:
        by_digit, seen_by = [0] * g.n, [every] * g.n
        for d in _ones(digits):
            for i in cells:
                if masks[i] >> d & 1:
                    by_digit[d] |= 1 << i
                    seen_by[d] &= peers[i]
        held.append(by_digit)
        seeing.append(seen_by)
    areas = [sum(1 << i for i in cells) for cells, _, _ in sets]
    # The sets holding each two digits, in order: the pairs of sets with two digits or more
    # in common, the only ones that can make an ALS-XZ, in the order of combinations(sets, 2)
    with_pair: dict[int, list[int]] = {}
    for k, (_, digits, _) in enumerate(sets):
        for pair in _pairs(digits):
            with_pair.setdefault(pair, []).append(k)
    for ka, (cells_a, a, unit_a) in enumerate(sets):
        partners = {
            kb
            for pair in _pairs(a)
            for kb in islice(with_pair[pair], bisect_right(with_pair[pair], ka), None)
        }
        for kb in sorted(partners):
            cells_b, b, unit_b = sets[kb]
            common = a & b
            if areas[ka] & areas[kb]:
                continue
            for x in _bits_of(common):
                d = x.bit_length() - 1
                if held[kb][d] & ~seeing[ka][d]:
                    continue
                for z in (z for z in _bits_of(common) if z != x):
                    if _als_struck(masks, g, cells_a + cells_b, z):
                        return cells_a, unit_a, cells_b, unit_b, x, z
    return None


def _als_struck(masks: list[int], g: Geometry, cells: tuple[int, ...], z: int) -> list[int]:
    """The cells, in order, that hold ``z`` and see every z of ``cells``."""
    zs = [i for i in cells if masks[i] & z]
    seen = set.intersection(*(set(g.peer_sets[i]) for i in zs)) - set(zs)
    return [i for i in sorted(seen) if masks[i] & z]


def _als_step(
    board: Candidates,
    cells_a: tuple[int, ...],
    unit_a: int,
    cells_b: tuple[int, ...],
    unit_b: int,
    x: int,
    z: int,
) -> list[Step]:
    """The step of the ALS-XZ found (`AlsHit`)."""
    g, masks = board.geometry, board.masks
    a = b = 0
    for i in cells_a:
        a |= masks[i]
    for i in cells_b:
        b |= masks[i]
    struck = _als_struck(masks, g, cells_a + cells_b, z)
    names = [g.unit_names[unit_a], g.unit_names[unit_b]]
    return [
        board.step(
            "als-xz",
            eliminations=[(i, z.bit_length()) for i in struck],
            reason=f"{' '.join(board.cell_label(i) for i in cells_a)} "
            f"({board.symbols_of(a)}, {names[0]}) and "
            f"{' '.join(board.cell_label(i) for i in cells_b)} "
            f"({board.symbols_of(b)}, {names[1]}) share {board.symbols_of(x)} "
            f"only where they see each other: one of them holds "
            f"{board.symbols_of(z)}",
            cells=(*cells_a, *cells_b),
            units=(unit_a, unit_b),
            digits=x | z,
        )
    ]


def _almost_locked_sets(masks: list[int], g: Geometry) -> list[tuple[tuple[int, ...], int, int]]:
    """Every almost locked set of up to ALS_CELLS cells, as (cells, digits, unit), unit by
    unit, each set of cells once."""
    found, seen = [], set()
    for u, unit in enumerate(g.units):
        open_cells = [i for i in unit if masks[i]]
        for size in range(1, ALS_CELLS + 1):
            for cells in combinations(open_cells, size):
                union = 0
                for i in cells:
                    union |= masks[i]
                if union.bit_count() == size + 1 and cells not in seen:
                    seen.add(cells)
                    found.append((cells, union, u))
    return found


def finned_fish(board: Candidates) -> list[Step]:
    """The first finned or sashimi X-wing or swordfish (k = 2, then 3): a digit in k base
    lines lies in k cover lines but for some cells, the fins, all in one box. Either a fin
    holds the digit, or the fish does: the cells of the cover lines in the fins' box, off
    the base lines, see the fins and lie in the cover lines, and lose it either way.
    (Sashimi: a base line keeps one cell or none in the cover lines.) Searched in C
    (``sudoku._batch.finned_fish``) when the shape's units are packed for it; else by
    `_finned_fish_py`, the reference."""
    g = board.geometry
    if len(g.units) != 3 * g.n:
        return []
    if g.packed is not None:
        hit = _batch.finned_fish(board.masks, g.packed, g.n, board.no_finned)
    else:
        hit = _finned_fish_py(board.masks, g, board.memo("fish", partial(_lines, board)))
    return [] if hit is None else _finned_step(board, *hit)


#: A finned fish found: (k, the digit's bit, 0 on rows or 1 on columns, the base lines,
#: the cover lines as a mask of positions along them, the fins' box).
FinnedHit = tuple[int, int, int, tuple[int, ...], int, int]


def _finned_fish_py(
    masks: list[int], g: Geometry, by_line: tuple[list[list[int]], list[list[int]]]
) -> FinnedHit | None:
    """`finned_fish`'s search in Python, the reference: k, digits, rows then columns, base
    lines and cover lines in the order of ``combinations``."""
    for k in (2, 3):
        for d, bit in enumerate(1 << d for d in range(g.n)):
            for on_columns, (base, cover) in enumerate(((g.rows, g.cols), (g.cols, g.rows))):
                lines = [(b, w) for b, w in enumerate(by_line[on_columns][d]) if w]
                lines = [(b, w) for b, w in lines if w.bit_count() <= k + 2]
                for combo in combinations(lines, k):
                    found = _finned(masks, g, base, cover, combo, bit, k)
                    if found is not None:
                        covered, box = found
                        return k, bit, on_columns, tuple(b for b, _ in combo), covered, box
    return None


def _finned(
    masks: list[int],
    g: Geometry,
    base: tuple[tuple[int, ...], ...],
    cover: tuple[tuple[int, ...], ...],
    combo: tuple[tuple[int, int], ...],
    bit: int,
    k: int,
) -> tuple[int, int] | None:
    """The finned fish of base lines ``combo`` ((line, where the digit is) pairs), if any,
    as (its cover lines, as a mask of positions, the fins' box)."""
    union = 0
    for _, w in combo:
        union |= w
    if not k < union.bit_count() <= k + 2:
        return None  # a plain fish, or less; or fins across more than two cross lines
    lines = [b for b, _ in combo]
    cell_units = g.cell_units
    for chosen in combinations(_bits_of(union), k):
        covered = sum(chosen)
        boxes = {cell_units[base[b][pos]][2] for b, w in combo for pos in _ones(w & ~covered)}
        if len(boxes) != 1:
            continue
        (box,) = boxes
        if _finned_struck(masks, g, cover, lines, covered, bit, box):
            return covered, box
    return None


def _finned_struck(
    masks: list[int],
    g: Geometry,
    cover: tuple[tuple[int, ...], ...],
    lines: list[int],
    covered: int,
    bit: int,
    box: int,
) -> list[int]:
    """The cells, in order, of the ``covered`` cover lines in ``box`` off the base
    ``lines`` that hold the digit ``bit``."""
    box_cells = g.units[box]
    return sorted(
        i
        for c in _ones(covered)
        for b, i in enumerate(cover[c])
        if b not in lines and masks[i] & bit and i in box_cells
    )


def _finned_step(
    board: Candidates,
    k: int,
    bit: int,
    on_columns: int,
    lines: tuple[int, ...],
    covered: int,
    box: int,
) -> list[Step]:
    """The step of the finned fish found (`FinnedHit`)."""
    g, masks, n = board.geometry, board.masks, board.geometry.n
    base, cover = (g.cols, g.rows) if on_columns else (g.rows, g.cols)
    kind = "columns" if on_columns else "rows"
    where = [sum(1 << pos for pos, i in enumerate(base[b]) if masks[i] & bit) for b in lines]
    fins = [base[b][pos] for b, w in zip(lines, where, strict=True) for pos in _ones(w & ~covered)]
    struck = _finned_struck(masks, g, cover, list(lines), covered, bit, box)
    spots = [i for b in lines for i in base[b] if masks[i] & bit]
    sashimi = any((w & covered).bit_count() <= 1 for w in where)
    first = n if on_columns else 0  # Shape.units: rows, then columns
    return [
        board.step(
            "finned fish",
            eliminations=[(i, bit.bit_length()) for i in struck],
            reason=f"{'sashimi' if sashimi else 'finned'} "
            f"{'x-wing' if k == 2 else 'swordfish'}: {board.symbols_of(bit)} in {kind} "
            f"{','.join(str(b + 1) for b in lines)} but for the fins "
            f"{' '.join(board.cell_label(i) for i in fins)} ({g.unit_names[box]})",
            cells=spots,
            units=[first + b for b in lines] + [box],
            digits=bit,
        )
    ]
