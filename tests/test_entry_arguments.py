"""Wrongly typed arguments to the entry points are refused with the package's own errors."""

from __future__ import annotations

from typing import Any

import pytest

from rummy500 import (
    CardError,
    ConfigError,
    IllegalMoveError,
    Move,
    RuleConfig,
    State,
    StateError,
    Take,
    new_game,
)
from rummy500.toolkit import CARDS


def error(exc: type[Exception], call: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(exc) as info:
        call(*args, **kwargs)
    assert type(info.value) is exc
    return str(info.value)


def test_new_game_refuses_a_config_that_is_not_rules() -> None:
    assert error(ConfigError, new_game, config="standard") == (
        "config must be a RuleConfig or None, not 'standard' (for a preset, pass "
        "rummy500.presets.get('standard'))"
    )
    assert error(ConfigError, new_game, config=7) == "config must be a RuleConfig or None, not 7"


@pytest.mark.parametrize(
    ("name", "value", "shown"),
    [
        ("players", "3", "'3'"),
        ("players", 3.0, "3.0"),
        ("seed", 1.5, "1.5"),
        ("seed", True, "True"),
    ],
)
def test_new_game_refuses_numbers_that_are_not_whole(name: str, value: object, shown: str) -> None:
    assert error(ConfigError, new_game, **{name: value}) == (
        f"{name} must be a whole number, not {shown}"
    )


def test_new_game_refuses_a_dealer_that_is_not_a_player_number() -> None:
    assert error(StateError, new_game, dealer="0") == (
        "dealer must be a player number or None, not '0'"
    )
    assert error(StateError, new_game, dealer=False) == (
        "dealer must be a player number or None, not False"
    )


def position(**changes: Any) -> State:
    opening = new_game(players=2, seed=3)
    args: dict[str, Any] = {
        "hands": [list(h) for h in opening.hands],
        "stock": list(opening.stock),
        "pile": list(opening.pile),
    }
    args.update(changes)
    return State.from_position(RuleConfig(), **args)


def test_from_position_takes_card_ids_and_card_texts() -> None:
    opening = new_game(players=2, seed=3)
    texts = [[c.ascii for c in h] for h in opening.hands]
    state = position(hands=texts, pile=[opening.pile[0].ascii])
    assert state.hands == opening.hands


@pytest.mark.parametrize(
    ("card", "shown"), [(200, "200"), (-1, "-1"), (None, "None"), (True, "True"), (2.0, "2.0")]
)
def test_from_position_refuses_card_ids_out_of_range(card: object, shown: str) -> None:
    opening = new_game(players=2, seed=3)
    hands = [list(h) for h in opening.hands]
    hands[1][2] = card
    assert error(CardError, position, hands=hands) == (
        f"hands[1][2]: a card is a card id from 0 to 104 or a card's text such as 'QH', not {shown}"
    )
    assert error(CardError, position, pile=[card]) == (
        f"pile[0]: a card is a card id from 0 to 104 or a card's text such as 'QH', not {shown}"
    )


def test_from_position_refuses_text_that_is_not_a_card() -> None:
    opening = new_game(players=2, seed=3)
    stock = [c.ascii for c in opening.stock]
    stock[4] = "ZZ"
    assert error(CardError, position, stock=stock) == (
        "stock[4]: cannot read 'ZZ' as a card: write a rank (A, 2-10 or T, J, Q, K) then a suit "
        "(C, D, H, S or ♣, ♦, ♥, ♠), as in 'QH', '10h' or 'Q♥'; 'JK' for a joker, 'JK=6S' for a "
        "joker standing for the 6♠"
    )


def test_from_position_refuses_lists_and_rules_of_the_wrong_type() -> None:
    opening = new_game(players=2, seed=3)
    assert error(StateError, position, stock=7) == (
        "stock must be a list of cards or a text of cards such as '8S 8H 8D', not 7"
    )
    assert error(StateError, position, hands=[list(opening.hands[0]), 5]) == (
        "hands[1] must be a list of cards or a text of cards such as '8S 8H 8D', not 5"
    )
    assert error(StateError, position, hands="QH") == (
        "hands must be a list of hands, one for each player, not 'QH'"
    )
    assert error(StateError, position, table=[5]) == (
        "table[0] must be a TableMeld, a (cards, owner) pair such as ('5H 6H JK=7H', 0) or a "
        "mapping with cards, owners, owner and id, not 5"
    )
    with pytest.raises(ConfigError) as info:
        State.from_position("standard", hands=[], stock=[], pile=[])  # type: ignore[arg-type]
    assert str(info.value) == "config must be a RuleConfig, not 'standard'"


def test_apply_refuses_the_move_base_class_and_what_is_not_a_move() -> None:
    state = new_game(seed=1)
    # A text is refused by the rules, as explain_illegal says; push reads it.
    assert error(IllegalMoveError, state.apply, "draw") == "'draw' is not a move"
    assert error(IllegalMoveError, state.apply, Move()) == (
        "a Move is not a move that can be played: the moves are Draw, Take, Meld, Layoff, "
        "Discard, Decline, Call, Pass and Deal"
    )
    assert error(IllegalMoveError, state.apply, None) == "None is not a move"
    assert state.apply_text("draw") == state.apply(state.parse_move("draw"))


def test_a_refusal_quotes_only_the_start_of_a_huge_move() -> None:
    state = new_game(players=3, seed=5)
    huge = Take(tuple(CARDS[i % 52] for i in range(5000)))
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(huge)
    assert len(str(huge)) > 10_000
    assert str(caught.value) == (
        f"'{str(huge)[:500]}…' is illegal: a take names the deepest card wanted and every card "
        f"above it, up to the top of the pile, deepest first; the pile is: {state.pile[0]}"
    )
