"""Forcing chains as Sudoku Explainer (SE 1.2.1) finds and rates them, every search bounded.

A chain reasons on potentials: a candidate assumed true ("on") or false ("off"). From an
assumption, implications follow one at a time, breadth first, as SE's ``Chaining`` takes them:

  on  -> off   the cell's other digits (a Y link; not in nishio), the digit in every peer
  off -> on    the cell's last other digit (a bivalue cell: Y), the digit's last other place
               in a unit (a conjugate pair: X)

A *static* search reads the links on the grid as it is; a *dynamic* one strikes every "off"
from its own copy of the grid, so that later links see the candidates removed so far. A
contradiction is a candidate reached both on and off.

The techniques, in SE's order, with SE's base difficulty (then + 0.1 a notch of length):
  x-chain               6.6  the digit alone: "on" implies its own "off" (or the reverse)
  forcing chain         7.0  the same with X and Y links: XY-chains and AICs
  nishio forcing chain  7.5  one digit, dynamic: an assumption leads to a contradiction
  multiple forcing chain 8.0 static: every digit of a cell, or every place of a digit in a
                             unit, implies the same thing
  dynamic forcing chain 8.5  dynamic: contradiction, double (on and off agree), cell, region

The length notch is SE's ``getLengthDifficulty``: the complexity (the number of potentials a
chain needs, its ancestors, summed over the chains of a multiple one) minus 2, one notch past
4, 6, 8, 12, 16, 24, 32, ... (alternately x3/2 and x4/3).

Every search spends from a node budget on the board (`Candidates.budget`, implications
examined); once it is spent the finders find nothing and say so (`Candidates.out_of_budget`),
so that the rater stops with "a guess is needed" and an estimate flagged as one, never an
unbounded search. Searches are breadth-first queues, never recursion.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from sudoku.rate import Candidates, Step

#: The base difficulty of each chain technique on SE's scale.
BASE = {
    "x-chain": 6.6,
    "forcing chain": 7.0,
    "nishio forcing chain": 7.5,
    "multiple forcing chain": 8.0,
    "dynamic forcing chain": 8.5,
}

# A potential is an int: (cell * n + digit - 1) * 2 + 1 when on, + 0 when off.
Parents = dict[int, tuple[int, ...]]


def length_bonus(complexity: int) -> float:
    """SE's added difficulty for a chain of ``complexity`` potentials (0.0 up to 6)."""
    notches, ceiling, odd = 0, 4, False
    while complexity - 2 > ceiling:
        notches += 1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return notches / 10


class _Found(NamedTuple):
    """A conclusion: its difficulty, its complexity, the potential it sets (on: place, off:
    strike), the potentials of the chains that prove it, and its words."""

    se: float
    complexity: int
    target: int
    chain: frozenset[int]
    reason: str


class _Closure(NamedTuple):
    parents: Parents
    conflict: tuple[int, int] | None  # (the on, the off) of a candidate reached both ways


def _ancestors(parents: Parents, targets: Iterable[int]) -> set[int]:
    seen = set(targets)
    stack = list(seen)
    while stack:
        for q in parents[stack.pop()]:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    return seen


