"""``dxz``: Nishino et al.'s DXZ (dancing links building a ZDD, with memoized subproblems), C++.

It takes the 0/1 matrix flattened row by row and knows only primary items (slack options
stand in for secondary ones).  Memoizing subproblems makes it a different algorithm from
plain Algorithm X, not just a faster one.
"""

from __future__ import annotations

import dxz

from benchmarks.peers import Items, Options, label, matrix, with_slack

DISTRIBUTION = "dxz"
NAME = label(DISTRIBUTION)
KIND = "C++"


def count(primary: Items, secondary: Items, options: Options) -> int:
    """``dxz.dxz_count`` of the flattened matrix."""
    n_items, rows = with_slack(primary, secondary, options)
    flat = [bit for line in matrix(n_items, rows) for bit in line]
    return dxz.dxz_count(len(rows), n_items, flat)
