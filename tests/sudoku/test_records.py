"""The one answer schema: every kind of record validates against the shipped JSON Schema,
the schema refuses what is not a record, and the bulk writers of a C run write exactly
what the records would."""

from __future__ import annotations

import csv
import io
import itertools
import json

import pytest

from sudoku.batch import Task, Work, answer_texts, answers
from sudoku.grid import parse
from sudoku.records import (
    COLUMNS,
    BadInput,
    Counted,
    Generated,
    Listed,
    Place,
    Rated,
    Solved,
    Stats,
    Status,
    UniqueRun,
    as_line,
    as_lines,
    schema,
)

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TWO = "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293"
LINES = ["# a comment", HARD, "." * 16, "12x" + "." * 13, ".234....1.......", "11" + "." * 79]


def validate(record: dict) -> None:
    jsonschema.validate(record, schema(), cls=jsonschema.Draft202012Validator)


def test_the_schema_is_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())


def every_kind() -> list[object]:
    """Records of every kind, as the stream and the library make them."""
    made = []
    for task in (Task(), Task(stats=True), Task(Work.COUNT, limit=3), Task(Work.RATE, steps=True)):
        made += list(answers(LINES, task, backend="python"))
        made += list(answer_texts([HARD, TWO, "nonsense"], task))
    for listing in answers(["." * 16], Task(Work.LIST, limit=3)):
        made += list(listing.each())
    made.append(Generated(HARD, "1" * 81, 9, 7, 20, symmetry="rot180", minimal=True))
    made.append(BadInput(None, "found no puzzle in the text", field="puzzle"))
    return made


def test_every_kind_of_record_validates_against_the_schema() -> None:
    kinds = set()
    for answer in every_kind():
        record = answer.to_record()
        validate(record)
        json.dumps(record)  # JSON types only
        kinds.add(record["kind"])
    assert kinds == {"solve", "count", "solution", "rating", "generated", "error"}


@pytest.mark.parametrize(
    "record",
    [
        {"puzzle": HARD, "status": "unique", "solutions": []},  # no kind
        {"kind": "solve", "puzzle": HARD, "status": "solved", "solutions": []},
        {"kind": "solve", "puzzle": "x" * 81, "status": "none", "solutions": []},
        {"kind": "count", "puzzle": HARD, "count": -1},
        {"kind": "error", "status": "error"},  # no message
        {"kind": "rating", "puzzle": HARD, "status": "unique", "level": "easy"},  # half a rating
        {"kind": "solve", "line": 0, "puzzle": HARD, "status": "none", "solutions": []},
        {"kind": "generated", "puzzle": HARD, "extra": 1},
    ],
)
def test_the_schema_refuses_what_is_not_a_record(record: dict) -> None:
    with pytest.raises(jsonschema.ValidationError):
        validate(record)


def c_runs() -> list[UniqueRun]:
    pytest.importorskip("sudoku._batch", reason="the C batch was not built")
    lines = [HARD.replace(".", "0"), HARD, HARD.replace(".", "_").lower()] * 100
    runs = [a for a in answers(lines) if isinstance(a, UniqueRun)]
    assert runs, "plain unique lines come back as runs"
    return runs


def test_a_runs_json_lines_are_its_records_to_the_byte() -> None:
    for run in c_runs():
        expected = "".join(
            json.dumps(solved.to_record(), separators=(",", ":")) + "\n" for solved in run.each()
        )
        assert run.json_lines() == expected


def test_a_runs_csv_rows_are_what_a_csv_writer_writes() -> None:
    columns = ("line", *COLUMNS["solve"])
    for run in c_runs():
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        for solved in run.each():
            record = solved.to_record()
            writer.writerow(
                [" ".join(record[c]) if c == "solutions" else record.get(c, "") for c in columns]
            )
        assert run.csv_rows() == out.getvalue()


@pytest.mark.parametrize(
    "text",
    [HARD, HARD.replace(".", "0"), f"  {HARD}\t", "a" + "." * 254 + "G", "_-0." + "1" * 12],
)
def test_as_line_is_the_line_form_of_the_parsed_grid(text: str) -> None:
    from sudoku.grid import format_line

    assert as_line(text) == format_line(parse(text))


def test_as_lines_is_as_line_of_each_line() -> None:
    texts = [
        HARD,
        HARD.replace(".", "0"),
        f"  {HARD}\t\r\n",
        "a" + "." * 254 + "G",
        "_-0." + "1" * 12,
    ]
    assert as_lines(texts) == [as_line(text) for text in texts]
    assert as_lines([]) == [""] and as_lines([HARD]) == [HARD]


def test_a_runs_answers_are_the_named_tuples_of_each_puzzle() -> None:
    """each() builds its tuples without their constructors: the same values, the same types."""
    for run in c_runs():
        expected = [
            Solved(Place("line", run.first + k), as_line(puzzle), Status.UNIQUE, (solution,))
            for k, (puzzle, solution) in enumerate(zip(run.puzzles, run.solutions, strict=True))
        ]
        got = list(run.each())
        assert got == expected
        assert {(type(s), type(s.place)) for s in got} == {(Solved, Place)}
        assert all(parse(s.puzzle) == parse(p) for s, p in zip(got, run.puzzles, strict=True))
    with pytest.raises(ValueError, match="one solution a puzzle"):
        UniqueRun(1, [HARD, HARD], [HARD]).each()


def test_records_name_their_place_first_and_leave_out_what_is_unknown() -> None:
    solved = Solved(Place("line", 7), HARD, Status.NONE, ())
    assert list(solved.to_record()) == ["line", "kind", "puzzle", "status", "solutions"]
    assert "stats" not in solved.to_record()
    with_stats = Solved(None, HARD, Status.NONE, (), Stats(3, 40, 0.5)).to_record()
    assert with_stats["stats"] == {"nodes": 3, "updates": 40, "seconds": 0.5}
    assert "limit" not in Counted(Place("argument", 1), HARD, 2).to_record()
    assert Listed(None, HARD, 1, "1" * 81).to_record()["number"] == 1
    unrated = Rated(None, TWO, Status.SEVERAL).to_record()
    assert "level" not in unrated and unrated["status"] == "several"
    assert list(itertools.islice(Generated(HARD, "1" * 81, 9, 0, 20).to_record(), 2)) == [
        "kind",
        "puzzle",
    ]
