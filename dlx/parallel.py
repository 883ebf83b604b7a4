"""One search split across processes or a Dask cluster: counts with checkpoints, and
solutions in the serial order.

The search is cut into tasks by ``dlx.tree`` (Knuth's estimates on the top of the tree) and
the tasks run on a runner of ``dlx.executors`` (a process pool, Dask, or any
``concurrent.futures.Executor``), whose one retry policy reruns a task whose worker died.
Here: ``Count`` (with a checkpoint file, so that a rerun skips the tasks it records as
finished), ``solutions`` (handed out in the serial order, in bounded memory), and ``imap``
(any work, in input order).
"""

from __future__ import annotations

import itertools
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dlx import checkpoints, executors, seeds
from dlx.checkpoints import CheckpointError, write_atomically
from dlx.cores import usable_cores
from dlx.costs import Cheapest, check_arguments
from dlx.costs import minimum as serial_minimum
from dlx.errors import ArgumentError, ConflictError
from dlx.executors import Retries, Runner, WorkerDied, fingerprint, worker_problem
from dlx.loop import Stats
from dlx.search import Search
from dlx.tree import Estimate, Plan, Task, Tree, cut_bounded, estimate, split

if TYPE_CHECKING:
    from dlx.problem import OptionName, Problem, Solution
    from dlx.seeds import Seed

__all__ = [
    "CHUNK",
    "CheckpointError",
    "Count",
    "Estimate",
    "Plan",
    "Progress",
    "Task",
    "Tree",
    "count",
    "estimate",
    "fingerprint",
    "imap",
    "solutions",
    "split",
    "usable_cores",
    "write_atomically",
]

CHUNK = 10_000  # solutions a task hands back at most: the memory bound of solutions()


# -- what a worker runs ---------------------------------------------------------------------


def _count_task(
    key: str,
    payload: Problem | None,
    forced: tuple[int, ...],
    limit: int | None,
    backend: str | None,
    excluded: tuple[int, ...] = (),
) -> tuple[int, int]:
    """Count one task's solutions: (solutions, nodes). A task of ``cut_bounded`` may leave
    options out (``excluded``), and its forced options may not fit together (none then)."""
    problem = worker_problem(key, payload)
    names = problem.option_names()
    chosen = [names[i] for i in forced]
    if excluded:
        problem = problem.without(names[i] for i in excluded)
    try:
        search = Search(problem, forced=chosen, backend=backend)
    except ConflictError:
        return 0, 0
    return search.count(limit), search.stats.nodes


def _minimum_task(
    key: str,
    payload: Problem | None,
    forced: tuple[int, ...],
    k: int,
    known: list[Solution],
    backend: str | None,
    bound: str,
) -> tuple[list[tuple[float, Solution]], Stats]:
    """One task's k cheapest covers, counting the ``known`` ones among them."""
    problem = worker_problem(key, payload)
    names = problem.option_names()
    found = serial_minimum(
        problem, k, forced=[names[i] for i in forced], known=known, backend=backend, bound=bound
    )
    return found.covers, found.stats


def _solutions_task(
    key: str,
    payload: Problem | None,
    forced: tuple[int, ...],
    depth: int,
    skip: int,
    take: int,
    seed: int | None,
    backend: str | None,
) -> tuple[list[Solution], bool, int]:
    """Up to ``take`` solutions of one task after the first ``skip``, whether more follow,
    and how many of the solutions so far (skipped or not) share the last one's option at
    ``depth``: where a continuation picks up."""
    problem = worker_problem(key, payload)
    names = problem.option_names()
    search = Search(problem, forced=[names[i] for i in forced], seed=seed, backend=backend)
    run, last = 0, None
    for solution in islice(search, skip):
        step = solution[depth] if len(solution) > depth else None
        run = run + 1 if step == last else 1
        last = step
    found = list(islice(search, take))
    for solution in found:
        step = solution[depth] if len(solution) > depth else None
        run = run + 1 if step == last else 1
        last = step
    more = len(found) == take and search.first() is not None
    return found, more, run


