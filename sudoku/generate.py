"""Generation: random complete grids and puzzles by clue removal (distinct grids by the
million are ``sudoku.grids``).

Glossary
    complete grid  a grid with every cell filled that obeys every unit
    seed           an int that reproduces a result; every generated puzzle reports its own
    orbit          the cells a symmetry maps onto each other; clues are removed orbit by
                   orbit, so the clue pattern keeps the symmetry
    minimal        no clue can be removed without losing uniqueness
    unique         the engine, counting with limit 2, finds exactly one solution (qqwing)

A puzzle is dug out of a random complete grid: clues go in random order, and a removal is
kept only while the puzzle stays unique. One digging ends at 22-27 clues on 9x9; fewer
clues come from a local search on minimal puzzles (blank one or two clues, add clues back
from the puzzle's own solutions until it is unique, dig again; keep it when no worse), with
restarts. A clue mask fixes the clue cells instead: a search over grids then looks for one
whose digits on the mask have one solution.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any, NamedTuple

from dlx import seeds
from dlx.seeds import Seed
from sudoku import records
from sudoku.cover import search
from sudoku.digging import (
    Budget,
    Candidate,
    GenerateError,
    Report,
    complete_grid,
    descents,
    fresh,
    masked,
    orbits,
    pad,
    reachable,
    silent,
    strip,
)
from sudoku.grid import Grid, Shape, format_line, parse
from sudoku.rate import LEVELS, Rating, describe_bands, rate


class Symmetry(str, enum.Enum):
    """The symmetry of a clue pattern (``random``: one drawn from the seed)."""

    none = "none"
    rot180 = "rot180"
    rot90 = "rot90"
    mirror = "mirror"
    flip = "flip"
    diagonal = "diagonal"
    random = "random"


SYMMETRIES = tuple(s.value for s in Symmetry)
MIN_CLUES_9X9 = 17  # McGuire, Tugemann, Civario (2012): no 16-clue sudoku has one solution
DEFAULT_ATTEMPTS = 100  # restarts (fresh complete grids) for a clue, mask or level target

__all__ = [
    "MIN_CLUES_9X9",
    "SYMMETRIES",
    "GenerateError",
    "Generated",
    "OutOfAttempts",
    "complete_grid",
    "dig",
    "fewest",
    "generate",
    "generate_many",
    "orbits",
    "parse_mask",
    "resolve_seed",
]


class OutOfAttempts(GenerateError):
    """A clue count or difficulty that was not reached within the attempt budget."""


class Generated(NamedTuple):
    """A generated puzzle with everything needed to trust and reproduce it.

    ``seed`` regenerates it (with the same options); ``attempts`` counts the restarts
    (fresh complete grids); ``rating`` is the human measure; ``nodes`` and ``updates`` are
    the engine's statistics for solving the puzzle and proving it unique, a mechanical
    measure. ``symmetry`` is the one used (what "random" drew); ``minimal`` is True when
    the generator tried every clue (orbit) and none could go.
    """

    puzzle: Grid
    solution: Grid
    seed: int
    attempts: int
    rating: Rating
    nodes: int | None
    updates: int | None
    symmetry: str = "none"
    minimal: bool = False

    @property
    def clues(self) -> int:
        """The number of givens."""
        return sum(1 for d in self.puzzle.cells if d)

    def record(self) -> records.Generated:
        """The puzzle as the one answer schema has it (``to_record()`` for its JSON)."""
        return made_record(
            self.puzzle,
            self.solution,
            self.seed,
            symmetry=self.symmetry,
            minimal=self.minimal,
            level=self.rating.level,
            hardest=self.rating.hardest,
            se=None if self.rating.se_estimated else self.rating.se,
            attempts=self.attempts,
            nodes=self.nodes,
            updates=self.updates,
        )


def made_record(puzzle: Grid, solution: Grid, seed: int, **known: Any) -> records.Generated:
    """The record of a generated puzzle of any variant: its line, solution and seed, the
    variant's maps (regions, cages) when its shape has them, and what else is ``known``."""
    shape = puzzle.shape
    maps: dict[str, Any] = {"variant": "classic"}  # a plain box grid: no registry needed
    if shape.regions is not None or shape.cages or shape.extra_regions:
        from sudoku.variants import format_cages, format_regions, variant_key

        maps["variant"] = variant_key(shape)
        maps["regions"] = format_regions(shape) if shape.regions is not None else None
        maps["cages"] = format_cages(shape) if shape.cages else None
    return records.Generated(
        puzzle=format_line(puzzle),
        solution=format_line(solution),
        size=shape.size,
        seed=seed,
        clues=sum(1 for d in puzzle.cells if d),
        **maps,
        **known,
    )


