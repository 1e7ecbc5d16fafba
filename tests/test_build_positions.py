"""Building positions with State.from_position: cards as text, the stock left out, table melds
as written, finished hands and open call windows, each as play would have made it."""

from __future__ import annotations

import doctest
import re
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

from rummy500 import (
    Card,
    CardError,
    EmptyStock,
    OwedUse,
    Phase,
    RuleConfig,
    State,
    StateError,
    TableMeld,
    format_cards,
    parse_cards,
    presets,
)
from rummy500.game import state as state_module
from rummy500.toolkit import make_deck

DOCS_PAGE = Path(__file__).parent.parent / "docs" / "build-positions.md"
STANDARD = RuleConfig()
PAGAT = presets.get("pagat")  # wild jokers (two per deck) and calling rummy
HANDS = ["AS 2S 3S 4S 5S 6S 7S", "AH 2H 3H 4H 5H 6H 7H", "AD 2D 3D 4D 5D 6D 7D"]
THIRD = "AD 2D 4D 5D 6D 7D 8D"


def refusal(config: RuleConfig = STANDARD, exc: type[Exception] = StateError, **args: Any) -> str:
    with pytest.raises(exc) as info:
        State.from_position(config, **args)
    assert type(info.value) is exc
    return str(info.value)


def ascii_cards(cards: Any) -> str:
    return format_cards(cards, ascii=True)


# -- cards as text, everywhere ---------------------------------------------------------------


def test_cards_as_text_card_values_and_ids_build_the_same_position() -> None:
    as_text = State.from_position(
        STANDARD,
        hands=["JS JH 5S 2C 3D 8H 9C JC", ["AC", "3C", "4C", "6H", "7H", "10S", "QS"], THIRD],
        pile="6S 9D",
        phase=Phase.PLAY,
        owed="JC",
        owed_use=OwedUse.MELD,
        seed=4,
    )
    ids = State.from_position(
        STANDARD,
        hands=[list(as_text.hands[0]), [int(c) for c in as_text.hands[1]], as_text.hands[2]],
        stock=[int(c) for c in as_text.stock],
        pile=[Card("6S"), Card("9D")],
        phase=Phase.PLAY,
        owed=Card("JC"),
        owed_use=OwedUse.MELD,
        seed=4,
    )
    assert as_text == ids
    one_text = State.from_position(
        STANDARD,
        hands=[ascii_cards(h) for h in as_text.hands],
        stock=ascii_cards(as_text.stock),
        pile=["6S", "9D"],
        phase=Phase.PLAY,
        owed=int(Card("JC")),
        owed_use=OwedUse.MELD,
        seed=4,
    )
    assert one_text == as_text
    assert ascii_cards(as_text.hands[0]) == "2C 9C JC 3D 8H JH 5S JS"
    assert ascii_cards(as_text.pile) == "6S 9D"
    assert as_text.owed == Card("JC")
    # A kept card is read the same way.
    kept = State.from_position(
        RuleConfig(keep_top_discard=True),
        hands=["KD 2C 3C 4C 5C 6C 7C 8C", HANDS[1], HANDS[2]],
        pile="9D",
        phase=Phase.PLAY,
        kept="KD",
    )
    assert kept.kept == Card("KD")


def test_a_card_text_that_cannot_be_read_names_where_it_is() -> None:
    assert refusal(exc=CardError, hands=["AS 2S ZZ", "", ""], pile="") == (
        "hands[0]: cannot read 'ZZ' as a card: write a rank (A, 2-10 or T, J, Q, K) then a "
        "suit (C, D, H, S or ♣, ♦, ♥, ♠), as in 'QH', '10h' or 'Q♥'; 'JK' for a joker, 'JK=6S' "
        "for a joker standing for the 6♠"
    )
    assert refusal(exc=CardError, hands=HANDS, pile="8C", table=[(["9C", "XC", "JC"], 0)]) == (
        "table[0] cards[1]: cannot read 'XC' as a card: write a rank (A, 2-10 or T, J, Q, K) "
        "then a suit (C, D, H, S or ♣, ♦, ♥, ♠), as in 'QH', '10h' or 'Q♥'; 'JK' for a joker, "
        "'JK=6S' for a joker standing for the 6♠"
    )


# -- the stock left out ----------------------------------------------------------------------


