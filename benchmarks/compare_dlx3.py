"""Algorithm M in C against Knuth's DLX3 and SSMCC and miniexact ``-m``: CPU time of whole
processes counting the solutions of the same problems.

The workloads, each with a count known from outside:

- ``a001499-7``, ``a001499-8``: the n x n 0-1 matrices with two ones in every row and column
  (OEIS A001499: 3,110,940 and 187,530,840), an option per cell, every row and column item
  bounded 2..2; ``a001499-8`` only with ``--full`` (half a minute a run);
- ``a001501-6``: the same with three ones, n = 6 (OEIS A001501: 297,200);
- ``roster``: 6 workers on 4 days of 2 shifts; a shift takes exactly 2 workers, a worker at
  most one shift a day and 2 or 3 shifts in all (items bounded 2..2, 0..1 and 2..3),
  counted here again day by day over the workers' loads.

Each problem is written once to a file in Knuth's format (``dlx.write``) and every engine
reads that file: ours as ``dlx-sudoku cover FILE --count`` (``python -m dlx``, the whole
CLI's start-up included) and as a bare ``dlx.read(FILE).count()`` in ``python -c``;
Knuth's ``dlx3`` and ``ssmcc`` on standard input. miniexact cannot read Knuth's bounds
(``2|r0``), so it gets the same problem in its own notation (``< r0:2;2 ... >``) and prints
every solution (``-e``, to /dev/null: it has no counting mode). The engines take turns, one
run each per round, so a change in the shared machine's load falls on all alike; the table
shows each cell's least CPU time (user + system of the child) over ``--repeat`` rounds and
its ratio to DLX3's (below 1: faster than DLX3); for the bare library, also the CPU time of
``count()`` alone, without Python's start-up, the import and the reading (DLX3's reading
is a few milliseconds of its time). A wrong count is marked and makes the run exit 1.

The peers are never installed with this project. Build them apart from it (see
benchmarks/README.md: Knuth's CWEB sources tangled with Debian's ``ctangle``, compiled with
``gcc -O3`` as our extension is) and name them by ``$KNUTH_PROGRAMS`` (a folder holding
``dlx3`` and ``ssmcc``), by ``$DLX3``/``$SSMCC`` (paths), or put them on PATH; miniexact is
``pip install miniexact`` in the benchmark environment. A missing peer is skipped with a
line saying so. From the repository's root:

    KNUTH_PROGRAMS=/work/peers python -m benchmarks.compare_dlx3 --repeat 3 [--full]
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import dlx

# -- the workloads ---------------------------------------------------------------------------


def matrices(n: int, ones: int) -> dlx.Problem:
    """n x n 0-1 matrices with ``ones`` ones in each row and column: an option per cell."""
    cells = {(r, c): [f"r{r}", f"c{c}"] for r in range(n) for c in range(n)}
    lines = [f"r{k}" for k in range(n)] + [f"c{k}" for k in range(n)]
    return dlx.Problem(cells, primary=lines, bounds=dict.fromkeys(lines, ones))


ROSTER = {"workers": 6, "days": 4, "shifts": 2, "staff": 2, "load": (2, 3)}


def roster() -> dlx.Problem:
    """ROSTER as exact cover with multiplicities: an option per (worker, day, shift)."""
    w, d, s = ROSTER["workers"], ROSTER["days"], ROSTER["shifts"]
    options = {
        (a, b, c): [f"d{b}s{c}", f"w{a}d{b}", f"w{a}"]
        for a, b, c in itertools.product(range(w), range(d), range(s))
    }
    bounds: dict[str, int | tuple[int, int]] = {
        f"d{b}s{c}": ROSTER["staff"] for b in range(d) for c in range(s)
    }
    bounds |= {f"w{a}d{b}": (0, 1) for a in range(w) for b in range(d)}
    bounds |= {f"w{a}": ROSTER["load"] for a in range(w)}
    return dlx.Problem(options, bounds=bounds)


def roster_count() -> int:
    """ROSTER's rosters counted another way: day by day, the ways to staff a day (each
    worker on one shift or off) carried over the vector of the workers' loads so far."""
    w, staff, (low, high) = ROSTER["workers"], ROSTER["staff"], ROSTER["load"]
    days = []  # one day: which shift each worker takes (-1: off)
    for shifts in itertools.product(range(-1, ROSTER["shifts"]), repeat=w):
        if all(shifts.count(c) == staff for c in range(ROSTER["shifts"])):
            days.append(tuple(int(c >= 0) for c in shifts))
    loads: Counter[tuple[int, ...]] = Counter({(0,) * w: 1})
    for _ in range(ROSTER["days"]):
        after: Counter[tuple[int, ...]] = Counter()
        for load, ways in loads.items():
            for day in days:
                new = tuple(a + b for a, b in zip(load, day, strict=True))
                if max(new) <= high:
                    after[new] += ways
        loads = after
    return sum(ways for load, ways in loads.items() if min(load) >= low)


@dataclass(frozen=True)
class Workload:
    """A problem and its count from outside."""

    name: str
    build: Callable[[], dlx.Problem]
    expected: Callable[[], int]


WORKLOADS = {
    "a001499-7": Workload("a001499-7", lambda: matrices(7, 2), lambda: 3_110_940),
    "a001501-6": Workload("a001501-6", lambda: matrices(6, 3), lambda: 297_200),
    "roster": Workload("roster", roster, roster_count),
    "a001499-8": Workload("a001499-8", lambda: matrices(8, 2), lambda: 187_530_840),
}
DEFAULT = ["a001499-7", "a001501-6", "roster"]

# -- the engines -----------------------------------------------------------------------------


