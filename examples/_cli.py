"""The command line every example shares: print one solution, count them, or the problem.

Each example builds a `dlx.Problem` and knows how to draw a solution; what to do with them
from the command line is the same everywhere, so it lives here once.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Hashable

import dlx

Draw = Callable[[list[Hashable]], str]


def parser(
    doc: str, *, symmetry: str | None = None, always_count: bool = False
) -> argparse.ArgumentParser:
    """An argument parser described by a module docstring, with the shared options.

    The first line of `doc` is the description; the rest is shown after the options.
    With `symmetry`, which says what breaking the symmetry identifies, there is also a
    --break-symmetry/--no-break-symmetry flag, on by default.  With `always_count`, for
    puzzles where the number of solutions is the point, there is no --count: it is implied.
    """
    summary, _, details = doc.partition("\n")
    result = argparse.ArgumentParser(
        description=summary,
        epilog=details.strip(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    if always_count:
        result.set_defaults(count=True)
    else:
        result.add_argument(
            "--count", action="store_true", help="also count all the solutions (may take long)"
        )
    result.add_argument(
        "--jobs",
        "-j",
        type=_workers,
        metavar="N",
        help="count with N worker processes (dlx.parallel); the count is the same",
    )
    result.add_argument(
        "--seed", type=int, help="print a random solution chosen with this seed, not the first"
    )
    result.add_argument(
        "--dlx",
        action="store_true",
        help="print the problem in Knuth's DLX format (for dlx-sudoku cover) instead",
    )
    if symmetry:
        result.add_argument(
            "--break-symmetry",
            action=argparse.BooleanOptionalAction,
            default=True,
            help=f"{symmetry} (default: yes)",
        )
    return result


def _workers(text: str) -> int:
    """--jobs: a whole number of worker processes, at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"needs a whole number of at least 1, not {text!r}")
    return int(text)


def report(
    problem: dlx.Problem,
    draw: Draw,
    args: argparse.Namespace,
    *,
    kind: str = "",
) -> None:
    """Print one solution drawn by `draw`, then with `args.count` the number of solutions.

    With `args.dlx`, print the problem in Knuth's DLX format instead.
    `kind` qualifies the count, e.g. " up to reversal".
    """
    if args.dlx:
        print(dlx.write(problem), end="")
        return
    solution = problem.solve(seed=args.seed)
    print("no solution" if solution is None else draw(solution))
    if solution is not None and args.count:
        n = problem.count(jobs=args.jobs)
        print(f"{n} solution{'' if n == 1 else 's'}{kind}")
