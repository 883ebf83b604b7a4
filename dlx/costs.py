"""Minimum-cost covers: the cheapest solution, or the k cheapest, by branch and bound.

After Knuth's DLX5. Options carry nonnegative costs (``Problem(costs=...)``). Each primary
item is first given a price, taken off the cost of each of its options (``dlx.relaxation``:
Knuth's *taxes*, or Lagrangian prices): every solution's cost drops by the same total, so
the order of solutions is unchanged, but a partial solution's net cost now says more about
what it will cost. The options are then sorted by net cost (the problem is compiled with
its options in that order, so every item's list is too) and searched against a *cutoff*,
the k-th best cost found so far (infinite until k solutions are known): a later solution
must be strictly cheaper to be kept, so among solutions of equal cost the ones found first
are returned. With ``bound="lagrangian"`` (the default) a search still running after
``PROBE`` nodes an entry with taxes starts again, where the relaxation applies, with the
Lagrangian prices and the best covers found so far (found again, they are not counted twice);
and, for a problem without secondary items, still running after ``PRICED`` nodes an entry
it goes on by *parts* (``_by_parts``): the problem with some options forced, each priced
anew by its own relaxation, left when its bound cannot beat the k-th best cover, else
searched for ``PARTS`` nodes an entry and cut on its item with fewest options left.

Exact covers (every bound 1..1, colors allowed) run ``CostLoop``, DLX5's search: with
``limit`` = cutoff - (net cost so far),

- the item branched on is the one with the fewest options below ``limit``, counted down its
  list as far as ``LOOKAHEAD`` options (past that, its length stands for the count), the
  dearest cheapest option among ties, then the leftmost; a node with an item whose cheapest
  option reaches ``limit`` is a dead end;
- covering an item, or purifying it, hides only the options below what the move leaves
  (cutoff - net cost with the move): the dearer ones can never be chosen below it, since the
  cutoff only falls; uncovering uses the same bound, kept per level;
- a level stops trying options at the first that reaches ``limit`` (the rest are dearer).

``dlx._search`` runs the same loop in C (``dlx/_costs.h``): the same items, moves, nodes,
updates and profile. Problems with item bounds (Algorithm M) search with costs in pure
Python (``dlx.multiplicities``), which prunes by the same cutoff but covers every option.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol, cast

from dlx.errors import ArgumentError, DLXError, UnknownOptionError
from dlx.loop import CHECKPOINT, END, SOLUTION, GeneratorLoop, Stats
from dlx.multiplicities import MultiplicityLoop
from dlx.relaxation import (
    BOUNDS,
    Structure,
    lagrangian_applies,
    net_costs,
    repriced,
    structure,
)
from dlx.search import explored

if TYPE_CHECKING:
    from dlx.links import Links
    from dlx.problem import OptionName, Problem, Solution


_CHECK_EVERY = 1_000  # nodes between looks at the limits (a fraction of a second)
LOOKAHEAD = 10  # DLX5's lenthresh: options counted down a list when choosing an item
_EXACT_FLOAT = 2**53  # integers below this add up in a C double exactly as in Python
_NO_CUTOFF = float("inf")


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


class CostLoop(GeneratorLoop):
    """DLX5's search over a copy of a problem's links, without item bounds (a
    ``dlx.loop.Loop``; see the module). ``costs`` are the options' net costs, nonnegative, in
    an order that keeps every item's list sorted by cost; ``cutoff`` may be lowered by the
    driver between runs; ``cost()`` is the net cost of the options chosen so far (forced
    ones included)."""

    def __init__(self, links: Links, forced: list[int], stats: Stats, costs: list[float]) -> None:
        depth = links.n_primary + 1
        self.level = 0
        self.cutoff: float = _NO_CUTOFF
        self._option_of = links.option_of
        self._choice = [0] * depth  # the node of the option tried at level l
        self._degree = [0] * depth  # level l -> the options it counted below the cutoff
        self._tried = [0] * depth  # level l -> options tried there so far
        self._spent: list[float] = [0] * (depth + 1)  # level l -> net cost of those above it
        self._steps = self._loop(links, forced, stats, costs)

    def chosen(self) -> list[int]:
        """The options chosen at the levels above the current one."""
        return [self._option_of[x] for x in self._choice[: self.level]]

    def branches(self) -> list[tuple[int, int]]:
        """For each level above the current one: (options it counted, options tried)."""
        return [(self._degree[k], self._tried[k]) for k in range(self.level)]

    def cost(self) -> float:
        """The net cost of the options chosen above the current level, forced ones too."""
        return self._spent[self.level]

    def _loop(
        self, links: Links, forced: list[int], stats: Stats, costs: list[float]
    ) -> Iterator[tuple[int, int]]:
        llink, rlink, length, ulink, dlink, color = links.working_copy()
        top, option_of = links.top, links.option_of
        others, _ = links.walks()
        cost = [0 if o < 0 else costs[o] for o in option_of]  # a node's is its option's
        choice, degree, tried, spent = self._choice, self._degree, self._tried, self._spent
        item = [0] * len(choice)  # level l -> the item it branched on
        below_item = [0.0] * len(choice)  # level l -> the bound item[l] was covered below
        below_move = [0.0] * len(choice)  # ... and the bound choice[l]'s items were
        profile = stats.profile
        updates = 0

        def hide(p: int) -> None:
            """The other nodes of p's option out of their lists (purified ones stay)."""
            nonlocal updates
            for q in others[p]:
                if color[q] >= 0:
                    u = ulink[q]
                    d = dlink[q]
                    dlink[u] = d
                    ulink[d] = u
                    length[top[q]] -= 1
                    updates += 1

        def unhide(p: int) -> None:
            for q in reversed(others[p]):
                if color[q] >= 0:
                    dlink[ulink[q]] = q
                    ulink[dlink[q]] = q
                    length[top[q]] += 1

        def cover(i: int, below: float) -> None:
            """i out of the active list, and the options of its list cheaper than
            ``below`` hidden (the list is in cost order)."""
            nonlocal updates
            left, right = llink[i], rlink[i]
            rlink[left] = right
            llink[right] = left
            updates += 1
            p = dlink[i]
            while p != i and cost[p] < below:
                hide(p)
                p = dlink[p]

        def uncover(i: int, below: float) -> None:
            """Undo cover(i, below): the same options, top down as DLX5 does it."""
            p = dlink[i]
            while p != i and cost[p] < below:
                unhide(p)
                p = dlink[p]
            rlink[llink[i]] = i
            llink[rlink[i]] = i

        def purify(x: int, below: float) -> None:
            """x's colored item is committed: of its options cheaper than ``below``, those
            giving it x's color are marked -1, the others hidden."""
            c, i = color[x], top[x]
            p = dlink[i]
            while p != i and cost[p] < below:
                if color[p] == c:
                    color[p] = -1
                else:
                    hide(p)
                p = dlink[p]

        def unpurify(x: int, below: float) -> None:
            c, i = color[x], top[x]
            p = dlink[i]
            while p != i and cost[p] < below:
                if color[p] < 0:
                    color[p] = c
                else:
                    unhide(p)
                p = dlink[p]

        def commit(nodes: Iterable[int], below: float) -> None:
            """Cover or purify the items of these nodes (Algorithm C's commit)."""
            for q in nodes:
                if color[q] == 0:
                    cover(top[q], below)
                elif color[q] > 0:
                    purify(q, below)

        def uncommit(nodes: Sequence[int], below: float) -> None:
            for q in reversed(nodes):
                if color[q] == 0:
                    uncover(top[q], below)
                elif color[q] > 0:
                    unpurify(q, below)

        def branch_item(limit: float) -> int:
            """The item to branch on, its count in degree[level]; 0 at a dead end."""
            best, size, least = 0, len(top), 0.0
            k = rlink[0]
            while k:
                p = dlink[k]
                if p == k or cost[p] >= limit:
                    return 0
                cheapest, s = cost[p], 1
                p = dlink[p]
                while p != k and cost[p] < limit:
                    if s == size:  # more than the best has: not better
                        s += 1
                        break
                    if s >= LOOKAHEAD:  # far enough: its length will do
                        s = length[k]
                        break
                    s += 1
                    p = dlink[p]
                if s < size or (s == size and cheapest > least):
                    best, size, least = k, s, cheapest
                k = rlink[k]
            degree[level] = size
            return best

        for index in forced:  # every item of the option covered or purified, for good
            commit(links.option_nodes[index], _NO_CUTOFF)
            spent[0] += costs[index]

        level = 0
        next_check, target = self._next_check, self._target
        try:
            while True:
                i = 0
                if rlink[0] == 0:  # every primary item is covered: a solution
                    stats.solutions += 1
                    if stats.solutions >= target:
                        stats.updates = updates
                        self.level = level
                        yield SOLUTION, level
                        next_check, target = self._next_check, self._target
                else:
                    i = branch_item(self.cutoff - spent[level])
                if i:  # cover i below what its cheapest option leaves
                    item[level] = i
                    tried[level] = 0
                    x = choice[level] = dlink[i]
                    below_item[level] = self.cutoff - (spent[level] + cost[x])
                    cover(i, below_item[level])
                else:
                    while True:  # back up: undo the move above, on to the next option
                        if level == 0:
                            return
                        level -= 1
                        x, i = choice[level], item[level]
                        uncommit(others[x], below_move[level])
                        tried[level] += 1
                        x = choice[level] = dlink[x]
                        if x != i and cost[x] < self.cutoff - spent[level]:
                            break
                        uncover(i, below_item[level])  # the rest of the list is dearer
                # the move: x's other items, below what x leaves
                spent[level + 1] = spent[level] + cost[x]
                below_move[level] = self.cutoff - spent[level + 1]
                commit(others[x], below_move[level])
                if level == len(profile):
                    profile.append(0)
                profile[level] += 1  # no call from here to stats.nodes (Ctrl-C)
                stats.nodes += 1
                level += 1
                if stats.nodes >= next_check:
                    stats.updates = updates
                    self.level = level
                    yield CHECKPOINT, level
                    next_check, target = self._next_check, self._target
        finally:
            stats.updates = updates
            self.level = level


