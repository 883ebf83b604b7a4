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
import time
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any, NamedTuple

from dlx import seeds
from dlx.seeds import Seed
from sudoku import records
from sudoku.cover import decode, search
from sudoku.grid import Grid, Shape, format_line, parse
from sudoku.rate import LEVELS, Rating, rate
from sudoku.solve import count_to


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
RESTART_NODES = 10  # a complete grid's first search budget, in nodes a cell (then doubled)
STALL_MOVES = 300  # search moves without a new low before a restart
MASK_COUNT_LIMIT = 50  # solutions counted when scoring a grid against a mask

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


class GenerateError(ValueError):
    """A request that cannot be met: refused up front, or not reached within its budget."""


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


_random = seeds.generator  # a private generator: never the global one, fresh for None
resolve_seed = seeds.resolve  # the int a seed stands for, to report and reproduce it


def complete_grid(shape: Shape | None = None, seed: Seed = None) -> Grid:
    """A random complete grid of ``shape`` (9x9 unless told), from the engine's random search.

    The same int seed gives the same grid; None gives a fresh one. A random search can wander
    into a subtree with no grid in it for a very long time (a few seeds in a hundred on a
    jigsaw or X-sudoku: minutes and more), so it restarts, with the same generator, after
    RESTART_NODES nodes a cell, then twice as many each time: grids come in milliseconds.
    """
    shape = shape or Shape()
    rng = _random(seed)
    budget = RESTART_NODES * shape.size * shape.size
    while True:
        run = search(Grid.empty(shape), seed=rng, max_nodes=budget)
        solution = run.first()
        if solution is not None:
            return decode(solution, shape)
        if run.stopped_by is None:  # the whole tree, and no grid
            raise GenerateError(f"{shape} has no complete grid")
        budget *= 2


# --- puzzles by clue removal ---------------------------------------------------------------


def orbits(shape: Shape, symmetry: str = "none") -> list[tuple[int, ...]]:
    """The cells (as indices r * n + c) grouped into the orbits of ``symmetry``.

    rot180 and rot90 turn the grid about its centre, mirror reflects it left to right, flip
    top to bottom, diagonal in the main diagonal; none leaves every cell on its own.
    ("random" is resolved to one of these before orbits are asked for.)
    """
    n = shape.size
    moves: dict[str, Callable[[int, int], tuple[int, int]]] = {
        "none": lambda r, c: (r, c),
        "rot180": lambda r, c: (n - 1 - r, n - 1 - c),
        "rot90": lambda r, c: (c, n - 1 - r),
        "mirror": lambda r, c: (r, n - 1 - c),
        "flip": lambda r, c: (n - 1 - r, c),
        "diagonal": lambda r, c: (c, r),
    }
    if symmetry not in moves:
        raise GenerateError(f"unknown symmetry {symmetry!r}; choose one of {', '.join(moves)}")
    move = moves[symmetry]
    seen: set[int] = set()
    found = []
    for start in range(n * n):
        if start in seen:
            continue
        orbit, cell = [], divmod(start, n)
        while cell[0] * n + cell[1] not in orbit:
            orbit.append(cell[0] * n + cell[1])
            cell = move(*cell)
        seen.update(orbit)
        found.append(tuple(orbit))
    return found


def _reachable(sizes: list[int]) -> set[int]:
    """Every total that a subset of ``sizes`` adds up to (the clue counts a symmetry allows)."""
    totals = {0}
    for size in sizes:
        totals |= {t + size for t in totals}
    return totals


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
    if not 0 <= clues <= sum(sizes) or clues not in _reachable(sizes):
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


class _Budget:
    """The time allowed for one puzzle, from its start; no limit when None."""

    def __init__(self, time_limit: float | None):
        if time_limit is not None and not time_limit > 0:
            raise GenerateError(
                f"time limit must be a positive number of seconds, not {time_limit}"
            )
        self.limit = time_limit
        self.started = time.monotonic()

    def left(self) -> float | None:
        """Seconds left (never below zero), or None without a limit."""
        if self.limit is None:
            return None
        return max(0.0, self.limit - (time.monotonic() - self.started))

    def over(self) -> bool:
        return self.left() == 0.0

    def fraction(self) -> float:
        """How much of the time is spent, 0..1 (0 without a limit)."""
        return 0.0 if self.limit is None else 1.0 - (self.left() or 0.0) / self.limit


