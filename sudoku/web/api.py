"""The play API as plain functions: a decoded JSON body in, JSON-ready data out.

The answers are the library's own: a puzzle is solved and rated through ``sudoku.batch``
(the one road for puzzles), and answered as the records of ``sudoku.records`` that the
command line writes too (``kind``, ``status``, ``solutions``...; an error is an ``error``
record), with the page's own description of the board beside them where it needs one.
Hints are the rater's steps as data (``Step.to_record``): technique, cells, units, digits.

Each endpoint takes the request body (a dict) and returns a dict, or SVG text for `sheet`.
A request that cannot be served raises `ApiError` with an HTTP status and a message that
says what is wrong and where (the field, and for puzzle text the line and column). Nothing
here knows about HTTP servers: the app runs these functions in a worker process under a
time budget (see `sudoku.web.jobs`), and the tests call them through the app.

Glossary
    spec      how a request names a puzzle: ``puzzle`` (text in any layout the parser reads),
              ``variant`` (a key of `VARIANTS`) and, for jigsaw and killer, ``regions`` or
              ``cages``: the map in the file formats of `sudoku.variants`
    board     how an answer describes a puzzle to the page: size, symbols, givens, the region
              of every cell (thick borders), extra regions (shaded), every unit (conflicts),
              killer cages, and the spec to send back with later requests
    entries   the digits on the player's grid, n*n ints row-major, 0 for a blank; the givens
              included
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from sudoku.batch import SOLVE, Task, Work, answer
from sudoku.files import read_text
from sudoku.generate import SYMMETRIES, GenerateError, resolve_seed
from sudoku.grid import (
    Grid,
    GridError,
    Shape,
    cell_name,
    check_givens,
    conflicts,
    format_line,
    parse,
)
from sudoku.make_variants import generate_variant
from sudoku.rate import BANDS, LEVELS, TECHNIQUES, Candidates, Step
from sudoku.records import BadInput, Place, Rated, Solved, Status
from sudoku.sheets import sheet as svg_sheet
from sudoku.variants import (
    VARIANTS,
    Variant,
    VariantError,
    VariantName,
    variant_block,
    variant_key,
    variant_name,
    variant_shape,
)

MAX_SIZE = 16  # the largest grid the page plays and the API works on
MAX_TEXT = 20_000  # characters of puzzle or region text read at most
# Generation stops itself after this many seconds and says what came closest (or returns a
# unique puzzle not yet dug down to minimal); the app's job budget, longer, is the backstop.
GENERATE_TIME_LIMIT = 15.0
# The largest new puzzle of a variant made within a request's budget (others: MAX_SIZE): a
# 12x12 killer or a 16x16 jigsaw can take half a minute and more.
LARGEST_MADE = {"jigsaw": 12, "killer": 10}

Body = dict[str, Any]


class ApiError(Exception):
    """A request that cannot be served: ``status`` is the HTTP status, ``message`` says why.

    ``field`` names the part of the request at fault; ``line`` and ``column`` (1-based) say
    where in a field's text, as the parser reports them.
    """

    def __init__(
        self,
        status: int,
        message: str,
        *,
        field: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ):
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field
        self.line = line
        self.column = column

    def to_json(self) -> Body:
        """The error as the API returns it: an ``error`` record (``sudoku.records``), with
        the field and the line and column in its text where they are known."""
        place = None if self.line is None else Place("line", self.line)
        return BadInput(place, self.message, self.column, self.field).to_record()


#: Grid sizes with boxes, up to MAX_SIZE: the sizes a new puzzle can have.
SIZES = tuple(n for n in range(4, MAX_SIZE + 1) if any(n % r == 0 for r in range(2, n)))


# --- reading requests ----------------------------------------------------------------------


def _field(body: Body, name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    """``body[name]`` checked to be of ``kind``; 400 naming the field when it is not."""
    if name not in body or body[name] is None:
        if default is ...:
            raise ApiError(400, f"missing field {name!r}", field=name)
        return default
    value = body[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
        names = " or ".join(k.__name__ for k in kinds)
        raise ApiError(400, f"field {name!r} must be {names}, not {value!r}"[:200], field=name)
    return value


def _choice(body: Body, name: str, choices: Any, default: Any) -> Any:
    value = _field(body, name, str, default)
    if value is not None and value not in choices:
        raise ApiError(
            400, f"unknown {name} {value!r}; choose one of {', '.join(choices)}", field=name
        )
    return value


def _reader(variant: Variant, body: Body) -> tuple[Callable[[str], Grid], Shape | None]:
    """How to read one puzzle of ``variant``, and its shape when its map fixes it: from its
    map, or from the size of the text's grid (`sudoku.variants.variant_shape` either way)."""
    name = variant.map_field
    if name is None:

        def read(text: str) -> Grid:
            grid = parse(text)
            shape = variant_shape(grid.shape.size, **variant.options())
            return grid if shape is None else Grid(shape, grid.cells)

        return read, None
    text = _field(body, name, str, "")
    if not text.strip():
        raise ApiError(
            400, f"a {variant.label} puzzle needs its {name}: {variant.map_help}", field=name
        )
    if len(text) > MAX_TEXT:
        raise ApiError(413, f"{name} is {len(text)} characters, at most {MAX_TEXT}", field=name)
    try:
        shape = variant_shape(**variant.options(text))
    except VariantError as error:
        raise ApiError(
            422, f"{name}: {error}", field=name, line=error.line, column=error.column
        ) from None
    return partial(parse, shape=shape), shape


