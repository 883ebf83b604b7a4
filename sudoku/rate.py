"""Difficulty rating: solve a sudoku the way a person does, on pencil marks.

A puzzle is as hard as the hardest technique a person needs to solve it (qqwing's measure),
not as hard as it has blanks. `rate` solves on candidates, always trying the simplest
technique first in Sudoku Explainer's order (SE 1.2.1's ladder), and records every step it
takes, each with its difficulty on SE's scale: the puzzle's ``se`` is the hardest, an
estimate of SE's ER.

Glossary
  candidates  the digits still possible in an empty cell (pencil marks), one bit per digit:
              bit d-1 stands for digit d
  unit        a row, column, box (or jigsaw region, or extra region such as a diagonal) that
              holds every digit once
  step        one deduction: the technique, the digits it places, the candidates it removes
  level       a band of SE's scale (`BANDS`): easy 1.0-2.5 (singles, and SE's direct
              techniques that leave one), medium 2.6-3.4 (locked candidates, pairs,
              X-wing), hard 3.5-5.9 (triples, swordfish, wings, unique rectangles, quads,
              jellyfish, BUG+1), expert 6.0 and up (chains, or the techniques run out: a
              guess is needed)
  SE          Sudoku Explainer's scale, 1.0 (a last cell in a unit) to 11+ (nested forcing
              chains), the one forum lists and puzzle makers quote ("ER 7.1")

Techniques work on any shape the grid module describes: units come from `Shape.units`, so
jigsaw regions and diagonals take part in singles, locked candidates and subsets; fish use
rows and columns.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache, partial
from typing import Any, NamedTuple, TypedDict, TypeVar

from sudoku import chains, fish_and_wings, subsets, uniqueness
from sudoku.fish_and_wings import bits
from sudoku.geometry import Geometry, geometry_of, unit_singles
from sudoku.grid import Cell, Grid, GridError, Shape, by_shape, cell_name, check_givens
from sudoku.levels import BANDS, LEVELS, describe_bands, level_of

try:
    from sudoku import _batch
except ImportError:  # built without the C accelerator: the Python scans do it all
    _batch = None  # type: ignore[assignment]

T = TypeVar("T")
Placement = tuple[Cell, int]
Elimination = tuple[Cell, int]


__all__ = [
    "BANDS",
    "CHAIN_BUDGET",
    "LEVELS",
    "PATTERNS",
    "SE",
    "chain_budget",
    "TECHNIQUES",
    "Candidates",
    "ContradictionError",
    "Rating",
    "Step",
    "StepRecord",
    "describe_bands",
    "level_of",
    "rate",
    "walk",
]


class ContradictionError(GridError):
    """The puzzle has no solution: logic reached a cell or unit with no digit left."""


class StepRecord(TypedDict):
    """A step as JSON-ready data (`Step.to_record`): cells as ``r * n + c``, units as
    indices into ``Shape.units``, placements and eliminations as ``[cell, digit]`` pairs."""

    technique: str
    level: str
    reason: str
    message: str
    cells: list[int]
    units: list[int]
    digits: list[int]
    placements: list[list[int]]
    eliminations: list[list[int]]
    se: float


class Step(NamedTuple):
    """One deduction: what it places, what it removes, and the pattern that justifies it.

    The pattern is data as well as words: ``cells`` are the cells that justify the step
    (the pair of a naked pair, the pivot and wings of an XY-wing, the base-line cells of a
    fish), ``units`` the units it reasons in (indices into ``Shape.units``, as
    ``Shape.unit_names`` names them: both units of a locked candidate, the base lines of a
    fish, none for a naked single or an XY-wing), ``digits`` the digits it is about. A hint
    shows them; ``reason`` says the same in words. ``size`` is the grid's n, so that the
    step can number its cells on its own (`to_record`); 0 for a step made by hand."""

    technique: str
    placements: tuple[Placement, ...] = ()
    eliminations: tuple[Elimination, ...] = ()
    reason: str = ""
    cells: tuple[Cell, ...] = ()
    units: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    size: int = 0
    se: float = 0.0

    def to_record(self) -> StepRecord:
        """The step as JSON-ready data, as the web page's hints and ``rate --steps --format
        json`` give it: cells as ``r * n + c`` (see `StepRecord`)."""
        n = self.size
        if n <= 0:
            raise ValueError("a step needs its grid's size (Step.size) to number its cells")
        return {
            "technique": self.technique,
            "level": level_of(self.se),
            "se": self.se,
            "reason": self.reason,
            "message": str(self),
            "cells": [r * n + c for r, c in self.cells],
            "units": list(self.units),
            "digits": list(self.digits),
            "placements": [[r * n + c, d] for (r, c), d in self.placements],
            "eliminations": [[r * n + c, d] for (r, c), d in self.eliminations],
        }

    def __str__(self) -> str:
        """Read like a solver's log: ``naked pair: 3,7 in r1c2 r1c5 (row 1) => r1c1<>3``."""
        effects = [f"r{r + 1}c{c + 1}={d}" for (r, c), d in self.placements]
        effects += [f"r{r + 1}c{c + 1}<>{d}" for (r, c), d in self.eliminations]
        return f"{self.technique}: {self.reason} => {', '.join(effects)}"


