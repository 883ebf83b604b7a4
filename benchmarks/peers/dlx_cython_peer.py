"""``dlx-cython``: dancing links compiled with Cython, given a dense 0/1 NumPy matrix.

It knows only primary items (slack options stand in for secondary ones) and returns all
solutions as one list.  It is loaded from its files because its extension module is named
``dlx``, as our package is.
"""

from __future__ import annotations

import numpy as np

from benchmarks.peers import Items, Options, label, matrix, with_slack
from benchmarks.peers._load import from_distribution

DISTRIBUTION = "dlx-cython"
NAME = label(DISTRIBUTION)
KIND = "Cython"

_dlx = from_distribution(DISTRIBUTION, ".so", "_peer_dlx_cython.dlx")


def count(primary: Items, secondary: Items, options: Options) -> int:
    """The number of solutions in ``DLX(...).solve(find_all=True)``."""
    n_items, rows = with_slack(primary, secondary, options)
    dense = np.array(matrix(n_items, rows), dtype=np.int32)
    return len(_dlx.DLX(len(rows), n_items, dense).solve(find_all=True))
