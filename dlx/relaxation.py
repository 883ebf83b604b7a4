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

``repriced`` prices in the same way the part of a problem that some forced options leave,
for the search by parts of ``dlx.costs``: its bound, with the forced options' costs, is a
lower bound on every cover through them, tighter than the root's as more is forced.
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple

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


Structure = tuple[list[tuple[int, ...]], list[list[int]]]  # see structure()


def net_costs(
    problem: Problem, costs: tuple[float, ...], bound: str, shape: Structure | None = None
) -> list[float]:
    """The options' net costs for ``bound`` (see the module); the costs as they are when some
    primary item may be covered a varying number of times (no price is then constant).
    ``shape`` is ``structure(problem)``, when the caller keeps it."""
    if any(u != v for u, v in problem.bounds.values()):
        return list(costs)
    items, options_of = shape or structure(problem)
    net = list(costs)
    taxes = _tax(net, options_of, [0] * len(options_of))
    if bound == "taxes" or not lagrangian_applies(problem, costs):
        return net
    return _priced(costs, items, options_of, net, taxes, math.inf)[0]


class Part(NamedTuple):
    """What ``repriced`` finds of the part of a problem that some forced options leave."""

    net: list[float]  # every option's net cost for searching that part
    bound: float  # the least any cover of the part costs (inf: it has none)
    branch: list[int]  # the options left for the item left with fewest, cheapest first


def repriced(
    problem: Problem,
    costs: tuple[int, ...],
    forced: list[int],
    shape: Structure | None = None,
    enough: float = math.inf,
) -> Part:
    """Lagrangian net costs for what the options ``forced`` (indices) leave of ``problem``,
    an exact cover with whole-number costs: the items they cover are gone, and with them
    every option meeting those items, whose net cost is then its cost (a search forcing
    them never takes it); a forced option's net cost is 0. Any cover of the rest costs at
    least the bound, so a part whose bound plus the forced options' costs reaches the k-th
    best cost found can be left unsearched; ``branch`` cuts the part into smaller ones.
    ``shape`` is ``structure(problem)``, when the caller keeps it. Once the ascent shows
    that the part costs at least ``enough`` (its value rounded up: the costs are whole),
    that bound is returned at once, with no net costs (the part needs no search)."""
    items, every = shape or structure(problem)
    covered = {i for o in forced for i in items[o]}
    left = [i for i in range(len(every)) if i not in covered]
    number = {i: k for k, i in enumerate(left)}  # item -> its number among those left
    meeting = {o for i in covered for o in every[i]}
    kept = [o for o in range(len(items)) if o not in meeting]
    part = [tuple(number[i] for i in items[o]) for o in kept]
    options_of: list[list[int]] = [[] for _ in left]
    for o, its in enumerate(part):
        for i in its:
            options_of[i].append(o)
    if not all(options_of):  # an item left that no option left can cover: no cover at all
        return Part([float(c) for c in costs], math.inf, [])
    part_costs = tuple(costs[o] for o in kept)
    net = [float(c) for c in part_costs]
    taxes = _tax(net, options_of, [0] * len(number))
    net, bound = _priced(part_costs, part, options_of, net, taxes, enough)
    if bound >= enough:
        return Part([], bound, [])
    whole: list[float] = [float(c) for c in costs]
    for o, value in zip(kept, net, strict=True):
        whole[o] = value
    for o in forced:
        whole[o] = 0.0
    fewest = min(options_of, key=len, default=[])
    return Part(whole, bound, sorted((kept[o] for o in fewest), key=lambda o: (costs[o], o)))


def structure(problem: Problem) -> Structure:
    """Each option's primary items (numbered from 0) and each primary item's options."""
    links = problem.compiled()
    n1, nodes, starts = links.n_primary, links.nodes, links.starts
    less_one = (-1).__add__
    if links.n_items == n1:  # every item primary: no filter
        items = [tuple(map(less_one, nodes[a:b])) for a, b in pairwise(starts)]
    else:
        items = [tuple(i - 1 for i in nodes[a:b] if i <= n1) for a, b in pairwise(starts)]
    options_of: list[list[int]] = [[] for _ in range(n1)]
    for o, its in enumerate(items):
        for i in its:
            options_of[i].append(o)
    return items, options_of


def _priced(
    costs: tuple[float, ...],
    items: list[tuple[int, ...]],
    options_of: list[list[int]],
    net: list[float],
    taxes: list[float],
    enough: float,
) -> tuple[list[float], float]:
    """The Lagrangian net costs from the subgradient ascent (started at the ``taxes``, whose
    net costs are ``net``), rounded each way of _SHIFTS, the best kept (the taxes' own when
    no rounding beats them), and the sum of their prices, the bound; or, when the ascent's
    value rounded up is ``enough`` or more, no net costs and that value."""
    rounds = min(ROUNDS, WORK // (sum(map(len, items)) or 1))
    if _c_ascend is not None:  # the same prices, a few hundred times sooner
        prices = _c_ascend([float(c) for c in costs], items, taxes, rounds)
    else:
        prices = _ascend(costs, items, taxes, rounds)
    if enough < math.inf:  # L(prices), a lower bound, rounded up less a float's slack
        value = sum(prices) + sum(
            min(0.0, c - sum(map(prices.__getitem__, its)))
            for c, its in zip(costs, items, strict=True)
        )
        if math.ceil(value - 1e-6) >= enough:
            return [], math.ceil(value - 1e-6)
    best, most = net, sum(taxes)
    for shift in _SHIFTS:
        whole, paid = _whole_and_feasible(costs, items, options_of, prices, shift)
        if sum(paid) > most:
            best, most = whole, sum(paid)
    return best, most


def lagrangian_applies(problem: Problem, costs: tuple[float, ...]) -> bool:
    """Whether ``lagrangian`` may price the items: an exact cover (every bound 1..1) with
    whole-number costs, so that the net costs stay exact."""
    exact = all(bound == (1, 1) for bound in problem.bounds.values())
    return exact and all(type(c) is int for c in costs)


def _tax(net: list[float], options_of: list[list[int]], prices: list[float]) -> list[float]:
    """Knuth's taxes on top of ``prices``: item by item, in order, the least net cost of its
    options is added to its price and taken off them (``net`` changes in place)."""
    for i, containing in enumerate(options_of):
        tax = min(map(net.__getitem__, containing), default=0)
        if tax:
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
