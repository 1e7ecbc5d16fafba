"""The exact words of every refusal: each rule that can refuse a move, reached in a real position.

Every test builds a position where one rule refuses a move and checks the whole message, as
:class:`IllegalMoveError` gives it and as :meth:`State.explain_illegal` gives it, that
:meth:`State.is_legal` says no (checked on its own and against the listed moves), that the move
is not listed, and that a legal move of the same position is accepted without a reason. The
messages are grouped as the rules are: where in the turn a move may be made, the discard pile,
calling rummy, putting cards down, what a turn must still allow, and discarding.
"""

from __future__ import annotations

import attrs
import pytest

from helpers_positions import build, cards, play, position
from rummy500 import (
    Call,
    Calling,
    Card,
    Deal,
    Decline,
    DeepestCard,
    Discard,
    Draw,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    Pass,
    Phase,
    RuleConfig,
    State,
    StateError,
    Take,
    presets,
)

STANDARD = RuleConfig()
TO_GO_OUT = RuleConfig(discard_to_go_out=True)
NEW_MELD = RuleConfig(deepest_card=DeepestCard.NEW_MELD)
CALLING = RuleConfig(calling=Calling.DISCARD_OR_PILE_MELD)
ANY_CARD = RuleConfig(calling=Calling.ANY_PILE_CARD)
LAYOFF_ONLY = RuleConfig(calling=Calling.LAYOFF_ONLY)
#: Two wild jokers a deck, the lone top discard may be kept, calling rummy.
PAGAT = presets.get("pagat")
#: Jokers that are not wild (sets of jokers only), aces high only; four players.
PERSIAN = presets.get("persian")
#: Three wild jokers in the deck, up to three in a meld, but no meld of jokers alone.
THREE_JOKERS = RuleConfig(jokers_per_deck=3, max_jokers_per_meld=3)

# A table run that belongs to player 1: most positions below need a table (so that hands may
# hold any number of cards) and a meld that the cards of the test do not touch.
CLUBS = ("9C 10C JC", 1)


def refused_exactly(state: State, move: object, text: str, *, legal: Move | None) -> None:
    """``move`` is refused in ``state`` with exactly ``text``; ``legal`` is accepted.

    ``is_legal`` is asked first on a copy whose moves were never listed (so it checks the move
    with the rules alone), then on ``state`` once its moves are listed. ``legal`` is ``None``
    only where there is no legal move at all.
    """
    fresh = state._replace()
    assert fresh.is_legal(move) is False
    assert fresh.explain_illegal(move) == text
    with pytest.raises(IllegalMoveError) as info:
        fresh.apply(move)
    assert str(info.value) == text
    assert fresh == state
    if legal is not None:
        assert fresh.is_legal(legal) is True
        assert fresh.explain_illegal(legal) is None
    listed = state.legal_moves()
    assert move not in listed
    assert state.is_legal(move) is False
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert str(info.value) == text
    if legal is None:
        assert listed == ()
    else:
        assert legal in listed
        assert state.is_legal(legal) is True
        assert state.explain_illegal(legal) is None


# -- where in the turn a move may be made ---------------------------------------------------------


def went_out(totals: list[int]) -> State:
    """Player 0 melds the last three cards and goes out, with ``totals`` before the hand."""
    state = position(["8S 8H 8D", None, None], table=[CLUBS], phase=Phase.PLAY, totals=totals)
    return state.apply_text("meld 8S 8H 8D")


def test_no_move_once_the_game_is_over() -> None:
    state = went_out([490, 0, 0])
    assert (state.phase, state.winner) == (Phase.GAME_OVER, 0)
    for move in (Deal(), Draw(), Discard(Card("2C"))):
        refused_exactly(
            state,
            move,
            f"'{move}' is illegal: the game is over: there are no more moves",
            legal=None,
        )


def test_only_the_deal_once_a_hand_is_over() -> None:
    state = went_out([0, 0, 0])
    assert state.phase is Phase.HAND_OVER
    for move in (Draw(), Pass(), Meld(cards("2C 3C 4C"))):
        refused_exactly(
            state,
            move,
            f"'{move}' is illegal: the hand is over and scored: the next move is 'deal'",
            legal=Deal(),
        )


