"""The same search with the active options as one Python int: fast where Python is slow.

Dancing links in pure Python pays 0.25-0.3 microseconds for every link it changes, and a
pentomino count changes hundreds of millions. Here the set of active options is a single
int, bit k for option k, and each item has the mask of the options that contain it: to
cover an item is one AND, the length of an item is a popcount, and to undo is to restore
the int saved at that level. The big-int operations run in C inside CPython.

Everything observable is the dancing-links loop's, step for step (``PythonLoop``): the
same X2..X8, the same item chosen (the active items are still a doubly linked list, scanned
in the same order with the same early stop), options tried in the same order (an item's
options are its vertical list, kept in option order), the same seeded calls, and Knuth's
update count recovered from the sizes of the options each cover or purify hides. The cost
of a node grows with the number of options, so ``auto`` (see ``dlx.search``) picks this
loop for problems whose masks are short.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from dlx.problem import Links
from dlx.search import CHECKPOINT, SOLUTION, PythonLoop, Stats


@dataclass
class Masks:
    """A problem's option masks, made once per ``Links`` and shared by every search."""

    item: list[int]  # item i -> the options that contain it
    color: list[dict[int, int]]  # secondary item i -> color -> the options giving i that color
    sizes: list[tuple[int, int]]  # (size, the options of that many items), for update counts
    node: list[dict[int, int]]  # item i -> option -> the option's node in i's vertical list
    full: int  # every option
    conflict: list[int] | None  # option -> the options sharing an item with it (no colors)
    primary_others: list[tuple[int, ...]]  # node x -> the primary items of others[x]

    @classmethod
    def of(cls, links: Links) -> Masks:
        """The masks of ``links``, kept on it after the first call."""
        masks = links.__dict__.get("_masks")
        if masks is None:
            masks = links._masks = cls._build(links)
        return masks

    @classmethod
    def _build(cls, links: Links) -> Masks:
        n = links.n_items
        item = [0] * (n + 2)
        color: list[dict[int, int]] = [{} for _ in range(n + 2)]
        node: list[dict[int, int]] = [{} for _ in range(n + 2)]
        by_size: dict[int, int] = {}
        for option, option_nodes in enumerate(links.option_nodes):
            bit = 1 << option
            by_size[len(option_nodes)] = by_size.get(len(option_nodes), 0) | bit
            for x in option_nodes:
                i = links.top[x]
                item[i] |= bit
                node[i][option] = x
                if links.color[x]:
                    color[i][links.color[x]] = color[i].get(links.color[x], 0) | bit
        conflict = None
        if not links.has_colors:  # committing an option hides the options that meet it
            conflict = [0] * len(links.option_nodes)
            for option, option_nodes in enumerate(links.option_nodes):
                for x in option_nodes:
                    conflict[option] |= item[links.top[x]]
        return cls(
            item=item,
            color=color,
            sizes=sorted(by_size.items()),
            node=node,
            full=(1 << len(links.option_nodes)) - 1,
            conflict=conflict,
            primary_others=[
                tuple(i for i in items if i <= links.n_primary) for items in links.other_items
            ],
        )


