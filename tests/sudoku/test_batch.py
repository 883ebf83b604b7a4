"""The C batch (sudoku._batch) against the Python path: identical statuses, solutions and
errors, line for line, on slices of the data sets and on lines built to go wrong."""

import itertools
import random
import re
import threading
import time

import pytest

import sudoku.batch
import sudoku.solve
from dlx import Problem
from dlx.search import layout_of
from sudoku.batch import SOLVE, Reader, Route, Task, Work, answers, route, solve_lines
from sudoku.cover import cover_problem, search
from sudoku.generate import complete_grid
from sudoku.grid import (
    SYMBOLS,
    Grid,
    GridError,
    Shape,
    check_givens,
    format_line,
    is_solution,
    parse,
)
from sudoku.records import BadInput, Solved, Status

_batch = pytest.importorskip("sudoku._batch", reason="the C batch was not built")

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TWO_SOLUTIONS = "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293"
NO_SOLUTION = ".234....1......."
JIGSAW = Shape.jigsaw("111222333 111222333 114222333 144555566 444556666 444555666 "
                      "777788999 778888999 777888999")  # fmt: skip

ODD_LINES = [
    "# a comment",
    "",
    "   \t",
    HARD,
    f"  {HARD}\t\r\n",
    HARD[:80],
    HARD + "1",
    HARD.replace("4", "x", 1),
    HARD.replace("4", "é", 1),  # not ASCII: read in Python
    f"\u00a0{HARD}\u2003",  # Unicode spaces that str.strip() removes
    "44" + HARD[2:],  # the givens break the rules
    HARD.replace(".", "0").replace("6", "_", 1),  # other blanks
    "|".join(HARD[k : k + 9] for k in range(0, 81, 9)),  # separators: the Python reader
    TWO_SOLUTIONS,
    NO_SOLUTION,
    "1..." * 4,
    "." * 16,
    "5" + "." * 15,  # a digit too large for 4x4
    "." * 36,
    "." * 49,  # 7x7: no boxes
    "a" + "." * 255,  # 16x16, a lowercase symbol
    "G" + "." * 254 + "g",  # G twice in a unit of 16x16
    "Q" + "." * 255,  # Q is not a 16x16 symbol
    "12" + "." * 14,
    HARD,
]


def both(lines: list[str], read: Reader | None = None) -> tuple[list[Solved], list[Solved]]:
    return list(solve_lines(lines, read, backend="c")), list(
        solve_lines(lines, read, backend="python")
    )


def same(c: list[Solved | BadInput], python: list[Solved | BadInput]) -> None:
    """The same records: lines, puzzles, statuses, solution lines and errors (text, column)."""
    assert [a.to_record() for a in c] == [a.to_record() for a in python]


def value(answer: Solved | BadInput) -> Status | str:
    return answer.status if isinstance(answer, Solved) else answer.error


def solutions_check(lines: list[str], answers: list[Solved | BadInput], read: Reader) -> None:
    """Every solution line solves its puzzle, by the independent checker."""
    for answer in answers:
        if isinstance(answer, BadInput):
            continue
        puzzle = read(lines[answer.place.number - 1].strip())
        assert answer.puzzle == format_line(puzzle)
        for solution in answer.solutions:
            grid = Grid(puzzle.shape, parse(solution, puzzle.shape).cells)
            assert is_solution(grid, puzzle), answer.place


@pytest.mark.parametrize("name", ["sudoku17.txt", "easy10k.txt", "top1465.txt"])
def test_the_c_batch_answers_the_data_sets_as_the_python_path_does(data_file, name):
    with data_file(name).open() as file:
        lines = list(itertools.islice(file, 5000))
    lines = lines[:150] + lines[-150:]  # its start, and a slice further on
    c, python = both(lines)
    same(c, python)
    assert {value(answer) for answer in c} == {Status.UNIQUE}
    solutions_check(lines, c, Reader())


