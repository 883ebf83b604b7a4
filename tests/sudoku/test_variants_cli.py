"""The variant options of `dlx-sudoku solve`, `count` and `generate`: --regions, --windoku,
--cages, --samurai, --jigsaw, --killer. Solutions are checked by the plain-Python checkers of
the variant tests; bad files are named with their line and column."""

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku.cli import app
from tests.sudoku.test_samurai import PUBLISHED
from tests.sudoku.test_samurai import independent_check as samurai_check
from tests.sudoku.test_variants import KILLERS, WINDOKU, independent_check

FIXTURES = Path(__file__).parent.parent / "fixtures" / "variants"
NONOMINO = "3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7"


def run(*args: str, stdin: str = ""):
    result = CliRunner().invoke(app, [str(a) for a in args], input=stdin)
    assert "Traceback" not in result.output
    return result


def _texts(path):
    """The text elements of an SVG page, in order (the first is the page's title)."""
    return [e.text for e in ET.parse(path).iter("{http://www.w3.org/2000/svg}text")]


@pytest.mark.parametrize(("name", "published"), KILLERS)
def test_solve_a_killer_from_its_cage_file_alone(name, published):
    result = run("solve", "--cages", FIXTURES / name, "--unique")
    assert (result.exit_code, result.stdout) == (0, published + "\n")
    independent_check(result.stdout.strip(), cages=(FIXTURES / name).read_text())


def test_a_file_of_killer_givens_is_solved_with_the_cages_too(tmp_path):
    name, published = KILLERS[1]
    puzzles = tmp_path / "givens.txt"
    puzzles.write_text("." * 81 + "\n" + published[:40] + "." * 41 + "\n")
    lean = run("solve", "--cages", FIXTURES / name, "--file", puzzles)  # the lean batch
    assert (lean.exit_code, lean.stdout.split()) == (0, [published, published])
    grid = run("solve", "--cages", FIXTURES / name, "--file", puzzles, "--format", "grid")
    assert "".join(char for char in grid.stdout if char.isdigit()) == published * 2


def test_count_a_killer_and_a_jigsaw_and_a_windoku():
    assert run("count", "--cages", FIXTURES / KILLERS[0][0]).stdout == "1\n"
    regions = FIXTURES / "jigsaw-wikipedia-nonomino.txt"
    assert run("count", "--regions", regions, NONOMINO).stdout == "1\n"
    assert run("count", "--windoku", WINDOKU[0][0]).stdout == "1\n"


def test_solve_a_jigsaw_and_a_windoku_as_json(tmp_path):
    regions = FIXTURES / "jigsaw-wikipedia-nonomino.txt"
    result = run("solve", "--regions", regions, NONOMINO, "--format", "json")
    record = json.loads(result.stdout)
    assert record["status"] == "unique"
    independent_check(record["solutions"][0], NONOMINO, regions=regions.read_text())
    givens, published = WINDOKU[0]
    result = run("solve", "--windoku", givens, "--svg", tmp_path / "w.svg")
    assert result.stdout == published + "\n"
    assert result.stderr.endswith(f"sheet: {tmp_path / 'w-1.svg'}, {tmp_path / 'w-2.svg'}\n")
    titles = [_texts(tmp_path / f"w-{k}.svg")[0] for k in (1, 2)]
    assert titles == ["Windoku", "Windoku: solutions"]


def test_solve_a_samurai_from_a_file_and_draw_it(tmp_path):
    path = FIXTURES / "samurai-samurai-sudoku-com.txt"
    result = run(
        "solve", "--samurai", "--file", path, "--format", "grid", "--svg", tmp_path / "s.svg"
    )
    assert result.exit_code == 0
    assert result.stdout == PUBLISHED + "\n\n"
    samurai_check(result.stdout.rstrip("\n"), path.read_text())
    for k, title in ((1, "Samurai sudoku"), (2, "Samurai sudoku: solution")):  # a page each
        assert ET.parse(tmp_path / f"s-{k}.svg").getroot().get("height") == "297.0mm"
        assert _texts(tmp_path / f"s-{k}.svg")[0] == title
    assert not (tmp_path / "s.svg").exists()
    line = run("solve", "--samurai", path.read_text()).stdout.strip()
    assert len(line) == 369 and run("count", "--samurai", line).stdout == "1\n"


def test_samurai_lines_in_a_file_are_one_puzzle_each():
    line = run("solve", "--samurai", (FIXTURES / "samurai-samurai-sudoku-com.txt").read_text())
    puzzle = line.stdout.strip()
    blanked = "." * 10 + puzzle[10:]
    result = run("solve", "--samurai", "-", stdin=f"{blanked}\n{blanked[:-1]}x\n")
    assert result.exit_code == 2
    assert result.stdout == puzzle + "\n# line 2: bad input\n"  # one output line a puzzle
    assert "line 2, column 369: found 'x'" in result.stderr


