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

from array import array
from collections import deque
from collections.abc import Iterable, Iterator
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from sudoku.geometry import geometry_of
from sudoku.grid import Shape, by_shape

try:
    from sudoku import _chains
except ImportError:  # not built: the Python closure, the reference, does it all
    _chains = None  # type: ignore[assignment]

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
    """What an assumption implies: each potential reached with the ones it follows from."""

    parents: Parents
    conflict: tuple[int, int] | None  # (the on, the off) of a candidate reached both ways

    def reaches(self, q: int) -> bool:
        """Whether ``q`` is implied."""
        return q in self.parents

    def ancestors(self, targets: Iterable[int]) -> set[int]:
        """The ``targets`` and every potential they follow from."""
        return _ancestors(self.parents, targets)


class _Kept:
    """A `_Closure` kept in C (sudoku._chains): the same answers, its parents made into a
    dict only when asked (`_agreements`, when a unit or cell may give a shorter chain)."""

    __slots__ = ("kept", "conflict", "_parents")

    def __init__(self, kept: _chains.Closure, conflict: tuple[int, int] | None) -> None:
        self.kept, self.conflict = kept, conflict
        self._parents: Parents | None = None

    @property
    def parents(self) -> Parents:
        if self._parents is None:
            self._parents = _chains.parents(self.kept)
        return self._parents

    def reaches(self, q: int) -> bool:
        return _chains.reaches(self.kept, q)

    def ancestors(self, targets: Iterable[int]) -> set[int]:
        return _chains.ancestors(self.kept, tuple(targets))


def _ancestors(parents: Parents, targets: Iterable[int]) -> set[int]:
    seen = set(targets)
    stack = list(seen)
    while stack:
        for q in parents[stack.pop()]:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    return seen


@by_shape
def _links(shape: Shape) -> _chains.Links | None:
    """``shape``'s units and peers read once by sudoku._chains (None without it, or past
    its 25x25 and 32-bit candidates)."""
    g = geometry_of(shape)
    if _chains is None or g.n > 25 or array("I").itemsize != 4:
        return None
    packed = [g.n, g.n * g.n, len(g.units)]
    for rows in (g.units, g.cell_units, g.peers):
        for row in rows:
            packed += (len(row), *row)
    return _chains.links(array("i", packed).tobytes())


