"""dlx: exact cover by Knuth's Algorithm X on dancing links, with colors (Algorithm C).

>>> from dlx import Problem
>>> p = Problem({"A": ["a", "b"], "B": ["c"], "C": ["a", "c"], "D": ["b"]})
>>> p.solve()
['A', 'B']
>>> p.count()
2
"""

from dlx.errors import (
    ArgumentError,
    ArgumentTypeError,
    BoundError,
    ColorError,
    ConflictError,
    CostError,
    DLXError,
    DuplicateItemError,
    EmptyOptionError,
    FormatError,
    RepeatedItemError,
    SearchStateError,
    TooLargeError,
    UnknownItemError,
    UnknownOptionError,
)
from dlx.formats import read, write
from dlx.loop import Stats
from dlx.problem import Colored, Problem
from dlx.search import Search

__all__ = [
    "BoundError",
    "ArgumentError",
    "ArgumentTypeError",
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
    "SearchStateError",
    "Stats",
    "TooLargeError",
    "UnknownItemError",
    "UnknownOptionError",
    "read",
    "write",
]
