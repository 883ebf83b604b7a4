"""Assignment: give each worker one job, each job to one worker, for the least total cost.

As exact cover with costs (after Knuth's DLX5): one option per (worker, job) pair, covering
both, costing what the worker asks for the job. The cheapest cover is the cheapest
assignment; the k cheapest come in order. The built-in example is the one in Wikipedia's
"Hungarian algorithm" article, whose optimum is $15.

  python -m examples.assignment          # the cheapest assignment of the built-in example
  python -m examples.assignment --best 3 # the three cheapest
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping, Sequence

import dlx

Pair = tuple[str, str]
"""(worker, job): the name of an option."""

JOBS = ("bathroom", "floors", "windows")
ASKS = {"Alice": (8, 4, 7), "Bob": (5, 2, 3), "Carol": (9, 4, 8)}  # per job, in JOBS order


def problem(asks: Mapping[str, Sequence[float]] = ASKS, jobs: Sequence[str] = JOBS) -> dlx.Problem:
    """The assignment problem: ``asks[worker][k]`` is the worker's price for ``jobs[k]``."""
    for worker, prices in asks.items():
        if len(prices) != len(jobs):
            raise ValueError(f"{worker} has {len(prices)} prices for {len(jobs)} jobs")
    pairs = [(worker, job) for worker in asks for job in jobs]
    return dlx.Problem(
        {pair: list(pair) for pair in pairs},
        costs={(w, job): asks[w][k] for w in asks for k, job in enumerate(jobs)},
    )


def format_assignment(cost: float, solution: Iterable[Pair]) -> str:
    """The total, then one line per worker."""
    lines = [f"{worker}: {job}" for worker, job in sorted(solution)]
    return "\n".join([f"cost {cost}", *lines])


def main(argv: Sequence[str] | None = None) -> int:
    """Print the cheapest assignments of the built-in example."""
    summary, _, details = (__doc__ or "").partition("\n")
    parser = argparse.ArgumentParser(
        description=summary,
        epilog=details.strip(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--best", type=int, default=1, help="how many of the cheapest (1)")
    parser.add_argument(
        "--dlx", action="store_true", help="print the problem in Knuth's format instead"
    )
    args = parser.parse_args(argv)
    if args.best < 1:
        parser.error("--best must be at least 1")
    if args.dlx:
        print(dlx.write(problem()), end="")
        return 0
    covers = problem().minimum(args.best).covers
    print("\n\n".join(format_assignment(cost, solution) for cost, solution in covers))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
