"""Types of the chains' implications in C (sudoku/_chains.c; sudoku.chains is the reference)."""

from typing import NewType, overload

Links = NewType("Links", object)  # a capsule: a shape's units and peers, read once

def links(packed: bytes, /) -> Links:
    """A shape read from C ints: n, cells, units, then each unit, each cell's units and
    each cell's peers, each a count and its indices."""

Closure = NewType("Closure", object)  # a capsule: what an assumption implies, kept

def first_chain(
    links: Links, masks: bytes, technique: int, budget: int, /
) -> tuple[tuple[int, int, tuple[int, ...], tuple[int, int] | None] | None, int]:
    """The first chain of the least complexity of technique 0 (x-chains), 1 (forcing
    chains) or 2 (nishio): (start, complexity, its potentials, the conflict of nishio's);
    then the budget left, below 0 when it ran out (nothing found)."""

def first_multiple(
    links: Links, masks: bytes, dynamic: bool, budget: int, /
) -> tuple[
    tuple[int, int, tuple[int, ...], tuple[int, int]]
    | tuple[str, int, int, tuple[int, ...], tuple[int, int, list[int]] | None]
    | None,
    int,
]:
    """Multiple (or dynamic) forcing chains: the first contradiction of the least complexity
    (start, complexity, its potentials, the conflict), or the first branches of a cell or
    unit whose agreements are the shortest (kind, a, b, the potentials they assume, and
    their agreement as `least` gives it when it is the only one of its complexity); then
    the budget left, below 0 when it ran out (nothing found)."""

def parents(closure: Closure, /) -> dict[int, tuple[int, ...]]:
    """Each potential reached, in order, with the potentials it follows from."""

def reached(closure: Closure, /) -> tuple[int, ...]:
    """The potentials reached, in order (the keys of `parents`)."""

def reaches(closure: Closure, q: int, /) -> bool:
    """Whether ``q`` was reached."""

def ancestors(closure: Closure, targets: tuple[int, ...], /) -> set[int]:
    """The ``targets`` and every potential they follow from, transitively."""

@overload
def least(closures: tuple[Closure, ...], masks: bytes, n: int, /) -> int: ...
@overload
def least(
    closures: tuple[Closure, ...], masks: bytes, n: int, targets: tuple[int, ...], /
) -> tuple[int, int, list[int]] | None:
    """The least complexity of a potential every closure reaches that changes the board
    (``masks``, a uint32 a cell), no closure's start, -1 for none; with ``targets``, that
    complexity, the first of them of it and the potentials of its chains, or None."""

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
) -> tuple[Closure | None, tuple[int, int] | None, int]:
    """What ``starts`` imply on ``masks`` (a uint32 a cell), None once the budget ran out;
    the contradiction; the budget left."""
