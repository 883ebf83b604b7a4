"""`dlx-sudoku play`: a small JSON API over the sudoku library and one static page.

Modules
    api      the endpoints as plain functions from request data to JSON-ready answers
    jobs     runs an endpoint in a worker process that is killed when its time budget ends
    app      the Starlette application and the local server (the optional ``[web]`` extra)
    static/  the page: plain HTML, CSS and JavaScript, no build step

Only ``app`` needs the extra; ``api`` and ``jobs`` use the standard library and the
sudoku package alone.
"""

from __future__ import annotations

from importlib.util import find_spec

EXTRA_MODULES = ("starlette", "uvicorn")
INSTALL_HINT = "pip install 'dlx-sudoku[web]'"


def missing_extra() -> list[str]:
    """The modules of the ``[web]`` extra that are not installed (empty when all are)."""
    return [name for name in EXTRA_MODULES if find_spec(name) is None]
