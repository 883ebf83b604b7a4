"""Print pip constraints that pin every dependency pyproject.toml declares, extras included,
to its declared floor (``name>=X`` becomes ``name==X``): CI installs the project under them
and runs the tests, so a floor that no longer works fails there.

    python .ci/floors.py > floors.txt && pip install -c floors.txt -e '.[test]'
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import tomllib

REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9_.-]+)(\[[^\]]*\])?\s*([^;]*)")


def floors(pyproject: Path) -> dict[str, str]:
    project = tomllib.loads(pyproject.read_text())["project"]
    requirements = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        requirements += extra
    pinned: dict[str, str] = {}
    for requirement in requirements:
        name, _, spec = REQUIREMENT.match(requirement).groups()  # type: ignore[union-attr]
        for clause in spec.split(","):
            clause = clause.strip()
            if clause.startswith(">="):
                key = name.lower().replace("_", "-")
                floor = clause[2:].strip()
                if pinned.get(key, floor) != floor:
                    sys.exit(f"{name} has two floors: {pinned[key]} and {floor}")
                pinned[key] = floor
    return pinned


if __name__ == "__main__":
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    for name, floor in sorted(floors(pyproject).items()):
        print(f"{name}=={floor}")
