"""Cry Havoc's paired ablations (``tuning/ablation.py``, ``cryhavoc-sim ablate``): a
faction's Tactics card with its Tactic blanked (the neutral card: its Action icons,
bonus and special kept, so the deck keeps its size and order and every shuffle deals the
same positions; it can no longer be played in a Battle, Battle B), or one of a faction's
Skills with its effect and cost blanked, named ``skill:<id>``.

Which Skills a faction holds (Setup 5c): its Default in every game, and at "experienced"
one and at "veteran" two more dealt at random from its other four (the solo variant,
Setup 6: difficulty 2 or 3 deals one or two). Who holds a dealt Skill is known only once
a game is set up, so it is read from the game played (:meth:`dealt`: each faction's
Skills in the game state, set at setup and never changed); a game in which nobody holds
the Skill gives no pair. Blanking changes nothing the deal reads: setup shuffles the
faction's Skills other than its Default in the order of the content's table, which
blanking keeps, before any Skill is used, so both twins draw the same random numbers up
to and through the deal and hold the same Skills (``tuning/ablation.py`` checks that
every twin did). A Skill is ablatable when the scenario can deal it: the Default always,
the others only when the scenario's experience (or solo difficulty) deals any.

A blanked Skill is not offered to its holder at all (engine/game.py, engine/battle.py),
and its cost goes with its effect: the heuristic counts a stored Crystal as worth
keeping while one of its Skills spends Crystals (bots/heuristic.py ``stock_value``),
so a blanked Teleport that kept its cost would still steer where the Pilgrims extract.
The games without it measure the faction without the Skill, not with a decoy that costs
something, does nothing, or is planned for.

Terrain cards are drawn by every faction, so no single side holds them: they are not
offered."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cryhavoc_sim.games.cryhavoc.content.schema import ContentSet
from cryhavoc_sim.games.cryhavoc.engine.rules import EXPERIENCE_SKILLS

SKILL = "skill:"  # a unit naming a Skill: skill:<skill id>; a card's unit is its id

Dealt = frozenset[tuple[str, str]]  # (faction, skill:<id>) of every Skill held in a game


def dealt_at_random(setup: Any) -> int:
    """How many Skills beyond its Default each player is dealt at random: by experience
    (Setup 5c: first time 0, experienced 1, veteran 2), in the solo variant by
    difficulty (its Setup 6: 1, 2 or 3 Skills in play, the Default among them)."""
    if setup.mode == "solo":
        return int(setup.difficulty or 2) - 1
    return EXPERIENCE_SKILLS[setup.experience]


class CryHavocAblation:
    what = "card"  # what an ablation names (--card): a Tactics card or skill:<id>
    kinds = "Tactics card or Skill with an effect"  # what can be ablated, in words
    played_by_unit = True  # played() names units (two cards may share a printed name)

    def units(self, content: ContentSet, setup: Any) -> dict[str, str]:
        """Every faction card with a Tactic and every Skill the scenario can deal to the
        factions in its line-ups (the Default always, the others when any are dealt at
        random): unit -> printed name."""
        factions = {f for lineup in setup.lineups for f in lineup}
        random_skills = dealt_at_random(setup) > 0
        out: dict[str, str] = {}
        for card_id, card in content.cards.items():
            if card.tactic and card.deck in factions:
                out[card_id] = card.name
        for skill_id, skill in content.skills.items():
            if skill.faction in factions and skill.effect and (skill.default or random_skills):
                out[SKILL + skill_id] = skill.name
        return dict(sorted(out.items(), key=lambda kv: (kv[1], kv[0])))

    def ablated(self, content: ContentSet, unit: str) -> ContentSet:
        if unit.startswith(SKILL):
            sid = unit[len(SKILL) :]
            # the entry keeps its place in the table: the deal shuffles the same list
            blank = replace(content.skills[sid], effect=(), cost_crystals=0, cost_units=0)
            skills = {**content.skills, sid: blank}
            return replace(content, skills=skills, digest=f"{content.digest}-without-{unit}")
        cards = {**content.cards, unit: replace(content.cards[unit], tactic=())}
        return replace(content, cards=cards, digest=f"{content.digest}-without-{unit}")

    def played(self, played: Any, content: ContentSet) -> frozenset[tuple[str, str]]:
        """(faction, unit) of every Tactics card a faction played in a Battle (its id) and
        every Skill it used (skill:<id>) in the game ``played`` (its events)."""
        from cryhavoc_sim.games.cryhavoc.rows import stored_events
        from cryhavoc_sim.storage.schema import EVENT_COLUMNS

        kind, side, region, detail = (EVENT_COLUMNS.index(c) for c in ("kind", "faction", "region", "detail"))
        out: set[tuple[str, str]] = set()
        for r in stored_events(played):
            what = r[detail]
            if not what:
                continue
            if r[kind] == "card_played" and r[region] is not None:  # a Tactics play (in a Battle)
                out.add((r[side], what))
            elif r[kind] == "skill":
                out.add((r[side], SKILL + what))
        return frozenset(out)

    def dealt(self, played: Any) -> Dealt:
        """(faction, skill:<id>) of every Skill a faction held in the game ``played``: the
        game state's, dealt at setup (Setup 5c) and never changed; a non-player faction
        holds none."""
        return frozenset((f, SKILL + s) for f, p in played.state.players.items() for s in p.skills)

    def eligible(self, content: ContentSet, setup: Any, game_id: int, unit: str) -> tuple[str, ...]:
        """The faction of game ``game_id`` that can hold the unit: the one whose deck
        holds the card or whose Skill it is (none when that faction does not play)."""
        owner = (
            content.skills[unit[len(SKILL) :]].faction if unit.startswith(SKILL) else content.cards[unit].deck
        )
        factions = setup.plan(game_id)[1]
        return (owner,) if owner in factions else ()

    def holders(
        self, content: ContentSet, setup: Any, game_id: int, unit: str, dealt: Dealt
    ) -> tuple[str, ...]:
        """The faction of game ``game_id`` that holds the unit: a card its deck's faction
        when that faction plays; a Skill whoever was dealt it (``dealt``, the game's)."""
        if unit.startswith(SKILL):
            return tuple(sorted(f for f, u in dealt if u == unit))
        return self.eligible(content, setup, game_id, unit)


ABLATION = CryHavocAblation()
