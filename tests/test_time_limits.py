"""Long searches: ``--time-limit`` stops every one as Ctrl-C would (answers and partial
counts kept, exit 5), a watched search says how far it got, and a terminal shows progress.

The puzzles are ones no search here finishes: an empty 16x16 windoku (a solution exists,
but the engine's first branches hold none; Knuth's estimate puts its tree past 1e30
nodes) and an empty 25x25 windoku (solved in C, counted past 2 by the engine). Each case
runs the command as a user would and asserts its exit code, what it said, and what it kept.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import dlx
from benchmarks import compare_costs
from dlx.cli_io import TIMED_OUT, SearchWatch
from examples import queens
from sudoku.grid import is_solution, parse
from tests.examples.fixture_files import DIRECTORY as FIXTURES
from tests.oracle import check
from tests.sudoku.test_cli import run_on_a_terminal

ROOT = Path(__file__).resolve().parents[1]
WINDOKU_16 = ("count", "--size", "16", "--windoku", "--limit", "3", "." * 256)
posix = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals and limits")


def cli(*args: str, module: str = "sudoku.cli", **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        capture_output=True, text=True, cwd=ROOT, timeout=120, **kwargs,
    )  # fmt: skip


def stopped_by_the_time_limit(result: subprocess.CompletedProcess, seconds: str) -> None:
    assert result.returncode == TIMED_OUT, result.stderr
    assert f"time limit of {seconds} s reached" in result.stderr
    assert "Traceback" not in result.stderr


@posix
@pytest.mark.parametrize(
    "args",
    [
        WINDOKU_16,
        ("solve", "--all", "--limit", "2", *WINDOKU_16[1:4], "." * 256),
        ("count", "--size", "25", "--windoku", "--limit", "3", "." * 625),
    ],
    ids=["count-16x16-windoku", "list-16x16-windoku", "count-25x25-windoku"],
)
def test_a_search_past_its_time_limit_stops_and_says_how_far_it_got(args: tuple) -> None:
    started = time.monotonic()
    result = cli(*args, "--time-limit", "1.5")
    stopped_by_the_time_limit(result, "1.5")
    assert time.monotonic() - started < 60  # it ended: without the limit it never does
    assert result.stdout == ""  # no count or solution was known
    how_far = re.search(
        r"stopped in a search: 0 solutions, ([\d,]+) nodes, about (\S+)% of", result.stderr
    )
    assert how_far, result.stderr
    assert int(how_far[1].replace(",", "")) > 0 and float(how_far[2]) < 1e-6  # a vast tree


@posix
def test_a_big_grid_solved_in_c_stops_at_its_time_limit() -> None:
    """A 16x16 or larger solve stays in C (sudoku.solve.BIG), which keeps no tree to say
    how far it got: the time limit still ends it, with exit 5 and its message."""
    started = time.monotonic()
    result = cli("solve", "--size", "25", "--windoku", "." * 625, "--time-limit", "1.5")
    stopped_by_the_time_limit(result, "1.5")
    assert time.monotonic() - started < 60
    assert result.stdout == ""


@posix
def test_the_time_limit_keeps_the_answers_of_a_file_so_far(tmp_path: Path) -> None:
    """Puzzles past the limit are not answered; those before it are written, in order."""
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text(f"{hard}\n" * 200_000)
    out = tmp_path / "out.txt"
    result = cli("solve", "--file", str(puzzles), "--stats", "-o", str(out), "--time-limit", "2")
    stopped_by_the_time_limit(result, "2")
    kept = out.read_text().splitlines()
    assert 0 < len(kept) < 200_000
    assert is_solution(parse(kept[0]), parse(hard)) and set(kept) == {kept[0]}


def test_cover_prints_the_count_so_far_when_its_time_runs_out(tmp_path: Path) -> None:
    """16 queens have 14,772,512 solutions; a fraction of a second counts some of them,
    and the count printed is the one the statistics give, below the whole."""
    problem = tmp_path / "queens16.dlx"
    dlx.write(queens.problem(16), problem)
    result = cli("--count", "--stats", "--time-limit", "0.3", str(problem), module="dlx")
    stopped_by_the_time_limit(result, "0.3")
    count = int(result.stdout)
    assert re.search(rf"^{count} solutions, \d+ nodes", result.stderr, re.MULTILINE)
    assert 0 < count < 14_772_512


@posix
def test_a_parallel_count_keeps_its_checkpoint_and_ends_its_workers(tmp_path: Path) -> None:
    """The time limit stops a parallel count as SIGTERM does: the count so far, the
    checkpoint complete, no worker left; the same command goes on from the checkpoint."""
    checkpoint = tmp_path / "count.json"
    slow = "import dlx.search; dlx.search.DEFAULT_BACKEND = 'python'\n"
    slow += "from dlx.cli import main; main()"
    args = ["--count", "--jobs", "2", "--tasks", "80", "--checkpoint", str(checkpoint)]
    args += ["--time-limit", "4", str(FIXTURES / "pentominoes-6x10.dlx")]
    process = subprocess.Popen(
        [sys.executable, "-c", slow, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    workers: set[int] = set()
    while process.poll() is None:  # the pool's processes, as they start
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
        try:
            workers.update(int(pid) for pid in children.read_text().split())
        except OSError:
            break
        time.sleep(0.05)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == TIMED_OUT, stderr
    assert "time limit of 4 s reached: the search is incomplete" in stderr
    saved = json.loads(checkpoint.read_text())
    assert int(stdout) == saved["solutions"] < 2339
    assert workers and not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
    problem = str(FIXTURES / "pentominoes-6x10.dlx")
    rerun = cli("--count", "--jobs", "2", "--checkpoint", str(checkpoint), problem, module="dlx")
    assert rerun.returncode == 0 and rerun.stdout == "2339\n"


def costed_queens(folder: Path) -> Path:
    """28 queens with a random cost on every square: branch and bound proves no cheapest in
    seconds (pentominoes with costs, which this test used, now take 0.2 s)."""
    (folder / "costs.dlx").write_text(dlx.write(compare_costs.queens(28)))
    return folder / "costs.dlx"


def test_minimum_past_its_time_limit_gives_the_cheapest_found_so_far(tmp_path: Path) -> None:
    """Not proved in a second: the best found so far is printed, a valid cover, exit 5."""
    costed_queens(tmp_path)
    result = cli("--minimum", "--time-limit", "1", str(tmp_path / "costs.dlx"), module="dlx")
    stopped_by_the_time_limit(result, "1")
    assert "none proved cheapest" in result.stderr
    cost_line, *chosen = result.stdout.splitlines()
    problem = dlx.read((tmp_path / "costs.dlx").read_text().splitlines())
    by_text = {problem.option_text(option): option for option in problem.option_names()}
    cover = [by_text[text] for text in chosen]
    check(problem, cover)
    paid = sum(problem.costs[problem.option_names().index(option)] for option in cover)
    assert cost_line == f"cost {paid:g}"


@posix
def test_a_long_count_shows_its_progress_on_a_terminal() -> None:
    code, _, shown = run_on_a_terminal(
        [sys.executable, "-m", "sudoku.cli", *WINDOKU_16, "--time-limit", "2"]
    )
    assert code == TIMED_OUT
    assert re.search(rb"\r0 solutions, [\d,]+ nodes, about \S+ of the tree explored", shown), shown


@posix
def test_a_long_minimum_shows_its_progress_on_a_terminal(tmp_path: Path) -> None:
    path = str(costed_queens(tmp_path))
    command = [sys.executable, "-m", "dlx", "--minimum", "--time-limit", "2", path]
    code, _, shown = run_on_a_terminal(command)
    assert code == TIMED_OUT
    assert re.search(rb"\r[\d,]+ solutions, [\d,]+ nodes, about \S+ of the tree explored", shown)


def test_a_watch_off_the_terminal_notes_a_long_search_once(monkeypatch, capsys) -> None:
    """Off a terminal nothing is drawn; a search still running after NOTE_AFTER seconds is
    noted once on stderr, with how far it got and how to bound it."""
    clock = iter(range(0, 1000, 4))  # each look is 4 s after the last
    monkeypatch.setattr("dlx.cli_io.time.monotonic", lambda: next(clock))
    watch = SearchWatch(draw=False)
    search = dlx.Problem({"a": ["x"], "b": ["x"]}).search()
    for _ in range(5):
        watch(search)
    said = capsys.readouterr().err.splitlines()
    assert said == [
        "note: still searching: 0 solutions, 0 nodes, about 50.0% of the tree explored; "
        "--time-limit bounds the search"
    ]


@pytest.mark.parametrize("timer", ["interval timer", "timer thread"])
@pytest.mark.usefixtures("python_ctrl_c")
def test_the_time_limit_is_told_apart_from_ctrl_c(monkeypatch, timer: str) -> None:
    """Both ways of ringing (SIGALRM, and where there is no interval timer, as on Windows,
    SIGINT from a thread): the limit raises TimeUp, a Ctrl-C before it a KeyboardInterrupt."""
    import _thread
    import signal

    from dlx.cli_io import TimeUp, time_limit

    if timer == "timer thread":
        monkeypatch.delattr(signal, "setitimer")
    elif not hasattr(signal, "setitimer"):
        pytest.skip("no interval timer here")
    with pytest.raises(TimeUp), time_limit(0.2):
        while True:
            time.sleep(0.01)
    with pytest.raises(KeyboardInterrupt) as stopped, time_limit(30):
        _thread.interrupt_main()
        while True:
            time.sleep(0.01)
    assert not isinstance(stopped.value, TimeUp)


def test_a_stray_sigalrm_is_not_the_time_limit() -> None:
    """A SIGALRM sent by someone else well before the deadline does not end the block as
    the limit (the timer is set again for the time left); the limit still rings after."""
    import os
    import signal

    from dlx.cli_io import TimeUp, time_limit

    if not hasattr(signal, "setitimer"):
        pytest.skip("no interval timer here")
    started = time.monotonic()
    with pytest.raises(TimeUp), time_limit(0.5):
        os.kill(os.getpid(), signal.SIGALRM)  # stray: 0.5 s early
        while True:
            time.sleep(0.01)
    assert time.monotonic() - started >= 0.45  # rang at its deadline, not at the stray one
