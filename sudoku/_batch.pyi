"""Types of the C batch (sudoku/_batch.c): sudoku lines solved in chunks, uniqueness proved."""

from collections.abc import Sequence
from typing import Any, Final

from dlx._search import Layout

NONE: Final[int]  # the codes of a line: no solution
UNIQUE: Final[int]
SEVERAL: Final[int]
PYTHON: Final[int]  # read it in Python (separators, bad characters, givens that clash)
SKIP: Final[int]  # a blank line or a # comment
STOPPED: Final[int]  # the search made the guesses it was allowed (solve's guesses)
STALL: Final[int]  # guesses after which a search propagates past singles (_deep.h)

class Solver:
    """Solves sudoku lines of the sizes given shapes (or ``fixed`` alone)."""

    def __init__(self, fixed: int = 0) -> None: ...
    @property
    def guesses(self) -> int:
        """Guesses of every solve() so far: options tried where others were left."""
    def add_shape(
        self, n: int, layout: Layout | None, units: Sequence[Sequence[int]], /
    ) -> None: ...
    def solve(
        self,
        lines: list[str],
        seconds: float | None = None,
        guesses: int | None = None,
        limit: int = 2,
    ) -> tuple[bytes, list[str | None]]: ...
    def dig(self, cells: bytes, orbits: Sequence[Sequence[int]], /) -> bytes: ...
    def complete(
        self,
        cells: bytes,
        orbits: Sequence[Sequence[int]],
        avoid: bytes,
        seed: int,
        seconds: float | None = None,
    ) -> tuple[bytes, bytes] | None: ...
    def stop(self) -> None: ...

def unit_singles(
    masks: list[int], placed: list[int], units: bytes, full: int, /
) -> tuple[int, int, list[int]]:
    """sudoku.rate's scan for hidden singles in C (`sudoku.rate._unit_singles`)."""

def hidden_sets(
    masks: list[int], units: bytes, k: int, /
) -> list[tuple[int, int, list[int], list[tuple[int, int]]]]:
    """`sudoku.subsets._hidden_sets_py` in C (hidden subsets of k digits that strike)."""

def fish(
    masks: list[int], units: bytes, n: int, k: int, /
) -> tuple[int, int, tuple[int, ...], int] | None:
    """`sudoku.fish_and_wings._fish_py` in C: (bit, on columns, base lines, cover lines as
    a mask) of the first fish of k lines that strikes, or None."""

def locked_hits(masks: list[int], packed: bytes, /) -> list[tuple[int, int]]:
    """`sudoku.subsets._locked_hits_py` in C (intersections packed by `sudoku.rate`)."""

def closed_sets(items: list[tuple[int, int]], k: int, /) -> list[tuple[tuple[int, ...], int]]:
    """`sudoku.fish_and_wings.closed_sets` in C."""

def finned_fish(
    masks: list[int], units: bytes, n: int, known: bytearray | None = None, /
) -> tuple[int, int, int, tuple[int, ...], int, int] | None:
    """`sudoku.fish_and_wings._finned_fish_py` in C: (k, bit, on columns, base lines,
    cover lines as a mask, box) of the first finned fish, or None. ``known``, kept from
    call to call (empty at first), holds the digits' places that held none: a digit whose
    places are as they were is passed over."""

def wing(masks: list[int], units: bytes, n: int, xyz: bool, /) -> tuple[int, int, int] | None:
    """`sudoku.fish_and_wings._xy_wing_py` (``_xyz_wing_py`` when xyz) in C: (pivot, a, b)
    of the first wing, or None."""

def w_wing(masks: list[int], units: bytes, n: int, /) -> tuple[int, int, int, int, int, int] | None:
    """`sudoku.fish_and_wings._w_wing_py` in C: (a, b, y, unit, near a, near b) of the
    first W-wing, or None."""

def als_xz(
    masks: list[int], units: bytes, n: int, /
) -> tuple[tuple[int, ...], int, tuple[int, ...], int, int, int] | None:
    """`sudoku.fish_and_wings._als_xz_py` in C: (cells, unit, cells, unit, x, z) of the
    first ALS-XZ, or None."""

def naked_set(
    masks: list[int], units: bytes, n: int, k: int, /
) -> tuple[int, tuple[int, ...], int] | None:
    """`sudoku.subsets._naked_set_py` in C: (unit, cells, digits) of the first naked subset
    of k cells that strikes, or None."""

def paired_rectangles(masks: list[int], rectangles: bytes, /) -> list[tuple[int, int]]:
    """`sudoku.uniqueness._pairs_of_py` in C: (rectangle number, its pair) of each rectangle
    whose corners make a pair, two of them alone."""

def walk_rounds(
    values: list[int],
    masks: list[int],
    placed: list[int],
    units: bytes,
    table: tuple[object, ...],
    rated: float,
    orders: tuple[tuple[float, bytes], ...],
    start: int,
    no_fish: bytearray | None = None,
    /,
) -> tuple[list[list[Any]], float, int]:
    """sudoku.rate's walk while the technique it takes is searched in C
    (`sudoku.rate.Candidates.rounds_in_c`): (each round's steps, the rating after them, where
    the Python walk goes on in the order reached), the lists updated in place. ``no_fish``,
    kept from call to call (empty at first), holds the digits' places that held no fish of
    2, 3 or 4 lines: a digit whose places are as they were is passed over."""

def pencil_marks(
    cells: Sequence[int], units: bytes, n_units: int, /
) -> tuple[list[int], list[int], list[int]] | None:
    """`sudoku.rate._pencil_marks_py` in C: (values, masks, placed), None when givens clash."""

def direct_place(
    masks: list[int], units: bytes, patterns: list[Any], pointing: bool, /
) -> tuple[int, int, int] | None:
    """`sudoku.subsets._direct_place_py` in C: (pattern number, cell, digit) or None."""
