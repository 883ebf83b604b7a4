"""Generation: random complete grids, distinct grids by the million, puzzles by clue removal.

Glossary
    complete grid  a grid with every cell filled that obeys every unit
    seed           an int that reproduces a result; every generated puzzle reports its own
    orbit          the cells a symmetry maps onto each other; clues are removed orbit by
                   orbit, so the clue pattern keeps the symmetry
    minimal        no clue can be removed without losing uniqueness
    unique         the engine, counting with limit 2, finds exactly one solution (qqwing)
    base           a grid whose first row reads 1..n; relabelling its digits gives n!
                   different grids, and grids from different bases never coincide

A puzzle is dug out of a random complete grid: clues go in random order, and a removal is
kept only while the puzzle stays unique. Distinct grids at scale come from transforming
engine-made grids in ways that keep them valid (permuting bands, stacks, the rows of a band,
the columns of a stack, transposing, relabelling digits), with distinctness guaranteed by
construction rather than by remembering every grid.
"""

from __future__ import annotations

import itertools
import math
import random
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from dlx.problem import Seed
from sudoku.cover import decode, search
from sudoku.grid import SYMBOLS, Grid, Shape
from sudoku.rate import LEVELS, Rating, rate
from sudoku.solve import solve

SYMMETRIES = ("none", "rot180", "rot90", "mirror", "diagonal")
LAYOUTS = ("line", "grid")
MIN_CLUES_9X9 = 17  # McGuire, Tugemann, Civario (2012): no 16-clue sudoku has one solution
DEFAULT_ATTEMPTS = 100  # complete grids tried for a --clues or --difficulty target
RELABELLINGS_PER_BASE = 32  # grids written from each base before moving to the next
BASES_PER_ENGINE_GRID = 64  # transformations tried on each engine-made grid
BASE_MISSES = 1000  # repeated bases in a row before deciding a small shape is exhausted

__all__ = [
    "LAYOUTS",
    "MIN_CLUES_9X9",
    "SYMMETRIES",
    "GenerateError",
    "Generated",
    "OutOfAttempts",
    "complete_grid",
    "dig",
    "distinct_grids",
    "generate",
    "generate_many",
    "orbits",
    "resolve_seed",
    "write_grids",
]


class GenerateError(ValueError):
    """A request that cannot be met: refused up front, or not reached within its budget."""


class OutOfAttempts(GenerateError):
    """A clue count or difficulty that was not reached within the attempt budget."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with everything needed to trust and reproduce it.

    ``seed`` regenerates it (with the same options); ``attempts`` counts the complete grids
    tried; ``rating`` is the human measure; ``nodes`` and ``updates`` are the engine's
    statistics for solving the puzzle and proving it unique, a mechanical measure.
    """

    puzzle: Grid
    solution: Grid
    seed: int
    attempts: int
    rating: Rating
    nodes: int
    updates: int

    @property
    def clues(self) -> int:
        """The number of givens."""
        return sum(1 for d in self.puzzle.cells if d)


def _random(seed: Seed) -> random.Random:
    """A private generator: never the global one, and fresh entropy for None."""
    if isinstance(seed, random.Random):
        return seed
    return random.Random(resolve_seed(seed))


def resolve_seed(seed: Seed) -> int:
    """The int a seed stands for, so it can be reported: an int is itself, a Random gives
    its next 32 bits, None draws 32 bits from the OS (never from the global generator)."""
    if seed is None:
        return secrets.randbits(32)
    if isinstance(seed, random.Random):
        return seed.getrandbits(32)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, a random.Random or None, not {seed!r}")
    return seed


def complete_grid(shape: Shape | None = None, seed: Seed = None) -> Grid:
    """A random complete grid of ``shape`` (9x9 unless told), from the engine's random search.

    The same int seed gives the same grid; None gives a fresh one.
    """
    shape = shape or Shape()
    solution = search(Grid.empty(shape), seed=_random(seed)).first()
    if solution is None:
        raise GenerateError(f"{shape} has no complete grid")
    return decode(solution, shape)


