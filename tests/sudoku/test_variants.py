"""Killer, jigsaw and windoku: published puzzles solve to their published solutions and are
proved unique; the region and cage file formats read, write back, and name bad input.

Every solution is checked by `independent_check` below: plain Python written for these
tests, reading the fixture files itself, using neither the engine nor sudoku's readers.

Provenance: these puzzles and solutions were transcribed from the test data of public
repositories that cite the sources named beside each one; those pages themselves were
not consulted. Every published solution also passes the independent checker here.
"""

from pathlib import Path

import pytest

from sudoku.cover import CageDigits, cover_problem, decode, search
from sudoku.grid import (
    ConflictingGivens,
    Grid,
    GridError,
    Shape,
    cage_digits,
    format_line,
    is_solution,
    parse,
)
from sudoku.solve import count, solve
from sudoku.variants import format_cages, format_regions, read_cages, read_regions
from tests.sudoku.conftest import error_of

FIXTURES = Path(__file__).parent.parent / "fixtures" / "variants"


# --- the independent checker -----------------------------------------------------------------


def _map_and_sums(text: str) -> tuple[list[str], dict[str, int]]:
    rows, sums = [], {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if "=" in line:
            for entry in line.split():
                label, total = entry.split("=")
                sums[label] = int(total)
        else:
            rows.append(line.replace(" ", ""))
    return rows, sums


def _groups(rows: list[str]) -> dict[str, list[tuple[int, int]]]:
    groups: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, label in enumerate(row):
            if label != ".":
                groups.setdefault(label, []).append((r, c))
    return groups


def independent_check(
    line: str,
    givens: str | None = None,
    regions: str | None = None,
    cages: str | None = None,
    windows: bool = False,
    diagonals: bool = False,
) -> None:
    """Assert that the 81-digit ``line`` is a classic, jigsaw (``regions``, a region file's
    text), windoku, X (``diagonals``) or killer (``cages``, a cage file's text) 9x9 solution
    keeping ``givens``."""
    grid = [[int(line[r * 9 + c]) for c in range(9)] for r in range(9)]
    units = [[(r, c) for c in range(9)] for r in range(9)]
    units += [[(r, c) for r in range(9)] for c in range(9)]
    if regions is None:
        units += [
            [(r0 + r, c0 + c) for r in range(3) for c in range(3)]
            for r0 in (0, 3, 6)
            for c0 in (0, 3, 6)
        ]
    else:
        units += list(_groups(_map_and_sums(regions)[0]).values())
    if windows:
        units += [
            [(r0 + r, c0 + c) for r in range(3) for c in range(3)] for r0 in (1, 5) for c0 in (1, 5)
        ]
    if diagonals:
        units += [[(k, k) for k in range(9)], [(k, 8 - k) for k in range(9)]]
    for unit in units:
        assert sorted(grid[r][c] for r, c in unit) == list(range(1, 10)), unit
    if cages is not None:
        rows, sums = _map_and_sums(cages)
        for label, cells in _groups(rows).items():
            digits = [grid[r][c] for r, c in cells]
            assert len(set(digits)) == len(digits) and sum(digits) == sums[label], label
    if givens is not None:
        assert all(g in ".0" or g == d for g, d in zip(givens, line, strict=True))


# --- published puzzles -----------------------------------------------------------------------

KILLERS = [  # file, the published solution
    # UK Puzzle Association, https://ukpuzzles.org/file_download.php?fileid=247
    (
        "killer-ukpa.txt",
        "632798154478165392195324786724639815813452679569817243346571928981243567257986431",
    ),
    # killersudokuonline.com, https://www.killersudokuonline.com/tips.html
    (
        "killer-ksonline-tips.txt",
        "423968517856417329917532684134726895285149763679853142341285976762391458598674231",
    ),
    # killersudokuonline.com, Daily No. 5512 (2021)
    (
        "killer-ksonline-daily-5512.txt",
        "263584179851379264497612583615823497984756321732491658549167832378245916126938745",
    ),
]


@pytest.mark.parametrize(("name", "published"), KILLERS)
def test_published_killers_solve_to_their_published_solution_and_are_unique(name, published):
    independent_check(
        published, cages=(FIXTURES / name).read_text()
    )  # the published answer is right
    shape = read_cages((FIXTURES / name).read_text())
    result = solve(Grid.empty(shape))
    assert result.status.value == "unique"
    assert format_line(result.solution) == published
    assert is_solution(result.solution)


@pytest.mark.parametrize("backend", ["python", "bits"])
def test_a_published_killer_solves_alike_on_the_pure_python_loops(backend):
    name, published = KILLERS[0]
    shape = read_cages((FIXTURES / name).read_text())
    run = cover_problem(shape).search(backend=backend)
    assert [format_line(decode(s, shape)) for s in run] == [published]


def test_jigsaw_from_wikipedia_solves_to_its_published_solution():
    # https://de.wikipedia.org/wiki/Datei:A_nonomino_sudoku.svg
    regions = FIXTURES / "jigsaw-wikipedia-nonomino.txt"
    givens = "3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7"
    published = "358196274492567138613978425175842693826453719249731856987324561734615982561289347"
    independent_check(published, givens, regions=regions.read_text())
    result = solve(parse(givens, read_regions(regions.read_text())))
    assert result.status.value == "unique"
    assert format_line(result.solution) == published


WINDOKU = [  # givens, the published solution
    # sudoku-space.com, http://www.sudoku-space.com/hyper-sudoku/
    (
        "..2........693.4.......5.3.5..1...92.....7.1.....9...5....72...2.74.8..6.6.......",
        "312784569756931428948265731573146892689527314421893675895672143237418956164359287",
    ),
]


@pytest.mark.parametrize(("givens", "published"), WINDOKU)
def test_windoku_solves_to_its_published_solution(givens, published):
    independent_check(published, givens, windows=True)
    result = solve(parse(givens, Shape().with_windows()))
    assert result.status.value == "unique"
    assert format_line(result.solution) == published
    assert count(parse(givens)) > 1  # the windows are what makes it unique


def test_windows_are_four_on_9x9_and_nine_on_16x16():
    assert Shape().with_windows().extra_regions[1][0] == (1, 5)
    assert len(Shape(4, 4).with_windows().extra_regions) == 9
    assert Shape().with_windows().with_windows() == Shape().with_windows()
    with pytest.raises(GridError, match="square boxes"):
        Shape(2, 3).with_windows()


# --- the cage encoding -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "cells", "n"),
    [(3, 2, 9), (17, 2, 9), (15, 3, 9), (45, 9, 9), (20, 4, 9), (10, 4, 4), (7, 1, 6), (30, 5, 9)],
)
def test_cage_digits_are_every_combination_by_brute_force(total, cells, n):
    from itertools import combinations

    expected = [c for c in combinations(range(1, n + 1), cells) if sum(c) == total]
    assert cage_digits(total, cells, n) == expected


