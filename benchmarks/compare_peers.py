"""Our engine against the exact-cover solvers on PyPI, side by side in one run.

For every workload and engine, count the solutions ``--repeat`` times (each time from the
neutral problem: the engine's own setup is part of the time; no new run once a cell has
spent ``--budget`` seconds, as one run that long averages out the noise), keep the best
time, and assert the count against the published figure.  The runs go round the engines in
turn, one run each per round, so that a change in the machine's load (it is shared) falls
on every engine alike rather than on whichever ran at the time.  The table gives the seconds and
the ratio engine/ours, "ours" being our pure-Python engine as a user without a compiler
gets it, backend "auto" (above 1: we are faster); its dancing-links loop and our C
accelerator have rows of their own.  Peers that are not installed are skipped with a line
saying so.  Each cell runs in a child process, so a peer that runs past ``--timeout``
seconds on one run can be stopped, even inside compiled code; the table then shows the
timeout as a lower bound.  Our pure-Python engine, the reference, is never stopped.

Run from the repository's root, so that ``import dlx`` finds this project and not the
``dlx`` 1.0.4 peer of the same name:

    python -m benchmarks.compare_peers                 # the goal's workloads, best of 3
    python -m benchmarks.compare_peers --pure-only --workloads queens-10
    python -m benchmarks.compare_peers --compiled-only --peers miniexact_peer \
        --workloads pentominoes-6x10-all queens-12 queens-15 langford-12

Exits 1 if any engine got a count wrong, 2 if ``dlx`` is not this project's.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

import dlx
from benchmarks.peers import ADAPTERS
from benchmarks.workloads import BUILDERS, DEFAULT, Workload, workload
from dlx.search import LOOPS

ROOT = Path(__file__).resolve().parent.parent

Counter = Callable[[Sequence, Sequence, Sequence], int]


@dataclass(frozen=True)
class Engine:
    """One solver as the table shows it, with its counting function."""

    name: str
    kind: str  # "Python" for pure Python, else what it is compiled with
    count: Counter


@dataclass
class Cell:
    """The outcome of one engine on one workload."""

    times: list[float]
    count: int | None = None
    failure: str | None = None  # "timeout ...", "error ...", "wrong count ..."
    over: float | None = None  # the timeout a run exceeded

    @property
    def best(self) -> float | None:
        """The best time, if at least one run finished."""
        return min(self.times) if self.times and self.failure is None else None


def ours(backend: str) -> Counter:
    """Our engine with the given search loop, counting from the neutral form."""

    def count(primary: Sequence, secondary: Sequence, options: Sequence) -> int:
        problem = dlx.Problem(
            [list(option) for option in options], primary=primary, secondary=secondary
        )
        return problem.search(backend=backend).count()

    return count


def engines(
    selected: Sequence[str] | None, pure_only: bool, compiled_only: bool = False
) -> list[Engine]:
    """Our engine (first the pure-Python default, ``auto``, which the ratios are against; then
    its dancing-links loop and the C accelerator if it was built) and every installed peer
    adapter, printing a line for each one skipped. ``compiled_only``: our C accelerator, the
    reference then, and the compiled peers."""
    c_engine = Engine("dlx-sudoku, C accelerator", "C", ours("c"))
    if compiled_only:
        if "c" not in LOOPS:
            raise SystemExit("--compiled-only needs the C accelerator: dlx._search was not built")
        found = [c_engine]
        found.append(Engine("dlx-sudoku, C on dancing links", "C", ours("c-links")))
    else:
        found = [
            Engine("dlx-sudoku, pure Python (auto)", "Python", ours("auto")),
            Engine("dlx-sudoku, dancing links in Python", "ours", ours("python")),
        ]
    if "c" in LOOPS and not pure_only and not compiled_only:
        found.append(c_engine)
    elif not pure_only and not compiled_only:
        print("skipped dlx-sudoku, C accelerator: dlx._search was not built")
    for name in ADAPTERS:
        if selected is not None and name not in selected:
            continue
        try:
            adapter = importlib.import_module(f"benchmarks.peers.{name}")
        except ImportError as error:
            print(f"skipped {name}: not installed ({error})")
            continue
        if (pure_only and adapter.KIND != "Python") or (compiled_only and adapter.KIND == "Python"):
            continue
        found.append(Engine(adapter.NAME, adapter.KIND, adapter.count))
    return found


def _run(conn: Connection, engine: Engine, work: Workload) -> None:
    """In the child: time one count and send (count, seconds), or ("error", message)."""
    try:
        start = time.perf_counter()
        found = engine.count(work.primary, work.secondary, work.options)
        conn.send((found, time.perf_counter() - start))
    except Exception as error:  # a peer's own failure is reported in the table, not raised
        conn.send(("error", f"{type(error).__name__}: {error}"))
    finally:
        conn.close()


def rounds(
    engines: Sequence[Engine], work: Workload, repeat: int, budget: float, timeout: float
) -> list[Cell]:
    """Each engine's cell: ``repeat`` rounds of one run per engine, skipping an engine once
    it failed or spent ``budget`` seconds. The first engine, ours, is never timed out."""
    cells = [Cell(times=[]) for _ in engines]
    for _ in range(repeat):
        for k, (engine, cell) in enumerate(zip(engines, cells, strict=True)):
            if cell.failure is None and sum(cell.times) < budget:
                run = measure(engine, work, timeout if k else None)
                cell.times += run.times
                cell.count = cell.count if run.count is None else run.count
                cell.failure, cell.over = run.failure, run.over
    return cells


def measure(engine: Engine, work: Workload, timeout: float | None) -> Cell:
    """One run in a child process, stopped if it takes over ``timeout`` seconds."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_run, args=(sender, engine, work), daemon=True)
    child.start()
    sender.close()
    cell = Cell(times=[])
    try:
        if not receiver.poll(timeout):
            cell.failure, cell.over = f"timeout (a run took over {timeout:g} s)", timeout
            return cell
        try:
            found, seconds = receiver.recv()
        except EOFError:
            cell.failure = f"error: the process died (exit code {child.exitcode})"
            return cell
        if found == "error":
            cell.failure = f"error: {seconds}"
            return cell
        cell.times.append(seconds)
        cell.count = found
        if found != work.expected:
            cell.failure = f"wrong count {found}, not {work.expected}"
    finally:
        child.kill()
        child.join()
        receiver.close()
    return cell


