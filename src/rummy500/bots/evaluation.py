"""A static evaluation of a hand in play: what each player can expect the hand to be worth,
read off the position without playing it out. :class:`~rummy500.bots.ISMCTSBot` with a
``depth`` plays each playout that many moves, then asks it (:class:`Evaluation`), which is far
cheaper than playing the hand to its end and far less noisy than the end of one playout.

The evaluation is linear: each player's value is ``weights @ x``, where ``x`` is the player's
:func:`player_features` less the mean of the other players' (so the values of all the
players add up to zero, as :func:`~rummy500.bots.hand_value`'s do). The weights are fitted,
one set for each number of players, to the ends of hands played by the playout policy
(``scripts/train_evaluation.py``), so a value estimates the ``hand_value`` that the playouts
of a search would have ended with, in the same units. They ship with the package in
``rummy500/bots/evaluation.json``. The features read the rules (card values, which melds and
lay-offs are legal), so the evaluation plays under any rules; it was fitted to the standard
rules, where it is most accurate. Partnerships are not covered (a side's hand is not one
player's).

Like the other bots' modules it uses only the public API.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any, Final

import attrs

from rummy500 import ConfigError, Phase, RuleConfig, State, StateError
from rummy500.bots._playout import hand_value
from rummy500.bots.greedy import weigher
from rummy500.core.errors import describe_value, is_count, is_whole
from rummy500.toolkit import JOKER, possible_layoffs, possible_melds, table_points

__all__ = [
    "EVALUATION_FILE",
    "FEATURES",
    "PLAYER_FEATURES",
    "Evaluation",
    "features",
    "player_features",
    "shipped",
]

#: What a player's features are, in order: their points on the table; the points and number
#: of the cards in their hand; the points of the hand's cards that are in a meld the hand
#: could put down now, of the other cards that could be laid off on the table now, and of the
#: rest that are half of a future meld (a pair of a rank, two cards of a suit at most two
#: apart in a run, as :class:`~rummy500.bots.GreedyBot` reads it; a joker always is).
PLAYER_FEATURES: Final = ("table", "hand", "cards", "melds", "layoffs", "near")
#: Every feature of the evaluation, in the order of its weights: the player's features, then
#: five of them times the cards left in the stock over 52 (the hand's time left), then
#: whether the player is to move, to move having drawn, and the pile's size and the points of
#: its top three cards when the player is to move.
FEATURES: Final = (
    *PLAYER_FEATURES,
    "hand*stock",
    "melds*stock",
    "layoffs*stock",
    "near*stock",
    "cards*stock",
    "to_move",
    "to_move*drawn",
    "pile*to_move",
    "pile_top*to_move",
)
#: The parameter file, beside this module in the package.
EVALUATION_FILE: Final = "evaluation.json"
_PLAY: Final = Phase.PLAY
_HAND_OVER: Final = Phase.HAND_OVER


def player_features(state: State, player: int, table: Sequence[int]) -> tuple[int, ...]:
    """The :data:`PLAYER_FEATURES` of ``player`` in ``state`` (a full state: a world),
    ``table`` being every player's points on the table (``toolkit.table_points``)."""
    _check_state("player_features", state)
    if not is_count(player, state.players):
        raise StateError(
            f"player_features' player is one of the {state.players} players (0 to "
            f"{state.players - 1}), not {describe_value(player)}"
        )
    if (
        not isinstance(table, Sequence)
        or len(table) != state.players
        or not all(is_whole(points) for points in table)
    ):
        raise StateError(
            f"player_features' table is each of the {state.players} players' points on the "
            f"table (whole numbers), not {describe_value(table)}"
        )
    return _player_features(state, player, table)


def _player_features(state: State, player: int, table: Sequence[int]) -> tuple[int, ...]:
    # Unchecked: the search calls it once for each player of every position it values.
    config = state.config
    points = config.card_values.by_card
    hand = state.hands[player]
    in_meld: set[int] = set()
    for meld in possible_melds(hand, config):
        in_meld.update(JOKER if c > JOKER else c for c in meld)
    laid: set[int] = set()
    if state.table:
        for _, cards, _ in possible_layoffs(hand, state.table, config):
            laid.update(JOKER if c > JOKER else c for c in cards)
    partners = weigher(config).partners
    mask = 0
    for c in hand:
        if c < JOKER:
            mask |= 1 << c
    total = melds = layoffs = near = 0
    for c in hand:
        value = points[c]
        total += value
        if c in in_meld:
            melds += value
        elif c in laid:
            layoffs += value
        elif c >= JOKER or partners[c] & mask:
            near += value
    return (table[player], total, len(hand), melds, layoffs, near)


def _check_state(function: str, state: object) -> None:
    if not isinstance(state, State):
        raise StateError(f"{function} reads a State, not {describe_value(state)}")


