"""The version of the distribution dlx-sudoku, both packages' ``__version__``: the one place
it is written (pyproject.toml reads it from here)."""

__version__ = "0.1.0"
