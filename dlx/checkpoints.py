"""The checkpoint file of a parallel count: what a rerun trusts, so it is checked in full.

A checkpoint records the plan (the tasks' prefixes and estimates, and the options a task of
a problem with multiplicities leaves out) and the count of every
finished task, for one problem and its forced options. It is written atomically (a
temporary file renamed over it) and carries a digest of its content, so that a file edited
by hand or damaged is refused instead of adding a wrong count: reading it back checks the
format and version, the problem's fingerprint and forced options, the digest, and the shape
of every field (prefixes of option numbers, finite estimates, task numbers in the plan,
counts that are non-negative integers, no task twice or inside another). Anything else is
"not a checkpoint of this problem", a ``CheckpointError`` (a ``DLXError``).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from dlx.errors import DLXError
from dlx.executors import fingerprint
from dlx.tree import Plan, Task

if TYPE_CHECKING:
    from dlx.problem import Problem

FORMAT = "dlx-sudoku parallel count"
VERSION = 2  # 2: a digest of the content (version 1 had none)


class CheckpointError(DLXError):
    """A checkpoint file that cannot be used for this count."""


def save(path: Path, problem: Problem, plan: Plan, counts: dict[int, int]) -> None:
    """Write the plan and the finished tasks' counts to ``path``, atomically."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "problem": fingerprint(problem),
        "forced": list(plan.forced),
        "solutions": sum(counts.values()),
        "tasks": [
            [list(task.prefix), task.estimate] + ([list(task.excluded)] if task.excluded else [])
            for task in plan.tasks
        ],
        "counts": {str(k): v for k, v in sorted(counts.items())},
    }
    data["digest"] = _digest(data)
    write_atomically(path, json.dumps(data, separators=(",", ":")) + "\n")


def load(path: Path, problem: Problem, forced: list[int]) -> tuple[Plan, dict[int, int]] | None:
    """The plan and finished counts ``path`` records for ``problem`` with ``forced``
    options, None when there is no such file; CheckpointError for anything else."""
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_constant)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        raise CheckpointError(f"{path}: not a readable checkpoint ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CheckpointError(f"{path}: not a checkpoint of a dlx-sudoku count")
    if data.get("version") != VERSION:
        raise CheckpointError(
            f"{path}: a checkpoint of another version of dlx-sudoku; delete it to count anew"
        )
    if data.get("problem") != fingerprint(problem) or data.get("forced") != forced:
        raise CheckpointError(
            f"{path}: this checkpoint belongs to another problem "
            "(or other forced options); give another file or delete it"
        )
    if data.get("digest") != _digest(data):
        _refuse(path, "it was edited or damaged: its digest does not match its content")
    tasks = _tasks(path, data.get("tasks"), len(problem.options))
    return Plan(tuple(forced), tasks), _counts(path, data.get("counts"), len(tasks))


def _digest(data: dict[str, Any]) -> str:
    content = {key: value for key, value in data.items() if key != "digest"}
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a checkpoint holds")


def _refuse(path: Path, why: str) -> NoReturn:
    raise CheckpointError(f"{path}: not a checkpoint of this problem ({why}); delete it")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _tasks(path: Path, listed: object, options: int) -> tuple[Task, ...]:
    """The plan's tasks: each a prefix of option numbers, a finite estimate and perhaps the
    option numbers it leaves out (none of those it takes); none twice, and none inside a task
    that leaves nothing out (their counts would be added twice)."""
    if not isinstance(listed, list) or not listed:
        _refuse(path, "its plan is not a list of tasks")
    tasks = []
    for k, task in enumerate(listed):
        if not (
            isinstance(task, list)
            and len(task) in (2, 3)
            and all(isinstance(part, list) for part in task[:1] + task[2:])
        ):
            _refuse(path, f"task {k} is not [prefix, estimate] or [prefix, estimate, excluded]")
        prefix, estimate, *rest = task
        excluded = rest[0] if rest else []
        if not all(_is_int(x) and 0 <= x < options for x in prefix + excluded):
            _refuse(path, f"task {k} has a prefix that is not of option numbers")
        if set(prefix) & set(excluded) or (rest and not excluded):
            _refuse(path, f"task {k} leaves out an option it takes, or lists none")
        if not (_is_int(estimate) or isinstance(estimate, float)) or not (
            math.isfinite(estimate) and estimate >= 0
        ):
            _refuse(path, f"task {k} has an estimate that is not a number of nodes")
        tasks.append(Task(tuple(prefix), float(estimate), tuple(excluded)))
    if len({(task.prefix, task.excluded) for task in tasks}) < len(tasks):
        _refuse(path, "a task is listed twice")
    plain = {task.prefix for task in tasks if not task.excluded}
    for task in tasks:
        if any(task.prefix[:end] in plain for end in range(len(task.prefix))):
            _refuse(path, f"task {list(task.prefix)} lies inside another task")
    return tuple(tasks)


def _counts(path: Path, counts: object, tasks: int) -> dict[int, int]:
    """The finished tasks' counts: task numbers of the plan, non-negative integers."""
    if not isinstance(counts, dict):
        _refuse(path, "its counts are not a table of task numbers")
    found = {}
    for key, value in counts.items():
        if not (isinstance(key, str) and key.isdigit() and str(int(key)) == key):
            _refuse(path, f"{key!r} is not a task number")
        if int(key) >= tasks:
            _refuse(path, f"task {key} is not in its plan")
        if not _is_int(value) or value < 0:
            _refuse(path, f"the count of task {key} is not a number of solutions")
        found[int(key)] = value
    return found


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, flush it to disk, and rename it
    over ``path``: a reader (or a crash) sees the old contents or the new, never a mix."""
    handle, temporary = tempfile.mkstemp(dir=path.parent or ".", prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