def test_a_cage_s_digit_sets_are_options_and_decode_to_the_grid():
    shape = Shape.for_size(4).with_cages([(3, [(0, 0), (0, 1)]), (7, [(1, 0), (1, 1)])])
    problem = cover_problem(shape)
    assert problem.options[CageDigits(1, (1, 2))] == ("k1", "k1=3", "k1=4")
    assert {CageDigits(2, (3, 4))} == {
        o for o in problem.options if isinstance(o, CageDigits) and o.cage == 2
    }
    solutions = list(search(Grid.empty(shape)))
    grids = {format_line(decode(s, shape)) for s in solutions}
    assert len(grids) == len(solutions) == count(Grid.empty(shape))
    every = {
        format_line(decode(s, Shape.for_size(4))) for s in search(Grid.empty(Shape.for_size(4)))
    }
    expected = {g for g in every if {g[0], g[1]} == {"1", "2"} and {g[4], g[5]} == {"3", "4"}}
    assert grids == expected  # the cages keep exactly the plain grids that obey them


def test_cages_are_checked_when_the_shape_is_made():
    with pytest.raises(GridError, match="no 2 different digits 1..9 add up to 18"):
        Shape().with_cages([(18, [(0, 0), (0, 1)])])
    with pytest.raises(GridError, match="r1c2 is in cage 1 too"):
        Shape().with_cages([(3, [(0, 0), (0, 1)]), (4, [(0, 1), (0, 2)])])
    with pytest.raises(GridError, match="outside the grid"):
        Shape().with_cages([(3, [(0, 9)])])


