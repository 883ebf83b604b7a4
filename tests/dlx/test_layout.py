"""The engine's module structure: the loops depend on the contract only, no import cycle,
and nothing in ``dlx`` imports the puzzles built on it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import dlx

PACKAGE = Path(dlx.__file__).parent


def imports(path: Path) -> set[str]:
    """The modules ``path`` imports when it is imported (TYPE_CHECKING blocks and imports
    inside functions, which run later, left out)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.ImportFrom) and inner.module:
                found.add(inner.module)
            elif isinstance(inner, ast.Import):
                found |= {alias.name for alias in inner.names}
    return found


@pytest.fixture(autouse=True)
def backend() -> None:
    """Structure, not search: no run per backend."""


GRAPH = {f"dlx.{path.stem}": imports(path) for path in PACKAGE.glob("*.py")}


def test_no_module_of_dlx_imports_the_puzzles() -> None:
    for module, deps in GRAPH.items():
        assert not {d for d in deps if d.split(".")[0] in ("sudoku", "examples")}, module


@pytest.mark.parametrize("loop", ["dlx.dancing", "dlx.bits"])
def test_each_loop_depends_on_the_contract_alone(loop: str) -> None:
    assert {d for d in GRAPH[loop] if d.startswith("dlx")} == {"dlx.loop"}


def test_there_is_no_import_cycle() -> None:
    internal = {m: {d for d in deps if d in GRAPH} for m, deps in GRAPH.items()}
    state: dict[str, str] = {}

    def visit(start: str) -> None:  # iterative depth-first search, grey/black marks
        stack = [(start, iter(sorted(internal[start])))]
        state[start] = "grey"
        while stack:
            module, deps = stack[-1]
            for dep in deps:
                assert state.get(dep) != "grey", f"import cycle through {module} -> {dep}"
                if dep not in state:
                    state[dep] = "grey"
                    stack.append((dep, iter(sorted(internal[dep]))))
                    break
            else:
                state[module] = "black"
                stack.pop()

    for module in sorted(internal):
        if module not in state:
            visit(module)
    assert state and all(mark == "black" for mark in state.values())
