"""Digging puzzles: random complete grids, the orbits of a clue pattern's symmetry, and the
searches `sudoku.generate` draws its puzzles from (its module docstring tells the method).

Each search yields `Candidate` puzzles, unique and dug as far as it went, within a `Budget`
of time: `fresh` digs one complete grid down to minimal, `descents` goes below that by a
local search on minimal puzzles, `masked` looks for a grid whose digits on a clue mask are
unique; `pad` gives clues back to meet a count.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

from dlx import seeds
from dlx.seeds import Seed
from sudoku.cover import decode, search
from sudoku.grid import Grid, Shape, by_shape
from sudoku.solve import completer, count_cells, dig_in_c, first_in_c, quick_counter

RESTART_NODES = 10  # a complete grid's first search budget, in nodes a cell (then doubled)
GRID_GUESSES = 20_000  # guesses of the C search for a complete grid, after a failed restart
STALL_MOVES = 5000  # search moves without a new low before a restart (a second or two)
MASK_COUNT_LIMIT = 50  # solutions counted when scoring a grid against a mask
QUICK_SIZE = 9  # up to this size a proof takes microseconds and a whole dig a millisecond or
# so: under a time limit they run unwatched in C, the clock read between them


class GenerateError(ValueError):
    """A request that cannot be met: refused up front, or not reached within its budget."""


_random = seeds.generator  # a private generator: never the global one, fresh for None


def complete_grid(shape: Shape | None = None, seed: Seed = None) -> Grid:
    """A random complete grid of ``shape`` (9x9 unless told), from the engine's random search.

    The same int seed gives the same grid; None gives a fresh one. A random search can wander
    into a subtree with no grid in it for a very long time (a few seeds in a hundred on a
    jigsaw or X-sudoku: minutes and more), so it restarts, with the same generator, after
    RESTART_NODES nodes a cell, then twice as many each time: grids come in milliseconds.
    Between restarts, when the C batch is built, its search (which propagates more) looks
    for a grid through a random unit's digits drawn from the seed, within GRID_GUESSES
    guesses: a 16x16 jigsaw's engine search can wander for minutes where it takes a second.
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
        found = None if shape.cages else _grid_in_c(shape, rng)
        if found is not None:
            return found
        budget *= 2


def _grid_in_c(shape: Shape, rng: random.Random) -> Grid | None:
    """A complete grid from the C search, given one random unit's digits in random order;
    None when it finds none within GRID_GUESSES guesses, or there is no C batch."""
    n = shape.size
    cells = [0] * (n * n)
    unit, digits = rng.choice(shape.unit_indices), rng.sample(range(1, n + 1), n)
    for i, digit in zip(unit, digits, strict=True):
        cells[i] = digit
    return first_in_c(Grid(shape, tuple(cells)), GRID_GUESSES)


def orbits(shape: Shape, symmetry: str = "none") -> list[tuple[int, ...]]:
    """The cells (as indices r * n + c) grouped into the orbits of ``symmetry``.

    rot180 and rot90 turn the grid about its centre, mirror reflects it left to right, flip
    top to bottom, diagonal in the main diagonal; none leaves every cell on its own.
    ("random" is resolved to one of these before orbits are asked for.) A new list each
    call, the caller's to shuffle; the orbits are worked out once a shape and symmetry.
    """
    return list(_orbits(shape, symmetry))


@by_shape
def _orbits(shape: Shape, symmetry: str) -> tuple[tuple[int, ...], ...]:
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
    return tuple(found)


def reachable(sizes: list[int]) -> set[int]:
    """Every total that a subset of ``sizes`` adds up to (the clue counts a symmetry allows)."""
    totals = {0}
    for size in sizes:
        totals |= {t + size for t in totals}
    return totals


class Budget:
    """The time allowed for one puzzle, from its start; no limit when None. ``guesses``
    bounds each uniqueness proof by a count (see `sudoku.solve.count_to`), so that a seed
    gives the same puzzle on every run: a removal not proved within it keeps its clue."""

    def __init__(self, time_limit: float | None, guesses: int | None = None):
        if time_limit is not None and not time_limit > 0:
            raise GenerateError(
                f"time limit must be a positive number of seconds, not {time_limit}"
            )
        if guesses is not None and guesses < 1:
            raise GenerateError(f"a proof's guesses must be 1 or more, not {guesses}")
        self.limit = time_limit
        self.guesses = guesses
        self.started = time.monotonic()

    def left(self) -> float | None:
        """Seconds left (never below zero), or None without a limit."""
        if self.limit is None:
            return None
        return max(0.0, self.limit - (time.monotonic() - self.started))

    def over(self) -> bool:
        """Whether the time is spent (never, without a limit)."""
        return self.left() == 0.0

    def fraction(self) -> float:
        """How much of the time is spent, 0..1 (0 without a limit)."""
        return 0.0 if self.limit is None else 1.0 - (self.left() or 0.0) / self.limit


