"""The API under the page's rough edges (issue 27, point 6): jigsaw and killer puzzles made
on request, a killer read from its cages alone, and mistakes that are the player's own.

A made puzzle is rebuilt from its record by the file readers (`read_regions`, `read_cages`),
not from the board the server drew, and proved unique by counting.
"""

from __future__ import annotations

import pytest

from sudoku.grid import Grid, Shape, is_solution, parse
from sudoku.make_variants import generate_killer
from sudoku.solve import count, solve
from sudoku.variants import format_cages, read_cages, read_regions

EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def made_puzzle(record: dict) -> tuple[Grid, Grid]:
    """The puzzle and solution of a generated record, read with the file readers."""
    if record["variant"] == "jigsaw":
        shape = read_regions(record["regions"])
    else:
        shape = read_cages(record["cages"])
    return parse(record["puzzle"], shape), parse(record["solution"], shape)


@pytest.mark.parametrize(
    ("variant", "size"), [("jigsaw", 6), ("jigsaw", 9), ("killer", 4), ("killer", 9)]
)
def test_jigsaw_and_killer_puzzles_are_made_unique_and_reproducible(api, variant, size):
    body = {"size": size, "variant": variant, "seed": 21, "symmetry": "none"}
    status, made = api("generate", body)
    assert status == 200, made
    assert made["variant"] == variant and made["seed"] == 21
    puzzle, solution = made_puzzle(made)
    assert count(puzzle, limit=2) == 1
    assert is_solution(solution, puzzle)
    board = made["board"]
    assert board["givens"] == list(puzzle.cells) and board["variant"] == variant
    if variant == "jigsaw":  # new regions, not the boxes, drawn as the record has them
        assert set(puzzle.shape.boxes) != set(Shape.for_size(size).boxes)
        assert len(set(board["regions"])) == size
        assert all(
            board["regions"][r * size + c] == board["regions"][rr * size + cc]
            for box in puzzle.shape.boxes
            for (r, c), (rr, cc) in zip(box, box[1:], strict=False)
        )
    else:
        sums = [
            (total, sorted(r * size + c for r, c in cells)) for total, cells in puzzle.shape.cages
        ]
        assert [(c["sum"], sorted(c["cells"])) for c in board["cages"]] == sums
    status, solved = api("solve", board["spec"])  # the spec the page sends back reads the same
    assert status == 200 and solved["status"] == "unique"
    assert parse(solved["solutions"][0], puzzle.shape) == solution
    assert api("generate", body)[1]["board"] == board  # the seed makes it again


def test_a_killer_is_read_from_its_cages_alone(api):
    made = generate_killer(Shape.for_size(4), seed=3)  # decided by its cages alone
    cages = format_cages(made.solution.shape)
    shape = read_cages(cages)
    assert count(Grid.empty(shape), limit=2) == 1
    for body in ({"cages": cages}, {"cages": cages, "puzzle": " \n"}):
        status, read = api("read", {"variant": "killer", **body})
        assert status == 200, read
        board = read["board"]
        assert board["givens"] == [0] * 16 and len(board["cages"]) == len(shape.cages)
        status, solved = api("solve", board["spec"])
        assert status == 200 and solved["status"] == "unique"
        assert parse(solved["solutions"][0], shape).cells == made.solution.cells


def test_a_puzzle_is_still_needed_without_cages(api):
    assert api("read", {"variant": "classic"}) == (400, api("read", {})[1])
    status, error = api("read", {"variant": "classic", "puzzle": "  "})
    assert status == 422 and error["field"] == "puzzle" and "found no puzzle" in error["error"]
    status, error = api("read", {"variant": "killer", "cages": "ab\nab\n"})
    assert status == 422 and error["field"] == "cages"


def test_check_and_hint_mark_only_the_players_cells(api):
    puzzle = parse(EXAMPLE)
    solution = solve(puzzle).solution.cells
    given = next(k for k, d in enumerate(puzzle.cells) if d)
    row = given // 9
    blank = next(k for k in range(row * 9, row * 9 + 9) if not puzzle.cells[k])
    entries = list(puzzle.cells)
    entries[blank] = puzzle.cells[given]  # clashes with the given in its row
    assert entries[blank] != solution[blank]
    status, checked = api("check", {"puzzle": EXAMPLE, "entries": entries})
    assert status == 200
    clashing = {k for c in checked["conflicts"] for k in c["cells"]}
    assert given in clashing  # the answer says what the entry clashes with ...
    assert checked["fix"] == [blank]  # ... but only the player's cell is to fix
    status, hint = api("hint", {"puzzle": EXAMPLE, "entries": entries})
    assert status == 200 and hint["kind"] == "mistake" and hint["cells"] == [blank]
