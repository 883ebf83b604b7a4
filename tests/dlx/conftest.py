"""Every engine test runs once per search loop: dancing links and masks in pure Python, and
the C loop when it was built."""

from __future__ import annotations

import pytest

import dlx.search


@pytest.fixture(autouse=True, params=["python", "bits", "c"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The backend that ``Search(backend=None)`` means during the test."""
    if request.param not in dlx.search.LOOPS:
        pytest.skip(
            f"the {request.param!r} backend is not built (pip install -e . with a compiler)"
        )
    monkeypatch.setattr(dlx.search, "DEFAULT_BACKEND", request.param)
    return request.param