class Rating(NamedTuple):
    """The outcome of `rate`: the level, the hardest technique used, and every step taken.

    ``level`` is the band of SE's scale (`BANDS`) that ``se`` lies in, and expert whenever
    the techniques ran out. ``solved`` is False when they did; ``grid`` is then the
    partial grid logic reached, otherwise the solution. ``se`` is the rating on Sudoku
    Explainer's scale (its ER): the difficulty of the hardest step taken. When the
    techniques ran out, or a chain search spent its budget, ``se_estimated`` is True and
    ``se`` is a floor, the least SE would give (SE's next technique, or 9.5 past them all,
    its nested forcing chains).
    """

    level: str
    hardest: str | None
    steps: tuple[Step, ...]
    solved: bool
    grid: Grid
    se: float = 0.0
    se_estimated: bool = False

    def counts(self) -> Counter[str]:
        """How many steps each technique contributed."""
        return Counter(step.technique for step in self.steps)


@by_shape
def _walk_table(shape: Shape) -> tuple[object, ...] | None:
    """The parts of every step the walk in C makes on ``shape`` (``sudoku._batch
    .walk_rounds``, whose comment lists them), made once a shape: the steps
    `Candidates._hidden_singles` and `_naked_singles` make, and those of SE's direct
    techniques (`subsets.direct`) and of locked candidates, field for field. None where
    the C walk does not go: no C batch, units of other sizes than n, or a shape drawn for
    one puzzle (jigsaw regions, cages), where making the table would cost more than it
    saves."""
    g = geometry_of(shape)
    if g.packed is None or shape.regions is not None or shape.cages:
        return None
    n, symbols = g.n, shape.symbols
    cells = [divmod(i, n) for i in range(n * n)]
    return (
        Step,
        "hidden single",
        "naked single",
        (),
        n,
        (1.0, 1.2, 1.5, SE["naked single"]),
        tuple(((cell, d),) for cell in cells for d in range(1, n + 1)),
        tuple((cell,) for cell in cells),
        tuple((u,) for u in range(len(g.units))),
        tuple((d,) for d in range(1, n + 1)),
        tuple(
            f"the only place for {symbol} in {name}" for name in g.unit_names for symbol in symbols
        ),
        tuple(f"{cell_name(cell)} can only be {symbol}" for cell in cells for symbol in symbols),
        _WALK_PATTERNS,
        tuple(SE[name] for name in _WALK_PATTERNS),
        tuple(symbols),
        tuple(g.unit_names),
        tuple(cell_name(cell) for cell in cells),
        array(
            "i",
            [
                x
                for _, a, b, rest_a, rest_b, common in g.intersections
                for x in (a, b, len(common), *common, len(rest_a), *rest_a, len(rest_b), *rest_b)
            ],
        ).tobytes(),
        uniqueness._packed_rectangles(shape),
    )