class _Chainer:
    """The implications on one board: closures of assumptions, within the board's budget.
    `closure` is the reference; sudoku._chains does it in C, step for step, when built."""

    def __init__(self, board: Candidates) -> None:
        self.board = board
        self.g = board.geometry
        self.masks = board.masks
        # read once a position, for the techniques tried on it (no annotation: pdoc cannot
        # resolve _chains.Links, a name of the stub alone)
        self.links, self.packed = (
            board.memo("chains", lambda: self._packed(board)) if _chains else (None, b"")
        )

    @staticmethod
    def _packed(board: Candidates) -> tuple[_chains.Links | None, bytes]:
        """The shape's links and the board's masks as sudoku._chains reads them."""
        links = _links(board.shape)
        return links, array("I", board.masks).tobytes() if links is not None else b""

    @cached_property
    def where(self) -> list[tuple[int, ...]]:
        """where[u * n + d]: the cells of unit u that hold digit index d on the board."""
        masks, n = self.masks, self.g.n
        return [
            tuple(i for i in unit if masks[i] >> d & 1) for unit in self.g.units for d in range(n)
        ]

    def closure(
        self,
        starts: tuple[int, ...],
        y: bool,
        dynamic: bool,
        stop: bool = True,
        reach: int | None = None,
    ) -> _Closure | _Kept | None:
        """Everything ``starts`` imply, each potential with the ones it follows from; None
        once the budget is spent. It stops at the first candidate reached both on and off
        (`_Closure.conflict`) unless ``stop`` is False (SE's unary chains go on). With
        ``reach``, only potentials at most that many links from a start are followed
        (a static chain's complexity is its links plus one: a shorter one is sought)."""
        if self.links is not None:
            reached, met, self.board.budget = _chains.closure(
                self.links, self.packed, starts, y, dynamic, stop, reach, self.board.budget
            )
            if reached is None:
                self.board.out_of_budget = True
                return None
            return _Kept(reached, met)
        g, n, board, where = self.g, self.g.n, self.board, self.where
        source = self.masks
        work = list(source) if dynamic else source
        parents: Parents = dict.fromkeys(starts, ())
        depth = dict.fromkeys(starts, 0)
        # SE's order: "on"s first where it stops at a contradiction (doChaining), else one
        # queue, breadth first, so that the first way found to a potential is a shortest
        ons = deque(p for p in starts if p & 1) if stop else deque(starts)
        offs = deque(p for p in starts if not p & 1) if stop else ons
        conflict = None
        while ons or offs:
            board.budget -= 1
            if board.budget < 0:
                board.out_of_budget = True
                return None
            p = ons.popleft() if ons else offs.popleft()
            if reach is not None and depth[p] > reach:
                continue
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
                    held = where[u * n + d]
                    places = [j for j in held if j != i and work[j] & bit]
                    if len(places) == 1:
                        hidden = tuple(
                            (k * n + d) << 1
                            for k in held
                            if k != i and not work[k] & bit  # struck by this closure
                        )
                        implied.append((((places[0] * n + d) << 1) | 1, (p, *hidden)))
                if dynamic:
                    work[i] &= ~bit
            for q, why in implied:
                if q in parents:
                    continue
                parents[q] = why
                if reach is not None:
                    depth[q] = depth[p] + 1
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

    def implies(self, start: int, *reached: int) -> str:
        """The words of a chain from ``start`` to one potential, or to both of a conflict."""
        return f"{self.words(start)} implies {'both ' * (len(reached) > 1)}" + " and ".join(
            self.words(p) for p in reached
        )

    def words(self, p: int) -> str:
        i, d = divmod(p >> 1, self.g.n)
        cell = self.board.cell_label(i)
        return f"{cell}{'=' if p & 1 else '<>'}{self.board.symbol(d)}"


def _best(found: Iterable[_Found]) -> _Found | None:
    return min(found, key=lambda f: (f.se, f.complexity), default=None)


def _static(ch: _Chainer, technique: str, y: bool) -> Iterator[_Found]:
    """X-chains (``y`` False) and forcing chains: an assumption implies its own opposite."""
    base = BASE[technique]
    best = 10**9  # the least complexity found: a longer chain is not looked for
    for i, d in ch.candidates(2):
        on = ((i * ch.g.n + d) << 1) | 1
        for start in (on, on ^ 1):
            # the target at depth best - 2 or less: found from a node at best - 3 or less
            closure = ch.closure((start,), y, dynamic=False, stop=False, reach=best - 3)
            if closure is None:
                return
            if closure.reaches(start ^ 1):
                chain = closure.ancestors((start ^ 1,))
                best = min(best, len(chain))
                yield _Found(
                    base + length_bonus(len(chain)),
                    len(chain),
                    start ^ 1,
                    frozenset(chain),
                    ch.implies(start, start ^ 1),
                )


def _contradiction(
    ch: _Chainer, base: float, start: int, closure: _Closure | _Kept
) -> _Found | None:
    """The conclusion when the assumption ``start`` led to a contradiction: its opposite,
    as hard as the two chains to the candidate reached both ways."""
    if closure.conflict is None:
        return None
    on, off = closure.conflict
    complexity = len(closure.ancestors((on,))) + len(closure.ancestors((off,)))
    return _Found(
        base + length_bonus(complexity),
        complexity,
        start ^ 1,
        frozenset(closure.ancestors(closure.conflict)),
        ch.implies(start, on, off),
    )