# -- counting ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Progress:
    """Where a parallel count stands, for a progress display."""

    done: int  # tasks finished, including those a checkpoint had
    total: int  # tasks in all
    solutions: int  # counted so far
    elapsed: float  # seconds since this run started
    eta: float | None  # seconds left, from the estimates of the tasks left; None at first


class Count:
    """A parallel count: ``run()`` returns the number of solutions.

    ``jobs`` worker processes (all the cores by default) or ``executor`` (see
    ``dlx.executors.runner``) run the tasks of ``split``; ``tasks`` overrides how many. ``limit``
    stops the count there. ``checkpoint`` names a file that records the plan and every
    finished task's count (rewritten atomically, at most every ``save_every`` seconds and
    at the end); a rerun with the file runs only the tasks it does not record, and a file
    made for another problem is refused. ``progress(Progress)`` is called as tasks finish.
    On Ctrl-C the checkpoint is saved, the workers stopped and KeyboardInterrupt raised:
    ``solutions`` then holds the partial count. ``tasks_run`` counts the tasks this run
    finished (a task run again after its worker died counts once).
    """

    def __init__(
        self,
        problem: Problem,
        *,
        jobs: int | None = None,
        executor: Any = None,
        forced: Iterable[OptionName] = (),
        limit: int | None = None,
        tasks: int | None = None,
        checkpoint: str | os.PathLike[str] | None = None,
        progress: Callable[[Progress], object] | None = None,
        backend: str | None = None,
        save_every: float = 1.0,
    ) -> None:
        if limit is not None and limit < 0:
            raise ArgumentError(f"limit must be at least 0, not {limit}")
        if limit is not None and checkpoint is not None:
            raise ArgumentError("a count with a limit keeps no checkpoint")
        self.problem = problem
        self._jobs, self._executor = jobs, executor
        self._forced = list(forced)
        self._limit = limit
        self._tasks = tasks
        self._checkpoint = None if checkpoint is None else Path(checkpoint)
        self._progress = progress
        self._backend = backend
        self._save_every = save_every
        self.plan: Plan | None = None
        self.counts: dict[int, int] = {}  # task number -> its count
        self.solutions = 0
        self.nodes = 0  # nodes searched by this run's tasks
        self.tasks_run = 0
        self.restarts = 0  # times the process pool was replaced after a worker died
        self.unsaved: OSError | None = None  # why the checkpoint could not be written

    def run(self) -> int:
        """Count, and return the number of solutions (at most ``limit``)."""
        runner = executors.runner(self.problem, self._jobs, self._executor)
        try:
            self._plan(runner.workers)
            return self._count(runner)
        except KeyboardInterrupt:
            self._save()
            raise
        finally:
            runner.close()

    def _plan(self, workers: int) -> None:
        saved = None
        if self._checkpoint is not None:
            forced = [self.problem.index(name) for name in self._forced]
            saved = checkpoints.load(self._checkpoint, self.problem, forced)
        if saved is not None:
            self.plan, self.counts = saved
        else:
            cut = cut_bounded if self.problem.compiled().has_bounds else split
            self.plan = cut(self.problem, workers=workers, tasks=self._tasks, forced=self._forced)
        self.solutions = sum(self.counts.values())

    def _count(self, runner: Runner) -> int:
        plan = self.plan
        assert plan is not None
        limit = self._limit
        todo = _largest_first(plan, self.counts)  # counts add up in any order
        work = sum(plan.tasks[k].estimate for k in todo) or 1.0
        done_work = 0.0
        start = saved = time.monotonic()
        key, payload = fingerprint(self.problem), runner.payload()

        def submit(k: int) -> Any:
            task = plan.tasks[k]
            forced = plan.forced + task.prefix
            return runner.submit(
                _count_task, key, payload, forced, limit, self._backend, task.excluded
            )

        def finished(k: int, result: tuple[int, int]) -> None:
            nonlocal done_work
            found, nodes = result
            self.counts[k] = found
            self.solutions += found
            self.nodes += nodes
            self.tasks_run += 1
            done_work += plan.tasks[k].estimate
            if self._progress is not None:
                elapsed = time.monotonic() - start
                left = elapsed * (work - done_work) / done_work if done_work else None
                self._progress(
                    Progress(len(self.counts), len(plan.tasks), self.solutions, elapsed, left)
                )

        def between() -> bool:
            nonlocal saved
            if self._checkpoint is not None and time.monotonic() - saved >= self._save_every:
                self._save()
                saved = time.monotonic()
            return limit is None or self.solutions < limit

        def restarted() -> None:
            self.restarts += 1

        _run_tasks(runner, todo, submit, finished, plan, between, restarted)
        self._save()
        return self.solutions if limit is None else min(self.solutions, limit)

    def _save(self) -> None:
        """Write the checkpoint; one that cannot be written does not stop the count: the
        first error is kept in ``unsaved`` for the caller to report."""
        if self._checkpoint is not None and self.plan is not None:
            try:
                checkpoints.save(self._checkpoint, self.problem, self.plan, self.counts)
            except OSError as error:
                self.unsaved = self.unsaved or error


