"""dlx: exact cover by Knuth's Algorithm X on dancing links, with colors (Algorithm C).

>>> from dlx import Problem
>>> p = Problem({"A": ["a", "b"], "B": ["c"], "C": ["a", "c"], "D": ["b"]})
>>> p.solve()
['A', 'B']
>>> p.count()
2
"""

import importlib
from typing import TYPE_CHECKING, Any

from dlx._version import __version__
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

if TYPE_CHECKING:
    from dlx.formats import read, write
    from dlx.loop import Stats
    from dlx.problem import Colored, Problem
    from dlx.search import Search

# The engine's modules load when a name of theirs is first used, so that a command that
# needs none of them (``dlx-sudoku --version``, the file policy of ``dlx.cli_io``) does not
# pay for them.
_LAZY = {
    "read": "dlx.formats",
    "write": "dlx.formats",
    "Stats": "dlx.loop",
    "Colored": "dlx.problem",
    "Problem": "dlx.problem",
    "Search": "dlx.search",
}


def __getattr__(name: str) -> Any:
    """A public name from its module, or a submodule (``dlx.search``, and ``dlx._search``
    as the C API's capsule import looks it up), imported on first use."""
    module = _LAZY.get(name)
    if module is not None:
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value  # once found, an ordinary attribute
        return value
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.{name}":
            raise
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


__all__ = [
    "__version__",
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
