"""Playouts, what the search bots value a move by: the default playout policy
(:func:`playout_move`), a world played on to the end of its hand (:func:`playout`) and the value
of the hand to each player (:func:`hand_value`, in units of :data:`SCALE`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, cast

from rummy500 import (
    Call,
    Card,
    ConfigError,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    Phase,
    State,
    StateError,
    Take,
)
from rummy500.core.errors import describe_value
from rummy500.toolkit import JOKER

_DRAW: Final = Draw()
_PASS: Final = Pass()
#: Phases read once (an enum member read from its class costs more than the test itself).
_PLAY: Final = Phase.PLAY
_CALL: Final = Phase.CALL
_HAND_OVER: Final = Phase.HAND_OVER

#: The points of a hand's score difference that make one unit of playout value.
SCALE: Final = 100.0

#: A playout policy: a move for the player to move in a state (a world's full state).
Policy = Callable[[State, random.Random], Move]


def _spare(hand: tuple[Card, ...]) -> set[Card]:
    """The cards of ``hand`` that make no pair, and no two cards of a suit at most two ranks
    apart, with another card of it (aces low only: a cheap stand-in for the rules' run
    shapes). Jokers are never spare."""
    # Card ids: suit * 13 + rank - 1 for the standard cards, JOKER and above for jokers. A
    # card's other copy (two decks) is the same card, which makes it no less spare: masks of
    # the suits holding each rank and of the ranks each suit holds say all that counts.
    suits_of = [0] * 13
    ranks_in = [0, 0, 0, 0]
    naturals = []
    for card in hand:
        if card < JOKER:
            suit, rank = divmod(int(card), 13)
            suits_of[rank] |= 1 << suit
            ranks_in[suit] |= 1 << rank
            naturals.append((card, suit, rank))
    return {
        card
        for card, suit, rank in naturals
        if suits_of[rank] == 1 << suit and not ranks_in[suit] & _NEAR_RANKS[rank]
    }


#: By rank (0 the ace, aces low only), a mask of the other ranks at most two apart.
_NEAR_RANKS: Final = tuple(
    sum(1 << other for other in range(13) if other != rank and abs(other - rank) <= 2)
    for rank in range(13)
)


def _check_playout(function: str, state: object, rng: object) -> None:
    """Refuse a state and a random number generator that a playout cannot play with."""
    if not isinstance(state, State):
        raise StateError(f"{function} plays from a State, not {describe_value(state)}")
    if not isinstance(rng, random.Random):
        raise ConfigError(f"{function}'s rng must be a random.Random, not {describe_value(rng)}")


def playout_move(state: State, rng: random.Random) -> Move:
    """The default playout policy's move in ``state``, for whoever is to move.

    It plays on a world's full state: put down the meld or lay-off with the most cards; call
    rummy whenever allowed; take at most two cards from the pile when the deepest of them can go
    down this turn, otherwise draw; discard the
    highest-value card that makes no pair and no short run with another card, at random among
    equals. It is cheap, and close enough to how people play for playouts to tell good moves
    from bad. A ``state`` that is not a :class:`~rummy500.State` raises
    :class:`~rummy500.StateError`, an ``rng`` that is not a :class:`random.Random`
    :class:`~rummy500.ConfigError`.
    """
    _check_playout("playout_move", state, rng)
    return _playout_move(state, rng)


def _playout_move(state: State, rng: random.Random) -> Move:
    """:func:`playout_move` without its checks: what :func:`playout` plays at every step."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if state.phase == _PLAY:
        best: Move | None = None
        most = 0
        discards: list[Discard] = []
        for move in moves:
            if type(move) is Discard:
                discards.append(move)
            elif type(move) is Meld or type(move) is Layoff:
                assert isinstance(move, Meld | Layoff)
                if len(move.cards) > most:
                    best, most = move, len(move.cards)
        if best is not None:
            return best
        if not discards:
            return rng.choice(moves)
        hand = state.hands[state.current_player]
        by_card = state.config.card_values.by_card
        loose = _spare(hand)
        spare = [d for d in discards if d.card in loose] or discards
        top = max(by_card[d.card] for d in spare)
        return rng.choice([d for d in spare if by_card[d.card] == top])
    if state.phase == _CALL:
        calls = [m for m in moves if type(m) is Call]
        return rng.choice(calls) if calls else _PASS
    takes = [m for m in moves if type(m) is Take and len(m.taken) <= 2]
    rng.shuffle(takes)
    for take in takes:
        if _puts_down(state, take):
            return take
    if _DRAW in moves:
        return _DRAW
    for move in moves:
        if type(move) is Decline:
            return move
    return rng.choice(moves)


def _puts_down(state: State, take: Move) -> bool:
    """Whether ``take`` lets the player put its deepest card down this turn."""
    after = state.apply(take)
    if after.owed is not None:
        return True  # an owed card must go down, so the take was legal only if it can
    # A top card kept in hand (keep_top_discard) need not go down: taking it back again and
    # again would stall the hand.
    kept = after.kept
    return any(
        kept in move.cards
        for move in after.legal_moves()
        if type(move) is Meld or type(move) is Layoff
    )


def playout(state: State, rng: random.Random, policy: Policy = playout_move) -> State:
    """Play ``state`` on to the end of its hand with ``policy`` for every player.

    Raises :class:`~rummy500.StateError` for a ``state`` that is not a
    :class:`~rummy500.State`, and :class:`~rummy500.ConfigError` for an ``rng`` that is not a
    :class:`random.Random` or a ``policy`` that cannot be called.
    """
    _check_playout("playout", state, rng)
    policy = check_policy("playout", policy)
    if policy is playout_move:
        # Checked once here, not at every step.
        policy = _playout_move
    while state.phase < _HAND_OVER:
        state = state.apply(policy(state, rng))
    return state


def hand_value(state: State) -> tuple[float, ...]:
    """Each player's value of the hand just ended in ``state``: their side's score of the hand
    less the mean of the other sides' scores, over :data:`~rummy500.bots.SCALE`."""
    if not isinstance(state, State) or not state.history:
        raise StateError(
            f"hand_value scores a State whose hand is over, not {describe_value(state)}"
            + (" with no hand played" if isinstance(state, State) else "")
        )
    scores = state.history[-1]
    sides = len(scores)
    total = sum(scores)
    config = state.config
    players = state.players
    per_side = [(s - (total - s) / (sides - 1)) / SCALE for s in scores]
    return tuple(per_side[config.side_of(p, players)] for p in range(players))


def check_policy(owner: str, policy: object) -> Policy:
    """``policy``, which must be a function (a playout policy)."""
    if not callable(policy):
        raise ConfigError(
            f"{owner} policy must be a function of a state and a random.Random that returns a "
            f"move, not {describe_value(policy)}"
        )
    return cast(Policy, policy)
