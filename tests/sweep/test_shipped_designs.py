"""Every shipped design is a valid design of the shipped content."""

from __future__ import annotations

import pytest

from cryhavoc_sim.sweeps.design import load_design, shipped_designs


@pytest.mark.parametrize("name", shipped_designs())
def test_a_shipped_design_loads(name: str) -> None:
    d = load_design(name)
    assert d.name == name and len(d.cells) >= 2 and d.total_games <= 2_000_000


def test_the_worked_example_is_27_cells_the_shipped_one_among_them() -> None:
    """Each factor's first value is the shipped one, so the grid's (1, 16, 1) point is
    cell 0: played once, read at those values (it was a 28th cell playing cell 0's games)."""
    d = load_design("four_player_numbers")
    assert len(d.cells) == 27 and d.games == 2000 and d.base.name == "four_player"
    assert d.cell_levels(0) == {
        "tokens.war_party.*.trogs": 1,
        "factions.trogs.units": 16,
        "structures.humans.*.build_cost": 1,
    }
    assert load_design("four_player_numbers", games=50).total_games == 27 * 50


def test_the_screening_design_covers_every_declared_number() -> None:
    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.sweeps.design import MORRIS_LEVELS

    d = load_design("four_player_screening")
    # a choice among more items than Morris visits levels (the Humans' Default Skill) is
    # no scale: it is screened one at a time, not here
    screened = {
        p.path for p in load_content().plausible if not (p.choices and len(p.choices) > MORRIS_LEVELS)
    }
    assert "default_skill.humans" not in screened
    assert {f.path for f in d.factors} == screened
