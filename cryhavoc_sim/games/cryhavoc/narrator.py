"""The replay account of a Cry Havoc game: its events as a player would tell them,
Round by Round, with the score after each phase."""

from __future__ import annotations

from collections.abc import Iterable

from cryhavoc_sim.games.cryhavoc.engine.log import Event

LINES = {
    "event_revealed": "Event revealed: {detail}",
    "initiative": "Initiative now: {detail}",
    "initiative_change": "{faction} moves to place {amount} on the Upcoming Initiative track",
    "action": "{faction}, Action {amount}: {detail}",
    "skill": "  {faction} uses Skill {detail}",
    "discard": "  {faction} discards {amount} card(s) for {detail}: {cards}",
    "move": "  {faction} moves {amount} Unit(s) {detail} -> {region}",
    "recruit": "  {faction} recruits {amount} Unit(s) in {region}",
    "build": "  {faction} builds {detail} in {region}",
    "activate": "  {faction} activates {detail} in {region}",
    "exploration": "  {faction} explores {region}: {detail}",
    "token_revealed": "  {faction} reveals {detail} in {region}: {amount} Trog(s)",
    "control_gained": "  {faction} takes Control of {region} ({detail})",
    "scoring_enabled": "  {faction} enables Scoring",
    "battle_declared": "  Battle token {amount}: {faction} attacks {other_faction} in {region}",
    "battle_start": "Battle {amount} in {region}: {faction} against {other_faction}",
    "battle_placement": "  {faction} places {amount} Unit(s) as Control/Prisoners/Attrition = {detail}",
    "card_played": "  {faction} plays {detail}",
    "tactic_pass": "  {faction} passes",
    "battle_objective": "  {detail}: {faction} wins with {amount}",
    "kill": "  {faction} kills {amount} {other_faction} Unit(s) ({detail})",
    "capture": "  {faction} captures a {other_faction} Unit",
    "retreat": "  {faction} retreats {amount} Unit(s) to {detail}",
    "prisoner_return": "  {faction} buys back a Prisoner from {other_faction}",
    "nest_placed": "  a Trog Nest is placed in {region}",
    "game_end": "Game over: {faction} wins ({detail})",
}


def account(events: Iterable[Event]) -> list[str]:
    out: list[str] = []
    vp: dict[str, int] = {}
    where: tuple[int, str] | None = None
    for e in events:
        if e.phase != "setup" and where is not None and (e.round, e.phase) != where and vp:
            out.append(f"  score after {where[1]}: " + ", ".join(f"{f} {v}" for f, v in sorted(vp.items())))
        where = (e.round, e.phase)
        if e.kind == "vp" and e.faction:
            vp[e.faction] = vp.get(e.faction, 0) + (e.amount or 0)
            out.append(f"  {e.faction} {e.amount:+d} VP ({e.detail})")
            continue
        if e.kind == "round_start":
            out.append(f"\n=== Round {e.amount} ===")
            continue
        if e.kind == "setup":
            out.append(f"Seat {e.amount}: {e.faction}, HQ {e.region}, Skills {e.detail}")
            continue
        template = LINES.get(e.kind)
        if template is not None:
            out.append(template.format(**e._asdict()))
    return out
