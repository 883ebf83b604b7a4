"""Files of puzzles as people keep them: a corpus of real-world layouts that must all parse,
and every format the project writes read back as the same puzzles.

The corpus files are written here, by layout code of the test's own (not the project's
writers), in the layouts their programs document: SudoCue's and SadMan's ``.sdk``, Simple
Sudoku's ``.ss`` with border lines, the coursework layout (nine lines of space-separated
digits, 0 for a blank, a blank line between puzzles), one puzzle a line; each also with a
UTF-8 byte-order mark and CRLF line ends, as Windows editors save them.
"""

import io
import itertools

import pytest

from sudoku.batch import solve_lines
from sudoku.files import FORMATS, RecordWriter, read_puzzles, read_text, write_puzzles
from sudoku.grid import Grid, GridError, Shape, format_json, format_line, parse

# Norvig's "hardest" example and two 17-clue puzzles from Gordon Royle's list.
PUZZLES = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
    ".......12....35......6...7.7.....3.....4..8..1...........12.....8.....4..5....6..",
]


def rows(puzzle: str, blank: str = ".", apart: str = "") -> list[str]:
    """The nine rows of a 9x9 puzzle line, blanks written as ``blank``, cells ``apart``."""
    line = puzzle.replace(".", blank)
    return [apart.join(line[k : k + 9]) for k in range(0, 81, 9)]


def sdk_sudocue(puzzle: str) -> list[str]:
    """SudoCue's .sdk (sudocue.net/fileformats.php): #-letter metadata, nine rows of dots."""
    return ["#ARuud", "#DA random puzzle", "#B03-08-2006", "#LEasy", *rows(puzzle)]


def sdk_sadman(puzzle: str) -> list[str]:
    """SadMan's .sdk with sections: the [Puzzle] grid, then a [State] grid that is not it."""
    state = puzzle.replace(".", "1", 1)  # a player's entry: must not be read as a puzzle
    return ["[Puzzle]", *rows(puzzle), "[State]", *rows(state)]


def ss_plain(puzzle: str) -> list[str]:
    """Simple Sudoku's .ss: bands of three rows split by | and a line of dashes between."""
    split = [f"{r[:3]}|{r[3:6]}|{r[6:]}" for r in rows(puzzle)]
    return [*split[:3], "-----------", *split[3:6], "-----------", *split[6:]]


def ss_boxed(puzzle: str) -> list[str]:
    """The .ss layout in a frame: *-----------* corners and |---+---+---| between bands."""
    split = [f"|{r[:3]}|{r[3:6]}|{r[6:]}|" for r in rows(puzzle)]
    middle = "|---+---+---|"
    return ["*-----------*", *split[:3], middle, *split[3:6], middle, *split[6:], "*-----------*"]


def coursework(puzzle: str) -> list[str]:
    """Nine lines of space-separated digits, 0 for a blank."""
    return rows(puzzle, blank="0", apart=" ")


def one_line(puzzle: str) -> list[str]:
    return [puzzle]


LAYOUTS = [sdk_sudocue, sdk_sadman, ss_plain, ss_boxed, coursework, one_line]


def corpus_file(layout, puzzles, *, bom: bool, crlf: bool, gap: str = "") -> str:
    """The text of a file holding ``puzzles`` in ``layout``, records apart by ``gap`` lines."""
    lines = []
    for k, puzzle in enumerate(puzzles):
        lines += ([gap] if k and gap is not None else []) + layout(puzzle)
    ending = "\r\n" if crlf else "\n"
    return ("\ufeff" if bom else "") + ending.join(lines) + ending


def read_back(text: str) -> list[str]:
    """The puzzles of a file's text, as lines, read the way the CLI reads a file."""
    stream = io.StringIO(text, newline="")  # keeps \r\n, as a file opened in binary would
    found = []
    for number, puzzle in read_puzzles(stream):
        assert not isinstance(puzzle, GridError), f"{puzzle} (record at line {number})"
        found.append(format_line(puzzle))
    return found


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.__name__)
@pytest.mark.parametrize(("bom", "crlf"), [(False, False), (True, False), (True, True)])
def test_every_real_world_layout_parses_alone_and_several_to_a_file(layout, bom, crlf):
    for puzzles in (PUZZLES[:1], PUZZLES):
        text = corpus_file(layout, puzzles, bom=bom, crlf=crlf, gap="")
        assert read_back(text) == puzzles
        assert [format_line(g) for g in read_text(text)] == puzzles


@pytest.mark.parametrize("layout", [ss_plain, ss_boxed, coursework, sdk_sudocue])
def test_grids_need_no_blank_line_between_them(layout):
    text = corpus_file(layout, PUZZLES, bom=False, crlf=False, gap=None)
    assert read_back(text) == PUZZLES


def test_a_file_may_mix_layouts():
    parts = [ss_boxed(PUZZLES[0]), one_line(PUZZLES[1]), coursework(PUZZLES[2]), ["# end"]]
    text = "\ufeff" + "\r\n".join(itertools.chain.from_iterable([*part, ""] for part in parts))
    assert read_back(text) == PUZZLES


# --- what the project writes ---------------------------------------------------------------


def sample_grids(pattern_grid) -> list[Grid]:
    """Puzzles of three sizes: 4x4, 9x9 and 16x16 (whose symbols run to G)."""
    grids = [parse(p) for p in PUZZLES]
    for n in (4, 16):
        full = pattern_grid(Shape.for_size(n))
        grids.append(Grid(full.shape, tuple(d if k % 3 else 0 for k, d in enumerate(full.cells))))
    return grids


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_written_reads_back_as_the_same_puzzles(fmt, pattern_grid):
    grids = sample_grids(pattern_grid)
    out = io.StringIO()
    write_puzzles(out, grids, fmt)
    assert read_text(out.getvalue()) == grids
    windows = "\ufeff" + out.getvalue().replace("\n", "\r\n")
    assert read_text(windows) == grids


