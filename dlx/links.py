"""A problem compiled: its options as flat arrays of item numbers (``Links``), and Knuth's
dancing-links arrays made from them for the loops written in Python (``DancingLists``).

The C loops lay out their own links from the flat arrays (dlx/_layout.h); the Python lists
are made only when a pure-Python loop asks for them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

Walks = tuple[list[Sequence[int]], list[Sequence[int]]]  # others, other_items of Links


@dataclass
class DancingLists:
    """A problem laid out as Knuth's dancing-links arrays (DLX2's layout), for the loops
    written in Python.

    Items are numbered 1..n_items, primary ones first; 0 heads the circular list of active
    primary items and ``n_items + 1`` that of the secondary ones (``llink``/``rlink``).
    Node x in 1..n_items is the header of item x's vertical list; then come the options,
    each followed by a spacer node (``top <= 0``), as in DLX1. ``color`` is 0 for an
    uncolored node, else a color number.
    """

    llink: list[int]
    rlink: list[int]
    length: list[int]
    top: list[int]
    ulink: list[int]
    dlink: list[int]
    color: list[int]
    option_of: list[int]  # node -> option index, -1 for headers and spacers
    option_nodes: list[tuple[int, ...]]  # option index -> its nodes in order


T = TypeVar("T")


class _Laid(Generic[T]):
    """``Links.<name>``: that list of the problem's :class:`DancingLists`, which are made
    together the first time one of them is read."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, links: Links, owner: type | None = None) -> T:
        return cast(T, getattr(links.laid_out(), self._name))


@dataclass
class Links:
    """A problem compiled: every option as the numbers of its items, in one flat array.

    Items are numbered 1..n_items, primary ones first. Option k's items are
    ``nodes[starts[k]:starts[k + 1]]`` (``array("i")``: four bytes an entry), and
    ``colors`` gives each entry's color number (0 for none), or is None when no entry has a
    color. The C loops build their links straight from these arrays (dlx._search.Layout); the
    loops written in Python read Knuth's arrays (``top``, ``ulink``, ... of
    :class:`DancingLists`), made on first use, so a problem searched in C never holds a
    Python object per entry. :meth:`walks` gives ``others[x]``, the other nodes of x's
    option, and ``other_items[x]``, their items, so the pure-Python loops walk an option
    without spacer tests: tuples for options of at most SHORT_OPTION items, views that make
    the sequence when walked for longer ones, so memory stays linear in the options' length.
    """

    n_items: int
    n_primary: int
    nodes: Sequence[int]
    starts: Sequence[int]
    colors: Sequence[int] | None
    bounds: list[tuple[int, int]]  # primary item i -> (u, v), covered u..v times; [0] unused
    has_bounds: bool = False  # some primary item's bounds are not 1..1 (Algorithm M)
    # What the loops cache about the problem, made on first use and shared by every search
    # (this is the one place that says what a compiled problem holds; init=False, so that
    # dataclasses.replace starts a changed copy without them):
    masks: Any = field(default=None, init=False, repr=False, compare=False)  # dlx.bits.Masks
    c_layout: Any = field(default=None, init=False, repr=False, compare=False)  # C Layout
    # the measured choices of masks over links (dlx.loop_choice) for "c" and for "auto"
    c_bits: bool | None = field(default=None, init=False, repr=False, compare=False)
    python_bits: bool | None = field(default=None, init=False, repr=False, compare=False)
    _walks: Walks | None = field(default=None, init=False, repr=False, compare=False)
    _lists: DancingLists | None = field(default=None, init=False, repr=False, compare=False)

    llink = _Laid[list[int]]()
    rlink = _Laid[list[int]]()
    length = _Laid[list[int]]()
    top = _Laid[list[int]]()
    ulink = _Laid[list[int]]()
    dlink = _Laid[list[int]]()
    color = _Laid[list[int]]()
    option_of = _Laid[list[int]]()
    option_nodes = _Laid[list[tuple[int, ...]]]()

    @property
    def has_colors(self) -> bool:
        """Some entry has a color (Algorithm C's loops are needed)."""
        return self.colors is not None

    @property
    def n_options(self) -> int:
        """How many options the problem has."""
        return len(self.starts) - 1

    def laid_out(self) -> DancingLists:
        """Knuth's arrays of this problem, made on first use and kept."""
        if self._lists is None:
            self._lists = _lay_out(self)
        return self._lists

    def walks(self) -> Walks:
        """(others, other_items): for each node, the other nodes of its option and their
        items, in the cyclic order Knuth walks an option (see the class)."""
        if self._walks is None:
            self._walks = _walks(self.top, self.option_nodes)
        return self._walks

    def working_copy(self) -> tuple[list[int], ...]:
        """Fresh copies of the arrays a dancing-links search changes: llink, rlink, length,
        ulink, dlink, color (the rest it only reads)."""
        return (
            self.llink[:],
            self.rlink[:],
            self.length[:],
            self.ulink[:],
            self.dlink[:],
            self.color[:],
        )


