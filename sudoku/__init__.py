"""sudoku: the n^3 x 4n^2 cover matrix on the dlx engine, decoding, uniqueness, generation,
rating by human techniques, variants and printable sheets; ``dlx-sudoku`` on the shell."""

from dlx._version import __version__

__all__ = ["__version__"]
