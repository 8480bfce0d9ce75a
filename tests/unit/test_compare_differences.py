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
        "rule knobs (war_party_trogs_delta: A 0 (default), B 1)",
        "content (factions.trogs.units: A as in the files, B 15;"
        " tokens.war_party.*.trogs: A as in the files, B 2)",
    ]
    assert incomparable(run_differences(a, b)) == []


def test_a_per_faction_knob_shows_both_values() -> None:
    """ "Give the Humans one fewer starting Unit" reads with the value it replaces."""
    a = manifest({}, {}, "base@1+aaa", "aaa")
    b = manifest({"start_units": {"humans": 3}}, {}, "base@1+aaa", "aaa")
    assert run_differences(a, b) == ['rule knobs (start_units: A 4 (default), B {"humans": 3})']


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


def test_check_names_what_changed_from_the_baseline_with_both_values() -> None:
    from cryhavoc_sim.runner.verdict import changes_from_baseline

    stored = {
        "game": "cryhavoc",
        "content_id": "base@1+aaa",
        "content_hash": "aaa",
        "rules_version": "r",
        "changes": {"rules": {}},
    }
    run = manifest({"start_units": {"humans": 3}}, {"factions.humans.units": 11}, "base@1+bbb", "bbb")
    assert changes_from_baseline(stored, run) == [
        'rule knobs (start_units: A 4 (default), B {"humans": 3})',
        "content (factions.humans.units: A as in the files, B 11)",
    ]
    assert changes_from_baseline(stored, manifest({}, {}, "base@1+aaa", "aaa")) == []
    assert changes_from_baseline({k: v for k, v in stored.items() if k != "changes"}, run) == []


def test_no_difference_says_what_an_interval_excluding_zero_means() -> None:
    """'No faction differs' beside a table interval that excludes 0 is explained: the
    table's intervals are uncorrected, the verdict's test is."""
    from cryhavoc_sim.analysis.compare import changed_words

    rows = [
        {"faction": "humans", "diff": 0.027, "diff_low": 0.002, "diff_high": 0.052, "p_adjusted": 0.053},
        {"faction": "machines", "diff": -0.01, "diff_low": -0.03, "diff_high": 0.01, "p_adjusted": 0.5},
    ]
    words = changed_words(rows)
    assert words.startswith("No faction's win rate differs beyond chance")
    assert "not corrected for comparing 2: humans excludes no change on its own" in words
    rows[0]["diff_low"] = -0.001
    assert "not corrected" not in changed_words(rows)


def test_a_value_one_run_leaves_alone_is_read_from_its_shipped_files() -> None:
    """Both values of everything changed: where one run does not override a path, its
    value is what that run's shipped content set holds there (the Trogs' 16 figures, the
    1 Trog of every War Party token); a set the tool does not ship stays "as in the files"."""
    shipped = "cryhavoc-base-calibrated@2"
    a = manifest({}, {}, f"{shipped}+aaa", "aaa")
    b = manifest({}, {"tokens.war_party.*.trogs": 2, "factions.trogs.units": 15}, f"{shipped}+bbb", "bbb")
    assert run_differences(a, b) == [
        "content (factions.trogs.units: A 16 (as in the files), B 15;"
        " tokens.war_party.*.trogs: A 1 (as in the files), B 2)"
    ]
    assert run_differences(b, a) == [
        "content (factions.trogs.units: A 15, B 16 (as in the files);"
        " tokens.war_party.*.trogs: A 2, B 1 (as in the files))"
    ]
