"""Endpoints run in worker processes under a time budget, so no request can hang the server.

Generating a large or hard puzzle, or solving an adversarial one, can take longer than anyone
waits, and a search in the server's own thread could not be interrupted. So each job goes to
a worker, a separate Python process (``python -m sudoku.web.jobs``) that reads one JSON
request a line on stdin and writes one JSON answer a line on stdout, once it has imported
the API and said READY. A worker that answers in time is kept for the next job (no start-up
cost per request); one that runs past the budget is killed, and the caller gets
`OverBudget`. A spare worker starts while a job runs, and one that dies idle is replaced at
once, so the next job finds a worker ready; a job whose worker dies under it is given to
another, so a dead worker never reaches the player as an error. At most ``workers`` jobs
run at once; at most ``queue`` others wait their turn, each at most ``wait`` seconds: past
either, the caller gets `Busy` at once (a flood of requests cannot hold the server's
threads). A job whose caller is gone (its ``cancelled`` event set) is dropped if it waits,
its worker killed if it runs.

Plain subprocesses rather than multiprocessing: nothing of the server's own ``__main__`` is
re-imported in the worker, and a killed worker leaves no shared state behind.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import threading
import time
from typing import IO, Any

DEFAULT_BUDGET = 20.0  # seconds a job may take before its worker is killed
DEFAULT_QUEUE = 8  # jobs that may wait for a worker; more are refused at once
DEFAULT_WAIT = 10.0  # seconds a job may wait for a worker before it is refused
READY = "ready\n"  # what a worker says once it can take jobs


class OverBudget(Exception):
    """A job that did not finish within its budget; its worker has been killed."""

    def __init__(self, name: str, budget: float):
        super().__init__(f"{name} stopped after its time budget of {budget:g} s")
        self.name = name
        self.budget = budget


class Busy(Exception):
    """No worker for a job now: the queue is full, or the job waited its limit."""


class Cancelled(Exception):
    """The job's caller went away: it was dropped, or its worker killed."""


class Failed(Exception):
    """A job that ended with an error: ``status`` and ``payload`` are the API's answer."""

    def __init__(self, status: int, payload: dict[str, Any]):
        super().__init__(payload.get("error", ""))
        self.status = status
        self.payload = payload


def answer(name: str, body: Any) -> list[Any]:
    """Run endpoint ``name`` on ``body``: ``["ok", result]`` or ``["failed", status, error]``."""
    from sudoku.web import api

    try:
        return ["ok", api.ENDPOINTS[name](body)]
    except api.ApiError as error:
        return ["failed", error.status, error.to_json()]
    except Exception as error:  # answered as a 500 with a message, never a traceback
        return ["failed", 500, {"error": f"internal error in {name}: {error!r}"[:500]}]


def _work() -> None:
    """The worker's loop: the API imported, READY said, then a JSON request a line in and a
    JSON answer a line out, until EOF."""
    from sudoku.web import api  # noqa: F401  (imported before READY, not on the first job)

    sys.stdout.write(READY)
    sys.stdout.flush()
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.write(json.dumps(answer(request["name"], request["body"])) + "\n")
        sys.stdout.flush()


