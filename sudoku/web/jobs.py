"""Endpoints run in worker processes under a time budget, so no request can hang the server.

Generating a large or hard puzzle, or solving an adversarial one, can take longer than anyone
waits, and a search in the server's own thread could not be interrupted. So each job goes to
a worker, a separate Python process (``python -m sudoku.web.jobs``) that reads one JSON
request a line on stdin and writes one JSON answer a line on stdout. A worker that answers
in time is kept for the next job (no start-up cost per request); one that runs past the
budget is killed, and the caller gets `OverBudget`. At most ``workers`` jobs run at once;
at most ``queue`` others wait their turn, each at most ``wait`` seconds: past either, the
caller gets `Busy` at once (a flood of requests cannot hold the server's threads). A job
whose caller is gone (its ``cancelled`` event set) is dropped if it waits, its worker killed
if it runs.

Plain subprocesses rather than multiprocessing: nothing of the server's own ``__main__`` is
re-imported in the worker, and a killed worker leaves no shared state behind.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from typing import IO, Any

DEFAULT_BUDGET = 20.0  # seconds a job may take before its worker is killed
DEFAULT_QUEUE = 8  # jobs that may wait for a worker; more are refused at once
DEFAULT_WAIT = 10.0  # seconds a job may wait for a worker before it is refused


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
    """The worker's loop: a JSON request a line in, a JSON answer a line out, until EOF."""
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.write(json.dumps(answer(request["name"], request["body"])) + "\n")
        sys.stdout.flush()


class Jobs:
    """Runs endpoints of `sudoku.web.api` in worker processes, each within ``budget`` seconds."""

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
        self._slots = threading.BoundedSemaphore(workers)
        self._idle: list[subprocess.Popen[str]] = []
        self._busy: set[subprocess.Popen[str]] = set()
        self._waiting = 0
        self._lock = threading.Lock()

    def _start(self) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-m", "sudoku.web.jobs"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=1,
            text=True,
            encoding="utf-8",
        )

    def warm(self) -> None:
        """Start a worker now, so the first request does not wait for Python to start."""
        with self._lock:
            if not self._idle:
                self._idle.append(self._start())

    def run(self, name: str, body: Any, cancelled: threading.Event | None = None) -> Any:
        """The result of endpoint ``name`` on ``body``, computed in a worker process.

        Blocks the calling thread (the app calls it from its thread pool). Raises `Failed`
        with the API's status and message when the endpoint refused the request,
        `OverBudget` when it ran out of time (the worker is killed, nothing is left behind),
        `Busy` when no worker could be had (see the module), and `Cancelled` when
        ``cancelled`` was set before the answer came.
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
            reply = self._ask(name, body, cancelled)
        finally:
            self._slots.release()
        outcome = json.loads(reply)
        if outcome[0] == "failed":
            raise Failed(outcome[1], outcome[2])
        return outcome[1]

    def _ask(self, name: str, body: Any, cancelled: threading.Event) -> str:
        """One job on a worker (an idle one, or a new one): its answer line, or an error;
        the worker is killed past the budget or when ``cancelled`` is set."""
        request = json.dumps({"name": name, "body": body}) + "\n"
        with self._lock:
            worker = self._idle.pop() if self._idle else self._start()
            self._busy.add(worker)
        reply: list[str] = []
        stdin, stdout = _pipes(worker)
        reader = threading.Thread(target=lambda: reply.append(stdout.readline()), daemon=True)
        try:
            stdin.write(request)
            stdin.flush()
            reader.start()
            deadline = time.monotonic() + self.budget
            while reader.is_alive() and not cancelled.is_set() and time.monotonic() < deadline:
                reader.join(0.1)
        except OSError:  # the worker died before it read the request
            reply = [""]
        with self._lock:
            self._busy.discard(worker)
        if not reply or not reply[0]:
            unanswered = not reply  # before _end: the reader then sees the pipe close
            _end(worker, reader)
            if cancelled.is_set():
                raise Cancelled(name)
            if unanswered:
                raise OverBudget(name, self.budget)
            raise Failed(500, {"error": f"{name}: the worker ended without an answer"})
        with self._lock:
            self._idle.append(worker)
        return reply[0]

    def close(self) -> None:
        """End every worker, the busy ones too: the server is stopping, no one waits."""
        with self._lock:
            ending, self._idle = [*self._idle, *self._busy], []
            self._busy.clear()
        for worker in ending:
            _end(worker)


def _end(worker: subprocess.Popen[str], reader: threading.Thread | None = None) -> None:
    """Kill ``worker`` and close its pipes, once ``reader`` (if any) has seen them close."""
    worker.kill()
    worker.wait()
    if reader is not None and reader.is_alive():
        reader.join()
    for pipe in _pipes(worker):
        pipe.close()


if __name__ == "__main__":
    _work()


def _pipes(worker: subprocess.Popen[str]) -> tuple[IO[str], IO[str]]:
    """A worker's stdin and stdout (it is started with both as pipes)."""
    assert worker.stdin is not None and worker.stdout is not None
    return worker.stdin, worker.stdout
