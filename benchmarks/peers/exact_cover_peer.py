"""``exact-cover``: Algorithm X in C behind a NumPy interface, with a counting entry point.

It takes a dense boolean matrix and knows only primary items (slack options stand in for
secondary ones).
"""

from __future__ import annotations

import exact_cover
import numpy as np

from benchmarks.peers import Items, Options, label, matrix, with_slack

DISTRIBUTION = "exact-cover"
NAME = label(DISTRIBUTION)
KIND = "C"


def count(primary: Items, secondary: Items, options: Options) -> int:
    """``exact_cover.get_solution_count`` of the dense matrix."""
    n_items, rows = with_slack(primary, secondary, options)
    return int(exact_cover.get_solution_count(np.array(matrix(n_items, rows), dtype=bool)))
