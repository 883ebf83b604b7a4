"""The top of the engine's search tree, replayed on option masks: Knuth's estimates, and
the cutting of a search into independent tasks.

Glossary:
- *prefix*: the options chosen on the way down from the root of the search tree to a node,
  in the engine's own order (minimum remaining values, leftmost among ties; an item's
  options in problem order). A search with ``forced=prefix`` explores exactly that node's
  subtree, in the same order as the whole search does.
- *task*: one prefix, run as an independent search. The tasks of a ``Plan`` are the leaves
  of the top of the tree, in depth-first order, so their counts add up to the whole count
  and their solutions, concatenated, are the serial ones in serial order.
- *estimate*: Knuth's Monte Carlo estimate of a subtree (TAOCP 7.2.2, "estimating the
  running time"): walk down at random, multiplying the number of branches met; the mean
  of the products over many walks is an unbiased estimate of the nodes.

``Tree`` replays the engine's branching on option masks (``dlx.bits.Masks``) without
running a loop, which is cheap near the root; ``split`` cuts the tree until no task is
estimated above a small share of the work. ``dlx.parallel`` runs the tasks.
"""

from __future__ import annotations

import heapq
import math
import random
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dlx import seeds
from dlx.bits import Masks
from dlx.errors import ArgumentError
from dlx.search import Search

if TYPE_CHECKING:
    from dlx.problem import OptionName, Problem
    from dlx.seeds import Seed

Node = tuple[int, int]  # (the live options, the uncovered primary items), as masks

SAMPLES = 16  # random walks per subtree when splitting
TASKS_PER_WORKER = 24  # enough tasks that the last ones are short, as the pool drains
MIN_TASK_NODES = 20_000  # a smaller subtree is not worth a task of its own
MAX_TASKS = 100_000


# -- the top of the search tree, replayed on masks -------------------------------------------


class Tree:
    """The engine's search tree for ``problem`` (below the ``forced`` options), node by node.

    A node is the pair of masks (live options, uncovered primary items) that the engine's
    state amounts to. ``branch(node)`` gives the options the engine tries there, in the
    order it tries them; the leaves it reaches are those of ``Search(forced=...)``.

    >>> from dlx import Problem
    >>> tree = Tree(Problem({"A": ["a", "b"], "B": ["a"], "C": ["b"]}))
    >>> [tree.name(x) for x in tree.branch(tree.root)]
    ['A', 'B']
    """

    def __init__(self, problem: Problem, forced: Iterable[OptionName] = ()) -> None:
        links = problem.compiled()
        if links.has_bounds:
            raise ArgumentError(
                "the tree of a problem with multiplicities (bounds, Algorithm M) is not "
                "replayed here: it cannot be estimated or cut yet"
            )
        masks = Masks.of(links)
        self.problem = problem
        self._names = problem.option_names()
        self._item = masks.item
        self._keep = masks.keep
        self._n_primary = links.n_primary
        if masks.conflict is not None:
            self._conflict = masks.conflict
        else:  # colors: an option hides those that meet it, except on an item of its color
            self._conflict = []
            for nodes in links.option_nodes:
                hides = 0
                for x in nodes:
                    i, c = links.top[x], links.color[x]
                    hides |= masks.item[i] & ~masks.color[i][c] if c > 0 else masks.item[i]
                self._conflict.append(hides)
        node = (masks.full, (1 << links.n_primary) - 1)
        for name in forced:
            node = self.child(node, problem.index(name))
        self.root = node

    def name(self, option: int) -> OptionName:
        """The user's name of option number ``option``."""
        return self._names[option]

    def child(self, node: Node, option: int) -> Node:
        """The node reached from ``node`` by choosing ``option``."""
        live, uncovered = node
        return live & ~self._conflict[option], uncovered & self._keep[option]

    def node(self, prefix: Iterable[int]) -> Node:
        """The node reached from the root by choosing the options of ``prefix``."""
        node = self.root
        for option in prefix:
            node = self.child(node, option)
        return node

    def branch(self, node: Node) -> list[int] | None:
        """The options the engine tries at ``node``, in order; None at a solution (every
        primary item covered), [] at a dead end. The item is chosen as the engine does:
        fewest live options, leftmost among ties, and the scan stops at one option."""
        live, uncovered = node
        if not uncovered:
            return None
        item, best, rest = 0, -1, uncovered
        while rest:
            low = rest & -rest
            i = low.bit_length()
            size = (live & self._item[i]).bit_count()
            if best < 0 or size < best:
                item, best = i, size
                if best <= 1:
                    break
            rest ^= low
        options = live & self._item[item]
        found = []
        while options:
            low = options & -options
            found.append(low.bit_length() - 1)
            options ^= low
        return found

    def estimate(
        self, node: Node, samples: int, rng: random.Random, *, past: float = math.inf
    ) -> tuple[float, float]:
        """Knuth's estimate of the subtree below ``node``: (nodes, solutions), the means of
        ``samples`` random walks. Nodes are options tried, as ``Stats.nodes`` counts them.
        A walk whose product of branchings passes ``past`` stops there: the estimate is
        then at least that many nodes, which is all a caller asking "more than?" needs."""
        nodes = solutions = 0
        for _ in range(samples):
            weight, here = 1, node
            while weight <= past:
                options = self.branch(here)
                if options is None:
                    solutions += weight
                    break
                if not options:
                    break
                weight *= len(options)
                nodes += weight
                here = self.child(here, rng.choice(options))
        return _mean(nodes, samples), _mean(solutions, samples)


