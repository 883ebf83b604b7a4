"""Sudoku as exact cover: the matrix of a shape, built once, and solutions decoded to grids.

Glossary
    option   (row, column, digit): "put this digit in this cell", rows and columns from 0
    item     a condition met exactly once (all primary): cell r1c1 is filled ("r1c1"),
             row 1 holds digit 5 ("r1=5"), column 1 holds 5 ("c1=5"), box or jigsaw region 1
             holds 5 ("b1=5"), extra region 1 holds 5 ("x1=5")

A grid of size n gives n^3 options over 4n^2 items (plus n per extra region): 729 x 324 for
9x9. The matrix depends on the shape only, so it is built and compiled to the engine's link
arrays once per shape; a puzzle just names its givens as forced options, and each search
copies the arrays (per-puzzle setup is small).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import dlx
from sudoku.grid import Given, Grid, Shape


def _unit_labels(shape: Shape) -> dict[tuple[int, int], list[str]]:
    """For each cell, the labels of the boxes (or regions) and extra regions holding it."""
    labels: dict[tuple[int, int], list[str]] = {cell: [] for cell in shape.cells}
    for prefix, regions in (("b", shape.boxes), ("x", shape.extra_regions)):
        for k, region in enumerate(regions, 1):
            for cell in region:
                labels[cell].append(f"{prefix}{k}")
    return labels


@cache
def cover_problem(shape: Shape) -> dlx.Problem:
    """The exact-cover problem of an empty grid of ``shape``, compiled, shared by every puzzle.

    Options are named (row, column, digit), so a grid's ``givens()`` are option names.
    Primary items come in groups (cells, rows, columns, boxes, extra regions), which is the
    leftmost-first order the engine breaks ties in.
    """
    n = shape.size
    labels = _unit_labels(shape)
    options = {
        (r, c, d): [f"r{r + 1}c{c + 1}", f"r{r + 1}={d}", f"c{c + 1}={d}"]
        + [f"{label}={d}" for label in labels[r, c]]
        for r, c in shape.cells
        for d in range(1, n + 1)
    }
    digits = range(1, n + 1)
    regions = [f"b{k}" for k in range(1, len(shape.boxes) + 1)]
    regions += [f"x{k}" for k in range(1, len(shape.extra_regions) + 1)]
    primary = (
        [f"r{r + 1}c{c + 1}" for r, c in shape.cells]
        + [f"{line}{k}={d}" for line in "rc" for k in digits for d in digits]
        + [f"{region}={d}" for region in regions for d in digits]
    )
    problem = dlx.Problem(options, primary=primary)
    problem.compiled()
    return problem


def search(puzzle: Grid, **options: object) -> dlx.Search:
    """A search for the solutions of ``puzzle``: its givens forced on the shape's matrix.

    Keywords go to ``dlx.Search`` (seed, max_nodes, time_limit, progress...). Givens that
    share an item raise ``dlx.ConflictError``; check ``grid.conflicts`` first for a message
    in sudoku terms.
    """
    return cover_problem(puzzle.shape).search(forced=puzzle.givens(), **options)


def decode(solution: Iterable[Given], shape: Shape) -> Grid:
    """The grid that a solution (options (row, column, digit), givens included) fills in."""
    n = shape.size
    cells = [0] * (n * n)
    for row, col, digit in solution:
        cells[row * n + col] = digit
    return Grid(shape, tuple(cells))