#: The techniques of patterns the C walk takes, in its codes' order (`_walk_orders`).
_WALK_PATTERNS = (
    "direct pointing",
    "direct claiming",
    "direct hidden pair",
    "direct hidden triple",
    "pointing",
    "claiming",
    "naked pair",
    "naked triple",
    "naked quad",
    "hidden pair",
    "hidden triple",
    "hidden quad",
    "x-wing",
    "swordfish",
    "jellyfish",
    "xy-wing",
    "xyz-wing",
    "unique rectangle",
    "unique rectangle type 3",
    "bug+1",
)
#: Each technique's code for the C walk; the others are searched in Python.
_WALK_CODES = {"hidden single": 0, "naked single": 1} | {
    name: 2 + k for k, name in enumerate(_WALK_PATTERNS)
}


@lru_cache(maxsize=64)
def _walk_orders(ladder: tuple[str, ...]) -> tuple[tuple[float, bytes], ...]:
    """The orders `walk` tries ``ladder`` in as the rating grows (`_cheap_first`), for the
    C walk: (threshold, codes) pairs, each the order from the rating ``threshold`` on
    (0.0, then each technique's SE), a technique a byte (`_WALK_CODES`, 255 for one
    searched in Python)."""
    thresholds = sorted({0.0, *(SE[t] for t in ladder)})
    return tuple(
        (se, bytes(_WALK_CODES.get(t, 255) for t in _cheap_first(ladder, se))) for se in thresholds
    )


def _pencil_marks_py(grid: Grid, g: Geometry) -> tuple[list[int], list[int], list[int]]:
    """The givens of ``grid`` placed at once, as (values, masks, placed) of `Candidates`:
    a unit's digits, then each empty cell's candidates are those no unit of its holds
    (what placing them one by one leaves, 4x quicker). The reference of
    ``sudoku._batch.pencil_marks``; a given that repeats a digit of its unit is a
    contradiction, named."""
    values, masks, placed = [0] * (g.n * g.n), [g.full] * (g.n * g.n), [0] * len(g.units)
    cell_units = g.cell_units
    for i, d in enumerate(grid.cells):
        if d:
            bit = 1 << (d - 1)
            if any(placed[u] & bit for u in cell_units[i]):
                cell = cell_name(divmod(i, g.n))
                raise ContradictionError(f"{cell} cannot hold {grid.shape.symbols[d - 1]}")
            for u in cell_units[i]:
                placed[u] |= bit
            values[i] = d
    for i, units in enumerate(cell_units):
        if values[i]:
            masks[i] = 0
        else:
            for u in units:
                masks[i] &= ~placed[u]
    return values, masks, placed


