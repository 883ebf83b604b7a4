"""dlx.parallel: split counts and enumerations give the serial answers, on a process pool and
on a Dask LocalCluster, through dead workers and interrupted, checkpointed runs.

The counts to reach are the published ones in the headers of tests/fixtures; the order of
solutions to reach is the serial search's.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlx
import dlx.search
from dlx import parallel
from dlx.costs import Cheapest
from dlx.parallel import CheckpointError, Count, Plan, Progress, Task, Tree, split, usable_cores
from dlx.tree import cut_bounded
from examples import langford, queens
from tests.dlx.test_backends import bounded
from tests.dlx.test_search import problems
from tests.examples import fixture_files
from tests.oracle import brute_force, check

FIXTURES = fixture_files.DIRECTORY
FAST = sorted(
    path.name
    for path in FIXTURES.glob("*.dlx")
    if path.name not in fixture_files.SLOW
    or "c" in dlx.search.LOOPS
    and path.name == "pentominoes-6x10.dlx"
)
"""The fixtures counted on every executor: all but the pentominoes without the C loop, and
not the 6x10 count without symmetry breaking (four times longer: it is in the slow set)."""


@pytest.fixture(autouse=True)
def backend() -> None:
    """The workers use the default loop: no run per backend here (tests/dlx/conftest.py)."""


def fixture(name: str) -> tuple[dlx.Problem, int]:
    path = FIXTURES / name
    return dlx.read(path), fixture_files.expected(path)


# -- the tree and the split, in process -------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(problems(), st.integers(1, 12), st.integers(1, 4), st.none() | st.integers(0, 99))
def test_split_tasks_give_the_serial_solutions_in_order(
    problem: dlx.Problem, tasks: int, chunk: int, seed: int | None
) -> None:
    """Whatever the cut and the chunk size, the pieces put back together are the serial
    search (unseeded) or the same solutions (seeded), with colors and secondary items."""
    serial = list(problem.solutions())
    with ThreadPoolExecutor(2) as executor:
        found = list(
            parallel.solutions(problem, executor=executor, tasks=tasks, chunk=chunk, seed=seed)
        )
        counted = parallel.count(problem, executor=executor, tasks=tasks)
    if seed is None:
        assert found == serial
    else:
        assert sorted(map(sorted, found)) == sorted(map(sorted, serial))
    assert counted == len(serial)


@pytest.mark.parametrize("name", ["queens-08.dlx", "langford-07.dlx", "knuth-colors.dlx"])
def test_tree_branches_as_the_engine_does(name: str) -> None:
    """Below each prefix of a cut, the engine's solutions take the tree's branches, in the
    tree's order; a prefix with no branches is a solution itself."""
    problem, expected = fixture(name)
    tree = Tree(problem)
    names = problem.option_names()
    total = 0
    for task in split(problem, tasks=30).tasks:
        options = tree.branch(tree.node(task.prefix))
        forced = [names[i] for i in task.prefix]
        below = list(problem.solutions(forced=forced))
        total += len(below)
        if options is None:
            assert below == [forced]
            continue
        taken = [problem.index(s[len(forced)]) for s in below]
        assert set(taken) <= set(options)
        assert taken == sorted(taken, key=options.index)
    assert total == expected


def test_split_keeps_every_solution_and_respects_the_task_count() -> None:
    problem, expected = fixture("queens-10.dlx")
    plan = split(problem, workers=2, tasks=60)
    assert 60 <= len(plan.tasks) < 60 + 10  # the last cut may add up to a row's options
    names = problem.option_names()
    counts = [problem.count(forced=[names[i] for i in t.prefix]) for t in plan.tasks]
    assert sum(counts) == expected
    prefixes = [t.prefix for t in plan.tasks]
    assert prefixes == sorted(prefixes)  # depth-first: options are tried in index order
    assert all(t.estimate >= 1 for t in plan.tasks)


def test_a_small_problem_is_not_cut_by_default() -> None:
    problem, _ = fixture("queens-06.dlx")
    assert len(split(problem, workers=8).tasks) == 1  # far under MIN_TASK_NODES


