"""Built-in players: a :class:`Bot` protocol, :class:`RandomBot`, :class:`GreedyBot`, the
search bots :class:`FlatMCBot` and :class:`ISMCTSBot`, and :func:`play_game` to play a game
between bots to the end.

A bot sees only its :class:`~rummy500.PlayerView` (its own hand and the public table),
never the full :class:`~rummy500.State`, so it cannot peek at other hands or at the stock.
When it is the bot's turn the view lists the legal moves, and a bot simply picks one:

    >>> import rummy500
    >>> from rummy500.bots import GreedyBot, RandomBot, play_game
    >>> start = rummy500.new_game(players=2, seed=1)
    >>> final = play_game(start, [GreedyBot(), RandomBot(1)])
    >>> final.is_terminal()
    True

**Search bots** plan in *worlds*: whole states drawn by :func:`~rummy500.toolkit.sample_world`
from what the bot knows, never the real state (a :class:`~rummy500.toolkit.WorldSampler` for
each decision, which reads the view's log once). Both play each world on to the end of the
*hand* with a playout policy (:func:`playout_move`) and value it by the hand's score
(:func:`hand_value`): each player's side's score of the hand less the mean score of the other
sides, over :data:`SCALE`. Playing on to the end of the game would cost several times more per
playout (a game is several hands, each with a new deal), and the score of the hand in play is
what a move can change: points on the table count for the player and cards left in hand against
them. What this leaves out is the game situation (a side near the target playing safe, say).
:class:`ISMCTSBot` with a ``depth`` cuts its playouts after that many moves and values the
hand where it stands by a static evaluation (:mod:`rummy500.bots.evaluation`), which makes
more iterations of the same time.

**The learned bot**, made by name (``make_bot("learned")``), plays a linear policy over the
action ids learnt by self-play, whose parameters ship with the package; it needs numpy (the
``rl`` extra), and without it making the bot raises :class:`~rummy500.ConfigError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummy500 import ConfigError, Deal, State, StateError
from rummy500.core.errors import describe_value, is_count

# The API reference lists these names in the order they are imported here (not sorted): the
# protocol, the bots that do not search, the playouts, the search bots, then the bots by name.
# isort: off
from rummy500.bots._base import Bot
from rummy500.bots._simple import RandomBot, GreedyBot
from rummy500.bots._playout import SCALE, Policy, playout_move, playout, hand_value
from rummy500.bots._search import FlatMCBot, ISMCTSBot
from rummy500.bots._names import BOT_NAMES, PARAMETERS, bot_text, make_bot
# isort: on

__all__ = [
    "BOT_NAMES",
    "PARAMETERS",
    "SCALE",
    "Bot",
    "FlatMCBot",
    "GreedyBot",
    "ISMCTSBot",
    "Policy",
    "RandomBot",
    "bot_text",
    "hand_value",
    "make_bot",
    "play_game",
    "playout",
    "playout_move",
]

_DEAL: Final = Deal()


def play_game(state: State, bots: Sequence[Bot], *, max_moves: int | None = None) -> State:
    """Play from ``state`` to the end of the game, ``bots[p]`` choosing for player ``p``.

    Each bot is shown only its own view. Between hands the next hand is dealt. Returns the
    final state (its :attr:`~rummy500.State.move_stack` gives the whole line of play); a game
    drawn at the hand limit ends with ``winner`` ``None``. Every game ends, within
    ``config.hand_limit`` hands of at most ``config.turn_limit`` turns. With ``max_moves``,
    stops after that many moves even if the game is not over.
    """
    if not isinstance(state, State):
        raise StateError(f"play_game plays from a State, not {describe_value(state)}")
    if not isinstance(bots, Sequence) or not all(isinstance(b, Bot) for b in bots):
        raise ConfigError(
            "play_game's bots are a list of bots (objects with a choose method), one for each "
            f"player, not {describe_value(bots)}"
        )
    if len(bots) != state.players:
        raise ConfigError(
            f"a {state.players}-player game needs {state.players} bots, not {len(bots)}"
        )
    if max_moves is not None and not is_count(max_moves):
        raise ConfigError(
            f"play_game's max_moves must be 0 or more (a whole number, or None), "
            f"not {describe_value(max_moves)}"
        )
    played = 0
    while not state.is_terminal():
        if max_moves is not None and played >= max_moves:
            break
        if state.is_chance_node():
            state = state.apply(_DEAL)
        else:
            player = state.current_player
            state = state.apply(bots[player].choose(state.view(player)))
        played += 1
    return state
