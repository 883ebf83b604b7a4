"""Pure-Python sudoku against Peter Norvig's solver, as a user without a C compiler gets it.

The C extensions (``dlx._search``, ``sudoku._batch``) are hidden before ``dlx`` and
``sudoku`` are imported, so every puzzle takes the pure-Python path (the run says which
loop it uses): ``sudoku.batch.solve_lines``, reading each line, checking the givens,
searching until a second solution is ruled out, writing the solution line. Norvig's
solver (norvig.com/sudoku.html, "Solving Every Sudoku Puzzle": constraint propagation and
depth-first search) stops at its first solution. Its ``sudoku.py`` is not part of this
project: give the path of a copy in the benchmark environment.

The puzzles go in blocks of ``--block``, each block timed with both solvers in turn (which
one goes first alternating), so a change in the shared machine's load falls on both alike;
the ratio comes from the sums of that one run. Every answer of both is checked by the
independent ``sudoku.grid.is_solution``, and ours must be unique.

    python -m benchmarks.sudoku_pure --norvig ../benchenv/norvig/sudoku.py
    python -m benchmarks.sudoku_pure --norvig PATH --files top1465.txt --limit 0

Exits 1 when an answer is wrong.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
FILES = ("sudoku17.txt", "top1465.txt")


def hide_extensions() -> None:
    """Make ``import dlx._search`` and ``import sudoku._batch`` fail, as on a machine where
    they were never built."""
    for name in ("dlx._search", "sudoku._batch"):
        if name in sys.modules and sys.modules[name] is not None:
            raise RuntimeError(f"{name} was imported before it could be hidden")
        sys.modules[name] = None  # type: ignore[assignment]


def load_norvig(path: Path) -> ModuleType:
    """Norvig's module from its file, under a name that cannot shadow ours."""
    spec = importlib.util.spec_from_file_location("norvig_sudoku", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ours(lines: list[str]) -> list[tuple[object, tuple[str, ...]]]:
    from sudoku.batch import solve_lines

    return [(answer.status, answer.solutions) for answer in solve_lines(lines)]


def timed(work: Callable[[list[str]], list], lines: list[str]) -> tuple[float, list]:
    start = time.perf_counter()
    answers = work(lines)
    return time.perf_counter() - start, answers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--norvig", type=Path, required=True, help="path of Norvig's sudoku.py")
    parser.add_argument("--files", nargs="+", default=list(FILES))
    parser.add_argument(
        "--limit", type=int, default=5000, help="puzzles from each file's start (0: all)"
    )
    parser.add_argument("--block", type=int, default=25, help="puzzles timed in one turn")
    args = parser.parse_args(argv)

    hide_extensions()
    import dlx.search
    from sudoku.cover import search
    from sudoku.grid import Grid, is_solution, parse
    from sudoku.records import Status

    norvig = load_norvig(args.norvig)
    squares = norvig.squares

    def theirs(lines: list[str]) -> list[dict[str, str] | bool]:
        return [norvig.solve(line) for line in lines]

    probe = search(parse("." * 81))
    print(
        f"engine: pure Python (C loop built: {dlx.search.CLoop is not None}), "
        f"default backend {dlx.search.DEFAULT_BACKEND!r}, 9x9 loop {type(probe._loop).__name__}"
    )
    print(f"{'file':<14} {'puzzles':>8} {'ours µs':>9} {'Norvig µs':>10} {'Norvig/ours':>12}")
    wrong = 0
    for name in args.files:
        with (DATA / name).open() as file:
            rows = [line.strip() for line in itertools.islice(file, args.limit or None)]
        ours(rows[:1]), theirs(rows[:1])  # warm-up: the 9x9 matrix is built before timing
        spent = {"ours": 0.0, "norvig": 0.0}
        for k in range(0, len(rows), args.block):
            block = rows[k : k + args.block]
            turn = [("ours", ours), ("norvig", theirs)]
            for who, work in turn if (k // args.block) % 2 == 0 else turn[::-1]:
                seconds, answers = timed(work, block)
                spent[who] += seconds
                for line, answer in zip(block, answers, strict=True):
                    puzzle = parse(line)
                    if who == "ours":
                        status, solutions = answer
                        good = status is Status.UNIQUE and is_solution(
                            Grid(puzzle.shape, parse(solutions[0]).cells), puzzle
                        )
                    else:
                        good = bool(answer) and is_solution(
                            parse("".join(answer[s] for s in squares)), puzzle
                        )
                    if not good:
                        wrong += 1
                        print(f"{who}: wrong answer for {line}", file=sys.stderr)
        n = len(rows)
        mine, their = spent["ours"] / n * 1e6, spent["norvig"] / n * 1e6
        print(f"{name:<14} {n:>8} {mine:>9.0f} {their:>10.0f} {their / mine:>11.2f}x")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
