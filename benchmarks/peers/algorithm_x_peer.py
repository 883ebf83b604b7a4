"""``algorithm-x`` 0.1.0: pure-Python dancing links with one object per node.

It knows only primary items, so secondary items come with slack options (``with_slack``);
the search is a recursive generator that branches on the column with fewest rows.
"""

from __future__ import annotations

from algorithm_x import AlgorithmX

from benchmarks.peers import Items, Options, label, with_slack

DISTRIBUTION = "algorithm-x"
NAME = label(DISTRIBUTION)
KIND = "Python"


def count(primary: Items, secondary: Items, options: Options) -> int:
    """The number of solutions found by ``AlgorithmX.solve()``."""
    n_items, rows = with_slack(primary, secondary, options)
    solver = AlgorithmX(n_items)
    for row in rows:
        solver.appendRow(row)
    return sum(1 for _ in solver.solve())