class Candidates:
    """The pencil marks of a grid: for every empty cell, a bitmask of its possible digits.

    Built from a grid's givens (each given removes its digit from its peers); `remove`
    sets up hand-made positions; `find` looks for one technique; `apply` carries a step out.
    """

    def __init__(self, grid: Grid) -> None:
        self.shape = grid.shape
        self._g = g = geometry_of(grid.shape)
        self.budget = chain_budget(grid.shape)  # implications chain searches may examine
        self.out_of_budget = False  # a chain search stopped for want of budget
        self.rated = 0.0  # the SE rating so far: singles no harder are all taken at once
        self.stopped_at: str | None = None  # the technique whose search spent the budget
        self._symbols = grid.shape.symbols
        self._memo: dict[str, Any] = {}  # what finders found on this position (`memo`)
        self._in_c: dict[str, int] = {}  # what `rounds_in_c` searches in C, once it has run
        # the digits' places that held no finned fish, and no fish of 2 to 4 lines, for
        # the searches in C (bytearrays they fill: a digit whose places stay as they were
        # is not searched again)
        self.no_finned, self.no_fish = bytearray(), bytearray()
        # In C when it was built, unless the givens clash: the Python loop then names where.
        made = None if g.packed is None else _batch.pencil_marks(grid.cells, g.packed, len(g.units))
        self.values: list[int]
        self.masks: list[int]
        self.placed: list[int]  # per unit, the digits placed in it
        self.values, self.masks, self.placed = made or _pencil_marks_py(grid, g)

    def digits(self, cell: Cell) -> list[int]:
        """The candidates of ``cell`` (empty once the cell holds a digit)."""
        return bits(self.masks[cell[0] * self._g.n + cell[1]])

    def remove(self, cell: Cell, digits: Iterable[int]) -> None:
        """Strike ``digits`` from the pencil marks of ``cell``."""
        self._memo.clear()
        for d in digits:
            self.masks[cell[0] * self._g.n + cell[1]] &= ~(1 << (d - 1))

    def grid(self) -> Grid:
        """The digits placed so far, as a grid."""
        return Grid(self.shape, tuple(self.values))

    def solved(self) -> bool:
        """True when every cell holds a digit."""
        return all(self.values)

    def apply(self, step: Step) -> None:
        """Carry out ``step``; a placement of a digit no longer possible is a contradiction."""
        self._memo.clear()
        n = self._g.n
        for (r, c), d in step.placements:
            self._place(r * n + c, d)
        for (r, c), d in step.eliminations:
            self.masks[r * n + c] &= ~(1 << (d - 1))

    def memo(self, key: str, make: Callable[[], T]) -> T:
        """``make()``, made once a position and kept under ``key`` until `apply` or
        `remove` changes the pencil marks: what several finders read alike (the patterns
        of locked candidates and hidden subsets, for SE's direct techniques and the plain
        ones)."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]  # type: ignore[no-any-return]

    def find(self, technique: str) -> list[Step]:
        """Steps of ``technique`` available now: every single of the easiest kind at once (as
        SE ranks them: last cell of a unit, box, line), else the first one."""
        return _FINDERS[technique](self)

    def rounds_in_c(self, ladder: tuple[str, ...], start: int = 0) -> tuple[list[list[Step]], int]:
        """The walk's rounds over ``ladder`` while the technique it takes is searched in C
        (`_WALK_CODES`), taken and applied at once there, the first round past the
        ``start`` techniques of the order at the rating so far (`_cheap_first`) that found
        nothing on the board as it is: (each round's steps, where the Python walk goes on
        in the order the rating reached, on the position reached: the first technique
        searched only in Python, or one whose round would meet a contradiction, which its
        finder then reports, or past the end when nothing was found; 0 on a solved grid).
        `rated` follows the rounds. Without the C walk, nothing is taken: ([], start)."""
        packed = self._g.packed
        table = None if packed is None else _walk_table(self.shape)
        if packed is None or table is None:
            return [], start
        self._in_c = _WALK_CODES
        self._memo.clear()
        rounds, self.rated, skip = _batch.walk_rounds(
            self.values,
            self.masks,
            self.placed,
            packed,
            table,
            self.rated,
            _walk_orders(ladder),
            start,
            self.no_fish,
        )
        return rounds, skip

    def in_c(self, technique: str) -> bool:
        """Whether `rounds_in_c`, once it has run, searches ``technique`` in C on this board."""
        return technique in self._in_c

    @property
    def geometry(self) -> Geometry:
        """The shape's units, peers and intersections, as cell indices."""
        return self._g

    def cell_label(self, i: int) -> str:
        """The name of the cell of index ``i`` (``r1c2``)."""
        return self._cell(i)

    def symbol(self, d: int) -> str:
        """The symbol of digit index ``d`` (0-based)."""
        return self.shape.symbols[d]

    def step(
        self,
        technique: str,
        *,
        placements: Iterable[tuple[int, int]] = (),
        eliminations: Iterable[tuple[int, int]] = (),
        reason: str,
        cells: Iterable[int],
        units: Iterable[int] = (),
        digits: int,
        se: float | None = None,
    ) -> Step:
        """A step of ``technique`` from cell indices: ``placements`` and ``eliminations`` as
        (cell index, digit) pairs, ``digits`` a mask; ``se`` defaults to the technique's
        difficulty on SE's scale (`SE`)."""
        return Step(
            technique,
            placements=tuple((self._at(i), d) for i, d in placements),
            eliminations=tuple((self._at(i), d) for i, d in eliminations),
            reason=reason,
            cells=tuple(self._at(i) for i in sorted(cells)),
            units=tuple(sorted(units)),
            digits=tuple(bits(digits)),
            size=self._g.n,
            se=SE[technique] if se is None else se,
        )

    # --- bookkeeping -------------------------------------------------------------------

    def _place(self, i: int, d: int) -> None:
        bit = 1 << (d - 1)
        if self.values[i] or not self.masks[i] & bit:
            raise ContradictionError(f"{self._cell(i)} cannot hold {self.symbols_of(bit)}")
        self.values[i] = d
        self.masks[i] = 0
        for u in self._g.cell_units[i]:
            self.placed[u] |= bit
        masks = self.masks
        for p in self._g.peers[i]:
            masks[p] &= ~bit

    def _cell(self, i: int) -> str:
        return cell_name(self._at(i))

    def symbols_of(self, mask: int) -> str:
        """The symbols of the digits in ``mask``, joined by commas (one alone as it is)."""
        if mask & (mask - 1) == 0:
            return self._symbols[mask.bit_length() - 1]
        return ",".join(self._symbols[d - 1] for d in bits(mask))

    def _at(self, i: int) -> Cell:
        return divmod(i, self._g.n)

    def removal(
        self,
        technique: str,
        removals: Iterable[tuple[int, int]],
        reason: str,
        cells: Iterable[int],
        units: Iterable[int],
        digits: int,
    ) -> list[Step]:
        """The one step that strikes ``removals``, (cell index, mask of digits) pairs, on
        the pattern of ``cells`` and ``units`` about the ``digits`` mask."""
        eliminations = [(i, d) for i, mask in sorted(removals) for d in bits(mask)]
        return [
            self.step(
                technique,
                eliminations=eliminations,
                reason=reason,
                cells=cells,
                units=units,
                digits=digits,
            )
        ]

    # --- singles ------------------------------------------------------------------------

    def _hidden_singles(self) -> list[Step]:
        """Every hidden single of the easiest kind there is, as SE takes them: the last
        empty cell of a unit (SE 1.0) or the only place in a box or region (1.2), else in a
        row or column (1.5). Placing one never undoes another, so taking all of a kind at
        once reaches what SE reaches one at a time (the first two are taken together: SE
        would say 1.0 rather than 1.2 only where last cells alone solve a puzzle; all three
        once the rating so far, `rated`, is 1.5)."""
        g, full = self._g, self._g.full
        kinds: tuple[list[tuple[int, int, float]], ...] = ([], [])  # (unit, bit, SE) by kind
        easiest = max(1.2, self.rated)  # SE of the singles taken in the first kind
        u, missing, found = unit_singles(self.masks, self.placed, g, full)
        if missing:
            raise ContradictionError(
                f"{self.symbols_of(missing)} has no place left in {g.unit_names[u]}"
            )
        for u, bit in zip(found[::2], found[1::2], strict=True):
            last = (full & ~self.placed[u]).bit_count() == 1
            se = 1.0 if last else 1.2 if u >= 2 * g.n else 1.5
            kinds[se > easiest].append((u, bit, se))
        return self._singles(kinds[0] or kinds[1])

    def _singles(self, found: list[tuple[int, int, float]]) -> list[Step]:
        g, masks = self._g, self.masks
        steps: list[Step] = []
        chosen: dict[int, int] = {}
        for u, bit, se in found:
            i = next(i for i in g.units[u] if masks[i] & bit)
            if chosen.setdefault(i, bit) != bit:
                raise ContradictionError(f"{self._cell(i)} must hold two digits")
            if len(chosen) > len(steps):  # not found before through another unit
                cell, d = divmod(i, g.n), bit.bit_length()
                steps.append(
                    Step(
                        "hidden single",
                        ((cell, d),),
                        (),
                        f"the only place for {self._symbols[d - 1]} in {g.unit_names[u]}",
                        (cell,),
                        (u,),
                        (d,),
                        g.n,
                        se,
                    )
                )
        return steps

    def _naked_singles(self) -> list[Step]:
        steps = []
        for i, m in enumerate(self.masks):
            if m & (m - 1) == 0 and not self.values[i]:
                if not m:
                    raise ContradictionError(f"{self._cell(i)} has no candidate left")
                steps.append(
                    Step(
                        "naked single",
                        ((self._at(i), m.bit_length()),),
                        reason=f"{self._cell(i)} can only be {self.symbols_of(m)}",
                        cells=(self._at(i),),
                        digits=(m.bit_length(),),
                        size=self._g.n,
                        se=SE["naked single"],
                    )
                )
        return steps


