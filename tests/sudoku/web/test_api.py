"""The play API over real HTTP: every endpoint, bad input, and a request past its budget.

Answers are checked against the library and independent checks (is_solution, count,
parse's own errors), not against values copied from an earlier run.
"""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET

import pytest

from sudoku.generate import SYMMETRIES, generate
from sudoku.grid import (
    Grid,
    GridError,
    Shape,
    format_grid,
    format_line,
    format_spaced,
    is_solution,
    parse,
)
from sudoku.rate import LEVELS, TECHNIQUES, rate
from sudoku.solve import count, solve
from sudoku.variants import read_cages

from .conftest import KILLER_CAGES, KILLER_SUMS, request, running

# README's example: a puzzle whose rating the README documents as medium (pointing).
EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TWO_SOLUTIONS = "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293"


def grid_of(board: dict) -> Grid:
    """The puzzle a board describes, rebuilt from its spec the way a client would send it."""
    spec = board["spec"]
    if spec["variant"] == "x":
        return Grid(Shape.x(board["size"]), parse(spec["puzzle"]).cells)
    return parse(spec["puzzle"])


def test_options_lists_what_the_library_offers(api):
    status, options = api("options")
    assert status == 200
    assert options["levels"] == list(LEVELS)
    assert options["symmetries"] == list(SYMMETRIES)
    assert set(options["techniques"]) == set(TECHNIQUES)
    assert {4, 6, 9, 12, 16} <= set(options["sizes"]) and 7 not in options["sizes"]
    for n in options["sizes"]:
        assert Shape.for_size(n).size == n  # every size offered has boxes
    assert {"classic", "x", "windoku", "jigsaw", "killer"} <= set(options["variants"])


def test_generate_is_unique_symmetric_rated_and_reproducible(api):
    body = {"size": 9, "symmetry": "rot180", "seed": 12}
    status, made = api("generate", body)
    assert status == 200
    puzzle = grid_of(made["board"])
    assert count(puzzle, limit=2) == 1
    assert made["clues"] == sum(1 for d in puzzle.cells if d)
    for k, d in enumerate(puzzle.cells):  # rot180: a cell and its turned twin agree
        assert bool(d) == bool(puzzle.cells[80 - k])
    assert made["level"] == rate(puzzle).level
    assert api("generate", body)[1]["board"] == made["board"]  # the seed reproduces it
    assert made["seed"] == 12


@pytest.mark.parametrize(("size", "variant"), [(4, "classic"), (6, "x")])
def test_generate_other_sizes_and_the_x_variant(api, size, variant):
    status, made = api("generate", {"size": size, "variant": variant, "seed": 5})
    assert status == 200
    board = made["board"]
    assert board["size"] == size and len(board["givens"]) == size * size
    assert len(board["extra"]) == (2 if variant == "x" else 0)
    puzzle = grid_of(board)
    result = solve(puzzle)
    assert result.status.value == "unique" and is_solution(result.solution, puzzle)


def test_generate_by_level(api):
    status, made = api("generate", {"size": 9, "level": "easy", "seed": 3})
    assert status == 200 and made["level"] == "easy"
    assert rate(grid_of(made["board"])).level == "easy"


@pytest.mark.parametrize(
    ("body", "status", "field", "words"),
    [
        ({"size": 7}, 422, "size", "size 7 is not offered"),
        ({"size": "nine"}, 400, "size", "must be int"),
        ({"size": True}, 400, "size", "must be int"),
        ({"level": "insane"}, 400, "level", "unknown level 'insane'"),
        ({"symmetry": "spiral"}, 400, "symmetry", "unknown symmetry"),
        ({"seed": -1}, 400, "seed", "seed must be from 0"),
        ({"variant": "killer", "size": 12}, 422, "size", "up to 10x10"),
        ({"variant": "jigsaw", "size": 16}, 422, "size", "--jigsaw --size 16"),
        ({"variant": "killer", "level": "easy"}, 422, "level", "no level or symmetry"),
        ({"variant": "killer", "symmetry": "rot90"}, 422, "symmetry", "no level or symmetry"),
        ({"variant": "samurai"}, 400, "variant", "unknown variant"),
        ({"size": 32}, 422, "size", "not offered"),
    ],
)
def test_generate_refuses_bad_requests_saying_which_field(api, body, status, field, words):
    got, error = api("generate", body)
    assert got == status
    assert error["field"] == field and words in error["error"]


