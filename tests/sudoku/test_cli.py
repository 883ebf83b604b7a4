"""Black-box tests of ``dlx-sudoku``: each command, format and exit code, and bad input.

The program runs in a subprocess as ``python -m sudoku.cli``, as a user would run it.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku.grid import is_solution, parse

ROOT = Path(__file__).resolve().parents[2]
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
TWO = "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293"
NONE_4x4 = ".234....1......."  # r1c1 must be 1, but column 1 has its 1
EASY_4x4 = "1234341221......"


def run(*args: str, stdin: str | int | None = "", **kwargs) -> subprocess.CompletedProcess:
    """Run the command line; ``stdin`` is text to feed, or a file descriptor."""
    text = stdin if isinstance(stdin, str) else None
    return subprocess.run(
        [sys.executable, "-m", "sudoku.cli", *args],
        input=text,
        stdin=None if text is not None else stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
        **kwargs,
    )


def run_on_a_terminal(args: list) -> tuple[int, bytes, bytes]:
    """Run ``args`` with stderr on a pseudo-terminal: exit code, stdout, what stderr showed."""
    controller, terminal = os.openpty()
    cli = subprocess.Popen(
        [str(arg) for arg in args],
        stdout=subprocess.PIPE,
        stderr=terminal,
        cwd=ROOT,
        env={**os.environ, "TERM": "xterm"},
    )
    os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # EIO: the program closed its end
            break
        if not chunk:
            break
        shown += chunk
    os.close(controller)
    code = cli.wait(timeout=120)
    return code, cli.stdout.read(), shown


def assert_clean(result: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in result.stderr, result.stderr


# --- solve ---------------------------------------------------------------------------------


def test_solve_prints_the_solution_as_a_line():
    result = run("solve", HARD)
    assert (result.returncode, result.stdout, result.stderr) == (0, HARD_SOLUTION + "\n", "")


def test_the_built_in_example_solves_as_the_readme_says():
    result = run("solve", "--example", "--format", "grid")
    assert result.returncode == 0, result.stderr
    assert parse(result.stdout).cells == parse(HARD_SOLUTION).cells
    assert is_solution(parse(result.stdout), parse(HARD))


def test_solve_as_a_grid():
    result = run("solve", HARD, "--format", "grid")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "4 1 7 | 3 6 9 | 8 2 5"
    assert lines[3] == "------+-------+------"
    assert parse(result.stdout).cells == parse(HARD_SOLUTION).cells


def test_solve_as_json_lines_says_which_case_holds():
    result = run("solve", HARD, TWO, NONE_4x4, "--format", "json", "--stats")
    assert result.returncode == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["status"] for r in records] == ["unique", "several", "none"]
    assert [r["argument"] for r in records] == [1, 2, 3]
    assert records[0]["solutions"] == [HARD_SOLUTION] and records[0]["stats"]["nodes"] > 0
    first, second = (parse(s) for s in records[1]["solutions"])
    assert first != second and is_solution(first, parse(TWO)) and is_solution(second, parse(TWO))
    assert records[2]["solutions"] == []


def test_several_solutions_are_shown_and_fail_only_with_unique():
    relaxed = run("solve", TWO)
    assert relaxed.returncode == 0
    assert relaxed.stdout.count("\n") == 1
    assert "more than one solution" in relaxed.stderr
    strict = run("solve", TWO, "--unique")
    assert strict.returncode == 3 and strict.stdout == "# argument 1: more than one solution\n"
    first, second = strict.stderr.split("for example ")[1].split(" and ")
    assert first != second.strip()
    assert run("solve", HARD, "--unique").returncode == 0


def test_no_solution_exits_1():
    result = run("solve", NONE_4x4)
    assert (result.returncode, result.stdout) == (1, "# argument 1: no solution\n")
    assert result.stderr == "argument 1: no solution\n"


@pytest.mark.parametrize(
    ("puzzle", "message"),
    [
        (HARD[:80], "argument 1: line 1, column 81: found 80 cells, expected 81 for a 9x9 grid"),
        (HARD[:80] + "x", "argument 1: line 1, column 81: found 'x', expected a digit 1-9"),
        ("44" + HARD[2:], "argument 1: the givens break the rules: 4 twice in row 1 (r1c1, r1c2)"),
        (HARD.replace("8", "G", 1), "found 'G', expected 1-9 or a blank for a 9x9 grid"),
    ],
    ids=["wrong-length", "bad-character", "duplicate-givens", "symbol-too-big"],
)
def test_bad_input_exits_2_with_a_located_message(puzzle, message):
    result = run("solve", puzzle)
    assert_clean(result)
    assert result.returncode == 2
    assert message in result.stderr


def test_a_file_streams_answers_in_order_past_bad_lines(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"# a comment\n{HARD}\n\n{HARD[:80]}\n{EASY_4x4}\n")
    result = run("solve", "--file", str(path), "--stats")
    assert_clean(result)
    assert result.returncode == 2
    # one output line per puzzle: a marker line for the one that could not be read
    assert result.stdout.splitlines() == [HARD_SOLUTION, "# line 4: bad input", "1234341221434321"]
    assert "line 4, column 81: found 80 cells" in result.stderr
    assert "3 puzzles in" in result.stderr and "1 bad input, 2 unique" in result.stderr


def test_standard_input_by_pipe_or_dash():
    for args in (["solve"], ["solve", "-"], ["solve", "--file", "-"]):
        result = run(*args, stdin=f"{HARD}\n{EASY_4x4}\n")
        assert (result.returncode, result.stdout) == (0, f"{HARD_SOLUTION}\n1234341221434321\n")


def test_a_multi_line_sdk_file_is_one_puzzle(tmp_path):
    path = tmp_path / "puzzle.sdk"
    rows = "\n".join(HARD[k : k + 9] for k in range(0, 81, 9))
    path.write_text(f"#A somebody\n#D a hard one\n{rows}\n")
    result = run("solve", "-f", str(path))
    assert (result.returncode, result.stdout) == (0, HARD_SOLUTION + "\n")
    assert result.stderr == "", "no progress bar when stderr is not a terminal"


def test_a_file_shows_a_progress_bar_when_stderr_is_a_terminal(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text(f"{HARD}\n" * 50)
    code, out, shown = run_on_a_terminal([sys.executable, "-m", "sudoku.cli", "solve", "-f", path])
    assert code == 0
    assert out.decode().splitlines() == [HARD_SOLUTION] * 50
    assert b"many.txt" in shown and b"%" in shown


def test_an_empty_file_is_bad_input(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("")
    result = run("solve", "-f", str(path))
    assert (result.returncode, result.stderr) == (2, "error: no puzzle in the input\n")


def test_a_missing_file_is_bad_input(tmp_path):
    result = run("solve", "-f", str(tmp_path / "nowhere.txt"))
    assert_clean(result)
    assert result.returncode == 2 and "No such file" in result.stderr


def test_output_goes_to_a_file(tmp_path):
    path = tmp_path / "out.txt"
    result = run("solve", HARD, "--output", str(path))
    assert (result.returncode, result.stdout) == (0, "")
    assert path.read_text() == HARD_SOLUTION + "\n"


def test_size_and_x_choose_the_shape():
    x = run("solve", "--x", "." * 16)
    assert x.returncode == 0
    solution = x.stdout.strip()
    assert {solution[k] for k in (0, 5, 10, 15)} == set("1234")
    assert run("solve", "--size", "4", HARD).returncode == 2
    bad_size = run("solve", "--size", "7", HARD)
    assert_clean(bad_size)
    assert bad_size.returncode == 2 and "found size 7" in bad_size.stderr


def test_solve_can_count_to_a_limit():
    result = run("solve", "--count", "--limit", "5", "." * 16, HARD, NONE_4x4)
    assert (result.returncode, result.stdout) == (1, "5\n1\n0\n")
    records = run("solve", "--count", "." * 16, "--format", "json").stdout
    assert json.loads(records) == {"argument": 1, "kind": "count", "puzzle": "." * 16, "count": 288}


@pytest.mark.parametrize(
    "args",
    [["--count", "--unique"], ["--limit", "3"], ["--file", "-"], ["--example"]],
    ids=["count-and-unique", "limit-without-count", "puzzles-and-file", "example-and-puzzle"],
)
def test_option_clashes_are_usage_errors(args):
    result = run("solve", *args, HARD)
    assert_clean(result)
    assert result.returncode == 2


def test_solve_with_a_terminal_on_stdin_shows_help():
    controller, terminal = os.openpty()
    try:
        result = run("solve", stdin=terminal)
    finally:
        os.close(controller)
        os.close(terminal)
    assert result.returncode == 2
    assert "Usage: dlx-sudoku solve" in result.stdout and "Examples" in result.stdout


# --- count ---------------------------------------------------------------------------------


def test_count_the_empty_4x4_grid():
    assert run("count", "." * 16).stdout == "288\n"
    assert run("count", "." * 81, "--limit", "1000").stdout == "1000\n"


def test_count_reads_stdin_and_takes_a_shape():
    result = run("count", "-", "--x", stdin="." * 16)
    assert result.returncode == 0 and 0 < int(result.stdout) < 288


def test_count_exit_codes():
    assert run("count", NONE_4x4).returncode == 1
    bad = run("count", "123")
    assert_clean(bad)
    assert bad.returncode == 2 and "found 3 cells" in bad.stderr


# --- help ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "codes"),
    [
        ([], "Exit codes: 0 solved"),
        (["solve"], "Exit codes: 0 solved"),
        (["count"], "Exit codes: 0 at least one solution, 1 no solution, 2 bad input, 4 the"),
        (["rate"], "Exit codes: 0 rated, 1 no solution, 2 bad input, 3 more than one"),
    ],
)
def test_every_help_shows_an_example_and_the_exit_codes(command, codes):
    result = run(*command, "--help")
    assert result.returncode == 0
    if command:
        assert "Examples:" in result.stdout and f"dlx-sudoku {command[0]}" in result.stdout
    assert codes in " ".join(result.stdout.split())


@pytest.mark.parametrize("name", ["solve", "count", "rate", "generate", "grids"])
def test_help_mentions_only_options_the_command_has_and_examples_fit_80_columns(name):
    import click
    from typer.main import get_command

    from sudoku.cli import app

    group = get_command(app)
    command = group.get_command(click.Context(group), name)  # commands load when asked for
    options = {opt for param in command.params for opt in param.opts}
    written = f"{command.help}\n{command.epilog or ''}"
    assert set(re.findall(r"--[a-z][a-z-]*", written)) <= options
    examples = [line.strip() for line in written.splitlines() if "dlx-sudoku " in line]
    assert examples, "an example"
    shown = run(name, "--help", env={**os.environ, "COLUMNS": "80"}).stdout
    for example in examples:
        assert example in shown, f"{example!r} is cut in an 80-column terminal"


# --- memory --------------------------------------------------------------------------------


def peak_rss_kib(tmp_path: Path, lines: int) -> int:
    """Peak resident memory (KiB) of ``solve --file`` over a file of ``lines`` cheap 4x4
    puzzles, measured from a parent process that runs nothing else."""
    path = tmp_path / f"{lines}.txt"
    with path.open("w") as out:
        for _ in range(lines // 1000):
            out.write(f"{EASY_4x4}\n" * 1000)
    probe = (
        "import resource, subprocess, sys\n"
        "cli = subprocess.Popen([sys.executable, '-m', 'sudoku.cli', 'solve', '-f', sys.argv[1]],"
        " stdout=subprocess.PIPE, text=True)\n"
        "answers = sum(1 for line in cli.stdout if line == '1234341221434321\\n')\n"
        "assert cli.wait() == 0 and answers == int(sys.argv[2]), (cli.returncode, answers)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe, str(path), str(lines)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=3600,
    )
    return int(result.stdout)


def test_memory_does_not_grow_with_the_input(tmp_path):
    small, large = peak_rss_kib(tmp_path, 2_000), peak_rss_kib(tmp_path, 20_000)
    assert large < small + 4 * 1024, (small, large)


@pytest.mark.slow
def test_a_million_line_file_runs_in_constant_memory(tmp_path):
    small, large = peak_rss_kib(tmp_path, 2_000), peak_rss_kib(tmp_path, 1_000_000)
    print(f"peak RSS: {small} KiB for 2,000 lines, {large} KiB for 1,000,000 lines")
    assert large < small + 4 * 1024, (small, large)


@pytest.mark.parametrize(
    ("args", "size"), [((), 9), (("--size", "16", "--windoku"), 16), ((), 25)], ids=str
)
def test_a_count_that_would_never_end_says_why_at_once(args, size):
    """An empty 9x9 has some 6.7e21 grids, a 16x16 windoku and a 25x25 far more: counting
    them all without a limit is refused at once (Knuth's estimate of the tree), saying to
    give one."""
    result = run("count", *args, "." * size * size)
    assert result.returncode == 2 and "would not end" in result.stderr
    assert "give a limit" in result.stderr and "Traceback" not in result.stderr


def test_a_count_with_a_limit_runs_where_one_without_is_refused():
    assert run("count", "--limit", "3", "." * 81).stdout == "3\n"


# --- conventions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command", [[], ["solve"], ["count"], ["rate"], ["generate"], ["grids"], ["cover"], ["play"]]
)
def test_dash_h_is_help_as_dash_dash_help_is(command):
    short, long = run(*command, "-h"), run(*command, "--help")
    assert short.returncode == long.returncode == 0
    assert short.stdout == long.stdout and "Usage: dlx-sudoku" in short.stdout


def test_python_m_sudoku_and_python_m_dlx_run_the_commands():
    sudoku = subprocess.run(
        [sys.executable, "-m", "sudoku", "solve", HARD], capture_output=True, text=True, cwd=ROOT
    )
    assert sudoku.returncode == 0
    assert is_solution(parse(sudoku.stdout.strip()), parse(HARD))
    engine = subprocess.run(
        [sys.executable, "-m", "dlx", "-h"], capture_output=True, text=True, cwd=ROOT
    )
    assert engine.returncode == 0 and "Usage: python -m dlx" in engine.stdout


@pytest.mark.parametrize(
    ("words", "word", "expected"),
    [
        ("dlx-sudoku so", 1, ["solve"]),
        ("dlx-sudoku solve --fo", 2, ["--format"]),
        ("dlx-sudoku solve --format ", 3, ["line", "grid", "spaced", "json", "csv"]),
    ],
)
def test_shell_completion_completes_commands_options_and_choices(words, word, expected):
    env = {**os.environ, "_DLX_SUDOKU_COMPLETE": "complete_bash", "COMP_WORDS": words}
    env["COMP_CWORD"] = str(word)
    result = subprocess.run(
        [sys.executable, "-m", "sudoku.cli"], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert result.stdout.split() == expected


def broken_lines(help_text: str, width: int) -> list[str]:
    """The lines of a help's description (above its option tables) that end although the
    next line's first word would have fitted: a line break the source text forced into a
    paragraph rather than the terminal's wrapping. Example lines are left alone."""
    description = help_text.split("╭")[0]
    lines = [line.strip() for line in description.splitlines()]
    found = []
    for line, after in zip(lines, lines[1:], strict=False):
        if line and after and not line.startswith(("Usage:", "dlx-sudoku", "python ", "cat ")):
            if not after.startswith(("dlx-sudoku", "python ", "cat ")):
                if len(line) + 1 + len(after.split()[0]) < width - 2:
                    found.append(line)
    return found


@pytest.mark.parametrize(
    "command", ["solve", "count", "rate", "generate", "grids", "cover", "tile", "play"]
)
def test_help_paragraphs_wrap_to_the_terminal(command):
    for width in (80, 120):
        shown = run(command, "--help", env={**os.environ, "COLUMNS": str(width)}).stdout
        assert "Examples:" in shown or command == "play"
        assert broken_lines(shown, width) == [], f"at {width} columns"


@pytest.mark.parametrize(("command", "extra"), [("cover", "[distributed]"), ("generate", "[pdf]")])
def test_help_names_the_extras_in_brackets(command, extra):
    shown = run(command, "--help", env={**os.environ, "COLUMNS": "200"}).stdout
    assert f"the {extra} extra" in shown


def test_the_console_script_collects_garbage_again_once_the_command_is_imported() -> None:
    # main() holds collection off while the command's modules load (start-up time); the
    # command itself, a server for one, must run with it on.
    probe = (
        "import atexit, gc, sys\n"
        "from sudoku.cli import main\n"
        "atexit.register(lambda: print(gc.isenabled(), gc.get_freeze_count() > 0))\n"
        "sys.argv = ['dlx-sudoku', 'count', '--limit', '2', '.' * 16]\n"
        "main()\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.split()[-2:] == ["True", "True"], result.stderr
