"""``python -m sudoku.cli``: the ``dlx-sudoku`` command."""

from sudoku.cli import main

main()
