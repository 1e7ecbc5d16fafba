"""A stateful test: games under every preset and under random valid rule sets, driven by
interleaved steps (moves, undo, every player's view, saving and loading, detaching, moves that
are not legal), with the invariants of play checked after every step.

The invariants (:func:`strategies.check_invariants`): every card of the decks lies exactly once
across the hands, the stock, the pile and the table; a game that is not over has a legal move;
every listed move is legal on its own; the totals are the sums of the finished hands' scores.
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

from rummy500 import RuleConfig, State, new_game, presets
from strategies import (
    check_illegal,
    check_invariants,
    check_round_trips,
    check_views,
    deck_counter,
    illegal_moves,
    rule_configs,
    seeds,
)


def _with_players(config: RuleConfig) -> st.SearchStrategy[tuple[RuleConfig, int]]:
    return st.tuples(st.just(config), st.sampled_from(list(config.player_counts)))


#: A preset with a player count it allows.
preset_games = st.sampled_from(presets.names()).map(presets.get).flatmap(_with_players)
#: A random valid rule set with a player count it allows.
config_games = rule_configs().flatmap(_with_players)


class Game(RuleBasedStateMachine):
    """One game, stepped through by the rules below."""

    def __init__(self) -> None:
        super().__init__()
        self.state: State = new_game()
        self.cards = deck_counter(3)

    @initialize(game=st.one_of(preset_games, config_games), seed=seeds)
    def start(self, game: tuple[RuleConfig, int], seed: int) -> None:
        config, players = game
        self.state = new_game(config, players, seed)
        self.cards = deck_counter(players, config)

    def _play(self, index: int) -> None:
        before = self.state
        moves = before.legal_moves()
        after = before.apply(moves[index % len(moves)])
        assert after.undo() is before
        assert after.last_move == moves[index % len(moves)]
        self.state = after

    @precondition(lambda self: not self.state.is_terminal())
    @rule(index=st.integers(min_value=0, max_value=10**6))
    def play(self, index: int) -> None:
        self._play(index)

    @precondition(lambda self: not self.state.is_terminal())
    @rule(seed=seeds, count=st.integers(min_value=2, max_value=40))
    def play_several(self, seed: int, count: int) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            if self.state.is_terminal():
                break
            self._play(rng.randrange(10**6))
            check_invariants(self.state, self.cards)

    @precondition(lambda self: self.state.parent is not None)
    @rule()
    def undo(self) -> None:
        parent = self.state.parent
        assert self.state.undo() is parent
        self.state = self.state.undo()

    @rule(seed=seeds)
    def views(self, seed: int) -> None:
        check_views(self.state, random.Random(seed))

    @rule()
    def save_and_load(self) -> None:
        check_round_trips(self.state)
        loaded = self.state.detached()
        assert loaded.legal_moves() == self.state.legal_moves()

    @rule()
    def carry_on_detached(self) -> None:
        alone = self.state.detached()
        assert alone == self.state
        assert alone.parent is None
        self.state = alone

    @rule()
    def illegal_move(self) -> None:
        assert illegal_moves(self.state), "there is always a move to refuse"
        assert check_illegal(self.state) >= 1

    @invariant()
    def invariants_hold(self) -> None:
        check_invariants(self.state, self.cards)


Game.TestCase.settings = settings(
    settings.default,
    max_examples=settings.default.max_examples * 4,
    stateful_step_count=60,
)
TestGame = Game.TestCase