HEADER = f"{'workload':<20} {'engine':<36} {'kind':<7} {'count':>6} {'seconds':>9} {'ratio':>9}"


def row(work: Workload, engine: Engine, cell: Cell, ours_best: float | None) -> str:
    """One line of the table: engine, kind, count, best seconds, ratio to ours, any failure."""
    best = cell.best
    seconds = f"{best:9.3f}" if best is not None else f"{'-':>9}"
    ratio = f"{best / ours_best:9.2f}" if best is not None and ours_best else f"{'-':>9}"
    if cell.over is not None:  # a lower bound is still worth showing
        seconds = f"{'>' + format(cell.over, 'g'):>9}"
        ratio = f"{'>' + format(cell.over / ours_best, '.2f'):>9}" if ours_best else ratio
    count = "-" if cell.count is None else str(cell.count)
    line = f"{work.name:<20} {engine.name:<36} {engine.kind:<7} {count:>6} {seconds} {ratio}"
    return line + (f"  {cell.failure}" if cell.failure else "")


def verdict(results: list[tuple[Engine, Cell]], ours_best: float | None) -> str | None:
    """How we compare with the fastest pure-Python peer, against the 3x goal."""
    pure = [
        (cell.best, engine.name)
        for engine, cell in results
        if engine.kind == "Python" and cell.best is not None
    ]
    if not pure or not ours_best:
        return None
    best, name = min(pure)
    met = "met" if best / ours_best >= 3 else "NOT met"
    return (
        f"  fastest pure-Python peer: {name}, {best:.3f} s; "
        f"ours is {best / ours_best:.2f}x faster (goal >= 3x: {met})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line, run every cell, print the table; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--workloads",
        nargs="+",
        choices=sorted(BUILDERS),
        default=DEFAULT,
        help=f"workloads to run (default: {' '.join(DEFAULT)})",
    )
    parser.add_argument(
        "--peers",
        nargs="+",
        choices=ADAPTERS,
        metavar="ADAPTER",
        help="peer adapters to run (default: every installed one): " + ", ".join(ADAPTERS),
    )
    parser.add_argument("--pure-only", action="store_true", help="run only the pure-Python peers")
    parser.add_argument(
        "--compiled-only",
        action="store_true",
        help="run our C accelerator, as the reference of the ratios, and the compiled peers",
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per cell; the best is kept (default 3)"
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=120,
        help="seconds after which a cell starts no further run: a run that "
        "long is its own average (default 120)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=300,
        help="seconds one run may take before the cell is stopped (default 300)",
    )
    args = parser.parse_args(argv)

    if Path(dlx.__file__).resolve().parent != ROOT / "dlx":
        print(
            f"'import dlx' found {dlx.__file__}, not this project's engine: run "
            f"'python -m benchmarks.compare_peers' from {ROOT}",
            file=sys.stderr,
        )
        return 2
    reference = "C" if args.compiled_only else "pure-Python"
    print(
        f"Python {platform.python_version()} on {platform.platform()}, "
        f"{os.cpu_count()} CPUs; best of {args.repeat} runs (no new run after "
        f"{args.budget:g} s in a cell), timeout {args.timeout:g} s per run;\n"
        f"ratio = the engine's seconds / our {reference} engine's (above 1: ours is faster)"
    )
    ours_engine, *peers = engines(args.peers, args.pure_only, args.compiled_only)
    wrong = False
    for name in args.workloads:
        work = workload(name)
        ours_cell, *cells = rounds(
            [ours_engine, *peers], work, args.repeat, args.budget, args.timeout
        )
        print(f"\n{HEADER}")
        print(row(work, ours_engine, ours_cell, ours_cell.best))
        results = list(zip(peers, cells, strict=True))
        for engine, cell in results:
            print(row(work, engine, cell, ours_cell.best))
        wrong |= any(
            cell.failure and cell.failure.startswith("wrong")
            for cell in (ours_cell, *(cell for _, cell in results))
        )
        summary = verdict(results, ours_cell.best)
        if summary:
            print(summary, flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
