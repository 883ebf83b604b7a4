"""``pyxcc``: Knuth's dancing cells for exact cover with colors, in Rust; secondary items native.

Items are strings; a secondary item with the blank color may be covered at most once.
"""

from __future__ import annotations

import pyxcc

from benchmarks.peers import Items, Options, label, numbered

DISTRIBUTION = "pyxcc"
NAME = label(DISTRIBUTION)
KIND = "Rust"


def count(primary: Items, secondary: Items, options: Options) -> int:
    """``pyxcc.solve(problem, True).count()``."""
    n_primary = len(primary)
    names = [f"p{i}" for i in range(n_primary)]
    names += [f"s{i}" for i in range(len(secondary))]
    options_ = [
        pyxcc.Option(
            str(number),
            [names[item] for item in row if item < n_primary],
            [(names[item], "") for item in row if item >= n_primary],
        )
        for number, row in enumerate(numbered(primary, secondary, options))
    ]
    problem = pyxcc.Problem(names[:n_primary], names[n_primary:], options_)
    return pyxcc.solve(problem, True).count()