def test_estimate_is_exact_on_a_uniform_tree() -> None:
    """Three items with two one-item options each: every walk sees 2, 2, 2 branches, so
    Knuth's estimate is exact: 2 + 4 + 8 nodes, 8 solutions."""
    problem = dlx.Problem([["a"], ["a"], ["b"], ["b"], ["c"], ["c"]])
    estimate = problem.estimate(samples=5)
    assert (estimate.nodes, estimate.solutions, estimate.error) == (14, 8, 0)
    search = problem.search()
    assert search.count() == 8 and search.stats.nodes == 14


def test_estimate_is_near_the_real_tree_size() -> None:
    problem = queens.problem(9)
    search = problem.search()
    found = search.count()
    estimate = problem.estimate(samples=2000, seed=1)
    assert abs(estimate.nodes - search.stats.nodes) < 4 * estimate.error + 1
    assert found == 352
    assert 0.5 * found < estimate.solutions < 1.5 * found


def test_estimate_rejects_what_the_search_rejects() -> None:
    problem = dlx.Problem({"A": ["a"], "B": ["a"]})
    with pytest.raises(dlx.ConflictError):
        problem.estimate(forced=["A", "B"])
    with pytest.raises(ValueError, match="samples"):
        problem.estimate(samples=0)


# -- the process pool --------------------------------------------------------------------------


@pytest.mark.parametrize("name", FAST)
def test_pool_counts_are_the_published_ones(name: str) -> None:
    problem, expected = fixture(name)
    assert problem.count(jobs=2) == expected
    if name not in fixture_files.SLOW:  # and cut finer than the default, where that is cheap
        assert parallel.count(problem, jobs=2, tasks=40) == expected


def test_pool_solutions_are_the_serial_ones_in_order() -> None:
    problem = langford.problem(8, break_symmetry=False)
    serial = list(problem.solutions())
    assert len(serial) == 300
    found = list(parallel.solutions(problem, jobs=2, tasks=25, chunk=7))
    assert found == serial
    for solution in found[:5]:
        check(problem, solution)
    assert list(problem.solutions(jobs=2)) == serial


def test_limits_and_forced_options_in_parallel() -> None:
    problem = queens.problem(8)
    assert problem.count(limit=10, jobs=2) == 10
    assert problem.count(limit=1000, jobs=2) == 92
    assert parallel.count(problem, jobs=2, tasks=20, forced=[(0, 0)]) == 4
    assert list(problem.solutions(jobs=2, forced=[(0, 0)])) == list(
        problem.solutions(forced=[(0, 0)])
    )


def test_leaving_a_parallel_enumeration_early_stops_its_workers() -> None:
    problem = queens.problem(9)
    stream = parallel.solutions(problem, jobs=2, tasks=30, chunk=5)
    first = [next(stream) for _ in range(12)]
    stream.close()
    assert first == list(problem.solutions())[:12]
    assert not [p for p in multiprocessing.active_children() if p.is_alive()]


def test_a_problem_with_bounds_is_enumerated_as_one_task() -> None:
    """Solutions in the serial order come from one task when there are multiplicities (the
    cut of a count, ``cut_bounded``, does not keep the order)."""
    problem = dlx.Problem([["a"], ["a"], ["a", "b"], ["b"]], bounds={"a": (1, 2)})
    serial = list(problem.solutions())
    assert len(serial) == problem.count() > 2
    assert len(split(problem, workers=2, tasks=10).tasks) == 1
    assert list(parallel.solutions(problem, jobs=2, chunk=1)) == serial
    with pytest.raises(ValueError, match="multiplicities"):
        problem.estimate()


def solutions_of(problem: dlx.Problem, plan: Plan, task: Task) -> set[frozenset[object]]:
    """The solutions of ``problem`` that are the task's: its options taken, none left out."""
    names = problem.option_names()
    taken = {names[i] for i in plan.forced + task.prefix}
    left_out = {names[i] for i in task.excluded}
    return {s for s in brute_force(problem) if taken <= s and not left_out & s}