def test_a_stock_left_out_is_the_rest_of_the_deck_shuffled_by_the_seed() -> None:
    state = State.from_position(STANDARD, hands=HANDS, pile="8C")
    placed = [c for h in state.hands for c in h] + list(state.pile)
    assert Counter(state.stock) == Counter(make_deck(1)) - Counter(placed)
    assert ascii_cards(state.stock[-3:]) == "8D 10C 10D"
    # Given as it came out, the stock builds the very same position.
    assert State.from_position(STANDARD, hands=HANDS, pile="8C", stock=state.stock) == state
    again = State.from_position(STANDARD, hands=HANDS, pile="8C")
    assert again.stock == state.stock
    other = State.from_position(STANDARD, hands=HANDS, pile="8C", seed=1)
    assert ascii_cards(other.stock[-3:]) == "4C 9H 10S"
    assert sorted(other.stock) == sorted(state.stock)


def test_a_stock_left_out_holds_the_decks_for_that_many_players_jokers_included() -> None:
    config = RuleConfig(jokers_per_deck=2)
    hands = [*["AS 2S 3S 4S 5S 6S 7S"] * 2, *["AD 2D 3D 4D 5D 6D 7D"] * 2, "AC 2C 3C 4C 5C 6C 7C"]
    state = State.from_position(config, hands=hands, pile="8C", table=[("5H 6H JK=7H", 0)])
    assert config.decks[5] == 2
    assert len(state.stock) == 2 * 54 - 5 * 7 - 1 - 3
    # The joker standing for the 7♥ on the table is one of the four jokers of the two decks.
    assert Counter(state.stock)[Card("JK")] == 3


def test_a_stock_left_out_does_not_hide_a_card_placed_too_often() -> None:
    assert refusal(hands=["AS 2S 3S 4S 5S 6S 7S", "AS " + HANDS[1][3:], HANDS[2]], pile="8C") == (
        "A♠ appears 2 times, but the decks hold 1"
    )


# -- table melds as written --------------------------------------------------------------------


def test_table_melds_as_text_or_card_lists_with_one_owner_or_one_per_card() -> None:
    state = State.from_position(
        PAGAT,
        hands=["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"],
        pile="KH",
        table=[("JK=7H 5H 6H", 0), (["8S", "8D", "JK=8H"], [1, 2, 2])],
    )
    assert state.table == (
        TableMeld.of(parse_cards("5H 6H JK=7H"), (0, 0, 0)),
        # The second meld's id is its place, and it was laid down by the owner of its first
        # card as listed (the 8♠).
        TableMeld.of(parse_cards("8D 8S JK=8H"), (2, 1, 2), id=1, owner=1),
    )
    assert ascii_cards(state.table[0].cards) == "5H 6H JK=7H"
    assert state.table[1].owners == (2, 2, 1)
    # A TableMeld is taken as it is.
    same = State.from_position(
        PAGAT,
        hands=["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"],
        pile="KH",
        table=state.table,
    )
    assert same == state


def test_a_joker_on_the_table_counts_as_one_of_the_decks_jokers() -> None:
    # Both jokers are in the stock already: the one on the table is one too many.
    with_stock = State.from_position(
        PAGAT, hands=["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"], pile="KH", table=[("5H 6H 7H", 0)]
    )
    assert (
        refusal(
            PAGAT,
            hands=["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"],
            pile="KH",
            stock=[*with_stock.stock, Card("7H")],
            table=[("5H 6H JK=7H", 0)],
        )
        == "🃏 appears 3 times, but the decks hold 2"
    )


@pytest.mark.parametrize(
    ("meld", "message"),
    [
        (
            "5H 6H 7H",
            "table[0] must be a TableMeld, a (cards, owner) pair such as ('5H 6H JK=7H', 0) or "
            "a mapping with cards, owners, owner and id, not '5H 6H 7H'",
        ),
        (
            ("5H 6H 7H", "0"),
            "table[0] owner must be a player number, or a list of one player number for each "
            "card, not '0'",
        ),
        (
            ("5H 6H 7H", [0, True, 0]),
            "table[0] owner[1] must be a player number, not True",
        ),
        (("5H 6H 7H", [0, 1]), "a table meld needs exactly one owner for each card"),
        (("5H 6H 8H", 0), "5♥ 6♥ 8♥ is not a meld: the cards of a run must be consecutive"),
        (("5H 6H 7H", 3), "table meld 0 needs an owner from 0 to 2 for each card"),
    ],
)
def test_table_melds_that_cannot_be_read_are_refused(meld: Any, message: str) -> None:
    assert refusal(hands=["2S 3S 4S", "QH QD", "8C 4D 6C"], pile="KH", table=[meld]) == message


