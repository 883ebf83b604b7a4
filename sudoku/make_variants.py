"""Making variant puzzles: random jigsaw regions, and killer puzzles with a unique solution.

Glossary
    swap     the move that reshapes jigsaw regions: a cell on the border of its region
             moves to the region beside it, which gives back a cell touching the first
             region, so both keep n cells; kept only when both stay in one piece
    killer   made from a random complete grid: its cells are grouped into random small cages
             of different digits, the sums read off the grid, and givens are dug out while
             the puzzle stays unique (up to 9x9 usually none are left: the cages alone
             decide it; from 12x12 on, some stay)

A jigsaw puzzle is then made as any other: `sudoku.generate.generate` on the shape, which
digs clues while the solution stays unique. Uniqueness is always a count to 2 (in C for a
jigsaw, on the engine for a killer). Every search on the way is bounded by a count (guesses,
nodes), never by the clock alone, so a seed gives the same puzzle on every run; a time limit
only ends the work. Sizes past LARGEST_JIGSAW and LARGEST_KILLER are refused (`check_size`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from dlx import seeds
from dlx.seeds import Seed
from sudoku import records
from sudoku.cover import search
from sudoku.digging import Budget, count_within, orbits, strip
from sudoku.generate import (
    DEFAULT_ATTEMPTS,
    Generated,
    GenerateError,
    OutOfAttempts,
    complete_grid,
    generate,
    made_record,
    resolve_seed,
)
from sudoku.grid import Cell, Grid, GridError, Region, Shape
from sudoku.solve import count_to
from sudoku.variants import LABELS

SWAPS_PER_CELL = 4  # swaps tried per cell when reshaping regions: enough to lose the boxes
# The work allowed to find a complete grid for new regions before they are drawn again: a
# count, not seconds, so that a seed draws the same regions on every run. Guesses of the C
# bitmask search (on the engine, without the C batch, its nodes): most 16x16 regions that
# admit a grid show one within a few thousand, a few need 10^5 and more.
REGION_GUESSES = 20_000
CAGE_SIZES = (1, 2, 2, 2, 3, 3, 3, 4)  # the size a new cage aims at, drawn uniformly
# A cage map gives each cage a label of its own (sudoku.variants.LABELS): from 12x12 on the
# sizes drawn are scaled up so that about AIMED_CAGES cages cover the grid, and a caging
# with more cages than there are labels is drawn again.
AIMED_CAGES = 55
# Larger jigsaws do not finish within BIG_TIME_LIMIT: an 18x18 or 20x20 is still digging
# then, and at 25x25 not one random shape in dozens showed a grid in REGION_GUESSES.
LARGEST_JIGSAW = 16
# Larger killers would need cages so large (a 25x25: 8 cells on average) that their digit
# sets are more options than the engine's matrix holds in memory and time.
LARGEST_KILLER = 16
# The engine's nodes a killer's proof of uniqueness may take (a count, so a seed gives the
# same killer on every run): 9x9 cages are proved alone in a few thousand, most 12x12 and
# larger ones need millions, and keep givens instead (see generate_killer).
PROOF_NODES = 100_000
# The C search's guesses a proof may take when digging a random jigsaw: from 14x14 on a few
# of the proofs near the end take seconds to minutes each (the others, milliseconds); up to
# 12x12 hardly any proof comes near it.
PROOF_GUESSES = 5_000


_random = seeds.generator


def _neighbours(cell: Cell, n: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        if 0 <= r + dr < n and 0 <= c + dc < n
    ]


def _connected(cells: set[Cell], n: int) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for other in _neighbours(todo.pop(), n):
            if other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def random_regions(n: int = 9, seed: Seed = None, *, time_limit: float | None = None) -> Shape:
    """A jigsaw shape of size ``n`` with random connected regions that admit a complete
    grid: the boxes (the rows for a prime size) reshaped by random swaps, drawn again when
    the search finds no grid within REGION_GUESSES guesses. OutOfAttempts once
    ``time_limit`` seconds have passed first."""
    budget = Budget(time_limit)
    rng = _random(seed)
    try:
        start = Shape.for_size(n).boxes
    except GridError:  # a prime size has no boxes: start from the rows
        start = tuple(tuple((r, c) for c in range(n)) for r in range(n))
    while True:
        shape = Shape.jigsaw(_reshaped(start, n, rng))
        if budget.over():
            raise OutOfAttempts(
                f"no {n}x{n} jigsaw regions that admit a complete grid in {time_limit:g} s: "
                "allow more time"
            )
        empty = Grid.empty(shape)
        if count_to(empty, 1, time_limit=budget.left(), max_guesses=REGION_GUESSES) == 1:
            return shape


def _reshaped(start: tuple[Region, ...], n: int, rng: random.Random) -> list[list[Cell]]:
    """The regions ``start`` after SWAPS_PER_CELL random swaps a cell (see the glossary)."""
    region_of = {cell: k for k, box in enumerate(start) for cell in box}
    members = [set(box) for box in start]
    cells = list(region_of)
    for _ in range(SWAPS_PER_CELL * n * n):
        a = rng.choice(cells)  # a leaves its region ka for a neighbouring region kb ...
        ka = region_of[a]
        across = [x for x in _neighbours(a, n) if region_of[x] != ka]
        if not across:
            continue
        kb = region_of[rng.choice(across)]
        # ... and a cell b of kb that touches the rest of ka comes the other way
        b = rng.choice(
            [
                b
                for b in sorted(members[kb])
                if any(region_of[x] == ka and x != a for x in _neighbours(b, n))
            ]
            or [a]
        )
        _move(a, kb, region_of, members)
        _move(b, ka, region_of, members)
        if not (_connected(members[ka], n) and _connected(members[kb], n)):
            _move(a, ka, region_of, members)
            _move(b, kb, region_of, members)
    return [sorted(region) for region in members]


def _move(cell: Cell, k: int, region_of: dict[Cell, int], members: list[set[Cell]]) -> None:
    members[region_of[cell]].discard(cell)
    members[k].add(cell)
    region_of[cell] = k


def random_cages(solution: Grid, seed: Seed = None) -> list[tuple[int, Region]]:
    """The cells of a complete grid grouped into random connected cages of different
    digits (sizes drawn from CAGE_SIZES, scaled up for big grids: see AIMED_CAGES), each
    with the sum the grid gives it; never more cages than a cage map has labels."""
    rng = _random(seed)
    n = solution.shape.size
    scale = max(1.0, n * n / (AIMED_CAGES * sum(CAGE_SIZES) / len(CAGE_SIZES)))
    while True:
        cages = _caged(solution, rng, scale)
        if len(cages) <= len(LABELS):
            return cages


def _caged(solution: Grid, rng: random.Random, scale: float) -> list[tuple[int, Region]]:
    """One random caging of ``solution``, the sizes drawn scaled by ``scale``."""
    n = solution.shape.size
    free = set(solution.shape.cells)
    cages = []
    order = list(solution.shape.cells)
    rng.shuffle(order)
    for start in order:
        if start not in free:
            continue
        cage, digits = [start], {solution[start]}
        free.discard(start)
        target = rng.choice(CAGE_SIZES)
        target = target if scale == 1.0 else round(target * scale)
        while len(cage) < target:
            grow = [
                other
                for cell in cage
                for other in _neighbours(cell, n)
                if other in free and solution[other] not in digits
            ]
            if not grow:
                break
            other = rng.choice(grow)
            cage.append(other)
            digits.add(solution[other])
            free.discard(other)
        cages.append((sum(solution[cell] for cell in cage), tuple(sorted(cage))))
    return sorted(cages, key=lambda cage: cage[1][0])


@dataclass(frozen=True)
class Killer:
    """A killer puzzle made by `generate_killer`: its shape carries the cages, ``puzzle``
    the givens left (often none); ``seed`` reproduces it; ``attempts`` counts the grids
    tried; ``nodes`` is the engine's work to prove it unique."""

    puzzle: Grid
    solution: Grid
    seed: int
    attempts: int
    nodes: int

    @property
    def clues(self) -> int:
        """How many givens the puzzle keeps beside its cages (often none)."""
        return sum(1 for d in self.puzzle.cells if d)

    def record(self) -> records.Generated:
        """The puzzle as the one answer schema has it (``to_record()`` for its JSON)."""
        return made_record(
            self.puzzle, self.solution, self.seed, attempts=self.attempts, nodes=self.nodes
        )