#: The techniques in the order they are tried, Sudoku Explainer's (simplest first), with
#: their difficulty on SE's scale (a chain's adds to it with its length,
#: a hidden single's is 1.0, 1.2 or 1.5 by its unit).
_LADDER: tuple[tuple[str, float], ...] = (
    ("hidden single", 1.2),
    ("direct pointing", 1.7),
    ("direct claiming", 1.9),
    ("direct hidden pair", 2.0),
    ("naked single", 2.3),
    ("direct hidden triple", 2.5),
    ("pointing", 2.6),
    ("claiming", 2.8),
    ("naked pair", 3.0),
    ("x-wing", 3.2),
    ("hidden pair", 3.4),
    ("naked triple", 3.6),
    ("swordfish", 3.8),
    ("hidden triple", 4.0),
    ("xy-wing", 4.2),
    ("xyz-wing", 4.4),
    ("unique rectangle", 4.5),
    ("unique rectangle type 3", 4.6),
    ("naked quad", 5.0),
    ("jellyfish", 5.2),
    ("hidden quad", 5.4),
    ("bug+1", 5.6),
    ("x-chain", chains.BASE["x-chain"]),
    ("w-wing", chains.BASE["forcing chain"]),  # SE's forcing chain of 8 potentials: 7.1
    ("forcing chain", chains.BASE["forcing chain"]),
    ("nishio forcing chain", chains.BASE["nishio forcing chain"]),
    # where SE's chains on one digit or on links find nothing, as its next technique starts
    ("finned fish", chains.BASE["multiple forcing chain"]),
    ("als-xz", chains.BASE["multiple forcing chain"]),
    *((name, se) for name, se in chains.BASE.items() if se > chains.BASE["nishio forcing chain"]),
)
#: Each technique's difficulty on Sudoku Explainer's scale (the least, for chains).
SE: dict[str, float] = dict(_LADDER)
#: The techniques in the order they are tried, each with the level its SE lies in.
TECHNIQUES: dict[str, str] = {name: level_of(se) for name, se in _LADDER}
#: Each technique's place in `TECHNIQUES`.
_RANK: dict[str, int] = {name: k for k, name in enumerate(TECHNIQUES)}
#: The ladder short of chains: every technique whose search is quick and unbounded by a
#: budget (``rate(puzzle, PATTERNS)`` rates a hard puzzle in milliseconds, unsolved).
PATTERNS: tuple[str, ...] = tuple(name for name in TECHNIQUES if name not in chains.BASE)
_CLASSIC = Shape()
#: Implications a `rate` may examine in chain searches before it settles for an estimate.
CHAIN_BUDGET = 400_000
#: SE's rating floor for a puzzle past this ladder: its dynamic forcing chains (+).
PAST_LADDER = 9.0


