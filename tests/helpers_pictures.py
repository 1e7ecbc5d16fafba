"""The positions whose pictures are kept as golden files under ``tests/golden/pictures/``.

Each golden picture is a position and the arguments it is drawn with; the tests compare what
:func:`rummy500.pictures.svg` draws with the file, and ``python scripts/gen_pictures.py``
rewrites the files on purpose (after looking at the pictures), never a test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import attrs

from rummy500 import PlayerView, RuleConfig, State, Take, new_game, pictures, presets

__all__ = ["GOLDEN", "GOLDEN_DIR", "draw_golden"]

GOLDEN_DIR: Final = Path(__file__).resolve().parent / "golden" / "pictures"


def _fresh() -> State:
    return new_game(seed=1)


def _dig() -> State:
    """Player 0 to draw, with a long pile to dig into: the deepest take is marked."""
    return State.from_position(
        RuleConfig(),
        hands=["4D 5D 9S 9H KC QC 2H", "AS AH 3C 7C 8C 10D JD", "4S 5S 6C 6D 7H 8H JH"],
        pile="2C 10H 3D 6H KH QD 2S 9C",
        seed=3,
        turn=6,
    )


def deepest_take(state: State) -> int:
    """The depth of the deepest legal take from the pile (the docs' pictures mark it too)."""
    return max(len(m.taken) for m in state.legal_moves() if isinstance(m, Take))


def _dig_depth() -> int:
    return deepest_take(_dig())


def _layoffs() -> State:
    """Melds with cards laid off on them by other players."""
    return State.from_position(
        RuleConfig(),
        hands=["2D 7H KC", "AS 3C 9D 10D", "4S 6C 8H QH"],
        pile="3H 10C 5H",
        table=[
            (["5S", "6S", "7S", "8S"], [1, 1, 1, 2]),
            ("9C 9H 9S", 0),
            (["QD", "KD", "AD"], [2, 2, 0]),
            (["JC", "JH", "JS", "JD"], [0, 0, 0, 1]),
        ],
        current_player=1,
        totals=[85, 120, -20],
        history=[[85, 120, -20]],
        seed=5,
        turn=14,
    )


def _wrap_config() -> RuleConfig:
    """The house rules (wrap-around runs) with two wild jokers in the deck."""
    return attrs.evolve(presets.get("house"), jokers_per_deck=2)


def _wrap() -> State:
    """Wrap-around runs with jokers standing for cards, and a joker in a hand."""
    return State.from_position(
        _wrap_config(),
        hands=["3D 4D 5D 9D 9C 2C JK", "QD QC 5C 7D 8D 10S 2D", "8C 4C 6C KC AC 3H 6D"],
        pile="KD 8H",
        table=[("QH KH JK=AH 2H", 0), ("KS AS 2S", 1), ("7C 7H 7S", 2)],
        current_player=2,
        seed=8,
        turn=9,
    )


def _hand_over() -> State:
    """A finished hand: player 0 has just gone out."""
    return State.from_position(
        RuleConfig(),
        hands=["", "2H 3H QC", "KD AC"],
        pile="8C 4D",
        table=[("9C 10C JC", 0), (["QS", "KS", "AS"], [0, 0, 2]), ("5D 5H 5S", 1)],
        went_out=0,
        seed=2,
        turn=20,
    )


def _game_over() -> State:
    """The last hand of a game: player 2 goes out past 500 and wins."""
    return State.from_position(
        RuleConfig(),
        hands=["4C 9D", "7S KH AH", ""],
        pile="2D 6S",
        table=[("3H 4H 5H 6H", 2), (["8D", "8C", "8H"], [1, 1, 2]), ("JS QS KS", 2)],
        went_out=2,
        totals=[310, 455, 480],
        history=[[150, 220, 230], [160, 235, 250]],
        seed=4,
        turn=17,
    )


def call_window() -> State:
    """A call window (Pagat's rules): player 0 may call rummy on player 2's discard (the docs'
    picture of calling rummy too)."""
    return State.from_position(
        presets.get("pagat"),
        hands=["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"],
        pile="KH 8H",
        table=[("5H 6H JK=7H", 0)],
        discarded_by=2,
        turn=5,
    )


def _view(state: State, player: int) -> PlayerView:
    return state.view(player)


#: Each golden picture: its file's name, and the SVG it must be.
GOLDEN: Final[dict[str, Callable[[], str]]] = {
    "fresh-above": lambda: pictures.svg(_fresh()),
    "fresh-seat0": lambda: pictures.svg(_fresh(), seat=0),
    "dig-marked": lambda: pictures.svg(_dig(), seat=0, mark_depth=_dig_depth()),
    "layoffs-above": lambda: pictures.svg(_layoffs()),
    "layoffs-view1": lambda: pictures.svg(_view(_layoffs(), 1)),
    "wrap-jokers": lambda: pictures.svg(_wrap()),
    "hand-over": lambda: pictures.svg(_hand_over()),
    "game-over": lambda: pictures.svg(
        _game_over(), names=["Ann", "Bob", "Cleo"], caption="Cleo went out with 3♥ 4♥ 5♥ 6♥"
    ),
    "call-window": lambda: pictures.svg(call_window(), seat=0),
}


def draw_golden(name: str) -> str:
    """The picture ``name`` of :data:`GOLDEN`, drawn now."""
    return GOLDEN[name]()


def positions() -> dict[str, Any]:
    """Every position of the golden pictures, by name, for tests that read them."""
    return {
        "fresh": _fresh(),
        "dig": _dig(),
        "layoffs": _layoffs(),
        "wrap": _wrap(),
        "hand_over": _hand_over(),
        "game_over": _game_over(),
        "call": call_window(),
    }
