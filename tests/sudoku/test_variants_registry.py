"""The one registry of variants (`sudoku.variants.VARIANTS`): a shape's name and key derived
from it, and `variant_shape`, which composes a shape from the options the command line and
the web take, refusing what does not go together with the option at fault named."""

import pickle
from itertools import product
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku.grid import GridError, Shape
from sudoku.make_variants import random_regions
from sudoku.variants import (
    VARIANTS,
    VariantError,
    VariantName,
    format_cages,
    format_regions,
    read_cages,
    read_regions,
    variant_key,
    variant_name,
    variant_shape,
    variants_of,
)

FIXTURES = Path(__file__).parent.parent / "fixtures" / "variants"
REGIONS = (FIXTURES / "jigsaw-wikipedia-nonomino.txt").read_text()
CAGES = (FIXTURES / "killer-ukpa.txt").read_text()
SMALL_CAGES = "aabb\naabb\nccdd\nccdd\na=10 b=10 c=10 d=10\n"


def test_the_registry_holds_every_variant_name_once():
    assert list(VARIANTS) == list(VariantName)
    assert all(VARIANTS[name].name is name for name in VariantName)
    assert VARIANTS["jigsaw"] is VARIANTS[VariantName.jigsaw]  # plain names look up too


@pytest.mark.parametrize("name", list(VariantName))
def test_each_variant_asks_for_itself_and_is_found_again(name):
    """The options a variant gives `variant_shape` make a shape that follows its rule and
    no other's, keyed by its name; its map (if any) is written back as read."""
    variant = VARIANTS[name]
    text = {"regions": REGIONS, "cages": CAGES}.get(variant.option or "")
    shape = variant_shape(9, **variant.options(text))
    assert shape is not None
    assert variants_of(shape) == (() if name is VariantName.classic else (variant,))
    assert variant_key(shape) == name.value
    if variant.map_field is not None:
        assert variant.map_field == variant.option and variant.write_map is not None
        again = variant_shape(**variant.options(variant.write_map(shape)))
        assert again is not None and again.units == shape.units and again.cages == shape.cages


def test_names_and_keys_of_every_combination():
    cages = [(3, [(0, 0), (0, 1)])]
    expected = {  # (jigsaw, windoku, killer, x): name, key
        (0, 0, 0, 0): ("Sudoku", "classic"),
        (0, 0, 1, 0): ("Killer sudoku", "killer"),
        (0, 1, 0, 0): ("Windoku", "windoku"),
        (0, 1, 1, 0): ("Killer windoku", "killer+windoku"),
        (0, 0, 0, 1): ("X-sudoku", "x"),
        (0, 0, 1, 1): ("Killer X-sudoku", "killer+x"),
        (0, 1, 0, 1): ("X-windoku", "windoku+x"),
        (0, 1, 1, 1): ("Killer X-windoku", "killer+windoku+x"),
        (1, 0, 0, 0): ("Jigsaw sudoku", "jigsaw"),
        (1, 0, 1, 0): ("Killer jigsaw sudoku", "jigsaw+killer"),
        (1, 0, 0, 1): ("Jigsaw X-sudoku", "jigsaw+x"),
        (1, 0, 1, 1): ("Killer jigsaw X-sudoku", "jigsaw+killer+x"),
    }
    for jigsaw, windoku, killer, x in product((0, 1), repeat=4):
        if jigsaw and windoku:
            continue
        shape = random_regions(9, 1) if jigsaw else Shape()
        shape = shape.with_windows() if windoku else shape
        shape = shape.with_cages(cages) if killer else shape
        shape = shape.with_diagonals() if x else shape
        key = (jigsaw, windoku, killer, x)
        assert (variant_name(shape), variant_key(shape)) == expected[key], key


