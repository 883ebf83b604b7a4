"""``dlx.tiling`` against a hand-made model, and ``dlx-sudoku tile`` against Polyform Puzzler.

1. In this process: ``Tiling(box(6, 10), "pentominoes").count()`` (the model built from
   the piece set, the symmetry broken by the program, counted in C by filling the lowest
   empty cell: ``dlx.tiling.cells``) against the C loop counting Knuth's hand-made model of
   the same problem (``tests/fixtures/pentominoes-6x10.dlx``, read from its file; the X
   kept in the top-left quarter), rounds taken in turn. Both count 2339.
2. With ``--puzzler PYTHON``: whole processes, ``dlx-sudoku tile BOARD --pieces SET --count``
   against Polyform Puzzler's script for the same puzzle (``PYTHON SCRIPT -N``, its default
   algorithm, xcover's Dancing Cells compiled by Numba, unless ``--algorithm``), each count
   checked, rounds taken in turn; the least wall time and the least CPU time (steadier when
   other work shares the cores) of each, and their ratios. ``--only WORDS`` keeps the
   puzzles whose names hold one of the words. Polyform Puzzler is installed apart, never a
   dependency: see benchmarks/README.md.

    python -m benchmarks.tiling --repeat 5
    python -m benchmarks.tiling --puzzler /work/venv-puzzler/bin/python \\
        --puzzler-bin /work/peers/polyform-puzzler/puzzler/bin --repeat 3
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import dlx
from dlx.tiling import Tiling, box

ROOT = Path(__file__).parent.parent
T = TypeVar("T")
KNUTH_6X10 = ROOT / "tests" / "fixtures" / "pentominoes-6x10.dlx"
SOLID = "cubes/solid-pentominoes-"
HOLE = "########\n########\n########\n###..###\n###..###\n########\n########\n########\n"
CORNERS = ".######.\n" + "########\n" * 6 + ".######.\n"
PICTURES = {"8x8, hole": HOLE, "8x8, no corners": CORNERS}  # the boards read from stdin

# (name, the tile command's board and pieces, Polyform Puzzler's script, the count)
PUZZLES = [
    ("pentominoes 6x10", ["6x10", "-p", "pentominoes"], "ominoes/pentominoes-6x10.py", 2339),
    ("pentominoes 5x12", ["5x12", "-p", "pentominoes"], "ominoes/pentominoes-5x12.py", 1010),
    ("pentominoes 4x15", ["4x15", "-p", "pentominoes"], "ominoes/pentominoes-4x15.py", 368),
    ("pentominoes 3x20", ["3x20", "-p", "pentominoes"], "ominoes/pentominoes-3x20.py", 2),
    ("pentominoes 8x8, hole", ["-", "-p", "pentominoes"], "ominoes/pentominoes-8x8.py", 65),
    (
        "pentominoes 8x8, no corners",
        ["-", "-p", "pentominoes"],
        "ominoes/pentominoes-8x8-corners.py",
        2170,
    ),
    ("Soma cube", ["3x3x3", "-p", "soma"], "cubes/soma-3x3x3.py", 240),
    ("solid pentominoes 2x3x10", ["2x3x10", "-p", "pentominoes"], f"{SOLID}2x3x10.py", 12),
    ("solid pentominoes 2x5x6", ["2x5x6", "-p", "pentominoes"], f"{SOLID}2x5x6.py", 264),
    ("solid pentominoes 3x4x5", ["3x4x5", "-p", "pentominoes"], f"{SOLID}3x4x5.py", 3940),
]


def rounds(runs: dict[str, Callable[[], T]], repeat: int) -> dict[str, list[T]]:
    """Each run's result, ``repeat`` rounds, the runs in turn within a round."""
    times: dict[str, list[T]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            times[name].append(run())
    return times


def in_process(repeat: int) -> None:
    """Part 1: the tiling model against Knuth's, both on the C loop."""

    def ours() -> float:
        start = time.perf_counter()
        assert Tiling(box(6, 10), "pentominoes").count() == 2339
        return time.perf_counter() - start

    def knuth() -> float:
        start = time.perf_counter()
        assert dlx.read(KNUTH_6X10).count() == 2339
        return time.perf_counter() - start

    times = rounds({"dlx.tiling": ours, "Knuth's model": knuth}, repeat)
    print("| 6x10 pentominoes, 2339 | best s | median s |")
    print("|---|---:|---:|")
    for name, seconds in times.items():
        print(f"| {name} | {min(seconds):.3f} | {statistics.median(seconds):.3f} |")
    ratio = min(times["dlx.tiling"]) / min(times["Knuth's model"])
    print(f"\ndlx.tiling / Knuth's model (best of {repeat}): {ratio:.2f}\n")


def _process(
    command: list[str], stdin: str | None, expect: int, pattern: str
) -> tuple[float, float]:
    """Run a whole process, check its count, return its wall time and its CPU time (user
    and system, the process and its children), the steadier on a busy machine. Both sides
    run with their bytecode cached, as an installed program does: PYTHONDONTWRITEBYTECODE
    is left out of their environment."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        command, input=stdin, capture_output=True, text=True, check=False, env=env
    )
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    found = re.search(pattern, done.stdout, re.MULTILINE)
    if found is None or int(found[1]) != expect:
        raise SystemExit(f"{command} did not count {expect}:\n{done.stdout[-500:]}{done.stderr}")
    return seconds, cpu


def against_puzzler(
    python: str, scripts: Path, repeat: int, algorithm: str | None, only: list[str]
) -> None:
    """Part 2: the tile command against Polyform Puzzler, whole processes."""
    tile = [sys.executable, "-m", "sudoku.cli", "tile"]
    extra = ["-a", algorithm] if algorithm else []
    print(
        f"| puzzle | tile s | Polyform Puzzler s ({algorithm or 'c'}) | ratio "
        "| tile CPU s | Polyform Puzzler CPU s | CPU ratio |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, args, script, count in PUZZLES:
        if only and not any(word in name for word in only):
            continue
        stdin = next((v for k, v in PICTURES.items() if name.endswith(k)), None)
        runs = {
            "tile": lambda a=args, s=stdin, c=count: _process(
                [*tile, *a, "--count"], s, c, r"\A(\d+)$"
            ),
            "puzzler": lambda sc=script, c=count: _process(
                [python, str(scripts / sc), "-N", *extra], None, c, r"^(\d+) solutions,"
            ),
        }
        times = rounds(runs, repeat)
        ours, theirs = min(t for t, _ in times["tile"]), min(t for t, _ in times["puzzler"])
        our_cpu = min(c for _, c in times["tile"])
        their_cpu = min(c for _, c in times["puzzler"])
        print(
            f"| {name} | {ours:.2f} | {theirs:.2f} | {theirs / ours:.1f}x "
            f"| {our_cpu:.2f} | {their_cpu:.2f} | {their_cpu / our_cpu:.1f}x |",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    """Print the tables (see the module)."""
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds (best taken)")
    parser.add_argument("--puzzler", help="the Python of Polyform Puzzler's environment")
    parser.add_argument(
        "--puzzler-bin", type=Path, help="Polyform Puzzler's puzzler/bin directory of scripts"
    )
    parser.add_argument("--algorithm", help="Polyform Puzzler's -a (c, x2, dlx)")
    parser.add_argument("--skip-model", action="store_true", help="skip part 1")
    parser.add_argument("--only", nargs="+", default=[], help="puzzles whose names hold a word")
    args = parser.parse_args(argv)
    if not args.skip_model:
        in_process(args.repeat)
    if args.puzzler:
        if args.puzzler_bin is None:
            parser.error("--puzzler needs --puzzler-bin")
        against_puzzler(args.puzzler, args.puzzler_bin, args.repeat, args.algorithm, args.only)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