def test_bad_and_odd_lines_get_the_same_answers_and_errors():
    c, python = both(ODD_LINES)
    same(c, python)
    values = {answer.place.number: value(answer) for answer in c}
    assert values[4] is Status.UNIQUE and values[14] is Status.SEVERAL
    assert values[15] is Status.NONE and values[17] is Status.SEVERAL
    assert str(values[6]) == "line 6, column 81: found 80 cells, expected 81 for a 9x9 grid"
    assert str(values[8]).startswith("line 8, column 1: found 'x'")
    assert str(values[11]).startswith("line 11: the givens break the rules: 4 twice in row 1")
    assert values[13] is Status.UNIQUE  # separators, read in Python, solved all the same
    solutions_check(ODD_LINES, c, Reader())


@pytest.mark.parametrize("chunk", [1, 2, 5])
def test_chunks_of_any_size_give_the_same_answers(monkeypatch, chunk):
    monkeypatch.setattr(sudoku.batch, "CHUNK", chunk)
    same(*both(ODD_LINES))


@pytest.mark.parametrize("chunk", [2, 256])
def test_a_multi_line_grid_is_read_whole_as_in_python(monkeypatch, chunk):
    monkeypatch.setattr(sudoku.batch, "CHUNK", chunk)
    rows = [HARD[k : k + 9] for k in range(0, 81, 9)]
    for lines in (["#A somebody", *rows], ["", *rows[:5], rows[5].replace("8", "?"), *rows[6:]]):
        c, python = both(lines)
        same(c, python)
        assert len(c) == 1


@pytest.mark.parametrize(
    "read", [Reader(Shape.x()), Reader(x=True), Reader(JIGSAW), Reader(Shape.for_size(4))]
)
def test_shapes_and_x_sudoku_get_the_same_answers(read):
    lines = [HARD, "." * 81, "." * 16, NO_SOLUTION, "1..." * 4, TWO_SOLUTIONS, "12" + "." * 79]
    c, python = both(lines, read)
    same(c, python)
    solutions_check(lines, c, read)


def test_statistics_take_the_python_route_with_the_same_answers():
    """The C batch keeps no statistics: asked for them, the stream solves on the engine,
    and only the statistics differ."""
    lines = ODD_LINES[3:16]
    assert route(SOLVE)[0] is Route.C and route(Task(stats=True))[0] is Route.PYTHON
    assert route(Task(stats=True), jobs=2) == (Route.PROCESSES, 2)
    with_stats = list(answers(lines, Task(stats=True)))
    plain = list(solve_lines(lines))
    assert len(with_stats) == len(plain)
    for ours, theirs in zip(with_stats, plain, strict=True):
        record = ours.to_record()
        if isinstance(ours, Solved):
            assert set(record.pop("stats")) == {"nodes", "updates", "seconds"}
        assert record == theirs.to_record()


def random_puzzles(shape: Shape, count: int, seed: int) -> list[str]:
    """Puzzles of every kind from complete grids: a few cells kept (several solutions), many
    kept (mostly unique), and one given changed to a digit its units lack (often none)."""
    rng = random.Random(seed)
    cells = shape.size * shape.size
    solved = format_line(complete_grid(shape, seed=seed))
    lines = []
    for k in range(count):
        symbols = SYMBOLS[: shape.size]
        relabel = dict(zip(symbols, rng.sample(symbols, shape.size), strict=True))
        grid = [relabel[symbol] for symbol in solved]
        keep = rng.choice([0.15, 0.35, 0.5, 0.7])
        line = [c if rng.random() < keep else "." for c in grid]
        if k % 3 == 2:  # a wrong given
            spot = rng.randrange(cells)
            line[spot] = SYMBOLS[rng.randrange(shape.size)]
        lines.append("".join(line))
    return lines


