"""Big grids (issue 27, point 4): published 16x16 and 25x25 puzzles solved in C to their
published solutions and proved unique, by ``solve`` and ``count`` as a user runs them; and
the propagation a stalled search turns to (sudoku/_deep.h) changes no answer: puzzles made
from published ones whose counts follow from the publication, and random puzzles whose
searches stall, counted by the engine's dancing links beside them.

The puzzles and their sources are in tests/fixtures/big/published.txt.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import sudoku.solve
from sudoku.cover import search
from sudoku.grid import SYMBOLS, Grid, Shape, format_line, is_solution, parse
from sudoku.records import Status
from tests.sudoku.big_puzzles import Published, published
from tests.sudoku.test_batch import JIGSAW, random_puzzles

_batch = pytest.importorskip("sudoku._batch", reason="the C batch was not built")

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = published()


def test_the_fixture_holds_ten_published_big_puzzles_or_more():
    sizes = [len(entry.puzzle) for entry in PUZZLES]
    assert len(PUZZLES) >= 10 and set(sizes) == {256, 625}
    assert len({entry.name for entry in PUZZLES}) == len(PUZZLES)
    assert sum(entry.solution is not None for entry in PUZZLES) >= 8


@pytest.mark.parametrize("entry", PUZZLES, ids=[entry.name for entry in PUZZLES])
def test_a_published_puzzle_is_solved_and_proved_unique(entry: Published) -> None:
    """solve (in C, with the propagation a stalled search takes up) finds the published
    solution and proves it the only one; count to 1 and to 2 agree."""
    puzzle = parse(entry.puzzle)
    result = sudoku.solve.solve_lean(puzzle, progress=lambda search: None)  # as the CLI
    assert result.status is Status.UNIQUE
    solution = format_line(result.solutions[0])
    assert is_solution(result.solutions[0], puzzle)
    if entry.solution is not None:
        assert solution == entry.solution
    assert sudoku.solve.count(puzzle, limit=1) == 1  # counted to 2 in C, then cut to 1


def _changed(line: str, cell: int, symbol: str) -> str:
    return line[:cell] + symbol + line[cell + 1 :]


def _not_clashing(puzzle: Grid, cell: int, wrong: set[int]) -> int | None:
    """A digit of ``wrong`` that no given of ``cell``'s units holds, or None."""
    units = puzzle.shape.unit_indices
    seen = {puzzle.cells[other] for unit in units if cell in unit for other in unit}
    return min(wrong - seen, default=None)


@pytest.mark.parametrize(
    "entry", [e for e in PUZZLES if e.solution], ids=[e.name for e in PUZZLES if e.solution]
)
def test_a_given_against_the_published_solution_leaves_none(entry: Published) -> None:
    """The published solution is the only one, so a given added against it (one no unit
    clashes with at once: the search must find the contradiction) leaves no solution."""
    assert entry.solution is not None
    puzzle = parse(entry.puzzle)
    n = puzzle.shape.size
    rng = random.Random(entry.name)
    blanks = [cell for cell, digit in enumerate(puzzle.cells) if not digit]
    tried = 0
    for cell in rng.sample(blanks, len(blanks)):
        right = SYMBOLS.index(entry.solution[cell]) + 1
        digit = _not_clashing(puzzle, cell, set(range(1, n + 1)) - {right})
        if digit is None:
            continue
        wrong = parse(_changed(entry.puzzle, cell, SYMBOLS[digit - 1]))
        assert sudoku.solve.count(wrong, limit=2) == 0
        assert sudoku.solve.solve_lean(wrong).status is Status.NONE
        tried += 1
        if tried == 2:
            break
    assert tried == 2


@pytest.mark.parametrize(
    "entry", [e for e in PUZZLES if e.solution], ids=[e.name for e in PUZZLES if e.solution]
)
def test_givens_taken_away_leave_the_published_solution_among_them(entry: Published) -> None:
    """With a tenth of its givens taken away, a puzzle still has the published solution:
    counted to 2 it has 1 or 2, and when 1, the solution found is the published one."""
    assert entry.solution is not None
    rng = random.Random(entry.name)
    givens = [cell for cell, symbol in enumerate(entry.puzzle) if symbol != "."]
    line = entry.puzzle
    for cell in rng.sample(givens, len(givens) // 10):
        line = _changed(line, cell, ".")
    puzzle = parse(line)
    counted = sudoku.solve.count(puzzle, limit=2)
    assert counted in (1, 2)
    if counted == 1:
        assert format_line(sudoku.solve.solve_lean(puzzle).solutions[0]) == entry.solution


@pytest.mark.parametrize(
    ("shape", "count", "seed"), [(Shape.x(), 200, 1), (JIGSAW, 90, 3)], ids=["x", "jigsaw"]
)  # (seeds where two searches stall, and the engine's are quick)
def test_stalled_searches_count_as_the_engine_does(shape: Shape, count: int, seed: int) -> None:
    """Random puzzles (test_batch's), some of whose searches stall (_batch.STALL guesses:
    the search then propagates past singles and branches by dom/wdeg): counted to 2 in C,
    every one counts as the engine's dancing links count it, clashing givens aside. (The
    stalled searches that end in 0 or 1 are the published puzzles' tests above.)"""
    solver = sudoku.solve.batch_solver(shape, engine_order=False, shared=False)
    stalled = counted = 0
    for line in random_puzzles(shape, count, seed=seed):
        before = solver.guesses
        codes, _ = solver.solve([line])
        if codes[0] == _batch.PYTHON:  # givens that clash: Python names them
            continue
        stalled += solver.guesses - before >= _batch.STALL
        assert codes[0] == search(parse(line, shape)).count(2)
        counted += 1
    assert counted >= count // 2 and stalled >= 2


def test_solve_and_count_answer_a_hard_25x25_from_the_command_line():
    """The commands a user runs: solve prints the published solution, count --limit 1
    prints 1 (neither leaves C for the engine, whose search would not end)."""
    entry = next(e for e in PUZZLES if e.name == "sudoku25-minimal3")
    run = [sys.executable, "-m", "sudoku.cli"]
    solved = subprocess.run([*run, "solve", entry.puzzle], capture_output=True, text=True,
                            cwd=ROOT, timeout=300)  # fmt: skip
    assert solved.returncode == 0, solved.stderr
    assert solved.stdout.split() == [entry.solution]
    counted = subprocess.run([*run, "count", "--limit", "1", entry.puzzle],
                             capture_output=True, text=True, cwd=ROOT, timeout=300)  # fmt: skip
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout.split() == ["1"]
