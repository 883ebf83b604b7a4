"""``dancing-links`` 0.0.3: pure-Python dancing links with one object per node.

The package gives the search (``AlgorithmX(root).solutions()``) and leaves building the
linked structure to the caller, which is done here as Knuth does: primary headers in the
root's ring, secondary headers left out of it, so they are never chosen to branch on.
"""

from __future__ import annotations

from dancing_links.algorithm_x import AlgorithmX, Header, Node

from benchmarks.peers import Items, Options, label, numbered

DISTRIBUTION = "dancing-links"
NAME = label(DISTRIBUTION)
KIND = "Python"


def count(primary: Items, secondary: Items, options: Options) -> int:
    """The number of solutions found by ``AlgorithmX.solutions()``."""
    root = Header(name="root")
    headers = [Header(name=str(i)) for i in range(len(primary) + len(secondary))]
    for header in headers[: len(primary)]:
        root.insert_left(header)
    for row in numbered(primary, secondary, options):
        first = None
        for item in row:
            node = Node(header=headers[item])
            headers[item].insert_up(node)
            if first is None:
                first = node
            else:
                first.insert_left(node)
    return sum(1 for _ in AlgorithmX(root).solutions())
