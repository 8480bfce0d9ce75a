"""WarCry's deck builder, a study beyond any anchor: within the card pool and the
construction rules (Deck Construction: at least 30 cards, at most 3 copies of a card, one
alignment plus Neutral), the army deck that does best against a field of decks.

The search starts from a named army deck and swaps one copy of a card for one copy of
another from the pool (Units and Attachments of the deck's alignment or Neutral), a
sample of such swaps each round, keeping a swap that raises the win rate against the
field. Every candidate plays the same deals (common random numbers: deal ``k`` against
opponent ``o`` has the same seed for every candidate, played from both seats), so the
comparison is of decks, not of luck; the deck found and the deck it started from are then
confirmed on fresh deals. The meta's health is read from the matrix of the field and the
deck found on those fresh deals: each deck's losing matchups, and the share of triples of
decks that beat each other in a cycle.

Single process, every seed derived from the study's seed: the same seed finds the same
deck. The deck lists are reconstructed and many cards' abilities too (the content
listing counts them): the result is a property of this content and these bots.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations

from cryhavoc_sim.analysis.deals import Estimate, estimate
from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.harness.play import play_game
from cryhavoc_sim.games.harness.seeds import Seeds
from cryhavoc_sim.games.warcry.content import ARMY_TYPES, Content, Deck, check_pair, validate
from cryhavoc_sim.games.warcry.rules import RULES, Setup
from cryhavoc_sim.rng import game_seed, stream

BUILT = "(built)"  # the candidate deck's name in the card table
CONFIRM_OFFSET = 1_000_000  # the fresh deals' game indices start here


@dataclass(frozen=True, slots=True)
class Study:
    """What to search: the deck to start from, the field, the action deck both players
    use, deals per opponent (search and confirmation), rounds and swaps a round, the seed
    and the bot in both seats."""

    start: str
    field: tuple[str, ...]
    action: str = "Base"
    deals: int = 6
    confirm: int = 24
    rounds: int = 3
    swaps: int = 8
    seed: int = 1
    bot: str = "heuristic"


@dataclass(slots=True)
class Found:
    """What the search found and how it held up on fresh deals."""

    start: Deck
    best: Deck
    search_start: float  # win rate against the field on the search's deals
    search_best: float
    candidates: int
    confirm_start: list[tuple[int, int]]  # (wins, games) of each fresh deal (both seats)
    confirm_best: list[tuple[int, int]]
    matrix: dict[tuple[str, str], float] = field(default_factory=dict)  # row deck's win rate

    def changes(self) -> tuple[dict[str, int], dict[str, int]]:
        """The cards added and dropped (card id -> copies)."""
        a, b = Counter(self.best.cards), Counter(self.start.cards)
        return dict(sorted((a - b).items())), dict(sorted((b - a).items()))

    def losing(self) -> dict[str, list[str]]:
        """Each deck's losing matchups on the fresh deals (below 50%)."""
        decks = sorted({a for a, _ in self.matrix})
        return {d: [o for o in decks if o != d and self.matrix[(d, o)] < 0.5] for d in decks}

    def cyclic_share(self) -> float:
        """The share of triples of decks whose wins form a cycle (A beats B beats C beats A)."""
        decks = sorted({a for a, _ in self.matrix})
        triples = list(combinations(decks, 3))
        if not triples:
            return 0.0

        def beats(x: str, y: str) -> bool:
            return self.matrix[(x, y)] > 0.5

        cyclic = sum(
            1
            for a, b, c in triples
            if (beats(a, b) and beats(b, c) and beats(c, a)) or (beats(b, a) and beats(c, b) and beats(a, c))
        )
        return cyclic / len(triples)


def check_study(content: Content, study: Study) -> None:
    """Refuse a study the content cannot play, in one sentence."""
    names = ", ".join(sorted(content.armies))
    for d in (study.start, *study.field):
        if d not in content.armies:
            raise ContentError(f"deck {d!r} unknown; allowed: {names}.")
    if not study.field:
        raise ContentError("the field names no deck; allowed: one or more army decks.")
    if study.action not in content.actions:
        raise ContentError(
            f"action deck {study.action!r} unknown; allowed: {', '.join(sorted(content.actions))}."
        )
    for d in (study.start, *study.field):
        problem = check_pair(content.armies[d], content.actions[study.action])
        if problem:
            raise ContentError(f"{problem}.")


def pool(content: Content, deck: Deck) -> list[str]:
    """The cards ``deck`` may take: Units and Attachments of its alignment or Neutral."""
    sides = {deck.alignment, "Neutral"}
    return sorted(c.id for c in content.cards.values() if c.type in ARMY_TYPES and c.faction in sides)


def _games(
    content: Content, deck: Deck, opponents: Sequence[str], study: Study, deals: int, base: int
) -> list[tuple[int, int]]:
    """Wins and games of ``deck`` in each deal against each opponent, played from both
    seats (deal k against opponent j: game index base + k * len(opponents) + j): a deal's
    two games share its draws, so a deal is one sample of an interval, not two."""
    table = replace(content, armies={**content.armies, BUILT: deck})
    bots = {"one": study.bot, "two": study.bot}
    out = []
    for k in range(deals):
        for j, o in enumerate(opponents):
            seeds = Seeds(game_seed(study.seed, base + k * len(opponents) + j))
            wins = games = 0
            for seat, armies in ((0, (BUILT, o)), (1, (o, BUILT))):
                state = play_game(
                    RULES, table, Setup(armies, (study.action, study.action)), seeds, bots, False
                )
                games += 1
                wins += state.winner == seat
            out.append((wins, games))
    return out


