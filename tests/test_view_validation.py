"""Views from outside (built by hand, evolved, loaded) are checked as states are; the research
entry points refuse arguments of the wrong type, naming them."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from rummy500 import Card, Phase, PlayerView, RuleConfig, State, new_game
from rummy500.bots import RandomBot
from rummy500.core.cards import JOKER, format_cards
from rummy500.core.errors import SerializationError, StateError
from rummy500.events import Dealt, Discarded, Drew, HandEnded, LaidOff, Took
from rummy500.game.serialize import from_data, to_data
from rummy500.game.state import CHANCE
from rummy500.melds.table import TableMeld
from rummy500.toolkit import KnownCardsReader, known_cards, sample_world
from test_worlds import REUSE, line

STATE = new_game(players=3, seed=5)
#: Player 1 is to move (the dealer is player 0).
MOVER = STATE.view(STATE.current_player)
OTHER = STATE.view((STATE.current_player + 1) % 3)


def refused(view: PlayerView, **changes: Any) -> str:
    with pytest.raises(StateError) as info:
        attrs.evolve(view, **changes)
    return str(info.value)


def test_views_of_real_states_pass_the_check() -> None:
    for view in (MOVER, OTHER):
        view.validate()
        assert attrs.evolve(view) == view


def test_a_view_for_a_player_the_game_does_not_have_is_refused() -> None:
    assert refused(OTHER, player=7) == "player must be a player from 0 to 2, not 7"
    assert refused(OTHER, player="1") == "player must be a whole number, not '1'"
    assert (
        refused(OTHER, side=0)
        == f"side is 0, but player {OTHER.player} plays for side {OTHER.player}"
    )


def test_hands_and_their_sizes_are_checked() -> None:
    assert refused(OTHER, hand=OTHER.hand[::-1]).startswith("hand must be sorted, as in a state: ")
    sizes = list(OTHER.hand_sizes)
    sizes[OTHER.player] += 1
    assert refused(OTHER, hand_sizes=tuple(sizes)) == (
        f"player {OTHER.player} holds 7 cards, but hand_sizes gives 8"
    )
    assert refused(OTHER, hand_sizes=(7,) * 9, player=0, side=0) == (
        "hand_sizes has one size for each player: these rules are for 2 to 8 players, not 9"
    )
    assert refused(OTHER, stock_size=-1) == "stock_size must be a whole number, 0 or more, not -1"
    assert refused(OTHER, stock_size=29) == (
        "the hands hold 21 cards, the stock 29, the pile 1 and the table 0, but the decks hold "
        "52 cards"
    )


def test_the_player_to_move_must_fit_the_phase() -> None:
    assert refused(OTHER, current_player=5) == (
        "current_player must be a player from 0 to 2 in phase draw, not 5"
    )
    assert refused(OTHER, current_player=CHANCE) == (
        "current_player must be a player from 0 to 2 in phase draw, not -1"
    )


def test_scores_and_their_rows_are_checked() -> None:
    assert refused(OTHER, totals=(0,)) == (
        "totals and every history row need one score for each of the 3 sides"
    )
    assert refused(OTHER, totals=(5, 0, 0), history=((5, 0, 1),)) == (
        "the history holds 1 hand, but hand_number 0 (counting from 0) in phase draw means 0 "
        "finished hands: the history records finished hands only"
    )
    assert refused(OTHER, turn=10**6) == (
        "turn 1000000 is impossible: a hand ends after at most turn_limit (1000) turns, so "
        "turn counts from 0 to 1000"
    )


def test_a_history_row_of_the_wrong_width_is_refused_before_the_record_start_is_read() -> None:
    # The score totals where the record starts are the totals less the history's columns: a
    # short row must be refused by name, not fail while they are summed.
    state = new_game(players=3, seed=5)
    bot = RandomBot(2)
    while state.hand_number == 0:
        if state.is_chance_node():
            state = state.apply(state.legal_moves()[0])
        else:
            state = state.apply(bot.choose(state.view(state.current_player)))
    view = state.view(0)
    assert len(view.history) == 1
    short = (view.history[0][:2],)
    assert refused(view, history=short) == (
        "totals and every history row need one score for each of the 3 sides"
    )
    data = to_data(view)
    data["history"] = [list(row) for row in short]
    with pytest.raises(SerializationError) as info:
        from_data(data, PlayerView)
    assert str(info.value) == (
        "cannot load PlayerView at $: inconsistent view: totals and every history row need one "
        "score for each of the 3 sides"
    )


def test_table_melds_are_checked() -> None:
    cards = tuple(Card(text) for text in ("AS", "2S", "3S"))
    assert not set(cards) & {*OTHER.hand, *OTHER.pile}
    unowned = TableMeld.of(cards, (0, 0, 7))
    smaller = OTHER.stock_size - 3
    assert refused(OTHER, table=(unowned,), stock_size=smaller) == (
        "table meld 0 needs an owner from 0 to 2 for each card"
    )
    assert refused(OTHER, table=(TableMeld.of(cards, (0, 0, 0), id=-1),), stock_size=smaller) == (
        "table[0] has id -1: a meld id is 0 or more"
    )


def test_cards_are_counted_against_the_decks() -> None:
    card = OTHER.pile[-1]
    assert refused(OTHER, pile=(card, card)) == (f"{card} appears 2 times, but the decks hold 1")


def test_legal_moves_are_those_of_the_player_to_move() -> None:
    assert refused(OTHER, legal_moves=MOVER.legal_moves) == (
        f"legal_moves must be empty: player {OTHER.player} is not to move, not 2 other moves"
    )
    assert refused(MOVER, legal_moves=MOVER.legal_moves[:1]) == (
        f"legal_moves must be the 2 legal moves of player {MOVER.player}, who is to move, not 1 "
        "other moves"
    )


def test_the_log_is_checked() -> None:
    seen = Drew(MOVER.player, STATE.stock[-1])
    assert refused(OTHER, log=(*OTHER.log, seen)) == (
        f"the log event log[1] ('P{MOVER.player} draw {STATE.stock[-1].ascii}') shows a card "
        f"that player {OTHER.player} did not see"
    )
    assert refused(OTHER, log=(*OTHER.log, Took(7, ()))) == (
        "the log event log[1] ('P7 take -') names a player who is not one of the 3 players"
    )
    assert refused(OTHER, log=(*OTHER.log, Took(0, (99,)))) == (  # type: ignore[arg-type]
        "the log event log[1] ('P0 take JK=8S') shows something that is not a card"
    )


def test_loading_refuses_an_inconsistent_view() -> None:
    data = to_data(OTHER)
    data["player"] = 7
    with pytest.raises(SerializationError) as info:
        from_data(data, PlayerView)
    assert str(info.value) == (
        "cannot load PlayerView at $: inconsistent view: player must be a player from 0 to 2, not 7"
    )
    data = to_data(OTHER)
    data["totals"] = [0]
    with pytest.raises(SerializationError) as info:
        from_data(data, PlayerView)
    assert str(info.value) == (
        "cannot load PlayerView at $: inconsistent view: totals and every history row need one "
        "score for each of the 3 sides"
    )
    data = to_data(OTHER)
    data["hand"].reverse()
    assert from_data(data, PlayerView) == OTHER  # hands are sorted on loading, as in a state


def test_sample_world_refuses_what_is_not_a_view_or_a_random_generator() -> None:
    message = (
        "rng must be a random.Random, such as random.Random(0) (seed one from a numpy "
        "Generator if need be), not {}"
    )
    with pytest.raises(StateError) as info:
        sample_world(OTHER, None)  # type: ignore[arg-type]
    assert str(info.value) == message.format("None")
    with pytest.raises(StateError) as info:
        sample_world(STATE, random.Random(0))  # type: ignore[arg-type]
    assert str(info.value) == "view must be a PlayerView, such as state.view(player), not a State"


def test_sample_world_refuses_a_numpy_generator() -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(StateError) as info:
        sample_world(OTHER, np.random.default_rng(0))
    assert str(info.value) == (
        "rng must be a random.Random, such as random.Random(0) (seed one from a numpy "
        "Generator if need be), not a Generator"
    )


def test_known_cards_and_its_reader_check_their_arguments() -> None:
    cases: list[tuple[Any, str]] = [
        (
            lambda: known_cards(STATE),
            "view must be a PlayerView, such as state.view(player), not a State",
        ),
        (lambda: known_cards(OTHER, public=1), "public must be True or False, not 1"),
        (lambda: KnownCardsReader(0), "players must be a number of players from 1 to 8, not 0"),
        (lambda: KnownCardsReader(3).read([1]), "events[0] is 1, not an event"),
        (
            lambda: KnownCardsReader(2).read(STATE.log),
            "events[0] names a player who is not one of the 2 players",
        ),
        (
            lambda: KnownCardsReader(2).cards(STATE),
            "position is of a 3-player game, but this reader reads the log of a 2-player game",
        ),
        (
            lambda: KnownCardsReader(3).cards(None),
            "position must be a State or a PlayerView, not None",
        ),
    ]
    for call, message in cases:
        with pytest.raises(StateError) as info:
            call()
        assert str(info.value) == message
    reader = KnownCardsReader(3)
    with pytest.raises(StateError):
        reader.read([*STATE.log, Took(5, ())])
    assert reader.events == 0  # nothing was read


def test_observation_and_information_state_functions_check_their_arguments() -> None:
    pytest.importorskip("numpy")
    # Imported here: these modules need numpy, which the bare test install does not have.
    from rummy500.infostate import InformationStateSpace
    from rummy500.observations import ObservationSpace

    observations = ObservationSpace.of(STATE.config, 3)
    infostates = InformationStateSpace.of(STATE.config, 3)
    view_message = "view must be a PlayerView, such as state.view(player), not {}"
    cases: list[tuple[Any, str]] = [
        (lambda: observations.observation(STATE), view_message.format("a State")),
        (lambda: infostates.information_state(None), view_message.format("None")),
        (lambda: observations.observation_for(OTHER, 0), "state must be a State, not a PlayerView"),
        (lambda: infostates.information_state_for(None, 0), "state must be a State, not None"),
        (lambda: observations.observation_for(STATE, 7), "there is no player 7 in a 3-player game"),
        (
            lambda: infostates.information_state_for(STATE, -1),
            "there is no player -1 in a 3-player game",
        ),
    ]
    for call, message in cases:
        with pytest.raises(StateError) as info:
            call()
        assert str(info.value) == message


def test_a_log_that_puts_a_card_shown_elsewhere_in_a_hand_is_refused() -> None:
    # The view shows 9♣ in the player's own hand; a log with player 0 taking it from the pile
    # would put it in their hand too: no world agrees with both, on any way in.
    card = OTHER.hand[0]
    log = (*OTHER.log, Took(MOVER.player, (card,)))
    message = (
        f"the log has player {MOVER.player} take {card} from the pile and not play it since, "
        "but the view shows it elsewhere as often as the decks hold it (1)"
    )
    assert refused(OTHER, log=log) == message
    data = to_data(OTHER)
    data["log"].append(to_data(log[-1]))
    with pytest.raises(SerializationError) as info:
        from_data(data, PlayerView)
    assert str(info.value) == f"cannot load PlayerView at $: inconsistent view: {message}"


def reshuffled_view() -> PlayerView:
    """Player 0's view after the pile was turned over (the reshuffle is log[96])."""
    view = line(REUSE, 3, seed=1, steps=99)[-1].view(0)
    assert [str(e) for e in view.log[-5:]] == [
        "pile turned over: stock 7",
        "P1 draw",
        "P1 layoff 5 K♦",
        "P1 discard 8♥",
        "P2 draw",
    ]
    return view


