"""Langford pairs: arrange 1, 1, 2, 2, ..., n, n in a row so the two k's have k numbers between.

For n = 3 there is 2 3 1 2 1 3, and its reversal 3 1 2 1 3 2, and nothing else.

As exact cover (Knuth, TAOCP 7.2.2.1): the items are the values `1`..`n` and the slots
`s0`..`s<2n-1>`; the option "k s<i> s<j>" puts the two k's in slots i and j = i + k + 1.
Its name is the pair (k, i).

Every arrangement read backwards is another one, so the options by themselves find each
arrangement twice.  Breaking that symmetry (the default) keeps only the placements of the 1s
that start in the left half, i <= n - 2: the 1s at (i, i + 2) and their mirror image at
(2n-3-i, 2n-1-i) never coincide, so exactly one of an arrangement and its reversal is kept.

Known counts (OEIS A014552, up to reversal), n = 3, 4, 7, 8: 1, 1, 26, 150; solutions exist
only when n mod 4 is 0 or 3.

  python -m examples.langford 7 --count                     # 26 up to reversal
  python -m examples.langford 7 --count --no-break-symmetry # 52
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import dlx

try:
    from examples import _cli
except ImportError:  # run as a file, examples/ not on the path: python examples/queens.py
    import _cli  # type: ignore[no-redef]

Placement = tuple[int, int]
"""(k, i): the two k's in slots i and i + k + 1, from 0; also the name of the option."""


def problem(n: int, *, break_symmetry: bool = True) -> dlx.Problem:
    """Langford pairs for 1..n; with `break_symmetry`, one of each arrangement and its reversal."""
    if n < 1:
        raise ValueError(f"need at least one pair, not n = {n}")
    options = {
        (k, i): [str(k), f"s{i}", f"s{i + k + 1}"]
        for k in range(1, n + 1)
        for i in range(2 * n - k - 1)
        if not (break_symmetry and k == 1 and i > n - 2)
    }
    primary = [str(k) for k in range(1, n + 1)] + [f"s{i}" for i in range(2 * n)]
    return dlx.Problem(options, primary=primary)


def decode(solution: Iterable[Placement]) -> tuple[int, ...]:
    """The arrangement, slot by slot, from a solution of `problem`."""
    placements = list(solution)
    sequence = [0] * (2 * len(placements))
    for k, i in placements:
        sequence[i] = sequence[i + k + 1] = k
    return tuple(sequence)


def main(argv: Sequence[str] | None = None) -> int:
    """Print an arrangement for the n given on the command line, and count them with --count."""
    parser = _cli.parser(__doc__, symmetry="count an arrangement and its reversal once")
    parser.add_argument("n", type=int, nargs="?", default=7, help="number of pairs (default 7)")
    args = parser.parse_args(argv)
    if args.n < 1:
        parser.error("n must be at least 1")
    _cli.report(
        problem(args.n, break_symmetry=args.break_symmetry),
        lambda s: " ".join(map(str, decode(s))),
        args,
        kind=" up to reversal" if args.break_symmetry else "",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
