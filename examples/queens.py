"""N queens: place n queens on an n x n board so that no two attack each other.

As exact cover (Knuth, TAOCP 7.2.2.1): one option per square, "r3 c5 a8 b4" for a queen in
row 3, column 5 (all from 0).  The row items `r<i>` and column items `c<j>` are primary:
every row and column holds exactly one queen.  The diagonal items `a<i+j>` and
`b<i-j+n-1>` are secondary: a diagonal holds at most one queen, and may hold none, which is
why they cannot be primary.

Rows and columns are listed from the middle outwards (Knuth's "organ-pipe" order), so the
search branches on the central lines first when their remaining counts tie; they constrain
the most.  This changes how fast the count is found, never the count.

Known counts (OEIS A000170), n = 1..10: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724.

  python -m examples.queens 8            # one solution
  python -m examples.queens 8 --count    # and the number of solutions: 92
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import dlx

try:
    from examples import _cli
except ImportError:  # run as a file, examples/ not on the path: python examples/queens.py
    import _cli  # type: ignore[no-redef]

Square = tuple[int, int]
"""(row, column) of a queen, from 0; also the name of its option."""


def organ_pipe(n: int) -> list[int]:
    """0..n-1 from the middle outwards, e.g. [3, 4, 2, 5, 1, 6, 0, 7] for n = 8."""
    return sorted(range(n), key=lambda i: abs(2 * i - n + 1))


def problem(n: int) -> dlx.Problem:
    """The n-queens problem: an option per square, named by its (row, column)."""
    if n < 1:
        raise ValueError(f"the board needs at least one square, not n = {n}")
    options = {
        (r, c): [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"]
        for r in range(n)
        for c in range(n)
    }
    primary = [item for i in organ_pipe(n) for item in (f"r{i}", f"c{i}")]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    return dlx.Problem(options, primary=primary, secondary=secondary)


def decode(solution: Iterable[Square]) -> tuple[int, ...]:
    """The queens' columns, row by row, from a solution of `problem`."""
    return tuple(c for _, c in sorted(solution))


def format_board(columns: Sequence[int]) -> str:
    """The board as text: `Q` for a queen, `.` for an empty square."""
    n = len(columns)
    return "\n".join(" ".join("Q" if c == col else "." for c in range(n)) for col in columns)


def main(argv: Sequence[str] | None = None) -> int:
    """Print a solution for the n given on the command line, and count them with --count."""
    parser = _cli.parser(__doc__)
    parser.add_argument("n", type=int, nargs="?", default=8, help="board size (default 8)")
    args = parser.parse_args(argv)
    if args.n < 1:
        parser.error("n must be at least 1")
    _cli.report(problem(args.n), lambda s: format_board(decode(s)), args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
