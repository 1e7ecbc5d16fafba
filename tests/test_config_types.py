"""RuleConfig, CardValues and PlayerTable check the type of every field when built: a wrong type
is refused with a ConfigError naming the field, what it must be and what it got, instead of
silently playing another rule or failing later in play."""

from __future__ import annotations

from enum import Enum
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummy500
from rummy500 import (
    Aces,
    Calling,
    CardValues,
    ConfigError,
    DeepestCard,
    EmptyStock,
    FirstDealer,
    PlayerTable,
    RuleConfig,
    presets,
)
from rummy500.core.errors import quote_value

DEFAULT = RuleConfig()
FIELDS = [a.name for a in attrs.fields(RuleConfig)]

_FIRST_DEALER = "must be a FirstDealer or the value of one ('lowest', 'highest')"
_ACES = "must be an Aces or the value of one ('low_or_high', 'high_only')"
_DEEPEST = "must be a DeepestCard or the value of one ('meld_or_lay_off', 'new_meld')"
_EMPTY = "must be an EmptyStock or the value of one ('take_or_end', 'end_at_once', 'reuse_pile')"
_CALLING = (
    "must be a Calling or the value of one "
    "('none', 'discard_or_pile_meld', 'any_pile_card', 'layoff_only')"
)


# -- one wrong type for every field, with the whole message ------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"min_players": 2.0}, "min_players must be a whole number of players, not 2.0"),
        ({"max_players": "8"}, "max_players must be a whole number of players, not '8'"),
        ({"team_size": True}, "team_size must be a whole number of players, not True"),
        ({"deal_size": None}, "deal_size must be a PlayerTable, not None"),
        ({"deal_size": 7}, "deal_size must be a PlayerTable, not 7"),
        ({"decks": [1] * 9}, "decks must be a PlayerTable, not [1, 1, 1, 1, 1, 1, 1, 1, 1]"),
        ({"jokers_per_deck": 1.5}, "jokers_per_deck must be a whole number of jokers, not 1.5"),
        ({"jokers_per_deck": None}, "jokers_per_deck must be a whole number of jokers, not None"),
        ({"first_dealer": 1}, f"first_dealer {_FIRST_DEALER}, not 1"),
        ({"first_dealer": "LOWEST"}, f"first_dealer {_FIRST_DEALER}, not 'LOWEST'"),
        ({"aces": "high"}, f"aces {_ACES}, not 'high'"),
        ({"aces": None}, f"aces {_ACES}, not None"),
        ({"wrap_around": "yes"}, "wrap_around must be True or False, not 'yes'"),
        ({"jokers_wild": 1}, "jokers_wild must be True or False, not 1"),
        (
            {"max_jokers_per_meld": "2"},
            "max_jokers_per_meld must be a whole number of jokers, not '2'",
        ),
        ({"joker_only_melds": None}, "joker_only_melds must be True or False, not None"),
        ({"join_melds": 0}, "join_melds must be True or False, not 0"),
        ({"keep_top_discard": "False"}, "keep_top_discard must be True or False, not 'False'"),
        ({"deepest_card": "x"}, f"deepest_card {_DEEPEST}, not 'x'"),
        ({"empty_stock": None}, f"empty_stock {_EMPTY}, not None"),
        ({"empty_stock": Calling.NONE}, f"empty_stock {_EMPTY}, not <Calling.NONE: 'none'>"),
        ({"calling": "None"}, f"calling {_CALLING}, not 'None'"),
        ({"calling": 0}, f"calling {_CALLING}, not 0"),
        ({"calling": False}, f"calling {_CALLING}, not False"),
        ({"discard_to_go_out": 1.0}, "discard_to_go_out must be True or False, not 1.0"),
        ({"floating": []}, "floating must be True or False, not []"),
        ({"going_out_bonus": 2.5}, "going_out_bonus must be a whole number of points, not 2.5"),
        ({"card_values": None}, "card_values must be a CardValues, not None"),
        (
            {"card_values": (0, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)},
            "card_values must be a CardValues, not (0, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)",
        ),
        ({"four_of_a_kind_double": "no"}, "four_of_a_kind_double must be True or False, not 'no'"),
        ({"no_minus_at_stock_end": {}}, "no_minus_at_stock_end must be True or False, not {}"),
        ({"target": "500"}, "target must be a whole number of points or None, not '500'"),
        ({"target": 500.0}, "target must be a whole number of points or None, not 500.0"),
        (
            {"hands_per_game": True},
            "hands_per_game must be a whole number of hands or None, not True",
        ),
        ({"must_go_out_to_win": 1}, "must_go_out_to_win must be True or False, not 1"),
        ({"going_out_decides": "true"}, "going_out_decides must be True or False, not 'true'"),
        ({"turn_limit": None}, "turn_limit must be a whole number of turns, not None"),
        ({"turn_limit": 1e3}, "turn_limit must be a whole number of turns, not 1000.0"),
        ({"hand_limit": [100]}, "hand_limit must be a whole number of hands, not [100]"),
    ],
)
def test_a_wrong_type_is_refused_naming_the_field(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        RuleConfig(**changes)
    assert str(caught.value) == message


def test_every_field_has_a_wrong_type_test() -> None:
    # The table above covers every field: a new field must come with its check.
    for name in FIELDS:
        with pytest.raises(ConfigError) as caught:
            RuleConfig(**{name: object()})
        assert str(caught.value).startswith(f"{name} must be ")


def test_wrong_types_are_reported_together_and_before_the_combinations() -> None:
    with pytest.raises(ConfigError) as caught:
        RuleConfig(min_players=1, wrap_around="yes", calling="some", target=None, hand_limit=0.5)
    assert str(caught.value) == (
        "wrap_around must be True or False, not 'yes'; "
        f"calling {_CALLING}, not 'some'; "
        "hand_limit must be a whole number of hands, not 0.5"
    )


def test_a_wrong_type_in_evolve_is_refused() -> None:
    with pytest.raises(ConfigError) as caught:
        attrs.evolve(presets.get("pagat"), keep_top_discard="no")
    assert str(caught.value) == "keep_top_discard must be True or False, not 'no'"


# -- enum fields: a member or its value --------------------------------------------------------

_ENUM_FIELDS: list[tuple[str, type[Enum]]] = [
    ("first_dealer", FirstDealer),
    ("aces", Aces),
    ("deepest_card", DeepestCard),
    ("empty_stock", EmptyStock),
    ("calling", Calling),
]


@pytest.mark.parametrize(("name", "member"), [(name, m) for name, cls in _ENUM_FIELDS for m in cls])
def test_an_enum_field_reads_the_value_of_a_member_as_the_member(name: str, member: Enum) -> None:
    by_value = RuleConfig(**{name: member.value})
    assert getattr(by_value, name) is member
    assert by_value == RuleConfig(**{name: member})
    assert attrs.evolve(DEFAULT, **{name: member.value}) == by_value
    assert rummy500.loads(rummy500.dumps(by_value), RuleConfig) == by_value


def test_calling_none_as_text_is_no_calling() -> None:
    config = RuleConfig(calling="none")
    assert config.calling is Calling.NONE
    assert config == DEFAULT
    assert rummy500.dumps(config) == rummy500.dumps(DEFAULT)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"calling": "NONE"}, f"calling {_CALLING}, not 'NONE'"),
        ({"calling": " none"}, f"calling {_CALLING}, not ' none'"),
        ({"aces": "HIGH_ONLY"}, f"aces {_ACES}, not 'HIGH_ONLY'"),
        ({"aces": b"high_only"}, f"aces {_ACES}, not b'high_only'"),
        ({"first_dealer": 0}, f"first_dealer {_FIRST_DEALER}, not 0"),
        ({"empty_stock": "reuse"}, f"empty_stock {_EMPTY}, not 'reuse'"),
    ],
)
def test_an_enum_field_refuses_anything_but_a_member_or_its_value(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        RuleConfig(**changes)
    assert str(caught.value) == message


def test_a_value_given_as_text_still_meets_the_combination_checks() -> None:
    with pytest.raises(ConfigError) as caught:
        RuleConfig(wrap_around=True, aces="high_only")
    assert str(caught.value) == "wrap_around and aces=HIGH_ONLY contradict each other"


# -- card values and player tables ----------------------------------------------------------------

_PIPS = [0, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda: CardValues(None),  # type: ignore[arg-type]
            "CardValues.by_rank must be a tuple (or list) of whole numbers, not None",
        ),
        (
            lambda: CardValues("0123"),  # type: ignore[arg-type]
            "CardValues.by_rank must be a tuple (or list) of whole numbers, not '0123'",
        ),
        (
            lambda: CardValues((0, 15, 2.0, 3)),  # type: ignore[arg-type]
            "CardValues.by_rank must be a tuple (or list) of whole numbers, not (0, 15, 2.0, 3)",
        ),
        (
            lambda: CardValues([0, True, 2]),  # type: ignore[list-item]
            "CardValues.by_rank must be a tuple (or list) of whole numbers, not (0, True, 2)",
        ),
        (
            lambda: CardValues(low_ace=1.0),  # type: ignore[arg-type]
            "CardValues.low_ace must be a whole number of points, not 1.0",
        ),
        (
            lambda: CardValues(high_ace="15"),  # type: ignore[arg-type]
            "CardValues.high_ace must be a whole number of points, not '15'",
        ),
        (
            lambda: CardValues(joker=None),  # type: ignore[arg-type]
            "CardValues.joker must be a whole number of points, not None",
        ),
        (
            lambda: CardValues({}, joker=False),  # type: ignore[arg-type]
            "CardValues.by_rank must be a tuple (or list) of whole numbers, not {}; "
            "CardValues.joker must be a whole number of points, not False",
        ),
        (
            lambda: CardValues(_PIPS[:-1]),
            "CardValues.by_rank holds 14 values indexed by rank: index 0 unused (0), 1 the ace, "
            "13 the king; got (0, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10)",
        ),
        (
            lambda: CardValues([0, -15, *_PIPS[2:]]),
            "CardValues: card values cannot be negative",
        ),
        (
            lambda: PlayerTable(7),  # type: ignore[arg-type]
            "PlayerTable.values must be a tuple (or list) of whole numbers, not 7",
        ),
        (
            lambda: PlayerTable((7,) * 8 + (7.5,)),  # type: ignore[arg-type]
            "PlayerTable.values must be a tuple (or list) of whole numbers, "
            "not (7, 7, 7, 7, 7, 7, 7, 7, 7.5)",
        ),
        (lambda: PlayerTable([7] * 8), "PlayerTable holds 9 values indexed by player count, got 8"),
    ],
)
def test_card_values_and_player_tables_check_their_types(build: Any, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        build()
    assert str(caught.value) == message


def test_a_list_is_taken_as_the_tuple_it_lists() -> None:
    values = CardValues(_PIPS)
    assert values.by_rank == tuple(_PIPS)
    assert values == CardValues.traditional()
    assert hash(values) == hash(CardValues.traditional())
    table = PlayerTable([7, 7, 13, 7, 7, 7, 7, 7, 7])
    assert table.values == (7, 7, 13, 7, 7, 7, 7, 7, 7)
    assert table == PlayerTable.of(7, {2: 13})
    assert RuleConfig(deal_size=table, card_values=values) == DEFAULT


# -- valid configs are unchanged -------------------------------------------------------------------


@pytest.mark.parametrize("name", presets.names())
def test_every_preset_builds_evolves_and_round_trips(name: str) -> None:
    config = presets.get(name)
    assert RuleConfig(**attrs.asdict(config, recurse=False)) == config
    assert attrs.evolve(config) == config
    assert hash(attrs.evolve(config)) == hash(config)
    assert rummy500.loads(rummy500.dumps(config), RuleConfig) == config
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        config.calling = Calling.NONE  # type: ignore[misc]


# -- any garbage in any field: the same rule or a ConfigError --------------------------------

_GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(min_value=2**31),
    st.integers(max_value=-(2**31)),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from([m.value for _, cls in _ENUM_FIELDS for m in cls]),
    st.sampled_from([m.value.upper() for _, cls in _ENUM_FIELDS for m in cls]),
    st.sampled_from([m for _, cls in _ENUM_FIELDS for m in cls]),
    st.lists(st.integers(0, 20), max_size=15),
    st.tuples(st.integers(0, 20), st.integers(0, 20)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.sampled_from([PlayerTable.of(7), PlayerTable.of(2), CardValues.five_point()]),
)


def _proper(name: str, value: Any) -> Any:
    """The value ``value`` stands for in field ``name``, or a marker when it stands for none."""
    default = getattr(DEFAULT, name)
    if isinstance(default, Enum):
        cls = type(default)
        if isinstance(value, cls):
            return value
        if type(value) is str:
            return next((m for m in cls if m.value == value), _NONE)
        return _NONE
    if isinstance(default, bool):
        return value if isinstance(value, bool) else _NONE
    if isinstance(default, int) or default is None:
        if value is None and name in ("target", "hands_per_game"):
            return None
        return value if isinstance(value, int) and not isinstance(value, bool) else _NONE
    return value if type(value) is type(default) else _NONE


_NONE = object()


def _build(changes: dict[str, Any]) -> RuleConfig | str:
    """The config, or the message of the ConfigError that refuses it."""
    try:
        return RuleConfig(**changes)
    except ConfigError as error:
        return str(error)


@given(name=st.sampled_from(FIELDS), value=_GARBAGE)
def test_garbage_in_a_field_builds_the_rule_it_names_or_is_refused(name: str, value: Any) -> None:
    proper = _proper(name, value)
    built = _build({name: value})
    if proper is _NONE:
        # Not a value of the field's type: refused for its type, naming the field.
        assert isinstance(built, str), f"{name}={value!r} was accepted"
        assert built.startswith(f"{name} must be "), built
        # The value as error messages quote it: its repr, cut short past a few dozen characters.
        assert built.endswith(f", not {quote_value(value)}"), built
        assert len(quote_value(value)) <= 81
        return
    # A value of the right type (or an enum member's value): the same rule as the proper value,
    # refused with the same message or built into an equal config.
    assert built == _build({name: proper})
    if isinstance(built, RuleConfig):
        assert getattr(built, name) == proper
        assert type(getattr(built, name)) is type(proper)
        assert attrs.evolve(built) == built
        assert rummy500.loads(rummy500.dumps(built), RuleConfig) == built