class _Worker:
    """A worker process and ``ready``, set once it has said READY (the API imported)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sudoku.web.jobs"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=1,
            text=True,
            encoding="utf-8",
        )
        self.ready = threading.Event()

    @property
    def alive(self) -> bool:
        """False once the process has ended (killed, crashed, or out of memory)."""
        return self.process.poll() is None

    def end(self, reader: threading.Thread | None = None) -> None:
        """Kill the process and close its pipes, once ``reader`` (if any) has seen them
        close; a pipe the dead process left unread is dropped, never raised about."""
        self.process.kill()
        self.process.wait()
        if reader is not None and reader.is_alive():
            reader.join()
        for pipe in _pipes(self.process):
            with contextlib.suppress(OSError):
                pipe.close()


class _Died(Exception):
    """The worker ended without an answer (killed from outside, or crashed)."""


class Jobs:
    """Runs endpoints of `sudoku.web.api` in worker processes, each within ``budget`` seconds.

    A spare worker is kept starting or ready: when a job takes the last idle one, another
    starts beside it, and an idle worker that dies is replaced at once, so a job rarely
    waits for Python to start. ``cold_starts`` counts the jobs that did.
    """

    def __init__(
        self,
        *,
        budget: float = DEFAULT_BUDGET,
        workers: int = 2,
        queue: int = DEFAULT_QUEUE,
        wait: float = DEFAULT_WAIT,
    ):
        if budget <= 0 or workers < 1 or queue < 0 or wait <= 0:
            raise ValueError(
                f"need a positive budget, workers and wait, not {budget}, {workers}, {wait}"
            )
        self.budget, self.queue, self.wait = budget, queue, wait
        self.cold_starts = 0
        self._slots = threading.BoundedSemaphore(workers)
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._waiting = 0
        self._closed = False
        self._lock = threading.Lock()

    def _start(self) -> _Worker:
        """A new worker, and the thread that marks it ready, then replaces it if it dies
        idle. Called with the lock held."""
        worker = _Worker()
        threading.Thread(target=self._watch, args=(worker,), daemon=True).start()
        return worker

    def _watch(self, worker: _Worker) -> None:
        if _pipes(worker.process)[1].readline() == READY:
            worker.ready.set()
        worker.process.wait()
        with self._lock:
            idle = worker in self._idle
            if idle:  # died while idle: a fresh one takes its place
                self._idle.remove(worker)
                if not self._closed:
                    self._idle.append(self._start())
        if idle:
            worker.end()

    def warm(self) -> None:
        """Start a worker now, so the first request does not wait for Python to start."""
        with self._lock:
            if not self._idle:
                self._idle.append(self._start())

    def ready(self, timeout: float) -> bool:
        """Whether an idle worker has finished starting, waiting up to ``timeout`` s for one."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                if any(worker.ready.is_set() and worker.alive for worker in self._idle):
                    return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)

    def run(self, name: str, body: Any, cancelled: threading.Event | None = None) -> Any:
        """The result of endpoint ``name`` on ``body``, computed in a worker process.

        Blocks the calling thread (the app calls it from its thread pool). Raises `Failed`
        with the API's status and message when the endpoint refused the request,
        `OverBudget` when it ran out of time (the worker is killed, nothing is left behind),
        `Busy` when no worker could be had (see the module), and `Cancelled` when
        ``cancelled`` was set before the answer came. A worker that dies without an answer
        is replaced and the job given to the new one; a job that two workers die on is
        answered with `Failed` (500).
        """
        cancelled = cancelled or threading.Event()
        with self._lock:
            if self._waiting >= self.queue:
                raise Busy(f"{self._waiting} jobs are waiting already")
            self._waiting += 1
        try:
            started = time.monotonic()
            got = False
            while not cancelled.is_set() and time.monotonic() - started < self.wait:
                if got := self._slots.acquire(timeout=0.1):
                    break
        finally:
            with self._lock:
                self._waiting -= 1
        if not got:
            raise Cancelled(name) if cancelled.is_set() else Busy(f"waited {self.wait:g} s")
        try:
            try:
                reply = self._ask(name, body, cancelled)
            except _Died:  # the other idle workers may be dead too: a new one takes it
                reply = self._ask(name, body, cancelled, fresh=True)
        except _Died:
            raise Failed(500, {"error": f"{name}: the worker ended without an answer"}) from None
        finally:
            self._slots.release()
        outcome = json.loads(reply)
        if outcome[0] == "failed":
            raise Failed(outcome[1], outcome[2])
        return outcome[1]

    def _take(self, name: str, fresh: bool) -> _Worker:
        """An idle worker (a ready one first), or a new one when ``fresh`` or none is idle;
        a spare starts when none is left idle. `Cancelled` once the jobs are closed: a job
        whose worker `close` ended starts no other."""
        dead = []
        with self._lock:
            if self._closed:
                raise Cancelled(name)
            worker = None
            for idle in [] if fresh else sorted(self._idle, key=lambda w: not w.ready.is_set()):
                self._idle.remove(idle)
                if idle.alive:
                    worker = idle
                    break
                dead.append(idle)
            worker = worker or self._start()
            self._busy.add(worker)
            if not self._idle:
                self._idle.append(self._start())
        for idle in dead:
            idle.end()
        return worker

    def _ask(self, name: str, body: Any, cancelled: threading.Event, fresh: bool = False) -> str:
        """One job on a worker (a new one when ``fresh``): its answer line. The worker is
        killed past the budget (`OverBudget`) or when ``cancelled`` is set (`Cancelled`);
        `_Died` when it ended without an answer."""
        request = json.dumps({"name": name, "body": body}) + "\n"
        deadline = time.monotonic() + self.budget
        worker = self._take(name, fresh)
        if not worker.ready.is_set():
            with self._lock:
                self.cold_starts += 1
        while not worker.ready.wait(0.1):
            if not worker.alive or cancelled.is_set() or time.monotonic() >= deadline:
                break
        reply: list[str] = []
        stdin, stdout = _pipes(worker.process)
        reader = threading.Thread(target=lambda: reply.append(stdout.readline()), daemon=True)
        if worker.ready.is_set():
            try:
                stdin.write(request)
                stdin.flush()
                reader.start()
                while reader.is_alive() and not cancelled.is_set():
                    reader.join(min(0.1, max(deadline - time.monotonic(), 0)))
                    if time.monotonic() >= deadline:
                        break
            except OSError:  # the worker died before it read the request
                reply = [""]
        with self._lock:
            self._busy.discard(worker)
        if reply and reply[0]:
            with self._lock:
                self._idle.append(worker)
            return reply[0]
        died = not worker.alive or bool(reply)
        worker.end(reader if reader.ident is not None else None)
        if cancelled.is_set():
            raise Cancelled(name)
        if died:
            raise _Died(name)
        raise OverBudget(name, self.budget)

    def close(self) -> None:
        """End every worker, the busy ones too: the server is stopping, no one waits."""
        with self._lock:
            self._closed = True
            ending, self._idle = [*self._idle, *self._busy], []
            self._busy.clear()
        for worker in ending:
            worker.end()


def _pipes(worker: subprocess.Popen[str]) -> tuple[IO[str], IO[str]]:
    """A worker's stdin and stdout (it is started with both as pipes)."""
    assert worker.stdin is not None and worker.stdout is not None
    return worker.stdin, worker.stdout


if __name__ == "__main__":
    _work()
