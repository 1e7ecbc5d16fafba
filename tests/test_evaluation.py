"""The search bots' evaluation: each feature read off a built position, the values of all the
players adding up to zero, the shipped weights, and ISMCTS with its playouts cut by ``depth``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import rummy500
from helpers_scripts import load_script
from rummy500 import ConfigError, Phase, RuleConfig, State, StateError, presets
from rummy500.bots import ISMCTSBot, bot_text, hand_value, make_bot, play_game
from rummy500.bots.evaluation import (
    FEATURES,
    PLAYER_FEATURES,
    Evaluation,
    features,
    player_features,
    shipped,
)
from rummy500.toolkit import playout_step, table_points

ROOT = Path(__file__).resolve().parent.parent


def position() -> State:
    """Player 0 holds a set of fives, a 9♣ that goes on the table's run, a pair of kings, a
    4♥ beside the 5♥ and an 8♦ with no partner (the 10♦ is another player's)."""
    return State.from_position(
        RuleConfig(),
        hands=["5C 5D 5H 9C KC KS 4H 8D", "10D 2S 3S 7H", "AD QD JH 6S"],
        pile="2C",
        table=[("6C 7C 8C", 1), ("QH QS QC", 2)],
        current_player=0,
        phase=Phase.PLAY,
    )


def test_each_feature_of_a_player_is_read_off_the_position() -> None:
    state = position()
    table = table_points(state.config.card_values, state.table, 3)
    assert table == [0, 21, 30]
    assert PLAYER_FEATURES == ("table", "hand", "cards", "melds", "layoffs", "near")
    # Melds: the three fives (15; the 5♣ could also go on the run, but it is in a meld).
    # Layoffs: the 9♣ on the run (9). Near: the kings (20) and the 4♥ beside the 5♥ (4).
    assert player_features(state, 0, table) == (0, 56, 8, 15, 9, 24)
    # The 2♠ and 3♠ are near each other; the 7♥ and 10♦ are loose.
    assert player_features(state, 1, table) == (21, 22, 4, 0, 0, 5)
    # The Q♦ goes on the queens; the A♦ is near it (Q-K-A: two places apart), laid off or
    # not; the J♥ and 6♠ are loose. The ace counts 15 in hand.
    assert player_features(state, 2, table) == (30, 41, 4, 0, 10, 15)


def test_the_features_are_each_players_less_the_mean_of_the_others() -> None:
    state = position()
    rows = features(state)
    stock = state.stock_size / 52
    # Player 0 against the mean of players 1 and 2: table 0 - 25.5, hand 56 - 31.5, ...
    assert rows[0][:6] == [-25.5, 24.5, 4.0, 15.0, 4.0, 14.0]
    assert rows[0][6] == pytest.approx(24.5 * stock)
    # To move, having drawn, with one card (the 2♣, 2 points) on the pile.
    assert rows[0][11:] == [1.0, 1.0, 1.0, 2.0]
    assert rows[1][11:] == [-0.5, -0.5, -0.5, -1.0]
    assert len(FEATURES) == len(rows[0]) == 15
    # Each column adds up to zero over the players: so do the values.
    for column in zip(*rows, strict=True):
        assert sum(column) == pytest.approx(0)
    values = shipped().values(state)
    assert sum(values) == pytest.approx(0)
    weights = shipped().weights[3]
    assert values[0] == pytest.approx(sum(w * x for w, x in zip(weights, rows[0], strict=True)))


def test_a_hand_that_is_over_is_valued_by_its_score() -> None:
    state = rummy500.new_game(players=2, seed=5)
    rng = random.Random(5)
    while state.phase < Phase.HAND_OVER:
        state = playout_step(state, rng)
    assert shipped().values(state) == list(hand_value(state))


def test_the_shipped_weights_cover_two_and_three_players_of_the_standard_rules() -> None:
    data = json.loads((ROOT / "src" / "rummy500" / "bots" / "evaluation.json").read_text())
    assert data["features"] == list(FEATURES)
    assert sorted(data["weights"]) == ["2", "3"]
    evaluation = shipped()
    assert evaluation == Evaluation.from_json(data)
    assert "scripts/train_evaluation.py --hands 10000 --seed 0" in evaluation.about
    # Points on the table count for their player, as they will at the hand's end.
    for players in (2, 3):
        assert evaluation.weights[players][0] == pytest.approx(0.01, rel=0.1)
    standard = presets.get("standard")
    assert evaluation.covers(standard, 2)
    assert not evaluation.covers(standard, 4)
    assert not evaluation.covers(presets.get("partnership"), 4)
    assert evaluation.refusal(presets.get("partnership"), 4) == (
        "the evaluation covers games of 2, 3 players without partnerships, not this one of 4 "
        "players in partnerships"
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"features": ["table"], "weights": {}},
            "an evaluation's file names its features, which must be rummy500.bots.evaluation."
            "FEATURES (the file was written for another version)",
        ),
        (
            {"features": list(FEATURES), "weights": {"two": []}},
            "an evaluation's file holds weights by number of players, not a dict",
        ),
        (
            {"features": list(FEATURES), "weights": {"2": [1.0, 2.0]}},
            "an evaluation's weights are 15 floats, one for each of FEATURES, not a list",
        ),
        (
            {"features": list(FEATURES), "weights": {"1": [0.0] * 15}},
            "an evaluation's weights are by number of players (whole numbers of 2 or more), "
            "not a dict",
        ),
    ],
)
def test_a_damaged_parameter_file_is_refused(data: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        Evaluation.from_json(data)
    assert str(caught.value) == message


def test_a_game_the_evaluation_does_not_cover_is_refused() -> None:
    four = rummy500.new_game(players=4, seed=1)
    with pytest.raises(ConfigError) as caught:
        shipped().values(four)
    assert str(caught.value) == (
        "the evaluation covers games of 2, 3 players without partnerships, not this one of 4 "
        "players"
    )
    bot = ISMCTSBot(1, iterations=5, depth=2)
    while four.is_chance_node():
        four = four.apply(four.legal_moves()[0])
    view = four.view(four.current_player)
    with pytest.raises(ConfigError) as caught:
        bot.search(view)
    assert str(caught.value) == (
        "ISMCTSBot depth=2: the evaluation covers games of 2, 3 players without partnerships, "
        "not this one of 4 players: give the bot no depth"
    )


@pytest.mark.parametrize(
    ("depth", "message"),
    [
        (-1, "ISMCTSBot depth must be 0 or more (a whole number of moves, or None), not -1"),
        (1.5, "ISMCTSBot depth must be 0 or more (a whole number of moves, or None), not 1.5"),
        (True, "ISMCTSBot depth must be 0 or more (a whole number of moves, or None), not True"),
    ],
)
def test_a_depth_that_is_not_a_count_of_moves_is_refused(depth: object, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        ISMCTSBot(1, depth=depth)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_an_evaluation_that_is_not_one_is_refused() -> None:
    with pytest.raises(ConfigError) as caught:
        ISMCTSBot(1, depth=2, evaluation={2: [0.0] * 15})  # type: ignore[arg-type]
    assert str(caught.value) == "ISMCTSBot evaluation must be an Evaluation, not a dict"


def test_a_cut_search_plays_whole_games_by_name_and_repeats_itself() -> None:
    assert bot_text("ISMCTS:depth=4:iterations=20") == "ismcts:iterations=20:depth=4"
    bot = make_bot("ismcts:iterations=20:depth=4", 3)
    assert repr(bot) == "ISMCTSBot(3, iterations=20, depth=4)"
    start = rummy500.new_game(players=2, seed=9)
    first = play_game(start, [bot, make_bot("greedy")])
    again = play_game(start, [make_bot("ismcts:iterations=20:depth=4", 3), make_bot("greedy")])
    assert first.is_terminal()
    assert first.move_stack == again.move_stack


def test_depth_zero_values_the_leaf_itself_and_a_large_depth_plays_to_the_end() -> None:
    start = rummy500.new_game(players=2, seed=2)
    view = start.view(start.current_player)
    # A playout cut after more moves than any hand lasts is a whole playout: the same tree.
    whole = ISMCTSBot(4, iterations=30).search(view)
    deep = ISMCTSBot(4, iterations=30, depth=10_000).search(view)
    assert {m: (c.visits, c.total) for m, c in whole.children.items()} == {
        m: (c.visits, c.total) for m, c in deep.children.items()
    }
    # At depth 0 every iteration is valued by the evaluation of the node it added.
    leaf = ISMCTSBot(4, iterations=30, depth=0).search(view)
    assert leaf.visits == 30
    assert sum(c.visits for c in leaf.children.values()) == 30


def test_the_training_script_writes_a_file_the_bots_read(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    train = load_script("train_evaluation")
    out = tmp_path / "evaluation.json"
    assert train.main(["--quick", "--out", str(out)]) == 0
    fitted = Evaluation.from_json(json.loads(out.read_text(encoding="utf-8")))
    assert sorted(fitted.weights) == [2, 3]
    assert fitted.about.startswith(
        "fitted by scripts/train_evaluation.py --hands 50 --seed 0 --every 2 --ridge 1 to hands "
        "of the standard rules played out by the playout policy; held out: 2 players R² "
    )
    # The same hands give the same weights.
    again = tmp_path / "again.json"
    assert train.main(["--quick", "--out", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")
    # A bot plays with them.
    state = rummy500.new_game(players=3, seed=1)
    bot = ISMCTSBot(1, iterations=10, depth=3, evaluation=fitted)
    assert bot.choose(state.view(state.current_player)) in state.legal_moves()


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: features(None),  # type: ignore[arg-type]
            StateError,
            "features reads a State, not None",
        ),
        (
            lambda: player_features(position(), 3, (0, 0, 0)),
            StateError,
            "player_features' player is one of the 3 players (0 to 2), not 3",
        ),
        (
            lambda: player_features(position(), 0, (0, 0)),
            StateError,
            "player_features' table is each of the 3 players' points on the table (whole "
            "numbers), not a tuple",
        ),
        (
            lambda: shipped().values("state"),  # type: ignore[arg-type]
            StateError,
            "Evaluation.values reads a State, not 'state'",
        ),
        (
            lambda: shipped().covers("standard", 2),  # type: ignore[arg-type]
            ConfigError,
            "an evaluation's rules are a RuleConfig, not 'standard'",
        ),
        (
            lambda: shipped().refusal(RuleConfig(), 1),
            ConfigError,
            "an evaluation's players are a whole number of 2 or more, not 1",
        ),
        (
            lambda: Evaluation({2: [0.0] * 15}, about=3),  # type: ignore[arg-type]
            ConfigError,
            "an evaluation's about is a str, not 3",
        ),
    ],
)
def test_bad_arguments_are_refused_with_the_reason(
    call: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value) == message