def test_givens_repeated_in_a_cage_are_conflicts_and_is_solution_checks_sums():
    shape = Shape().with_cages([(3, [(0, 0), (1, 1)])])
    with pytest.raises(ConflictingGivens, match="1 twice in cage 1"):
        solve(Grid.empty(shape).with_cell(0, 0, 1).with_cell(1, 1, 1))
    name, published = KILLERS[0]
    plain = parse(published)
    killer = read_cages((FIXTURES / name).read_text())
    assert is_solution(Grid(killer, plain.cells))
    swapped = list(plain.cells)  # swap two rows of a band: still a sudoku, cages broken
    swapped[0:9], swapped[9:18] = swapped[9:18], swapped[0:9]
    assert is_solution(Grid(Shape(), tuple(swapped)))
    assert not is_solution(Grid(killer, tuple(swapped)))


# --- the file formats ------------------------------------------------------------------------


def test_region_and_cage_files_round_trip():
    jigsaw = read_regions((FIXTURES / "jigsaw-wikipedia-nonomino.txt").read_text())
    assert read_regions(format_regions(jigsaw)) == jigsaw
    for name, _ in KILLERS:
        killer = read_cages((FIXTURES / name).read_text())
        assert read_cages(format_cages(killer)) == killer
    both = read_cages((FIXTURES / KILLERS[0][0]).read_text(), jigsaw)
    assert both.regions == jigsaw.regions and len(both.cages) == 25


def test_cells_in_no_cage_are_allowed():
    shape = read_cages("ab..\n....\n....\n....\na=1 b=2\n")
    assert shape.cages == ((1, ((0, 0),)), (2, ((0, 1),)))
    assert count(Grid.empty(shape)) == 288 // 12  # 1 and 2 fixed: 288 grids / 4*3 labellings


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("aabb\naabb\nccdd\nccd\n", "line 4, column 4: found 3 labels, expected 4"),
        ("aabb\naabb\nccdd\nccddd\n", "line 4, column 5: found 5 labels, expected 4"),
        ("aabb\naabb\nccdd\n", "line 4: found 3 rows, expected 4"),
        ("aabb\naabb\nccdd\nccdd\ncccc\n", "line 5: found more than 4 rows"),
        ("aabb\naabb\nccdd\nccdb\n", "line 1, column 3: region 'b' has 5 cells, expected 4"),
        ("aabb\na#bb\nccdd\nccdd\n", "line 2, column 2: found '#', expected a label"),
        ("ab\nab\n", "line 1: found 2 labels in the first row, expected 4 to 25"),
    ],
)
def test_bad_region_files_say_where(text, message):
    assert error_of(read_regions, text).startswith(message)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "aabb\naabb\nccdd\nccdd\na=10 b=10 c=10 d=x\n",
            "line 5, column 16: found 'd=x', expected",
        ),
        ("aabb\naabb\nccdd\nccdd\na=10 b=10 c=10\n", "line 3, column 3: cage 'd' has no sum"),
        (
            "aabb\naabb\nccdd\nccdd\na=10 b=10 c=10 d=10 e=3\n",
            "line 5, column 21: found a sum for 'e'",
        ),
        ("aabb\naabb\nccdd\nccdd\na=10 b=10\na=10\n", "line 6, column 1: found a second sum"),
        (
            "aabb\naabb\nccdd\nccdd\na=10 b=10 c=10 d=30\n",
            "line 5, column 16: no 4 different digits 1..4 add up to 30",
        ),
    ],
)
def test_bad_cage_files_say_where(text, message):
    assert error_of(read_cages, text).startswith(message)


def test_a_cage_map_of_the_wrong_size_for_the_shape_is_refused():
    with pytest.raises(GridError, match="found a 4x4 cage map, expected 9x9"):
        read_cages("abcd\nabcd\nabcd\nabcd\na=10 b=10 c=10 d=10\n", Shape())
