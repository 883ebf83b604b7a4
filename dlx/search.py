"""The driver: ``Search`` runs any search loop over a problem in every mode.

First solution, all of them lazily, counts to a limit, node and time limits, progress
callbacks, Knuth's estimate of the tree explored, and resuming where a search stopped: all
are the driver's, over one loop's ``run(next_check, target)`` (see ``dlx.loop``). The loops:
``"python"`` (``dlx.dancing``, dancing links), ``"bits"`` (``dlx.bits``, option masks),
``"c"`` (``dlx._search``, in C when it was built: on option bitsets where they fit and a
measured rule says they are faster, see ``bits_pay``, else on dancing links), ``"c-bits"``
and ``"c-links"`` (the C loop on bitsets wherever they fit; on dancing links only) and
``"auto"`` (the faster pure-Python one for the problem). ``DEFAULT_BACKEND`` is "c" when
built, else "auto". A problem with item bounds runs Algorithm M: in C on the "c" loops, in
pure Python (``dlx.multiplicities``) on "python" and "auto"; "bits" refuses it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, cast

from dlx.errors import (
    ArgumentError,
    ArgumentTypeError,
    ConflictError,
    SearchStateError,
    TooLargeError,
)
from dlx.loop import END, NEVER, SOLUTION, Loop, LoopFactory, Stats
from dlx.loop_choice import C_COSTS, PYTHON_COSTS, masks_faster

if TYPE_CHECKING:
    import random

    from dlx.links import Links
    from dlx.problem import OptionName, Problem, Solution
    from dlx.seeds import Seed


try:
    from dlx._search import Layout
    from dlx._search import Loop as CLoop
except ImportError:  # not built: the pure-Python loops do everything
    Layout = CLoop = None  # type: ignore[assignment,misc]


def layout_of(links: Links) -> Layout:
    """The checked C copy of ``links`` (a ``dlx._search.Layout``), made once and kept on the
    links; extensions that use dlx._search's C API (dlx/_search_api.h) take it too."""
    if links.c_layout is None:
        links.c_layout = Layout(links)
    return cast(Layout, links.c_layout)


def c_loop(links: Links, forced: list[int], rng: random.Random | None, stats: Stats) -> Loop:
    """The C loop over ``links``, on option bitsets where they fit and pay (``bits_pay``),
    else on dancing links (Algorithm M there when the problem has item bounds). Each search
    only copies the layout's arrays, a few microseconds."""
    return CLoop(layout_of(links), forced, rng, stats, bits=bits_pay(links))


def c_bits_loop(links: Links, forced: list[int], rng: random.Random | None, stats: Stats) -> Loop:
    """The C loop on option bitsets wherever they fit (no bounds, at most 16,384 options and
    128 primary items; ``loop.bits`` says so), else on dancing links."""
    return CLoop(layout_of(links), forced, rng, stats, bits=True)


def bits_pay(links: Links) -> bool:
    """Whether the C loop should run ``links`` on bitsets: where they fit and the measured
    rule of ``dlx.loop_choice`` finds them faster; decided once, kept on ``links``."""
    if links.c_bits is None:
        layout = layout_of(links)
        links.c_bits = layout.bits_fit and masks_faster(
            links, C_COSTS, lambda probe: CLoop(layout, [], None, probe)
        )
    return links.c_bits


def c_links_loop(links: Links, forced: list[int], rng: random.Random | None, stats: Stats) -> Loop:
    """The C loop on dancing links whatever the problem."""
    return CLoop(layout_of(links), forced, rng, stats)


def c_cost_loop(links: Links, forced: list[int], stats: Stats, costs: list[float]) -> CLoop | None:
    """DLX5's minimum-cost search in C (``dlx.costs.CostLoop``'s twin) given each option's
    net cost, or None when the C loop was not built."""
    if CLoop is None:
        return None
    return CLoop(layout_of(links), forced, None, stats, costs=costs)


# The pure-Python loops are imported when a search asks for one: a run on the C loop (the
# default) never loads them.


def python_loop(links: Links, forced: list[int], rng: random.Random | None, stats: Stats) -> Loop:
    """Dancing links in pure Python (``dlx.dancing``)."""
    from dlx.dancing import DancingLoop

    return DancingLoop(links, forced, rng, stats)


def multiplicity_loop(
    links: Links, forced: list[int], rng: random.Random | None, stats: Stats
) -> Loop:
    """Algorithm M in pure Python (``dlx.multiplicities``): the loop for item bounds
    without the C accelerator (the C loop runs Algorithm M itself on a problem with bounds)."""
    from dlx.multiplicities import MultiplicityLoop

    return MultiplicityLoop(links, forced, rng, stats)


