"""One answer schema: every result the toolkit gives, as one JSON-ready record.

The command line (``--format json`` and ``csv``), the web API and the Python API describe
their answers with these classes, so an answer has one shape wherever it is read. Each has
``to_record()``: a dict of JSON types whose ``kind`` says which answer it is, validated by
the JSON Schema shipped beside this module (``records.schema.json``, see :func:`schema`).

Glossary
    kind      ``solve`` (a puzzle solved, uniqueness proved: none, unique, or the first two
              of several), ``count`` (solutions counted to a limit), ``solution`` (one of a
              puzzle's solutions listed in turn), ``rating`` (how hard a puzzle is for a
              person), ``generated`` (a new puzzle), ``error`` (an input that is not a
              puzzle, or whose givens break the rules)
    place     where an answer's puzzle came from: ``("line", 7)`` for the record starting on
              line 7 of a file, ``("argument", 2)`` for a command's second argument; None
              for one puzzle handed over alone (the web API). It is the record's first field.
    puzzle    a grid in its line form (``sudoku.grid.format_line``): row-major symbols,
              ``.`` for a blank
    run       consecutive puzzles of a file solved in C, all unique (:class:`UniqueRun`):
              one object for a whole chunk, so that a million lines cost no million objects

CSV writes the fields of :data:`COLUMNS` for each kind, ``stats`` merged in, lists joined
by spaces.

The answers are named tuples, not dataclasses: frozen, small and picklable alike, and
some ten times cheaper to define, which every command's start-up pays.
"""

# No `from __future__ import annotations` here: the named tuples' constructors then carry
# the field types themselves, not strings that pdoc (the API reference) cannot resolve.
import enum
from collections.abc import Iterator
from functools import cache
from itertools import repeat
from typing import Any, NamedTuple, cast

Record = dict[str, Any]


class Status(str, enum.Enum):
    """Which case holds for a puzzle: no solution, exactly one, or more than one."""

    NONE = "none"
    UNIQUE = "unique"
    SEVERAL = "several"


class Place(NamedTuple):
    """Where a puzzle came from: ``label`` is ``"line"`` or ``"argument"``, ``number`` 1-based."""

    label: str
    number: int


def _placed(place: Place | None, kind: str) -> Record:
    record: Record = {} if place is None else {place.label: place.number}
    record["kind"] = kind
    return record


class Stats(NamedTuple):
    """The engine's work on one puzzle: search nodes, link updates and seconds."""

    nodes: int
    updates: int
    seconds: float

    def to_record(self) -> Record:
        """The ``stats`` field of a ``solve`` record."""
        return {"nodes": self.nodes, "updates": self.updates, "seconds": self.seconds}


class Solved(NamedTuple):
    """A puzzle solved: ``solutions`` holds none, the one, or the first two of several."""

    place: Place | None
    puzzle: str
    status: Status
    solutions: tuple[str, ...]
    stats: Stats | None = None

    def to_record(self) -> Record:
        """The ``solve`` record: the puzzle, its status, its solutions, ``stats`` if kept."""
        record = _placed(self.place, "solve")
        record |= {"puzzle": self.puzzle, "status": self.status.value}
        record["solutions"] = list(self.solutions)
        if self.stats is not None:
            record["stats"] = self.stats.to_record()
        return record


class Counted(NamedTuple):
    """A puzzle's solutions counted, up to ``limit`` when one was given."""

    place: Place | None
    puzzle: str
    count: int  # type: ignore[assignment]  # the field stands for tuple.count, unused here
    limit: int | None = None

    def to_record(self) -> Record:
        """The ``count`` record: the puzzle, the count, and the ``limit`` if there was one."""
        record = _placed(self.place, "count") | {"puzzle": self.puzzle, "count": self.count}
        if self.limit is not None:
            record["limit"] = self.limit
        return record


