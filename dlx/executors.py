"""Where the parts of a parallel run go: a pool of worker processes, a Dask cluster, or any
``concurrent.futures.Executor``, behind one small interface, with one retry policy.

- ``runner(problem, jobs=..., executor=...)`` picks the executor: ``executor`` (a
  ``dask.distributed.Client``, a scheduler address, ``"local"`` for a Dask
  ``LocalCluster``, or a ``concurrent.futures.Executor`` the caller owns), else a pool of
  ``jobs`` processes from the standard library (all the usable cores by default). Each
  worker gets the problem once (Dask: as a task the others depend on, which it makes again
  if the worker holding it dies; a caller's executor: with each task, built once a worker).
- Every runner has the shape of ``concurrent.futures``: ``submit``, ``wait`` for the first
  done, ``result``, and ``close``, which ends the runner's own workers at once, so that
  Ctrl-C and an early stop do not wait for running tasks.
- ``Retries`` is the one policy for work whose worker process died (the pool breaks; it is
  replaced): each unit of work runs at most ``1 + RETRIES`` times, then the run stops with
  ``WorkerLostError`` naming it. Dask retries on its own, within the same bound
  (``distributed.scheduler.allowed-failures``), and past it the same WorkerLostError
  is raised; a scheduler that cannot be reached or is lost is a ``ClusterLostError``.

Dask is imported only when asked for (``pip install 'dlx-sudoku[distributed]'``).
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import signal
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from dlx.cores import usable_cores
from dlx.errors import ArgumentError, ArgumentTypeError, DLXError

if TYPE_CHECKING:
    from dlx.problem import Problem

RETRIES = 3  # runs again of a unit of work whose worker process died, before giving up
MANAGER_EXIT = 30.0  # seconds a closed pool's thread gets to end (it takes milliseconds)


class WorkerLostError(DLXError):
    """A unit of work lost its worker process more often than ``Retries`` allows."""


class ClusterLostError(DLXError):
    """The Dask scheduler could not be reached, or its connection was lost during a run
    (the run's finished parts stay in its checkpoint, if it keeps one)."""


class WorkerDied(Exception):
    """A unit of work's worker process died under it: the runner was restarted, run it
    again (through ``Retries``)."""


class Retries:
    """The one retry policy: each unit of work, by its key, runs at most ``1 + limit`` times
    when its worker process dies under it."""

    def __init__(self, limit: int = RETRIES) -> None:
        self.limit = limit
        self._deaths: Counter[Hashable] = Counter()

    def again(self, key: Hashable, what: str) -> None:
        """Record that ``key`` (``what`` in a message) lost its worker; raise when it has
        run out of tries."""
        self._deaths[key] += 1
        if self._deaths[key] > self.limit:
            raise WorkerLostError(f"{what} lost its worker process {self._deaths[key]} times")


def fingerprint(problem: Problem) -> str:
    """A digest of the problem (items, option names and entries, bounds, costs): what a
    checkpoint and a worker's cache recognize it by."""
    shape: tuple[object, ...] = (
        problem.primary,
        problem.secondary,
        list(problem.options.items()),
        problem.bounds,
    )
    if problem.costs is not None:  # (a problem without costs keeps the digest it always had)
        shape += (problem.costs,)
    return hashlib.sha256(repr(shape).encode()).hexdigest()


# -- in a worker --------------------------------------------------------------------------

_PROBLEMS: dict[str, Problem] = {}  # in a worker: the problems it has built, by fingerprint


def worker_problem(key: str, payload: Problem | None) -> Problem:
    """In a worker: the problem of fingerprint ``key``, kept from an earlier task or taken
    from ``payload`` (its compiled arrays are left behind by pickling and built once here)."""
    problem = _PROBLEMS.get(key)
    if problem is None:
        if payload is None:
            raise RuntimeError("the worker was not given the problem")
        problem = payload
        if len(_PROBLEMS) >= 4:  # a long-lived worker keeps the last few
            del _PROBLEMS[next(iter(_PROBLEMS))]
        _PROBLEMS[key] = problem
    return problem


def _as_result(payload: Problem) -> Problem:
    """The problem, as a Dask task's result that the tasks of a run depend on."""
    return payload


def _start_worker(key: str | None, payload: Problem | None) -> None:
    """A pool process: leave Ctrl-C to the parent, end at once on SIGTERM (a parent that
    takes it as Ctrl-C handed that to its children too), build the problem once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):  # SIGHUP: not on Windows
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if key is not None:
        worker_problem(key, payload)


# -- the runners --------------------------------------------------------------------------


class Runner(Protocol):
    """What a parallel run needs of an executor (see the module): `Pool`, `Dask` and
    `Plain` keep this contract. ``workers`` is how many tasks run at once."""

    workers: int

    def payload(self) -> Any:
        """What a task takes as its problem: None when every worker was given it at start,
        else the problem itself or a handle on it (a Dask future)."""
        ...

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Start ``fn(*args)`` on a worker; a future of its result."""
        ...

    def wait(self, futures: Iterable[Any]) -> set[Any]:
        """Wait for the first of ``futures`` to finish; those finished."""
        ...

    def result(self, future: Any) -> Any:
        """A finished future's result; WorkerDied when its worker process died under it."""
        ...

    def restart(self) -> None:
        """Replace what a dead worker broke, so that its work can be submitted again."""
        ...

    def close(self) -> None:
        """End the runner's own workers at once, without waiting for their tasks."""
        ...


class _Recorded:
    """A multiprocessing context that keeps the processes it starts: what a pool is given
    as its ``mp_context``, so that its processes can be ended without its private fields."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context()
        self.processes: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)

    def Process(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802 (the context's name)
        process = self._context.Process(*args, **kwargs)
        self.processes.append(process)
        return process


class Pool(Runner):
    """A pool of worker processes (the standard library's), each with the problem built
    once. When a process dies the pool breaks: ``result`` raises WorkerDied, and
    ``restart`` replaces the pool. The pool starts its processes through a context that
    keeps them, so that ``close`` ends the running ones without waiting for their tasks."""

    def __init__(self, workers: int, key: str | None = None, payload: Problem | None = None):
        self.workers = workers
        self._start = (key, payload)
        self._executor, self._context = self._new()

    def _new(self) -> tuple[ProcessPoolExecutor, _Recorded]:
        context = _Recorded()
        executor = ProcessPoolExecutor(
            self.workers,
            mp_context=context,  # type: ignore[call-overload]  # a context, by delegation
            initializer=_start_worker,
            initargs=self._start,
        )
        return executor, context

    def payload(self) -> Problem | None:
        return None  # the initializer gave it to every process

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        try:
            return self._executor.submit(fn, *args)
        except BrokenProcessPool:
            self.restart()
            return self._executor.submit(fn, *args)

    def wait(self, futures: Iterable[Any]) -> set[Any]:
        done, _ = wait(list(futures), return_when=FIRST_COMPLETED)
        return done

    def result(self, future: Future[Any]) -> Any:
        try:
            return future.result()
        except BrokenProcessPool:
            raise WorkerDied from None

    def restart(self) -> None:
        self.close()
        self._executor, self._context = self._new()

    def close(self) -> None:
        # shutdown() does not stop running tasks: end the pool's processes (they ignore
        # SIGINT), so that Ctrl-C and an early stop do not wait for them.
        manager = getattr(self._executor, "_executor_manager_thread", None)
        results = getattr(self._executor, "_result_queue", None)  # both gone after shutdown
        self._executor.shutdown(wait=False, cancel_futures=True)
        started = self._context.processes
        for process in started:
            if process.is_alive():
                process.terminate()
        for process in started:
            process.join()
        # A worker ended while it wrote a result leaves the pool's thread reading the rest
        # for ever (the exit joins it): the parent holds the pipe's last writing end. With
        # every worker gone nothing more can come, so close it: the read ends in EOF, the
        # pool breaks as on a dead worker, and its thread ends.
        if results is not None:
            results._writer.close()
        if manager is not None:
            manager.join(timeout=MANAGER_EXIT)


class Dask(Runner):
    """A ``dask.distributed.Client``: the problem goes to each worker once, as the result
    of a task the others depend on; the scheduler runs a task again when its worker dies
    (up to ``distributed.scheduler.allowed-failures`` times). Dask's own errors come out as
    this module's: ``ClusterLostError``, ``WorkerLostError``."""

    def __init__(self, target: Any, payload: Problem | None = None) -> None:
        from dask.distributed import Client

        self._own: list[Any] = []
        self._where = f"at {target}" if isinstance(target, str) else "of the client"
        with self._lost():
            if isinstance(target, str):
                if target == "local":
                    from dask.distributed import LocalCluster

                    # its workers' warnings (tasks called off at Ctrl-C) are not the user's;
                    # no dashboard, and the scheduler's HTTP server on any free port: 8787
                    # taken (another cluster) made a warning about a page nobody asked for
                    cluster = LocalCluster(  # type: ignore[no-untyped-call,unused-ignore]
                        processes=True,
                        threads_per_worker=1,
                        silence_logs=logging.ERROR,
                        scheduler_kwargs={"dashboard": False, "dashboard_address": ":0"},
                    )
                    self._own.append(cluster)
                    target = cluster
                client = Client(target)  # type: ignore[no-untyped-call,unused-ignore]
                self._own.insert(0, client)
                target = client
            self.client = target
            self.workers = max(1, sum(self.client.nthreads().values()))
            # A task, not scattered data: when the worker holding it dies, Dask makes it again.
            self._payload = (
                None if payload is None else self.client.submit(_as_result, payload, pure=False)
            )

    def payload(self) -> Any:
        return self._payload

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        with self._lost():
            return self.client.submit(fn, *args, pure=False)

    def wait(self, futures: Iterable[Any]) -> set[Any]:
        from dask.distributed import wait as dask_wait

        with self._lost():
            done, _ = dask_wait(  # type: ignore[no-untyped-call,unused-ignore]
                list(futures), return_when="FIRST_COMPLETED"
            )
        return set(done)

    def result(self, future: Any) -> Any:
        with self._lost():
            return future.result()

    def restart(self) -> None:  # the scheduler retries by itself
        pass

    def close(self) -> None:
        for owned in self._own:
            try:
                owned.close()
            except (OSError, TimeoutError, RuntimeError):  # a cluster already gone
                pass

    @contextmanager
    def _lost(self) -> Iterator[None]:
        """Dask's errors for a scheduler out of reach, a connection lost or a task whose
        workers kept dying, as ClusterLostError and WorkerLostError."""
        from concurrent.futures import CancelledError

        from distributed.scheduler import KilledWorker

        try:
            yield
        except KilledWorker as error:
            raise WorkerLostError(f"a part of the run lost its Dask workers: {error}") from None
        except (OSError, TimeoutError, CancelledError) as error:
            if isinstance(error, CancelledError):  # Dask calls off the tasks of a lost client
                reason = "its tasks were called off"
            else:
                reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise ClusterLostError(
                f"the Dask scheduler {self._where} could not be reached or was lost: {reason}"
            ) from None


class Plain(Runner):
    """Any ``concurrent.futures.Executor`` the caller owns (and shuts down): the problem
    goes with each task (a worker builds it once and keeps it); ``workers`` is what the
    caller says it runs (the run keeps that many tasks in flight, two each)."""

    def __init__(self, executor: Executor, payload: Problem | None, workers: int) -> None:
        self._executor = executor
        self._payload = payload
        self.workers = workers

    def payload(self) -> Problem | None:
        return self._payload

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        return self._executor.submit(fn, *args)

    def wait(self, futures: Iterable[Any]) -> set[Any]:
        done, _ = wait(list(futures), return_when=FIRST_COMPLETED)
        return done

    def result(self, future: Future[Any]) -> Any:
        return future.result()

    def restart(self) -> None:
        pass

    def close(self) -> None:
        pass


def runner(problem: Problem | None, jobs: int | None, executor: Any) -> Runner:
    """The runner for a run (see the module); each worker gets ``problem`` once, if any."""
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise ArgumentError(f"jobs must be a whole number of at least 1, not {jobs!r}")
    key = None if problem is None else fingerprint(problem)
    if executor is None:
        return Pool(jobs or usable_cores(), key, problem)
    if isinstance(executor, Executor):
        return Plain(executor, problem, jobs or usable_cores())
    if isinstance(executor, str) or hasattr(executor, "scatter"):
        return Dask(executor, problem)
    raise ArgumentTypeError(
        "executor must be a dask.distributed.Client, a scheduler address, 'local' or a "
        f"concurrent.futures.Executor, not {executor!r}"
    )
