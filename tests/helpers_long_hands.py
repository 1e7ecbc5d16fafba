"""Long two-deck hands under ``empty_stock`` reuse_pile, and the checks of the hidden-card
reading on them: shared by the stateful test of long hands (``tests/test_stateful_long.py``) and
the soak test's long-hand mode (``scripts/soak.py --long-hands``).

In these hands every turn is a draw from the stock and a random discard, so nobody melds, the
stock runs out again and again and the pile is turned over as a new stock each time: the log
holds many cards played from stocks turned over, whose copies (two decks) may have come from
any of them. Reading where the hidden cards can be (``rummy500.hidden.knowledge``,
``rummy500.hidden.attribution``) is then hardest.
"""

from __future__ import annotations

import random

import rummy500
from rummy500 import (
    Deal,
    Discard,
    Draw,
    EmptyStock,
    Move,
    PlayerTable,
    PlayerView,
    RuleConfig,
    State,
)
from rummy500.bots import ISMCTSBot
from rummy500.core.phases import Phase
from rummy500.events import Reshuffled
from rummy500.game.worlds import sample_world

__all__ = [
    "LONG_PLAYERS",
    "TURN_LIMIT",
    "check_reading",
    "check_search",
    "draw_or_discard",
    "in_play",
    "long_hand",
    "long_rules",
    "reshuffles",
    "start_long_hand",
]

#: The player counts of the long hands.
LONG_PLAYERS = range(2, 7)
#: The turn limit of the long hands: they run to turn 2,000 when nobody goes out.
TURN_LIMIT = 2000


def long_rules(turn_limit: int = TURN_LIMIT) -> RuleConfig:
    """Two decks, the pile turned over as a new stock when the stock runs out."""
    return RuleConfig(
        empty_stock=EmptyStock.REUSE_PILE,
        decks=PlayerTable.of(2),
        turn_limit=turn_limit,
    )


def start_long_hand(players: int, seed: int, turn_limit: int = TURN_LIMIT) -> State:
    """A new game of :func:`long_rules`, dealt."""
    state = rummy500.new_game(long_rules(turn_limit), players=players, seed=seed)
    if state.is_chance_node():
        state = state.apply(Deal())
    return state


def draw_or_discard(state: State, rng: random.Random) -> Move:
    """The move of a long hand: a draw from the stock when it is legal, else a random discard,
    else (a call of rummy or a pass, the next deal) any legal move at random."""
    moves = state.legal_moves()
    if Draw() in moves:
        return Draw()
    discards = [m for m in moves if isinstance(m, Discard)]
    return rng.choice(discards or list(moves))


def long_hand(players: int, seed: int, turn: int) -> State:
    """The hand of :func:`start_long_hand` played with :func:`draw_or_discard` (driven by
    ``random.Random(seed)``) to the start of turn ``turn``."""
    rng = random.Random(seed)
    state = start_long_hand(players, seed)
    while state.turn < turn and in_play(state):
        state = state.apply(draw_or_discard(state, rng))
    assert in_play(state), f"the hand ended at turn {state.turn}, before turn {turn}"
    return state


def in_play(state: State) -> bool:
    """Whether ``state`` is in a hand (its views have hidden cards to read)."""
    return state.phase < Phase.HAND_OVER


def reshuffles(state: State) -> int:
    """How many times the pile was turned over as a new stock in the hand so far."""
    return sum(1 for event in state.log if isinstance(event, Reshuffled))


def check_reading(state: State, player: int, rng: random.Random) -> PlayerView:
    """Check ``player``'s view of ``state``, a hand in play: the view is consistent
    (``validate``), saved and loaded it is equal, and a world sampled from it is a valid state
    of which ``player``'s view is the same view.

    A view the engine refuses raises its :class:`~rummy500.core.errors.Rummy500Error`
    (a :class:`~rummy500.core.errors.StateError`); any other failure is an ``AssertionError`` (or
    the exception raised).
    """
    view = state.view(player)
    view.validate()
    loaded = rummy500.loads(rummy500.dumps(view), PlayerView)
    assert loaded == view, f"player {player}'s view saved and loaded is not equal to the view"
    world = sample_world(view, rng)
    world.validate()
    assert world.view(player) == view, f"a world sampled from player {player}'s view shows another"
    return view


def check_search(state: State, seed: int, iterations: int) -> Move:
    """The move :class:`~rummy500.bots.ISMCTSBot` (``iterations``, ``seed``) chooses from the
    view of the player to move in ``state``: one of the legal moves of that view and of the
    state."""
    view = state.view(state.current_player)
    move = ISMCTSBot(seed, iterations=iterations).choose(view)
    assert move in view.legal_moves, f"ISMCTS chose {move}, not a legal move of the view"
    assert state.is_legal(move), f"ISMCTS chose {move}, not a legal move of the state"
    return move