class _Chainer:
    """The implications on one board: closures of assumptions, within the board's budget."""

    def __init__(self, board: Candidates) -> None:
        self.board = board
        self.g = board.geometry
        self.masks = board.masks

    def closure(
        self, starts: tuple[int, ...], y: bool, dynamic: bool, stop: bool = True
    ) -> _Closure | None:
        """Everything ``starts`` imply, each potential with the ones it follows from; None
        once the budget is spent. It stops at the first candidate reached both on and off
        (`_Closure.conflict`) unless ``stop`` is False (SE's unary chains go on)."""
        g, n, board = self.g, self.g.n, self.board
        source = self.masks
        work = list(source) if dynamic else source
        parents: Parents = dict.fromkeys(starts, ())
        ons = deque(p for p in starts if p & 1)
        offs = deque(p for p in starts if not p & 1)
        conflict = None
        while ons or offs:
            board.budget -= 1
            if board.budget < 0:
                board.out_of_budget = True
                return None
            p = ons.popleft() if ons else offs.popleft()
            key = p >> 1
            i, d = divmod(key, n)
            bit = 1 << d
            implied: list[tuple[int, tuple[int, ...]]] = []
            if p & 1:
                if y:
                    m = work[i] & ~bit
                    while m:
                        low = m & -m
                        m ^= low
                        implied.append((((i * n + low.bit_length() - 1) << 1), (p,)))
                for j in g.peers[i]:
                    if work[j] & bit:
                        implied.append((((j * n + d) << 1), (p,)))
            else:
                m = work[i]
                if y and m & bit and m.bit_count() == 2:
                    other = (m & ~bit).bit_length() - 1
                    hidden = self._struck(source[i] & ~m, i, n)
                    implied.append((((i * n + other) << 1) | 1, (p, *hidden)))
                for u in g.cell_units[i]:
                    places = [j for j in g.units[u] if j != i and work[j] & bit]
                    if len(places) == 1:
                        hidden = tuple(
                            (k * n + d) << 1
                            for k in g.units[u]
                            if k != i and source[k] & bit and not work[k] & bit
                        )
                        implied.append((((places[0] * n + d) << 1) | 1, (p, *hidden)))
                if dynamic:
                    work[i] &= ~bit
            for q, why in implied:
                if q in parents:
                    continue
                parents[q] = why
                if q ^ 1 in parents and conflict is None:
                    conflict = (q, q ^ 1) if q & 1 else (q ^ 1, q)
                    if stop:
                        return _Closure(parents, conflict)
                (ons if q & 1 else offs).append(q)
        return _Closure(parents, conflict)

    @staticmethod
    def _struck(mask: int, i: int, n: int) -> tuple[int, ...]:
        out = []
        while mask:
            low = mask & -mask
            mask ^= low
            out.append((i * n + low.bit_length() - 1) << 1)
        return tuple(out)

    def candidates(self, least: int) -> Iterator[tuple[int, int]]:
        """(cell, digit index) of every candidate in a cell with at least ``least``."""
        for i, m in enumerate(self.masks):
            if m.bit_count() >= least:
                for d in range(self.g.n):
                    if m >> d & 1:
                        yield i, d

    def worth(self, target: int) -> bool:
        """Whether setting ``target`` changes the board."""
        i, d = divmod(target >> 1, self.g.n)
        return bool(self.masks[i] >> d & 1) and (not target & 1 or self.masks[i] != 1 << d)

    def words(self, p: int) -> str:
        i, d = divmod(p >> 1, self.g.n)
        cell = self.board.cell_label(i)
        return f"{cell}{'=' if p & 1 else '<>'}{self.board.symbol(d)}"


def _best(found: Iterable[_Found]) -> _Found | None:
    return min(found, key=lambda f: (f.se, f.complexity), default=None)


def _static(ch: _Chainer, technique: str, y: bool) -> Iterator[_Found]:
    """X-chains (``y`` False) and forcing chains: an assumption implies its own opposite."""
    base = BASE[technique]
    for i, d in ch.candidates(2):
        on = ((i * ch.g.n + d) << 1) | 1
        for start in (on, on ^ 1):
            closure = ch.closure((start,), y, dynamic=False, stop=False)
            if closure is None:
                return
            if start ^ 1 in closure.parents:
                chain = _ancestors(closure.parents, (start ^ 1,))
                yield _Found(
                    base + length_bonus(len(chain)),
                    len(chain),
                    start ^ 1,
                    frozenset(chain),
                    f"{ch.words(start)} implies {ch.words(start ^ 1)}",
                )


def _contradictions(ch: _Chainer, technique: str, y: bool) -> Iterator[_Found]:
    """Dynamic assumptions that lead to a candidate both on and off (nishio with ``y``
    False), for every candidate of cells with two or more."""
    base = BASE[technique]
    for i, d in ch.candidates(2):
        on = ((i * ch.g.n + d) << 1) | 1
        for start in (on, on ^ 1):
            closure = ch.closure((start,), y, dynamic=True)
            if closure is None:
                return
            if closure.conflict:
                chain = _ancestors(closure.parents, closure.conflict)
                complexity = len(_ancestors(closure.parents, closure.conflict[:1])) + len(
                    _ancestors(closure.parents, closure.conflict[1:])
                )
                yield _Found(
                    base + length_bonus(complexity),
                    complexity,
                    start ^ 1,
                    frozenset(chain),
                    f"{ch.words(start)} implies both {ch.words(closure.conflict[0])} "
                    f"and {ch.words(closure.conflict[1])}",
                )