def auto_loop(links: Links, forced: list[int], rng: random.Random | None, stats: Stats) -> Loop:
    """The faster pure-Python loop for this problem: masks where they fit and the measured
    rule of ``dlx.loop_choice`` finds them faster (decided once, kept on ``links``), else
    dancing links."""
    from dlx.bits import MAX_MASK_BYTES, BitsLoop, mask_bytes

    if links.python_bits is None:
        links.python_bits = mask_bytes(links) <= MAX_MASK_BYTES and masks_faster(
            links, PYTHON_COSTS, lambda probe: python_loop(links, [], None, probe)
        )
    if links.python_bits:
        return BitsLoop(links, forced, rng, stats)
    return python_loop(links, forced, rng, stats)


def bits_loop(links: Links, forced: list[int], rng: random.Random | None, stats: Stats) -> Loop:
    """The option-mask loop, or TooLargeError when its masks would pass MAX_MASK_BYTES
    (they grow with options times items: 200,000 options would take tens of GB)."""
    from dlx.bits import MAX_MASK_BYTES, BitsLoop, mask_bytes

    need = mask_bytes(links)
    if need > MAX_MASK_BYTES:
        raise TooLargeError(
            f"backend 'bits' would need up to {need / 2**20:,.0f} MiB for its masks "
            f"({links.n_options} options, {links.n_items} items), more than its "
            f"bound of {MAX_MASK_BYTES >> 20} MiB: use backend 'python' or 'c' (or 'auto')"
        )
    return BitsLoop(links, forced, rng, stats)


LOOPS: dict[str, LoopFactory] = {
    "python": python_loop,
    "bits": bits_loop,
    "auto": auto_loop,
}
if CLoop is not None:
    LOOPS["c"] = c_loop
    LOOPS["c-bits"] = c_bits_loop
    LOOPS["c-links"] = c_links_loop
DEFAULT_BACKEND = "c" if "c" in LOOPS else "auto"  # what backend=None means


def _as_random(seed: Seed) -> random.Random | None:
    """``dlx.seeds.as_random``, loading the random module only for a seeded search."""
    if seed is None:
        return None
    from dlx import seeds

    return seeds.as_random(seed)