@settings(max_examples=200, deadline=None)
@given(bounded(), st.integers(1, 30))
def test_a_cut_of_a_bounded_count_puts_every_solution_in_exactly_one_task(
    problem: dlx.Problem, tasks: int
) -> None:
    plan = cut_bounded(problem, tasks=tasks)
    every = brute_force(problem)
    owned = [solutions_of(problem, plan, task) for task in plan.tasks]
    assert sum(map(len, owned)) == len(every)  # none twice ...
    assert set().union(*owned) == every  # ... and none left out
    with ThreadPoolExecutor(2) as threads:
        assert parallel.count(problem, executor=threads, tasks=tasks) == len(every)


@pytest.mark.parametrize(("n", "ones", "published"), [(6, 3, 297_200), (6, 2, 67_950)])
def test_pool_counts_of_multiplicities_are_the_published_ones(
    n: int, ones: int, published: int
) -> None:
    """0-1 matrices with ``ones`` ones in every row and column (OEIS A001501, A001499)."""
    lines = [f"r{k}" for k in range(n)] + [f"c{k}" for k in range(n)]
    cells = {(r, c): [f"r{r}", f"c{c}"] for r in range(n) for c in range(n)}
    problem = dlx.Problem(cells, primary=lines, bounds=dict.fromkeys(lines, ones))
    counting = Count(problem, jobs=2, tasks=40)
    assert counting.run() == published
    assert counting.plan is not None and len(counting.plan.tasks) >= 40


def test_bad_arguments_are_refused() -> None:
    problem = queens.problem(5)
    with pytest.raises(ValueError, match="jobs"):
        parallel.count(problem, jobs=0)
    with pytest.raises(TypeError, match="executor"):
        parallel.count(problem, executor=42)
    with pytest.raises(ValueError, match="chunk"):
        list(parallel.solutions(problem, jobs=1, chunk=0))


def test_a_worker_killed_mid_count_is_replaced_and_the_total_is_right() -> None:
    problem, expected = fixture("queens-10.dlx")
    killed: list[int] = []
    others = {child.pid for child in multiprocessing.active_children()}  # not the pool's

    def kill_one(progress: Progress) -> None:
        if not killed and progress.done >= 3:
            # every process started since the count began: the first alone may be one that
            # is not the pool's (in a full suite a stray one has been picked, and the count
            # then ran on unbroken), and one dead worker breaks the whole pool anyway
            for child in multiprocessing.active_children():
                if child.pid not in others:
                    os.kill(child.pid, signal.SIGKILL)
                    killed.append(child.pid)

    counting = Count(problem, jobs=2, tasks=150, progress=kill_one)
    assert counting.run() == expected
    assert killed and counting.restarts >= 1
    assert counting.tasks_run == len(counting.plan.tasks)


# -- minimum-cost covers -----------------------------------------------------------------------


def queens_with_costs(n: int, seed: int) -> dlx.Problem:
    """n queens, each square a random whole cost (so covers of equal cost are rare)."""
    rng = random.Random(seed)
    problem = queens.problem(n)
    return dlx.Problem(
        problem.options,
        primary=problem.primary,
        secondary=problem.secondary,
        costs=[rng.randrange(1000) for _ in range(len(problem))],
    )


def as_sets(found: Cheapest) -> list[tuple[float, frozenset[object]]]:
    """The covers found, each as its cost and its set of options (a split search lists a
    task's forced options first)."""
    return [(cost, frozenset(solution)) for cost, solution in found.covers]


@settings(max_examples=60, deadline=None)
@given(problems(), st.lists(st.integers(0, 9), max_size=9), st.integers(1, 3), st.integers(1, 12))
def test_split_minimum_costs_are_the_brute_force_ones(
    problem: dlx.Problem, costs: list[int], k: int, tasks: int
) -> None:
    problem = dlx.Problem(
        problem.options,
        primary=problem.primary,
        secondary=problem.secondary,
        costs=costs[: len(problem)] + [0] * (len(problem) - len(costs)),
    )
    cost_of = dict(zip(problem.option_names(), problem.costs, strict=True))
    every = sorted(sum(cost_of[name] for name in cover) for cover in brute_force(problem))
    with ThreadPoolExecutor(2) as threads:
        found = parallel.minimum(problem, k, executor=threads, tasks=tasks)
    assert [cost for cost, _ in found.covers] == every[:k] and found.complete
    for cost, solution in found.covers:
        check(problem, solution)
        assert cost == sum(cost_of[name] for name in solution)
    assert len({frozenset(solution) for _, solution in found.covers}) == len(found.covers)


