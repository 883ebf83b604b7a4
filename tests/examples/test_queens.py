"""examples.queens: the published counts, every solution checked on the board."""

from __future__ import annotations

import pytest

from examples import queens
from tests.examples import verify
from tests.examples.fixture_files import QUEENS


@pytest.mark.parametrize("n, expected", list(enumerate(QUEENS, start=1)))
def test_counts_match_oeis_and_every_solution_is_a_placement(n: int, expected: int) -> None:
    boards = [queens.decode(solution) for solution in queens.problem(n).solutions()]
    assert len(boards) == expected
    assert len(set(boards)) == expected
    assert all(verify.queens(board) for board in boards)


def test_rows_and_columns_are_tried_from_the_middle_out() -> None:
    assert queens.organ_pipe(8) == [3, 4, 2, 5, 1, 6, 0, 7]
    assert queens.organ_pipe(5) == [2, 1, 3, 0, 4]
    assert queens.problem(4).primary == ("r1", "c1", "r2", "c2", "r0", "c0", "r3", "c3")


def test_the_board_is_drawn_row_by_row() -> None:
    assert queens.format_board((1, 3, 0, 2)) == ". Q . .\n. . . Q\nQ . . .\n. . Q ."


def test_main_prints_a_board_and_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert queens.main(["6", "--count"]) == 0
    *board, count = capsys.readouterr().out.splitlines()
    assert count == "4 solutions"
    assert verify.queens([row.split().index("Q") for row in board])


def test_a_seed_picks_a_random_solution_reproducibly(capsys: pytest.CaptureFixture[str]) -> None:
    boards = set()
    for seed in (1, 1, 2, 3, 4, 5):
        queens.main(["8", "--seed", str(seed)])
        boards.add(capsys.readouterr().out)
    assert len(boards) > 1
    queens.main(["8", "--seed", "1"])
    first = capsys.readouterr().out
    queens.main(["8", "--seed", "1"])
    assert capsys.readouterr().out == first


def test_no_board_is_not_a_board() -> None:
    with pytest.raises(ValueError, match="n = 0"):
        queens.problem(0)
