"""What to simulate, one of its games played, and what a game gives.

:class:`Simulation` names the rules, the players, the line-up of bots and the games to play;
:func:`play_one` plays one game of it from its seed to a :class:`GameOutcome`, which holds a
:class:`HandOutcome` for each hand and is written as JSON data and read back by
:meth:`GameOutcome.to_json` and :meth:`GameOutcome.from_json`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from rummy500 import (
    Call,
    ConfigError,
    Phase,
    RuleConfig,
    Rummy500Error,
    SerializationError,
    new_game,
    presets,
)
from rummy500.bots import BOT_NAMES, bot_text, make_bot
from rummy500.core.errors import describe_value, is_whole, quote_text
from rummy500.rules.configdata import config_data

#: How a hand can end.
ENDINGS: Final = ("went_out", "stock", "turn_limit")
#: The most players a game has: a bot's seed is ``game_seed * SEATS + seat``.
SEATS: Final = 8
#: The fields of a game's JSON data and of each of its hands (an output file's lines too).
_GAME_FIELDS: Final = ("game", "seed", "totals", "winner", "decisions", "first_player", "hands")
_HAND_FIELDS: Final = ("scores", "player_scores", "turns", "went_out", "ended", "calls")


class SimulationError(Rummy500Error):
    """A simulation that cannot run as asked: its parameters, its output file or its backend."""


@attrs.frozen
class Simulation:
    """What to simulate: ``games`` games of ``config`` (named ``rules``) between ``bots``.

    ``bots`` names the bot in each seat (``"random"``, ``"greedy"``, or a bot with its budget
    such as ``"ismcts:iterations=25"``: see :func:`~rummy500.bots.bot_text`), one per player,
    each in its one written form. Game ``i`` is played with the seed ``seed + i``.
    """

    config: RuleConfig
    rules: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0

    @classmethod
    def of(
        cls,
        rules: str | RuleConfig,
        players: int,
        bots: Sequence[str],
        games: int,
        seed: int = 0,
    ) -> Simulation:
        """A checked simulation: ``rules`` is a preset's name or a
        :class:`~rummy500.RuleConfig`, and ``bots`` one bot name per player, or fewer names
        repeated round the table."""
        if isinstance(rules, RuleConfig):
            config, name = rules, _preset_name(rules)
        else:
            try:
                config, name = presets.get(rules), presets.preset(rules).name
            except Rummy500Error as error:
                raise SimulationError(str(error)) from None
        if not is_whole(players) or players not in config.player_counts:
            raise SimulationError(
                f"these rules are for {config.players_text}, not {describe_value(players)}"
            )
        _check_whole(games, "games", 1)
        _check_whole(seed, "seed", 0)
        if isinstance(bots, str) or not isinstance(bots, Sequence):
            raise SimulationError(f"bots is a list of bot names, not {describe_value(bots)}")
        for bot in bots:
            if not isinstance(bot, str):
                raise SimulationError(f"a bot's name is a str, not {describe_value(bot)}")
        names = [b.strip().lower() for b in bots]
        unknown = [b for b in names if b.partition(":")[0].strip() not in BOT_NAMES]
        if not names or unknown:
            raise SimulationError(
                f"unknown bot {quote_text(unknown[0])}: the built-in bots are "
                f"{', '.join(BOT_NAMES)}"
                if unknown
                else "the line-up needs a bot name for at least one seat"
            )
        try:
            names = [bot_text(name) for name in names]
        except ConfigError as error:
            raise SimulationError(str(error)) from None
        if len(names) > players:
            raise SimulationError(
                f"{len(names)} bots for a {players}-player game: give one per seat at most"
            )
        lineup = tuple(names[k % len(names)] for k in range(players))
        return cls(config, name, players, lineup, games, seed)

    def to_json(self) -> dict[str, Any]:
        """The parameters as JSON data (the header line of an output file)."""
        return {
            "rules": self.rules,
            # Written as saving writes it (this is the function it uses), without loading saving
            # and cattrs: they cost more than a short run.
            "config": config_data(self.config),
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
        }


def _check_whole(value: object, name: str, low: int) -> None:
    """Refuse ``value`` unless it is a whole number (not a bool) of ``low`` or more."""
    if not is_whole(value) or value < low:
        raise SimulationError(
            f"{name} is a whole number of {low} or more, not {describe_value(value)}"
        )


def _preset_name(config: RuleConfig) -> str:
    for name in presets.names():
        if presets.get(name) == config:
            return name
    return "custom"


@attrs.frozen
class HandOutcome:
    """One finished hand: each side's and each player's score, its turns, and how it ended
    (``"went_out"``, ``"stock"`` when the stock ran out, ``"turn_limit"``)."""

    scores: tuple[int, ...]
    player_scores: tuple[int, ...]
    turns: int
    went_out: int | None
    ended: str
    calls: int


@attrs.frozen
class GameOutcome:
    """One finished game: its number and seed, its hands, the totals and the winning side
    (``None`` for a game drawn at the hand limit), the decisions taken, and the player who
    moved first (the one on the first dealer's left)."""

    index: int
    seed: int
    hands: tuple[HandOutcome, ...]
    totals: tuple[int, ...]
    winner: int | None
    decisions: int
    first_player: int

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON data (one line of an output file)."""
        return {
            "game": self.index,
            "seed": self.seed,
            "totals": list(self.totals),
            "winner": self.winner,
            "decisions": self.decisions,
            "first_player": self.first_player,
            "hands": [
                {
                    "scores": list(h.scores),
                    "player_scores": list(h.player_scores),
                    "turns": h.turns,
                    "went_out": h.went_out,
                    "ended": h.ended,
                    "calls": h.calls,
                }
                for h in self.hands
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameOutcome:
        """The outcome written by :meth:`to_json`.

        Raises :class:`~rummy500.SerializationError` when ``data`` is not one: not a dict, a
        field missing, or a field not of its type (other fields are left aside, and the fields
        are not weighed against one another: reading an output file does that).
        """
        game = _json_fields(data, _GAME_FIELDS, "data")
        hands = game["hands"]
        if not isinstance(hands, list):
            raise _json_error(f"hands is a list of the game's hands, not {describe_value(hands)}")
        return cls(
            _json_whole(game, "game"),
            _json_whole(game, "seed"),
            tuple(_hand_from_json(hand, f"hands[{k}]") for k, hand in enumerate(hands)),
            _json_row(game, "totals"),
            _json_whole(game, "winner", optional=True),
            _json_whole(game, "decisions"),
            _json_whole(game, "first_player"),
        )


def _json_error(problem: str) -> SerializationError:
    return SerializationError(f"GameOutcome.from_json's {problem}")


def _json_fields(data: object, fields: Sequence[str], what: str) -> dict[str, Any]:
    """``data`` (named ``what``), a dict holding at least ``fields``."""
    if not isinstance(data, dict):
        raise _json_error(f"{what} is a dict of {', '.join(fields)}, not {describe_value(data)}")
    missing = [name for name in fields if name not in data]
    if missing:
        raise _json_error(f"{what} has no {missing[0]!r}")
    return data


def _json_whole(data: dict[str, Any], name: str, *, optional: bool = False) -> Any:
    """The field ``name`` of ``data``, a whole number of 0 or more (or ``None``, if
    ``optional``)."""
    value = data[name]
    if value is None and optional:
        return None
    if not is_whole(value) or value < 0:
        either = "None or " if optional else ""
        raise _json_error(
            f"{name} is {either}a whole number of 0 or more, not {describe_value(value)}"
        )
    return value


def _json_row(data: dict[str, Any], name: str) -> tuple[int, ...]:
    """The field ``name`` of ``data``, a list of whole numbers, as a tuple."""
    value = data[name]
    if not isinstance(value, list) or not all(is_whole(v) for v in value):
        raise _json_error(f"{name} is a list of whole numbers, not {describe_value(value)}")
    return tuple(value)


def _hand_from_json(data: object, what: str) -> HandOutcome:
    """The hand ``what`` of :meth:`GameOutcome.from_json`'s data."""
    hand = _json_fields(data, _HAND_FIELDS, what)
    ended = hand["ended"]
    if not isinstance(ended, str) or ended not in ENDINGS:
        raise _json_error(
            f"{what}.ended is one of {', '.join(ENDINGS)}, not {describe_value(ended)}"
        )
    try:
        return HandOutcome(
            _json_row(hand, "scores"),
            _json_row(hand, "player_scores"),
            _json_whole(hand, "turns"),
            _json_whole(hand, "went_out", optional=True),
            ended,
            _json_whole(hand, "calls"),
        )
    except SerializationError as error:
        # Name the hand: the field alone does not say which.
        problem = str(error).removeprefix("GameOutcome.from_json's ")
        raise _json_error(f"{what}.{problem}") from None


def play_one(simulation: Simulation, index: int) -> GameOutcome:
    """Play game ``index`` of ``simulation`` to the end (``index`` from 0 to ``games - 1``)."""
    _check_simulation(simulation)
    if not is_whole(index) or not 0 <= index < simulation.games:
        raise SimulationError(
            f"index is a whole number from 0 to {simulation.games - 1}, not {describe_value(index)}"
        )
    seed = simulation.seed + index
    bots = [make_bot(name, seed * SEATS + seat) for seat, name in enumerate(simulation.bots)]
    state = new_game(simulation.config, simulation.players, seed)
    first = state.current_player
    hands: list[HandOutcome] = []
    decisions = calls = 0
    limit = simulation.config.turn_limit
    # The phase read once a move (this loop runs a million times in a long simulation).
    hand_over, game_over = Phase.HAND_OVER, Phase.GAME_OVER
    phase = state.phase
    while phase != game_over:
        if phase == hand_over:
            state = state.apply(state.legal_moves()[0])
            phase = state.phase
            continue
        player = state.current_player
        move = bots[player].choose(state.view(player))
        calls += isinstance(move, Call)
        state = state.apply(move)
        phase = state.phase
        decisions += 1
        if phase >= hand_over:
            went_out = state.went_out
            ended = (
                "went_out"
                if went_out is not None
                else ("turn_limit" if state.turn >= limit else "stock")
            )
            hands.append(
                HandOutcome(
                    state.history[-1],
                    state.player_history[-1],
                    state.turn,
                    went_out,
                    ended,
                    calls,
                )
            )
            calls = 0
    return GameOutcome(index, seed, tuple(hands), state.totals, state.winner, decisions, first)


def _check_simulation(simulation: Simulation) -> None:
    if not isinstance(simulation, Simulation):
        raise SimulationError(f"simulation is a Simulation, not {describe_value(simulation)}")
