"""``Problem.from_matrix`` on each kind of matrix against building the same problem from
option lists: the 729x324 sudoku matrix (``sudoku.cover``'s, items numbered) and a random
5000x2000 sparse 0/1 matrix (density 1%, every row with a 1, fixed seed).

Every input is made before the clock starts; after one warm-up build of each, ``--repeat``
rounds build every kind once in turn and each kind's best time is kept; every problem built
is checked equal to the one from option lists. The ratio is the time over the option lists'
(the goal for a NumPy array: under 2).

    python -m benchmarks.from_matrix                 # needs numpy, scipy and pandas
    python -m benchmarks.from_matrix --repeat 10
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import pandas as pd
import scipy.sparse

from dlx import Problem
from sudoku.cover import cover_problem
from sudoku.grid import Shape

SEED = 2026


def sudoku_options() -> tuple[list[list[int]], int]:
    """The 9x9 sudoku matrix's options as column numbers, and its number of columns."""
    problem = cover_problem(Shape())
    number = {item: k for k, item in enumerate(problem.primary)}
    options = [[number[item] for item in entries] for entries in problem.options.values()]
    return options, len(number)


def random_options(rows: int, columns: int, density: float) -> tuple[list[list[int]], int]:
    """A random sparse 0/1 matrix's options as column numbers, none empty."""
    rng = np.random.default_rng(SEED)
    matrix = rng.random((rows, columns)) < density
    matrix[np.arange(rows), rng.integers(columns, size=rows)] = True
    return [np.flatnonzero(row).tolist() for row in matrix], columns


def inputs(options: list[list[int]], width: int) -> dict[str, Any]:
    """The same 0/1 matrix as each kind ``from_matrix`` takes."""
    array = np.zeros((len(options), width), dtype=np.int8)
    for r, columns in enumerate(options):
        array[r, columns] = 1
    return {
        "list of 0/1 rows": array.tolist(),
        "NumPy int8": array,
        "NumPy bool": array.astype(bool),
        "SciPy CSR": scipy.sparse.csr_array(array),
        "SciPy COO": scipy.sparse.coo_array(array),
        "pandas DataFrame": pd.DataFrame(array),
    }


def best_times(
    builds: dict[str, Callable[[], Problem]], expected: Problem, repeat: int
) -> dict[str, float]:
    """Each build's best time of ``repeat`` rounds, in seconds, after one checked warm-up.
    A round runs every build once, so that a busy spell of the shared machine falls on all."""
    for build in builds.values():
        assert build() == expected
    times = dict.fromkeys(builds, float("inf"))
    for _ in range(repeat):
        for kind, build in builds.items():
            start = time.perf_counter()
            build()
            times[kind] = min(times[kind], time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds of every build")
    args = parser.parse_args()
    cases = {
        "sudoku 729x324": sudoku_options(),
        "random 5000x2000": random_options(5000, 2000, 0.01),
    }
    columns: dict[str, dict[str, float]] = {}
    for case, (options, width) in cases.items():
        expected = Problem(options, primary=range(width))
        builds = {"option lists": partial(Problem, options, primary=range(width))}
        for kind, matrix in inputs(options, width).items():
            builds[kind] = partial(Problem.from_matrix, matrix)
        columns[case] = best_times(builds, expected, args.repeat)
    print("| input | " + " | ".join(f"{case} ms | ratio" for case in cases) + " |")
    print("|---|" + "---:|---:|" * len(cases))
    for kind in columns[next(iter(cases))]:
        cells = [
            f"{times[kind] * 1e3:.1f} | {times[kind] / times['option lists']:.2f}"
            for times in columns.values()
        ]
        print(f"| {kind} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
