"""What a search loop is: the contract every loop keeps, the statistics, the run events.

A loop runs Algorithm X (with Algorithm C's colors) over one compiled problem (``Links``),
starting with some options forced, and stops whenever the driver (``dlx.search.Search``)
asks it to. Three loops keep this contract: ``dlx.dancing.DancingLoop`` (dancing links in
pure Python, the reference), ``dlx.bits.BitsLoop`` (the same steps on option bitmasks, pure
Python) and ``dlx._search.Loop`` (dancing links in C, when built). They step alike: the same
item chosen at every node, options tried in the same order, the same calls on a seeded
``random.Random``, so they give the same solutions in the same order, the same ``nodes``,
``solutions`` and ``profile``, and the same progress estimates. ``updates`` is each loop's
cost counter; see ``Stats``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import random

    from dlx.links import Links

# What run(next_check, target) stopped at; dlx._search uses the same numbers.
SOLUTION, CHECKPOINT, END = 0, 1, 2
NEVER = 2**63 - 1  # a solution target no search reaches: count them all


@dataclass
class Stats:
    """What a search has done so far.

    ``nodes`` counts the options tried (the nodes of the search tree), ``profile[l]`` the
    nodes at depth l, ``solutions`` the solutions met. ``updates`` is the loop's cost
    counter: in the dancing-links loops (``python``, ``c-links``, and ``c`` where it runs on
    links) Knuth's updates as DLX1 and DLX2 count them, one for each item taken out of the
    active list by cover and one for each node taken out of an item's list (nodes of an item
    already purified with their color stay, as in DLX2); in the loops on option masks
    (``bits``, and ``c`` where it runs on bitsets), the options taken out of the active set.
    """

    nodes: int = 0
    updates: int = 0
    solutions: int = 0
    elapsed: float = 0.0
    profile: list[int] = field(default_factory=list)

    def add(self, part: Stats) -> None:
        """Add another search's counts to these (the parts of one run)."""
        self.nodes += part.nodes
        self.updates += part.updates
        self.solutions += part.solutions
        for level, count in enumerate(part.profile):
            if level == len(self.profile):
                self.profile.append(0)
            self.profile[level] += count


class Loop(Protocol):
    """A search loop over one compiled problem (see the module).

    ``run(next_check, target)`` goes on from where it stood and returns ``(SOLUTION, level)``
    with a solution at depth ``level`` once ``stats.solutions`` reaches ``target`` (the
    solutions before it are only counted: that is how counting runs), ``(CHECKPOINT, level)``
    once ``stats.nodes`` reaches ``next_check``, or ``(END, 0)`` when the tree is exhausted.
    The ``Stats`` given at construction is current whenever it returns, and after
    KeyboardInterrupt. ``chosen()`` and ``branches()`` describe the levels above ``level``.
    """

    @property
    def level(self) -> int:
        """The current depth of the search."""
        ...

    def run(self, next_check: int, target: int) -> tuple[int, int]:
        """Search on to the target solution, the checkpoint or the end."""
        ...

    def chosen(self) -> list[int]:
        """The options (as indices into the problem's options) chosen at each level."""
        ...

    def branches(self) -> list[tuple[int, int]]:
        """For each level: (options to try there, options tried so far)."""
        ...


# How a loop is made: (compiled problem, forced option indices, generator or None, stats).
LoopFactory = Callable[["Links", list[int], "random.Random | None", Stats], Loop]


class GeneratorLoop:
    """``run`` for a loop written in Python as a generator (``_steps``) that yields the
    events: it passes the new check and target in and takes the next event out."""

    level: int
    _next_check: int
    _target: int
    _steps: Iterator[tuple[int, int]]

    def run(self, next_check: int, target: int) -> tuple[int, int]:
        """Search on to the target solution, the checkpoint or the end (see ``Loop``)."""
        self._next_check = next_check
        self._target = target
        return next(self._steps, (END, 0))
