"""How closely `rate`'s ``se`` agrees with Sudoku Explainer's own rating (ER), and how fast.

The truth is SE itself: Sukaku Explainer's command-line rater ``serate`` (SE 1.2.1's
technique set), built apart from this project from its public source, never vendored::

    git clone https://github.com/SudokuMonster/SukakuExplainer ../peers/SukakuExplainer
    cd ../peers/SukakuExplainer && mkdir build
    javac -encoding ISO-8859-1 -nowarn -d build $(find diuf -name '*.java')

The sample is drawn from ../shared/data with a fixed seed (40 easy10k, 120 sudoku17, 240
top1465, shuffled), minus the puzzles the tests rate (tests/fixtures/se), so the figures
are on puzzles the tests never saw. Each is rated by ``serate`` in a process of its own,
one thread (``--serate CLASSPATH``; its ratings and seconds are kept in ``--ratings FILE``,
a line ``puzzle ER seconds`` each, and read back on the next run instead), then by `rate`
in this process. The report: Spearman's rank correlation over all the puzzles and over
those SE rates above 6.0, the mean absolute difference, how many ratings are estimates
(flagged), a table by SE band, and the time of each rater with their ratio (`rate`'s in
wall-clock and in CPU seconds: serate's are a JVM's wall-clock, start-up included).

    python -m benchmarks.se_agreement --serate ../peers/SukakuExplainer/build \\
        --ratings ../peers/se-ratings.txt [--limit 200]

A JVM a puzzle makes serate's times mostly the JVM's start-up and warm-up. ``--speed N``
measures speed alone, fairly: N puzzles drawn from the sample (seed 7), rated by one
serate process over all of them (``--input``, one thread) and by `rate` in this process,
``--rounds`` rounds taken in turn; it prints each round's CPU and wall-clock seconds and
the ratios, and their medians (serate's CPU counts its JVM's own threads, JIT and garbage
collector too).

    python -m benchmarks.se_agreement --serate ../peers/SukakuExplainer/build \\
        --ratings ../peers/se-ratings.txt --speed 80 --rounds 3
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sudoku.grid import parse
from sudoku.rate import rate

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "se"
SAMPLE = (("easy10k", 40), ("sudoku17", 120), ("top1465", 240))
#: SE 1.2.1's techniques among serate's 46 (``serate --techs=`` lists them).
SE121 = "1111000011010111011011011011000010100010111111"
BANDS = ((1.0, 2.0), (2.0, 4.0), (4.0, 6.0), (6.0, 7.0), (7.0, 8.0), (8.0, 9.0), (9.0, 12.0))


def sample(data: Path = DATA, seed: int = 25) -> list[str]:
    """The puzzles, in the benchmark's order, less those of the tests' fixtures."""
    rng = random.Random(seed)
    drawn = []
    for name, k in SAMPLE:
        drawn += rng.sample((data / f"{name}.txt").read_text().split(), k)
    rng.shuffle(drawn)
    seen = {
        line.split()[0] for path in FIXTURES.glob("*.txt") for line in path.read_text().splitlines()
    }
    return [p for p in drawn if p not in seen]


def serate(classpath: str, puzzle: str, timeout: float) -> tuple[float | None, float]:
    """SE's rating of ``puzzle`` and the seconds its process took (None past ``timeout``)."""
    command = ["java", "-Xmx500m", "-cp", classpath, "diuf.sudoku.test.serate"]
    command += [f"--techs={SE121}", "--threads=1", "--format=%r", puzzle]
    start = time.perf_counter()
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - start
    return float(out.split()[0]), time.perf_counter() - start


def serate_batch(classpath: str, path: Path) -> tuple[float, float, int]:
    """CPU and wall-clock seconds of one serate process rating every puzzle of ``path``, and
    how many ratings it printed."""
    command = ["java", "-Xmx500m", "-cp", classpath, "diuf.sudoku.test.serate"]
    command += [f"--techs={SE121}", "--threads=1", "--format=%r", f"--input={path}"]
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return cpu, time.perf_counter() - start, len(out.split())


def speed(classpath: str, count: int, rounds: int) -> None:
    """Print serate's time (one process for all) against rate's on ``count`` puzzles of the
    sample, ``rounds`` rounds taken in turn."""
    puzzles = random.Random(7).sample(sample(), count)
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as file:
        file.write("\n".join(puzzles) + "\n")
        file.flush()
        print(
            "| round | serate CPU s | serate wall s | rate CPU s | rate wall s | CPU ratio "
            "| wall ratio |"
        )
        print("|---:|---:|---:|---:|---:|---:|---:|")
        ratios: tuple[list[float], list[float]] = ([], [])
        for k in range(1, rounds + 1):
            se_cpu, se_wall, rated = serate_batch(classpath, Path(file.name))
            assert rated == count, f"serate rated {rated} of {count}"
            start, began = time.perf_counter(), time.process_time()
            for puzzle in puzzles:
                rate(parse(puzzle))
            cpu, wall = time.process_time() - began, time.perf_counter() - start
            ratios[0].append(se_cpu / cpu)
            ratios[1].append(se_wall / wall)
            print(
                f"| {k} | {se_cpu:.2f} | {se_wall:.2f} | {cpu:.2f} | {wall:.2f} "
                f"| {se_cpu / cpu:.1f} | {se_wall / wall:.1f} |"
            )
        cpu_ratio, wall_ratio = (statistics.median(r) for r in ratios)
        print(f"| median | | | | | **{cpu_ratio:.1f}** | **{wall_ratio:.1f}** |")