def test_the_deal_only_between_hands() -> None:
    text = "'deal' is illegal: 'deal' comes only after a hand is over"
    drawing = position(["JS JH 5S 3C 7D 8C QS", None, None], pile="6S 9D")
    refused_exactly(drawing, Deal(), text, legal=Draw())
    playing = drawing.apply_text("draw")
    refused_exactly(playing, Deal(), text, legal=Discard(Card("JS")))


def discarding(config: RuleConfig, card: str, *, p1: str = "3C 5D JC KS 2D") -> State:
    """Player 0 throws ``card`` onto the K♦, with player 2's run 5♥ 6♥ 7♥ on the table."""
    state = position(
        ["2C 4D 8H QD 9S", p1, "3D 10H 9C JD 4C"],
        config=config,
        pile="KD",
        table=[("5H 6H 7H", 2)],
        phase=Phase.PLAY,
    )
    return state.apply(Discard(Card(card)))


def test_only_a_call_or_a_pass_in_the_call_window() -> None:
    state = discarding(CALLING, "8H")
    assert (state.phase, state.current_player, state.discarder) == (Phase.CALL, 1, 0)
    for move in (Draw(), Take(cards("8H")), Decline(), Discard(Card("3C")), Layoff(0, "8H")):
        refused_exactly(
            state,
            move,
            f"'{move}' is illegal: player 1 may call rummy on player 0's discard or pass; "
            "nothing else can happen before the next player draws",
            legal=Pass(),
        )


def test_no_draw_from_an_empty_stock() -> None:
    state = position(["JS JH 5S 3C 7D 8C QS", None, None], pile="6S 9D", leftover="pile")
    assert state.stock_size == 0
    refused_exactly(
        state,
        Draw(),
        "'draw' is illegal: the stock is empty: take from the discard pile, or decline to end "
        "the hand",
        legal=Decline(),
    )


def test_no_decline_while_the_stock_holds_cards() -> None:
    state = position(["JS JH 5S 3C 7D 8C QS", None, None], pile="6S 9D")
    refused_exactly(
        state,
        Decline(),
        "'decline' is illegal: you may decline to draw only when the stock is empty",
        legal=Draw(),
    )


def test_no_call_or_pass_at_the_start_of_a_turn() -> None:
    state = play(discarding(CALLING, "8H"), "pass", "pass")
    assert (state.phase, state.current_player) == (Phase.DRAW, 1)
    for move in (Call(cards("8H")), Pass()):
        refused_exactly(
            state,
            move,
            f"'{move}' is illegal: rummy can be called only straight after a discard, before "
            "the next draw",
            legal=Take(cards("8H")),
        )


def test_no_call_or_pass_where_rummy_is_not_called() -> None:
    state = discarding(STANDARD, "8H")
    assert (state.phase, state.current_player) == (Phase.DRAW, 1)
    for move in (Call(cards("8H")), Pass()):
        refused_exactly(
            state,
            move,
            f"'{move}' is illegal: calling rummy is not played under these rules: a turn "
            "starts with a draw from the stock or a take from the discard pile",
            legal=Draw(),
        )


def test_a_turn_starts_with_a_draw_or_a_take() -> None:
    state = position(["JS JH JC 3C 7D 8C QS", None, None], pile="6S 9D")
    for move in (Meld(cards("JC JH JS")), Layoff(0, "3C"), Discard(Card("3C"))):
        refused_exactly(
            state,
            move,
            f"'{move}' is illegal: a turn starts with a draw from the stock or a take from the "
            "discard pile",
            legal=Draw(),
        )


def test_one_draw_a_turn() -> None:
    state = position(["JS JH 5S 3C 7D 8C QS", None, None], pile="6S 9D").apply_text("draw")
    for move in (Draw(), Take(cards("9D")), Decline(), Call(cards("9D")), Pass()):
        refused_exactly(
            state,
            move,
            f"'{move}' is illegal: you have already drawn this turn: meld, lay off or discard",
            legal=Discard(Card("5S")),
        )


def test_something_that_is_not_a_move() -> None:
    state = position(["JS JH 5S 3C 7D 8C QS", None, None], pile="6S 9D")
    refused_exactly(state, "draw", "'draw' is not a move", legal=Draw())
    refused_exactly(state, 42, "42 is not a move", legal=Draw())
    refused_exactly(state, None, "None is not a move", legal=Draw())


# -- the discard pile -------------------------------------------------------------------------


