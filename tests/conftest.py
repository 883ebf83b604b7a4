"""Suite-wide options and fixtures: ``--runslow`` runs the long counts marked
``@pytest.mark.slow``; ``python_ctrl_c`` gives a test Python's own SIGINT handler."""

import signal
from collections.abc import Iterator

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", help="also run tests marked slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def python_ctrl_c() -> Iterator[None]:
    """Python's own SIGINT handler for the test, the one an interactive run has. A shell
    starts a background job (CI's runner, ``pytest &``) with SIGINT ignored, Python keeps it
    ignored, and then ``_thread.interrupt_main()`` does nothing: a test that plays Ctrl-C
    would wait for its time limit instead."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
