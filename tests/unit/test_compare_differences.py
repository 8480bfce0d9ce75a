"""`compare` names the content values and rule knobs in which two runs differ (issue 31):
it used to say only "content" and dump both knob tables whole."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.analysis.compare import incomparable, run_differences


def manifest(
    rules: dict[str, Any], overrides: dict[str, Any], content_id: str, digest: str
) -> dict[str, Any]:
    config: dict[str, Any] = {"players": 4, "bots": {"humans": "heuristic"}, "rules": rules}
    if overrides:
        config["overrides"] = overrides
    return {
        "game": "cryhavoc",
        "scenario": "four_player",
        "config": config,
        "content_id": content_id,
        "content_hash": digest,
        "rules_version": "r",
        "bots_version": "b",
    }


def test_content_values_and_knobs_are_named_one_by_one() -> None:
    a = manifest({"trog_start_units_4p": 2}, {}, "base@1+aaa", "aaa")
    b = manifest(
        {"trog_start_units_4p": 2, "war_party_trogs_delta": 1},
        {"tokens.war_party.*.trogs": 2, "factions.trogs.units": 15},
        "base@1+bbb",
        "bbb",
    )
    assert run_differences(a, b) == [
        "rule knobs (war_party_trogs_delta: A default, B 1)",
        "content (factions.trogs.units: A as in the files, B 15;"
        " tokens.war_party.*.trogs: A as in the files, B 2)",
    ]
    assert incomparable(run_differences(a, b)) == []


def test_another_content_set_or_edited_files_are_said_so() -> None:
    a = manifest({}, {}, "base@1+aaa", "aaa")
    assert run_differences(a, manifest({}, {}, "base-printed@2+ccc", "ccc")) == [
        "content (set: A base@1, B base-printed@2)"
    ]
    assert run_differences(a, manifest({}, {}, "base@1+ddd", "ddd")) == [
        "content (the files themselves differ: same set, same overrides)"
    ]
    assert run_differences(a, a) == []


def test_the_table_names_the_two_runs() -> None:
    from cryhavoc_sim.analysis.compare import compare_rates, markdown

    rows = compare_rates(
        [{"faction": "humans", "wins": 50, "games": 100}],
        [{"faction": "humans", "wins": 60, "games": 100}],
        ("faction",),
    )
    head = markdown(rows, ("faction",), "Check", ("baseline", "run")).splitlines()[2]
    assert head.startswith("| faction | baseline | run | run - baseline | 95% interval |")
    assert "| A | B | B - A |" in markdown(rows, ("faction",), "Compare")
