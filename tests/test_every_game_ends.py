"""Every game ends: uniformly random play under every preset, at every player count it allows,
reaches the end of the game within the hand limit, and the game's result is the one the rules
give.

Random players put few cards down, so under some rules their totals never near the target:
with one deck shared by five or more players (``bicycle`` with 5 players, the standard rules
forced to one deck for 5 to 7) the stock is short, hands end with most cards still in hand and
every total falls hand after hand. Those games end at ``hand_limit`` (100 hands), each hand
within ``turn_limit`` turns. They are played here at the default limits.
"""

from __future__ import annotations

import random

import attrs
import pytest

from rummy500 import Phase, PlayerTable, RuleConfig, State, new_game, presets
from strategies import oracle_result

#: Every preset with every player count it allows.
PRESET_GAMES = [
    pytest.param(name, players, id=f"{name}-{players}")
    for name in presets.names()
    for players in presets.get(name).player_counts
]

#: The standard rules with one deck for every player count (7 cards each to 7 players leaves
#: a stock of 2).
ONE_DECK = attrs.evolve(RuleConfig(), decks=PlayerTable.of(1), max_players=7)


def most_moves(config: RuleConfig, players: int) -> int:
    """The most moves a whole game can take: ``hand_limit`` hands and the deals between them.

    A hand has at most ``turn_limit`` turns; a turn is a draw or a take, meld and lay-off
    moves that each put a card on the table, and a discard, and after a discard each other
    player may be asked about a call: at most ``turn_limit * (players + 1)`` moves besides the
    ones putting cards down, of which there are at most the cards in the decks.
    """
    per_hand = config.turn_limit * (players + 1) + config.deck_size(players) + 1
    return config.hand_limit * (per_hand + 1)


def play_at_random(config: RuleConfig, players: int, seed: int) -> State:
    """Play uniformly random legal moves to the end; check each hand's result on the way."""
    rng = random.Random(seed)
    state = new_game(config, players=players, seed=seed)
    for _ in range(most_moves(config, players)):
        if state.is_terminal():
            break
        move = rng.choice(state.legal_moves())
        after = state.apply(move)
        if after.phase >= Phase.HAND_OVER and state.phase < Phase.HAND_OVER:
            went_out = after.went_out
            side = None if went_out is None else config.side_of(went_out, players)
            over, won = oracle_result(config, after.totals, after.hand_number + 1, side)
            assert (after.phase is Phase.GAME_OVER, after.winner) == (over, won)
        state = after
    return state


def check_end(state: State) -> None:
    """The game is over within the hand limit, and the result follows the rules."""
    config = state.config
    players = state.players
    assert state.is_terminal()
    assert state.phase is Phase.GAME_OVER
    assert state.legal_moves() == ()
    assert state.hand_number + 1 <= config.hand_limit
    assert len(state.history) == state.hand_number + 1
    sides = config.sides(players)
    assert state.totals == tuple(sum(row[s] for row in state.history) for s in range(sides))
    best = max(state.totals)
    leaders = [s for s, total in enumerate(state.totals) if total == best]
    if state.winner is None:
        # A draw happens only at the hand limit, with the top totals tied.
        assert state.hand_number + 1 == config.hand_limit
        assert len(leaders) > 1
    elif state.winner not in leaders:
        # Only going out beats a higher total.
        assert config.going_out_decides or config.must_go_out_to_win
        assert state.went_out is not None
        assert config.side_of(state.went_out, players) == state.winner
    else:
        assert leaders == [state.winner]
    if state.hand_number + 1 < config.hand_limit:
        # Ended by the rules themselves: a total reached the target, or the hands were played.
        reached = config.target is not None and best >= config.target
        played = config.hands_per_game is not None and len(state.history) >= config.hands_per_game
        assert reached or played


@pytest.mark.parametrize(("name", "players"), PRESET_GAMES)
def test_random_play_ends_under_every_preset(name: str, players: int) -> None:
    config = presets.get(name)
    assert (config.hand_limit, config.turn_limit) == (100, 1000)
    end = play_at_random(config, players, seed=sum(map(ord, name)) + players)
    check_end(end)


@pytest.mark.parametrize(
    ("config", "players", "seed"),
    [pytest.param(presets.get("bicycle"), 5, seed, id=f"bicycle-5-seed{seed}") for seed in (1, 2)]
    + [
        # With 5 players these are the bicycle rules: other seeds, other games.
        pytest.param(ONE_DECK, players, seed, id=f"standard-one-deck-{players}-seed{seed}")
        for players in (5, 6, 7)
        for seed in (3, 4)
    ],
)
def test_random_play_on_one_deck_for_many_players_ends_at_the_hand_limit(
    config: RuleConfig, players: int, seed: int
) -> None:
    end = play_at_random(config, players, seed)
    check_end(end)
    # Nobody reached the target: the hand limit ended the game, and the highest total won.
    assert end.hand_number + 1 == config.hand_limit == 100
    assert config.target is not None
    assert max(end.totals) < config.target
    assert end.winner is not None


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_ends_on_a_hosted_table_of_four(seed: int) -> None:
    # Ten cards each to four players from one deck leaves a stock of 11.
    config = presets.get("hosted")
    assert config.deck_size(4) - 4 * config.deal_size[4] - 1 == 11
    check_end(play_at_random(config, 4, seed))