# -- the other arguments, by type ------------------------------------------------------------

PLAYER = "a player from 0 to 2 or None"
OWED_USE = "an OwedUse (OwedUse.ANY, OwedUse.MELD, OwedUse.LAYOFF) or the value of one (0, 1, 2)"
ROWS = "a list of rows of scores, each a list of whole numbers"


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        ({"current_player": True}, f"current_player must be {PLAYER}, not True"),
        ({"current_player": "1"}, f"current_player must be {PLAYER}, not '1'"),
        ({"current_player": 1.0}, f"current_player must be {PLAYER}, not 1.0"),
        ({"current_player": 3}, f"current_player must be {PLAYER}, not 3"),
        ({"dealer": False}, f"dealer must be {PLAYER}, not False"),
        ({"dealer": -1}, f"dealer must be {PLAYER}, not -1"),
        ({"discarder": "2"}, f"discarder must be {PLAYER}, not '2'"),
        ({"discarded_by": 2.0}, f"discarded_by must be {PLAYER}, not 2.0"),
        ({"went_out": "0"}, f"went_out must be {PLAYER}, not '0'"),
        ({"table": 5}, "table must be a list of table melds, not 5"),
        ({"owed_use": 3}, f"owed_use must be {OWED_USE}, not 3"),
        ({"owed_use": True}, f"owed_use must be {OWED_USE}, not True"),
        ({"owed_use": "meld"}, f"owed_use must be {OWED_USE}, not 'meld'"),
        ({"turn": True}, "turn must be a whole number of turns, not True"),
        ({"turn": 1.5}, "turn must be a whole number of turns, not 1.5"),
        ({"turn": None}, "turn must be a whole number of turns, not None"),
        ({"hand_number": True}, "hand_number must be a whole number or None, not True"),
        ({"hand_number": "2"}, "hand_number must be a whole number or None, not '2'"),
        ({"seed": None}, "seed must be a whole number, not None"),
        ({"seed": "x"}, "seed must be a whole number, not 'x'"),
        ({"seed": 1.5}, "seed must be a whole number, not 1.5"),
        ({"totals": "123"}, "totals must be a list of whole numbers, not '123'"),
        ({"totals": 5}, "totals must be a list of whole numbers, not 5"),
        ({"totals": [None, 0, 0]}, "totals[0] must be a whole number, not None"),
        ({"totals": [0, 0, False]}, "totals[2] must be a whole number, not False"),
        ({"history": [1, 2, 3]}, "history[0] must be a list of whole numbers, not 1"),
        ({"history": "10 0 5"}, f"history must be {ROWS}, not '10 0 5'"),
        ({"history": [[0, 0, 0.5]]}, "history[0][2] must be a whole number, not 0.5"),
        ({"player_history": 7}, f"player_history must be {ROWS}, not 7"),
        ({"player_history": [[1, 2, "3"]]}, "player_history[0][2] must be a whole number, not '3'"),
    ],
)
def test_arguments_of_the_wrong_type_are_refused_by_name(
    argument: dict[str, Any], message: str
) -> None:
    assert refusal(hands=HANDS, pile="8C", **argument) == message


# -- a finished hand ---------------------------------------------------------------------------

FINISHED: dict[str, Any] = {
    "hands": ["", "2H 3H", "KD"],
    "pile": "8C 9H",
    "table": [("9C 10C JC", 0), ("QS KS AS", 0)],
}


def test_went_out_scores_the_hand_exactly_as_play_does() -> None:
    before = State.from_position(
        STANDARD,
        hands=["9H", "2H 3H", "KD"],
        pile="8C",
        table=FINISHED["table"],
        phase=Phase.PLAY,
        turn=4,
        totals=[100, 20, 35],
        history=[[100, 20, 35]],
        hand_number=1,
        dealer=2,
    )
    played = before.apply_text("discard 9H")
    built = State.from_position(
        STANDARD,
        **FINISHED,
        went_out=0,
        turn=4,
        totals=[100, 20, 35],
        history=[[100, 20, 35]],
        dealer=2,
    )
    assert built == played.detached()
    assert built.parent is None
    assert built.phase is Phase.HAND_OVER
    assert built.went_out == 0
    assert built.hand_number == 1
    assert built.turn == 5
    assert built.totals == (164, 15, 25)
    assert built.history == ((100, 20, 35), (64, -5, -10))
    assert built._current == 0


