"""``algoxtools``: Algorithm X on a dense 3-D int16 NumPy array, compiled by Numba.

Rows and columns are numbered from 1; it knows only primary items (slack options stand in
for secondary ones).  ``exact_cover(array)`` returns True once per solution.
"""

from __future__ import annotations

import algoxtools
import numpy as np

from benchmarks.peers import Items, Options, label, with_slack

DISTRIBUTION = "algoxtools"
NAME = label(DISTRIBUTION)
KIND = "Numba"


def count(primary: Items, secondary: Items, options: Options) -> int:
    """The number of times ``algoxtools.exact_cover`` stops on a solution."""
    n_items, rows = with_slack(primary, secondary, options)
    array = algoxtools.init(len(rows), n_items)
    for number, row in enumerate(rows, start=1):
        algoxtools.annex_row(array, number, np.array([item + 1 for item in row], np.int16))
    solutions = 0
    while algoxtools.exact_cover(array):
        solutions += 1
    return solutions
