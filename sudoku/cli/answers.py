"""The one writer of the sudoku commands: every answer of ``sudoku.batch``'s stream written
as it comes, in the chosen --format, and the exit code the worst answer sets.

Output goes to stdout (or --output), one answer a puzzle in input order; what went wrong
with a puzzle goes to stderr, prefixed by where the puzzle came from ("line 7" of a file,
"argument 2" of the command). ``json`` writes each answer's record (``sudoku.records``, the
schema the web API shares), ``csv`` its fields under a header; ``line``, ``grid`` and
``spaced`` write what is shown of it: a solution (in that layout), a count, a rating. With
nothing to show, ``line`` writes a marker line ``# line 7: why``, so that output line k
answers input puzzle k.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import NamedTuple, TextIO

import typer

from dlx.cli_io import (
    CommandError,
    SearchWatch,
    guard,
    interactive,
    open_input,
    open_output,
    read_lines,
    time_limit,
)
from sudoku.batch import Listing, PuzzleReader, Reader, Task, answer_texts, answers
from sudoku.cli.options import BAD_INPUT, NO_SOLUTION, SEVERAL, SOLVED, note_fallback, progress_bar
from sudoku.files import MAX_LINE, LineLayout, RecordWriter, line_layout
from sudoku.records import (
    COLUMNS,
    BadInput,
    Counted,
    Place,
    Rated,
    Record,
    Solved,
    Status,
    UniqueRun,
)

_UNSOLVED = {Status.NONE: "no solution", Status.SEVERAL: "more than one solution"}
Layout = Callable[[str], str]  # a complete grid's line form, as a --format shows it


def _number(place: Place | None) -> int:
    """Where an answer's puzzle came from, as the notes say it (a command's answers all
    come from a file's lines or its arguments)."""
    assert place is not None, "the stream places every answer"
    return place.number


class GridLayout:
    """How a solution line of ``read``'s puzzles is shown in a grid layout (its size from
    its length: a file may mix sizes), one at a time or a run in bulk."""

    def __init__(self, fmt: str, read: Reader):
        self.fmt, self.read = fmt, read
        self._by_length: dict[int, LineLayout] = {}  # a shape a size, looked up once

    def _of(self, line: str) -> LineLayout:
        shown = self._by_length.get(len(line))
        if shown is None:
            shape = self.read.shape_for(math.isqrt(len(line)))
            shown = self._by_length[len(line)] = line_layout(self.fmt, shape)
        return shown

    def __call__(self, line: str) -> str:
        return self._of(line)(line)

    def many(self, lines: list[str]) -> str:
        """Each line as a block followed by a blank line."""
        if len({len(line) for line in lines}) == 1:
            return self._of(lines[0]).many(lines)
        return "".join(self(line) + "\n\n" for line in lines)


def grid_layout(fmt: str, read: Reader) -> Layout:
    """How a solution line of ``read``'s puzzles is shown in ``fmt``."""
    return GridLayout(fmt, read) if fmt in ("grid", "spaced") else str


