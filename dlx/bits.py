"""The same search with sets as Python ints: fast where Python is slow.

Dancing links in pure Python pays 0.25-0.3 microseconds for every link it changes, and a
pentomino count changes hundreds of millions. Here the active options are one int, bit k
for option k, and the uncovered primary items another, bit i - 1 for item i. Each item has
the mask of the options that contain it: to cover an item is one AND, the length of an item
is a popcount, and to undo a level is to restore the ints saved there. The options left to
try at a level are a mask too, taken lowest bit first. The big-int operations run in C
inside CPython.

Everything observable is the dancing-links loop's, step for step (``dlx.dancing``): the
same X2..X8, the same item chosen (the uncovered items are scanned in the order of the
active list, with the same early stop), options tried in the same order (an item's list is
in option order), the same seeded calls. Its cost counter ``updates`` is its own: the
options taken out of the active set (there are no links to count). The per-level profile
is added up when a level lists its options and corrected for those still to try whenever
the stats are read. The cost of a node grows with the number of options, so ``auto``
picks this loop or the dancing links by a measured rule (``dlx.loop_choice``).

Choosing the item (X3) is most of a node's time when it means a Python loop over the
uncovered items. Where an option meets few others (``count_cost``, sudoku's 729 options
meet about 30 each), the loop keeps every primary item's length in a bytearray instead,
less one for each option hidden and restored with the level, so X3 is a few
``bytearray.find`` calls at C speed; lengths from CAP up are recounted from the masks.
Where options meet many (queens, pentominoes) keeping them costs more than the scan, and
the loop scans. Either way the same item is chosen.
"""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from dlx.loop import CHECKPOINT, SOLUTION, GeneratorLoop, Stats

if TYPE_CHECKING:
    from dlx.links import Links

CAP, COVERED = 254, 255  # X3 tells lengths 0..CAP-1 apart (CAP >= 2); a covered item


