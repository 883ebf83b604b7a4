"""Knuth's DLX text format, read and written.

The first line that is not blank or a comment names the items: primary ones, then ``|``,
then secondary ones. Every later line is one option: item names separated by spaces, a
colored secondary item written ``item:color``. Lines starting with ``|`` are comments::

    | Knuth's example from "Dancing Links"
    a b c d e f g
    c e
    a d g

Options read from a file are named by their position, 0 for the first; ``Problem.option_text``
gives an option's line back. Writing and reading back a problem whose item names and colors
are strings gives an equal problem. A UTF-8 byte-order mark at the start is dropped.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Hashable, Iterable, Iterator
from typing import IO, Any

from dlx.errors import (
    ArgumentError,
    ArgumentTypeError,
    BoundError,
    ColorError,
    CostError,
    DuplicateItemError,
    FormatError,
    RepeatedItemError,
    UnknownItemError,
)
from dlx.problem import Problem

_ITEM_TOKEN = re.compile(r"(?:\d+(?::\d+)?\|)?[^\s|]+|\|")  # a name, u:v|name, v|name, |
_OPTION_TOKEN = re.compile(r"\|[^\s|]*|[^\s|]+")  # an entry, or |cost
_BOUNDED = re.compile(r"(?:(\d+):)?(\d+)\|(.+)")
_COST = re.compile(r"\d+(?:\.\d*)?(?:[eE][+-]?\d+)?")
BOM = "\ufeff"


def read(source: str | os.PathLike[str] | IO[str] | Iterable[str]) -> Problem:
    """A problem from DLX text: the text itself (a str), a path, an open text file, or
    its lines (any iterable of str).

    A str is always text, never a file name. So that a path passed as a str is not read
    as an item line, a one-line str without spaces that names an existing file raises
    ArgumentError (pass ``pathlib.Path(name)`` to read the file, or end the text with a
    newline). Bytes, a binary file or anything else raise ArgumentTypeError saying what
    was given; text that is not UTF-8 raises FormatError; a missing file, OSError.
    """
    if isinstance(source, os.PathLike):
        with open(source, encoding="utf-8-sig") as handle:
            return _parse(_decoded(handle))
    if isinstance(source, str):
        if source and source == source.strip() and not any(c.isspace() for c in source):
            if _names_a_file(source):
                raise ArgumentError(
                    f"read() was given the str {source!r}, which names a file: a str is DLX "
                    f"text; pass pathlib.Path({source!r}) to read the file"
                )
        return _parse(source.removeprefix(BOM).splitlines())
    if isinstance(source, bytes | bytearray | memoryview):
        raise ArgumentTypeError(
            f"read() takes text, a path or a text file, not {type(source).__name__}: "
            "decode it first (or pass its path)"
        )
    if not hasattr(source, "read") and not isinstance(source, Iterable):
        raise ArgumentTypeError(
            f"read() takes text, a path or a text file, not {type(source).__name__}"
        )
    return _parse(_decoded(source))


def _names_a_file(text: str) -> bool:
    try:
        return os.path.isfile(text)
    except (ValueError, OSError):  # a NUL character, a name too long: not a file
        return False


def _decoded(lines: Iterable[Any]) -> Iterator[str]:
    """The lines of a text file, a BOM dropped; a binary file or bad UTF-8 is an error."""
    first = True
    try:
        for line in lines:
            if not isinstance(line, str):
                raise ArgumentTypeError(
                    f"read() takes a text file, but reading it gave {type(line).__name__}: "
                    "open it in text mode (or pass its path)"
                )
            yield line.removeprefix(BOM) if first else line
            first = False
    except UnicodeDecodeError as error:
        raise FormatError(f"the file is not UTF-8 text: {error}") from None


def write(
    problem: Problem, file: str | os.PathLike[str] | IO[str] | None = None, *, comment: str = ""
) -> str:
    """The problem as DLX text; also written to ``file`` (a path or an open file) if given.

    ``comment`` lines go first, each behind ``| ``. Item names and colors must be
    non-empty and free of spaces, ``:`` and ``|`` to be written, and there must be a
    primary item: Knuth's item line cannot start with ``|``, which begins a comment.
    Anything else raises FormatError before a line is written.
    """
    if not problem.primary:
        raise FormatError(
            "a problem without primary items cannot be written in DLX format: its item "
            "line would start with '|', which begins a comment (its one solution is the "
            "empty cover)"
        )
    for name in (*problem.primary, *problem.secondary):
        _writable(name, "item")
    head = " ".join(_bounded(item, problem.bounds.get(item)) for item in problem.primary)
    if not comment and head.startswith(BOM):  # read drops a BOM that starts the text
        head = f" {head}"
    if problem.secondary:
        head += " | " + " ".join(map(str, problem.secondary))
    lines = [f"| {line}".rstrip() for line in comment.splitlines()] + [head]
    costs = problem.costs
    for k, name in enumerate(problem.options):
        for _, color in problem.entries(name):
            if color is not None:
                _writable(color, "color")
        cost = "" if costs is None else f" |{costs[k]!r}"
        lines.append(problem.option_text(name) + cost)
    text = "\n".join(lines) + "\n"
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8") as handle:
            handle.write(text)
    elif file is not None:
        file.write(text)
    return text


def _writable(name: Any, what: str) -> None:
    text = str(name)
    if not text or any(ch.isspace() or ch in ":|" for ch in text):
        raise FormatError(f"{what} {name!r} cannot be written in DLX format (spaces, ':' or '|')")


def _bounded(item: Any, bounds: tuple[int, int] | None) -> str:
    """An item of the first line, with Knuth's ``u:v|`` (or ``v|``) before it if bounded."""
    if bounds is None:
        return str(item)
    u, v = bounds
    return f"{v}|{item}" if u == v else f"{u}:{v}|{item}"


