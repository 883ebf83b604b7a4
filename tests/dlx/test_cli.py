"""`python -m dlx` (mounted as `dlx-sudoku cover`): Knuth's DLX files in, option lines out;
counts, limits, errors, Ctrl-C."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dlx
import dlx.search
from dlx.cli import app
from examples import queens
from tests.examples import fixture_files
from tests.examples.fixture_files import KNUTH_COLORS
from tests.oracle import brute_force, check

FIXTURES = fixture_files.DIRECTORY


def cover(*args: str, stdin: str | None = None):
    """Run `python -m dlx` in process."""
    return CliRunner().invoke(app, list(args), input=stdin)


def printed(stdout: str) -> set[frozenset[str]]:
    """The solutions in cover's output, each as its set of option lines."""
    blocks = stdout.strip("\n").split("\n\n") if stdout.strip() else []
    return {frozenset(block.splitlines()) for block in blocks}


def solutions_by_engine(problem: dlx.Problem) -> set[frozenset[str]]:
    return {frozenset(map(problem.option_text, s)) for s in problem.solutions()}


def test_knuths_example_prints_his_solution() -> None:
    result = cover(str(FIXTURES / "knuth-paper.dlx"))
    assert result.exit_code == 0
    assert sorted(result.stdout.splitlines()) == ["a d f", "b g", "c e"]
    assert result.stderr == ""  # no progress line when stderr is not a terminal


@pytest.mark.parametrize(
    "problem", [queens.problem(6), KNUTH_COLORS], ids=["queens-6", "knuth-colors"]
)
def test_what_dlx_write_writes_cover_solves_as_the_engine_does(tmp_path: Path, problem) -> None:
    path = tmp_path / "problem.dlx"
    dlx.write(problem, path)
    result = cover(str(path))
    assert result.exit_code == 0
    found = printed(result.stdout)
    assert found == solutions_by_engine(problem)
    assert len(found) == problem.count()
    index = {problem.option_text(name): name for name in problem.options}
    for lines in found:
        check(problem, [index[line] for line in lines])


def test_a_blank_line_separates_solutions() -> None:
    result = cover(str(FIXTURES / "queens-04.dlx"))
    assert result.stdout.count("\n\n") == 1
    assert len(result.stdout.splitlines()) == 4 + 1 + 4


