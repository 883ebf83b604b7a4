"""Algorithm X (with Algorithm C's colors) on dancing links in pure Python: the reference.

Steps are named as in TAOCP 7.2.2.1 and Knuth's DLX2:
X2 all primary items covered -> visit a solution; X3 choose an item i (minimum remaining
values, leftmost among ties, random among ties when seeded; unseeded, the scan stops at the
first item with one option left, a forced move); X4 cover i; X5 try the next
option x_l in i's list, committing its other items; X6 undo x_l; X7 uncover i; X8 leave
the level. Every mode (first solution, all lazily, count, random order, limits) is this
one loop; the choice stack ``choice[level]`` replaces recursion, so depth is unbounded.
The other loops (``dlx.bits``, ``dlx._search``) step exactly as this one does.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from dlx.loop import CHECKPOINT, SOLUTION, GeneratorLoop, Stats

if TYPE_CHECKING:
    from dlx.links import Links


class DancingLoop(GeneratorLoop):
    """The search loop in pure Python, over its own copy of the problem's link arrays
    (a ``dlx.loop.Loop``; ``dlx._search.Loop`` is the same loop in C)."""

    def __init__(
        self, links: Links, forced: list[int], rng: random.Random | None, stats: Stats
    ) -> None:
        depth = links.n_primary + 1
        self.level = 0
        self._option_of = links.option_of
        self._choice = [0] * depth  # choice[l]: the node of the option chosen at level l
        self._orders: list[list[int]] = [[] for _ in range(depth)]  # options to try at l
        self._tried = [0] * depth  # how many of orders[l] have been tried
        self._next_check = self._target = 0
        self._steps = self._loop(links, forced, rng, stats)

    def chosen(self) -> list[int]:
        """The options (as indices) chosen at the levels above the current one."""
        return [self._option_of[x] for x in self._choice[: self.level]]

    def branches(self) -> list[tuple[int, int]]:
        """For each level above the current one: (options to try, options tried)."""
        return [(len(self._orders[k]), self._tried[k]) for k in range(self.level)]

    def _loop(
        self, links: Links, forced: list[int], rng: random.Random | None, stats: Stats
    ) -> Iterator[tuple[int, int]]:
        llink, rlink, length, ulink, dlink, color = links.working_copy()
        top, option_nodes = links.top, links.option_nodes
        others, other_items = links.walks()
        profile = stats.profile
        choice, orders, tried = self._choice, self._orders, self._tried
        updates = 0

        def cover(i: int, c: int = 0) -> None:
            """Hide every option in item i's list and take i out of the active list; or, with
            a color c > 0, purify i: keep the options giving i color c, marked -1 (already
            committed), and hide the rest (Algorithm C). Hiding skips the nodes marked -1,
            whose items are done with (DLX2); updates are counted as Knuth counts them."""
            nonlocal updates
            p = dlink[i]
            while p != i:
                if c and color[p] == c:
                    color[p] = -1
                else:
                    hide = others[p]
                    updates += len(hide)
                    for q in hide:
                        if color[q] < 0:
                            updates -= 1
                            continue
                        u = ulink[q]
                        d = dlink[q]
                        dlink[u] = d
                        ulink[d] = u
                        length[top[q]] -= 1
                p = dlink[p]
            if not c:
                left = llink[i]
                right = rlink[i]
                rlink[left] = right
                llink[right] = left
                updates += 1

        def uncover(i: int, c: int = 0) -> None:
            """Undo cover(i, c), in the reverse order (dancing links)."""
            if not c:
                left = llink[i]
                right = rlink[i]
                rlink[left] = i
                llink[right] = i
            p = ulink[i]
            while p != i:
                if c and color[p] < 0:
                    color[p] = c
                else:
                    for q in others[p]:
                        if color[q] < 0:
                            continue
                        u = ulink[q]
                        d = dlink[q]
                        dlink[u] = q
                        ulink[d] = q
                        length[top[q]] += 1
                p = ulink[p]

        def commit_nodes(nodes: Iterable[int]) -> None:
            """Cover or purify the items of these nodes (Algorithm C's commit)."""
            for q in nodes:
                if color[q] >= 0:  # -1: the item is already purified with this color
                    cover(top[q], color[q])

        def uncommit_nodes(nodes: Sequence[int]) -> None:
            for q in reversed(nodes):
                if color[q] >= 0:
                    uncover(top[q], color[q])

        if links.has_colors:

            def commit(x: int) -> None:
                commit_nodes(others[x])

            def uncommit(x: int) -> None:
                uncommit_nodes(others[x])

        else:  # no colors: commit is covering the other items, listed once for speed

            def commit(x: int) -> None:
                for j in other_items[x]:
                    cover(j)

            def uncommit(x: int) -> None:
                for j in reversed(other_items[x]):
                    uncover(j)

        for index in forced:
            commit_nodes(option_nodes[index])

        level = 0
        next_check, target = self._next_check, self._target
        try:
            while True:
                if rlink[0] == 0:  # X2: every primary item is covered
                    stats.solutions += 1
                    if stats.solutions >= target:
                        stats.updates = updates
                        self.level = level
                        yield SOLUTION, level
                        next_check, target = self._next_check, self._target
                    forward = False
                else:  # X3: the item with fewest options, leftmost (or random) among ties
                    i = rlink[0]
                    best = length[i]
                    if rng is None:
                        j = rlink[i]
                        while j and best > 1:  # one option is a forced move: stop looking
                            if length[j] < best:
                                i = j
                                best = length[j]
                            j = rlink[j]
                    else:
                        ties = [i]
                        j = rlink[i]
                        while j:
                            if length[j] < best:
                                best = length[j]
                                ties = [j]
                            elif length[j] == best:
                                ties.append(j)
                            j = rlink[j]
                        i = rng.choice(ties)
                    forward = best > 0
                    if not forward:  # a dead end; Knuth covers the empty item: one update
                        updates += 1
                    else:  # X4: cover i, list its options in the order they are tried
                        cover(i)
                        order = orders[level]
                        order.clear()
                        x = dlink[i]
                        while x != i:
                            order.append(x)
                            x = dlink[x]
                        if rng is not None:
                            rng.shuffle(order)
                        tried[level] = 0
                while True:
                    if not forward:  # X8: leave this level; X6: undo the option tried above
                        if level == 0:
                            return
                        level -= 1
                        uncommit(choice[level])
                        tried[level] += 1
                    order = orders[level]
                    if tried[level] < len(order):  # X5: try the next option
                        x = order[tried[level]]
                        choice[level] = x
                        commit(x)
                        if level == len(profile):
                            profile.append(0)
                        profile[level] += 1  # no call from here to stats.nodes: Ctrl-C finds
                        stats.nodes += 1  # the profile and the count of nodes in step
                        level += 1
                        if stats.nodes >= next_check:
                            stats.updates = updates
                            self.level = level
                            yield CHECKPOINT, level
                            next_check, target = self._next_check, self._target
                        break
                    uncover(top[order[0]])  # X7: every option of i has been tried
                    forward = False
        finally:
            stats.updates = updates
            self.level = level
