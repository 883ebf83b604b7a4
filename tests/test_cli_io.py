"""The command line's one I/O policy (``dlx.cli_io``), command by command, in subprocesses.

Each case runs ``dlx-sudoku`` as a user would (``python -m sudoku.cli``, through a shell
where the case is about redirections) and asserts the exit code, that no traceback was
printed, and what the files hold afterwards.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudoku.grid import is_solution, parse

ROOT = Path(__file__).resolve().parents[1]
KNUTH = ROOT / "tests" / "fixtures" / "knuth-paper.dlx"
PENTOMINOES = ROOT / "tests" / "fixtures" / "pentominoes-6x10-all.dlx"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
SLOW = "4.1.6....3.....2........8..15.2.....6......1....9......2.7.8..........43.7......."
CLI = f"{sys.executable} -m sudoku.cli"
posix = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX shell and devices")


def shell(command: str, **kwargs) -> subprocess.CompletedProcess:
    """Run ``command`` in sh (``$CLI`` is the command line) from the repository's root."""
    env = {**os.environ, "CLI": CLI}
    return subprocess.run(
        ["sh", "-c", command], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300,
        **kwargs,
    )  # fmt: skip


def clean(result: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in result.stderr, result.stderr
    assert len(result.stderr.splitlines()) <= 2, result.stderr


def no_temporaries(directory: Path) -> None:
    assert not [p.name for p in directory.iterdir() if p.name.endswith(".tmp")]


# --- outputs: nothing lost ---------------------------------------------------------------


def test_output_naming_the_input_is_safe(tmp_path):
    puzzles = tmp_path / "x.txt"
    puzzles.write_text(f"{HARD}\n{HARD}\n")
    result = shell(f'$CLI solve --file "{puzzles}" -o "{puzzles}"')
    clean(result)
    assert result.returncode == 0
    assert puzzles.read_text() == f"{HARD_SOLUTION}\n{HARD_SOLUTION}\n"
    no_temporaries(tmp_path)


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["solve", "--file", "/nonexistent/puzzles.txt"], 2),
        (["solve", "--file", "EMPTY"], 2),  # no puzzle in the input
        (["grids", "-n", "3", "--first-digit", "0"], 2),
        (["generate", "--clues", "16", "--svg"], 2),
    ],
    ids=["missing-input", "empty-input", "grids-refused", "svg-refused"],
)
def test_a_failed_run_leaves_an_existing_output_as_it_was(tmp_path, args, code):
    keep = tmp_path / "k.txt"
    keep.write_text("keep\n")
    (tmp_path / "empty.txt").write_text("# nothing\n")
    args = [str(tmp_path / "empty.txt") if a == "EMPTY" else a for a in args]
    flag = [] if args[-1] == "--svg" else ["-o"]
    result = subprocess.run(
        [sys.executable, "-m", "sudoku.cli", *args, *flag, str(keep)],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    clean(result)
    assert result.returncode == code and result.stderr.splitlines()[-1].startswith("error: ")
    assert keep.read_text() == "keep\n"
    no_temporaries(tmp_path)


def test_a_successful_run_replaces_the_output_keeping_its_permissions(tmp_path):
    target = tmp_path / "grids.txt"
    target.write_text("old\n")
    target.chmod(0o640)
    result = shell(f'$CLI grids -n 3 --seed 1 -o "{target}"')
    clean(result)
    assert result.returncode == 0
    grids = target.read_text().splitlines()
    assert len(grids) == 3 and all(is_solution(parse(g)) for g in grids)
    assert target.stat().st_mode & 0o777 == 0o640
    no_temporaries(tmp_path)


@posix
def test_an_output_that_is_a_device_is_written_directly():
    result = shell(f"$CLI solve {HARD} -o /dev/null")
    clean(result)
    assert result.returncode == 0 and os.path.exists("/dev/null")


def solving(tmp_path: Path, puzzles: int, *options: str, puzzle: str = HARD) -> subprocess.Popen:
    """``solve --file`` of ``puzzles`` copies of ``puzzle`` into tmp_path/out.txt, started;
    Ctrl-C reaches it as from a terminal (Python's own handler, not the one pytest runs
    under)."""
    path = tmp_path / "many.txt"
    path.write_text(f"{puzzle}\n" * puzzles)
    return subprocess.Popen(
        [sys.executable, "-m", "sudoku.cli", "solve", "--file", str(path),
         "-o", str(tmp_path / "out.txt"), *options],
        stderr=subprocess.PIPE, text=True, cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip


def interrupt(process: subprocess.Popen, tmp_path: Path, signum: int = signal.SIGINT) -> list[str]:
    """Ctrl-C (or SIGTERM, SIGHUP: taken the same way): the command says so and ends with
    130 (128 + the signal), no traceback, no temporary left; the answer lines it kept."""
    process.send_signal(signum)
    stderr = process.stderr.read()
    process.wait(timeout=60)
    assert process.returncode == 128 + signum and "Traceback" not in stderr
    said = "interrupted" if signum == signal.SIGINT else "terminated"
    assert stderr.rstrip().endswith(said)
    no_temporaries(tmp_path)
    return (tmp_path / "out.txt").read_text().splitlines()


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_ctrl_c_keeps_the_answers_already_written(tmp_path):
    process = solving(tmp_path, 100_000, "--stats")
    for _ in range(20):  # one stderr line per puzzle solved
        process.stderr.readline()
    kept = interrupt(process, tmp_path)
    # the 20th may be between its note and its line
    assert 19 <= len(kept) < 100_000 and set(kept) == {HARD_SOLUTION}


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_ctrl_c_stops_the_batch_threads_and_keeps_the_answers(tmp_path):
    """The lean path: the C batch on threads, a chunk written at a time. Ctrl-C stops the
    threads (the process ends at once) and what was written stays, in order."""
    pytest.importorskip("sudoku._batch", reason="the C batch was not built")
    # a puzzle the band search takes some 25 µs on (HARD takes 2): 600,000 of HARD were done
    # within a second, sometimes before a loaded machine's Ctrl-C arrived
    process = solving(tmp_path, 600_000, "--jobs", "2", puzzle=SLOW)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(  # answers are being written
        path.stat().st_size for path in tmp_path.iterdir() if path.name != "many.txt"
    ):
        time.sleep(0.01)
    kept = interrupt(process, tmp_path)
    assert 0 < len(kept) < 600_000 and len(set(kept)) == 1
    assert is_solution(parse(kept[0]), parse(SLOW))


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGTERM and SIGHUP")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_keep_the_answers_as_ctrl_c_does(tmp_path, signum):
    """A service manager's SIGTERM, a closed terminal's SIGHUP: the answers written so far
    are kept (the output renamed into place) and the exit code is 128 + the signal."""
    process = solving(tmp_path, 100_000, "--stats")
    for _ in range(20):  # one stderr line per puzzle solved
        process.stderr.readline()
    kept = interrupt(process, tmp_path, signum)
    assert 19 <= len(kept) < 100_000 and set(kept) == {HARD_SOLUTION}


# --- I/O errors: one line and the documented exit code ------------------------------------

STDOUT_COMMANDS = {
    "solve": f"solve {HARD}",
    "solve-file": "solve -f PUZZLES",
    "count": "count ................",
    "cover": f"cover {KNUTH}",
    "generate": "generate --seed 1 --size 4",
    "grids": "grids -n 10 -o - --seed 1",
    "rate": f"rate {HARD}",
}


@posix
@pytest.mark.parametrize("command", STDOUT_COMMANDS.values(), ids=STDOUT_COMMANDS)
def test_a_full_disk_is_one_line_and_exit_4(tmp_path, command):
    (tmp_path / "p.txt").write_text(f"{HARD}\n")
    command = command.replace("PUZZLES", str(tmp_path / "p.txt"))
    result = shell(f"$CLI {command} > /dev/full")
    clean(result)
    assert result.returncode == 4
    assert result.stderr.splitlines()[-1] == "error: standard output: No space left on device"


@posix
def test_a_full_disk_for_an_output_file_names_it():
    result = shell(f"$CLI solve {HARD} -o /dev/full")
    clean(result)
    assert result.returncode == 4
    assert result.stderr == "error: /dev/full: No space left on device\n"


@posix
@pytest.mark.parametrize(
    "command", ["grids -n 100000 -o OUT", "generate -n 400 --seed 1 -o OUT"], ids=str
)
def test_a_full_disk_names_the_output_file(tmp_path: Path, command: str) -> None:
    """A file size limit (``ulimit -f``) stands in for a full disk: the write fails with
    EFBIG, and the one line says which file, not "standard output"; nothing is left."""
    out = tmp_path / "out.txt"
    command = command.replace("OUT", str(out))
    line = f"trap '' XFSZ; ulimit -f 8; {sys.executable} -m sudoku.cli {command}"
    result = subprocess.run(
        ["sh", "-c", line], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert result.returncode == 4, result.stderr
    assert result.stderr.splitlines()[-1] == f"error: {out}: File too large"
    assert list(tmp_path.iterdir()) == []


STDIN_COMMANDS = ["solve -", "solve", "solve -f -", "count -", "cover -", "rate -"]


@posix
@pytest.mark.parametrize("command", STDIN_COMMANDS)
def test_a_closed_stdin_is_one_line_and_exit_2(command):
    result = shell(f"$CLI {command} <&-")
    clean(result)
    assert result.returncode == 2
    assert result.stderr == "error: standard input: it is closed\n"


@posix
def test_a_closed_stdout_is_one_line_and_exit_4():
    result = shell(f"$CLI solve {HARD} >&-")
    clean(result)
    assert result.returncode == 4 and "standard output" in result.stderr


READERS_GONE = {
    "solve": "solve -f PUZZLES",
    "cover": f"cover {PENTOMINOES}",
    "generate": "generate -n 3 --seed 1 --size 4",
    "grids": "grids -n 300000 -o - --seed 1",
    "rate": "rate -f PUZZLES",
}


@posix
@pytest.mark.parametrize("command", READERS_GONE.values(), ids=READERS_GONE)
def test_a_reader_gone_ends_quietly_with_the_code_so_far(tmp_path, command):
    (tmp_path / "p.txt").write_text(f"{HARD}\n" * 3000)
    command = command.replace("PUZZLES", str(tmp_path / "p.txt"))
    process = subprocess.Popen(
        [*CLI.split(), *command.split()],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    first = process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    stderr = process.stderr.read()
    process.wait(timeout=300)
    assert first.strip()
    assert "Traceback" not in stderr and "Broken pipe" not in stderr, stderr
    assert process.returncode == 0, stderr


# --- input: bounds, byte-order marks, refusals ------------------------------------------


def test_a_huge_line_is_refused_after_a_bounded_prefix_and_the_rest_go_on(tmp_path):
    puzzles = tmp_path / "huge.txt"
    puzzles.write_text(f"{HARD}\n{'1' * 10_000_000}\n{HARD}\n")
    began = time.perf_counter()
    result = shell(f'$CLI solve -f "{puzzles}"')
    seconds = time.perf_counter() - began
    clean(result)
    assert result.returncode == 2
    assert result.stdout.splitlines() == [HARD_SOLUTION, "# line 2: bad input", HARD_SOLUTION]
    assert "line 2: the line is longer than" in result.stderr
    assert seconds < 60  # a loose guard against reading the line whole (13 s and 1 GB before)


BOM = "\ufeff"


@pytest.mark.parametrize("via", ["file", "stdin"])
def test_a_byte_order_mark_is_accepted(tmp_path, via):
    path = tmp_path / "bom.txt"
    path.write_text(f"{BOM}{HARD}\n", encoding="utf-8")
    command = f'$CLI solve -f "{path}"' if via == "file" else f'$CLI solve - < "{path}"'
    result = shell(command)
    clean(result)
    assert (result.returncode, result.stdout) == (0, HARD_SOLUTION + "\n")
    path.write_text(BOM + KNUTH.read_text(), encoding="utf-8")
    command = f'$CLI cover "{path}"' if via == "file" else f'$CLI cover - < "{path}"'
    cover = shell(command)
    clean(cover)
    assert (cover.returncode, sorted(cover.stdout.splitlines())) == (0, ["a d f", "b g", "c e"])


@pytest.mark.parametrize("command", ["solve --count --limit 0", "count --limit 0"])
def test_limit_0_is_refused(command):
    result = shell(f"$CLI {command} ................")
    assert "Traceback" not in result.stderr
    assert result.returncode == 2 and "--limit" in result.stderr and result.stdout == ""


def test_not_utf8_is_one_line_and_exit_2(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"\xe9t\xe9\n")
    for command in (f'solve -f "{path}"', f'cover "{path}"'):
        result = shell(f"$CLI {command}")
        clean(result)
        assert result.returncode == 2 and "not UTF-8" in result.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_ctrl_c_while_cover_lists_solutions_says_interrupted():
    process = subprocess.Popen(
        [sys.executable, "-m", "dlx", str(PENTOMINOES)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    for _ in range(40):  # a few solutions, 12 lines and a blank line each
        process.stdout.readline()
    process.send_signal(signal.SIGINT)
    process.stdout.read()
    stderr = process.stderr.read()
    process.wait(timeout=60)
    assert process.returncode == 130 and "Traceback" not in stderr
    assert "interrupted" in stderr.splitlines()[-2] and "stopped at the limit" not in stderr


@posix
def test_python_m_dlx_follows_the_same_policy():
    result = shell(f"{sys.executable} -m dlx {KNUTH} > /dev/full")
    clean(result)
    assert result.returncode == 4
    closed = shell(f"{sys.executable} -m dlx - <&-")
    clean(closed)
    assert (closed.returncode, closed.stderr) == (2, "error: standard input: it is closed\n")


# --- read-only files and killed writers (issue 26, points 4 and 5) --------------------------

EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_a_read_only_output_is_refused_and_left_untouched(tmp_path: Path) -> None:
    target = tmp_path / "r.txt"
    target.write_text("keep me\n")
    target.chmod(0o444)
    result = shell(f"{CLI} solve {EXAMPLE} -o {target}")
    assert result.returncode == 4, result.stderr
    assert "read-only" in result.stderr and str(target) in result.stderr
    assert target.read_text() == "keep me\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".r.txt.")]


def test_the_temporary_a_killed_writer_leaves_is_removed_by_the_next_write(
    tmp_path: Path,
) -> None:
    """SIGKILL gives no chance to clean up: the temporary of the killed run stays (the old
    file intact), and the next write to the same file removes it."""
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    writer = subprocess.Popen(
        [sys.executable, "-m", "sudoku.cli", "grids", "-n", "5000000", "-o", str(target)],
        cwd=ROOT,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]:
        assert writer.poll() is None and time.monotonic() < deadline, "no temporary seen"
        time.sleep(0.01)
    writer.kill()
    writer.wait()
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert left and left[0].startswith(f".out.txt.{writer.pid}.")
    assert target.read_text() == "old\n"
    again = shell(f"{CLI} grids -n 3 -o {target}")
    assert again.returncode == 0, again.stderr
    assert len(target.read_text().split()) == 3
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_limits_and_jobs_are_bounded_with_a_message_not_a_traceback() -> None:
    """A limit past what Python counts to, or a number of jobs no machine has, is refused
    (exit 2, naming the range); jobs past the usable cores are held to them, saying so."""
    from dlx.cores import usable_cores

    too_many = shell(f"{CLI} solve --all --limit 99999999999999999999999 1...............")
    assert too_many.returncode == 2 and "is not in the range" in too_many.stderr
    assert "Traceback" not in too_many.stderr
    huge = shell(f"{CLI} cover --jobs 100000000000000000000 --count {KNUTH}")
    assert huge.returncode == 2 and "is not in the range" in huge.stderr
    held = shell(f"{CLI} cover --jobs 1024 --count {KNUTH}")
    assert held.returncode == 0 and held.stdout == "1\n"
    assert f"more than the {usable_cores()} cores this process may use" in held.stderr


def test_a_run_of_nothing_but_bad_input_leaves_the_output_file_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "answers.txt"
    target.write_text("yesterday's answers\n")
    failed = shell(f"{CLI} solve 12x............. -o {target}")
    assert failed.returncode == 2 and "left as it was" in failed.stderr
    assert target.read_text() == "yesterday's answers\n"
    mixed = shell(f"{CLI} solve 12x............. {HARD} -o {target}")  # one answer: written
    assert mixed.returncode == 2 and target.read_text().splitlines()[1] == HARD_SOLUTION
