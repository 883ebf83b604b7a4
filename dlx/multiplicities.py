"""Algorithm M (Knuth's DLX3): primary items covered between u and v times, and costs.

TAOCP 7.2.2.1 generalizes exact cover to multisets: primary item i must be covered by at
least u_i and at most v_i of the chosen options (options are still sets, each used at most
once). Each item keeps its ``bound`` (how many more options may cover it) and its ``slack``
(v - u, how many of those are optional). Steps as in DLX3:
M3 choose the item of least branching degree len + min(slack, bound) - bound + 1 (ties:
smaller min(slack, bound), then longer list, then leftmost; random among exact ties when
seeded); degree 0 is a dead end, no item left a solution. M4 take one from its bound, cover
it when the bound is spent. M5 *tweak* the item instead of covering it while it may take
more: the option tried leaves the item's list for good at this level, so no multiset is
visited twice; when the list runs short of what the item still needs, back up; when it runs
out and the item needs nothing more, the move is *null* (the item is simply put aside).
M6 commit the option's other items (a primary one loses one from its bound, and is covered
when it reaches zero). M7..M9 undo, in reverse, *untweak* restoring the whole list at once.

With every bound 1..1 this is Algorithm X: the same item is chosen (the least length,
leftmost) and the same options are tried in the same order; but the scan for the item looks
at every item (Knuth's rule), where the other loops stop at the first with one option, so
their trees can be larger where an empty item follows a single-option one.

Costs: given a nonnegative cost per option, the loop can keep only the solutions that beat
a ``cutoff`` the driver lowers as it finds better ones (``dlx.costs``, after DLX5): each
item's list is in increasing cost order, a level stops trying options once the cost so far
plus the next option's reaches the cutoff, and a node is abandoned when some item's
cheapest option already does.

``nodes`` counts moves (options tried and null moves); Knuth's dlx3 counts one more, the
root. ``updates`` is his count: items covered, and nodes unlinked by cover and tweak.

The C loop (``dlx/_mult.h``, what ``Search`` takes when the accelerator is built) is this
loop step for step, without costs: the same choices, calls on a seeded generator, nodes,
updates and profile.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from dlx.loop import CHECKPOINT, SOLUTION, GeneratorLoop, Stats

if TYPE_CHECKING:
    from dlx.links import Links

_NO_CUTOFF = float("inf")


class MultiplicityLoop(GeneratorLoop):
    """Algorithm M over a copy of a problem's links (a ``dlx.loop.Loop``; see the module).

    ``costs`` (one per option, nonnegative) turns on the pruning against ``cutoff``, which the
    driver may lower between runs; ``cost()`` is the cost of the options chosen so far.
    """

    def __init__(
        self,
        links: Links,
        forced: list[int],
        rng: random.Random | None,
        stats: Stats,
        costs: list[float] | None = None,
    ) -> None:
        # a level takes an option or puts an item aside (a null move), and takes one from
        # an item's bound
        moves = min(sum(v for _, v in links.bounds), len(links.option_nodes) + links.n_primary)
        depth = moves + 1
        self.level = 0
        self.cutoff = _NO_CUTOFF
        self._option_of = links.option_of
        self._costs = costs
        self._choice = [0] * depth  # the node tried at level l, or the item for a null move
        self._degree = [0] * depth  # level l -> its item's branching degree when chosen
        self._tried = [0] * depth  # level l -> moves made there so far
        self._spent = [0.0] * (depth + 1)  # level l -> the cost of the options above it
        self._steps = self._loop(links, forced, rng, stats)

    def chosen(self) -> list[int]:
        """The options chosen at the levels above the current one (null moves left out)."""
        option_of = self._option_of
        return [option_of[x] for x in self._choice[: self.level] if option_of[x] >= 0]

    def branches(self) -> list[tuple[int, int]]:
        """For each level above the current one: (its branching degree, moves made)."""
        return [(self._degree[k], self._tried[k]) for k in range(self.level)]

    def cost(self) -> float:
        """The total cost of the options chosen above the current level."""
        return self._spent[self.level]

    def _loop(
        self, links: Links, forced: list[int], rng: random.Random | None, stats: Stats
    ) -> Iterator[tuple[int, int]]:
        llink, rlink, length, ulink, dlink, color = links.working_copy()
        top, option_of = links.top, links.option_of
        others, _ = links.walks()
        n_primary = links.n_primary
        bound = [v for _, v in links.bounds]
        slack = [v - u for u, v in links.bounds]
        choice, degree, tried, spent = self._choice, self._degree, self._tried, self._spent
        first_tweak = [0] * len(choice)  # level l -> the top of its item's list on entry
        profile = stats.profile
        node_cost = None
        if self._costs is not None:  # a node's cost is its option's
            node_cost = [0.0 if o < 0 else self._costs[o] for o in option_of]
        updates = 0

        def unlink(q: int) -> None:
            nonlocal updates
            u = ulink[q]
            d = dlink[q]
            dlink[u] = d
            ulink[d] = u
            length[top[q]] -= 1
            updates += 1

        def relink(q: int) -> None:
            dlink[ulink[q]] = q
            ulink[dlink[q]] = q
            length[top[q]] += 1

        def hide(p: int) -> None:
            """The other nodes of p's option out of their lists (purified ones stay)."""
            for q in others[p]:
                if color[q] >= 0:
                    unlink(q)

        def unhide(p: int) -> None:
            for q in others[p]:
                if color[q] >= 0:
                    relink(q)

        def deactivate(i: int) -> None:
            left = llink[i]
            right = rlink[i]
            rlink[left] = right
            llink[right] = left

        def reactivate(i: int) -> None:
            rlink[llink[i]] = i
            llink[rlink[i]] = i

        def cover(i: int) -> None:
            nonlocal updates
            deactivate(i)
            updates += 1
            p = dlink[i]
            while p != i:
                hide(p)
                p = dlink[p]

        def uncover(i: int, react: bool = True) -> None:
            p = ulink[i]
            while p != i:
                unhide(p)
                p = ulink[p]
            if react:
                reactivate(i)

        def purify(x: int) -> None:
            c, i = color[x], top[x]
            p = dlink[i]
            while p != i:
                if color[p] == c:
                    color[p] = -1
                else:
                    hide(p)
                p = dlink[p]

        def unpurify(x: int) -> None:
            c, i = color[x], top[x]
            p = ulink[i]
            while p != i:
                if color[p] < 0:
                    color[p] = c
                else:
                    unhide(p)
                p = ulink[p]

        def tweak(x: int, block: bool) -> None:
            """Take x out of its item's list; with ``block`` its whole option leaves."""
            if block:
                hide(x)
            unlink(x)

        def untweak(i: int, x: int, unblock: bool) -> None:
            """Put back, at once, every node tweaked out of i's list since x was on top."""
            z = dlink[i]
            dlink[i] = x
            above, p, k = i, x, 0
            while p != z:
                ulink[p] = above
                k += 1
                if unblock:
                    unhide(p)
                above = p
                p = dlink[p]
            ulink[p] = above
            length[i] += k
            if not unblock:
                uncover(i, react=False)

        def restore(i: int, level: int) -> None:
            """M8: item i as it was before level ``level`` branched on it."""
            if bound[i] == 0 and slack[i] == 0:
                uncover(i)
            else:
                untweak(i, first_tweak[level], bound[i] != 0)
            bound[i] += 1

        def commit(nodes: Sequence[int]) -> None:
            """M6: the items of these nodes, in order."""
            for q in nodes:
                j = top[q]
                if j <= n_primary:
                    bound[j] -= 1
                    if bound[j] == 0:
                        cover(j)
                elif color[q] == 0:
                    cover(j)
                elif color[q] > 0:
                    purify(q)

        def uncommit(nodes: Sequence[int]) -> None:
            for q in reversed(nodes):
                j = top[q]
                if j <= n_primary:
                    if bound[j] == 0:
                        uncover(j)
                    bound[j] += 1
                elif color[q] == 0:
                    uncover(j)
                elif color[q] > 0:
                    unpurify(q)

        def too_dear(cost: float) -> bool:
            """Costs: some item that still needs an option has only options too dear (its
            list is in cost order, so its first is its cheapest)."""
            assert node_cost is not None  # called only where options have costs
            i = rlink[0]
            while i:
                if bound[i] > slack[i] and cost + node_cost[dlink[i]] >= self.cutoff:
                    return True
                i = rlink[i]
            return False

        for index in forced:  # the option leaves every list, then its items are committed
            nodes = links.option_nodes[index]
            for q in nodes:
                if color[q] >= 0:
                    unlink(q)
            commit(nodes)
            if node_cost is not None:
                spent[0] += node_cost[nodes[0]]

        level = 0
        next_check, target = self._next_check, self._target
        try:
            while True:
                # M2, M3: the item of least branching degree, or a solution
                best = score = -1
                best_s = best_l = 0
                ties: list[int] = []
                i = rlink[0]
                while i:
                    s = slack[i] if slack[i] < bound[i] else bound[i]
                    t = length[i] + s - bound[i] + 1
                    if (
                        best < 0
                        or t < score
                        or (t == score and (s < best_s or (s == best_s and length[i] > best_l)))
                    ):
                        best, score, best_s, best_l = i, t, s, length[i]
                        ties = [i]
                    elif t == score and s == best_s and length[i] == best_l:
                        ties.append(i)
                    i = rlink[i]
                forward = False
                if best < 0:  # no active item: a solution
                    stats.solutions += 1
                    if stats.solutions >= target:
                        stats.updates = updates
                        self.level = level
                        yield SOLUTION, level
                        next_check, target = self._next_check, self._target
                elif score > 0 and (node_cost is None or not too_dear(spent[level])):
                    if rng is not None and len(ties) > 1:
                        best = rng.choice(ties)
                    i = best
                    degree[level] = score
                    tried[level] = 0
                    x = choice[level] = dlink[i]  # M4
                    bound[i] -= 1
                    first_tweak[level] = 0
                    if bound[i] == 0 and slack[i] == 0:
                        cover(i)
                    else:
                        first_tweak[level] = x
                        if bound[i] == 0:
                            cover(i)
                    forward = True
                while True:
                    if not forward:  # M9: leave the level, undo the move made above it
                        if level == 0:
                            return
                        level -= 1
                        x = choice[level]
                        if option_of[x] < 0:  # a null move: the item comes back, then M8
                            reactivate(x)
                            restore(x, level)
                            continue
                        i = top[x]
                        uncommit(others[x])  # M7: on to the next option in i's list
                        tried[level] += 1
                        x = choice[level] = dlink[x]
                    forward = True
                    # M5: is x off limits? else tweak; with costs, skip the dear ones
                    exact = bound[i] == 0 and slack[i] == 0
                    if exact:
                        if x == i:
                            forward = False
                    elif length[i] <= bound[i] - slack[i]:
                        forward = False
                    elif x != i:
                        tweak(x, bound[i] != 0)
                    elif bound[i] != 0:
                        deactivate(i)
                    if forward and x != i and node_cost is not None:
                        if spent[level] + node_cost[x] >= self.cutoff:
                            if exact:  # the rest of the list is dearer still
                                forward = False
                            else:  # x stays tweaked out; the next one, or the null move
                                x = choice[level] = dlink[x]
                                continue
                    if not forward:
                        restore(i, level)
                        continue
                    # M6: make the move
                    spent[level + 1] = spent[level]
                    if x != i:
                        commit(others[x])
                        if node_cost is not None:
                            spent[level + 1] += node_cost[x]
                    if level == len(profile):
                        profile.append(0)
                    profile[level] += 1  # no call from here to stats.nodes (Ctrl-C)
                    stats.nodes += 1
                    level += 1
                    if stats.nodes >= next_check:
                        stats.updates = updates
                        self.level = level
                        yield CHECKPOINT, level
                        next_check, target = self._next_check, self._target
                    break
        finally:
            stats.updates = updates
            self.level = level