def count_within(shape: Shape, cells: list[int], budget: Budget, limit: int = 2) -> int | None:
    """Solutions of the puzzle ``cells`` up to ``limit``; None when the time ran out first,
    or the budget's guesses (then the time is not over)."""
    if budget.over():
        return None
    return count_cells(shape, cells, limit, time_limit=budget.left(), max_guesses=budget.guesses)


def strip(
    shape: Shape,
    cells: list[int],
    order: list[tuple[int, ...]],
    budget: Budget,
    floor: int | None = None,
    tried: Callable[[int, int], object] | None = None,
) -> bool | None:
    """Blank the orbits of ``order`` in turn, keeping each blanking that leaves the puzzle
    unique; stop at ``floor`` clues. True when every orbit was tried (the puzzle is then
    minimal for the orbits given), False when the floor stopped it or some blanking was
    left undecided by the budget's guesses (its clues kept), None when time ran out.
    ``tried(k, total)`` reports each orbit done. A blanking whose every cell is a naked
    single of the clues left (its peers hold the n - 1 other digits) leaves the same puzzle,
    unique with no count; only the others are counted (when proofs are bounded by
    guesses, every blanking is, so that a seed digs the same puzzle as before). With no
    bound, floor or report, the whole loop runs in one C call (`sudoku.solve.dig_in_c`);
    under a time limit only up to QUICK_SIZE, where it takes a millisecond or so.
    """
    shortcut = budget.guesses is None  # a bounded proof decides as it did (the same puzzle)
    unbounded = shortcut and (budget.limit is None or shape.size <= QUICK_SIZE)
    if unbounded and floor is None and tried is None:
        dug = dig_in_c(shape, cells, order)  # the same loop, whole in C
        if dug is not None:
            cells[:] = dug
            return True
    quick = quick_counter(shape) if unbounded else None
    left, decided = sum(1 for d in cells if d), True
    peers, n = _peers(shape), shape.size
    for k, orbit in enumerate(order, 1):
        if floor is not None and left - len(orbit) < floor:
            continue
        if quick is not None and budget.over():
            return None
        kept = [cells[i] for i in orbit]
        for i in orbit:
            cells[i] = 0
        unique: int | None = 1  # each blank the one digit its peers leave: no search
        if not shortcut or not all(_forced(cells, peers[i], n) for i in orbit):
            unique = quick(cells) if quick is not None else None
            if unique is None:
                unique = count_within(shape, cells, budget)
        if unique == 1:
            left -= len(orbit)
        else:
            for i, d in zip(orbit, kept, strict=True):
                cells[i] = d
            if unique is None and budget.over():
                return None
            decided = decided and unique is not None
        if tried is not None:
            tried(k, len(order))
        if left == floor:
            return False
    return decided


