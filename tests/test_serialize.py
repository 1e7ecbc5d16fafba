"""JSON serialization: round trips, the data format, game records, and errors for bad data."""

from __future__ import annotations

import json
import random
from collections import Counter
from enum import Enum
from typing import Any

import attrs
import cattrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import (
    Card,
    CardValues,
    Deal,
    Decline,
    Discard,
    Draw,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    Phase,
    PlayerTable,
    RuleConfig,
    SerializationError,
    State,
    StateError,
    TableMeld,
    Take,
    new_game,
    parse_cards,
    presets,
)
from rummy500.bots import RandomBot, play_game
from rummy500.game.serialize import (
    FORMAT_VERSION,
    MAX_DEPTH,
    MAX_TEXT,
    READ_FORMATS,
    GameRecord,
    converter,
    dumps,
    from_data,
    loads,
    to_data,
)
from rummy500.game.state import PlayerView
from rummy500.melds.shape import canonical_meld
from rummy500.play.position import FIELDS
from rummy500.rules.configdata import card_values_data, config_data
from rummy500.toolkit import CARDS
from strategies import card_values, rule_configs

#: A low target ends random games within a few hands, so lines reach every phase quickly.
SHORT_GAME = RuleConfig(target=60)

CHANGED_CONFIG = RuleConfig(
    min_players=3,
    max_players=6,
    deal_size=PlayerTable.of(6, {3: 10}),
    decks=PlayerTable.of(2, {3: 1}),
    card_values=CardValues(by_rank=(0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14), low_ace=5),
    target=250,
)


def random_line(players: int, seed: int, config: RuleConfig = SHORT_GAME) -> list[State]:
    """Every state of a seeded random game (melds and lay-offs favoured), opening state first."""
    rng = random.Random(seed)
    state = new_game(config, players, seed)
    line = [state]
    while not state.is_terminal() and len(line) < 400:
        moves = state.legal_moves()
        puts = [m for m in moves if isinstance(m, Meld | Layoff)]
        state = state.apply(rng.choice(puts) if puts and rng.random() < 0.7 else rng.choice(moves))
        line.append(state)
    return line


def state_fields(state: State) -> dict[str, Any]:
    """The fields that take part in equality (everything but the undo chain)."""
    return state._fields()


# -- configs -----------------------------------------------------------------------------------


@pytest.mark.parametrize("config", [RuleConfig(), SHORT_GAME, CHANGED_CONFIG])
def test_config_round_trip(config: RuleConfig) -> None:
    assert loads(dumps(config), RuleConfig) == config
    assert from_data(to_data(config), RuleConfig) == config


def test_config_data_is_plain_json() -> None:
    data = to_data(CHANGED_CONFIG)
    assert json.loads(json.dumps(data)) == data
    assert data["deal_size"] == list(CHANGED_CONFIG.deal_size.values)
    assert data["card_values"]["by_rank"][1] == 11
    assert data["card_values"]["low_ace"] == 5
    assert data["first_dealer"] == CHANGED_CONFIG.first_dealer.value


def test_config_fields_may_be_omitted_for_their_defaults() -> None:
    assert from_data({"target": 1000}, RuleConfig) == RuleConfig(target=1000)


def _cattrs_writer() -> cattrs.Converter:
    """A converter writing a config as cattrs writes an attrs class, field by field (enums as
    their values, a player table as its list): the form saved files hold, which a config's own
    writer (rummy500.rules.configdata) must give exactly."""
    writer = cattrs.Converter()
    writer.register_unstructure_hook_func(
        lambda tp: isinstance(tp, type) and issubclass(tp, Enum), lambda e: e.value
    )
    writer.register_unstructure_hook(PlayerTable, lambda t: list(t.values))
    return writer


_CATTRS_WRITER = _cattrs_writer()
any_config = rule_configs() | rule_configs(few_hands=True) | rule_configs(lively=True)


def _same_form(data: Any, expected: Any) -> None:
    # Equal data, as JSON text too: the same keys in the same order, lists where lists were.
    assert data == expected
    assert json.dumps(data) == json.dumps(expected)