@pytest.mark.parametrize(
    ("shape", "count"),
    [(Shape.for_size(4), 60), (Shape.for_size(6), 60), (Shape.for_size(9), 60),
     (Shape.x(), 40), (JIGSAW, 40), (Shape.for_size(8), 30), (Shape.for_size(16), 6)],
    ids=["4x4", "6x6", "9x9", "x", "jigsaw", "8x8", "16x16"],
)  # fmt: skip
def test_random_puzzles_get_the_python_paths_answers(shape, count):
    """The bitmask search that counts the solutions finds what the dancing links find: the
    same status and solutions (for several, the engine's first two) on every kind of puzzle,
    on shapes whose cells are in three units or more (X) or in irregular regions."""
    lines = random_puzzles(shape, count, seed=len(shape.units))
    read = Reader(shape)
    c, python = both(lines, read)
    same(c, python)
    statuses = {value(answer) for answer in c}
    assert Status.SEVERAL in statuses and (shape.size > 9 or Status.UNIQUE in statuses)
    solutions_check(lines, c, read)


@pytest.mark.parametrize("shape", [Shape.for_size(9), Shape.x(), JIGSAW, Shape.for_size(16)])
def test_solve_lean_gives_solves_results(shape):
    """One puzzle in C without the engine's matrix (several solutions and clashing givens
    go back to solve): the same solutions and errors as solve, on every kind of puzzle."""
    lines = random_puzzles(shape, 30 if shape.size == 9 else 6, seed=7)
    kinds = set()
    for line in lines:
        puzzle = parse(line, shape)
        try:
            expected = sudoku.solve.solve(puzzle)
        except GridError as error:
            with pytest.raises(type(error), match=re.escape(str(error))):
                sudoku.solve.solve_lean(puzzle)
            kinds.add("clash")
            continue
        lean = sudoku.solve.solve_lean(puzzle)
        assert lean.solutions == expected.solutions and lean.puzzle == puzzle
        kinds.add(lean.status)
    assert Status.SEVERAL in kinds and (shape.size > 9 or Status.UNIQUE in kinds)


@pytest.mark.parametrize("shape", [Shape.for_size(9), Shape.x(), JIGSAW, Shape.for_size(16)])
def test_count_to_counts_as_the_engine_does(shape):
    """Counting to one or two in C (generation's uniqueness test) gives the engine's count,
    and the same ConflictingGivens; other limits go to the engine."""
    kinds = set()
    for line in random_puzzles(shape, 30 if shape.size == 9 else 6, seed=11):
        puzzle = parse(line, shape)
        try:
            check_givens(puzzle)
        except GridError as error:
            with pytest.raises(type(error), match=re.escape(str(error))):
                sudoku.solve.count_to(puzzle)
            continue
        expected = search(puzzle).count(2)  # the engine's dancing links
        assert sudoku.solve.count_to(puzzle) == expected
        assert sudoku.solve.count_to(puzzle, 1) == min(expected, 1)
        assert sudoku.solve.count_to(puzzle, 3) == search(puzzle).count(3)
        kinds.add(expected)
    assert 2 in kinds and (shape.size > 9 or 1 in kinds)


def test_a_count_out_of_time_is_none_and_the_solver_times_out():
    assert sudoku.solve.count_to(parse(HARD), time_limit=1e-9) is None
    assert sudoku.solve.count_to(parse(HARD), time_limit=10) == 1
    solver = _batch.Solver()
    sudoku.solve.add_shape(solver, Shape.for_size(9))
    start = time.perf_counter()
    with pytest.raises(TimeoutError, match="time limit"):
        solver.solve([HARD] * 2_000_000, seconds=0.05)
    assert time.perf_counter() - start < 10  # the two million would take 15-20 s
    with pytest.raises(ValueError, match="seconds must be 0 or more"):
        solver.solve([HARD], seconds=-1)


def test_a_backend_must_be_known():
    with pytest.raises(ValueError, match="backend must be one of"):
        list(solve_lines([HARD], backend="fast"))


