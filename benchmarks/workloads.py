"""The benchmark workloads: exact-cover problems with published solution counts.

The problems come from the examples (``examples.queens``, ``examples.pentominoes``,
``examples.langford``) and are turned into the neutral form every peer adapter takes:
primary items, secondary items, and options as lists of item names.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import dlx
from examples import langford, pentominoes, queens


@dataclass(frozen=True)
class Workload:
    """A problem in neutral form, with the number of solutions it is known to have."""

    name: str
    expected: int
    primary: tuple[Hashable, ...]
    secondary: tuple[Hashable, ...]
    options: tuple[tuple[Hashable, ...], ...]

    @classmethod
    def from_problem(cls, name: str, expected: int, problem: dlx.Problem) -> Workload:
        """The neutral form of a problem without colors (option names are dropped)."""
        return cls(
            name,
            expected,
            tuple(problem.primary),
            tuple(problem.secondary),
            tuple(tuple(entries) for entries in problem.options.values()),
        )

    def problem(self) -> dlx.Problem:
        """The workload as our engine's problem (options named 0, 1, ...)."""
        return dlx.Problem(
            [list(option) for option in self.options],
            primary=self.primary,
            secondary=self.secondary,
        )


BUILDERS: dict[str, tuple[int, Callable[[], dlx.Problem]]] = {
    "pentominoes-6x10": (2339, lambda: pentominoes.problem(6, 10)),
    "pentominoes-6x10-all": (9356, lambda: pentominoes.problem(6, 10, break_symmetry=False)),
    "queens-10": (724, lambda: queens.problem(10)),
    "queens-12": (14200, lambda: queens.problem(12)),
    "queens-15": (2279184, lambda: queens.problem(15)),
    "langford-12": (108144, lambda: langford.problem(12)),
}
"""Workload name -> (published count, builder).  The pentomino counts are Knuth's (Dancing
Links, 2000): 2339 packings of the 6x10 box up to symmetry, 9356 in all; the queens counts
are OEIS A000170; Langford pairs for n = 12, one of each arrangement and its reversal, OEIS
A014552."""

DEFAULT = ("pentominoes-6x10", "queens-10", "queens-12")
"""The workloads of the speed goal: count the pentominoes and N-queens for n = 10 and 12."""


def workload(name: str) -> Workload:
    """Build the named workload."""
    expected, build = BUILDERS[name]
    return Workload.from_problem(name, expected, build())
