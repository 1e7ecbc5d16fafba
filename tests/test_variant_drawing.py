"""Drawing variants: keeping the lone top discard, and the deepest card starting a new meld.

Each test is named after the rule sentence it checks ("Keep the top discard" and "Deepest card
starts a new meld" in the rule book's house rules) and plays real moves on hand-built
positions, against the standard rules where the variant changes the outcome.
"""

from __future__ import annotations

import attrs
import pytest

from helpers_positions import cards, play, position
from rummy500 import (
    Card,
    DeepestCard,
    Discard,
    Draw,
    IllegalMoveError,
    Layoff,
    Meld,
    OwedUse,
    Phase,
    PlayerTable,
    RuleConfig,
    State,
    Take,
)

STANDARD = RuleConfig()
KEEP_TOP = RuleConfig(keep_top_discard=True)
NEW_MELD = RuleConfig(deepest_card=DeepestCard.NEW_MELD)

# Three hands without a meld or a lay-off among them; player 0 moves first.
P0 = "2C 4D 6H 8S 10C QD AS"
P1 = "3C 5D 7H 8D JC KS 2D"
P2 = "3D 5H 7S 9C JD 4C 6D"


def opening(config: RuleConfig, pile: str, p0: str = P0) -> State:
    """Player 0 to draw, with ``pile`` as the discard pile (oldest first)."""
    return position([p0, P1, P2], config=config, pile=pile)


# -- keep the top discard ----------------------------------------------------------------------


def test_the_lone_top_card_may_be_taken_and_kept_without_using_it() -> None:
    # The K♥ fits nothing: the standard rules refuse the take, the variant allows it.
    with pytest.raises(IllegalMoveError, match="K♥, must be melded or laid off this turn"):
        opening(STANDARD, "9D KH").apply(Take(cards("KH")))
    state = opening(KEEP_TOP, "9D KH")
    assert Take(cards("KH")) in state.legal_moves()

    kept = state.apply(Take(cards("KH")))
    assert kept.phase is Phase.PLAY
    assert kept.kept == Card("KH")
    assert kept.owed is None
    assert kept.pile == cards("9D")
    assert Card("KH") in kept.hands[0]

    after = kept.apply(Discard(Card("2C")))
    assert after.phase is Phase.DRAW
    assert after.current_player == 1
    assert after.kept is None
    assert after.pile == cards("9D 2C")
    assert Card("KH") in after.hands[0]


def test_the_player_must_then_discard_a_different_card() -> None:
    kept = opening(KEEP_TOP, "9D KH").apply(Take(cards("KH")))
    assert Discard(Card("KH")) not in kept.legal_moves()
    with pytest.raises(IllegalMoveError, match="K♥ was taken from the top of the pile and kept"):
        kept.apply(Discard(Card("KH")))
    # Every other card in hand may be thrown.
    assert {m for m in kept.legal_moves() if isinstance(m, Discard)} == {
        Discard(c) for c in cards(P0)
    }


def test_the_kept_card_may_be_discarded_on_a_later_turn() -> None:
    state = play(opening(KEEP_TOP, "9D KH"), "take KH", "discard 2C")
    state = play(state, "draw", "discard 3C", "draw", "discard 3D")
    assert state.current_player == 0
    state = state.apply(Draw())
    assert state.kept is None
    assert Discard(Card("KH")) in state.legal_moves()


def test_a_usable_lone_top_card_is_kept_not_owed() -> None:
    p0 = "2C 4D 9S 9H 10C QD AS"
    kept = opening(KEEP_TOP, "KH 9D", p0).apply(Take(cards("9D")))
    assert kept.owed is None
    assert kept.kept == Card("9D")
    # Nothing is owed: the player may discard at once, or meld the card after all.
    assert Discard(Card("2C")) in kept.legal_moves()
    melded = kept.apply(Meld(cards("9D 9H 9S")))
    assert melded.kept is None
    assert melded.table[0].cards == cards("9D 9H 9S")
    # Under the standard rules the same card is owed.
    owed = opening(STANDARD, "KH 9D", p0).apply(Take(cards("9D")))
    assert owed.owed == Card("9D")
    assert owed.kept is None
    assert Discard(Card("2C")) not in owed.legal_moves()


