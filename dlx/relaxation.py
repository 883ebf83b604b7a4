"""Lower bounds for minimum-cost covers, given to the search as net costs (``dlx.costs``).

Every primary item i gets a price p_i and every option o the net cost c_o - sum of the
prices of its primary items. When each primary item is covered exactly v_i times, every
solution pays sum(v_i p_i) in prices, so its net cost is its cost less that constant: the
order of solutions is unchanged. When also every net cost is >= 0, the net cost of a partial
solution is a lower bound on what any solution through it costs beyond the prices, which is
what the search prunes by; the larger the prices, the closer that bound.

- ``taxes``: Knuth's DLX5. Item by item, the price is the least net cost among its options
  (each item then has an option of net cost 0).
- ``lagrangian`` (exact covers with integer costs): the Lagrangian relaxation of the items'
  equations, L(p) = sum(p) + sum over options of min(0, net cost), a lower bound for every
  p, raised by subgradient steps (Held and Karp's rule, from the taxes) for at most
  ``ROUNDS`` rounds and ``WORK`` visits of an option's items; the best p is then rounded
  (each of a few ways), lowered where an option's net cost is negative, and taxed as above,
  so the net costs are whole numbers >= 0. The rounding whose prices add up to most is
  kept, when they add up to more than the taxes'. On
  random set partitioning it leaves a few percent of the optimum to the search where taxes
  leave half, and assignments (whose relaxation is exact) come down to a few nodes.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dlx.problem import Problem

try:
    from dlx._search import ascend as _c_ascend
except ImportError:  # not built: _ascend does it
    _c_ascend = None  # type: ignore[assignment]

BOUNDS = ("lagrangian", "taxes")
ROUNDS = 200  # subgradient steps at most
WORK = 2_000_000  # visits of an option's items the subgradient steps may make in all
_PATIENCE = 10  # steps without a better bound before the step size is halved
_SMALLEST_STEP = 1e-3  # step factor below which the ascent stops
_SHIFTS = (0.0, 0.25, 0.5, 0.75)  # ways of rounding the prices tried: the best is kept


def net_costs(problem: Problem, costs: tuple[float, ...], bound: str) -> list[float]:
    """The options' net costs for ``bound`` (see the module); the costs as they are when some
    primary item may be covered a varying number of times (no price is then constant)."""
    if any(u != v for u, v in problem.bounds.values()):
        return list(costs)
    links = problem.compiled()  # each option's primary items, numbered from 0
    n1, nodes, starts = links.n_primary, links.nodes, links.starts
    items = [
        tuple(i - 1 for i in nodes[starts[o] : starts[o + 1]] if i <= n1)
        for o in range(len(starts) - 1)
    ]
    options_of: list[list[int]] = [[] for _ in range(n1)]
    for o, its in enumerate(items):
        for i in its:
            options_of[i].append(o)
    net = list(costs)
    taxes = _tax(net, options_of, [0] * n1)
    if bound == "taxes" or not lagrangian_applies(problem, costs):
        return net
    rounds = min(ROUNDS, WORK // (sum(map(len, items)) or 1))
    if _c_ascend is not None:  # the same prices, a few hundred times sooner
        prices = _c_ascend([float(c) for c in costs], items, taxes, rounds)
    else:
        prices = _ascend(costs, items, taxes, rounds)
    best, most = net, sum(taxes)
    for shift in _SHIFTS:
        whole, paid = _whole_and_feasible(costs, items, options_of, prices, shift)
        if sum(paid) > most:
            best, most = whole, sum(paid)
    return best


def lagrangian_applies(problem: Problem, costs: tuple[float, ...]) -> bool:
    """Whether ``lagrangian`` may price the items: an exact cover (every bound 1..1) with
    whole-number costs, so that the net costs stay exact."""
    exact = all(bound == (1, 1) for bound in problem.bounds.values())
    return exact and all(type(c) is int for c in costs)


def _tax(net: list[float], options_of: list[list[int]], prices: list[float]) -> list[float]:
    """Knuth's taxes on top of ``prices``: item by item, in order, the least net cost of its
    options is added to its price and taken off them (``net`` changes in place)."""
    for i, containing in enumerate(options_of):
        tax = min((net[o] for o in containing), default=0)
        prices[i] += tax
        for o in containing:
            net[o] -= tax
    return prices


def _ascend(
    costs: tuple[float, ...], items: list[tuple[int, ...]], start: list[float], rounds: int
) -> list[float]:
    """Subgradient ascent on the Lagrangian from ``start`` (feasible prices), ``rounds``
    steps at most: the best prices met. ``dlx._search.ascend`` is this in C, float for
    float."""
    prices = [float(p) for p in start]
    best, best_prices = sum(prices), prices[:]  # start is feasible: L = sum(prices)
    factor, stalled = 2.0, 0
    alive = [0] * len(prices)  # 0 for an item no option has: its price stays
    for its in items:
        for i in its:
            alive[i] = 1
    for _ in range(rounds):
        net = [c - sum(map(prices.__getitem__, its)) for c, its in zip(costs, items, strict=True)]
        value = sum(prices) + sum(r for r in net if r < 0)
        if value > best:
            best, best_prices, stalled = value, prices[:], 0
        else:
            stalled += 1
            if stalled >= _PATIENCE:
                factor, stalled = factor / 2, 0
                if factor < _SMALLEST_STEP:
                    break
        slope = alive[:]  # 1 - the options of negative net cost covering each item
        for r, its in zip(net, items, strict=True):
            if r < 0:
                for i in its:
                    slope[i] -= 1
        norm = sum(s * s for s in slope)
        if norm == 0:  # no better prices: the relaxation is solved
            break
        step = factor * (best * 1.05 + 1 - value) / norm  # towards a target above the best
        prices = [p + step * s for p, s in zip(prices, slope, strict=True)]
    return best_prices


def _whole_and_feasible(
    costs: tuple[float, ...],
    items: list[tuple[int, ...]],
    options_of: list[list[int]],
    prices: list[float],
    shift: float,
) -> tuple[list[float], list[float]]:
    """(net costs, prices): the prices plus ``shift`` rounded down, the one highest in each
    option of negative net cost lowered until it is 0, then taxed; every net cost a whole
    number >= 0."""
    whole: list[float] = [math.floor(p + shift) for p in prices]
    net = [c - sum(map(whole.__getitem__, its)) for c, its in zip(costs, items, strict=True)]
    for o, its in enumerate(items):
        if net[o] < 0:
            deficit = -net[o]
            highest = max(its, key=whole.__getitem__)
            whole[highest] -= deficit
            for q in options_of[highest]:
                net[q] += deficit
    return net, _tax(net, options_of, whole)
