"""Published 16x16 and 25x25 puzzles, solved and proved unique, against OR-tools CP-SAT.

Each puzzle of tests/fixtures/big/published.txt (sources named there) is solved by both, in
rounds, the two taking turns (which goes first alternating), so that a change in the
shared machine's load falls on both alike; each one's best round is kept, after a warm-up
(both answer the first puzzle once, untimed: imports, the C solver's setup).

- ours: ``sudoku.solve.solve_lean`` (what ``dlx-sudoku solve PUZZLE`` runs: the C search,
  counting to two, so the solution is proved unique), the line parsed and checked in it;
- CP-SAT: a model of the same units (``AddAllDifferent`` on each row, column and box),
  solved, then solved again with that solution ruled out, which must be infeasible; one
  worker, as ours runs on one core; the model's building counted in its time.

Every answer is checked: ours must be unique, pass ``sudoku.grid.is_solution``, be the
published solution where there is one, and be CP-SAT's. CP-SAT (``pip install ortools``)
is not a dependency of this project: run this in an environment that has it and the
project installed (benchmarks/README.md).

    python -m benchmarks.big_grids
    python -m benchmarks.big_grids --repeat 5 --names sudoku25-minimal1 sudoku25-puzzel1

Prints a Markdown table, one row a puzzle, and exits 1 when an answer is wrong.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

from sudoku.grid import SYMBOLS, Grid, format_line, is_solution, parse
from sudoku.records import Status
from sudoku.solve import solve_lean
from tests.sudoku.big_puzzles import Published, published


def cp_sat(puzzle: Grid) -> tuple[str, bool]:
    """CP-SAT's solution line of ``puzzle`` and whether it proved no other exists."""
    from ortools.sat.python import cp_model  # type: ignore[import-not-found, unused-ignore]

    n = puzzle.shape.size
    model = cp_model.CpModel()
    cells = [model.new_int_var(1, n, f"c{k}") for k in range(n * n)]
    for cell, digit in zip(cells, puzzle.cells, strict=True):
        if digit:
            model.add(cell == digit)
    for unit in puzzle.shape.unit_indices:
        model.add_all_different([cells[k] for k in unit])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "", False
    found = [solver.value(cell) for cell in cells]
    differs = []
    for cell, digit in zip(cells, found, strict=True):
        other = model.new_bool_var("")
        model.add(cell != digit).only_enforce_if(other)
        differs.append(other)
    model.add_bool_or(differs)
    unique = solver.solve(model) == cp_model.INFEASIBLE
    return "".join(SYMBOLS[digit - 1] for digit in found), unique


def ours(line: str) -> tuple[str, bool]:
    """Our solution line of ``line`` and whether it is unique (a solve counts to two)."""
    result = solve_lean(parse(line))
    solution = result.solutions[0] if result.solutions else None
    if solution is None or not is_solution(solution, parse(line)):
        return "", False
    return format_line(solution), result.status is Status.UNIQUE


Solver = Callable[[Any], tuple[str, bool]]  # a puzzle -> its solution line, proved unique


def timed(solver: Solver, argument: Any) -> tuple[float, str, bool]:
    """Seconds ``solver(argument)`` took, and its answer."""
    started = time.perf_counter()
    solution, unique = solver(argument)
    return time.perf_counter() - started, solution, unique


def compare(entry: Published, repeat: int) -> tuple[float, float, list[str]]:
    """The best times of CP-SAT and ours on ``entry`` over ``repeat`` rounds taken in turn,
    and what was wrong with the answers (nothing, when all is well)."""
    puzzle = parse(entry.puzzle)
    best = {"cp-sat": float("inf"), "ours": float("inf")}
    solutions: dict[str, str] = {}
    wrong: list[str] = []
    for round_ in range(repeat):
        runs: list[tuple[str, Solver, Any]] = [
            ("cp-sat", cp_sat, puzzle),
            ("ours", ours, entry.puzzle),
        ]
        for name, solver, argument in runs if round_ % 2 == 0 else runs[::-1]:
            seconds, solution, unique = timed(solver, argument)
            best[name] = min(best[name], seconds)
            solutions.setdefault(name, solution)
            if not unique:
                wrong.append(f"{entry.name}: {name} did not prove one solution")
            if entry.solution is not None and solution != entry.solution:
                wrong.append(f"{entry.name}: {name}'s solution is not the published one")
    if solutions["ours"] != solutions["cp-sat"]:
        wrong.append(f"{entry.name}: our solution is not CP-SAT's")
    return best["cp-sat"], best["ours"], wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds a puzzle (3)")
    parser.add_argument("--names", nargs="*", help="only these puzzles of the fixture")
    args = parser.parse_args(argv)
    entries = [e for e in published() if not args.names or e.name in args.names]
    for entry in entries[:1]:  # warm-up, untimed: imports, the C solver's shape
        cp_sat(parse(entry.puzzle))
        ours(entry.puzzle)
    print(f"{len(entries)} published puzzles, best of {args.repeat} rounds taken in turn\n")
    print("| puzzle | size | givens | CP-SAT s | ours s | ours / CP-SAT |")
    print("|---|---:|---:|---:|---:|---:|")
    wrong: list[str] = []
    ratios = []
    for entry in entries:
        theirs, mine, problems = compare(entry, args.repeat)
        wrong += problems
        ratios.append(mine / theirs)
        n = round(len(entry.puzzle) ** 0.5)
        givens = len(entry.puzzle) - entry.puzzle.count(".")
        print(
            f"| {entry.name} | {n}x{n} | {givens} | {theirs:.4f} | {mine:.4f} "
            f"| {mine / theirs:.3f} |",
            flush=True,
        )
    print(f"\nlargest ratio {max(ratios):.3f}; {sum(r <= 5 for r in ratios)} of {len(ratios)} "
          "within 5x of CP-SAT")  # fmt: skip
    for problem in wrong:
        print(f"WRONG: {problem}", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