def minimum(
    problem: Problem,
    k: int = 1,
    *,
    forced: Iterable[OptionName] = (),
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[CostProgress], object] | None = None,
    progress_interval: int = 100_000,
    backend: str | None = None,
    bound: str = "lagrangian",
    known: Iterable[Solution] = (),
) -> Cheapest:
    """The ``k`` cheapest solutions of ``problem`` (by the sum of their options' costs).

    A problem without costs counts every option as costing 0. ``progress(view)`` is called
    every ``progress_interval`` nodes with a ``CostProgress``. ``backend`` "python" runs the
    pure-Python loops; None or "c" the C one when built and the problem suits it (no item
    bounds, net costs that add up in a double as they do in Python). ``bound`` is the lower
    bound the search prunes by (``dlx.relaxation``): "taxes" walks exactly DLX5's tree;
    "lagrangian" first searches with taxes for ``PROBE`` nodes an entry (a small problem
    ends there), then, where the relaxation applies, computes it and searches again from
    the best found so far, and past ``PRICED`` nodes an entry goes on by parts, each priced
    anew (problems without secondary items; see the module). ``known`` are solutions found
    before (by the other parts of a search split across workers, ``dlx.parallel.minimum``):
    they count among the k, so the search looks only for covers that beat them.
    """
    check_arguments(k, backend, bound)
    if isinstance(progress_interval, bool) or not isinstance(progress_interval, int):
        raise ArgumentError(f"progress_interval must be an int, not {progress_interval!r}")
    if progress_interval < 1:
        raise ArgumentError(f"progress_interval must be at least 1, not {progress_interval}")
    start = time.perf_counter()
    names = problem.option_names()
    costs = problem.costs or (0,) * len(names)
    forced = list(forced)
    if forced:  # check them as a search does, with its messages
        problem.search(forced=forced, backend="python")
    plan: list[tuple[str, int | None]] = [("taxes", None)]
    if bound == "lagrangian" and lagrangian_applies(problem, costs):
        entries = len(problem.compiled().nodes)
        plan = [("taxes", PROBE * entries), ("lagrangian", None)]
        if not problem.secondary:  # parts forced by primary items alone: no conflict
            plan[1:] = [("lagrangian", PRICED * entries), ("parts", None)]
    run = _Run(k, forced, dict(zip(names, costs, strict=True)), progress, progress_interval)
    for solution in known:
        run.add(list(solution))
    if time_limit is not None:
        run.deadline = start + time_limit
    ended = "limit"
    shape = structure(problem) if not any(u != v for u, v in problem.bounds.values()) else None
    for phase, budget in plan:
        if phase == "parts":
            ended = _by_parts(problem, cast(tuple[int, ...], costs), run, backend, max_nodes, shape)
            break
        net = net_costs(problem, costs, phase, shape)
        indices = [problem.index(name) for name in forced]
        loop, own, in_order = _by_net_cost(problem, names, net, indices, backend)
        nodes = None if max_nodes is None else max_nodes - run.stats.nodes
        if budget is not None:
            nodes = budget if nodes is None else min(nodes, budget)
        net_of = dict(zip(names, net, strict=True))
        ended = run.descend(loop, own, in_order, _net_cost(net_of), nodes)
        if ended != "budget" or (max_nodes is not None and run.stats.nodes >= max_nodes):
            break
    run.stats.elapsed = time.perf_counter() - start
    covers = [(cost, solution) for cost, _, solution in run.best]
    return Cheapest(covers, run.stats, ended == "end")


