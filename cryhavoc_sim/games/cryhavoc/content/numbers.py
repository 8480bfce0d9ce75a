"""Cry Havoc's content numbers by stable path: the item tables it declares to the content
kit (:mod:`cryhavoc_sim.games.content_kit`), which sets overrides and checks declared ranges.

Every number (and every choice) of a content set has an address made of the section,
the item and the field, for example::

    factions.trogs.units                      # factions.toml, faction "trogs"
    structures.humans.watchtower.build_cost   # structures.toml, structure "humans.watchtower"
    skills.humans.scouting.effect.where       # the one effect step of the skill with a "where"
    skills.humans.scouting.effect[0].where    # the same, by step
    default_skill.humans                      # which Skill is Default ("humans.scouting")
    tokens.war_party.6.trogs                  # tokens.toml, [[war_party]] "war_party.6"
    board_34p.scorch.crystals                 # board_34p.toml, region "scorch"
    track.event_spots                         # tokens.toml, [track]

A *path* may use ``*`` (any run of characters) and ``{a,b}`` (either), as shell patterns
do (bounded: :mod:`cryhavoc_sim.games.content_kit.patterns`): ``tokens.war_party.*.trogs`` names the Trogs of every War Party token, and
``board_34p.{mirror_lake,thornwood}.war_party`` the icons of two Regions. An override sets
every number its path names; the content is then validated as if the files said so, so a
value the game cannot play is refused with the loader's own sentence.

A content file declares what is plausible next to what it reconstructs::

    [[plausible]]
    path = "tokens.war_party.*.trogs"
    range = [1, 3]              # whole numbers, both ends included
    rationale = "why these values are plausible"

or ``choices = [...]`` for a reconstructed choice and its alternatives. The shipped
values must lie inside what is declared (a test loads every declared end).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from cryhavoc_sim.games.content_kit import overrides as kit_overrides
from cryhavoc_sim.games.content_kit import plausible as kit_plausible
from cryhavoc_sim.games.content_kit.addresses import Items, Picks, Slot, Table, plain
from cryhavoc_sim.games.content_kit.addresses import addresses as kit_addresses
from cryhavoc_sim.games.content_kit.door import Values
from cryhavoc_sim.games.content_kit.files import DigestRecipe
from cryhavoc_sim.games.content_kit.spec import ContentSpec
from cryhavoc_sim.games.cryhavoc.content.vocabulary import VOCABULARY
from cryhavoc_sim.games.protocol import Plausible

FILES = (
    "content.toml",
    "board_2p.toml",
    "board_34p.toml",
    "factions.toml",
    "cards.toml",
    "skills.toml",
    "structures.toml",
    "tokens.toml",
)
DATA = Path(str(resources.files("cryhavoc_sim.games.cryhavoc.content") / "data"))
DEFAULT_SET = "cryhavoc-calibrated"  # the directory of the default content set

# Fields that say what an item is, not how it plays: never overridden.
FIXED = frozenset(
    {"id", "name", "text", "provenance", "rationale", "adjacent", "plausible", "faction", "deck"}
)
EFFECT_LISTS = ("effect", "tactic")


def _segment(item_id: str) -> str:
    """A token's address segment: its id less the kind prefix tokens repeat
    ("war_party.6" -> "6")."""
    return item_id.split(".", 1)[1] if "." in item_id else item_id


def _step_values(step: Any) -> dict[str, tuple[Any, bool]]:
    """An effect step's parameters: name -> (value, whether the file leaves it out and
    the vocabulary's default applies)."""
    if not isinstance(step, dict):
        return {}
    out = {k: (v, False) for k, v in step.items() if k != "op"}
    for key, (_, default) in VOCABULARY.get(step.get("op", ""), {}).items():
        if default is not None and key not in out:
            out[key] = (default, True)
    return out


