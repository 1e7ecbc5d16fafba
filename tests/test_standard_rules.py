"""The standard rules: players and decks, choosing the dealer, the deal, turn order, the end
of a hand, illegal moves and undo.

Rules for the discard pile, for melding and laying off, and for scoring have their own files.
"""

from __future__ import annotations

import copy
import random

import pytest

from helpers_positions import cards, play, position, random_line
from rummy500 import (
    CHANCE,
    Call,
    Card,
    ConfigError,
    Deal,
    Decline,
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
    new_game,
)
from rummy500.rules.dealing import shuffled_deck
from rummy500.toolkit import CARDS, make_deck

ALL_COUNTS = range(2, 9)

# -- players, decks, the deal ----------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 9, 10])
def test_game_is_for_2_to_8_players(players: int) -> None:
    with pytest.raises(ConfigError, match="2 to 8 players"):
        new_game(players=players)


@pytest.mark.parametrize(
    ("players", "decks", "dealt", "stock"),
    [
        (2, 1, 13, 25),
        (3, 1, 7, 30),
        (4, 1, 7, 23),
        (5, 2, 7, 68),
        (6, 2, 7, 61),
        (7, 2, 7, 54),
        (8, 2, 7, 47),
    ],
)
def test_deal_size_decks_and_stock_per_player_count(
    players: int, decks: int, dealt: int, stock: int
) -> None:
    config = RuleConfig()
    assert config.decks[players] == decks
    assert config.deal_size[players] == dealt
    for seed in (0, 1):
        state = new_game(players=players, seed=seed)
        assert [len(h) for h in state.hands] == [dealt] * players
        assert len(state.pile) == 1
        assert len(state.stock) == stock
        every_card = sorted([*state.stock, *state.pile, *(c for hand in state.hands for c in hand)])
        assert every_card == sorted(make_deck(decks))


def test_no_jokers_in_the_standard_game() -> None:
    for players in ALL_COUNTS:
        state = new_game(players=players, seed=5)
        assert not any(c.is_joker for c in (*state.stock, *state.pile, *state.hands[0]))


def test_position_with_a_joker_is_rejected() -> None:
    config = RuleConfig()
    deck = list(make_deck(1))
    deck[0] = Card("JK")
    with pytest.raises(StateError, match="not a card of this game's decks"):
        State.from_position(
            config, hands=[deck[:13], deck[13:26]], stock=deck[27:], pile=deck[26:27]
        )


def _lowest_drawer(players: int, drawn: tuple[Card, ...]) -> int:
    """Who deals by the rule "lowest card deals, ace low, ties draw again"."""
    contenders = list(range(players))
    cards_left = list(drawn)
    while True:
        ranks = {p: cards_left.pop(0).rank for p in contenders}
        low = min(ranks.values())
        contenders = [p for p in contenders if ranks[p] == low]
        if len(contenders) == 1:
            assert not cards_left
            return contenders[0]


@pytest.mark.parametrize("players", ALL_COUNTS)
def test_first_dealer_is_the_lowest_card_drawn(players: int) -> None:
    for seed in range(30):
        state = new_game(players=players, seed=seed)
        assert len(state.dealer_draw) >= players
        assert state.dealer == _lowest_drawer(players, state.dealer_draw)


def test_first_dealer_draw_counts_the_ace_low() -> None:
    found = False
    for seed in range(200):
        state = new_game(players=4, seed=seed)
        first_round = state.dealer_draw[:4]
        aces = [p for p, c in enumerate(first_round) if c.rank == 1]
        if len(aces) == 1:
            assert state.dealer == aces[0]
            found = True
    assert found


def test_first_dealer_can_be_given() -> None:
    state = new_game(players=4, seed=3, dealer=2)
    assert state.dealer == 2
    assert state.dealer_draw == ()
    assert state.current_player == 3


