"""Types of the chains' implications in C (sudoku/_chains.c; sudoku.chains is the reference)."""

from collections.abc import Iterable
from typing import NewType

Links = NewType("Links", object)  # a capsule: a shape's units and peers, read once

def links(packed: bytes, /) -> Links:
    """A shape read from C ints: n, cells, units, then each unit, each cell's units and
    each cell's peers, each a count and its indices."""

def ancestors(parents: dict[int, tuple[int, ...]], targets: Iterable[int], /) -> set[int]:
    """The ``targets`` and every potential they follow from in ``parents``, transitively."""

def closure(
    links: Links,
    masks: bytes,
    starts: tuple[int, ...],
    y: bool,
    dynamic: bool,
    stop: bool,
    reach: int | None,
    budget: int,
    /,
) -> tuple[dict[int, tuple[int, ...]] | None, tuple[int, int] | None, int]:
    """What ``starts`` imply on ``masks`` (a uint32 a cell): the parents of every potential
    reached (None once the budget ran out), the contradiction, the budget left."""
