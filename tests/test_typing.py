"""Types: the packages are typed (py.typed, stubs for the C modules) and a user's script on
the README's API passes ``mypy --strict`` (tests/typing/readme_api.py). CI also runs
``mypy --strict`` on the packages themselves (pyproject's [tool.mypy])."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# no cache written into the checkout: mypy's is SQLite, whose locks can hang on some file systems
MYPY = [sys.executable, "-m", "mypy", f"--cache-dir={os.devnull}"]


def test_both_packages_are_marked_typed_and_the_c_modules_have_stubs() -> None:
    for package in ("dlx", "sudoku"):
        assert (ROOT / package / "py.typed").is_file()
    for stub in ("dlx/_search.pyi", "sudoku/_batch.pyi"):
        assert (ROOT / stub).is_file(), stub


def test_a_script_on_the_readme_api_passes_mypy_strict() -> None:
    pytest.importorskip("mypy", reason="pip install '.[test]' (mypy)")
    script = ROOT / "tests" / "typing" / "readme_api.py"
    checked = subprocess.run(
        [*MYPY, "--strict", "--follow-imports=silent", str(script)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr
    ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=ROOT)
    assert ran.returncode == 0, ran.stderr  # the script is right as well as typed


def test_a_wrong_use_of_the_api_is_caught(tmp_path: Path) -> None:
    """The types say something: passing a puzzle where a problem is wanted fails mypy."""
    pytest.importorskip("mypy", reason="pip install '.[test]' (mypy)")
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "from dlx import Problem\nfrom sudoku.solve import solve\n"
        "solve(Problem({'a': ['x']}))\ncount: str = Problem({'a': ['x']}).count()\n"
    )
    checked = subprocess.run(
        [*MYPY, "--strict", "--follow-imports=silent", str(wrong)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert checked.returncode == 1
    assert 'Argument 1 to "solve" has incompatible type "Problem"' in checked.stdout
    assert 'expression has type "int", variable has type "str"' in checked.stdout