def _direct(
    technique: str, patterns: Callable[[Candidates], list[subsets.Pattern]]
) -> Callable[[Candidates], list[Step]]:
    """The finder of SE's direct ``technique`` over the patterns of its plain technique."""
    return lambda board: subsets.direct(board, technique, SE[technique], patterns(board))


_FINDERS: dict[str, Callable[[Candidates], list[Step]]] = {
    "hidden single": Candidates._hidden_singles,
    "naked single": Candidates._naked_singles,
    "direct pointing": _direct("direct pointing", partial(subsets.locked, technique="pointing")),
    "direct claiming": _direct("direct claiming", partial(subsets.locked, technique="claiming")),
    "direct hidden pair": _direct(
        "direct hidden pair", partial(subsets.hidden_subset, technique="hidden pair", k=2)
    ),
    "direct hidden triple": _direct(
        "direct hidden triple", partial(subsets.hidden_subset, technique="hidden triple", k=3)
    ),
    "pointing": lambda c: subsets.first(subsets.locked(c, "pointing")),
    "claiming": lambda c: subsets.first(subsets.locked(c, "claiming")),
    "naked pair": partial(subsets.naked_subset, technique="naked pair", k=2),
    "hidden pair": lambda c: subsets.first(subsets.hidden_subset(c, "hidden pair", 2)),
    "x-wing": partial(fish_and_wings.fish, technique="x-wing", k=2),
    "naked triple": partial(subsets.naked_subset, technique="naked triple", k=3),
    "hidden triple": lambda c: subsets.first(subsets.hidden_subset(c, "hidden triple", 3)),
    "xy-wing": fish_and_wings.xy_wing,
    "xyz-wing": fish_and_wings.xyz_wing,
    "w-wing": fish_and_wings.w_wing,
    "finned fish": fish_and_wings.finned_fish,
    "als-xz": fish_and_wings.als_xz,
    "unique rectangle": uniqueness.rectangle,
    "unique rectangle type 3": uniqueness.rectangle_type_3,
    "jellyfish": partial(fish_and_wings.fish, technique="jellyfish", k=4),
    "bug+1": uniqueness.bug_plus_one,
    "swordfish": partial(fish_and_wings.fish, technique="swordfish", k=3),
    "naked quad": partial(subsets.naked_subset, technique="naked quad", k=4),
    "hidden quad": lambda c: subsets.first(subsets.hidden_subset(c, "hidden quad", 4)),
    **{name: partial(chains.find, technique=name) for name in chains.BASE},
}