resolve_seed = seeds.resolve  # the int a seed stands for, to report and reproduce it


def _check_floor(shape: Shape, clues: int) -> None:
    """Refuse fewer clues than any unique 9x9 puzzle has."""
    if shape == Shape() and clues < MIN_CLUES_9X9:
        raise GenerateError(
            f"no 9x9 sudoku with {clues} clues has a unique solution: 17 is the minimum "
            "(McGuire, Tugemann and Civario, 2012, an exhaustive search of all grids)"
        )


def _check_clues(shape: Shape, symmetry: str, clues: int | None) -> None:
    """Refuse a clue count that no puzzle of this shape and symmetry can have, saying why."""
    if clues is None:
        return
    _check_floor(shape, clues)
    sizes = [len(orbit) for orbit in orbits(shape, symmetry)]
    if not 0 <= clues <= sum(sizes) or clues not in reachable(sizes):
        raise GenerateError(
            f"a {shape.size}x{shape.size} clue pattern with {symmetry} symmetry cannot have "
            f"{clues} clues (its orbits hold {', '.join(map(str, sorted(set(sizes))))} cells)"
        )


def _resolve_symmetry(shape: Shape, symmetry: str, clues: int | None, seed: int) -> str:
    """``symmetry`` itself, or for "random" (qqwing's) one of the others that allows
    ``clues``, drawn from a generator of its own seeded with ``seed``: the puzzle's
    generator is left as it was, so naming the drawn symmetry gives the same puzzle."""
    if symmetry != "random":
        return symmetry
    fits = []
    for name in SYMMETRIES[:-1]:
        try:
            _check_clues(shape, name, clues)
        except GenerateError:
            continue
        fits.append(name)
    if not fits:
        _check_clues(shape, "none", clues)  # raises with the reason
    return random.Random(seed).choice(fits)


def parse_mask(text: str, shape: Shape | None = None) -> frozenset[int]:
    """The clue cells of a pattern (indices r * n + c): any grid layout `parse` reads, with
    ``x``, ``X`` or ``*`` also marking a clue cell; a puzzle's own givens work too.

    Errors are GridErrors with the line and column of what cannot be read.
    """
    grid = parse(text.translate(_MASK_MARKS), shape=shape)
    return frozenset(i for i, d in enumerate(grid.cells) if d)


_MASK_MARKS = str.maketrans({"x": "1", "X": "1", "*": "1"})


def dig(
    solution: Grid, seed: Seed = None, symmetry: str = "none", clues: int | None = None
) -> Grid:
    """A unique puzzle of ``solution`` by removing clues, orbit by orbit, in random order.

    A removal is kept only if the puzzle stays unique. Without ``clues`` every orbit is
    tried, so the result is minimal for the symmetry (for "none", no clue can go). With
    ``clues`` digging stops there; the result has more clues when it could not get down.
    """
    _check_clues(solution.shape, symmetry, clues)
    rng = seeds.generator(seed)
    cells = list(solution.cells)
    order = orbits(solution.shape, symmetry)
    rng.shuffle(order)
    strip(solution.shape, cells, order, Budget(None), clues)
    return Grid(solution.shape, tuple(cells))


