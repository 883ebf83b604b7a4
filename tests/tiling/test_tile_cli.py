"""`dlx-sudoku tile`: pictures in, counts and solutions out, errors with line and column."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku.cli import app

HOLE = "########\n########\n########\n###..###\n###..###\n########\n########\n########\n"


def tile(*args: str, stdin: str | None = None):
    """Run `dlx-sudoku tile` in process."""
    return CliRunner().invoke(app, ["tile", *args], input=stdin)


def test_count_prints_the_distinct_solutions_alone_on_the_first_line() -> None:
    result = tile("6x10", "--pieces", "pentominoes", "--count")
    assert result.exit_code == 0
    assert result.stdout == "2339\n"


def test_a_board_picture_from_stdin_with_a_hole() -> None:
    result = tile("-", "--pieces", "pentominoes", "--count", "--stats", stdin=HOLE)
    assert result.exit_code == 0 and result.stdout == "65\n"
    assert "65 distinct solutions; 8 symmetries" in result.stderr


def test_all_symmetric_counts_every_solution() -> None:
    result = tile("3x3x3", "-p", "soma", "--count", "--all-symmetric")
    assert (result.exit_code, result.stdout) == (0, "11520\n")


def test_no_solution_prints_0_and_exits_1() -> None:
    result = tile("4x5", "-p", "tetrominoes", "--count")
    assert (result.exit_code, result.stdout) == (1, "0\n")
    result = tile("4x5", "-p", "tetrominoes")
    assert (result.exit_code, result.stdout) == (1, "")
    assert "no solution" in result.stderr


def test_solutions_are_the_board_picture_with_the_pieces_names(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    rows = ["; a 3x20 box: any character is a cell", "#o" * 10, "x" * 20, "#" * 20]
    board.write_text("\n".join(rows) + "\n")
    result = tile(str(board), "-p", "pentominoes")
    assert result.exit_code == 0
    blocks = result.stdout.strip("\n").split("\n\n")
    assert len(blocks) == 2
    for block in blocks:
        rows = block.split("\n")
        assert len(rows) == 3 and all(len(row) == 20 for row in rows)
        assert sorted(set("".join(rows))) == sorted("FILNPTUVWXYZ")
    all_of_them = tile(str(board), "-p", "pentominoes", "--all-symmetric")
    assert len(all_of_them.stdout.strip("\n").split("\n\n")) == 8


def test_pieces_from_a_picture_file_with_copies(tmp_path: Path) -> None:
    pieces = tmp_path / "pieces.txt"
    pieces.write_text("; an L tetromino, four times\nL\nL\nLL\n;copies L*4\n")
    result = tile("4x4", "--pieces-file", str(pieces), "--count", "--all-symmetric")
    assert (result.exit_code, result.stdout) == (0, "10\n")  # 4x4 by L tetrominoes
    assert tile("4x4", "-p", "tetrominoes:L*4", "--count", "--all-symmetric").stdout == "10\n"


def test_json_records_and_an_svg_drawing(tmp_path: Path) -> None:
    drawing = tmp_path / "solutions.svg"
    result = tile("3x20", "-p", "pentominoes", "--format", "json", "--svg", str(drawing))
    assert result.exit_code == 0
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["solution"] for r in records] == [1, 2]
    assert len(records[0]["pieces"]) == 12 and len(records[0]["picture"]) == 3
    root = ElementTree.fromstring(drawing.read_text())
    assert len(root.findall(".//{http://www.w3.org/2000/svg}rect")) == 1 + 2 * 60


def test_limit_and_seed_choose_how_many_and_which() -> None:
    first = tile("6x10", "-p", "pentominoes", "--limit", "2")
    assert first.exit_code == 0 and len(first.stdout.strip().split("\n\n")) == 2
    one = tile("6x10", "-p", "pentominoes", "--seed", "7")
    assert len(one.stdout.strip().split("\n\n")) == 1
    assert one.stdout == tile("6x10", "-p", "pentominoes", "--seed", "7").stdout


def test_jobs_split_the_count_and_give_the_same_number() -> None:
    result = tile("4x15", "-p", "pentominoes", "--count", "--jobs", "2")
    assert (result.exit_code, result.stdout) == (0, "368\n")


def test_a_dask_cluster_counts_the_distinct_solutions_too() -> None:
    """A real LocalCluster (``--dask local``): the published count of the 4x15 box, 368,
    and every solution of the 3x20 box, 2 distinct times its 4 symmetries."""
    pytest.importorskip("dask.distributed", reason="needs the [distributed] extra")
    result = tile("4x15", "-p", "pentominoes", "--count", "--dask", "local")
    assert (result.exit_code, result.stdout) == (0, "368\n")
    result = tile("3x20", "-p", "pentominoes", "--count", "--all-symmetric", "--dask", "local")
    assert (result.exit_code, result.stdout) == (0, "8\n")


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("-", "-p", "pentominoes"), "######\n##\t###\n", "-: line 2, column 3: '\\t'"),
        (("8x8", "-p", "pentominoes"), None, "the pieces cover 60 cells and the board has 64"),
        (("6x10", "-p", "heptominoes"), None, "'heptominoes': no piece set named"),
        (("6x10", "-p", "L*12"), None, "several sets have a piece 'L'"),
        (("missing.txt", "-p", "soma"), None, "missing.txt: No such file"),
        (("6x10",), None, "name the pieces"),
        (("6x10", "-p", "pentominoes", "--count", "--limit", "3"), None, "--count counts"),
        (("6x10", "-p", "pentominoes", "--jobs", "2", "--dask", "local"), None, "--jobs"),
    ],
)
def test_bad_input_says_what_and_where_and_exits_2(args, stdin, message) -> None:
    result = tile(*args, stdin=stdin)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_the_command_is_listed_in_the_help() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert "tile" in result.stdout
