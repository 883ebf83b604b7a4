"""Start-up: every ``dlx-sudoku`` command against ``python -c "import typer"``, whole process.

A short command is mostly start-up, so each one is held to 1.5x the import of Typer alone
(the floor any Typer command line pays). Each round runs the yardstick and every command
once, in a rotating order, so that a change in the shared machine's load falls on all
alike; the table gives each one's median wall time over the rounds and the ratio of the
medians. The children run as an installed package does, with bytecode cached (the
packages are compiled first), and each run's exit code is checked.

    python -m benchmarks.startup              # 21 rounds
    python -m benchmarks.startup --rounds 41
    python -m benchmarks.startup --cpu        # CPU time: steadier while others load the machine
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = str(Path(sys.executable).with_name("dlx-sudoku"))
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
BOUND = 1.5  # the most a command may take, in imports of Typer
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def commands(one_puzzle: Path) -> dict[str, list[str]]:
    """The commands timed, by the name the table gives them."""
    return {
        "--version": [SCRIPT, "--version"],
        "solve PUZZLE": [SCRIPT, "solve", HARD],
        "solve --file (1 puzzle)": [SCRIPT, "solve", "--file", str(one_puzzle)],
        "count": [SCRIPT, "count", "--limit", "2", "." * 16],
        "rate PUZZLE": [SCRIPT, "rate", HARD],
        "generate --size 4": [SCRIPT, "generate", "--size", "4", "--seed", "1"],
        "cover (small file)": [SCRIPT, "cover", str(ROOT / "tests/fixtures/knuth-paper.dlx")],
        "python -m dlx (small file)": [
            sys.executable,
            "-m",
            "dlx",
            str(ROOT / "tests/fixtures/knuth-paper.dlx"),
        ],
    }


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed_run(command: list[str], clock: str) -> float:
    """Seconds ``command`` took: wall time, or the CPU time it used (``clock="cpu"``)."""
    read = _cpu if clock == "cpu" else time.perf_counter
    start = read()
    done = subprocess.run(command, capture_output=True, env=CHILD_ENV, check=False)
    seconds = read() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.decode()[-500:]}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument(
        "--cpu", action="store_true", help="time CPU (user + system) rather than wall time"
    )
    args = parser.parse_args()
    clock = "cpu" if args.cpu else "wall"
    for package in ("dlx", "sudoku"):
        compileall.compile_dir(ROOT / package, quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.txt"
        one.write_text(f"{HARD}\n")
        timed = {"python -c 'import typer'": [sys.executable, "-c", "import typer"]}
        timed |= commands(one)
        names = list(timed)
        times: dict[str, list[float]] = {name: [] for name in names}
        for name in names:  # a warm-up of each: the file cache, not the figures
            timed_run(timed[name], clock)
        for k in range(args.rounds):
            for name in names[k % len(names) :] + names[: k % len(names)]:
                times[name].append(timed_run(timed[name], clock))
    base = statistics.median(times[names[0]])
    print(f"{args.rounds} rounds, median {clock} time, ratio to the import of Typer", end="")
    print(f" (bound {BOUND})")
    print(f"{'command':<28} {'ms':>7} {'ratio':>6}")
    worst = 0.0
    for name in names:
        median = statistics.median(times[name])
        ratio = median / base
        worst = max(worst, ratio)
        print(f"{name:<28} {median * 1000:7.1f} {ratio:6.2f}")
    print(f"worst ratio {worst:.2f}: {'within' if worst <= BOUND else 'PAST'} {BOUND}")


if __name__ == "__main__":
    main()
