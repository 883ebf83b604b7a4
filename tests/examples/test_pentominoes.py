"""examples.pentominoes: published counts, and symmetry breaking that loses and repeats nothing.

Only the 3x20 box is counted in the normal suite (seconds); the other boxes take minutes in
pure Python and are marked slow (run with --runslow).
"""

from __future__ import annotations

import pytest

from examples import pentominoes
from tests.examples import verify

PUBLISHED = {(6, 10): 2339, (5, 12): 1010, (4, 15): 368, (3, 20): 2}
"""Packings up to symmetry (Knuth, "Dancing Links", 2000, after Haselgrove and others)."""


def packings(height: int, width: int, break_symmetry: bool = True) -> list[tuple[str, ...]]:
    """Every packing found, each checked on the board; none found twice."""
    problem = pentominoes.problem(height, width, break_symmetry=break_symmetry)
    boards = [pentominoes.decode(solution) for solution in problem.solutions()]
    assert all(verify.pentomino_packing(board, height, width) for board in boards)
    assert len(set(boards)) == len(boards)
    return boards


def assert_one_per_symmetry_class(kept: list[tuple[str, ...]], height: int, width: int) -> None:
    """No two kept packings are images of each other, and their images are all packings."""
    classes = [frozenset(verify.images(board)) for board in kept]
    assert all(len(images) == 4 for images in classes)
    assert len(set(classes)) == len(kept)
    assert set().union(*classes) == set(packings(height, width, break_symmetry=False))


def test_the_pieces_have_their_known_number_of_orientations() -> None:
    counts = {piece: len(pentominoes.orientations(piece)) for piece in pentominoes.PIECES}
    assert counts == dict(F=8, I=2, L=8, N=8, P=8, T=4, U=4, V=4, W=4, X=1, Y=8, Z=4)


def test_3x20_has_two_packings_and_breaking_symmetry_keeps_one_of_each_four() -> None:
    kept = packings(3, 20)
    assert len(kept) == PUBLISHED[3, 20]
    assert_one_per_symmetry_class(kept, 3, 20)


def test_a_turned_box_gives_the_same_count() -> None:
    assert pentominoes.problem(20, 3).count() == 2


@pytest.mark.slow
@pytest.mark.parametrize("box", [(6, 10), (5, 12), (4, 15)], ids=["6x10", "5x12", "4x15"])
def test_published_counts_with_symmetry_broken(box: tuple[int, int]) -> None:
    assert len(packings(*box)) == PUBLISHED[box]


@pytest.mark.slow
def test_4x15_breaking_symmetry_on_the_middle_column_keeps_one_of_each_four() -> None:
    assert_one_per_symmetry_class(packings(4, 15), 4, 15)


@pytest.mark.parametrize("box", ["7x10", "6 x 10", "6x10x1", "1x60"])
def test_main_rejects_boxes_that_cannot_be_named_or_filled(
    box: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        pentominoes.main([box])
    assert stopped.value.code == 2
    assert "argument box" in capsys.readouterr().err


def test_a_box_of_the_right_area_too_thin_for_the_x_has_no_solution(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pentominoes.main(["2x30"])
    assert capsys.readouterr().out == "no solution\n"


def test_main_prints_a_packing_and_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert pentominoes.main(["3x20", "--count"]) == 0
    *board, count = capsys.readouterr().out.splitlines()
    assert verify.pentomino_packing(board, 3, 20)
    assert count == "2 solutions up to symmetry"