def read_puzzle(body: Body) -> Grid:
    """The puzzle a request names (see *spec* above), in any layout `sudoku.files` reads;
    refused when it is not a grid or is larger than MAX_SIZE. A killer's cages may come
    alone, without a puzzle: then it has no givens (the cages decide it)."""
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    read, shape = _reader(VARIANTS[_choice(body, "variant", VARIANTS, "classic")], body)
    caged = shape is not None and bool(shape.cages)
    text = _field(body, "puzzle", str, "" if caged else ...)
    if len(text) > MAX_TEXT:
        raise ApiError(
            413, f"puzzle is {len(text)} characters, at most {MAX_TEXT} are read", field="puzzle"
        )
    if shape is not None and caged and not text.strip():
        grids = [Grid.empty(shape)]
    else:
        try:
            grids = read_text(text, read)
        except GridError as error:
            raise ApiError(
                422, str(error), field="puzzle", line=error.line, column=error.column
            ) from None
    if not grids:
        raise ApiError(422, "found no puzzle in the text", field="puzzle")
    grid = grids[0]
    if grid.shape.size > MAX_SIZE:
        n = grid.shape.size
        raise ApiError(
            413, f"found a {n}x{n} grid; the page works on grids up to {MAX_SIZE}x{MAX_SIZE}"
        )
    return grid


def read_entries(body: Body, puzzle: Grid) -> Grid:
    """The player's grid from ``body["entries"]``: n*n digits that keep the puzzle's givens."""
    entries = _field(body, "entries", list)
    n = puzzle.shape.size
    if len(entries) != n * n or not all(
        isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= n for d in entries
    ):
        raise ApiError(
            400, f"entries must be a list of {n * n} digits 0..{n} (0 for a blank)", field="entries"
        )
    givens = puzzle.cells
    changed = [k for k, d in enumerate(entries) if givens[k] and givens[k] != d]
    if changed:
        cell = cell_name(divmod(changed[0], n))
        raise ApiError(422, f"entries change the given at {cell}", field="entries")
    return Grid(puzzle.shape, tuple(entries))


def _checked(puzzle: Grid) -> None:
    """422 when the givens break the rules, naming the digits, the units and the cells."""
    try:
        check_givens(puzzle)
    except GridError as error:
        raise ApiError(422, str(error), field="puzzle") from None


# --- describing answers --------------------------------------------------------------------


def board(grid: Grid, variant: str) -> Body:
    """Everything the page needs to draw ``grid`` and check it as the player types."""
    shape = grid.shape
    n = shape.size
    region_of = [0] * (n * n)
    for k, box in enumerate(shape.boxes):
        for r, c in box:
            region_of[r * n + c] = k
    spec: Body = {"puzzle": format_line(grid), "variant": variant}
    kind = VARIANTS[variant]
    label = kind.label
    if variant_key(shape) != variant:  # a pasted puzzle that states its own rules: keep them
        spec["puzzle"] = variant_block(grid, format_line(grid))
        label = variant_name(shape)
    elif kind.map_field and kind.write_map:
        spec[kind.map_field] = kind.write_map(shape)
    return {
        "size": n,
        "variant": variant,
        "label": label,
        "symbols": shape.symbols,
        "givens": list(grid.cells),
        "regions": region_of,
        "extra": [[r * n + c for r, c in region] for region in shape.extra_regions],
        "units": [list(unit) for unit in shape.unit_indices],
        "unit_names": list(shape.unit_names),
        "cages": [
            {"sum": total, "cells": [r * n + c for r, c in cells]} for total, cells in shape.cages
        ],
        "spec": spec,
    }


# --- endpoints -----------------------------------------------------------------------------


