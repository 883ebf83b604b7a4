"""The papers a sheet prints on, portrait, with their sizes in millimetres.

A module of its own, importing nothing of the toolkit, so that the command line can offer
``--paper`` without loading the drawing code (``sudoku.svg``) until a sheet is written.
"""

from __future__ import annotations

import enum


class Paper(str, enum.Enum):
    """A paper size: ``a4`` (ISO 216, 210 x 297 mm) or ``letter`` (US Letter, 8.5 x 11 in,
    215.9 x 279.4 mm). A str, so ``Paper("letter")`` reads the command line's value."""

    a4 = "a4"
    letter = "letter"

    @property
    def width(self) -> float:
        """The page's width in millimetres, portrait."""
        return _SIZES[self][0]

    @property
    def height(self) -> float:
        """The page's height in millimetres, portrait."""
        return _SIZES[self][1]


_SIZES = {Paper.a4: (210.0, 297.0), Paper.letter: (215.9, 279.4)}