def _mean(total: int, samples: int) -> float:
    """``total / samples`` as a float, infinite past what a float holds (a tree of 25x25
    sudoku has some 10^400 nodes)."""
    try:
        return total / samples
    except OverflowError:
        return math.inf


@dataclass(frozen=True)
class Estimate:
    """Knuth's estimate of a search: the tree's nodes and the solutions, with the standard
    error of the nodes' mean (the walks vary a lot on uneven trees)."""

    nodes: float
    solutions: float
    error: float
    samples: int


def estimate(
    problem: Problem, *, samples: int = 1000, seed: Seed = 0, forced: Iterable[OptionName] = ()
) -> Estimate:
    """Knuth's Monte Carlo estimate of the search tree: how many nodes a count visits and how
    many solutions it finds, from ``samples`` random walks down the engine's own tree.

    Nodes take about 0.1-1 microsecond each in C and ten times that in pure Python.
    """
    if samples < 1:
        raise ArgumentError(f"samples must be at least 1, not {samples}")
    tree = Tree(problem, _checked(problem, forced))
    rng = seeds.generator(seed)
    walks = [tree.estimate(tree.root, 1, rng) for _ in range(samples)]
    nodes = sum(n for n, _ in walks) / samples
    try:  # a tree too large for a float's square has an error as large
        spread = sum((n - nodes) ** 2 for n, _ in walks) / max(samples - 1, 1)
        error = (spread / samples) ** 0.5 if math.isfinite(nodes) else math.inf
    except OverflowError:
        error = math.inf
    return Estimate(
        nodes=nodes,
        solutions=sum(s for _, s in walks) / samples,
        error=error,
        samples=samples,
    )


# -- splitting ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """One subproblem: the options chosen below the forced ones (as option numbers), and
    the estimated nodes of its subtree; a task of ``cut_bounded`` also names the options
    its solutions leave out (``excluded``)."""

    prefix: tuple[int, ...]
    estimate: float
    excluded: tuple[int, ...] = ()


@dataclass(frozen=True)
class Plan:
    """A search cut into tasks, in the engine's depth-first order."""

    forced: tuple[int, ...]
    tasks: tuple[Task, ...]

    @property
    def estimate(self) -> float:
        """The estimated nodes of all the tasks together."""
        return sum(task.estimate for task in self.tasks)


