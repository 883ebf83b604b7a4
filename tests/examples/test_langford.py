"""examples.langford: the published counts, both with and without the reversal symmetry."""

from __future__ import annotations

import pytest

from examples import langford
from tests.examples import verify

PUBLISHED = {1: 0, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0, 7: 26, 8: 150}
"""Langford pairings up to reversal, OEIS A014552."""


def arrangements(n: int, break_symmetry: bool) -> list[tuple[int, ...]]:
    problem = langford.problem(n, break_symmetry=break_symmetry)
    found = [langford.decode(solution) for solution in problem.solutions()]
    assert all(verify.langford(sequence) for sequence in found)
    assert len(set(found)) == len(found)
    return found


@pytest.mark.parametrize("n, expected", PUBLISHED.items())
def test_counts_match_oeis(n: int, expected: int) -> None:
    assert len(arrangements(n, break_symmetry=True)) == expected
    assert len(arrangements(n, break_symmetry=False)) == 2 * expected


@pytest.mark.parametrize("n", [3, 4, 7, 8])
def test_breaking_symmetry_keeps_one_of_each_arrangement_and_its_reversal(n: int) -> None:
    kept = arrangements(n, break_symmetry=True)
    assert not {s[::-1] for s in kept} & set(kept)
    assert {*kept, *(s[::-1] for s in kept)} == set(arrangements(n, break_symmetry=False))


def test_main_prints_an_arrangement_and_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert langford.main(["3", "--count"]) == 0
    assert capsys.readouterr().out == "3 1 2 1 3 2\n1 solution up to reversal\n"
    langford.main(["4", "--count", "--no-break-symmetry"])
    sequence, count = capsys.readouterr().out.splitlines()
    assert verify.langford(list(map(int, sequence.split())))
    assert count == "2 solutions"


def test_no_arrangement_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    langford.main(["5", "--count"])
    assert capsys.readouterr().out == "no solution\n"
