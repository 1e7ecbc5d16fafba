"""Scoring: card points, a hand's score for each player, and who wins the game.

Every player scores every hand: the cards they put on the table (melded or laid off, on
anyone's meld) count for them, and the cards still in their hand count against them. A hand
can score below zero, and so can a running total.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500.melds import TableMeld
from rummy500.rules import CardValues, RuleConfig

__all__ = ["hand_points", "hand_scores", "table_points", "winner"]


def table_points(values: CardValues, table: Sequence[TableMeld], players: int) -> list[int]:
    """The points each player has on the table (every card scores for whoever put it there)."""
    totals = [0] * players
    for meld in table:
        for owner, pts in zip(meld.owners, meld.card_points(values), strict=True):
            totals[owner] += pts
    return totals


def hand_points(values: CardValues, hand: Sequence[int]) -> int:
    """What the cards left in a hand count against their holder (every ace counts high)."""
    return sum(values.points(c) for c in hand)


def hand_scores(
    config: RuleConfig, hands: Sequence[Sequence[int]], table: Sequence[TableMeld]
) -> tuple[int, ...]:
    """Each player's score for a finished hand: table points minus hand points."""
    values = config.card_values
    on_table = table_points(values, table, len(hands))
    return tuple(t - hand_points(values, h) for t, h in zip(on_table, hands, strict=True))


def winner(config: RuleConfig, totals: Sequence[int]) -> int | None:
    """The winner given the running totals after a hand, or ``None`` if the game goes on.

    The game ends when a total reaches the target; the highest total wins, and a tie at the
    top means more hands are played.
    """
    best = max(totals)
    if best < config.target or list(totals).count(best) > 1:
        return None
    return list(totals).index(best)
