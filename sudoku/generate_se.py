"""Puzzles in a band of Sudoku Explainer's scale: ``generate --se 6.0-7.5``.

`generate` rates every puzzle it makes (`sudoku.rate.rate`, whose ``se`` estimates SE's ER);
a band is met by making minimal puzzles one after another, each from its own seed drawn in
turn from the seed asked for, until one rates inside it. A puzzle whose rating is an
estimate (``se_estimated``: past the rater's ladder or its chain budget) is never taken.
Every puzzle reports the seed that makes it again alone, with `generate` and the same
shape and symmetry.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from dlx.seeds import Seed
from sudoku.generate import (
    DEFAULT_ATTEMPTS,
    Generated,
    GenerateError,
    OutOfAttempts,
    generate,
    resolve_seed,
)
from sudoku.grid import Shape
from sudoku.rate import rate

__all__ = ["generate_se", "generate_se_many", "parse_band"]


def parse_band(text: str) -> tuple[float, float]:
    """``"6.0-7.5"`` as (6.0, 7.5); a lone number is a band of its own. Raises GenerateError
    for anything else, or a band outside SE's scale (1.0 to 12)."""
    low, sep, high = text.partition("-")
    try:
        band = (float(low), float(high) if sep else float(low))
    except ValueError:
        raise GenerateError(f"an SE band is LOW-HIGH, such as 6.0-7.5, not {text!r}") from None
    if not 1.0 <= band[0] <= band[1] <= 12.0:
        raise GenerateError(f"an SE band lies within 1.0-12.0, low first, not {text!r}")
    return band


def generate_se(
    low: float,
    high: float,
    shape: Shape | None = None,
    *,
    symmetry: str = "none",
    seed: Seed = None,
    attempts: int = DEFAULT_ATTEMPTS,
    progress: Callable[[float, str], object] | None = None,
) -> Generated:
    """A unique minimal puzzle whose SE rating lies in ``low``-``high`` (both included),
    from at most ``attempts`` puzzles made; OutOfAttempts says what the ratings were."""
    if attempts < 1:
        raise GenerateError(f"attempts must be at least 1, not {attempts}")
    rng = random.Random(resolve_seed(seed))
    seen: list[float] = []
    for attempt in range(attempts):
        made = generate(shape, symmetry=symmetry, seed=rng.randrange(2**32))
        rating = rate(made.puzzle)  # with the chains, which generate leaves out
        if low <= rating.se <= high and not rating.se_estimated:
            return made._replace(rating=rating)
        seen.append(rating.se)
        if progress:
            progress((attempt + 1) / attempts, f"{attempt + 1} made, none in {low}-{high}")
    rated = ", ".join(f"{se:.1f}" for se in sorted(seen)[-5:])
    raise OutOfAttempts(
        f"no puzzle rated SE {low}-{high} in {attempts} attempts (the highest: {rated}); "
        "more attempts, or a lower band"
    )


def generate_se_many(
    count: int,
    low: float,
    high: float,
    shape: Shape | None = None,
    *,
    symmetry: str = "none",
    seed: Seed = None,
    attempts: int = DEFAULT_ATTEMPTS,
    progress: Callable[[int, float, str], object] | None = None,
) -> Iterator[Generated]:
    """``count`` puzzles of `generate_se`, lazily, puzzle k from seed S + k (S is ``seed``,
    drawn when None); ``progress(k, fraction, status)`` reports on puzzle k (from 0)."""
    start = resolve_seed(seed)
    for k in range(count):
        report = None if progress is None else (lambda f, s, k=k: progress(k, f, s))
        yield generate_se(
            low, high, shape, symmetry=symmetry, seed=start + k, attempts=attempts,
            progress=report,
        )  # fmt: skip