def test_the_solver_refuses_what_it_cannot_use():
    solver = _batch.Solver()
    with pytest.raises(TypeError, match="Layout"):
        solver.add_shape(9, object(), [])
    with pytest.raises(ValueError, match="size 3"):
        solver.add_shape(3, object(), [])
    with pytest.raises(TypeError, match="not a str"):
        solver.solve(["# fine", b"bytes"])
    with pytest.raises(ValueError, match="different cell indices"):
        solver.add_shape(4, layout_of(cover_problem(Shape.for_size(4)).compiled()), [[0, 0, 1, 2]])
    bounded = Problem([[0], [0]], bounds={0: 2})  # dlx's C API runs exact covers only
    with pytest.raises(ValueError, match="has bounds"):
        solver.add_shape(4, layout_of(bounded.compiled()), [])
    with pytest.raises(ValueError, match="fixed"):
        _batch.Solver(99)
    # A line of a size with no shape stops the chunk before it: codes is shorter.
    assert solver.solve(["# nothing", HARD]) == (bytes([_batch.SKIP]), [None])


ROWS = [HARD[k : k + 9] for k in range(0, 81, 9)]
MIXED = [
    "\ufeff" + HARD,  # a byte-order mark on the first line
    "[State]",
    HARD,  # inside a section other than [Puzzle]: skipped
    "[Puzzle]",
    HARD,
    *ROWS,  # a block
    HARD,
    *ROWS[:4],
    ROWS[4] + "1",  # a row too wide: the block breaks
    *ROWS[5:],
    HARD,
    '{"puzzle": "' + HARD + '"}',
    "------+------",
    HARD,
    *ROWS[:5],  # the stream ends inside a block
]


@pytest.mark.parametrize("chunk", [3, 256])
def test_every_file_layout_gets_the_same_answers(monkeypatch, chunk):
    monkeypatch.setattr(sudoku.batch, "CHUNK", chunk)
    same(*both(MIXED))
    same(*both(["id,puzzle", f"1,{HARD}", HARD, f"2,{TWO_SOLUTIONS}"]))  # CSV
    same(*both([HARD, "id,puzzle", HARD]))  # a CSV header only as the first record


def test_the_batch_lets_other_threads_run_while_it_solves():
    """With the GIL released, this thread keeps running while another one solves: the
    longest pause between its steps stays far below the time the batch takes."""
    solver = _batch.Solver()
    sudoku.solve.add_shape(solver, Shape.for_size(9))
    lines = [HARD] * 20_000  # a tenth of a second or more: far above a busy machine's pauses
    took = []

    def work() -> None:
        start = time.perf_counter()
        solver.solve(lines)
        took.append(time.perf_counter() - start)

    thread = threading.Thread(target=work)
    last = time.perf_counter()
    longest = 0.0
    thread.start()
    while thread.is_alive():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    thread.join()
    assert took and longest < took[0] / 2, (longest, took)  # held: longest >= took[0]


@pytest.mark.parametrize("threads", [1, 2])
def test_puzzles_of_several_solutions_before_and_after_the_matrix_comes_in(monkeypatch, threads):
    """The C route starts without the engine's matrix: the first puzzle of several solutions
    is answered on the engine, and brings in a solver that finds the engine's first two in
    C for the chunks after it (some already in flight on the first). Every answer is the
    Python route's, in every chunk; the solver with the matrix is made once, after."""
    monkeypatch.setattr(sudoku.batch, "CHUNK", 7)
    lines = random_puzzles(Shape.for_size(9), 120, seed=threads)
    python = list(solve_lines(lines, Reader(Shape.for_size(9)), backend="python"))
    several = [k for k, answer in enumerate(python) if value(answer) is Status.SEVERAL]
    assert several and several[0] < 60 and len(several) > 10
    made = []
    real = sudoku.solve.batch_solver
    monkeypatch.setattr(
        sudoku.solve, "batch_solver", lambda *a, **k: made.append(k) or real(*a, **k)
    )
    c = list(answers(lines, Task(), read=Reader(Shape.for_size(9)), jobs=threads))
    same(c, python)
    assert [k["engine_order"] for k in made] == [False, True]


def test_answer_refuses_text_with_a_clear_error():
    """``answer`` takes a puzzle already read: text is refused, saying how to read it."""
    line = "." * 81
    with pytest.raises(TypeError, match=r"not str \(read text with sudoku.grid.parse\)"):
        sudoku.batch.answer(line)
    assert sudoku.batch.answer(parse(line), Task(Work.COUNT, limit=2)).count == 2