def test_pool_minimum_is_the_serial_one_and_later_tasks_prune_by_earlier_ones() -> None:
    problem = queens_with_costs(9, seed=21)
    serial = problem.minimum(3, bound="taxes")
    split_up = parallel.minimum(problem, 3, jobs=2, tasks=30, bound="taxes")
    assert [cost for cost, _ in split_up.covers] == [cost for cost, _ in serial.covers]
    assert as_sets(split_up) == as_sets(serial)  # random costs: no ties to order differently
    alone = sum(  # each task searched on its own, from nothing known
        problem.minimum(
            3, forced=[problem.option_names()[i] for i in task.prefix], bound="taxes"
        ).stats.nodes
        for task in split(problem, workers=2, tasks=30).tasks
    )
    assert split_up.stats.nodes < alone
    assert as_sets(problem.minimum(3, jobs=2)) == as_sets(serial)
    with pytest.raises(ValueError, match="serial"):
        problem.minimum(jobs=2, time_limit=5)


def test_a_split_minimum_refuses_bad_arguments_before_starting_workers() -> None:
    problem = queens_with_costs(5, seed=1)
    before = {p.pid for p in multiprocessing.active_children()}  # an earlier test's, exiting
    with pytest.raises(dlx.DLXError, match="k must be"):
        parallel.minimum(problem, 0, jobs=2)
    with pytest.raises(ValueError, match="bound"):
        parallel.minimum(problem, jobs=2, bound="guess")
    started = [p for p in multiprocessing.active_children() if p.pid not in before]
    assert not [p for p in started if p.is_alive()]


# -- checkpoints ------------------------------------------------------------------------------


def interrupt_after(tasks: int):
    def progress(state: Progress) -> None:
        if state.done >= tasks:
            raise KeyboardInterrupt

    return progress


def test_an_interrupted_count_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    problem, expected = fixture("queens-09.dlx")
    path = tmp_path / "count.json"
    first = Count(problem, jobs=2, tasks=40, checkpoint=path, progress=interrupt_after(10))
    with pytest.raises(KeyboardInterrupt):
        first.run()
    saved = json.loads(path.read_text())
    assert len(saved["counts"]) == first.tasks_run >= 10
    assert saved["solutions"] == first.solutions < expected
    second = Count(problem, jobs=2, checkpoint=path)
    assert second.run() == expected
    total = len(second.plan.tasks)
    assert second.tasks_run == total - first.tasks_run < total
    third = Count(problem, jobs=2, checkpoint=path)  # everything done: nothing to run
    assert third.run() == expected and third.tasks_run == 0


def test_an_interrupted_count_of_multiplicities_resumes_from_its_checkpoint(
    tmp_path: Path,
) -> None:
    n, lines = 6, [f"r{k}" for k in range(6)] + [f"c{k}" for k in range(6)]
    cells = {(r, c): [f"r{r}", f"c{c}"] for r in range(n) for c in range(n)}
    problem = dlx.Problem(cells, primary=lines, bounds=dict.fromkeys(lines, 2))
    path = tmp_path / "count.json"
    first = Count(problem, jobs=2, tasks=30, checkpoint=path, progress=interrupt_after(8))
    with pytest.raises(KeyboardInterrupt):
        first.run()
    saved = json.loads(path.read_text())
    assert any(len(task) == 3 for task in saved["tasks"])  # tasks that leave options out
    second = Count(problem, jobs=2, checkpoint=path)
    assert second.run() == 67_950  # OEIS A001499, n = 6
    assert second.tasks_run == len(second.plan.tasks) - first.tasks_run
    # a task that leaves out an option it takes is refused, even with its digest made anew
    task = next(task for task in saved["tasks"] if len(task) == 3 and task[0])
    task[2].append(task[0][0])
    del saved["digest"]
    saved["digest"] = hashlib.sha256(json.dumps(saved, sort_keys=True).encode()).hexdigest()
    path.write_text(json.dumps(saved))
    with pytest.raises(CheckpointError, match="leaves out an option it takes"):
        Count(problem, jobs=2, checkpoint=path).run()


