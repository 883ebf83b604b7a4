"""The engine's errors: one base class, and messages that say what is wrong and where.

Every error is a ``ValueError`` (bad input), carries the offending item or option when
there is one, and the 1-based ``line`` and ``column`` when it came from a text file.
"""

from __future__ import annotations


class DLXError(ValueError):
    """Base class of every error the engine raises about a problem or its input."""

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None):
        self.message = message
        self.line = line
        self.column = column
        where = ""
        if line is not None:
            where = f"line {line}" + (f", column {column}" if column is not None else "") + ": "
        super().__init__(where + message)


class FormatError(DLXError):
    """A line of a DLX text file that cannot be read (``line`` and ``column`` say where)."""


class UnknownItemError(DLXError):
    """An option names an item that was not declared."""


class DuplicateItemError(DLXError):
    """An item is declared twice (as primary, secondary, or both)."""


class RepeatedItemError(DLXError):
    """An option names the same item twice."""


class ColorError(DLXError):
    """A color is given to a primary item (only secondary items can have colors)."""


class EmptyOptionError(DLXError):
    """An option has no items at all."""


class UnknownOptionError(DLXError):
    """A forced option names no option of the problem."""


class ConflictError(DLXError):
    """Forced options that cannot all be in one solution."""


class BoundError(DLXError):
    """A primary item's multiplicity bounds are not 0 <= u <= v with v >= 1, or are given
    to an item that is not primary."""


class CostError(DLXError):
    """An option's cost is negative, not a number, or given to an unknown option."""


class ArgumentError(DLXError):
    """An argument the API cannot take: a value out of range, or of the wrong kind."""


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type (an unhashable item, bytes for text, a str seed); also a
    ``TypeError``, as Python would raise."""


class SearchStateError(DLXError):
    """A search asked for what it cannot give now: more solutions after a node or time
    limit or Ctrl-C ended it (``stopped_by`` says which), or a call from inside its own
    progress callback."""


class TooLargeError(DLXError):
    """A problem past what the chosen loop can hold in memory (the ``bits`` loop's masks)."""


class TilingError(DLXError):
    """A tiling that cannot be set up: a picture that cannot be read (``line`` and
    ``column`` say where), an unknown piece set or piece, pieces that cannot fill the board."""
