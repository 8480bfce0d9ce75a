"""The first output of `make run` has no setuptools notice box (issue 31): the editable
install prints "Please be careful with folders in your working directory..." as a
warning, which pip shows at --quiet and hides at -qq."""

from __future__ import annotations

import re
from pathlib import Path

MAKEFILE = Path(__file__).resolve().parents[2] / "Makefile"


def test_the_editable_install_is_quiet_enough_to_hide_the_notice() -> None:
    installs = [
        line.strip()
        for line in MAKEFILE.read_text().splitlines()
        if re.search(r"pip install .*-e ", line) and not line.lstrip().startswith(("#", "@#"))
    ]
    assert installs, "the Makefile installs the package editable"
    for line in installs:
        assert "-qq" in line.split() or "--quiet --quiet" in line, line