class Report:
    """Writes answers as they come; remembers the exit code and how many of each kind.

    ``kind`` names the records written (their CSV columns); ``unique`` makes several
    solutions a failure (exit 3); ``stats`` shows each solve's statistics; ``layout`` shows
    a solution line in ``grid`` and ``spaced`` (a Samurai has its own); ``keep`` is called
    with every puzzle solved (the sheets draw them); ``clear`` before each solution of a
    listing is written (a progress line on the terminal is taken off)."""

    def __init__(
        self,
        out: TextIO,
        fmt: str,
        *,
        kind: str,
        label: str,
        unique: bool = False,
        stats: bool = False,
        layout: Layout = str,
        keep: Callable[[Solved], None] | None = None,
        clear: Callable[[], None] = lambda: None,
    ):
        self.out, self.fmt, self.label, self.clear = out, fmt, label, clear
        self.writer = RecordWriter(out, fmt, (label, *COLUMNS[kind]))
        self.unique, self.stats, self.layout, self.keep = unique, stats, layout, keep
        self.code = SOLVED
        self.tally: dict[str, int] = {}

    # --- the answers ------------------------------------------------------------------------

    def write(self, answer: object) -> None:
        """Write one answer of the stream, whichever it is."""
        if isinstance(answer, UniqueRun):
            self._run(answer)
        elif isinstance(answer, Solved):
            self._solved(answer)
        elif isinstance(answer, BadInput):
            self._bad(answer)
        elif isinstance(answer, Counted):
            self._count(NO_SOLUTION if answer.count == 0 else SOLVED, "counted")
            self._emit(answer.to_record(), str(answer.count))
        elif isinstance(answer, Listing):
            self._listing(answer)
        elif isinstance(answer, Rated):
            self._rated(answer)
        else:
            raise TypeError(f"not an answer: {answer!r}")

    def _bad(self, answer: BadInput) -> None:
        self._count(BAD_INPUT, "bad input")
        where = answer.place
        prefix = "" if where is None or where.label == "line" else f"argument {where.number}: "
        typer.echo(prefix + answer.error, err=True)  # a file's line: the error names it
        self._emit(answer.to_record(), None, "bad input")

    def _solved(self, answer: Solved) -> None:
        status, lines, where = answer.status, answer.solutions, _number(answer.place)
        if status is Status.NONE:
            self._count(NO_SOLUTION, "no solution")
            self._note(where, "no solution")
        elif status is Status.SEVERAL:
            self._count(SEVERAL if self.unique else SOLVED, "several")
            self._note(where, f"more than one solution, for example {lines[0]} and {lines[1]}")
        else:
            self._count(SOLVED, "unique")
        if self.stats and answer.stats is not None and self.fmt not in ("json", "csv"):
            s = answer.stats
            self._note(
                where,
                f"{status.value}; {s.nodes} nodes, {s.updates} updates, {s.seconds * 1000:.1f} ms",
            )
        shown = lines[0] if lines and (status is Status.UNIQUE or not self.unique) else None
        self._emit(answer.to_record(), shown and self._shown(shown), _UNSOLVED.get(status, ""))
        if self.keep is not None and lines:
            self.keep(answer)

    def _run(self, run: UniqueRun) -> None:
        """A chunk of puzzles solved in C, all unique: written in one go."""
        self._count(SOLVED, "unique", len(run.solutions))
        if self.fmt == "json":
            self.out.write(run.json_lines())
        elif self.fmt == "csv":
            self.writer.header()
            self.out.write(run.csv_rows())
        elif self.fmt == "line":
            self.writer.write_lines(run.solutions)
        elif isinstance(self.layout, GridLayout):
            self.out.write(self.layout.many(run.solutions))
        else:
            self.out.write("".join(self.layout(s) + "\n\n" for s in run.solutions))
        if self.keep is not None:
            for solved in run.each():
                self.keep(solved)

    def _listing(self, listing: Listing) -> None:
        """Every solution of one puzzle, numbered, each written as it is found."""
        number = 0
        for listed in listing.each():
            self.clear()
            number = listed.number
            self.writer.comment(f"{self.label} {listing.place.number}: solution {number}")
            self._emit(listed.to_record(), self._shown(listed.solution))
        self._count(SOLVED if number else NO_SOLUTION, "listed")
        if not number:
            self._note(listing.place.number, "no solution")
        elif number == listing.limit:
            self._note(
                listing.place.number, f"reached the limit of {number} solutions (there may be more)"
            )

    def _rated(self, answer: Rated) -> None:
        record, where = answer.to_record(), _number(answer.place)
        engine = (
            ""
            if answer.nodes is None
            else (f"; engine {answer.nodes} nodes, {answer.updates} updates")
        )
        if answer.level is None:
            several = answer.status is Status.SEVERAL
            kind = "more than one solution" if several else "no solution"
            self._count(SEVERAL if several else NO_SOLUTION, kind)
            self._note(where, f"not rated: {kind}")
            self._emit(record, None, f"not rated: {kind}")
            return
        self._count(SOLVED, answer.level)
        text = (
            f"{answer.level} ({answer.hardest or 'no step'}, SE {answer.se:.1f}"
            f"{' at least' if answer.se_estimated else ''}): {answer.steps} steps"
            f"{'' if answer.solved else ', then a guess'}{engine}"
        )
        text += "".join(f"\n  {step}" for step in answer.log or ())
        self._emit(record, text)

    # --- writing and counting ---------------------------------------------------------------

    def _shown(self, line: str) -> str:
        """A solution line as the format shows it: a block is followed by a blank line."""
        return line if self.fmt not in ("grid", "spaced") else self.layout(line) + "\n"

    def _emit(self, record: Record, shown: str | None, why: str = "") -> None:
        if shown is None and why and self.fmt == "line":
            self.writer.comment(f"{self.label} {record.get(self.label)}: {why}")
            return
        self.writer.write(record, shown)

    def _note(self, where: int, text: str) -> None:
        typer.echo(f"{self.label} {where}: {text}", err=True)

    def _count(self, code: int, kind: str, puzzles: int = 1) -> None:
        self.code = max(self.code, code)
        self.tally[kind] = self.tally.get(kind, 0) + puzzles

    def summary(self, seconds: float) -> None:
        """The run in one line on stderr: puzzles, puzzles a second, how many of each kind."""
        total = sum(self.tally.values())
        rate = f", {total / seconds:.1f} puzzles/s" if seconds > 0 else ""
        kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(self.tally.items()))
        typer.echo(f"{total} puzzles in {seconds:.2f} s{rate}: {kinds or 'none'}", err=True)


# --- the one loop: puzzles in, answers out, the exit code ------------------------------------


