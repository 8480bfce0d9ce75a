"""Rule tests of the quick rules (shared/rules/003_*) that no shipped deck reached: Tactic
Abilities on attachments, Commands (cards and units'), Rally, Terror grown by an Action
card, Support Tactics at the enemy unit, Reactions by event, one alignment across a
player's decks, the Unique rule on the no-units reveal and the overspend check. Each
quotes its sentence; the cards are real base-set cards with reconstructed abilities
(data/cards.toml says so on each)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cryhavoc_sim.errors import ContentError, ScenarioError
from cryhavoc_sim.games.warcry.content import DATA, check_pair, load_content
from cryhavoc_sim.games.warcry.module import GAME
from cryhavoc_sim.games.warcry.state import (
    ACTION_DISCARD,
    ACTION_HAND,
    ARMY_DECK,
    ARMY_DISCARD,
    BATTLE_LINE,
    WarCryState,
)
from tests.warcry.board import CONTENT, board, dice, legal, take, unit

FILL = "Blood of the Martyr"  # drawn at a Combat's start: a Strategy, never a tactic


def extra(s: WarCryState, p: int, card_id: str) -> int:
    """A copy of ``card_id`` added to the card table, owned by ``p`` (in no zone yet)."""
    s.cards = (*s.cards, CONTENT.cards[card_id])
    s.owners = (*s.owners, p)
    s.index_cards()
    return len(s.cards) - 1


def fight(s: WarCryState, a: int, t: int, p: int = 0) -> None:
    s.phase, s.actor = "command", p
    dice(s, 0, 2)
    dice(s, 1, 2)
    s.apply(("attack", a, t))
    if s.phase == "block":
        s.apply(("no_block",))


def test_a_tactic_ability_on_an_attachment_once_a_combat_and_not_when_committed() -> None:
    # Play Tactics: "Tactic Abilities appear on Unit or Attachment cards. They usually do
    # not have a Tactic Point cost, but may only be played once per Combat. Remember, you
    # cannot play Tactics on Units or Attachments if they are committed."
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    u = unit(s, 0, "Altdorf Halberdiers")
    hammer = extra(s, 0, "WC122")  # Hammer of Thunder: +1 Strength
    s.attachments[u] = [hammer]
    fight(s, u, unit(s, 1, "Bloodwolf Axemen"))
    assert ("ability", hammer, 0) in legal(s)
    s.apply(("ability", hammer, 0))
    assert s.combat is not None and s.combat.mod[0] == 1
    s.apply(("pass",))
    assert ("ability", hammer, 0) not in legal(s)  # once per Combat
    t = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    v = unit(t, 0, "Altdorf Halberdiers")
    h2 = extra(t, 0, "WC122")
    t.attachments[v] = [h2]
    t.phase, t.actor = "command", 1
    dice(t, 0, 2)
    dice(t, 1, 2)
    t.committed.add(v)
    t.apply(("attack", unit(t, 1, "Bloodwolf Axemen"), v))
    t.apply(("pass",))
    assert ("ability", h2, 0) not in legal(t)  # its unit is committed


def test_a_command_card_acts_at_once_and_ends_the_turn() -> None:
    # Play a Command: "Some cards have actions you can take. These have specific, immediate
    # effects that are clearly spelled out on the card. Once you use a Command Action, your
    # turn is over."
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    x = extra(s, 0, "WC107")  # Study the Maps: draw an Action card
    s.zones[0][ACTION_HAND].append(x)
    assert ("command", "Study the Maps", -1) in legal(s)
    s.apply(("command", "Study the Maps", -1))
    assert x in s.zones[0][ACTION_DISCARD] and len(s.zones[0][ACTION_HAND]) == 1
    assert (s.phase, s.actor) == ("command", 1)


def test_a_units_own_command_and_rally() -> None:
    # Committing: "Rally means to turn a card that's been Committed back to its Ready
    # position. You could then use an action on it that requires it to Commit."
    # "Committed Units cannot use their tactics, reactions, or commands."
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",), armies=("Empire", "Chaos"))
    u = unit(s, 0, "Altdorf Halberdiers")
    tunnelers = extra(s, 0, "WC145")  # Thori's Tunnelers: Commit to Rally another unit
    s.zones[0][BATTLE_LINE].append(tunnelers)
    s.committed.add(u)
    assert all(a[1] != u for a in legal(s) if a[0] == "attack")
    assert ("unit_command", tunnelers, 0, u) in legal(s)
    s.apply(("unit_command", tunnelers, 0, u))
    assert u not in s.committed and tunnelers in s.committed
    assert (s.phase, s.actor) == ("command", 1)
    s.actor = 0
    assert any(a[0] == "attack" and a[1] == u for a in legal(s))  # Ready again: it may attack
    assert not any(a[0] == "unit_command" for a in legal(s))  # the Tunnelers are committed


def test_change_of_plan_rallies_a_committed_unit() -> None:
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    u = unit(s, 0, "Altdorf Halberdiers")
    s.committed.add(u)
    s.zones[0][ACTION_HAND].append(extra(s, 0, "WC63"))  # Change of Plan: Rally
    assert [a for a in legal(s) if a[0] == "command"] == [("command", "Change of Plan", u)]
    s.apply(("command", "Change of Plan", u))
    assert u not in s.committed


def test_terror_grows_with_an_action_card_and_a_unit_with_terror_is_immune() -> None:
    # Terror: "Terror is cumulative, so a Unit with Terror can grow scarier with Action
    # cards. Units with Terror are not affected by another Unit's Terror."
    s = board(one=("Altdorf Halberdiers",), two=("The Bringers of Terror",), armies=("Empire", "Chaos"))
    u, b = unit(s, 0, "Altdorf Halberdiers"), unit(s, 1, "The Bringers of Terror")
    fight(s, b, u, p=1)
    assert s.leadership(u) == 3 - 3
    s.zones[1][ACTION_HAND].append(extra(s, 1, "WC70"))  # Dissention in the Ranks: +1 Terror
    s.apply(("card", "Dissention in the Ranks"))
    assert s.leadership(u) == 3 - 4  # cumulative
    t = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    h, a = unit(t, 0, "Altdorf Halberdiers"), unit(t, 1, "Bloodwolf Axemen")
    fight(t, h, a)
    t.zones[0][ACTION_HAND].append(extra(t, 0, "WC70"))
    t.apply(("card", "Dissention in the Ranks"))
    assert t.leadership(a) == 4 - 1
    t.combat.terror[1] = 1  # type: ignore[union-attr]  # the Axemen grow Terror too: immune (W18)
    assert t.leadership(a) == 4 and t.leadership(h) == 3


def test_a_support_tactic_directed_at_the_enemy_unit() -> None:
    # Play Tactics: "A Support Tactic may only be played by a ready Unit outside of combat,
    # directed at a Unit in combat."
    s = board(one=("Bloodwolf Axemen",), two=("Altdorf Halberdiers",), armies=("Chaos", "Empire"))
    archon = extra(s, 0, "WC31")  # The Archon of Twilight: -1 Strength to the enemy unit
    s.zones[0][BATTLE_LINE].append(archon)
    fight(s, unit(s, 0, "Bloodwolf Axemen"), unit(s, 1, "Altdorf Halberdiers"))
    assert ("ability", archon, 0) in legal(s)
    s.apply(("ability", archon, 0))
    assert s.combat is not None and s.combat.mod == [0, -1]
    s.committed.add(archon)
    s.combat.used = []
    s.actor = 0
    assert ("ability", archon, 0) not in legal(s)  # a committed unit plays no support tactic


def test_reactions_by_event_once_each_and_no_turn() -> None:
    # Reactions: "Reactions tell you when to play them. You cannot use a Unit's Reaction
    # more than once per event, but you can play as many different reactions as you want.
    # Reactions do not count as taking a turn or Command."
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    honor = [extra(s, 1, "WC56"), extra(s, 1, "WC56")]  # A Question of Honor: +1 as a Combat begins
    s.zones[1][ACTION_HAND] += honor
    urguck = extra(s, 1, "WC54")  # Warboss Urguck Man-Mangler: +1 Terror as a Combat begins
    s.zones[1][BATTLE_LINE].append(urguck)
    fight(s, unit(s, 0, "Altdorf Halberdiers"), unit(s, 1, "Bloodwolf Axemen"))
    assert (s.phase, s.actor) == ("react", 1)  # the defender's window as the Combat begins
    assert set(legal(s)) == {("react", "A Question of Honor"), ("react_ability", urguck, 0), ("no_react",)}
    s.apply(("react", "A Question of Honor"))
    assert ("react", "A Question of Honor") not in legal(s)  # once for this event
    s.apply(("react_ability", urguck, 0))
    assert s.combat is not None and s.combat.mod[1] == 1 and s.combat.terror[1] == 1
    assert (s.phase, s.actor) == ("tactic", 0)  # no turn taken: the attacker plays first
    t = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    u2 = extra(t, 1, "WC54")
    t.zones[1][BATTLE_LINE].append(u2)
    t.committed.add(u2)  # "Committed Units cannot use their ... reactions"
    fight(t, unit(t, 0, "Altdorf Halberdiers"), unit(t, 1, "Bloodwolf Axemen"))
    assert t.phase == "tactic"


def test_one_alignment_across_a_players_army_and_action_decks(tmp_path: Path) -> None:
    # Deck Construction: "choose whether to play for Good or Evil. Then, construct an Army
    # Deck and an Action Deck, using only that type of card, along with any Neutral cards"
    good, evil = CONTENT.armies["Empire"], CONTENT.armies["Chaos"]
    action = replace(CONTENT.actions["Base"], alignment="Evil", name="Dark")
    assert check_pair(evil, action) is None and check_pair(good, CONTENT.actions["Base"]) is None
    problem = check_pair(good, action)
    assert problem is not None and "one alignment across a player's Army and Action decks" in problem
    # a scenario pairing them is refused in one sentence
    data = tmp_path / "data"
    data.mkdir()
    (data / "cards.toml").write_text((DATA / "cards.toml").read_text())
    decks = (DATA / "decks.toml").read_text()
    old = '[action.Base]\nprovenance = "reconstructed"'
    assert old in decks
    (data / "decks.toml").write_text(decks.replace('alignment = "Neutral"', 'alignment = "Evil"', 1))
    head = {"content": "data", "decks": ["Chaos", "Empire"]}
    with pytest.raises(ScenarioError) as err:
        GAME.parse_setup(head, {}, str(tmp_path / "s.toml"))
    assert "army deck 'Empire' is Good and action deck 'Base' is Evil" in str(err.value)
    assert "\n" not in str(err.value)


def test_a_unique_revealed_twice_discards_the_original() -> None:
    # Unique: "If a Unique card is in play and a duplicate is played, the original copy is
    # discarded." (on the reveal when neither side has a unit: W17)
    s = board(armies=("Empire", "Empire"))
    s.cards = tuple(replace(c, unique=True) if c.name == "Middenheim Halberdiers" else c for c in s.cards)
    s.index_cards()
    z0, z1 = s.zones[0][ARMY_DECK], s.zones[1][ARMY_DECK]
    z0 += [take(s, 0, ARMY_DECK, "Altdorf Swordsmen"), take(s, 0, ARMY_DECK, "Middenheim Halberdiers")]
    z1.append(take(s, 1, ARMY_DECK, "Middenheim Halberdiers"))
    s.apply(("pass",))
    s.apply(("pass",))
    names = [[s.cards[u].name for u in s.units(p)] for p in (0, 1)]
    assert names == [["Altdorf Swordsmen"], ["Middenheim Halberdiers"]]
    assert any(s.cards[c].name == "Middenheim Halberdiers" for c in s.zones[0][ARMY_DISCARD])


def test_the_overspend_check_discards_the_last_unit_with_its_attachments() -> None:
    # Muster: "If you have accidentally exceeded your gold cost, discard the last Unit
    # placed until you are below that Battle's Gold supply."
    s = board(one=("Altdorf Halberdiers", "Altdorf Swordsmen"))
    a, b = unit(s, 0, "Altdorf Halberdiers"), unit(s, 0, "Altdorf Swordsmen")
    sword = take(s, 0, ARMY_DECK, "Sword of Striking")
    s.attachments[b] = [sword]
    s.placed = [[a, b, sword], []]
    s.budget, s.spent = [5, 20], [7, 0]  # 3 + 3 + 1 spent of 5
    s._overspend(0)
    assert s.units(0) == [a] and b not in s.attachments and s.spent[0] == 3
    assert {b, sword} <= set(s.zones[0][ARMY_DISCARD])


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            'timing = "support"\nstrength = 1',
            'timing = "later"\nstrength = 1',
            "ability timing 'later' unknown",
        ),
        ('target = "enemy_unit"', 'target = "anyone"', "ability target 'anyone' unknown"),
        ('trigger = "combat_start"', 'trigger = "dawn"', "ability trigger 'dawn' unknown"),
        ('effect = "draw_action"', 'effect = "win"', "ability effect 'win' unknown"),
    ],
)
def test_an_ability_with_an_unknown_word_is_refused_in_one_sentence(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    text = (DATA / "cards.toml").read_text()
    assert old in text
    (tmp_path / "cards.toml").write_text(text.replace(old, new, 1))
    (tmp_path / "decks.toml").write_text((DATA / "decks.toml").read_text())
    with pytest.raises(ContentError) as err:
        load_content(str(tmp_path))
    assert words in str(err.value) and "\n" not in str(err.value) and str(err.value).endswith(".")
