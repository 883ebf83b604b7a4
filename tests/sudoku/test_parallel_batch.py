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

import sudoku.batch
import sudoku.solve
from sudoku.batch import Task, Work, answers, solve_lines
from sudoku.grid import ConflictingGivens, Shape, is_solution, parse
from sudoku.records import Solved, Status
from sudoku.solve import solve

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
    """Worker processes give the records of one process: solves with their statistics
    (time aside), counts."""
    with_stats = Task(stats=True)
    with mixed.open() as lines:
        serial = [a.to_record() for a in answers(lines, with_stats)]
    with mixed.open() as lines:
        parallel = list(answers(lines, with_stats, jobs=2))
    for mine, theirs in zip(parallel, serial, strict=True):
        record = mine.to_record()
        if "stats" in record:
            del record["stats"]["seconds"], theirs["stats"]["seconds"]
        assert record == theirs
        if isinstance(mine, Solved) and mine.status is Status.UNIQUE:
            puzzle = parse(mine.puzzle)
            assert is_solution(parse(mine.solutions[0], puzzle.shape), puzzle)
    assert len(parallel) == len(serial) == 703
    counting = Task(Work.COUNT)
    with mixed.open() as lines:
        counted = [a.to_record() for a in answers(lines, counting, jobs=2)]
    with mixed.open() as lines:
        assert counted == [a.to_record() for a in answers(lines, counting)]
    found = [record.get("count") for record in counted]
    assert found.count(1) == 700 and found.count(2) == 1  # the puzzle of two


@pytest.mark.parametrize("backend", ["auto", "python"])
def test_parallel_lean_answers_are_the_serial_ones(mixed: Path, backend: str) -> None:
    """Threads on the C batch (auto, when built) or worker processes (python): statuses,
    solution lines and errors as one thread."""
    with mixed.open() as lines:
        serial = [s.to_record() for s in solve_lines(lines)]
    with mixed.open() as lines:
        parallel = [s.to_record() for s in solve_lines(lines, backend=backend, jobs=2)]
    assert parallel == serial and len(serial) == 703
    assert sum(record.get("status") == "unique" for record in serial) == 700


def test_errors_from_workers_keep_their_fields() -> None:
    with pytest.raises(ConflictingGivens) as caught:
        solve(parse("11" + "." * 79))
    copy = pickle.loads(pickle.dumps(caught.value.at_line(7)))
    assert copy.conflicts == caught.value.conflicts and copy.line == 7
    assert str(copy) == "line 7: " + str(caught.value)


def test_a_parallel_batch_is_lazy() -> None:
    """An endless input: the first answers come while the reader is far from done."""
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    stream = answers(itertools.repeat(puzzle), Task(stats=True), jobs=2)
    first = list(itertools.islice(stream, 12))
    stream.close()
    assert [a.place.number for a in first] == list(range(1, 13))
    assert all(a.status is Status.UNIQUE for a in first)


def test_threads_meet_new_sizes_in_any_order(monkeypatch) -> None:
    """Chunks solved ahead by threads before their size had a shape are solved again once
    it has one: 4x4, 9x9 and 16x16 lines mixed give the one-thread answers."""
    pytest.importorskip("sudoku._batch", reason="the C batch was not built")
    monkeypatch.setattr(sudoku.batch, "CHUNK", 3)
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    lines = [hard, "1..." * 4, "." * 256, ".234....1.......", hard, "." * 16] * 7

    def solved(jobs: int) -> list[dict]:
        return [s.to_record() for s in solve_lines(lines, jobs=jobs)]

    serial = solved(1)
    assert solved(2) == serial and solved(3) == serial
    kinds = {record["status"] for record in serial}
    assert {"unique", "several", "none"} < kinds


def test_dropping_a_threaded_batch_stops_its_threads() -> None:
    """An endless input solved by threads, dropped after a few answers: the threads stop
    (the solver is told to) instead of solving on."""
    pytest.importorskip("sudoku._batch", reason="the C batch was not built")
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    stream = solve_lines(itertools.repeat(puzzle), jobs=2)
    first = list(itertools.islice(stream, 300))
    stream.close()
    assert [s.place.number for s in first] == list(range(1, 301))
    assert not [t for t in threading.enumerate() if t.name.startswith("sudoku-batch")]


def test_stop_ends_a_solve_running_in_another_thread() -> None:
    _batch = pytest.importorskip("sudoku._batch", reason="the C batch was not built")
    solver = _batch.Solver()
    sudoku.solve.add_shape(solver, Shape.for_size(9))
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


def test_processes_read_odd_lines_and_every_layout_as_one_process_does() -> None:
    """Plain lines go to the workers unread, everything else is read here: the records of
    two processes are the serial ones on lines built to go wrong and on mixed layouts."""
    from tests.sudoku.test_batch import MIXED, ODD_LINES

    def records(jobs: int, lines: list[str]) -> list[dict]:
        found = [a.to_record() for a in answers(lines, Task(Work.COUNT, limit=2), jobs=jobs)]
        return found

    for lines in (ODD_LINES, MIXED, ["id,puzzle", "1," + ODD_LINES[3], ODD_LINES[3]]):
        assert records(2, lines) == records(1, lines)
