"""The summary counts games as they come, keeping sums rather than outcomes, and gives to the
bit the figures that the statistics module gives from every value kept."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import RuleConfig
from rummy500.simulate import (
    ENDINGS,
    GameOutcome,
    HandOutcome,
    Interval,
    Simulation,
    Summary,
    mean,
    proportion,
    simulate,
)
from rummy500.simulate.summary import _Moments

#: Short games: two hands each.
SHORT = attrs.evolve(RuleConfig(), hands_per_game=2)


def listed_summary(simulation: Simulation, outcomes: Sequence[GameOutcome]) -> Summary:
    """The summary worked out from lists of every value, by :func:`mean` and
    :func:`statistics.stdev`: what the summary must equal."""
    config, n = simulation.config, simulation.players
    seat_wins = [0] * n
    bot_wins = dict.fromkeys(simulation.bots, 0)
    draws = 0
    scores: list[float] = []
    turns: list[float] = []
    calls: list[float] = []
    endings = dict.fromkeys(ENDINGS, 0)
    for game in outcomes:
        draws += game.winner is None
        winners = set()
        for seat, name in enumerate(simulation.bots):
            if game.winner is not None and config.side_of(seat, n) == game.winner:
                seat_wins[seat] += 1
                winners.add(name)
        for name in winners:
            bot_wins[name] += 1
        for hand in game.hands:
            scores.extend(hand.player_scores)
            turns.append(hand.turns)
            calls.append(hand.calls)
            endings[hand.ended] += 1
    games, hands = len(outcomes), sum(endings.values())
    return Summary(
        simulation,
        games,
        tuple(proportion(w, games) for w in seat_wins),
        {name: proportion(w, games) for name, w in bot_wins.items()},
        proportion(draws, games),
        mean(scores),
        statistics.stdev(scores) if len(scores) > 1 else 0.0,
        mean([len(game.hands) for game in outcomes]),
        mean(turns),
        proportion(endings["went_out"], hands),
        proportion(endings["stock"], hands),
        mean(calls),
    )


@pytest.mark.parametrize(
    "simulation",
    [
        Simulation.of(SHORT, 3, ["greedy", "random"], 12),
        Simulation.of("partnership", 4, ["greedy", "random"], 4, 9),
        Simulation.of(attrs.evolve(RuleConfig(), turn_limit=6, hand_limit=2), 2, ["random"], 8),
    ],
)
def test_the_summary_of_played_games_is_the_one_worked_out_from_every_value(
    simulation: Simulation,
) -> None:
    outcomes = simulate(simulation, workers=1)
    summary = Summary.of(simulation, outcomes)
    assert summary == listed_summary(simulation, outcomes)
    assert summary.text() == listed_summary(simulation, outcomes).text()


scores = st.integers(-(10**6), 10**6)
hands = st.builds(
    lambda s, p, turns, ended, calls: HandOutcome(
        (s, p), (s, p), turns, 0 if ended == "went_out" else None, ended, calls
    ),
    scores,
    scores,
    st.integers(0, 10**4),
    st.sampled_from(ENDINGS),
    st.integers(0, 30),
)
games = st.builds(
    lambda k, played, winner: GameOutcome(k, k, tuple(played), (0, 0), winner, 1, 0),
    st.integers(0, 10),
    st.lists(hands, min_size=1, max_size=5),
    st.sampled_from([0, 1, None]),
)


@given(st.lists(games, max_size=30))
def test_the_summary_of_any_outcomes_is_the_one_worked_out_from_every_value(
    outcomes: list[GameOutcome],
) -> None:
    simulation = Simulation.of(SHORT, 2, ["greedy", "random"], 40)
    summary = Summary.of(simulation, outcomes)
    expected = listed_summary(simulation, outcomes)
    # Without games, the intervals are not numbers (and NaN equals nothing).
    assert repr(summary) == repr(expected)


@given(st.lists(st.integers(-(2**70), 2**70) | st.integers(-5, 5), max_size=50))
def test_counted_numbers_give_the_mean_and_spread_of_the_numbers_kept(
    values: list[int],
) -> None:
    moments = _Moments()
    for value in values:
        moments.add(value)
    assert moments.spread() == (statistics.stdev(values) if len(values) > 1 else 0.0)
    if len(values) and max(map(abs, values)) * len(values) < 2**53:
        # Where every sum is exact in a float, the mean is the one mean() gives.
        assert moments.interval() == mean(values)
    elif not values:
        assert repr(moments.interval()) == repr(Interval(*[float("nan")] * 3))
