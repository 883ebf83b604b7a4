"""How many cores this process may use: what a parallel run sizes itself by.

Apart from ``dlx.executors`` so that asking (``--jobs`` held to the cores, the C batch's
threads) costs no import of multiprocessing.
"""

from __future__ import annotations

import os


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity where the OS tells it (a
    container or ``taskset`` may allow fewer than the machine has), else all of them."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1
