"""Sudoku as exact cover: the matrix of a shape, built once, and solutions decoded to grids.

Glossary
    option   (row, column, digit): "put this digit in this cell", rows and columns from 0
    item     a condition met exactly once (all primary): cell r1c1 is filled ("r1c1"),
             row 1 holds digit 5 ("r1=5"), column 1 holds 5 ("c1=5"), box or jigsaw region 1
             holds 5 ("b1=5"), extra region 1 holds 5 ("x1=5")
    cage     killer sudoku: cage 1 gets its set of digits ("k1"), and digit 5 is used in
             cage 1 exactly once, by a cell or by the cage's digit set leaving it out ("k1=5")

A grid of size n gives n^3 options over 4n^2 items (plus n per extra region): 729 x 324 for
9x9. The matrix depends on the shape only, so it is built and compiled to the engine's link
arrays once per shape; a puzzle just names its givens as forced options, and each search
copies the arrays (per-puzzle setup is small).

A killer cage of m cells with sum s adds one option per set of m different digits adding
up to s (:class:`CageDigits`): it covers "k1" and "k1=d" for every digit d *not* in the set,
while a cell of the cage putting d covers "k1=d". So the cage's cells hold exactly the
chosen digits, once each, and the sum follows. Every item stays primary (no secondary items
or colors are needed), so the engine's minimum-remaining-values choice can branch on a cage's
digit sets or on "where does 5 go in cage 1" as readily as on a cell.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple, cast

import dlx
from sudoku.grid import Cell, Given, Grid, Region, Shape, by_shape, cage_digits

if TYPE_CHECKING:
    from dlx.seeds import Seed

Watch = Callable[["dlx.Search"], object]  # a search's progress callback
WATCH_EVERY = 10_000  # nodes between calls of a search's progress callback


class CageDigits(NamedTuple):
    """The option "cage ``cage`` (1-based) holds exactly ``digits``" of a killer shape."""

    cage: int
    digits: tuple[int, ...]


def _unit_labels(shape: Shape) -> dict[tuple[int, int], list[str]]:
    """For each cell, the labels of the boxes (or regions) and extra regions holding it."""
    labels: dict[tuple[int, int], list[str]] = {cell: [] for cell in shape.cells}
    for prefix, regions in (("b", shape.boxes), ("x", shape.extra_regions)):
        for k, region in enumerate(regions, 1):
            for cell in region:
                labels[cell].append(f"{prefix}{k}")
    return labels


@by_shape
def cover_problem(shape: Shape) -> dlx.Problem:
    """The exact-cover problem of an empty grid of ``shape``, compiled, shared by every puzzle.

    Options are named (row, column, digit), so a grid's ``givens()`` are option names; a
    killer shape adds its cages' :class:`CageDigits` options. Primary items come in groups
    (cells, rows, columns, boxes, extra regions, cages), which is the leftmost-first order
    the engine breaks ties in.
    """
    n = shape.size
    boxes = _unit_labels(shape)
    labels = [[f"r{r + 1}", f"c{c + 1}", *boxes[r, c]] for r, c in shape.cells]
    units = [f"{line}{k}" for line in "rc" for k in range(1, n + 1)]
    units += [f"b{k}" for k in range(1, len(shape.boxes) + 1)]
    units += [f"x{k}" for k in range(1, len(shape.extra_regions) + 1)]
    return units_problem(shape.cells, n, labels, units, shape.cages)


def units_problem(
    cells: Sequence[Cell],
    n: int,
    labels: Sequence[Sequence[str]],
    units: Sequence[str],
    cages: Sequence[tuple[int, Region]] = (),
) -> dlx.Problem:
    """The compiled exact-cover problem of ``cells`` that take digits 1..n, where
    ``labels[i]`` names the units holding ``cells[i]`` and ``units`` lists every unit once
    (each holds every digit once), plus killer ``cages``.

    The one place a matrix is built: every sudoku shape comes here, and so does a layout
    that is not one square grid (Samurai's five overlapping grids).
    """
    digits = range(1, n + 1)
    cage_of = {cell: k for k, (_, region) in enumerate(cages, 1) for cell in region}
    options: dict[object, list[str]] = {}
    for (r, c), held in zip(cells, labels, strict=True):
        cage = cage_of.get((r, c))
        for d in digits:
            options[r, c, d] = [f"r{r + 1}c{c + 1}"] + [f"{unit}={d}" for unit in held]
            if cage is not None:
                options[r, c, d].append(f"k{cage}={d}")
    for k, (total, region) in enumerate(cages, 1):
        for chosen in cage_digits(total, len(region), n):
            options[CageDigits(k, chosen)] = [f"k{k}"] + [
                f"k{k}={d}" for d in digits if d not in chosen
            ]
    primary = (
        [f"r{r + 1}c{c + 1}" for r, c in cells]
        + [f"{unit}={d}" for unit in units for d in digits]
        + [
            item
            for k in range(1, len(cages) + 1)
            for item in (f"k{k}", *(f"k{k}={d}" for d in digits))
        ]
    )
    problem = dlx.Problem(options, primary=primary)
    problem.compiled()
    return problem


def search(
    puzzle: Grid,
    *,
    seed: Seed = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Watch | None = None,
    backend: str | None = None,
) -> dlx.Search:
    """A search for the solutions of ``puzzle``: its givens forced on the shape's matrix.

    The keywords are ``dlx.Search``'s (``progress`` is called every WATCH_EVERY nodes).
    Givens that share an item raise ``dlx.ConflictError``; check ``grid.conflicts`` first
    for a message in sudoku terms.
    """
    return cover_problem(puzzle.shape).search(
        forced=puzzle.givens(),
        seed=seed,
        max_nodes=max_nodes,
        time_limit=time_limit,
        progress=progress,
        progress_interval=WATCH_EVERY,
        backend=backend,
    )


def placements(solution: Iterable[Hashable]) -> Iterable[Given]:
    """The (row, column, digit) options of a solution of a sudoku matrix (its option names
    are those or :class:`CageDigits`), leaving out the cages' digit sets."""
    return (cast(Given, option) for option in solution if not isinstance(option, CageDigits))


def decode(solution: Iterable[Hashable], shape: Shape) -> Grid:
    """The grid that a solution (options (row, column, digit), givens included) fills in."""
    n = shape.size
    cells = [0] * (n * n)
    # without cages every option is a placement: no need to sort them out one by one
    options = placements(solution) if shape.cages else cast("Iterable[Given]", solution)
    for row, col, digit in options:
        cells[row * n + col] = digit
    return Grid(shape, tuple(cells))
