"""rummy500: the reference rules engine for Rummy 500 (500 Rum, Pinochle Rummy).

Start a game, list the legal moves, apply one, undo it::

    >>> import rummy500
    >>> state = rummy500.new_game(players=3, seed=7)
    >>> move = state.legal_moves()[0]
    >>> after = state.apply(move)
    >>> after.undo() is state
    True

Every rule choice is a field of :class:`RuleConfig`; the defaults are the standard rules.
"""

from rummy500 import events, presets
from rummy500 import movegen as _movegen
from rummy500.actions import ActionRange, ActionSpace
from rummy500.cards import (
    CARDS,
    JOKER,
    JOKER_AS,
    Card,
    Suit,
    format_cards,
    make_deck,
    parse_cards,
)
from rummy500.dealing import dealer_draw_rounds
from rummy500.deprecation import module_aliases as _module_aliases
from rummy500.engine import apply, explain_illegal
from rummy500.errors import (
    ActionError,
    CardError,
    ConfigError,
    IllegalMoveError,
    MoveParseError,
    Rummy500Error,
    SerializationError,
    StateError,
    describe_value,
    quote_value,
)
from rummy500.melds import RunShape, TableMeld, put_down, run_shape
from rummy500.meldsearch import possible_layoffs, possible_melds
from rummy500.moves import Call, Deal, Decline, Discard, Draw, Layoff, Meld, Move, Pass, Take
from rummy500.phases import OwedUse
from rummy500.rules import (
    Aces,
    Calling,
    CardValues,
    DeepestCard,
    EmptyStock,
    FirstDealer,
    PlayerTable,
    RuleConfig,
)
from rummy500.scoring import PlayerScore, score_breakdown, table_points
from rummy500.serialize import GameRecord, dumps, from_data, loads, to_data
from rummy500.state import CHANCE, TERMINAL, Phase, PlayerView, State, new_game, parse_move
from rummy500.worlds import KnownCardsReader, known_cards, sample_world

__version__ = "0.1.0"

# Names before 1.0, kept for a release with a warning (see rummy500.deprecation).
__getattr__ = _module_aliases(
    __name__,
    {
        "AceRule": (lambda: Aces, "rummy500.Aces"),
        "CallRule": (lambda: Calling, "rummy500.Calling"),
    },
)

#: Whether the hot modules (melds and the table, the meld search, the legality predicates, the
#: move generator, the transitions and scoring) run compiled with mypyc rather than as source.
COMPILED: bool = not _movegen.__file__.endswith(".py")

__all__ = [
    "CARDS",
    "CHANCE",
    "COMPILED",
    "JOKER",
    "JOKER_AS",
    "TERMINAL",
    "Aces",
    "ActionError",
    "ActionRange",
    "ActionSpace",
    "Call",
    "Calling",
    "Card",
    "CardError",
    "CardValues",
    "ConfigError",
    "Deal",
    "Decline",
    "DeepestCard",
    "Discard",
    "Draw",
    "EmptyStock",
    "FirstDealer",
    "GameRecord",
    "IllegalMoveError",
    "KnownCardsReader",
    "Layoff",
    "Meld",
    "Move",
    "MoveParseError",
    "OwedUse",
    "Pass",
    "Phase",
    "PlayerScore",
    "PlayerTable",
    "PlayerView",
    "RuleConfig",
    "Rummy500Error",
    "RunShape",
    "SerializationError",
    "State",
    "StateError",
    "Suit",
    "TableMeld",
    "Take",
    "__version__",
    "apply",
    "dealer_draw_rounds",
    "describe_value",
    "dumps",
    "events",
    "explain_illegal",
    "format_cards",
    "from_data",
    "known_cards",
    "loads",
    "make_deck",
    "new_game",
    "parse_cards",
    "parse_move",
    "possible_layoffs",
    "possible_melds",
    "presets",
    "put_down",
    "quote_value",
    "run_shape",
    "sample_world",
    "score_breakdown",
    "table_points",
    "to_data",
]
