"""`dlx-sudoku generate` and `dlx-sudoku grids`, run in-process with Typer's test runner.

Generated puzzles are judged by the independent backtracking counter of test_generate.
"""

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku.cli import app
from sudoku.grid import is_solution, parse
from tests.sudoku.test_generate import count_solutions


def run(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_generate_reports_the_seed_and_each_puzzle_reproduces():
    result = run("generate", "-n", "3", "--seed", "5", "--format", "json")
    assert result.exit_code == 0 and result.stderr == "seed 5\n"
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["seed"] for r in records] == [5, 6, 7]
    for r in records:
        puzzle = parse(r["puzzle"])
        assert count_solutions(puzzle) == 1 and is_solution(parse(r["solution"]), puzzle)
        assert r["clues"] == 81 - r["puzzle"].count(".") and r["nodes"] > 0 and r["updates"] > 0
    again = run("generate", "--seed", "6")
    assert again.stdout == f"# seed 6, {records[1]['clues']} clues, symmetry none, " + (
        f"{records[1]['level']}\n{records[1]['puzzle']}\n"
    )


def test_generate_stats_and_grid_format():
    result = run("generate", "--size", "4", "--symmetry", "rot90", "--seed", "1", "--format",
                 "grid", "--stats")  # fmt: skip
    assert result.exit_code == 0
    puzzle = parse(result.stdout)
    assert puzzle.shape.size == 4 and count_solutions(puzzle) == 1
    assert "puzzle 1: seed 1, " in result.stderr and "nodes" in result.stderr


def test_generate_to_a_difficulty():
    result = run("generate", "--difficulty", "medium", "--seed", "3", "--format", "json")
    assert json.loads(result.stdout)["level"] == "medium"


def test_generate_writes_a_printable_sheet(tmp_path):
    sheet = tmp_path / "sheet.svg"
    result = run("generate", "-n", "2", "--seed", "1", "--svg", str(sheet), "--solutions")
    assert result.exit_code == 0
    pages = [tmp_path / "sheet-1.svg", tmp_path / "sheet-2.svg"]  # puzzles, solutions
    assert f"sheet: {pages[0]}, {pages[1]}" in result.stderr and not sheet.exists()
    assert all(ET.parse(page).getroot().get("height") == "297.0mm" for page in pages)
    assert "seed 2" in pages[0].read_text() and "Sudoku: solutions" in pages[1].read_text()


def test_generate_and_solve_write_letter_sheets_with_paper_letter(tmp_path):
    sheet, solved = tmp_path / "sheet.svg", tmp_path / "solved.svg"
    made = run("generate", "--seed", "1", "--svg", str(sheet), "--paper", "letter")
    assert made.exit_code == 0
    drawn = run("solve", "--example", "--svg", str(solved), "--paper", "letter")
    assert drawn.exit_code == 0
    pages = [sheet, tmp_path / "solved-1.svg", tmp_path / "solved-2.svg"]  # solve: 2 pages
    assert drawn.stderr.endswith(f"sheet: {pages[1]}, {pages[2]}\n") and not solved.exists()
    for path in pages:  # every page a page of Letter, whoever drew it
        root = ET.parse(path).getroot()
        assert (root.get("width"), root.get("height")) == ("215.9mm", "279.4mm")
    refused = run("solve", "--example", "--paper", "letter")  # no sheet to size
    assert refused.exit_code == 2 and "--paper is the size of the --svg sheet" in refused.stderr


def test_generate_writes_a_pdf_sheet(tmp_path):
    pypdf = pytest.importorskip("pypdf", reason="pypdf is missing: pip install -e '.[test]'")
    pytest.importorskip("fpdf", reason="fpdf2 is missing: pip install -e '.[pdf]'")
    book = tmp_path / "book.pdf"
    result = run("generate", "-n", "5", "--size", "4", "--seed", "1", "--pdf", str(book),
                 "--solutions", "--per-page", "4", "--title", "Tiny")  # fmt: skip
    assert result.exit_code == 0
    text = [page.extract_text() for page in pypdf.PdfReader(book).pages]
    assert len(text) == 4 and "Tiny" in text[0] and "Tiny: solutions" in text[2]