def _count(shape: Shape, cells: list[int], budget: _Budget, limit: int = 2) -> int | None:
    """Solutions of the puzzle ``cells`` up to ``limit``; None when the time ran out first."""
    if budget.over():
        return None
    return count_to(Grid(shape, tuple(cells)), limit, time_limit=budget.left())


def _strip(
    shape: Shape,
    cells: list[int],
    order: list[tuple[int, ...]],
    budget: _Budget,
    floor: int | None = None,
    tried: Callable[[int, int], object] | None = None,
) -> bool | None:
    """Blank the orbits of ``order`` in turn, keeping each blanking that leaves the puzzle
    unique; stop at ``floor`` clues. True when every orbit was tried (the puzzle is then
    minimal for the orbits given), False when the floor stopped it, None when time ran out.
    ``tried(k, total)`` reports each orbit done.
    """
    left = sum(1 for d in cells if d)
    for k, orbit in enumerate(order, 1):
        if floor is not None and left - len(orbit) < floor:
            continue
        kept = [cells[i] for i in orbit]
        for i in orbit:
            cells[i] = 0
        unique = _count(shape, cells, budget)
        if unique == 1:
            left -= len(orbit)
        else:
            for i, d in zip(orbit, kept, strict=True):
                cells[i] = d
            if unique is None:
                return None
        if tried is not None:
            tried(k, len(order))
        if left == floor:
            return False
    return True


def dig(
    solution: Grid, seed: Seed = None, symmetry: str = "none", clues: int | None = None
) -> Grid:
    """A unique puzzle of ``solution`` by removing clues, orbit by orbit, in random order.

    A removal is kept only if the puzzle stays unique. Without ``clues`` every orbit is
    tried, so the result is minimal for the symmetry (for "none", no clue can go). With
    ``clues`` digging stops there; the result has more clues when it could not get down.
    """
    _check_clues(solution.shape, symmetry, clues)
    rng = _random(seed)
    cells = list(solution.cells)
    order = orbits(solution.shape, symmetry)
    rng.shuffle(order)
    _strip(solution.shape, cells, order, _Budget(None), clues)
    return Grid(solution.shape, tuple(cells))


class _Candidate:
    """A unique puzzle met on the way: the restart it came from, and whether it is minimal."""

    __slots__ = ("attempt", "cells", "solution", "minimal")

    def __init__(self, attempt: int, cells: list[int], solution: Grid, minimal: bool) -> None:
        self.attempt = attempt
        self.cells = cells
        self.solution = solution
        self.minimal = minimal

    @property
    def clues(self) -> int:
        return sum(1 for d in self.cells if d)


Report = Callable[[float, str], object]  # progress(fraction of the budget spent, status)


def _fresh(
    shape: Shape,
    symmetry: str,
    rng: random.Random,
    budget: _Budget,
    floor: int | None,
    attempt: int,
    report: Report,
) -> _Candidate | None:
    """A random complete grid dug down to a minimal puzzle (or to ``floor``); a unique but
    unfinished one when the time runs out while digging, None when it ran out before."""
    if budget.over():
        return None
    solution = complete_grid(shape, rng)
    cells = list(solution.cells)
    order = orbits(shape, symmetry)
    rng.shuffle(order)
    done = _strip(
        shape,
        cells,
        order,
        budget,
        floor,
        lambda k, total: report(k / total, f"attempt {attempt}: digging, cell {k} of {total}"),
    )
    return _Candidate(attempt, cells, solution, done is True)


def _complete_uniquely(
    shape: Shape,
    cells: list[int],
    avoid: set[int],
    orbit_of: dict[int, tuple[int, ...]],
    rng: random.Random,
    budget: _Budget,
) -> Grid | None:
    """Add clues to ``cells`` until the puzzle is unique, and return its solution.

    While two solutions remain, one cell where they differ (outside ``avoid`` when there is
    one) gets its orbit filled from one of the two, drawn at random: the puzzle keeps a
    solution, and may move to a different grid from the one it was dug out of. None when
    the time runs out.
    """
    while not budget.over():
        found = search(Grid(shape, tuple(cells)), seed=rng, time_limit=budget.left())
        first, second = next(found, None), next(found, None)
        if first is None or (second is None and not found.complete):
            return None
        one = decode(first, shape)
        if second is None:
            return one
        two = decode(second, shape)
        differ = [i for i, (a, b) in enumerate(zip(one.cells, two.cells, strict=True)) if a != b]
        source = rng.choice((one, two))
        for i in orbit_of[rng.choice([i for i in differ if i not in avoid] or differ)]:
            cells[i] = source.cells[i]
    return None


