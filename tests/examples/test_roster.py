"""The shift roster (item bounds, Algorithm M) against a count by plain enumeration."""

from __future__ import annotations

import itertools

import pytest

from examples import roster


def rosters_by_enumeration(people: dict[str, tuple[str, ...]], shifts, per_shift, each) -> int:
    """Every way to pick per_shift available people for each shift, kept when each person
    works between each[0] and each[1] shifts: no engine involved."""
    crews = [
        list(itertools.combinations([p for p in people if shift not in people[p]], per_shift))
        for shift in shifts
    ]
    found = 0
    for choice in itertools.product(*crews):
        worked = {person: 0 for person in people}
        for crew in choice:
            for person in crew:
                worked[person] += 1
        found += all(each[0] <= n <= each[1] for n in worked.values())
    return found


@pytest.mark.parametrize(
    ("days", "per_shift", "each"), [(4, 2, (1, 2)), (5, 2, (2, 2)), (5, 1, (0, 2)), (7, 2, (2, 3))]
)
def test_the_count_is_the_enumerated_one(days: int, per_shift: int, each: tuple[int, int]) -> None:
    shifts = roster.WEEK[:days]
    problem = roster.problem(shifts=shifts, per_shift=per_shift, shifts_each=each)
    assert problem.count() == rosters_by_enumeration(roster.PEOPLE, shifts, per_shift, each)


def test_a_roster_staffs_every_shift_within_each_persons_bounds() -> None:
    solution = roster.problem().solve()
    lines = roster.format_roster(solution).splitlines()
    assert len(lines) == len(roster.WEEK)
    worked = {person: 0 for person in roster.PEOPLE}
    for line in lines:
        shift, _, crew = line.partition(": ")
        assert len(crew.split()) == 2
        for person in crew.split():
            assert shift not in roster.PEOPLE[person]
            worked[person] += 1
    assert all(2 <= n <= 3 for n in worked.values())


def test_impossible_bounds_are_refused() -> None:
    with pytest.raises(ValueError):
        roster.problem(shifts_each=(3, 2))
