"""``xcover``: Knuth's dancing cells (Algorithm C), compiled by Numba; secondary items native.

Importing it compiles its ZDD variant too, which warns about an integer cast; that warning
is about code the benchmark does not run, so it is silenced here.
"""

from __future__ import annotations

import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import xcover

from benchmarks.peers import Items, Options, label, numbered

DISTRIBUTION = "xcover"
NAME = label(DISTRIBUTION)
KIND = "Numba"


def count(primary: Items, secondary: Items, options: Options) -> int:
    """The number of solutions ``xcover.covers`` yields."""
    n_primary, n_items = len(primary), len(primary) + len(secondary)
    solutions = xcover.covers(
        numbered(primary, secondary, options),
        primary=list(range(n_primary)),
        secondary=list(range(n_primary, n_items)),
    )
    return sum(1 for _ in solutions)
