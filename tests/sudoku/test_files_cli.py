"""The command line on real files and its own output: every layout read, every --format
written and read back, ``solve --all``, and the small things (288 4x4 grids, --version,
the note about the pure-Python loop).

The program runs in a subprocess, as a user would run it.
"""

import json
import subprocess
import sys

import pytest

import dlx.search
from sudoku.files import FORMATS
from sudoku.grid import Grid, Shape, is_solution, parse
from sudoku.solve import count
from tests.sudoku.test_cli import ROOT, assert_clean, run, run_on_a_terminal
from tests.sudoku.test_files import PUZZLES, coursework, sdk_sadman, ss_boxed


def solutions_of(puzzles: list[str]) -> list[str]:
    result = run("solve", *puzzles)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


SOLUTIONS = solutions_of(PUZZLES)


def test_a_windows_file_of_mixed_layouts_solves_in_order(tmp_path):
    lines = [*ss_boxed(PUZZLES[0]), "", *sdk_sadman(PUZZLES[1]), "", *coursework(PUZZLES[2])]
    path = tmp_path / "puzzles.txt"
    path.write_bytes(("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))
    result = run("solve", "-f", str(path))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == SOLUTIONS
    for puzzle, solution in zip(PUZZLES, SOLUTIONS, strict=True):
        assert is_solution(parse(solution), parse(puzzle))


@pytest.mark.parametrize("fmt", FORMATS)
def test_what_solve_writes_in_each_format_reads_back(fmt, tmp_path):
    out = tmp_path / f"answers.{fmt}"
    written = run("solve", *PUZZLES, "--format", fmt, "-o", str(out), "--stats")
    assert written.returncode == 0, written.stderr
    again = run("solve", "-f", str(out))
    assert (again.returncode, again.stdout.splitlines()) == (0, SOLUTIONS), again.stderr


@pytest.mark.parametrize("fmt", FORMATS)
def test_what_generate_writes_in_each_format_reads_back(fmt):
    records = run("generate", "-n", "3", "--seed", "5", "--format", "json").stdout.splitlines()
    made = [json.loads(record) for record in records]
    written = run("generate", "-n", "3", "--seed", "5", "--format", fmt)
    assert written.returncode == 0, written.stderr
    back = run("solve", "-", stdin=written.stdout)
    assert back.returncode == 0, back.stderr
    assert back.stdout.splitlines() == [m["solution"] for m in made]


def test_what_grids_writes_in_both_layouts_reads_back(tmp_path):
    paths = {layout: tmp_path / f"{layout}.txt" for layout in ("line", "grid")}
    for layout, path in paths.items():
        args = ("grids", "-n", "40", "--size", "6", "--seed", "3", "--layout", layout)
        assert run(*args, "-o", str(path)).returncode == 0
    spaced = run("grids", "-n", "40", "--size", "6", "--seed", "3", "--format", "spaced", "-o", "-")
    assert spaced.stdout == paths["grid"].read_text()
    lines = paths["line"].read_text().splitlines()
    back = run("solve", "-f", str(paths["grid"]))
    assert (back.returncode, back.stdout.splitlines()) == (0, lines), back.stderr


@pytest.mark.parametrize("command", [["count"], ["rate"], ["solve", "--count"]])
@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_records_of_count_and_rate_hold_the_puzzle_that_reads_back(command, fmt):
    written = run(*command, PUZZLES[0], "--format", fmt)
    assert written.returncode == 0, written.stderr
    back = run("solve", "-", stdin=written.stdout)
    assert (back.returncode, back.stdout.splitlines()) == (0, SOLUTIONS[:1]), back.stderr


def test_rate_json_is_format_json_with_a_deprecation_note():
    old = run("rate", "--json", PUZZLES[0])
    new = run("rate", "--format", "json", PUZZLES[0])
    assert old.returncode == new.returncode == 0
    assert json.loads(old.stdout) == json.loads(new.stdout)
    assert old.stderr == "note: --json is deprecated; use --format json\n" and new.stderr == ""


# --- solve --all ---------------------------------------------------------------------------


def test_all_solutions_are_numbered_distinct_and_as_many_as_count_says():
    result = run("solve", "--all", "." * 16)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0::2] == [f"# argument 1: solution {k}" for k in range(1, 289)]
    grids = [parse(line) for line in lines[1::2]]
    assert len(set(grids)) == len(grids) == count(Grid.empty(Shape.for_size(4))) == 288
    assert all(is_solution(grid) for grid in grids)


def test_all_stops_at_the_limit_and_says_so_and_json_numbers_each_record():
    puzzle = "1" + "." * 15
    result = run("solve", "--all", "--limit", "5", puzzle, "--format", "json")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["number"] for r in records] == [1, 2, 3, 4, 5]
    assert all(is_solution(parse(r["solution"]), parse(puzzle)) for r in records)
    assert "reached the limit of 5 solutions" in result.stderr
    none = run("solve", "--all", ".234....1.......")
    assert (none.returncode, none.stdout) == (1, "")
    assert "no solution" in none.stderr


