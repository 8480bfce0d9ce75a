"""Content: validated, provenance-labelled game components loaded from TOML.

The record types (``schema``) run compiled (mypyc) when a build of the current sources
is in the virtual environment; see :mod:`cryhavoc_sim.native`."""

from cryhavoc_sim.native import use_compiled

use_compiled(__path__, "games/cryhavoc/content")

from cryhavoc_sim.games.cryhavoc.content.loader import default_content_dir, load_content  # noqa: E402
from cryhavoc_sim.games.cryhavoc.content.schema import ContentSet  # noqa: E402

__all__ = ["ContentSet", "default_content_dir", "load_content"]
