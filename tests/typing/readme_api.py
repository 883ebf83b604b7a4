"""A user's script on the README's API, type-checked with ``mypy --strict`` by
tests/test_typing.py: every value below must have a precise type, none an ``Any``."""

from __future__ import annotations

from itertools import islice

import dlx
from dlx import Problem, Search, Stats
from sudoku.batch import Task, Work, answers, solve_lines
from sudoku.generate import generate
from sudoku.grid import Grid, Shape, format_line, is_solution, parse
from sudoku.rate import rate
from sudoku.records import Counted, Solved, schema
from sudoku.solve import count, solve
from sudoku.variants import read_cages, variant_name


def engine() -> list[str]:
    p = Problem({"A": ["a", "b"], "B": ["c"], "C": ["a", "c"], "D": ["b"]})
    first: list[str] = [str(name) for name in p.solve() or []]
    total: int = p.count(limit=10)
    search: Search = p.search(max_nodes=100, seed=2026)
    counted: int = search.count()
    stats: Stats = search.stats
    nodes: int = stats.nodes
    complete: bool = search.complete
    some = list(islice(p.solutions(), 2))
    knuth: Problem = dlx.read("a b c\na b\nc\n")
    text: str = dlx.write(knuth)
    best = Problem({("w", "j"): ["w", "j"]}, costs={("w", "j"): 3}).minimum(k=1)
    cost: float | None = best.cost
    return [*first, str(total), str(counted), str(nodes), str(complete), str(len(some)), text,
            str(cost)]  # fmt: skip


def sudoku() -> list[str]:
    puzzle: Grid = parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    result = solve(puzzle)
    solution: Grid | None = result.solution
    assert solution is not None and is_solution(solution, puzzle)
    line: str = format_line(solution)
    status: str = result.status.value
    grids: int = count(parse("." * 16), limit=100)
    made = generate(seed=7, symmetry="rot180")
    clues: int = made.clues
    level: str = rate(puzzle).level
    shape: Shape = read_cages("aabb\ncdbe\ncfgh\ncffh\na=4 b=9 c=9 d=4 e=1 f=7 g=1 h=5")
    killer: Grid = solve(Grid.empty(shape)).solution or Grid.empty(shape)
    name: str = variant_name(shape)
    solved = [a for a in solve_lines(["...4..1..1..4.2."]) if isinstance(a, Solved)]
    counts = [a.count for a in answers(["." * 16], Task(Work.COUNT, limit=5))
              if isinstance(a, Counted)]  # fmt: skip
    keys: list[str] = sorted(schema())
    return [line, status, str(grids), str(clues), level, name, str(len(solved)), str(counts),
            format_line(killer), *keys]  # fmt: skip


if __name__ == "__main__":
    print(engine(), sudoku())
