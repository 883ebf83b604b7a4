"""Bitsets or dancing links: the measurements behind the rule that ``backend="c"`` follows.

The C loop runs a problem on option bitsets (``c-bits``) or on dancing links (``c-links``),
with the same nodes and solutions either way. Which is faster depends on the problem: a
bitset node costs about the same at every depth, growing with the words of a mask of
options (the options / 64), while a node on the links costs what its updates cost, the
links it changes. This script times both on problems of five families, from 144 to about
13,000 options (queens, Langford pairs, pentomino boxes, and word squares, where colors
let row and column words share their cells), each for its first NODES nodes, rounds taken
in turn, and prints the nanoseconds a node on each. It then fits the rule's constants by
least squares of the relative errors,

    links: LINKS_NS_NODE + LINKS_NS_UPDATE * updates a node
    bits:  BITS_NS_WORD * words + BITS_NS_ITEM * primary items
           + BITS_NS_PRIMARY * primary items of the options hidden

(the options hidden a node estimated from the links' updates as ``dlx.search`` does from
its probe), and shows, for each problem, the loop ``c`` picks (``dlx.search.bits_pay``, with
the constants in dlx/search.py) and how much slower that is than the faster of the two.
The constants in dlx/search.py are the ones this printed on the project's machine.

    python -m benchmarks.bits_or_links
    python -m benchmarks.bits_or_links --nodes 100000 --repeat 5
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from dlx import Problem
from dlx.links import Links
from dlx.search import BITS_ALWAYS_WORDS, bits_pay
from examples import langford, pentominoes, queens


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
    parser.add_argument("--nodes", type=int, default=200_000, help="nodes timed a run")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    problems = [(name, build()) for name, build in PROBLEMS]
    best: dict[tuple[str, str], float] = {}
    updates: dict[str, float] = {}
    for _ in range(args.repeat):
        for name, problem in problems:
            for backend in ("c-bits", "c-links"):
                ns, made = per_node(problem, backend, args.nodes)
                best[name, backend] = min(best.get((name, backend), ns), ns)
                if backend == "c-links":
                    updates[name] = made
    print(
        "| problem | options | words | updates a node | bits ns | links ns | bits/links "
        "| c picks | c / best |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|---:|")
    bits_rows, bits_ys, links_rows, links_ys = [], [], [], []
    for name, problem in problems:
        links = problem.compiled()
        words, primary, others = shape(links)
        bits, dance = best[name, "c-bits"], best[name, "c-links"]
        picked = bits if bits_pay(links) else dance
        print(
            f"| {name} | {links.n_options:,} | {words} | {updates[name]:.0f} | {bits:.0f} "
            f"| {dance:.0f} | {bits / dance:.2f} | {'bits' if bits_pay(links) else 'links'} "
            f"| {picked / min(bits, dance):.2f} |"
        )
        if words > BITS_ALWAYS_WORDS:
            bits_rows.append([1.0, words, links.n_primary, primary * updates[name] / others])
            bits_ys.append(bits)
        links_rows.append([1.0, updates[name]])
        links_ys.append(dance)
    base_links, per_update = least_squares(links_rows, links_ys)
    base_bits, per_word, per_item, per_primary = least_squares(bits_rows, bits_ys)
    print(
        f"\nfitted (ns): links {base_links:.1f} + {per_update:.2f} an update; bits "
        f"{base_bits:.1f} + {per_word:.2f} a word + {per_item:.2f} a primary item "
        f"+ {per_primary:.2f} a primary item of an option hidden\nso BITS_NS_WORD "
        f"{per_word:.1f}, BITS_NS_ITEM {per_item:.2f}, BITS_NS_PRIMARY {per_primary:.1f}, "
        f"LINKS_NS_UPDATE {per_update:.1f}, LINKS_NS_NODE {base_links - base_bits:.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
