"""Scale-out: how much two workers gain over one, what a task costs, and what many would gain.

    python -m benchmarks.scale                 # small sizes, a minute: checks the script
    python -m benchmarks.scale --full          # the issue's set, on a quiet machine

Part 1, measured, one table: for each workload, contenders interleaved round after round
(so a busy spell falls on all of them), best of ``--repeat``: the plain serial count (C
loop), ``dlx.parallel`` on a process pool of 1 and of 2 workers, and on a Dask
``LocalCluster`` of 2 single-threaded worker processes (``--no-dask`` skips it). Every count
is asserted against its published figure. Then, from the plan's tasks run one by one in this
process: the largest task's share of the search time, and the overhead of a task in
microseconds (the pool of 1 against the plain count, less the split, per task).

Part 2, a model: the expected speedup at 16, 64 and 256 workers for queens 17 and 18 (95,815,104
and 666,090,624 solutions), from the split's task sizes (Knuth's estimate of each task's
nodes), the C loop's measured time per node and the measured overhead per task and split:
a count hands tasks out largest estimate first to the first free worker, so the time is
that of greedy list scheduling in that order (LPT), plus the split, which runs before any
task.

Part 3, with ``--sudoku FILE`` (the full run uses ../shared/data/sudoku17.txt): puzzles a
second of ``dlx-sudoku solve --file FILE`` with ``--jobs 1`` and ``--jobs 2``, interleaved,
and that the two outputs are the same bytes.
"""

from __future__ import annotations

import argparse
import heapq
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import dlx
from dlx import parallel
from examples import langford, pentominoes, queens


@dataclass(frozen=True)
class Workload:
    name: str
    expected: int  # published: OEIS A000170 (queens), A014552 (Langford), Knuth (pentominoes)
    build: Callable[[], dlx.Problem]


FULL = [
    Workload(
        "pentominoes 6x10 all", 9356, lambda: pentominoes.problem(6, 10, break_symmetry=False)
    ),
    Workload("queens 15", 2_279_184, lambda: queens.problem(15)),
    Workload("queens 16", 14_772_512, lambda: queens.problem(16)),
    Workload("langford 12", 108_144, lambda: langford.problem(12)),
]
SMALL = [
    Workload("pentominoes 5x12", 1010, lambda: pentominoes.problem(5, 12)),
    Workload("queens 12", 14_200, lambda: queens.problem(12)),
    Workload("langford 11", 17_792, lambda: langford.problem(11)),
]
MODELLED = {17: 95_815_104, 18: 666_090_624}  # queens, OEIS A000170
WORKERS = (16, 64, 256)


def timed(run: Callable[[], int], expected: int) -> float:
    start = time.perf_counter()
    found = run()
    elapsed = time.perf_counter() - start
    assert found == expected, f"counted {found}, expected {expected}"
    return elapsed


def measure(workload: Workload, repeat: int, dask: object | None) -> dict[str, float]:
    """Best-of-``repeat`` seconds of each contender, taken in turn every round."""
    problem = workload.build()
    problem.compiled()
    contenders: dict[str, Callable[[], int]] = {
        "serial": lambda: problem.count(),
        "pool 1": lambda: parallel.count(problem, jobs=1),
        "pool 2": lambda: parallel.count(problem, jobs=2),
    }
    if dask is not None:
        contenders["dask 2"] = lambda: parallel.count(problem, executor=dask)
    best = dict.fromkeys(contenders, float("inf"))
    for _ in range(repeat):
        for name, run in contenders.items():
            best[name] = min(best[name], timed(run, workload.expected))
    start = time.perf_counter()
    plan = parallel.split(problem, workers=2)
    best["split"] = time.perf_counter() - start
    best["tasks"] = len(plan.tasks)
    times, nodes = tasks_one_by_one(problem, plan)
    best["largest"] = max(times) / sum(times)
    best["overhead"] = max(0.0, best["pool 1"] - best["serial"] - best["split"]) / len(plan.tasks)
    best["per node"] = sum(times) / max(sum(nodes), 1)
    return best


def tasks_one_by_one(problem: dlx.Problem, plan: parallel.Plan) -> tuple[list[float], list[int]]:
    """Each task's seconds and nodes, counted here one after another."""
    names = problem.option_names()
    times, nodes = [], []
    for task in plan.tasks:
        search = problem.search(forced=[names[i] for i in plan.forced + task.prefix])
        start = time.perf_counter()
        search.count()
        times.append(time.perf_counter() - start)
        nodes.append(search.stats.nodes)
    return times, nodes


def makespan(sizes: list[float], workers: int) -> float:
    """The pool's time for tasks of these durations, handed out largest first to the first
    free worker (greedy list scheduling, as ``dlx.parallel.Count`` does)."""
    free = [0.0] * workers
    for size in sorted(sizes, reverse=True):
        heapq.heappush(free, heapq.heappop(free) + size)
    return max(free)


