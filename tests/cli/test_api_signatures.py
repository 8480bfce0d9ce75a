"""The notebook API shows its real signatures and says where it writes (issue 31):
``help(simulate)`` used to show ``simulate(*args, **kwargs)`` with no docstring."""

from __future__ import annotations

import inspect
import pydoc
import subprocess
import sys

import pytest

import cryhavoc_sim


@pytest.mark.parametrize(
    ("name", "parameters", "writes"),
    [
        ("simulate", ["scenario", "n_games", "seed", "workers", "out", "quiet"], "runs/<scenario>"),
        ("load_run", ["run_dir"], "writes nothing else"),
        ("sweep", ["design", "out", "workers", "quiet", "max_games", "n_games"], "sweeps/<design name>"),
        ("tune", ["targets", "out", "workers", "quiet", "max_games"], "tunes/<name>"),
    ],
)
def test_help_shows_the_signature_and_where_it_writes(name: str, parameters: list[str], writes: str) -> None:
    function = getattr(cryhavoc_sim, name)
    assert list(inspect.signature(function).parameters) == parameters
    text = pydoc.render_doc(function, renderer=pydoc.plaintext)
    assert "*args" not in text and "**kwargs" not in text
    assert writes in " ".join((function.__doc__ or "").split())


def test_importing_the_package_stays_cheap() -> None:
    """The functions are imported on first use: ``import cryhavoc_sim`` loads no polars."""
    code = "import sys, cryhavoc_sim; print('polars' in sys.modules); cryhavoc_sim.simulate; print('polars' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True"]
    with pytest.raises(AttributeError, match="no attribute 'simulat'"):
        cryhavoc_sim.simulat  # noqa: B018