def _run_tasks(
    runner: Runner,
    todo: deque[int],
    submit: Callable[[int], Any],
    finished: Callable[[int, Any], None],
    plan: Plan,
    go_on: Callable[[], bool],
    restarted: Callable[[], None],
) -> None:
    """Run the tasks numbered in ``todo`` on ``runner``, two a worker in flight:
    ``submit(k)`` starts task k (its future), ``finished(k, result)`` takes its result, and
    ``go_on()``, asked before each round, may stop the run. When a worker dies, the pool is
    restarted (``restarted()``) and the tasks it was running run again, within the one
    retry policy of ``dlx.executors``."""
    retries = Retries()
    running: dict[Any, int] = {}
    while (todo or running) and go_on():
        while todo and len(running) < 2 * runner.workers:
            k = todo.popleft()
            running[submit(k)] = k
        died = []
        for future in runner.wait(running):
            k = running.pop(future)
            try:
                result = runner.result(future)
            except WorkerDied:
                died.append(k)
                continue
            finished(k, result)
        if died:  # the pool broke: every task it was running failed with it
            died += running.values()
            running.clear()
            for k in died:
                retries.again(k, f"task {k} (prefix {list(plan.tasks[k].prefix)})")
            runner.restart()
            restarted()
            todo.extendleft(reversed(died))


def _largest_first(plan: Plan, done: Iterable[int] = ()) -> deque[int]:
    """The tasks not ``done``, largest estimated first, so that no big one is left to run
    alone at the end."""
    skip = set(done)
    order = sorted(
        (k for k in range(len(plan.tasks)) if k not in skip), key=lambda k: -plan.tasks[k].estimate
    )
    return deque(order)


def count(
    problem: Problem,
    limit: int | None = None,
    *,
    jobs: int | None = None,
    executor: Any = None,
    forced: Iterable[OptionName] = (),
    tasks: int | None = None,
    backend: str | None = None,
) -> int:
    """The number of solutions, counted by parallel workers (see ``Count``)."""
    return Count(
        problem,
        jobs=jobs,
        executor=executor,
        forced=forced,
        limit=limit,
        tasks=tasks,
        backend=backend,
    ).run()


