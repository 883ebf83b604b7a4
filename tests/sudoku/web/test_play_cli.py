"""`dlx-sudoku play` as a user runs it: it serves the page on 127.0.0.1 and stops on Ctrl-C;
a port in use or a missing ``[web]`` extra gets a message saying what to do."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PLAY = [sys.executable, "-m", "sudoku.cli", "play", "--no-browser"]


def first_line(process: subprocess.Popen, timeout: float = 60) -> str:
    """The first line the process prints, or "" when it prints none within ``timeout``."""
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    return got[0] if got else ""


def test_play_serves_the_page_on_loopback_and_stops_on_ctrl_c():
    process = subprocess.Popen(
        [*PLAY, "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        line = first_line(process)
        assert "http://127.0.0.1:" in line, line
        url = line.split()[2]
        with urllib.request.urlopen(url, timeout=60) as response:
            assert response.status == 200 and b"dlx-sudoku" in response.read()
    finally:
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=60)
    assert process.returncode == 0 and "Traceback" not in errors, errors


def test_play_on_a_port_in_use_says_so():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [*PLAY, "--port", str(port)], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "try another --port" in result.stderr and "Traceback" not in result.stderr


def test_play_without_the_web_extra_says_how_to_install_it():
    hide = "import sys; sys.modules['starlette'] = None; from sudoku.cli import app; app()"
    result = subprocess.run(
        [sys.executable, "-c", hide, "play", "--no-browser"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "play needs starlette: pip install 'dlx-sudoku[web]'" in result.stderr


def test_play_refuses_a_port_out_of_range():
    result = subprocess.run(
        [*PLAY, "--port", "70000"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 2 and "--port" in result.stderr
    assert "Traceback" not in result.stderr


def test_play_help_names_the_extra():
    result = subprocess.run(
        [sys.executable, "-m", "sudoku.cli", "play", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and "pip install 'dlx-sudoku[web]'" in result.stdout


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (its job workers), from /proc."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_play_stops_at_once_under_load_and_ends_its_workers(signum: int) -> None:
    """A slow job running and more waiting: Ctrl-C or SIGTERM stops the server within a
    few seconds, and its job workers end with it (none left running, re-parented)."""
    import json

    process = subprocess.Popen(
        [*PLAY, "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    line = first_line(process)
    assert "http://127.0.0.1:" in line, line
    url = line.split()[2]
    slow = json.dumps({"puzzle": "." * 256, "variant": "windoku"}).encode()

    def ask() -> None:
        sent = urllib.request.Request(
            url + "api/solve", data=slow, headers={"Content-Type": "application/json"}
        )
        try:
            urllib.request.urlopen(sent, timeout=30).read()
        except OSError:
            pass

    for _ in range(4):
        threading.Thread(target=ask, daemon=True).start()
    deadline = time.monotonic() + 30
    while len(children(process.pid)) < 2:  # the workers are busy
        assert time.monotonic() < deadline, "no job started"
        time.sleep(0.05)
    workers = children(process.pid)
    start = time.monotonic()
    process.send_signal(signum)
    _, errors = process.communicate(timeout=60)
    assert time.monotonic() - start < 5, "the server took its time to stop"
    assert "Traceback" not in errors, errors
    deadline = time.monotonic() + 10
    while alive := [pid for pid in workers if Path(f"/proc/{pid}").exists()]:
        assert time.monotonic() < deadline, f"job workers left running: {alive}"
        time.sleep(0.05)
