"""The deckbuild command: WarCry's deck builder (games/warcry/deckbuilder.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from cryhavoc_sim.cli.common import _fail, app
from cryhavoc_sim.errors import UserError


@app.command()
def deckbuild(
    deck: Annotated[str, typer.Argument(help="The WarCry army deck the search starts from.")],
    field: Annotated[
        str | None,
        typer.Option(
            "--field", help="Comma-separated army decks to beat (default: every other shipped deck)."
        ),
    ] = None,
    action: Annotated[str, typer.Option("--action", help="The action deck both players use.")] = "Base",
    deals: Annotated[int, typer.Option("--deals", min=1, max=1000, help="Search deals per opponent.")] = 6,
    confirm: Annotated[
        int, typer.Option("--confirm", min=1, max=10000, help="Fresh deals per opponent to confirm on.")
    ] = 24,
    rounds: Annotated[int, typer.Option("-r", "--rounds", min=0, max=1000, help="Rounds of the search.")] = 3,
    swaps: Annotated[
        int,
        typer.Option("--swaps", min=1, max=1000, help="Card swaps tried a round (one copy for one copy)."),
    ] = 8,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Study seed: every deal derives from it.")] = 1,
) -> None:
    """Find the WarCry army deck that does best against a field of decks, within the card
    pool and the construction rules; confirm it on fresh deals; report the cards it added
    and dropped and the meta's health.

    Example: cryhavoc-sim deckbuild Empire --field Chaos,Orc --deals 4 --confirm 12"""
    from cryhavoc_sim.games.warcry.content import load_content
    from cryhavoc_sim.games.warcry.deckbuilder import Study, build, describe

    try:
        content = load_content()
        names = [n.strip() for n in field.split(",")] if field is not None else None
        chosen = tuple(n for n in sorted(content.armies) if n != deck) if names is None else tuple(names)
        study = Study(deck, chosen, action, deals, confirm, rounds, swaps, seed)
        found = build(content, study)
    except UserError as exc:
        raise _fail(str(exc)) from None
    typer.echo("\n".join(describe(content, study, found)))