def test_a_log_that_does_not_add_up_after_a_reshuffle_is_refused() -> None:
    view = reshuffled_view()
    sample_world(view, random.Random(0)).validate()
    assert refused(view, log=(*view.log, Drew(2, None))) == (
        "the pile turned over at log[96] hid 7 cards from player 0, but the log has the other "
        "players draw 3 of them unseen, and the stock holds 5"
    )
    # Without P1's draw, the 8♥ of the pile turned over cannot be theirs to discard.
    log = (*view.log[:97], *view.log[98:])
    assert refused(view, log=log) == (
        "the log has player 1 play 8♥ at log[98], which they cannot hold: no stock they drew "
        "from unseen before then hid a copy of it"
    )


# -- what play makes public of the hidden cards --------------------------------------------------

#: Three runs on the table and the stock empty: the hearts, the face cards but the diamonds' and
#: the spades' queen, and the king of hearts on the pile are all that is not on the table.
RUNS = [
    ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C", 0),
    ("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D", 0),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", 2),
]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(Card(c) for c in text.split()))


def test_a_hidden_mover_who_owes_a_card_no_hand_can_use_is_refused() -> None:
    # Player 1 took K♥ (it is owed); player 0 holds the other kings and Q♥, so no hand of
    # player 1 puts K♥ down: in a set it needs two kings, in a run Q♥.
    state = State.from_position(
        RuleConfig(),
        hands=["2S 7H 9C QH KC KD KS", "4C 5C 6C 8D 9D 10D JD KH", "AS 3S 5S 7S 9S JS AH"],
        pile="2D",
        current_player=1,
        dealer=0,
        phase=Phase.PLAY,
        owed="6C",
    )
    view = state.view(0)
    assert refused(view, owed=Card("KH")) == (
        "player 1 owes K♥, the deepest card they took from the discard pile, which must be "
        "melded or laid off this turn, but no hand the view leaves them can do that: a take is "
        "legal only when its deepest card can be used"
    )
    # With 6♣ owed, a world always has a hand that uses it.
    for seed in range(20):
        world = sample_world(view, random.Random(seed))
        world.validate()
        assert world.view(0) == view