def test_a_checkpoint_of_another_problem_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "count.json"
    Count(queens.problem(7), jobs=1, tasks=5, checkpoint=path).run()
    before = path.read_text()
    with pytest.raises(CheckpointError, match="another problem"):
        Count(queens.problem(8), jobs=1, checkpoint=path).run()
    with pytest.raises(CheckpointError, match="another problem"):
        Count(queens.problem(7), jobs=1, checkpoint=path, forced=[(0, 0)]).run()
    assert path.read_text() == before  # refused, not overwritten
    path.write_text("{not json")
    with pytest.raises(CheckpointError, match="not a readable checkpoint"):
        Count(queens.problem(7), jobs=1, checkpoint=path).run()
    path.write_text('{"format": "something else"}')
    with pytest.raises(CheckpointError, match="not a checkpoint"):
        Count(queens.problem(7), jobs=1, checkpoint=path).run()
    with pytest.raises(ValueError, match="limit"):
        Count(queens.problem(7), limit=3, checkpoint=path)


# -- Dask --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client():
    """One LocalCluster of two single-threaded worker processes for the whole module."""
    distributed = pytest.importorskip("dask.distributed", reason="pip install '.[distributed]'")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


@pytest.mark.parametrize("name", FAST)
def test_dask_counts_are_the_published_ones(client, name: str) -> None:
    problem, expected = fixture(name)
    assert problem.count(executor=client) == expected
    if name not in fixture_files.SLOW:
        assert parallel.count(problem, executor=client, tasks=30) == expected


def test_dask_solutions_are_the_serial_ones_in_order(client) -> None:
    problem = langford.problem(7, break_symmetry=False)
    found = list(parallel.solutions(problem, executor=client, tasks=12, chunk=5))
    assert found == list(problem.solutions()) and len(found) == 52


def test_dask_minimum_is_the_serial_one(client) -> None:
    problem = queens_with_costs(8, seed=5)
    found = parallel.minimum(problem, 2, executor=client, tasks=12)
    assert as_sets(found) == as_sets(problem.minimum(2))