def digging() -> State:
    """The rules' example: pile 6♠ 9♦ J♣ 4♥ K♦ 2♠ (oldest first), holding J♠ J♥ and 5♠."""
    return position(["JS JH 5S 3C 7D 8C QS", None, None], pile="6S 9D JC 4H KD 2S")


@pytest.mark.parametrize("taken", ["JC", "JC 4H KD", "JC KD 2S", "2S KD", "AC 6S 9D JC 4H KD 2S"])
def test_a_take_names_a_card_and_every_card_above_it(taken: str) -> None:
    move = Take(cards(taken))
    refused_exactly(
        digging(),
        move,
        f"'{move}' is illegal: a take names the deepest card wanted and every card above it, "
        "up to the top of the pile, deepest first; the pile is: 6♠ 9♦ J♣ 4♥ K♦ 2♠",
        legal=Take(cards("JC 4H KD 2S")),
    )


def test_a_take_from_an_empty_pile() -> None:
    state = position(["JS JH 5S 3C 7D 8C QS", None, None], pile="")
    refused_exactly(
        state,
        Take(cards("2S")),
        "'take 2♠' is illegal: a take names the deepest card wanted and every card above it, "
        "up to the top of the pile, deepest first; the pile is empty",
        legal=Draw(),
    )


def test_the_deepest_card_taken_must_be_usable() -> None:
    refused_exactly(
        digging(),
        Take(cards("4H KD 2S")),
        "'take 4♥ K♦ 2♠' is illegal: the deepest card taken, 4♥, must be melded or laid off "
        "this turn, and your cards and the cards above it cannot do that",
        legal=Take(cards("JC 4H KD 2S")),
    )


def test_a_lone_top_card_taken_must_be_usable() -> None:
    refused_exactly(
        digging(),
        Take(cards("2S")),
        "'take 2♠' is illegal: the card taken, 2♠, must be melded or laid off this turn, and "
        "your cards cannot do that",
        legal=Take(cards("JC 4H KD 2S")),
    )


def holding_two_eights(config: RuleConfig) -> State:
    """Player 0 holds 8♠ 8♥ and may take the 8♦ (under the 2♣) to make a set."""
    return position(["8S 8H", None, None], config=config, table=[CLUBS], pile="2C 8D")


def test_the_card_taken_must_be_usable_while_keeping_a_card_to_discard() -> None:
    # Without the final discard the set uses the 8♦ and empties the hand; with it, it cannot.
    assert Take(cards("8D")) in holding_two_eights(STANDARD).legal_moves()
    state = holding_two_eights(TO_GO_OUT)
    refused_exactly(
        state,
        Take(cards("8D")),
        "'take 8♦' is illegal: the card taken, 8♦, must be melded or laid off this turn while "
        "keeping a card to discard, and your cards cannot do that",
        legal=Draw(),
    )
    refused_exactly(
        state,
        Take(cards("2C 8D")),
        "'take 2♣ 8♦' is illegal: the deepest card taken, 2♣, must be melded or laid off this "
        "turn while keeping a card to discard, and your cards and the cards above it cannot "
        "do that",
        legal=Draw(),
    )


def test_the_card_taken_must_start_a_new_meld_where_the_rules_say_so() -> None:
    # The Q♥ could be laid off on the run, but a lay-off does not count.
    state = position(["2C 9D", None, None], config=NEW_MELD, table=[("9H 10H JH", 1)], pile="QH")
    assert Take(cards("QH")) in state._replace(config=STANDARD).legal_moves()
    refused_exactly(
        state,
        Take(cards("QH")),
        "'take Q♥' is illegal: the card taken, Q♥, must go into a new meld this turn, and your "
        "cards cannot do that",
        legal=Draw(),
    )


# -- calling rummy ------------------------------------------------------------------------------


def test_a_call_names_a_card_and_every_card_above_it() -> None:
    state = discarding(CALLING, "8H")
    refused_exactly(
        state,
        Call(cards("KD")),
        "'call K♦' is illegal: a call names the deepest card wanted and every card above it, "
        "up to the top of the pile, deepest first; the pile is: K♦ 8♥",
        legal=Call(cards("8H")),
    )


def test_a_call_on_a_card_that_is_not_missed() -> None:
    refused_exactly(
        discarding(CALLING, "8H"),
        Call(cards("KD 8H")),
        "'call K♦ 8♥' is illegal: a call takes the card just discarded, if it could go "
        "straight onto a meld on the table, or the deepest of pile cards that make a meld by "
        "themselves, with every card above it, deepest first",
        legal=Call(cards("8H")),
    )


