"""Exact-cover problems: items, options, colors, validation, and the compiled link arrays.

Glossary (Knuth, TAOCP 7.2.2.1):
- *primary item*: must be covered by exactly one chosen option.
- *secondary item*: covered by at most one chosen option, or by several that give it the
  same *color* (Knuth's Algorithm C).
- *option*: a named set of items; a *solution* is a set of options covering every primary
  item once and no secondary item in conflicting ways.

A ``Problem`` holds the user's names. ``Problem.compiled()`` gives its options as flat
arrays of item numbers (``dlx.links.Links``), made in the same pass that checks them.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from dlx.errors import (
    ArgumentError,
    ArgumentTypeError,
    BoundError,
    ColorError,
    CostError,
    DuplicateItemError,
    EmptyOptionError,
    RepeatedItemError,
    UnknownItemError,
    UnknownOptionError,
)
from dlx.links import Links

if TYPE_CHECKING:
    from dlx.costs import Cheapest, CostProgress
    from dlx.parallel import Estimate
    from dlx.search import Search
    from dlx.seeds import Seed

Item = Hashable
OptionName = Hashable
Solution = list[OptionName]  # option names, forced options first, then in the order chosen


@dataclass(frozen=True)
class Colored:
    """A secondary item with a color, for items that are not strings.

    For string items Knuth's notation ``"item:color"`` does the same.
    """

    item: Item
    color: Hashable


Entry = tuple[Item, Hashable | None]  # (item, color or None), the normalized form of an entry


class Problem:
    """An exact-cover problem with named items and named options.

    ``options`` is a mapping ``name -> entries`` or a sequence of entry lists (then the names
    are the indices 0, 1, ...). An entry is an item name, ``"item:color"`` for a colored
    secondary string item, or ``Colored(item, color)``. ``primary`` lists the primary items
    in the order used for tie-breaks; by default every item met in the options that is not
    in ``secondary``, in order of first appearance.

    >>> p = Problem({"A": ["a", "b"], "B": ["c"], "C": ["a"], "D": ["b", "c"]})
    >>> p
    exact cover problem: 3 primary items, 0 secondary, 4 options
    >>> sorted(map(sorted, p.solutions()))
    [['A', 'B'], ['C', 'D']]
    """

    def __init__(
        self,
        options: Mapping[OptionName, Iterable[Any]] | Iterable[Iterable[Any]],
        primary: Iterable[Item] | None = None,
        secondary: Iterable[Item] = (),
        *,
        bounds: Mapping[Item, int | tuple[int, int]] | None = None,
        costs: Mapping[OptionName, float] | Sequence[float] | None = None,
    ) -> None:
        named = _named_options(options)
        self._secondary = _distinct(secondary, "secondary")
        secondary_set = set(self._secondary)
        infer = primary is None
        self._primary = [] if primary is None else _distinct(primary, "primary")
        for item in self._primary:
            if item in secondary_set:
                raise DuplicateItemError(f"item {item!r} is declared both primary and secondary")
        primary_set = set(self._primary)
        self._options: dict[OptionName, tuple[Any, ...]] = named
        # Items by number, primary ones first. While primary items may still be met in the
        # options (inferred), secondary ones count down from -1, renumbered at the end.
        number: dict[Item, int] = {item: k for k, item in enumerate(self._primary, 1)}
        n1 = len(self._primary)
        for k, item in enumerate(self._secondary, 1):
            number[item] = -k if infer else n1 + k
        nodes = array("i")
        starts = array("i", [0])
        colors: array[int] | None = None
        color_number: dict[Hashable, int] = {}
        plain = not any(isinstance(item, Colored) for item in number)
        names, values = list(named), list(named.values())
        k = 0
        while k < len(values):
            if plain:  # the usual options, declared items each once, numbered in bulk
                more, ends, k = _number_options(values, number, k, len(nodes))
                nodes.frombytes(more)
                starts.frombytes(ends)
                if colors is not None:
                    colors.frombytes(bytes(len(more)))
                if k == len(values):
                    break
            name, entries = names[k], values[k]
            k += 1
            if not entries:
                raise EmptyOptionError(f"option {name!r} has no items")
            items: list[Item] = []
            hues: list[int] = []
            for entry in entries:
                try:
                    item, color = _split(entry, primary_set, secondary_set)
                    known = item in number
                    hash(color)
                except TypeError:
                    raise ArgumentTypeError(
                        f"option {name!r} names {entry!r}, which cannot be an item: "
                        "items (and colors) must be hashable"
                    ) from None
                if not known:
                    if not infer or color is not None:
                        what = "secondary item" if color is not None else "item"
                        raise UnknownItemError(
                            f"option {name!r} names {entry!r}, which is not a declared {what}"
                        )
                    self._primary.append(item)
                    primary_set.add(item)
                    number[item] = len(self._primary)
                if color is not None and item in primary_set:
                    raise ColorError(
                        f"option {name!r} gives primary item {item!r} the color {color!r}; "
                        "only secondary items can have colors"
                    )
                items.append(item)
                hues.append(
                    0 if color is None else color_number.setdefault(color, len(color_number) + 1)
                )
            if len(set(items)) != len(items):
                twice = next(item for k, item in enumerate(items) if item in items[:k])
                raise RepeatedItemError(f"option {name!r} names item {twice!r} twice")
            if colors is None and any(hues):
                colors = array("i", bytes(4 * len(nodes)))
            nodes += array("i", [number[item] for item in items])
            if colors is not None:
                colors += array("i", hues)
            starts.append(len(nodes))
        n1 = len(self._primary)
        if infer and self._secondary:
            nodes = array("i", [x if x > 0 else n1 - x for x in nodes])
        self._nodes, self._starts, self._colors = nodes, starts, colors
        self._items = (*self._primary, *self._secondary)  # by number, from 1
        self._color_names = list(color_number)
        self._primary_set = frozenset(primary_set)
        self._names = tuple(named)
        self._positions = {name: i for i, name in enumerate(named)}
        self._bounds = _checked_bounds(bounds or {}, self._primary_set, secondary_set)
        self._costs = _checked_costs(costs, self._positions)
        self._links: Links | None = None

    @classmethod
    def from_matrix(cls, rows: Any, secondary: int = 0) -> Problem:
        """A problem from a 0/1 matrix: each column is an item, each row an option.

        ``rows`` is a list of rows (lists, or anything with ``.tolist()``), a NumPy array, a
        SciPy sparse matrix or array (read from its stored entries, never densified) or a
        pandas DataFrame, without depending on any of them. Items are named 0..m-1 and
        options 0..k-1, except for a DataFrame: its column labels name the items and its
        index labels the options. The last ``secondary`` columns are secondary items.

        A cell must hold 0 or 1 (booleans and 0.0/1.0 too): any other value, NaN included,
        is refused naming its row and column, counted from 0. A row without a 1 is an
        option without items, refused as ``Problem`` refuses one.
        """
        from dlx.matrices import matrix_options

        items, options = matrix_options(rows)
        width = len(items)
        if isinstance(secondary, bool) or not isinstance(secondary, int):
            raise ArgumentTypeError(f"secondary must be a number of columns, not {secondary!r}")
        if not 0 <= secondary <= width:
            raise ArgumentError(f"secondary={secondary} but the matrix has {width} columns")
        cut = width - secondary
        return cls(options, primary=items[:cut], secondary=items[cut:])

    @property
    def primary(self) -> tuple[Item, ...]:
        """The primary items, in tie-break order."""
        return tuple(self._primary)

    @property
    def primary_set(self) -> frozenset[Item]:
        """The primary items, as a set."""
        return self._primary_set

    @property
    def secondary(self) -> tuple[Item, ...]:
        """The secondary items."""
        return tuple(self._secondary)

    @property
    def bounds(self) -> dict[Item, tuple[int, int]]:
        """The primary items that must be covered other than exactly once: item -> (u, v),
        covered at least u and at most v times (Knuth's Algorithm M)."""
        return dict(self._bounds)

    @property
    def costs(self) -> tuple[float, ...] | None:
        """Each option's cost, in option order (see ``option_names``), or None."""
        return self._costs

    @property
    def options(self) -> dict[OptionName, tuple[Any, ...]]:
        """The options, name -> entries exactly as given."""
        return dict(self._options)

    def entries(self, name: OptionName) -> tuple[Entry, ...]:
        """The option's entries normalized to ``(item, color or None)`` pairs."""
        k = self.index(name)
        items, colors, names = self._items, self._colors, self._color_names
        return tuple(
            (items[self._nodes[x] - 1], names[colors[x] - 1] if colors and colors[x] else None)
            for x in range(self._starts[k], self._starts[k + 1])
        )

    def option_text(self, name: OptionName) -> str:
        """The option as a line of Knuth's format: ``"a b x:red"``."""
        return " ".join(
            str(item) if color is None else f"{item}:{color}" for item, color in self.entries(name)
        )

    def __len__(self) -> int:
        return len(self._starts) - 1

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return (
            self._primary == other._primary
            and self._secondary == other._secondary
            and list(self._options) == list(other._options)
            and self._nodes == other._nodes
            and self._starts == other._starts
            and self._colors == other._colors
            and self._color_names == other._color_names
            and self._bounds == other._bounds
            and (self._costs or None) == (other._costs or None)  # no options: () is none
        )

    __hash__ = None  # type: ignore[assignment]  # mutable caches; equality is structural

    def __repr__(self) -> str:
        return (
            f"exact cover problem: {len(self._primary)} primary items, "
            f"{len(self._secondary)} secondary, {len(self)} options"
        )

    def without(self, names: Iterable[OptionName]) -> Problem:
        """The same problem without the options ``names`` (each must be one of its options):
        a part of a count cut by options (``dlx.tree.cut_bounded``)."""
        left_out = {self._names[self.index(name)] for name in names}
        kept = {name: entries for name, entries in self._options.items() if name not in left_out}
        costs = self._costs
        return Problem(
            kept,
            primary=self._primary,
            secondary=self._secondary,
            bounds=self._bounds,
            costs=None if costs is None else {name: costs[self._positions[name]] for name in kept},
        )

    def without_primary(self) -> list[OptionName]:
        """Options that contain no primary item (allowed, as in Knuth's programs)."""
        nodes, starts, n1 = self._nodes, self._starts, len(self._primary)
        return [
            name
            for k, name in enumerate(self._names)
            if min(nodes[starts[k] : starts[k + 1]]) > n1  # options are not empty
        ]

    def summary(self) -> str:
        """A few lines describing the problem's size and anything unusual in it."""
        colored = len(self._colors) - self._colors.count(0) if self._colors else 0
        lines = [
            repr(self),
            f"{len(self._nodes)} entries, {colored} of them colored",
        ]
        used = set(self._nodes)
        idle = [item for i, item in enumerate(self._primary, start=1) if i not in used]
        if idle:
            lines.append(f"{len(idle)} primary items in no option (no solution): {idle[:10]!r}")
        lonely = self.without_primary()
        if lonely:
            lines.append(f"{len(lonely)} options with no primary item: {lonely[:10]!r}")
        return "\n".join(lines)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the compiled arrays: they are rebuilt on first use, and sending
        them (to a worker process) would cost more than compiling."""
        return {**self.__dict__, "_links": None}

    def compiled_in(self, order: Sequence[int]) -> Links:
        """The problem's arrays with its options in another order: option k of the result is
        option ``order[k]`` (every index once). Built afresh, not kept: ``minimum`` searches
        its options in increasing cost this way, without a second Problem."""
        if sorted(order) != list(range(len(self))):
            raise UnknownOptionError("compiled_in() needs every option index exactly once")
        nodes, starts, colors = array("i"), array("i", [0]), self._colors
        moved = None if colors is None else array("i")
        for o in order:
            nodes += self._nodes[self._starts[o] : self._starts[o + 1]]
            if moved is not None and colors is not None:
                moved += colors[self._starts[o] : self._starts[o + 1]]
            starts.append(len(nodes))
        return self._compile(nodes, starts, moved)

    def index(self, name: OptionName) -> int:
        """The position of option ``name`` (its number in the compiled arrays)."""
        try:
            return self._positions[name]
        except (KeyError, TypeError):
            raise UnknownOptionError(f"there is no option named {name!r}") from None

    def option_names(self) -> tuple[OptionName, ...]:
        """The option names in order: index i of the compiled arrays is option i."""
        return self._names

    def compiled(self) -> Links:
        """The problem as dancing-links arrays, built once and shared by every search."""
        if self._links is None:
            self._links = self._compile(self._nodes, self._starts, self._colors)
        return self._links

    def _compile(self, nodes: array[int], starts: array[int], colors: array[int] | None) -> Links:
        return Links(
            n_items=len(self._primary) + len(self._secondary),
            n_primary=len(self._primary),
            nodes=nodes,
            starts=starts,
            colors=colors,
            bounds=[(0, 0)] + [self._bounds.get(item, (1, 1)) for item in self._primary],
            has_bounds=bool(self._bounds),
        )

    # -- searching: thin wrappers around dlx.search.Search ---------------------------------

    def search(
        self,
        *,
        seed: Seed = None,
        forced: Iterable[OptionName] = (),
        max_nodes: int | None = None,
        time_limit: float | None = None,
        progress: Callable[[Search], object] | None = None,
        progress_interval: int = 100_000,
        backend: str | None = None,
    ) -> Search:
        """A fresh ``Search`` over this problem; the keywords are ``dlx.Search``'s."""
        from dlx.search import Search

        return Search(
            self,
            seed=seed,
            forced=forced,
            max_nodes=max_nodes,
            time_limit=time_limit,
            progress=progress,
            progress_interval=progress_interval,
            backend=backend,
        )

    def solutions(
        self,
        *,
        seed: Seed = None,
        forced: Iterable[OptionName] = (),
        max_nodes: int | None = None,
        time_limit: float | None = None,
        backend: str | None = None,
        jobs: int | None = None,
        executor: Any = None,
    ) -> Iterator[Solution]:
        """Every solution, lazily, each a list of option names (see ``dlx.Search``).

        With ``jobs`` (worker processes) or an ``executor`` (a Dask client or address, or a
        ``concurrent.futures.Executor``) the search is split across workers and the
        solutions still come in the serial order (see ``dlx.parallel.solutions``).
        """
        if jobs is not None or executor is not None:
            from dlx.parallel import solutions

            _serial_only(max_nodes, time_limit)
            return solutions(
                self, jobs=jobs, executor=executor, seed=seed, forced=forced, backend=backend
            )
        return iter(
            self.search(
                seed=seed,
                forced=forced,
                max_nodes=max_nodes,
                time_limit=time_limit,
                backend=backend,
            )
        )

    def solve(
        self,
        *,
        seed: Seed = None,
        forced: Iterable[OptionName] = (),
        max_nodes: int | None = None,
        time_limit: float | None = None,
        backend: str | None = None,
    ) -> Solution | None:
        """The first solution, or None when there is none (see ``dlx.Search``)."""
        return self.search(
            seed=seed, forced=forced, max_nodes=max_nodes, time_limit=time_limit, backend=backend
        ).first()

    def count(
        self,
        limit: int | None = None,
        *,
        seed: Seed = None,
        forced: Iterable[OptionName] = (),
        max_nodes: int | None = None,
        time_limit: float | None = None,
        backend: str | None = None,
        jobs: int | None = None,
        executor: Any = None,
    ) -> int:
        """The number of solutions; counting stops at ``limit`` when one is given.

        With ``jobs`` or an ``executor`` the count is split across workers (see
        ``dlx.parallel.Count``); the number is the same.
        """
        if jobs is not None or executor is not None:
            from dlx.parallel import count

            _serial_only(max_nodes, time_limit)
            return count(self, limit, jobs=jobs, executor=executor, forced=forced, backend=backend)
        return self.search(
            seed=seed, forced=forced, max_nodes=max_nodes, time_limit=time_limit, backend=backend
        ).count(limit)

    def minimum(
        self,
        k: int = 1,
        *,
        forced: Iterable[OptionName] = (),
        max_nodes: int | None = None,
        time_limit: float | None = None,
        progress: Callable[[CostProgress], object] | None = None,
        progress_interval: int = 100_000,
        backend: str | None = None,
        bound: str = "lagrangian",
        jobs: int | None = None,
        executor: Any = None,
    ) -> Cheapest:
        """The ``k`` cheapest solutions by total cost, cheapest first (see ``dlx.costs``);
        ``progress(view)`` is called every ``progress_interval`` nodes with a
        ``dlx.costs.CostProgress``; ``backend`` "python" keeps the search in pure Python,
        ``bound`` "taxes" prunes by Knuth's taxes alone (``dlx.relaxation``). With ``jobs``
        or an ``executor`` the search is split across workers (``dlx.parallel.minimum``).

        >>> p = Problem({"A": ["a", "b"], "B": ["a"], "C": ["b"]}, costs={"A": 5, "B": 2, "C": 2})
        >>> best = p.minimum(k=2)
        >>> best.cost, best.solution, best.covers[1]
        (4, ['B', 'C'], (5, ['A']))
        """
        if jobs is not None or executor is not None:
            from dlx.parallel import minimum as split_minimum

            _serial_only(max_nodes, time_limit)
            if progress is not None:
                raise ArgumentError("progress reports a serial search, not one with jobs")
            return split_minimum(
                self, k, jobs=jobs, executor=executor, forced=forced, backend=backend, bound=bound
            )
        from dlx.costs import minimum

        return minimum(
            self,
            k,
            forced=forced,
            max_nodes=max_nodes,
            time_limit=time_limit,
            progress=progress,
            progress_interval=progress_interval,
            backend=backend,
            bound=bound,
        )

    def estimate(
        self, *, samples: int = 1000, seed: Seed = 0, forced: Iterable[OptionName] = ()
    ) -> Estimate:
        """Knuth's Monte Carlo estimate of the search: about how many nodes a count visits
        and how many solutions it finds, before starting it (``dlx.parallel.estimate``)."""
        from dlx.parallel import estimate

        return estimate(self, samples=samples, seed=seed, forced=forced)


def _serial_only(max_nodes: int | None, time_limit: float | None) -> None:
    """Node and time limits bound one search; split across workers they mean nothing."""
    if max_nodes is not None or time_limit is not None:
        raise ArgumentError("max_nodes and time_limit apply to a serial search, not with jobs")


def _number_plain(
    options: list[tuple[Any, ...]], number: dict[Item, int], begin: int, base: int
) -> tuple[bytes, bytes, int]:
    """dlx._search.number_options in Python (see dlx/_number.h): options[begin:stop] as
    their item numbers and the starts that end them (``base`` + entries so far), stopping
    at the first option that is not a run of distinct keys of ``number``."""
    nodes, starts = array("i"), array("i")
    for k in range(begin, len(options)):
        try:
            row = [number[entry] for entry in options[k]]
        except (KeyError, TypeError):  # unknown, colored or unhashable: the caller says
            return nodes.tobytes(), starts.tobytes(), k
        if not row or len(set(row)) != len(row):
            return nodes.tobytes(), starts.tobytes(), k
        nodes.extend(row)
        starts.append(base + len(nodes))
    return nodes.tobytes(), starts.tobytes(), len(options)


try:
    from dlx._search import number_options as _number_options
except ImportError:  # the C part is not built: the same pass in Python
    _number_options = _number_plain


def _named_options(
    options: Mapping[OptionName, Iterable[Any]] | Iterable[Iterable[Any]],
) -> dict[OptionName, tuple[Any, ...]]:
    """The options as ``name -> entries``, or ArgumentTypeError naming what is not a list."""
    if isinstance(options, str | bytes) or not isinstance(options, Iterable):
        raise ArgumentTypeError(
            f"options must be a mapping name -> items or a list of item lists, not {options!r}"
        )
    pairs = options.items() if isinstance(options, Mapping) else enumerate(options)
    named = {}
    for name, entries in pairs:
        try:  # cheaper than asking isinstance(entries, Iterable) of every option
            named[name] = tuple(entries)
        except TypeError:
            what = f"option {name!r} is {entries!r}, not a list of items"
            raise ArgumentTypeError(what) from None
    return named


def _distinct(items: Iterable[Item], kind: str) -> list[Item]:
    if isinstance(items, bytes) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"{kind} items must be a list of items, not {items!r}")
    result: list[Item] = []
    seen: set[Item] = set()
    for item in items:
        try:
            hash(item)
        except TypeError:
            raise ArgumentTypeError(
                f"{kind} item {item!r} cannot be an item: items must be hashable"
            ) from None
        if item in seen:
            raise DuplicateItemError(f"{kind} item {item!r} is declared twice")
        seen.add(item)
        result.append(item)
    return result


