"""Build the API reference of ``dlx`` and ``sudoku``: HTML from their docstrings, by pdoc.

    pip install -e '.[test]'            # pdoc is in the test extra
    python docs/build_api.py            # into docs/api/ (not committed): open index.html
    python docs/build_api.py -o DIR

It documents the public modules: every module of the two packages with no part of its name
starting with an underscore, except the ``dlx-sudoku`` program's own insides (`PROGRAM`):
the commands, their I/O policy and the ``play`` server are a program, not an API. pdoc has
no strict mode, so every warning it gives (a module that does not import, an annotation or a
docstring it cannot read) is caught here, printed, and fails the build (exit 1).
tests/test_api_docs.py runs the build and checks that every public name has a docstring.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import pkgutil
import sys
import typing
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

PACKAGES = ("dlx", "sudoku")
PROGRAM = ("dlx.__main__", "dlx.cli", "dlx.cli_io", "dlx.cli_tile", "sudoku.cli", "sudoku.web")
OUTPUT = Path(__file__).parent / "api"


def public_modules() -> list[str]:
    """The modules the reference documents, each package before its modules."""
    return [name for package in PACKAGES for name in _walk(package)]


def _walk(package: str) -> Iterator[str]:
    """``package`` and its public modules, depth first; the program's are not imported."""
    yield package
    path = importlib.import_module(package).__path__
    for module in pkgutil.iter_modules(path, f"{package}."):
        if module.name.rpartition(".")[2].startswith("_") or module.name in PROGRAM:
            continue
        if module.ispkg:
            yield from _walk(module.name)
        else:
            yield module.name


def _resolve_named_tuples(module: ModuleType) -> None:
    """Give the constructors of ``module``'s named tuples their field types as types.

    Under ``from __future__ import annotations`` a named tuple's ``__new__`` holds its field
    types as strings, and pdoc looks them up in the namespace ``collections.namedtuple``
    made that function in, where the module's names are not: resolve them here, in the
    module's own namespace."""
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_fields"):
            if value.__module__ == module.__name__ and "__new__" in vars(value):
                new = value.__new__
                if new.__globals__ is not vars(module):  # made by namedtuple, not written
                    new.__annotations__ = typing.get_type_hints(new, vars(module))


def build(output: Path) -> list[str]:
    """Write the reference into ``output``; the warnings pdoc gave, as text (none: clean)."""
    import pdoc
    import pdoc.render

    from dlx import __version__

    modules = public_modules()
    for name in modules:  # dlx binds its names on first use (PEP 562): bind them for pdoc
        module = importlib.import_module(name)
        for public in getattr(module, "__all__", ()):
            getattr(module, public)
        _resolve_named_tuples(module)
    pdoc.render.configure(footer_text=f"dlx-sudoku {__version__}")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*modules, output_directory=output)
    return [f"{warning.category.__name__}: {warning.message}" for warning in caught]


def main(argv: list[str] | None = None) -> int:
    """The command: build, print each warning, exit 1 if there was any."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "-o", "--output", type=Path, default=OUTPUT, help=f"where to write (default {OUTPUT})"
    )
    output = parser.parse_args(argv).output
    if importlib.util.find_spec("pdoc") is None:
        print("pdoc is not installed: pip install -e '.[test]'", file=sys.stderr)
        return 2
    problems = build(output)
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    if problems:
        print(f"{len(problems)} warning(s): the reference is not clean", file=sys.stderr)
        return 1
    print(f"API reference: {output / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