def test_a_call_on_a_pile_card_that_is_not_missed() -> None:
    refused_exactly(
        discarding(ANY_CARD, "8H"),
        Call(cards("KD 8H")),
        "'call K♦ 8♥' is illegal: a call takes any pile card, if it could go straight onto a "
        "meld on the table, or the deepest of pile cards that make a meld by themselves, with "
        "every card above it, deepest first",
        legal=Call(cards("8H")),
    )


def test_a_call_on_anything_but_the_discard_where_calls_must_be_laid_off() -> None:
    refused_exactly(
        discarding(LAYOFF_ONLY, "8H"),
        Call(cards("KD 8H")),
        "'call K♦ 8♥' is illegal: only the card just discarded may be called, and only if it "
        "can be laid off",
        legal=Call(cards("8H")),
    )


def test_a_call_in_a_call_window_built_under_rules_without_calls() -> None:
    # Play never opens a call window without calls, and a checked position may not hold one.
    hands = ["2C 4D QD 9S", "3C 5D JC KS 2D", "3D 10H 9C JD 4C"]
    table = [("5H 6H 7H", 2)]
    with pytest.raises(StateError) as caught:
        position(hands, pile="KD 8H", table=table, phase=Phase.CALL, current_player=1, discarder=0)
    assert str(caught.value) == "a call window opens only under rules that play calling rummy"
    # An unchecked position (State.replace) may; the call is refused all the same.
    state = position(hands, pile="KD 8H", table=table, current_player=1)._replace(
        phase=Phase.CALL, discarder=0
    )
    refused_exactly(
        state,
        Call(cards("8H")),
        "'call 8♥' is illegal: calling rummy is not played under these rules",
        legal=Pass(),
    )


# -- putting cards down -------------------------------------------------------------------------


def test_only_cards_held_go_down() -> None:
    state = build(STANDARD, ["8S 8H 5D 2C", None, None], table=[CLUBS])
    refused_exactly(
        state,
        Meld(cards("8S 8H 8D")),
        "'meld 8♦ 8♥ 8♠' is illegal: you do not hold 8♦",
        legal=Discard(Card("5D")),
    )
    refused_exactly(
        state,
        Meld(cards("2D 3D 4D")),
        "'meld 2♦ 3♦ 4♦' is illegal: you do not hold 2♦ 3♦ 4♦",
        legal=Discard(Card("5D")),
    )
    refused_exactly(
        state,
        Layoff(0, "QC KC"),
        "'layoff 0 Q♣ K♣' is illegal: you do not hold Q♣ K♣",
        legal=Discard(Card("5D")),
    )
    refused_exactly(
        state,
        Discard(Card("9S")),
        "'discard 9♠' is illegal: you do not hold 9♠",
        legal=Discard(Card("5D")),
    )


def test_a_joker_put_down_must_be_held() -> None:
    state = build(PAGAT, ["5H 6H 2C", None, None], table=[CLUBS])
    refused_exactly(
        state,
        Meld(cards("5H 6H JK=7H")),
        "'meld 5♥ 6♥ 🃏=7♥' is illegal: you do not hold 🃏",
        legal=Discard(Card("2C")),
    )


MELD_HAND = "AS 2S KS QS 5H 6H 8H 8S 8D 8C 4D"


@pytest.mark.parametrize(
    ("melded", "reason"),
    [
        ("8S 8H", "a meld needs at least 3 cards, not 2"),
        ("5H 6H 8H", "the cards of a run must be consecutive"),
        ("5H 6H 8S", "a run must be all one suit, and a set all one rank"),
        ("KS AS 2S", "a run cannot go round the corner (K-A-2): the ace is low or high, not both"),
    ],
)
def test_a_new_meld_must_be_a_set_or_a_run(melded: str, reason: str) -> None:
    state = build(STANDARD, [MELD_HAND, None, None], table=[CLUBS])
    move = Meld(cards(melded))
    refused_exactly(state, move, f"'{move}' is illegal: {reason}", legal=Meld(cards("8C 8D 8H 8S")))


def five_players(hand: str, table: tuple[str, int] = CLUBS) -> State:
    """Player 0 of five holds ``hand`` (two decks: every card twice); ``table`` is down."""
    return build(STANDARD, [hand, None, None, None, None], table=[table])