@pytest.mark.parametrize("name", presets.names())
def test_a_preset_is_written_as_cattrs_writes_it(name: str) -> None:
    config = presets.get(name)
    _same_form(config_data(config), _CATTRS_WRITER.unstructure(config))
    _same_form(to_data(config), _CATTRS_WRITER.unstructure(config))


@settings(max_examples=200, derandomize=True, deadline=None)
@given(config=any_config)
def test_any_config_is_written_as_cattrs_writes_it_and_reads_back(config: RuleConfig) -> None:
    expected = _CATTRS_WRITER.unstructure(config)
    _same_form(config_data(config), expected)
    _same_form(to_data(config), expected)
    assert from_data(to_data(config), RuleConfig) == config
    assert loads(dumps(config), RuleConfig) == config


@settings(max_examples=50, derandomize=True, deadline=None)
@given(values=card_values())
def test_card_values_are_written_as_cattrs_writes_them(values: CardValues) -> None:
    _same_form(card_values_data(values), _CATTRS_WRITER.unstructure(values))
    _same_form(to_data(values), _CATTRS_WRITER.unstructure(values))
    assert from_data(to_data(values), CardValues) == values


def test_a_saved_state_and_record_write_their_config_the_one_way() -> None:
    state = new_game(CHANGED_CONFIG, players=4, seed=3)
    assert to_data(state)["config"] == config_data(CHANGED_CONFIG)
    assert to_data(GameRecord(CHANGED_CONFIG, 4, 3))["config"] == config_data(CHANGED_CONFIG)


# -- cards and moves ---------------------------------------------------------------------------


def test_every_card_is_its_ascii_text() -> None:
    for card in CARDS:
        assert to_data(card) == card.ascii
        assert from_data(card.ascii, Card) is card
    assert to_data(Card("Q♥")) == "QH"
    assert to_data(Card("TS")) == "10S"
    assert dumps(Card("JK")) == '"JK"'


SAMPLE_MOVES: list[tuple[Move, str]] = [
    (Draw(), "draw"),
    (Decline(), "decline"),
    (Deal(), "deal"),
    (Take(parse_cards("JC 4H KD 2S")), "take JC 4H KD 2S"),
    (Meld(parse_cards("8S 8H 8D")), "meld 8D 8H 8S"),
    (Meld(parse_cards("AH QH KH")), "meld QH KH AH"),
    (Meld(parse_cards("AC 2C 3C")), "meld AC 2C 3C"),
    (Layoff(2, parse_cards("9S")), "layoff 2 9S"),
    (Layoff(0, parse_cards("AS"), True), "layoff 0 AS high"),
    (Layoff(1, parse_cards("8H 4H")), "layoff 1 4H 8H"),
    (Discard(Card("10D")), "discard 10D"),
]


@pytest.mark.parametrize(("move", "text"), SAMPLE_MOVES)
def test_move_is_its_ascii_text(move: Move, text: str) -> None:
    assert to_data(move) == text
    assert from_data(text, Move) == move
    assert from_data(text, type(move)) == move
    assert loads(dumps(move), Move) == move


def test_every_legal_move_of_random_games_round_trips() -> None:
    kinds: set[type[Move]] = set()
    for players in range(2, 9):
        for state in random_line(players, seed=players):
            for move in state.legal_moves():
                kinds.add(type(move))
                assert loads(dumps(move), Move) == move
    assert kinds >= {Draw, Take, Meld, Layoff, Discard, Deal}


def test_move_lists_round_trip_through_the_converter() -> None:
    moves = [m for m, _ in SAMPLE_MOVES]
    assert to_data(moves) == [text for _, text in SAMPLE_MOVES]
    assert converter.structure(to_data(moves), list[Move]) == moves