def _agreements(
    ch: _Chainer, technique: str, branches: dict[str, list[_Closure]]
) -> Iterator[_Found]:
    """What every branch of a cell or unit implies alike."""
    base = BASE[technique]
    for what, closures in branches.items():
        common = set(closures[0].parents)
        for closure in closures[1:]:
            common &= closure.parents.keys()
        for target in common:
            if not ch.worth(target):
                continue
            chains = [_ancestors(c.parents, (target,)) for c in closures]
            if any(len(chain) == 1 for chain in chains):
                continue  # a branch that is the conclusion itself proves nothing
            complexity = sum(len(chain) for chain in chains)
            yield _Found(
                base + length_bonus(complexity),
                complexity,
                target,
                frozenset().union(*chains),
                f"every {what} implies {ch.words(target)}",
            )


def _multiple(ch: _Chainer, technique: str, dynamic: bool) -> Iterator[_Found]:
    """Cell and region forcing chains (``dynamic`` adds contradictions and double chains)."""
    g, n, masks = ch.g, ch.g.n, ch.masks
    least = 2 if dynamic else 3
    if dynamic:
        yield from _contradictions(ch, technique, y=True)
        if ch.board.out_of_budget:
            return
    closures: dict[int, _Closure] = {}

    def on_closure(i: int, d: int) -> _Closure | None:
        key = i * n + d
        if key not in closures:
            found = ch.closure(((key << 1) | 1,), True, dynamic)
            if found is None:
                return None
            closures[key] = found
        return closures[key]

    for i, m in enumerate(masks):
        if m.bit_count() < least:
            continue
        branches: dict[str, list[_Closure]] = {}
        digits = [d for d in range(n) if m >> d & 1]
        cell_branches = []
        for d in digits:
            closure = on_closure(i, d)
            if closure is None:
                return
            if closure.conflict is None:
                cell_branches.append(closure)
        branches[f"digit of {ch.board.cell_label(i)}"] = cell_branches
        for d in digits:
            bit = 1 << d
            for u in g.cell_units[i]:
                places = [j for j in g.units[u] if masks[j] & bit]
                if len(places) < 2 or places[0] != i:
                    continue
                unit_branches = []
                for j in places:
                    closure = on_closure(j, d)
                    if closure is None:
                        return
                    if closure.conflict is None:
                        unit_branches.append(closure)
                label = f"place of {ch.board.symbol(d)} in {g.unit_names[u]}"
                branches[label] = unit_branches
            if dynamic and len(digits) >= 3:
                off = ch.closure((((i * n + d) << 1),), True, True)
                if off is None:
                    return
                if off.conflict is None and closures[i * n + d].conflict is None:
                    label = f"state of {ch.words(((i * n + d) << 1) | 1)}"
                    yield from _agreements(ch, technique, {label: [closures[i * n + d], off]})
        yield from _agreements(ch, technique, {k: v for k, v in branches.items() if len(v) >= 2})


def find(board: Candidates, technique: str) -> list[Step]:
    """The easiest step of ``technique`` (a key of `BASE`) on ``board``, or none."""
    ch = _Chainer(board)
    if technique == "x-chain":
        found = _best(_static(ch, technique, y=False))
    elif technique == "forcing chain":
        found = _best(_static(ch, technique, y=True))
    elif technique == "nishio forcing chain":
        found = _best(_contradictions(ch, technique, y=False))
    elif technique == "multiple forcing chain":
        found = _best(_multiple(ch, technique, dynamic=False))
    else:
        found = _best(_multiple(ch, technique, dynamic=True))
    if found is None or board.out_of_budget:
        return []
    i, d = divmod(found.target >> 1, ch.g.n)
    effect = [(i, d + 1)]
    cells = sorted({(p >> 1) // ch.g.n for p in found.chain})
    return [
        board.step(
            technique,
            placements=effect if found.target & 1 else [],
            eliminations=[] if found.target & 1 else effect,
            reason=found.reason,
            cells=cells,
            digits=1 << d,
            se=round(found.se, 1),
        )
    ]
