"""requirements.lock pins every dependency pyproject.toml names (dev extras included),
each to one version that satisfies pyproject's range: `make` installs from it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def test_every_dependency_is_pinned_within_its_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [Requirement(r) for r in [*project["dependencies"], *project["optional-dependencies"]["dev"]]]
    pins = {
        canonicalize_name(m.group(1)): m.group(2)
        for m in re.finditer(r"^([A-Za-z0-9_.-]+)==(\S+)", (ROOT / "requirements.lock").read_text(), re.M)
    }
    for req in wanted:
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is not pinned in requirements.lock (run make lock)"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"{req.name}=={pins[name]} is outside {req.specifier}"
        )
    assert "lock:" in (ROOT / "Makefile").read_text() and "-c $(LOCK)" in (ROOT / "Makefile").read_text()
