"""Positions for the tests of the early ends of a game (``State.abandon``, ``State.cancel``):
one in a hand, one between hands, and two games over (won, drawn)."""

from __future__ import annotations

import attrs

from rummy500 import Phase, RuleConfig, State, new_game

__all__ = ["drawn", "hand_over", "in_hand", "played_out"]


def in_hand() -> State:
    """Player 0 in the play phase of the first hand (the first legal move five times)."""
    state = new_game(players=3, seed=1)
    for _ in range(5):
        state = state.apply(state.legal_moves()[0])
    return state


def hand_over() -> State:
    """The first hand of a game just scored (the first legal move each time): nobody out."""
    state = new_game(players=3, seed=1)
    while state.phase != Phase.HAND_OVER:
        state = state.apply(state.legal_moves()[0])
    return state


def played_out() -> State:
    """A two-player game of one hand, played out: player 0 wins."""
    config = attrs.evolve(RuleConfig(), target=None, hands_per_game=1)
    state = new_game(config, players=2, seed=3)
    while not state.is_terminal():
        state = state.apply(state.legal_moves()[0])
    return state


def drawn() -> State:
    """A game of at most one hand, drawn: the totals tie at the top."""
    config = attrs.evolve(RuleConfig(), target=None, hands_per_game=1, hand_limit=1)
    return State.from_position(
        config, hands=["", "2H"], pile="8C", table=[("9C 10C JC", 0)], went_out=0, totals=[0, 31]
    )
