"""Build the optional C accelerator dlx._search; everything else is in pyproject.toml.

``optional=True``: without a C compiler or Python's headers the build is skipped with a
warning and the pure-Python loop in dlx.search does everything.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("dlx._search", ["dlx/_search.c"], optional=True)])
