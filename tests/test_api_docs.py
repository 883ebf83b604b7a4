"""The API reference: every public name of dlx and sudoku has a docstring, and the pdoc
build (docs/build_api.py, the README's command) runs with no warning.

A public name is one in a module's ``__all__``, else a class or function the module defines
without a leading underscore; with a class, its public methods and properties. Constants
are documented by the comments beside them (pdoc shows their values)."""

import dataclasses
import enum
import importlib
import importlib.util
import inspect
import types
from functools import cached_property
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parent.parent / "docs" / "build_api.py"


def _script() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("build_api", SCRIPT)
    assert spec is not None and spec.loader is not None, f"{SCRIPT} is missing"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_api = _script()
MODULES = build_api.public_modules()


def public_names(module: types.ModuleType) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is not None:
        return list(names)
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and callable(value)
        and getattr(value, "__module__", None) == module.__name__
    ]


def undocumented_members(cls: type, where: str) -> list[str]:
    """The class itself when it has no docstring of its own (a dataclass's or a
    NamedTuple's made-up signature does not count), and its public methods and properties
    without one (inherited docstrings count, as pdoc shows them)."""
    own = cls.__dict__.get("__doc__")
    missing = [where] if not own or own.startswith(f"{cls.__name__}(") else []
    fields = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    cases = set(cls.__members__) if issubclass(cls, enum.Enum) else set()
    for name, member in vars(cls).items():
        if name.startswith("_") or name in fields or name in cases:
            continue
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        if inspect.isfunction(member) or isinstance(member, (property, cached_property)):
            if not inspect.getdoc(getattr(cls, name)):
                missing.append(f"{where}.{name}")
    return missing


def undocumented(module: types.ModuleType) -> list[str]:
    """The public names of ``module`` (and the module) that have no docstring."""
    missing = [] if inspect.getdoc(module) else [module.__name__]
    for name in public_names(module):
        value = getattr(module, name)
        where = f"{module.__name__}.{name}"
        if inspect.isclass(value):
            missing += undocumented_members(value, where)
        elif callable(value) and not inspect.getdoc(value):
            missing.append(where)
    return missing


@pytest.mark.parametrize("name", MODULES)
def test_every_public_name_has_a_docstring(name):
    assert undocumented(importlib.import_module(name)) == []


def test_the_check_finds_what_is_missing():
    module = types.ModuleType("example", "An example.")

    @dataclasses.dataclass
    class Made:  # only the signature dataclass makes up
        size: int

        def area(self) -> int:
            return self.size**2

    def bare() -> None:
        pass

    for value in (Made, bare):
        value.__module__ = "example"
        setattr(module, value.__name__, value)
    assert undocumented(module) == ["example.Made", "example.Made.area", "example.bare"]


def test_the_reference_covers_both_packages_but_not_the_program():
    assert {"dlx", "dlx.problem", "dlx.parallel", "sudoku", "sudoku.grid", "sudoku.paper"} <= set(
        MODULES
    )
    left_out = ("dlx.cli", "sudoku.cli", "sudoku.web", "dlx._search", "sudoku._batch")
    assert not [m for m in MODULES if m.startswith(left_out)]


def test_the_reference_builds_with_no_warning(tmp_path):
    pytest.importorskip("pdoc", reason="pdoc is missing: pip install -e '.[test]'")
    assert build_api.build(tmp_path) == []
    pages = {
        page.relative_to(tmp_path).with_suffix("").as_posix().replace("/", ".")
        for page in tmp_path.rglob("*.html")
    }
    assert pages == {*MODULES, "index"}
    assert "Paper" in (tmp_path / "sudoku" / "paper.html").read_text(encoding="utf-8")
