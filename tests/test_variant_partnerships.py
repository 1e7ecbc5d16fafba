"""Partnership games: teams, one running total per team, and who wins.

The rule book: "Four players form two teams of two, with partners sitting across from each
other. Deal 7 cards each and play as usual. Each team keeps one running total. The game ends
when a team reaches 500. The team with the higher total over 500 wins, even if the other team
went out on the last hand."
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers_positions import build
from rummy500 import Deal, Phase, RuleConfig, State, StateError, new_game, presets
from rummy500.game.serialize import GameRecord, dumps, loads
from strategies import (
    meld_preferring_policy,
    oracle_player_scores,
    random_policy,
    rule_configs,
    scaled,
    seeds,
)

PARTNERS = presets.get("partnership")
#: Six players: three teams of two, or two teams of three.
SIX_IN_PAIRS = RuleConfig(team_size=2, min_players=6, max_players=6)
SIX_IN_THREES = RuleConfig(team_size=3, min_players=6, max_players=6)


def _player_0_goes_out(config: RuleConfig, totals: tuple[int, ...]) -> State:
    """Four players; player 0 melds three 8s and goes out.

    Player 0 scores 24; player 1 (three kings down, 2♦ in hand) 28; player 2 (Q♠ in hand)
    -10; player 3 (5-6-7 of hearts down, 3♦ in hand) 15. Team 0 (players 0 and 2) scores 14
    for the hand, team 1 (players 1 and 3) 43.
    """
    state = build(
        config,
        ["8C 8D 8H 9C", "2D", "QS", "3D"],
        table=[("KC KD KH", 1), ("5H 6H 7H", 3)],
        totals=totals,
    )
    return state.apply_text("meld 8C 8D 8H").apply_text("discard 9C")


# -- "partners sitting across from each other" ------------------------------------------------


def test_partners_sit_opposite_with_four_players() -> None:
    assert PARTNERS.sides(4) == 2
    assert [PARTNERS.side_of(p, 4) for p in range(4)] == [0, 1, 0, 1]
    state = new_game(PARTNERS, players=4, seed=5)
    assert state.totals == (0, 0)
    assert [len(h) for h in state.hands] == [7] * 4
    assert [state.view(p).side for p in range(4)] == [0, 1, 0, 1]


def test_six_players_may_play_in_three_teams_of_two_or_two_teams_of_three() -> None:
    # Teams alternate round the table: in pairs, partners sit three seats apart (opposite).
    assert SIX_IN_PAIRS.sides(6) == 3
    assert [SIX_IN_PAIRS.side_of(p, 6) for p in range(6)] == [0, 1, 2, 0, 1, 2]
    assert SIX_IN_THREES.sides(6) == 2
    assert [SIX_IN_THREES.side_of(p, 6) for p in range(6)] == [0, 1, 0, 1, 0, 1]
    assert new_game(SIX_IN_PAIRS, players=6, seed=1).totals == (0, 0, 0)
    assert new_game(SIX_IN_THREES, players=6, seed=1).totals == (0, 0)


@pytest.mark.parametrize(
    ("config", "scores"),
    [
        # Player scores: 24, -2, -3, 30 - 4, -5, -6.
        (SIX_IN_PAIRS, (24 + 26, -2 - 5, -3 - 6)),
        (SIX_IN_THREES, (24 - 3 - 5, -2 + 26 - 6)),
    ],
    ids=["three-teams-of-two", "two-teams-of-three"],
)
def test_a_team_scores_the_sum_of_its_players_scores(
    config: RuleConfig, scores: tuple[int, ...]
) -> None:
    state = build(config, ["8C 8D 8H 9C", "2D", "3D", "4D", "5D", "6D"], table=[("KC KD KH", 3)])
    over = state.apply_text("meld 8C 8D 8H").apply_text("discard 9C")
    assert over.phase is Phase.HAND_OVER
    assert over.history == (scores,)
    assert over.player_history == ((24, -2, -3, 26, -5, -6),)
    assert over.totals == scores


# -- "Each team keeps one running total" ------------------------------------------------------


def test_each_team_keeps_one_running_total() -> None:
    over = _player_0_goes_out(PARTNERS, (100, 200))
    assert over.phase is Phase.HAND_OVER
    assert over.went_out == 0
    assert over.history[-1] == (24 - 10, 28 + 15)
    assert over.totals == (114, 243)
    for player in range(4):
        view = over.view(player)
        assert view.side == player % 2
        assert view.totals == (114, 243)
        assert view.history == over.history


# -- each player's score beside the team's -------------------------------------------------------


def test_each_player_keeps_their_score_of_the_hand_beside_their_team() -> None:
    over = _player_0_goes_out(PARTNERS, (100, 200))
    assert over.history == ((14, 43),)
    assert over.player_history == ((24, 28, -10, 15),)
    for player in range(4):
        assert over.view(player).player_history == ((24, 28, -10, 15),)
    dealt = over.apply(Deal())
    assert (dealt.history, dealt.player_history) == (((14, 43),), ((24, 28, -10, 15),))


def test_without_partnerships_the_players_scores_are_the_history_itself() -> None:
    over = _player_0_goes_out(RuleConfig(), (100, 200, 0, 50))
    assert over.history == ((24, 28, -10, 15),)
    # The same rows serve both: a long game keeps them once.
    assert over.player_history is over.history
    built = build(
        RuleConfig(),
        ["8C 8D 8H 9C", "2D", "QS"],
        table=[("KC KD KH", 1)],
        totals=(5, 10, 0),
        history=[(5, 10, 0)],
    )
    assert built.player_history is built.history


def test_from_position_takes_each_players_scores() -> None:
    state = build(
        PARTNERS,
        ["8C 8D 8H 9C", "2D", "QS", "3D"],
        table=[("KC KD KH", 1), ("5H 6H 7H", 3)],
        totals=(0, 40),
        history=[(0, 40)],
        player_history=[(10, 30, -10, 10)],
    )
    assert state.player_history == ((10, 30, -10, 10),)
    over = state.apply_text("meld 8C 8D 8H").apply_text("discard 9C")
    assert over.history == ((0, 40), (14, 43))
    assert over.player_history == ((10, 30, -10, 10), (24, 28, -10, 15))


def _refusal(config: RuleConfig, hands: list[str], **options: Any) -> str:
    with pytest.raises(StateError) as caught:
        build(config, hands, table=[("KC KD KH", 1)], **options)
    return str(caught.value)


def test_player_scores_that_do_not_add_up_to_the_teams_are_refused() -> None:
    hands = ["8C 8D 8H 9C", "2D", "QS", "3D"]
    assert _refusal(
        PARTNERS, hands, totals=(0, 40), history=[(0, 40)], player_history=[(0, 30, 0, 5)]
    ) == (
        "hand 0 (counting from 0): the players' scores [0, 30, 0, 5] make the team scores "
        "[0, 35], but the history records [0, 40]: a team scores the sum of its players' scores"
    )
    assert _refusal(
        PARTNERS, hands, totals=(0, 40), history=[(0, 40)], player_history=[(0, 40)]
    ) == ("every player_history row needs one score for each of the 4 players")
    assert _refusal(PARTNERS, hands, totals=(0, 40), player_history=[(0, 30, 0, 10)]) == (
        "player_history holds 1 hand, but the history 0 hands: each player's scores are kept "
        "for hands the history records"
    )
    assert _refusal(
        RuleConfig(),
        ["8C 8D 8H 9C", "2D", "QS"],
        totals=(5, 10, 0),
        history=[(5, 10, 0)],
        player_history=[(5, 10, 1)],
    ) == (
        "player_history [[5, 10, 1]] is not the history [[5, 10, 0]]: without partnerships "
        "each player is a side, so both record the same scores"
    )


def test_the_last_hands_player_scores_must_be_what_the_hand_scores() -> None:
    over = _player_0_goes_out(PARTNERS, (0, 0))
    # Partners' scores swapped: the team's score is right, the players' are not.
    swapped = over._replace(player_history=((-10, 28, 24, 15),))
    with pytest.raises(StateError) as caught:
        swapped.validate()
    assert str(caught.value) == (
        "the last hand's player scores [-10, 28, 24, 15] are not [24, 28, -10, 15], what the "
        "hands and table of the hand just over score"
    )


#: Partnership rules: the presets, and any configuration with teams.
PARTNERSHIP_CONFIGS = st.sampled_from(
    [PARTNERS, presets.get("persian"), SIX_IN_PAIRS, SIX_IN_THREES]
) | rule_configs(lively=True).filter(lambda config: config.team_size > 1)


@scaled(0.5)
@given(config=PARTNERSHIP_CONFIGS, seed=seeds, data=st.data())
def test_team_scores_are_always_the_sums_of_their_players_scores(
    config: RuleConfig, seed: int, data: st.DataObject
) -> None:
    players = data.draw(st.sampled_from(config.player_counts), label="players")
    teams = config.sides(players)
    rng = random.Random(seed)
    state = new_game(config, players=players, seed=seed)
    for _ in range(1500):
        if state.is_terminal():
            break
        policy = random_policy if rng.random() < 0.2 else meld_preferring_policy
        before = state
        state = state.apply(policy(rng, state))
        if state.phase >= Phase.HAND_OVER and before.phase < Phase.HAND_OVER:
            assert state.player_history[-1] == oracle_player_scores(state)
        assert len(state.player_history) == len(state.history)
        for row, team_row in zip(state.player_history, state.history, strict=True):
            assert len(row) == players
            assert team_row == tuple(
                sum(row[teams * k + t] for k in range(config.team_size)) for t in range(teams)
            )
        for team in range(teams):
            partners = range(team, players, teams)
            played = sum(row[p] for row in state.player_history for p in partners)
            assert played == state.totals[team]
    assert state.history, "no hand ended: the property checked nothing"
    assert state.view(0).player_history == state.player_history
    assert loads(dumps(state), State).player_history == state.player_history
    assert GameRecord.from_state(state).replay().player_history == state.player_history


def test_totals_and_history_have_one_entry_per_team() -> None:
    with pytest.raises(StateError, match="each of the 2 sides"):
        build(PARTNERS, ["8C 8D 8H 9C", "2D", "QS", "3D"], table=[("KC KD KH", 1)], totals=(0,) * 4)
    with pytest.raises(StateError, match="each of the 2 sides"):
        build(
            PARTNERS,
            ["8C 8D 8H 9C", "2D", "QS", "3D"],
            table=[("KC KD KH", 1)],
            history=[(1, 2, 3, 4)],
        )


def test_the_going_out_bonus_goes_to_the_team_of_the_player_who_went_out() -> None:
    over = _player_0_goes_out(attrs.evolve(PARTNERS, going_out_bonus=25), (0, 0))
    assert over.history[-1] == (14 + 25, 43)


# -- "The game ends when a team reaches 500" ---------------------------------------------------


def test_the_game_ends_when_a_team_reaches_the_target() -> None:
    going_on = _player_0_goes_out(PARTNERS, (480, 300))
    assert going_on.phase is Phase.HAND_OVER
    assert going_on.totals == (494, 343)
    assert going_on.winner is None
    won = _player_0_goes_out(PARTNERS, (486, 300))
    assert won.phase is Phase.GAME_OVER
    assert won.totals == (500, 343)
    assert won.winner == 0


def test_the_team_with_the_higher_total_wins_even_if_the_other_team_went_out() -> None:
    over = _player_0_goes_out(PARTNERS, (490, 480))
    assert over.totals == (504, 523)
    assert over.went_out == 0
    assert PARTNERS.side_of(over.went_out, 4) == 0
    assert over.phase is Phase.GAME_OVER
    assert over.winner == 1
    # Under "going out decides it", the team that went out would have won instead.
    decides = _player_0_goes_out(attrs.evolve(PARTNERS, going_out_decides=True), (490, 480))
    assert decides.winner == 0
    must = _player_0_goes_out(attrs.evolve(PARTNERS, must_go_out_to_win=True), (490, 480))
    assert must.winner == 0


def test_teams_tied_at_the_top_play_another_hand() -> None:
    over = _player_0_goes_out(PARTNERS, (490, 461))
    assert over.totals == (504, 504)
    assert over.phase is Phase.HAND_OVER
    assert over.winner is None


def test_persian_rummy_is_two_deals_won_by_the_higher_team_total() -> None:
    persian = presets.get("persian")
    first = build(persian, ["8C 8D 8H 9C", "2D", "QS", "3D"], table=[("KC KD KH", 1)])
    after_first = first.apply_text("meld 8C 8D 8H").apply_text("discard 9C")
    assert after_first.phase is Phase.HAND_OVER
    second = build(
        persian,
        ["8C 8D 8H 9C", "2D", "QS", "3D"],
        table=[("KC KD KH", 1)],
        totals=(0, 40),
        history=[(0, 40)],
    )
    over = second.apply_text("meld 8C 8D 8H").apply_text("discard 9C")
    # Team 0 went out and scores 14, team 1 scores 28 - 3 = 25: 14 against 65.
    assert over.history == ((0, 40), (14, 25))
    # The position was built without each player's scores of the first deal.
    assert over.player_history == ((24, 28, -10, -3),)
    assert over.phase is Phase.GAME_OVER
    assert over.winner == 1


def test_at_the_hand_limit_the_team_with_the_higher_total_wins_and_a_team_tie_is_a_draw() -> None:
    one_hand = attrs.evolve(PARTNERS, hand_limit=1)
    won = _player_0_goes_out(one_hand, (0, 0))
    assert won.totals == (14, 43)
    assert (won.phase, won.winner) == (Phase.GAME_OVER, 1)
    # Teams tied at the top, below the target or past it: the game is drawn.
    for before, tied in [((29, 0), (43, 43)), ((490, 461), (504, 504))]:
        drawn = _player_0_goes_out(one_hand, before)
        assert drawn == _player_0_goes_out(PARTNERS, before)._replace(
            config=one_hand, phase=Phase.GAME_OVER
        )
        assert (drawn.totals, drawn.phase, drawn.winner) == (tied, Phase.GAME_OVER, None)
        assert drawn.view(2).winner is None