def test_a_dask_worker_killed_mid_count_is_retried(client) -> None:
    problem, expected = fixture("queens-10.dlx")
    pids = list(client.run(os.getpid).values())
    killed: list[int] = []

    def kill_one(progress: Progress) -> None:
        if not killed and progress.done >= 3:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    counting = Count(problem, executor=client, tasks=150, progress=kill_one)
    assert counting.run() == expected
    assert killed and counting.tasks_run == len(counting.plan.tasks)
    client.wait_for_workers(2, timeout=60)  # the nanny restarts it for the next tests


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity here")
def test_usable_cores_are_the_ones_this_process_may_run_on():
    """A process pinned to one core (as taskset or a container does) counts one, though
    the machine may have more: the default number of workers and threads follows it."""
    pinned = (
        "import os; os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}); "
        "from dlx.parallel import usable_cores; print(usable_cores())"
    )
    out = subprocess.run([sys.executable, "-c", pinned], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"
    assert usable_cores() == len(os.sched_getaffinity(0))


# -- one seed convention, one retry policy, one family of errors ------------------------------


def test_a_seeded_random_gives_the_same_order_every_run_and_in_another_process() -> None:
    """A Random is resolved once per run, so the tasks' seeds never depend on the object's
    identity: two runs with fresh Random(7) give one order, and so does another process."""
    import random

    problem = queens.problem(8)

    def order() -> list:
        return list(problem.solutions(seed=random.Random(7), jobs=2))

    first = order()
    assert first == order() and len(first) == 92
    assert sorted(map(sorted, first)) == sorted(map(sorted, problem.solutions()))
    code = (
        "import random; from examples import queens; "
        "print(list(queens.problem(8).solutions(seed=random.Random(7), jobs=2)))"
    )
    root = Path(__file__).resolve().parents[2]
    other = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert other.stdout.strip() == repr(first)
    assert list(problem.solutions(seed=7, jobs=2)) == list(problem.solutions(seed=7, jobs=2))


def test_a_unit_of_work_is_retried_a_bounded_number_of_times() -> None:
    from dlx.executors import RETRIES, Retries, WorkerLostError

    retries = Retries()
    for _ in range(RETRIES):
        retries.again("task 3", "task 3")
    retries.again("task 4", "task 4")  # each unit has its own tries
    with pytest.raises(WorkerLostError, match="task 3 lost its worker process 4 times"):
        retries.again("task 3", "task 3")
    assert issubclass(WorkerLostError, dlx.DLXError)


def test_an_interrupted_count_leaves_no_worker_running(tmp_path: Path) -> None:
    problem, _ = fixture("queens-10.dlx")
    others = {child.pid for child in multiprocessing.active_children()}  # a Dask cluster's
    counting = Count(problem, jobs=2, tasks=80, progress=interrupt_after(2))
    with pytest.raises(KeyboardInterrupt):
        counting.run()

    def pool() -> list:
        return [p for p in multiprocessing.active_children() if p.pid not in others]

    # Ended at once; the pool's own thread may still be reaping one it ended (the exit
    # status goes to whichever thread waits first), so allow it a moment to say so.
    deadline = time.monotonic() + 10
    while [p for p in pool() if p.is_alive()]:
        assert time.monotonic() < deadline, pool()
        time.sleep(0.05)


def half_a_result(marker: str) -> None:
    """In a pool's worker: what a worker ended mid-send leaves, the length of a result and
    part of its bytes on the result pipe; then wait to be ended."""
    frame = sys._getframe()
    while frame.f_code.co_name != "_process_worker":  # the standard library's worker loop
        frame = frame.f_back
    results = frame.f_locals["result_queue"]
    os.write(results._writer.fileno(), (1000).to_bytes(4, "big") + b"half")
    Path(marker).touch()
    time.sleep(300)


def test_a_pool_closed_while_a_worker_wrote_half_a_result_still_ends() -> None:
    from dlx.executors import Pool

    marker = Path(f"{os.environ.get('TMPDIR', '/tmp')}/dlx-half-{os.getpid()}")
    pool = Pool(1)
    try:
        pool.submit(half_a_result, str(marker))
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert time.monotonic() < deadline, "the worker never wrote"
            time.sleep(0.01)
        # The pool's thread now reads the rest of a 1000-byte result that will never come;
        # the interpreter's exit joins that thread, so it must end when the pool closes.
        manager = pool._executor._executor_manager_thread
        assert manager is not None and manager.is_alive()
        pool.close()
        assert not manager.is_alive()
    finally:
        marker.unlink(missing_ok=True)


def test_every_refusal_of_the_engine_is_a_dlx_error(tmp_path: Path) -> None:
    problem = queens.problem(5)
    bounded = dlx.Problem([["a"], ["a", "b"]], bounds={"a": (1, 2)})
    refusals = {
        "jobs": lambda: parallel.count(problem, jobs=0),
        "executor": lambda: parallel.count(problem, executor=42),
        "chunk": lambda: list(parallel.solutions(problem, jobs=1, chunk=0)),
        "window": lambda: list(parallel.imap(abs, [1], jobs=1, window=-1)),
        "limit": lambda: Count(problem, limit=-1),
        "checkpoint": lambda: Count(problem, limit=3, checkpoint=tmp_path / "c.json"),
        "workers": lambda: split(problem, workers=0),
        "samples": lambda: parallel.estimate(problem, samples=0),
        "multiplicities": lambda: bounded.estimate(),
        "seed": lambda: problem.solve(seed="7"),
        "backend": lambda: problem.solve(backend="fast"),
        "serial search": lambda: problem.solutions(jobs=2, max_nodes=5),
        "item bounds": lambda: bounded.solve(backend="bits"),
    }
    for name, refuse in refusals.items():
        with pytest.raises(dlx.DLXError, match=name):
            refuse()
