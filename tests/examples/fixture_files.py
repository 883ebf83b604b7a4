"""The files in tests/fixtures: exact-cover problems in Knuth's DLX format, with known counts.

Each file is `dlx.write` of a problem an example builds (or, for Knuth's two small examples,
one written out here), under a comment header that says where it comes from and, on a line
``| expected solutions: N``, its published count: a figure from outside, never one this
code computed.  Rebuild them with ``python -m tests.examples.fixture_files``; a test checks
that the files in the tree are exactly what this writes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import dlx
from examples import langford, pentominoes, queens

DIRECTORY = Path(__file__).parent.parent / "fixtures"

KNUTH = dlx.Problem(
    [["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"], ["b", "g"], ["d", "e", "g"]],
    primary="abcdefg",
)
"""The example in Knuth's "Dancing Links" (2000): one solution, {a d f}, {b g}, {c e}."""

KNUTH_COLORS = dlx.Problem(
    [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"], ["r", "y:B"]],
    secondary=["x", "y"],
)
"""Knuth's colored example, TAOCP 7.2.2.1 (49): one solution, {q x:A}, {p r x:A y}."""

QUEENS = (1, 0, 0, 2, 10, 4, 40, 92, 352, 724)
"""N-queens counts for n = 1..10, OEIS A000170."""

Fixture = tuple[str, Callable[[], dlx.Problem], int]
"""(description, the problem's builder, its published count)."""

FIXTURES: dict[str, Fixture] = {
    **{
        f"queens-{n:02}.dlx": (
            f"{n} queens, diagonals secondary (examples/queens.py); count from OEIS A000170",
            lambda n=n: queens.problem(n),
            count,
        )
        for n, count in enumerate(QUEENS, start=1)
    },
    "langford-07.dlx": (
        "Langford pairs, n = 7, both orders (examples/langford.py); 2 x 26, OEIS A014552",
        lambda: langford.problem(7, break_symmetry=False),
        52,
    ),
    "langford-08.dlx": (
        "Langford pairs, n = 8, both orders (examples/langford.py); 2 x 150, OEIS A014552",
        lambda: langford.problem(8, break_symmetry=False),
        300,
    ),
    "pentominoes-6x10.dlx": (
        "Pentominoes in a 6x10 box, symmetry broken (examples/pentominoes.py); Knuth, 2000",
        lambda: pentominoes.problem(6, 10),
        2339,
    ),
    "pentominoes-6x10-all.dlx": (
        "Pentominoes in a 6x10 box, every orientation (examples/pentominoes.py); 4 x 2339",
        lambda: pentominoes.problem(6, 10, break_symmetry=False),
        9356,
    ),
    "knuth-paper.dlx": ('The example in Knuth\'s "Dancing Links" (2000)', lambda: KNUTH, 1),
    "knuth-colors.dlx": ("Knuth's colored example, TAOCP 7.2.2.1 (49)", lambda: KNUTH_COLORS, 1),
}
"""Every fixture file by name."""

SLOW = {"pentominoes-6x10.dlx", "pentominoes-6x10-all.dlx"}
"""The fixtures whose full count takes minutes in pure Python."""

_EXPECTED = re.compile(r"^\| expected solutions: (\d+)$", re.MULTILINE)


def text(name: str) -> str:
    """The contents of the fixture file `name`."""
    description, build, count = FIXTURES[name]
    return dlx.write(build(), comment=f"{description}\nexpected solutions: {count}")


def expected(path: Path) -> int:
    """The count a fixture file's header promises."""
    match = _EXPECTED.search(path.read_text())
    if match is None:
        raise ValueError(f"{path} has no '| expected solutions: N' line")
    return int(match[1])


def main() -> None:
    """Write every fixture file into tests/fixtures."""
    for name in FIXTURES:
        (DIRECTORY / name).write_text(text(name))


if __name__ == "__main__":
    main()
