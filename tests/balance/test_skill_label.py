"""``ladder --skill`` measures each faction's reward for skill, not balance, and says so."""

from __future__ import annotations

from cryhavoc_sim.runner.ladder import SKILL_NOTE, render_skill


def test_the_skill_table_is_labelled_as_reward_for_skill() -> None:
    rows: list[dict[str, object]] = [
        {
            "rung": 0,
            "bot": "random",
            "faction": "humans",
            "games": 10,
            "win_rate": 0.3,
            "ci_low": 0.1,
            "ci_high": 0.6,
        },
        {
            "rung": 0,
            "bot": "random",
            "faction": "all",
            "games": 10,
            "win_rate": 0.3,
            "ci_low": 0.1,
            "ci_high": 0.6,
        },
    ]
    text = render_skill(rows)
    assert text.splitlines()[0] == SKILL_NOTE
    assert "reward for skill" in SKILL_NOTE and "no balance verdict" in SKILL_NOTE
    assert "cryhavoc-sim balance" in SKILL_NOTE