def miniexact_text(problem: dlx.Problem) -> str:
    """The problem in miniexact's own notation: ``< item:u;v ... >``, options ending in ``;``."""
    head = " ".join(
        f"{i}:{u};{v}"
        for i, (u, v) in ((i, problem.bounds.get(i, (1, 1))) for i in problem.primary)
    )
    options = [
        " ".join(str(item) for item, _ in problem.entries(name)) + ";"
        for name in problem.option_names()
    ]
    return "\n".join([f"< {head} >", *options]) + "\n"


@dataclass(frozen=True)
class Engine:
    """One way to count: a command on the problem's file, and where it prints the count."""

    name: str
    command: Callable[[Path], list[str]]  # the Knuth-format file -> argv
    stdin: bool  # the file comes on standard input
    count: re.Pattern[str]  # matched against stdout + stderr; group 1 is the count
    # optional group 2: the CPU seconds of the search alone, as the engine itself measured
    file: Callable[[dlx.Problem, Path], Path] = lambda problem, path: path


def find_program(name: str) -> str | None:
    """A peer's binary: $NAME (upper case), $KNUTH_PROGRAMS/name, PATH, or beside python."""
    for path in (
        os.environ.get(name.upper()),
        os.path.join(os.environ.get("KNUTH_PROGRAMS", ""), name)
        if "KNUTH_PROGRAMS" in os.environ
        else None,
        shutil.which(name),
        str(Path(sys.executable).parent / name),
    ):
        if path and os.access(path, os.X_OK) and Path(path).is_file():
            return path
    return None


def engines() -> list[Engine]:
    """Ours (the CLI, then the library), then every peer found, a line for each missing one."""
    python = sys.executable
    library = (
        "import sys, time, dlx; problem = dlx.read(open(sys.argv[1]).read()); "
        "start = time.process_time(); count = problem.count(); "
        "print(count, time.process_time() - start)"
    )
    found = [
        Engine(
            "dlx-sudoku cover --count",
            lambda f: [python, "-m", "dlx", str(f), "--count"],
            False,
            re.compile(r"^(\d+)$", re.M),
        ),
        Engine(
            "dlx.read(...).count()",
            lambda f: [python, "-c", library, str(f)],
            False,
            re.compile(r"^(\d+) ([\d.e-]+)$", re.M),
        ),
    ]
    knuth = re.compile(r"Altogether (\d+) solution")
    for name in ("dlx3", "ssmcc"):
        binary = find_program(name)
        if binary is None:
            print(f"skipped {name}: not found ($KNUTH_PROGRAMS, ${name.upper()} or PATH)")
            continue
        found.append(Engine(name, lambda f, b=binary: [b], True, knuth))
    binary = find_program("miniexact")
    if binary is None:
        print("skipped miniexact: not found (pip install miniexact in this environment)")
    else:
        found.append(
            Engine(
                "miniexact -m",
                lambda f, b=binary: [b, "-m", "-e", str(f)],
                False,
                re.compile(r"Found (\d+) solution"),
                lambda problem, path: write(path.with_suffix(".mx"), miniexact_text(problem)),
            )
        )
    return found


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def cpu_run(engine: Engine, path: Path) -> tuple[float, int | None, float | None]:
    """Run the engine once: its CPU seconds (user + system), the count it printed, and the
    search's own CPU seconds where it says them."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    tail = b""  # the last of the output only: miniexact prints every solution (gigabytes)
    with open(path) if engine.stdin else open(os.devnull) as stdin:
        child = subprocess.Popen(
            engine.command(path), stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        assert child.stdout is not None
        while chunk := child.stdout.read(1 << 20):
            tail = (tail + chunk)[-8192:]
        child.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    found = engine.count.search(tail.decode(errors="replace"))
    if not found:
        return seconds, None, None
    search = float(found.group(2)) if found.re.groups > 1 else None
    return seconds, int(found.group(1)), search


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the least CPU time is kept")
    parser.add_argument("--full", action="store_true", help="add a001499-8 (half a minute a run)")
    parser.add_argument(
        "--workloads", nargs="+", choices=sorted(WORKLOADS), help="instead of the default set"
    )
    args = parser.parse_args(argv)
    names = args.workloads or DEFAULT + (["a001499-8"] if args.full else [])
    from dlx.search import DEFAULT_BACKEND

    print(
        f"our loop: {DEFAULT_BACKEND!r}; CPU seconds of whole processes, "
        f"the least of {args.repeat} interleaved rounds"
    )
    runners = engines()
    wrong = False
    print("\n| workload | engine | count | CPU s | vs dlx3 | search alone |")
    print("|---|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            work = WORKLOADS[name]
            problem, expected = work.build(), work.expected()
            knuth = write(Path(folder) / f"{name}.dlx", dlx.write(problem))
            files = [engine.file(problem, knuth) for engine in runners]
            best: dict[str, tuple[float, int | None, float | None]] = {}
            for _ in range(args.repeat):
                for engine, path in zip(runners, files, strict=True):
                    run = cpu_run(engine, path)
                    if engine.name not in best or run[0] < best[engine.name][0]:
                        best[engine.name] = run
            reference = best["dlx3"][0] if "dlx3" in best else None
            for engine in runners:
                seconds, found, search = best[engine.name]
                ratio = f"{seconds / reference:.2f}" if reference else "-"
                alone = "-" if search is None else f"{search:.3f}"
                verdict = "" if found == expected else f" (wrong: {expected})"
                wrong |= found != expected
                print(
                    f"| {name} | {engine.name} | {found}{verdict} | {seconds:.3f} | {ratio} "
                    f"| {alone} |",
                    flush=True,
                )
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
