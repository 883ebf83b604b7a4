"""The fixture files: current with the examples that write them, and their promised counts.

Every solution counted is checked by the engine-independent verifier (tests.oracle). The
two 6x10 pentomino files take minutes in pure Python and are marked slow.
"""

from __future__ import annotations

import pytest

import dlx
from tests.examples import fixture_files
from tests.oracle import brute_force, check

FILES = sorted(fixture_files.DIRECTORY.glob("*.dlx"))


def test_every_fixture_file_is_what_the_examples_write() -> None:
    assert [path.name for path in FILES] == sorted(fixture_files.FIXTURES)
    for path in FILES:
        assert path.read_text() == fixture_files.text(path.name), f"rerun {fixture_files.__name__}"


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(
            path, id=path.name, marks=pytest.mark.slow if path.name in fixture_files.SLOW else ()
        )
        for path in FILES
    ],
)
def test_a_fixture_has_the_count_its_header_promises(path) -> None:
    problem = dlx.read(path)
    solutions = 0
    for solution in problem.solutions():
        check(problem, solution)
        solutions += 1
    assert solutions == fixture_files.expected(path)


@pytest.mark.parametrize("name", ["knuth-paper.dlx", "knuth-colors.dlx"])
def test_knuths_small_examples_have_the_count_brute_force_finds(name: str) -> None:
    problem = dlx.read(fixture_files.DIRECTORY / name)
    assert len(brute_force(problem)) == fixture_files.expected(fixture_files.DIRECTORY / name)


def test_knuths_examples_have_the_solutions_he_gives() -> None:
    paper = dlx.read(fixture_files.DIRECTORY / "knuth-paper.dlx")
    colors = dlx.read(fixture_files.DIRECTORY / "knuth-colors.dlx")
    assert [sorted(map(paper.option_text, s)) for s in paper.solutions()] == [
        ["a d f", "b g", "c e"]
    ]
    assert [sorted(map(colors.option_text, s)) for s in colors.solutions()] == [
        ["p r x:A y", "q x:A"]
    ]