def options(body: Body | None = None) -> Body:
    """What the page may ask for: sizes, variants, levels (with their bands of Sudoku
    Explainer's scale, lowest and highest rating, None for no top), symmetries, techniques."""
    return {
        "sizes": list(SIZES),
        "max_size": MAX_SIZE,
        "variants": {
            v.name.value: {
                "label": v.label,
                "largest": LARGEST_MADE.get(v.name.value, MAX_SIZE),
                "digs": v.name != VariantName.killer,  # to a level, with a symmetry
                "map": v.map_field,
                "map_help": v.map_help,
            }
            for v in VARIANTS.values()
        },
        "levels": list(LEVELS),
        "bands": {level: list(band) for level, band in BANDS.items()},
        "symmetries": list(SYMMETRIES),
        "techniques": TECHNIQUES,
    }


def read(body: Body) -> Body:
    """Read a pasted puzzle: its board, or 422 with the parser's message, line and column."""
    grid = read_puzzle(body)
    return {"board": board(grid, body.get("variant") or "classic")}


def generate(body: Body) -> Body:
    """A new unique puzzle of ``size``, ``variant``, ``level``, ``symmetry`` and ``seed``."""
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    size = _field(body, "size", int, 9)
    if size not in SIZES:
        raise ApiError(
            422,
            f"size {size} is not offered; choose one of {', '.join(map(str, SIZES))}",
            field="size",
        )
    name = _choice(body, "variant", VARIANTS, "classic")
    variant = VARIANTS[name]
    largest = LARGEST_MADE.get(name, MAX_SIZE)
    if size > largest:
        raise ApiError(
            422,
            f"{variant.label} puzzles are made here up to {largest}x{largest} (larger ones "
            f"take longer than a request may); the command line makes them: "
            f"dlx-sudoku generate --{name} --size {size}",
            field="size",
        )
    level = _choice(body, "level", LEVELS, None)
    symmetry = _choice(body, "symmetry", SYMMETRIES, "none")
    killer = name == VariantName.killer
    if killer and (level is not None or symmetry != "none"):
        raise ApiError(
            422,
            "a killer is made from its cages alone: no level or symmetry to choose",
            field="level" if level is not None else "symmetry",
        )
    seed = _field(body, "seed", int, None)
    if seed is not None and not 0 <= seed < 2**63:
        raise ApiError(400, f"seed must be from 0 to 2**63 - 1, not {seed}", field="seed")
    digging = {"difficulty": level, "symmetry": symmetry, "time_limit": GENERATE_TIME_LIMIT}
    try:
        # a variant with a map gets a new one made: until then the size is all its shape says
        shape = variant_shape(size, **variant.options()) if not variant.map_field else None
        made = generate_variant(
            shape or Shape.for_size(size),
            jigsaw=name == VariantName.jigsaw,
            killer=killer,
            seed=resolve_seed(seed),
            **({"time_limit": GENERATE_TIME_LIMIT} if killer else digging),
        )
    except (GenerateError, GridError) as error:
        raise ApiError(422, str(error)) from None
    return {"board": board(made.puzzle, name), **made.record().to_record()}


def _solved(puzzle: Grid) -> tuple[Status, tuple[int, ...] | None]:
    """The puzzle solved through the stream's road: its status, and the first solution's
    digits (None without one); 422 when the givens break the rules."""
    _checked(puzzle)
    solved = answer(puzzle, SOLVE)
    if not isinstance(solved, Solved):  # the givens break the rules
        raise ApiError(422, getattr(solved, "error", "not a puzzle"), field="puzzle")
    if not solved.solutions:
        return solved.status, None
    return solved.status, parse(solved.solutions[0], puzzle.shape).cells


def check(body: Body) -> Body:
    """The player's grid against the rules and the solution: conflicts, wrong cells, done?"""
    puzzle = read_puzzle(body)
    entries = read_entries(body, puzzle)
    status, solution = _solved(puzzle)
    unique = solution if status is Status.UNIQUE else None
    wrong, clashes, fix = _mistakes(entries, puzzle, unique)
    return {
        "status": status.value,
        "conflicts": clashes,
        "wrong": wrong,
        "fix": fix,
        "complete": entries.is_complete(),
        "solved": entries.is_complete() and not fix,
    }


def _mistakes(
    entries: Grid, puzzle: Grid, solution: tuple[int, ...] | None
) -> tuple[list[int], list[Body], list[int]]:
    """The player's mistakes: the cells that differ from the solution (when it is unique:
    ``solution`` not None), the conflicts (a unit, a digit, its cells, givens among them),
    and the cells to fix: the player's own among both, never a given."""
    n = puzzle.shape.size
    wrong = []
    if solution is not None:
        wrong = [k for k, d in enumerate(entries.cells) if d and d != solution[k]]
    clashes: list[Body] = [
        {"unit": unit, "digit": digit, "cells": [r * n + c for r, c in cells]}
        for unit, digit, cells in conflicts(entries)
    ]
    clashing = {k for clash in clashes for k in clash["cells"]}
    fix = sorted(k for k in {*wrong, *clashing} if not puzzle.cells[k])
    return wrong, clashes, fix