@by_shape
def _peers(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Each cell's peers (the other cells of its units), as indices r * n + c."""
    seen: list[set[int]] = [set() for _ in range(shape.size * shape.size)]
    for unit in shape.unit_indices:
        for i in unit:
            seen[i].update(unit)
    return tuple(tuple(sorted(others - {i})) for i, others in enumerate(seen))


def _forced(cells: list[int], peers: tuple[int, ...], n: int) -> bool:
    """Whether a blank with these ``peers`` is a naked single: they hold n - 1 digits."""
    held = set(map(cells.__getitem__, peers))
    held.discard(0)
    return len(held) == n - 1


class Candidate:
    """A unique puzzle met on the way: the restart it came from, and whether it is minimal."""

    __slots__ = ("attempt", "cells", "solution", "minimal")

    def __init__(self, attempt: int, cells: list[int], solution: Grid, minimal: bool) -> None:
        self.attempt = attempt
        self.cells = cells
        self.solution = solution
        self.minimal = minimal

    @property
    def clues(self) -> int:
        """The number of givens."""
        return sum(1 for d in self.cells if d)


Report = Callable[[float, str], object]  # progress(fraction of the budget spent, status)


def silent(fraction: float, status: str) -> None:
    """The report of a generation nobody follows: the digging then words no status."""


def fresh(
    shape: Shape,
    symmetry: str,
    rng: random.Random,
    budget: Budget,
    floor: int | None,
    attempt: int,
    report: Report,
) -> Candidate | None:
    """A random complete grid dug down to a minimal puzzle (or to ``floor``); a unique but
    unfinished one when the time runs out while digging, None when it ran out before."""
    if budget.over():
        return None
    solution = complete_grid(shape, rng)
    cells = list(solution.cells)
    order = orbits(shape, symmetry)
    rng.shuffle(order)
    done = strip(
        shape,
        cells,
        order,
        budget,
        floor,
        None
        if report is silent
        else lambda k, total: report(k / total, f"attempt {attempt}: digging, cell {k} of {total}"),
    )
    return Candidate(attempt, cells, solution, done is True)


def complete_uniquely(
    shape: Shape,
    cells: list[int],
    avoid: set[int],
    plan: list[tuple[int, ...]],
    rng: random.Random,
    budget: Budget,
) -> Grid | None:
    """Add clues to ``cells`` until the puzzle is unique, and return its solution.

    While two solutions remain, one cell where they differ (outside ``avoid`` when there is
    one) gets its orbit of ``plan`` filled from one of the two, drawn at random: the puzzle
    keeps a solution, and may move to a different grid from the one it was dug out of.
    None when the time runs out. In one C call where there is one (`sudoku.solve.completer`,
    on two solutions C's count meets, its random draws seeded from ``rng``); else on the
    engine's first two in a seeded order.
    """
    in_c = completer(shape)
    if in_c is not None:
        avoided = bytearray(len(cells))
        for i in avoid:
            avoided[i] = 1
        try:
            done = in_c(bytes(cells), plan, bytes(avoided), rng.getrandbits(64), budget.left())
        except TimeoutError:
            return None
        if done is None:
            return None
        cells[:] = done[0]
        return Grid(shape, tuple(done[1]))
    orbit_of = {i: orbit for orbit in plan for i in orbit}
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


def descents(
    shape: Shape,
    symmetry: str,
    rng: random.Random,
    budget: Budget,
    attempts: int | None,
    floor: int | None,
    report: Report,
) -> Iterator[Candidate]:
    """Unique puzzles with fewer and fewer clues: a local search on minimal puzzles.

    Each restart digs a fresh grid (down to ``floor`` at most). Then a move blanks one or
    two clue orbits, adds clues back from the puzzle's own solutions until it is unique
    (the grid may change), and digs it down to minimal again; the move is kept when it has
    no more clues than before. After STALL_MOVES moves without a new low, a restart.
    Every kept puzzle is yielded; the run ends with the attempts or the time.
    """
    plan = orbits(shape, symmetry)
    best: int | None = None
    attempt = 0

    def status(fraction: float, note: str) -> None:
        spent = fraction if attempts is None else (attempt - 1 + fraction) / attempts
        low = "" if best is None else f"; fewest so far {best} clues"
        report(max(spent, budget.fraction()), note + low)

    while attempts is None or attempt < attempts:
        attempt += 1
        current = fresh(shape, symmetry, rng, budget, floor, attempt, status)
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
            solution = complete_uniquely(shape, cells, avoid, plan, rng, budget)
            if solution is None:
                return
            order = [orbit for orbit in plan if cells[orbit[0]]]
            rng.shuffle(order)
            if strip(shape, cells, order, budget) is None:
                return
            moved = Candidate(attempt, cells, solution, True)
            if moved.clues > current.clues:
                continue
            if moved.clues < current.clues:
                stalled = 0
            best = min(best, moved.clues)
            current = moved
            yield current


def pad(candidate: Candidate, plan: list[tuple[int, ...]], clues: int, rng: random.Random) -> bool:
    """Give back blanked orbits of the solution until the puzzle has ``clues`` clues (it stays
    unique); False when the orbit sizes cannot make up the difference."""
    cells, missing = candidate.cells, clues - candidate.clues
    blanks = [orbit for orbit in plan if not cells[orbit[0]]]
    if missing <= 0 or missing not in reachable([len(orbit) for orbit in blanks]):
        return missing == 0
    rng.shuffle(blanks)  # only when padding, so a search that meets the target is unchanged
    chosen = []
    for k, orbit in enumerate(blanks):
        if len(orbit) <= missing and missing - len(orbit) in reachable(
            [len(o) for o in blanks[k + 1 :]]
        ):
            chosen.append(orbit)
            missing -= len(orbit)
    for orbit in chosen:
        for i in orbit:
            cells[i] = candidate.solution.cells[i]
    candidate.minimal = candidate.minimal and not chosen
    return True


def masked(
    shape: Shape,
    mask: frozenset[int],
    rng: random.Random,
    budget: Budget,
    attempts: int,
    report: Report,
) -> Iterator[Candidate]:
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
        score = count_within(shape, on_mask(grid), budget, MASK_COUNT_LIMIT)
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
            tried = count_within(shape, on_mask(moved), budget, MASK_COUNT_LIMIT)
            if tried is not None and tried <= score:
                stalled = 0 if tried < score else stalled
                grid, score = moved, tried
            score = None if budget.over() else score
        if score is None:
            return
        if score == 1:
            yield Candidate(attempt, on_mask(grid), grid, False)
