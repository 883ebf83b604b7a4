"""The four level names as bands of Sudoku Explainer's scale: what a rating's ``se`` means
as easy, medium, hard or expert (`sudoku.rate` rates; this says what the numbers are)."""

from __future__ import annotations

import enum


class Level(str, enum.Enum):
    """How hard a puzzle is: the band of Sudoku Explainer's scale its rating lies in."""

    easy = "easy"
    medium = "medium"
    hard = "hard"
    expert = "expert"


LEVELS = tuple(level.value for level in Level)
#: Each level as a band of SE's scale, (lowest, highest) rating in it, ratings being in
#: tenths; expert has no top (SE's nested forcing chains rate 11+; a puzzle past the
#: rater's ladder is expert too).
BANDS: dict[str, tuple[float, float | None]] = {
    "easy": (1.0, 2.5),
    "medium": (2.6, 3.4),
    "hard": (3.5, 5.9),
    "expert": (6.0, None),
}


def level_of(se: float) -> str:
    """The level whose band of SE's scale holds the rating ``se`` (`BANDS`); below 1.0 (a
    complete grid, rated 0) is easy."""
    level = "easy"
    for name, (low, _) in BANDS.items():
        if se >= low - 0.05:  # ratings are in tenths: 2.55 rounds into medium
            level = name
    return level


def describe_bands() -> str:
    """The bands in words, as the help and the README give them: ``easy SE 1.0-2.5, ...``."""
    return ", ".join(
        f"{name} SE {low:.1f}-{high:.1f}" if high is not None else f"{name} SE {low:.1f} and up"
        for name, (low, high) in BANDS.items()
    )
