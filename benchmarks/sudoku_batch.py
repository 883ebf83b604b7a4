"""The sudoku batch in C against kudoku and tdoku, and `solve --file` against the batch API.

For each data file of ../shared/data, every puzzle is solved with uniqueness proved by
``sudoku.batch.solve_lines`` (the C batch on one thread: reading, the givens check, the
search counting to two and the solution lines, in chunks), and by ``dlx-sudoku solve --file``
in a child process (start-up, reading and writing included), on every core as it runs by
default ("cli") and on one thread ("cli -j1"). When given the path of tdoku's
``run_benchmark`` (built apart from this project, from t-dillon/tdoku with kudoku enabled:
``./BUILD.sh run_benchmark -DKUDOKU=ON``), kudoku and tdoku solve the same file too, counting
to two as well (run_benchmark's default). The runs go round the contenders in turn,
``--repeat`` rounds, so that a change in the shared machine's load falls on all alike; the
table keeps each one's best time in microseconds a puzzle, and the ratios come from that
one run. Every answer of ours is checked unique and by the independent ``is_solution``.

    python -m benchmarks.sudoku_batch --peer ../peers/tdoku/build/run_benchmark
    python -m benchmarks.sudoku_batch --files top1465.txt --repeat 5
    python -m benchmarks.sudoku_batch --startup 20     # start-up: solve PUZZLE vs import typer

``--startup N`` times instead N runs each, in turn, of ``python -c "import typer"`` and
``dlx-sudoku solve PUZZLE`` (the console script beside this Python), and prints the median
wall time of each and their ratio.

Exits 1 when an answer is wrong.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from sudoku.batch import solve_lines
from sudoku.grid import Grid, is_solution, parse
from sudoku.records import Status

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
FILES = ("sudoku17.txt", "easy10k.txt", "top1465.txt")
PEERS = ("kudoku", "tdoku")
EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def batch_time(lines: list[str]) -> float:
    """Seconds for the C batch to solve every line, proving each solution unique."""
    start = time.perf_counter()
    for _ in solve_lines(lines, backend="c"):
        pass
    return time.perf_counter() - start


def check(lines: list[str]) -> bool:
    """Every answer unique and a solution of its puzzle, checked apart from the engine."""
    for answer in solve_lines(lines, backend="c"):
        puzzle = parse(lines[answer.place.number - 1])
        if getattr(answer, "status", None) is not Status.UNIQUE:
            return False
        solution = Grid(puzzle.shape, parse(answer.solutions[0]).cells)
        if not is_solution(solution, puzzle):
            return False
    return True


# Children run as an installed package does: with its bytecode cached. A
# PYTHONDONTWRITEBYTECODE in this environment would make every child compile every module
# from source (about 0.1 s a start); the first child writes the cache.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cli_time(path: Path, jobs: int | None = None) -> float:
    """Seconds for ``dlx-sudoku solve --file`` on the whole file, start-up included: on
    every core (the default) or on ``jobs`` threads."""
    command = [sys.executable, "-m", "sudoku.cli", "solve", "--file", str(path), "-o", "/dev/null"]
    command += [] if jobs is None else ["--jobs", str(jobs)]
    start = time.perf_counter()
    subprocess.run(command, check=True, stderr=subprocess.DEVNULL, env=CHILD_ENV)
    return time.perf_counter() - start


def peer_times(binary: Path, path: Path, seconds: float) -> dict[str, float]:
    """Microseconds a puzzle of kudoku and tdoku on ``path``, as run_benchmark reports them."""
    command = [str(binary), "-s", ",".join(PEERS), "-t", str(seconds), "-w", "1", str(path)]
    report = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    times = {}
    for name in PEERS:
        found = re.search(rf"^\|{name}\s.*?\|\s*([\d.]+)\s*\|\s*([\d.]+)\s*\|", report, re.M)
        if found is None:
            raise SystemExit(f"no {name} row in run_benchmark's output:\n{report}")
        times[name] = float(found.group(2))
    return times


def startup(runs: int) -> None:
    """The median start-up of ``dlx-sudoku solve PUZZLE`` against ``import typer``."""
    script = Path(sys.executable).with_name("dlx-sudoku")
    solve = [str(script)] if script.exists() else [sys.executable, "-m", "sudoku.cli"]
    commands = {
        "import typer": [sys.executable, "-c", "import typer"],
        "dlx-sudoku solve PUZZLE": [*solve, "solve", EXAMPLE],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # writes the bytecode cache
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=CHILD_ENV)
    for _ in range(runs):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=CHILD_ENV)
            times[name].append(time.perf_counter() - start)
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, median in medians.items():
        print(f"{name}: median {median * 1000:.0f} ms of {runs} runs")
    typer_time, solve_time = medians.values()
    print(f"ratio: {solve_time / typer_time:.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", nargs="+", default=FILES, help="data files to solve")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (best time kept)")
    parser.add_argument("--peer", type=Path, help="tdoku's run_benchmark, built with kudoku")
    parser.add_argument("--peer-seconds", type=float, default=5, help="run_benchmark's -t")
    parser.add_argument("--no-cli", action="store_true", help="skip `solve --file`")
    parser.add_argument("--startup", type=int, metavar="N", help="time start-up instead")
    args = parser.parse_args()
    if args.startup:
        startup(args.startup)
        return 0
    names = ["batch"] + ([] if args.no_cli else ["cli", "cli -j1"])
    names += list(PEERS) if args.peer else []
    best = {(file, name): float("inf") for file in args.files for name in names}
    counts = {}
    for file in args.files:
        path = DATA / file
        if not path.is_file():
            raise SystemExit(f"data set {path} is absent")
        lines = path.read_text().splitlines()
        counts[file] = len(lines)
        if not check(lines):
            print(f"{file}: a wrong answer", file=sys.stderr)
            return 1
    for round_ in range(args.repeat):
        for file in args.files:
            path, n = DATA / file, counts[file]
            lines = path.read_text().splitlines()
            timed = {"batch": batch_time(lines) / n * 1e6}
            if not args.no_cli:
                timed["cli"] = cli_time(path) / n * 1e6
                timed["cli -j1"] = cli_time(path, jobs=1) / n * 1e6
            if args.peer:
                timed |= peer_times(args.peer, path, args.peer_seconds)
            for name, micros in timed.items():
                best[file, name] = min(best[file, name], micros)
        print(f"round {round_ + 1} of {args.repeat} done", file=sys.stderr)
    print("| data | puzzles | " + " | ".join(f"{name} µs" for name in names) + " | ratios |")
    print("|---|---:|" + "---:|" * len(names) + "---|")
    for file in args.files:
        ours = best[file, "batch"]
        cells = " | ".join(f"{best[file, name]:.1f}" for name in names)
        ratios = ", ".join(
            f"batch/{name} {ours / best[file, name]:.2f}" for name in PEERS if args.peer
        )
        if not args.no_cli:
            ratios += f"{', ' if ratios else ''}cli/batch {best[file, 'cli'] / ours:.2f}"
            ratios += f", cli -j1/batch {best[file, 'cli -j1'] / ours:.2f}"
        print(f"| {file} | {counts[file]} | {cells} | {ratios} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
