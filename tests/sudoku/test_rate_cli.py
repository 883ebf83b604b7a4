"""`dlx-sudoku rate`, run in-process with Typer's test runner."""

import json

from typer.testing import CliRunner

from sudoku.cli import app

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = ".7....4.623..5..9..1...73....6..89.25..2.6..47.23..6....81...4..2..6..899.7....6."


def run(*args: str, stdin: str | None = None):
    result = CliRunner().invoke(app, ["rate", *args], input=stdin)
    assert "Traceback" not in result.output, result.output
    return result


def test_rate_one_puzzle_with_its_steps():
    result = run("--steps", HARD)
    assert result.exit_code == 0
    head, *steps = result.stdout.splitlines()
    assert head.startswith("medium (pointing, SE 2.6): ") and "nodes" in head and "updates" in head
    assert steps[0].startswith("  hidden single: ") and any("pointing" in s for s in steps)


def test_rate_as_json():
    record = json.loads(run("--json", EASY).stdout)
    assert (record["level"], record["status"], record["argument"]) == ("easy", "unique", 1)
    assert sum(record["techniques"].values()) == record["steps"] and record["nodes"] > 0


def test_rate_a_file_with_a_summary(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{HARD}\n{EASY}\n{'.' * 81}\nnot a puzzle\n")
    result = run("--file", str(path), "--stats")
    assert result.exit_code == 3  # the empty grid has more than one solution
    assert result.stdout.splitlines()[1].startswith("easy ")
    assert "line 3: not rated: more than one solution" in result.stderr
    assert "line 4, column 3: found 't'" in result.stderr
    summary = result.stderr.splitlines()[-1]
    assert summary.startswith("4 puzzles in ") and "1 easy, 1 medium" in summary


def test_rate_reads_stdin():
    result = run("-", stdin=f"{EASY}\n")
    assert result.exit_code == 0 and result.stdout.startswith("easy (")
