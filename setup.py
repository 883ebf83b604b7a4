"""Build the optional C accelerators; everything else is in pyproject.toml.

``dlx._search`` is the C search loop; ``sudoku._batch`` solves sudoku lines in chunks through
dlx._search's C API (dlx/_search_api.h). ``optional=True``: without a C compiler or Python's
headers the build is skipped with a warning and the pure-Python code does everything.
"""

from setuptools import Extension, setup

API = "dlx/_search_api.h"
setup(
    ext_modules=[
        Extension(
            "dlx._search",
            ["dlx/_search.c"],
            depends=[API, "dlx/_dance.h", "dlx/_bits.h"],
            optional=True,
        ),
        Extension(
            "sudoku._batch",
            ["sudoku/_batch.c"],
            include_dirs=["dlx"],
            depends=[API, "sudoku/_masks.h"],
            optional=True,
        ),
    ]
)
