"""Every bad argument to a public function raises an error of the package's hierarchy, naming
the argument and what is accepted, and quoting at most a short prefix of a large input."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

import pytest

import rummy500
from rummy500 import (
    CardError,
    ConfigError,
    GameRecord,
    IllegalMoveError,
    PlayerTable,
    Rummy500Error,
    SerializationError,
    State,
    StateError,
    from_data,
    loads,
    new_game,
    parse_cards,
    to_data,
    toolkit,
)
from rummy500.bots import FlatMCBot, ISMCTSBot, RandomBot, hand_value, make_bot, play_game
from rummy500.core.errors import describe_value, quote_value
from rummy500.game.serialize import MAX_TEXT
from rummy500.melds.putdown import put_down
from rummy500.render import (
    game_result_line,
    meld_line,
    move_words,
    score_sheet,
    table_lines,
)

STATE = new_game(players=2, seed=1)
CONFIG = STATE.config
BOTS = "random, greedy, flatmc, ismcts, learned"

#: (what is called, the error class, the whole message).
REFUSALS: list[tuple[Callable[[], Any], type[Rummy500Error], str]] = [
    (
        lambda: make_bot("nosuch"),
        ConfigError,
        f"unknown bot 'nosuch': make_bot's name is one of the built-in bots, {BOTS}",
    ),
    (
        lambda: make_bot(None),
        ConfigError,
        f"unknown bot None: make_bot's name is one of the built-in bots, {BOTS}",
    ),
    (
        lambda: make_bot("random", None),
        ConfigError,
        "make_bot seed must be a whole number, not None",
    ),
    (lambda: RandomBot(1.5), ConfigError, "RandomBot seed must be a whole number, not 1.5"),
    (
        lambda: FlatMCBot(playouts=0),
        ConfigError,
        "FlatMCBot playouts must be 1 or more (a whole number, or None), not 0",
    ),
    (
        lambda: FlatMCBot(playouts=-1),
        ConfigError,
        "FlatMCBot playouts must be 1 or more (a whole number, or None), not -1",
    ),
    (
        lambda: FlatMCBot(playouts=True),
        ConfigError,
        "FlatMCBot playouts must be 1 or more (a whole number, or None), not True",
    ),
    (
        lambda: FlatMCBot(playouts=1.5),
        ConfigError,
        "FlatMCBot playouts must be 1 or more (a whole number, or None), not 1.5",
    ),
    (
        lambda: FlatMCBot(playouts="3"),
        ConfigError,
        "FlatMCBot playouts must be 1 or more (a whole number, or None), not '3'",
    ),
    (
        lambda: FlatMCBot(playouts=None),
        ConfigError,
        "FlatMCBot needs a budget: playouts, seconds or cpu_seconds (one or more)",
    ),
    (
        lambda: FlatMCBot(seconds=math.nan),
        ConfigError,
        "FlatMCBot seconds must be more than 0 (a finite number), not nan",
    ),
    (
        lambda: FlatMCBot(seconds=math.inf),
        ConfigError,
        "FlatMCBot seconds must be more than 0 (a finite number), not inf",
    ),
    (
        lambda: FlatMCBot(seconds=True),
        ConfigError,
        "FlatMCBot seconds must be more than 0 (a finite number), not True",
    ),
    (
        lambda: FlatMCBot(policy=None),
        ConfigError,
        "FlatMCBot policy must be a function of a state and a random.Random that returns a "
        "move, not None",
    ),
    (
        lambda: ISMCTSBot(iterations=2.0),
        ConfigError,
        "ISMCTSBot iterations must be 1 or more (a whole number, or None), not 2.0",
    ),
    (
        lambda: ISMCTSBot(exploration=-1),
        ConfigError,
        "ISMCTSBot exploration must be 0 or more (a finite number), not -1",
    ),
    (
        lambda: ISMCTSBot(exploration=math.nan),
        ConfigError,
        "ISMCTSBot exploration must be 0 or more (a finite number), not nan",
    ),
    (
        lambda: ISMCTSBot(exploration="1"),
        ConfigError,
        "ISMCTSBot exploration must be 0 or more (a finite number), not '1'",
    ),
    (
        lambda: ISMCTSBot(exploration=None),
        ConfigError,
        "ISMCTSBot exploration must be 0 or more (a finite number), not None",
    ),
    (lambda: RandomBot().choose(None), StateError, "a bot chooses from a PlayerView, not None"),
    (
        lambda: RandomBot().choose(STATE.view(1)),
        StateError,
        "player 1 has no move to choose: it is not their turn (the player to move is 0)",
    ),
    (lambda: play_game(None, []), StateError, "play_game plays from a State, not None"),
    (lambda: play_game(STATE, [RandomBot()]), ConfigError, "a 2-player game needs 2 bots, not 1"),
    (
        lambda: play_game(STATE, [RandomBot(), RandomBot()], max_moves="x"),
        ConfigError,
        "play_game's max_moves must be 0 or more (a whole number, or None), not 'x'",
    ),
    (
        lambda: hand_value(STATE),
        StateError,
        "hand_value scores a State whose hand is over, not a State with no hand played",
    ),
    (
        lambda: put_down((), (), parse_cards("8S 8H 8D"), 0, CONFIG),
        IllegalMoveError,
        "the hand does not hold 8♠ 8♥ 8♦",
    ),
    (
        lambda: put_down(parse_cards("8S 8H 9D"), (), parse_cards("8S 8H 9D"), 0, CONFIG),
        IllegalMoveError,
        "a run must be all one suit, and a set all one rank",
    ),
    (
        lambda: put_down(parse_cards("8S"), (), parse_cards("8S"), 0, CONFIG, onto=3),
        IllegalMoveError,
        "there is no table meld 3: the table holds no melds",
    ),
    (
        lambda: put_down((), (), (), 0, None),
        ConfigError,
        "put_down's config must be a RuleConfig, not None",
    ),
    (
        lambda: put_down(None, (), (), 0, CONFIG),
        CardError,
        "put_down's hand must be a tuple of cards, not None",
    ),
    (
        lambda: PlayerTable.of(7, [(2, 13)]),
        ConfigError,
        "PlayerTable.of's overrides must be a mapping of player count to value, such as {2: "
        "13}, not [(2, 13)]",
    ),
    (
        lambda: PlayerTable.of(7, {9: 13}),
        ConfigError,
        "PlayerTable.of's overrides name player counts from 0 to 8, not 9",
    ),
    (lambda: STATE.seen_log(-1), StateError, "there is no player -1 in a 2-player game"),
    (lambda: STATE.seen_log(9), StateError, "there is no player 9 in a 2-player game"),
    (lambda: STATE.seen_log(None), StateError, "there is no player None in a 2-player game"),
    (lambda: STATE.seen_log("0"), StateError, "there is no player '0' in a 2-player game"),
    (lambda: move_words(None), IllegalMoveError, "move_words writes a Move, not None"),
    (lambda: meld_line(None, ["a", "b"]), StateError, "meld_line writes a TableMeld, not None"),
    (
        lambda: table_lines(None, ["a", "b"]),
        StateError,
        "table_lines writes a State or a PlayerView, not None",
    ),
    (
        lambda: table_lines(STATE.view(0), []),
        ConfigError,
        "table_lines's names must be a list of a name (a str) for each of the 2 players, not "
        "0 names",
    ),
    (
        lambda: score_sheet(STATE, "ab"),
        ConfigError,
        "score_sheet's names must be a list of a name (a str) for each of the 2 players, not 'ab'",
    ),
    (
        lambda: game_result_line(None, ["a", "b"]),
        StateError,
        "game_result_line writes a State, not None",
    ),
    (lambda: rummy500.format_cards([999]), CardError, "a card id is an int from 0 to 104, not 999"),
    (
        lambda: rummy500.format_cards(None),
        CardError,
        "format_cards writes an iterable of card ids (ints from 0 to 104), not None",
    ),
    (
        lambda: toolkit.make_deck(1.5),
        CardError,
        "make_deck's decks must be a whole number from 1 to 4, not 1.5",
    ),
    (
        lambda: toolkit.make_deck(10**12),
        CardError,
        "make_deck's decks must be a whole number from 1 to 4, not 1000000000000",
    ),
    (
        lambda: toolkit.make_deck(1, "x"),
        CardError,
        "make_deck's jokers_per_deck must be a whole number from 0 to 4, not 'x'",
    ),
    (
        lambda: rummy500.Suit(9),
        CardError,
        "a suit is a number from 0 (clubs) to 3 (spades), not 9",
    ),
    (
        lambda: toolkit.ActionSpace.for_state(None),
        rummy500.ActionError,
        "for_state needs a State, not None",
    ),
    (
        lambda: toolkit.possible_melds(None, CONFIG),
        CardError,
        "possible_melds' hand is an iterable of Card values (see parse_cards), not None",
    ),
    (
        lambda: toolkit.possible_melds(["8S"], CONFIG),
        CardError,
        "possible_melds' hand holds Card values, not '8S'",
    ),
    (
        lambda: toolkit.possible_melds(STATE.hands[0], None),
        ConfigError,
        "possible_melds needs a RuleConfig, not None",
    ),
    (
        lambda: toolkit.explain_meld(parse_cards("8S 8H 8D"), None),
        ConfigError,
        "explain_meld's config must be a RuleConfig, not None",
    ),
    (
        lambda: toolkit.explain_meld("8S 8H 8D", CONFIG),
        CardError,
        "explain_meld's cards must be a sequence of cards (parse_cards reads a text), "
        "not '8S 8H 8D'",
    ),
    (
        lambda: toolkit.explain_meld([1, 14, 1.5], CONFIG),
        CardError,
        "a card is a text such as 'QH' or a card id (an int from 0 to 104), not 1.5",
    ),
    (
        lambda: toolkit.possible_layoffs(STATE.hands[0], None, CONFIG),
        StateError,
        "possible_layoffs' table is a sequence of TableMeld, not None",
    ),
    (
        lambda: toolkit.possible_layoffs(STATE.hands[0], [("8S 8H 8D", 0)], CONFIG),
        StateError,
        "possible_layoffs' table[0] is a TableMeld, not a tuple",
    ),
    (
        lambda: toolkit.score_breakdown(None, STATE.hands, ()),
        ConfigError,
        "score_breakdown needs a RuleConfig, not None",
    ),
    (
        lambda: toolkit.score_breakdown(CONFIG, None, ()),
        StateError,
        "hands is a list of each player's cards, not None",
    ),
    (
        lambda: toolkit.score_breakdown(CONFIG, [["AS"], []], ()),
        StateError,
        "hands[0] holds Card values, not 'AS'",
    ),
    (
        lambda: toolkit.score_breakdown(CONFIG, STATE.hands, [None]),
        StateError,
        "table[0] is a TableMeld, not None",
    ),
    (
        lambda: toolkit.score_breakdown(
            CONFIG, STATE.hands, [rummy500.TableMeld.of([1, 14, 27], [0, 0, 5])]
        ),
        StateError,
        "table[0] has a card put down by player 5, but hands holds 2 players",
    ),
    (
        lambda: toolkit.score_breakdown(CONFIG, STATE.hands, (), went_out=2),
        StateError,
        "went_out is a player from 0 to 1 or None, not 2",
    ),
    (
        lambda: rummy500.TableMeld.of("8S 8H 8D", [0, 0, 0]),
        StateError,
        "a table meld's cards is a list, not '8S 8H 8D'",
    ),
    (
        lambda: rummy500.TableMeld.of([1, 14, 200], [0, 0, 0]),
        StateError,
        "a table meld's cards are card ids, not 200",
    ),
    (
        lambda: rummy500.TableMeld.of([1, 14, 27], [0, None, 0]),
        StateError,
        "a table meld's owners are player numbers, not None",
    ),
    (
        lambda: rummy500.TableMeld.of([1, 14, 27], [0, 0]),
        StateError,
        "a table meld needs one owner for each card: 3 cards, 2 owners",
    ),
    (
        lambda: CONFIG.side_of(None, 2),
        StateError,
        "there is no player None in a 2-player game",
    ),
    (
        lambda: CONFIG.side_of(2, 2),
        StateError,
        "there is no player 2 in a 2-player game",
    ),
    (
        lambda: CONFIG.side_of(0, 9),
        ConfigError,
        "these rules are for 2 to 8 players, not 9",
    ),
    (
        lambda: rummy500.presets.get("partnership").side_of(0, 3),
        ConfigError,
        "these rules are for 4 players, not 3",
    ),
    (
        lambda: CONFIG.card_values.points(None),
        CardError,
        "a card is a Card or a card id from 0 to 104, not None",
    ),
    (
        lambda: CONFIG.card_values.points(105),
        CardError,
        "a card is a Card or a card id from 0 to 104, not 105",
    ),
]


def _observation_refusals() -> list[tuple[Callable[[], Any], type[Rummy500Error], str]]:
    """The refusals of the observation vectors, which need numpy (the ``rl`` extra)."""
    pytest.importorskip("numpy")
    # Imported here: the module needs numpy, which the bare test install does not have.
    from rummy500.observations import ObservationSpace

    return [
        (
            lambda: ObservationSpace.of(None, 2),
            ConfigError,
            "an observation space needs a RuleConfig, not None",
        ),
        (
            lambda: ObservationSpace.of(CONFIG, 2).part(None),
            ConfigError,
            "no part None: the parts are "
            + ", ".join(p.name for p in ObservationSpace.of(CONFIG, 2).layout()),
        ),
    ]


def _assert_refused(call: Callable[[], Any], kind: type[Rummy500Error], message: str) -> None:
    with pytest.raises(Rummy500Error) as refused:
        call()
    assert type(refused.value) is kind
    assert str(refused.value) == message


@pytest.mark.parametrize(("call", "kind", "message"), REFUSALS)
def test_each_bad_argument_raises_an_error_of_the_hierarchy(
    call: Callable[[], Any], kind: type[Rummy500Error], message: str
) -> None:
    _assert_refused(call, kind, message)


def test_each_bad_argument_of_the_observation_vectors_raises_an_error_of_the_hierarchy() -> None:
    for call, kind, message in _observation_refusals():
        _assert_refused(call, kind, message)


def test_the_engine_helpers_still_answer_for_good_arguments() -> None:
    # The checks above stand in front of the helpers; the answers behind them are unchanged.
    partnership = rummy500.presets.get("partnership")
    assert [partnership.side_of(p, 4) for p in range(4)] == [0, 1, 0, 1]
    assert [CONFIG.side_of(p, 3) for p in range(3)] == [0, 1, 2]
    assert CONFIG.card_values.points(rummy500.Card("AS")) == 15
    assert CONFIG.card_values.points(rummy500.Card("AS"), end=-1) == 1
    assert rummy500.Suit(2) is rummy500.Suit.HEARTS
    meld = rummy500.TableMeld.of([27, 1, 14], [2, 0, 1], id=4)
    assert (meld.cards, meld.owners, meld.id, meld.owner) == (
        (rummy500.Card("2C"), rummy500.Card("2D"), rummy500.Card("2H")),
        (0, 1, 2),
        4,
        2,
    )


def test_a_state_is_left_as_it_was_after_a_refused_seen_log() -> None:
    before = STATE.seen_log(0)
    with pytest.raises(StateError):
        STATE.seen_log(2)
    assert STATE.seen_log(0) == before
    assert STATE.view(0).log == before


# -- the size of what a message quotes ----------------------------------------------------------

HUGE = "x" * 3_000_000


def test_a_string_is_quoted_by_a_short_prefix() -> None:
    assert describe_value(HUGE) == repr("x" * 40) + "…"
    assert quote_value(HUGE) == repr("x" * 40) + "…"


def test_a_huge_document_is_quoted_by_a_few_items() -> None:
    document = {"format": 3, "moves": [HUGE] * 3, "more": list(range(1_000_000))}
    assert quote_value(document) == (
        "{'format': 3, 'more': [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, ...…"
    )
    assert quote_value(10**5000) == "an int of 16610 bits"
    assert quote_value([10**5000]) == "[<an int of 16610 bits>]"


def test_a_multi_megabyte_input_gives_a_short_message_that_says_what_is_wrong() -> None:
    with pytest.raises(ConfigError) as bot:
        make_bot(HUGE)
    assert str(bot.value) == (
        f"unknown bot {'x' * 40!r}…: make_bot's name is one of the built-in bots, {BOTS}"
    )
    with pytest.raises(StateError) as player:
        STATE.view(HUGE)  # type: ignore[arg-type]
    assert str(player.value) == f"there is no player {'x' * 40!r}… in a 2-player game"
    # A 3 MB document whose phase is a list: the message quotes a few of its items.
    document = json.loads(json.dumps(to_data(STATE)))
    document["phase"] = ["x" * 100] * 30_000
    text = json.dumps(document)
    assert len(text) > 3_000_000
    with pytest.raises(SerializationError) as loaded:
        loads(text, State)
    assert str(loaded.value) == (
        "cannot load State at $.phase: unknown phase "
        f"[{'x' * 17 + '...' + 'x' * 18!r}, {'x' * 17 + '...' + 'x' * 16!r}"[:-1]
        + "…: "
        "expected one of 'draw', 'play', 'call', 'hand_over', 'game_over'"
    )


# -- from_data is bounded as loads is -----------------------------------------------------------


def test_from_data_refuses_a_record_of_millions_of_moves_at_once() -> None:
    data = to_data(GameRecord.from_state(STATE))
    data["moves"] = ["draw"] * 5_000_000
    with pytest.raises(SerializationError) as refused:
        from_data(data, GameRecord)
    assert str(refused.value) == (
        f"the data holds more than {MAX_TEXT} values and string characters: from_data reads "
        "no more than loads does (MAX_TEXT)"
    )


def test_from_data_counts_the_characters_of_strings() -> None:
    data = to_data(GameRecord.from_state(STATE))
    data["moves"] = ["x" * 1_000_000] * 5
    with pytest.raises(SerializationError) as refused:
        from_data(data, GameRecord)
    assert str(refused.value).startswith(f"the data holds more than {MAX_TEXT} values")


def test_from_data_reads_what_loads_reads() -> None:
    record = GameRecord.from_state(STATE.apply(STATE.legal_moves()[0]))
    assert from_data(to_data(record), GameRecord) == record
    assert loads(rummy500.dumps(record), GameRecord) == record
