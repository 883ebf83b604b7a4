"""The play server under a flood of slow jobs from local clients (issue 26, point 2): the
queue is bounded (503 at once when full), clients that hang up have their jobs called off,
and the page and a 9x9 solve stay answered meanwhile. Traffic goes to 127.0.0.1 only, from
a bounded number of clients for a bounded time."""

from __future__ import annotations

import json
import statistics
import threading
import time
import urllib.error
import urllib.request
from collections import Counter

from tests.sudoku.web.conftest import running

EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SLOW = {"puzzle": "." * 256, "variant": "windoku"}  # an empty 16x16 windoku: runs to the budget
CLIENTS = 24
FLOOD_SECONDS = 6.0


def post(url: str, path: str, body: dict, timeout: float) -> int:
    sent = urllib.request.Request(
        url.rstrip("/") + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(sent, timeout=timeout) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as refused:
        return refused.code


def timed(work) -> tuple[float, object]:
    start = time.monotonic()
    result = work()
    return time.monotonic() - start, result


def test_a_flood_of_slow_jobs_leaves_the_page_and_a_small_solve_answered() -> None:
    with running(budget=4.0) as url:
        stop = threading.Event()
        seen: Counter[object] = Counter()

        def flood() -> None:  # each client gives up after a second, and goes again
            while not stop.is_set():
                try:
                    seen[post(url, "/api/solve", SLOW, timeout=1.0)] += 1
                except OSError:
                    seen["gave up"] += 1

        clients = [threading.Thread(target=flood, daemon=True) for _ in range(CLIENTS)]
        for client in clients:
            client.start()
        time.sleep(1.5)  # the queue fills
        page, solve = [], []
        deadline = time.monotonic() + FLOOD_SECONDS
        while time.monotonic() < deadline:
            seconds, answer = timed(lambda: urllib.request.urlopen(url, timeout=30).status)
            assert answer == 200
            page.append(seconds)
            seconds, status = timed(lambda: post(url, "/api/solve", {"puzzle": EXAMPLE}, 30))
            assert status == 200
            solve.append(seconds)
            time.sleep(0.2)
        stop.set()
        for client in clients:
            client.join(10)
        assert seen[503] > 0, seen  # a full queue refuses at once
        assert seen["gave up"] > 0, seen  # clients hung up on slow jobs
        print(f"page {max(page):.3f} s, 9x9 solve {max(solve):.3f} s at most; {dict(seen)}")
        assert statistics.median(page) < 1.0 and statistics.median(solve) < 1.0
        assert max(page) < 3.0 and max(solve) < 3.0  # a loaded 2-core machine's spikes
        # The jobs of the clients that left were called off: a slow job right after the
        # flood gets a worker at once (it ends by its budget, not behind a queue of them).
        seconds, status = timed(lambda: post(url, "/api/solve", SLOW, timeout=60))
        assert status == 503 and seconds < 4.0 + 3.0