def chain_budget(shape: Shape, budget: int = CHAIN_BUDGET) -> int:
    """The implications chain searches may examine on ``shape``: ``budget`` on the classic
    9x9 grid, whose scale SE's chains are; none elsewhere (jigsaws, diagonals, other sizes:
    their ratings stop short of chains, as before they were in the ladder)."""
    return budget if shape == _CLASSIC else 0


@lru_cache(maxsize=64)
def _cheap_first(order: tuple[str, ...], se: float) -> tuple[str, ...]:
    """``order`` as the rating ``se`` reached so far allows: a technique no harder costs
    the rating nothing, and the deductions of such techniques reach the same position in
    any order (each only adds what is true), so naked singles go right after hidden ones,
    and a direct technique gives way to its own technique alone (quicker to find). Made
    once an order and rating (a few a puzzle, the same over and over)."""
    free = {t for t in order if SE[t] <= se}
    first = tuple(t for t in ("hidden single", "naked single") if t in free)
    return first + tuple(
        t
        for t in order
        if t not in first and not (t.startswith("direct ") and t.removeprefix("direct ") in free)
    )


def walk(
    board: Candidates, order: list[str], *, applied: bool = False
) -> Iterator[tuple[str, list[Step]]]:
    """The rater's steps on ``board``, each round's technique and steps before they are
    applied (they are once the loop goes on): the first of ``order`` that finds anything,
    its easier ones first as the rating so far allows (`_cheap_first`), until the board is
    solved, or stuck, or a chain search spends the budget (``board.out_of_budget``).

    With ``applied``, the rounds of every technique the walk in C searches (singles up to
    BUG+1, `_WALK_PATTERNS`) are taken and applied at once, in C where it was built
    (`Candidates.rounds_in_c`), and yielded once applied: the same rounds, quicker, for
    `rate`, which does not look at the board between them."""
    ladder = trying = tuple(order)
    start = 0  # how many of trying found nothing on the board as it is
    while not board.solved():
        skip = start
        if applied:
            rounds, skip = board.rounds_in_c(ladder, start)
            for taken in rounds:
                yield taken[0].technique, taken
            trying = _cheap_first(ladder, board.rated)  # the order skip counts in
            if rounds and not skip:
                start = 0
                continue
        found: list[Step] = []
        for start in range(skip, len(trying)):
            technique = trying[start]
            if applied and start > skip and board.in_c(technique):
                break  # the walk in C goes on from here
            found = board.find(technique)
            if found or board.out_of_budget:
                break
        else:
            start = len(trying)
        if not found:
            if start < len(trying) and not board.out_of_budget:
                continue
            board.stopped_at = technique if board.out_of_budget else None
            return
        yield technique, found
        for step in found:
            board.apply(step)
        start = 0
        if max(step.se for step in found) > board.rated:
            board.rated = max(step.se for step in found)
            trying = _cheap_first(ladder, board.rated)


