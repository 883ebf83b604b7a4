"""Types of the C search loops (dlx/_search.c): dlx.dancing's loop, dlx.bits',
dlx.multiplicities' (Algorithm M, for a problem with item bounds) and dlx.costs' (DLX5's
minimum-cost search, given costs) in C."""

import random
from collections.abc import Iterable
from typing import Final

from dlx.links import Links
from dlx.loop import Stats

SOLUTION: Final[int]
CHECKPOINT: Final[int]
END: Final[int]
LOOKAHEAD: Final[int]  # dlx.costs.LOOKAHEAD

def ascend(
    costs: list[float], items: list[tuple[int, ...]], prices: list[float], rounds: int, /
) -> list[float]:
    """dlx.relaxation._ascend in C: the same steps, the same floats."""

def number_options(
    options: list[tuple[object, ...]], number: dict[object, int], begin: int, base: int, /
) -> tuple[bytes, bytes, int]:
    """dlx.problem._number_plain in C: options[begin:stop] numbered by ``number``, as C ints
    (their item numbers, and the starts that end them), and stop."""

BIT_OPS: Final[str]  # "compiler builtins", "MSVC intrinsics" or "plain C"

class Layout:
    """A Links laid out as dancing links in C, every number checked, bounds included (at
    most 2**62), made once per problem and shared by every Loop."""

    def __init__(self, links: Links) -> None: ...
    @property
    def bits_fit(self) -> bool: ...

class Loop:
    """The search over a copy of a Layout's arrays (dlx.loop.Loop in C): Algorithm X or C,
    on bitsets where they fit when ``bits``; Algorithm M when the layout has bounds; DLX5's
    search given ``costs`` (one finite float >= 0 an option, no bounds, rng None)."""

    cutoff: float  # with costs: the net cost a solution must beat

    def __init__(
        self,
        layout: Layout,
        forced: Iterable[int],
        rng: random.Random | None,
        stats: Stats,
        bits: bool = False,
        costs: list[float] | None = None,
    ) -> None: ...
    @property
    def level(self) -> int: ...
    @property
    def bits(self) -> bool: ...
    def run(self, next_check: int, target: int, /) -> tuple[int, int]: ...
    def chosen(self) -> list[int]: ...
    def branches(self) -> list[tuple[int, int]]: ...
    def cost(self) -> float: ...