def _rate(deals: list[tuple[int, int]]) -> float:
    games = sum(g for _, g in deals)
    return sum(w for w, _ in deals) / games if games else 0.0


def confirmed(deals: list[tuple[int, int]]) -> Estimate:
    """The win rate on the fresh deals with its 95% interval counted by deals."""
    return estimate([w for w, _ in deals], [g for _, g in deals])


def _swap(content: Content, deck: Deck, cards: list[str], rng_pick: int, add_pick: int) -> Deck | None:
    """``deck`` with one copy of its ``rng_pick``-th distinct card swapped for one of
    ``cards[add_pick]``; None when the rules refuse it."""
    held = sorted(set(deck.cards))
    out, add = held[rng_pick % len(held)], cards[add_pick % len(cards)]
    if out == add:
        return None
    listed = list(deck.cards)
    listed.remove(out)
    listed.append(add)
    candidate = Deck(deck.name, deck.alignment, tuple(sorted(listed)), deck.provenance)
    try:
        validate(candidate, content.cards, "the deck builder's candidate", ARMY_TYPES)
    except ContentError:
        return None
    return candidate


def build(content: Content, study: Study) -> Found:
    """The search (see the module docstring), then its confirmation on fresh deals."""
    check_study(content, study)
    start = content.armies[study.start]
    cards = pool(content, start)
    rng = stream(study.seed, "warcry-deckbuilder")
    best, best_rate = start, _rate(_games(content, start, study.field, study, study.deals, 0))
    first, tried = best_rate, 0
    for _ in range(study.rounds):
        for _ in range(study.swaps):
            candidate = _swap(content, best, cards, rng.randrange(1 << 30), rng.randrange(1 << 30))
            if candidate is None:
                continue
            tried += 1
            rate = _rate(_games(content, candidate, study.field, study, study.deals, 0))
            if rate > best_rate:
                best, best_rate = candidate, rate
    found = Found(
        start,
        best,
        first,
        best_rate,
        tried,
        _games(content, start, study.field, study, study.confirm, CONFIRM_OFFSET),
        _games(content, best, study.field, study, study.confirm, CONFIRM_OFFSET),
    )
    # the meta: the field and the deck found, each against each on the fresh deals
    decks: dict[str, Deck] = {d: content.armies[d] for d in study.field}
    decks[f"{study.start} {BUILT}"] = best
    table = replace(content, armies={**content.armies, **decks})
    for a, b in combinations(sorted(decks), 2):  # both seats on the same deals: b's rate is 1 - a's
        rate = _rate(_games(table, decks[a], [b], study, study.confirm, CONFIRM_OFFSET))
        found.matrix[(a, b)], found.matrix[(b, a)] = rate, 1.0 - rate
    return found


def describe(content: Content, study: Study, found: Found) -> list[str]:
    """The study's result as lines of text (cards by name)."""
    names: Mapping[str, str] = {c.id: c.name for c in content.cards.values()}
    added, dropped = found.changes()
    cs, cb = confirmed(found.confirm_start), confirmed(found.confirm_best)
    invented = sum(1 for c in found.best.cards if content.cards[c].ability_provenance)
    lines = [
        f"Deck builder: {study.start} against {', '.join(study.field)} ({study.action} action deck,"
        f" {study.bot} in both seats, seed {study.seed}); RECONSTRUCTED deck lists and abilities.",
        f"Search: {found.candidates} candidate decks, each on the same {study.deals} deals per opponent"
        f" from both seats: {found.search_start:.1%} -> {found.search_best:.1%} against the field.",
        "Added: " + (", ".join(f"{names[c]} x{n}" for c, n in added.items()) or "nothing"),
        "Dropped: " + (", ".join(f"{names[c]} x{n}" for c, n in dropped.items()) or "nothing"),
        f"Confirmed on {study.confirm} fresh deals per opponent: the start deck {cs.rate:.1%}"
        f" ({cs.low:.1%}-{cs.high:.1%}), the deck found {cb.rate:.1%} ({cb.low:.1%}-{cb.high:.1%})"
        f" of {cb.games} games in {cb.deals} deals (95% intervals by deals).",
        f"The deck found holds {invented} of {len(found.best.cards)} cards whose abilities are reconstructed.",
        "The meta (fresh deals): each deck's losing matchups",
    ]
    for d, lost in found.losing().items():
        lines.append(f"  {d}: {', '.join(lost) if lost else 'none'}")
    lines.append(f"Triples of decks beating each other in a cycle: {found.cyclic_share():.0%}.")
    return lines


def study_lines(
    deck: str,
    field: Sequence[str] | None,
    action: str,
    deals: int,
    confirm: int,
    rounds: int,
    swaps: int,
    seed: int,
) -> list[str]:
    """The deckbuild command's study on the shipped content, as lines of text; ``field``
    None: every other shipped army deck."""
    from cryhavoc_sim.games.warcry.content import load_content

    content = load_content()
    chosen = tuple(n for n in sorted(content.armies) if n != deck) if field is None else tuple(field)
    study = Study(deck, chosen, action, deals, confirm, rounds, swaps, seed)
    return describe(content, study, build(content, study))