# --- puzzles by clue removal ---------------------------------------------------------------


def orbits(shape: Shape, symmetry: str = "none") -> list[tuple[int, ...]]:
    """The cells (as indices r * n + c) grouped into the orbits of ``symmetry``.

    rot180 and rot90 turn the grid about its centre, mirror reflects it left to right,
    diagonal reflects it in the main diagonal; none leaves every cell on its own.
    """
    n = shape.size
    moves: dict[str, Callable[[int, int], tuple[int, int]]] = {
        "none": lambda r, c: (r, c),
        "rot180": lambda r, c: (n - 1 - r, n - 1 - c),
        "rot90": lambda r, c: (c, n - 1 - r),
        "mirror": lambda r, c: (r, n - 1 - c),
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


def _check_clues(shape: Shape, symmetry: str, clues: int | None) -> None:
    """Refuse a clue count that no puzzle of this shape and symmetry can have, saying why."""
    if clues is None:
        return
    plain_9x9 = shape == Shape()
    if plain_9x9 and clues < MIN_CLUES_9X9:
        raise GenerateError(
            f"no 9x9 sudoku with {clues} clues has a unique solution: 17 is the minimum "
            "(McGuire, Tugemann and Civario, 2012, an exhaustive search of all grids)"
        )
    sizes = [len(orbit) for orbit in orbits(shape, symmetry)]
    if not 0 <= clues <= sum(sizes) or clues not in _reachable(sizes):
        raise GenerateError(
            f"a {shape.size}x{shape.size} clue pattern with {symmetry} symmetry cannot have "
            f"{clues} clues (its orbits hold {', '.join(map(str, sorted(set(sizes))))} cells)"
        )


def _unique(puzzle: Grid) -> bool:
    return search(puzzle).count(2) == 1


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
    left = len(cells)
    shuffled = orbits(solution.shape, symmetry)
    rng.shuffle(shuffled)
    for orbit in shuffled:
        if clues is not None and left - len(orbit) < clues:
            continue
        for i in orbit:
            cells[i] = 0
        if _unique(Grid(solution.shape, tuple(cells))):
            left -= len(orbit)
            if left == clues:
                break
        else:
            for i in orbit:
                cells[i] = solution.cells[i]
    return Grid(solution.shape, tuple(cells))


def generate(
    shape: Shape | None = None,
    *,
    clues: int | None = None,
    difficulty: str | None = None,
    symmetry: str = "none",
    seed: Seed = None,
    attempts: int = DEFAULT_ATTEMPTS,
) -> Generated:
    """A unique puzzle: minimal unless ``clues`` asks for a count, of the ``difficulty`` level
    when asked, its clues laid out with ``symmetry``.

    Each attempt digs a fresh complete grid; with a target (``clues`` or ``difficulty``) up to
    ``attempts`` grids are tried, then GenerateError says what came closest. Everything is
    drawn from one generator seeded by ``seed``, so ``generate(..., seed=result.seed)``
    gives the same puzzle again.
    """
    shape = shape or Shape()
    if difficulty is not None and difficulty not in LEVELS:
        raise GenerateError(f"unknown difficulty {difficulty!r}; choose one of {LEVELS}")
    if attempts < 1:
        raise GenerateError(f"attempts must be at least 1, not {attempts}")
    _check_clues(shape, symmetry, clues)
    value = resolve_seed(seed)
    rng = random.Random(value)
    fewest, levels = None, []
    for attempt in range(1, attempts + 1):
        solution = complete_grid(shape, rng)
        puzzle = dig(solution, rng, symmetry, clues)
        given = sum(1 for d in puzzle.cells if d)
        fewest = given if fewest is None else min(fewest, given)
        if clues is not None and given != clues:
            continue
        rating = rate(puzzle)
        levels.append(rating.level)
        if difficulty is not None and rating.level != difficulty:
            continue
        proof = solve(puzzle)
        return Generated(
            puzzle, solution, value, attempt, rating, proof.stats.nodes, proof.stats.updates
        )
    if clues is not None and len(levels) == 0:
        raise OutOfAttempts(
            f"no unique puzzle with {clues} clues in {attempts} attempts (seed {value}); "
            f"the fewest reached was {fewest}: allow more attempts or ask for more clues"
        )
    seen = ", ".join(f"{levels.count(level)} {level}" for level in LEVELS if level in levels)
    raise OutOfAttempts(
        f"no {difficulty} puzzle in {attempts} attempts (seed {value}); rated: {seen}"
    )


def generate_many(
    count: int,
    shape: Shape | None = None,
    *,
    clues: int | None = None,
    difficulty: str | None = None,
    symmetry: str = "none",
    seed: Seed = None,
    attempts: int = DEFAULT_ATTEMPTS,
) -> Iterator[Generated]:
    """``count`` puzzles from `generate` with the same options, lazily.

    Puzzle k uses seed S + k, where S is ``seed`` (drawn when None), so each puzzle's
    reported seed reproduces it alone, and the first puzzle of ``seed=S`` is the puzzle of
    ``generate(seed=S)``.
    """
    start = resolve_seed(seed)
    for k in range(count):
        yield generate(
            shape,
            clues=clues,
            difficulty=difficulty,
            symmetry=symmetry,
            seed=start + k,
            attempts=attempts,
        )


# --- distinct complete grids at scale ------------------------------------------------------


def _transform(cells: bytes, shape: Shape, rng: random.Random) -> bytes:
    """``cells`` with bands, stacks, the rows of each band and the columns of each stack
    shuffled, and transposed half the time when the boxes are square: still a valid grid."""
    n, br, bc = shape.size, shape.box_rows, shape.box_cols

    def order(group: int, groups: int) -> list[int]:
        outer = rng.sample(range(groups), groups)
        return [g * group + k for g in outer for k in rng.sample(range(group), group)]

    rows, cols = order(br, n // br), order(bc, n // bc)
    if br == bc and rng.random() < 0.5:
        return bytes(cells[rows[c] * n + cols[r]] for r in range(n) for c in range(n))
    return bytes(cells[rows[r] * n + cols[c]] for r in range(n) for c in range(n))


def _bases(shape: Shape, rng: random.Random) -> Iterator[bytes]:
    """Different bases (grids in symbols whose first row reads 1..n), endlessly: random
    transformations of engine-made grids, relabelled so the first row is in order.

    Raises GenerateError when a small shape has no new base left to give.
    """
    n = shape.size
    symbols = SYMBOLS[:n].encode()
    seen: set[bytes] = set()
    misses = 0
    grid = b""
    for tries in itertools.count():
        if tries % BASES_PER_ENGINE_GRID == 0:
            grid = bytes(symbols[d - 1] for d in complete_grid(shape, rng).cells)
        moved = _transform(grid, shape, rng)
        base = moved.translate(bytes.maketrans(moved[:n], symbols))
        if base in seen:
            misses += 1
            if misses > BASE_MISSES:
                raise GenerateError(f"{shape} has no more than {len(seen)} grids up to relabelling")
            continue
        misses = 0
        seen.add(base)
        yield base


def _unrank(index: int, items: bytes) -> bytes:
    """The ``index``-th arrangement of ``items`` (0 <= index < len(items)!), by factorial base."""
    pool, out = list(items), []
    for radix in range(len(pool), 0, -1):
        index, k = divmod(index, radix)
        out.append(pool.pop(k))
    return bytes(out)


def _relabellings(
    count: int, shape: Shape, first_digit: int | None, rng: random.Random
) -> Iterator[tuple[bytes, bytes]]:
    """``count`` pairs (base, table): ``base.translate(table)`` are distinct valid grids.

    Each base is relabelled by p∘q for one random permutation p and each of a fixed set of
    distinct permutations q (drawn once), so its relabellings differ; a grid determines its
    base (relabel it so the first row is 1..n), so grids from different bases differ too.
    With ``first_digit`` every q keeps the base's top-left 1 and p sends it there. Tables
    compose with ``bytes.translate``, so each grid costs two C calls.
    """
    n = shape.size
    symbols = SYMBOLS[:n].encode()
    if shape.regions is not None or shape.extra_regions:
        raise GenerateError(
            f"distinct grids need a shape of plain boxes, not {shape}: moving rows and "
            "columns would break its regions"
        )
    if first_digit is not None and not 1 <= first_digit <= n:
        raise GenerateError(f"first digit must be 1..{n}, not {first_digit}")
    kept = b"" if first_digit is None else symbols[:1]
    sent = b"" if first_digit is None else symbols[first_digit - 1 : first_digit]
    rest = bytes(s for s in symbols if s not in sent)
    total = math.factorial(n - len(kept))
    ranks: set[int] = set()
    while len(ranks) < min(RELABELLINGS_PER_BASE, total, count):
        ranks.add(rng.randrange(total))
    qs = [bytes.maketrans(symbols, kept + _unrank(rank, symbols[len(kept) :])) for rank in ranks]
    bases = _bases(shape, rng)
    while count > 0:
        base = next(bases)
        p = bytes.maketrans(symbols, sent + _unrank(rng.randrange(total), rest))
        for q in qs[:count]:
            yield base, q.translate(p)
        count -= len(qs)


_TO_DIGITS = bytes.maketrans(SYMBOLS.encode(), bytes(range(1, len(SYMBOLS) + 1)))


def distinct_grids(
    count: int, shape: Shape | None = None, *, first_digit: int | None = None, seed: Seed = None
) -> Iterator[Grid]:
    """``count`` different complete grids of a box shape (9x9 unless told), lazily.

    ``first_digit`` fixes the top-left cell. Memory stays small: only the bases are kept,
    one for every RELABELLINGS_PER_BASE grids.
    """
    shape = shape or Shape()
    for base, table in _relabellings(count, shape, first_digit, _random(seed)):
        yield Grid(shape, tuple(base.translate(table).translate(_TO_DIGITS)))


def _spaced(base: bytes, n: int) -> bytes:
    """The n-line layout: each row's symbols separated by spaces."""
    return b"".join(
        b" ".join(base[r * n + c : r * n + c + 1] for c in range(n)) + b"\n" for r in range(n)
    )


def write_grids(
    out: BinaryIO,
    count: int,
    shape: Shape | None = None,
    *,
    first_digit: int | None = None,
    layout: str = "line",
    seed: Seed = None,
    progress: Callable[[int], None] | None = None,
) -> None:
    """Write ``count`` different complete grids to ``out``, fast: one line each, or (layout
    "grid") n lines of spaced symbols with a blank line between grids.

    Each base is laid out once and relabelled with ``bytes.translate``. ``progress`` is
    called with the number of grids written so far, every few thousand grids.
    """
    shape = shape or Shape()
    if layout not in LAYOUTS:
        raise GenerateError(f"unknown layout {layout!r}; choose one of {', '.join(LAYOUTS)}")
    n = shape.size
    last, template, separator = b"", b"", b"" if layout == "line" else b"\n"
    for written, (base, table) in enumerate(
        _relabellings(count, shape, first_digit, _random(seed))
    ):
        if base is not last:
            last, template = base, base + b"\n" if layout == "line" else _spaced(base, n)
        if written and separator:
            out.write(separator)
        out.write(template.translate(table))
        if progress is not None and written % 4096 == 4095:
            progress(written + 1)
    if progress is not None:
        progress(count)
