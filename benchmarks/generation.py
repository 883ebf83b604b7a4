"""Generation for puzzle makers, as tables: how many clues one digging leaves, how fast the
search reaches a clue target, and the fewest clues it reaches in a time budget.

    python -m benchmarks.generation                      # the full run (about 15 minutes)
    python -m benchmarks.generation --minimal 200 --per-target 5 --fewest-seconds 60
    python -m benchmarks.generation --minimal 0 --per-target 0 --fewest-seconds 0 --qqwing 300

1. ``--minimal`` minimal 9x9 puzzles (seeds 0, 1, ...), one digging each: the distribution
   of their clue counts and the share at 21 clues or fewer.
2. For the targets 22, 21 and 20, ``--per-target`` puzzles (seeds 0, 1, ...): puzzles/s.
3. ``fewest`` for ``--fewest-seconds``, one seed after another (``--seeds``, one core): the
   fewest clues each reached, and how many seconds in it first got there.
4. With ``--qqwing N``: ours against qqwing (Debian's package, run as an external program,
   never a dependency; skipped with a message when it is not on the PATH), ``--rounds``
   interleaved rounds of N puzzles each: ``generate(seed=k)`` for N seeds in this process,
   then ``qqwing --generate N --one-line`` as a whole process (its start-up included, a
   few ms over N puzzles), both in CPU time (steadier than the wall clock on a shared
   machine): ms a puzzle per round, the medians and their ratio. qqwing's puzzles are not
   minimal (it stops removing at its first failure), ours are; every puzzle of both is
   checked unique by the C counter, and ours minimal by the independent counter on a
   sample.

A section is skipped when its count or time is 0.

Every puzzle is checked unique by the backtracking counter of the tests
(tests/sudoku/test_generate.py), which does not use the engine; the fewest, and every 10th
puzzle of 1, also minimal. Times exclude these checks.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import time
from collections import Counter

from benchmarks.qqwing import run as run_qqwing
from sudoku.generate import Generated, fewest, generate
from sudoku.grid import format_line, is_solution, parse
from sudoku.solve import count
from tests.sudoku.test_generate import assert_sound

TARGETS = (22, 21, 20)
MINIMAL_SAMPLE = 10  # every 10th puzzle of the distribution is checked minimal too


def checked(made: Generated, minimal: bool) -> Generated:
    """``made`` after the independent checks (AssertionError if one fails)."""
    assert_sound(made, minimal=minimal)
    assert is_solution(made.solution, made.puzzle)
    return made


def distribution(count: int) -> None:
    began = time.perf_counter()
    made = [generate(seed=k) for k in range(count)]
    seconds = time.perf_counter() - began
    for k, m in enumerate(made):  # minimality costs the counter ~25 counts: every 10th
        assert m.minimal and checked(m, minimal=k % MINIMAL_SAMPLE == 0)
    clues = Counter(m.clues for m in made)
    print(f"\n{count} minimal 9x9 puzzles, one digging each ({count / seconds:.0f} puzzles/s)")
    print("| clues | puzzles | share |\n|---:|---:|---:|")
    for k in sorted(clues):
        print(f"| {k} | {clues[k]} | {clues[k] / count:.1%} |")
    low = sum(n for k, n in clues.items() if k <= 21)
    print(f"| <= 21 | {low} | {low / count:.1%} |")


def targets(count: int) -> None:
    print(f"\nclue targets, {count} puzzles each (search: restarts and moves)")
    print("| clues | puzzles/s | seconds per puzzle | restarts per puzzle |\n|---:|---:|---:|---:|")
    for target in TARGETS:
        began = time.perf_counter()
        made = [generate(clues=target, seed=k) for k in range(count)]
        seconds = time.perf_counter() - began
        for m in made:
            assert checked(m, minimal=m.minimal).clues == target
        restarts = sum(m.attempts for m in made) / count
        print(f"| {target} | {count / seconds:.2f} | {seconds / count:.2f} | {restarts:.1f} |")


def fewest_in(seconds: float, seeds: list[int]) -> None:
    print(f"\nfewest clues in {seconds:g} s, seed by seed (each minimal and unique by the")
    print("independent checker; reached: seconds until the search first met that count)")
    print("| seed | clues | reached s | restart | puzzle |\n|---:|---:|---:|---:|---|")
    reached_at: dict[int, float] = {}
    for seed in seeds:
        began = time.perf_counter()

        def note(fraction: float, status: str, began: float = began) -> None:
            if "fewest so far " in status:
                low = int(status.split("fewest so far ")[1].split()[0])
                reached_at.setdefault(low, time.perf_counter() - began)

        reached_at.clear()
        made = checked(fewest(seed=seed, time_limit=seconds, progress=note), minimal=True)
        at = reached_at.get(made.clues, time.perf_counter() - began)
        print(
            f"| {seed} | {made.clues} | {at:.1f} | {made.attempts} | {format_line(made.puzzle)} |",
            flush=True,
        )
    print(
        "again: dlx-sudoku generate --clues CLUES --seed SEED --attempts RESTART (the search "
        "up to that restart, without the clock)"
    )


def ours_round(count_: int, first: int) -> float:
    """CPU ms a puzzle for ``count_`` minimal puzzles of seeds ``first``, ``first`` + 1, ...;
    each checked unique, and the first of the round minimal by the independent counter."""
    began = time.process_time()
    made = [generate(seed=first + k) for k in range(count_)]
    took = time.process_time() - began
    for k, m in enumerate(made):
        assert m.minimal and count(m.puzzle, limit=2) == 1
        if k == 0:
            checked(m, minimal=True)
    return took / count_ * 1000


def qqwing_round(program: str, count_: int) -> float:
    """CPU ms a puzzle of ``qqwing --generate count_`` as a whole process, every puzzle
    it printed checked unique."""
    out, took = run_qqwing(program, ["--generate", str(count_), "--one-line"])
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == count_, f"qqwing printed {len(lines)} puzzles, not {count_}"
    assert all(count(parse(line), limit=2) == 1 for line in lines)
    return took / count_ * 1000


def against_qqwing(count_: int, rounds: int) -> None:
    program = shutil.which("qqwing")
    if program is None:
        print("\nqqwing is not on the PATH (Debian: apt-get install qqwing): comparison skipped")
        return
    generate(seed=10**6)  # warm-up: imports, caches
    print(f"\nours (minimal) against qqwing (not minimal), {count_} puzzles a round, CPU ms each")
    print("| round | ours | qqwing | qqwing / ours |\n|---:|---:|---:|---:|")
    ours, theirs = [], []
    for r in range(rounds):
        ours.append(ours_round(count_, r * count_))
        theirs.append(qqwing_round(program, count_))
        print(f"| {r + 1} | {ours[-1]:.3f} | {theirs[-1]:.3f} | {theirs[-1] / ours[-1]:.2f}x |")
    a, b = statistics.median(ours), statistics.median(theirs)
    print(f"| median | {a:.3f} | {b:.3f} | {b / a:.2f}x |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minimal", type=int, default=1000, help="puzzles for the distribution")
    parser.add_argument("--per-target", type=int, default=20, help="puzzles per clue target")
    parser.add_argument("--fewest-seconds", type=float, default=600, help="time for the fewest")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1], help="seeds of fewest")
    parser.add_argument("--qqwing", type=int, default=0, help="puzzles a round against qqwing")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds, qqwing")
    args = parser.parse_args()
    if args.minimal:
        distribution(args.minimal)
    if args.per_target:
        targets(args.per_target)
    if args.fewest_seconds:
        fewest_in(args.fewest_seconds, args.seeds)
    if args.qqwing:
        against_qqwing(args.qqwing, args.rounds)


if __name__ == "__main__":
    main()
