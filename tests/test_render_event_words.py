"""An event of a player's log in words (``rummy500.render.event_words``): each kind of event,
with the players' names, and the arguments it refuses."""

from __future__ import annotations

import pytest

import rummy500
from rummy500 import Card, ConfigError, StateError, parse_cards
from rummy500.events import (
    Abandoned,
    Called,
    Cancelled,
    Dealt,
    Declined,
    Discarded,
    Drew,
    Event,
    HandEnded,
    LaidOff,
    Melded,
    Passed,
    Reshuffled,
    Took,
)
from rummy500.render import event_words
from rummy500.toolkit import EVENT_CLASSES

NAMES = ["You", "West", "North"]

#: A deal as player 0 saw it: their own cards, the others' hands as their sizes.
DEALT = Dealt(
    hand_number=2,
    dealer=1,
    hands=(tuple(parse_cards("AC 10C KC")), None, None),
    hand_sizes=(3, 3, 3),
    pile=(Card("3D"),),
    stock_size=42,
)

#: Each kind of event of player 0's log, and its words (Unicode cards, then ASCII).
WORDS: list[tuple[Event, str, str]] = [
    (
        DEALT,
        "Hand 3, dealt by West. You hold A♣ 10♣ K♣; 3♦ turned up.",
        "Hand 3, dealt by West. You hold AC 10C KC; 3D turned up.",
    ),
    (Drew(2, None), "North draws from the stock.", "North draws from the stock."),
    (Drew(0, Card("9S")), "You draw 9♠", "You draw 9S"),
    (Took(1, (Card("QC"), Card("4H"))), "West take Q♣ 4♥", "West take QC 4H"),
    (Called(2, (Card("7H"),)), "North call 7♥", "North call 7H"),
    (Passed(0), "You pass", "You pass"),
    (Declined(1), "West decline", "West decline"),
    (
        Melded(1, tuple(parse_cards("8S 8H 8D")), 3),
        "West meld 8♠ 8♥ 8♦ as 3",
        "West meld 8S 8H 8D as 3",
    ),
    (LaidOff(2, 0, (Card("9S"),), True), "North layoff 0 9♠ high", "North layoff 0 9S high"),
    (Discarded(0, Card("5S")), "You discard 5♠", "You discard 5S"),
    (Reshuffled(23), "pile turned over: stock 23", "pile turned over: stock 23"),
    (
        HandEnded(2, 1, (64, -5, -10), (120, 40, 15)),
        "Hand 3 is over: West went out.",
        "Hand 3 is over: West went out.",
    ),
    (
        Abandoned(1, (64, -5, -10)),
        "West left: game abandoned; totals 64 -5 -10",
        "West left: game abandoned; totals 64 -5 -10",
    ),
    (
        Cancelled((64, -5, -10)),
        "game cancelled by the host; totals 64 -5 -10",
        "game cancelled by the host; totals 64 -5 -10",
    ),
]


@pytest.mark.parametrize(
    ("event", "unicode", "ascii"),
    WORDS,
    ids=[f"{event.kind}-{n}" for n, (event, _, _) in enumerate(WORDS)],
)
def test_each_kind_of_event_in_words(event: Event, unicode: str, ascii: str) -> None:
    assert (event_words(event, NAMES, me=0), event_words(event, NAMES, me=0, ascii=True)) == (
        unicode,
        ascii,
    )


def test_every_kind_of_event_is_worded_above() -> None:
    assert {event.kind for event, _, _ in WORDS} == set(EVENT_CLASSES)


def test_a_hand_nobody_went_out_of() -> None:
    ended = HandEnded(0, None, (0, -12, 5), (0, -12, 5), game_over=True)
    assert event_words(ended, NAMES, me=2) == "Hand 1 is over: nobody went out."


def test_a_partnership_hand_ends_with_the_player_who_went_out() -> None:
    # Two teams score: the sentence names the player, not the sides' scores.
    ended = HandEnded(4, 3, (40, -10), (300, 210))
    assert event_words(ended, ["Ann", "Bob", "Cy", "Di"], me=0) == "Hand 5 is over: Di went out."