def _effect_slots(
    prefix: str, file: str, steps: tuple[Any, ...], table: dict[str, Any]
) -> Iterator[tuple[str, Slot]]:
    """An item's effect parameters: ``<item>.effect[0].count``, and ``<item>.effect.count``
    where one step alone has a ``count``; a Structure's passives likewise."""
    for field in EFFECT_LISTS:
        effect = table.get(field)
        if not isinstance(effect, list):
            continue
        params = [_step_values(step) for step in effect]
        counts: dict[str, int] = {}
        for p in params:
            for key in p:
                counts[key] = counts.get(key, 0) + 1
        for i, p in enumerate(params):
            for key, (value, defaulted) in p.items():
                if not plain(value):
                    continue
                slot = Slot(file, (*steps, field, i), key, value if defaulted else None)
                yield f"{prefix}.{field}[{i}].{key}", slot
                if counts[key] == 1:
                    yield f"{prefix}.{field}.{key}", slot
    passive = table.get("passive")
    if isinstance(passive, list):
        for k, sub in enumerate(passive):
            if isinstance(sub, dict):
                yield from _effect_slots(f"{prefix}.passive[{k}]", file, (*steps, "passive", k), sub)


_ITEM_FIXED = FIXED | {*EFFECT_LISTS, "passive"}
_TOKEN = {"trogs": 0, "crystals": 0}


def _items(prefix: str, file: str, key: str, defaults: Mapping[str, Any], token: bool = False) -> Items:
    return Items(
        prefix,
        file,
        key,
        fixed=_ITEM_FIXED,
        defaults=defaults,
        segment=_segment if token else None,
        nested=_effect_slots,
    )


# Optional fields with the loader's defaults (loader.py) are addressable although a file
# leaves them out.
_REGION = {"crystals": 0, "war_party": False, "exploration": False, "tunnel": False}
SPEC = ContentSpec(
    title="Cry Havoc",
    files=FILES,
    tables=(
        _items("factions", "factions.toml", "faction", {}),
        _items("cards", "cards.toml", "card", {}),
        _items("skills", "skills.toml", "skill", {"cost_crystals": 0, "cost_units": 0, "default": False}),
        # which Skill is a faction's Default, by its id: default_skill.humans
        Picks("default_skill", "skills.toml", "skill", flag="default", by="faction"),
        _items("structures", "structures.toml", "structure", {}),
        _items("board_2p", "board_2p.toml", "region", _REGION),
        _items("board_34p", "board_34p.toml", "region", _REGION),
        _items("tokens.event", "tokens.toml", "event", _TOKEN, token=True),
        _items("tokens.final_event", "tokens.toml", "final_event", {}, token=True),
        _items("tokens.exploration", "tokens.toml", "exploration", _TOKEN, token=True),
        _items("tokens.war_party", "tokens.toml", "war_party", _TOKEN, token=True),
        _items("tokens.nest", "tokens.toml", "nest", _TOKEN, token=True),
        Table("track", "tokens.toml", "track", fixed=FIXED),
    ),
    default_dir=DATA / DEFAULT_SET,
    # Fixed: the digest of every stored run of Cry Havoc was made so.
    digest=DigestRecipe(file_end=b"\0", overrides_tag=b"overrides\0", compact=True),
    plausible_files=(
        "board_2p.toml",
        "board_34p.toml",
        "cards.toml",
        "factions.toml",
        "skills.toml",
        "structures.toml",
        "tokens.toml",
    ),
)


def addresses(docs: Mapping[str, Any]) -> dict[str, Slot]:
    """Every overridable value of the content documents, by address."""
    return kit_addresses(docs, SPEC.tables)


def apply_overrides(docs: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    return kit_overrides.apply_overrides(SPEC, docs, overrides)


def declared(base: Path, docs: Mapping[str, Any]) -> list[Plausible]:
    """The ``[[plausible]]`` declarations of every file, checked against the content."""
    return kit_plausible.declared(SPEC, base, docs)


# every addressable value of a set (None: the shipped one), after overrides: what
# ``cryhavoc-sim content --numbers`` lists (the content kit's, over this game's SPEC)
content_values = Values(SPEC)
