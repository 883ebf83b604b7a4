"""Fixtures for the play tests: a real server on 127.0.0.1 in a thread, and a way to call it.

The tests talk HTTP to the uvicorn server the `play` command runs, not to an in-process
stand-in, so routing, the host check, body limits and the worker processes are all real.
They skip, saying what to install, where the ``[web]`` extra is missing.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is missing: pip install -e '.[web]'")
pytest.importorskip("uvicorn", reason="the web extra is missing: pip install -e '.[web]'")

from sudoku.web.app import listen, server, url_of  # noqa: E402

START_TIMEOUT = 30.0  # seconds to wait for the server to come up before failing


@contextmanager
def running(budget: float) -> Iterator[str]:
    """A play server on a free port of 127.0.0.1 with job ``budget``; yields its address."""
    sock = listen(0)
    serving = server(sock, budget=budget)
    thread = threading.Thread(target=serving.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT
    while not serving.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the play server did not start")
        time.sleep(0.02)
    try:
        yield url_of(sock)
    finally:
        serving.should_exit = True
        thread.join(START_TIMEOUT)
        sock.close()


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """One server for the whole session, with the default time budget."""
    with running(budget=30.0) as url:
        yield url


Call = Callable[..., tuple[int, Any]]


def request(
    url: str,
    path: str,
    body: Any = None,
    *,
    data: bytes | None = None,
    method: str = "POST",
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    """(status, decoded answer) for one request: JSON decoded, anything else as text."""
    if data is None and body is not None:
        data = json.dumps(body).encode()
    sent = urllib.request.Request(
        url.rstrip("/") + path,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(sent, timeout=120) as response:
            status, kind, raw = response.status, response.headers["content-type"], response.read()
    except urllib.error.HTTPError as error:
        status, kind, raw = error.code, error.headers["content-type"] or "", error.read()
    if kind.startswith("application/json"):
        return status, json.loads(raw)
    return status, raw.decode()


# A 4x4 killer puzzle: dominoes across each row of a complete grid, each with its sum.
KILLER_SOLUTION = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
KILLER_SUMS = [KILLER_SOLUTION[2 * k] + KILLER_SOLUTION[2 * k + 1] for k in range(8)]
KILLER_CAGES = (
    "\n".join("abcdefgh"[2 * r] * 2 + "abcdefgh"[2 * r + 1] * 2 for r in range(4))
    + "\n"
    + " ".join(f"{label}={total}" for label, total in zip("abcdefgh", KILLER_SUMS, strict=True))
)


def workers() -> list[int]:
    """The worker processes this test process has started (servers run in its threads)."""
    children = Path(f"/proc/{os.getpid()}/task").glob("*/children")
    pids = {int(pid) for listing in children for pid in listing.read_text().split()}
    found = []
    for pid in pids:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except FileNotFoundError:  # ended meanwhile
            continue
        if b"sudoku.web.jobs" in command:
            found.append(pid)
    return found


def kill_workers() -> int:
    """SIGKILL every worker of this process; how many there were."""
    pids = workers()
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    return len(pids)


@pytest.fixture(scope="session")
def api(base_url: str) -> Call:
    """``api(name, body)`` posts to /api/<name> on the session's server."""
    return lambda name, body=None, **kw: request(base_url, f"/api/{name}", body, **kw)


@pytest.fixture(scope="module")
def context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium at a desktop's size for the test module (``browser.chromium``)."""
    from .browser import chromium  # skips where Playwright or Chromium is missing

    with chromium(tmp_path_factory.mktemp("chromium-profile")) as made:
        yield made


@pytest.fixture
def page(context: Any, base_url: str) -> Iterator[Any]:
    """A page of ``context`` on a clean game, watched (``browser.watched``)."""
    from .browser import watched

    with watched(context, base_url) as opened:
        yield opened