def _nishio(ch: _Chainer, technique: str) -> Iterator[_Found]:
    """Dynamic assumptions on one digit (no Y links) that lead to a contradiction, for
    every candidate of cells with two or more."""
    for i, d in ch.candidates(2):
        on = ((i * ch.g.n + d) << 1) | 1
        for start in (on, on ^ 1):
            closure = ch.closure((start,), y=False, dynamic=True)
            if closure is None:
                return
            found = _contradiction(ch, BASE[technique], start, closure)
            if found:
                yield found


#: A cell's or unit's branches: ("digit", cell, 0), ("state", on, 0) or ("place", digit, unit)
Branches = dict[tuple[str, int, int], list[_Closure | _Kept]]


def _what(ch: _Chainer, kind: str, a: int, b: int) -> str:
    """The words of a branch's key."""
    if kind == "digit":
        return f"digit of {ch.board.cell_label(a)}"
    if kind == "state":
        return f"state of {ch.words(a)}"
    return f"place of {ch.board.symbol(a)} in {ch.g.unit_names[b]}"


def _agreement(
    ch: _Chainer,
    technique: str,
    what: tuple[str, int, int],
    complexity: int,
    target: int,
    chain: Iterable[int],
) -> _Found:
    """The conclusion that every branch of ``what`` (a key of `Branches`) implies ``target``."""
    words = f"every {_what(ch, *what)} implies {ch.words(target)}"
    return _Found(
        BASE[technique] + length_bonus(complexity), complexity, target, frozenset(chain), words
    )


def _agreements(ch: _Chainer, technique: str, branches: Branches, least: int) -> Iterator[_Found]:
    """What every branch of a cell or unit implies alike, each shorter than all before it.
    ``least`` is the complexity of the shortest chain found so far: none as long is yielded
    (`_best` keeps the first of equals). Branches kept in C have their shortest agreement
    found there (`_chains.least`), the first of it in the order of ``common`` below, the
    only one the loop would yield: it is yielded when shorter, else they are passed over."""
    for what, closures in branches.items():
        kept = tuple(c.kept for c in closures if isinstance(c, _Kept))
        if len(kept) == len(closures):
            # ``common`` as the loop makes it: sets met in the same order, the same set
            common = set(dict.fromkeys(_chains.reached(kept[0])))
            for other in kept[1:]:
                common &= dict.fromkeys(_chains.reached(other)).keys()
            first = _chains.least(kept, ch.packed, ch.g.n, tuple(common))
            if first is None or first[0] >= least:
                continue
            least, target, chain = first
            yield _agreement(ch, technique, what, least, target, chain)
            continue
        common = set(closures[0].parents)
        for closure in closures[1:]:
            common &= closure.parents.keys()
        for target in common:
            if not ch.worth(target):
                continue
            chains = [c.ancestors((target,)) for c in closures]
            if any(len(chain) == 1 for chain in chains):
                continue  # a branch that is the conclusion itself proves nothing
            complexity = sum(len(chain) for chain in chains)
            if complexity >= least:
                continue
            least = complexity
            yield _agreement(ch, technique, what, complexity, target, frozenset().union(*chains))


