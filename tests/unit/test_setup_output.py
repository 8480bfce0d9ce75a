"""The first output of `make run` has no setuptools notice box (issue 31): the editable
install prints "Please be careful with folders in your working directory..." as a
warning, which pip shows at --quiet and hides at -qq."""

from __future__ import annotations

import re
from pathlib import Path

MAKEFILE = Path(__file__).resolve().parents[2] / "Makefile"


def test_the_editable_install_is_quiet_enough_to_hide_the_notice() -> None:
    """The install's output is filtered (a line a package pip collects; the rest goes to
    .venv/pip.log), so the notice box never reaches the terminal."""
    text = MAKEFILE.read_text()
    installs = [
        line.strip()
        for line in text.splitlines()
        if re.search(r"pip install .*-e ", line) and not line.lstrip().startswith(("#", "@#"))
    ]
    assert installs, "the Makefile installs the package editable"
    shown = text.split("PIP_SHOWN :=")[1].split("\n\n")[0]
    assert "sed -u -n" in shown and "careful" not in shown  # only the lines it names are shown
    for line in installs:
        assert "-qq" in line.split() or "--quiet --quiet" in line or "2>&1" in line, line
    assert "| tee $(VENV)/pip.log | $(PIP_SHOWN)" in text