class Search:
    """One run of the search over a problem: an iterator of solutions with statistics.

    ``seed`` randomizes tie-breaks and the order options are tried (int or
    ``random.Random``); ``forced`` names options every solution must contain; ``max_nodes``
    and ``time_limit`` (seconds) end the search early, with ``complete`` False and
    ``stopped_by`` saying why; ``progress(search)`` is called every ``progress_interval``
    nodes. A ``Search`` resumes where it stopped: ``first()`` then ``count()`` counts the rest.
    ``backend`` picks the loop: ``"c"`` (``dlx._search``, when built: option bitsets or
    dancing links, as suits the problem), ``"c-bits"`` and ``"c-links"`` (the C loop on
    bitsets where they fit; on dancing links),
    ``"python"`` (dancing links), ``"bits"`` (option masks), ``"auto"`` (whichever of those
    two suits the problem), or None for ``DEFAULT_BACKEND``; all give the same solutions in
    the same order and the same stats, but for each loop's own count of ``updates``.

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
        if not _is_int(progress_interval) or progress_interval < 1:
            raise ArgumentError(
                f"progress_interval must be an int, at least 1, not {progress_interval!r}"
            )
        for name, bound in (("max_nodes", max_nodes), ("time_limit", time_limit)):
            if bound is not None and not (_is_int(bound) or isinstance(bound, float)):
                raise ArgumentTypeError(f"{name} must be a number or None, not {bound!r}")
        if progress is not None and not callable(progress):
            raise ArgumentTypeError(f"progress must be callable, not {progress!r}")
        self.backend = DEFAULT_BACKEND if backend is None else backend
        if self.backend not in LOOPS:
            if self.backend == "c":
                raise ArgumentError(
                    "backend 'c' is not available: dlx._search was not built "
                    "(it needs a C compiler and Python's headers at install time)"
                )
            raise ArgumentError(f"backend must be one of {sorted(LOOPS)} or None, not {backend!r}")
        self.problem = problem
        self._names = problem.option_names()
        links = problem.compiled()
        factory = LOOPS[self.backend]
        if links.has_bounds and self.backend not in ("c", "c-bits", "c-links"):
            # Algorithm M: in C as above, else in pure Python, for a default of "bits" too
            if backend == "bits":
                raise ArgumentError(
                    "backend 'bits' cannot search with item bounds (Algorithm M); "
                    "use 'c', 'python', 'auto' or None"
                )
            self.backend, factory = "python", multiplicity_loop
        forced = list(forced)
        self._forced = [problem.index(name) for name in forced]
        if self.backend not in ("c", "c-bits"):  # the C loop checks them itself, faster
            _check_forced(problem, forced)
        self._max_nodes = max_nodes
        self._time_limit = time_limit
        self._progress = progress
        self._interval = progress_interval
        self.stats = Stats()
        self.complete = False
        self.stopped_by: str | None = None
        try:
            self._loop = factory(links, self._forced, _as_random(seed), self.stats)
        except ValueError:  # the C loop refuses conflicting forced options: name them
            _check_forced(problem, forced)
            raise
        self._deadline: float | None = None
        self._next_check: int | None = None  # the node count of the next checkpoint
        self._ended = False
        self._running = False  # inside _advance: the progress callback may not re-enter

    # -- the public face ---------------------------------------------------------------

    def __iter__(self) -> Iterator[Solution]:
        return self

    def __next__(self) -> Solution:
        if not self._advance(self.stats.solutions + 1):
            raise StopIteration
        names = self._names
        return [names[i] for i in self._forced] + [names[i] for i in self._loop.chosen()]

    def first(self) -> Solution | None:
        """The next solution (the first, on a fresh search), or None when there is none.

        Raises SearchStateError when a node or time limit or Ctrl-C ended the search
        before this call: None would claim there is no other solution.
        """
        self._check_can_go_on()
        solution = next(self, None)
        if solution is not None and not self.complete:
            self.stopped_by = "limit"
        return solution

    def count(self, limit: int | None = None) -> int:
        """Count solutions (from where the search stands), stopping at ``limit``.

        When a node or time limit ends the count, it returns the solutions found so far
        with ``complete`` False and ``stopped_by`` saying why; asked again after that (or
        after Ctrl-C), it raises SearchStateError rather than a silent 0.
        """
        if limit is not None and (not _is_int(limit) or limit < 0):
            raise ArgumentError(f"limit must be an int, at least 0, or None, not {limit!r}")
        self._check_can_go_on()
        start = self.stats.solutions
        target = NEVER if limit is None else min(start + limit, NEVER)
        if target > start and not self._advance(target):
            return self.stats.solutions - start
        if not self.complete:
            self.stopped_by = "limit"
        return self.stats.solutions - start

    def _check_can_go_on(self) -> None:
        if self._ended and not self.complete:
            why = {"nodes": "the node limit", "time": "the time limit", "interrupt": "Ctrl-C"}
            raise SearchStateError(
                f"the search was ended by {why.get(self.stopped_by or '', 'a limit')} "
                f"after {self.stats.nodes} nodes and {self.stats.solutions} solutions; "
                "a new search is needed to go on"
            )

    def progress(self) -> float:
        """Knuth's estimate of the fraction of the search tree explored so far (0..1)."""
        return 1.0 if self.complete else explored(self._loop.branches())

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
        if self._running:
            raise SearchStateError(
                "a search was asked for solutions from inside its own progress callback; "
                "the callback may read the search (stats, progress()), not run it"
            )
        if self._ended:
            return False
        start = time.perf_counter()
        if self._time_limit is not None and self._deadline is None:
            self._deadline = start + self._time_limit
        if self._next_check is None:
            self._next_check = self._next_checkpoint()
        self.stopped_by = None
        self._running = True
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
            self._running = False
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


def explored(branches: Iterable[tuple[int, int]]) -> float:
    """Knuth's estimate of the fraction of a tree explored, from each level above the current
    one's (branches, branches tried before the current one): as though every node of a level
    had as many branches."""
    done, weight = 0.0, 1.0
    for options, tried in branches:
        weight /= max(options, 1)
        done += tried * weight
    return min(done + weight / 2, 1.0)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_forced(problem: Problem, forced: list[OptionName]) -> None:
    """Raise ConflictError, naming two options, unless the forced ones fit in one solution."""
    primary, bounds = problem.primary_set, problem.bounds
    owner: dict[object, tuple[OptionName, object]] = {}
    taken: dict[object, int] = {}  # primary item -> forced options covering it
    for k, name in enumerate(forced):
        if name in forced[:k]:
            raise ConflictError(f"option {name!r} is forced twice")
        for item, color in problem.entries(name):
            if item in primary:
                taken[item] = taken.get(item, 0) + 1
                if taken[item] <= bounds.get(item, (1, 1))[1]:
                    owner[item] = (name, color)
                    continue
            elif item not in owner or (color is not None and color == owner[item][1]):
                owner[item] = (name, color)
                continue
            raise ConflictError(
                f"forced options {owner[item][0]!r} and {name!r} both cover item {item!r}"
                + (f" (at most {bounds[item][1]} may)" if item in bounds else "")
            )
