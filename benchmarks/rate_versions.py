"""Generation and rating speed of two source trees of this project, in interleaved rounds,
with a check that both give every puzzle the same rating.

    git archive BASE | tar -x -C /tmp/before && cp sudoku/*.so /tmp/before/sudoku/ \\
        && cp dlx/*.so /tmp/before/dlx/
    python -m benchmarks.rate_versions --before /tmp/before --rounds 5

Each round runs, for each tree in turn (``--before``, then this one), a fresh process that
makes ``--generate`` minimal 9x9 puzzles (seeds 0, 1, ...; `sudoku.generate.generate`,
which rates every candidate without chains) and rates the first ``--rate`` puzzles of
easy10k (`sudoku.rate.rate`, full ladder), after one untimed warm-up puzzle of each, in CPU
time (steadier than the wall clock on a shared machine), the least of ``--repeat`` runs. It
prints milliseconds a puzzle per round and tree, the medians, and their ratio. A tree that
gives any puzzle another level, SE rating, hardest technique or step (any field of any
step, or their order) than the other ends the run
with the first difference: a speed-up may not change a rating (``--allow-changes`` counts
them instead, for a tree with new techniques).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
DATA = HERE.parent / "shared" / "data"

CHILD = """
import hashlib, json, sys, time
from itertools import islice
from sudoku.generate import generate
from sudoku.grid import parse
from sudoku.rate import rate
count, rated, path, repeat = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
with open(path) as lines:
    puzzles = [parse(line) for line in islice(lines, rated)]
generate(seed=10**6); rate(puzzles[0])  # warm-up: imports, caches
gen = rating = float("inf")
for _ in range(repeat):  # the least of the repeats: what the machine's other load left
    began = time.process_time()
    made = [generate(seed=k) for k in range(count)]
    gen = min(gen, time.process_time() - began)
    began = time.process_time()
    ratings = [rate(p) for p in puzzles]
    rating = min(rating, time.process_time() - began)
def key(r):  # the steps by a digest of their words and data, in order
    steps = hashlib.sha256(repr(r.steps).encode()).hexdigest()[:16]
    return [r.level, round(r.se, 1), r.hardest, r.se_estimated, r.solved, steps]
print(json.dumps({
    "generate_ms": gen / max(count, 1) * 1e3,
    "rate_ms": rating / max(rated, 1) * 1e3,
    "made": [[m.clues, *key(m.rating)] for m in made],
    "rated": [key(r) for r in ratings],
}))
"""


def run(tree: Path, count: int, rated: int, data: Path, repeat: int) -> dict:
    """One measurement in a fresh process with ``tree`` first on the import path."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(count), str(rated), str(data), str(repeat)],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the other source tree")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--generate", type=int, default=300, help="puzzles made a round")
    parser.add_argument("--rate", type=int, default=1000, help="easy10k puzzles rated a round")
    parser.add_argument("--data", type=Path, default=DATA / "easy10k.txt")
    parser.add_argument("--repeat", type=int, default=3, help="runs a process, the least kept")
    parser.add_argument(
        "--allow-changes",
        action="store_true",
        help="count the puzzles the trees rate differently instead of stopping (new techniques)",
    )
    args = parser.parse_args(argv)
    if not args.data.is_file():
        raise SystemExit(f"{args.data} is absent: see ../shared/data/README")
    trees = {"before": args.before.resolve(), "after": HERE}
    times: dict[str, dict[str, list[float]]] = {
        name: {"generate_ms": [], "rate_ms": []} for name in trees
    }
    print("| round | tree | generate ms/puzzle | easy10k rate ms/puzzle |\n|---:|---|---:|---:|")
    differ = {"made": 0, "rated": 0}
    for k in range(1, args.rounds + 1):
        results = {}
        for name, tree in trees.items():
            results[name] = result = run(tree, args.generate, args.rate, args.data, args.repeat)
            for field in ("generate_ms", "rate_ms"):
                times[name][field].append(result[field])
            print(f"| {k} | {name} | {result['generate_ms']:.2f} | {result['rate_ms']:.3f} |")
        for field in ("made", "rated"):
            pairs = zip(results["before"][field], results["after"][field], strict=True)
            changed = [(n, a, b) for n, (a, b) in enumerate(pairs) if a != b]
            if changed and not args.allow_changes:
                n, a, b = changed[0]
                raise SystemExit(f"{field} puzzle {n}: before {a}, after {b}")
            differ[field] = len(changed)
    print("\nmedians (ms a puzzle) and after / before:")
    for field in ("generate_ms", "rate_ms"):
        before = statistics.median(times["before"][field])
        after = statistics.median(times["after"][field])
        print(f"  {field}: before {before:.3f}, after {after:.3f}, ratio {after / before:.2f}")
    if any(differ.values()):
        print(
            f"rated otherwise (--allow-changes): {differ['made']} of the puzzles made, "
            f"{differ['rated']} of easy10k's"
        )
    else:
        print("every puzzle got the same level, SE rating, hardest technique and steps from both")


if __name__ == "__main__":
    main()
