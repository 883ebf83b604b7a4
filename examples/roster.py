"""Shift roster: staff every shift with exactly as many people as it needs, each person
working between a least and a most number of shifts, never on a shift they cannot take.

As exact cover with multiplicities (Knuth's Algorithm M, TAOCP 7.2.2.1): one option per
(person, shift) pair a person can work, covering the person and the shift. A shift needing
k people is a primary item with bounds k..k; a person who works 2 to 3 shifts is a primary
item with bounds 2..3. Each option is used at most once, so nobody is on one shift twice.

  python -m examples.roster              # one roster for the built-in week
  python -m examples.roster --count      # and the number of rosters
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import dlx

try:
    from examples import _cli
except ImportError:  # run as a file, examples/ not on the path: python examples/queens.py
    import _cli  # type: ignore[no-redef]

Assignment = tuple[str, str]
"""(person, shift): the name of an option."""

WEEK = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
PEOPLE = {  # person -> the days they cannot work
    "Ann": ("Sat", "Sun"),
    "Bob": ("Mon",),
    "Cid": (),
    "Dee": ("Wed", "Thu"),
    "Eve": ("Fri",),
}


def problem(
    people: Mapping[str, Iterable[str]] = PEOPLE,
    shifts: Sequence[str] = WEEK,
    *,
    per_shift: int = 2,
    shifts_each: tuple[int, int] = (2, 3),
) -> dlx.Problem:
    """The roster problem: ``people`` maps each person to the shifts they cannot take."""
    low, high = shifts_each
    if not 0 <= low <= high or high < 1 or per_shift < 1:
        raise ValueError("need 0 <= least <= most, most >= 1 and per_shift >= 1")
    options = {
        (person, shift): [person, shift]
        for person, away in people.items()
        for shift in shifts
        if shift not in set(away)
    }
    bounds = {shift: (per_shift, per_shift) for shift in shifts}
    bounds |= {person: (low, high) for person in people}
    return dlx.Problem(options, primary=[*shifts, *people], bounds=bounds)


def format_roster(solution: Iterable[Assignment], shifts: Sequence[str] = WEEK) -> str:
    """One line per shift: who works it."""
    on: dict[str, list[str]] = {shift: [] for shift in shifts}
    for person, shift in solution:
        on[shift].append(person)
    return "\n".join(f"{shift}: {' '.join(sorted(on[shift]))}" for shift in shifts)


def main(argv: Sequence[str] | None = None) -> int:
    """Print a roster for the built-in week, and count them with --count."""
    parser = _cli.parser(__doc__)
    parser.add_argument("--per-shift", type=int, default=2, help="people on each shift (2)")
    args = parser.parse_args(argv)
    if args.per_shift < 1:
        parser.error("--per-shift must be at least 1")
    _cli.report(problem(per_shift=args.per_shift), format_roster, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
