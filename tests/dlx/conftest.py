"""Every engine test runs once per search backend: the pure-Python loop and the C one."""

from __future__ import annotations

import pytest

import dlx.search


@pytest.fixture(autouse=True, params=["python", "c"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The backend that ``Search(backend=None)`` means during the test."""
    if request.param not in dlx.search.LOOPS:
        pytest.skip("the C backend dlx._search is not built (pip install -e . with a compiler)")
    monkeypatch.setattr(dlx.search, "DEFAULT_BACKEND", request.param)
    return request.param