class Listed(NamedTuple):
    """Solution number ``number`` (from 1) of a puzzle whose solutions are listed in turn."""

    place: Place | None
    puzzle: str
    number: int
    solution: str

    def to_record(self) -> Record:
        """The ``solution`` record: the puzzle, the solution and its ``number``."""
        record = _placed(self.place, "solution") | {"puzzle": self.puzzle}
        return record | {"number": self.number, "solution": self.solution}


class Rated(NamedTuple):
    """How hard a puzzle is for a person. A puzzle without exactly one solution is not
    rated: ``level`` and the rest are None, ``status`` says why."""

    place: Place | None
    puzzle: str
    status: Status
    level: str | None = None
    hardest: str | None = None
    solved: bool | None = None  # the techniques alone solve it (no guess needed)
    se: float | None = None  # Sudoku Explainer's scale: the hardest step's difficulty
    se_estimated: bool | None = None  # se is a floor: a guess or a spent budget ended it
    techniques: tuple[tuple[str, int], ...] = ()  # each technique used, how many times
    log: tuple[str, ...] | None = None  # every step, in words, when asked for
    nodes: int | None = None  # the engine's work to solve it, a mechanical measure beside
    updates: int | None = None

    @property
    def steps(self) -> int:
        """How many steps the techniques took, all told."""
        return sum(n for _, n in self.techniques)

    def to_record(self) -> Record:
        """The ``rating`` record: the status, and the level, techniques and steps of a
        puzzle rated (the log and the engine's work when kept)."""
        record = _placed(self.place, "rating") | {"puzzle": self.puzzle}
        record["status"] = self.status.value
        if self.level is not None:
            record |= {"level": self.level, "hardest": self.hardest, "solved": self.solved}
            record |= {"se": self.se, "se_estimated": self.se_estimated}
            record |= {"steps": self.steps, "techniques": dict(self.techniques)}
        if self.log is not None:
            record["log"] = list(self.log)
        if self.nodes is not None:
            record |= {"nodes": self.nodes, "updates": self.updates}
        return record


class Generated(NamedTuple):
    """A new unique puzzle with its solution and what reproduces it (the seed).

    ``regions`` and ``cages`` are the variant's maps in the file formats of
    ``sudoku.variants``, when its shape is not a plain box grid."""

    puzzle: str
    solution: str
    size: int
    seed: int
    clues: int
    variant: str = "classic"
    symmetry: str | None = None
    minimal: bool | None = None
    level: str | None = None
    hardest: str | None = None
    se: float | None = None  # the rating on Sudoku Explainer's scale, when not a floor
    attempts: int | None = None
    nodes: int | None = None
    updates: int | None = None
    regions: str | None = None
    cages: str | None = None

    def to_record(self) -> Record:
        """The ``generated`` record: every field that is not None."""
        record = _placed(None, "generated")
        for name in self._fields:
            value = getattr(self, name)
            if value is not None:
                record[name] = value
        return record


class BadInput(NamedTuple):
    """An input that is not a puzzle, or whose givens break the rules: ``error`` says what
    and where (the line and column within the input, when known)."""

    place: Place | None
    error: str
    column: int | None = None
    field: str | None = None  # the web API: which field of the request is at fault

    def to_record(self) -> Record:
        """The ``error`` record: the message, and the ``column`` and ``field`` when known."""
        record = _placed(self.place, "error") | {"status": "error", "error": self.error}
        if self.column is not None:
            record["column"] = self.column
        if self.field is not None:
            record["field"] = self.field
        return record


Answer = Solved | Counted | Listed | Rated | BadInput


