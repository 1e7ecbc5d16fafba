"""RuleConfig refuses every combination of rule choices that makes no sense, naming the fields,
and builds every sensible one into a game that can be played."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    Aces,
    Calling,
    CardValues,
    ConfigError,
    DeepestCard,
    EmptyStock,
    FirstDealer,
    Phase,
    PlayerTable,
    RuleConfig,
    new_game,
    presets,
)
from rummy500.toolkit import CARDS, JOKER

DEFAULT = RuleConfig()
FIELDS = [a.name for a in attrs.fields(RuleConfig)]


# -- each refusal, with the fields it names ---------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message", "fields"),
    [
        ({"min_players": 1}, "2 <= min_players <= max_players <= 8", ["min_players"]),
        ({"max_players": 9}, "got 2 and 9", ["min_players", "max_players"]),
        ({"min_players": 5, "max_players": 4}, "got 5 and 4", ["min_players", "max_players"]),
        ({"target": 0}, "positive number of points, not 0", ["target"]),
        ({"target": -500}, "not -500", ["target"]),
        ({"hands_per_game": 0}, "must be positive, not 0", ["hands_per_game"]),
        (
            {"target": None},
            "a game needs a target or a number of hands",
            ["target", "hands_per_game"],
        ),
        ({"turn_limit": 0}, "must be positive, not 0", ["turn_limit"]),
        ({"hand_limit": 0}, "must be positive, not 0", ["hand_limit"]),
        (
            {"hands_per_game": 3, "hand_limit": 2},
            "must be at least hands_per_game (3), not 2",
            ["hand_limit", "hands_per_game"],
        ),
        ({"going_out_bonus": -25}, "cannot be negative, not -25", ["going_out_bonus"]),
        ({"floating": True}, "played only with", ["floating", "discard_to_go_out"]),
        (
            {"must_go_out_to_win": True, "going_out_decides": True},
            "both say who wins",
            ["must_go_out_to_win", "going_out_decides"],
        ),
        (
            {"must_go_out_to_win": True, "target": None, "hands_per_game": 2},
            "needs a target",
            ["must_go_out_to_win"],
        ),
        (
            {"wrap_around": True, "aces": Aces.HIGH_ONLY},
            "contradict each other",
            ["wrap_around", "aces"],
        ),
        ({"jokers_per_deck": 5}, "from 0 to 4, not 5", ["jokers_per_deck"]),
        ({"jokers_per_deck": -1}, "from 0 to 4, not -1", ["jokers_per_deck"]),
        ({"max_jokers_per_meld": 0}, "at least 1, not 0", ["max_jokers_per_meld"]),
        (
            {"jokers_per_deck": 2, "joker_only_melds": True, "max_jokers_per_meld": 2},
            "needs max_jokers_per_meld of 3 or more",
            ["joker_only_melds", "max_jokers_per_meld"],
        ),
        (
            {
                "jokers_per_deck": 4,
                "jokers_wild": False,
                "joker_only_melds": True,
                "max_jokers_per_meld": 3,
            },
            "applies to wild jokers",
            ["joker_only_melds"],
        ),
        ({"team_size": 0}, "1 or more, not 0", ["team_size"]),
        ({"decks": PlayerTable.of(0)}, "2 players need at least one deck", ["decks"]),
        (
            {"decks": PlayerTable.of(1, {5: 10**9})},
            "at most 4 decks are shuffled together, not 1000000000",
            ["decks"],
        ),
        (
            {"deal_size": PlayerTable.of(0)},
            "2 players must be dealt at least one card",
            ["deal_size"],
        ),
        (
            {"deal_size": PlayerTable.of(26)},
            "dealing 26 cards to each of 2 players from 52 cards leaves no upcard and stock",
            ["deal_size", "decks"],
        ),
        (
            {"deal_size": PlayerTable.of(13)},
            "dealing 13 cards to each of 8 players from 104 cards",
            ["deal_size", "decks"],
        ),
        (
            {"jokers_per_deck": 1, "jokers_wild": False},
            "needs 3 or more of them; 2 players have 1",
            ["jokers_wild"],
        ),
        (
            {"jokers_per_deck": 1, "jokers_wild": False, "min_players": 5},
            "5 players have 2",
            ["jokers_wild"],
        ),
        ({"team_size": 2}, "2 players cannot form teams of 2", ["team_size"]),
        ({"team_size": 2, "min_players": 4, "max_players": 6}, "5 players cannot", ["team_size"]),
        ({"team_size": 3, "min_players": 3, "max_players": 3}, "3 players cannot", ["team_size"]),
    ],
)
def test_a_combination_that_makes_no_sense_is_refused_naming_the_fields(
    changes: dict[str, Any], message: str, fields: list[str]
) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)) as caught:
        RuleConfig(**changes)
    text = str(caught.value)
    for field in fields:
        assert field in text


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(ConfigError) as caught:
        RuleConfig(target=0, floating=True, jokers_per_deck=9, team_size=0)
    text = str(caught.value)
    for field in ("target", "floating", "jokers_per_deck", "team_size"):
        assert field in text
    assert text.count("; ") == 3


def test_a_preset_changed_into_nonsense_is_refused() -> None:
    with pytest.raises(ConfigError, match="wrap_around and aces"):
        attrs.evolve(presets.get("house"), aces=Aces.HIGH_ONLY)
    with pytest.raises(ConfigError, match="team_size: 5 players"):
        attrs.evolve(presets.get("partnership"), max_players=5)
    with pytest.raises(ConfigError, match="floating is played only with discard_to_go_out"):
        attrs.evolve(presets.get("house"), discard_to_go_out=False, floating=True)


# -- the sensible neighbours of each refusal build ---------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        # Jokers make room: 2 x 26 + 2 cards fit in a deck with two jokers.
        {"deal_size": PlayerTable.of(26), "jokers_per_deck": 2, "max_players": 2},
        # 8 x 13 + 2 fit in two decks with a joker each.
        {"deal_size": PlayerTable.of(13), "jokers_per_deck": 1, "min_players": 5},
        # Two decks with two jokers each give 4 jokers: enough for sets of jokers.
        {"jokers_per_deck": 2, "jokers_wild": False, "min_players": 5},
        {"jokers_per_deck": 3, "jokers_wild": False},
        {"jokers_per_deck": 3, "joker_only_melds": True, "max_jokers_per_meld": 3},
        {"floating": True, "discard_to_go_out": True},
        {"must_go_out_to_win": True},
        {"going_out_decides": True},
        {"target": None, "hands_per_game": 2},
        {"target": 1000, "hands_per_game": 10},
        {"wrap_around": True, "join_melds": True, "jokers_per_deck": 2},
        {"aces": Aces.HIGH_ONLY},
        {"team_size": 2, "min_players": 4, "max_players": 4},
        {"team_size": 3, "min_players": 6, "max_players": 6},
        {"decks": PlayerTable.of(1), "max_players": 7},
        {"going_out_bonus": 0, "turn_limit": 1},
    ],
)
def test_a_sensible_combination_builds_and_deals(changes: dict[str, Any]) -> None:
    config = RuleConfig(**changes)
    for players in config.player_counts:
        state = new_game(config, players=players, seed=players)
        assert [len(h) for h in state.hands] == [config.deal_size[players]] * players
        assert len(state.totals) == config.sides(players)


@pytest.mark.parametrize("name", presets.names())
def test_every_preset_is_a_sensible_combination(name: str) -> None:
    config = presets.get(name)
    assert RuleConfig(**attrs.asdict(config, recurse=False)) == config


# -- card values and player tables --------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: CardValues((0, 15, 2, 3)), "by_rank holds 14 values"),
        (lambda: CardValues((1, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)), "index 0 unused"),
        (lambda: CardValues(low_ace=-1), "cannot be negative"),
        (lambda: CardValues(high_ace=-1), "cannot be negative"),
        (lambda: CardValues(joker=-20), "cannot be negative"),
        (lambda: CardValues.flat(-5, 5), "cannot be negative"),
        (lambda: PlayerTable((7,) * 8), "PlayerTable holds 9 values"),
    ],
)
def test_card_values_and_player_tables_refuse_bad_data(build: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        build()


def test_a_player_count_outside_the_rules_is_refused() -> None:
    partners = presets.get("partnership")
    with pytest.raises(ConfigError, match="these rules are for 4 players, not 3"):
        new_game(partners, players=3)
    with pytest.raises(ConfigError, match="these rules are for 2 to 5 players, not 6"):
        new_game(presets.get("bicycle"), players=6)


# -- any combination: refused naming a changed field, or built into a playable game -----------

_TABLES = [
    PlayerTable.of(7, {2: 13}),
    PlayerTable.of(7, {2: 10, 3: 10}),
    PlayerTable.of(10),
    PlayerTable.of(13),
    PlayerTable.of(0),
]
_DECKS = [PlayerTable.of(1, {5: 2, 6: 2, 7: 2, 8: 2}), PlayerTable.of(1), PlayerTable.of(2)]
_VALUES = [
    CardValues.traditional(),
    CardValues.five_point(),
    CardValues.ace_to_nine_five(),
    CardValues.flat(15, 5),
    CardValues(joker=20),
]


def _maybe(strategy: st.SearchStrategy[Any], default: Any) -> st.SearchStrategy[Any]:
    # Mostly the default, so that many drawn combinations are sensible.
    return st.one_of(st.just(default), st.just(default), strategy)


_CHANGES = st.fixed_dictionaries(
    {
        "min_players": _maybe(st.integers(1, 8), 2),
        "max_players": _maybe(st.integers(2, 9), 8),
        "team_size": _maybe(st.sampled_from([0, 2, 3]), 1),
        "deal_size": _maybe(st.sampled_from(_TABLES), DEFAULT.deal_size),
        "decks": _maybe(st.sampled_from(_DECKS), DEFAULT.decks),
        "jokers_per_deck": _maybe(st.integers(-1, 5), 0),
        "first_dealer": st.sampled_from(FirstDealer),
        "aces": st.sampled_from(Aces),
        "wrap_around": st.booleans(),
        "jokers_wild": _maybe(st.just(False), True),
        "max_jokers_per_meld": _maybe(st.integers(0, 4), 1),
        "joker_only_melds": _maybe(st.just(True), False),
        "join_melds": st.booleans(),
        "keep_top_discard": st.booleans(),
        "deepest_card": st.sampled_from(DeepestCard),
        "empty_stock": st.sampled_from(EmptyStock),
        "calling": st.sampled_from(Calling),
        "discard_to_go_out": st.booleans(),
        "floating": st.booleans(),
        "going_out_bonus": _maybe(st.sampled_from([-5, 25]), 0),
        "card_values": st.sampled_from(_VALUES),
        "four_of_a_kind_double": st.booleans(),
        "no_minus_at_stock_end": st.booleans(),
        "target": _maybe(st.sampled_from([None, 0, 100, 1000]), 500),
        "hands_per_game": _maybe(st.sampled_from([0, 1, 3]), None),
        "must_go_out_to_win": st.booleans(),
        "going_out_decides": st.booleans(),
        "turn_limit": _maybe(st.sampled_from([0, 1, 40]), 1000),
        "hand_limit": _maybe(st.sampled_from([0, 1, 2, 5]), 100),
    }
)


@given(changes=_CHANGES)
def test_any_refused_combination_names_a_changed_field(changes: dict[str, Any]) -> None:
    changed = {k for k, v in changes.items() if v != getattr(DEFAULT, k)}
    try:
        config = RuleConfig(**changes)
    except ConfigError as error:
        text = str(error)
        assert any(re.search(rf"\b{name}\b", text) for name in changed), text
    else:
        for players in config.player_counts:
            assert config.deck_size(players) >= players * config.deal_size[players] + 2
            # The deck itself: each of the 52 cards once a deck, and the jokers.
            plain = Counter(dict.fromkeys(CARDS[: CARDS.index(JOKER)], config.decks[players]))
            assert plain.total() == 52 * config.decks[players]
            assert Counter(config.deck(players, jokers=False)) == plain
            deck = config.deck(players)
            assert Counter(deck) == plain + Counter({JOKER: config.jokers(players)})
            assert len(deck) == config.deck_size(players)
            assert list(deck) == sorted(deck)


@st.composite
def sensible_changes(draw: st.DrawFn) -> dict[str, Any]:
    """Rule choices drawn so that they never contradict each other."""
    team_size = draw(st.sampled_from([1, 1, 2, 3]))
    if team_size == 1:
        low = draw(st.integers(2, 8))
        counts = (low, draw(st.integers(low, 8)))
    else:
        counts = draw(st.sampled_from([(4, 4), (6, 6)] if team_size == 2 else [(6, 6)]))
    jokers = draw(st.integers(0, 4))
    wild = jokers < 3 or draw(st.booleans())
    most = draw(st.integers(1, 4))
    wrap = draw(st.booleans())
    discard = draw(st.booleans())
    target = draw(st.sampled_from([500, 100, 1000, None]))
    decides = draw(st.sampled_from(["none", "must", "decides"])) if target else "none"
    return {
        "min_players": counts[0],
        "max_players": counts[1],
        "team_size": team_size,
        "deal_size": draw(st.sampled_from(_TABLES[:3])),
        "decks": draw(st.sampled_from([_DECKS[0], _DECKS[2]])),
        "jokers_per_deck": jokers,
        "first_dealer": draw(st.sampled_from(FirstDealer)),
        "aces": Aces.LOW_OR_HIGH if wrap else draw(st.sampled_from(Aces)),
        "wrap_around": wrap,
        "jokers_wild": wild,
        "max_jokers_per_meld": most,
        "joker_only_melds": wild and most >= 3 and draw(st.booleans()),
        "join_melds": draw(st.booleans()),
        "keep_top_discard": draw(st.booleans()),
        "deepest_card": draw(st.sampled_from(DeepestCard)),
        "empty_stock": draw(st.sampled_from(EmptyStock)),
        "calling": draw(st.sampled_from(Calling)),
        "discard_to_go_out": discard,
        "floating": discard and draw(st.booleans()),
        "going_out_bonus": draw(st.sampled_from([0, 25])),
        "card_values": draw(st.sampled_from(_VALUES)),
        "four_of_a_kind_double": draw(st.booleans()),
        "no_minus_at_stock_end": draw(st.booleans()),
        "target": target,
        "hands_per_game": draw(st.sampled_from([1, 2])) if target is None else None,
        "must_go_out_to_win": decides == "must",
        "going_out_decides": decides == "decides",
        "turn_limit": draw(st.sampled_from([1000, 30])),
        "hand_limit": draw(st.sampled_from([100, 2])),
    }


@given(changes=sensible_changes(), seed=st.integers(0, 2**16))
def test_any_sensible_combination_builds_and_plays(changes: dict[str, Any], seed: int) -> None:
    config = RuleConfig(**changes)
    rng = random.Random(seed)
    for players in {config.min_players, config.max_players}:
        state = new_game(config, players=players, seed=seed)
        assert [len(h) for h in state.hands] == [config.deal_size[players]] * players
        assert len(state.totals) == config.sides(players)
        # A random line of play: every position reached is consistent and has a legal move
        # until the game is over.
        for _ in range(100):
            moves = state.legal_moves()
            if state.phase is Phase.GAME_OVER:
                assert moves == ()
                break
            assert moves, f"no legal move in {state!r}"
            state = state.apply(rng.choice(moves))
            state.validate()


def test_no_more_than_four_decks_are_shuffled_together() -> None:
    with pytest.raises(ConfigError) as caught:
        RuleConfig(decks=PlayerTable.of(1, {5: 10**9, 6: 2, 7: 2, 8: 2}))
    assert str(caught.value) == "decks: at most 4 decks are shuffled together, not 1000000000"
    assert RuleConfig(decks=PlayerTable.of(1, {5: 2, 6: 2, 7: 2, 8: 4})).decks[8] == 4