@pytest.mark.parametrize(
    ("melded", "reason"),
    [
        ("8S 8H 8D 8C 8S", "a set holds at most 4 cards, not 5"),
        ("8S 8S 8H", "the cards of a set must all be of different suits (even with two decks)"),
        ("5H 5H 6H", "a run cannot hold the same rank twice"),
    ],
)
def test_two_decks_give_no_meld_two_equal_cards(melded: str, reason: str) -> None:
    state = five_players("8S 8S 8H 8D 8C 5H 5H 6H 2C")
    move = Meld(cards(melded))
    refused_exactly(state, move, f"'{move}' is illegal: {reason}", legal=Meld(cards("8D 8H 8S")))


def persian_hand(hand: str, table: tuple[tuple[str, int], ...] = (CLUBS,)) -> State:
    """Player 0 of four holds ``hand`` under the Persian rules."""
    return build(PERSIAN, [hand, None, None, None], table=list(table))


@pytest.mark.parametrize(
    ("melded", "reason"),
    [
        ("AS 2S 3S", "an ace is only high in a run under these rules (Q-K-A, not A-2-3)"),
        (
            "KS AS 2S",
            "a run cannot go round the corner (K-A-2): an ace is only high under these rules",
        ),
        ("5H 6H JK", "jokers that are not wild make sets of jokers only"),
        ("5H 6H JK=7H", "jokers are not wild under these rules: they make sets of jokers only"),
    ],
)
def test_aces_high_only_and_jokers_that_are_not_wild(melded: str, reason: str) -> None:
    state = persian_hand("AS 2S 3S KS 5H 6H JK JK JK")
    move = Meld(cards(melded))
    refused_exactly(state, move, f"'{move}' is illegal: {reason}", legal=Meld(cards("JK JK JK")))


@pytest.mark.parametrize(
    ("melded", "reason"),
    [
        ("5H 6H JK", "a wild joker must say which card it stands for, as in JK=6S"),
        ("5H JK=6H JK=7H", "a meld may hold at most 1 joker"),
    ],
)
def test_a_wild_joker_names_its_card_and_melds_hold_one(melded: str, reason: str) -> None:
    state = build(PAGAT, ["5H 6H JK JK 2C", None, None], table=[CLUBS])
    move = Meld(cards(melded))
    refused_exactly(state, move, f"'{move}' is illegal: {reason}", legal=Meld(cards("5H 6H JK=7H")))


def test_no_meld_of_wild_jokers_alone() -> None:
    state = build(THREE_JOKERS, ["5H JK JK JK 2C", None, None], table=[CLUBS])
    move = Meld(cards("JK=5S JK=6S JK=7S"))
    refused_exactly(
        state,
        move,
        "'meld 🃏=5♠ 🃏=6♠ 🃏=7♠' is illegal: a meld cannot be made of jokers only",
        legal=Meld(cards("5H JK=6H JK=7H")),
    )


# Player 1's run 5♥ 6♥ 7♥ and player 2's set of nines.
LAYOFF_TABLE = [("5H 6H 7H", 1), ("9C 9D 9H", 2)]
NO_GAP = "the cards must extend the run at its ends, with no gap and within its limits"


@pytest.mark.parametrize(
    ("layoff", "reason"),
    [
        (Layoff(0, "8S"), "every card laid off on a run must be of the run's suit"),
        (Layoff(0, "10H"), NO_GAP),
        (Layoff(0, "8H 10H"), NO_GAP),
        (
            Layoff(0, "8H", high=True),
            "'high' is only for cards that could go at either end of the run",
        ),
        (Layoff(1, "8S"), "every card laid off on a set must be of the set's rank"),
        (Layoff(1, "9S", high=True), "'high' applies only to a run"),
    ],
)
def test_a_lay_off_must_extend_its_meld(layoff: Layoff, reason: str) -> None:
    state = build(STANDARD, ["8S 8H 9S 10H 2C", None, None], table=LAYOFF_TABLE)
    refused_exactly(state, layoff, f"'{layoff}' is illegal: {reason}", legal=Layoff(1, "9S"))