def check_size(n: int, *, jigsaw: bool = False, killer: bool = False) -> None:
    """Refuse (GenerateError) a jigsaw larger than LARGEST_JIGSAW or a killer larger than
    LARGEST_KILLER, saying why: the one check of `generate_variant` and the command line."""
    if killer and n > LARGEST_KILLER:
        raise GenerateError(
            f"killers go up to {LARGEST_KILLER}x{LARGEST_KILLER}: a cage map labels at most "
            f"{len(LABELS)} cages, so a {n}x{n} killer needs cages of "
            f"{n * n / len(LABELS):.1f} cells on average, and their digit sets are more "
            "options than the engine can search in reasonable time and memory"
        )
    if jigsaw and n > LARGEST_JIGSAW:
        raise GenerateError(
            f"random jigsaws go up to {LARGEST_JIGSAW}x{LARGEST_JIGSAW}: past that, drawing "
            "regions that admit a grid and digging the puzzle do not end within a minute (a "
            "20x20 is still digging then; a 25x25's random regions hardly ever show a grid "
            f"within {REGION_GUESSES:,} guesses), and a puzzle cut short by the clock would "
            "not come again from its seed; a region file of any size still solves (--regions)"
        )


def generate_killer(
    shape: Shape | None = None,
    *,
    seed: Seed = None,
    attempts: int = 20,
    givens: bool = False,
    time_limit: float | None = None,
) -> Killer:
    """A killer puzzle with a unique solution on ``shape`` (9x9 unless told).

    Each attempt cages a fresh complete grid. Attempts go on until the cages alone decide
    the puzzle, or, when ``givens`` allows some, the first attempt keeps the givens it needs
    (dug from the full grid while the solution stays unique). Every proof of uniqueness may
    take PROOF_NODES nodes of the engine: cages whose proof needs more (from 12x12 on, most
    of them) keep givens too, each removal proved within the same bound, so that a seed
    gives the same puzzle on every run. After ``attempts``, or once ``time_limit`` seconds
    are spent, it raises OutOfAttempts.
    """
    shape = shape or Shape()
    if shape.cages:
        raise GenerateError(f"{shape} has cages already; give a shape without them")
    check_size(shape.size, killer=True)
    budget = Budget(time_limit, PROOF_NODES)
    value = resolve_seed(seed)
    rng = random.Random(value)
    for attempt in range(1, attempts + 1):
        plain = complete_grid(shape, rng)
        solution = Grid(shape.with_cages(random_cages(plain, rng)), plain.cells)
        cells = [0] * len(plain.cells)
        found = count_within(solution.shape, cells, budget)
        if found == 2 and not givens:
            continue
        if found != 1:  # several solutions, or cages not proved within PROOF_NODES
            cells = list(solution.cells)
            order = orbits(shape)
            rng.shuffle(order)
            found = None if strip(solution.shape, cells, order, budget) is None else 1
        if found is None and budget.over():
            raise OutOfAttempts(
                f"no killer proved unique in {time_limit:g} s (seed {value}, attempt "
                f"{attempt}): allow more time"
            )
        puzzle = Grid(solution.shape, tuple(cells))
        proof = search(puzzle, max_nodes=PROOF_NODES)
        proof.count(2)  # proved within PROOF_NODES already: the same search, for its nodes
        return Killer(puzzle, solution, value, attempt, proof.stats.nodes)
    raise OutOfAttempts(
        f"no killer decided by its cages alone in {attempts} attempts (seed {value}): "
        "allow more attempts or allow givens"
    )