def _split(entry: Any, primary: set[Item], secondary: set[Item]) -> tuple[Item, Hashable | None]:
    """An entry as (item, color): ``Colored``, a declared item, or an ``"item:color"`` string."""
    if isinstance(entry, Colored):
        return entry.item, entry.color
    if isinstance(entry, str) and ":" in entry and entry not in primary and entry not in secondary:
        item, _, color = entry.partition(":")
        return item, color
    return entry, None


def _checked_bounds(
    bounds: Mapping[Item, int | tuple[int, int]], primary: frozenset[Item], secondary: set[Item]
) -> dict[Item, tuple[int, int]]:
    """The bounds as item -> (u, v), each checked; 1..1 entries dropped (the default)."""
    checked = {}
    for item, given in bounds.items():
        if item not in primary:
            kind = "a secondary item" if item in secondary else "not an item of the problem"
            raise BoundError(f"bounds {given!r} given to {item!r}, which is {kind}")
        u, v = (given, given) if isinstance(given, int) else tuple(given)
        if not all(isinstance(b, int) and not isinstance(b, bool) for b in (u, v)):
            raise BoundError(f"item {item!r}: bounds must be whole numbers, not {given!r}")
        if not 0 <= u <= v or v < 1:
            raise BoundError(f"item {item!r}: bounds {u}:{v} are not 0 <= u <= v with v >= 1")
        if (u, v) != (1, 1):
            checked[item] = (u, v)
    return checked