@pytest.mark.parametrize("players", [2, 3, 5])
def test_deal_is_one_card_at_a_time_clockwise_from_dealers_left(players: int) -> None:
    config = RuleConfig()
    for dealer in range(players):
        state = new_game(config, players=players, seed=11, dealer=dealer)
        deck = shuffled_deck(config, players, 11, 0)
        size = config.deal_size[players]
        expected: list[list[Card]] = [[] for _ in range(players)]
        for i in range(size * players):
            # Dealing takes cards off the top of the deck (its end), the first to the left.
            expected[(dealer + 1 + i) % players].append(deck[-1 - i])
        assert [list(h) for h in state.hands] == [sorted(h) for h in expected]
        # The next card is the upcard, and the rest is the stock in the same order.
        assert state.pile == (deck[-1 - size * players],)
        assert state.stock == tuple(deck[: -1 - size * players])


def test_same_seed_same_game_and_different_seed_different_deal() -> None:
    assert new_game(players=3, seed=9) == new_game(players=3, seed=9)
    assert new_game(players=3, seed=9).hands != new_game(players=3, seed=10).hands


@pytest.mark.parametrize("players", ALL_COUNTS)
def test_player_on_dealers_left_goes_first(players: int) -> None:
    for dealer in range(players):
        state = new_game(players=players, seed=1, dealer=dealer)
        assert state.current_player == (dealer + 1) % players
        assert state.phase is Phase.DRAW


def test_two_players_the_non_dealer_goes_first() -> None:
    for seed in range(10):
        state = new_game(players=2, seed=seed)
        assert state.current_player == 1 - state.dealer
        assert state.current_player == 1 - state.dealer


def test_upcard_starts_the_discard_pile_and_can_be_taken() -> None:
    # Player 0 holds two sevens, so the 7♣ upcard is usable and offered.
    state = position(["7H 7D 2C 4C 9S JD KH", None, None], pile="7C")
    assert Take(cards("7C")) in state.legal_moves()
    after = state.apply(Take(cards("7C")))
    assert after.pile == ()
    assert after.owed == Card("7C")


def test_pile_is_spread_for_all_to_see_and_the_stock_is_face_down() -> None:
    state = position(["JS JH 5S 3C 7D 8C QS", None, None], pile="6S 9D JC 4H KD 2S")
    for player in range(3):
        view = state.view(player)
        assert view.pile == cards("6S 9D JC 4H KD 2S")
        assert view.hand == state.hands[player]
        assert view.stock_size == len(state.stock)
        assert view.hand_sizes == (7, 7, 7)
        assert not hasattr(view, "stock")
        assert not hasattr(view, "hands")


# -- turn order ------------------------------------------------------------------------------


def test_turn_is_draw_then_plays_then_discard() -> None:
    state = position(["5S 6S 7S 2C 4C 9D JD", None, None], pile="KH", stock_top="8S")
    draw_moves = state.legal_moves()
    assert all(isinstance(m, Draw | Take | Decline) for m in draw_moves)
    after = state.apply(Draw())
    assert after.phase is Phase.PLAY
    assert after.current_player == 0
    assert all(isinstance(m, Meld | Layoff | Discard) for m in after.legal_moves())
    done = play(after, "meld 5S 6S 7S 8S", "discard 2C")
    assert done.phase is Phase.DRAW
    assert done.current_player == 1


@pytest.mark.parametrize("move", ["discard 2C", "meld 5S 6S 7S"])
def test_a_turn_starts_with_a_draw(move: str) -> None:
    state = position(["5S 6S 7S 2C 4C 9D JD", None, None], pile="KH")
    with pytest.raises(IllegalMoveError, match="starts with a draw"):
        state.apply_text(move)


def test_cannot_draw_twice() -> None:
    state = position(["5S 6S 7S 2C 4C 9D JD", None, None], pile="KH").apply(Draw())
    with pytest.raises(IllegalMoveError, match="already drawn"):
        state.apply(Draw())