@pytest.mark.parametrize(
    ("table", "reason"),
    [
        (("9C 9D 9H 9S", 1), "a set holds at most 4 cards"),
        (("9C 9D 9H", 1), "a set cannot hold two cards of the same suit"),
    ],
)
def test_a_set_holds_four_cards_of_four_suits(table: tuple[str, int], reason: str) -> None:
    refused_exactly(
        five_players("9C 9D 2C 3D", table=table),
        Layoff(0, "9C"),
        f"'layoff 0 9♣' is illegal: {reason}",
        legal=Discard(Card("2C")),
    )


def test_a_set_of_jokers_takes_jokers_only() -> None:
    state = persian_hand("5H JK 2C", table=(("JK JK JK", 1), CLUBS))
    refused_exactly(
        state,
        Layoff(0, "5H"),
        "'layoff 0 5♥' is illegal: only jokers can be laid off on a set of jokers",
        legal=Layoff(0, "JK"),
    )
    refused_exactly(
        state,
        Layoff(0, "JK", high=True),
        "'layoff 0 🃏 high' is illegal: 'high' applies only to a run",
        legal=Layoff(0, "JK"),
    )
    refused_exactly(
        state,
        Layoff(1, "JK"),
        "'layoff 1 🃏' is illegal: jokers that are not wild make sets of jokers only",
        legal=Layoff(0, "JK"),
    )


def test_a_set_of_jokers_holds_four() -> None:
    # Two decks with four jokers that are not wild each: eight jokers for five players.
    config = RuleConfig(jokers_per_deck=4, jokers_wild=False)
    state = build(config, ["JK 2C 5D", None, None, None, None], table=[("JK JK JK JK", 1)])
    refused_exactly(
        state,
        Layoff(0, "JK"),
        "'layoff 0 🃏' is illegal: a set holds at most 4 cards",
        legal=Discard(Card("JK")),
    )


def test_wild_jokers_laid_off() -> None:
    state = build(PAGAT, ["JK 2C 5D", None, None], table=[("5H JK=6H 7H", 1), CLUBS])
    refused_exactly(
        state,
        Layoff(1, "JK"),
        "'layoff 1 🃏' is illegal: a wild joker must say which card it stands for, as in JK=6S",
        legal=Layoff(1, "JK=QC"),
    )
    refused_exactly(
        state,
        Layoff(0, "JK=8H"),
        "'layoff 0 🃏=8♥' is illegal: a meld may hold at most 1 joker",
        legal=Layoff(1, "JK=QC"),
    )


TWO_MELDS = "the table melds are 0 and 1"


@pytest.mark.parametrize(
    ("table", "meld", "reason"),
    [
        ([], 0, "there is no table meld 0: the table holds no melds"),
        ([CLUBS], 1, "there is no table meld 1: the only table meld is meld 0"),
        ([CLUBS, ("5H 6H 7H", 2)], 2, f"there is no table meld 2: {TWO_MELDS}"),
        ([CLUBS, ("5H 6H 7H", 2)], 7, f"there is no table meld 7: {TWO_MELDS}"),
    ],
)
def test_a_lay_off_names_a_table_meld(table: list[tuple[str, int]], meld: int, reason: str) -> None:
    hand = "8H 8S 2C 3D 4S 6D 9D KS" if not table else "8H 8S 2C"
    state = build(STANDARD, [hand, None, None], table=table)
    move = Layoff(meld, "8H")
    refused_exactly(state, move, f"'{move}' is illegal: {reason}", legal=Discard(Card("8H")))


# -- what the rest of the turn must still allow ------------------------------------------------


def test_the_last_card_must_be_a_discard() -> None:
    reason = "your last card must be a discard: you cannot meld or lay off every card"
    state = build(TO_GO_OUT, ["8S 8H 8D", None, None], table=[CLUBS])
    refused_exactly(
        state,
        Meld(cards("8S 8H 8D")),
        f"'meld 8♦ 8♥ 8♠' is illegal: {reason}",
        legal=Discard(Card("8S")),
    )
    alone = build(TO_GO_OUT, ["QC", None, None], table=[CLUBS])
    refused_exactly(
        alone, Layoff(0, "QC"), f"'layoff 0 Q♣' is illegal: {reason}", legal=Discard(Card("QC"))
    )


def test_the_card_taken_goes_into_a_new_meld_not_onto_one() -> None:
    state = position(
        ["QS QD 2C 9D", None, None], config=NEW_MELD, table=[("9H 10H JH", 1)], pile="5C QH"
    ).apply_text("take QH")
    refused_exactly(
        state,
        Layoff(0, "QH"),
        "'layoff 0 Q♥' is illegal: Q♥, the deepest card you took, must go into a new meld",
        legal=Meld(cards("QD QH QS")),
    )


