"""What `generate` writes for a variant, every command reads back by its rules, unaided.

Each variant `generate` makes, in each layout, is generated, read back by `solve --file`,
`solve --count`, `rate` and `count` with no option, and its solution judged by the
independent checker of test_variants (which knows nothing of sudoku.grid's shapes); the
blocks and JSON records that state a variant are refused, with their line, where they are
wrong or where the options ask for other rules.
"""

import json

import pytest
from typer.testing import CliRunner

from sudoku.cli import app
from sudoku.files import read_puzzle, read_text
from sudoku.grid import GridError, parse
from tests.sudoku.test_generate import count_solutions
from tests.sudoku.test_variants import independent_check

# Every combination generate takes, 9x9 (the checker's size), and the rules each one adds.
COMBINATIONS = {
    ("--x",): {"diagonals": True},
    ("--windoku",): {"windows": True},
    ("--jigsaw",): {},
    ("--jigsaw", "--x"): {"diagonals": True},
    ("--killer",): {},
    ("--killer", "--x"): {"diagonals": True},
    ("--killer", "--windoku"): {"windows": True},
    ("--killer", "--jigsaw"): {},
}


def run(*args: str, stdin: str | None = None):
    result = CliRunner().invoke(app, list(args), input=stdin)
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def made(flags: tuple[str, ...], fmt: str, seed: int = 4, n: int = 2) -> str:
    result = run("generate", *flags, "--seed", str(seed), "-n", str(n), "--format", fmt)
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("flags", COMBINATIONS, ids="".join)
def test_every_variant_reads_back_by_its_own_rules(tmp_path, flags):
    records = [json.loads(line) for line in made(flags, "json").splitlines()]
    rules = COMBINATIONS[flags]
    for record in records:
        independent_check(
            record["solution"],
            record["puzzle"],
            regions=record.get("regions"),
            cages=record.get("cages"),
            **rules,
        )
    for fmt in ("line", "grid", "json"):
        path = tmp_path / f"puzzles.{fmt}"
        path.write_text(made(flags, fmt))
        solved = run("solve", "--file", str(path), "--format", "json")
        assert solved.exit_code == 0, solved.stderr
        answers = [json.loads(line) for line in solved.stdout.splitlines()]
        assert [a["status"] for a in answers] == ["unique", "unique"], fmt
        assert [a["solutions"][0] for a in answers] == [r["solution"] for r in records], fmt
        counted = run("solve", "--count", "--limit", "3", "--file", str(path))
        assert counted.stdout.split() == ["1", "1"], fmt
        rated = run("rate", "--file", str(path), "--format", "json")
        assert [json.loads(line)["status"] for line in rated.stdout.splitlines()] == ["unique"] * 2


@pytest.mark.parametrize("flags", [("--jigsaw", "--x"), ("--killer", "--windoku")], ids="".join)
def test_one_block_is_one_puzzle_for_count(flags):
    block = made(flags, "grid", n=1)
    assert run("count", "--limit", "5", "-", stdin=block).stdout == "1\n"
    assert run("count", "--limit", "5", block).stdout == "1\n"


def test_small_sizes_state_their_rules_too():
    for size in ("4", "6"):
        text = made(("--x", "--size", size), "line", n=3)
        assert text.count("variant x\n") == 3
        for grid in read_text(text):
            assert "diagonal" in grid.shape.extra_names and grid.shape.size == int(size)
            assert count_solutions(grid) == 1  # by the rules it states, diagonals included


def test_a_killer_without_givens_is_its_cages_and_a_blank_line():
    text = made(("--killer",), "line", n=1)
    block = text.split("\n\n")[0].splitlines()
    assert block[1] == "variant killer" and "=" in block[-1]  # no givens after the sums
    (grid,) = read_text(text)
    assert not any(grid.cells) and len(grid.shape.cages) > 1


def test_csv_cannot_hold_a_variant_and_says_so():
    result = run("generate", "--jigsaw", "--format", "csv")
    assert result.exit_code == 2 and "--format" in result.stderr and "json" in result.stderr


