"""Every example runs from the command line, as a module and as a script, with --help."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import examples
from sudoku.cli import app

EXAMPLES = ["assignment", "langford", "pentominoes", "queens", "rectangles", "roster"]
DIRECTORY = Path(examples.__file__).parent


def test_the_list_is_every_example() -> None:
    found = sorted(p.stem for p in DIRECTORY.glob("*.py") if not p.stem.startswith("_"))
    assert found == EXAMPLES


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("how", ["module", "script"])
def test_help_describes_the_example(name: str, how: str) -> None:
    command = ["-m", f"examples.{name}"] if how == "module" else [str(DIRECTORY / f"{name}.py")]
    done = subprocess.run(
        [sys.executable, *command, "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:")
    assert "exact cover" in done.stdout


def test_a_script_solves(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(DIRECTORY / "queens.py"), "4", "--count"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert done.stdout.endswith("\n2 solutions\n")


@pytest.mark.parametrize(
    "name, args, expected",
    [
        ("queens", ["6"], 4),
        ("langford", ["7"], 26),
        ("pentominoes", ["3x20"], 2),
        ("rectangles", [], 1),
    ],
    ids=["queens", "langford", "pentominoes", "rectangles"],
)
def test_dlx_prints_a_problem_cover_counts(
    name: str, args: list[str], expected: int, capsys: pytest.CaptureFixture[str]
) -> None:
    module = importlib.import_module(f"examples.{name}")
    assert module.main([*args, "--dlx"]) == 0
    problem = capsys.readouterr().out
    result = CliRunner().invoke(app, ["cover", "--count", "-"], input=problem)
    assert result.stdout == f"{expected}\n"


@pytest.mark.parametrize(
    "module, args, expected",
    [("queens", ["9"], "352 solutions"), ("langford", ["8"], "150 solutions up to reversal")],
)
def test_count_with_jobs_gives_the_published_count(module: str, args: list[str], expected: str):
    """Queens 9 (OEIS A000170) and Langford 8 (A014552) counted by two worker processes."""
    done = subprocess.run(
        [sys.executable, "-m", f"examples.{module}", *args, "--count", "--jobs", "2"],
        capture_output=True,
        text=True,
        cwd=DIRECTORY.parent,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == expected


def test_jobs_must_be_a_positive_number() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "examples.queens", "5", "--count", "--jobs", "0"],
        capture_output=True,
        text=True,
        cwd=DIRECTORY.parent,
    )
    assert done.returncode == 2 and "--jobs" in done.stderr and done.stdout == ""
