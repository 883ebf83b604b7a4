"""Solutions of a tiling drawn: JSON records and SVG pictures.

A record is a solution as plain data: its number, the board's picture with the pieces'
names, and each placement's piece and cells (``[row, column]`` on a flat board,
``[layer, row, column]`` on a solid one). The SVG draws each solution as squares coloured
by piece (one colour a piece, the same in every solution), a thick line between two
placements; a solid board layer by layer, side by side, layer 1 on the left.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from dlx.tiling.model import Solution, Tiling

CELL = 24  # the side of a cell, in SVG user units
GAP = 16  # between two layers, and between two solutions


def record(tiling: Tiling, solution: Solution, number: int) -> dict[str, Any]:
    """A solution as a JSON-ready dict: ``solution`` (its number), ``picture`` (the rows
    of the board's picture with the pieces' names, a blank row between layers) and
    ``pieces`` (each placement's ``piece`` and ``cells``)."""
    solid = tiling.board.solid
    return {
        "solution": number,
        "picture": tiling.picture(solution).split("\n"),
        "pieces": [
            {
                "piece": placement.piece,
                "cells": [list(cell) if solid else list(cell[1:]) for cell in placement.cells],
            }
            for placement in sorted(solution)
        ],
    }


def colours(tiling: Tiling) -> dict[str, str]:
    """A colour for each piece, hues spread around the wheel in the pieces' order."""
    count = len(tiling.pieces)
    return {
        piece.name: f"hsl({round(360 * k / count)}, 70%, {68 if k % 2 else 80}%)"
        for k, piece in enumerate(tiling.pieces)
    }


def svg(tiling: Tiling, solutions: Iterable[Solution]) -> str:
    """The solutions drawn one under another, as an SVG document."""
    cells = tiling.board.cells
    depth, height, width = (1 + max(c[axis] for c in cells) for axis in range(3))
    layer_width = width * CELL
    block_width = depth * layer_width + (depth - 1) * GAP
    block_height = height * CELL
    colour = colours(tiling)
    parts = []
    count = 0
    for count, solution in enumerate(solutions, start=1):
        top = GAP + (count - 1) * (block_height + GAP)
        parts.append(_solution(solution, top, layer_width, colour))
    total_height = GAP + count * (block_height + GAP)
    total_width = block_width + 2 * GAP
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_width}" '
        f'height="{total_height}" viewBox="0 0 {total_width} {total_height}">\n'
        f'<rect width="100%" height="100%" fill="white"/>\n' + "".join(parts) + "</svg>\n"
    )


def _solution(solution: Sequence[Any], top: int, layer_width: int, colour: dict[str, str]) -> str:
    """One solution's group: a square a cell, then the borders of each placement."""
    owner = {cell: k for k, placement in enumerate(solution) for cell in placement.cells}
    squares, lines = [], []
    for k, placement in enumerate(solution):
        fill = colour[placement.piece]
        for z, y, x in placement.cells:
            left = GAP + z * (layer_width + GAP) + x * CELL
            up = top + y * CELL
            squares.append(
                f'<rect x="{left}" y="{up}" width="{CELL}" height="{CELL}" fill="{fill}"/>'
            )
            for dy, dx, x1, y1, x2, y2 in (
                (-1, 0, 0, 0, 1, 0),
                (1, 0, 0, 1, 1, 1),
                (0, -1, 0, 0, 0, 1),
                (0, 1, 1, 0, 1, 1),
            ):
                if owner.get((z, y + dy, x + dx)) != k:
                    lines.append(
                        f'<line x1="{left + x1 * CELL}" y1="{up + y1 * CELL}" '
                        f'x2="{left + x2 * CELL}" y2="{up + y2 * CELL}"/>'
                    )
        centre = placement.cells[len(placement.cells) // 2]
        z, y, x = centre
        squares.append(
            f'<text x="{GAP + z * (layer_width + GAP) + x * CELL + CELL // 2}" '
            f'y="{top + y * CELL + CELL // 2 + 5}">{escape(placement.piece)}</text>'
        )
    return (
        '<g font-family="sans-serif" font-size="14" text-anchor="middle">\n'
        + "\n".join(squares)
        + '\n<g stroke="black" stroke-width="2" stroke-linecap="square">\n'
        + "\n".join(lines)
        + "\n</g>\n</g>\n"
    )
