"""``dlx`` 1.0.4 (Sebastian Raaphorst, 2008): pure-Python dancing links on flat lists.

Columns are ``(name, DLX.PRIMARY or DLX.SECONDARY)`` pairs and rows lists of column indices;
the default search branches on the primary column with fewest rows.  It is loaded from its
files because its import name, ``dlx``, is also ours.
"""

from __future__ import annotations

from benchmarks.peers import Items, Options, label, numbered
from benchmarks.peers._load import from_distribution

DISTRIBUTION = "dlx"
NAME = label(DISTRIBUTION)
KIND = "Python"

_dlx = from_distribution(DISTRIBUTION, "dlx/__init__.py", "_peer_dlx_raaphorst")


def count(primary: Items, secondary: Items, options: Options) -> int:
    """The number of solutions found by ``DLX.solve()``."""
    DLX = _dlx.DLX
    columns = [(i, DLX.PRIMARY) for i in range(len(primary))]
    columns += [(len(primary) + i, DLX.SECONDARY) for i in range(len(secondary))]
    solver = DLX(columns, numbered(primary, secondary, options))
    return sum(1 for _ in solver.solve())
