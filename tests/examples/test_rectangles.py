"""examples.rectangles: the published puzzle's board, exactly, and its uniqueness; parsing."""

from __future__ import annotations

import pytest

from examples import rectangles
from examples.rectangles import PUBLISHED, Puzzle, PuzzleError, parse
from tests.examples import verify

PUBLISHED_BOARD = (
    "cccccccclllp",
    "mmddddnnlllp",
    "mmddddnnbbbp",
    "mmoooennbbbp",
    "qqoooeffbbbp",
    "qqssieffrrrp",
    "qqssieffrrrh",
    "aassieffgtth",
    "aauuievvgtth",
    "aauuievvgtth",
    "aauuievvgkkh",
    "aajjjjjjgkkh",
)
"""The published solution, one letter per rectangle in the order the numbers are listed."""

PUBLISHED_TEXT = """\
. . . . . . . 8 . . . .
. . . 8 . . . . . 6 . .
. . . . . . . . . . . .
6 . . . . . 6 . . . . .
. . . 6 . . . . 9 . . 6
. . . . . . . . . . . .
6 . . . . 8 . . . . 6 .
. . 6 . . . . 8 . . . .
10 . . . . . . . . 6 . .
. . 6 . . . 6 . 5 . . 6
. . . . 6 . . . . . . .
. . . 6 . . . . . 4 . .
"""
"""The published puzzle as text: its clues are then listed row by row."""


def solve_all(puzzle: Puzzle) -> list[tuple[str, ...]]:
    """Every solution's board, each checked against the puzzle's rules."""
    boards = [rectangles.decode(s) for s in rectangles.problem(puzzle).solutions()]
    assert all(verify.rectangles(board, puzzle.clues) for board in boards)
    return boards


def test_the_published_puzzle_has_a_unique_solution_the_published_board() -> None:
    assert solve_all(PUBLISHED) == [PUBLISHED_BOARD]


def test_the_puzzle_read_from_text_has_the_same_solution_lettered_row_by_row() -> None:
    puzzle = parse(PUBLISHED_TEXT)
    assert sorted(puzzle.clues) == sorted(PUBLISHED.clues)
    assert puzzle.clues == tuple(sorted(puzzle.clues))
    (board,) = solve_all(puzzle)
    relabel = {}
    for mine, published in zip("".join(board), "".join(PUBLISHED_BOARD), strict=True):
        assert relabel.setdefault(mine, published) == published
    assert len(set(relabel.values())) == len(relabel) == 22


def test_digits_may_be_written_without_spaces() -> None:
    assert parse("..4.\n4...\n...4\n") == parse(". . 4 .\n\n4 . . .\n. . . 4")


def test_a_puzzle_with_several_solutions_counts_them() -> None:
    boards = solve_all(parse("2 .\n. 2\n"))
    assert sorted(boards) == [("aa", "bb"), ("ab", "ab")]


@pytest.mark.parametrize(
    "text, line, column, message",
    [
        ("", 1, 1, "no grid"),
        ("4 . .\n. x .\n", 2, 3, "found 'x'"),
        ("..4.\n4..0\n", 2, 4, "found '0'"),
        ("\n. 4\n. . .\n", 3, 5, "3 cells in this row, 2 in the first"),
        ("..4.\n4..\n", 2, 4, "3 cells in this row, 4 in the first"),
        (". 4 .\n. 2.5 .\n", 2, 3, "found '2.5'"),
    ],
)
def test_bad_text_is_an_error_at_its_line_and_column(
    text: str, line: int, column: int, message: str
) -> None:
    with pytest.raises(PuzzleError, match=message) as raised:
        parse(text)
    assert (raised.value.line, raised.value.column) == (line, column)
    assert str(raised.value).startswith(f"line {line}, column {column}: ")


@pytest.mark.parametrize("clues", [((2, 0, 4),), ((0, 0, 0),), ((0, 0, 2), (0, 0, 2))], ids=str)
def test_a_puzzle_built_in_code_is_checked(clues: tuple) -> None:
    with pytest.raises(ValueError):
        Puzzle(2, 2, clues)


def test_cells_and_numbers_no_rectangle_reaches_mean_no_solution() -> None:
    assert rectangles.problem(Puzzle(2, 2, ((0, 0, 1), (1, 1, 3)))).count() == 0


def test_big_puzzles_reuse_letters_but_never_for_touching_rectangles() -> None:
    puzzle = Puzzle(8, 9, tuple((r, c, 1) for r in range(8) for c in range(9)))
    (board,) = solve_all(puzzle)
    assert set("".join(board)) == {"a", "b"}  # a checkerboard, as greedy labelling makes it


def test_main_prints_the_published_board_and_its_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert rectangles.main([]) == 0
    assert capsys.readouterr().out == "\n".join(PUBLISHED_BOARD) + "\n1 solution\n"


def test_main_reads_a_file(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text("2 .\n. 2\n")
    rectangles.main([str(path)])
    assert capsys.readouterr().out.endswith("\n2 solutions\n")


def test_main_reports_bad_text_with_its_place_and_exit_code_2(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text("2 .\n. ?\n")
    with pytest.raises(SystemExit) as stopped:
        rectangles.main([str(path)])
    assert stopped.value.code == 2
    assert (
        f"{path}: line 2, column 3: expected a number or '.', found '?'" in capsys.readouterr().err
    )


def test_main_says_when_the_numbers_cannot_fill_the_grid(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text("3 .\n. 2\n")
    rectangles.main([str(path)])
    assert capsys.readouterr().out == "no solution: the numbers add up to 5, the grid has 4 cells\n"