def test_any_deeper_card_must_still_be_used_at_once() -> None:
    # 9♦ fits nothing in player 0's hand: digging to it is refused even though K♥ may be kept.
    with pytest.raises(IllegalMoveError, match="9♦, must be melded or laid off this turn"):
        opening(KEEP_TOP, "9D KH").apply(Take(cards("9D KH")))

    p0 = "2C 4D 9S 9H 10C QD AS"
    taken = opening(KEEP_TOP, "9D KH", p0).apply(Take(cards("9D KH")))
    assert taken.owed == Card("9D")
    assert taken.kept is None
    with pytest.raises(
        IllegalMoveError, match=r"9♦, the deepest card you took .* before you discard"
    ):
        taken.apply(Discard(Card("2C")))
    melded = taken.apply(Meld(cards("9D 9H 9S")))
    assert melded.owed is None
    # The K♥ came with a deeper card, so it is not kept and may be thrown straight back.
    done = melded.apply(Discard(Card("KH")))
    assert done.pile[-1] == Card("KH")
    assert done.current_player == 1


TWO_DECKS = attrs.evolve(KEEP_TOP, decks=PlayerTable.of(2))


def test_with_two_decks_the_other_copy_of_the_kept_card_may_be_discarded() -> None:
    p0 = "2C 4D 6H KH 10C QD AS"
    kept = opening(TWO_DECKS, "9D KH", p0).apply(Take(cards("KH")))
    assert kept.hands[0].count(Card("KH")) == 2
    assert Discard(Card("KH")) in kept.legal_moves()
    done = kept.apply(Discard(Card("KH")))
    assert done.hands[0].count(Card("KH")) == 1
    assert done.pile == cards("9D KH")
    assert done.current_player == 1
    # Without the second copy in hand the kept card still cannot be thrown.
    lone = opening(TWO_DECKS, "9D KH").apply(Take(cards("KH")))
    with pytest.raises(IllegalMoveError, match="kept: discard another"):
        lone.apply(Discard(Card("KH")))


def test_with_two_decks_either_copy_may_be_the_one_put_down() -> None:
    # Equal cards are interchangeable: laying one K♥ off frees the other to be thrown.
    state = position(
        ["KH QH 5C 2D", P1, P2], config=TWO_DECKS, pile="9D KH", table=[("9H 10H JH", 1)]
    )
    kept = state.apply(Take(cards("KH")))
    laid = kept.apply(Layoff(0, cards("QH KH")))
    assert laid.kept is None
    assert Discard(Card("KH")) in laid.legal_moves()
    # The same with nothing else in hand: the other K♥ is the last card, and is thrown to go out.
    short = position(["KH QH", P1, P2], config=TWO_DECKS, pile="9D KH", table=[("9H 10H JH", 1)])
    out = play(short, "take KH", "layoff 0 QH KH", "discard KH")
    assert out.went_out == 0
    assert out.pile[-1] == Card("KH")


def kept_beside_a_run(config: RuleConfig, table: str) -> State:
    """Player 0 holds 5♣ 6♣ 7♣ and takes the lone K♥ to keep it."""
    state = position(
        ["5C 6C 7C", "3C 5D 7H 9S JC QC 2D", P2], config=config, pile="9D KH", table=[(table, 1)]
    )
    return state.apply(Take(cards("KH")))


def test_no_play_may_leave_only_the_kept_card_when_it_cannot_then_be_put_down() -> None:
    kept = kept_beside_a_run(KEEP_TOP, "10S JS QS")
    meld = Meld(cards("5C 6C 7C"))
    assert meld not in kept.legal_moves()
    with pytest.raises(IllegalMoveError, match="you would hold only K♥, which you kept"):
        kept.apply(meld)
    assert set(kept.legal_moves()) == {Discard(c) for c in cards("5C 6C 7C")}


def test_a_play_may_leave_only_the_kept_card_when_it_can_then_be_laid_off() -> None:
    kept = kept_beside_a_run(KEEP_TOP, "KC KD KS")
    melded = kept.apply(Meld(cards("5C 6C 7C")))
    assert melded.hands[0] == cards("KH")
    out = melded.apply(Layoff(0, cards("KH")))
    assert out.phase is Phase.HAND_OVER
    assert out.went_out == 0


def test_no_play_leaves_only_the_kept_card_when_the_last_card_must_be_a_discard() -> None:
    # The K♥ could be laid off, but the last card must be a discard and the kept one cannot.
    kept = kept_beside_a_run(attrs.evolve(KEEP_TOP, discard_to_go_out=True), "KC KD KS")
    assert Meld(cards("5C 6C 7C")) not in kept.legal_moves()
    # Laying the kept card off is fine: three cards stay in hand.
    assert set(kept.legal_moves()) == {
        Layoff(0, cards("KH")),
        *(Discard(c) for c in cards("5C 6C 7C")),
    }


