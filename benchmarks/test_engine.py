"""pytest-benchmark runs of our engine counting the benchmark workloads.

Every workload is counted with each search loop: the pure-Python one and, when it was
built, the C accelerator.  Each count is asserted against its published figure.  The
pure-Python count of all 9356 pentomino packings takes several minutes a round; pick
workloads with ``-k``:

    python -m pytest benchmarks/test_engine.py -k "queens or c-pentominoes"
"""

from __future__ import annotations

import pytest

from benchmarks.workloads import BUILDERS
from dlx.search import LOOPS


@pytest.mark.parametrize("name", sorted(BUILDERS))
@pytest.mark.parametrize("backend", ["python", "c"])
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