def rate(
    puzzle: Grid, techniques: Iterable[str] | None = None, *, budget: int = CHAIN_BUDGET
) -> Rating:
    """Solve ``puzzle`` like a person and rate it by the hardest technique needed: its
    ``se`` on Sudoku Explainer's scale, and the ``level`` that rating's band is (`BANDS`).

    Each round tries the techniques in `TECHNIQUES` order and applies the first that makes
    progress, so a harder technique is used only when every easier one is stuck. Pass
    ``techniques`` to allow only some of them (e.g. ``["hidden single", "naked single"]``
    to ask whether singles alone solve a puzzle). Raises `ConflictingGivens` when the
    givens break the rules and `ContradictionError` when logic finds the puzzle has no
    solution (both are GridErrors); a puzzle with several solutions rates expert.

    Chain searches together examine at most ``budget`` implications; past it the rating
    stops there, unsolved, with ``se`` an estimate flagged as one. Chains are SE's, on its
    classic 9x9 grid: other shapes get none (`chain_budget`).
    """
    order = list(TECHNIQUES)
    if techniques is not None:
        allowed = list(techniques)
        unknown = [t for t in allowed if t not in TECHNIQUES]
        if unknown:
            raise ValueError(f"unknown technique {unknown[0]!r}; known: {', '.join(TECHNIQUES)}")
        order = [t for t in TECHNIQUES if t in allowed]
    try:
        board = Candidates(puzzle)
    except ContradictionError:  # givens that clash in a unit: say all where, as ever
        check_givens(puzzle)
        raise
    if puzzle.shape.cages:  # a digit twice in a cage (the units' clashes are checked)
        check_givens(puzzle)
    board.budget = chain_budget(puzzle.shape, budget)
    steps: list[Step] = []
    hardest = None
    for technique, found in walk(board, order, applied=True):
        steps.extend(found)
        if hardest is None or _RANK[technique] > _RANK[hardest]:  # order keeps TECHNIQUES'
            hardest = technique
    se = board.rated
    solved = board.solved()
    level = level_of(se) if solved else "expert"
    if not solved:
        # The least SE would give: the technique whose search ran out of budget, else the
        # next one not allowed, else its dynamic forcing chains (+), past this ladder.
        floor = SE[board.stopped_at] if board.stopped_at else PAST_LADDER
        floor = min([floor, *(SE[t] for t in TECHNIQUES if t not in order and SE[t] > se)])
        se = max(se, floor)
    return Rating(level, hardest, tuple(steps), solved, board.grid(), se, not solved)