def _nine_solvers() -> dict[str, object]:
    """C solvers of 9x9 lines, none with the matrix: the usual units (the band search), the
    same shuffled (still the band search), and with a row repeated as a 28th unit (a
    redundant rule that leaves the bitmask search, the path of every other shape)."""
    units = [list(unit) for unit in Shape.for_size(9).unit_indices]
    shuffled = [units[k] for k in random.Random(5).sample(range(27), 27)]
    solvers = {}
    for name, given in [("bands", units), ("shuffled", shuffled), ("masks", [*units, units[0]])]:
        solvers[name] = _batch.Solver(9)
        solvers[name].add_shape(9, None, given)
    return solvers


def assert_agree(lines: list[str], *answers: tuple[bytes, list[str | None]]) -> None:
    """The solvers' answers to ``lines`` agree: the same codes and unique solutions. Two
    searches meet several solutions in their own orders, so each search's two are checked
    on their own: two different solutions of the line (the oracle: `is_solution`)."""
    first, *others = answers
    for other in others:
        assert other[0] == first[0]
        assert [s for c, s in zip(*other, strict=True) if c != _batch.SEVERAL] == [
            s for c, s in zip(*first, strict=True) if c != _batch.SEVERAL
        ]
    for codes, found in answers:
        for line, code, pair in zip(lines, codes, found, strict=True):
            if code == _batch.SEVERAL:
                assert pair is not None
                one, two = pair[:81], pair[81:]
                assert one != two and len(two) == 81
                assert is_solution(parse(one), parse(line)) and is_solution(parse(two), parse(line))


SOLVED = format_line(complete_grid(Shape.for_size(9), seed=3))
NINE_EDGES = [
    "." * 81,  # several
    SOLVED,  # nothing to search
    "." + SOLVED[1:],  # one blank
    SOLVED[:80] + SOLVED[0],  # a full grid whose last given breaks a unit
    "12345678." + "........9" + "." * 63,  # no solution, no clash: the corner has no digit
    HARD,
    TWO_SOLUTIONS,
    "." + HARD[1:],  # a given fewer
]


def test_the_band_search_answers_as_the_bitmask_search_does():
    """The band-wise search of the usual 9x9 shape and the bitmask search of every shape
    give the same codes and solutions on random puzzles (several solutions, none, givens
    that clash) and edge cases; the unit order does not matter to it."""
    lines = random_puzzles(Shape.for_size(9), 400, seed=11) + NINE_EDGES
    solvers = _nine_solvers()
    found = {name: solver.solve(lines) for name, solver in solvers.items()}
    assert_agree(lines, found["bands"], found["shuffled"], found["masks"])
    codes = set(found["bands"][0])
    assert codes == {_batch.NONE, _batch.UNIQUE, _batch.SEVERAL, _batch.PYTHON}
    assert solvers["bands"].guesses == solvers["shuffled"].guesses
    assert solvers["bands"].guesses < solvers["masks"].guesses  # it propagates more


@pytest.mark.parametrize("name", ["sudoku17.txt", "easy10k.txt", "top1465.txt"])
def test_the_band_search_answers_the_data_sets_as_the_bitmask_search_does(data_file, name):
    lines = data_file(name).read_text().splitlines()
    solvers = _nine_solvers()
    bands, masks = (solvers[path].solve(lines) for path in ("bands", "masks"))
    assert bands == masks and set(bands[0]) == {_batch.UNIQUE}