def _multiple(ch: _Chainer, technique: str, dynamic: bool) -> Iterator[_Found]:
    """Cell and region forcing chains; ``dynamic`` adds contradictions and double chains
    (a candidate's "on" and "off" agree), as SE's ``Chaining`` for each cell: cells with
    three candidates or more (two when dynamic), and each unit where a digit of the cell
    has two places or more, the cell its first. A branch cut short by a contradiction
    takes part with what it reached, as in SE."""
    g, n, masks = ch.g, ch.g.n, ch.masks
    base = BASE[technique]
    closures: dict[int, _Closure | _Kept] = {}
    least = 10**9  # the complexity of the shortest chain yielded

    def closure_of(p: int) -> _Closure | _Kept | None:
        if p not in closures:
            found = ch.closure((p,), True, dynamic)
            if found is None:
                return None
            closures[p] = found
        return closures[p]

    for i, m in enumerate(masks):
        if m.bit_count() < (2 if dynamic else 3):
            continue
        digits = [d for d in range(n) if m >> d & 1]
        branches: Branches = {("digit", i, 0): []}
        for d in digits:
            on = ((i * n + d) << 1) | 1
            on_closure = closure_of(on)
            if on_closure is None:
                return
            branches["digit", i, 0].append(on_closure)
            if dynamic:
                off_closure = closure_of(on ^ 1)
                if off_closure is None:
                    return
                for start, closure in ((on, on_closure), (on ^ 1, off_closure)):
                    found = _contradiction(ch, base, start, closure)
                    if found:
                        least = min(least, found.complexity)
                        yield found
                if len(digits) >= 3:
                    branches["state", on, 0] = [on_closure, off_closure]
            for u in g.cell_units[i]:
                places = ch.where[u * n + d]
                if len(places) < 2 or places[0] != i:
                    continue
                unit = []
                for j in places:
                    branch = closure_of(((j * n + d) << 1) | 1)
                    if branch is None:
                        return
                    unit.append(branch)
                branches["place", d, u] = unit
        for found in _agreements(ch, technique, branches, least):
            least = min(least, found.complexity)
            yield found


#: The searches done whole in C, when built (sudoku._chains.first_chain's numbers for them):
#: `_static` and `_nishio` with `_best`, the references.
_IN_C = {"x-chain": 0, "forcing chain": 1, "nishio forcing chain": 2}
#: The multiple forcing chains searched in C (first_multiple), each dynamic or not: `_multiple`
#: with `_best`, the reference.
_MULTIPLE = {"multiple forcing chain": False, "dynamic forcing chain": True}


def _first_in_c(ch: _Chainer, links: _chains.Links, technique: str) -> _Found | None:
    """The chain `_best` takes of ``technique``'s search, found whole in C."""
    found: tuple[int, int, tuple[int, ...], tuple[int, int] | None] | None
    if technique in _MULTIPLE:
        dynamic = _MULTIPLE[technique]
        what, ch.board.budget = _chains.first_multiple(links, ch.packed, dynamic, ch.board.budget)
        if isinstance(what, tuple) and isinstance(what[0], str):
            kind, a, b, starts, only = what
            if only is not None:  # the only agreement of the shortest: no first to ask for
                least, target, potentials = only
                return _agreement(ch, technique, (kind, a, b), least, target, potentials)
            # the branches of a cell or unit with the shortest agreements: which comes first
            # is the reference's to say
            branches: Branches = {(kind, a, b): []}
            for p in starts:  # found again, with a budget no closure can spend
                kept, conflict, _ = _chains.closure(
                    links, ch.packed, (p,), True, dynamic, True, None, 1 << 40
                )
                assert kept is not None
                branches[kind, a, b].append(_Kept(kept, conflict))
            return _best(_agreements(ch, technique, branches, 10**9))
        found = what
    else:
        found, ch.board.budget = _chains.first_chain(
            links, ch.packed, _IN_C[technique], ch.board.budget
        )
    if ch.board.budget < 0:
        ch.board.out_of_budget = True
    if found is None:
        return None
    start, complexity, chain, conflict = found
    return _Found(
        BASE[technique] + length_bonus(complexity),
        complexity,
        start ^ 1,
        frozenset(chain),
        ch.implies(start, *(conflict or (start ^ 1,))),
    )


def find(board: Candidates, technique: str) -> list[Step]:
    """The easiest step of ``technique`` (a key of `BASE`) on ``board``, or none."""
    if board.budget <= 0:  # spent before a first implication: no board to set up
        board.out_of_budget = True
        return []
    ch = _Chainer(board)
    if ch.links is not None:
        found = _first_in_c(ch, ch.links, technique)
    elif technique == "x-chain":
        found = _best(_static(ch, technique, y=False))
    elif technique == "forcing chain":
        found = _best(_static(ch, technique, y=True))
    elif technique == "nishio forcing chain":
        found = _best(_nishio(ch, technique))
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