def _descents(
    shape: Shape,
    symmetry: str,
    rng: random.Random,
    budget: _Budget,
    attempts: int | None,
    floor: int | None,
    report: Report,
) -> Iterator[_Candidate]:
    """Unique puzzles with fewer and fewer clues: a local search on minimal puzzles.

    Each restart digs a fresh grid (down to ``floor`` at most). Then a move blanks one or
    two clue orbits, adds clues back from the puzzle's own solutions until it is unique
    (the grid may change), and digs it down to minimal again; the move is kept when it has
    no more clues than before. After STALL_MOVES moves without a new low, a restart.
    Every kept puzzle is yielded; the run ends with the attempts or the time.
    """
    plan = orbits(shape, symmetry)
    orbit_of = {i: orbit for orbit in plan for i in orbit}
    best: int | None = None
    attempt = 0

    def status(fraction: float, note: str) -> None:
        spent = fraction if attempts is None else (attempt - 1 + fraction) / attempts
        low = "" if best is None else f"; fewest so far {best} clues"
        report(max(spent, budget.fraction()), note + low)

    while attempts is None or attempt < attempts:
        attempt += 1
        current = _fresh(shape, symmetry, rng, budget, floor, attempt, status)
        if current is None:
            return
        best = current.clues if best is None else min(best, current.clues)
        yield current
        if not current.minimal:
            continue  # stopped at the floor (out of time: the next restart ends the run)
        stalled = 0
        while stalled < STALL_MOVES:
            status(stalled / STALL_MOVES, f"attempt {attempt}: {current.clues} clues")
            stalled += 1
            cells = list(current.cells)
            present = [orbit for orbit in plan if cells[orbit[0]]]
            dropped = rng.sample(present, min(len(present), rng.choice((1, 2))))
            for i in (avoid := {i for orbit in dropped for i in orbit}):
                cells[i] = 0
            solution = _complete_uniquely(shape, cells, avoid, orbit_of, rng, budget)
            if solution is None:
                return
            order = [orbit for orbit in plan if cells[orbit[0]]]
            rng.shuffle(order)
            if _strip(shape, cells, order, budget) is None:
                return
            moved = _Candidate(attempt, cells, solution, True)
            if moved.clues > current.clues:
                continue
            if moved.clues < current.clues:
                stalled = 0
            best = min(best, moved.clues)
            current = moved
            yield current


def _pad(
    candidate: _Candidate, plan: list[tuple[int, ...]], clues: int, rng: random.Random
) -> bool:
    """Give back blanked orbits of the solution until the puzzle has ``clues`` clues (it stays
    unique); False when the orbit sizes cannot make up the difference."""
    cells, missing = candidate.cells, clues - candidate.clues
    blanks = [orbit for orbit in plan if not cells[orbit[0]]]
    if missing <= 0 or missing not in _reachable([len(orbit) for orbit in blanks]):
        return missing == 0
    rng.shuffle(blanks)  # only when padding, so a search that meets the target is unchanged
    chosen = []
    for k, orbit in enumerate(blanks):
        if len(orbit) <= missing and missing - len(orbit) in _reachable(
            [len(o) for o in blanks[k + 1 :]]
        ):
            chosen.append(orbit)
            missing -= len(orbit)
    for orbit in chosen:
        for i in orbit:
            cells[i] = candidate.solution.cells[i]
    candidate.minimal = candidate.minimal and not chosen
    return True


