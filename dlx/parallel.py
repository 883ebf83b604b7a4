"""One search split across processes or a Dask cluster: estimates, tasks, checkpoints.

Glossary:
- *prefix*: the options chosen on the way down from the root of the search tree to a node,
  in the engine's own order (minimum remaining values, leftmost among ties; an item's
  options in problem order). A search with ``forced=prefix`` explores exactly that node's
  subtree, in the same order as the whole search does.
- *task*: one prefix, run as an independent search by a worker. The tasks of a ``Plan``
  are the leaves of the top of the tree, in depth-first order, so their counts add up to
  the whole count and their solutions, concatenated, are the serial ones in serial order.
- *estimate*: Knuth's Monte Carlo estimate of a subtree (TAOCP 7.2.2, "estimating the
  running time"): walk down at random, multiplying the number of branches met; the mean
  of the products over many walks is an unbiased estimate of the nodes.

``Tree`` replays the engine's branching on option masks (``dlx.bits.Masks``) without
running a loop, which is cheap near the root; ``split`` cuts the tree until no task is
estimated above a small share of the work. ``Count`` and ``solutions`` run the tasks on an
executor: by default a pool of worker processes from the standard library (a task whose
process died is run again), or a ``dask.distributed.Client`` (``pip install
'dlx-sudoku[distributed]'``; Dask is imported only when asked for). A count can keep a
checkpoint file: a rerun with it skips the tasks it records as finished.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import multiprocessing
import os
import random
import signal
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dlx.bits import Masks
from dlx.errors import DLXError

if TYPE_CHECKING:
    from dlx.problem import OptionName, Problem, Seed, Solution
from dlx.search import Search

Node = tuple[int, int]  # (the live options, the uncovered primary items), as masks

SAMPLES = 16  # random walks per subtree when splitting
TASKS_PER_WORKER = 24  # enough tasks that the last ones are short, as the pool drains
MIN_TASK_NODES = 20_000  # a smaller subtree is not worth a task of its own
MAX_TASKS = 100_000
RETRIES = 3  # runs of a task whose worker process dies, before the count gives up
CHUNK = 10_000  # solutions a task hands back at most: the memory bound of solutions()


class CheckpointError(DLXError):
    """A checkpoint file that cannot be used for this count."""


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
            raise ValueError(
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

    def estimate(self, node: Node, samples: int, rng: random.Random) -> tuple[float, float]:
        """Knuth's estimate of the subtree below ``node``: (nodes, solutions), the means of
        ``samples`` random walks. Nodes are options tried, as ``Stats.nodes`` counts them."""
        nodes = solutions = 0
        for _ in range(samples):
            weight, here = 1, node
            while True:
                options = self.branch(here)
                if options is None:
                    solutions += weight
                    break
                if not options:
                    break
                weight *= len(options)
                nodes += weight
                here = self.child(here, rng.choice(options))
        return nodes / samples, solutions / samples


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
        raise ValueError(f"samples must be at least 1, not {samples}")
    tree = Tree(problem, _checked(problem, forced))
    rng = _rng(seed)
    walks = [tree.estimate(tree.root, 1, rng) for _ in range(samples)]
    nodes = sum(n for n, _ in walks) / samples
    spread = sum((n - nodes) ** 2 for n, _ in walks) / max(samples - 1, 1)
    return Estimate(
        nodes=nodes,
        solutions=sum(s for _, s in walks) / samples,
        error=(spread / samples) ** 0.5,
        samples=samples,
    )


# -- splitting ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """One subproblem: the options chosen below the forced ones (as option numbers), and
    the estimated nodes of its subtree."""

    prefix: tuple[int, ...]
    estimate: float


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
        raise ValueError(f"workers must be at least 1, not {workers}")
    forced_names = _checked(problem, forced)
    forced_indices = tuple(problem.index(name) for name in forced_names)
    if problem.compiled().has_bounds:  # not cut (see Tree): one task, run as it is
        return Plan(forced_indices, (Task((), 1.0),))
    tree = Tree(problem, forced_names)
    rng = _rng(seed)
    root_nodes, _ = tree.estimate(tree.root, samples, rng)
    if tasks is None:
        tasks = max(1, min(TASKS_PER_WORKER * workers, int(root_nodes // MIN_TASK_NODES)))
    tasks = min(tasks, MAX_TASKS)
    # leaves: path (child positions, for depth-first order) -> (prefix, node, estimate)
    leaves: dict[tuple[int, ...], tuple[tuple[int, ...], Node, float]] = {
        (): ((), tree.root, root_nodes)
    }
    heap = [(-root_nodes, ())]
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


def _checked(problem: Problem, forced: Iterable[OptionName]) -> list[OptionName]:
    """The forced options as a list, raising the engine's errors if they cannot be forced."""
    forced = list(forced)
    Search(problem, forced=forced, backend="python")  # names them if they conflict
    return forced


