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


SCRIPT = """
from cryhavoc_sim import simulate
{call}
"""
CALL = 'run = simulate("quick", n_games=8, seed=2, workers=2, out="run")\nprint(run.games.collect().height)'


def test_a_script_without_the_main_guard_is_told_in_one_sentence(tmp_path: Path) -> None:
    """Worker processes import the script again; without the guard each would start a
    second run. simulate() says so before anything is written; with the guard it plays."""
    import subprocess
    import sys

    bare = tmp_path / "bare.py"
    bare.write_text(SCRIPT.format(call=CALL))
    proc = subprocess.run(
        [sys.executable, str(bare)], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert proc.returncode == 1
    last = proc.stderr.strip().splitlines()[-1]
    assert "bare.py, line 3: a script that calls simulate() with workers > 1 must do so under" in last
    assert 'if __name__ == \\"__main__\\":' not in last and 'if __name__ == "__main__":' in last
    assert not (tmp_path / "run").exists()

    guarded = tmp_path / "guarded.py"
    guarded.write_text(SCRIPT.format(call='if __name__ == "__main__":\n    ' + CALL.replace("\n", "\n    ")))
    proc = subprocess.run(
        [sys.executable, str(guarded)], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "8"


def test_a_spawned_worker_re_entering_simulate_ends_with_the_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys
    import types

    from cryhavoc_sim import api

    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__mp_main__"))
    with pytest.raises(SystemExit, match="must do so under"):
        api.simulate("quick", n_games=8, workers=2, out="never_written")


def test_the_documented_script_runs_as_a_script(tmp_path: Path) -> None:
    """The notebook page's script (with its guard) runs with python, fewer games."""
    import re
    import subprocess
    import sys

    page = (Path(__file__).parents[2] / "docs" / "notebook.md").read_text()
    (body,) = re.findall(r'```python title="my_study.py"\n(.*?)```', page, re.S)
    assert 'if __name__ == "__main__":' in body and "workers=2" in body
    (tmp_path / "my_study.py").write_text(body.replace("n_games=600", "n_games=24"))
    proc = subprocess.run(
        [sys.executable, "my_study.py"], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    assert "faction" in proc.stdout


def test_the_install_lines_are_the_ones_the_wheel_test_runs() -> None:
    page = (Path(__file__).parents[2] / "docs" / "getting-started.md").read_text()
    wheel_test = (Path(__file__).parent / "test_wheel.py").read_text()
    assert "pip install /path/to/cryhavoc-sim" in page
    assert "python -m pip wheel --no-deps -w dist" in page and '"wheel",' in wheel_test
