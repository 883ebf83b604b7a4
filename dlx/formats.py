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
are strings gives an equal problem.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import IO, Any

from dlx.errors import (
    ColorError,
    DuplicateItemError,
    FormatError,
    RepeatedItemError,
    UnknownItemError,
)
from dlx.problem import Problem

_TOKEN = re.compile(r"\||[^\s|]+")


def read(source: str | os.PathLike[str] | IO[str]) -> Problem:
    """A problem from DLX text: a string of text, a path, or an open text file."""
    if isinstance(source, os.PathLike):
        with open(source, encoding="utf-8") as handle:
            return _parse(handle)
    if isinstance(source, str):
        return _parse(source.splitlines())
    return _parse(source)


def write(
    problem: Problem, file: str | os.PathLike[str] | IO[str] | None = None, *, comment: str = ""
) -> str:
    """The problem as DLX text; also written to ``file`` (a path or an open file) if given.

    ``comment`` lines go first, each behind ``| ``. Item names and colors must be
    non-empty and free of spaces, ``:`` and ``|`` to be written.
    """
    for name in (*problem.primary, *problem.secondary):
        _writable(name, "item")
    head = " ".join(map(str, problem.primary))
    if problem.secondary:
        head += " | " + " ".join(map(str, problem.secondary))
    lines = [f"| {line}".rstrip() for line in comment.splitlines()] + [head]
    for name in problem.options:
        for _, color in problem.entries(name):
            if color is not None:
                _writable(color, "color")
        lines.append(problem.option_text(name))
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


def _tokens(line: str) -> list[tuple[str, int]]:
    """The line's tokens with their 1-based columns."""
    return [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]


def _parse(lines: Iterable[str]) -> Problem:
    primary: list[str] = []
    secondary: list[str] = []
    kinds: dict[str, str] = {}
    options: list[list[str]] = []
    header_seen = False
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            continue
        tokens = _tokens(line)
        if not header_seen:
            header_seen = True
            _read_items(tokens, number, primary, secondary, kinds)
            continue
        options.append(_read_option(tokens, number, kinds))
    if not header_seen:
        raise FormatError("no item line: the first line that is not a comment must name the items")
    return Problem(options, primary=primary, secondary=secondary)


def _read_items(
    tokens: list[tuple[str, int]],
    line: int,
    primary: list[str],
    secondary: list[str],
    kinds: dict[str, str],
) -> None:
    names = primary
    for token, column in tokens:
        if token == "|":
            if names is secondary:
                raise FormatError("a second '|' on the item line", line=line, column=column)
            names = secondary
            continue
        if ":" in token:
            raise FormatError(f"item name {token!r} contains ':'", line=line, column=column)
        if token in kinds:
            raise DuplicateItemError(f"item {token!r} is declared twice", line=line, column=column)
        kinds[token] = "primary" if names is primary else "secondary"
        names.append(token)


def _read_option(tokens: list[tuple[str, int]], line: int, kinds: dict[str, str]) -> list[str]:
    entries: list[str] = []
    seen: set[str] = set()
    for token, column in tokens:
        if token == "|":
            raise FormatError(
                "'|' inside an option (comments start a line)", line=line, column=column
            )
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
    return entries
