"""The one seed convention: a seed is an int, a ``random.Random`` or None.

Every random choice the project makes (the engine's order among ties, Knuth's estimates,
the cutting of a search into tasks, generated puzzles and grids) takes its generator from
here, so that the same seed gives the same answers in one process, across processes and
with ``jobs=N``, and the global ``random`` state is never touched (nor read: a default is
never drawn at import).

- ``as_random(seed)``: the generator a search uses, or None for the engine's own order.
- ``generator(seed)``: always a generator; None draws fresh entropy from the OS.
- ``resolve(seed)``: the int a seed stands for, to report it and reproduce the run.
- ``derive(base, *salt)``: the seed of one part of a run (a task of a parallel search):
  a digest of an int and the part's name, the same in every process.

A ``random.Random`` is used as it is by one search; where a run is split into parts, it is
resolved once (it gives its next 64 bits) and the parts' seeds are derived from that int,
never from the object's identity.
"""

from __future__ import annotations

import random

from dlx.errors import ArgumentTypeError

Seed = int | random.Random | None


def _checked(seed: object) -> Seed:
    if seed is None or isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError(f"seed must be an int, a random.Random or None, not {seed!r}")
    return seed


def as_random(seed: Seed) -> random.Random | None:
    """The generator a search draws from: ``seed`` itself when it is one, a new one seeded
    with an int, or None (no seed: the engine's deterministic order)."""
    seed = _checked(seed)
    return random.Random(seed) if isinstance(seed, int) else seed


def generator(seed: Seed) -> random.Random:
    """A generator for ``seed``; for None, one seeded from the OS (never the global one)."""
    seed = _checked(seed)
    return seed if isinstance(seed, random.Random) else random.Random(resolve(seed))


def resolve(seed: Seed, bits: int = 32) -> int:
    """The int a seed stands for, so that it can be reported and the run reproduced: an int
    is itself, a Random gives its next ``bits`` bits, None draws ``bits`` bits from the OS."""
    seed = _checked(seed)
    if seed is None:
        import secrets  # only here: it costs the command line's start-up otherwise

        return secrets.randbits(bits)
    if isinstance(seed, random.Random):
        return seed.getrandbits(bits)
    return seed


def derive(base: int, *salt: object) -> int:
    """A 64-bit seed for one part of a run seeded with ``base``: the same for the same base
    and salt (ints and tuples of ints) in any process, unrelated for different salts."""
    import hashlib  # here: OpenSSL's start-up is a few ms, and most runs derive nothing

    digest = hashlib.sha256(repr((base, *salt)).encode()).digest()
    return int.from_bytes(digest[:8], "big")