def _masked(
    shape: Shape,
    mask: frozenset[int],
    rng: random.Random,
    budget: _Budget,
    attempts: int,
    report: Report,
) -> Iterator[_Candidate]:
    """Unique puzzles whose clues sit exactly on ``mask``, by a local search on grids.

    A grid's score is how many solutions its digits on the mask leave (counted to
    MASK_COUNT_LIMIT). A move frees one to three mask cells and completes the rest of the
    mask's digits to a fresh random grid; it is kept when the score does not grow. A
    restart after STALL_MOVES moves without a new low.
    """
    cells_of = sorted(mask)

    def on_mask(grid: Grid) -> list[int]:
        return [d if i in mask else 0 for i, d in enumerate(grid.cells)]

    for attempt in range(1, attempts + 1):
        grid = complete_grid(shape, rng)
        score = _count(shape, on_mask(grid), budget, MASK_COUNT_LIMIT)
        stalled = 0
        while score is not None and score > 1 and stalled < STALL_MOVES:
            report(
                max((attempt - 1 + stalled / STALL_MOVES) / attempts, budget.fraction()),
                f"attempt {attempt}: the mask leaves {score} solutions",
            )
            stalled += 1
            cells = on_mask(grid)
            for i in rng.sample(cells_of, min(len(cells_of), rng.randint(1, 3))):
                cells[i] = 0
            found = search(Grid(shape, tuple(cells)), seed=rng, time_limit=budget.left()).first()
            if found is None:
                break
            moved = decode(found, shape)
            tried = _count(shape, on_mask(moved), budget, MASK_COUNT_LIMIT)
            if tried is not None and tried <= score:
                stalled = 0 if tried < score else stalled
                grid, score = moved, tried
            score = None if budget.over() else score
        if score is None:
            return
        if score == 1:
            yield _Candidate(attempt, on_mask(grid), grid, False)


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
) -> Generated:
    """A unique puzzle: minimal unless ``clues`` asks for a count, of the ``difficulty`` level
    when asked, its clues laid out with ``symmetry`` or exactly on the cells of ``mask``.

    Without a target each attempt digs a fresh complete grid down to minimal. With
    ``clues``, a local search on minimal puzzles (see `_descents`) goes below what one
    digging reaches, restarting up to ``attempts`` times; a minimal puzzle below the target
    gets clues back from its solution. With ``mask`` (cell indices r * n + c, see
    `parse_mask`) a search over grids looks for one whose digits on the mask are unique.
    ``time_limit`` (seconds) bounds the whole search: GenerateError (OutOfAttempts) says
    what came closest, except that a plain minimal puzzle still being dug when time runs
    out is returned unique but not minimal (``minimal`` False). ``progress(fraction,
    status)`` is called as the work goes. Everything is drawn from one generator seeded by
    ``seed``, so ``generate(..., seed=result.seed)`` gives the same puzzle again (given the
    time to get there); "random" symmetry is drawn from it too and reported.
    """
    shape = shape or Shape()
    if difficulty is not None and difficulty not in LEVELS:
        raise GenerateError(f"unknown difficulty {difficulty!r}; choose one of {LEVELS}")
    if attempts < 1:
        raise GenerateError(f"attempts must be at least 1, not {attempts}")
    if symmetry not in SYMMETRIES:
        raise GenerateError(f"unknown symmetry {symmetry!r}; choose one of {', '.join(SYMMETRIES)}")
    pattern = None if mask is None else _check_mask(shape, mask, symmetry, clues)
    budget = _Budget(time_limit)
    value = resolve_seed(seed)
    rng = random.Random(value)
    symmetry = _resolve_symmetry(shape, symmetry, clues, value)
    _check_clues(shape, symmetry, clues)
    report = progress or (lambda fraction, status: None)
    found: Iterable[_Candidate | None]
    if pattern is not None:
        found = _masked(shape, pattern, rng, budget, attempts, report)
    elif clues is None:
        found = (
            _fresh(shape, symmetry, rng, budget, None, attempt, report)
            for attempt in range(1, attempts + 1)
        )
    else:
        found = _descents(shape, symmetry, rng, budget, attempts, clues, report)
    plan = orbits(shape, symmetry)
    fewest, levels = None, []
    for candidate in found:
        if candidate is None:
            break
        fewest = candidate.clues if fewest is None else min(fewest, candidate.clues)
        if clues is not None and not _pad(candidate, plan, clues, rng):
            continue
        puzzle = Grid(shape, tuple(candidate.cells))
        rating = rate(puzzle)
        levels.append(rating.level)
        if difficulty is not None and rating.level != difficulty:
            if clues is None and not candidate.minimal:
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


def _engine_work(puzzle: Grid, budget: _Budget) -> tuple[int | None, int | None]:
    """The engine's nodes and updates for solving ``puzzle`` and proving it unique (a
    mechanical measure; the digging proved it unique already), or (None, None) when they
    would take longer than the budget's time left, or PROOF_GRACE once it is spent (a big
    grid's plain search can take far longer than its digging)."""
    left = budget.left()
    run = search(puzzle, time_limit=None if left is None else max(left, PROOF_GRACE))
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
    budget = _Budget(time_limit)
    value = resolve_seed(seed)
    rng = random.Random(value)
    symmetry = _resolve_symmetry(shape, symmetry, None, value)
    floor = MIN_CLUES_9X9 if shape == Shape() else None
    best = None
    for candidate in _descents(
        shape, symmetry, rng, budget, None, floor, progress or (lambda fraction, status: None)
    ):
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
        rate(puzzle),
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
