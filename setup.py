"""Build the optional C accelerators; everything else is in pyproject.toml.

``dlx._search`` is the C search loop; ``dlx._tile`` counts tilings of flat boards by the lowest
empty cell (``dlx.tiling.cells``); ``sudoku._batch`` solves sudoku lines in chunks through
dlx._search's C API (dlx/_search_api.h). ``optional=True``: without a C compiler or Python's
headers the build is skipped with a warning and the pure-Python code does everything.
"""

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class BuildOptional(build_ext):
    """build_ext that says, in words, when an accelerator cannot be built: the install
    goes on without it (``optional=True``), and so does every command, in pure Python."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            sys.stderr.write(
                f"dlx-sudoku: the C accelerator {ext.name} could not be built ({error}); "
                "everything works in pure Python, about 15 times slower on hard searches "
                "(dlx-sudoku --version names the loop in use)\n"
            )
            raise


API = "dlx/_search_api.h"
PORTABLE = "dlx/_portable.h"  # the compiler-specific parts: builtins, intrinsics, plain C
setup(
    cmdclass={"build_ext": BuildOptional},
    ext_modules=[
        Extension(
            "dlx._search",
            ["dlx/_search.c"],
            depends=[
                API,
                "dlx/_dance.h",
                "dlx/_mult.h",
                "dlx/_costs.h",
                "dlx/_relax.h",
                "dlx/_number.h",
                "dlx/_layout.h",
                "dlx/_bits.h",
                PORTABLE,
            ],
            optional=True,
        ),
        Extension(
            "dlx._tile",
            ["dlx/_tile.c"],
            depends=["dlx/_fewest.h", "dlx/_regions.h", PORTABLE],
            optional=True,
        ),
        Extension(
            "sudoku._batch",
            ["sudoku/_batch.c"],
            include_dirs=["dlx"],
            depends=[
                API,
                "sudoku/_bands.h",
                "sudoku/_masks.h",
                "sudoku/_deep.h",
                "sudoku/_rater.h",
                "sudoku/_walk.h",
                "sudoku/_walk_finds.h",
                "sudoku/_walk_unique.h",
                "sudoku/_walk_steps.h",
                "sudoku/_patterns.h",
                "sudoku/_finned_als.h",
                "sudoku/_digging.h",
                PORTABLE,
            ],
            optional=True,
        ),
        Extension(
            "sudoku._chains",
            ["sudoku/_chains.c"],
            include_dirs=["dlx"],
            depends=[
                PORTABLE,
                "sudoku/_closure.h",
                "sudoku/_reach.h",
                "sudoku/_first_chain.h",
                "sudoku/_first_multiple.h",
            ],
            optional=True,
        ),
    ],
)
