"""Masks or links: the measurements behind the rule (``dlx.loop_choice``) by which
``backend="c"`` picks the C loop on option bitsets or on dancing links, and ``"auto"`` the
pure-Python loop on option masks or on dancing links.

Each pair takes the same nodes and finds the same solutions; which is faster depends on
the problem: a node on masks costs about the same at every depth, growing with the words
of a mask of options (the options / 64) and the primary items, while a node on the links
costs what its updates cost, the links it changes. This script times both loops of a pair
(the C pair ``c-bits`` and ``c-links``, or with ``--python`` ``bits`` and ``python``) on
problems of four families, from 144 to 13,392 options (queens, Langford pairs, pentomino
boxes, and word squares, where colors let row and column words share their cells; with
``--python`` also queens and empty sudoku grids with more primary items than the C bitsets
take), each for its first NODES nodes, rounds taken in turn, and prints the nanoseconds a
node on each, the loop the chooser picks and how much slower that is than the faster of
the two. It then fits the model's constants by least squares of the relative errors,

    links: node + update * updates a node
    masks: word * words + item * primary items + primary * primary items of options hidden

(the options hidden a node estimated from the links' updates as ``dlx.loop_choice`` does
from its probe). ``C_COSTS`` and ``PYTHON_COSTS`` there are what this printed on the
project's machine.

    python -m benchmarks.bits_or_links
    python -m benchmarks.bits_or_links --python --repeat 2
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from dlx import Problem
from dlx.bits import BitsLoop
from dlx.links import Links
from dlx.loop_choice import C_COSTS, PYTHON_COSTS
from dlx.search import Search
from examples import langford, pentominoes, queens
from sudoku.cover import cover_problem
from sudoku.grid import Shape


def word_squares(n: int, words: int, seed: int = 1) -> Problem:
    """n x n squares whose rows and columns are words of a random list over "abcd": rows and
    columns primary, cells secondary and colored by their letter."""
    draw = random.Random(seed)
    known = sorted({"".join(draw.choice("abcd") for _ in range(n)) for _ in range(words)})
    options: dict[tuple[str, int, str], list[str]] = {}
    for k in range(n):
        for word in known:
            options[("row", k, word)] = [f"r{k}"] + [f"{k},{c}:{word[c]}" for c in range(n)]
            options[("col", k, word)] = [f"c{k}"] + [f"{r},{k}:{word[r]}" for r in range(n)]
    return Problem(options, secondary=[f"{r},{c}" for r in range(n) for c in range(n)])


PROBLEMS: list[tuple[str, Callable[[], Problem]]] = (
    [(f"queens {n}", lambda n=n: queens.problem(n)) for n in (12, 20, 32, 40, 48, 56, 64)]
    + [(f"langford {n}", lambda n=n: langford.problem(n)) for n in (12, 16, 20, 24, 28)]
    + [
        (f"pentominoes {h}x{w}", lambda h=h, w=w: pentominoes.problem(h, w))
        for h, w in ((6, 10), (5, 12), (4, 15), (3, 20))
    ]
    + [
        (f"word squares {n}x{n}, {k} words", lambda n=n, k=k: word_squares(n, k))
        for n, k in ((4, 30), (5, 120), (6, 300), (6, 700), (6, 1300))
    ]
)


# Too many primary items for the C bitsets (128), not for the pure-Python masks.
PYTHON_ONLY: list[tuple[str, Callable[[], Problem]]] = [
    (f"queens {n}", lambda n=n: queens.problem(n)) for n in (80, 100)
] + [(f"sudoku {n * n}x{n * n}, empty", lambda n=n: cover_problem(Shape(n, n))) for n in (3, 4)]


def per_node(problem: Problem, backend: str, nodes: int) -> tuple[float, float]:
    """Nanoseconds of CPU a node and updates a node over the first ``nodes`` nodes."""
    search = problem.search(backend=backend, max_nodes=nodes)
    start = time.process_time()
    search.count()
    spent = time.process_time() - start
    done = max(search.stats.nodes, 1)
    return spent * 1e9 / done, search.stats.updates / done


def shape(links: Links) -> tuple[int, float, float]:
    """Words a mask, a mean option's primary items, a mean option's items less one."""
    options = links.n_options
    primary = sum(map(links.n_primary.__ge__, links.nodes)) / options
    return options // 64 + 1, primary, max(len(links.nodes) / options - 1, 1)


def least_squares(rows: list[list[float]], ys: list[float]) -> list[float]:
    """The x minimizing the relative errors of rows x against ys (each row scaled by its y:
    the decision depends on ratios, and the slow problems would weigh most in absolute
    terms), by the normal equations, solved by elimination."""
    rows = [[v / y for v in row] for row, y in zip(rows, ys, strict=True)]
    ys = [1.0] * len(ys)
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    for i in range(k):
        pivot = max(range(i, k), key=lambda r: abs(a[r][i]))
        a[i], a[pivot], b[i], b[pivot] = a[pivot], a[i], b[pivot], b[i]
        for r in range(i + 1, k):
            f = a[r][i] / a[i][i]
            a[r] = [x - f * y for x, y in zip(a[r], a[i], strict=True)]
            b[r] -= f * b[i]
    x = [0.0] * k
    for i in reversed(range(k)):
        x[i] = (b[i] - sum(a[i][j] * x[j] for j in range(i + 1, k))) / a[i][i]
    return x


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", action="store_true", help="the pure-Python pair")
    parser.add_argument("--nodes", type=int, help="nodes timed a run (200,000; 5,000 Python)")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    masks, dancing = ("bits", "python") if args.python else ("c-bits", "c-links")
    costs = PYTHON_COSTS if args.python else C_COSTS
    nodes = args.nodes or (5_000 if args.python else 200_000)
    problems = [(name, build()) for name, build in PROBLEMS + (PYTHON_ONLY if args.python else [])]
    best: dict[tuple[str, str], float] = {}
    updates: dict[str, float] = {}
    for _ in range(args.repeat):
        for name, problem in problems:
            for backend in (masks, dancing):
                ns, made = per_node(problem, backend, nodes)
                best[name, backend] = min(best.get((name, backend), ns), ns)
                if backend == dancing:
                    updates[name] = made
    chooser = "auto" if args.python else "c"
    print(
        "| problem | options | words | updates a node | masks ns | links ns | masks/links "
        f"| {chooser} picks | {chooser} / best |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|---:|")
    masks_rows, masks_ys, links_rows, links_ys = [], [], [], []
    for name, problem in problems:
        links = problem.compiled()
        words, primary, others = shape(links)
        on_masks, on_links = best[name, masks], best[name, dancing]
        picks_masks = picks_masks_loop(problem, chooser)
        picked = on_masks if picks_masks else on_links
        print(
            f"| {name} | {links.n_options:,} | {words} | {updates[name]:.0f} | {on_masks:.0f} "
            f"| {on_links:.0f} | {on_masks / on_links:.2f} | {'masks' if picks_masks else 'links'} "
            f"| {picked / min(on_masks, on_links):.2f} |"
        )
        if words > costs.always_words:
            masks_rows.append([1.0, words, links.n_primary, primary * updates[name] / others])
            masks_ys.append(on_masks)
        links_rows.append([1.0, updates[name]])
        links_ys.append(on_links)
    base_links, update = least_squares(links_rows, links_ys)
    base_masks, word, item, hidden = least_squares(masks_rows, masks_ys)
    print(
        f"\nfitted (ns): links {base_links:.1f} + {update:.2f} an update; masks "
        f"{base_masks:.1f} + {word:.2f} a word + {item:.2f} a primary item + {hidden:.2f} a "
        f"primary item of an option hidden\nso NodeCosts(word={word:.2f}, item={item:.2f}, "
        f"primary={hidden:.2f}, update={update:.2f}, node={base_links - base_masks:.1f})"
    )
    return 0


def picks_masks_loop(problem: Problem, chooser: str) -> bool:
    """Whether backend ``chooser`` ("c" or "auto") runs ``problem`` on masks."""
    loop = Search(problem, backend=chooser)._loop
    return isinstance(loop, BitsLoop) if chooser == "auto" else bool(loop.bits)


if __name__ == "__main__":
    raise SystemExit(main())