class UniqueRun(NamedTuple):
    """Consecutive lines of a file from line ``first`` on, each a puzzle solved in C with a
    unique solution: ``solutions[k]`` solves ``puzzles[k]`` (line ``first + k``). Puzzles
    are as the file wrote them (blanks may be ``0``): :meth:`each` gives them in line form."""

    first: int
    puzzles: list[str]
    solutions: list[str]

    def each(self) -> Iterator[Solved]:
        """The run one :class:`Solved` a puzzle (made without a Python call a puzzle: the
        named tuples' constructors are Python functions, ``tuple.__new__`` is not)."""
        if len(self.puzzles) != len(self.solutions):
            raise ValueError("a run has one solution a puzzle")
        numbers = range(self.first, self.first + len(self.puzzles))
        places = map(tuple.__new__, repeat(Place), zip(repeat("line"), numbers))
        fields = zip(
            places,
            as_lines(self.puzzles),
            repeat(Status.UNIQUE),
            zip(self.solutions),  # each solution alone in a tuple
            repeat(None),  # no stats
        )
        return map(tuple.__new__, repeat(Solved), fields)

    def json_lines(self) -> str:
        """The run's records as JSON lines: ``json.dumps(solved.to_record())`` of each, to
        the byte, without building them (line-form puzzles and solutions are symbols and
        ``.`` alone, which JSON writes as they are)."""
        return "".join(
            f'{{"line":{k},"kind":"solve","puzzle":"{as_line(p)}","status":"unique",'
            f'"solutions":["{s}"]}}\n'
            for k, p, s in zip(
                range(self.first, self.first + len(self.puzzles)),
                self.puzzles,
                self.solutions,
                strict=True,
            )
        )

    def csv_rows(self) -> str:
        """The run's rows under the header ``COLUMNS["solve"]``, as a CSV writer writes them."""
        return "".join(
            f"{k},{as_line(p)},unique,{s},,,,\n"
            for k, p, s in zip(
                range(self.first, self.first + len(self.puzzles)),
                self.puzzles,
                self.solutions,
                strict=True,
            )
        )


# A plain puzzle line in line form: blanks as ".", letters upper case, no spaces around.
_OTHER_FORMS, _LINE_FORMS = "0_-abcdefghijklmnop", "...ABCDEFGHIJKLMNOP"
_LINE_FORM = str.maketrans(_OTHER_FORMS, _LINE_FORMS)
_LINE_FORM_BYTES = bytes.maketrans(_OTHER_FORMS.encode(), _LINE_FORMS.encode())
_SPACES = bytes(c for c in range(128) if chr(c).isspace())  # what str.strip strips, in ASCII


def as_line(text: str) -> str:
    """A line of symbols (as the C batch reads it: digits, letters, blanks ``. 0 _ -``) in
    line form, the same as ``format_line(parse(text))``."""
    return text.strip().translate(_LINE_FORM)


def as_lines(texts: list[str]) -> list[str]:
    """``as_line`` of each of ``texts``, ASCII lines of symbols alone (as the C batch takes
    them: no space but around them), all at once."""
    joined = ",".join(texts).encode("ascii").translate(_LINE_FORM_BYTES, _SPACES)
    return joined.decode("ascii").split(",")


# The CSV columns of each kind, after the place ("line" or "argument").
COLUMNS: dict[str, tuple[str, ...]] = {
    "solve": ("puzzle", "status", "solutions", "nodes", "updates", "seconds", "error"),
    "count": ("puzzle", "count", "limit", "error"),
    "solution": ("puzzle", "number", "solution", "error"),
    "rating": (
        "puzzle",
        "status",
        "level",
        "hardest",
        "se",
        "se_estimated",
        "steps",
        "nodes",
        "updates",
        "error",
    ),
    "generated": (
        "puzzle",
        "solution",
        "size",
        "seed",
        "clues",
        "symmetry",
        "minimal",
        "level",
        "hardest",
        "se",
        "attempts",
        "nodes",
        "updates",
    ),
}

SCHEMA_FILE = "records.schema.json"


@cache
def schema() -> Record:
    """The JSON Schema (draft 2020-12) every record validates against, shipped with the
    package: for users who check the output of ``--format json`` or of the web API."""
    import json
    from importlib import resources

    text = resources.files("sudoku").joinpath(SCHEMA_FILE).read_text("utf-8")
    return cast(Record, json.loads(text))
