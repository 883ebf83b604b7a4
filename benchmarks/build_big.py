"""Building big problems from Python lists: the project against xcover, CPU time and memory.

The input is N random options of 5 items over N/10 primary items named by strings (fixed
seed), made before the clock starts. The project builds ``Problem(options, primary=...)``
and lays it out for the C loop (``dlx.search.layout_of``): everything a search needs.
xcover (``xcover.solvers.input_as_arrays``, the NumPy arrays its Numba search runs on) does
the same job without checking the input. Each build runs in a fresh interpreter that prints
its CPU time and the resident memory it added, per entry (5N entries); rounds alternate the
contenders, and the table gives the median of each figure and the ratio of the medians.

    python -m benchmarks.build_big --xcover-python /work/venv-bench/bin/python
    python -m benchmarks.build_big --sizes 100000 1000000 --rounds 5

xcover stays in the benchmark environment (``pip install xcover`` there); without
``--xcover-python`` only the project's figures are printed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ITEMS_PER_OPTION = 5

CHILD = """
import gc, json, random, sys, time
n = int(sys.argv[1]); who = sys.argv[2]
rng = random.Random(2026)
options = [[f"i{x}" for x in rng.sample(range(n // 10), 5)] for _ in range(n)]
primary = [f"i{x}" for x in range(n // 10)]
if who == "dlx":
    import dlx
    from dlx.search import layout_of
    def build():
        problem = dlx.Problem(options, primary=primary)
        layout_of(problem.compiled())
        return problem
else:
    from xcover.solvers import input_as_arrays
    def build():
        return input_as_arrays(options, primary=primary, secondary=[])
def resident():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096
gc.collect()
before, start = resident(), time.process_time()
kept = build()
cpu = time.process_time() - start
print(json.dumps({"cpu": cpu, "bytes": resident() - before}))
"""


def measure(python: str, who: str, n: int) -> dict[str, float]:
    """CPU seconds and resident bytes added by one build, in a fresh interpreter."""
    out = subprocess.run(
        [python, "-c", CHILD, str(n), who], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--xcover-python", help="a Python with xcover installed")
    args = parser.parse_args()
    contenders = {"dlx-sudoku": (sys.executable, "dlx")}
    if args.xcover_python:
        contenders["xcover"] = (args.xcover_python, "xcover")
    print("| options | contender | CPU s | bytes/entry | CPU ratio | memory ratio |")
    print("|---:|---|---:|---:|---:|---:|")
    for n in args.sizes:
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in contenders}
        for _ in range(args.rounds):  # interleaved: a busy spell falls on every contender
            for name, (python, who) in contenders.items():
                runs[name].append(measure(python, who, n))
        medians = {
            name: {key: statistics.median(run[key] for run in got) for key in ("cpu", "bytes")}
            for name, got in runs.items()
        }
        base = medians.get("xcover")
        for name, m in medians.items():
            per_entry = m["bytes"] / (n * ITEMS_PER_OPTION)
            ratios = (
                f"{m['cpu'] / base['cpu']:.2f} | {m['bytes'] / base['bytes']:.2f}"
                if base
                else "- | -"
            )
            print(f"| {n:,} | {name} | {m['cpu']:.3f} | {per_entry:.0f} | {ratios} |")


if __name__ == "__main__":
    main()