def _features(state: State) -> list[list[float]]:
    """Each player's :data:`FEATURES` before the mean of the other players' is taken off."""
    config = state.config
    players = state.players
    table = table_points(config.card_values, state.table, players)
    stock = state.stock_size / 52
    mover = state.current_player
    drawn = state.phase == _PLAY
    pile = state.pile
    top = sum(config.card_values.by_card[c] for c in pile[-3:])
    rows = []
    for p in range(players):
        own = _player_features(state, p, table)
        _, hand, cards, melds, layoffs, near = own
        moving = p == mover
        rows.append(
            [
                *own,
                hand * stock,
                melds * stock,
                layoffs * stock,
                near * stock,
                cards * stock,
                float(moving),
                float(moving and drawn),
                len(pile) if moving else 0.0,
                top if moving else 0.0,
            ]
        )
    return rows


def features(state: State) -> list[list[float]]:
    """Each player's :data:`FEATURES` in ``state`` less the mean of the other players': what
    the weights of an :class:`Evaluation` multiply."""
    _check_state("features", state)
    rows = _features(state)
    players = len(rows)
    sums = [sum(column) for column in zip(*rows, strict=True)]
    return [[x - (s - x) / (players - 1) for x, s in zip(row, sums, strict=True)] for row in rows]


def _weights(value: object) -> tuple[float, ...]:
    if (
        not isinstance(value, Sequence)
        or len(value) != len(FEATURES)
        or not all(isinstance(w, float) for w in value)
    ):
        raise ConfigError(
            f"an evaluation's weights are {len(FEATURES)} floats, one for each of FEATURES, "
            f"not {describe_value(value)}"
        )
    return tuple(value)


def _by_players(value: object) -> dict[int, tuple[float, ...]]:
    """Weights by number of players, checked."""
    if not isinstance(value, Mapping) or not all(
        isinstance(p, int) and not isinstance(p, bool) and p >= 2 for p in value
    ):
        raise ConfigError(
            "an evaluation's weights are by number of players (whole numbers of 2 or more), "
            f"not {describe_value(value)}"
        )
    return {p: _weights(v) for p, v in value.items()}


@attrs.frozen
class Evaluation:
    """The linear evaluation with its ``weights``: for each number of players it covers, one
    weight for each of :data:`FEATURES`. ``about`` says how they were fitted."""

    weights: Mapping[int, tuple[float, ...]] = attrs.field(converter=_by_players)
    about: str = attrs.field(default="")

    @about.validator
    def _check_about(self, attribute: object, value: object) -> None:
        if not isinstance(value, str):
            raise ConfigError(f"an evaluation's about is a str, not {describe_value(value)}")

    def covers(self, config: RuleConfig, players: int) -> bool:
        """Whether it can value the hands of ``players`` players under ``config`` (it has
        weights for that many players, and the rules do not play in partnerships)."""
        return self.refusal(config, players) is None

    def refusal(self, config: RuleConfig, players: int) -> str | None:
        """Why it cannot value the hands of ``players`` players under ``config``, or ``None``
        when it can."""
        if not isinstance(config, RuleConfig):
            raise ConfigError(
                f"an evaluation's rules are a RuleConfig, not {describe_value(config)}"
            )
        if not is_whole(players) or players < 2:
            raise ConfigError(
                f"an evaluation's players are a whole number of 2 or more, not "
                f"{describe_value(players)}"
            )
        if players in self.weights and config.team_size == 1:
            return None
        return (
            f"the evaluation covers games of {', '.join(map(str, sorted(self.weights)))} "
            f"players without partnerships, not this one of {players} players"
            + (" in partnerships" if config.team_size > 1 else "")
        )

    def values(self, state: State) -> list[float]:
        """Each player's value of the hand in play in ``state`` (a full state: a world), in
        the units of :func:`~rummy500.bots.hand_value`; when the hand is over, its
        ``hand_value`` itself. Raises :class:`~rummy500.ConfigError` for a game it does not
        cover."""
        _check_state("Evaluation.values", state)
        refusal = self.refusal(state.config, state.players)
        if refusal is not None:
            raise ConfigError(refusal)
        if state.phase >= _HAND_OVER:
            return list(hand_value(state))
        weights = self.weights[state.players]
        return [sum(w * x for w, x in zip(weights, row, strict=True)) for row in features(state)]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Evaluation:
        """The evaluation of a parameter file read as JSON: its ``features`` must be
        :data:`FEATURES`, its ``weights`` a list of weights by number of players."""
        if not isinstance(data, Mapping) or tuple(data.get("features", ())) != FEATURES:
            raise ConfigError(
                "an evaluation's file names its features, which must be rummy500.bots."
                "evaluation.FEATURES (the file was written for another version)"
            )
        weights = data.get("weights")
        if not isinstance(weights, Mapping) or not all(str(k).isdigit() for k in weights):
            raise ConfigError(
                f"an evaluation's file holds weights by number of players, not "
                f"{describe_value(weights)}"
            )
        return cls({int(k): v for k, v in weights.items()}, str(data.get("about", "")))


@cache
def shipped() -> Evaluation:
    """The evaluation that ships with the package (``rummy500/bots/evaluation.json``)."""
    text = resources.files("rummy500.bots").joinpath(EVALUATION_FILE).read_text(encoding="utf-8")
    return Evaluation.from_json(json.loads(text))
