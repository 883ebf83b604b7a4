"""Rating speed against qqwing (Debian's package), set by set, in interleaved rounds.

    python -m benchmarks.rating --count 2000 --rounds 5 [--ladder patterns]

Each round rates, for each set of ../shared/data (sudoku17, easy10k, top1465, or the files
given to ``--sets``), its first ``--count`` puzzles twice, one contender after the other:
ours, `sudoku.rate.rate` on each line as `sudoku.grid.parse` reads it, in process (the full
ladder, chains and their budget included), and ``qqwing --solve --stats`` on the same
lines as a whole process (its start-up included, a millisecond or so a run), each in CPU
time (steadier than the wall clock on a shared machine). qqwing's difficulty is its own
measure, by the techniques it knows (singles, pairs, intersections, then guesses); both
rate every puzzle, which is what is compared. It prints µs a puzzle per round, and the
median of the rounds and of their ratios (qqwing / ours: above 1, ours is faster).

``--ladder patterns`` rates on the ladder short of chains (`sudoku.rate.PATTERNS`), as
qqwing stops short of them: the same level as the full ladder gives (the walks are one
until a technique of SE 6.0 or more is needed, and from there both are expert; the
tests check it) and the same steps up to there, without the chains' SE estimate.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import time
from itertools import islice
from pathlib import Path

from benchmarks.qqwing import run as run_qqwing
from sudoku.grid import parse
from sudoku.rate import PATTERNS, rate

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
SETS = ("sudoku17.txt", "easy10k.txt", "top1465.txt")


def ours(lines: list[str], techniques: tuple[str, ...] | None = None) -> float:
    """CPU µs a puzzle to read and rate ``lines`` (with ``techniques`` alone, when given);
    every rating checked to be one."""
    began = time.process_time()
    ratings = [rate(parse(line), techniques) for line in lines]
    took = time.process_time() - began
    assert all(r.level for r in ratings)
    return took / len(lines) * 1e6


def qqwing(program: str, lines: list[str]) -> float:
    """CPU µs a puzzle of ``qqwing --solve --stats`` on ``lines``, a whole process; every
    puzzle checked to be given a difficulty."""
    out, took = run_qqwing(program, ["--solve", "--stats", "--nopuzzle", "--nosolution"], lines)
    rated = out.count("Difficulty:")
    assert rated == len(lines), f"qqwing rated {rated} puzzles of {len(lines)}"
    return took / len(lines) * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", type=Path, nargs="*", default=[DATA / name for name in SETS])
    parser.add_argument("--count", type=int, default=2000, help="puzzles of each set, a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--ladder", choices=("full", "patterns"), default="full", help="patterns: no chains"
    )
    args = parser.parse_args(argv)
    techniques = PATTERNS if args.ladder == "patterns" else None
    program = shutil.which("qqwing")
    if program is None:
        raise SystemExit("qqwing is not on the PATH (Debian: apt-get install qqwing)")
    missing = [str(path) for path in args.sets if not path.is_file()]
    if missing:
        raise SystemExit(f"absent: {', '.join(missing)} (see ../shared/data/README.md)")
    print("| set | round | ours µs | qqwing µs | qqwing / ours |\n|---|---:|---:|---:|---:|")
    for path in args.sets:
        with path.open() as text:
            lines = [line.strip() for line in islice(text, args.count)]
        rate(parse(lines[0]))  # warm-up: imports, caches
        times: tuple[list[float], list[float]] = ([], [])
        for k in range(1, args.rounds + 1):
            a, b = ours(lines, techniques), qqwing(program, lines)
            times[0].append(a)
            times[1].append(b)
            print(f"| {path.stem} | {k} | {a:.1f} | {b:.1f} | {b / a:.3g} |", flush=True)
        a, b = statistics.median(times[0]), statistics.median(times[1])
        ratio = statistics.median(y / x for x, y in zip(*times, strict=True))
        print(f"| {path.stem} ({len(lines)}) | median | {a:.1f} | {b:.1f} | **{ratio:.3g}** |")


if __name__ == "__main__":
    main()
