"""Algorithm X (with Algorithm C's colors) on dancing links: one iterative search loop.

Steps are named as in TAOCP 7.2.2.1 and Knuth's DLX2:
X2 all primary items covered -> visit a solution; X3 choose an item i (minimum remaining
values, leftmost among ties, random among ties when seeded; unseeded, the scan stops at the
first item with one option left, a forced move); X4 cover i; X5 try the next
option x_l in i's list, committing its other items; X6 undo x_l; X7 uncover i; X8 leave
the level. Every mode (first solution, all lazily, count, random order, limits) is this
one loop; the choice stack ``choice[level]`` replaces recursion, so depth is unbounded.

The loop exists three times over the same compiled problem: ``PythonLoop`` here, dancing
links complete on its own; ``dlx.bitsearch.BitsLoop``, the same steps with the active
options and the uncovered items as ints, much faster in pure Python while the masks are
short; and ``dlx._search.Loop`` in C when it was built (PEP 399). All step the same way,
consume a seeded ``random.Random`` the same way and count the same statistics, so they give
identical answers. ``Search`` drives any of them (``backend=``: "python", "bits", "c", or
"auto", the faster pure-Python one for the problem; default ``DEFAULT_BACKEND``: "c" when
built, else "auto").
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dlx.errors import ConflictError

if TYPE_CHECKING:
    from dlx.problem import Links, OptionName, Problem, Seed, Solution

# What a loop's run(next_check, target) stopped at; dlx._search uses the same numbers.
SOLUTION, CHECKPOINT, END = 0, 1, 2
_NEVER = 2**63 - 1  # a solution target no search reaches: count them all


@dataclass
class Stats:
    """What a search has done so far.

    ``nodes`` counts options tried (nodes of the search tree), ``updates`` the link changes
    made by cover and hide (Knuth's "updates"), ``profile[l]`` the nodes at depth l.
    """

    nodes: int = 0
    updates: int = 0
    solutions: int = 0
    elapsed: float = 0.0
    profile: list[int] = field(default_factory=list)


def as_random(seed: Seed) -> random.Random | None:
    """A private generator for ``seed`` (int or Random), None for the deterministic order.

    The global ``random`` state is never touched.
    """
    if seed is None or isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, a random.Random or None, not {seed!r}")
    return random.Random(seed)


class PythonLoop:
    """The search loop in pure Python, over its own copy of the problem's link arrays.

    ``run(next_check, target)`` goes on from where it stood and returns ``(SOLUTION, level)``
    with a solution at depth ``level`` once ``stats.solutions`` reaches ``target`` (solutions
    before that are only counted: that is how ``count`` runs), ``(CHECKPOINT, level)`` once
    ``stats.nodes`` reaches ``next_check``, or ``(END, 0)`` when the tree is exhausted;
    ``stats`` is current whenever it returns. ``dlx._search.Loop`` is the same loop in C with
    the same methods.
    """

    def __init__(
        self, links: Links, forced: list[int], rng: random.Random | None, stats: Stats
    ) -> None:
        depth = links.n_primary + 1
        self.level = 0
        self._option_of = links.option_of
        self._choice = [0] * depth  # choice[l]: the node of the option chosen at level l
        self._orders: list[list[int]] = [[] for _ in range(depth)]  # options to try at l
        self._tried = [0] * depth  # how many of orders[l] have been tried
        self._next_check = self._target = 0
        self._steps = self._loop(links, forced, rng, stats)

    def run(self, next_check: int, target: int) -> tuple[int, int]:
        """Search on to the target solution, the checkpoint or the end (see the class)."""
        self._next_check = next_check
        self._target = target
        return next(self._steps, (END, 0))

    def chosen(self) -> list[int]:
        """The options (as indices) chosen at the levels above the current one."""
        return [self._option_of[x] for x in self._choice[: self.level]]

    def branches(self) -> list[tuple[int, int]]:
        """For each level above the current one: (options to try, options tried)."""
        return [(len(self._orders[k]), self._tried[k]) for k in range(self.level)]

    def _loop(
        self, links: Links, forced: list[int], rng: random.Random | None, stats: Stats
    ) -> Iterator[tuple[int, int]]:
        llink, rlink, length = links.llink[:], links.rlink[:], links.length[:]
        ulink, dlink, color = links.ulink[:], links.dlink[:], links.color[:]
        top, others, option_nodes = links.top, links.others, links.option_nodes
        profile = stats.profile
        choice, orders, tried = self._choice, self._orders, self._tried
        updates = 0

        def cover(i: int, c: int = 0) -> None:
            """Hide every option in item i's list and take i out of the active list; or, with
            a color c > 0, purify i: keep the options giving i color c, marked -1 (already
            committed), and hide the rest (Algorithm C)."""
            nonlocal updates
            p = dlink[i]
            while p != i:
                if c and color[p] == c:
                    color[p] = -1
                else:
                    hide = others[p]
                    for q in hide:
                        u = ulink[q]
                        d = dlink[q]
                        dlink[u] = d
                        ulink[d] = u
                        length[top[q]] -= 1
                    updates += len(hide) + (not c)
                p = dlink[p]
            if not c:
                left = llink[i]
                right = rlink[i]
                rlink[left] = right
                llink[right] = left

        def uncover(i: int, c: int = 0) -> None:
            """Undo cover(i, c), in the reverse order (dancing links)."""
            if not c:
                left = llink[i]
                right = rlink[i]
                rlink[left] = i
                llink[right] = i
            p = ulink[i]
            while p != i:
                if c and color[p] < 0:
                    color[p] = c
                else:
                    for q in others[p]:
                        u = ulink[q]
                        d = dlink[q]
                        dlink[u] = q
                        ulink[d] = q
                        length[top[q]] += 1
                p = ulink[p]

        def commit_nodes(nodes: Iterable[int]) -> None:
            """Cover or purify the items of these nodes (Algorithm C's commit)."""
            for q in nodes:
                if color[q] >= 0:  # -1: the item is already purified with this color
                    cover(top[q], color[q])

        def uncommit_nodes(nodes: tuple[int, ...]) -> None:
            for q in reversed(nodes):
                if color[q] >= 0:
                    uncover(top[q], color[q])

        if links.has_colors:

            def commit(x: int) -> None:
                commit_nodes(others[x])

            def uncommit(x: int) -> None:
                uncommit_nodes(others[x])

        else:  # no colors: commit is covering the other items, listed once for speed
            other_items = links.other_items

            def commit(x: int) -> None:
                for j in other_items[x]:
                    cover(j)

            def uncommit(x: int) -> None:
                for j in reversed(other_items[x]):
                    uncover(j)

        for index in forced:
            commit_nodes(option_nodes[index])

        level = 0
        next_check, target = self._next_check, self._target
        try:
            while True:
                if rlink[0] == 0:  # X2: every primary item is covered
                    stats.solutions += 1
                    if stats.solutions >= target:
                        stats.updates = updates
                        self.level = level
                        yield SOLUTION, level
                        next_check, target = self._next_check, self._target
                    forward = False
                else:  # X3: the item with fewest options, leftmost (or random) among ties
                    i = rlink[0]
                    best = length[i]
                    if rng is None:
                        j = rlink[i]
                        while j and best > 1:  # one option is a forced move: stop looking
                            if length[j] < best:
                                i = j
                                best = length[j]
                            j = rlink[j]
                    else:
                        ties = [i]
                        j = rlink[i]
                        while j:
                            if length[j] < best:
                                best = length[j]
                                ties = [j]
                            elif length[j] == best:
                                ties.append(j)
                            j = rlink[j]
                        i = rng.choice(ties)
                    forward = best > 0
                    if forward:  # X4: cover i, list its options in the order they are tried
                        cover(i)
                        order = orders[level]
                        order.clear()
                        x = dlink[i]
                        while x != i:
                            order.append(x)
                            x = dlink[x]
                        if rng is not None:
                            rng.shuffle(order)
                        tried[level] = 0
                while True:
                    if not forward:  # X8: leave this level; X6: undo the option tried above
                        if level == 0:
                            return
                        level -= 1
                        uncommit(choice[level])
                        tried[level] += 1
                    order = orders[level]
                    if tried[level] < len(order):  # X5: try the next option
                        x = order[tried[level]]
                        choice[level] = x
                        commit(x)
                        if level == len(profile):
                            profile.append(0)
                        profile[level] += 1  # no call from here to stats.nodes: Ctrl-C finds
                        stats.nodes += 1  # the profile and the count of nodes in step
                        level += 1
                        if stats.nodes >= next_check:
                            stats.updates = updates
                            self.level = level
                            yield CHECKPOINT, level
                            next_check, target = self._next_check, self._target
                        break
                    uncover(top[order[0]])  # X7: every option of i has been tried
                    forward = False
        finally:
            stats.updates = updates
            self.level = level


try:
    from dlx._search import Layout, Loop
except ImportError:  # not built: the pure-Python loop does everything
    Layout = Loop = None


def c_loop(links: Links, forced: list[int], rng: random.Random | None, stats: Stats) -> Loop:
    """The C loop over ``links``, whose checked C copy (a ``Layout``) is made once and kept
    on the links: each search then only copies arrays, a few microseconds."""
    layout = links.__dict__.get("_layout")
    if layout is None:
        layout = links._layout = Layout(links)
    return Loop(layout, forced, rng, stats)


from dlx.bitsearch import BitsLoop, mask_cost  # noqa: E402  (it builds on PythonLoop)

AUTO_MASK_COST = 8192  # "auto" takes BitsLoop up to this mask_cost, dancing links above


def auto_loop(
    links: Links, forced: list[int], rng: random.Random | None, stats: Stats
) -> PythonLoop:
    """The faster pure-Python loop for this problem: masks when they are short."""
    loop = BitsLoop if mask_cost(links) <= AUTO_MASK_COST else PythonLoop
    return loop(links, forced, rng, stats)


LOOPS: dict[str, Callable[..., PythonLoop | Loop]] = {
    "python": PythonLoop,
    "bits": BitsLoop,
    "auto": auto_loop,
}
if Loop is not None:
    LOOPS["c"] = c_loop
DEFAULT_BACKEND = "c" if "c" in LOOPS else "auto"  # what backend=None means


class Search:
    """One run of the search over a problem: an iterator of solutions with statistics.

    ``seed`` randomizes tie-breaks and the order options are tried (int or
    ``random.Random``); ``forced`` names options every solution must contain; ``max_nodes``
    and ``time_limit`` (seconds) end the search early, with ``complete`` False and
    ``stopped_by`` saying why; ``progress(search)`` is called every ``progress_interval``
    nodes. A ``Search`` resumes where it stopped: ``first()`` then ``count()`` counts the rest.
    ``backend`` picks the loop: ``"c"`` (``dlx._search``, when built), ``"python"`` (dancing
    links), ``"bits"`` (option masks), ``"auto"`` (whichever of those two suits the problem),
    or None for ``DEFAULT_BACKEND``; all give the same solutions in the same order and the
    same stats.

    >>> from dlx import Problem
    >>> s = Problem([["a"], ["b"], ["a", "b"]]).search()
    >>> s.count(), s.complete, s.stats.nodes
    (2, True, 3)
    """

    def __init__(
        self,
        problem: Problem,
        *,
        seed: Seed = None,
        forced: Iterable[OptionName] = (),
        max_nodes: int | None = None,
        time_limit: float | None = None,
        progress: Callable[[Search], object] | None = None,
        progress_interval: int = 100_000,
        backend: str | None = None,
    ) -> None:
        if progress_interval < 1:
            raise ValueError(f"progress_interval must be at least 1, not {progress_interval}")
        self.backend = DEFAULT_BACKEND if backend is None else backend
        if self.backend not in LOOPS:
            if self.backend == "c":
                raise ValueError(
                    "backend 'c' is not available: dlx._search was not built "
                    "(it needs a C compiler and Python's headers at install time)"
                )
            raise ValueError(f"backend must be one of {sorted(LOOPS)} or None, not {backend!r}")
        self.problem = problem
        self._names = problem.option_names()
        forced = list(forced)
        self._forced = [problem.index(name) for name in forced]
        if self.backend != "c":
            _check_forced(problem, forced)
        self._max_nodes = max_nodes
        self._time_limit = time_limit
        self._progress = progress
        self._interval = progress_interval
        self.stats = Stats()
        self.complete = False
        self.stopped_by: str | None = None
        try:
            self._loop = LOOPS[self.backend](
                problem.compiled(), self._forced, as_random(seed), self.stats
            )
        except ValueError:  # the C loop refuses conflicting forced options: name them
            _check_forced(problem, forced)
            raise
        self._deadline: float | None = None
        self._next_check: int | None = None  # the node count of the next checkpoint
        self._ended = False

    # -- the public face ---------------------------------------------------------------

    def __iter__(self) -> Iterator[Solution]:
        return self

    def __next__(self) -> Solution:
        if not self._advance(self.stats.solutions + 1):
            raise StopIteration
        names = self._names
        return [names[i] for i in self._forced] + [names[i] for i in self._loop.chosen()]

    def first(self) -> Solution | None:
        """The next solution (the first, on a fresh search), or None when there is none."""
        solution = next(self, None)
        if solution is not None and not self.complete:
            self.stopped_by = "limit"
        return solution

    def count(self, limit: int | None = None) -> int:
        """Count solutions (from where the search stands), stopping at ``limit``."""
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be at least 0, not {limit}")
        start = self.stats.solutions
        target = _NEVER if limit is None else min(start + limit, _NEVER)
        if target > start and not self._advance(target):
            return self.stats.solutions - start
        if not self.complete:
            self.stopped_by = "limit"
        return self.stats.solutions - start

    def progress(self) -> float:
        """Knuth's estimate of the fraction of the search tree explored so far (0..1)."""
        if self.complete:
            return 1.0
        done, weight = 0.0, 1.0
        for options, tried in self._loop.branches():
            weight /= max(options, 1)
            done += tried * weight
        return min(done + weight / 2, 1.0)

    def __repr__(self) -> str:
        state = (
            "complete"
            if self.complete
            else f"stopped by {self.stopped_by}"
            if self.stopped_by
            else "running"
        )
        s = self.stats
        return f"<Search {state}: {s.solutions} solutions, {s.nodes} nodes, {s.updates} updates>"

    # -- driving the loop --------------------------------------------------------------

    def _advance(self, target: int) -> bool:
        """Run until ``stats.solutions`` reaches ``target``, counting the solutions before
        it without handing them out: True, or False when the search ended first (complete,
        or stopped by a limit or an interrupt)."""
        if self._ended:
            return False
        start = time.perf_counter()
        if self._time_limit is not None and self._deadline is None:
            self._deadline = start + self._time_limit
        if self._next_check is None:
            self._next_check = self._next_checkpoint()
        self.stopped_by = None
        try:
            while True:
                event, _ = self._loop.run(self._next_check, target)
                if event == SOLUTION:
                    return True
                if event == END:
                    self.complete = self._ended = True
                    return False
                if not self._checkpoint():
                    self._ended = True
                    return False
                self._next_check = self._next_checkpoint()
        except KeyboardInterrupt:
            self.stopped_by = "interrupt"
            self._ended = True
            raise
        finally:
            self.stats.elapsed += time.perf_counter() - start

    def _checkpoint(self) -> bool:
        """Called every so many nodes: polls the callback; False when a limit is reached."""
        if self._max_nodes is not None and self.stats.nodes >= self._max_nodes:
            self.stopped_by = "nodes"
            return False
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            self.stopped_by = "time"
            return False
        if self._progress is not None:
            self._progress(self)
        return True

    def _next_checkpoint(self) -> int:
        steps = [self.stats.nodes + self._interval]
        if self._max_nodes is not None:
            steps.append(self._max_nodes)
        if self._deadline is not None:
            steps.append(self.stats.nodes + 1024)
        return min(steps)


def _check_forced(problem: Problem, forced: list[OptionName]) -> None:
    """Raise ConflictError, naming two options, unless the forced ones fit in one solution."""
    primary = problem.primary_set
    owner: dict[object, tuple[OptionName, object]] = {}
    for name in forced:
        for item, color in problem.entries(name):
            if item in owner:
                other, other_color = owner[item]
                if other == name:
                    raise ConflictError(f"option {name!r} is forced twice")
                if item in primary or color is None or color != other_color:
                    raise ConflictError(
                        f"forced options {other!r} and {name!r} both cover item {item!r}"
                    )
            owner[item] = (name, color)