def test_generate_to_a_file_with_the_seeds_a_mask_and_a_random_symmetry(tmp_path):
    out, mask = tmp_path / "puzzles.txt", tmp_path / "mask.txt"
    result = run("generate", "-n", "2", "--clues", "21", "--seed", "4", "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    lines = out.read_text().splitlines()
    assert [line.split(",")[0] for line in lines[::2]] == ["# seed 4", "# seed 5"]
    for line in lines[1::2]:
        assert 81 - line.count(".") == 21 and count_solutions(parse(line)) == 1
    mask.write_text(lines[1].replace("\n", ""))  # a puzzle's clue cells as the pattern
    masked = run("generate", "--mask", str(mask), "--seed", "1", "--format", "json")
    record = json.loads(masked.stdout)
    cells = [k for k, ch in enumerate(record["puzzle"]) if ch != "."]
    assert cells == [k for k, ch in enumerate(lines[1]) if ch != "."]
    assert count_solutions(parse(record["puzzle"])) == 1
    drawn = run("generate", "--symmetry", "random", "--seed", "2", "--format", "json")
    assert json.loads(drawn.stdout)["symmetry"] in {
        "none",
        "rot180",
        "rot90",
        "mirror",
        "flip",
        "diagonal",
    }


def test_generate_the_fewest_clues_in_a_time():
    result = run("generate", "--fewest", "--time-limit", "1", "--seed", "3", "--format", "json")
    record = json.loads(result.stdout)
    assert record["minimal"] and record["clues"] <= 24
    assert count_solutions(parse(record["puzzle"])) == 1


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--clues", "16"], 2, "17 is the minimum (McGuire"),
        (["--fewest"], 2, "needs --time-limit"),
        (["--mask", "x?"], 2, "line 1, column 2"),
        (["--clues", "17", "--time-limit", "0.1", "--seed", "1"], 1, "in 0.1 s (seed 1)"),
        (["-o", "/nonexistent/dir/p.txt", "--seed", "1"], 4, "No such file or directory"),
        (["--clues", "18", "--attempts", "1", "--seed", "1"], 1, "no unique puzzle with 18"),
        (["--size", "7"], 2, "Invalid value for --size"),
        (["--symmetry", "spiral"], 2, "Invalid value for '--symmetry'"),
        (["--svg", "/nonexistent/dir/sheet.svg", "--seed", "1"], 4, "No such file or directory"),
        (["--pdf", "x.pdf", "--per-page", "7"], 2, "Invalid value for '--per-page'"),
        (["--paper", "letter"], 2, "--title and --paper shape a sheet: give --svg or --pdf"),
        (["--svg", "x.svg", "--paper", "legal"], 2, "Invalid value for '--paper'"),
    ],
)
def test_generate_refusals_are_clear(args, code, message):
    result = run("generate", *args)
    assert result.exit_code == code
    assert message in " ".join(result.stderr.replace("│", " ").split())


def test_grids_writes_distinct_valid_grids(tmp_path):
    out = tmp_path / "grids.txt"
    result = run("grids", "-n", "2000", "-o", str(out), "--first-digit", "3", "--seed", "2")
    assert result.exit_code == 0 and "2000 distinct grids" in result.stderr
    assert "seed 2" in result.stderr
    lines = out.read_text().splitlines()
    assert len(set(lines)) == 2000 and {line[0] for line in lines} == {"3"}
    assert all(is_solution(parse(line)) for line in lines)


def test_grids_to_stdout_in_the_spaced_layout():
    result = run("grids", "-n", "2", "-o", "-", "--layout", "grid", "--size", "6", "--seed", "1")
    first, second = result.stdout.split("\n\n")
    assert is_solution(parse(first)) and is_solution(parse(second)) and first != second
    assert first.splitlines()[0].count(" ") == 5


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--first-digit", "0"], 2, "first digit must be 1..9"),
        (["-o", "/nonexistent/dir/grids.txt"], 4, "No such file or directory"),
    ],
)
def test_grids_refusals_are_clear(args, code, message):
    result = run("grids", "-n", "5", "-o", "-", *args)
    assert result.exit_code == code and message in result.stderr


