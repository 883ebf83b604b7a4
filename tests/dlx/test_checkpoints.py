"""A checkpoint is checked in full before a rerun trusts it: every edit a hostile or careless
hand can make is refused, so a wrong count is never given (issue 26, point 1)."""

from __future__ import annotations

import copy
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dlx import parallel
from dlx.checkpoints import CheckpointError
from dlx.parallel import Count, Progress
from examples import queens
from tests.examples import fixture_files

PROBLEM = queens.problem(8)
EXPECTED = 92


@pytest.fixture(autouse=True)
def backend() -> None:
    """The tasks use the default loop: no run per backend here (tests/dlx/conftest.py)."""


def interrupted_after(tasks: int):
    def progress(state: Progress) -> None:
        if state.done >= tasks:
            raise KeyboardInterrupt

    return progress


@pytest.fixture(scope="module")
def partial(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """A checkpoint of 8 queens left half done: its plan and some counts."""
    path = tmp_path_factory.mktemp("checkpoint") / "count.json"
    stop = interrupted_after(6)
    with ThreadPoolExecutor(2) as pool, pytest.raises(KeyboardInterrupt):
        Count(PROBLEM, executor=pool, tasks=24, checkpoint=path, progress=stop).run()
    data = json.loads(path.read_text())
    assert 0 < len(data["counts"]) < len(data["tasks"]) and data["solutions"] < EXPECTED
    return data


def count_with(path: Path, data: object) -> int:
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    with ThreadPoolExecutor(2) as pool:
        return Count(PROBLEM, executor=pool, checkpoint=path).run()


def test_the_checkpoint_as_written_finishes_the_count(tmp_path: Path, partial: dict) -> None:
    assert count_with(tmp_path / "c.json", partial) == EXPECTED


def edited(data: dict, change) -> dict:
    data = copy.deepcopy(data)
    change(data)
    return data


def first_count(data: dict) -> str:  # the task number of the first count recorded
    return next(iter(data["counts"]))


def one_more(data: dict) -> int:
    return data["counts"][first_count(data)] + 1


EDITS = {
    "a negative count": lambda d: d["counts"].update({first_count(d): -5}),
    "a count of true": lambda d: d["counts"].update({first_count(d): True}),
    "a count of 1e300": lambda d: d["counts"].update({first_count(d): 1e300}),
    "a count of 10**300": lambda d: d["counts"].update({first_count(d): 10**300}),
    "a count one more": lambda d: d["counts"].update({first_count(d): one_more(d)}),
    "a task listed twice": lambda d: d["tasks"].append(d["tasks"][0]),
    "a task deleted": lambda d: d["tasks"].pop(),
    "a prefix of -1": lambda d: d["tasks"][0][0].__setitem__(0, -1),
    "an emptied plan": lambda d: d.update(tasks=[], counts={}),
    "counts as a list": lambda d: d.update(counts=list(d["counts"].values())),
    "a task index 99999": lambda d: d["counts"].update({"99999": 1}),
    "a prefix string": lambda d: d["tasks"][0].__setitem__(0, "0 1"),
    "an estimate string": lambda d: d["tasks"][0].__setitem__(1, "big"),
    "the digest gone": lambda d: d.pop("digest"),
}  # fmt: skip


@pytest.mark.parametrize("edit", list(EDITS))
def test_every_edit_of_the_issue_is_refused(tmp_path: Path, partial: dict, edit: str) -> None:
    with pytest.raises(CheckpointError, match="checkpoint"):
        count_with(tmp_path / "c.json", edited(partial, EDITS[edit]))


@pytest.mark.parametrize("text", ["[]", "null", "7", '"text"', "[" * 50_000, "NaN", ""])
def test_what_is_not_an_object_of_a_count_is_refused(tmp_path: Path, text: str) -> None:
    with pytest.raises(CheckpointError, match="checkpoint"):
        count_with(tmp_path / "c.json", text)


def test_the_command_refuses_an_edited_checkpoint_and_prints_no_count(
    tmp_path: Path, partial: dict
) -> None:
    from sudoku.cli import app

    path = tmp_path / "c.json"
    queens8 = str(fixture_files.DIRECTORY / "queens-08.dlx")
    CliRunner().invoke(app, ["cover", queens8, "--count", "--jobs", "1", "--checkpoint", str(path)])
    data = json.loads(path.read_text())
    data["counts"][first_count(data)] += 1000
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(
        app, ["cover", queens8, "--count", "--jobs", "1", "--checkpoint", str(path)]
    )
    assert result.exit_code == 2 and result.stdout == ""
    assert "not a checkpoint of this problem" in result.stderr


# -- random edits: refused, or the right count -------------------------------------------------

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.lists(st.integers(-3, 60), max_size=4),
)


def paths(data: object, here: tuple = ()) -> list[tuple]:
    """Every place in a JSON value, as the keys and indices that lead there."""
    found = [here]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*here, key))
    elif isinstance(data, list):
        for k, value in enumerate(data):
            found += paths(value, (*here, k))
    return found


@st.composite
def mutations(draw, data: dict) -> dict:
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in paths(data) if p]
        place = draw(st.sampled_from(places))
        *parent_path, last = place
        parent = data
        for key in parent_path:
            parent = parent[key]
        action = draw(st.sampled_from(["set", "delete", "copy"]))
        if action == "delete":
            del parent[last]
        elif action == "copy" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
        else:
            parent[last] = draw(VALUES)
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_checkpoint_edited_at_random_is_refused_or_counts_right(
    tmp_path_factory: pytest.TempPathFactory, partial: dict, data: st.DataObject
) -> None:
    changed = data.draw(mutations(partial))
    path = tmp_path_factory.mktemp("random") / "c.json"
    try:
        found = count_with(path, changed)
    except CheckpointError:
        return
    assert found == EXPECTED, (changed, found)


def test_checkpoint_errors_are_engine_errors() -> None:
    import dlx

    assert issubclass(CheckpointError, dlx.DLXError)
    assert parallel.CheckpointError is CheckpointError