JIGSAW = "aaabbbccc\n" * 3 + "dddeeefff\n" * 3 + "ggghhhiii\n" * 3  # the boxes, as regions


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant jigsaw+y\n" + "." * 81, "line 1, column 16: found variant 'y'"),
        ("variant classic+x\n" + "." * 81, "line 1, column 9: found variant 'classic+x'"),
        ("variant jigsaw\n", "line 2: found no regions map"),
        ("variant jigsaw\n" + JIGSAW.replace("i\n", "j\n", 1), "line 8, column 7: region 'i'"),
        ("# made by hand\nvariant windoku\n", "line 3: found no givens"),
        ("variant x\n" + "." * 80, "line 2, column 81: found 80 cells"),
        ("variant killer\naab\n", "line 2: found 3 labels"),
    ],
)
def test_a_wrong_block_is_refused_where_it_is_wrong(text, message):
    with pytest.raises(GridError) as caught:
        read_puzzle(text)
    assert str(caught.value).startswith(message)


def test_a_block_is_read_by_its_rules_and_options_may_only_agree():
    text = "variant jigsaw+x\n" + JIGSAW + "." * 81 + "\n"
    grid = read_puzzle(text)
    assert grid.shape.regions is not None and "diagonal" in grid.shape.extra_names
    result = run("solve", "--file", "-", "--x", stdin="# one\n" + text)
    assert result.exit_code == 2
    assert "line 2: the puzzle states its variant (jigsaw+x)" in result.stderr
    assert "ask for another (x)" in result.stderr


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"variant": "x", "puzzle": 3}, 'the JSON field "puzzle" is not a str'),
        ({"variant": "jigsaw", "puzzle": "." * 81}, 'in the JSON field "regions": variant jigsaw'),
        ({"variant": "x", "puzzle": "." * 81, "regions": JIGSAW}, "found a regions map"),
        ({"regions": JIGSAW.replace("a", "b", 1), "puzzle": "." * 81}, "(its line 1)"),
    ],
)
def test_a_json_record_that_states_a_variant_is_checked(record, message):
    with pytest.raises(GridError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_text(json.dumps(record))


def test_a_json_record_with_maps_alone_is_read_by_them():
    (grid,) = read_text(json.dumps({"regions": JIGSAW, "puzzle": "." * 81}))
    assert grid.shape.regions is not None and grid.shape.boxes == parse("." * 81).shape.boxes


@pytest.mark.parametrize("size", ["5", "7", "8"])
def test_a_jigsaw_takes_any_size_and_size_only_has_to_agree(tmp_path, size):
    text = made(("--jigsaw", "--size", size), "line", n=1)
    (grid,) = read_text(text)
    assert grid.shape.size == int(size) and count_solutions(grid) == 1
    regions = tmp_path / "regions.txt"
    regions.write_text("\n".join(text.split("\n\n")[0].splitlines()[2:-1]) + "\n")
    line = text.split("\n\n")[0].splitlines()[-1]
    for options in ((), ("--size", size)):
        solved = run("solve", "--regions", str(regions), *options, line)
        assert solved.exit_code == 0 and len(solved.stdout.strip()) == int(size) ** 2
    other = run("solve", "--regions", str(regions), "--size", "9", line)
    assert other.exit_code == 2 and f"found a {size}x{size} map" in other.stderr


def test_the_page_reads_a_pasted_block_and_keeps_its_rules():
    """The page's API reads a pasted variant block by its rules and hands back a spec that
    carries them, so the requests that follow (solve, hint) keep them too."""
    from sudoku.web import api

    block = made(("--killer", "--x"), "line", n=1)
    board = api.read({"puzzle": block})["board"]
    assert board["label"] == "Killer X-sudoku" and len(board["cages"]) > 1
    assert len(board["extra"]) == 2  # the diagonals
    solved = api.solve(board["spec"])
    (record,) = [json.loads(line) for line in made(("--killer", "--x"), "json", n=1).splitlines()]
    assert solved["status"] == "unique" and solved["solutions"] == [record["solution"]]