@pytest.mark.parametrize("command", ["generate", "grids", "rate"])
def test_help_shows_an_example(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Examples:" in result.stdout and f"dlx-sudoku {command} " in result.stdout


def peak_rss_kib(*args: str) -> int:
    """Peak resident memory (KiB) of one ``dlx-sudoku`` run, from a parent that runs
    nothing else; the run must succeed."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run([sys.executable, '-m', 'sudoku.cli', *sys.argv[1:]], check=True,"
        " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, cwd=root, check=True
    )
    return int(result.stdout)


def test_generating_many_jigsaws_keeps_memory_flat():
    """A new jigsaw shape a puzzle: the caches by shape keep the last one only, so each
    puzzle after the first adds well under 256 KiB to the peak (a shape kept used to add
    some 2 MB). Measured per puzzle, not as a share of one run's peak: that shrinks as the
    start-up loads less."""
    one = peak_rss_kib("generate", "--jigsaw", "--seed", "1")
    forty = peak_rss_kib("generate", "--jigsaw", "--seed", "1", "-n", "40")
    assert (forty - one) / 39 < 256, (one, forty)


def test_big_grids_get_a_stated_budget_and_report_off_a_terminal(monkeypatch):
    """A 16x16 without --time-limit gets the stated default budget (shortened here), and a
    run off a terminal says where it stands every NOTE_EVERY seconds (0 here)."""
    import sudoku.cli.generate
    import sudoku.cli.options
    from sudoku.solve import count_to

    monkeypatch.setattr(sudoku.cli.generate, "BIG_TIME_LIMIT", 0.5)
    monkeypatch.setattr(sudoku.cli.options, "NOTE_EVERY", 0.0)
    result = run("generate", "--size", "16", "--seed", "3", "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert "note: 16x16 puzzles get 0.5 s each unless --time-limit" in result.stderr
    assert "generating: " in result.stderr and "puzzle 1/1" in result.stderr
    record = json.loads(result.stdout)
    puzzle = parse(record["puzzle"])
    assert is_solution(parse(record["solution"]), puzzle) and count_to(puzzle, 2) == 1
    told = run("generate", "--size", "16", "--seed", "3", "--time-limit", "0.5")
    assert told.exit_code == 0 and "note: 16x16" not in told.stderr


@pytest.mark.parametrize("variant", ["--jigsaw", "--killer"])
def test_big_jigsaws_and_killers_get_the_stated_budget_too(monkeypatch, variant):
    """From 16x16 a jigsaw's regions or a killer's proof can take minutes: the same stated
    budget bounds each puzzle (shortened here), and running out is exit 1 with the limit."""
    import sudoku.cli.generate

    monkeypatch.setattr(sudoku.cli.generate, "BIG_TIME_LIMIT", 0.001)
    result = run("generate", variant, "--size", "16", "--seed", "1")
    assert "note: 16x16 puzzles get 0.001 s each unless --time-limit" in result.stderr
    assert result.exit_code == 1 and "in 0.001 s" in result.stderr and result.stdout == ""


def test_a_time_limit_is_taken_by_jigsaw_and_killer():
    for variant in ("--jigsaw", "--killer"):
        result = run("generate", variant, "--size", "6", "--seed", "2", "--time-limit", "300")
        assert result.exit_code == 0, result.stderr
        assert "note:" not in result.stderr  # a 6x6 gets no default budget


def test_the_engines_work_is_left_out_rather_than_overrunning_the_budget(monkeypatch):
    import sudoku.generate as generate_module
    from sudoku.digging import Budget
    from sudoku.grid import Shape
    from sudoku.solve import solve

    monkeypatch.setattr(generate_module, "PROOF_GRACE", 0.0)
    spent = Budget(0.001)
    while not spent.over():
        pass
    empty = parse("." * 625, Shape.for_size(25))
    assert generate_module._engine_work(empty, spent) == (None, None)
    puzzle = generate_module.generate(seed=1).puzzle
    proof = solve(puzzle)  # the engine's own solve, which the work measured should match
    assert proof.stats is not None
    work = generate_module._engine_work(puzzle, Budget(None))
    assert work == (proof.stats.nodes, proof.stats.updates) and proof.stats.nodes > 0