def _tokens(pattern: re.Pattern[str], line: str) -> list[tuple[str, int]]:
    """The line's tokens with their 1-based columns."""
    return [(m.group(), m.start() + 1) for m in pattern.finditer(line)]


def _parse(lines: Iterable[str]) -> Problem:
    primary: list[str] = []
    secondary: list[str] = []
    kinds: dict[str, str] = {}
    bounds: dict[Hashable, tuple[int, int]] = {}
    options: list[list[str]] = []
    costs: list[float] = []
    header_seen = costed = False
    total = 0.0  # of every cost: a cover costs at most this, and it must be a number
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            continue
        if not header_seen:
            header_seen = True
            _read_items(_tokens(_ITEM_TOKEN, line), number, primary, secondary, kinds, bounds)
            continue
        entries, cost = _read_option(_tokens(_OPTION_TOKEN, line), number, kinds)
        options.append(entries)
        costs.append(0 if cost is None else cost)
        costed = costed or cost is not None
        if cost is not None and not math.isfinite(total := total + cost):
            raise CostError(
                "the costs add up past the largest number a float holds: a cover's cost "
                "could not be told",
                line=number,
            )
    if not header_seen:
        raise FormatError("no item line: the first line that is not a comment must name the items")
    return Problem(
        options,
        primary=primary,
        secondary=secondary,
        bounds=bounds,
        costs=costs if costed else None,
    )


def _read_items(
    tokens: list[tuple[str, int]],
    line: int,
    primary: list[str],
    secondary: list[str],
    kinds: dict[str, str],
    bounds: dict[Hashable, tuple[int, int]],
) -> None:
    names = primary
    for token, column in tokens:
        if token == "|":
            if names is secondary:
                raise FormatError("a second '|' on the item line", line=line, column=column)
            names = secondary
            continue
        bounded = _BOUNDED.fullmatch(token)
        if bounded:
            low, high, token = bounded.groups()
            if names is secondary:
                raise BoundError(
                    f"secondary item {token!r} cannot have bounds", line=line, column=column
                )
            u, v = int(high if low is None else low), int(high)
            if not 0 <= u <= v or v < 1:
                raise BoundError(
                    f"item {token!r}: bounds {u}:{v} are not 0 <= u <= v with v >= 1",
                    line=line,
                    column=column,
                )
            if (u, v) != (1, 1):
                bounds[token] = (u, v)
        if ":" in token:
            raise FormatError(f"item name {token!r} contains ':'", line=line, column=column)
        if token in kinds:
            raise DuplicateItemError(f"item {token!r} is declared twice", line=line, column=column)
        kinds[token] = "primary" if names is primary else "secondary"
        names.append(token)


def _read_option(
    tokens: list[tuple[str, int]], line: int, kinds: dict[str, str]
) -> tuple[list[str], float | None]:
    """The option's entries, and its cost: its ``|cost`` token (DLX5), if it has one; a
    second one, or a cost past what a float holds, is refused where it stands."""
    entries: list[str] = []
    seen: set[str] = set()
    cost: float | None = None
    for token, column in tokens:
        if token == "|":
            raise FormatError(
                "'|' inside an option (a cost is written |N; comments start a line)",
                line=line,
                column=column,
            )
        if token.startswith("|"):
            if not _COST.fullmatch(token[1:]):
                raise CostError(
                    f"{token!r} is not a cost (a number >= 0 right after '|'; "
                    "comments start a line)",
                    line=line,
                    column=column,
                )
            if cost is not None:
                raise CostError(
                    f"{token!r} is a second cost: an option has one", line=line, column=column
                )
            value = float(token[1:]) if any(c in token for c in ".eE") else int(token[1:])
            if not math.isfinite(value):
                raise CostError(
                    f"{token!r} is past the largest cost a float holds", line=line, column=column
                )
            cost = value
            continue
        item, colon, color = token.partition(":")
        if colon and (not item or not color or ":" in color):
            raise FormatError(f"{token!r} is not of the form item:color", line=line, column=column)
        kind = kinds.get(item)
        if kind is None:
            raise UnknownItemError(f"unknown item {item!r}", line=line, column=column)
        if colon and kind == "primary":
            raise ColorError(f"primary item {item!r} cannot have a color", line=line, column=column)
        if item in seen:
            raise RepeatedItemError(
                f"item {item!r} appears twice in this option", line=line, column=column
            )
        seen.add(item)
        entries.append(token)
    return entries, cost
