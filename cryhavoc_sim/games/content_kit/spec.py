"""What a game declares about its content: its files, its item tables, how its digest is
made, and the words its sentences use. Every part of the kit takes one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cryhavoc_sim.games.content_kit.addresses import Items, Picks, Table
from cryhavoc_sim.games.content_kit.files import DigestRecipe


@dataclass(frozen=True, slots=True)
class ContentSpec:
    title: str  # "Cave Troll": "a Cave Troll content set holds ..."
    files: tuple[str, ...]  # read in this order (the digest's order)
    tables: tuple[Items | Table | Picks, ...]  # the addressable values, in the listing's order
    default_dir: Path
    digest: DigestRecipe
    # Files whose [[plausible]] declarations count, in the listing's order.
    plausible_files: tuple[str, ...]
    noun: str = "the content"  # "override 'x' names no number of the content"
    numbers_command: str = "cryhavoc-sim content --numbers"  # lists the addresses
    # Item sentences name a file by its path (True) or by its name alone.
    full_paths: bool = False

    def label(self, base: Path, file: str) -> str:
        """How a sentence about an item names ``file`` of the set in ``base``."""
        return str(base / file) if self.full_paths else file
