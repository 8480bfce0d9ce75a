"""The proof game: a tiny hidden-information game registered only in the tests, written
as docs/adding_a_game.md says, that runs through the whole tool."""