def test_the_band_search_answers_hard_puzzles_changed_as_the_bitmask_search_does(data_file):
    """Hard puzzles with a given taken away (most then have several solutions) or changed
    (most then have none, found by propagation running into an empty item) answer as on the
    bitmask search, which neither matches triads nor applies the triad rule."""
    rng = random.Random(7)
    variants = []
    for line in data_file("top1465.txt").read_text().splitlines()[:300]:
        k = rng.choice([k for k, symbol in enumerate(line) if symbol != "."])
        other = rng.choice([d for d in "123456789" if d != line[k]])
        variants += [line[:k] + "." + line[k + 1 :], line[:k] + other + line[k + 1 :]]
    solvers = _nine_solvers()
    bands, masks = (solvers[path].solve(variants) for path in ("bands", "masks"))
    assert_agree(variants, bands, masks)
    assert {_batch.NONE, _batch.UNIQUE, _batch.SEVERAL} <= set(bands[0])
    for line, code, found in zip(variants, *bands, strict=True):
        if code == _batch.UNIQUE:
            assert is_solution(parse(found), parse(line))


@pytest.mark.parametrize(("name", "most"), [("sudoku17.txt", 0.65), ("top1465.txt", 10.0)])
def test_the_band_search_guesses_no_more_than_it_did(data_file, name, most):
    """Guesses a puzzle, counting to two, stay at most what the search made when its
    propagation and branching were last changed (tdoku makes 0.61 and 9.07 there; this
    search 1.37 and 19.5 before it matched stacks, applied the triad rule and chose among
    the cells of two options)."""
    lines = data_file(name).read_text().splitlines()
    solver = _nine_solvers()["bands"]
    solver.solve(lines)
    assert 0 < solver.guesses <= most * len(lines)


def test_guesses_are_counted_as_tdoku_counts_them():
    """A guess is an option tried where others are left: none for a puzzle propagation
    solves, a total over every call, read-only."""
    solver = _nine_solvers()["bands"]
    assert solver.guesses == 0
    solver.solve([SOLVED, "." + SOLVED[1:]])
    assert solver.guesses == 0
    solver.solve([HARD])  # the hardest of the tests' puzzles, solved by propagation alone
    assert solver.guesses == 0
    solver.solve(["." * 81])  # two solutions: guesses down to the first, then one more
    assert solver.guesses > 0
    with pytest.raises(AttributeError):
        solver.guesses = 0  # type: ignore[misc]


# 16x16 jigsaw regions whose empty grid the bitmask search fills after some 10^4 guesses.
SLOW_JIGSAW_16 = Shape.jigsaw("""
aaaabbbbbccccccc aaabbbbcbccddccd aaaaabccccdddddd aeeeebffddddhhdd
aaebbbfffgggghdh aeeebffffffghhhh ieeeefgggggghlhh ieeeffggjgkgllhh
iieifjgjjkkkkllh iiiifjjjkkolkklh iiimmjjnkkollllh immmmjnnkoopppll
imnjjjjnkkopopll imnnnjjnkkoooplp imnnnnnnnooooppp mmmmmmmooopppppp""")


def test_a_guess_limit_stops_the_search_at_the_same_point_on_every_run():
    """solve(guesses=...) answers STOPPED rather than timing out, the same on every run,
    and count_to says None; without the limit the same search fills the grid."""
    empty = Grid.empty(SLOW_JIGSAW_16)
    solver = _batch.Solver()
    sudoku.solve.add_shape(solver, SLOW_JIGSAW_16, engine_order=False)
    for _ in range(2):
        codes, found = solver.solve([format_line(empty)], guesses=1)
        assert list(codes) == [_batch.STOPPED] and found == [None]
    assert sudoku.solve.count_to(empty, 1, max_guesses=1) is None
    assert sudoku.solve.first_in_c(empty, 1) is None
    grid = sudoku.solve.first_in_c(empty, 10**6)
    assert grid is not None and is_solution(grid, empty)
    assert sudoku.solve.count_to(empty, 1, max_guesses=10**6) == 1
    with pytest.raises(ValueError, match="guesses must be None or 1 or more"):
        solver.solve([format_line(empty)], guesses=0)


