"""Running qqwing (Debian's package, on the PATH) as a whole process, for the benchmarks that
measure generation and rating against it."""

from __future__ import annotations

import os
import resource
import subprocess


def run(program: str, args: list[str], lines: list[str] | None = None) -> tuple[str, float]:
    """qqwing's standard output for ``args`` (``lines`` given on its standard input, one
    puzzle each) and the CPU seconds its process took; in the C locale, so that its figures
    read alike everywhere."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [program, *args],
        input=None if lines is None else "".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "LC_ALL": "C"},
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
