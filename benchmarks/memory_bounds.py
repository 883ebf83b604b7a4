"""Time and peak memory where the input is large: linear growth, and bounds that hold.

Two tables, each measurement in a fresh interpreter (its peak resident memory, less what the
interpreter held after its imports):

1. One option naming n items, n = 10^3 .. 10^6 (primary items, and coloured secondary ones):
   building the ``Problem``, compiling its link arrays, and solving it with dancing links.
   Linear means the bytes per item and the microseconds per item stay flat as n grows
   (before the fix, 20,000 items took 65 s and 6.5 GB).
2. 200,000 one-item options (a 200,000-level search tree) counted on every loop: dancing
   links in Python, the C loop, ``auto``, and ``bits``, which refuses with TooLargeError
   (its masks are quadratic) instead of being killed by the kernel.

Run from the repository's root: ``python -m benchmarks.memory_bounds`` (add ``--max-exp 5``
for a shorter run). Needs Linux or macOS (``resource``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

BOUND_BYTES_PER_ITEM = 2_000  # the stated bound, per item of the input, for every row


def _peak_kib() -> int:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # bytes on macOS, KiB on Linux


def child(kind: str, n: int, loop: str) -> dict[str, object]:
    """One measurement, in this process (run by ``main`` in a fresh interpreter)."""
    import dlx

    base = _peak_kib()
    began = time.perf_counter()
    if kind == "long":
        problem = dlx.Problem({"A": range(n)})
    elif kind == "colored":
        names = [str(k) for k in range(n)]
        problem = dlx.Problem({"A": ["p", *(f"{k}:red" for k in names)]}, secondary=names)
    else:
        problem = dlx.Problem({k: [k] for k in range(n)})
    built = time.perf_counter()
    problem.compiled()
    compiled = time.perf_counter()
    try:
        answer: object = problem.count(backend=loop)
    except dlx.TooLargeError as error:
        answer = f"refused: {str(error)[:60]}..."
    searched = time.perf_counter()
    return {
        "build": built - began,
        "compile": compiled - built,
        "search": searched - compiled,
        "peak_bytes": (_peak_kib() - base) * 1024,
        "answer": answer,
    }


def measure(kind: str, n: int, loop: str) -> dict[str, object]:
    command = [sys.executable, "-m", "benchmarks.memory_bounds", "--child", kind, str(n), loop]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-exp", type=int, default=6, help="largest n is 10**MAX_EXP")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, n, loop = args.child
        print(json.dumps(child(kind, int(n), loop)))
        return
    print("One option of n items: build, compile, solve (dancing links in Python)\n")
    print("| option | n | build s | compile s | solve s | peak MB | bytes/item | µs/item |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for kind in ("long", "colored"):
        for exp in range(3, args.max_exp + 1):
            n = 10**exp
            m = measure(kind, n, "python")
            assert m["answer"] == 1, m
            total = m["build"] + m["compile"] + m["search"]
            per_item = m["peak_bytes"] / n
            print(
                f"| {'primary' if kind == 'long' else 'colored secondary'} | {n:,} "
                f"| {m['build']:.3f} | {m['compile']:.3f} | {m['search']:.3f} "
                f"| {m['peak_bytes'] / 1e6:.1f} | {per_item:.0f} | {total / n * 1e6:.2f} |"
            )
            assert per_item < BOUND_BYTES_PER_ITEM or n < 10**4, "past the stated bound"
    n = 200_000
    print(f"\n{n:,} one-item options counted on every loop\n")
    print("| loop | compile s | count s | peak MB | bytes/option | answer |")
    print("|---|---:|---:|---:|---:|---|")
    import dlx.search

    for loop in ("python", "c", "c-links", "auto", "bits"):
        if loop not in dlx.search.LOOPS:
            print(f"| {loop} | | | | | not built |")
            continue
        m = measure("many", n, loop)
        print(
            f"| {loop} | {m['compile']:.2f} | {m['search']:.2f} | {m['peak_bytes'] / 1e6:.1f} "
            f"| {m['peak_bytes'] / n:.0f} | {m['answer']} |"
        )
        assert m["peak_bytes"] / n < BOUND_BYTES_PER_ITEM, "past the stated bound"
    print(f"\nStated bound: under {BOUND_BYTES_PER_ITEM:,} bytes per item or option, every row.")


if __name__ == "__main__":
    main()