def generate(
    shape: Shape | None = None,
    *,
    clues: int | None = None,
    difficulty: str | None = None,
    symmetry: str = "none",
    mask: Iterable[int] | None = None,
    seed: Seed = None,
    attempts: int = DEFAULT_ATTEMPTS,
    time_limit: float | None = None,
    progress: Report | None = None,
    proof_guesses: int | None = None,
) -> Generated:
    """A unique puzzle: minimal unless ``clues`` asks for a count, of the ``difficulty`` level
    when asked (a band of Sudoku Explainer's scale, `sudoku.rate.BANDS`: easy 1.0-2.5, medium
    2.6-3.4, hard 3.5-5.9, expert 6.0 and up), its clues laid out with ``symmetry`` or
    exactly on the cells of ``mask``.

    Without a target each attempt digs a fresh complete grid down to minimal. With
    ``clues``, a local search on minimal puzzles (see `sudoku.digging.descents`) goes below what one
    digging reaches, restarting up to ``attempts`` times; a minimal puzzle below the target
    gets clues back from its solution. With ``mask`` (cell indices r * n + c, see
    `parse_mask`) a search over grids looks for one whose digits on the mask are unique.
    ``time_limit`` (seconds) bounds the whole search: GenerateError (OutOfAttempts) says
    what came closest, except that a plain minimal puzzle still being dug when time runs
    out is returned unique but not minimal (``minimal`` False). ``progress(fraction,
    status)`` is called as the work goes. Everything is drawn from one generator seeded by
    ``seed``, so ``generate(..., seed=result.seed)`` gives the same puzzle again (given the
    time to get there); "random" symmetry is drawn from it too and reported.
    ``proof_guesses`` bounds each uniqueness proof by a count (`sudoku.digging.Budget`): a
    clue whose removal is not proved within it stays (``minimal`` is then False), for
    shapes where a few proofs take far longer than the rest (a 16x16 jigsaw).
    """
    shape = shape or Shape()
    if difficulty is not None and difficulty not in LEVELS:
        raise GenerateError(
            f"unknown difficulty {difficulty!r}; choose one of {', '.join(LEVELS)} "
            f"({describe_bands()})"
        )
    if attempts < 1:
        raise GenerateError(f"attempts must be at least 1, not {attempts}")
    if symmetry not in SYMMETRIES:
        raise GenerateError(f"unknown symmetry {symmetry!r}; choose one of {', '.join(SYMMETRIES)}")
    pattern = None if mask is None else _check_mask(shape, mask, symmetry, clues)
    budget = Budget(time_limit, proof_guesses)
    value = resolve_seed(seed)
    rng = random.Random(value)
    symmetry = _resolve_symmetry(shape, symmetry, clues, value)
    _check_clues(shape, symmetry, clues)
    report = progress or silent
    found: Iterable[Candidate | None]
    if pattern is not None:
        found = masked(shape, pattern, rng, budget, attempts, report)
    elif clues is None:
        found = (
            fresh(shape, symmetry, rng, budget, None, attempt, report)
            for attempt in range(1, attempts + 1)
        )
    else:
        found = descents(shape, symmetry, rng, budget, attempts, clues, report)
    plan = orbits(shape, symmetry)
    fewest, levels = None, []
    for candidate in found:
        if candidate is None:
            break
        fewest = candidate.clues if fewest is None else min(fewest, candidate.clues)
        if clues is not None and not pad(candidate, plan, clues, rng):
            continue
        puzzle = Grid(shape, tuple(candidate.cells))
        rating = rate(puzzle, budget=0)  # no chains: the level is the same, 10x quicker
        levels.append(rating.level)
        if difficulty is not None and rating.level != difficulty:
            if clues is None and budget.over():
                break  # out of time mid-dig: no other candidate comes
            continue
        nodes, updates = _engine_work(puzzle, budget)
        return Generated(
            puzzle,
            candidate.solution,
            value,
            candidate.attempt,
            rating,
            nodes,
            updates,
            symmetry,
            candidate.minimal,
        )
    budget_used = f"{time_limit:g} s" if budget.over() else f"{attempts} attempts"
    if pattern is not None:
        raise OutOfAttempts(
            f"no unique puzzle on the mask's {len(pattern)} cells in {budget_used} (seed {value}): "
            "allow more time or attempts, or give the mask more cells"
        )
    if clues is not None and len(levels) == 0:
        reached = "" if fewest is None else f"; the fewest reached was {fewest}"
        raise OutOfAttempts(
            f"no unique puzzle with {clues} clues in {budget_used} (seed {value}){reached}: "
            "allow more attempts or time, or ask for more clues"
        )
    seen = ", ".join(f"{levels.count(level)} {level}" for level in LEVELS if level in levels)
    raise OutOfAttempts(
        f"no {difficulty or 'unique'} puzzle in {budget_used} (seed {value}); "
        f"rated: {seen or 'none'}"
    )


PROOF_GRACE = 2.0  # seconds the engine's statistics may take past a spent time limit
# From this size a puzzle's digging can take minutes (each removal proved unique by a search
# on a big grid): the command line gives each puzzle this budget unless told.
BIG_SIZE, BIG_TIME_LIMIT = 16, 60.0
WORK_NODES = 1_000_000  # the engine's nodes for a puzzle's statistics, when proofs are bounded


