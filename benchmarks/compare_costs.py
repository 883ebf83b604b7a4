"""Minimum-cost covers against Knuth's DLX5 and SciPy's milp (HiGHS), in interleaved rounds.

Workloads, each from a fixed seed (``random.Random``):

- ``assignment-N``: N workers, N jobs, every pair an option costing 1..99;
- ``queens-N``: N queens (rows and columns primary, diagonals secondary), each square an
  option costing 1..99;
- ``partition-N-M``: random set partitioning: N items, M options of 2-5 items among which a
  planted partition (so a cover exists), each option costing the sum of 1..30 per item.

Engines: ours, ``Problem.minimum()`` in this process, its CPU time (sorting, bounds,
compiling and the search: everything but building the Problem); Knuth's DLX5 when ``--dlx5``
names a binary built from his dlx5.w (``ctangle dlx5.w && gcc -O3 -o dlx5 dlx5.c``, outside
this repository), the CPU time of its whole process on the file ``dlx.write`` makes, on the
assignments and queens (on the partitions its taxes alone take minutes past 50 items); and
``scipy.optimize.milp`` (HiGHS) when SciPy is installed, the CPU time of building its sparse
matrix and solving, on the partitions. Every engine's optimum is checked
against ours. Each round runs every engine once on every workload, in turn, so a change in
the shared machine's load falls on all alike; the table gives each engine's best time and the
ratio of ours to each peer in every round. From the repository's root, in the benchmark
environment (benchmarks/README.md):

    python -m benchmarks.compare_costs --dlx5 ../peers/dlx5/dlx5 --rounds 3
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import dlx


def assignment(n: int, seed: int = 1) -> dlx.Problem:
    """n workers and n jobs, each pair an option costing 1..99."""
    rng = random.Random(seed)
    options = {(w, j): [f"w{w}", f"j{j}"] for w in range(n) for j in range(n)}
    return dlx.Problem(options, costs={o: rng.randrange(1, 100) for o in options})


def queens(n: int, seed: int = 1) -> dlx.Problem:
    """n queens, diagonals secondary, each square an option costing 1..99."""
    rng = random.Random(seed)
    options = {
        (r, c): [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"]
        for r in range(n)
        for c in range(n)
    }
    diagonals = [f"{kind}{k}" for kind in "ab" for k in range(2 * n - 1)]
    return dlx.Problem(
        options, secondary=diagonals, costs={o: rng.randrange(1, 100) for o in options}
    )


def partition(n_items: int, n_options: int, seed: int = 1) -> dlx.Problem:
    """Random set partitioning: options of 2-5 of n_items items, among them a planted
    partition; an option costs the sum of 1..30 for each of its items."""
    rng = random.Random(seed)
    items = [f"i{k}" for k in range(n_items)]
    order = rng.sample(items, n_items)
    options = []
    k = 0
    while k < n_items:  # the planted partition: no part of a single item
        size = min(rng.randint(2, 5), n_items - k)
        if n_items - k - size == 1:  # one item would be left over
            size += 1 if size < 5 else -1
        options.append(order[k : k + size])
        k += size
    while len(options) < n_options:
        options.append(rng.sample(items, rng.randint(2, 5)))
    rng.shuffle(options)
    costs = [sum(rng.randint(1, 30) for _ in option) for option in options]
    return dlx.Problem(options, primary=items, costs=costs)


WORKLOADS: dict[str, Callable[[int], dlx.Problem]] = {  # name -> the problem from a seed
    **{f"assignment-{n}": (lambda seed, n=n: assignment(n, seed)) for n in (20, 30, 40, 60)},
    **{f"queens-{n}": (lambda seed, n=n: queens(n, seed)) for n in (8, 12, 16, 20)},
    **{
        f"partition-{n}-{m}": (lambda seed, n=n, m=m: partition(n, m, seed))
        for n, m in ((30, 300), (40, 600), (50, 1000), (80, 3000))
    },
}


def ours(problem: dlx.Problem) -> tuple[float, float | None]:
    start = time.process_time()
    cost = problem.minimum().cost
    return time.process_time() - start, cost


def dlx5(binary: str, path: Path, timeout: float) -> tuple[float, float | None]:
    """Knuth's DLX5 on the file: its whole process's CPU time and the optimum it prints; past
    ``timeout`` seconds, the timeout and no optimum (a lower bound on its time)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with path.open() as stdin:
        try:
            done = subprocess.run(
                [binary], stdin=stdin, capture_output=True, text=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            print(f"{path.stem}: dlx5 stopped after {timeout:g} s", file=sys.stderr)
            return timeout, None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    found = re.search(r"optimum cost is \$(\d+)", done.stderr)
    return seconds, int(found.group(1)) if found else None


def highs(problem: dlx.Problem) -> tuple[float, float | None]:
    """scipy.optimize.milp on the problem as 0/1 columns: primary rows = 1, secondary <= 1."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import csr_matrix

    start = time.process_time()
    items = [*problem.primary, *problem.secondary]
    row = {item: k for k, item in enumerate(items)}
    rows, columns = [], []
    for column, name in enumerate(problem.option_names()):
        for item, _ in problem.entries(name):
            rows.append(row[item])
            columns.append(column)
    shape = (len(items), len(problem))
    matrix = csr_matrix((np.ones(len(rows)), (rows, columns)), shape=shape)
    low = np.array([1.0 if k < len(problem.primary) else 0.0 for k in range(len(items))])
    result = milp(
        np.array(problem.costs, dtype=float),
        constraints=LinearConstraint(matrix, low, np.ones(len(items))),
        integrality=np.ones(len(problem)),
        bounds=Bounds(0, 1),
    )
    seconds = time.process_time() - start
    return seconds, None if result.x is None else round(result.fun)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--workloads", nargs="+", choices=sorted(WORKLOADS), default=list(WORKLOADS)
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="the workloads' seed")
    parser.add_argument("--dlx5", help="Knuth's dlx5 binary")
    parser.add_argument("--no-highs", action="store_true", help="leave scipy's milp out")
    parser.add_argument("--timeout", type=float, default=120, help="seconds a peer's run may take")
    args = parser.parse_args(argv)
    try:
        import scipy  # noqa: F401

        use_highs = not args.no_highs
    except ImportError:
        use_highs = False
    problems = {name: WORKLOADS[name](args.seed) for name in args.workloads}
    ours(assignment(4))  # warm-ups: the first runs import what the others find loaded
    if use_highs:
        highs(partition(10, 30))
    times: dict[tuple[str, str], list[float]] = {}
    wrong = False
    with tempfile.TemporaryDirectory() as folder:
        files = {}
        for name, problem in problems.items():
            files[name] = Path(folder) / f"{name}.dlx"
            files[name].write_text(dlx.write(problem))
        for _ in range(args.rounds):
            for name, problem in problems.items():
                runs: dict[str, Callable[[], tuple[float, float | None]]] = {
                    "ours": lambda p=problem: ours(p)
                }
                if args.dlx5 and not name.startswith("partition"):
                    runs["dlx5"] = lambda f=files[name]: dlx5(args.dlx5, f, args.timeout)
                if use_highs and name.startswith("partition"):
                    runs["highs"] = lambda p=problem: highs(p)
                answers = {}
                for engine, run in runs.items():
                    seconds, answers[engine] = run()
                    times.setdefault((name, engine), []).append(seconds)
                if len({answer for answer in answers.values() if answer is not None}) > 1:
                    wrong = True
                    print(f"{name}: the engines disagree: {answers}", file=sys.stderr)
    peers = [engine for engine in ("dlx5", "highs") if any(key[1] == engine for key in times)]
    header = ["workload", "ours s"] + [f"{p} s" for p in peers] + [f"ours/{p}" for p in peers]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for name in problems:
        mine = times[(name, "ours")]
        cells = [name, f"{min(mine):.4f}"]
        ratios = []
        for peer in peers:
            theirs = times.get((name, peer))
            cells.append(f"{min(theirs):.4f}" if theirs else "-")
            if theirs:
                per_round = [
                    a / b if b else float("inf") for a, b in zip(mine, theirs, strict=True)
                ]
                rounds = " ".join(f"{r:.2f}" for r in per_round)
                ratios.append(f"{statistics.median(per_round):.2f} ({rounds})")
            else:
                ratios.append("-")
        print("| " + " | ".join(cells + ratios) + " |")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
