"""dlx: exact cover by Knuth's Algorithm X on dancing links, with colors (Algorithm C).

>>> from dlx import Problem
>>> p = Problem({"A": ["a", "b"], "B": ["c"], "C": ["a", "c"], "D": ["b"]})
>>> p.solve()
['A', 'B']
>>> p.count()
2
"""

from dlx.errors import (
    BoundError,
    ColorError,
    ConflictError,
    CostError,
    DLXError,
    DuplicateItemError,
    EmptyOptionError,
    FormatError,
    RepeatedItemError,
    UnknownItemError,
    UnknownOptionError,
)
from dlx.formats import read, write
from dlx.loop import Stats
from dlx.problem import Colored, Problem
from dlx.search import Search

__all__ = [
    "BoundError",
    "ColorError",
    "Colored",
    "ConflictError",
    "CostError",
    "DLXError",
    "DuplicateItemError",
    "EmptyOptionError",
    "FormatError",
    "Problem",
    "RepeatedItemError",
    "Search",
    "Stats",
    "UnknownItemError",
    "UnknownOptionError",
    "read",
    "write",
]