def split(
    problem: Problem,
    *,
    workers: int = 1,
    tasks: int | None = None,
    forced: Iterable[OptionName] = (),
    samples: int = SAMPLES,
    seed: Seed = 0,
) -> Plan:
    """Cut the search into independent tasks, largest estimated subtree first, until there
    are ``tasks`` of them (by default about ``TASKS_PER_WORKER`` per worker, fewer when the
    tree is small: none under ``MIN_TASK_NODES`` nodes is cut). Subtrees with no solution
    found on the way down are dropped; a prefix that is a solution is a task of one."""
    if workers < 1:
        raise ArgumentError(f"workers must be at least 1, not {workers}")
    forced_names = _checked(problem, forced)
    forced_indices = tuple(problem.index(name) for name in forced_names)
    if problem.compiled().has_bounds:  # not cut (see Tree): one task, run as it is
        return Plan(forced_indices, (Task((), 1.0),))
    tree = Tree(problem, forced_names)
    rng = seeds.generator(seed)
    root_nodes, _ = tree.estimate(tree.root, samples, rng)
    if tasks is None:
        tasks = max(1, min(TASKS_PER_WORKER * workers, int(root_nodes // MIN_TASK_NODES)))
    tasks = min(tasks, MAX_TASKS)
    # leaves: path (child positions, for depth-first order) -> (prefix, node, estimate)
    leaves: dict[tuple[int, ...], tuple[tuple[int, ...], Node, float]] = {
        (): ((), tree.root, root_nodes)
    }
    heap: list[tuple[float, tuple[int, ...]]] = [(-root_nodes, ())]
    while heap and len(leaves) < tasks:
        _, path = heapq.heappop(heap)
        prefix, node, _ = leaves[path]
        options = tree.branch(node)
        if not options:  # a solution or a dead end: nothing to cut
            continue
        del leaves[path]
        for position, option in enumerate(options):
            child = tree.child(node, option)
            size, _ = tree.estimate(child, samples, rng)
            if tree.branch(child) == []:
                continue  # a dead end on the spot: no task
            leaves[(*path, position)] = ((*prefix, option), child, 1 + size)
            heapq.heappush(heap, (-(1 + size), (*path, position)))
    plan = tuple(Task(prefix, size) for _, (prefix, _, size) in sorted(leaves.items()))
    return Plan(forced_indices, plan)


def cut_bounded(
    problem: Problem,
    *,
    workers: int = 1,
    tasks: int | None = None,
    forced: Iterable[OptionName] = (),
) -> Plan:
    """Cut a count of a problem with multiplicities (Algorithm M) into about ``tasks``
    independent ones (by default ``TASKS_PER_WORKER`` a worker), whose counts add up to
    the whole count, in any order.

    Its tree is not replayed here, so the cut is by options: a task is split on the primary
    item with the fewest options it may still take (one still short of its lower bound
    first), into a task for each such option o (o chosen, the ones before it left out) and,
    when the item has its lower bound already, one that leaves them all out. So every
    solution of the task is in exactly one of the new ones. Tasks sure to have no solution
    are dropped; every estimate is 1.
    """
    if workers < 1:
        raise ArgumentError(f"workers must be at least 1, not {workers}")
    forced_names = _checked(problem, forced)
    forced_indices = tuple(problem.index(name) for name in forced_names)
    wanted = min(MAX_TASKS, tasks if tasks is not None else TASKS_PER_WORKER * workers)
    links = problem.compiled()
    n1, nodes, starts = links.n_primary, links.nodes, links.starts
    items_of = [
        [i for i in nodes[starts[o] : starts[o + 1]] if i <= n1] for o in range(len(starts) - 1)
    ]
    options_of: list[list[int]] = [[] for _ in range(n1 + 1)]
    for o, items in enumerate(items_of):
        for i in items:
            options_of[i].append(o)
    Leaf = tuple[tuple[int, ...], tuple[int, ...]]  # (prefix, excluded)
    open_leaves: deque[Leaf] = deque([((), ())])
    final: list[Leaf] = []
    while open_leaves and len(open_leaves) + len(final) < wanted:
        prefix, excluded = open_leaves.popleft()
        children = _cut_by_options(
            forced_indices, prefix, excluded, links.bounds, items_of, options_of
        )
        if children is None:
            final.append((prefix, excluded))
        else:
            open_leaves.extend(children)
    leaves = final + list(open_leaves)
    if not leaves:  # no solution anywhere: one task says so
        leaves = [((), ())]
    return Plan(forced_indices, tuple(Task(p, 1.0, e) for p, e in leaves))


def _cut_by_options(
    forced: tuple[int, ...],
    prefix: tuple[int, ...],
    excluded: tuple[int, ...],
    bounds: list[tuple[int, int]],
    items_of: list[list[int]],
    options_of: list[list[int]],
) -> list[tuple[tuple[int, ...], tuple[int, ...]]] | None:
    """``cut_bounded``'s step: the (prefix, excluded) pairs that split a task of options
    ``prefix`` below the ``forced`` ones, leaving out ``excluded``; [] when it surely has no
    solution, None when no item is left to split on."""
    chosen = forced + prefix
    taken = [0] * len(options_of)
    for o in chosen:
        for i in items_of[o]:
            taken[i] += 1
    gone = set(chosen) | set(excluded)
    best: tuple[bool, int, int] | None = None  # (satisfied, options, item) of the least
    best_options: list[int] = []
    for i in range(1, len(options_of)):
        low, high = bounds[i]
        if taken[i] >= high:
            continue
        live = [
            o
            for o in options_of[i]
            if o not in gone and all(taken[j] < bounds[j][1] for j in items_of[o])
        ]
        if not live:
            if taken[i] < low:
                return []  # the item can no longer reach its lower bound
            continue
        key = (taken[i] >= low, len(live), i)
        if best is None or key < best:
            best, best_options = key, live
    if best is None:
        return None
    children = [
        (prefix + (o,), excluded + tuple(best_options[:k])) for k, o in enumerate(best_options)
    ]
    if best[0]:  # the lower bound is met: the solutions that take none of them
        children.append((prefix, excluded + tuple(best_options)))
    return children


def _checked(problem: Problem, forced: Iterable[OptionName]) -> list[OptionName]:
    """The forced options as a list, raising the engine's errors if they cannot be forced."""
    forced = list(forced)
    Search(problem, forced=forced, backend="python")  # names them if they conflict
    return forced
