"""`solve --file --jobs N`: worker processes, the same bytes out as one process, in order."""

from __future__ import annotations

import itertools
import pickle
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import sudoku.solve
from sudoku.grid import ConflictingGivens, GridError, is_solution, parse
from sudoku.solve import Status, batch, count, solve, solve_lines

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sudoku.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


@pytest.fixture
def mixed(tmp_path: Path, data_file) -> Path:
    """Real puzzles with bad lines, conflicting givens and a puzzle of two solutions among
    them, so that errors and every status cross the process boundary."""
    lines = data_file("sudoku17.txt").read_text().splitlines()[:700]
    lines[10:10] = ["11" + "." * 79, "not a puzzle", "# a comment"]
    lines[400:400] = [
        "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293"
    ]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("extra", [[], ["--format", "json", "--count"]])
def test_two_jobs_write_the_same_bytes_as_one(mixed: Path, extra: list[str]) -> None:
    one = run("solve", "--file", str(mixed), *extra)
    two = run("solve", "--file", str(mixed), "--jobs", "2", *extra)
    assert one.returncode == two.returncode == 2  # the bad lines
    assert two.stdout == one.stdout and len(one.stdout.splitlines()) >= 700
    assert two.stderr == one.stderr and "line 12" in one.stderr


def test_parallel_batch_answers_are_the_serial_ones(mixed: Path) -> None:
    with mixed.open() as lines:
        serial = list(batch(lines, backend="python"))  # with the statistics
    with mixed.open() as lines:
        parallel = list(batch(lines, jobs=2, chunk=37))
    assert [(a.line, a.puzzle) for a in parallel] == [(a.line, a.puzzle) for a in serial]
    for mine, theirs in zip(parallel, serial, strict=True):
        if isinstance(theirs.value, GridError):
            assert type(mine.value) is type(theirs.value) and str(mine.value) == str(theirs.value)
        else:
            assert mine.value.solutions == theirs.value.solutions  # (time aside)
            assert mine.value.stats.nodes == theirs.value.stats.nodes
            if mine.value.status is Status.UNIQUE:
                assert is_solution(mine.value.solution, mine.puzzle)
    with mixed.open() as lines:
        counted = [str(a.value) for a in batch(lines, work=count, jobs=2)]
    with mixed.open() as lines:
        assert counted == [str(a.value) for a in batch(lines, work=count)]
    assert counted.count("1") == 700 and counted.count("2") == 1  # the puzzle of two


@pytest.mark.parametrize("backend", ["auto", "python"])
def test_parallel_lean_answers_are_the_serial_ones(mixed: Path, backend: str) -> None:
    """Threads on the C batch (auto, when built) or worker processes (python): statuses,
    solution lines and errors as one thread."""
    with mixed.open() as lines:
        serial = [(s.line, str(s.value), s.solutions) for s in solve_lines(lines)]
    with mixed.open() as lines:
        parallel = [
            (s.line, str(s.value), s.solutions)
            for s in solve_lines(lines, backend=backend, jobs=2, chunk=41)
        ]
    assert parallel == serial and len(serial) == 703
    assert sum(value == str(Status.UNIQUE) for _, value, _ in serial) == 700


def test_errors_from_workers_keep_their_fields() -> None:
    with pytest.raises(ConflictingGivens) as caught:
        solve(parse("11" + "." * 79))
    copy = pickle.loads(pickle.dumps(caught.value.at_line(7)))
    assert copy.conflicts == caught.value.conflicts and copy.line == 7
    assert str(copy) == "line 7: " + str(caught.value)


def test_a_parallel_batch_is_lazy() -> None:
    """An endless input: the first answers come while the reader is far from done."""
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    answers = batch(itertools.repeat(puzzle), jobs=2, chunk=5)
    first = list(itertools.islice(answers, 12))
    answers.close()
    assert [a.line for a in first] == list(range(1, 13))
    assert all(a.value.status is Status.UNIQUE for a in first)


def test_threads_meet_new_sizes_in_any_order(monkeypatch) -> None:
    """Chunks solved ahead by threads before their size had a shape are solved again once
    it has one: 4x4, 9x9 and 16x16 lines mixed give the one-thread answers."""
    pytest.importorskip("sudoku._batch", reason="the C batch was not built")
    monkeypatch.setattr(sudoku.solve, "CHUNK", 3)
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    lines = [hard, "1..." * 4, "." * 256, ".234....1.......", hard, "." * 16] * 7

    def answers(jobs: int) -> list[tuple[int, str, tuple[str, ...]]]:
        return [(s.line, str(s.value), s.solutions) for s in solve_lines(lines, jobs=jobs)]

    serial = answers(1)
    assert answers(2) == serial and answers(3) == serial
    kinds = {value for _, value, _ in serial}
    assert {str(Status.UNIQUE), str(Status.SEVERAL), str(Status.NONE)} < kinds


def test_dropping_a_threaded_batch_stops_its_threads() -> None:
    """An endless input solved by threads, dropped after a few answers: the threads stop
    (the solver is told to) instead of solving on."""
    pytest.importorskip("sudoku._batch", reason="the C batch was not built")
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    answers = solve_lines(itertools.repeat(puzzle), jobs=2)
    first = list(itertools.islice(answers, 300))
    answers.close()
    assert [s.line for s in first] == list(range(1, 301))
    assert not [t for t in threading.enumerate() if t.name.startswith("sudoku-batch")]


def test_stop_ends_a_solve_running_in_another_thread() -> None:
    _batch = pytest.importorskip("sudoku._batch", reason="the C batch was not built")
    solver = _batch.Solver()
    sudoku.solve._add_shape(solver, sudoku.solve.Reader(), 9)
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    raised: list[BaseException] = []

    def work() -> None:
        try:
            solver.solve([hard] * 10**6)
        except RuntimeError as error:
            raised.append(error)

    thread = threading.Thread(target=work)
    thread.start()
    time.sleep(0.05)
    solver.stop()
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert raised and "stopped" in str(raised[0])
    with pytest.raises(RuntimeError, match="stopped"):
        solver.solve([hard])