@dataclass
class Masks:
    """A problem's option masks, made once per ``Links`` and shared by every search."""

    item: list[int]  # item i -> the options that contain it
    color: list[dict[int, int]]  # secondary item i -> color -> the options giving i that color
    node: list[dict[int, int]]  # item i -> option -> the option's node in i's vertical list
    full: int  # every option
    keep: list[int]  # option -> the primary items (bit i - 1 for item i) it leaves uncovered
    primaries: list[tuple[int, ...]]  # option -> its primary items
    conflict: list[int] | None  # option -> the options sharing an item with it (no colors)
    counted: bool  # the loop keeps every item's length up to date (see ``count_cost``)
    long: int  # the options of the primary items with CAP options or more

    @classmethod
    def of(cls, links: Links) -> Masks:
        """The masks of ``links``, kept on it after the first call."""
        if links.masks is None:
            links.masks = cls._build(links)
        return cast(Masks, links.masks)

    @classmethod
    def _build(cls, links: Links) -> Masks:
        n, top, color, n_primary = links.n_items, links.top, links.color, links.n_primary
        every_item = (1 << links.n_primary) - 1
        item = [0] * (n + 2)
        colors: list[dict[int, int]] = [{} for _ in range(n + 2)]
        node: list[dict[int, int]] = [{} for _ in range(n + 2)]
        keep = []
        primaries = []
        for option, option_nodes in enumerate(links.option_nodes):
            bit = 1 << option
            covers = bytearray(links.n_primary // 8 + 1)  # bit by bit in an int is quadratic
            for x in option_nodes:
                i = top[x]
                item[i] |= bit
                node[i][option] = x
                if i <= links.n_primary:
                    covers[(i - 1) >> 3] |= 1 << ((i - 1) & 7)
                elif color[x]:
                    colors[i][color[x]] = colors[i].get(color[x], 0) | bit
            keep.append(every_item ^ int.from_bytes(covers, "little"))
            primaries.append(tuple(i for i in map(top.__getitem__, option_nodes) if i <= n_primary))
        long = 0
        for i in range(1, n_primary + 1):
            if links.length[i] >= CAP:
                long |= item[i]
        conflict = None
        if not links.has_colors:  # committing an option hides the options that meet it
            conflict = [0] * len(links.option_nodes)
            for option, option_nodes in enumerate(links.option_nodes):
                for x in option_nodes:
                    conflict[option] |= item[top[x]]
        return cls(
            item=item,
            color=colors,
            node=node,
            full=(1 << len(links.option_nodes)) - 1,
            keep=keep,
            primaries=primaries,
            conflict=conflict,
            counted=COUNT_FACTOR * count_cost(links) <= mask_cost(links),
            long=long,
        )


MAX_MASK_BYTES = 256 << 20  # the most memory the masks of one search may take: 256 MiB


def mask_bytes(links: Links) -> int:
    """About how many bytes the masks take at most: one set of options per item, per option
    (the options it meets) and twice per level, one set of primary items per option and level.
    Quadratic in the problem's size: the driver (``dlx.search``) refuses to run this loop
    on problems past MAX_MASK_BYTES, and ``auto`` does not pick it there."""
    options = links.n_options
    depth = min(links.n_primary, options) + 1
    per_option = 0 if links.has_colors else options  # the conflict masks
    option_set, item_set = options // 8 + 8, links.n_primary // 8 + 8
    return (links.n_items + 2 + per_option + 2 * depth) * option_set + (options + depth) * item_set


def mask_cost(links: Links) -> int:
    """About how many machine words one node's item scan touches (see ``count_cost``)."""
    return links.n_primary * (links.n_options // 64 + 1)


def count_cost(links: Links) -> int:
    """About how many item lengths one node changes when they are kept up to date: the
    options an option meets (its items times an item's options), times their primary items."""
    nodes = len(links.nodes)
    primary_nodes = sum(1 for i in links.nodes if i <= links.n_primary)
    options = max(links.n_options, 1)
    return (nodes * nodes * primary_nodes) // (options * options * max(links.n_items, 1))


COUNT_FACTOR = 4  # a length kept up to date costs about this many words scanned (measured)


class BitsLoop(GeneratorLoop):
    """The dancing-links search with its sets kept as ints (see the module); a
    ``dlx.loop.Loop``.

    The options still to try at level l are ``_pending[l]``: a mask, or when seeded the
    shuffled list, last to try first (``_choice[l]`` then keeps the option being tried).
    ``_before[l]`` and ``_after[l]`` are the active options before and after level l's item
    was covered: their difference is the item's options.
    """

    def __init__(
        self, links: Links, forced: list[int], rng: random.Random | None, stats: Stats
    ) -> None:
        depth = links.n_primary + 1
        self.level = 0
        self._seeded = rng is not None
        self._choice = [0] * depth  # seeded: the option tried at level l
        self._pending: list[Any] = [0] * depth  # masks (int), or lists when seeded
        self._before = [0] * depth
        self._after = [0] * depth
        # level l -> how many options it has listed, over all its visits (the deepest
        # level never lists any: the profile ends at the first zero)
        self._listed = [0] * depth
        self._steps = self._loop(links, forced, rng, stats)

    def chosen(self) -> list[int]:
        """The options (as indices) chosen at the levels above the current one."""
        if self._seeded:
            return self._choice[: self.level]
        # unseeded, options are tried lowest first: the one being tried is the highest tried
        return [(options ^ pending).bit_length() - 1 for options, pending in self._levels()]

    def branches(self) -> list[tuple[int, int]]:
        """For each level above the current one: (options to try, options tried)."""
        return [
            (_count(options), _count(options) - _count(pending) - 1)
            for options, pending in self._levels()
        ]

    def _levels(self) -> list[tuple[int, Any]]:
        """For each level above the current one: (its item's options, those not yet tried)."""
        return [(self._before[k] ^ self._after[k], self._pending[k]) for k in range(self.level)]

    def _sync(self, stats: Stats, level: int, nodes: int, updates: int, solutions: int) -> None:
        """Bring ``stats`` up to date: the profile is what each level listed, less what
        it has not tried yet (nothing, at the levels below the search). A level that never
        listed any option has none pending either: the profile ends there at the latest."""
        self.level = level
        stats.nodes = nodes
        stats.updates = updates
        stats.solutions = solutions
        reached = self._listed[: self._listed.index(0)]
        left = map(len if self._seeded else int.bit_count, self._pending[: len(reached)])
        profile = list(map(operator.sub, reached, left))
        profile.append(0)
        stats.profile[:] = profile[: profile.index(0)]

    def _loop(
        self, links: Links, forced: list[int], rng: random.Random | None, stats: Stats
    ) -> Iterator[tuple[int, int]]:
        masks = Masks.of(links)
        item_mask, color_mask = masks.item, masks.color
        conflict, keep, node_of = masks.conflict, masks.keep, masks.node
        top, color, (others, _) = links.top, links.color, links.walks()
        n_primary = links.n_primary
        choice, pending, listed = self._choice, self._pending, self._listed
        before, after = self._before, self._after
        branched = [0] * (n_primary + 1)  # level -> the item covered there
        saved_live = [0] * (n_primary + 1)  # level -> the uncovered items there
        purified = [0] * (links.n_items + 2)  # item -> the color it was purified with
        # colors: level -> the items purified there
        purged: list[list[int]] = [[] for _ in range(n_primary + 1)] if conflict is None else []
        # counted: primary item -> how many options it has left (at most CAP: an item above
        # counts as CAP), COVERED once covered, [0] too. The X3 choice is then a few
        # bytearray.find calls at C speed, not a Python loop over the items
        counted = masks.counted
        lengths = bytearray([COVERED]) * (n_primary + 1)
        saved_lengths = [b""] * (n_primary + 1)
        primaries = masks.primaries
        cap = CAP
        active = masks.full
        live = (1 << n_primary) - 1  # the uncovered primary items
        updates = 0

        def drop(hidden: int) -> None:
            """The options of ``hidden`` were just made inactive: their items lose one each
            (or are counted again from the masks, for options with a long item)."""
            recount = hidden & masks.long
            hidden ^= recount
            while hidden:
                option = hidden.bit_length() - 1
                hidden ^= 1 << option
                for i in primaries[option]:
                    lengths[i] -= 1
            while recount:
                option = recount.bit_length() - 1
                recount ^= 1 << option
                for i in primaries[option]:
                    lengths[i] = min((item_mask[i] & active).bit_count(), cap)

        def commit(nodes: Sequence[int], purges: list[int]) -> None:
            """Cover or purify the items of these nodes one by one, in the dancing-links
            loop's order."""
            nonlocal active, updates
            for q in nodes:
                i = top[q]
                c = color[q]
                if c == 0:
                    hidden = item_mask[i] & active
                elif not purified[i]:
                    hidden = item_mask[i] & active & ~color_mask[i][c]
                    purified[i] = c
                    purges.append(i)
                else:
                    continue
                updates += hidden.bit_count()
                active ^= hidden
                if counted:
                    drop(hidden)
                    if i <= n_primary:
                        lengths[i] = COVERED

        # the forced options; without colors, what they hide is the options meeting any of
        # them, one disjoint union
        if conflict is None:
            for index in forced:
                commit(links.option_nodes[index], [])
        else:
            meeting = 0
            for index in forced:
                meeting |= conflict[index]
            hidden = active & meeting
            updates += hidden.bit_count()
            active ^= hidden
        for index in forced:
            live &= keep[index]
        if counted:  # counted once, then kept up to date
            counts = map(int.bit_count, map(active.__and__, item_mask[1 : n_primary + 1]))
            lengths[1:] = bytes(map(min, counts, itertools.repeat(cap)))
            for index in forced:
                for i in primaries[index]:
                    lengths[i] = COVERED

        level = 0
        nodes, solutions = stats.nodes, stats.solutions
        next_check, target = self._next_check, self._target
        seeded = rng is not None
        shuffler = cast(random.Random, rng)  # used only when seeded, when rng is given
        try:
            while True:
                rest: Any = 0  # the options to try at this level: a mask, or a list seeded
                if not live:  # X2: every primary item is covered
                    solutions += 1
                    if solutions >= target:
                        self._sync(stats, level, nodes, updates, solutions)
                        yield SOLUTION, level
                        next_check, target = self._next_check, self._target
                else:  # X3: the item with fewest options, leftmost (or random) among ties
                    if counted:  # the first length found, counting up
                        best = 0
                        while (i := lengths.find(best)) < 0:
                            best += 1
                        if seeded:
                            ties = _every(lengths, best)
                        if best == cap:  # every item has cap options or more: count them
                            ties, best = _fewest(item_mask, active, _every(lengths, cap))
                            i = ties[0]
                        # the dancing-links scan stops at the first item with one option
                        elif not seeded and best == 0 and 0 <= (one := lengths.find(1, 0, i)):
                            best, i = 1, one
                    else:  # the uncovered items scanned in order, as the linked list is
                        low = live & -live
                        i = low.bit_length()
                        best = (item_mask[i] & active).bit_count()
                        if seeded:
                            ties = [i]
                        # unseeded, an item with one option is a forced move: stop looking
                        left = live ^ low if seeded or best > 1 else 0
                        while left:
                            low = left & -left
                            left ^= low
                            j = low.bit_length()
                            length = (item_mask[j] & active).bit_count()
                            if length < best:
                                i = j
                                best = length
                                if seeded:
                                    ties = [j]
                                elif length <= 1:
                                    break
                            elif length == best and seeded:
                                ties.append(j)
                    if seeded:
                        i = shuffler.choice(ties)
                    if best:  # X4: cover i; its options are the set bits, lowest first
                        rest = item_mask[i] & active
                        before[level] = active
                        active ^= rest
                        after[level] = active
                        updates += best
                        if counted:
                            drop(rest)
                            lengths[i] = COVERED
                            saved_lengths[level] = bytes(lengths)
                        saved_live[level] = live
                        branched[level] = i
                        if seeded:
                            rest = _shuffled(rest, shuffler)
                        # no call between these two, so Ctrl-C finds them in step (_sync)
                        pending[level] = rest
                        listed[level] += best
                if not rest:  # X8: leave levels, undoing their options (X6), until one has
                    while True:  # options left; X7 (uncover) is restoring the level above
                        if level == 0:
                            return
                        level -= 1
                        if conflict is None:  # colors: forget the purifications undone
                            for i in purged[level]:
                                purified[i] = 0
                            purged[level].clear()
                        rest = pending[level]
                        if rest:
                            break
                    active = after[level]
                    live = saved_live[level]
                    if counted:
                        lengths[:] = saved_lengths[level]
                # X5: try the next option
                if seeded:
                    option = rest[-1]
                    choice[level] = option
                else:
                    low = rest & -rest
                    option = low.bit_length() - 1
                if conflict is None:
                    commit(others[node_of[branched[level]][option]], purged[level])
                else:  # the options meeting this one: one disjoint union
                    hidden = active & conflict[option]
                    updates += hidden.bit_count()
                    active ^= hidden
                    if counted:
                        drop(hidden)
                        for i in primaries[option]:
                            lengths[i] = COVERED
                live &= keep[option]
                if seeded:  # the option leaves pending (no call up to level += 1: see X4)
                    del rest[-1]
                else:
                    pending[level] = rest ^ low
                nodes += 1
                level += 1
                if nodes >= next_check:
                    self._sync(stats, level, nodes, updates, solutions)
                    yield CHECKPOINT, level
                    next_check, target = self._next_check, self._target
        finally:
            self._sync(stats, level, nodes, updates, solutions)


def _every(lengths: bytearray, value: int) -> list[int]:
    """The items whose length is ``value``, in order."""
    found = []
    i = -1
    while (i := lengths.find(value, i + 1)) >= 0:
        found.append(i)
    return found


def _fewest(item_mask: list[int], active: int, items: list[int]) -> tuple[list[int], int]:
    """Those of ``items`` with the fewest active options, in order, and that number."""
    counts = [(item_mask[i] & active).bit_count() for i in items]
    best = min(counts)
    return [i for i, count in zip(items, counts, strict=True) if count == best], best


def _shuffled(options: int, rng: random.Random) -> list[int]:
    """The options of a mask in the order a seeded search tries them, last first: shuffled
    from option order with the one call the other loops make."""
    order = []
    while options:
        low = options & -options
        options ^= low
        order.append(low.bit_length() - 1)
    rng.shuffle(order)
    order.reverse()
    return order


def _count(pending: int | list[int]) -> int:
    """How many options a pending mask or list holds."""
    return pending.bit_count() if isinstance(pending, int) else len(pending)
