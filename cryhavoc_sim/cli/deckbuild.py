"""The deckbuild command: a game's deck builder, found through the game registry (WarCry's:
games/warcry/deckbuilder.py); the CLI imports no game module."""

from __future__ import annotations

from typing import Annotated

import typer

from cryhavoc_sim.cli.common import GameOption, _fail, _game, app
from cryhavoc_sim.errors import UserError


@app.command()
def deckbuild(
    deck: Annotated[str, typer.Argument(help="The army deck the search starts from.")],
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
    game: GameOption = "warcry",
) -> None:
    """Find the army deck that does best against a field of decks, within the card pool and
    the construction rules; confirm it on fresh deals; report the cards it added and
    dropped and the meta's health (WarCry).

    Example: cryhavoc-sim deckbuild Empire --field Chaos,Orc --deals 4 --confirm 12"""
    module = _game(game)
    builder = module.extra("deck_builder")
    if builder is None:
        raise _fail(f"--game {game}: it has no deck builder; allowed: warcry.")
    names = [n.strip() for n in field.split(",")] if field is not None else None
    try:
        lines = builder(deck, names, action, deals, confirm, rounds, swaps, seed)
    except UserError as exc:
        raise _fail(str(exc)) from None
    typer.echo("\n".join(lines))
