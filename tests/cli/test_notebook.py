"""The example notebook runs top to bottom in a real Jupyter kernel on a small run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).parents[2] / "examples" / "balance_questions.ipynb"


def test_example_notebook_executes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.setenv("CRYHAVOC_NOTEBOOK_GAMES", "36")
    monkeypatch.setenv("CRYHAVOC_NOTEBOOK_RUN", str(tmp_path / "run"))
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parents[1])}}
    )
    client.execute()
    assert (tmp_path / "run" / "win_rate_by_seat.png").stat().st_size > 1000
    assert (tmp_path / "run" / "vp_by_source.png").stat().st_size > 1000
    outputs = "".join(
        str(o.get("data", o.get("text", ""))) for c in nb.cells if c.cell_type == "code" for o in c.outputs
    )
    assert "win_rate" in outputs and os.path.exists(tmp_path / "run" / "manifest.json")
    images = [
        o for c in nb.cells if c.cell_type == "code" for o in c.outputs if "image/png" in o.get("data", {})
    ]
    assert len(images) == 2, "both charts draw inline"
    source = "".join(c.source for c in nb.cells)
    assert 'matplotlib.use("Agg")' not in source and "binomtest" not in source  # the package's intervals
