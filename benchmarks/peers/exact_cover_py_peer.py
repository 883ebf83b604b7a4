"""``exact-cover-py``: Knuth's Algorithm X on flat int16 arrays, compiled by Numba.

It takes a dense boolean matrix and knows only primary items (slack options stand in for
secondary ones).  Its arrays are int16, which caps a problem at about 32,000 nodes.
"""

from __future__ import annotations

import numpy as np
from exact_cover_py import exact_covers

from benchmarks.peers import Items, Options, label, matrix, with_slack

DISTRIBUTION = "exact-cover-py"
NAME = label(DISTRIBUTION)
KIND = "Numba"


def count(primary: Items, secondary: Items, options: Options) -> int:
    """The number of solutions ``exact_covers`` yields."""
    n_items, rows = with_slack(primary, secondary, options)
    return sum(1 for _ in exact_covers(np.array(matrix(n_items, rows), dtype=bool)))
