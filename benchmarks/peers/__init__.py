"""Adapters that run other exact-cover solvers on the same problems as ours.

Each module here wraps one peer and exposes the same four names:

- ``NAME``: how the table names the peer (its PyPI distribution and version, or its author);
- ``DISTRIBUTION``: the PyPI distribution it needs, or None when the adapter is self-contained;
- ``KIND``: what the peer's search runs as: ``"Python"`` (pure Python), or compiled:
  ``"C"``, ``"C++"``, ``"Cython"``, ``"Rust"``, ``"Numba"`` (JIT-compiled);
- ``count(primary, secondary, options) -> int``: build the peer's input from a neutral
  problem and count its solutions.

A neutral problem is what every peer can be given: ``primary`` and ``secondary`` are lists
of hashable item names, ``options`` a list of lists of those names (no colors).  Importing
an adapter raises ImportError when its peer is not installed.

Peers that know only primary items get each secondary item as a primary one plus a slack
option holding it alone (``with_slack``).  That keeps the count: a solution of the original
problem extends in exactly one way, by the slack options of the secondary items it leaves
uncovered.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Hashable, Sequence

Items = Sequence[Hashable]
Options = Sequence[Sequence[Hashable]]

ADAPTERS = (
    "assaf",
    "dlx_peer",
    "algorithm_x_peer",
    "dancing_links_peer",
    "dlx_cython_peer",
    "exact_cover_peer",
    "exact_cover_py_peer",
    "xcover_peer",
    "algoxtools_peer",
    "miniexact_peer",
    "dxz_peer",
    "pyxcc_peer",
)
"""Adapter modules in table order: the pure-Python peers first."""


def label(distribution: str) -> str:
    """The table's name for an installed distribution: its name and version."""
    return f"{distribution} {importlib.metadata.version(distribution)}"


def numbered(primary: Items, secondary: Items, options: Options) -> list[list[int]]:
    """The options with items as numbers 0..n-1, primary items first, in the given order."""
    number = {item: i for i, item in enumerate([*primary, *secondary])}
    return [[number[item] for item in option] for option in options]


def with_slack(primary: Items, secondary: Items, options: Options) -> tuple[int, list[list[int]]]:
    """All items primary: the numbered options plus one slack option per secondary item.

    Returns the number of items and the options; the slack options come last, so the
    original options keep their numbers.
    """
    rows = numbered(primary, secondary, options)
    n_primary = len(primary)
    rows += [[n_primary + s] for s in range(len(secondary))]
    return n_primary + len(secondary), rows


def matrix(n_items: int, rows: Sequence[Sequence[int]]) -> list[list[int]]:
    """The numbered options as 0/1 rows of length n_items."""
    dense = []
    for row in rows:
        line = [0] * n_items
        for item in row:
            line[item] = 1
        dense.append(line)
    return dense
