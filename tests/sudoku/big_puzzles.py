"""The published 16x16 and 25x25 puzzles of tests/fixtures/big/published.txt, read for the
tests (test_big_grids) and the benchmark against CP-SAT (benchmarks.big_grids)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

PUBLISHED = Path(__file__).resolve().parents[1] / "fixtures" / "big" / "published.txt"


class Published(NamedTuple):
    """One puzzle of the fixture: its name, its line, the solution its source gives."""

    name: str
    puzzle: str
    solution: str | None


def published() -> list[Published]:
    """The puzzles of the fixture, in file order: each line of symbols takes the name of
    the "# NAME: SOURCE" line before it and the "# solution: ..." line after it, if any."""
    found: list[Published] = []
    name = None
    for line in PUBLISHED.read_text(encoding="utf-8").splitlines():
        if line.startswith("# solution: "):
            found[-1] = found[-1]._replace(solution=line.removeprefix("# solution: "))
        elif line.startswith("# ") and ": " in line and " " not in line[2 : line.index(":")]:
            name = line[2 : line.index(":")]
        elif line and not line.startswith("#"):
            if name is None:
                raise ValueError(f"{PUBLISHED}: {line[:20]}... has no name line before it")
            found.append(Published(name, line, None))
            name = None
    return found
