"""Endpoints run in worker processes under a time budget, so no request can hang the server.

Generating a large or hard puzzle, or solving an adversarial one, can take longer than anyone
waits, and a search in the server's own thread could not be interrupted. So each job goes to
a worker, a separate Python process (``python -m sudoku.web.jobs``) that reads one JSON
request a line on stdin and writes one JSON answer a line on stdout. A worker that answers
in time is kept for the next job (no start-up cost per request); one that runs past the
budget is killed, and the caller gets `OverBudget`. At most ``workers`` jobs run at once;
the others wait their turn.

Plain subprocesses rather than multiprocessing: nothing of the server's own ``__main__`` is
re-imported in the worker, and a killed worker leaves no shared state behind.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import Any

DEFAULT_BUDGET = 20.0  # seconds a job may take before its worker is killed


class OverBudget(Exception):
    """A job that did not finish within its budget; its worker has been killed."""

    def __init__(self, name: str, budget: float):
        super().__init__(f"{name} stopped after its time budget of {budget:g} s")
        self.name = name
        self.budget = budget


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

    def __init__(self, *, budget: float = DEFAULT_BUDGET, workers: int = 2):
        if budget <= 0 or workers < 1:
            raise ValueError(f"need a positive budget and workers, not {budget} and {workers}")
        self.budget = budget
        self._slots = threading.BoundedSemaphore(workers)
        self._idle: list[subprocess.Popen[str]] = []
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

    def run(self, name: str, body: Any) -> Any:
        """The result of endpoint ``name`` on ``body``, computed in a worker process.

        Blocks the calling thread (the app calls it from its thread pool). Raises `Failed`
        with the API's status and message when the endpoint refused the request, and
        `OverBudget` when it ran out of time (the worker is killed, nothing is left behind).
        """
        request = json.dumps({"name": name, "body": body}) + "\n"
        with self._slots:
            with self._lock:
                worker = self._idle.pop() if self._idle else self._start()
            reply: list[str] = []
            reader = threading.Thread(
                target=lambda: reply.append(worker.stdout.readline()), daemon=True
            )
            try:
                worker.stdin.write(request)
                worker.stdin.flush()
                reader.start()
                reader.join(self.budget)
            except OSError:  # the worker died before it read the request
                reply = [""]
            if not reply or not reply[0]:
                timed_out = not reply
                _end(worker, reader)
                if timed_out:
                    raise OverBudget(name, self.budget)
                raise Failed(500, {"error": f"{name}: the worker ended without an answer"})
            with self._lock:
                self._idle.append(worker)
        outcome = json.loads(reply[0])
        if outcome[0] == "failed":
            raise Failed(outcome[1], outcome[2])
        return outcome[1]

    def close(self) -> None:
        """End the idle workers (busy ones end when their job does or is killed)."""
        with self._lock:
            idle, self._idle = self._idle, []
        for worker in idle:
            _end(worker)


def _end(worker: subprocess.Popen[str], reader: threading.Thread | None = None) -> None:
    """Kill ``worker`` and close its pipes, once ``reader`` (if any) has seen them close."""
    worker.kill()
    worker.wait()
    if reader is not None and reader.is_alive():
        reader.join()
    worker.stdin.close()
    worker.stdout.close()


if __name__ == "__main__":
    _work()
