"""The helpers that bots, renderers and research code need, beyond playing a game.

A game builder needs only the top-level package (:mod:`rummy500`): states, moves, rules,
errors, saving and loading. Code that *reasons* about a game (a bot weighing its plays, a front
end drawing the score sheet, a search or learning program numbering the moves and sampling what
it cannot see) needs more, and finds it here. Every name below is public API, with the same
stability promise as the top level (see the "API and stability" page of the docs):

    >>> import rummy500
    >>> from rummy500.toolkit import explain_meld, possible_melds
    >>> config = rummy500.RuleConfig()
    >>> possible_melds(rummy500.parse_cards("5H 6H 7H 9C"), config)
    [(Card('5H'), Card('6H'), Card('7H'))]
    >>> explain_meld(rummy500.parse_cards("5H 6H 8H"), config)
    'the cards of a run must be consecutive'

The names, by what they are for:

- **Actions** (fixed numbers for the moves, for search and learning): :class:`ActionSpace`,
  :class:`ActionRange`.
- **Melds and lay-offs** (what a hand can put down, what a play leaves, how close two cards
  stand in a run, and why some cards are no meld): :func:`possible_melds`,
  :func:`possible_layoffs`, :func:`put_down`, :func:`run_distances`, :func:`explain_meld`.
- **Scoring**: :func:`score_breakdown`, :class:`PlayerScore`, :func:`table_points`; where a
  game stands for any totals, :func:`game_result` and :class:`GameResult`, and each side's
  score from each player's, :func:`side_scores`.
- **Hidden information** (what a player knows, and whole states consistent with it):
  :func:`known_cards`, :class:`KnownCardsReader`, :func:`sample_world`,
  :class:`WorldSampler` (many worlds of one view, its log read once), and
  :func:`dealer_draw_rounds` (the draw for the first deal, as a front end shows it).
- **Playouts** (a search valuing a world by playing it on): :func:`play_out`, the hand played
  to its end by the bots' default playout policy, and :func:`playout_step`, one move of it,
  without listing every legal move.
- **Cards**: :data:`CARDS` (every card by id), :data:`JOKER`, :func:`make_deck`.
- **Events**: :data:`EVENT_CLASSES`, every class of event of the log by its kind, in the order
  the information-state vectors give them.
- **Types of input** (to annotate code that builds positions):
  :data:`CardsInput`, the cards :meth:`State.from_position <rummy500.State.from_position>`
  takes (one text of cards, or a list of texts, cards or card ids), and
  :data:`TableMeldInput`, a table meld as it takes one (a :class:`~rummy500.TableMeld`, a
  ``(cards, owner)`` pair or a mapping).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from rummy500.core import errors as _errors
from rummy500.core.cards import CARDS, JOKER, Card, make_deck
from rummy500.core.deprecation import module_aliases
from rummy500.core.errors import CardError, ConfigError, StateError
from rummy500.core.phases import HAND_OVER_PHASE as _HAND_OVER
from rummy500.game.actionlayout import ActionRange
from rummy500.game.actions import ActionSpace
from rummy500.game.state import State
from rummy500.game.worlds import KnownCardsReader, WorldSampler, known_cards, sample_world
from rummy500.melds.check import meld_cards_problem
from rummy500.melds.putdown import put_down as _put_down
from rummy500.melds.search import possible_layoffs, possible_melds
from rummy500.melds.shape import canonical_meld, run_shape
from rummy500.melds.table import TableMeld
from rummy500.play.building import CardsInput, TableMeldInput, numbers_given
from rummy500.play.events import Event
from rummy500.play.moves import EVENT_KINDS
from rummy500.play.playouts import play_out as _play_out
from rummy500.play.playouts import playout_step as _playout_step
from rummy500.play.scoring import GameResult, PlayerScore
from rummy500.play.scoring import game_result as _game_result
from rummy500.play.scoring import score_breakdown as _score_breakdown
from rummy500.play.scoring import side_scores as _side_scores
from rummy500.play.scoring import table_points as _table_points
from rummy500.rules.choices import CardValues
from rummy500.rules.config import RuleConfig
from rummy500.rules.dealing import dealer_draw_rounds

__all__: list[str] = [
    "CARDS",
    "EVENT_CLASSES",
    "JOKER",
    "ActionRange",
    "ActionSpace",
    "CardsInput",
    "GameResult",
    "KnownCardsReader",
    "PlayerScore",
    "TableMeldInput",
    "WorldSampler",
    "dealer_draw_rounds",
    "explain_meld",
    "game_result",
    "known_cards",
    "make_deck",
    "play_out",
    "playout_step",
    "possible_layoffs",
    "possible_melds",
    "put_down",
    "run_distances",
    "sample_world",
    "score_breakdown",
    "side_scores",
    "table_points",
]

# How the package words a wrong value in its messages is its own (1.0 listed these here): kept
# for a release, with a warning.
__getattr__ = module_aliases(
    __name__,
    {
        "describe_value": (lambda: _errors.describe_value, "a wording of your own, such as repr()"),
        "quote_value": (lambda: _errors.quote_value, "a wording of your own, such as repr()"),
    },
)

#: Every class of event of a hand's log by its :attr:`Event.kind <rummy500.events.Event.kind>`:
#: the events of the kinds of move (each :attr:`Move.event <rummy500.Move.event>`), of play
#: itself (a deal, the pile turned over, a hand scored) and of the early ends of a game (a
#: player who left, a host who cancelled it), in the order the information-state vectors give
#: them (:data:`rummy500.infostate.EVENT_KINDS`).
EVENT_CLASSES: Final[Mapping[str, type[Event]]] = MappingProxyType(EVENT_KINDS)


def explain_meld(cards: Sequence[int], config: RuleConfig) -> str | None:
    """Why ``cards`` are not a valid new meld under ``config``, or ``None`` if they are.

    The answer is the rule a :class:`~rummy500.Meld` of these cards would break, as the
    :class:`~rummy500.IllegalMoveError` of such a move words it; the cards may come in any
    order (they are put in the meld's order first, as ``Meld`` does). Only the cards are
    weighed, not the turn: whether a player holds them and may meld now is
    :meth:`State.explain_illegal <rummy500.State.explain_illegal>`'s question:

        >>> from rummy500 import RuleConfig, parse_cards
        >>> explain_meld(parse_cards("7H 5H 6H"), RuleConfig()) is None
        True
        >>> explain_meld(parse_cards("QH KH AH 2H"), RuleConfig())
        'a run cannot go round the corner (K-A-2): the ace is low or high, not both'
        >>> explain_meld(parse_cards("8S 8H"), RuleConfig())
        'a meld needs at least 3 cards, not 2'

    A ``config`` that is not a :class:`~rummy500.RuleConfig` raises
    :class:`~rummy500.ConfigError`; ``cards`` that are not a sequence of cards (card ids or
    :class:`~rummy500.Card` objects; :func:`~rummy500.parse_cards` reads a text) raise
    :class:`~rummy500.CardError`.
    """
    if not isinstance(config, RuleConfig):
        raise ConfigError(
            f"explain_meld's config must be a RuleConfig, not {_errors.describe_value(config)}"
        )
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
        raise CardError(
            "explain_meld's cards must be a sequence of cards (parse_cards reads a text), "
            f"not {_errors.describe_value(cards)}"
        )
    # Card() words the error for an item that is no card (a bad id, a wrong type).
    return meld_cards_problem(canonical_meld([Card(card) for card in cards]), config)


def run_distances(config: RuleConfig) -> tuple[tuple[int, ...], ...]:
    """How close cards of two ranks can stand in a run under ``config``, for every pair.

    ``run_distances(config)[a][b]`` is how many places apart the nearest places of a card of
    rank ``a`` and one of rank ``b`` stand in a run the rules allow (ranks 1 to 13, the ace 1;
    0 for the same rank). It counts the ace at both ends of a run (below the 2 and above the
    king) unless aces are high only, and every card a lap up where runs wrap round; a bot reads
    it to keep the cards that could grow into a run:

        >>> from rummy500 import RuleConfig
        >>> run_distances(RuleConfig())[1][13]  # the ace beside the king: Q-K-A
        1
        >>> run_distances(RuleConfig())[2][13]  # the standard rules allow no K-A-2
        11

    The table is built once for each kind of run rules and shared; a ``config`` that is not a
    :class:`~rummy500.RuleConfig` raises :class:`~rummy500.ConfigError`.
    """
    if not isinstance(config, RuleConfig):
        raise ConfigError(
            f"run_distances's config must be a RuleConfig, not {_errors.describe_value(config)}"
        )
    return run_shape(config).apart


# The three functions below are the public faces of compiled checks, written here (never
# compiled) with their arguments' real types: a compiled function would refuse a wrongly typed
# number or flag with a bare TypeError of its own before the check that names it could run.


def put_down(
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    cards: Sequence[int],
    player: int,
    config: RuleConfig,
    *,
    onto: int | None = None,
    high: bool = False,
) -> tuple[tuple[Card, ...], tuple[TableMeld, ...]]:
    """The hand and table after ``player`` melds ``cards`` (``onto`` is ``None``) or lays them
    off on the table meld with id ``onto`` (``high`` as in :class:`~rummy500.Layoff`).

    The play must be one the rules allow: :class:`~rummy500.IllegalMoveError` names the rule
    broken (cards the hand does not hold, a meld id missing from the table, cards that make no
    meld or do not fit the meld); a wrongly typed argument raises
    :class:`~rummy500.ConfigError`, :class:`~rummy500.CardError` or
    :class:`~rummy500.StateError`, by the argument.
    """
    return _put_down(hand, table, cards, player, config, onto=onto, high=high)


def table_points(values: CardValues, table: Sequence[TableMeld], players: int) -> list[int]:
    """The points each of ``players`` players (a whole number from 1 to 8) has on ``table``:
    every card scores for whoever put it there.

    ``values`` are the rules' card values (``config.card_values``). Raises
    :class:`~rummy500.ConfigError` for values or a number of players that are not, and
    :class:`~rummy500.StateError` for a table that is not a sequence of
    :class:`~rummy500.TableMeld` or holds a card of a player beyond ``players``.
    """
    return _table_points(values, table, players)


def game_result(
    config: RuleConfig,
    totals: Sequence[int],
    *,
    hands_played: int = 0,
    went_out_side: int | None = None,
) -> GameResult:
    """Whether a game with these running ``totals`` (one per side) is over, and which side won,
    by the rules of ``config``: the rule the engine applies when a hand is scored, for any
    totals (a position built by hand, a score sheet kept elsewhere).

    ``hands_played`` counts the hands played so far, the last one included (it matters for
    ``hands_per_game`` and ``hand_limit``); ``went_out_side`` is the side of the player who
    went out on the last hand (``None``: nobody did).

        >>> from rummy500 import RuleConfig
        >>> game_result(RuleConfig(), [510, 320, 95])
        GameResult(over=True, winner=0)
        >>> game_result(RuleConfig(), [480, 320, 95])
        GameResult(over=False, winner=None)

    Raises :class:`~rummy500.ConfigError` for a config that is not one, or totals of a number of
    sides no count of players makes under it, and :class:`~rummy500.StateError` for totals that
    are not whole numbers, or a count of hands or a side that is not one.
    """
    if not isinstance(config, RuleConfig):
        raise ConfigError(
            f"game_result's config must be a RuleConfig, not {_errors.describe_value(config)}"
        )
    numbers = numbers_given(totals, "totals")
    players = len(numbers) * config.team_size
    if not config.min_players <= players <= config.max_players:
        raise ConfigError(
            f"totals must hold one total per side: {len(numbers)} make no game of these rules, "
            f"which are for {config.players_text}"
        )
    if not _errors.is_count(hands_played):
        raise StateError(
            "hands_played must be a whole number of 0 or more, not "
            f"{_errors.describe_value(hands_played)}"
        )
    if went_out_side is not None and not _errors.is_count(went_out_side, len(numbers)):
        raise StateError(
            f"went_out_side must be None or a side from 0 to {len(numbers) - 1}, not "
            f"{_errors.describe_value(went_out_side)}"
        )
    return _game_result(config, numbers, hands_played=hands_played, went_out_side=went_out_side)


def side_scores(config: RuleConfig, per_player: Sequence[int]) -> tuple[int, ...]:
    """Each side's score from each player's (``per_player``, one per seat): a team scores the
    sum of its players', and a player alone their own.

        >>> from rummy500 import presets
        >>> side_scores(presets.get("partnership"), [40, -10, 25, 5])
        (65, -5)

    Raises :class:`~rummy500.ConfigError` for a config that is not one or a count of players it
    does not allow, and :class:`~rummy500.StateError` for scores that are not whole numbers.
    """
    if not isinstance(config, RuleConfig):
        raise ConfigError(
            f"side_scores's config must be a RuleConfig, not {_errors.describe_value(config)}"
        )
    numbers = numbers_given(per_player, "per_player")
    config.check_players(len(numbers))
    return _side_scores(config, numbers)


def score_breakdown(
    config: RuleConfig,
    hands: Sequence[Sequence[int]],
    table: Sequence[TableMeld],
    *,
    went_out: int | None = None,
    stock_ran_out: bool = False,
) -> tuple[PlayerScore, ...]:
    """Each player's score for a finished hand, part by part (see :class:`PlayerScore`).

    ``hands`` are the cards left in each player's hand and ``table`` the melds at the end of
    the hand; ``went_out`` is the player who went out (``None`` if nobody did) and
    ``stock_ran_out`` says whether the hand ended because the stock ran out. Raises
    :class:`~rummy500.StateError` (or :class:`~rummy500.ConfigError` for the config) when
    the arguments are not a finished hand.
    """
    return _score_breakdown(config, hands, table, went_out=went_out, stock_ran_out=stock_ran_out)


def play_out(state: State, rng: random.Random) -> State:
    """The state at the end of the hand in play in ``state``, every player playing the
    default playout policy of the search bots (:func:`rummy500.bots.playout_move`), its random
    choices drawn from ``rng``; ``state`` itself when its hand is over.

    It plays the same moves and draws the same numbers from ``rng`` as applying
    ``playout_move`` move after move, and ends in an equal state, at a fraction of the cost:
    each move is worked out from only what the policy weighs (the takes of one or two cards,
    the largest meld or lay-off, the cards that may be discarded) instead of every legal move,
    and applied without being checked again. The states between are linked by
    :attr:`~rummy500.State.parent` as ever (:meth:`~rummy500.State.undo` steps back
    through them).

        >>> import random
        >>> import rummy500
        >>> end = play_out(rummy500.new_game(players=2, seed=5), random.Random(0))
        >>> end.is_chance_node()
        True

    Raises :class:`~rummy500.StateError` for a ``state`` that is not a
    :class:`~rummy500.State` or an ``rng`` that is not a :class:`random.Random`.
    """
    _check_playout("play_out", state, rng)
    return _play_out(state, rng)


def playout_step(state: State, rng: random.Random) -> State:
    """The state after the default playout policy's move in ``state`` (the move is its
    :attr:`~rummy500.State.last_move`): one step of :func:`play_out`.

    Raises :class:`~rummy500.StateError` for a ``state`` that is not a
    :class:`~rummy500.State` or whose hand is over, or an ``rng`` that is not a
    :class:`random.Random`.
    """
    _check_playout("playout_step", state, rng)
    if state.phase >= _HAND_OVER:
        raise StateError(
            f"playout_step plays a hand in play, but this hand is over "
            f"(phase {state.phase.name.lower()})"
        )
    return _playout_step(state, rng)


def _check_playout(function: str, state: object, rng: object) -> None:
    """Refuse a state and a random number generator that a playout cannot play with."""
    if not isinstance(state, State):
        raise StateError(f"{function} plays from a State, not {_errors.describe_value(state)}")
    if not isinstance(rng, random.Random):
        raise StateError(
            f"{function}'s rng must be a random.Random, not {_errors.describe_value(rng)}"
        )
