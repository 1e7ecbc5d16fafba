"""A position's fields must agree with one another: what ``State.validate`` refuses, and that
every position reached by play passes it."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import (
    EmptyStock,
    Layoff,
    Meld,
    Move,
    Phase,
    RuleConfig,
    SerializationError,
    State,
    StateError,
    TableMeld,
    Take,
    dumps,
    loads,
    new_game,
    parse_cards,
    presets,
)
from rummy500.toolkit import CARDS


@pytest.mark.parametrize("name", presets.names())
@settings(max_examples=2)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_every_position_reached_by_play_is_consistent(
    name: str, seed: int, data: st.DataObject
) -> None:
    # Two hands at most, so that every game reaches its end quickly (drawn or won).
    preset = presets.get(name)
    short = None if preset.hands_per_game is None else min(preset.hands_per_game, 2)
    config = attrs.evolve(preset, hand_limit=2, hands_per_game=short)
    players = data.draw(st.sampled_from(config.player_counts), label="players")
    rng = random.Random(seed)
    state = new_game(config, players, seed)
    for _ in range(3000):
        state.validate()
        assert loads(dumps(state), State) == state
        moves = state.legal_moves()
        if not moves:
            break
        keen: list[Move] = [m for m in moves if isinstance(m, Take | Meld | Layoff)]
        state = state.apply(rng.choice(keen) if keen and rng.random() < 0.9 else rng.choice(moves))
    assert state.is_terminal()


# -- what validate refuses --------------------------------------------------------------------

OPENING = new_game(RuleConfig(), 3, 0)  # player 1 deals, having drawn 2♠ (3♣ 2♠ 5♠)
BASE: dict[str, Any] = {
    "hands": OPENING.hands,
    "stock": OPENING.stock,
    "pile": OPENING.pile,
    "current_player": OPENING.current_player,
    "dealer": OPENING.dealer,
}


def build_error(**changes: Any) -> str:
    with pytest.raises(StateError) as caught:
        State.from_position(RuleConfig(), **{**BASE, **changes})
    return str(caught.value)


def load_error(**changes: Any) -> str:
    data = {**json.loads(dumps(OPENING)), **changes}
    with pytest.raises(SerializationError) as caught:
        loads(json.dumps(data), State)
    return str(caught.value)


LOADED = "cannot load State at $: inconsistent state: "
TURNS = "a hand ends after at most turn_limit (1000) turns, so turn counts from 0 to 1000"


@pytest.mark.parametrize("turn", [-5, 10**6])
def test_turn_out_of_range(turn: int) -> None:
    assert build_error(turn=turn) == f"turn {turn} is impossible: {TURNS}"
    assert load_error(turn=turn) == f"{LOADED}turn {turn} is impossible: {TURNS}"


def test_totals_that_are_not_the_sums_of_the_history() -> None:
    assert build_error(totals=(5, 0, 0), history=((3, 0, 0),)) == (
        "totals [5, 0, 0] are not the sums [3, 0, 0] of the history: a history, when given, "
        "records every hand since the totals were all 0"
    )


def test_totals_without_a_history_are_taken_as_given() -> None:
    state = State.from_position(RuleConfig(), **BASE, totals=(120, -35, 0))
    assert (state.totals, state.history, state.hand_number) == ((120, -35, 0), (), 0)


def test_hand_number_out_of_step_with_the_history() -> None:
    assert build_error(hand_number=2, history=((3, 0, 0),), totals=(3, 0, 0)) == (
        "the history holds 1 hand, but hand_number 2 (counting from 0) in phase draw means 2 "
        "finished hands: a history, when given, records every hand of the game"
    )


def test_winner_while_the_hand_is_in_play() -> None:
    assert load_error(winner=0) == (
        f"{LOADED}winner is 0 in phase draw: a game has a winner only once it is over"
    )


def test_went_out_while_the_hand_is_in_play() -> None:
    assert load_error(went_out=1) == (
        f"{LOADED}went_out is 1 in phase draw: it names who went out of a hand that is over"
    )


def test_winner_out_of_range() -> None:
    assert load_error(winner=7) == f"{LOADED}winner must be a player from 0 to 2 or None, not 7"


def test_game_over_with_the_game_going_on() -> None:
    assert load_error(phase="game_over") == (
        f"{LOADED}the phase is game_over, but with totals [0, 0, 0] after 1 of at most 100 "
        "hands the game goes on"
    )


@pytest.mark.parametrize(
    ("drawn", "message"),
    [
        (
            ["JK", "2C", "3C", "4C"],
            "🃏 was drawn for the first deal, but that draw uses the decks without jokers",
        ),
        (["2C", "2C", "3C", "4C"], "2♣ was drawn 2 times for the first deal, but the decks hold 1"),
        (
            ["5C", "2C", "2D"],
            "the 3 cards drawn for the first deal stop before the dealer is known",
        ),
        (
            ["5C", "2C", "3C", "4C"],
            "the dealer is known after 3 of the 4 cards drawn for the first deal",
        ),
        (
            ["2C", "5C", "3C"],
            "dealer is 1, but player 0 won the draw for the first deal, so hand 0 is dealt by "
            "player 0",
        ),
    ],
)
def test_draw_for_the_first_deal_that_does_not_fit(drawn: list[str], message: str) -> None:
    assert load_error(dealer_draw=drawn) == LOADED + message


def test_owed_card_that_cannot_be_used_leaves_no_move() -> None:
    hand = OPENING.hands[0]
    owed = next(c for c in OPENING.stock if c not in hand)
    stock = list(OPENING.stock)
    stock.remove(owed)
    hands = (tuple(sorted((*hand, owed))), *OPENING.hands[1:])
    state = State._of(
        **{
            **OPENING._fields(),
            "phase": Phase.PLAY,
            "current": 0,
            "dealer": 2,
            "hands": hands,
            "stock": tuple(stock),
            "owed": owed,
            "dealer_draw": (),
        }
    )
    assert (state.legal_moves(), state.is_terminal()) == ((), False)
    with pytest.raises(StateError) as caught:
        state.validate()
    assert str(caught.value) == (
        "player 0 has no legal move in phase play, yet the game is not over"
    )


# -- the checks above, on positions reached by play and then altered ----------------------------


def _played_until(config: RuleConfig, seed: int, stop: Any) -> State:
    """A 3-player game under ``config`` played at random from ``seed`` until ``stop(state)``."""
    state = new_game(config, 3, seed)
    rng = random.Random(seed)
    while not stop(state):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    return state


def _refusal(state: State) -> str:
    with pytest.raises(StateError) as caught:
        state.validate()
    return str(caught.value)


def test_a_negative_hand_number() -> None:
    fresh = new_game(RuleConfig(), 3, 5)
    assert _refusal(fresh._replace(hand_number=-1)) == "hand_number cannot be negative, not -1"


def test_the_last_row_of_the_history_is_the_score_of_the_hand_just_over() -> None:
    over = _played_until(RuleConfig(), 5, lambda s: s.phase is Phase.HAND_OVER)
    assert (over.history, over.went_out) == (((126, 58, 82),), 1)
    altered = over._replace(history=((127, 58, 82),), totals=(127, 58, 82))
    assert _refusal(altered) == (
        "the last hand's scores [127, 58, 82] are not [126, 58, 82], what the hands and table "
        "of the hand just over score"
    )


def test_a_hand_over_whose_totals_end_the_game() -> None:
    over = _played_until(RuleConfig(), 5, lambda s: s.phase is Phase.HAND_OVER)
    # Without a history the totals are taken as given: these end the game.
    assert _refusal(over._replace(history=(), totals=(600, 0, 0))) == (
        "the game is over after hand 0 with totals [600, 0, 0], yet the phase is hand_over "
        "rather than game_over"
    )


def test_the_player_who_went_out_holds_no_cards() -> None:
    over = _played_until(RuleConfig(), 5, lambda s: s.phase is Phase.HAND_OVER)
    assert _refusal(over._replace(went_out=2)) == (
        "went_out is 2, but player 2 still holds cards: the player who goes out has none left"
    )


def test_under_reuse_pile_the_stock_is_never_empty_at_a_draw() -> None:
    reuse = RuleConfig(empty_stock=EmptyStock.REUSE_PILE)
    state = _played_until(reuse, 5, lambda s: s.phase is Phase.DRAW and s.turn > 2)
    assert state.pile
    emptied = state._replace(stock=(), pile=state.pile + state.stock)
    assert _refusal(emptied) == (
        "the stock is empty while the discard pile is not, in the draw phase: under "
        "empty_stock reuse_pile the pile is turned into a new stock before the next draw"
    )


def test_a_run_saved_as_doubled_is_refused() -> None:
    state = new_game(players=3, seed=5)
    rng = random.Random(1)
    while not state.table:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    data = json.loads(dumps(state))
    assert data["table"] == [
        {"id": 0, "owner": 2, "cards": ["9D", "10D", "JD"], "owners": [2, 2, 2]}
    ]
    data["table"][0]["doubled"] = True
    with pytest.raises(SerializationError) as caught:
        loads(json.dumps(data), State)
    assert str(caught.value) == (
        "cannot load State at $.table[0]: only a set of four melded at once scores double, "
        "not a run"
    )


def test_a_doubled_set_needs_four_cards_and_the_doubling_rule() -> None:
    hands = ["2C 3D 4H 5S 6C 7D 8H", "9S JC JD QH KS AC AD", "2D 3H 4S 5C 6D 7H 9C"]
    rest = [CARDS[c] for c in range(52)]
    for hand in hands:
        for card in parse_cards(hand):
            rest.remove(card)
    # A set of three tens (no ten is in a hand), marked doubled.
    tens = [c for c in rest if c.rank == 10][:3]
    for card in tens:
        rest.remove(card)
    table = (TableMeld(tuple(sorted(tens)), (0, 0, 0), False, 10, 10, doubled=True),)
    with pytest.raises(StateError) as caught:
        State.from_position(
            RuleConfig(),
            hands=[parse_cards(h) for h in hands],
            stock=rest[1:],
            pile=rest[:1],
            table=table,
        )
    assert str(caught.value) == (
        "table meld 0 scores double, but only a set of four melded at once does, and only "
        "under four_of_a_kind_double"
    )


def test_a_saved_state_of_another_format_is_refused() -> None:
    data = json.loads(dumps(new_game(players=3, seed=5)))
    data["format"] = 1.0
    with pytest.raises(SerializationError) as caught:
        loads(json.dumps(data), State)
    assert str(caught.value) == (
        "cannot load State at $: unsupported state format 1.0: this library reads formats 1, 2, "
        "3, 4 and 5"
    )


def test_a_phase_is_a_phase() -> None:
    fresh = new_game(players=3, seed=5)
    with pytest.raises(StateError) as caught:
        State.from_position(
            fresh.config,
            hands=fresh.hands,
            stock=fresh.stock,
            pile=fresh.pile,
            current_player=fresh.current_player,
            phase=7,  # type: ignore[arg-type]
        )
    assert str(caught.value) == (
        "phase must be one of Phase.DRAW, Phase.PLAY, Phase.CALL, Phase.HAND_OVER, "
        "Phase.GAME_OVER, not 7"
    )


# -- player numbers are checked before anything looks a player up ------------------------------

#: A finished hand (player 0 went out), as loading sees it.
FINISHED = State.from_position(
    RuleConfig(),
    hands=["", "2H 3H 9D", "KD QC"],
    pile="8C 4S",
    table=[("9C 10C JC", 0), ("QS KS AS", 0), ("5D 6D 7D", 1)],
    went_out=0,
)
#: A finished hand of a partnership game (player 0 went out).
FINISHED_TEAMS = State.from_position(
    presets.get("partnership"),
    hands=["", "2H 3H", "KD", "4C"],
    pile="8C",
    table=[("9C 10C JC", 0), ("QS KS AS", 2)],
    went_out=0,
)
#: An open call window: player 2 has discarded the 8♥ and player 0 is asked.
WINDOW = State.from_position(
    presets.get("pagat"),
    hands=["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"],
    pile="KH 8H",
    table=[("5H 6H JK=7H", 0)],
    discarded_by=2,
    turn=5,
)


@pytest.mark.parametrize(
    ("state", "field", "value", "message"),
    [
        (FINISHED, "went_out", 3, "went_out must be a player from 0 to 2 or None, not 3"),
        (FINISHED, "went_out", -1, "went_out must be a player from 0 to 2 or None, not -1"),
        (FINISHED_TEAMS, "went_out", 4, "went_out must be a player from 0 to 3 or None, not 4"),
        (FINISHED, "winner", 3, "winner must be a player from 0 to 2 or None, not 3"),
        (FINISHED_TEAMS, "winner", 2, "winner must be a team from 0 to 1 or None, not 2"),
        (FINISHED, "current", 3, "current must be a player from 0 to 2, not 3"),
        (FINISHED, "dealer", -1, "dealer must be a player from 0 to 2, not -1"),
        (WINDOW, "discarder", 3, "discarder must be a player from 0 to 2 or None, not 3"),
        (WINDOW, "current", 5, "current must be a player from 0 to 2, not 5"),
    ],
)
def test_a_player_out_of_range_is_refused_before_it_is_looked_up(
    state: State, field: str, value: int, message: str
) -> None:
    with pytest.raises(StateError) as caught:
        state._replace(**{field: value}).validate()
    assert str(caught.value) == message
    data = {**json.loads(dumps(state)), field: value}
    with pytest.raises(SerializationError) as loaded:
        loads(json.dumps(data), State)
    assert str(loaded.value) == LOADED + message