def test_variant_shape_composes_what_the_options_say():
    assert variant_shape() is None
    assert variant_shape(x=True) is None  # each puzzle's size decides: variant_shape(n, x=...)
    assert variant_shape(6) == Shape.for_size(6)
    assert variant_shape(6, x=True) == Shape.x(6)
    assert variant_shape(windoku=True) == Shape().with_windows()  # windows default to 9x9
    assert variant_shape(16, windoku=True) == Shape.for_size(16).with_windows()
    assert variant_shape(regions=REGIONS) == read_regions(REGIONS)
    assert variant_shape(9, regions=REGIONS, x=True) == read_regions(REGIONS).with_diagonals()
    assert variant_shape(cages=CAGES) == read_cages(CAGES)
    assert variant_shape(4, cages=SMALL_CAGES) == read_cages(SMALL_CAGES)
    everything = variant_shape(9, x=True, windoku=True, cages=CAGES)
    assert everything == read_cages(CAGES, Shape().with_windows()).with_diagonals()
    jigsaw_killer = variant_shape(regions=REGIONS, cages=CAGES)
    assert jigsaw_killer == read_cages(CAGES, read_regions(REGIONS))
    assert variant_key(jigsaw_killer) == "jigsaw+killer"


@pytest.mark.parametrize(
    ("options", "option", "words", "line", "column"),
    [
        ({"size": 7}, "size", "found size 7", None, None),
        ({"windoku": True, "regions": REGIONS}, "windoku", "need boxes, not regions", None, None),
        ({"size": 6, "windoku": True}, "windoku", "windows need square boxes", None, None),
        ({"regions": "aabb\naabb\nccdd\nccdb\n"}, "regions", "region 'b' has 5 cells", 1, 3),
        (
            {"size": 9, "regions": "aabb\naabb\nccdd\nccdd\n"},
            "regions",
            "4x4 map, expected 9x9",
            None,
            None,
        ),
        ({"cages": "aabb\naabb\nccdd\nccd\n"}, "cages", "found 3 labels, expected 4", 4, 4),
        ({"size": 9, "cages": SMALL_CAGES}, "cages", "4x4 cage map, expected 9x9", 1, None),
        ({"regions": REGIONS, "cages": SMALL_CAGES}, "cages", "4x4 cage map", 1, None),
        ({"cages": SMALL_CAGES.replace("a=10", "a=99")}, "cages", "add up to 99", 5, 1),
    ],
)
def test_what_cannot_make_a_shape_names_the_option(options, option, words, line, column):
    with pytest.raises(VariantError) as caught:
        variant_shape(**options)
    error = caught.value
    assert isinstance(error, GridError) and error.option == option
    assert words in str(error) and (error.line, error.column) == (line, column)
    again = pickle.loads(pickle.dumps(error))  # crosses to and from worker processes
    assert (type(again), str(again), again.option) == (VariantError, str(error), option)


@pytest.mark.parametrize(
    ("options", "args"),
    [
        ({"size": 7}, ["--size", "7", "." * 49]),
        ({"windoku": True, "regions": REGIONS}, ["--windoku", "--regions", "{regions}", "." * 81]),
        ({"size": 6, "windoku": True}, ["--windoku", "--size", "6", "." * 36]),
        (
            {"size": 9, "regions": "aabb\naabb\nccdd\nccdd\n"},
            ["--size", "9", "--regions", "{regions}", "." * 81],
        ),
        ({"cages": "aabb\naabb\nccdd\nccd\n"}, ["--cages", "{cages}"]),
        ({"size": 9, "cages": SMALL_CAGES}, ["--size", "9", "--cages", "{cages}"]),
    ],
)
def test_the_command_line_refuses_the_same_options_in_the_same_words(tmp_path, options, args):
    """Black-box parity with the command line's own reading of its variant options (it
    names a map file before the library's message, and the flag at fault)."""
    from sudoku.cli import app

    files = {}
    for key in ("regions", "cages"):
        if key in options:
            files[key] = tmp_path / f"{key}.txt"
            files[key].write_text(options[key])
    with pytest.raises(VariantError) as caught:
        variant_shape(**options)
    argv = [arg.format(**files) for arg in args]
    result = CliRunner().invoke(app, ["count", *argv])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.replace("│", " ").split())
    assert " ".join(str(caught.value).split()) in said
    assert f"--{caught.value.option}" in said


def test_format_writers_are_the_registry_s():
    assert VARIANTS["jigsaw"].write_map is format_regions
    assert VARIANTS["killer"].write_map is format_cages
    assert VARIANTS["classic"].options() == {} and VARIANTS["x"].options() == {"x": True}
    assert VARIANTS["killer"].options("map") == {"cages": "map"}