def test_a_record_writer_keeps_every_column_and_the_puzzle_reads_back():
    out = io.StringIO()
    writer = RecordWriter(out, "csv", ("line", "puzzle", "solutions", "nodes", "error"))
    writer.write({"line": 1, "puzzle": PUZZLES[0], "solutions": ["a", "b"], "stats": {"nodes": 7}})
    writer.write({"line": 2, "status": "error", "error": "found 'x'"})
    assert out.getvalue().splitlines() == [
        "line,puzzle,solutions,nodes,error",
        f"1,{PUZZLES[0]},a b,7,",
        "2,,,,found 'x'",
    ]
    (first, second) = read_puzzles(io.StringIO(out.getvalue()))
    assert first == (2, parse(PUZZLES[0]))
    assert str(second[1]) == "line 3: found no puzzle in CSV column 2"


def test_qqwing_style_csv_and_format_json_read_back():
    csv_text = f"Puzzle,Solution,Difficulty\n{PUZZLES[1]},,Expert\n"
    assert read_back(csv_text) == [PUZZLES[1]]
    assert read_back(format_json(parse(PUZZLES[2])) + "\n") == [PUZZLES[2]]
    rows_only = '{"rows": [[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,4]]}\n'
    assert read_back(rows_only) == ["1..............4"]


# --- errors keep their place ---------------------------------------------------------------


def errors(text: str) -> list[str]:
    return [str(p) for _, p in read_puzzles(io.StringIO(text)) if isinstance(p, GridError)]


def test_a_bad_cell_in_a_later_grid_is_placed_on_its_line_and_column():
    lines = coursework(PUZZLES[0]) + [""] + coursework(PUZZLES[1])
    lines[12] = lines[12][:4] + "x" + lines[12][5:]
    (error,) = errors("\n".join(lines))
    assert error.startswith("line 13, column 5: found 'x'")


def test_a_short_grid_a_wrong_row_and_bad_records_are_reported_and_reading_goes_on():
    short = coursework(PUZZLES[0])[:8]
    wrong = coursework(PUZZLES[1])
    wrong[4] = wrong[4][:-2]  # eight cells
    text = "\n".join(
        [*short, "", *wrong, "", PUZZLES[2], '{"puzzle": "12?"}', "{nope", PUZZLES[0][:80]]
    )
    assert errors(text) == [
        "line 8, column 18: found 72 cells, expected 81 for a 9x9 grid (9 rows of 9 cells)",
        "line 14, column 1: found a row of 8 cells, expected 9 like the rows above it "
        "(the grid starts on line 10)",
        "line 21, column 15: found '?', expected a digit 1-9, a letter A-P, a blank "
        "(. 0 _ -) or a separator (| + space)",
        "line 22, column 2: found bad JSON: Expecting property name enclosed in double quotes",
        "line 23, column 81: found 80 cells, expected 81 for a 9x9 grid",
    ]
    good = [format_line(p) for _, p in read_puzzles(io.StringIO(text)) if isinstance(p, Grid)]
    assert good == [PUZZLES[2]]


def test_one_puzzle_a_line_is_read_lazily_from_an_endless_stream():
    endless = itertools.cycle([PUZZLES[0] + "\r\n", "\n", PUZZLES[1] + "\n"])
    first = list(itertools.islice(read_puzzles(endless), 1000))
    assert [n for n, _ in first[:3]] == [1, 3, 4]
    assert [format_line(p) for _, p in first[:2]] == PUZZLES[:2]


# --- the data sets -------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_top1465_round_trips_through_every_format(fmt, data_file):
    with data_file("top1465.txt").open() as lines:
        puzzles = [parse(line) for line in itertools.islice(lines, 300)]
    out = io.StringIO()
    write_puzzles(out, puzzles, fmt)
    assert [p for _, p in read_puzzles(io.StringIO(out.getvalue()))] == puzzles


def test_a_coursework_file_of_top1465_puzzles_solves_in_order(data_file):
    with data_file("top1465.txt").open() as lines:
        puzzles = [line.strip() for line in itertools.islice(lines, 20)]
    text = corpus_file(coursework, puzzles, bom=True, crlf=True)
    answers = list(solve_lines(io.StringIO(text, newline="")))
    assert [a.puzzle for a in answers] == puzzles
    assert all(a.status.value == "unique" for a in answers)
    assert [a.place.number for a in answers] == [1 + 10 * k for k in range(20)]


@pytest.mark.parametrize(
    "shape",
    [Shape.for_size(4), Shape.for_size(6), Shape(), Shape.x(), Shape.for_size(16),
     Shape.jigsaw("1122 1122 3344 3344"), Shape.for_size(25)],
    ids=["4x4", "6x6", "9x9", "x", "16x16", "jigsaw", "25x25"],
)  # fmt: skip
def test_a_line_layout_writes_what_the_grid_layouts_write(shape):
    """Solutions streamed as grids are written from their lines, one or a run at a time:
    the same text, to the character, as the layouts of the Grids."""
    from sudoku.files import LAYOUTS, line_layout
    from sudoku.generate import complete_grid

    grids = [complete_grid(shape, seed=k) for k in range(3)]
    for fmt in ("grid", "spaced"):
        layout = line_layout(fmt, shape)
        assert [layout(format_line(g)) for g in grids] == [LAYOUTS[fmt](g) for g in grids]
        run = layout.many([format_line(g) for g in grids])
        assert run == "".join(LAYOUTS[fmt](g) + "\n\n" for g in grids)