def test_a_hidden_mover_at_an_empty_stock_with_no_take_is_refused() -> None:
    # Player 1 holds K♠ K♦ and may take K♥; the view has player 0 hold them with the other
    # king and Q♥: no hand of player 1 takes K♥, and the hand would have ended.
    state = State.from_position(
        RuleConfig(),
        hands=["KC QH AH 2H 3H 4H 5H", "KS KD JC QC JD QD JS", "6H 7H 8H 9H 10H JH QS"],
        stock="",
        pile="KH",
        table=RUNS,
        current_player=1,
        dealer=0,
        phase=Phase.DRAW,
    )
    view = state.view(0)
    assert refused(view, hand=cards("KC KD KS QH 2H 3H 4H")) == (
        "the stock is empty and player 1 is to draw, but no hand the view leaves them has a "
        "legal take: when the player to draw from an empty stock has none, the hand ends at once"
    )


def finished(seed: int) -> State:
    """The first hand of a seeded three-player game, played at random to its end."""
    rng = random.Random(seed)
    state = new_game(players=3, seed=seed)
    while state.phase < Phase.HAND_OVER:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def shifted(view: PlayerView, delta: tuple[int, ...]) -> dict[str, Any]:
    """The changes that add ``delta`` to the last hand's scores everywhere the view has them
    (the history, the players' rows, the totals and the log's end of the hand)."""
    row = tuple(x + d for x, d in zip(view.history[-1], delta, strict=True))
    totals = tuple(t + d for t, d in zip(view.totals, delta, strict=True))
    end = attrs.evolve(view.log[-1], scores=row, totals=totals)
    return {
        "history": (*view.history[:-1], row),
        "player_history": (*view.player_history[:-1], row),
        "totals": totals,
        "log": (*view.log[:-1], end),
    }