def test_generate_past_its_budget_is_stopped_and_the_server_goes_on():
    # A minimal 16x16 puzzle of a set level takes seconds per attempt; the budget is 1 s.
    with running(budget=1.0) as url:
        start = time.monotonic()
        status, error = request(url, "/api/generate", {"size": 16, "level": "easy", "seed": 1})
        waited = time.monotonic() - start
        assert status == 503
        assert "time budget of 1 s" in error["error"] and error["budget"] == 1
        assert waited < 30  # stopped, not run to the end (generous for a loaded machine)
        status, solved = request(url, "/api/solve", {"puzzle": EXAMPLE})
        assert status == 200 and solved["status"] == "unique"


def test_read_gives_a_board_and_bad_text_gets_the_parsers_line_and_column(api):
    status, read = api("read", {"puzzle": EXAMPLE})
    assert status == 200
    board = read["board"]
    assert board["givens"] == list(parse(EXAMPLE).cells)
    assert len(board["units"]) == 27 and sorted(set(board["regions"])) == list(range(9))
    bad = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 X\n4 3 | 2 1\n"
    with pytest.raises(GridError) as expected:
        parse(bad)
    status, error = api("read", {"puzzle": bad})
    assert status == 422
    assert (
        (error["line"], error["column"]) == (expected.value.line, expected.value.column) == (4, 9)
    )
    assert error["error"] == str(expected.value) and error["field"] == "puzzle"


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({}, 400, "missing field 'puzzle'"),
        ({"puzzle": 12}, 400, "must be str"),
        ({"puzzle": "1" * 30_000}, 413, "at most 20000"),
        ({"puzzle": "." * 625}, 413, "up to 16x16"),
        ({"puzzle": "." * 16, "variant": "jigsaw"}, 400, "needs its regions"),
        (
            {"puzzle": "." * 16, "variant": "jigsaw", "regions": "AABB\nAABB\nCCDD\nCCD"},
            422,
            "regions",
        ),
        ({"puzzle": "." * 16, "variant": "killer"}, 400, "needs its cages"),
        ({"puzzle": ""}, 422, "found no puzzle"),
    ],
)
def test_read_refuses_what_is_not_a_puzzle(api, body, status, words):
    got, error = api("read", body)
    assert got == status and words in error["error"]


def test_a_jigsaw_puzzle_plugs_in_with_its_regions(api):
    # 5x5 can only be a jigsaw: regions are the anti-diagonals (r + c) mod 5, and
    # d = (r + 2c) mod 5 + 1 is a solution (distinct in every row, column and region).
    regions = "\n".join("".join(str((r + c) % 5) for c in range(5)) for r in range(5))
    solution = [(r + 2 * c) % 5 + 1 for r in range(5) for c in range(5)]
    puzzle = "".join(str(d) if k % 3 else "." for k, d in enumerate(solution))
    status, read = api("read", {"puzzle": puzzle, "variant": "jigsaw", "regions": regions})
    assert status == 200
    board = read["board"]
    assert board["size"] == 5 and len(set(board["regions"])) == 5
    status, solved = api("solve", board["spec"])
    assert status == 200
    shape = Shape.jigsaw(regions)
    assert is_solution(parse(solved["solutions"][0], shape), parse(puzzle, shape=shape))


def test_a_killer_puzzle_plugs_in_with_its_cages(api):
    cages = KILLER_CAGES
    body = {"puzzle": "." * 16, "variant": "killer", "cages": cages}
    status, read = api("read", body)
    assert status == 200
    board = read["board"]
    assert [c["sum"] for c in board["cages"]] == KILLER_SUMS
    status, solved = api("solve", board["spec"])
    assert status == 200
    shape = read_cages(cages)
    assert is_solution(parse(solved["solutions"][0], shape), Grid.empty(shape))
    status, error = api("read", {**body, "cages": cages.replace("a=3", "a=99")})
    assert status == 422 and error["field"] == "cages" and error["line"] == 5
    assert "add up to 99" in error["error"]


def test_windoku_is_generated_with_its_windows(api):
    status, made = api("generate", {"size": 9, "variant": "windoku", "seed": 2})
    assert status == 200
    board = made["board"]
    assert [len(window) for window in board["extra"]] == [9, 9, 9, 9]
    shape = Shape.for_size(9).with_windows()
    puzzle = Grid(shape, tuple(board["givens"]))
    assert count(puzzle, limit=2) == 1
    status, error = api("generate", {"size": 4, "variant": "windoku"})
    assert status == 422 and "windoku windows need square boxes" in error["error"]


