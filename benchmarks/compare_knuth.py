"""The C loops against Knuth's own programs (DLX1, DLX2, DLX3, SSXCC, SSMCC) and miniexact
``-m``: CPU time of whole processes counting the solutions of the same problems.

The workloads, each with a count known from outside:

- ``a001499-7``, ``a001499-8``: the n x n 0-1 matrices with two ones in every row and column
  (OEIS A001499: 3,110,940 and 187,530,840), an option per cell, every row and column item
  bounded 2..2; ``a001499-8`` only with ``--full`` (half a minute a run);
- ``a001501-6``: the same with three ones, n = 6 (OEIS A001501: 297,200);
- ``roster``: 6 workers on 4 days of 2 shifts; a shift takes exactly 2 workers, a worker at
  most one shift a day and 2 or 3 shifts in all (items bounded 2..2, 0..1 and 2..3),
  counted here again day by day over the workers' loads;
- exact covers (``--exact``): ``pentominoes-6x10`` (every orientation: 9,356, Knuth's
  count), ``queens-12`` (14,200, OEIS A000170), ``langford-12`` (108,144, OEIS A014552),
  and ``word-squares-5``, colored: 5x5 squares whose rows and columns are words of 120
  random ones (``benchmarks.bits_or_links.word_squares``), whose count is the one Knuth's
  programs print (DLX2's, else SSXCC's: no count from outside is quick enough here).

Multiplicity workloads run on DLX3 (the reference of the ratios), SSMCC and miniexact;
exact covers on DLX1 (DLX2 with colors; the reference) and SSXCC, Knuth's Dancing Cells.

Each problem is written once to a file in Knuth's format (``dlx.write``) and every engine
reads that file: ours as ``dlx-sudoku cover FILE --count`` (``python -m dlx``, the whole
CLI's start-up included) and as a bare ``dlx.read(FILE).count()`` in ``python -c``;
Knuth's ``dlx3`` and ``ssmcc`` on standard input. miniexact cannot read Knuth's bounds
(``2|r0``), so it gets the same problem in its own notation (``< r0:2;2 ... >``) and prints
every solution (``-e``, to /dev/null: it has no counting mode). The engines take turns, one
run each per round, so a change in the shared machine's load falls on all alike; the table
shows each cell's least CPU time (user + system of the child) over ``--repeat`` rounds and
its ratio to the reference's (below 1: faster); for the bare library, also the CPU time of
``count()`` alone, without Python's start-up, the import and the reading (DLX3's reading
is a few milliseconds of its time). A wrong count is marked and makes the run exit 1.

The peers are never installed with this project. Build them apart from it (see
benchmarks/README.md: Knuth's CWEB sources tangled with Debian's ``ctangle``, compiled with
``gcc -O3`` as our extension is) and name them by ``$KNUTH_PROGRAMS`` (a folder holding
``dlx1``, ``dlx2``, ``dlx3``, ``ssxcc``, ``ssmcc``), by ``$DLX3`` and the like (paths), or
put them on PATH; miniexact is
``pip install miniexact`` in the benchmark environment. A missing peer is skipped with a
line saying so. From the repository's root:

    KNUTH_PROGRAMS=/work/peers/knuth python -m benchmarks.compare_knuth --repeat 3 [--full]
    KNUTH_PROGRAMS=/work/peers/knuth python -m benchmarks.compare_knuth --exact --repeat 3
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
from examples import langford, pentominoes, queens

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


def squares() -> dlx.Problem:
    """The colored word squares of ``word-squares-5``."""
    from benchmarks.bits_or_links import word_squares

    return word_squares(5, 120)


@dataclass(frozen=True)
class Workload:
    """A problem, its count from outside, and Knuth's programs that take it (the first is
    the reference)."""

    name: str
    build: Callable[[], dlx.Problem]
    expected: Callable[[], int | None]  # None: the count Knuth's programs print
    knuth: tuple[str, ...] = ("dlx3", "ssmcc")


EXACT = ("dlx1", "ssxcc")
WORKLOADS = {
    "a001499-7": Workload("a001499-7", lambda: matrices(7, 2), lambda: 3_110_940),
    "a001501-6": Workload("a001501-6", lambda: matrices(6, 3), lambda: 297_200),
    "roster": Workload("roster", roster, roster_count),
    "a001499-8": Workload("a001499-8", lambda: matrices(8, 2), lambda: 187_530_840),
    "pentominoes-6x10": Workload(
        "pentominoes-6x10",
        lambda: pentominoes.problem(6, 10, break_symmetry=False),
        lambda: 9356,
        EXACT,
    ),
    "queens-12": Workload("queens-12", lambda: queens.problem(12), lambda: 14_200, EXACT),
    "langford-12": Workload("langford-12", lambda: langford.problem(12), lambda: 108_144, EXACT),
    "word-squares-5": Workload("word-squares-5", squares, lambda: None, ("dlx2", "ssxcc")),
}
DEFAULT = ["a001499-7", "a001501-6", "roster"]
EXACT_SET = ["pentominoes-6x10", "queens-12", "langford-12", "word-squares-5"]

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


def engines() -> tuple[list[Engine], dict[str, Engine]]:
    """Ours (the CLI, then the library), and every peer found by name, a line for each
    missing one."""
    python = sys.executable
    library = (
        "import sys, time, dlx; problem = dlx.read(open(sys.argv[1]).read()); "
        "start = time.process_time(); count = problem.count(); "
        "print(count, time.process_time() - start)"
    )
    ours = [
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
    peers = {}
    knuth = re.compile(r"Altogether (\d+) solution")
    for name in ("dlx1", "dlx2", "dlx3", "ssxcc", "ssmcc"):
        binary = find_program(name)
        if binary is None:
            print(f"skipped {name}: not found ($KNUTH_PROGRAMS, ${name.upper()} or PATH)")
            continue
        peers[name] = Engine(name, lambda f, b=binary: [b], True, knuth)
    binary = find_program("miniexact")
    if binary is None:
        print("skipped miniexact: not found (pip install miniexact in this environment)")
    else:
        peers["miniexact"] = Engine(
            "miniexact -m",
            lambda f, b=binary: [b, "-m", "-e", str(f)],
            False,
            re.compile(r"Found (\d+) solution"),
            lambda problem, path: write(path.with_suffix(".mx"), miniexact_text(problem)),
        )
    return ours, peers


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
    parser.add_argument("--exact", action="store_true", help="the exact covers instead")
    parser.add_argument(
        "--workloads", nargs="+", choices=sorted(WORKLOADS), help="instead of the default set"
    )
    args = parser.parse_args(argv)
    names = args.workloads or (
        EXACT_SET if args.exact else DEFAULT + (["a001499-8"] if args.full else [])
    )
    from dlx.search import DEFAULT_BACKEND

    print(
        f"our loop: {DEFAULT_BACKEND!r}; CPU seconds of whole processes, "
        f"the least of {args.repeat} interleaved rounds"
    )
    ours, peers = engines()
    wrong = False
    print("\n| workload | engine | count | CPU s | vs Knuth's reference | search alone |")
    print("|---|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            work = WORKLOADS[name]
            problem, expected = work.build(), work.expected()
            runners = ours + [peers[p] for p in work.knuth if p in peers]
            if work.knuth[0] == "dlx3" and "miniexact" in peers:
                runners.append(peers["miniexact"])
            knuth = write(Path(folder) / f"{name}.dlx", dlx.write(problem))
            files = [engine.file(problem, knuth) for engine in runners]
            best: dict[str, tuple[float, int | None, float | None]] = {}
            for _ in range(args.repeat):
                for engine, path in zip(runners, files, strict=True):
                    run = cpu_run(engine, path)
                    if engine.name not in best or run[0] < best[engine.name][0]:
                        best[engine.name] = run
            reference = best[work.knuth[0]][0] if work.knuth[0] in best else None
            if expected is None:  # Knuth's count: the reference's, else the first found
                expected = next((best[p][1] for p in work.knuth if p in best), None)
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
