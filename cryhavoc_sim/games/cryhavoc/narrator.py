"""The replay account of a Cry Havoc game: its events as a player would tell them,
Round by Round, with the score after each phase; factions, Regions, cards, Skills,
Structures and tokens by their printed names ("the Humans play Drop Troopers"), as
Cave Troll's narrator does, ids only where the content names nothing."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cryhavoc_sim.games.cryhavoc.engine.log import Event
from cryhavoc_sim.games.protocol import Played

# The factions are plural names (Humans, Trogs): the verbs agree with them.
LINES = {
    "event_revealed": "Event revealed: {detail}",
    "initiative": "Initiative now: {detail}",
    "initiative_change": "{faction} move to place {amount} on the Upcoming Initiative track",
    "action": "{faction}, Action {amount}: {detail}",
    "skill": "  {faction} use the Skill {detail}",
    "discard": "  {faction} discard {amount} card(s) for {detail}: {cards}",
    "move": "  {faction} move {amount} Unit(s) {detail} -> {region}",
    "recruit": "  {faction} recruit {amount} Unit(s) in {region}",
    "build": "  {faction} build {detail} in {region}",
    "activate": "  {faction} activate {detail} in {region}",
    "exploration": "  {faction} explore {region}: {detail}",
    "token_revealed": "  {faction} reveal {detail} in {region}: {amount} Trog(s)",
    "control_gained": "  {faction} take Control of {region} ({detail})",
    "scoring_enabled": "  {faction} enable Scoring",
    "battle_declared": "  Battle token {amount}: {faction} attack {other_faction} in {region}",
    "battle_start": "Battle {amount} in {region}: {faction} against {other_faction}",
    "battle_placement": "  {faction} place {amount} Unit(s) as Control/Prisoners/Attrition = {detail}",
    "card_played": "  {faction} play {detail}",
    "tactic_pass": "  {faction} pass",
    "battle_objective": "  {detail}: {faction} win with {amount}",
    "kill": "  {faction} kill {amount} {other_faction} Unit(s) ({detail})",
    "capture": "  {faction} capture a {other_faction} Unit",
    "retreat": "  {faction} retreat {amount} Unit(s) to {detail}",
    "prisoner_return": "  {faction} buy back a Prisoner from {other_faction}",
    "nest_placed": "  a Trog Nest is placed in {region}",
    "game_end": "Game over: {faction} win ({detail})",
}


def names(content: Any) -> dict[str, str]:
    """What a player calls each id of a content set: factions, Regions (every board
    side), cards, Skills, Structures and tokens by their printed names."""
    out: dict[str, str] = {}
    for board in content.boards.values():
        out.update({r.id: r.name for r in board.regions})
    for table in (content.factions, content.cards, content.skills, content.structures):
        out.update({item.id: item.name for item in table.values()})
    tokens = (
        *content.events,
        content.final_event,
        *content.exploration,
        *content.war_parties,
        *content.nests,
    )
    out.update({t.id: t.name for t in tokens})
    return out


def _say(text: str | None, called: Mapping[str, str]) -> str | None:
    """``text`` with every id in it named: "trogs.frenzy,trogs.swarm" -> "Frenzy, Swarm",
    "trogs.tunnels|setup" -> "Tunnels (setup)"; words that are no id stay."""
    if text is None or text in called:
        return called.get(text, text) if text is not None else None
    if "|" in text:
        head, _, rest = text.partition("|")
        return f"{_say(head, called)} ({_say(rest, called)})"
    if "," in text:
        return ", ".join(str(_say(part, called)) for part in text.split(","))
    return text


def account(events: Iterable[Event], called: Mapping[str, str] | None = None) -> list[str]:
    """Readable lines from a game's events; ``called`` names the ids (:func:`names`)."""
    said = called or {}
    out: list[str] = []
    vp: dict[str, int] = {}
    where: tuple[int, str] | None = None

    def who(faction: str | None) -> str | None:
        return said.get(faction, faction) if faction is not None else None

    for e in events:
        if e.phase != "setup" and where is not None and (e.round, e.phase) != where and vp:
            out.append(
                f"  score after {where[1]}: " + ", ".join(f"{who(f)} {v}" for f, v in sorted(vp.items()))
            )
        where = (e.round, e.phase)
        if e.kind == "vp" and e.faction:
            vp[e.faction] = vp.get(e.faction, 0) + (e.amount or 0)
            out.append(f"  {who(e.faction)} {e.amount:+d} VP ({str(e.detail).replace('_', ' ')})")
            continue
        if e.kind == "round_start":
            out.append(f"\n=== Round {e.amount} ===")
            continue
        if e.kind == "setup":
            out.append(
                f"Seat {e.amount}: {who(e.faction)}, HQ {_say(e.region, said)}, Skills {_say(e.detail, said)}"
            )
            continue
        template = LINES.get(e.kind)
        if template is not None:
            fields = e._asdict()
            for key in ("faction", "other_faction"):
                fields[key] = who(fields[key])
            for key in ("region", "detail", "cards"):
                fields[key] = _say(fields[key], said)
            out.append(template.format(**fields))
    return out


def narrate(played: Played) -> list[str]:
    """The account of a played game, every id by its printed name (``replay``)."""
    return account(played.state.events, names(played.state.content))