def _rng(seed: Seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


# -- what a worker runs ---------------------------------------------------------------------

_PROBLEMS: dict[str, Problem] = {}  # in a worker: the problems it has built, by fingerprint


def fingerprint(problem: Problem) -> str:
    """A digest of the problem (items, option names and entries): what a checkpoint and a
    worker's cache recognize it by."""
    text = repr((problem.primary, problem.secondary, list(problem.options.items()), problem.bounds))
    return hashlib.sha256(text.encode()).hexdigest()


def _payload(problem: Problem) -> Problem:
    """What a worker needs: the problem (its compiled arrays stay behind, see
    ``Problem.__getstate__``; the worker compiles it once)."""
    return problem


def _worker_problem(key: str, payload: Problem | None) -> Problem:
    problem = _PROBLEMS.get(key)
    if problem is None:
        if payload is None:
            raise RuntimeError("the worker was not given the problem")
        problem = payload
        if len(_PROBLEMS) >= 4:  # a long-lived worker keeps the last few
            del _PROBLEMS[next(iter(_PROBLEMS))]
        _PROBLEMS[key] = problem
    return problem


def _worker_payload(payload: Problem) -> Problem:
    """The problem, as a Dask task's result that the tasks of a run depend on."""
    return payload


def _init_worker(key: str | None = None, payload: Problem | None = None) -> None:
    """A pool process: Ctrl-C is the parent's to handle; build the problem once, if any."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if key is not None:
        _worker_problem(key, payload)


def _count_task(
    key: str,
    payload: Problem | None,
    forced: tuple[int, ...],
    limit: int | None,
    backend: str | None,
) -> tuple[int, int]:
    """Count one task's solutions: (solutions, nodes)."""
    problem = _worker_problem(key, payload)
    names = problem.option_names()
    search = Search(problem, forced=[names[i] for i in forced], backend=backend)
    return search.count(limit), search.stats.nodes


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
    problem = _worker_problem(key, payload)
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


# -- executors --------------------------------------------------------------------------------


class _WorkerDied(Exception):
    """A task's worker process died under it: run it again."""


class _Pool:
    """A pool of worker processes (the standard library's), each with the problem built once.
    When a process dies the pool breaks; it is replaced and the tasks it had are run again."""

    def __init__(self, workers: int, key: str | None = None, payload: Problem | None = None):
        self.workers = workers
        self._start = (key, payload)
        self._executor = self._new()

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context(),
            initializer=_init_worker,
            initargs=self._start,
        )

    def payload(self) -> Problem | None:
        return None  # the initializer gave it to every process

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        try:
            return self._executor.submit(fn, *args)
        except BrokenProcessPool:
            self.restart()
            return self._executor.submit(fn, *args)

    def wait(self, futures: Iterable[Any]) -> set[Any]:
        done, _ = wait(list(futures), return_when=FIRST_COMPLETED)
        return done

    def result(self, future: Future) -> Any:
        try:
            return future.result()
        except BrokenProcessPool:
            raise _WorkerDied from None

    def restart(self) -> None:
        self.close()
        self._executor = self._new()

    def close(self) -> None:
        # Running tasks are not cancelled by shutdown(): end their processes (they ignore
        # SIGINT), so Ctrl-C and an early stop do not wait for them.
        processes = list((getattr(self._executor, "_processes", None) or {}).values())
        self._executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join()


class _Dask:
    """A ``dask.distributed.Client``: the problem goes to each worker once, as the result
    of a task the others depend on; the scheduler runs a task again when its worker dies
    (up to ``distributed.scheduler.allowed-failures`` times)."""

    def __init__(self, target: Any, payload: Problem | None = None) -> None:
        from dask.distributed import Client

        self._own: list[Any] = []
        if isinstance(target, str):
            if target == "local":
                from dask.distributed import LocalCluster

                cluster = LocalCluster(processes=True, threads_per_worker=1)
                self._own.append(cluster)
                target = cluster
            client = Client(target)
            self._own.insert(0, client)
            target = client
        self.client = target
        self.workers = max(1, sum(self.client.nthreads().values()))
        # A task, not scattered data: when the worker holding it dies, Dask makes it again.
        self._payload = (
            None if payload is None else self.client.submit(_worker_payload, payload, pure=False)
        )

    def payload(self) -> Any:
        return self._payload

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self.client.submit(fn, *args, pure=False)

    def wait(self, futures: Iterable[Any]) -> set[Any]:
        from dask.distributed import wait as dask_wait

        done, _ = dask_wait(list(futures), return_when="FIRST_COMPLETED")
        return set(done)

    def result(self, future: Any) -> Any:
        return future.result()

    def restart(self) -> None:  # the scheduler retries by itself
        pass

    def close(self) -> None:
        for owned in self._own:
            owned.close()