def test_went_out_ends_the_game_when_the_totals_decide_it() -> None:
    built = State.from_position(
        STANDARD, **FINISHED, went_out=0, totals=[450, 20, 35], history=[[450, 20, 35]]
    )
    assert (built.phase, built.winner, built.totals) == (Phase.GAME_OVER, 0, (514, 15, 25))
    assert built.legal_moves() == ()


def test_went_out_in_the_first_hand_starts_the_history() -> None:
    built = State.from_position(STANDARD, **FINISHED, went_out=0)
    assert (built.hand_number, built.totals, built.history) == (0, (64, -5, -10), ((64, -5, -10),))
    assert built.dealer == 2  # on the right of the player who went out


def test_went_out_with_totals_but_no_history_starts_the_record_with_the_hand() -> None:
    built = State.from_position(STANDARD, **FINISHED, went_out=0, totals=[300, 0, 0])
    assert (built.hand_number, built.totals, built.history) == (0, (364, -5, -10), ((64, -5, -10),))
    assert (built.history_start, built.start_totals) == (0, (300, 0, 0))
    later = State.from_position(STANDARD, **FINISHED, went_out=0, hand_number=3)
    assert (later.hand_number, later.totals, later.history) == (3, (64, -5, -10), ((64, -5, -10),))
    assert (later.history_start, later.start_totals) == (3, (0, 0, 0))


def test_went_out_refuses_a_player_who_still_holds_cards() -> None:
    assert refusal(
        hands=["4D", "2H 3H", "KD"], pile="8C 9H", table=FINISHED["table"], went_out=0
    ) == ("went_out is 0, but player 0 still holds cards: the player who goes out has none left")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"went_out": 3}, "went_out must be a player from 0 to 2 or None, not 3"),
        ({"went_out": True}, "went_out must be a player from 0 to 2 or None, not True"),
        (
            {"went_out": 0, "current_player": 1},
            "current_player is 1, but went_out is 0: the player who goes out makes the last move "
            "of the hand",
        ),
        (
            {"went_out": 0, "phase": Phase.HAND_OVER},
            "phase is given with went_out, which decides the phase: leave phase out",
        ),
        (
            {"went_out": 0, "owed": "9C"},
            "owed is given with went_out, but a card is owed only while the player who took it "
            "is to play",
        ),
        (
            {"went_out": 0, "kept": "9C"},
            "kept is given with went_out, but a card is kept only while the player who took it "
            "is to play",
        ),
        (
            {"went_out": 0, "discarder": 2},
            "discarder is given with went_out, but a hand that is over has no call window: "
            "leave discarder out",
        ),
        (
            {"went_out": 0, "discarded_by": 2},
            "went_out is 0 and discarded_by is 2, but a hand that is over has no call window: "
            "give one of them",
        ),
        (
            {"went_out": 0, "totals": [5, 0, 0], "history": [[4, 0, 0]]},
            "totals [5, 0, 0] are not the sums [4, 0, 0] of the history: a history, when given, "
            "records every hand since the totals were all 0",
        ),
    ],
)
def test_went_out_refuses_what_a_finished_hand_cannot_have(
    extra: dict[str, Any], message: str
) -> None:
    assert refusal(**FINISHED, **extra) == message


# -- an open call window -----------------------------------------------------------------------

CALLING: dict[str, Any] = {
    "hands": ["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"],
    "pile": "KH 8H",
    "table": [("5H 6H JK=7H", 0)],
}


def test_discarded_by_opens_the_call_window_play_would_open() -> None:
    before = State.from_position(
        PAGAT,
        hands=["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C 8H"],
        pile="KH",
        table=CALLING["table"],
        current_player=2,
        phase=Phase.PLAY,
        turn=4,
        seed=3,
    )
    played = before.apply_text("discard 8H")
    built = State.from_position(PAGAT, **CALLING, discarded_by=2, turn=5, seed=3)
    assert built == played.detached()
    assert (built.phase, built.current_player, built.discarder, built.turn) == (Phase.CALL, 0, 2, 5)
    assert built.dealer == 1  # on the right of the discarder
    assert [m.text(ascii=True) for m in built.legal_moves()] == ["call 8H", "pass"]


