"""Cry Havoc's paired ablations (``tuning/ablation.py``, ``cryhavoc-sim ablate``): a
faction's Tactics card with its Tactic blanked (the neutral card: its Action icons,
bonus and special kept, so the deck keeps its size and order and every shuffle deals the
same positions; it can no longer be played in a Battle, Battle B), or a faction's
default Skill with its effect blanked (Setup 5c: every faction holds its default Skill in
every game; the others are dealt at random, so which games hold one is not known before
they are played, and they are left out). The same deals played with and without say what
the Tactic or the Skill is worth to the faction that holds it.

Terrain cards are drawn by every faction, so no single side holds them: they are not
offered. A blanked Skill is not offered to its holder at all (engine/game.py,
engine/battle.py), so the games without it measure the faction without the Skill, not
with a decoy that costs something and does nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cryhavoc_sim.games.cryhavoc.content.schema import ContentSet

SKILL = "skill:"  # a unit naming a Skill: skill:<skill id>; a card's unit is its id


class CryHavocAblation:
    what = "card"  # what an ablation names (--card): a Tactics card or skill:<id>
    played_by_unit = True  # played() names units (two cards may share a printed name)

    def units(self, content: ContentSet, setup: Any) -> dict[str, str]:
        """Every faction card with a Tactic and every default Skill of the factions in the
        scenario's line-ups: unit -> printed name."""
        factions = {f for lineup in setup.lineups for f in lineup}
        out: dict[str, str] = {}
        for card_id, card in content.cards.items():
            if card.tactic and card.deck in factions:
                out[card_id] = card.name
        for skill_id, skill in content.skills.items():
            if skill.default and skill.faction in factions and skill.effect:
                out[SKILL + skill_id] = skill.name
        return dict(sorted(out.items(), key=lambda kv: (kv[1], kv[0])))

    def ablated(self, content: ContentSet, unit: str) -> ContentSet:
        if unit.startswith(SKILL):
            sid = unit[len(SKILL) :]
            skills = {**content.skills, sid: replace(content.skills[sid], effect=())}
            return replace(content, skills=skills, digest=f"{content.digest}-without-{unit}")
        cards = {**content.cards, unit: replace(content.cards[unit], tactic=())}
        return replace(content, cards=cards, digest=f"{content.digest}-without-{unit}")

    def played(self, module: Any, played: Any, content: ContentSet) -> frozenset[tuple[str, str]]:
        """(faction, unit) of every Tactics card a faction played in a Battle (its id) and
        every Skill it used (skill:<id>) in the game ``played`` (its events)."""
        from cryhavoc_sim.storage.schema import EVENT_COLUMNS

        kind, side, region, detail = (EVENT_COLUMNS.index(c) for c in ("kind", "faction", "region", "detail"))
        out: set[tuple[str, str]] = set()
        for r in module.stored_events(played):
            what = r[detail]
            if not what:
                continue
            if r[kind] == "card_played" and r[region] is not None:  # a Tactics play (in a Battle)
                out.add((r[side], what))
            elif r[kind] == "skill":
                out.add((r[side], SKILL + what))
        return frozenset(out)

    def holders(self, content: ContentSet, setup: Any, game_id: int, unit: str) -> tuple[str, ...]:
        """The faction of game ``game_id`` whose deck holds the card, or whose default
        Skill it is (none when that faction does not play the game)."""
        owner = (
            content.skills[unit[len(SKILL) :]].faction if unit.startswith(SKILL) else content.cards[unit].deck
        )
        factions = setup.plan(0, game_id)[1]  # the line-up does not depend on the seed
        return (owner,) if owner in factions else ()


ABLATION = CryHavocAblation()
