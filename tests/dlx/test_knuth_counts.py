"""Statistics against Knuth's own programs: the dancing-links loops count as DLX1/DLX2 do.

The figures are what Knuth's dlx2.w (the 2019 version of his program; built with ctangle and
gcc, run on the fixture file with its comment lines removed) prints on its last line, for
example ``Altogether 1 solution, ..., 29 updates, 0 cleansings, ..., 6 nodes``. His node
count includes the root, ours counts options tried, so his is ours plus one. These two
problems are ones where his search tree and ours coincide: ours stops scanning for the
item with fewest options at the first with one option, his only at one with none, so on
problems where an empty item follows a single-option one his tree is smaller.
"""

from __future__ import annotations

import pytest

import dlx
from dlx.search import LOOPS
from tests.examples.fixture_files import DIRECTORY

KNUTH_DLX2 = {  # file -> (solutions, updates, nodes) as dlx2 prints them
    "knuth-paper.dlx": (1, 29, 6),
    "knuth-colors.dlx": (1, 20, 4),
}


@pytest.fixture(autouse=True)
def backend() -> None:
    """The dancing-links loops are named below (the C one on links whatever the problem):
    no run per default backend."""


@pytest.mark.parametrize("name", sorted(KNUTH_DLX2))
@pytest.mark.parametrize("loop", ["python", "c-links"])
def test_updates_and_nodes_are_knuths(name: str, loop: str) -> None:
    if loop not in LOOPS:
        pytest.skip("the C loop dlx._search is not built")
    search = dlx.read(DIRECTORY / name).search(backend=loop)
    solutions, updates, nodes = KNUTH_DLX2[name]
    assert search.count() == solutions
    assert (search.stats.updates, search.stats.nodes + 1) == (updates, nodes)


def test_one_item_in_two_options_is_one_update_as_in_dlx1() -> None:
    """Covering the item is the only change: its two one-item options have nothing else."""
    for loop in {"python", "c-links"} & set(LOOPS):
        search = dlx.Problem([["a"], ["a"]]).search(backend=loop)
        assert search.count() == 2 and search.stats.updates == 1
