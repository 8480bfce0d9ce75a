"""One content kit for every game: provenance, reading items from TOML (bounded), values by
dotted address with patterns (bounded), plausible declarations, content values for
sweeps, writing a calibrated set, the listing's shared parts, and the check that data ids
and registered handlers match. A game declares its files and item tables
(:class:`ContentSpec`) and writes its own checks of the items; it imports nothing from
any game.

Modules: ``provenance``, ``files`` (reading, digest, shipped sets), ``patterns``,
``addresses``, ``overrides`` (and content values), ``plausible``, ``writing``,
``listing``, ``handlers``, ``spec``.
"""

from cryhavoc_sim.games.content_kit.addresses import Items, Picks, Slot, Table
from cryhavoc_sim.games.content_kit.files import DigestRecipe
from cryhavoc_sim.games.content_kit.provenance import PROVENANCES, Provenance
from cryhavoc_sim.games.content_kit.spec import ContentSpec

__all__ = ["PROVENANCES", "ContentSpec", "DigestRecipe", "Items", "Picks", "Provenance", "Slot", "Table"]