def _checked_costs(
    costs: Mapping[OptionName, float] | Sequence[float] | None,
    positions: dict[OptionName, int],
) -> tuple[float, ...] | None:
    """The costs in option order, each a finite number >= 0 (a missing one is 0), adding
    up to a float (a cover's cost must be one)."""
    if costs is None:
        return None
    if isinstance(costs, Mapping):
        named = costs
    else:
        named = dict(enumerate(costs))
        if len(named) != len(positions):
            raise CostError(f"{len(named)} costs given for {len(positions)} options")
    result = [0.0] * len(positions)
    for name, cost in named.items():
        try:
            where = positions[name] if isinstance(costs, Mapping) else cast(int, name)
        except (KeyError, TypeError):
            raise CostError(f"a cost is given to {name!r}, which is not an option") from None
        if isinstance(cost, bool) or not isinstance(cost, int | float) or not cost >= 0:
            raise CostError(f"option {name!r}: cost {cost!r} is not a number >= 0")
        if not _finite(cost):
            raise CostError(f"option {name!r}: cost {cost!r} is not finite as a float")
        result[where] = cost
    if not _finite(sum(map(float, result))):
        raise CostError("the costs add up past the largest number a float holds")
    return tuple(result)


def _finite(number: float) -> bool:
    """True when ``number`` is a finite float, or an int that converts to one."""
    try:
        return math.isfinite(number)
    except OverflowError:  # an int past a float
        return False
