"""Where a game stands, for any totals: ``toolkit.game_result`` and ``toolkit.side_scores``.

They are the rules the engine applies when a hand is scored, so the first tests compare them
with played games; the others check each rule of the end of a game and every refusal, with
its whole message.
"""

from __future__ import annotations

import random

import attrs
import pytest

from rummy500 import ConfigError, RuleConfig, State, StateError, new_game, presets
from rummy500.toolkit import GameResult, game_result, side_scores


def _hand_ends(config: RuleConfig, players: int, seed: int) -> list[State]:
    """The states of one seeded random game right after each hand is scored."""
    rng = random.Random(seed)
    state = new_game(config, players=players, seed=seed)
    ends: list[State] = []
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(rng.choice(moves))
        if state.history and (not ends or len(state.history) > len(ends[-1].history)):
            ends.append(state)
    return ends


@pytest.mark.parametrize(
    ("config", "players"),
    [
        (RuleConfig(target=150), 3),
        (RuleConfig(target=150, going_out_decides=True), 2),
        (RuleConfig(target=None, hands_per_game=3), 3),
        (attrs.evolve(presets.get("partnership"), target=150), 4),
    ],
    ids=["target", "going-out-decides", "hands-per-game", "partnership"],
)
def test_the_result_is_the_engine_s_after_every_hand(config: RuleConfig, players: int) -> None:
    for seed in range(3):
        ends = _hand_ends(config, players, seed)
        assert ends[-1].is_terminal()
        for state in ends:
            went_out = state.went_out
            side = None if went_out is None else config.side_of(went_out, players)
            result = game_result(
                config, state.totals, hands_played=len(state.history), went_out_side=side
            )
            assert result == GameResult(state.is_terminal(), state.winner)
            assert side_scores(config, state.player_history[-1] if config.team_size > 1 else
                               state.history[-1]) == state.history[-1]  # fmt: skip


def test_each_rule_of_the_end_of_a_game() -> None:
    standard = RuleConfig()
    assert game_result(standard, [510, 320, 95]) == GameResult(True, 0)
    assert game_result(standard, [480, 320, 95]) == GameResult(False, None)
    # Two past the target, tied: play on, until the hand limit draws the game.
    assert game_result(standard, [520, 520, 95]) == GameResult(False, None)
    assert game_result(standard, [520, 520, 95], hands_played=100) == GameResult(True, None)
    # The hand limit ends the game whatever the target: the highest total wins.
    assert game_result(standard, [100, 20], hands_played=100) == GameResult(True, 0)
    must = RuleConfig(must_go_out_to_win=True)
    assert game_result(must, [510, 530], went_out_side=0) == GameResult(True, 0)
    assert game_result(must, [510, 530]) == GameResult(False, None)
    decides = RuleConfig(going_out_decides=True)
    assert game_result(decides, [510, 530], went_out_side=0) == GameResult(True, 0)
    assert game_result(decides, [510, 530], went_out_side=None) == GameResult(True, 1)
    counted = RuleConfig(target=None, hands_per_game=5)
    assert game_result(counted, [40, 90], hands_played=4) == GameResult(False, None)
    assert game_result(counted, [40, 90], hands_played=5) == GameResult(True, 1)


def test_side_scores_add_up_each_team() -> None:
    assert side_scores(RuleConfig(), [40, -10, 25]) == (40, -10, 25)
    assert side_scores(presets.get("partnership"), [40, -10, 25, 5]) == (65, -5)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: game_result("standard", [1, 2]),  # type: ignore[arg-type]
            ConfigError,
            "game_result's config must be a RuleConfig, not 'standard'",
        ),
        (
            lambda: game_result(RuleConfig(), "510 320"),  # type: ignore[arg-type]
            StateError,
            "totals must be a list of whole numbers, not '510 320'",
        ),
        (
            lambda: game_result(RuleConfig(), [510, 2.5]),  # type: ignore[list-item]
            StateError,
            "totals[1] must be a whole number, not 2.5",
        ),
        (
            lambda: game_result(RuleConfig(), [510]),
            ConfigError,
            "totals must hold one total per side: 1 make no game of these rules, which are "
            "for 2 to 8 players",
        ),
        (
            lambda: game_result(RuleConfig(), [510, 20], hands_played=True),
            StateError,
            "hands_played must be a whole number of 0 or more, not True",
        ),
        (
            lambda: game_result(RuleConfig(), [510, 20], went_out_side=2),
            StateError,
            "went_out_side must be None or a side from 0 to 1, not 2",
        ),
        (
            lambda: side_scores(None, [1, 2]),  # type: ignore[arg-type]
            ConfigError,
            "side_scores's config must be a RuleConfig, not None",
        ),
        (
            lambda: side_scores(RuleConfig(), [1, "2"]),  # type: ignore[list-item]
            StateError,
            "per_player[1] must be a whole number, not '2'",
        ),
        (
            lambda: side_scores(presets.get("partnership"), [1, 2, 3]),
            ConfigError,
            "these rules are for 4 players, not 3",
        ),
    ],
)
def test_a_wrong_argument_is_refused_by_name(call, error, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == message