@pytest.mark.parametrize("layout", [format_grid, format_spaced])
def test_paste_reads_every_layout_the_library_writes(api, layout):
    puzzle = parse(EXAMPLE)
    status, read = api("read", {"puzzle": layout(puzzle)})
    assert status == 200 and read["board"]["givens"] == list(puzzle.cells)


def test_solve_proves_uniqueness_or_shows_several(api):
    status, solved = api("solve", {"puzzle": EXAMPLE})
    assert status == 200 and solved["status"] == "unique"
    puzzle = parse(EXAMPLE)
    assert is_solution(parse(solved["solutions"][0]), puzzle)
    assert api("solve", {"puzzle": TWO_SOLUTIONS})[1]["status"] == "several"
    # consistent givens but no solution: r1c9 and the rest of row 1 leave 9 no place
    assert api("solve", {"puzzle": "12345678." + "........9" + "." * 63})[1]["status"] == "none"
    status, error = api("solve", {"puzzle": "11" + "." * 79})
    assert status == 422 and "r1c1, r1c2" in error["error"]


def test_rate_matches_the_readme(api):
    status, rating = api("rate", {"puzzle": EXAMPLE})
    assert status == 200
    assert (rating["level"], rating["hardest"]) == ("medium", "pointing")
    assert rating["steps"] == sum(rating["techniques"].values())


def test_the_answers_are_the_records_of_the_one_schema(api):
    """solve, rate and generate answer with the records the command line writes, and a
    refusal is an error record: all valid under the shipped JSON Schema."""
    jsonschema = pytest.importorskip("jsonschema")
    from sudoku.records import schema

    answers = [
        api("solve", {"puzzle": EXAMPLE})[1],
        api("solve", {"puzzle": TWO_SOLUTIONS})[1],
        api("rate", {"puzzle": EXAMPLE})[1],
        {k: v for k, v in api("generate", {"size": 4, "seed": 3})[1].items() if k != "board"},
        api("solve", {"puzzle": "11" + "." * 79})[1],
        api("read", {"puzzle": "12x"})[1],
    ]
    kinds = [answer["kind"] for answer in answers]
    assert kinds == ["solve", "solve", "rating", "generated", "error", "error"]
    for answer in answers:
        jsonschema.validate(answer, schema(), cls=jsonschema.Draft202012Validator)


def test_check_finds_wrong_cells_conflicts_and_a_solved_grid(api):
    puzzle = parse(EXAMPLE)
    solution = list(solve(puzzle).solution.cells)
    blank = puzzle.cells.index(0)
    entries = list(puzzle.cells)
    entries[blank] = solution[blank] % 9 + 1  # a digit the solution does not have there
    status, checked = api("check", {"puzzle": EXAMPLE, "entries": entries})
    assert status == 200
    assert checked["wrong"] == [blank] and not checked["solved"] and not checked["complete"]
    row = blank // 9  # the same digit twice in a row is a conflict the answer names
    twin = next(k for k in range(row * 9, row * 9 + 9) if k != blank and not puzzle.cells[k])
    entries[twin] = entries[blank]
    conflicts = api("check", {"puzzle": EXAMPLE, "entries": entries})[1]["conflicts"]
    assert {"unit": f"row {row + 1}", "digit": entries[blank], "cells": sorted([blank, twin])} in [
        {**c, "cells": sorted(c["cells"])} for c in conflicts
    ]
    checked = api("check", {"puzzle": EXAMPLE, "entries": solution})[1]
    assert checked["solved"] and checked["complete"] and not checked["wrong"]


@pytest.mark.parametrize(
    ("entries", "status", "words"),
    [
        ([0] * 80, 400, "list of 81 digits"),
        (["1"] * 81, 400, "list of 81 digits"),
        ([10] * 81, 400, "0..9"),
        ([0] * 81, 422, "change the given at r1c1"),
        (None, 400, "missing field 'entries'"),
    ],
)
def test_check_and_hint_refuse_bad_entries(api, entries, status, words):
    for name in ("check", "hint"):
        got, error = api(name, {"puzzle": EXAMPLE, "entries": entries})
        assert got == status and words in error["error"] and error["field"] == "entries"