SHORT_OPTION = 64  # options up to this long keep their rotations as tuples (speed)


class _Rest(Sequence[int]):
    """``values[k + 1:] + values[:k]``, made when it is walked: O(1) memory per node, so a
    long option costs memory linear in its length, not quadratic."""

    __slots__ = ("_values", "_k")

    def __init__(self, values: tuple[int, ...], k: int) -> None:
        self._values, self._k = values, k

    def _rotation(self) -> tuple[int, ...]:
        return self._values[self._k + 1 :] + self._values[: self._k]

    def __len__(self) -> int:
        return len(self._values) - 1

    def __iter__(self) -> Iterator[int]:
        return iter(self._rotation())

    def __reversed__(self) -> Iterator[int]:
        return reversed(self._rotation())

    def __getitem__(self, index):  # type: ignore[no-untyped-def]  # Sequence's overloads
        return self._rotation()[index]


def _walks(top: list[int], option_nodes: list[tuple[int, ...]]) -> Walks:
    """``Links.walks``: each node's other nodes and their items, in cyclic order."""
    others: list[Sequence[int]] = [()] * len(top)
    other_items: list[Sequence[int]] = [()] * len(top)
    for nodes in option_nodes:
        items = tuple(top[x] for x in nodes)
        short = len(nodes) <= SHORT_OPTION
        for k, x in enumerate(nodes):  # cyclic order, as Knuth walks an option
            others[x] = nodes[k + 1 :] + nodes[:k] if short else _Rest(nodes, k)
            other_items[x] = items[k + 1 :] + items[:k] if short else _Rest(items, k)
    return others, other_items


def _lay_out(links: Links) -> DancingLists:
    """Knuth's dancing-links arrays of ``links`` (see DancingLists)."""
    n, n1 = links.n_items, links.n_primary
    nodes, starts, colors = links.nodes, links.starts, links.colors
    llink = [0] * (n + 2)
    rlink = [0] * (n + 2)
    for i in range(1, n + 1):  # two circular lists: 0..n1 and n+1, n1+1..n
        llink[i], rlink[i] = i - 1, i + 1
    llink[0], rlink[0] = n1, 1 if n1 else 0
    if n1:
        rlink[n1] = 0
    llink[n + 1], rlink[n + 1] = (n, n1 + 1) if n > n1 else (n + 1, n + 1)
    if n > n1:
        llink[n1 + 1] = n + 1
        rlink[n] = n + 1
    length = [0] * (n + 2)
    top = list(range(n + 1)) + [0]  # headers point to themselves; node n+1 is the first spacer
    ulink = list(range(n + 1)) + [0]
    dlink = list(range(n + 1)) + [0]
    color = [0] * (n + 2)
    option_of = [-1] * (n + 2)
    option_nodes: list[tuple[int, ...]] = []
    spacer = n + 1
    for index in range(len(starts) - 1):
        first = spacer + 1
        for entry in range(starts[index], starts[index + 1]):
            x = len(top)
            i = nodes[entry]
            top.append(i)
            ulink.append(ulink[i])
            dlink.append(i)
            dlink[ulink[i]] = x
            ulink[i] = x
            length[i] += 1
            color.append(colors[entry] if colors else 0)
            option_of.append(index)
        last = len(top) - 1
        option_nodes.append(tuple(range(first, last + 1)))
        dlink[spacer] = last  # Knuth: a spacer's DLINK is the last node of the next option
        spacer = len(top)
        top.append(-(index + 1))
        ulink.append(first)  # and its ULINK the first node of the previous option
        dlink.append(0)
        color.append(0)
        option_of.append(-1)
    return DancingLists(
        llink=llink,
        rlink=rlink,
        length=length,
        top=top,
        ulink=ulink,
        dlink=dlink,
        color=color,
        option_of=option_of,
        option_nodes=option_nodes,
    )
