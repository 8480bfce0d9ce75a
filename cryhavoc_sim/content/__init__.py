"""Content: validated, provenance-labelled game components loaded from TOML."""

from cryhavoc_sim.content.loader import default_content_dir, load_content
from cryhavoc_sim.content.schema import ContentSet

__all__ = ["ContentSet", "default_content_dir", "load_content"]
