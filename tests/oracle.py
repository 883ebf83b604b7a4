"""Truths from outside the engine: a solution verifier and a brute-force solver.

Both read only a problem's declared items and its options' entries, never the link
arrays or the search, so they can judge any backend.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from itertools import combinations

from dlx import Problem


def check(problem: Problem, solution: Iterable[Hashable], forced: Iterable[Hashable] = ()) -> None:
    """Assert that ``solution`` is an exact cover of ``problem`` under Algorithm C's rules.

    Every primary item covered once (or u..v times, as ``problem.bounds`` says); a secondary
    item covered at most once, or by several
    options that all give it the same color; no option named twice, none without a primary
    item (the search never chooses those) unless it was forced.
    """
    forced = set(forced)
    names = list(solution)
    assert len(names) == len(set(names)), f"an option is repeated in {names}"
    primary = set(problem.primary)
    covered: dict[Hashable, list] = {}
    for name in names:
        entries = problem.entries(name)
        if name not in forced:
            assert any(item in primary for item, _ in entries), f"{name!r} has no primary item"
        for item, color in entries:
            covered.setdefault(item, []).append(color)
    for item in problem.primary:
        low, high = problem.bounds.get(item, (1, 1))
        times = len(covered.get(item, []))
        assert low <= times <= high, f"primary {item!r} covered {times} times, not {low}..{high}"
    for item in problem.secondary:
        colors = covered.get(item, [])
        if len(colors) > 1:
            assert None not in colors and len(set(colors)) == 1, f"{item!r} gets {colors}"


def is_solution(
    problem: Problem, names: Iterable[Hashable], forced: Iterable[Hashable] = ()
) -> bool:
    """``check`` as a yes/no answer."""
    try:
        check(problem, names, forced)
    except AssertionError:
        return False
    return True


def brute_force(problem: Problem, forced: Iterable[Hashable] = ()) -> set[frozenset]:
    """Every solution containing ``forced``, by trying all subsets of the options."""
    forced = list(forced)
    names = [name for name in problem.options if name not in forced]
    found = set()
    for size in range(len(names) + 1):
        for subset in combinations(names, size):
            if is_solution(problem, [*forced, *subset], forced):
                found.add(frozenset([*forced, *subset]))
    return found
