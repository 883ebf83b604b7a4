"""`rate`'s ``se`` against Sudoku Explainer itself: ratings serate gave a few puzzles
(tests/fixtures/se, with how they were made), every step checked against the engine's
solution; the chain searches' budget; SE's length notches."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from benchmarks.se_agreement import spearman
from sudoku.chains import length_bonus
from sudoku.cli import app
from sudoku.grid import parse
from sudoku.rate import LEVELS, level_of, rate
from sudoku.solve import solve

FIXTURE = Path(__file__).parent.parent / "fixtures" / "se" / "serate.txt"
RATED = [
    (line.split()[0], float(line.split()[1]))
    for line in FIXTURE.read_text().splitlines()
    if not line.startswith("#")
]


def test_se_agrees_with_serate_and_every_step_with_the_solution():
    ours = []
    for puzzle, er in RATED:
        grid = parse(puzzle)
        truth = solve(grid).solution
        rating = rate(grid)
        assert rating.solved and rating.grid == truth and not rating.se_estimated, puzzle
        for step in rating.steps:
            assert all(truth[cell] == d for cell, d in step.placements), step
            assert all(truth[cell] != d for cell, d in step.eliminations), step
        assert rating.se == max(step.se for step in rating.steps)
        assert abs(rating.se - er) <= 0.3, (puzzle, er, rating.se, rating.hardest)
        ours.append(rating.se)
    ers = [er for _, er in RATED]
    assert spearman(ers, ours) >= 0.95
    assert sum(abs(a - b) for a, b in zip(ers, ours, strict=True)) / len(ers) <= 0.1


def test_levels_are_the_bands_serate_s_ratings_lie_in():
    # The four names on SE's scale: each puzzle's level is the band of its ER, as serate
    # gave it (these ERs lie at least 0.1 from a band's edge or on ours).
    levels = [rate(parse(puzzle)).level for puzzle, _ in RATED]
    assert levels == [level_of(er) for _, er in RATED]
    assert set(levels) == set(LEVELS)  # the fixture reaches every band


def test_a_spent_budget_ends_in_a_flagged_estimate():
    puzzle, er = RATED[-1]  # SE 8.3: multiple forcing chains
    rating = rate(parse(puzzle), budget=2_000)
    assert not rating.solved and rating.se_estimated and rating.level == "expert"
    assert rating.se >= max(step.se for step in rating.steps)
    assert rating.se <= er  # a floor: the technique whose search stopped, no more
    truth = solve(parse(puzzle)).solution
    assert all(rating.grid[cell] in (0, truth[cell]) for cell in truth.shape.cells)


@pytest.mark.parametrize("complexity", range(2, 400))
def test_length_notches_are_se_s(complexity):
    # SE's own table of the notches (ChainingHint.getLengthDifficulty, commented out
    # beside the loop the rater follows): 0.1 for each step the length passes.
    steps = [4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768]
    assert length_bonus(complexity) == sum(complexity - 2 > s for s in steps) / 10


def test_rate_cli_gives_se_in_json_and_words():
    puzzle, er = RATED[8]  # SE 6.6: an X-chain
    record = json.loads(CliRunner().invoke(app, ["rate", "--format", "json", puzzle]).stdout)
    assert (record["se"], record["se_estimated"], record["level"]) == (er, False, "expert")
    line = CliRunner().invoke(app, ["rate", puzzle]).stdout
    assert f"SE {er}" in line
