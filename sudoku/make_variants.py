"""Making variant puzzles: random jigsaw regions, and killer puzzles with a unique solution.

Glossary
    swap     the move that reshapes jigsaw regions: a cell on the border of its region
             moves to the region beside it, which gives back a cell touching the first
             region, so both keep n cells; kept only when both stay in one piece
    killer   made from a random complete grid: its cells are grouped into random small cages
             of different digits, the sums read off the grid, and givens are dug out while
             the puzzle stays unique (usually none are left: the cages alone decide it)

A jigsaw puzzle is then made as any other: `sudoku.generate.generate` on the shape, which
digs clues while the solution stays unique. Uniqueness is always the engine's count to 2.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from dlx import seeds
from dlx.seeds import Seed
from sudoku import records
from sudoku.cover import search
from sudoku.digging import Budget
from sudoku.generate import (
    DEFAULT_ATTEMPTS,
    Generated,
    GenerateError,
    OutOfAttempts,
    complete_grid,
    dig,
    generate,
    made_record,
    resolve_seed,
)
from sudoku.grid import Cell, Grid, GridError, Region, Shape

SWAPS_PER_CELL = 4  # swaps tried per cell when reshaping regions: enough to lose the boxes
GRID_NODES = 200_000  # search nodes allowed to find a complete grid for new regions
LARGEST_CAGE = 4  # cells in the largest killer cage made
CAGE_SIZES = (1, 2, 2, 2, 3, 3, 3, 4)  # the size a new cage aims at, drawn uniformly


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
    grid: the boxes reshaped by random swaps, drawn again when the engine finds no grid
    within GRID_NODES nodes. OutOfAttempts once ``time_limit`` seconds have passed first
    (from 16x16 on, drawing regions that admit a grid can take minutes)."""
    budget = Budget(time_limit)
    rng = _random(seed)
    try:
        start = Shape.for_size(n).boxes
    except GridError:  # a prime size has no boxes: start from the rows
        start = tuple(tuple((r, c) for c in range(n)) for r in range(n))
    while True:
        region_of = {cell: k for k, box in enumerate(start) for cell in box}
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
                    for b in cells
                    if region_of[b] == kb
                    and any(region_of[x] == ka and x != a for x in _neighbours(b, n))
                ]
                or [a]
            )
            region_of[a], region_of[b] = kb, ka
            for k in (ka, kb):
                if not _connected({c for c in cells if region_of[c] == k}, n):
                    region_of[a], region_of[b] = ka, kb
                    break
        regions: list[list[Cell]] = [[] for _ in range(n)]
        for cell in cells:
            regions[region_of[cell]].append(cell)
        shape = Shape.jigsaw(regions)
        if budget.over():
            raise OutOfAttempts(
                f"no {n}x{n} jigsaw regions that admit a complete grid in {time_limit:g} s: "
                "allow more time"
            )
        grids = search(Grid.empty(shape), seed=rng, max_nodes=GRID_NODES, time_limit=budget.left())
        if grids.first() is not None:
            return shape


def random_cages(solution: Grid, seed: Seed = None) -> list[tuple[int, Region]]:
    """The cells of a complete grid grouped into random connected cages of different
    digits (sizes drawn from CAGE_SIZES), each with the sum the grid gives it."""
    rng = _random(seed)
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
    (dug from the full grid while the solution stays unique). After ``attempts``, or once
    ``time_limit`` seconds are spent proving the cages (big grids can take long), it raises
    OutOfAttempts. ``seed`` reproduces the puzzle (given the time to get there).
    """
    shape = shape or Shape()
    if shape.cages:
        raise GenerateError(f"{shape} has cages already; give a shape without them")
    budget = Budget(time_limit)
    value = resolve_seed(seed)
    rng = random.Random(value)
    for attempt in range(1, attempts + 1):
        plain = complete_grid(shape, rng)
        solution = Grid(shape.with_cages(random_cages(plain, rng)), plain.cells)
        puzzle = Grid.empty(solution.shape)
        proof = None if budget.over() else search(puzzle, time_limit=budget.left())
        found = None if proof is None else proof.count(2)
        if proof is None or proof.stopped_by == "time":
            raise OutOfAttempts(
                f"no killer decided by its cages alone in {time_limit:g} s (seed {value}, "
                f"attempt {attempt}): allow more time"
            )
        if found != 1:
            if not givens:
                continue
            puzzle = dig(solution, rng)  # from the full grid: keeps the givens it needs
            proof = search(puzzle)
            proof.count(2)
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
            return generate(base, seed=seed, attempts=attempts, time_limit=budget.left(), **digging)
        return generate_killer(base, seed=seed, attempts=attempts, time_limit=budget.left())
    except OutOfAttempts:
        if not budget.over():
            raise  # out of attempts, not of time: its own message says why
        raise OutOfAttempts(
            f"no puzzle in {budget.limit:g} s (seed {seed}): the time ran out {step}; "
            "allow more time"
        ) from None