# -- table melds -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "owners", "is_run", "low", "high"),
    [
        ("8S 8H 8D", (0, 1, 2), False, 8, 8),
        ("AC 2C 3C 4C", (1, 1, 0, 0), True, 1, 4),
        ("QH KH AH", (2, 0, 1), True, 12, 14),
        ("AD AC AS AH", (3, 2, 1, 0), False, 1, 1),
    ],
)
def test_table_meld_round_trip_rebuilds_kind_and_ends(
    text: str, owners: tuple[int, ...], is_run: bool, low: int, high: int
) -> None:
    cards = canonical_meld(parse_cards(text))
    meld = attrs.evolve(TableMeld.new(cards, 0, id=3), owners=owners, owner=owners[-1])
    data = to_data(meld)
    assert data == {
        "id": 3,
        "owner": owners[-1],
        "cards": [c.ascii for c in cards],
        "owners": list(owners),
    }
    back = loads(dumps(meld), TableMeld)
    assert back == meld
    assert (back.is_run, back.low, back.high) == (is_run, low, high)


def test_table_meld_cards_are_put_in_canonical_order_with_their_owners() -> None:
    data = {"id": 2, "owner": 0, "cards": ["KH", "AH", "QH"], "owners": [0, 1, 2]}
    back = from_data(data, TableMeld)
    assert back.cards == parse_cards("QH KH AH")
    assert back.owners == (2, 0, 1)
    assert (back.is_run, back.low, back.high) == (True, 12, 14)
    assert (back.id, back.owner, back.top_id) == (2, 0, 2)


# -- states ------------------------------------------------------------------------------------


def test_states_of_random_games_round_trip_with_2_to_8_players() -> None:
    seen: Counter[str] = Counter()
    for players in range(2, 9):
        for seed in range(3):
            line = random_line(players, seed)
            for state in [*line[:: 1 + seed], line[-1]]:
                text = dumps(state)
                back = loads(text, State)
                assert back == state
                assert state_fields(back) == state_fields(state)
                assert dumps(back) == text
                assert back.legal_moves() == state.legal_moves()
                seen[state.phase.name] += 1
                seen["owed"] += state.owed is not None
                seen["two decks"] += state.config.decks[players] == 2
    # The sample reaches every phase, owed cards and two-deck games.
    assert all(seen[k] > 0 for k in ("DRAW", "PLAY", "HAND_OVER", "GAME_OVER", "owed", "two decks"))


@settings(max_examples=30, derandomize=True, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 10**6),
    where=st.floats(0, 1),
    config=st.sampled_from([RuleConfig(), SHORT_GAME]),
)
def test_any_state_round_trips(players: int, seed: int, where: float, config: RuleConfig) -> None:
    line = random_line(players, seed, config)
    state = line[int(where * (len(line) - 1))]
    back = loads(dumps(state), State)
    assert back == state
    assert back.parent is None
    assert back.view(0) == state.view(0)


def test_state_with_changed_config_round_trips() -> None:
    for players in (3, 6):
        state = random_line(players, 11, CHANGED_CONFIG)[25]
        back = loads(dumps(state), State)
        assert back == state
        assert back.config == CHANGED_CONFIG


def test_state_built_from_a_position_round_trips() -> None:
    opening = new_game(players=2, seed=3)
    state = State.from_position(
        RuleConfig(),
        hands=opening.hands,
        stock=opening.stock,
        pile=opening.pile,
        current_player=1,
        totals=(120, -35),
        history=((100, -20), (20, -15)),
        seed=99,
    )
    back = loads(dumps(state), State)
    assert back == state
    assert (back.totals, back.history, back.seed) == ((120, -35), ((100, -20), (20, -15)), 99)


def test_state_data_leaves_out_the_undo_chain_and_marks_the_format() -> None:
    line = random_line(4, 5)
    data = to_data(line[10])
    assert data["format"] == FORMAT_VERSION
    assert "parent" not in data
    assert "last_move" not in data
    assert json.loads(json.dumps(data)) == data


#: A partnership game short enough for a random line to finish it.
PARTNERS_SHORT = attrs.evolve(presets.get("partnership"), target=300)


def test_a_partnership_state_keeps_each_players_scores() -> None:
    final = random_line(4, 3, PARTNERS_SHORT)[-1]
    assert final.history == ((121, 130), (158, 176))
    data = to_data(final)
    assert data["player_history"] == [[55, 78, 66, 52], [41, 72, 117, 104]]
    back = loads(dumps(final), State)
    assert back == final
    assert back.player_history == ((55, 78, 66, 52), (41, 72, 117, 104))