def test_hints_alone_solve_a_puzzle_each_naming_a_technique_and_its_cells(api):
    made = generate(seed=4, difficulty="medium", symmetry="rot180")
    spec = {"puzzle": format_line(made.puzzle)}
    entries = list(made.puzzle.cells)
    techniques = set()
    for _ in range(81):
        status, hint = api("hint", {**spec, "entries": entries})
        assert status == 200
        if hint["kind"] == "done":
            break
        assert hint["kind"] == "step" and hint["technique"] in TECHNIQUES
        assert hint["cells"] or hint["units"]  # the pattern that justifies the step
        assert hint["technique"] in hint["message"]
        for k, digit in hint["placements"]:
            assert made.solution.cells[k] == digit
            entries[k] = digit
        techniques.add(hint["technique"])
    assert entries == list(made.solution.cells)
    assert {"hidden single"} < techniques  # a medium puzzle needs more than singles


def test_a_hint_points_at_mistakes_first(api):
    puzzle = parse(EXAMPLE)
    solution = solve(puzzle).solution.cells
    blank = puzzle.cells.index(0)
    entries = list(puzzle.cells)
    entries[blank] = solution[blank] % 9 + 1
    status, hint = api("hint", {"puzzle": EXAMPLE, "entries": entries})
    assert status == 200 and hint["kind"] == "mistake" and hint["cells"] == [blank]
    status, error = api("hint", {"puzzle": "12345678." + "........9" + "." * 63, "entries": None})
    assert status == 400


def test_sheet_is_an_svg_of_the_puzzle_and_its_solution(api):
    status, svg = api("sheet", {"puzzle": EXAMPLE, "solution": True, "caption": "seed 1"})
    assert status == 200
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    givens = sum(1 for d in parse(EXAMPLE).cells if d)
    assert texts.count("seed 1") == 2  # a puzzle page and a solution page
    digits = [t for t in texts if t and t.isdigit() and len(t) == 1]
    assert len(digits) == givens + 81
    status, error = api("sheet", {"puzzle": EXAMPLE, "solution": "yes"})
    assert status == 400 and error["field"] == "solution"


def test_http_level_errors_are_json_and_never_tracebacks(api, base_url):
    status, error = api("nowhere", {})
    assert status == 404 and "no endpoint /api/nowhere" in error["error"]
    status, error = api("solve", method="GET")
    assert status == 405 and error["error"]
    status, error = api("solve", data=b'{"puzzle": ')
    assert status == 400 and "not JSON" in error["error"] and error["line"] == 1
    status, error = api("solve", data=b"[1, 2]")
    assert status == 400 and "JSON object" in error["error"]
    status, error = api("solve", data=b" " * 200_000)
    assert status == 413
    status, text = api("options", headers={"Host": "attacker.example"})
    assert status == 400 and "Traceback" not in str(text)


def test_the_page_is_served_with_a_policy_that_keeps_it_local(base_url):
    import urllib.request

    with urllib.request.urlopen(base_url, timeout=30) as response:
        policy = response.headers["content-security-policy"]
        page = response.read().decode()
    assert "default-src 'self'" in policy and "connect-src 'self'" in policy
    for asset in ("/static/app.js", "/static/board.js", "/static/style.css"):
        assert asset in page
        assert request(base_url, asset, method="GET")[0] == 200
    assert "http://" not in page and "https://" not in page


def test_malformed_and_hostile_bodies_get_4xx_and_every_answer_says_nosniff(api, base_url):
    """Deeply nested JSON, text that CSV cannot read, puzzles the rater cannot rate or hint
    (not unique): each a 4xx that says why; and no response can be sniffed into a script."""
    import urllib.request

    status, error = api("solve", data=b"[" * 50_000)
    assert status == 400 and "nested too deep" in error["error"]
    status, error = api("solve", {"puzzle": ",\r1"})
    assert status == 422 and "CSV" in error["error"]
    status, error = api("rate", {"puzzle": TWO_SOLUTIONS})
    assert status == 422 and "more than one solution" in error["error"]
    entries = [int(c) if c.isdigit() else 0 for c in TWO_SOLUTIONS]
    status, error = api("hint", {"puzzle": TWO_SOLUTIONS, "entries": entries})
    assert status == 422 and "more than one solution" in error["error"]
    for path, data in (("/", None), ("/api/options", b"{}"), ("/api/nowhere", b"{}")):
        request = urllib.request.Request(base_url + path, data=data)
        try:
            response = urllib.request.urlopen(request, timeout=30)
        except urllib.error.HTTPError as refused:
            response = refused
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
