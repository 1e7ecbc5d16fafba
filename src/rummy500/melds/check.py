"""Whether cards make a new meld, or can be laid off on a table meld, and why not: the checks
that the legality of a meld or a lay-off asks, each returning the sentence that names the rule
broken. The fast search for every meld and lay-off a hand allows is in
:mod:`rummy500.melds.search`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500.core.cards import face_of
from rummy500.melds.shape import _JOKER, RunShape, meld_limits, run_shape
from rummy500.melds.table import TableMeld, placements
from rummy500.rules.choices import Aces
from rummy500.rules.config import RuleConfig

__all__ = [
    "layoff_cards_problem",
    "meld_cards_problem",
]


def meld_cards_problem(cards: Sequence[int], config: RuleConfig) -> str | None:
    """Why ``cards`` (in canonical order) are not a valid new meld, or ``None`` if they are."""
    n = len(cards)
    limits = meld_limits(config)
    if n < limits.smallest:
        return f"a meld needs at least {limits.smallest} cards, not {n}"
    problem = _joker_problem(cards, config, 0, new_meld=True)
    if problem is not None:
        return problem
    if cards[0] == _JOKER:
        return (
            None
            if n <= limits.set_most
            else f"a set holds at most {limits.set_most} cards, not {n}"
        )
    faces = [face_of(c) for c in cards]
    if len({f % 13 for f in faces}) == 1:
        if n > limits.set_most:
            return f"a set holds at most {limits.set_most} cards, not {n}"
        if len({f // 13 for f in faces}) != n:
            return "the cards of a set must all be of different suits (even with two decks)"
        return None
    if len({f // 13 for f in faces}) != 1:
        return "a run must be all one suit, and a set all one rank"
    if len({f % 13 for f in faces}) != n:
        return "a run cannot hold the same rank twice"
    if not RunShape.in_sequence(faces):
        return "the cards of a run must be consecutive"
    low = faces[0] % 13 + 1
    if run_shape(config).ok(low, low + n - 1):
        return None
    if config.aces is Aces.HIGH_ONLY:
        if low == 1:
            return "an ace is only high in a run under these rules (Q-K-A, not A-2-3)"
        return "a run cannot go round the corner (K-A-2): an ace is only high under these rules"
    return "a run cannot go round the corner (K-A-2): the ace is low or high, not both"


def _joker_problem(
    cards: Sequence[int], config: RuleConfig, already: int, *, new_meld: bool
) -> str | None:
    plain = sum(1 for c in cards if c == _JOKER)
    wild = sum(1 for c in cards if c > _JOKER)
    if not plain and not wild:
        return None
    if not config.jokers_per_deck:
        return "this game is played without jokers"
    if plain:
        if config.jokers_wild:
            return "a wild joker must say which card it stands for, as in JK=6S"
        # A lay-off reaches here only for a meld that is not a set of jokers.
        if plain != len(cards) or not new_meld:
            return "jokers that are not wild make sets of jokers only"
        return None
    limits = meld_limits(config)
    if not limits.wild:
        return "jokers are not wild under these rules: they make sets of jokers only"
    if limits.joker_room(wild, already) < wild:
        limit = limits.jokers_most
        return f"a meld may hold at most {limit} joker{'s' if limit > 1 else ''}"
    # Only a new meld can be all jokers: a lay-off joins cards already on the table.
    if new_meld and wild == len(cards) and not limits.jokers_alone:
        return "a meld cannot be made of jokers only"
    return None


def layoff_cards_problem(
    meld: TableMeld, cards: Sequence[int], config: RuleConfig, *, high: bool
) -> str | None:
    """Why ``cards`` cannot be laid off on ``meld`` together, or ``None`` if they can.

    ``high`` asks for the top end of a run when the cards could go at either end.
    """
    if not cards:
        return "a lay-off needs at least one card"
    set_most = meld_limits(config).set_most
    if meld.is_joker_set:
        if any(c != _JOKER for c in cards):
            return "only jokers can be laid off on a set of jokers"
        if len(meld.cards) + len(cards) > set_most:
            return f"a set holds at most {set_most} cards"
        return "'high' applies only to a run" if high else None
    problem = _joker_problem(cards, config, meld.jokers, new_meld=False)
    if problem is not None:
        return problem
    faces = [face_of(c) for c in cards]
    if not meld.is_run:
        if high:
            return "'high' applies only to a run"
        if any(f % 13 + 1 != meld.low for f in faces):
            return "every card laid off on a set must be of the set's rank"
        if len(meld.cards) + len(cards) > set_most:
            return f"a set holds at most {set_most} cards"
        suits = meld.suits
        for f in faces:
            bit = 1 << (f // 13)
            if suits & bit:
                return "a set cannot hold two cards of the same suit"
            suits |= bit
        return None
    if any(f // 13 != meld.suit for f in faces):
        return "every card laid off on a run must be of the run's suit"
    options = placements(meld, cards, config)
    if not options:
        return "the cards must extend the run at its ends, with no gap and within its limits"
    if high and len(options) == 1:
        return "'high' is only for cards that could go at either end of the run"
    return None
