"""Generation for puzzle makers, as tables: how many clues one digging leaves, how fast the
search reaches a clue target, and the fewest clues it reaches in a time budget.

    python -m benchmarks.generation                      # the full run (about 15 minutes)
    python -m benchmarks.generation --minimal 200 --per-target 5 --fewest-seconds 60

1. ``--minimal`` minimal 9x9 puzzles (seeds 0, 1, ...), one digging each: the distribution
   of their clue counts and the share at 21 clues or fewer.
2. For the targets 22, 21 and 20, ``--per-target`` puzzles (seeds 0, 1, ...): puzzles/s.
3. ``fewest`` for ``--fewest-seconds`` (seed ``--seed``): the fewest clues reached.

Every puzzle is checked unique by the backtracking counter of the tests
(tests/sudoku/test_generate.py), which does not use the engine; the fewest, and every 10th
puzzle of 1, also minimal. Times exclude these checks.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from sudoku.generate import Generated, fewest, generate
from sudoku.grid import format_line, is_solution
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


def fewest_in(seconds: float, seed: int) -> None:
    began = time.perf_counter()
    made = checked(fewest(seed=seed, time_limit=seconds), minimal=True)
    took = time.perf_counter() - began
    print(
        f"\nfewest clues in {seconds:g} s (seed {seed}): {made.clues}, minimal and unique by "
        f"the independent checker, found on restart {made.attempts}, {took:.0f} s in all"
    )
    print(f"  {format_line(made.puzzle)}")
    print(
        f"  again: dlx-sudoku generate --clues {made.clues} --seed {seed} "
        f"--attempts {made.attempts}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minimal", type=int, default=1000, help="puzzles for the distribution")
    parser.add_argument("--per-target", type=int, default=20, help="puzzles per clue target")
    parser.add_argument("--fewest-seconds", type=float, default=600, help="time for the fewest")
    parser.add_argument("--seed", type=int, default=1, help="seed of the fewest run")
    args = parser.parse_args()
    distribution(args.minimal)
    targets(args.per_target)
    fewest_in(args.fewest_seconds, args.seed)


if __name__ == "__main__":
    main()
