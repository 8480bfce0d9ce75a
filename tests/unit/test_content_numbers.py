"""Content numbers by path (content/numbers.py): addresses, overrides, declared ranges."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cryhavoc_sim.errors import ContentError, ScenarioError
from cryhavoc_sim.games.content_kit.patterns import expand
from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.content.numbers import content_values
from cryhavoc_sim.runner.scenario import parse_scenario
from tests.conftest import reconstructed_dir


def test_the_documented_paths_exist_with_the_shipped_values(content):  # type: ignore[no-untyped-def]
    values = content_values(reconstructed_dir())
    assert values["factions.trogs.units"] == content.factions["trogs"].units
    assert (
        values["structures.humans.watchtower.build_cost"]
        == content.structures["humans.watchtower"].build_cost
    )
    assert values["skills.humans.scouting.effect.where"] == "adjacent_unoccupied"
    assert values["skills.humans.scouting.effect[0].where"] == "adjacent_unoccupied"
    assert values["tokens.war_party.6.trogs"] == content.war_parties[5].trogs
    assert values["board_34p.scorch.crystals"] == 2
    assert values["track.event_spots"] == list(content.track.event_spots)
    # fields a file leaves out are addressable at the loader's default
    assert values["skills.humans.scouting.cost_units"] == 0
    # what an item is, not how it plays, is not
    assert not any(p.endswith((".id", ".name", ".text", ".faction", ".provenance")) for p in values)


def test_brace_and_star_patterns() -> None:
    assert expand("a.{b,c}.d") == ["a.b.d", "a.c.d"]
    assert expand("{a,b}{1,2}") == ["a1", "a2", "b1", "b2"]
    c = load_content(None, {"structures.trogs.{trap,brooding_pool}.build_cost": 3, "tokens.nest.*.trogs": 1})
    assert c.structures["trogs.trap"].build_cost == c.structures["trogs.brooding_pool"].build_cost == 3
    assert c.structures["trogs.tunnels"].build_cost == 1
    assert {t.trogs for t in c.nests} == {1}


def test_an_override_sets_every_match_and_changes_the_content_id(content):  # type: ignore[no-untyped-def]
    base = reconstructed_dir()
    c = load_content(base, {"tokens.war_party.*.trogs": 3, "skills.humans.scouting.cost_units": 1})
    assert {t.trogs for t in c.war_parties} == {3}
    assert [t.crystals for t in c.war_parties] == [t.crystals for t in content.war_parties]
    assert c.skills["humans.scouting"].cost_units == 1
    assert c.content_id != content.content_id and c.name == content.name
    assert dict(c.overrides) == {"tokens.war_party.*.trogs": 3, "skills.humans.scouting.cost_units": 1}
    # no overrides, no change: the digest of the files alone
    assert load_content(base, {}).digest == content.digest
    # an override of the shipped value is still an override (it is recorded)
    assert load_content(base, {"factions.trogs.units": 16}).digest != content.digest


def test_which_skill_is_default_is_a_content_value(content):  # type: ignore[no-untyped-def]
    # The Humans' Default Skill is invented (content research: "NOT found"): a scenario
    # may name another, and every Skill's `default` is addressable though files leave it out.
    values = content_values(reconstructed_dir())
    assert values["skills.humans.scouting.default"] is True
    assert values["skills.humans.veteran_forces.default"] is False
    c = load_content(
        None, {"skills.humans.scouting.default": False, "skills.humans.veteran_forces.default": True}
    )
    defaults = [s.id for s in c.skills.values() if s.faction == "humans" and s.default]
    assert defaults == ["humans.veteran_forces"]
    # the rulebook's one Default a faction is the loader's own check
    with pytest.raises(ContentError, match="exactly one skill with default = true"):
        load_content(None, {"skills.humans.veteran_forces.default": True})


def test_the_default_skill_is_one_choice_by_id() -> None:
    values = content_values(reconstructed_dir())
    assert values["default_skill.humans"] == "humans.scouting"
    assert values["default_skill.trogs"] == "trogs.nest_call"
    c = load_content(None, {"default_skill.humans": "humans.frontier_survey"})
    assert [s.id for s in c.skills.values() if s.faction == "humans" and s.default] == [
        "humans.frontier_survey"
    ]
    assert content_values(None, {"default_skill.humans": "humans.recon_forces"})[
        "skills.humans.recon_forces.default"
    ]
    # the same Skill as the two flags would set it: the same games, another recorded override
    flags = load_content(
        None, {"skills.humans.scouting.default": False, "skills.humans.frontier_survey.default": True}
    )
    assert {k: v.default for k, v in flags.skills.items()} == {k: v.default for k, v in c.skills.items()}
    # declared: sweep and tune may choose among the five
    declared = {p.path: p for p in load_content().plausible}
    assert len(declared["default_skill.humans"].values()) == 5
    for bad, says in (
        ("pilgrims.teleport", "must be one of 'humans.scouting'"),
        ("humans.nope", "must be one of"),
        (True, "must be a string"),
    ):
        with pytest.raises(ContentError, match=says) as exc:
            load_content(None, {"default_skill.humans": bad})
        assert str(exc.value).startswith("override 'default_skill.humans'")


def test_two_overrides_of_one_value_are_refused() -> None:
    # applied in order, hashed sorted: the same content id would name different content
    for overrides in (
        {"default_skill.humans": "humans.frontier_survey", "skills.humans.veteran_forces.default": True},
        {"structures.humans.*.build_cost": 3, "structures.humans.airfield.build_cost": 1},
    ):
        with pytest.raises(ContentError, match=r"set .* differently; give one of them"):
            load_content(None, overrides)
    # one path naming a value once is fine, and a pattern over the items' numbers does not
    # reach the choice (its own prefix)
    assert load_content(None, {"factions.humans.*": 12}).factions["humans"].units == 12


def test_a_declared_choice_among_items_names_one_of_them(tmp_path: Path) -> None:
    import shutil

    from tests.conftest import reconstructed_dir

    base = tmp_path / "set"
    shutil.copytree(reconstructed_dir(), base)
    skills = base / "skills.toml"
    skills.write_text(
        skills.read_text().replace(
            '"humans.frontier_survey"]', '"humans.frontier_survey", "pilgrims.teleport"]'
        )
    )
    with pytest.raises(
        ContentError, match=r"choice 'pilgrims\.teleport' is not one of default_skill\.humans's"
    ):
        load_content(base)


def test_an_effect_index_is_literal_in_a_pattern() -> None:
    c = load_content(None, {"skills.humans.veteran_forces.effect[0].count": 3})
    assert c.skills["humans.veteran_forces"].effect[0].args["count"] == 3


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"factions.trog.units": 12}, "names no number of the content"),
        ({"factions.trogs.units": True}, "must be a whole number"),
        ({"track.event_spots": [0, 1]}, "must be 5 ascending whole numbers"),
        ({"skills.humans.scouting.effect.where": "anywhere"}, "allowed: adjacent_unoccupied"),
    ],
)
def test_bad_overrides_are_one_sentence(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(ContentError, match=message):
        load_content(None, overrides)


def test_every_declared_value_is_playable(content):  # type: ignore[no-untyped-def]
    """Both ends of every declared range and every alternative load (the loader's own
    bounds), and the shipped values lie inside what is declared."""
    assert len(content.plausible) >= 12
    for p in content.plausible:
        assert p.rationale
        ends = p.values() if p.choices else [p.low, p.high]
        for value in ends:
            load_content(None, {p.path: value})
        assert all(v in p.values() for v in p.current), p.path


def test_declarations_name_the_numbers_the_issue_names(content):  # type: ignore[no-untyped-def]
    paths = {p.path for p in content.plausible}
    assert "tokens.war_party.*.trogs" in paths
    assert any(p.startswith("board_34p.") and p.endswith(".war_party") for p in paths)


def test_the_trogs_have_the_rulebooks_sixteen_figures_in_every_shipped_set() -> None:
    """The rulebook's component list gives the Trog Army 16 Unit miniatures: a printed
    number, not declared plausible, in the reconstructed set and the default (a
    calibration had once set 12, searching a range declared before the list was read)."""
    from cryhavoc_sim.games.cryhavoc.content.loader import shipped_sets

    for name, where in shipped_sets().items():
        content = load_content(where)
        assert content.factions["trogs"].units == 16, name
        assert content.factions["trogs"].provenance.source == "rulebook", name
        assert "factions.trogs.units" not in {p.path for p in content.plausible}, name


SCENARIO = """[scenario]
name = "ov"
games = 4
players = 4
[overrides]
"tokens.war_party.*.trogs" = 1
"factions.trogs.units" = 12
"""


def test_a_scenario_overrides_content(tmp_path: Path) -> None:
    sc = parse_scenario(SCENARIO, str(tmp_path / "ov.toml"))
    assert sc.override_map == {"tokens.war_party.*.trogs": 1, "factions.trogs.units": 12}
    with pytest.raises(ScenarioError, match=r"ov.toml: \[overrides\]: override 'x.y' names no number"):
        parse_scenario(SCENARIO + '"x.y" = 1\n', str(tmp_path / "ov.toml"))


def test_a_run_with_overrides_records_and_uses_them(tmp_path: Path) -> None:
    from cryhavoc_sim.runner.chunk import content_for
    from cryhavoc_sim.runner.executor import RunOptions, run_scenario

    sc = parse_scenario(SCENARIO, str(tmp_path / "ov.toml"))
    assert content_for(sc).factions["trogs"].units == 12
    assert content_for(sc).content_id != load_content().content_id
    run_scenario(sc, tmp_path / "run", RunOptions(quiet=True))
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["config"]["overrides"] == {"factions.trogs.units": 12, "tokens.war_party.*.trogs": 1}
    assert manifest["content_id"] == content_for(sc).content_id


def test_content_numbers_cli() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", "content", "--numbers", "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    values = json.loads(out)
    assert values["factions.trogs.units"] == load_content().factions["trogs"].units and len(values) > 500
    listing = subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", "content"], capture_output=True, text=True, check=True
    ).stdout
    assert "Plausible values of reconstructed numbers" in listing and "tokens.war_party.*.trogs" in listing


def test_a_shipped_set_is_found_by_name(tmp_path: Path) -> None:
    from cryhavoc_sim.games.cryhavoc.content.loader import shipped_sets

    sets = shipped_sets()
    assert "cryhavoc-base-reconstructed" in sets
    for name, where in sets.items():
        c = load_content(where)
        assert name in (where.name, c.name)
    sc = parse_scenario(
        SCENARIO.replace("games = 4", 'games = 4\ncontent = "cryhavoc-base-reconstructed"'),
        str(tmp_path / "s.toml"),
    )
    assert sc.content_dir == str(sets["cryhavoc-base-reconstructed"])
    # a directory of that name beside the scenario wins over the shipped set
    import shutil

    shutil.copytree(sets["cryhavoc-base-reconstructed"], tmp_path / "cryhavoc-base-reconstructed")
    sc = parse_scenario(
        SCENARIO.replace("games = 4", 'games = 4\ncontent = "cryhavoc-base-reconstructed"'),
        str(tmp_path / "s.toml"),
    )
    assert sc.content_dir == str((tmp_path / "cryhavoc-base-reconstructed").resolve())


def test_the_shipped_calibrated_set_differs_only_where_the_calibration_may_set() -> None:
    """cryhavoc-base-calibrated (written by `tune calibration`) changes only numbers that
    targets/calibration.toml lets the search set, each to one of its allowed values, and
    every item it changed names the search."""
    from cryhavoc_sim.games.cryhavoc.content.loader import shipped_sets
    from cryhavoc_sim.tuning.targets import load_targets

    sets = shipped_sets()
    calibrated = content_values(str(sets["cryhavoc-base-calibrated"]))
    shipped = content_values(str(sets["cryhavoc-base-reconstructed"]))
    assert calibrated.keys() == shipped.keys()
    import re

    changed = {k for k in shipped if calibrated[k] != shipped[k]}
    changed = {
        k for k in changed if re.sub(r"\[\d+\]", "", k) == k or re.sub(r"\[\d+\]", "", k) not in changed
    }
    assert changed
    from cryhavoc_sim.games.content_kit.patterns import matching

    allowed = load_targets("calibration").parameters
    table = dict.fromkeys(shipped)
    for address in changed:
        owners = [p for p in allowed if address in matching(table, p.path)]  # type: ignore[arg-type]
        assert owners, address
        assert calibrated[address] in owners[0].values
    c = load_content(sets["cryhavoc-base-calibrated"])
    assert c.name == "cryhavoc-base-calibrated" and c.reconstructed
    assert c.provenance_counts()["calibrated"] > 0
    assert all(
        "cryhavoc-sim tune calibration" in s.provenance.rationale
        for s in c.structures.values()
        if s.provenance.source == "calibrated"
    )


def test_the_strong_players_set_moves_only_the_calibrated_numbers() -> None:
    """``cryhavoc-strong-players`` is the default with the nine numbers its calibration
    moved (docs/trust.md) and nothing else played differently: every other value equal."""
    from cryhavoc_sim.games import get_game

    game = get_game("cryhavoc")
    base = game.content_values(None)
    strong = game.content_values(game.shipped_content("cryhavoc-strong-players"))
    words = (".text", ".rationale", ".provenance")
    moved = {k for k in set(base) | set(strong) if base.get(k) != strong.get(k) and not k.endswith(words)}
    allowed = (
        "default_skill.humans",
        "default_skill.machines",
        "skills.humans.scouting.default",
        "skills.humans.frontier_survey.default",
        "skills.machines.reconfigure.default",
        "skills.machines.relocation.default",
        "skills.humans.veteran_forces.effect",
        "skills.pilgrims.crystal_offering.effect",
        "skills.pilgrims.extraction.effect",
        "structures.humans.",
        "structures.machines.",
        "structures.pilgrims.harvester.effect",
        "tokens.nest.",
    )
    assert moved and all(k.startswith(allowed) for k in moved), sorted(moved)
    assert strong["default_skill.humans"] == "humans.frontier_survey"
    assert {strong[f"tokens.nest.{i}.trogs"] for i in range(1, 13)} == {2}
    assert all(
        strong[f"structures.humans.{s}.activate_cost"] == 2 for s in ("airfield", "artillery", "watchtower")
    )
    assert {k for k in moved if k.startswith("structures.humans.")} == {
        f"structures.humans.{s}.activate_cost" for s in ("airfield", "artillery", "watchtower")
    }
