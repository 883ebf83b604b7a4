"""The sudoku batch in C against tdoku and its peers, and `solve --file` against the batch API.

For each data file of ../shared/data, every puzzle is solved with uniqueness proved on one
core through the Python API: ``sudoku.batch.answers`` ("answers": the C batch on one thread,
reading, the givens check, the search counting to two and the solution lines, in chunks)
and ``sudoku.batch.solve_lines`` ("solve_lines": the same, one ``Solved`` record a puzzle);
and by ``dlx-sudoku solve --file`` in a child process (start-up, reading and writing
included), on every core as it runs by default ("cli") and on one thread ("cli -j1"). When
given the path of tdoku's ``run_benchmark`` (built apart from this project, from
t-dillon/tdoku: ``./BUILD.sh run_benchmark -DKUDOKU=ON -DJCZSOLVE=ON -DFSSS2=ON``, see the
README), ``--peers`` (tdoku, and any of jczsolve, fsss2, kudoku built in) solve the same file
too, counting to two as well (run_benchmark's default). The runs go round the contenders in
turn, ``--repeat`` rounds, so that a change in the shared machine's load falls on all alike.

The table gives each contender's best time in microseconds a puzzle with the spread of the
rounds (best-worst), the guesses a puzzle (ours from ``Solver.guesses``, the peers' as
run_benchmark reports them), and each API's ratio to tdoku: the ratio of the best times,
and the range of the ratios within a round. Every answer of ours is checked unique and by
the independent ``is_solution``.

    python -m benchmarks.sudoku_batch --peer ../peers/tdoku/build/run_benchmark --no-cli
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

from sudoku import solve as one
from sudoku.batch import CHUNK, answers, solve_lines
from sudoku.grid import Grid, Shape, is_solution, parse
from sudoku.records import Status

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
FILES = ("sudoku17.txt", "easy10k.txt", "top1465.txt")
PEERS = ("tdoku", "jczsolve", "fsss2", "kudoku")  # those of run_benchmark's solvers we run
OURS = ("answers", "solve_lines")  # the Python API's two ways of solving a stream
EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def api_time(lines: list[str], api: str) -> float:
    """Seconds for the C batch on one thread to solve every line, proving each solution
    unique, through ``api`` (one of OURS)."""
    start = time.perf_counter()
    for _ in (answers if api == "answers" else solve_lines)(lines, backend="c", jobs=1):
        pass
    return time.perf_counter() - start


def our_guesses(lines: list[str]) -> float:
    """Guesses a puzzle of the C batch's search on ``lines`` (a Solver of its own)."""
    solver = one.batch_solver(Shape.for_size(9), shared=False, engine_order=False)
    for k in range(0, len(lines), CHUNK):
        solver.solve(lines[k : k + CHUNK])
    return float(solver.guesses) / len(lines)


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


def peer_times(
    binary: Path, path: Path, seconds: float, peers: list[str]
) -> dict[str, tuple[float, float]]:
    """Microseconds and guesses a puzzle of each of ``peers`` on ``path``, as tdoku's
    run_benchmark reports them."""
    command = [str(binary), "-s", ",".join(peers), "-t", str(seconds), "-w", "1", str(path)]
    report = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    times = {}
    for name in peers:
        row = rf"^\|{name}\s.*?\|\s*([\d.]+)\s*\|\s*([\d.]+)\s*\|\s*[\d.]+%\s*\|\s*([\d.]+)\s*\|"
        found = re.search(row, report, re.M)
        if found is None:
            raise SystemExit(f"no {name} row in run_benchmark's output:\n{report}")
        times[name] = (float(found.group(2)), float(found.group(3)))
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
    parser.add_argument("--repeat", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--peer", type=Path, help="tdoku's run_benchmark")
    parser.add_argument(
        "--peers", default=",".join(PEERS), help="run_benchmark's solvers to run (tdoku first)"
    )
    parser.add_argument("--peer-seconds", type=float, default=5, help="run_benchmark's -t")
    parser.add_argument("--no-cli", action="store_true", help="skip `solve --file`")
    parser.add_argument("--startup", type=int, metavar="N", help="time start-up instead")
    args = parser.parse_args()
    if args.startup:
        startup(args.startup)
        return 0
    peers = args.peers.split(",") if args.peer else []
    names = list(OURS) + ([] if args.no_cli else ["cli", "cli -j1"]) + peers
    timed: dict[tuple[str, str], list[float]] = {}
    guesses: dict[tuple[str, str], float] = {}
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
        for api in OURS:
            guesses[file, api] = our_guesses(lines)
    for round_ in range(args.repeat):
        for file in args.files:
            path, n = DATA / file, counts[file]
            lines = path.read_text().splitlines()
            micros = {api: api_time(lines, api) / n * 1e6 for api in OURS}
            if not args.no_cli:
                micros["cli"] = cli_time(path) / n * 1e6
                micros["cli -j1"] = cli_time(path, jobs=1) / n * 1e6
            for name, (peer_micros, peer_guesses) in (
                peer_times(args.peer, path, args.peer_seconds, peers).items() if peers else ()
            ):
                micros[name] = peer_micros
                guesses[file, name] = peer_guesses
            for name, value in micros.items():
                timed.setdefault((file, name), []).append(value)
        print(f"round {round_ + 1} of {args.repeat} done", file=sys.stderr)
    print(f"{args.repeat} interleaved rounds, µs a puzzle: best (best-worst); guesses a puzzle")
    print("| data | puzzles | " + " | ".join(f"{name} µs / guesses" for name in names) + " |")
    print("|---|---:|" + "---:|" * len(names))
    for file in args.files:
        cells = []
        for name in names:
            values = timed[file, name]
            guess = f" / {guesses[file, name]:.2f}" if (file, name) in guesses else ""
            cells.append(f"{min(values):.2f} ({min(values):.2f}-{max(values):.2f}){guess}")
        print(f"| {file} | {counts[file]} | " + " | ".join(cells) + " |")
    if peers:
        tdoku = peers[0]
        print(f"\nratios to {tdoku}: of the best times (range of the rounds' ratios)")
        for file in args.files:
            ratios = []
            for api in OURS:
                ours, theirs = timed[file, api], timed[file, tdoku]
                each = [a / b for a, b in zip(ours, theirs, strict=True)]
                ratios.append(
                    f"{api}/{tdoku} {min(ours) / min(theirs):.2f} ({min(each):.2f}-{max(each):.2f})"
                )
            print(f"{file}: " + ", ".join(ratios))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
