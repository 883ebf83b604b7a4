"""Ali Assaf's Algorithm X on a dict of sets, extended to secondary items.

Assaf's well-known short Algorithm X is not on PyPI; this is the same technique, written
here from its description.  ``X`` maps each item to the set of options that contain it,
``Y`` maps each option to its list of items.  Choosing an option removes, for each of its
items, every option that shares the item from the other items' sets (``select``), and puts
them back in reverse order afterwards (``deselect``).

Secondary items are handled as fairly as the technique allows: they are in ``X``, so an
option still excludes every option it conflicts with, but ``P`` (the same set objects for
the primary items only) is where the search looks for the item with fewest options
(ties to the first in the dict's order) and where it sees that a solution is complete.
"""

from __future__ import annotations

from collections.abc import Iterator

from benchmarks.peers import Items, Options, numbered

Columns = dict[int, set[int]]
"""Item number -> the set of numbers of the options that hold it (and are still possible)."""

NAME = "Assaf dict-of-sets (rewritten here)"
DISTRIBUTION = None
KIND = "Python"


def count(primary: Items, secondary: Items, options: Options) -> int:
    """The number of solutions, by Assaf's dict-of-sets Algorithm X."""
    rows = numbered(primary, secondary, options)
    X: Columns = {j: set() for j in range(len(primary) + len(secondary))}
    for i, row in enumerate(rows):
        for j in row:
            X[j].add(i)
    P = {j: X[j] for j in range(len(primary))}
    return sum(1 for _ in solve(X, P, rows, []))


def solve(X: Columns, P: Columns, Y: list[list[int]], solution: list[int]) -> Iterator[list[int]]:
    """Yield every solution (as option numbers), extending the partial ``solution``."""
    if not P:
        yield list(solution)
        return
    c = min(P, key=lambda j: len(P[j]))
    for r in list(P[c]):
        solution.append(r)
        removed = select(X, P, Y, r)
        yield from solve(X, P, Y, solution)
        deselect(X, P, Y, r, removed)
        solution.pop()


def select(X: Columns, P: Columns, Y: list[list[int]], r: int) -> list[tuple[set[int], bool]]:
    """Take option r: drop its items and every option that shares one of them.

    Returns each dropped item's set, and whether the item was primary, for ``deselect``.
    """
    removed = []
    for j in Y[r]:
        for i in X[j]:
            for k in Y[i]:
                if k != j:
                    X[k].remove(i)
        removed.append((X.pop(j), P.pop(j, None) is not None))
    return removed


def deselect(
    X: Columns, P: Columns, Y: list[list[int]], r: int, removed: list[tuple[set[int], bool]]
) -> None:
    """Undo ``select(X, P, Y, r)``, given what it returned."""
    for j in reversed(Y[r]):
        X[j], is_primary = removed.pop()
        if is_primary:
            P[j] = X[j]
        for i in X[j]:
            for k in Y[i]:
                if k != j:
                    X[k].add(i)
