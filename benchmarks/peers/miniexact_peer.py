"""``miniexact``: Knuth's Algorithm X in C (SWIG bindings); secondary items native.

Each call of ``solve()`` finds the next solution and returns 10, or 20 when there is none.
"""

from __future__ import annotations

from miniexact import miniexacts_x

from benchmarks.peers import Items, Options, label, numbered

DISTRIBUTION = "miniexact"
NAME = label(DISTRIBUTION)
KIND = "C"

_FOUND = 10


def count(primary: Items, secondary: Items, options: Options) -> int:
    """The number of times ``solve()`` finds another solution."""
    solver = miniexacts_x()
    ids = [solver.primary(f"p{i}") for i in range(len(primary))]
    ids += [solver.secondary(f"s{i}") for i in range(len(secondary))]
    for row in numbered(primary, secondary, options):
        solver.add([ids[item] for item in row])
    solutions = 0
    while solver.solve() == _FOUND:
        solutions += 1
    return solutions