def test_current_may_name_the_player_polled_first() -> None:
    built = State.from_position(PAGAT, **CALLING, discarded_by=1, turn=5)
    assert (built.current_player, built.discarder) == (2, 1)
    assert State.from_position(PAGAT, **CALLING, discarded_by=1, turn=5, current_player=2) == built


@pytest.mark.parametrize(
    ("config", "changes", "message"),
    [
        (
            PAGAT,
            {"pile": "8H KH"},
            "discarded_by is 2, but nobody may call rummy on that pile, so no call window "
            "opens: for the next player's draw, leave out discarded_by and give current_player=0",
        ),
        (
            STANDARD,
            {"table": [("5H 6H 7H", 0)]},
            "discarded_by is 2, but these rules do not play calling rummy, so no call window "
            "opens after a discard",
        ),
        (
            PAGAT,
            {"pile": ""},
            "discarded_by is 2, but the pile is empty: the card just discarded is the top card "
            "of the pile",
        ),
        (
            PAGAT,
            {"hands": ["2S 3S 4S 9D 9C", "QH QD 8C 4D 6C", ""]},
            "discarded_by is 2, but player 2 holds no cards: a discard that empties the hand "
            "goes out (went_out=2 builds the finished hand)",
        ),
        (
            PAGAT,
            {"current_player": 1},
            "current_player is 1, but after player 2's discard player 0 is the first who may call "
            "rummy",
        ),
        (
            PAGAT,
            {"turn": 1000},
            "discarded_by is 2, but that discard ends the hand (turn 1000 reaches the turn_limit "
            "of 1000), so no call window opens",
        ),
        (
            PAGAT,
            {"phase": Phase.CALL},
            "phase is given with discarded_by, which decides the phase: leave phase out",
        ),
        (
            PAGAT,
            {"discarder": 2},
            "discarder is given with discarded_by, but discarded_by opens the call window "
            "itself: leave discarder out",
        ),
        (
            PAGAT,
            {"discarded_by": -1},
            "discarded_by must be a player from 0 to 2 or None, not -1",
        ),
    ],
)
def test_discarded_by_refuses_a_window_that_cannot_open(
    config: RuleConfig, changes: dict[str, Any], message: str
) -> None:
    args = {**CALLING, "discarded_by": 2, "turn": 5, **changes}
    assert refusal(config, **args) == message


def test_an_empty_stock_under_end_at_once_opens_no_window() -> None:
    config = attrs.evolve(PAGAT, empty_stock=EmptyStock.END_AT_ONCE)
    # Player 1 holds every card placed nowhere else, so that the stock is empty.
    rest = Counter(make_deck(1, 2)) - Counter(parse_cards("2S 3S 4S 9D 9C 8C 4D 6C KH 8H 5H 6H JK"))
    hands = ["2S 3S 4S 9D 9C", ascii_cards(sorted(rest.elements())), "8C 4D 6C"]
    assert refusal(config, **{**CALLING, "hands": hands}, stock="", discarded_by=2, turn=5) == (
        "discarded_by is 2, but that discard ends the hand (the stock is empty under "
        "empty_stock end_at_once), so no call window opens"
    )


# -- hand numbers, and the examples being right ----------------------------------------------


def test_hand_number_counts_from_0_and_defaults_to_the_hands_in_the_history() -> None:
    first = State.from_position(STANDARD, hands=HANDS, pile="8C")
    assert first.hand_number == 0
    third = State.from_position(
        STANDARD, hands=HANDS, pile="8C", history=[[10, 0, 5], [0, 20, -5]], totals=[10, 20, 0]
    )
    assert third.hand_number == 2


def test_the_examples_in_the_docstring_run() -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = [t for t in finder.find(state_module) if t.name.endswith("State.from_position")]
    assert tests
    assert tests[0].examples
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_code_on_the_build_positions_page_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS_PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 13
    namespace: dict[str, Any] = {}
    for block in blocks:
        exec(compile(block, str(DOCS_PAGE), "exec"), namespace)
