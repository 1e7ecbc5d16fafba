"""rummy500: the reference rules engine for Rummy 500 (500 Rum, Pinochle Rummy).

Start a game, list the legal moves, apply one, undo it:

    >>> import rummy500
    >>> state = rummy500.new_game(players=3, seed=7)
    >>> move = state.legal_moves()[0]
    >>> after = state.apply(move)
    >>> after.undo() is state
    True

Every rule choice is a field of :class:`RuleConfig`; the defaults are the standard rules.
"""

from collections.abc import Callable as _Callable
from importlib import import_module as _import_module
from typing import TYPE_CHECKING

from rummy500 import events, presets
from rummy500.core import cards as _cards
from rummy500.core import errors as _errors
from rummy500.core.cards import Card, Suit, format_cards, parse_cards
from rummy500.core.deprecation import aliased as _aliased
from rummy500.core.errors import (
    ActionError,
    CardError,
    ConfigError,
    IllegalMoveError,
    MoveParseError,
    RelaxedWorldWarning,
    Rummy500Error,
    SearchLimitError,
    SerializationError,
    StateError,
)
from rummy500.core.phases import Ending, OwedUse
from rummy500.game import state as _state
from rummy500.game.record import GameRecord
from rummy500.game.state import CHANCE, TERMINAL, Phase, PlayerView, State, new_game
from rummy500.melds import shape as _melds
from rummy500.melds.table import TableMeld
from rummy500.play import engine as _engine
from rummy500.play import movegen as _movegen
from rummy500.play import moves as _moves
from rummy500.play.moves import *  # noqa: F403 (the moves, as their module lists them)
from rummy500.rules.choices import (
    Aces,
    Calling,
    CardValues,
    DeepestCard,
    EmptyStock,
    FirstDealer,
    PlayerTable,
)
from rummy500.rules.config import RuleConfig

if TYPE_CHECKING:
    from rummy500 import toolkit
    from rummy500.game.serialize import dumps, from_data, loads, to_data

__version__ = "1.0.0"


def _moved(name: str) -> tuple[_Callable[[], object], str]:
    """The alias entry of a name that moved to :mod:`rummy500.toolkit`."""
    return (lambda: getattr(_import_module("rummy500.toolkit"), name), f"rummy500.toolkit.{name}")


#: The helpers that moved from the top level to the toolkit in 1.0 (and the names the toolkit
#: gained before 1.0.1, which the top level has given with a warning since).
_MOVED_TO_THE_TOOLKIT = (
    "ActionSpace",
    "ActionRange",
    "possible_melds",
    "possible_layoffs",
    "score_breakdown",
    "PlayerScore",
    "table_points",
    "known_cards",
    "KnownCardsReader",
    "sample_world",
    "dealer_draw_rounds",
    "CARDS",
    "JOKER",
    "make_deck",
    "put_down",
    "WorldSampler",
    "CardsInput",
    "TableMeldInput",
)
#: How the package words a wrong value: its own (it left the toolkit too).
_WORDING = "a wording of your own, such as repr()"
#: Names that left the top level in 1.0, each kept for a release with a warning saying what to
#: use instead (see rummy500.core.deprecation): the helpers now in the toolkit, and internals.
_RUN_LIMITS = "rummy500.toolkit.run_distances or rummy500.toolkit.explain_meld"
_ALIASES: dict[str, tuple[_Callable[[], object], str]] = {
    "AceRule": (lambda: Aces, "rummy500.Aces"),
    "CallRule": (lambda: Calling, "rummy500.Calling"),
    **{name: _moved(name) for name in _MOVED_TO_THE_TOOLKIT},
    "describe_value": (lambda: _errors.describe_value, _WORDING),
    "quote_value": (lambda: _errors.quote_value, _WORDING),
    "apply": (lambda: _engine.apply, "State.apply"),
    "explain_illegal": (lambda: _engine.explain_illegal, "State.explain_illegal"),
    "parse_move": (lambda: _state.parse_move, "State.parse_move"),
    "RunShape": (lambda: _melds.RunShape, _RUN_LIMITS),
    "run_shape": (lambda: _melds.run_shape, _RUN_LIMITS),
    "JOKER_AS": (lambda: _cards.JOKER_AS, "rummy500.toolkit.JOKER.standing_for(card)"),
}


#: Names loaded on first use, each from its module (then kept here, so this is asked once):
#: saving and loading (:mod:`rummy500.game.serialize`) stands on cattrs, which costs more to
#: import than the rest of the package, and the toolkit brings the action ids, world sampling
#: and playouts. A program that needs neither (a front end's first view, in a browser that
#: compiles every module from source) does not pay for them.
_LAZY: dict[str, tuple[str, str | None]] = {
    "toolkit": ("rummy500.toolkit", None),
    "serialize": ("rummy500.game.serialize", None),
    **{
        name: ("rummy500.game.serialize", name)
        for name in ("dumps", "from_data", "loads", "to_data")
    },
}


def __getattr__(name: str) -> object:
    """The names of :data:`_LAZY`, loaded on first use, and the deprecated aliases, with their
    warning."""
    if name not in _LAZY:
        return _aliased(__name__, _ALIASES, name)
    module_name, attribute = _LAZY[name]
    module = _import_module(module_name)
    value = module if attribute is None else getattr(module, attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names (``dir(rummy500)``), not the deprecated aliases or the internals."""
    return list(__all__)


COMPILED: bool = not _movegen.__file__.endswith(".py")
"""Whether the hot modules (melds and the table, the meld search, the legality predicates, the
move generator, the transitions, scoring, the search for a reading of hidden cards and the
greedy bot's arithmetic) run compiled with mypyc rather than as source: ``True`` for the
compiled wheel, ``False`` for the pure-Python one."""

__all__ = [
    "CHANCE",
    "COMPILED",
    "TERMINAL",
    "Aces",
    "ActionError",
    "Calling",
    "Card",
    "CardError",
    "CardValues",
    "ConfigError",
    "DeepestCard",
    "EmptyStock",
    "Ending",
    "FirstDealer",
    "GameRecord",
    "IllegalMoveError",
    "MoveParseError",
    "OwedUse",
    "Phase",
    "PlayerTable",
    "PlayerView",
    "RelaxedWorldWarning",
    "RuleConfig",
    "Rummy500Error",
    "SearchLimitError",
    "SerializationError",
    "State",
    "StateError",
    "Suit",
    "TableMeld",
    "__version__",
    "dumps",
    "events",
    "format_cards",
    "from_data",
    "loads",
    "new_game",
    "parse_cards",
    "presets",
    "to_data",
    "toolkit",
]
__all__ += _moves.__all__