class Source(NamedTuple):
    """Where a command's puzzles come from: its arguments (one puzzle each, multi-line
    allowed), or a file or standard input (``-``) read as ``sudoku.files`` reads."""

    texts: tuple[str, ...] = ()
    file: str | None = None

    @classmethod
    def of(cls, puzzles: list[str], file: str | None) -> Source:
        """``--file F``, a lone ``-`` argument (stdin), or the arguments."""
        if file is None and puzzles == ["-"]:
            return cls(file="-")
        return cls(tuple(puzzles), file)

    @property
    def label(self) -> str:
        return "argument" if self.file is None else "line"


def puzzle_source(
    ctx: typer.Context, puzzles: list[str], file: str | None, jobs: int | None
) -> Source:
    """Where a command's puzzles come from: the arguments, ``--file``, or stdin when
    neither is given and stdin is not a terminal (on one, the command's help, exit 2)."""
    if puzzles and file is not None:
        raise typer.BadParameter("give puzzles or --file, not both", param_hint="--file")
    if not puzzles and file is None:
        if interactive():
            typer.echo(ctx.get_help())
            raise typer.Exit(BAD_INPUT)
        file = "-"
    source = Source.of(puzzles, file)
    if jobs is not None and source.file is None:
        raise typer.BadParameter(
            "--jobs answers a file (--file or -), not puzzles given as arguments",
            param_hint="--jobs",
        )
    return source


def run(
    source: Source,
    task: Task,
    *,
    read: PuzzleReader,
    fmt: str,
    output: Path | None = None,
    jobs: int | None = None,
    unique: bool = False,
    summary: bool = False,
    layout: Layout = str,
    keep: Callable[[Solved], None] | None = None,
    finish: Callable[[], None] | None = None,
    seconds: float | None = None,
) -> None:
    """Answer every puzzle of ``source`` through ``sudoku.batch`` and write each answer as
    it comes; call ``finish`` (the sheets); then exit with the worst code met. ``summary``
    ends with a line on stderr: how many puzzles, how fast. Past ``seconds`` the run stops
    as Ctrl-C stops it (``dlx.cli_io.time_limit``). A puzzle given as text shows its
    search's progress on a terminal, and says how far it got if it is stopped."""
    start = time.perf_counter()
    note_fallback()
    kind = {"solve": "solve", "count": "count", "list": "solution", "rate": "rating"}
    report: Report | None = None
    with guard(lambda: report.code if report else SOLVED), ExitStack() as stack:
        stack.enter_context(time_limit(seconds))
        out = stack.enter_context(open_output(output))
        watch = SearchWatch() if source.file is None else None
        report = Report(
            out,
            fmt,
            kind=kind[task.work.value],
            label=source.label,
            unique=unique,
            stats=task.stats,
            layout=layout,
            keep=keep,
            clear=watch.erase if watch is not None else lambda: None,
        )
        if source.file is None:
            stream: Iterator[object] = answer_texts(source.texts, task, read=read, watch=watch)
        else:
            lines = open_lines(source.file, stack)
            stream = answers(lines, task, read=read, jobs=jobs)
        with _saying_how_far(watch):
            for answer in stream:
                report.clear()
                report.write(answer)
        if source.file is not None and not report.tally:  # nothing to write: leave it be
            raise CommandError("no puzzle in the input")
        if output is not None and set(report.tally) == {"bad input"}:  # a failed run
            raise CommandError(f"every puzzle was bad input: {output} is left as it was")
        if finish is not None:
            finish()
        if summary:
            report.summary(time.perf_counter() - start)
        raise typer.Exit(report.code)


@contextmanager
def _saying_how_far(watch: SearchWatch | None) -> Iterator[None]:
    """When the block is stopped (Ctrl-C, a signal, the time limit) in a watched search,
    say on stderr how far that search got: its count so far, the part of its tree."""
    try:
        yield
    except KeyboardInterrupt:
        if watch is not None and watch.search is not None:
            watch.erase()
            typer.echo(f"stopped in a search: {watch.where()}", err=True)
        raise


def open_lines(file: str, stack: ExitStack) -> Iterable[str]:
    """The lines of a file or stdin (``-``), each cut to MAX_LINE + 1 characters (the
    reader refuses longer ones), moving a progress bar by characters read when stderr is a
    terminal; the file and the bar close with ``stack``."""
    lines = read_lines(stack.enter_context(open_input(file)), MAX_LINE)
    if file == "-" or not sys.stderr.isatty():
        return lines  # no bar to move
    advance = stack.enter_context(progress_bar(os.path.getsize(file), Path(file).name, True))
    return _advancing(lines, advance)


def _advancing(lines: Iterable[str], advance: Callable[[int], None]) -> Iterator[str]:
    done = 0
    for line in lines:
        done += len(line)
        advance(done)
        yield line