def test_a_reader_that_stops_early_ends_the_search_quietly() -> None:
    """As with `dlx-sudoku cover file | head -3`: exit 0, nothing on stderr."""
    source = dlx.write(queens.problem(12))  # 14200 solutions, far more than a pipe holds
    with subprocess.Popen(
        [sys.executable, "-m", "dlx", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        child.stdin.write(source)
        child.stdin.close()
        first = [child.stdout.readline() for _ in range(3)]
        child.stdout.close()
        assert child.wait(timeout=60) == 0
        assert child.stderr.read() == ""
    assert all(line.startswith("r") for line in first)


def test_no_solution_is_exit_code_1() -> None:
    result = cover(str(FIXTURES / "queens-03.dlx"))
    assert (result.exit_code, result.stdout) == (1, "")
    result = cover(str(FIXTURES / "queens-03.dlx"), "--count")
    assert (result.exit_code, result.stdout) == (1, "0\n")


def test_standard_input() -> None:
    result = cover("-", "--count", stdin=(FIXTURES / "queens-06.dlx").read_text())
    assert (result.exit_code, result.stdout) == (0, "4\n")


def test_count_and_limit() -> None:
    queens8 = str(FIXTURES / "queens-08.dlx")
    assert cover(queens8, "--count").stdout == "92\n"
    assert cover(queens8, "--count", "--limit", "10").stdout == "10\n"
    assert len(printed(cover(queens8, "--limit", "3").stdout)) == 3
    assert cover(queens8, "--limit", "0").exit_code == 2


def test_a_seed_gives_a_reproducible_random_solution() -> None:
    queens8 = str(FIXTURES / "queens-08.dlx")
    first = {cover(queens8, "--limit", "1", "--seed", str(seed)).stdout for seed in range(6)}
    assert len(first) > 1
    again = cover(queens8, "--limit", "1", "--seed", "3").stdout
    assert again == cover(queens8, "--limit", "1", "--seed", "3").stdout
    assert printed(again) <= solutions_by_engine(dlx.read(FIXTURES / "queens-08.dlx"))


def test_stats_go_to_stderr() -> None:
    result = cover(str(FIXTURES / "queens-08.dlx"), "--count", "--stats")
    assert result.stdout == "92\n"
    summary, profile = result.stderr.splitlines()
    assert summary.startswith("92 solutions, ") and summary.endswith(", complete")
    assert profile.startswith("nodes per level: ")
    limited = cover(str(FIXTURES / "queens-08.dlx"), "--limit", "2", "--stats")
    assert limited.stderr.splitlines()[0].endswith(", stopped at the limit")


@pytest.mark.parametrize(
    "text, where",
    [
        ("a b\na c\n", "line 2, column 3: unknown item 'c'"),
        ("a | x\na x:red\ny:1 a\n", "line 3, column 1: unknown item 'y'"),
        ("a b\nb a:red\n", "line 2, column 3: primary item 'a' cannot have a color"),
        ("| only a comment\n", "no item line"),
    ],
)
def test_a_bad_file_is_an_error_at_its_line_and_column(
    tmp_path: Path, text: str, where: str
) -> None:
    path = tmp_path / "bad.dlx"
    path.write_text(text)
    result = cover(str(path))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert where in result.stderr


def test_a_missing_or_binary_file_is_an_error(tmp_path: Path) -> None:
    result = cover(str(tmp_path / "none.dlx"))
    assert result.exit_code == 2
    assert "none.dlx" in result.stderr
    (tmp_path / "binary.dlx").write_bytes(b"a b\n\xff\xfe\n")
    result = cover(str(tmp_path / "binary.dlx"))
    assert result.exit_code == 2
    assert "binary.dlx" in result.stderr


def _sigint_default() -> None:
    """In the child: SIGINT back to its default. A shell ignores it in the jobs it starts in
    the background, and an ignored SIGINT is inherited, so Python would never see Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal and SIGINT")
@pytest.mark.parametrize("backend", ["python", "c"])
def test_ctrl_c_prints_the_partial_count_and_statistics(backend: str) -> None:
    """A long count on a terminal shows progress; SIGINT ends it with the count so far."""
    if backend not in dlx.search.LOOPS:
        pytest.skip("the C backend dlx._search is not built")
    run = f"import dlx.search; dlx.search.DEFAULT_BACKEND = {backend!r}\n"
    run += "from sudoku.cli import app; app()"
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-c", run, "cover", "--count", "--stats",
         str(FIXTURES / "pentominoes-6x10-all.dlx")],
        stdout=subprocess.PIPE,
        stderr=terminal,
        text=True,
        preexec_fn=_sigint_default,  # as on a terminal, even if we run in the background
    )  # fmt: skip
    os.close(terminal)
    seen = b""
    deadline = time.monotonic() + 60
    while b"explored" not in seen and time.monotonic() < deadline:
        if select.select([controller], [], [], 1)[0]:
            seen += os.read(controller, 4096)
    assert b"explored" in seen, f"no progress line on the terminal: {seen!r}"
    process.send_signal(signal.SIGINT)
    stdout, _ = process.communicate(timeout=60)
    while select.select([controller], [], [], 0.5)[0]:
        try:
            seen += os.read(controller, 4096)
        except OSError:  # the terminal closed with the process
            break
    os.close(controller)
    stderr = seen.decode()
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "interrupted" in stderr
    partial = int(stdout)
    assert 0 <= partial < 9356
    assert f"{partial} solutions, " in stderr and "nodes per level: " in stderr


def test_dlx_sudoku_cover_is_the_same_command_as_python_m_dlx() -> None:
    """The sudoku command line mounts the engine's command: same output, same exit code."""
    from sudoku.cli import app as sudoku_app

    path = str(FIXTURES / "queens-06.dlx")
    mounted = CliRunner().invoke(sudoku_app, ["cover", "--count", path])
    alone = subprocess.run(
        [sys.executable, "-m", "dlx", "--count", path], capture_output=True, text=True
    )
    assert (mounted.exit_code, mounted.stdout) == (alone.returncode, alone.stdout)
    assert int(alone.stdout) == queens.problem(6).count()


def test_minimum_prints_the_cheapest_covers_with_their_costs(tmp_path: Path) -> None:
    from examples import assignment

    path = tmp_path / "assignment.dlx"
    dlx.write(assignment.problem(), path)
    result = cover("--minimum", "--limit", "2", str(path))
    assert result.exit_code == 0
    blocks = result.stdout.strip().split("\n\n")
    assert [block.splitlines()[0] for block in blocks] == ["cost 15", "cost 16"]
    assert sorted(blocks[0].splitlines()[1:]) == ["Alice bathroom", "Bob windows", "Carol floors"]


def test_bounds_in_the_file_are_served(tmp_path: Path) -> None:
    path = tmp_path / "bounded.dlx"
    path.write_text("0:2|a 1|b\na b\na\nb\n")  # a: 0..2 times, b: once
    result = cover("--count", str(path))
    assert result.exit_code == 0
    assert int(result.stdout) == len(brute_force(dlx.read(path))) > 0


def test_bad_bounds_and_costs_say_where(tmp_path: Path) -> None:
    path = tmp_path / "bad.dlx"
    path.write_text("3:2|a\na |x\n")
    result = cover(str(path))
    assert result.exit_code == 2 and "line 1, column 1" in result.stderr
    path.write_text("a\na |-1\n")
    result = cover("--minimum", str(path))
    assert result.exit_code == 2 and "line 2, column 3" in result.stderr