def test_a_format_1_state_loads_with_each_players_scores_where_it_can() -> None:
    assert (FORMAT_VERSION, READ_FORMATS) == (5, (1, 2, 3, 4, 5))
    # Without partnerships each player is a side: the history holds every player's scores.
    alone = random_line(3, 4)[-1]
    assert len(alone.history) > 1
    data = to_data(alone)
    data["format"] = 1
    del data["player_history"], data["log"], data["history_start"], data["start_totals"]
    assert from_data(data, State) == alone
    # A partnership game's format 1 save kept only the team scores: the players' are unknown
    # for the hands it holds, and the hands finished after loading add theirs.
    line = random_line(4, 0, PARTNERS_SHORT)
    first = next(i for i, s in enumerate(line) if s.phase is Phase.HAND_OVER)
    data = to_data(line[first])
    data["format"] = 1
    del data["player_history"], data["log"], data["history_start"], data["start_totals"]
    loaded = from_data(data, State)
    assert loaded == line[first]._replace(player_history=())
    assert (loaded.history, loaded.player_history) == (((146, 116),), ())
    for later in line[first + 1 :]:
        assert later.last_move is not None
        loaded = loaded.apply(later.last_move)
    assert loaded.history == line[-1].history
    assert (
        loaded.player_history
        == line[-1].player_history[1:]
        == (
            (0, 33, 84, 93),
            (-1, -23, 13, 20),
            (15, 62, 13, 48),
        )
    )


def test_a_format_1_state_with_player_scores_is_refused() -> None:
    data = to_data(random_line(4, 3, PARTNERS_SHORT)[-1])
    data["format"] = 1
    assert load_error(data) == (
        "cannot load State at $: a format 1 state has no player_history field: each player's "
        "scores came with format 2"
    )


def test_a_saved_state_whose_players_scores_do_not_make_the_teams_is_refused() -> None:
    data = to_data(random_line(4, 3, PARTNERS_SHORT)[-1])
    data["player_history"][0] = [55, 78, 66, 51]
    assert load_error(data) == (
        "cannot load State at $: inconsistent state: hand 0 (counting from 0): the players' "
        "scores [55, 78, 66, 51] make the team scores [121, 129], but the history records "
        "[121, 130]: a team scores the sum of its players' scores"
    )


def test_a_format_1_game_record_replays_each_players_scores() -> None:
    final = random_line(4, 3, PARTNERS_SHORT)[-1]
    data = to_data(GameRecord.from_state(final))
    assert data["format"] == 5
    data["format"] = 1
    replayed = from_data(data, GameRecord).replay()
    assert replayed == final
    assert replayed.player_history == ((55, 78, 66, 52), (41, 72, 117, 104))


def test_json_is_stable() -> None:
    # Equal states built separately give the same text, with keys in a fixed order.
    a = random_line(5, 8)[40]
    b = random_line(5, 8)[40]
    assert a is not b
    assert dumps(a) == dumps(b) == dumps(loads(dumps(a), State))
    keys = list(json.loads(dumps(a)))
    # A game that did not end early has no ending: its document holds what format 4 held.
    assert keys == ["format", *(name for name in FIELDS if name != "ending"), "log"]
    assert dumps(a, indent=2) == dumps(b, indent=2)


def test_unsorted_hands_are_sorted_on_loading() -> None:
    state = random_line(3, 2)[5]
    data = to_data(state)
    data["hands"] = [list(reversed(h)) for h in data["hands"]]
    assert from_data(data, State) == state


# -- game records ------------------------------------------------------------------------------


def test_record_replays_to_the_same_final_state() -> None:
    for players in range(2, 9):
        final = random_line(players, seed=100 + players)[-1]
        record = GameRecord.from_state(final)
        assert record.players == players
        assert record.seed == 100 + players
        assert record.dealer is None
        assert tuple(record.moves) == final.move_stack
        loaded = loads(dumps(record), GameRecord)
        assert loaded == record
        replayed = loaded.replay()
        assert replayed == final
        assert replayed.move_stack == final.move_stack
        assert dumps(replayed) == dumps(final)


