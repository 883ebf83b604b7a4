"""`cover --jobs/--dask/--checkpoint`: the serial answers from parallel workers, and a count
stopped by Ctrl-C that a rerun finishes without redoing what was done."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dlx
from sudoku.cli import app
from tests.examples import fixture_files
from tests.oracle import brute_force, check

FIXTURES = fixture_files.DIRECTORY


@pytest.fixture(autouse=True)
def backend() -> None:
    """The workers use the default loop: no run per backend here (tests/dlx/conftest.py)."""


def cover(*args: str):
    return CliRunner().invoke(app, ["cover", *args])


@pytest.mark.parametrize("name", ["queens-10.dlx", "langford-08.dlx", "knuth-colors.dlx"])
def test_parallel_count_and_output_are_the_serial_ones(name: str) -> None:
    path = str(FIXTURES / name)
    expected = fixture_files.expected(FIXTURES / name)
    counted = cover(path, "--count", "--jobs", "2", "--tasks", "20")
    assert counted.exit_code == 0 and counted.stdout == f"{expected}\n"
    serial = cover(path)
    parallel = cover(path, "--jobs", "2", "--tasks", "20")
    assert parallel.exit_code == serial.exit_code == 0
    assert parallel.stdout == serial.stdout  # same solutions, same order, same bytes
    limited = cover(path, "--jobs", "2", "--limit", "1")
    assert limited.stdout == serial.stdout.split("\n\n")[0].rstrip("\n") + "\n"


def test_parallel_minimum_prints_the_serial_cheapest_costs(tmp_path: Path) -> None:
    from examples import assignment

    problem = assignment.problem()
    path = tmp_path / "assignment.dlx"
    dlx.write(problem, path)
    serial = cover("--minimum", "--limit", "3", str(path))
    split_up = cover("--minimum", "--limit", "3", "--jobs", "2", "--tasks", "4", str(path))
    assert split_up.exit_code == serial.exit_code == 0
    text_of = {problem.option_text(name): name for name in problem.option_names()}
    cost_of = dict(zip(problem.option_names(), problem.costs, strict=True))
    every = sorted(sum(cost_of[name] for name in cover) for cover in brute_force(problem))
    for out in (serial.stdout, split_up.stdout):
        blocks = [block.splitlines() for block in out.strip().split("\n\n")]
        assert [block[0] for block in blocks] == [f"cost {cost}" for cost in every[:3]]
        for block in blocks:  # each a cover, and of the cost it is printed with
            solution = [text_of[line] for line in block[1:]]
            check(problem, solution)
            assert block[0] == f"cost {sum(cost_of[name] for name in solution)}"


def test_checkpoint_only_with_count_and_refused_for_another_problem(tmp_path: Path) -> None:
    checkpoint = tmp_path / "count.json"
    result = cover(str(FIXTURES / "queens-08.dlx"), "--checkpoint", str(checkpoint))
    assert result.exit_code == 2 and "--checkpoint goes with --count" in result.stderr
    first = cover(str(FIXTURES / "queens-08.dlx"), "--count", "--checkpoint", str(checkpoint))
    assert first.exit_code == 0 and first.stdout == "92\n"
    other = cover(str(FIXTURES / "queens-09.dlx"), "--count", "--checkpoint", str(checkpoint))
    assert other.exit_code == 2
    assert "belongs to another problem" in other.stderr and other.stdout == ""


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--minimum", "--count"], "it takes no --count"),
        (["--minimum", "--seed", "3"], "it takes no --seed"),
        (["--minimum", "--checkpoint", "c.json"], "it takes no --checkpoint"),
        (["--jobs", "2", "--dask", "local"], "choose --jobs (processes here) or --dask"),
        (["--tasks", "8"], "--tasks cuts a parallel search"),
        (["--count", "--limit", "5", "--checkpoint", "c.json"], "keeps no checkpoint"),
    ],
)
def test_options_that_do_not_go_together_are_refused(options: list[str], message: str) -> None:
    """No option is silently ignored: each pair that cannot work together stops the command
    with exit 2 and says why, before the file is read."""
    result = cover(str(FIXTURES / "queens-08.dlx"), *options)
    assert result.exit_code == 2, result.output
    said = " ".join(re.sub("[│╭╮╰╯─]", " ", result.stderr).split())  # Typer's box, unwrapped
    assert message in said and result.stdout == ""


def _sigint_default() -> None:
    """SIGINT at its default in the child, even when this test runs as a background job."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_ctrl_c_keeps_the_checkpoint_and_a_rerun_runs_only_the_rest(tmp_path: Path) -> None:
    """The count runs on the dancing-links loop in pure Python (slow enough to stop in the
    middle); Ctrl-C prints the partial count and leaves a checkpoint that the rerun, on the
    default loop, finishes with the published total and fewer tasks."""
    problem = FIXTURES / "pentominoes-6x10.dlx"
    checkpoint = tmp_path / "count.json"
    command = ["--count", "--stats", "--jobs", "2", "--tasks", "80"]
    command += ["--checkpoint", str(checkpoint), str(problem)]
    slow = "import dlx.search; dlx.search.DEFAULT_BACKEND = 'python'\n"
    slow += "from dlx.cli import main; main()"
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-c", slow, *command],
        stdout=subprocess.PIPE,
        stderr=terminal,
        text=True,
        preexec_fn=_sigint_default,
    )
    os.close(terminal)
    seen, done = b"", 0
    deadline = time.monotonic() + 120
    while done < 5 and time.monotonic() < deadline:
        if select.select([controller], [], [], 0.5)[0]:
            seen += os.read(controller, 4096)
        if checkpoint.exists():
            done = len(json.loads(checkpoint.read_text())["counts"])
    assert done >= 5, "no checkpoint with finished parts in time"
    assert b"parts" in seen  # the progress bar on the terminal
    process.send_signal(signal.SIGINT)
    stdout, _ = process.communicate(timeout=60)
    while select.select([controller], [], [], 0.2)[0]:
        try:
            seen += os.read(controller, 4096)
        except OSError:
            break
    os.close(controller)
    assert process.returncode == 130
    saved = json.loads(checkpoint.read_text())
    partial = int(stdout)
    assert partial == saved["solutions"] == sum(saved["counts"].values()) < 2339
    assert b"interrupted" in seen
    total = len(saved["tasks"])
    assert len(saved["counts"]) < total

    rerun = cover(*command)  # in process, on the default loop
    assert rerun.exit_code == 0 and rerun.stdout == "2339\n"
    ran = int(re.search(r"parts: (\d+) run now", rerun.stderr)[1])
    assert ran == total - len(saved["counts"]) < total
    assert sum(json.loads(checkpoint.read_text())["counts"].values()) == 2339


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_and_sighup_stop_a_parallel_count_as_ctrl_c_does(
    tmp_path: Path, signum: int, code: int
) -> None:
    """The partial count is printed, the checkpoint kept, the exit code is the signal's,
    and every worker process ends with the command (none left running, re-parented)."""
    problem = FIXTURES / "pentominoes-6x10.dlx"
    checkpoint = tmp_path / "count.json"
    slow = "import dlx.search; dlx.search.DEFAULT_BACKEND = 'python'\n"
    slow += "from dlx.cli import main; main()"
    process = subprocess.Popen(
        [sys.executable, "-c", slow, "--count", "--jobs", "2", "--tasks", "80"]
        + ["--checkpoint", str(checkpoint), str(problem)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while not (checkpoint.exists() and json.loads(checkpoint.read_text())["counts"]):
        assert time.monotonic() < deadline and process.poll() is None, "no part finished"
        time.sleep(0.05)
    workers = [int(pid) for pid in Path(f"/proc/{process.pid}/task/{process.pid}/children")
               .read_text().split()]  # fmt: skip
    assert workers, "the pool's processes"
    process.send_signal(signum)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == code, stderr
    saved = json.loads(checkpoint.read_text())
    assert int(stdout) == saved["solutions"] < 2339
    assert "terminated: the search is incomplete" in stderr
    deadline = time.monotonic() + 10
    while alive := [pid for pid in workers if Path(f"/proc/{pid}").exists()]:
        assert time.monotonic() < deadline, f"workers left running: {alive}"
        time.sleep(0.05)


def test_a_checkpoint_that_cannot_be_written_still_gives_the_count(tmp_path: Path) -> None:
    """The count is complete and printed; the checkpoint's failure is one line naming the
    file, and exit 4 (the output could not be written), not 2 (bad input)."""
    (tmp_path / "file").write_text("")
    checkpoint = tmp_path / "file" / "count.json"  # inside a file: cannot be written
    result = cover(
        str(FIXTURES / "queens-08.dlx"), "--count", "--jobs", "1", "--checkpoint", str(checkpoint)
    )
    assert result.exit_code == 4 and result.stdout == "92\n"
    assert f"error: {checkpoint}: the checkpoint could not be written" in result.stderr