def generate_variant(
    shape: Shape,
    *,
    jigsaw: bool = False,
    killer: bool = False,
    seed: int,
    attempts: int = DEFAULT_ATTEMPTS,
    **digging: Any,
) -> Generated | Killer:
    """One puzzle with the rules of ``shape``: on new random regions of its size when
    ``jigsaw`` (its diagonals kept), caged by `generate_killer` when ``killer``, otherwise
    dug by `sudoku.generate.generate` with the ``digging`` keywords (difficulty, symmetry,
    time_limit; a killer takes time_limit alone). The one road for the command line and
    the page; ``seed`` reproduces it."""
    budget = Budget(digging.pop("time_limit", None))  # the whole puzzle's, regions included
    check_size(shape.size, jigsaw=jigsaw, killer=killer)
    if killer and digging:
        raise GenerateError(f"a killer is dug down by its cages: no {', '.join(digging)}")
    n = shape.size
    step = f"drawing {n}x{n} jigsaw regions that admit a grid"
    try:
        base = shape
        if jigsaw:
            base = random_regions(n, seed, time_limit=budget.left())
            base = base.with_diagonals() if "diagonal" in shape.extra_names else base
        step = f"proving a {n}x{n} killer unique by its cages" if killer else f"digging a {n}x{n}"
        if budget.over():
            raise OutOfAttempts(step)
        if not killer:
            return generate(
                base, seed=seed, attempts=attempts, time_limit=budget.left(),
                proof_guesses=PROOF_GUESSES if jigsaw else None, **digging,
            )  # fmt: skip
        return generate_killer(base, seed=seed, attempts=attempts, time_limit=budget.left())
    except OutOfAttempts:
        if not budget.over():
            raise  # out of attempts, not of time: its own message says why
        raise OutOfAttempts(
            f"no puzzle in {budget.limit:g} s (seed {seed}): the time ran out {step}; "
            "allow more time"
        ) from None