def test_record_of_a_game_over_several_hands() -> None:
    final = random_line(3, 2)[-1]
    record = GameRecord.from_state(final)
    assert any(isinstance(m, Deal) for m in record.moves)
    assert loads(dumps(record), GameRecord).replay() == final


def test_record_replays_without_the_undo_chain() -> None:
    line = random_line(3, 2)
    record = GameRecord.from_state(line[-1])
    replayed = record.replay(undo=False)
    assert replayed == line[-1]
    assert dumps(replayed) == dumps(line[-1])
    assert replayed.move_stack == (record.moves[-1],)
    assert replayed.undo() == line[-2]
    assert replayed.undo().move_stack == ()


def test_record_replay_refuses_an_undo_that_is_not_a_bool() -> None:
    record = GameRecord.from_state(random_line(2, 5)[3])
    with pytest.raises(StateError) as caught:
        record.replay(undo=1)  # type: ignore[arg-type]
    assert str(caught.value) == "replay's undo must be True or False, not 1"


def test_record_of_a_mid_game_state_and_of_the_opening() -> None:
    line = random_line(4, 21)
    for state in (line[0], line[17]):
        record = GameRecord.from_state(state)
        assert len(record.moves) == line.index(state)
        assert loads(dumps(record), GameRecord).replay() == state


def test_record_keeps_a_given_dealer() -> None:
    state = new_game(SHORT_GAME, 4, 9, dealer=2)
    rng = random.Random(0)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_moves()))
    record = GameRecord.from_state(state)
    assert record.dealer == 2
    assert to_data(record)["dealer"] == 2
    assert loads(dumps(record), GameRecord).replay() == state


def test_record_data_format() -> None:
    state = new_game(players=2, seed=4)
    state = state.apply(Draw())
    data = to_data(GameRecord.from_state(state))
    assert data["format"] == FORMAT_VERSION
    assert data["moves"] == ["draw"]
    assert data["config"] == to_data(RuleConfig())
    assert (data["players"], data["seed"], data["dealer"]) == (2, 4, None)


def test_record_needs_a_new_game_at_its_root() -> None:
    # The cards lie as new_game deals them for seed 3, but the position claims seed 99.
    opening = new_game(players=2, seed=3)
    built = State.from_position(
        RuleConfig(), hands=opening.hands, stock=opening.stock, pile=opening.pile, seed=99
    )
    with pytest.raises(StateError, match="does not start from a new game"):
        GameRecord.from_state(built.apply(Draw()))


def test_replaying_a_bad_record_names_the_move() -> None:
    record = GameRecord(RuleConfig(), 3, 0, moves=(Draw(), Draw()))
    with pytest.raises(IllegalMoveError, match=r"move 2 of the record, 'draw'.*already drawn"):
        record.replay()


# -- malformed data ----------------------------------------------------------------------------


def state_data() -> dict[str, Any]:
    # An opening state: nothing melded yet, so every hand must hold the 7 cards dealt.
    data: dict[str, Any] = to_data(new_game(players=3, seed=1))
    return data


def load_error(data: Any, cls: type[Any] = State) -> str:
    with pytest.raises(SerializationError) as info:
        from_data(data, cls)
    return str(info.value)


def test_unknown_card_names_the_card_and_where_it_is() -> None:
    data = state_data()
    data["hands"][1][2] = "ZZ"
    message = load_error(data)
    assert "$.hands[1][2]" in message
    assert "cannot read 'ZZ' as a card" in message


def test_card_written_as_a_number_is_refused() -> None:
    data = state_data()
    data["stock"][0] = 12
    message = load_error(data)
    assert "$.stock[0]" in message
    assert "a card is written as text" in message


def test_card_appearing_twice_in_one_deck() -> None:
    data = state_data()
    data["hands"][0][0] = data["hands"][1][0]
    message = load_error(data)
    assert "inconsistent state" in message
    assert f"{Card(data['hands'][1][0])} appears 2 times, but the decks hold 1" in message


