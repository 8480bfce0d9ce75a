"""The documentation's sources, its command reference generator and, where MkDocs is
installed, the site built once for the tests that read it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
HAVE_MKDOCS = (
    importlib.util.find_spec("mkdocs") is not None and importlib.util.find_spec("material") is not None
)
NO_MKDOCS = "MkDocs with Material for MkDocs is not installed (the dev extras: make setup)"


def sources() -> list[Path]:
    """README.md and every Markdown page of the site."""
    return [ROOT / "README.md", *sorted(p for p in DOCS.rglob("*.md") if "_hooks" not in p.parts)]


def reference_module() -> ModuleType:
    """docs/_hooks/reference.py, the MkDocs hook that writes each command's reference."""
    spec = importlib.util.spec_from_file_location("docs_reference_hook", DOCS / "_hooks" / "reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built as `make docs` builds it (strict: a warning fails)."""
    if not HAVE_MKDOCS:
        pytest.skip(NO_MKDOCS)
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out
