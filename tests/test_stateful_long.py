"""A stateful test of long hands: two decks, the pile turned over as a new stock whenever the
stock runs out (``empty_stock`` reuse_pile), 2 to 6 players, every turn a draw and a random
discard, so that the hand runs hundreds of turns and the pile is turned over again and again.

Each example deals such a hand and plays its first 100 to 700 turns, then interleaves steps:
more turns of draws and discards, a move chosen by ``ISMCTSBot`` (one or two iterations) from
the view of the player to move, every player's view checked, save and load, undo. After every
move: the move undoes to the state before it and every card lies exactly once somewhere
(:func:`strategies.check_invariants`). After every step, in a hand in play, one player's view
(each in turn) is checked, loaded from its JSON, and a world sampled from it is valid and shows
that player the same view (:func:`helpers_long_hands.check_reading`).

Two positions of real six-player hands whose views the engine once refused as too entangled
to read (found by ``scripts/soak.py --long-hands``) are checked below.
"""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from helpers_long_hands import (
    LONG_PLAYERS,
    check_reading,
    check_search,
    draw_or_discard,
    in_play,
    long_hand,
    start_long_hand,
)
from rummy500 import Draw, Move, State
from strategies import check_invariants, check_round_trips, check_views, deck_counter, seeds

#: The turns an example plays before its first step: the pile is turned over every 60 to 80
#: turns, so a few times already.
FIRST_TURNS = st.integers(min_value=100, max_value=700)


class LongHand(RuleBasedStateMachine):
    """One game of long two-deck reuse_pile hands, stepped through by the rules below."""

    def __init__(self) -> None:
        super().__init__()
        self.state: State = start_long_hand(2, 0)
        self.cards = deck_counter(2, self.state.config)
        self.rng = random.Random(0)
        self.steps = 0

    @initialize(players=st.sampled_from(list(LONG_PLAYERS)), seed=seeds, turns=FIRST_TURNS)
    def start(self, players: int, seed: int, turns: int) -> None:
        self.state = start_long_hand(players, seed)
        self.cards = deck_counter(players, self.state.config)
        self.rng = random.Random(seed)
        self._turns(turns)

    def _apply(self, move: Move) -> None:
        before = self.state
        after = before.apply(move)
        assert after.undo() is before, "undo does not give back the state before the move"
        assert after.last_move == move
        check_invariants(after, self.cards)
        self.state = after

    def _turns(self, turns: int) -> None:
        """Play ``turns`` turns of draws and discards (fewer if the game ends)."""
        end = self.state.turn + turns
        while not self.state.is_terminal() and self.state.turn < end:
            before = self.state.hand_number
            self._apply(draw_or_discard(self.state, self.rng))
            if self.state.hand_number != before:
                end = self.state.turn + turns  # a new hand counts its turns from 0

    @precondition(lambda self: not self.state.is_terminal())
    @rule(turns=st.integers(min_value=1, max_value=150))
    def draw_and_discard(self, turns: int) -> None:
        self._turns(turns)

    @precondition(lambda self: in_play(self.state))
    @rule(seed=seeds, iterations=st.integers(min_value=1, max_value=2))
    def search(self, seed: int, iterations: int) -> None:
        self._apply(check_search(self.state, seed, iterations))

    @precondition(lambda self: in_play(self.state))
    @rule(seed=seeds)
    def every_view(self, seed: int) -> None:
        rng = random.Random(seed)
        for player in range(self.state.players):
            check_reading(self.state, player, rng)
        check_views(self.state, rng)

    @rule()
    def save_and_load(self) -> None:
        check_round_trips(self.state)

    @precondition(lambda self: self.state.parent is not None)
    @rule()
    def undo(self) -> None:
        parent = self.state.parent
        self.state = self.state.undo()
        assert self.state is parent

    @invariant()
    def invariants_hold(self) -> None:
        check_invariants(self.state, self.cards)

    @invariant()
    def a_view_reads(self) -> None:
        if in_play(self.state):
            player = self.steps % self.state.players
            check_reading(self.state, player, random.Random(self.steps))
        self.steps += 1


# CI's profile (derandomized) runs 10 examples of 12 steps, in about 20 seconds; the random
# profiles run a third of their examples, of 30 steps, so that hands run longer.
LongHand.TestCase.settings = settings(
    settings.default,
    max_examples=max(1, settings.default.max_examples // 3),
    stateful_step_count=12 if settings.default.derandomize else 30,
)
TestLongHand = LongHand.TestCase


def test_a_six_player_view_at_turn_518_is_read() -> None:
    # python scripts/soak.py --long-replay 6/1058836916/518/draw: player 5's view was refused
    # as too entangled to read (the backtracking search gave up after 152,400 steps).
    state = long_hand(6, seed=1058836916, turn=518)
    check_reading(state, 5, random.Random(0))


def test_ismcts_moves_in_a_six_player_hand_at_turn_1986() -> None:
    # python scripts/soak.py --long-replay 6/1058836916/1986/play: the view of player 5, to
    # move after the draw, was refused, and so was every world sampled from it: the bot could
    # not move.
    state = long_hand(6, seed=1058836916, turn=1986).apply(Draw())
    assert state.current_player == 5
    check_search(state, 0, 1)