def hint(body: Body) -> Body:
    """The next step a person would take from the player's grid, with the technique, its
    reason and the cells it uses; or the mistakes to fix first."""
    puzzle = read_puzzle(body)
    entries = read_entries(body, puzzle)
    shape, n = puzzle.shape, puzzle.shape.size
    status, solution = _solved(puzzle)
    if status is Status.NONE or solution is None:
        raise ApiError(422, "this puzzle has no solution, so there is no hint to give")
    if status is Status.SEVERAL:
        raise ApiError(
            422, "this puzzle has more than one solution: no hint can lead to one", field="puzzle"
        )
    _, _, fix = _mistakes(entries, puzzle, solution)
    if fix:
        names = ", ".join(cell_name(divmod(k, n)) for k in fix[:6])
        return {
            "kind": "mistake",
            "cells": fix,
            "message": f"fix these first: {names}{' ...' if len(fix) > 6 else ''}",
        }
    if entries.is_complete():
        return {"kind": "done", "message": "the grid is solved"}
    steps = _steps_to_placement(entries)
    if not steps:
        k = entries.cells.index(0)
        digit = solution[k]
        return {
            "kind": "reveal",
            "cells": [k],
            "placements": [[k, digit]],
            "message": f"no technique known here applies; the solution has "
            f"{shape.symbols[digit - 1]} at {cell_name(divmod(k, n))}",
        }
    described = [step.to_record() for step in steps]  # the rater's pattern, as data
    order = list(TECHNIQUES)
    hardest = max(described, key=lambda step: order.index(step["technique"]))
    return {
        "kind": "step",
        "technique": hardest["technique"],
        "level": hardest["level"],
        "se": hardest["se"],
        "message": "; then ".join(step["message"] for step in described),
        "cells": sorted({k for step in described for k in step["cells"]}),
        "units": sorted({u for step in described for u in step["units"]}),
        "digits": sorted({d for step in described for d in step["digits"]}),
        "placements": described[-1]["placements"],
        "eliminations": [e for step in described for e in step["eliminations"]],
        "steps": described,
    }


def _steps_to_placement(entries: Grid, most: int = 100) -> list[Step]:
    """The steps a person takes from ``entries`` up to the first that places a digit: the
    eliminations on the way explain it. Empty when the techniques run out first."""
    try:
        pencil = Candidates(entries)
        steps: list[Step] = []
        while len(steps) < most:
            step = next((found[0] for t in TECHNIQUES if (found := pencil.find(t))), None)
            if step is None:
                return []
            steps.append(step)
            if step.placements:
                return steps
            pencil.apply(step)
    except GridError:  # several solutions, and the player's digits rule every one out
        pass
    return []


def solve(body: Body) -> Body:
    """The ``solve`` record: the solution, and whether it is unique (a second one is looked
    for), with the engine's statistics."""
    puzzle = read_puzzle(body)
    _checked(puzzle)
    return answer(puzzle, Task(stats=True)).to_record()  # type: ignore[union-attr]


def rate(body: Body) -> Body:
    """The ``rating`` record: the level, the hardest technique needed, how many steps of
    each; a puzzle without exactly one solution is not rated (its status says why)."""
    puzzle = read_puzzle(body)
    _checked(puzzle)
    rated = answer(puzzle, Task(Work.RATE))
    if not isinstance(rated, Rated):  # logic found a contradiction
        raise ApiError(422, getattr(rated, "error", "cannot be rated"))
    if rated.level is None:  # as the command line: only a puzzle with one solution
        why = "more than one solution" if rated.status is Status.SEVERAL else "no solution"
        raise ApiError(422, f"not rated: this puzzle has {why}", field="puzzle")
    return rated.to_record()


def sheet(body: Body) -> str:
    """A printable A4 sheet (SVG) of the puzzle, with its solution page when ``solution``."""
    puzzle = read_puzzle(body)
    with_solution = _field(body, "solution", bool, False)
    title = _field(body, "title", str, VARIANTS[body.get("variant") or "classic"].label)[:100]
    solutions = None
    if with_solution:
        _, found = _solved(puzzle)
        if found is None:
            raise ApiError(422, "this puzzle has no solution to print")
        solutions = [Grid(puzzle.shape, found)]
    caption = _field(body, "caption", str, "")[:100]
    return svg_sheet([puzzle], captions=[caption], solutions=solutions, title=title)


#: The endpoints the app serves under /api/<name>, all by POST with a JSON body.
ENDPOINTS: dict[str, Callable[[Body], Body | str]] = {
    "options": options,
    "read": read,
    "generate": generate,
    "check": check,
    "hint": hint,
    "solve": solve,
    "rate": rate,
    "sheet": sheet,
}
