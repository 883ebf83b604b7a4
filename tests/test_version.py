"""One version everywhere: dlx's and sudoku's ``__version__`` (from dlx._version, the one
place it is written), the installed distribution's metadata (which the build reads from it)
and ``dlx-sudoku --version``."""

from importlib.metadata import version

from typer.testing import CliRunner

import dlx
import sudoku
from sudoku.cli import app


def test_the_packages_the_metadata_and_the_command_show_one_version():
    shown = CliRunner().invoke(app, ["--version"])
    assert shown.exit_code == 0
    assert dlx.__version__ == sudoku.__version__ == version("dlx-sudoku"), (
        "the installed metadata is stale: reinstall (pip install -e .)"
    )
    assert shown.stdout.splitlines()[0] == f"dlx-sudoku {dlx.__version__}"