def minimum(
    problem: Problem,
    k: int = 1,
    *,
    jobs: int | None = None,
    executor: Any = None,
    forced: Iterable[OptionName] = (),
    tasks: int | None = None,
    backend: str | None = None,
    bound: str = "lagrangian",
) -> Cheapest:
    """The ``k`` cheapest solutions, as ``dlx.costs.minimum`` finds them, the search cut
    into the tasks of ``split`` and run by parallel workers (``jobs``, ``executor``: see
    ``Count``). The cheapest known so far is shared: each task starts from the k cheapest
    covers found when it is handed out, so it prunes by them (largest tasks first). The
    costs are the serial search's; among covers of equal cost, which are kept may differ.
    """
    check_arguments(k, backend, bound)
    start = time.perf_counter()
    kept: list[tuple[float, int, Solution]] = []  # (cost, when found, solution), cheapest first
    finding = itertools.count()
    stats = Stats()
    runner = executors.runner(problem, jobs, executor)
    try:
        plan = split(problem, workers=runner.workers, tasks=tasks, forced=forced)
        key, payload = fingerprint(problem), runner.payload()

        def submit(t: int) -> Any:
            known = [solution for _, _, solution in kept]
            prefix = plan.forced + plan.tasks[t].prefix
            return runner.submit(_minimum_task, key, payload, prefix, k, known, backend, bound)

        def finished(t: int, result: tuple[list[tuple[float, Solution]], Stats]) -> None:
            nonlocal kept
            covers, part = result
            seen = {frozenset(solution) for _, _, solution in kept}
            for cost, solution in covers:  # the task's own, and the known it was given
                if frozenset(solution) not in seen:
                    seen.add(frozenset(solution))
                    kept.append((cost, next(finding), solution))
            kept = sorted(kept, key=lambda found: (found[0], found[1]))[:k]
            stats.add(part)

        _run_tasks(runner, _largest_first(plan), submit, finished, plan, lambda: True, lambda: None)
    finally:
        runner.close()
    stats.elapsed = time.perf_counter() - start
    return Cheapest([(cost, solution) for cost, _, solution in kept], stats, True)


# -- enumerating ------------------------------------------------------------------------------


def solutions(
    problem: Problem,
    *,
    jobs: int | None = None,
    executor: Any = None,
    forced: Iterable[OptionName] = (),
    seed: Seed = None,
    tasks: int | None = None,
    chunk: int = CHUNK,
    backend: str | None = None,
) -> Iterator[Solution]:
    """Every solution, found by parallel workers and handed out in the serial order.

    At most two tasks a worker run ahead of the one being read, and a task hands back at
    most ``chunk`` solutions; a task with more is cut into its subtrees (or, seeded,
    resumed) where it stopped. Memory is bounded by ``2 * workers * chunk`` solutions.
    Unseeded, the order is exactly ``problem.solutions()``'s. With a ``seed``, each task
    searches its subtree in a random order from a seed drawn from ``seed`` and its prefix:
    the same solutions, in an order that is the same for the same seed and the same plan
    (``tasks``, ``jobs``), but not the serial order for that seed. Stop early by closing
    the generator (or leaving a ``for`` loop): the workers stop then.
    """
    if chunk < 1:
        raise ArgumentError(f"chunk must be at least 1, not {chunk}")
    forced = list(forced)
    runner = executors.runner(problem, jobs, executor)
    try:
        plan = split(problem, workers=runner.workers, tasks=tasks, forced=forced)
        # the tree cuts a long task into its subtrees; else it goes on, skipping what it gave
        tree = Tree(problem, forced) if seed is None and not problem.compiled().has_bounds else None
        # a Random is drawn from once, here: the tasks' seeds are derived from that int
        base = None if seed is None else seeds.resolve(seed, 64)
        yield from _ordered(problem, plan, runner, tree, base, chunk, backend)
    finally:
        runner.close()


