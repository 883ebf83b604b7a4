"""An independent counter of tilings of small flat boards, for the tests of dlx.tiling.

It shares nothing with the engine or ``dlx.tiling``: orientations by its own turns and
flips, the board's symmetries by its own check, solutions by filling the first empty cell
in reading order with every piece that fits there (an explicit stack, no recursion).
"""

from __future__ import annotations

Cell2 = tuple[int, int]


def _normal(cells: list[Cell2]) -> tuple[Cell2, ...]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def turns_and_flips(cells: list[Cell2], flips: bool = True) -> list[tuple[Cell2, ...]]:
    """The distinct orientations of a flat shape."""
    found = set()
    shape = list(cells)
    for _ in range(4):
        shape = [(c, -r) for r, c in shape]
        found.add(_normal(shape))
        if flips:
            found.add(_normal([(r, -c) for r, c in shape]))
    return sorted(found)


def picture_cells(picture: str) -> list[Cell2]:
    """The cells of a flat picture: any character but space and '.'."""
    return [
        (r, c)
        for r, row in enumerate(picture.splitlines())
        for c, ch in enumerate(row)
        if ch not in " ."
    ]


Tiling = frozenset[tuple[str, tuple[Cell2, ...]]]


def tilings(board: list[Cell2], pieces: dict[str, tuple[list[Cell2], int]]) -> list[Tiling]:
    """Every tiling of ``board`` by ``pieces`` (name -> (cells, copies)), copies alike."""
    cells = set(board)
    shapes = {name: turns_and_flips(cells_) for name, (cells_, _) in pieces.items()}
    result = []
    stack: list[tuple[frozenset[Cell2], tuple[tuple[str, tuple[Cell2, ...]], ...], dict]] = [
        (frozenset(), (), {name: copies for name, (_, copies) in pieces.items()})
    ]
    while stack:
        filled, placed, left = stack.pop()
        empty = sorted(cells - filled)
        if not empty:
            if not any(left.values()):
                result.append(frozenset(placed))
            continue
        r0, c0 = empty[0]
        for name, orientations in shapes.items():
            if not left[name]:
                continue
            for shape in orientations:
                ar, ac = shape[0]
                moved = tuple((r0 + r - ar, c0 + c - ac) for r, c in shape)
                if all(cell in cells and cell not in filled for cell in moved):
                    rest = dict(left)
                    rest[name] -= 1
                    stack.append((filled | set(moved), (*placed, (name, moved)), rest))
    return result


def board_maps(board: list[Cell2]) -> list[dict[Cell2, Cell2]]:
    """The board's symmetries among the 8 motions of the plane, as cell maps."""
    result = []
    target = _normal(board)
    top = min(r for r, _ in board)
    left = min(c for _, c in board)
    for k in range(8):

        def move(cell: Cell2, k: int = k) -> Cell2:
            r, c = cell
            for _ in range(k % 4):
                r, c = c, -r
            return (r, -c) if k >= 4 else (r, c)

        image = [move(cell) for cell in board]
        if _normal(image) != target:
            continue
        dr = top - min(r for r, _ in image)
        dc = left - min(c for _, c in image)
        result.append({cell: (move(cell)[0] + dr, move(cell)[1] + dc) for cell in board})
    return result


def canonical(tiling: Tiling, maps: list[dict[Cell2, Cell2]]) -> tuple:
    """The least image of a tiling under the board's symmetries."""
    return min(
        tuple(sorted((name, tuple(sorted(m[c] for c in cells))) for name, cells in tiling))
        for m in maps
    )
