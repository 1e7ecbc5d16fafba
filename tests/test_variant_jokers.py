"""The jokers variant, played in real positions.

The rule book: "Add two jokers to each deck as wild cards. A joker can stand for any card in a
set or run. Say which card it stands for when you put it down, and that cannot change. A joker
counts 15 points, for you on the table or against you in your hand." Persian Rummy plays
jokers that are not wild: they make sets of jokers only.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from helpers_positions import build, cards, refused, texts
from rummy500 import (
    Card,
    CardError,
    CardValues,
    Discard,
    Layoff,
    Meld,
    Move,
    MoveParseError,
    Phase,
    RuleConfig,
    State,
    StateError,
    Take,
    new_game,
)
from rummy500.core.cards import JOKER_AS
from rummy500.melds.check import meld_cards_problem
from rummy500.toolkit import JOKER, make_deck

#: Two wild jokers a deck, at most one joker in a meld (the defaults).
WILD = RuleConfig(jokers_per_deck=2)
#: Jokers that are not wild, four to the deck, worth 20 (as in Persian Rummy), no teams.
NOT_WILD = RuleConfig(jokers_per_deck=4, jokers_wild=False, card_values=CardValues(joker=20))


# -- decks ------------------------------------------------------------------------------------


@pytest.mark.parametrize("jokers_per_deck", [0, 1, 2])
@pytest.mark.parametrize(("players", "decks"), [(3, 1), (5, 2)])
def test_jokers_are_added_to_each_deck(jokers_per_deck: int, players: int, decks: int) -> None:
    config = RuleConfig(jokers_per_deck=jokers_per_deck)
    size = (52 + jokers_per_deck) * decks
    assert config.decks[players] == decks
    assert config.deck_size(players) == size
    assert config.jokers(players) == jokers_per_deck * decks
    deck = make_deck(decks, jokers_per_deck)
    assert len(deck) == size
    assert deck.count(JOKER) == jokers_per_deck * decks
    state = new_game(config, players=players, seed=3)
    dealt = [c for hand in state.hands for c in hand] + [*state.stock, *state.pile]
    assert Counter(dealt) == Counter(deck)
    assert all(len(hand) == 7 for hand in state.hands)


def test_without_jokers_no_joker_is_in_the_game() -> None:
    with_jokers = build(WILD, ["5S 7S JK 9C", None, None], table=[("KC KD KH", 1)])
    with pytest.raises(StateError, match="not a card of this game's decks"):
        State.from_position(
            RuleConfig(),
            hands=with_jokers.hands,
            stock=with_jokers.stock,
            pile=with_jokers.pile,
            table=with_jokers.table,
            phase=Phase.PLAY,
        )
    assert (
        meld_cards_problem(cards("5S JK=6S 7S"), RuleConfig())
        == "this game is played without jokers"
    )
    assert meld_cards_problem(cards("5S JK=6S 7S"), WILD) is None


# -- text forms -------------------------------------------------------------------------------


def test_a_joker_is_written_with_the_card_it_stands_for() -> None:
    six = Card("6S")
    assert Card("JK=6S") == Card("🃏=6♠") == Card("joker=6s") == JOKER.standing_for(six)
    assert Card("JK=6S") == JOKER_AS[six]
    assert str(Card("JK=6S")) == "🃏=6♠"
    assert Card("JK=6S").ascii == "JK=6S"
    assert Card("JK=6S").face == six
    assert Card("JK=6S").physical == JOKER
    assert Card("JK=6S").is_joker
    assert Card("JK") == Card("🃏") == JOKER
    assert JOKER.face is None
    with pytest.raises(CardError):
        Card("JK=JK")


def test_a_meld_with_a_joker_reads_and_writes_both_text_forms() -> None:
    move = Move.from_text("meld 5S JK=6S 7S")
    assert move == Move.from_text("meld 5♠ 🃏=6♠ 7♠") == Move.from_text("meld 7S 5S JK=6S")
    assert str(move) == "meld 5♠ 🃏=6♠ 7♠"
    assert move.text(ascii=True) == "meld 5S JK=6S 7S"
    assert Move.from_text("layoff 0 JK=AS high") == Layoff(0, (JOKER_AS[Card("AS")],), True)
    assert Move.from_text("meld JK JK JK") == Meld((JOKER, JOKER, JOKER))


def test_a_joker_in_hand_or_pile_is_the_plain_joker() -> None:
    with pytest.raises(MoveParseError, match="plain joker"):
        Discard(Card("JK=6S"))
    with pytest.raises(MoveParseError, match="plain joker"):
        Take((Card("JK=6S"),))
    assert Move.from_text("discard JK") == Discard(JOKER)


# -- "A joker can stand for any card in a set or run" ----------------------------------------


@pytest.mark.parametrize(
    ("meld", "face"),
    [
        ("5S JK=6S 7S", "6S"),
        ("JK=4S 5S 6S", "4S"),
        ("9C 9D JK=9H", "9H"),
        ("9C 9D JK=9S", "9S"),
    ],
    ids=["run-middle", "run-end", "set-hearts", "set-spades"],
)
def test_a_joker_is_wild_in_sets_and_runs(meld: str, face: str) -> None:
    state = build(WILD, ["5S 6S 7S 9C 9D JK 2H 4D", None, None])
    move = Meld(cards(meld))
    assert move in state.legal_moves()
    after = state.apply(move)
    laid = after.table[0]
    assert JOKER_AS[Card(face)] in laid.cards
    assert laid.owners == (0, 0, 0)
    assert laid.jokers == 1
    assert JOKER not in after.hands[0]
    assert len(after.hands[0]) == 5


def test_the_player_says_which_card_a_joker_stands_for_when_putting_it_down() -> None:
    state = build(WILD, ["5S 7S JK 9C 9D 2H 4D KH", None, None])
    refused(state, "meld 5S JK 7S", "must say which card it stands for")
    # The joker must stand for the card the meld needs, not any card.
    refused(state, "meld 5S JK=8S 7S", "consecutive")
    refused(state, "meld 9C 9D JK=9C", "different suits")
    refused(state, "meld 9C 9D JK=8H", "one suit|one rank")
    # Exactly the cards the joker can stand for are offered.
    assert texts(state, Meld) == ["meld 9C 9D JK=9H", "meld 9C 9D JK=9S", "meld 5S JK=6S 7S"]
    table = build(WILD, ["JK 9C 2H", None, None], table=[("5S 6S 7S", 1)])
    refused(table, "layoff 0 JK", "must say which card it stands for")


def test_what_a_joker_stands_for_never_changes() -> None:
    state = build(
        WILD,
        ["5S 7S JK 9C 2C", "6S 4S 8S 2D", "3D 4D"],
        table=[("KC KD KH", 2)],
    )
    after = state.apply_text("meld 5S JK=6S 7S").apply_text("discard 9C").apply_text("draw")
    # Player 1 holds the natural 6S: nothing puts it where the joker stands or takes the joker.
    assert after.current_player == 1
    refused(after, "layoff 1 6S", "extend the run")
    # Whatever player 1 does, the joker still stands for the 6S afterwards.
    for move in after.legal_moves():
        assert Card("JK=6S") in after.apply(move).table[1].cards, str(move)
    # The run grows round the joker, which keeps standing for the 6S to the end of the hand.
    grown = after.apply_text("layoff 1 4S 8S")
    assert grown.table[1].cards == cards("4S 5S JK=6S 7S 8S")
    assert grown.table[1].owners == (1, 0, 0, 0, 1)
    assert Card("6S") in grown.hands[1]


def test_the_natural_card_a_joker_stands_for_may_go_into_another_meld() -> None:
    state = build(WILD, ["6S 6H 6D 2C", None, None], table=[("5S JK=6S 7S", 1)])
    after = state.apply_text("meld 6S 6H 6D")
    assert after.table[0].cards == cards("5S JK=6S 7S")
    assert after.table[1].cards == cards("6D 6H 6S")


# -- where a joker stands, the natural card cannot --------------------------------------------


def test_a_natural_card_cannot_be_laid_off_where_a_joker_already_stands_for_it() -> None:
    state = build(WILD, ["9H 9S 6S 2C", None, None], table=[("9C 9D JK=9H", 1), ("5S JK=6S 7S", 2)])
    refused(state, "layoff 0 9H", "same suit")
    refused(state, "layoff 1 6S", "extend the run")
    assert "layoff 0 9S" in texts(state, Layoff)
    assert state.apply_text("layoff 0 9S").table[0].cards == cards("9C 9D JK=9H 9S")


def test_a_joker_standing_for_a_suit_already_in_a_set_is_refused() -> None:
    state = build(WILD, ["JK 2C 3D", None, None], table=[("9C 9D 9S", 1)])
    refused(state, "layoff 0 JK=9S", "same suit")
    refused(state, "layoff 0 JK=9C", "same suit")
    refused(state, "layoff 0 JK=8H", "of the set's rank")
    assert texts(state, Layoff) == ["layoff 0 JK=9H"]
    after = state.apply_text("layoff 0 JK=9H")
    assert after.table[0].cards == cards("9C 9D JK=9H 9S")
    assert after.table[0].owners == (1, 1, 0, 1)


# -- lay-offs of jokers ------------------------------------------------------------------------


def test_jokers_may_be_laid_off_at_either_end_of_a_run() -> None:
    state = build(WILD, ["JK 2C 3D", None, None], table=[("5S 6S 7S", 1), ("9C 9D 9H 9S", 2)])
    assert sorted(texts(state, Layoff)) == ["layoff 0 JK=4S", "layoff 0 JK=8S"]
    refused(state, "layoff 0 JK=9S", "extend the run")
    refused(state, "layoff 1 JK=9S", "same suit|at most 4")
    low = state.apply_text("layoff 0 JK=4S").table[0]
    high = state.apply_text("layoff 0 JK=8S").table[0]
    assert (low.low, low.high, low.cards[0]) == (4, 7, Card("JK=4S"))
    assert (high.low, high.high, high.cards[-1]) == (5, 8, Card("JK=8S"))


def test_a_joker_that_fits_either_end_of_a_run_says_high_for_the_top() -> None:
    run = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    state = build(WILD, ["JK 2C 3D", None, None], table=[(run, 1)])
    assert texts(state, Layoff) == ["layoff 0 JK=AS", "layoff 0 JK=AS high"]
    low = state.apply_text("layoff 0 JK=AS").table[0]
    high = state.apply_text("layoff 0 JK=AS high").table[0]
    assert (low.low, low.high, low.cards[0]) == (1, 13, Card("JK=AS"))
    assert (high.low, high.high, high.cards[-1]) == (2, 14, Card("JK=AS"))


# -- max_jokers_per_meld ------------------------------------------------------------------------


def test_a_meld_holds_one_joker_by_default() -> None:
    state = build(WILD, ["5S JK JK 9C 9D 2H 4D 10C", None, None])
    refused(state, "meld 5S JK=6S JK=7S", "at most 1 joker")
    refused(state, "meld 9C JK=9D JK=9H", "at most 1 joker")
    assert all(
        m.cards.count(JOKER) + sum(c > JOKER for c in m.cards) <= 1 for m in state.legal_moves()
    )
    looser = build(
        attrs.evolve(WILD, max_jokers_per_meld=2), ["5S JK JK 9C 9D 2H 4D 10C", None, None]
    )
    after = looser.apply_text("meld 5S JK=6S JK=7S")
    assert after.table[0].cards == cards("5S JK=6S JK=7S")
    assert after.table[0].jokers == 2


def test_the_joker_limit_counts_jokers_laid_off_over_the_meld_s_life() -> None:
    three = RuleConfig(jokers_per_deck=3)
    state = build(three, ["JK JK 2C 3D", None, None], table=[("5S JK=6S 7S", 1)])
    refused(state, "layoff 0 JK=8S", "at most 1 joker")
    assert texts(state, Layoff) == []
    two = attrs.evolve(three, max_jokers_per_meld=2)
    state = build(two, ["JK JK 2C 3D", None, None], table=[("5S JK=6S 7S", 1)])
    refused(state, "layoff 0 JK=4S JK=8S", "at most 2 jokers")
    after = state.apply_text("layoff 0 JK=8S")
    assert after.table[0].jokers == 2
    refused(after, "layoff 0 JK=9S", "at most 2 jokers")
    refused(after, "layoff 0 JK=4S", "at most 2 jokers")


# -- joker_only_melds ---------------------------------------------------------------------------


def test_a_new_meld_needs_a_natural_card_unless_joker_only_melds() -> None:
    loose = RuleConfig(jokers_per_deck=3, max_jokers_per_meld=3)
    hand = ["JK JK JK 2C 9D 4H 10H JS", None, None]
    state = build(loose, hand)
    refused(state, "meld JK=5S JK=6S JK=7S", "jokers only")
    refused(state, "meld JK=9C JK=9D JK=9H", "jokers only")
    assert all(any(c < JOKER for c in m.cards) for m in state.legal_moves() if isinstance(m, Meld))
    allowed = build(attrs.evolve(loose, joker_only_melds=True), hand)
    offered = texts(allowed, Meld)
    assert "meld JK=5S JK=6S JK=7S" in offered
    assert "meld JK=9C JK=9D JK=9H" in offered
    after = allowed.apply_text("meld JK=5S JK=6S JK=7S")
    assert after.table[0].cards == cards("JK=5S JK=6S JK=7S")
    assert after.table[0].is_run
    # The run of jokers is an ordinary run: the natural 8S can be laid off on it.
    assert "layoff 0 8S" in texts(
        build(
            attrs.evolve(loose, joker_only_melds=True),
            ["8S 2C 3D", None, None],
            table=[("JK=5S JK=6S JK=7S", 1)],
        ),
        Layoff,
    )


# -- taking a joker from the pile -------------------------------------------------------------


def test_a_joker_taken_from_the_pile_must_be_used_that_turn() -> None:
    usable = build(WILD, ["5S 7S 2C 9D 4H 10H JC", None, None], pile="JK", phase=Phase.DRAW)
    assert Take((JOKER,)) in usable.legal_moves()
    taken = usable.apply_text("take JK")
    assert taken.owed == JOKER
    refused(taken, "discard 2C", "deepest card you took .* before you discard")
    done = taken.apply_text("meld 5S JK=6S 7S")
    assert done.owed is None
    assert "discard 2C" in texts(done, Discard)
    useless = build(WILD, ["5S 8S 2C 9D 4H 10H JC", None, None], pile="JK", phase=Phase.DRAW)
    assert Take((JOKER,)) not in useless.legal_moves()
    refused(useless, "take JK", "must be melded or laid off")


# -- "A joker counts 15 points, for you on the table or against you in your hand" --------------


@pytest.mark.parametrize("joker", [15, 20])
def test_a_joker_counts_15_or_its_configured_value_on_the_table_and_in_hand(joker: int) -> None:
    config = attrs.evolve(WILD, card_values=CardValues(joker=joker))
    state = build(config, ["5S 7S JK 9C", "JK 4D", "2D 3D"], table=[("KC KD KH", 1)])
    over = state.apply_text("meld 5S JK=6S 7S").apply_text("discard 9C")
    assert over.phase is Phase.HAND_OVER
    assert over.went_out == 0
    # Player 0: 5 + joker + 7 on the table. Player 1: three kings, minus joker and 4 in hand.
    assert over.history[-1] == (5 + joker + 7, 30 - joker - 4, -2 - 3)


def test_a_joker_counts_its_own_value_whatever_it_stands_for() -> None:
    # A natural low ace counts 1; a joker standing for it counts as a joker, 15.
    state = build(WILD, ["JK 2S 3S 9C", "AH 2H 3H 4D", "2D 3D"], table=[("KC KD KH", 2)])
    over = state.apply_text("meld JK=AS 2S 3S").apply_text("discard 9C")
    assert over.table[1].cards == cards("JK=AS 2S 3S")
    assert over.history[-1] == (15 + 2 + 3, -(15 + 2 + 3 + 4), 30 - 5)


# -- jokers that are not wild (Persian Rummy) ----------------------------------------------------


def test_jokers_that_are_not_wild_make_sets_of_three_or_four_jokers_only() -> None:
    state = build(NOT_WILD, ["JK JK JK JK 5S 6S 7S 9C", None, None])
    assert texts(state, Meld) == ["meld JK JK JK", "meld JK JK JK JK", "meld 5S 6S 7S"]
    refused(state, "meld JK JK 5S", "sets of jokers only")
    refused(state, "meld 5S JK=6S 7S", "not wild")
    refused(state, "meld JK=9C JK=9D JK=9H", "not wild")
    refused(state, "meld JK JK", "at least 3 cards")
    after = state.apply_text("meld JK JK JK")
    assert after.table[0].cards == (JOKER, JOKER, JOKER)
    assert after.table[0].is_joker_set
    assert after.apply_text("layoff 0 JK").table[0].cards == (JOKER,) * 4


def test_a_joker_that_is_not_wild_goes_into_no_other_meld() -> None:
    state = build(
        NOT_WILD,
        ["JK 9C 2D", None, None],
        table=[("JK JK JK", 1), ("QH KH AH", 2), ("KC KD KS", 2), ("8H 8D 8C", 1)],
    )
    assert texts(state, Layoff) == ["layoff 0 JK"]
    refused(state, "layoff 1 JK", "sets of jokers only")
    refused(state, "layoff 2 JK", "sets of jokers only")
    refused(state, "layoff 3 JK", "sets of jokers only")
    refused(state, "layoff 1 JK=JH", "not wild")
    refused(state, "layoff 0 9C", "only jokers")
    refused(state, "layoff 0 JK high", "only to a run")
    full = build(NOT_WILD, ["JK 9C 2D", None, None], table=[("JK JK JK", 1), ("8H 8D 8C", 1)])
    assert texts(full, Layoff) == ["layoff 0 JK"]
    four = full.apply_text("layoff 0 JK").apply_text("discard 9C")
    assert four.table[0].cards == (JOKER,) * 4
    assert four.table[0].owners == (0, 1, 1, 1)


def test_a_set_of_jokers_scores_the_joker_value_of_each() -> None:
    state = build(NOT_WILD, ["JK JK JK 9C", "JK 4D", "2D 3D"], table=[("KC KD KH", 1)])
    over = state.apply_text("meld JK JK JK").apply_text("discard 9C")
    assert over.phase is Phase.HAND_OVER
    assert over.history[-1] == (3 * 20, 30 - 20 - 4, -5)


def test_a_joker_cannot_make_a_set_of_five_or_say_high() -> None:
    state = build(WILD, ["9C 9D 9H 9S JK 2C 3D 4H", None, None])
    refused(state, "meld 9C 9D 9H 9S JK=9C", "at most 4 cards")
    table = build(WILD, ["JK 2C 3D", None, None], table=[("9C 9D 9S", 1)])
    refused(table, "layoff 0 JK=9H high", "'high' applies only to a run")


def test_a_set_of_jokers_that_are_not_wild_holds_at_most_four() -> None:
    # Five players use two decks: eight jokers.
    state = build(NOT_WILD, ["JK 9C 2D", None, None, None, None], table=[("JK JK JK JK", 1)])
    assert texts(state, Layoff) == []
    refused(state, "layoff 0 JK", "at most 4")


@pytest.mark.parametrize(
    ("config", "hand", "table", "offered"),
    [
        # A wild joker can be laid off at an end of a run that holds no joker yet...
        (WILD, "2C 9D 4H 10H JC 3D KH", [("5S 6S 7S", 1)], True),
        # ...but not on a run already holding the one joker a meld may have.
        (WILD, "2C 9D 4H 10H JC 3D KH", [("5S JK=6S 7S", 1)], False),
        # A wrapping run of all 13 ranks has no room for a joker; one of 12 has.
        (
            RuleConfig(jokers_per_deck=2, wrap_around=True),
            "2C 9D 4H 10H JC 3D KH",
            [("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", 1)],
            False,
        ),
        (
            RuleConfig(jokers_per_deck=2, wrap_around=True),
            "2C 9D 4H 10H JC 3D KH",
            [("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", 1)],
            True,
        ),
        # Three wild jokers alone make a meld only with joker_only_melds (the set of four
        # kings on the table takes nothing more).
        (
            RuleConfig(jokers_per_deck=3, max_jokers_per_meld=3),
            "JK JK",
            [("KC KD KH KS", 1)],
            False,
        ),
        (
            RuleConfig(jokers_per_deck=3, max_jokers_per_meld=3, joker_only_melds=True),
            "JK JK",
            [("KC KD KH KS", 1)],
            True,
        ),
        # Two wild jokers and one natural card make a meld when a meld may hold 3 jokers.
        (
            RuleConfig(jokers_per_deck=3, max_jokers_per_meld=3),
            "JK JK 2C",
            [("KC KD KH KS", 1)],
            True,
        ),
        (
            RuleConfig(jokers_per_deck=3, max_jokers_per_meld=1),
            "JK JK 2C",
            [("KC KD KH KS", 1)],
            False,
        ),
        # Jokers that are not wild: onto a set of jokers, or into a new one with two more.
        (NOT_WILD, "2C 9D 4H", [("JK JK JK", 1)], True),
        (NOT_WILD, "2C 9D 4H", [("5S 6S 7S", 1)], False),
        (NOT_WILD, "JK JK 2C", [("5S 6S 7S", 1)], True),
        (NOT_WILD, "JK 2C 9D", [("5S 6S 7S", 1)], False),
    ],
    ids=[
        "wild-on-run",
        "wild-limit",
        "wrap-full-run",
        "wrap-12-card-run",
        "joker-only-off",
        "joker-only-on",
        "two-wild-and-a-card",
        "two-wild-over-limit",
        "not-wild-on-joker-set",
        "not-wild-on-run",
        "not-wild-new-set",
        "not-wild-too-few",
    ],
)
def test_a_joker_is_taken_from_the_pile_only_when_it_can_be_put_down(
    config: RuleConfig, hand: str, table: list[tuple[str, int]], offered: bool
) -> None:
    state = build(config, [hand, None, None], table=table, pile="JK", phase=Phase.DRAW)
    assert (Take((JOKER,)) in state.legal_moves()) is offered
    if offered:
        taken = state.apply_text("take JK")
        assert taken.owed == JOKER
        assert any(JOKER in m.cards or any(c > JOKER for c in m.cards) for m in taken.legal_moves())