# -- the deepest card starts a new meld --------------------------------------------------------

HEARTS_RUN = ("5H 6H 7H", 1)
SPADES_RUN = ("5S 6S 7S", 2)
# Player 0 can only lay the 8♥ off; with the 8♠ and 8♦ it can also go into a new set.
LAY_OFF_ONLY = "2C 4D 6C 8C 10C QD AS"
WITH_A_SET = "2C 4D 8S 8D 10C QD AS"


def eights(config: RuleConfig, p0: str, pile: str = "KC 8H", *, spades: bool = False) -> State:
    """Player 0 to draw with a hearts run (and maybe a spades run) on the table."""
    table = [HEARTS_RUN, SPADES_RUN] if spades else [HEARTS_RUN]
    return position(
        [p0, "3C 5C 9S JC QS 2D 10D", "3D 5D 7C 9C JD 4C 6D"], config=config, pile=pile, table=table
    )


def test_the_deepest_card_taken_must_go_into_a_new_set_or_run_of_3_or_more() -> None:
    # 8♥ could be laid off on 5♥ 6♥ 7♥: enough under the standard rules, not under the variant.
    for pile, taken in (("KC 8H", "8H"), ("8H KC", "8H KC")):
        take = Take(cards(taken))
        assert take in eights(STANDARD, LAY_OFF_ONLY, pile).legal_moves()
        state = eights(NEW_MELD, LAY_OFF_ONLY, pile)
        assert take not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match="must go into a new meld this turn"):
            state.apply(take)


def test_laying_the_deepest_card_off_does_not_count() -> None:
    taken = eights(NEW_MELD, WITH_A_SET, "9D 8H").apply(Take(cards("8H")))
    assert taken.owed == Card("8H")
    assert taken.owed_use is OwedUse.MELD
    lay_off = Layoff(0, cards("8H"))
    assert lay_off not in taken.legal_moves()
    with pytest.raises(IllegalMoveError, match="8♥, the deepest card you took, must go into a new"):
        taken.apply(lay_off)
    melded = taken.apply(Meld(cards("8S 8D 8H")))
    assert melded.owed is None
    assert melded.table[1].cards == cards("8D 8H 8S")
    # The standard rules accept the lay-off.
    laid = eights(STANDARD, WITH_A_SET, "9D 8H").apply(Take(cards("8H"))).apply(lay_off)
    assert laid.owed is None
    assert laid.table[0].cards == cards("5H 6H 7H 8H")


def test_a_new_run_of_cards_taken_from_the_pile_counts() -> None:
    state = eights(NEW_MELD, LAY_OFF_ONLY, "KD 9H 10H JH")
    # 9♥ alone could not start a meld with player 0's cards; with 10♥ J♥ taken above it, it can.
    assert Take(cards("9H 10H JH")) in state.legal_moves()
    assert Take(cards("10H JH")) not in state.legal_moves()
    done = play(state, "take 9H 10H JH", "meld 9H 10H JH", "discard 2C")
    assert done.table[1].cards == cards("9H 10H JH")
    assert done.current_player == 1


def test_no_lay_off_may_leave_the_owed_card_without_a_new_meld() -> None:
    # Laying the 8♠ off on the spades run leaves 8♦ 8♥: no new set, so it is refused, while the
    # standard rules allow it because the 8♥ can still be laid off.
    lay_off = Layoff(1, cards("8S"))
    taken = eights(NEW_MELD, WITH_A_SET, "9D 8H", spades=True).apply(Take(cards("8H")))
    assert lay_off not in taken.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        taken.apply(lay_off)
    assert str(info.value) == (
        "'layoff 1 8♠' is illegal: afterwards 8♥, the deepest card you took from the discard "
        "pile, could no longer go into a new meld this turn, as it must"
    )
    standard = eights(STANDARD, WITH_A_SET, "9D 8H", spades=True).apply(Take(cards("8H")))
    assert standard.apply(lay_off).owed == Card("8H")


def test_a_new_run_joined_to_a_table_run_still_counts_as_a_new_meld() -> None:
    config = attrs.evolve(NEW_MELD, join_melds=True)
    state = eights(config, "2C 4D 9H 10H QD AS KS", "KC 8H")
    done = play(state, "take 8H", "meld 8H 9H 10H")
    assert done.owed is None
    assert len(done.table) == 1
    assert done.table[0].cards == cards("5H 6H 7H 8H 9H 10H")
    assert done.table[0].owners == (1, 1, 1, 0, 0, 0)