def test_a_finished_hands_scores_are_checked_against_what_the_player_sees() -> None:
    state = finished(1)  # player 0 went out: 48 -1 -64
    assert state.went_out == 0
    assert state.history == ((48, -1, -64),)
    view = state.view(1)
    assert attrs.evolve(view) == view
    assert refused(view, **shifted(view, (0, 100, 0))) == (
        "the last hand's score of side 1 is 99, but the table and player 1's hand score -1: its "
        "table cards count for it and the cards left in its hands against it"
    )
    assert refused(view, **shifted(view, (7, 7, 7))) == (
        "the last hand's score of side 0 is 55, but the table and player 0 out with no cards "
        "score 48: its table cards count for it and the cards left in its hands against it"
    )
    assert refused(view, **shifted(view, (0, 0, 300))) == (
        "the last hand's score of side 2 is 236, but with 7 cards hidden in its hands it scores "
        "from -80 to -28: its table cards count for it and the cards left in its hands against "
        "it"
    )
    # Within what player 2's seven hidden cards can count, the view stands.
    assert attrs.evolve(view, **shifted(view, (0, 0, 7))).history == ((48, -1, -57),)


def test_a_log_that_deals_the_player_cards_they_do_not_hold_is_refused() -> None:
    deal = OTHER.log[0]
    assert isinstance(deal, Dealt)
    mine = deal.hands[OTHER.player]
    assert mine is not None
    other = next(c for c in STATE.stock if c not in mine)
    hands = list(deal.hands)
    hands[OTHER.player] = (*mine[:-1], other)
    assert refused(OTHER, log=(attrs.evolve(deal, hands=tuple(hands)),)) == (
        f"the log deals player {OTHER.player} {format_cards(hands[OTHER.player])} and their "
        f"draws, takes and plays since leave them "
        f"{format_cards(sorted(hands[OTHER.player]))}, but they hold {format_cards(OTHER.hand)}"
    )


def test_a_log_with_a_joker_in_a_game_without_jokers_is_refused() -> None:
    log = (*OTHER.log, Drew(MOVER.player, None), Discarded(MOVER.player, JOKER))
    assert refused(OTHER, log=log) == (
        f"the log event log[2] ('P{MOVER.player} discard JK') shows 🃏, which is not a card of "
        "this game's decks"
    )


def test_a_log_that_lays_off_on_a_meld_not_on_the_table_is_refused() -> None:
    card = STATE.hands[MOVER.player][0]
    log = (*OTHER.log, Drew(MOVER.player, None), LaidOff(MOVER.player, 0, (card,)))
    assert refused(OTHER, log=log) == (
        f"the log event log[2] ('P{MOVER.player} layoff 0 {card.ascii}') names meld 0, but the "
        "table has no meld 0: melds stay on the table until the hand is over"
    )


def test_a_log_that_ends_a_hand_in_play_is_refused() -> None:
    log = (*OTHER.log, HandEnded(0, None, (0, 0, 0), (0, 0, 0)))
    assert refused(OTHER, log=log) == (
        "the log event log[1] ('hand 0 over, nobody out: scores 0 0 0; totals 0 0 0') ends the "
        "hand, but the view is of a hand in play (phase draw)"
    )
