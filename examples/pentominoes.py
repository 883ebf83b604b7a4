"""Pentominoes: pack the twelve pentominoes into a 6x10, 5x12, 4x15 or 3x20 box.

As exact cover (Knuth, "Dancing Links", 2000): the items are the piece names F I L N P T U
V W X Y Z (Conway's letters) and the cells, named by two base-36 digits, row then column
("3a" is row 3, column 10).  An option is one placement of one piece: "X 01 10 11 12 21".
Its name is (piece, cells) with cells the sorted (row, column) pairs.

This is the model written by hand, as Knuth does (its pieces come from `dlx.tiling`);
`dlx-sudoku tile 6x10 --pieces pentominoes --count` builds the same problem from the piece
set and breaks the symmetry itself (`dlx.tiling.symmetry`), for any board.

Every packing turned upside down, mirrored left to right, or both, is another packing, and
none is its own image, so each is found 4 times.  Breaking that symmetry (the default) finds
each once, as Knuth does: the X, the same in every orientation, keeps only the placements
with its centre in the top-left quarter of the box.  In a box with an odd side the X can
also sit on the middle line, where the mirror image across the line leaves it in place;
there the P's orientation settles which of the two packings counts (`symmetry_items`).

Known counts with symmetry broken: 2339 (6x10), 1010 (5x12), 368 (4x15), 2 (3x20);
without: four times as many, e.g. 9356 for 6x10.

  python -m examples.pentominoes 3x20 --count    # a packing, and how many: 2
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Iterator, Sequence

import dlx
from dlx.tiling import piece_set, shapes

try:
    from examples import _cli
except ImportError:  # run as a file, examples/ not on the path: python examples/queens.py
    import _cli  # type: ignore[no-redef]

Cell = tuple[int, int]
"""(row, column), from 0."""
Placement = tuple[str, tuple[Cell, ...]]
"""(piece, sorted cells): one placement of a piece; also the name of its option."""

PIECES: dict[str, tuple[Cell, ...]] = {
    piece.name: tuple((r, c) for _, r, c in piece.cells) for piece in piece_set("pentominoes")
}
"""The twelve pentominoes, from dlx.tiling's built-in set, in one orientation each."""

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
"""Base 36, for naming a cell by two characters."""


def normalize(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The cells moved to touch row 0 and column 0, sorted: one shape, one tuple."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def orientations(piece: str) -> list[tuple[Cell, ...]]:
    """The distinct orientations of a piece under rotation and reflection (1, 2, 4 or 8),
    as dlx.tiling turns and flips flat pieces."""
    flat = [(0, r, c) for r, c in PIECES[piece]]
    return [tuple((r, c) for _, r, c in shape) for shape in shapes.orientations(flat, shapes.FLAT)]


MIRROR_LINES = (("midrow", 0), ("midcol", 1))
"""The secondary items that break a mirror symmetry, and the axis each mirror flips."""


def mirror(shape: Iterable[Cell], axis: int) -> tuple[Cell, ...]:
    """A shape flipped upside down (axis 0) or left to right (axis 1), normalized."""
    return normalize((-r, c) if axis == 0 else (r, -c) for r, c in shape)


def cell_name(cell: Cell) -> str:
    """The item for a cell: row and column as base-36 digits, e.g. "3a"."""
    return DIGITS[cell[0]] + DIGITS[cell[1]]


def check_box(height: int, width: int) -> None:
    """Raise ValueError unless the box has the pentominoes' area, 60, and cells we can name."""
    if height * width != 60 or max(height, width) > len(DIGITS):
        raise ValueError(f"the twelve pentominoes cannot fill a {height}x{width} box")


def placements(shape: tuple[Cell, ...], height: int, width: int) -> Iterator[tuple[Cell, ...]]:
    """Every position of a normalized shape inside the box, as its sorted cells."""
    rows = 1 + max(r for r, _ in shape)
    cols = 1 + max(c for _, c in shape)
    for top in range(height - rows + 1):
        for left in range(width - cols + 1):
            yield tuple((top + r, left + c) for r, c in shape)


def symmetry_items(
    piece: str, shape: tuple[Cell, ...], cells: tuple[Cell, ...], sides: tuple[int, int]
) -> list[str] | None:
    """What breaking the box's symmetry does to a placement: None drops it, else extra items.

    The X keeps only its placements with the centre in the top-left quarter, and one on a
    middle line takes that line's item.  A P takes a middle line's item when its shape is
    the later, in tuple order, of itself and its mirror image across that line, so it
    cannot join an X on the line: of two packings that are mirror images with the X on
    the line, only the one with the P in the earlier shape is kept.
    """
    if piece == "X":
        centre = cells[2]  # the sorted cells of an X: top, left, centre, right, bottom
        if any(2 * centre[axis] > sides[axis] - 1 for axis in (0, 1)):
            return None
        return [tag for tag, axis in MIRROR_LINES if 2 * centre[axis] == sides[axis] - 1]
    if piece == "P":
        return [
            tag for tag, axis in MIRROR_LINES if sides[axis] % 2 and mirror(shape, axis) < shape
        ]
    return []


def problem(height: int = 6, width: int = 10, *, break_symmetry: bool = True) -> dlx.Problem:
    """Packing the twelve pentominoes into a height x width box of area 60."""
    check_box(height, width)
    sides = (height, width)
    options: dict[Placement, list[str]] = {}
    for piece in PIECES:
        for shape in orientations(piece):
            for cells in placements(shape, height, width):
                extra = symmetry_items(piece, shape, cells, sides) if break_symmetry else []
                if extra is not None:
                    options[piece, cells] = [piece, *map(cell_name, cells), *extra]
    secondary = [tag for tag, axis in MIRROR_LINES if break_symmetry and sides[axis] % 2]
    return dlx.Problem(options, secondary=secondary)


def decode(solution: Iterable[Placement]) -> tuple[str, ...]:
    """The packed box, row by row, each cell showing its piece's letter."""
    owner = {cell: piece for piece, cells in solution for cell in cells}
    height = 1 + max(r for r, _ in owner)
    width = 1 + max(c for _, c in owner)
    return tuple("".join(owner[r, c] for c in range(width)) for r in range(height))


def box(text: str) -> tuple[int, int]:
    """Parse a box size such as "6x10" (height x width) for argparse."""
    match = re.fullmatch(r"(\d+)x(\d+)", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"expected HEIGHTxWIDTH such as 6x10, not {text!r}")
    height, width = int(match[1]), int(match[2])
    try:
        check_box(height, width)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return height, width


def main(argv: Sequence[str] | None = None) -> int:
    """Print a packing of the box given on the command line, and count them with --count."""
    parser = _cli.parser(__doc__, symmetry="count packings that are mirror images or turned once")
    parser.add_argument(
        "box",
        type=box,
        nargs="?",
        default=(6, 10),
        help="the box as HxW: 6x10 (default), 5x12, 4x15, 3x20 or turned",
    )
    args = parser.parse_args(argv)
    _cli.report(
        problem(*args.box, break_symmetry=args.break_symmetry),
        lambda s: "\n".join(decode(s)),
        args,
        kind=" up to symmetry" if args.break_symmetry else "",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