def test_all_streams_so_a_reader_can_stop_an_endless_listing():
    cli = subprocess.Popen(
        [sys.executable, "-m", "sudoku.cli", "solve", "--all", "." * 81],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    first = [cli.stdout.readline().decode() for _ in range(6)]
    cli.stdout.close()  # as `| head -n 6` does: the empty grid has about 6.7e21 solutions
    assert cli.wait(timeout=120) == 0
    assert "Traceback" not in cli.stderr.read().decode()
    assert all(is_solution(parse(line)) for line in first[1::2])


# --- the small things ----------------------------------------------------------------------


def test_grids_refuses_more_4x4_grids_than_exist_and_writes_nothing(tmp_path):
    assert count(Grid.empty(Shape.for_size(4))) == 288
    out = tmp_path / "grids.txt"
    refused = run("grids", "-n", "289", "--size", "4", "-o", "-")
    assert_clean(refused)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert "exactly 288 complete grids" in refused.stderr
    fixed = run("grids", "-n", "73", "--size", "4", "--first-digit", "1", "-o", "-")
    assert fixed.returncode == 2 and "exactly 72 complete grids" in fixed.stderr
    out.write_text("kept\n")
    assert run("grids", "-n", "300", "--size", "4", "-o", str(out)).returncode == 2
    assert out.read_text() == "kept\n", "a refused request leaves the output file as it was"
    result = run("grids", "-n", "288", "--size", "4", "-o", str(out))
    assert result.returncode == 0, result.stderr
    grids = [parse(line) for line in out.read_text().splitlines()]
    assert len(set(grids)) == 288 and all(is_solution(grid) for grid in grids)


WITHOUT_C = (  # dlx-sudoku as if installed without a C compiler: no C extension at all
    "import runpy, sys; sys.modules['dlx._search'] = sys.modules['sudoku._batch'] = None; "
    "sys.argv = ['dlx-sudoku', *sys.argv[1:]]; runpy.run_module('sudoku.cli', run_name='__main__')"
)


def test_version_says_which_search_loop_is_in_use():
    result = run("--version")
    assert result.returncode == 0 and result.stdout.startswith("dlx-sudoku ")
    built = dlx.search.DEFAULT_BACKEND == "c"
    assert ("search loop: C accelerator" in result.stdout) == built
    python = subprocess.run(
        [sys.executable, "-c", WITHOUT_C, "--version"], capture_output=True, text=True, cwd=ROOT
    )
    assert python.returncode == 0, python.stderr
    assert "search loop: pure Python (dlx._search, the C accelerator, is not built" in (
        python.stdout
    )


def test_without_c_a_terminal_hears_it_once_and_a_pipe_not_at_all(tmp_path):
    path = tmp_path / "three.txt"
    path.write_text("\n".join(PUZZLES) + "\n")
    args = [sys.executable, "-c", WITHOUT_C, "solve", "-f", str(path)]
    piped = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    assert (piped.returncode, piped.stderr) == (0, "")
    assert piped.stdout.splitlines() == SOLUTIONS
    code, out, shown = run_on_a_terminal(args)
    assert (code, out.decode().splitlines()) == (0, SOLUTIONS)
    assert shown.count(b"note: searching in pure Python") == 1