def test_card_appearing_three_times_in_two_decks() -> None:
    state = random_line(6, 3)[0]
    twice = next(c for c, k in Counter(state.stock).items() if k == 2)
    data = to_data(state)
    data["hands"][0][0] = twice.ascii
    assert f"{twice} appears 3 times, but the decks hold 2" in load_error(data)


def test_joker_without_jokers_in_the_decks() -> None:
    data = state_data()
    data["stock"][0] = "JK"
    assert "is not a card of this game's decks" in load_error(data)


def test_hand_of_the_wrong_size() -> None:
    data = state_data()
    data["hands"][0].append(data["stock"].pop())
    message = load_error(data)
    assert "inconsistent state" in message
    assert "player 0 holds 8 cards" in message


def test_cards_missing_from_the_position() -> None:
    data = state_data()
    gone = data["stock"].pop(0)
    assert f"cards missing from the position: {Card(gone)}" in load_error(data)


def test_hand_written_as_text_is_refused() -> None:
    data = state_data()
    data["hands"][0] = " ".join(data["hands"][0])
    message = load_error(data)
    assert "$.hands[0]" in message
    assert "expected a list" in message


def test_table_meld_that_is_not_a_meld() -> None:
    data = state_data()
    data["table"] = [{"id": 0, "owner": 0, "cards": ["AC", "2D", "3H"], "owners": [0, 0, 0]}]
    message = load_error(data)
    assert "$.table[0]" in message
    assert "AC 2D 3H is not a meld" in message


def test_table_meld_owner_out_of_range() -> None:
    line = random_line(3, 4)
    state = next(s for s in line if s.table)
    data = to_data(state)
    data["table"][0]["owners"][0] = 7
    assert "table meld 0 needs an owner from 0 to 2" in load_error(data)


def test_table_meld_with_missing_owners() -> None:
    meld = {"id": 0, "owner": 0, "cards": ["AC", "2C", "3C"], "owners": [0, 1]}
    assert "needs an owner" in load_error(meld, TableMeld)
    message = load_error({"id": 0, "owner": 0, "cards": ["AC"]}, TableMeld)
    assert "missing fields in a table meld: owners" in message


def test_player_numbers_out_of_range() -> None:
    for field in ("current", "dealer", "winner", "went_out"):
        data = state_data()
        data[field] = 5
        message = load_error(data)
        assert f"{field} must be a player from 0 to 2" in message


def test_wrong_and_missing_format_version() -> None:
    data = state_data()
    data["format"] = 6
    assert "unsupported state format 6: this library reads formats 1, 2, 3, 4 and 5" in load_error(
        data
    )
    del data["format"]
    assert "has no 'format' field" in load_error(data)
    record = to_data(GameRecord(RuleConfig(), 2, 0))
    record["format"] = 0
    assert "unsupported game record format 0" in load_error(record, GameRecord)


def test_unknown_and_missing_fields() -> None:
    data = state_data()
    data["colour"] = "red"
    message = load_error(data)
    assert "at $:" in message
    assert "unknown fields: colour" in message
    data = state_data()
    del data["stock"]
    assert "at $.stock: required field missing" in load_error(data)


def test_unknown_config_field() -> None:
    data = state_data()
    data["config"]["jokers_wild_too"] = 2
    message = load_error(data)
    assert "at $.config: unknown fields: jokers_wild_too" in message
    assert "unknown fields: wild" in load_error({"wild": 2}, RuleConfig)


def test_config_the_rules_reject() -> None:
    data = state_data()
    data["config"]["target"] = -5
    assert "at $.config: target must be a positive number" in load_error(data)
    message = load_error({"min_players": 6, "max_players": 3}, RuleConfig)
    assert "min_players and max_players must satisfy" in message
    message = load_error({"deal_size": [7, 7, 13]}, RuleConfig)
    assert "at $.deal_size: PlayerTable holds 9 values" in message


@pytest.mark.parametrize(
    ("field", "value"),
    # ``target`` may be null (no target), so null is tried on a number that may not.
    [("target", "500"), ("target", 500.0), ("target", True), ("turn_limit", None)],
)
def test_numbers_are_checked_strictly(field: str, value: object) -> None:
    message = load_error({field: value}, RuleConfig)
    assert f"at $.{field}: expected a whole number" in message


