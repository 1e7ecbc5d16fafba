"""Building positions for the rule-variant tests.

:func:`build` is :meth:`State.from_position` with cards written as text: it takes every field
a variant position needs (a card kept or owed, the call phase, the turn count, totals and the
hand number) and places every card the test does not mention, so the position always holds
exactly the cards of the decks the rules use, jokers included.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummy500 import Card, Move, Phase, RuleConfig, State, make_deck, parse_cards

__all__ = ["TableSpec", "build", "cards", "run"]

#: A table meld: its cards as text and one owner for all of them, or an owner per card.
TableSpec = tuple[str, int | Sequence[int]]


def cards(text: str) -> tuple[Card, ...]:
    """The cards written in ``text`` (ASCII or Unicode, separated by spaces)."""
    return parse_cards(text)


def _take_out(pool: Counter[Card], wanted: Sequence[Card]) -> None:
    for card in wanted:
        card = card.physical
        if pool[card] == 0:
            raise ValueError(f"{card} is used more often than the decks hold")
        pool[card] -= 1


def build(
    config: RuleConfig,
    hands: Sequence[str],
    *,
    pile: str = "",
    table: Sequence[TableSpec] = (),
    stock_top: str = "",
    leftover: str | int = "stock",
    current: int = 0,
    phase: Phase = Phase.DRAW,
    owed: str | None = None,
    owed_use: int = 0,
    kept: str | None = None,
    discarder: int | None = None,
    turn: int = 0,
    totals: Sequence[int] | None = None,
    history: Sequence[Sequence[int]] = (),
    hand_number: int | None = None,
    seed: int = 0,
) -> State:
    """A consistent position: every hand as given, the other cards where ``leftover`` says.

    ``stock_top`` lists the top cards of the stock, the very top last. Cards nobody mentions go
    under ``stock_top`` (``leftover="stock"``), under the pile (``"pile"``) or into one
    player's hand (a player number), lowest card id first, so a call always builds the same
    position.
    """
    players = len(hands)
    pool: Counter[Card] = Counter(make_deck(config.decks[players], config.jokers_per_deck))
    given = [cards(h) for h in hands]
    melds = [
        (cards(text), [owner] * len(cards(text)) if isinstance(owner, int) else list(owner))
        for text, owner in table
    ]
    pile_cards = cards(pile)
    top = cards(stock_top)
    for placed in (*given, *(m for m, _ in melds), pile_cards, top):
        _take_out(pool, placed)
    rest = tuple(sorted(pool.elements()))
    stock: tuple[Card, ...] = top
    if leftover == "stock":
        stock = (*rest, *top)
    elif leftover == "pile":
        pile_cards = (*rest, *pile_cards)
    else:
        player = int(leftover)
        given[player] = (*given[player], *rest)
    return State.from_position(
        config,
        hands=given,
        stock=stock,
        pile=pile_cards,
        table=melds,
        current=current,
        phase=phase,
        owed=None if owed is None else Card(owed),
        owed_use=owed_use,
        kept=None if kept is None else Card(kept),
        discarder=discarder,
        turn=turn,
        totals=totals,
        history=history,
        hand_number=hand_number,
        seed=seed,
    )


def run(state: State, *moves: str | Move) -> State:
    """The state after applying ``moves`` (text or :class:`Move`) one after another."""
    for move in moves:
        state = state.push(move)
    return state