def _engine_work(puzzle: Grid, budget: Budget) -> tuple[int | None, int | None]:
    """The engine's nodes and updates for solving ``puzzle`` and proving it unique (a
    mechanical measure; the digging proved it unique already), or (None, None) when they
    would take longer than the budget's time left, or PROOF_GRACE once it is spent (a big
    grid's plain search can take far longer than its digging). When the budget bounds each
    proof by guesses, so is this one, by WORK_NODES nodes: on those shapes the engine can
    take far longer than the digging (a 16x16 jigsaw: 10^7 nodes, most of the budget)."""
    left = budget.left()
    run = search(
        puzzle,
        time_limit=None if left is None else max(left, PROOF_GRACE),
        max_nodes=None if budget.guesses is None else WORK_NODES,
    )
    run.count(2)  # the one solution, and the search on for a second that proves it unique
    if not run.complete and run.stopped_by != "limit":
        return None, None
    return run.stats.nodes, run.stats.updates


def _check_mask(
    shape: Shape, mask: Iterable[int], symmetry: str, clues: int | None
) -> frozenset[int]:
    """The mask as a set of cells, refused when it cannot work with the other options."""
    cells = frozenset(mask)
    n = shape.size
    outside = sorted(i for i in cells if not 0 <= i < n * n)
    if outside:
        raise GenerateError(f"mask cell {outside[0]} is outside the {n}x{n} grid (0..{n * n - 1})")
    if symmetry != "none":
        raise GenerateError("a mask fixes the clue pattern: leave the symmetry as none")
    if clues is not None and clues != len(cells):
        raise GenerateError(f"the mask has {len(cells)} cells, but {clues} clues were asked")
    _check_floor(shape, len(cells))
    return cells


def fewest(
    shape: Shape | None = None,
    *,
    symmetry: str = "none",
    seed: Seed = None,
    time_limit: float,
    progress: Report | None = None,
) -> Generated:
    """The unique puzzle with the fewest clues that the search of `generate` reaches in
    ``time_limit`` seconds (restarting as often as the time allows).

    It is the first puzzle the search meets at that count, so
    ``generate(shape, clues=result.clues, symmetry=..., seed=result.seed,
    attempts=result.attempts)`` gives it again.
    """
    shape = shape or Shape()
    budget = Budget(time_limit)
    value = resolve_seed(seed)
    rng = random.Random(value)
    symmetry = _resolve_symmetry(shape, symmetry, None, value)
    floor = MIN_CLUES_9X9 if shape == Shape() else None
    best = None
    for candidate in descents(shape, symmetry, rng, budget, None, floor, progress or silent):
        if best is None or candidate.clues < best.clues:
            best = candidate
        if candidate.clues == floor:
            break
    if best is None:
        raise OutOfAttempts(f"no unique puzzle in {time_limit:g} s (seed {value})")
    puzzle = Grid(shape, tuple(best.cells))
    nodes, updates = _engine_work(puzzle, budget)
    return Generated(
        puzzle,
        best.solution,
        value,
        best.attempt,
        rate(puzzle, budget=0),
        nodes,
        updates,
        symmetry,
        best.minimal,
    )


def generate_many(
    count: int,
    shape: Shape | None = None,
    *,
    clues: int | None = None,
    difficulty: str | None = None,
    symmetry: str = "none",
    mask: Iterable[int] | None = None,
    seed: Seed = None,
    attempts: int = DEFAULT_ATTEMPTS,
    time_limit: float | None = None,
    progress: Callable[[int, float, str], object] | None = None,
) -> Iterator[Generated]:
    """``count`` puzzles from `generate` with the same options, lazily; ``time_limit`` is
    per puzzle, and ``progress(k, fraction, status)`` reports on puzzle k (from 0).

    Puzzle k uses seed S + k, where S is ``seed`` (drawn when None), so each puzzle's
    reported seed reproduces it alone, and the first puzzle of ``seed=S`` is the puzzle of
    ``generate(seed=S)``.
    """
    start = resolve_seed(seed)
    pattern = None if mask is None else frozenset(mask)
    for k in range(count):
        yield generate(
            shape,
            clues=clues,
            difficulty=difficulty,
            symmetry=symmetry,
            mask=pattern,
            seed=start + k,
            attempts=attempts,
            time_limit=time_limit,
            progress=None if progress is None else partial(progress, k),
        )
