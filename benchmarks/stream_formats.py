"""`solve --file` in every --format, with and without --jobs 2: the route no longer depends
on the format, so every format should take about the time of ``line``, and two jobs no more
than one.

Each round runs every (format, jobs) pair once, as a whole ``dlx-sudoku`` process writing to
/dev/null, in a rotating order so that a change in the shared machine's load falls on all
alike; the table keeps each pair's best wall time, and the ratios come from that one run:
``/ line`` against ``--format line`` with the same jobs, ``j2 / j1`` against one job in the
same format. ``--stats`` (per-puzzle engine statistics: the Python route) is timed on a
slice of the file, since it runs the engine on each puzzle. Every run's output is checked:
one answer a puzzle (a line, a record or a grid each).

    python -m benchmarks.stream_formats                      # sudoku17, 3 rounds
    python -m benchmarks.stream_formats --file easy10k.txt --repeat 5
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sudoku.files import FORMATS

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SCRIPT = Path(sys.executable).with_name("dlx-sudoku")
# Children run as an installed package does, with its bytecode cached.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(path: Path, fmt: str, jobs: int, stats: bool) -> tuple[float, bytes]:
    """Wall seconds of one ``solve --file`` run, and its output."""
    command = [str(SCRIPT), "solve", "--file", str(path), "--format", fmt, "--jobs", str(jobs)]
    command += ["--stats"] if stats else []
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, env=CHILD_ENV, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.decode()[-500:]}")
    return seconds, done.stdout


def answers(output: bytes, fmt: str) -> int:
    """How many answers an output holds, by format."""
    text = output.decode()
    if fmt in ("grid", "spaced"):
        return text.count("\n\n")
    return len(text.splitlines()) - (fmt == "csv")


def table(path: Path, puzzles: int, rounds: int, stats: bool) -> list[str]:
    pairs = [(fmt, jobs) for fmt in FORMATS for jobs in (1, 2)]
    best = dict.fromkeys(pairs, float("inf"))
    for k in range(rounds):
        for fmt, jobs in pairs[k % len(pairs) :] + pairs[: k % len(pairs)]:
            seconds, output = run(path, fmt, jobs, stats)
            if answers(output, fmt) != puzzles:
                raise SystemExit(f"{fmt} -j {jobs}: {answers(output, fmt)} answers, not {puzzles}")
            best[fmt, jobs] = min(best[fmt, jobs], seconds)
    rows = [
        f"| format | `-j 1` s | `-j 2` s | `-j 1` / line | `-j 2` / line | j2 / j1 |"
        f"{'  (--stats)' if stats else ''}",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for fmt in FORMATS:
        one, two = best[fmt, 1], best[fmt, 2]
        rows.append(
            f"| {fmt} | {one:.2f} | {two:.2f} | {one / best['line', 1]:.2f} | "
            f"{two / best['line', 2]:.2f} | {two / one:.2f} |"
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", default="sudoku17.txt", help="a file of ../shared/data")
    parser.add_argument("--repeat", type=int, default=3, help="rounds over every pair")
    parser.add_argument("--stats-lines", type=int, default=10000, help="puzzles for --stats")
    args = parser.parse_args(argv)
    path = DATA / args.file
    if not path.is_file():
        print(f"skipped: {path} is absent")
        return 0
    lines = path.read_text().splitlines()
    print(f"{args.file}: {len(lines)} puzzles, best of {args.repeat} rounds")
    print("\n".join(table(path, len(lines), args.repeat, stats=False)))
    with tempfile.TemporaryDirectory() as folder:
        part = Path(folder) / f"first-{args.stats_lines}.txt"
        part.write_text("\n".join(lines[: args.stats_lines]) + "\n")
        print(f"\n--stats, the first {args.stats_lines} puzzles:")
        print("\n".join(table(part, args.stats_lines, args.repeat, stats=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
