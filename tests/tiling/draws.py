"""Random piece sets for the tiling tests, and a Ctrl-C check shared by the counters."""

from __future__ import annotations

import _thread
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

import pytest

K = TypeVar("K")


def copies_to_fill(
    rng: random.Random, sizes: Mapping[K, int], kinds: Sequence[K], area: int
) -> dict[K, int] | None:
    """Copies of ``kinds`` drawn at random while one fits the area left: the copies of
    each kind when they fill ``area`` exactly, else None."""
    copies = dict.fromkeys(kinds, 0)
    while fits := [k for k in kinds if sizes[k] <= area]:
        kind = rng.choice(fits)
        copies[kind] += 1
        area -= sizes[kind]
    return None if area else copies


def assert_ctrl_c_stops(count: Callable[[], object]) -> None:
    """``count`` (a long one) ends with KeyboardInterrupt on a Ctrl-C 0.2 s in. Needs the
    ``python_ctrl_c`` fixture."""
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            count()
    finally:
        timer.cancel()