def test_the_log_of_a_game_as_each_player_saw_it() -> None:
    state = rummy500.new_game(players=3, seed=4).apply_text("draw").apply_text("discard QC")
    assert [event_words(e, NAMES, me=0) for e in state.view(0).log] == [
        "Hand 1, dealt by West. You hold A♣ 10♣ K♣ A♥ 8♥ 9♥ 10♠; 3♦ turned up.",
        "North draws from the stock.",
        "North discard Q♣",
    ]
    # Player 2 saw their own draw; the names need not say "You" (the deal still speaks to
    # the player whose log it is).
    assert [event_words(e, ["Ann", "Bob", "Cy"], me=2) for e in state.view(2).log] == [
        "Hand 1, dealt by Bob. You hold 2♣ 4♣ 8♣ Q♣ 5♥ J♥ 9♠; 3♦ turned up.",
        "Cy draw 6♦",
        "Cy discard Q♣",
    ]
    # The state's own log shows every card, so it reads as any player's.
    assert event_words(state.log[1], NAMES, me=0) == "North draw 6♦"


def test_the_early_ends_of_a_game_in_a_players_log() -> None:
    state = rummy500.new_game(players=3, seed=4)
    assert event_words(state.abandon(1).view(0).log[-1], NAMES, me=0) == (
        "West left: game abandoned; totals 0 0 0"
    )
    assert event_words(state.cancel().view(2).log[-1], NAMES, me=2) == (
        "game cancelled by the host; totals 0 0 0"
    )


@pytest.mark.parametrize(
    ("event", "names", "me", "error", "message"),
    [
        (
            "P1 draw",
            NAMES,
            0,
            StateError,
            "event_words writes an event of a log, not 'P1 draw'",
        ),
        (
            Drew(1, None),
            NAMES,
            True,
            ConfigError,
            "event_words's me must be a seat (a whole number from 0), not True",
        ),
        (
            Drew(1, None),
            NAMES,
            -1,
            ConfigError,
            "event_words's me must be a seat (a whole number from 0), not -1",
        ),
        (
            Drew(1, None),
            NAMES,
            "0",
            ConfigError,
            "event_words's me must be a seat (a whole number from 0), not '0'",
        ),
        (
            Drew(1, None),
            "You West North",
            0,
            ConfigError,
            "event_words's names must be a list of a name (a str) for each of the 2 players, "
            "not 'You West North'",
        ),
        (
            Drew(2, None),
            ["You", "West"],
            0,
            ConfigError,
            "event_words's names must be a list of a name (a str) for each of the 3 players, "
            "not 2 names",
        ),
        (
            Discarded(0, Card("5S")),
            ["You", "West"],
            4,
            ConfigError,
            "event_words's names must be a list of a name (a str) for each of the 5 players, "
            "not 2 names",
        ),
        (
            HandEnded(0, 1, (1, 2, 3), (1, 2, 3)),
            ["You", 1, "North"],
            0,
            ConfigError,
            "event_words's names must be a list of a name (a str) for each of the 2 players, "
            "not a list holding a non-str",
        ),
        (
            DEALT,
            ["You", "West"],
            0,
            ConfigError,
            "event_words's names must be a list of a name (a str) for each of the 3 players, "
            "not 2 names",
        ),
        (
            DEALT,
            [*NAMES, "East"],
            3,
            ConfigError,
            "event_words's me must be the seat of one of the 3 players of this deal (from 0 to "
            "2), not 3",
        ),
        (
            DEALT,
            NAMES,
            1,
            StateError,
            "event_words writes an event of player 1's log, and this deal does not show "
            "player 1's cards: it is another player's view of it",
        ),
    ],
    ids=[
        "not-an-event",
        "me-a-bool",
        "me-below-zero",
        "me-a-str",
        "names-a-str",
        "too-few-names",
        "too-few-names-for-me",
        "a-name-not-a-str",
        "too-few-names-for-the-deal",
        "me-not-at-the-deal",
        "another-players-deal",
    ],
)
def test_what_cannot_be_worded_is_refused(
    event: object, names: object, me: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as refused:
        event_words(event, names, me=me)  # type: ignore[arg-type]
    assert str(refused.value) == message
