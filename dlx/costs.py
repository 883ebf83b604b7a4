"""Minimum-cost covers: the cheapest solution, or the k cheapest, by branch and bound.

After Knuth's DLX5. Options carry nonnegative costs (``Problem(costs=...)``). When every
primary item must be covered an exact number of times, each item first pays a *tax*, the
least cost among its options, taken off the cost of each of its options: every solution's
cost drops by the same total, so the order of solutions is unchanged, but now each item has
an option of net cost 0 and a partial solution's net cost says more about what it will
cost. The options are then tried in increasing net cost (the problem is compiled with its
options sorted, so every item's list is in that order), and the search (Algorithm M, which
also serves item bounds) prunes:

- at each level, once the cost so far plus the next option's reaches the cutoff, the rest
  of that item's options are dearer still and are skipped;
- at each node, when some item that still needs an option has only options that reach the
  cutoff (its cheapest is first in its list).

The cutoff is the k-th best cost found so far (infinite until k solutions are known), so a
later solution must be strictly cheaper to be kept: among solutions of equal cost, the ones
found first are the ones returned.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from dlx.errors import DLXError
from dlx.loop import CHECKPOINT, END, Stats
from dlx.multiplicities import MultiplicityLoop

if TYPE_CHECKING:
    from dlx.problem import OptionName, Problem, Solution

_CHECK_EVERY = 1_000  # nodes between looks at the limits (a fraction of a second)


class Cheapest:
    """The k cheapest covers of a problem, as ``minimum`` finds them (see the module).

    ``covers`` is a list of (cost, solution), cheapest first; ``complete`` is False when a
    node or time limit ended the search first (the covers are then the best found so far).
    """

    def __init__(self, covers: list[tuple[float, Solution]], stats: Stats, complete: bool):
        self.covers = covers
        self.stats = stats
        self.complete = complete

    @property
    def cost(self) -> float | None:
        """The least cost found, or None when there is no solution."""
        return self.covers[0][0] if self.covers else None

    @property
    def solution(self) -> Solution | None:
        """A cheapest solution found, or None when there is none."""
        return self.covers[0][1] if self.covers else None

    def __repr__(self) -> str:
        state = "complete" if self.complete else "stopped by a limit"
        return f"<Cheapest {state}: costs {[cost for cost, _ in self.covers]}>"


def minimum(
    problem: Problem,
    k: int = 1,
    *,
    forced: Iterable[OptionName] = (),
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> Cheapest:
    """The ``k`` cheapest solutions of ``problem`` (by the sum of their options' costs).

    A problem without costs counts every option as costing 0.
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise DLXError(f"k must be a whole number >= 1, not {k!r}")
    names = problem.option_names()
    costs = problem.costs or (0,) * len(names)
    net = _net_costs(problem, costs)
    order = sorted(range(len(names)), key=lambda o: (net[o], o))
    ordered = problem.reordered(names[o] for o in order)
    forced = list(forced)
    # check the forced options as a search does, with its messages
    problem.search(forced=forced, backend="python")
    stats = Stats()
    loop = MultiplicityLoop(
        ordered.compiled(),
        [ordered.index(name) for name in forced],
        None,
        stats,
        costs=[net[o] for o in order],
    )
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    best: list[tuple[float, int, Solution]] = []  # (net cost, when found, solution)
    complete = False
    while True:
        next_check = stats.nodes + _CHECK_EVERY
        if max_nodes is not None:
            next_check = min(next_check, max_nodes)
        event, _ = loop.run(next_check, stats.solutions + 1)
        if event == END:
            complete = True
            break
        if event == CHECKPOINT:
            if (max_nodes is not None and stats.nodes >= max_nodes) or (
                deadline is not None and time.perf_counter() >= deadline
            ):
                break
            continue
        chosen = [ordered.option_names()[o] for o in loop.chosen()]
        best.append((loop.cost(), stats.solutions, forced + chosen))
        best.sort(key=lambda found: (found[0], found[1]))
        del best[k:]
        if len(best) == k:
            loop.cutoff = best[-1][0]
    stats.elapsed = time.perf_counter() - start
    positions = {name: o for o, name in enumerate(names)}
    covers = [
        (sum(costs[positions[name]] for name in solution), solution) for _, _, solution in best
    ]
    return Cheapest(covers, stats, complete)


def _net_costs(problem: Problem, costs: tuple[float, ...]) -> list[float]:
    """The costs less Knuth's taxes, when every primary item is covered an exact number of
    times (then every solution pays the same total tax); else the costs as they are."""
    net = list(costs)
    if any(u != v for u, v in problem.bounds.values()):
        return net
    options_of: dict[object, list[int]] = {item: [] for item in problem.primary}
    for o, name in enumerate(problem.option_names()):
        for item, _ in problem.entries(name):
            if item in options_of:
                options_of[item].append(o)
    for item in problem.primary:  # in order, each on the costs the ones before it left
        containing = options_of[item]
        tax = min((net[o] for o in containing), default=0)
        for o in containing:
            net[o] -= tax
    return net