class _Plain:
    """Any ``concurrent.futures.Executor`` the caller owns: the problem goes with each task
    (a worker builds it once and keeps it), and the caller shuts the executor down."""

    def __init__(self, executor: Executor, payload: Problem) -> None:
        self._executor = executor
        self._payload = payload
        self.workers = getattr(executor, "_max_workers", None) or usable_cores()

    def payload(self) -> Problem:
        return self._payload

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        return self._executor.submit(fn, *args)

    def wait(self, futures: Iterable[Any]) -> set[Any]:
        done, _ = wait(list(futures), return_when=FIRST_COMPLETED)
        return done

    def result(self, future: Future) -> Any:
        return future.result()

    def restart(self) -> None:
        pass

    def close(self) -> None:
        pass


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity where the OS tells it (a
    container or ``taskset`` may allow fewer than the machine has), else all of them."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _runner(problem: Problem | None, jobs: int | None, executor: Any) -> _Pool | _Dask | _Plain:
    """The executor for a run: ``executor`` (a Dask ``Client``, a scheduler address,
    ``"local"`` for a Dask ``LocalCluster``, or a ``concurrent.futures.Executor``), else a
    process pool of ``jobs`` workers (all the cores by default); each worker gets the
    problem once, when there is one."""
    key = None if problem is None else fingerprint(problem)
    payload = None if problem is None else _payload(problem)
    if executor is None:
        if jobs is not None and jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        return _Pool(jobs or usable_cores(), key, payload)
    if isinstance(executor, Executor):
        return _Plain(executor, payload)
    if isinstance(executor, str) or hasattr(executor, "scatter"):
        return _Dask(executor, payload)
    raise TypeError(
        "executor must be a dask.distributed.Client, a scheduler address, 'local' or a "
        f"concurrent.futures.Executor, not {executor!r}"
    )


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
    ``_runner``) run the tasks of ``split``; ``tasks`` overrides how many. ``limit``
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
            raise ValueError(f"limit must be at least 0, not {limit}")
        if limit is not None and checkpoint is not None:
            raise ValueError("a count with a limit keeps no checkpoint")
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

    def run(self) -> int:
        """Count, and return the number of solutions (at most ``limit``)."""
        runner = _runner(self.problem, self._jobs, self._executor)
        try:
            self._plan(runner.workers)
            return self._count(runner)
        except KeyboardInterrupt:
            self._save()
            raise
        finally:
            runner.close()

    def _plan(self, workers: int) -> None:
        saved = self._load()
        if saved is not None:
            self.plan, self.counts = saved
        else:
            self.plan = split(self.problem, workers=workers, tasks=self._tasks, forced=self._forced)
        self.solutions = sum(self.counts.values())

    def _count(self, runner: _Pool | _Dask | _Plain) -> int:
        plan = self.plan
        assert plan is not None
        limit = self._limit
        # largest estimated task first, so that no big one is left to run alone at the end
        # (counts are added up whatever order they finish in)
        todo = deque(
            sorted(
                (k for k in range(len(plan.tasks)) if k not in self.counts),
                key=lambda k: -plan.tasks[k].estimate,
            )
        )
        work = sum(plan.tasks[k].estimate for k in todo) or 1.0
        done_work = 0.0
        tries = dict.fromkeys(todo, 0)
        running: dict[Any, int] = {}
        start = saved = time.monotonic()
        key, payload = fingerprint(self.problem), runner.payload()

        def submit(k: int) -> None:
            tries[k] += 1
            if tries[k] > RETRIES:
                raise RuntimeError(
                    f"task {k} (prefix {list(plan.tasks[k].prefix)}) lost its worker "
                    f"{RETRIES} times"
                )
            forced = plan.forced + plan.tasks[k].prefix
            future = runner.submit(_count_task, key, payload, forced, limit, self._backend)
            running[future] = k

        while (todo or running) and (limit is None or self.solutions < limit):
            while todo and len(running) < 2 * runner.workers:
                submit(todo.popleft())
            died = []
            for future in runner.wait(running):
                k = running.pop(future)
                try:
                    found, nodes = runner.result(future)
                except _WorkerDied:
                    died.append(k)
                    continue
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
            if died:  # the pool broke: every task it was running failed with it
                died += running.values()
                running.clear()
                runner.restart()
                self.restarts += 1
                todo.extendleft(reversed(died))
            if self._checkpoint is not None and time.monotonic() - saved >= self._save_every:
                self._save()
                saved = time.monotonic()
        self._save()
        return self.solutions if limit is None else min(self.solutions, limit)

    # -- the checkpoint file --------------------------------------------------------------

    _FORMAT = "dlx-sudoku parallel count"

    def _load(self) -> tuple[Plan, dict[int, int]] | None:
        path = self._checkpoint
        if path is None or not path.exists():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != self._FORMAT or data.get("version") != 1:
                raise CheckpointError(f"{path}: not a checkpoint of a dlx-sudoku count")
            forced = [self.problem.index(name) for name in self._forced]
            if data["problem"] != fingerprint(self.problem) or data["forced"] != forced:
                raise CheckpointError(
                    f"{path}: this checkpoint belongs to another problem "
                    "(or other forced options); give another file or delete it"
                )
            tasks = tuple(Task(tuple(prefix), size) for prefix, size in data["tasks"])
            counts = {int(k): int(v) for k, v in data["counts"].items()}
            if any(not 0 <= k < len(tasks) for k in counts):
                raise CheckpointError(f"{path}: a finished task that is not in its plan")
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, CheckpointError):
                raise
            raise CheckpointError(f"{path}: not a readable checkpoint ({error})") from None
        return Plan(tuple(forced), tasks), counts

    def _save(self) -> None:
        if self._checkpoint is None or self.plan is None:
            return
        data = {
            "format": self._FORMAT,
            "version": 1,
            "problem": fingerprint(self.problem),
            "forced": list(self.plan.forced),
            "solutions": self.solutions,
            "tasks": [[list(task.prefix), task.estimate] for task in self.plan.tasks],
            "counts": {str(k): v for k, v in sorted(self.counts.items())},
        }
        write_atomically(self._checkpoint, json.dumps(data, separators=(",", ":")) + "\n")


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, flush it to disk, and rename it
    over ``path``: a reader (or a crash) sees the old contents or the new, never a mix."""
    handle, temporary = tempfile.mkstemp(dir=path.parent or ".", prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


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


# -- enumerating ------------------------------------------------------------------------------


def solutions(
    problem: Problem,
    *,
    jobs: int | None = None,
    executor: Any = None,
    forced: Iterable[OptionName] = (),
    seed: int | None = None,
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
        raise ValueError(f"chunk must be at least 1, not {chunk}")
    forced = list(forced)
    runner = _runner(problem, jobs, executor)
    try:
        plan = split(problem, workers=runner.workers, tasks=tasks, forced=forced)
        # the tree cuts a long task into its subtrees; else it goes on, skipping what it gave
        tree = Tree(problem, forced) if seed is None and not problem.compiled().has_bounds else None
        yield from _ordered(problem, plan, runner, tree, seed, chunk, backend)
    finally:
        runner.close()


def _ordered(
    problem: Problem,
    plan: Plan,
    runner: _Pool | _Dask | _Plain,
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
    deaths = 0

    def submit(entry: list[Any]) -> None:
        prefix, skip = entry[0]
        forced = plan.forced + prefix
        task_seed = None if seed is None else _task_seed(seed, prefix)
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
        except _WorkerDied:  # the pool broke: run every piece it had again
            deaths += 1
            if deaths > RETRIES * len(plan.tasks):
                raise RuntimeError("worker processes keep dying") from None
            for entry in queue:
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


def _task_seed(seed: int, prefix: tuple[int, ...]) -> int:
    """The seed of one task's search: the same for the same seed and prefix."""
    digest = hashlib.sha256(repr((seed, prefix)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


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
    runner = _runner(None, jobs, executor)
    try:
        window = window or 2 * runner.workers
        if window < 1:
            raise ValueError(f"window must be at least 1, not {window}")
        pending: deque[list[Any]] = deque()  # [item, future or None], in input order
        source = iter(items)
        deaths = 0
        while True:
            while len(pending) < window:
                item = next(source, _END)
                if item is _END:
                    break
                pending.append([item, runner.submit(fn, item)])
            if not pending:
                return
            entry = pending[0]
            while not entry[1].done():
                runner.wait([entry[1]])
            try:
                result = runner.result(entry[1])
            except _WorkerDied:  # the pool broke: run again what it had
                deaths += 1
                if deaths > RETRIES * window:
                    raise RuntimeError("worker processes keep dying") from None
                runner.restart()
                for waiting in pending:
                    waiting[1] = runner.submit(fn, waiting[0])
                continue
            pending.popleft()
            yield result
    finally:
        runner.close()


_END = object()