def check_arguments(k: int, backend: str | None, bound: str) -> None:
    """``minimum``'s arguments that any part of a split search would refuse, refused now."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise DLXError(f"k must be a whole number >= 1, not {k!r}")
    if backend not in (None, "python", "c"):
        raise ArgumentError(f"backend must be 'python', 'c' or None, not {backend!r}")
    if bound not in BOUNDS:
        raise ArgumentError(f"bound must be one of {BOUNDS}, not {bound!r}")


def _by_net_cost(
    problem: Problem,
    names: Sequence[OptionName],
    net: list[float],
    forced: list[int],
    backend: str | None,
) -> tuple[_CostSearch, Stats, list[OptionName]]:
    """A cost loop over ``problem`` with its options sorted by ``net`` cost (ties in their
    own order, so that every item's list is sorted too), the options ``forced`` (indices)
    forced; its own stats, and its options' names in its order."""
    order = sorted(range(len(names)), key=net.__getitem__)  # stable: ties by index
    place = [0] * len(order)
    for at, o in enumerate(order):
        place[o] = at
    own = Stats()
    links = problem.compiled_in(order)
    loop = _cost_loop(links, [place[o] for o in forced], own, [net[o] for o in order], backend)
    return loop, own, [names[o] for o in order]


def _net_cost(net_of: dict[OptionName, float]) -> Callable[[Solution], float]:
    """A cover's net cost, its options' added up in its order."""
    return lambda solution: sum(net_of[name] for name in solution)


def _shifted(cost: Callable[[Solution], float], offset: float) -> Callable[[Solution], float]:
    """A cover's cost less ``offset``: its net cost in a part priced anew (``_by_parts``)."""
    return lambda solution: cost(solution) - offset


PROBE = 16  # nodes an entry searched with taxes before the Lagrangian bound is computed
PRICED = 16  # nodes an entry searched with the whole problem's prices before the parts
PARTS = 16  # nodes an entry a part is searched with its own prices before it is cut (1 at least)


def _by_parts(
    problem: Problem,
    costs: tuple[int, ...],
    run: _Run,
    backend: str | None,
    max_nodes: int | None,
    shape: Structure | None,
) -> str:
    """Branch and bound over parts of the problem, each priced anew: a part is the problem
    with some options forced (the caller's first). Its Lagrangian bound (``repriced``) plus
    the forced options' costs is a lower bound on every cover through it: a part that
    cannot beat the k-th best cover found is left, else searched with its own prices for
    PARTS nodes an entry, and cut, if that did not finish it, into one part for each option
    left of its item with fewest (cheapest first). Prices from the whole problem's relaxation
    lose their edge as the search goes down; a part's own are tighter, the more so as more is
    forced (random set partitioning: a root bound 18 below the optimum, and 99 of 102 parts
    of the first cut left unsearched). "end", "budget" (``max_nodes``) or "limit"."""
    names = problem.option_names()
    entries = len(problem.compiled().nodes)
    outer = run.forced
    parts = [[problem.index(name) for name in outer]]  # a stack: no recursion
    try:
        while parts:
            part = parts.pop()
            spent = sum(costs[o] for o in part)
            enough = run.best[-1][0] - spent if len(run.best) == run.k else math.inf
            net, least, branch = repriced(problem, costs, part, shape, enough)
            if least >= enough:  # no cover through the part can be among the k best
                continue
            offset = spent + least  # cost = offset + net, for a cover of the part
            loop, own, in_order = _by_net_cost(problem, names, net, part, backend)
            nodes = max(1, PARTS * entries)
            if max_nodes is not None:
                if run.stats.nodes >= max_nodes:
                    return "budget"
                nodes = min(nodes, max_nodes - run.stats.nodes)
            run.forced = [names[o] for o in part]
            ended = run.descend(loop, own, in_order, _shifted(run.cost, offset), nodes)
            if ended == "limit":
                return ended
            if ended == "budget":
                parts.extend([*part, o] for o in reversed(branch))
        return "end"
    finally:
        run.forced = outer


class CostProgress:
    """What ``minimum``'s progress callback is given (the same object at every call):
    ``stats`` so far, ``cost`` the least found so far (or None), and ``progress()``, Knuth's
    estimate of the fraction explored of the tree under way (a search with taxes first,
    then one with Lagrangian prices, each from 0)."""

    def __init__(self) -> None:
        self.stats = Stats()
        self.cost: float | None = None
        self._explored = 0.0

    def progress(self) -> float:
        """The fraction of the current search's tree explored, by Knuth's estimate."""
        return self._explored


class _Run:
    """One ``minimum``: the k cheapest distinct covers found so far, the statistics of its
    searches, its deadline and progress callback."""

    def __init__(
        self,
        k: int,
        forced: list[OptionName],
        cost_of: dict[OptionName, float],
        progress: Callable[[CostProgress], object] | None,
        interval: int,
    ) -> None:
        self.k, self.forced, self.cost_of = k, forced, cost_of
        self.best: list[tuple[float, int, Solution]] = []  # (cost, when found, solution)
        self.found = 0  # solutions added so far: the order of finding, for ties
        self.stats = Stats()  # of the searches done
        self.deadline: float | None = None
        self.progress, self.interval = progress, interval
        self.view = CostProgress()

    def descend(
        self,
        loop: _CostSearch,
        stats: Stats,
        names: list[OptionName],
        net_cost: Callable[[Solution], float],
        max_nodes: int | None,
    ) -> str:
        """Run one loop (``names``: its options' names, in its order; ``stats``: its own),
        keeping its cutoff at the k-th best cover's net cost (``net_cost`` of a cover, in
        the loop's net costs); "end", "budget" (``max_nodes``) or "limit" (the deadline)."""
        seen = {frozenset(solution) for _, _, solution in self.best}
        best = self.best
        if len(best) == self.k:
            loop.cutoff = net_cost(best[-1][2])
        next_progress = self.interval
        try:
            while True:
                next_check = min(stats.nodes + _CHECK_EVERY, next_progress)
                if max_nodes is not None:
                    next_check = min(next_check, max_nodes)
                event, _ = loop.run(next_check, stats.solutions + 1)
                if event == END:
                    return "end"
                if event == CHECKPOINT:
                    if max_nodes is not None and stats.nodes >= max_nodes:
                        return "budget"
                    if self.deadline is not None and time.perf_counter() >= self.deadline:
                        return "limit"
                    if self.progress is not None and stats.nodes >= next_progress:
                        next_progress = stats.nodes + self.interval
                        self._show(stats, explored(loop.branches()))
                    continue
                solution = self.forced + [names[o] for o in loop.chosen()]
                if frozenset(solution) in seen:  # found again, after a first loop
                    continue
                seen.add(frozenset(solution))
                self.add(solution)
                if len(best) == self.k:  # added up in the loop's order: exactly its figure
                    loop.cutoff = net_cost(best[-1][2])
        finally:
            self.stats.add(stats)

    def cost(self, solution: Solution) -> float:
        """What ``solution``'s options cost."""
        try:
            return sum(self.cost_of[name] for name in solution)
        except (KeyError, TypeError):
            raise UnknownOptionError(
                f"a known solution names an option the problem does not have: {solution!r}"
            ) from None

    def add(self, solution: Solution) -> None:
        """Keep ``solution`` if it is among the k cheapest so far (ties: the first found)."""
        cost = self.cost(solution)
        self.best.append((cost, self.found, solution))
        self.found += 1
        self.best.sort(key=lambda found: (found[0], found[1]))
        del self.best[self.k :]

    def _show(self, stats: Stats, explored: float) -> None:
        """Call the progress callback with the statistics of every search so far."""
        assert self.progress is not None
        view = self.view
        view.stats = Stats()
        view.stats.add(self.stats)
        view.stats.add(stats)
        view.cost = self.best[0][0] if self.best else None
        view._explored = explored
        self.progress(view)


class _CostSearch(Protocol):
    """What ``minimum`` drives: a loop with a cutoff and the cost of its choices."""

    cutoff: float

    def run(self, next_check: int, target: int) -> tuple[int, int]: ...
    def chosen(self) -> list[int]: ...
    def branches(self) -> list[tuple[int, int]]: ...
    def cost(self) -> float: ...


def _cost_loop(
    links: Links, forced: list[int], stats: Stats, net: list[float], backend: str | None
) -> _CostSearch:
    """The loop for ``minimum``: DLX5's in C when built and allowed, in Python otherwise;
    Algorithm M with costs for a problem with item bounds."""
    if links.has_bounds:
        return MultiplicityLoop(links, forced, None, stats, costs=net)
    if backend != "python" and _exact_in_doubles(net):
        from dlx.search import c_cost_loop

        loop = c_cost_loop(links, forced, stats, [float(c) for c in net])
        if loop is not None:
            return loop
        if backend == "c":
            raise ArgumentError("backend 'c' is not available: dlx._search was not built")
    return CostLoop(links, forced, stats, net)


def _exact_in_doubles(net: list[float]) -> bool:
    """Whether C's doubles add and compare these costs as Python does: floats do (the same
    IEEE arithmetic), integers while every sum of them stays below 2**53."""
    return sum(c for c in net if isinstance(c, int)) < _EXACT_FLOAT
