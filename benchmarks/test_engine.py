"""pytest-benchmark runs of our engine counting the benchmark workloads.

Every workload is counted with each search loop: ``auto`` (the pure-Python default, option
masks on these problems), dancing links in Python, and, when it was built, the C
accelerator.  Each count is asserted against its published figure.  Dancing links in Python
take several minutes a round on all 9356 pentomino packings; pick with ``-k``:

    python -m pytest benchmarks/test_engine.py -k "not python-pentominoes"
"""

from __future__ import annotations

import pytest

from benchmarks.workloads import BUILDERS
from dlx.search import LOOPS


@pytest.mark.parametrize("name", sorted(BUILDERS))
@pytest.mark.parametrize("backend", ["auto", "python", "c"])
def test_count(benchmark, backend: str, name: str) -> None:
    """Count every solution of the named workload, three timed rounds."""
    if backend not in LOOPS:
        pytest.skip("the C accelerator dlx._search was not built")
    expected, build = BUILDERS[name]
    problem = build()
    count = benchmark.pedantic(
        lambda: problem.search(backend=backend).count(), rounds=3, iterations=1
    )
    assert count == expected