def model(n: int, per_node: float, overhead: float, samples: int) -> list[str]:
    """Rows of the expected speedups for queens ``n``."""
    problem = queens.problem(n)
    rows = []
    for workers in WORKERS:
        start = time.perf_counter()
        plan = parallel.split(problem, workers=workers, samples=samples)
        split_time = time.perf_counter() - start
        sizes = [task.estimate * per_node + overhead for task in plan.tasks]
        serial = plan.estimate * per_node
        parallel_time = split_time + makespan(sizes, workers)
        share = max(task.estimate for task in plan.tasks) / plan.estimate
        rows.append(
            f"| queens {n} | {workers} | {len(plan.tasks)} | {share:.2%} | {serial:,.0f} | "
            f"{split_time:.2f} | {parallel_time:,.1f} | {serial / parallel_time:.1f}x "
            f"({serial / parallel_time / workers:.0%}) |"
        )
    return rows


def sudoku_rates(path: Path, repeat: int) -> None:
    """Puzzles a second of ``solve --file`` with one and two jobs, best of ``repeat``."""
    puzzles = sum(1 for line in path.open() if line.strip() and not line.startswith("#"))
    best: dict[int, float] = {1: float("inf"), 2: float("inf")}
    outputs: dict[int, bytes] = {}
    for _ in range(repeat):
        for jobs in best:
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "sudoku.cli", "solve", "--file", str(path)]
                + ["--jobs", str(jobs)],
                capture_output=True,
                check=False,
            )
            best[jobs] = min(best[jobs], time.perf_counter() - start)
            outputs[jobs] = done.stdout
    assert outputs[1] == outputs[2], "--jobs 2 wrote other bytes than --jobs 1"
    print(f"\n| solve --file {path.name} | puzzles | seconds | puzzles/s |")
    print("|---|---:|---:|---:|")
    for jobs, seconds in best.items():
        print(f"| --jobs {jobs} | {puzzles} | {seconds:.2f} | {puzzles / seconds:,.0f} |")
    print(f"\n--jobs 2 over --jobs 1: {best[1] / best[2]:.2f}x, the same output")


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    options.add_argument("--full", action="store_true", help="the issue's workloads (minutes)")
    options.add_argument("--repeat", type=int, default=3, help="rounds (best of)")
    options.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster")
    options.add_argument("--samples", type=int, default=parallel.SAMPLES, help="walks per task")
    options.add_argument("--sudoku", type=Path, help="a puzzle file for solve --file --jobs")
    args = options.parse_args()

    client = cluster = None
    if not args.no_dask:
        from dask.distributed import Client, LocalCluster

        cluster = LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    print(f"{os.cpu_count()} cores; best of {args.repeat}, contenders interleaved\n")
    print(
        "| workload | serial s | pool 1 s | pool 2 s | 2 over 1 | dask 2 s | dask / pool "
        "| tasks | split s | overhead µs/task | largest task |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    per_node, overheads = [], []
    try:
        for workload in FULL if args.full else SMALL:
            m = measure(workload, args.repeat, client)
            dask_s = f"{m['dask 2']:.2f}" if "dask 2" in m else "-"
            ratio = f"{m['dask 2'] / m['pool 2']:.2f}" if "dask 2" in m else "-"
            print(
                f"| {workload.name} | {m['serial']:.2f} | {m['pool 1']:.2f} | "
                f"{m['pool 2']:.2f} | {m['pool 1'] / m['pool 2']:.2f}x | {dask_s} | {ratio} | "
                f"{m['tasks']:.0f} | {m['split']:.2f} | {m['overhead'] * 1e6:,.0f} | "
                f"{m['largest']:.1%} |",
                flush=True,
            )
            if workload.name.startswith("queens"):
                per_node.append(m["per node"])
            overheads.append(m["overhead"])
    finally:
        if client is not None:
            client.close()
            cluster.close()

    node_time = min(per_node)
    overhead = max(overheads)
    print(
        f"\nModel: {node_time * 1e9:.0f} ns a node (C loop, queens, measured above), "
        f"{overhead * 1e6:,.0f} µs a task (the largest overhead above), task sizes from "
        f"Knuth's estimate ({args.samples} walks a subtree); serial and parallel seconds.\n"
    )
    print(
        "| problem | workers | tasks | largest task | serial s | split s | parallel s | speedup |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for n in MODELLED:
        for row in model(n, node_time, overhead, args.samples):
            print(row, flush=True)
    if args.sudoku is not None:
        sudoku_rates(args.sudoku, args.repeat)


if __name__ == "__main__":
    main()