def test_draw_takes_the_top_card_of_the_stock() -> None:
    state = position(["2C 4C 6C 8C 10C QC KD", None, None], pile="KH", stock_top="9S 3D")
    after = state.apply(Draw())
    assert Card("3D") in after.hands[0]
    assert after.stock == state.stock[:-1]
    assert after.pile == state.pile
    assert after.owed is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_passes_clockwise_to_the_left(players: int) -> None:
    state = new_game(players=players, seed=4)
    seen = [state.current_player]
    for _ in range(players):
        state = state.apply(Draw())
        discard = next(m for m in state.legal_moves() if isinstance(m, Discard))
        state = state.apply(discard)
        seen.append(state.current_player)
    first = seen[0]
    assert seen == [(first + i) % players for i in range(players + 1)]


def test_discard_goes_face_up_on_top_of_the_pile() -> None:
    state = position(["2C 4C 6C 8C 10C QC KD", None, None], pile="KH 3S", stock_top="9S")
    after = play(state, "draw", "discard 9S")
    assert after.pile == cards("KH 3S 9S")
    assert Card("9S") not in after.hands[0]


def test_a_turn_ends_only_with_a_discard_or_going_out() -> None:
    # After melding, the player still holds cards: the turn goes on until a discard.
    state = position(["5S 6S 7S 2C 4C 9D JD", None, None], pile="KH", stock_top="8S")
    after = play(state, "draw", "meld 5S 6S 7S 8S")
    assert after.phase is Phase.PLAY
    assert after.current_player == 0
    assert {m for m in after.legal_moves() if isinstance(m, Discard)} == {
        Discard(c) for c in after.hands[0]
    }


# -- the end of a hand and the next deal ------------------------------------------------------


def test_deal_passes_to_the_left_after_each_hand() -> None:
    state = position(
        ["9C", "2D 3D", "4H 5H"],
        table=[("KC KD KH", 0)],
        leftover=2,
        current_player=0,
        dealer=2,
        phase=Phase.PLAY,
        totals=[10, 20, 30],
        history=[[10, 20, 30]],
    )
    over = state.apply_text("discard 9C")
    assert over.phase is Phase.HAND_OVER
    assert over.current_player == CHANCE
    assert over.is_chance_node()
    assert over.legal_moves() == (Deal(),)
    nxt = over.apply(Deal())
    assert nxt.dealer == 0
    assert nxt.current_player == 1
    assert nxt.phase is Phase.DRAW
    assert nxt.hand_number == over.hand_number + 1
    assert nxt.table == ()
    assert nxt.owed is None
    assert [len(h) for h in nxt.hands] == [7, 7, 7]
    assert len(nxt.pile) == 1
    assert len(nxt.stock) == 30
    assert nxt.totals == over.totals
    assert nxt.history == over.history


def test_deal_is_legal_only_between_hands() -> None:
    state = new_game(players=3, seed=2)
    with pytest.raises(IllegalMoveError, match="only after a hand is over"):
        state.apply(Deal())


def test_nothing_but_deal_after_the_hand_is_over() -> None:
    state = position(
        ["9C", "2D 3D", "4H 5H"], table=[("KC KD KH", 0)], leftover=2, phase=Phase.PLAY
    ).apply_text("discard 9C")
    for move in (Draw(), Discard(Card("2D")), Decline()):
        with pytest.raises(IllegalMoveError, match="the next move is 'deal'"):
            state.apply(move)


# -- illegal moves and undo ------------------------------------------------------------------


def _digging_position() -> State:
    return position(["JS JH 5S 3C 7D 8C QS", None, None], pile="6S 9D JC 4H KD 2S")


ILLEGAL_IN_DRAW: list[tuple[Move, str]] = [
    (Take(cards("4H")), "every card above it"),
    (Take(cards("4H KD 2S")), "must be melded or laid off this turn"),
    (Take(cards("2S")), "must be melded or laid off this turn"),
    (Take(cards("9D JC 4H KD")), "every card above it"),
    (Decline(), "only when the stock is empty"),
    (Discard(Card("5S")), "starts with a draw"),
    (Meld(cards("JS JH JC")), "starts with a draw"),
    (Deal(), "only after a hand is over"),
]


