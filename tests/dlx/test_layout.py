"""The engine's module structure: the loops depend on the contract only, no import cycle,
and nothing in ``dlx`` imports the puzzles built on it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import dlx

PACKAGE = Path(dlx.__file__).parent


def imports(path: Path) -> set[str]:
    """The modules ``path`` imports, at the top or inside functions (``from dlx import x``
    counted as ``dlx.x``); TYPE_CHECKING blocks, which never run, left out."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.ImportFrom) and child.module:
                if child.module == "dlx":
                    found.update(f"dlx.{alias.name}" for alias in child.names)
                else:
                    found.add(child.module)
            elif isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text()))
    return found


@pytest.fixture(autouse=True)
def backend() -> None:
    """Structure, not search: no run per backend."""


GRAPH = {
    "dlx" if path.stem == "__init__" else f"dlx.{path.stem}": imports(path)
    for path in PACKAGE.glob("*.py")
}


def test_no_module_of_dlx_imports_the_puzzles() -> None:
    for module, deps in GRAPH.items():
        assert not {d for d in deps if d.split(".")[0] in ("sudoku", "examples")}, module


@pytest.mark.parametrize("loop", ["dlx.dancing", "dlx.bits"])
def test_each_loop_depends_on_the_contract_alone(loop: str) -> None:
    assert {d for d in GRAPH[loop] if d.startswith("dlx")} == {"dlx.loop"}


@pytest.mark.parametrize("module", ["dlx.tree", "dlx.executors", "dlx.seeds", "dlx.checkpoints"])
def test_the_parts_of_a_parallel_run_do_not_import_the_runs(module: str) -> None:
    assert "dlx.parallel" not in GRAPH[module]


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
