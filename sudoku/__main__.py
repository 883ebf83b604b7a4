"""``python -m sudoku``: the ``dlx-sudoku`` command."""

from sudoku.cli import main

main()