def mask_cost(links: Links) -> int:
    """About how many machine words one node's item scan touches: the ``auto`` criterion."""
    return links.n_primary * (len(links.option_nodes) // 64 + 1)


class BitsLoop(PythonLoop):
    """``PythonLoop``'s search with the active options kept as an int (see the module)."""

    def _loop(
        self, links: Links, forced: list[int], rng: random.Random | None, stats: Stats
    ) -> Iterator[tuple[int, int]]:
        masks = Masks.of(links)
        item_mask, color_mask, sizes, node_of = masks.item, masks.color, masks.sizes, masks.node
        llink, rlink = links.llink[:], links.rlink[:]
        top, color, others = links.top, links.color, links.others
        conflict, primary_others = masks.conflict, masks.primary_others
        option_of, option_nodes = links.option_of, links.option_nodes
        n_primary = links.n_primary
        profile = stats.profile
        choice, orders, tried = self._choice, self._orders, self._tried
        depth = n_primary + 1
        before = [0] * depth  # the active options before X4 covered this level's item
        after = [0] * depth  # and after it
        purified: list[int] = [0] * (links.n_items + 2)  # item -> the color it was purified with
        purged: list[list[int]] = [[] for _ in range(depth)]  # items purified by choice[l]
        active = masks.full
        updates = 0

        # The nodes of hidden options, what dancing links would have unlinked: one popcount
        # when every option has the same size.
        option_size = sizes[0][0] if len(sizes) == 1 else 0

        def weight(hidden: int) -> int:
            return sum(size * (hidden & same).bit_count() for size, same in sizes)

        def commit(nodes: tuple[int, ...], purges: list[int]) -> None:
            """Cover or purify the items of these nodes one by one, as PythonLoop's commit
            does (the main loop has a one-AND shortcut for problems without colors)."""
            nonlocal active, updates
            for q in nodes:
                i = top[q]
                c = color[q]
                if c == 0:
                    hidden = item_mask[i] & active
                    if hidden:
                        updates += weight(hidden)
                        active ^= hidden
                    if i <= n_primary:
                        left = llink[i]
                        right = rlink[i]
                        rlink[left] = right
                        llink[right] = left
                elif not purified[i]:
                    hidden = item_mask[i] & active & ~color_mask[i][c]
                    if hidden:
                        updates += weight(hidden) - hidden.bit_count()
                        active ^= hidden
                    purified[i] = c
                    purges.append(i)

        for index in forced:
            commit(option_nodes[index], [])

        level = 0
        nodes = stats.nodes
        next_check = self._next_check
        try:
            while True:
                if rlink[0] == 0:  # X2: every primary item is covered
                    stats.nodes = nodes
                    stats.solutions += 1
                    stats.updates = updates
                    self.level = level
                    yield SOLUTION, level
                    next_check = self._next_check
                    forward = False
                else:  # X3: the item with fewest options, leftmost (or random) among ties
                    i = rlink[0]
                    best = (item_mask[i] & active).bit_count()
                    if rng is None:
                        j = rlink[i]
                        while j and best > 1:  # one option is a forced move: stop looking
                            length = (item_mask[j] & active).bit_count()
                            if length < best:
                                i = j
                                best = length
                            j = rlink[j]
                    else:
                        ties = [i]
                        j = rlink[i]
                        while j:
                            length = (item_mask[j] & active).bit_count()
                            if length < best:
                                best = length
                                ties = [j]
                            elif length == best:
                                ties.append(j)
                            j = rlink[j]
                        i = rng.choice(ties)
                    forward = best > 0
                    if forward:  # X4: cover i, list its options in the order they are tried
                        hidden = item_mask[i] & active
                        order = orders[level]
                        order.clear()
                        nodes_of_i = node_of[i]
                        rest = hidden
                        while rest:  # the set bits, lowest first: i's list in order
                            low = rest & -rest
                            order.append(nodes_of_i[low.bit_length() - 1])
                            rest ^= low
                        if rng is not None:
                            rng.shuffle(order)
                        before[level] = active
                        if option_size:
                            updates += option_size * hidden.bit_count()
                        else:
                            updates += weight(hidden)
                        active ^= hidden
                        after[level] = active
                        rlink[llink[i]] = rlink[i]
                        llink[rlink[i]] = llink[i]
                        tried[level] = 0
                while True:
                    if not forward:  # X8: leave this level; X6: undo the option tried above
                        if level == 0:
                            return
                        level -= 1
                        for i in reversed(primary_others[choice[level]]):
                            rlink[llink[i]] = i
                            llink[rlink[i]] = i
                        if conflict is None:  # colors: forget the purifications undone
                            for i in purged[level]:
                                purified[i] = 0
                            purged[level].clear()
                        active = after[level]
                        tried[level] += 1
                    order = orders[level]
                    if tried[level] < len(order):  # X5: try the next option
                        x = order[tried[level]]
                        choice[level] = x
                        if conflict is None:
                            commit(others[x], purged[level])
                        else:  # the options meeting x's items: one disjoint union
                            hidden = active & conflict[option_of[x]]
                            if hidden:
                                if option_size:
                                    updates += option_size * hidden.bit_count()
                                else:
                                    updates += weight(hidden)
                                active ^= hidden
                            for i in primary_others[x]:
                                rlink[llink[i]] = rlink[i]
                                llink[rlink[i]] = llink[i]
                        nodes += 1
                        if level == len(profile):
                            profile.append(0)
                        profile[level] += 1
                        level += 1
                        if nodes >= next_check:
                            stats.nodes = nodes
                            stats.updates = updates
                            self.level = level
                            yield CHECKPOINT, level
                            next_check = self._next_check
                        break
                    i = top[order[0]]  # X7: every option of i has been tried
                    rlink[llink[i]] = i
                    llink[rlink[i]] = i
                    active = before[level]
                    forward = False
        finally:
            stats.nodes = nodes
            stats.updates = updates
            self.level = level