def ranks(values: list[float]) -> list[float]:
    """Ranks from 1, ties given their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rank correlation: Pearson's on the ranks (NaN for fewer than 2 or flat)."""
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    if n < 2:
        return float("nan")
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else float("nan")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ratings", type=Path, required=True, help="serate's ratings, kept")
    parser.add_argument("--serate", help="serate's classpath, to rate what --ratings lacks")
    parser.add_argument("--limit", type=int, default=400, help="the first N of the sample")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds for serate")
    parser.add_argument("--speed", type=int, metavar="N", help="time N puzzles, one serate")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --speed")
    args = parser.parse_args(argv)
    if args.speed:
        if not args.serate:
            sys.exit("--speed needs --serate")
        speed(args.serate, args.speed, args.rounds)
        return

    kept: dict[str, tuple[float, float]] = {}
    if args.ratings.exists():
        for line in args.ratings.read_text().splitlines():
            puzzle, er, seconds = line.split()[:3]
            kept[puzzle] = (float(er), float(seconds))
    puzzles = sample()[: args.limit]
    for puzzle in puzzles:
        if puzzle not in kept and args.serate:
            er, seconds = serate(args.serate, puzzle, args.timeout)
            if er is not None:
                kept[puzzle] = (er, seconds)
                with args.ratings.open("a") as out:
                    out.write(f"{puzzle} {er} {seconds:.3f}\n")
    rows = []
    cpu = 0.0
    for puzzle in (p for p in puzzles if p in kept):
        start, began = time.perf_counter(), time.process_time()
        rating = rate(parse(puzzle))
        cpu += time.process_time() - began
        rows.append(
            (
                kept[puzzle][0],
                rating.se,
                rating.se_estimated,
                kept[puzzle][1],
                time.perf_counter() - start,
            )
        )
    if not rows:
        sys.exit("no puzzle has an SE rating: give --serate, or a --ratings file")
    report(rows, cpu)


def report(rows: list[tuple[float, float, bool, float, float]], cpu: float) -> None:
    """Print the agreement and the times (rows: ER, se, estimated, serate s, rate s; cpu:
    rate's CPU seconds in all)."""
    er = [r[0] for r in rows]
    ours = [r[1] for r in rows]
    high = [r for r in rows if r[0] > 6.0]
    mad = sum(abs(a - b) for a, b in zip(er, ours, strict=True)) / len(rows)
    print(f"puzzles {len(rows)}, estimates {sum(r[2] for r in rows)}")
    print(f"Spearman over all  {spearman(er, ours):.3f}")
    print(
        f"Spearman above 6.0 {spearman([r[0] for r in high], [r[1] for r in high]):.3f}"
        f" ({len(high)} puzzles)"
    )
    print(f"mean |se - ER|     {mad:.3f}")
    print("\n| SE band | puzzles | mean ER | mean se | mean abs diff | estimates |")
    print("|---|---:|---:|---:|---:|---:|")
    for lo, hi in BANDS:
        band = [r for r in rows if lo <= r[0] < hi]
        if band:
            k = len(band)
            print(
                f"| {lo:.1f}-{hi:.1f} | {k} | {sum(r[0] for r in band) / k:.2f} | "
                f"{sum(r[1] for r in band) / k:.2f} | "
                f"{sum(abs(r[0] - r[1]) for r in band) / k:.2f} | {sum(r[2] for r in band)} |"
            )
    se_time, our_time = sum(r[3] for r in rows), sum(r[4] for r in rows)
    print(
        f"\nserate {se_time:.1f} s (a JVM a puzzle), rate {our_time:.1f} s: "
        f"{se_time / our_time:.1f}x; rate's CPU {cpu:.1f} s: {se_time / cpu:.1f}x"
    )
    chained = [r for r in rows if r[0] >= 6.0]
    if chained:
        se_c, ours_c = sum(r[3] for r in chained), sum(r[4] for r in chained)
        print(
            f"on the {len(chained)} above 6.0: serate {se_c:.1f} s, rate {ours_c:.1f} s: "
            f"{se_c / ours_c:.1f}x"
        )


if __name__ == "__main__":
    main()