def _ordered(
    problem: Problem,
    plan: Plan,
    runner: Runner,
    tree: Tree | None,
    seed: int | None,
    chunk: int,
    backend: str | None,
) -> Iterator[Solution]:
    """Run the pieces [(prefix, solutions to skip), future or None] in order, at most a
    window of them at once, and hand out the head's solutions as it finishes."""
    key, payload = fingerprint(problem), runner.payload()
    queue: deque[list[Any]] = deque([(task.prefix, 0), None] for task in plan.tasks)
    window = 2 * runner.workers
    retries = Retries()

    def submit(entry: list[Any]) -> None:
        prefix, skip = entry[0]
        forced = plan.forced + prefix
        task_seed = None if seed is None else seeds.derive(seed, prefix)
        entry[1] = runner.submit(
            _solutions_task, key, payload, forced, len(forced), skip, chunk, task_seed, backend
        )

    while queue:
        running = sum(entry[1] is not None for entry in islice(queue, window))
        for position, entry in enumerate(queue):
            if running >= window and position:
                break
            if entry[1] is None:
                submit(entry)
                running += 1
        (prefix, skip), future = queue[0]
        while not future.done():
            runner.wait([future])
        try:
            found, more, run = runner.result(future)
        except WorkerDied:  # the pool broke: run every piece it had again
            for entry in queue:
                if entry[1] is not None:
                    retries.again(entry[0], f"the piece at prefix {list(entry[0][0])}")
                entry[1] = None
            runner.restart()
            continue
        queue.popleft()
        yield from found
        if more:
            rest = _continuation(tree, problem, plan, prefix, skip, found, run)
            queue.extendleft([piece, None] for piece in reversed(rest))


def _continuation(
    tree: Tree | None,
    problem: Problem,
    plan: Plan,
    prefix: tuple[int, ...],
    skip: int,
    found: list[Solution],
    run: int,
) -> list[tuple[tuple[int, ...], int]]:
    """The pieces that finish a truncated one, in order. Unseeded: its subtrees from the
    one its last solution is in (skipping the ``run`` solutions already handed out there)
    to the last. Seeded (or with bounds), the same piece again, skipping more."""
    if tree is None:
        return [(prefix, skip + len(found))]
    last = problem.index(found[-1][len(plan.forced) + len(prefix)])
    options = tree.branch(tree.node(prefix))
    assert options, "a truncated piece has more than one solution, so it branches"
    after = options[options.index(last) + 1 :]
    return [((*prefix, last), run)] + [((*prefix, option), 0) for option in after]


# -- any work, in order ---------------------------------------------------------------------


def imap(
    fn: Callable[[Any], Any],
    items: Iterable[Any],
    *,
    jobs: int | None = None,
    executor: Any = None,
    window: int | None = None,
) -> Iterator[Any]:
    """``fn(item)`` for every item, computed by parallel workers, yielded in input order.

    Like ``map``, lazy at both ends: at most ``window`` items (two per worker by default)
    are read ahead and in flight, so an endless input runs in bounded memory. ``fn`` and
    the items travel to worker processes, so they must pickle (a module-level function or
    a ``functools.partial`` of one). An item whose worker process died is run again.
    Closing the generator stops the workers.
    """
    runner = executors.runner(None, jobs, executor)
    try:
        window = window or 2 * runner.workers
        if window < 1:
            raise ArgumentError(f"window must be at least 1, not {window}")
        pending: deque[list[Any]] = deque()  # [number, item, future], in input order
        source = enumerate(items)
        retries = Retries()
        while True:
            while len(pending) < window:
                read = next(source, None)
                if read is None:
                    break
                pending.append([*read, runner.submit(fn, read[1])])
            if not pending:
                return
            entry = pending[0]
            while not entry[2].done():
                runner.wait([entry[2]])
            try:
                result = runner.result(entry[2])
            except WorkerDied:  # the pool broke: run again what it had
                for number, _, _ in pending:
                    retries.again(number, f"item {number}")
                runner.restart()
                for waiting in pending:
                    waiting[2] = runner.submit(fn, waiting[1])
                continue
            pending.popleft()
            yield result
    finally:
        runner.close()