@pytest.mark.parametrize("kind", ["bands", "masks"])
def test_counting_to_one_shows_the_first_solution_found(kind):
    """limit=1 stops at a first solution and shows it, on both searches (several exist)."""
    solver = _nine_solvers()[kind]
    none = "12345678." + "........9" + "." * 63  # the corner has no digit
    codes, found = solver.solve(["." * 81, HARD, none], limit=1)  # type: ignore[attr-defined]
    assert list(codes) == [_batch.UNIQUE, _batch.UNIQUE, _batch.NONE] and found[2] is None
    assert is_solution(parse(found[0]), parse("." * 81))
    assert is_solution(parse(found[1]), parse(HARD))
    with pytest.raises(ValueError, match="limit must be 1 or 2"):
        solver.solve([HARD], limit=3)  # type: ignore[attr-defined]


def dug_by_the_engine(shape: Shape, cells: list[int], order: list[tuple[int, ...]]) -> list[int]:
    """Digging's rule on the engine's count (dlx, not the C batch): each orbit blanked in
    turn, kept blank when the puzzle has one solution."""
    cells = list(cells)
    for orbit in order:
        kept = [cells[i] for i in orbit]
        for i in orbit:
            cells[i] = 0
        if search(Grid(shape, tuple(cells))).count(2) != 1:
            for i, d in zip(orbit, kept, strict=True):
                cells[i] = d
    return cells


@pytest.mark.parametrize("shape", [Shape(), Shape.for_size(4), Shape.x(9), JIGSAW], ids=str)
def test_dig_blanks_as_the_engine_counts(shape):
    """Solver.dig (generation's digging in one C call) keeps the blankings the engine's
    count keeps, orbit by orbit: single cells in random order, and the orbits of a half
    turn (pairs, the centre alone), on the bands (9x9) and the bitmasks (the others)."""
    solver = sudoku.solve._lean_solver(shape)
    n, rng = shape.size, random.Random(shape.size)
    for k in range(4):
        cells = list(complete_grid(shape, seed=k).cells)
        singles = [(i,) for i in rng.sample(range(n * n), n * n)]
        turns = sorted({tuple(sorted({i, n * n - 1 - i})) for i in range(n * n)})
        rng.shuffle(turns)
        for order in (singles, turns):
            dug = list(solver.dig(bytes(cells), order))
            assert dug == dug_by_the_engine(shape, cells, order)
            assert is_solution(Grid(shape, tuple(cells)), Grid(shape, tuple(dug)))
            assert search(Grid(shape, tuple(dug))).count(2) == 1


def test_dig_keeps_givens_that_clash_and_refuses_what_it_cannot_use():
    solver = sudoku.solve._lean_solver(Shape.for_size(4))
    clashing = bytes([1, 1] + [0] * 14)  # no solution, whatever is blanked: all stays
    assert solver.dig(clashing, [(0,), (1,), (0, 1)]) == clashing
    full = bytes(complete_grid(Shape.for_size(4), seed=1).cells)
    assert solver.dig(full, []) == full
    with pytest.raises(ValueError, match="15 cells are no grid"):
        solver.dig(full[:15], [])
    with pytest.raises(ValueError, match="cell 3 holds 5, more than 4"):
        solver.dig(full[:3] + bytes([5]) + full[4:], [])
    with pytest.raises(ValueError, match="orbit 1 names cell 16, not one of 0-15"):
        solver.dig(full, [(0,), (16,)])
    with pytest.raises(ValueError, match="orbit 0 names cell -1"):
        solver.dig(full, [(-1,)])
    with pytest.raises(TypeError, match="orbit 0 is 3, not a tuple or list"):
        solver.dig(full, [3])
    with pytest.raises(TypeError, match="orbits must be a sequence"):
        solver.dig(full, 3)
    with pytest.raises(TypeError):
        solver.dig(full, [("a",)])
    with pytest.raises(TypeError):
        solver.dig("1234" * 4, [])  # bytes, not a str
    with pytest.raises(ValueError, match="no grid of a shape added"):
        _batch.Solver().dig(full, [])
    stopped = _batch.Solver(4)
    stopped.add_shape(4, None, [list(u) for u in Shape.for_size(4).unit_indices])
    stopped.stop()
    with pytest.raises(RuntimeError, match="stopped"):
        stopped.dig(full, [(0,)])