def test_a_card_called_is_laid_off_not_melded() -> None:
    state = discarding(LAYOFF_ONLY, "8H", p1="8C 8D JC KS 2D").apply_text("call 8H")
    assert (state.current_player, state.owed) == (1, Card("8H"))
    refused_exactly(
        state,
        Meld(cards("8C 8D 8H")),
        "'meld 8♣ 8♦ 8♥' is illegal: 8♥, the card you called, must be laid off",
        legal=Layoff(0, "8H"),
    )


def test_a_play_may_not_strand_the_card_taken() -> None:
    state = position(["6S 7S 7H 7D 2C 9D JC", None, None], pile="KH 5S").apply_text("take 5S")
    refused_exactly(
        state,
        Meld(cards("7S 7H 7D")),
        "'meld 7♦ 7♥ 7♠' is illegal: afterwards 5♠, the deepest card you took from the "
        "discard pile, could no longer be melded or laid off this turn, as it must",
        legal=Meld(cards("5S 6S 7S")),
    )


def test_a_play_may_not_strand_the_card_called() -> None:
    # With a card kept for the final discard, the run leaves no room to lay off the 8♥.
    config = attrs.evolve(LAYOFF_ONLY, discard_to_go_out=True)
    state = discarding(config, "8H", p1="2S 3S 4S").apply_text("call 8H")
    refused_exactly(
        state,
        Meld(cards("2S 3S 4S")),
        "'meld 2♠ 3♠ 4♠' is illegal: afterwards 8♥, the deepest card you took from the "
        "discard pile, could no longer be laid off this turn, as it must",
        legal=Layoff(0, "8H"),
    )


def test_a_play_may_not_strand_the_card_that_must_start_a_meld() -> None:
    state = position(
        ["QS QD KD AD 2H", None, None], config=NEW_MELD, table=[CLUBS], pile="5C QH"
    ).apply_text("take QH")
    refused_exactly(
        state,
        Meld(cards("QD KD AD")),
        "'meld Q♦ K♦ A♦' is illegal: afterwards Q♥, the deepest card you took from the "
        "discard pile, could no longer go into a new meld this turn, as it must",
        legal=Meld(cards("QD QH QS")),
    )


def keeping_the_king() -> State:
    """Player 0 of a Pagat game holds 8♠ 8♥ 8♦ and has taken the K♦ to keep."""
    return position(["8S 8H 8D", None, None], config=PAGAT, table=[CLUBS], pile="2C KD").apply_text(
        "take KD"
    )


def test_a_play_may_not_leave_the_kept_card_alone() -> None:
    state = keeping_the_king()
    assert (state.kept, state.owed) == (Card("KD"), None)
    refused_exactly(
        state,
        Meld(cards("8S 8H 8D")),
        "'meld 8♦ 8♥ 8♠' is illegal: afterwards you would hold only K♦, which you kept and "
        "cannot discard",
        legal=Discard(Card("8S")),
    )


# -- discarding -------------------------------------------------------------------------------


def test_no_discard_while_the_card_taken_is_owed() -> None:
    state = digging().apply_text("take JC")
    for card in ("3C", "JC", "2S"):
        refused_exactly(
            state,
            Discard(Card(card)),
            f"'discard {Card(card)}' is illegal: J♣, the deepest card you took from the discard "
            "pile, must be melded or laid off before you discard",
            legal=Meld(cards("JC JH JS")),
        )


def test_no_discard_while_the_card_taken_must_start_a_meld() -> None:
    state = position(
        ["QS QD 2C 9D", None, None], config=NEW_MELD, table=[("9H 10H JH", 1)], pile="5C QH"
    ).apply_text("take QH")
    refused_exactly(
        state,
        Discard(Card("2C")),
        "'discard 2♣' is illegal: Q♥, the deepest card you took from the discard pile, must go "
        "into a new meld before you discard",
        legal=Meld(cards("QD QH QS")),
    )


def test_no_discard_of_the_card_kept() -> None:
    refused_exactly(
        keeping_the_king(),
        Discard(Card("KD")),
        "'discard K♦' is illegal: K♦ was taken from the top of the pile and kept: discard "
        "another card",
        legal=Discard(Card("8S")),
    )
