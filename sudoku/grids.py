"""Distinct complete grids by the million: ``dlx-sudoku grids``.

Glossary
    base   a grid whose first row reads 1..n; relabelling its digits gives n! different
           grids, and grids from different bases never coincide

Grids come from transforming engine-made grids (``sudoku.generate.complete_grid``) in ways
that keep them valid (permuting bands, stacks, the rows of a band, the columns of a stack,
transposing, relabelling digits), with distinctness guaranteed by construction rather than
by remembering every grid: a million 9x9 grids take seconds and little memory.
"""

from __future__ import annotations

import enum
import itertools
import math
import random
from collections.abc import Callable, Iterator
from typing import BinaryIO

from dlx import seeds
from dlx.seeds import Seed
from sudoku.generate import GenerateError, complete_grid
from sudoku.grid import SYMBOLS, Grid, Shape


class Layout(str, enum.Enum):
    """How complete grids are written: a line each, or spaced rows and a blank line."""

    line = "line"
    grid = "grid"


class GridFormat(str, enum.Enum):
    """The layouts of complete grids by the names --format uses elsewhere: ``spaced`` is
    Layout's ``grid``."""

    line = "line"
    spaced = "spaced"

    @property
    def layout(self) -> Layout:
        """The ``Layout`` this format writes."""
        return Layout.line if self is GridFormat.line else Layout.grid


LAYOUTS = tuple(layout.value for layout in Layout)
RELABELLINGS_PER_BASE = 32  # grids written from each base before moving to the next
BASES_PER_ENGINE_GRID = 64  # transformations tried on each engine-made grid
BASE_MISSES = 10_000  # repeated bases in a row before deciding a small shape is exhausted
# (4x4 has 12 bases in two classes of 8 and 4 under the transformations; at 1000, a run of
# about 16 engine grids from the larger class alone ended a request for all 288 grids)
# How many complete grids the small box shapes have, to refuse more up front: 288 for 4x4
# (well known, and counted by the engine in the tests); 28,200,960 for 6x6 with 2x3 boxes
# (Pettersen 2005, OEIS A107739).
GRID_COUNTS = {(2, 2): 288, (2, 3): 28_200_960}


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


def check_grid_request(count: int, shape: Shape, first_digit: int | None = None) -> None:
    """Raise GenerateError, before anything is written, when ``count`` distinct grids of
    ``shape`` (with ``first_digit`` top left) cannot be made: a shape with other regions, a
    digit out of range, or more grids than the shape has (GRID_COUNTS)."""
    n = shape.size
    if shape.regions is not None or shape.extra_regions:
        raise GenerateError(
            f"distinct grids need a shape of plain boxes, not {shape}: moving rows and "
            "columns would break its regions"
        )
    if first_digit is not None and not 1 <= first_digit <= n:
        raise GenerateError(f"first digit must be 1..{n}, not {first_digit}")
    exist = GRID_COUNTS.get((shape.box_rows, shape.box_cols))
    if exist is not None and first_digit is not None:
        exist //= n  # relabelling moves any digit to the top left, so each has its share
    if exist is not None and count > exist:
        fixed = "" if first_digit is None else f" with {first_digit} in the top-left cell"
        raise GenerateError(
            f"{shape} has exactly {exist:,} complete grids{fixed}: ask for {exist:,} or fewer, "
            f"not {count:,}"
        )


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
    check_grid_request(count, shape, first_digit)
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
    for base, table in _relabellings(count, shape, first_digit, seeds.generator(seed)):
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
        _relabellings(count, shape, first_digit, seeds.generator(seed))
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