def test_unknown_enum_values() -> None:
    data = state_data()
    data["phase"] = "bidding"
    assert "at $.phase: unknown phase 'bidding'" in load_error(data)
    data = state_data()
    data["config"]["first_dealer"] = "middle"
    assert "at $.config.first_dealer: unknown FirstDealer 'middle'" in load_error(data)


def test_bad_move_text_in_a_record() -> None:
    record = to_data(GameRecord.from_state(random_line(3, 6)[12]))
    record["moves"][4] = "discard ZZ"
    message = load_error(record, GameRecord)
    assert "at $.moves[4]" in message
    assert "cannot read 'ZZ' as a card" in message
    record["moves"][4] = "shuffle"
    assert "unknown move 'shuffle'" in load_error(record, GameRecord)
    record["moves"][4] = 3
    assert "a move is written as text" in load_error(record, GameRecord)


def test_record_with_impossible_players_or_dealer() -> None:
    record = to_data(GameRecord(RuleConfig(), 3, 0))
    assert "these rules are for 2 to 8 players, not 9" in load_error(
        {**record, "players": 9}, GameRecord
    )
    assert "the dealer must be a player from 0 to 2" in load_error(
        {**record, "dealer": 3}, GameRecord
    )


def test_move_of_the_wrong_kind() -> None:
    assert "expected a Meld move ('meld ...'), got 'draw'" in load_error("draw", Meld)


def test_not_json_and_not_an_object() -> None:
    with pytest.raises(SerializationError, match="not valid JSON"):
        loads("{", State)
    assert "a state document is a JSON object" in load_error([1, 2])


def test_objects_that_are_not_supported_cannot_be_written() -> None:
    with pytest.raises(SerializationError, match="cannot write object as JSON"):
        dumps(object())


# -- games drawn at the hand limit -------------------------------------------------------------


def drawn_game() -> State:
    """A one-hand game between random bots that ends drawn: both players score 116."""
    start = new_game(RuleConfig(hand_limit=1), players=2, seed=218)
    return play_game(start, [RandomBot(218), RandomBot(219)])


def test_a_drawn_game_saves_and_loads() -> None:
    final = drawn_game()
    assert (final.phase, final.winner, final.totals, final.hand_number) == (
        Phase.GAME_OVER,
        None,
        (116, 116),
        0,
    )
    text = dumps(final)
    data = json.loads(text)
    assert (data["phase"], data["winner"], data["config"]["hand_limit"]) == ("game_over", None, 1)
    loaded = loads(text, State)
    assert loaded == final
    assert loaded.is_terminal()
    assert loaded.legal_moves() == ()
    record = GameRecord.from_state(final)
    again = loads(dumps(record), GameRecord)
    assert again == record
    assert again.replay() == final


def test_a_config_saved_without_a_hand_limit_loads_with_the_default() -> None:
    data = to_data(RuleConfig(target=1000))
    assert data["hand_limit"] == 100
    del data["hand_limit"]
    assert from_data(data, RuleConfig) == RuleConfig(target=1000)


def test_a_saved_state_past_the_hand_limit_is_refused() -> None:
    data = to_data(drawn_game())
    data["hand_number"] = 1
    assert load_error(data) == (
        "cannot load State at $: inconsistent state: hand_number 1 (counting from 0) in phase "
        "game_over: with hand_limit 1, the game ends when hand_number 0 is over"
    )
    data = to_data(drawn_game())
    data["config"]["hand_limit"] = 0
    assert load_error(data) == ("cannot load State at $.config: hand_limit must be positive, not 0")


# -- limits and wrong arguments ----------------------------------------------------------------


def loads_error(text: Any, cls: Any = State) -> str:
    with pytest.raises(SerializationError) as info:
        loads(text, cls)
    return str(info.value)


