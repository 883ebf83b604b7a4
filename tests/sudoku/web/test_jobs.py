"""The worker pool (issue 27, point 6): a worker that dies is replaced without an error
reaching the caller, and a job after a recycle finds a worker that has already started.

Workers are really killed (SIGKILL, as the out-of-memory killer would); the answers after
are checked with `is_solution`. No test times anything: "no wait for a start" is asserted on
the mechanism, the pool's count of jobs that had to wait for their worker to start.
"""

from __future__ import annotations

import os
import threading
import time

import pytest

from sudoku.grid import is_solution, parse
from sudoku.web.jobs import Cancelled, Jobs, OverBudget

from .conftest import kill_workers, request, running, workers

EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SLOW = {"puzzle": "." * 256, "variant": "windoku"}  # an empty 16x16 windoku: runs to the budget
STARTED = 120.0  # seconds a worker is given to start on a busy machine (it takes about one)


def reaped(pids: set[int]) -> bool:
    """Whether the pool has seen ``pids`` end (reaped them), waiting up to STARTED s."""
    deadline = time.monotonic() + STARTED
    while any(exists(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def exists(pid: int) -> bool:
    """Whether process ``pid`` is there, running or a zombie not yet reaped."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def solved(answer: dict) -> bool:
    """Whether a solve record holds a solution of EXAMPLE."""
    puzzle = parse(EXAMPLE)
    return answer["status"] == "unique" and is_solution(
        parse(answer["solutions"][0], puzzle.shape), puzzle
    )


@pytest.fixture
def jobs():
    pool = Jobs(budget=30.0, workers=1)
    pool.warm()
    yield pool
    pool.close()


def test_killed_workers_are_replaced_and_the_next_job_is_answered(jobs):
    assert jobs.ready(STARTED)
    for _ in range(3):  # killed idle, then the job sent at once: it races the replacement
        assert kill_workers() >= 1
        assert solved(jobs.run("solve", {"puzzle": EXAMPLE}))


def test_an_idle_worker_that_dies_is_replaced_before_the_next_job(jobs):
    assert jobs.ready(STARTED)
    assert jobs.run("solve", {"puzzle": EXAMPLE}) and jobs.cold_starts == 0
    killed = set(workers())
    assert kill_workers() >= 1
    assert reaped(killed)
    assert jobs.ready(STARTED)  # a replacement started and ready, with no job asking
    assert solved(jobs.run("solve", {"puzzle": EXAMPLE}))
    assert jobs.cold_starts == 0  # that job did not wait for a worker to start


def test_a_job_after_one_ran_out_of_time_finds_a_worker_ready():
    others = set(workers())  # a server of other tests may have some
    pool = Jobs(budget=1.0, workers=1)
    try:
        pool.warm()
        assert pool.ready(STARTED)
        with pytest.raises(OverBudget):
            pool.run("solve", SLOW)  # its worker is killed: the pool is recycled
        assert pool.ready(STARTED)  # the spare started while the slow job ran
        assert solved(pool.run("solve", {"puzzle": EXAMPLE}))
        assert pool.cold_starts == 0
    finally:
        pool.close()
    assert set(workers()) <= others  # closing ends them all


def test_closing_ends_a_running_job_and_starts_no_other_worker():
    """The server stopping: its job's worker dies under it, and the pool gives the job no
    fresh worker (one started then would outlive the server and write to a closed pipe)."""
    others = set(workers())
    pool = Jobs(budget=60.0, workers=1)
    outcome: list[Exception] = []

    def job() -> None:
        try:
            pool.run("solve", SLOW)
        except Exception as error:  # the outcome is what is checked
            outcome.append(error)

    running_job = threading.Thread(target=job)
    running_job.start()
    deadline = time.monotonic() + STARTED
    while len(set(workers()) - others) < 2:  # the job's worker and the spare
        assert time.monotonic() < deadline, "the job never started"
        time.sleep(0.05)
    pool.close()
    running_job.join(STARTED)
    assert not running_job.is_alive() and len(outcome) == 1
    assert isinstance(outcome[0], Cancelled), outcome
    time.sleep(0.5)  # a worker started after close would be there by now
    assert set(workers()) <= others


def test_the_server_answers_solve_after_its_workers_were_killed():
    with running(budget=30.0) as url:
        assert kill_workers() >= 2  # a worker for each lane, at least
        status, answer = request(url, "/api/solve", {"puzzle": EXAMPLE})
        assert status == 200, answer
        assert solved(answer)
