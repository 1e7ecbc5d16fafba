"""The OpenSpiel game: OpenSpiel's own checks, its MCTS and IS-MCTS bots, and hidden cards."""

from __future__ import annotations

import base64
import doctest
import json
import random
import re
from typing import Any

import attrs
import pytest
from hypothesis import given

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import rummy500  # noqa: E402
from rummy500 import (  # noqa: E402
    Aces,
    Calling,
    CardValues,
    DeepestCard,
    EmptyStock,
    FirstDealer,
    Phase,
    PlayerTable,
    RuleConfig,
    dumps,
)
from rummy500.envs import openspiel  # noqa: E402
from rummy500.envs.openspiel import SHORT_NAME, Rummy500State, rules_parameter  # noqa: E402
from rummy500.infostate import InformationStateSpace  # noqa: E402
from rummy500.toolkit import ActionSpace, sample_world  # noqa: E402
from strategies import rule_configs, scaled  # noqa: E402


def load(**params: Any) -> Any:
    return pyspiel.load_game(SHORT_NAME, params)


def play_to(game: Any, seed: int, decisions: int) -> Rummy500State:
    """A state after ``decisions`` random player actions from the deal of game seed ``seed``
    (fewer if the game ends first)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    state.apply_action(seed)
    for _ in range(decisions):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.randrange(game.max_chance_outcomes()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_examples_in_the_docstring_run() -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in doctest.DocTestFinder().find(openspiel, openspiel.__name__):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.parametrize(("preset", "players"), [("standard", 2), ("pagat", 3), ("partnership", 4)])
def test_random_sim_test_with_serialization(preset: str, players: int) -> None:
    game = load(preset=preset, players=players, hands=1)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_random_sim_test_over_several_hands() -> None:
    # Two hands: the deal between them is a chance node too.
    game = load(players=2, hands=2, seeds=64)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_describes_itself() -> None:
    game = load(players=3)
    space = ActionSpace.of(RuleConfig(), 3)
    assert game.num_distinct_actions() == space.size
    assert game.num_players() == 3
    assert game.max_chance_outcomes() == openspiel.DEFAULT_SEEDS
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.observation_tensor_shape() == [
        rummy500.observations.ObservationSpace.of(RuleConfig(), 3).size
    ]
    assert kind.provides_information_state_tensor
    assert game.information_state_tensor_shape() == [InformationStateSpace.of(RuleConfig(), 3).size]


def test_the_information_state_tensor_is_the_information_state_vector() -> None:
    game = load(preset="pagat", players=3, hands=1)
    space = InformationStateSpace.of(game.config, 3)
    checked = 0
    for seed in range(3):
        state = play_to(game, seed, 20 + 10 * seed)
        inner = state.game_state
        tensors = [np.array(state.information_state_tensor(p), np.float32) for p in range(3)]
        for p in range(3):
            assert np.array_equal(tensors[p], space.information_state_for(inner, p))
            checked += 1
        # Each player sees their own hand and their own draws: the vectors differ.
        assert not np.array_equal(tensors[0], tensors[1])
        assert not np.array_equal(tensors[1], tensors[2])
    assert checked == 9
    # Before the first deal nothing is known.
    fresh = game.new_initial_state()
    assert not any(fresh.information_state_tensor(0))


def test_rules_as_json_win_over_the_preset() -> None:
    rules = rummy500.presets.get("pagat")
    game = load(rules=dumps(rules), preset="standard", players=2)
    assert game.config == rules
    assert game.num_distinct_actions() == ActionSpace.of(rules, 2).size


#: Rule sets far from the standard rules, each naming many fields away from their defaults.
EVOLVED = {
    "jokers": RuleConfig(
        jokers_per_deck=2,
        max_jokers_per_meld=3,
        joker_only_melds=True,
        wrap_around=True,
        join_melds=True,
        first_dealer=FirstDealer.HIGHEST,
    ),
    "calling": RuleConfig(
        calling=Calling.ANY_PILE_CARD,
        deepest_card=DeepestCard.NEW_MELD,
        empty_stock=EmptyStock.REUSE_PILE,
        keep_top_discard=True,
        aces=Aces.HIGH_ONLY,
    ),
    "scoring": RuleConfig(
        card_values=CardValues(low_ace=5, high_ace=20, joker=25),
        going_out_bonus=10,
        four_of_a_kind_double=True,
        no_minus_at_stock_end=True,
        discard_to_go_out=True,
        floating=True,
    ),
    "hands": RuleConfig(
        target=None, hands_per_game=3, going_out_decides=True, turn_limit=60, hand_limit=5
    ),
    "table": RuleConfig(
        min_players=2,
        max_players=4,
        deal_size=PlayerTable([9, 9, 9, 8, 7, 7, 7, 7, 7]),
        decks=PlayerTable([1, 1, 1, 2, 2, 2, 2, 2, 2]),
        target=1000,
        must_go_out_to_win=True,
    ),
}

#: Every preset's rules and the rule sets above, by name.
RULE_SETS = {
    **{name: rummy500.presets.get(name) for name in rummy500.presets.names()},
    **EVOLVED,
}


def load_rules(rules: RuleConfig, **params: Any) -> Any:
    """The game of ``rules`` given as JSON, for their fewest players and one short hand."""
    return load(rules=dumps(rules), players=rules.min_players, hands=1, seeds=16, **params)


def test_the_evolved_rule_sets_differ_from_the_standard_rules_in_many_fields() -> None:
    standard = rummy500.to_data(RuleConfig())
    for rules in EVOLVED.values():
        data = rummy500.to_data(rules)
        assert sum(data[name] != value for name, value in standard.items()) >= 5


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_the_games_string_reads_back_under_any_rules(rules: RuleConfig) -> None:
    game = load(rules=dumps(rules), players=rules.min_players)
    text = str(game)
    encoded = rules_parameter(rules)
    assert text == (
        f"python_rummy500(hands=0,players={rules.min_players},preset=standard,rules={encoded},"
        "seeds=4096)"
    )
    back = pyspiel.load_game(text)
    assert back == game
    assert str(back) == text
    assert back.config == game.config == rules
    assert back.get_parameters() == game.get_parameters()
    assert back.num_distinct_actions() == game.num_distinct_actions()


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_a_state_under_any_rules_round_trips_through_openspiels_serialization(
    rules: RuleConfig,
) -> None:
    game = load_rules(rules)
    state = play_to(game, 5, 30)
    assert len(state.history()) > 10
    game_back, back = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert game_back == game
    assert game_back.config == game.config
    assert back.history() == state.history()
    assert back.game_state == state.game_state
    assert str(back) == str(state)
    for player in range(game.num_players()):
        assert back.information_state_string(player) == state.information_state_string(player)
    assert back.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_random_sim_test_with_serialization_under_any_rules(rules: RuleConfig) -> None:
    pyspiel.random_sim_test(load_rules(rules), num_sims=1, serialize=True, verbose=False)


@scaled(0.2)
@given(rule_configs(few_hands=True))
def test_the_games_string_reads_back_under_generated_rules(rules: RuleConfig) -> None:
    game = load(rules=dumps(rules), players=rules.min_players, seeds=16)
    back = pyspiel.load_game(str(game))
    assert back == game
    assert back.config == rules


def test_the_rules_given_in_either_form_or_spelled_otherwise_make_the_same_game() -> None:
    rules = EVOLVED["scoring"]
    encoded = rules_parameter(rules)
    padded = encoded + "=" * (-len(encoded) % 4)
    assert padded != encoded
    games = [
        load(rules=text, players=2)
        for text in (dumps(rules), dumps(rules, indent=2), encoded, padded)
    ]
    assert all(game == games[0] for game in games)
    assert {str(game) for game in games} == {
        f"python_rummy500(hands=0,players=2,preset=standard,rules={encoded},seeds=4096)"
    }
    assert {game.get_parameters()["rules"] for game in games} == {encoded}
    assert all(game.config == rules for game in games)


def test_the_rules_parameter_is_url_safe_base64_of_the_compact_json() -> None:
    rules = EVOLVED["jokers"]
    encoded = rules_parameter(rules)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", encoded)
    compact = json.dumps(rummy500.to_data(rules), separators=(",", ":"))
    assert base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)) == compact.encode()
    assert rules_parameter(rules) == encoded  # the same rules always give the same text


def test_a_game_string_written_by_hand_with_the_rules_parameter_loads() -> None:
    rules = EVOLVED["hands"]
    text = f"python_rummy500(rules={rules_parameter(rules)},players=2,hands=1)"
    game = pyspiel.load_game(text)
    assert game.config == attrs.evolve(
        rules, target=None, hands_per_game=1, hand_limit=1, must_go_out_to_win=False
    )
    assert game.num_players() == 2
    assert pyspiel.load_game(str(game)) == game


def test_without_rules_the_game_string_names_the_preset_as_before() -> None:
    game = load(preset="pagat", players=2)
    assert str(game) == "python_rummy500(hands=0,players=2,preset=pagat,rules=,seeds=4096)"
    assert pyspiel.load_game(str(game)) == game


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "standard",
            "not valid JSON: 'utf-8' codec can't decode byte 0xb2 in position 0: invalid start "
            "byte",
        ),
        (
            "abcde",
            "Invalid base64-encoded string: number of data characters (5) cannot be 1 more "
            "than a multiple of 4",
        ),
        ("eyJ", "not valid JSON: Unterminated string starting at: line 1 column 2 (char 1)"),
        ("eyJ4IjoxfQ", "cannot load RuleConfig at $: unknown fields: x"),
    ],
    ids=["preset name", "cut short", "cut JSON", "unknown field"],
)
def test_rules_that_are_neither_json_nor_its_base64_form_are_refused(
    text: str, reason: str
) -> None:
    with pytest.raises(rummy500.SerializationError) as refused:
        openspiel.Rummy500Game({"rules": text})
    assert str(refused.value) == (
        f"the game parameter rules {text!r} is neither JSON nor a rule set in URL-safe base64 "
        f"(as rules_parameter writes it): {reason}"
    )


def test_rules_given_as_json_that_cannot_be_read_are_refused_as_before() -> None:
    with pytest.raises(rummy500.SerializationError) as refused:
        openspiel.Rummy500Game({"rules": '{"x": 1}'})
    assert str(refused.value) == "cannot load RuleConfig at $: unknown fields: x"


def test_hands_cuts_the_game_short() -> None:
    game = load(preset="standard", players=2, hands=1)
    assert game.config.hands_per_game == 1
    assert game.config.target is None
    state = play_to(game, 3, 10_000)
    assert state.is_terminal()
    assert state.game_state is not None
    assert state.game_state.hand_number == 0
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_every_deal_is_a_chance_node_with_equally_likely_seeds() -> None:
    game = load(players=2, hands=2, seeds=16)
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(s, 1 / 16) for s in range(16)]
    state.apply_action(5)
    assert state.game_state == rummy500.new_game(game.config, 2, 5)
    rng = random.Random(0)
    while not state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.game_state is not None
    assert state.game_state.phase == Phase.HAND_OVER
    assert state.chance_outcomes() == [(s, 1 / 16) for s in range(16)]
    first, second = (state.child(seed).game_state for seed in (3, 4))
    assert first.hand_number == second.hand_number == 1
    assert first.hands != second.hands  # the seed decides the deal


def test_legal_actions_are_the_engines_legal_moves() -> None:
    game = load(preset="pagat", players=3, hands=1)
    rng = random.Random(1)
    for seed in range(3):
        state = game.new_initial_state()
        state.apply_action(seed)
        while not state.is_terminal():
            inner = state.game_state
            space = ActionSpace.for_state(inner)
            legal = state.legal_actions()
            assert legal == sorted(space.encode(m, inner) for m in inner.legal_moves())
            assert {space.decode(a, inner) for a in legal} == set(inner.legal_moves())
            action = rng.choice(legal)
            assert state.action_to_string(action) == str(space.decode(action, inner))
            state.apply_action(action)


def test_the_player_to_move_follows_every_state_clones_copies_and_resampled_worlds() -> None:
    # The player to move is worked out when the state changes, and read at every question.
    game = load(preset="pagat", players=3, hands=2)
    rng = random.Random(6)

    def expected(state: Any) -> int:
        inner = state.game_state
        if inner is None or inner.is_chance_node():
            return int(pyspiel.PlayerId.CHANCE)
        if inner.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(inner.current_player)

    state = game.new_initial_state()
    seen = set()
    while True:
        player = state.current_player()
        assert player == expected(state)
        seen.add(player if player < 0 else "seat")
        assert state.is_chance_node() == (player == pyspiel.PlayerId.CHANCE)
        assert state.clone().current_player() == player
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.randrange(game.max_chance_outcomes()))
            continue
        world = state.resample_from_infostate(player, rng.random)
        assert world.current_player() == player == expected(world)
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen == {"seat", int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)}
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert back.current_player() == pyspiel.PlayerId.TERMINAL


def test_legal_actions_and_chance_nodes_answer_as_openspiels_own_methods() -> None:
    # The state answers legal_actions() and is_chance_node() itself for the player to move:
    # at every node, and for every player (chance too), the answers are OpenSpiel's own, and
    # so are its errors.
    game = load(preset="pagat", players=3, hands=2)
    rng = random.Random(2)

    def answer(method: Any, *args: Any) -> Any:
        try:
            return method(*args)
        except pyspiel.SpielError as error:
            return str(error)

    state = game.new_initial_state()
    nodes = 0
    errors = 0
    while True:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in (int(pyspiel.PlayerId.CHANCE), 0, 1, 2):
            ours = answer(state.legal_actions, player)
            assert ours == answer(pyspiel.State.legal_actions, state, player)
            errors += isinstance(ours, str)
        nodes += 1
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert nodes > 100
    assert errors > 50  # the chance player's actions, asked at a player's turn


def test_clones_share_the_engine_state() -> None:
    state = play_to(load(players=2, hands=1), 1, 5)
    clone = state.clone()
    assert clone.game_state is state.game_state
    assert clone.history() == state.history()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.game_state is not state.game_state


def test_serialization_round_trips() -> None:
    game = load(preset="pagat", players=3, hands=1)
    state = play_to(game, 2, 40)
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history()
    assert back.game_state == state.game_state
    assert back.game_state.log == state.game_state.log
    assert str(back) == str(state)
    for player in range(3):
        assert back.information_state_string(player) == state.information_state_string(player)


def test_hidden_cards_do_not_change_what_a_player_knows() -> None:
    game = load(preset="pagat", players=3, hands=1)
    rng = np.random.RandomState(0)
    changed = 0
    for seed in range(4):
        state = play_to(game, seed, 15 + 7 * seed)
        if state.is_terminal():
            continue
        for player in range(3):
            world = state.resample_from_infostate(player, lambda: rng.uniform())
            inner, other = state.game_state, world.game_state
            assert other.view(player) == inner.view(player)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_string(player) == state.observation_string(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            if other.hands != inner.hands or other.stock != inner.stock:
                changed += 1
    assert changed > 0


def test_resampling_one_state_over_and_over_deals_what_sample_world_deals() -> None:
    # The view is read once for a run of resamples of one state and player: the worlds are
    # those of sample_world all the same, whatever state or player came before.
    game = load(preset="pagat", players=3, hands=1)
    states = [play_to(game, seed, 20 + 5 * seed) for seed in range(3)]
    states = [state for state in states if not state.is_terminal()]
    assert len(states) >= 2
    for state in (*states, states[0]):
        for player in (0, 1, 1, 2, 0):
            for draw in (0.25, 0.5, 0.25):
                world = state.resample_from_infostate(player, lambda draw=draw: draw)
                expected = sample_world(
                    state.game_state.view(player), random.Random(int(draw * 2**53))
                )
                assert world.game_state == expected


def test_sampled_worlds_keep_the_cards_known_to_be_held() -> None:
    # Player 1 takes from the pile; player 0, who saw it, knows player 1 holds those cards.
    game = load(preset="standard", players=2, hands=1)
    rng = random.Random(4)
    for seed in range(30):
        state = game.new_initial_state()
        state.apply_action(seed)
        taken = None
        while not state.is_terminal() and taken is None:
            inner = state.game_state
            legal = state.legal_actions()
            space = ActionSpace.for_state(inner)
            takes = [a for a in legal if space.range_of(a).name == "take"]
            if inner.current_player == 1 and inner.phase == Phase.DRAW and takes:
                move = space.decode(takes[0], inner)
                taken = move.taken
                state.apply_action(takes[0])
            else:
                state.apply_action(rng.choice(legal))
        if taken is None or state.is_terminal():
            continue
        inner = state.game_state
        for _ in range(5):
            world = sample_world(inner.view(0), random.Random(_))
            hand = list(world.hands[1])
            assert all(card in hand for card in taken if card in inner.hands[1])
        return
    pytest.fail("no game had a take to check")


def test_mcts_plays_a_game_to_the_end() -> None:
    game = load(preset="standard", players=2, hands=1, seeds=64)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=4,
        evaluator=evaluator,
        random_state=np.random.RandomState(2),
    )
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_ismcts_plays_a_game_to_the_end_on_sampled_worlds() -> None:
    game = load(preset="standard", players=2, hands=1, seeds=64)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(2)
    )
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            # IS-MCTS samples a world per simulation and checks that the player's information
            # state is the same in it.
            state.apply_action(int(bot.step(state)))
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 0
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(rummy500.ConfigError):
        load(preset="partnership", players=3)
    with pytest.raises(ValueError, match="seeds"):
        openspiel.Rummy500Game({"seeds": 0})
    with pytest.raises(rummy500.ConfigError) as refused:
        openspiel.Rummy500Game({"seeds": 0})
    assert str(refused.value) == "the game parameter seeds must be 1 or more, not 0"


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"seeds": 2**40},
            "the game parameter seeds must be at most 65536 (every deal lists all its chance "
            "outcomes), not 1099511627776",
        ),
        (
            {"hands": 2**31},
            "the game parameter hands must be at most 2147483647 (OpenSpiel holds it in a C++ "
            "int), not 2147483648",
        ),
        ({"hands": -1}, "the game parameter hands must be 0 or more, not -1"),
        ({"seeds": 2.5}, "the game parameter seeds must be an int, not 2.5"),
        ({"hands": True}, "the game parameter hands must be an int, not True"),
        ({"players": "3"}, "the game parameter players must be an int, not '3'"),
        ({"preset": 3}, "the game parameter preset must be a str, not 3"),
        ({"rules": None}, "the game parameter rules must be a str, not None"),
        (
            {"seed": 1},
            "no game parameter is named 'seed': the parameters are hands, players, preset, "
            "rules, seeds",
        ),
    ],
)
def test_parameters_out_of_range_or_of_the_wrong_type_are_refused(
    params: dict[str, Any], message: str
) -> None:
    with pytest.raises(rummy500.ConfigError) as refused:
        openspiel.Rummy500Game(params)
    assert str(refused.value) == message


def test_the_most_seeds_load_through_pyspiel_and_one_more_is_refused() -> None:
    game = load(players=2, hands=1, seeds=openspiel.MAX_SEEDS)
    assert game.max_chance_outcomes() == 65536
    outcomes = game.new_initial_state().chance_outcomes()
    assert len(outcomes) == 65536
    assert sum(p for _, p in outcomes) == 1.0
    with pytest.raises(rummy500.ConfigError) as refused:
        load(seeds=2**31 - 1)
    assert str(refused.value) == (
        "the game parameter seeds must be at most 65536 (every deal lists all its chance "
        "outcomes), not 2147483647"
    )


@pytest.mark.parametrize("seeds", [openspiel.DEFAULT_SEEDS, 16, 1])
def test_the_chance_outcomes_sum_to_one_exactly(seeds: int) -> None:
    outcomes = load(players=2, hands=1, seeds=seeds).new_initial_state().chance_outcomes()
    assert [s for s, _ in outcomes] == list(range(seeds))
    assert {p for _, p in outcomes} == {1 / seeds}
    assert sum(p for _, p in outcomes) == 1.0


@pytest.mark.parametrize(
    ("rules", "hands"),
    [
        (attrs.evolve(RuleConfig(), hand_limit=19000), 0),
        (attrs.evolve(RuleConfig(), turn_limit=200000), 0),
        (RuleConfig(), 10**6),
    ],
    ids=["hand_limit", "turn_limit", "hands"],
)
def test_a_length_past_what_openspiel_holds_is_reported_as_its_largest_int(
    rules: RuleConfig, hands: int
) -> None:
    game = load(rules=dumps(rules), players=3, hands=hands)
    assert game.max_game_length() == openspiel.MAX_GAME_LENGTH == 2**31 - 1
    state = game.new_initial_state()
    state.apply_action(1)
    assert state.game_state == rummy500.new_game(game.config, 3, 1)


def test_a_length_openspiel_holds_is_the_bound_itself() -> None:
    # 10 hands of 1000 turns of at most 2 * 52 + 2 * 3 + 4 actions, and a deal each.
    game = load(players=3, hands=10)
    assert game.max_game_length() == 10 * (1000 * (2 * 52 + 2 * 3 + 4) + 1) == 1_140_010
    longest = attrs.evolve(RuleConfig(), hand_limit=18837)
    assert load(rules=dumps(longest)).max_game_length() == 18837 * 114_001 == 2_147_436_837


@pytest.mark.parametrize("between_hands", [False, True])
@pytest.mark.parametrize(
    ("action", "shown"), [(16, "16"), (-1, "-1"), (-2, "-2"), (10**6, "1000000")]
)
def test_a_deal_refuses_a_number_that_is_not_one_of_its_outcomes(
    action: int, shown: str, between_hands: bool
) -> None:
    game = load(players=2, hands=2, seeds=16)
    state = game.new_initial_state()
    if between_hands:
        state.apply_action(5)
        rng = random.Random(0)
        while not state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
    before, history = state.game_state, state.history()
    with pytest.raises(rummy500.ActionError) as refused:
        state.apply_action(action)
    assert str(refused.value) == f"a deal's chance outcomes are the seeds 0 to 15, not {shown}"
    assert state.game_state is before
    assert state.history() == history
    assert state.is_chance_node()
    state.apply_action(15)
    assert state.history() == [*history, 15]


@pytest.mark.parametrize(
    ("action", "shown"),
    [(1.5, "1.5"), ("0", "'0'"), (None, "None"), (np.float32(0), "a float32")],
)
def test_apply_action_refuses_a_value_that_is_no_action_id(action: object, shown: str) -> None:
    game = load(players=2, hands=1)
    for deal in (False, True):
        state = game.new_initial_state()
        if not deal:
            state.apply_action(3)
        before, history = state.game_state, state.history()
        with pytest.raises(rummy500.ActionError) as refused:
            state.apply_action(action)
        assert str(refused.value) == f"an action id is an int or a numpy integer, not {shown}"
        assert state.game_state is before
        assert state.history() == history


def test_apply_action_takes_numpy_integers_and_refuses_ids_out_of_range() -> None:
    game = load(players=2, hands=1)
    state = game.new_initial_state()
    state.apply_action(np.int64(3))
    assert state.game_state == rummy500.new_game(game.config, 2, 3)
    for action in (-1, -2, game.num_distinct_actions()):
        with pytest.raises(rummy500.ActionError) as refused:
            state.apply_action(action)
        assert str(refused.value) == (
            f"action ids run from 0 to 1514 under these rules with 2 players, not {action}"
        )
    assert state.history() == [3]
    state.apply_action(np.array(0, dtype=np.int16))
    assert state.history() == [3, 0]