@pytest.mark.parametrize(
    ("args", "content", "message"),
    [
        (["--cages"], "aabb\naabb\nccdd\nccd\n", "line 4, column 4: found 3 labels, expected 4"),
        (["--cages"], "ab\n", "line 1: found 2 labels in the first row"),
        (["--regions"], "aabb\naabb\nccdd\nccdb\n", "line 1, column 3: region 'b' has 5 cells"),
        (["--regions"], "aabb\naabb\nccdd\nccdd\n", "found a 4x4 map, expected 9x9"),
    ],
)
def test_bad_variant_files_are_named_with_line_and_column(tmp_path, args, content, message):
    path = tmp_path / "map.txt"
    path.write_text(content)
    extra = [] if "--cages" in args else ["--size", "9", "." * 81]
    result = run("solve", *args, path, *extra)
    assert result.exit_code == 2
    assert message in " ".join(result.output.replace("│", " ").split())


def test_variant_options_that_do_not_go_together_are_refused(tmp_path):
    regions = FIXTURES / "jigsaw-wikipedia-nonomino.txt"
    assert run("solve", "--windoku", "--regions", regions, NONOMINO).exit_code == 2
    assert run("solve", "--samurai", "--x", "1").exit_code == 2
    assert run("solve", "--windoku", "--size", "6", "." * 36).exit_code == 2
    assert run("count").exit_code == 2
    assert run("solve", "--regions", tmp_path / "absent.txt", NONOMINO).exit_code == 2


def test_generate_killers_whose_cage_files_solve_back(tmp_path):
    result = run("generate", "--killer", "-n", "2", "--seed", "4", "--svg", tmp_path / "k.svg")
    assert result.exit_code == 0, result.output
    blocks = result.stdout.strip().split("\n\n")
    assert len(blocks) == 2
    for k, block in enumerate(blocks):
        path = tmp_path / f"killer{k}.txt"
        path.write_text(block + "\n")
        solved = run("solve", "--file", path, "--unique")  # the block states its cages
        assert solved.exit_code == 0
        independent_check(solved.stdout.strip(), cages=block.split("variant killer\n")[1])
    again = run("generate", "--killer", "--seed", "5")
    assert again.stdout.strip() == blocks[1]  # puzzle 2 of seed 4 is puzzle 1 of seed 5
    assert _texts(tmp_path / "k.svg")[0] == "Killer sudoku"  # one page: no solutions asked


def test_generate_jigsaws_with_their_regions_and_on_given_regions(tmp_path):
    result = run("generate", "--jigsaw", "--seed", "8", "--format", "json")
    record = json.loads(result.stdout)
    assert record["kind"] == "generated" and record["variant"] == "jigsaw"
    regions = record["regions"]  # the region file, as --regions reads it
    assert len(regions.splitlines()) == 9 and len(set(regions) - {"\n"}) == 9
    independent_check(record["solution"], record["puzzle"], regions=regions)
    path = tmp_path / "regions.txt"
    path.write_text(regions)
    assert run("count", "--regions", path, record["puzzle"], "--limit", "2").stdout == "1\n"
    made = run("generate", "--regions", FIXTURES / "jigsaw-wikipedia-nonomino.txt", "--seed", "1")
    line = made.stdout.strip()
    assert (
        run("count", "--regions", FIXTURES / "jigsaw-wikipedia-nonomino.txt", line).stdout == "1\n"
    )
    windoku = run("generate", "--windoku", "--seed", "3").stdout.strip()
    assert run("count", "--windoku", windoku).stdout == "1\n"
    assert run("generate", "--killer", "--clues", "20").exit_code == 2


@pytest.mark.parametrize(
    "args, option, says",
    [(["--jigsaw", "--size", "25"], "--jigsaw", "random jigsaws go up to 16x16"),
     (["--jigsaw", "--size", "17"], "--jigsaw", "would not come again from its seed"),
     (["--killer", "--size", "25"], "--killer", "at most 79 cages"),
     (["--killer", "--jigsaw", "--size", "20"], "--killer", "killers go up to 16x16")],
)  # fmt: skip
def test_generate_refuses_a_jigsaw_or_killer_past_its_size_limit_before_any_work(
    args, option, says
):
    result = run("generate", *args)
    assert result.exit_code == 2 and result.stdout == ""
    assert option in result.stderr  # refused before the seed is drawn and written:
    assert not any(line.startswith("seed ") for line in result.stderr.splitlines())
    assert says in " ".join(result.stderr.replace("│", " ").split())


def test_generate_writes_a_5x5_jigsaw_killer_that_solves_back_alone(tmp_path):
    """A prime size has no boxes: a killer on random jigsaw regions takes it."""
    made = run("generate", "--killer", "--jigsaw", "--size", "5", "--seed", "3")
    assert made.exit_code == 0 and made.stdout.startswith("# seed 3")
    path = tmp_path / "made.txt"
    path.write_text(made.stdout)
    solved = run("solve", "--file", path, "--unique", "--format", "json")
    record = json.loads(solved.stdout)
    assert solved.exit_code == 0 and record["status"] == "unique"
    (line,) = record["solutions"]
    for k in range(5):  # rows and columns; the regions and cages by the solver's own rules
        assert sorted(line[5 * k : 5 * k + 5]) == sorted(line[k::5]) == list("12345")
