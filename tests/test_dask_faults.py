"""``cover`` on a real Dask cluster that fails under it: a scheduler killed mid-count, a
scheduler out of reach, and SIGTERM to a count on a ``LocalCluster``.

Each case starts the real processes (``dask scheduler``, ``dask worker``, or the
LocalCluster the command starts itself), runs the command as a user would, and checks the
exit code, the one-line message, the checkpoint, and that no process is left behind.
16 queens (14,772,512 solutions, OEIS A000170) run long enough on two cores to be cut.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import dlx
from examples import queens

pytest.importorskip("distributed", reason="pip install '.[distributed]'")
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc for processes")

QUEENS_16 = 14_772_512


def dask(command: str) -> list[str]:
    """``dask scheduler`` or ``dask worker`` of this Python's own Dask (not one on PATH)."""
    return [sys.executable, "-m", f"distributed.cli.dask_{command}"]


RUN_FAILED, TERMINATED = 3, 143


@pytest.fixture(scope="module")
def queens16(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("dask") / "queens16.dlx"
    dlx.write(queens.problem(16), path)
    return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def descendants(pid: int) -> set[int]:
    """Every process below ``pid``, through /proc's children lists."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = {int(c) for c in (task / "children").read_text().split()}
            except OSError:
                continue
            todo.extend(children - found)
            found |= children
    return found


def wait_gone(pids: set[int], seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while alive := [pid for pid in pids if Path(f"/proc/{pid}").exists()]:
        assert time.monotonic() < deadline, f"processes left running: {alive}"
        time.sleep(0.1)


def wait_for_a_part(checkpoint: Path, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            if json.loads(checkpoint.read_text())["counts"]:
                return
        except (OSError, ValueError, KeyError):
            pass
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no part finished"
        time.sleep(0.05)


def cover(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "dlx", *map(str, args)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def test_a_scheduler_killed_mid_count_is_one_line_and_the_checkpoint_finishes_it(
    queens16: Path, tmp_path: Path
) -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen(
        [*dask("scheduler"), "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
         "--no-dashboard"], **quiet,
    )  # fmt: skip
    worker = subprocess.Popen(
        [*dask("worker"), address, "--nworkers", "2", "--nthreads", "1", "--no-dashboard"],
        **quiet,
    )
    try:
        checkpoint = tmp_path / "count.json"
        run = cover("--count", "--dask", address, "--checkpoint", checkpoint, queens16)
        wait_for_a_part(checkpoint, run)
        scheduler.kill()
        stdout, stderr = run.communicate(timeout=120)
    finally:
        for process in (scheduler, worker):
            process.kill()
            process.wait()
    assert run.returncode == RUN_FAILED, stderr
    assert stdout == "" and "Traceback" not in stderr
    said = stderr.strip().splitlines()[-1]
    assert said.startswith(
        f"error: the Dask scheduler at {address} could not be reached or was lost"
    )
    assert said.endswith(f"{checkpoint} keeps what was done: run the command again")
    kept = json.loads(checkpoint.read_text())["counts"]
    assert kept
    rerun = cover("--count", "--jobs", "2", "--checkpoint", checkpoint, "--stats", queens16)
    stdout, stderr = rerun.communicate(timeout=300)
    assert rerun.returncode == 0 and stdout == f"{QUEENS_16}\n", stderr
    assert f"({len(kept)} from the checkpoint)" in stderr


def test_a_scheduler_out_of_reach_is_one_line_and_exit_3(queens16: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "dlx", "--count", "--dask", f"tcp://127.0.0.1:{free_port()}",
         str(queens16)],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"},
    )  # fmt: skip
    assert run.returncode == RUN_FAILED and run.stdout == ""
    assert run.stderr.startswith("error: the Dask scheduler at tcp://127.0.0.1:")
    assert "Traceback" not in run.stderr and len(run.stderr.splitlines()) == 1


def test_sigterm_ends_a_local_cluster_count_and_all_its_processes(
    queens16: Path, tmp_path: Path
) -> None:
    checkpoint = tmp_path / "count.json"
    run = cover("--count", "--dask", "local", "--checkpoint", checkpoint, queens16)
    wait_for_a_part(checkpoint, run)
    started = descendants(run.pid)
    assert len(started) >= 2, "the cluster's worker processes"
    run.send_signal(signal.SIGTERM)
    stdout, stderr = run.communicate(timeout=60)
    assert run.returncode == TERMINATED, stderr
    assert "terminated: the search is incomplete" in stderr and "Traceback" not in stderr
    assert 0 < int(stdout) == json.loads(checkpoint.read_text())["solutions"] < QUEENS_16
    wait_gone(started)


def test_the_clusters_own_processes_log_only_the_critical() -> None:
    """A worker still beating when a stop ends its scheduler logs an error with a
    traceback: the cluster's processes inherit the quiet the command asks for."""
    import logging

    from distributed import Client, LocalCluster

    from dlx.cli import quiet_dask

    kept = os.environ.pop("DASK_LOGGING__DISTRIBUTED", None)
    try:
        quiet_dask()
        with (
            LocalCluster(n_workers=1, threads_per_worker=1, processes=True) as cluster,
            Client(cluster) as client,
        ):
            levels = client.run(lambda: logging.getLogger("distributed.worker").getEffectiveLevel())
    finally:
        os.environ.pop("DASK_LOGGING__DISTRIBUTED", None)
        if kept is not None:
            os.environ["DASK_LOGGING__DISTRIBUTED"] = kept
    assert list(levels.values()) == [logging.CRITICAL]


def test_a_local_cluster_says_nothing_when_the_dashboards_port_is_taken(tmp_path: Path) -> None:
    small = tmp_path / "queens6.dlx"
    dlx.write(queens.problem(6), small)
    with socket.socket() as holder:  # as another cluster, or any program, would hold it
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            holder.bind(("127.0.0.1", 8787))
            holder.listen()
        except OSError:  # taken already: the case this test is about
            pass
        run = cover("--count", "--dask", "local", small)
        stdout, stderr = run.communicate(timeout=120)
    assert (run.returncode, stdout, stderr) == (0, "4\n", "")  # 6 queens: 4 (OEIS A000170)