@pytest.mark.parametrize(("move", "rule"), ILLEGAL_IN_DRAW, ids=lambda x: str(x))
def test_illegal_move_names_the_rule_and_leaves_state_unchanged(move: Move, rule: str) -> None:
    state = _digging_position()
    before = copy.deepcopy(state)
    legal_before = state.legal_moves()
    assert not state.is_legal(move)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert rule in str(info.value)
    assert str(move) in str(info.value)
    assert state == before
    assert state.legal_moves() == legal_before


ILLEGAL_IN_PLAY: list[tuple[str, str]] = [
    ("discard 5S", "must be melded or laid off before you discard"),
    ("discard JC", "must be melded or laid off before you discard"),
    ("discard 9S", "you do not hold 9♠"),
    ("meld JS JH 2S", "a run must be all one suit, and a set all one rank"),
    ("meld JS JH", "at least 3 cards"),
    ("layoff 0 2S", "there is no table meld 0"),
    ("draw", "already drawn"),
]


@pytest.mark.parametrize(("text", "rule"), ILLEGAL_IN_PLAY)
def test_illegal_play_names_the_rule_and_leaves_state_unchanged(text: str, rule: str) -> None:
    state = _digging_position().apply_text("take JC")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply_text(text)
    assert rule in str(info.value)
    assert state == before
    assert state.owed == Card("JC")


def test_undo_returns_the_exact_previous_state() -> None:
    start = _digging_position()
    before = copy.deepcopy(start)
    taken = start.apply_text("take JC")
    melded = taken.apply_text("meld JC JS JH")
    discarded = melded.apply_text("discard 5S")
    assert discarded.undo() is melded
    assert melded.undo() is taken
    assert taken.undo() is start
    assert start == before
    assert discarded.move_stack == (
        Take(cards("JC 4H KD 2S")),
        Meld(cards("JC JS JH")),
        Discard(Card("5S")),
    )


def test_undo_of_the_end_of_a_hand_restores_the_hand() -> None:
    state = position(
        ["9C", "2D 3D", "4H 5H"], table=[("KC KD KH", 0)], leftover=2, phase=Phase.PLAY
    )
    before = copy.deepcopy(state)
    over = state.apply_text("discard 9C")
    assert over.totals != before.totals
    assert over.undo() == before
    assert over.undo().totals == (0, 0, 0)


def test_undo_of_a_built_position_raises() -> None:
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        _digging_position().undo()


def _candidate_moves(state: State, rng: random.Random) -> list[Move]:
    """Moves of every kind built from the mover's cards, the pile and random cards."""
    hand = list(state.hands[state.current_player]) if state.current_player >= 0 else []
    moves: list[Move] = [Draw(), Decline(), Deal(), Pass()]
    for _ in range(12):
        size = rng.randint(0, 5)
        if hand and rng.random() < 0.7:
            picked = [rng.choice(hand) for _ in range(size)]
        else:
            picked = [CARDS[rng.randrange(52)] for _ in range(size)]
        depth = rng.randint(0, len(state.pile))
        meld_number, high = rng.randrange(4), rng.random() < 0.3
        taken = state.pile[len(state.pile) - depth :] if rng.random() < 0.6 else picked
        # A move naming no card cannot even be built, so only non-empty ones are tried.
        if picked:
            moves += [Meld(picked), Layoff(meld_number, picked, high), Discard(picked[0])]
        if taken:
            # Rummy is never called under the standard rules.
            moves += [Take(taken), Call(taken)]
    return moves


@pytest.mark.parametrize("seed", range(3))
def test_any_illegal_move_raises_illegal_move_error_and_changes_nothing(seed: int) -> None:
    rng = random.Random(seed)
    for state in random_line(seed, 150):
        before = copy.deepcopy(state)
        legal = set(state.legal_moves())
        for move in _candidate_moves(state, rng):
            if move in legal:
                state.apply(move).validate()
                continue
            with pytest.raises(IllegalMoveError, match=r"illegal|over"):
                state.apply(move)
        assert state == before
