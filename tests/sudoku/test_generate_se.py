"""Puzzles made in a band of Sudoku Explainer's scale (`sudoku.generate_se`, `generate --se`):
unique by the engine's count, rated in the band, made again from their seeds."""

import json

import pytest
from typer.testing import CliRunner

from sudoku.cli import app
from sudoku.generate import GenerateError, OutOfAttempts, generate
from sudoku.generate_se import generate_se, generate_se_many, parse_band
from sudoku.grid import is_solution, parse
from sudoku.rate import rate
from sudoku.solve import count
from tests.sudoku.test_records import validate


def test_a_puzzle_in_a_band_of_chains_is_unique_rated_there_and_made_again():
    made = generate_se(6.0, 7.5, seed=5)
    assert count(made.puzzle, limit=2) == 1 and is_solution(made.solution, made.puzzle)
    rating = rate(made.puzzle)
    assert 6.0 <= rating.se <= 7.5 and not rating.se_estimated and rating == made.rating
    assert generate(seed=made.seed).puzzle == made.puzzle  # its own seed makes it alone


def test_many_take_one_seed_each():
    first, second = generate_se_many(2, 1.0, 2.0, seed=9)
    assert first.puzzle == generate_se(1.0, 2.0, seed=9).puzzle
    assert second.puzzle == generate_se(1.0, 2.0, seed=10).puzzle
    assert all(1.0 <= made.rating.se <= 2.0 for made in (first, second))


def test_a_band_out_of_reach_says_what_was_rated():
    with pytest.raises(OutOfAttempts, match=r"no puzzle rated SE 11.0-12.0 in 2 attempts"):
        generate_se(11.0, 12.0, seed=1, attempts=2)


@pytest.mark.parametrize("text", ["7-x", "8.0-6.0", "0.5-2", "13"])
def test_bands_are_checked(text):
    with pytest.raises(GenerateError, match="SE band"):
        parse_band(text)


def test_generate_cli_makes_puzzles_in_the_band():
    result = CliRunner().invoke(
        app, ["generate", "--se", "2.0-3.0", "--seed", "5", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    validate(record)
    assert 2.0 <= record["se"] <= 3.0
    assert rate(parse(record["puzzle"])).se == record["se"]
    refused = CliRunner().invoke(app, ["generate", "--se", "6-7", "--clues", "25"])
    assert refused.exit_code == 2 and "--se" in refused.output
