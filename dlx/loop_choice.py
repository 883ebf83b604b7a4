"""Masks or links: which of two loops with the same steps is faster on a problem, by a rule
fitted to measurements.

The C loop (``backend="c"``) runs on option bitsets or on dancing links, and ``"auto"``
takes the pure-Python loop on option masks (``dlx.bits``) or on dancing links
(``dlx.dancing``): the same nodes and solutions either way, at different costs. A node on
masks costs about the same at every depth: a few operations on masks of all the options,
growing with their words (options / 64), a look at the primary items, and the lengths of
the items of the options it hides. A node on the links costs its updates, the links it
changes, which depend on the problem's shape and are only known by searching. So past the
smallest masks the rule runs the links on the whole problem for a few nodes (a probe: no
options forced, unseeded) and compares the two costs by the model below, whose constants
``benchmarks/bits_or_links.py`` fits by least squares on queens, Langford pairs, pentomino
boxes and colored word squares of 144 to 13,392 options (``--python`` for the pure-Python
pair). The choice is made once a problem and kept, so every search over it runs the same
loop and counts the same ``stats.updates``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dlx.loop import NEVER, Loop, Stats

if TYPE_CHECKING:
    from dlx.links import Links


@dataclass(frozen=True)
class NodeCosts:
    """One pair of loops' costs a node, in nanoseconds: on masks ``word`` for each 64-bit
    word of a mask of options, ``item`` for each primary item and ``primary`` for each
    primary item of each option hidden; on links ``update`` an update and ``node`` more
    than a node on masks. Masks of at most ``always_words`` words win on every problem
    measured (no probe); past them the links' first ``probe_nodes`` nodes tell the updates."""

    word: float
    item: float
    primary: float
    update: float
    node: float
    always_words: int
    probe_nodes: int


# Fitted by ``python -m benchmarks.bits_or_links`` (and ``--python``) on the project's machine.
C_COSTS = NodeCosts(
    word=2.1, item=0.37, primary=0.8, update=4.6, node=10.1, always_words=8, probe_nodes=2000
)
PYTHON_COSTS = NodeCosts(
    word=22.7, item=0.66, primary=0.67, update=251.0, node=-993.0, always_words=8, probe_nodes=200
)


def masks_faster(links: Links, costs: NodeCosts, links_loop: Callable[[Stats], Loop]) -> bool:
    """Whether the loop on masks beats the one on links for ``links``, by ``costs``;
    ``links_loop(stats)`` makes the probe, a loop on links over the whole problem."""
    words = links.n_options // 64 + 1
    if words <= costs.always_words:
        return True
    probe = Stats()
    links_loop(probe).run(costs.probe_nodes, NEVER)
    if probe.nodes < costs.probe_nodes:  # the whole tree was smaller: quick either way
        return True
    updates = probe.updates / probe.nodes
    entries, options = len(links.nodes), links.n_options
    primary = sum(map(links.n_primary.__ge__, links.nodes)) / options  # a mean option's
    hidden = updates / max(entries / options - 1, 1)  # options hidden a node, by the updates
    masks = costs.word * words + costs.item * links.n_primary + costs.primary * primary * hidden
    return masks < costs.node + costs.update * updates