def test_nesting_deeper_than_the_limit_is_refused_before_parsing() -> None:
    assert MAX_DEPTH == 20
    deep = "[" * 100_000 + "]" * 100_000
    expected = (
        "the JSON text nests lists and objects more than 20 deep: no saved object is nested "
        "that deep"
    )
    assert loads_error(deep) == expected
    assert loads_error('{"hands": ' + "[" * 21 + "]" * 21 + "}") == expected
    # Brackets inside strings do not count.
    assert loads_error('"' + "[" * 50 + '"', Card) == (
        "cannot load Card at $: a card's text is at most 20 characters, not 50: "
        "'[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['…"
    )


def test_nesting_up_to_the_limit_is_read() -> None:
    nested: list[Any] = []
    for _ in range(19):
        nested = [nested]
    assert loads("[" * 20 + "]" * 20, list) == nested
    assert from_data(nested, list) == nested


def test_data_nested_deeper_than_the_limit_is_refused() -> None:
    data: Any = "QH"
    for _ in range(21):
        data = [data]
    expected = (
        "the data is nested more than 20 lists and objects deep: no saved object is nested "
        "that deep"
    )
    with pytest.raises(SerializationError) as info:
        from_data({"format": 1, "hands": data}, State)
    assert str(info.value) == expected
    cyclic: list[Any] = []
    cyclic.append(cyclic)
    with pytest.raises(SerializationError) as info:
        from_data(cyclic, State)
    assert str(info.value) == expected


def test_text_longer_than_the_limit_is_refused() -> None:
    assert MAX_TEXT == 4_000_000
    padded = " " * MAX_TEXT + "{}"
    assert loads_error(padded) == (
        "the JSON text is 4000002 characters long: loads reads at most 4000000"
    )
    assert loads_error(padded.encode()) == (
        "the JSON text is 4000002 bytes long: loads reads at most 4000000"
    )


def test_bytes_are_read_and_bad_bytes_refused() -> None:
    state = new_game(seed=4)
    assert loads(dumps(state).encode(), State) == state
    assert loads(bytearray(dumps(state).encode("utf-16")), State) == state
    assert loads_error(b'"\xff"') == (
        "not valid JSON: 'utf-8' codec can't decode byte 0xff in position 1: invalid start byte"
    )


def test_wrong_argument_types_are_refused() -> None:
    assert loads_error(None) == "loads reads JSON text (a str or bytes), not None"
    assert loads_error(12) == "loads reads JSON text (a str or bytes), not 12"
    assert loads_error("{}", int) == "cannot load int at $: expected a whole number, got {}"
    assert loads_error("{}", "State") == (
        "loads needs the class to build, such as rummy500.State, as its second argument, not "
        "'State'"
    )
    with pytest.raises(SerializationError) as info:
        from_data({}, 5)  # type: ignore[call-overload]
    assert str(info.value) == (
        "from_data needs the class to build, such as rummy500.State, as its second argument, not 5"
    )
    with pytest.raises(SerializationError) as info:
        from_data({}, object)
    assert str(info.value) == "cannot load object: it has no JSON form"


def test_a_player_view_saves_and_loads() -> None:
    line = random_line(3, 8)
    for state in (line[0], line[1], line[len(line) // 2], line[-1]):
        for player in range(state.players):
            view = state.view(player)
            data = to_data(view)
            assert data["player"] == player
            assert data["hand"] == [c.ascii for c in state.hands[player]]
            assert not {"stock", "hands", "seed"} & set(data)
            assert loads(dumps(view), PlayerView) == view


def test_games_with_more_decks_than_the_rules_allow_are_refused() -> None:
    # A document cannot ask for decks too large to build: the rules allow four at most.
    data = to_data(new_game(players=2, seed=1))
    data["config"]["decks"][2] = 2**63
    with pytest.raises(SerializationError) as info:
        from_data(data, State)
    assert str(info.value) == (
        "cannot load State at $.config: decks: at most 4 decks are shuffled together, not "
        "9223372036854775808"
    )
    record = to_data(GameRecord.from_state(new_game(players=2, seed=1)))
    record["config"]["decks"][2] = 20_000
    with pytest.raises(SerializationError) as info:
        from_data(record, GameRecord)
    assert str(info.value) == (
        "cannot load GameRecord at $.config: decks: at most 4 decks are shuffled together, not "
        "20000"
    )
