"""Many games between bots: seeded so that every game can be played again, on every core.

:func:`simulate` plays ``games`` games of one rule set, player count and line-up of bots. Game
``i`` is ``new_game(config, players, seed + i)``, and the bot in seat ``k`` of that game is
built with the seed ``(seed + i) * 8 + k``, so a game's result depends only on those numbers:
never on the number of worker processes, on the backend, or on the order the games finish in.

Each game gives a :class:`GameOutcome` (the score of every hand, how it ended, who won), and
:class:`Summary` puts them together with 95% intervals. :func:`simulate` returns every outcome;
:func:`summarize` counts each game into the summary as it finishes and keeps none, so that its
memory does not grow with the number of games. Either way the games are handed to the workers
a few at a time as they free up, never listed up front.

With an output file, every finished game is written to it as one line of JSON as soon as it is
known; a run stopped part way (Ctrl-C or SIGTERM) keeps what finished, and a run with the same
file and the same parameters checks every line of it and plays only the games that are
missing. Once every game is in, the file is rewritten in game order, so the same parameters
always give the same file.

The check of a file carried on with is made against accidents, not against deliberate editing.
It finds a file cut short or damaged, the file of another simulation or of a version of
rummy500 whose games differ, and lines mixed in from another file: every line is read whole,
its fields must agree with each other (the totals are the sums of the hands, the winner is the
side the rules make it), its ``check`` must match it, and a few of its games (:data:`REPLAYED`)
are played again. But ``check`` is a hash anyone can compute again, with no secret key, and
the other games are not played again: a line edited with care is taken for a game played, and
changes the summary. Carry on only with files you trust; to trust a file that came from
elsewhere, play its simulation again.

The games run in a pool of processes, one per core unless told otherwise (never more than the
games to play, nor more than :data:`WORKERS_PER_CORE` per core), or as tasks on a
Ray cluster (``backend="ray"``, which needs the ``ray`` extra: ``pip install '.[ray]'`` in a
checkout).
"""

from __future__ import annotations

import bisect
import contextlib
import hashlib
import heapq
import importlib
import itertools
import json
import math
import os
import signal
import stat
import statistics
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO, Final, TextIO, TypeVar

import attrs

from rummy500 import (
    Call,
    Phase,
    RuleConfig,
    Rummy500Error,
    SerializationError,
    new_game,
    presets,
)
from rummy500.bots import BOT_NAMES, make_bot
from rummy500.core.errors import describe_value, is_whole, quote_text
from rummy500.play.scoring import game_result, side_scores
from rummy500.rules.configdata import config_data

_T = TypeVar("_T")

__all__ = [
    "GameOutcome",
    "HandOutcome",
    "Interval",
    "Plan",
    "ProgressReport",
    "Simulation",
    "SimulationError",
    "SimulationStopped",
    "Summary",
    "play_one",
    "simulate",
    "summarize",
]

#: How a hand can end.
ENDINGS: Final = ("went_out", "stock", "turn_limit")
#: The backends that run the games.
BACKENDS: Final = ("local", "ray")
#: The most players a game has: a bot's seed is ``game_seed * SEATS + seat``.
SEATS: Final = 8
#: The level Ray's log lines show from by default, ``logging.WARNING`` (its warnings, not its
#: INFO lines), and the level from which what its workers print is kept back too,
#: ``logging.ERROR``. As numbers: only Ray's backend needs logging, and Ray imports it.
RAY_LOG_LEVEL: Final = 30
RAY_QUIET_LEVEL: Final = 40


class SimulationError(Rummy500Error):
    """A simulation that cannot run as asked: its parameters, its output file or its backend."""


@attrs.frozen
class Simulation:
    """What to simulate: ``games`` games of ``config`` (named ``rules``) between ``bots``.

    ``bots`` names the bot in each seat (``"random"``, ``"greedy"``...), one per player. Game
    ``i`` is played with the seed ``seed + i``.
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
        """A checked simulation: ``rules`` is a preset's name or a :class:`RuleConfig`, and
        ``bots`` one bot name per player, or fewer names repeated round the table."""
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
        unknown = [b for b in names if b not in BOT_NAMES]
        if not names or unknown:
            raise SimulationError(
                f"unknown bot {quote_text(unknown[0])}: the built-in bots are "
                f"{', '.join(BOT_NAMES)}"
                if unknown
                else "the line-up needs a bot name for at least one seat"
            )
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


def _play_range(simulation: Simulation, indexes: Sequence[int]) -> list[GameOutcome]:
    return [play_one(simulation, i) for i in indexes]


#: The most digits after the point :meth:`Interval.text` shows (more than a float holds).
_MAX_DIGITS: Final = 20


@attrs.frozen
class Interval:
    """An estimate with its 95% interval."""

    value: float
    low: float
    high: float

    def text(self, *, percent: bool = False, digits: int = 1) -> str:
        """``value (low-high)``, as percentages with ``percent``, with ``digits`` digits after
        the point (a whole number from 0 to 20; anything else raises
        :class:`SimulationError`)."""
        if not is_whole(digits) or not 0 <= digits <= _MAX_DIGITS:
            raise SimulationError(
                f"Interval.text's digits is a whole number from 0 to {_MAX_DIGITS}, not "
                + describe_value(digits)
            )
        scale, unit = (100.0, "%") if percent else (1.0, "")
        return (
            f"{self.value * scale:.{digits}f}{unit} "
            f"({self.low * scale:.{digits}f}-{self.high * scale:.{digits}f})"
        )


#: The normal quantile of a two-sided 95% interval.
_Z: Final = 1.959963984540054


def proportion(hits: int, trials: int) -> Interval:
    """The share ``hits / trials`` with its 95% Wilson score interval."""
    if trials == 0:
        return Interval(math.nan, math.nan, math.nan)
    z = _Z
    p = hits / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean(values: Sequence[float]) -> Interval:
    """The mean of ``values`` with its 95% interval (normal approximation)."""
    if not values:
        return Interval(math.nan, math.nan, math.nan)
    m = statistics.fmean(values)
    if len(values) < 2:
        return Interval(m, m, m)
    return _around(m, statistics.stdev(values), len(values))


def _around(centre: float, spread: float, count: int) -> Interval:
    """The 95% interval of a mean of ``count`` values whose standard deviation is ``spread``."""
    half = _Z * spread / math.sqrt(count)
    return Interval(centre, centre - half, centre + half)


class _Moments:
    """Whole numbers counted without being kept: how many, their sum and the sum of their
    squares, which give their mean and standard deviation as :mod:`statistics` gives them from
    the numbers themselves (the sums are exact, and so the figures are the same to the bit)."""

    __slots__ = ("count", "squares", "total")

    def __init__(self) -> None:
        self.count = self.total = self.squares = 0

    def add(self, value: int) -> None:
        """Count ``value``."""
        self.count += 1
        self.total += value
        self.squares += value * value

    def spread(self) -> float:
        """The sample standard deviation (0 for fewer than two numbers)."""
        n = self.count
        if n < 2:
            return 0.0
        return _root(n * self.squares - self.total * self.total, n * (n - 1))

    def interval(self) -> Interval:
        """The mean, with its 95% interval as :func:`mean` gives it."""
        n = self.count
        if n == 0:
            return Interval(math.nan, math.nan, math.nan)
        m = self.total / n
        return Interval(m, m, m) if n == 1 else _around(m, self.spread(), n)


#: The bits to which :func:`_root` works out a square root before rounding it to a float's 53.
_ROOT_BITS: Final = 60


def _root(numerator: int, denominator: int) -> float:
    """The square root of ``numerator / denominator`` (0 or more), correctly rounded, as
    :func:`statistics.stdev` rounds it: worked out in whole numbers to :data:`_ROOT_BITS` bits
    or more, with the last bit set when the root is not exact (rounding to odd), so that the
    one rounding to a float gives the float nearest the exact root."""
    if numerator == 0:
        return 0.0
    shift = max(0, _ROOT_BITS - (numerator.bit_length() - denominator.bit_length()) // 2)
    scaled = numerator << 2 * shift
    root = math.isqrt(scaled // denominator)
    root |= root * root * denominator != scaled
    return root / (1 << shift)


@attrs.frozen
class Summary:
    """What a set of games says, with 95% intervals.

    ``wins_by_seat[k]`` is the share of games the player in seat ``k`` won (their side won, in
    a partnership game), ``wins_by_bot[name]`` the share of games that bot won in any of the
    seats it held (a bot in two seats of four that wins every game has 100%, where each of its
    seats has about 50%). ``draws`` is the share of games drawn at the hand limit.
    """

    simulation: Simulation
    games: int
    wins_by_seat: tuple[Interval, ...]
    wins_by_bot: dict[str, Interval]
    draws: Interval
    hand_score: Interval
    hand_score_spread: float
    hands_per_game: Interval
    turns_per_hand: Interval
    going_out: Interval
    stock_exhausted: Interval
    calls_per_hand: Interval

    @classmethod
    def of(cls, simulation: Simulation, outcomes: Iterable[GameOutcome]) -> Summary:
        """The summary of ``outcomes``, games of ``simulation`` (read once, in any order).

        Raises :class:`SimulationError` when ``outcomes`` is not an iterable of
        :class:`GameOutcome` (or ``simulation`` not a :class:`Simulation`).
        """
        tally = _Tally(simulation)
        if isinstance(outcomes, str | bytes) or not isinstance(outcomes, Iterable):
            raise SimulationError(
                "Summary.of's outcomes are an iterable of GameOutcome, not "
                + describe_value(outcomes)
            )
        for k, game in enumerate(outcomes):
            if not isinstance(game, GameOutcome):
                raise SimulationError(
                    f"Summary.of's outcomes[{k}] is a GameOutcome, not {describe_value(game)}"
                )
            tally.add(game)
        return tally.summary()

    def text(self) -> str:
        """The summary as a few lines of text."""
        sim = self.simulation
        lines = [
            f"{self.games} games of {sim.rules}, {sim.players} players, seeds {sim.seed} to "
            f"{sim.seed + sim.games - 1}: {' / '.join(sim.bots)}",
            "Games won from each seat (95% interval):",
            *(
                f"  seat {k} ({sim.bots[k]}): {w.text(percent=True)}"
                for k, w in enumerate(self.wins_by_seat)
            ),
            "Games won by each bot, in any of its seats (95% interval):",
            *(
                f"  {name} ({_seat_list(sim.bots, name)}): {w.text(percent=True)}"
                for name, w in self.wins_by_bot.items()
            ),
            f"Drawn at the hand limit: {self.draws.text(percent=True)}",
            f"Hand score per player: mean {self.hand_score.text()}, spread (sd) "
            f"{self.hand_score_spread:.1f}",
            f"Hands per game: {self.hands_per_game.text(digits=2)}",
            f"Turns per hand: {self.turns_per_hand.text()}",
            f"Hands ended by going out: {self.going_out.text(percent=True)}",
            f"Hands ended by the stock running out: {self.stock_exhausted.text(percent=True)}",
            f"Calls per hand: {self.calls_per_hand.text(digits=2)}",
        ]
        return "\n".join(lines)


class _Tally:
    """A :class:`Summary` in the making: the games counted so far, as counts and sums only,
    so that its size does not grow with the games."""

    def __init__(self, simulation: Simulation) -> None:
        _check_simulation(simulation)
        self.simulation = simulation
        config, n = simulation.config, simulation.players
        #: The seats of each side, and the bots that win when it does.
        self.seats = {
            side: [seat for seat in range(n) if config.side_of(seat, n) == side]
            for side in range(config.sides(n))
        }
        self.bots = {
            side: {simulation.bots[seat] for seat in seats} for side, seats in self.seats.items()
        }
        self.games = self.draws = 0
        self.seat_wins = [0] * n
        self.bot_wins = dict.fromkeys(simulation.bots, 0)
        self.endings = dict.fromkeys(ENDINGS, 0)
        self.scores, self.turns, self.calls, self.hands = (_Moments() for _ in range(4))

    def add(self, game: GameOutcome) -> None:
        """Count ``game``."""
        self.games += 1
        if game.winner is None:
            self.draws += 1
        else:
            for seat in self.seats.get(game.winner, ()):
                self.seat_wins[seat] += 1
            for name in self.bots.get(game.winner, ()):
                self.bot_wins[name] += 1
        self.hands.add(len(game.hands))
        for hand in game.hands:
            for score in hand.player_scores:
                self.scores.add(score)
            self.turns.add(hand.turns)
            self.calls.add(hand.calls)
            self.endings[hand.ended] += 1

    def summary(self) -> Summary:
        """The summary of the games counted."""
        games, endings = self.games, self.endings
        hands = sum(endings.values())
        return Summary(
            self.simulation,
            games,
            tuple(proportion(w, games) for w in self.seat_wins),
            {name: proportion(w, games) for name, w in self.bot_wins.items()},
            proportion(self.draws, games),
            self.scores.interval(),
            self.scores.spread(),
            self.hands.interval(),
            self.turns.interval(),
            proportion(endings["went_out"], hands),
            proportion(endings["stock"], hands),
            self.calls.interval(),
        )


def _seat_list(bots: Sequence[str], name: str) -> str:
    """The seats bot ``name`` holds: ``"seat 1"``, ``"seats 0, 2"``."""
    seats = [str(k) for k, bot in enumerate(bots) if bot == name]
    return f"seat{'s' if len(seats) > 1 else ''} {', '.join(seats)}"


Progress = Callable[[int, int], None]

#: The most worker processes per core that a run on this machine starts: the games are pure
#: computation, so more processes than that only share the same cores and take more memory.
WORKERS_PER_CORE: Final = 4
#: How many games of a file carried on with are played again to check that they are the
#: games their seeds give: the last one and others spread evenly over the file. (A few, to
#: find a file of another version of rummy500 at little cost: not enough to find one line
#: edited on purpose.)
REPLAYED: Final = 4
#: The tasks a run keeps handed out for each worker (one being played, one waiting): enough
#: that a worker finds its next task as it finishes one, few enough that the games asked for
#: are never listed up front.
TASKS_PER_WORKER: Final = 2
#: How often (in seconds) a run waiting for its workers looks for a stop signal.
_POLL: Final = 0.25
#: The signals that stop a run (Ctrl-C, and the polite request to end of ``kill``).
_STOP_SIGNALS: Final = (signal.SIGINT, signal.SIGTERM)
_GAME_FIELDS: Final = ("game", "seed", "totals", "winner", "decisions", "first_player", "hands")
_HAND_FIELDS: Final = ("scores", "player_scores", "turns", "went_out", "ended", "calls")


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class SimulationStopped(KeyboardInterrupt):
    """A run stopped by SIGINT (Ctrl-C) or SIGTERM, after every finished game was written to
    its output file: ``signal`` is the signal's number, ``done`` the games finished (those
    already in the file included) out of ``total``."""

    def __init__(self, signum: int, done: int, total: int) -> None:
        name = signal.Signals(signum).name
        super().__init__(f"stopped by {name} after {done} of {total} games")
        self.signal = signum
        self.done = done
        self.total = total


@attrs.frozen
class Plan:
    """How a run plays its games: ``games`` of the ``total`` (the others are already in the
    output file), on ``workers`` workers where ``requested`` were asked for; ``limit`` says
    why fewer were started (``None`` when the request stood)."""

    backend: str
    games: int
    total: int
    workers: int
    requested: int | None
    limit: str | None

    def text(self) -> str:
        """The plan in a line, as the command reports it."""
        what = f"{self.games} games"
        if self.games != self.total:
            what = f"{self.games} of {self.total} games ({self.total - self.games} are in the file)"
        if self.backend == "ray":
            where = f"as Ray tasks for {self.workers} workers"
        elif self.workers == 1:
            where = "in this process"
        else:
            where = f"on {self.workers} worker processes"
        note = "" if self.limit is None else f" ({self.requested} asked for: {self.limit})"
        return f"playing {what} {where}{note}"


def _limit_workers(
    requested: int | None, games: int, default: int, here: int | None
) -> tuple[int, str | None]:
    """The workers to start for ``games`` games, and why fewer than ``requested`` (the
    default is ``default``); ``here`` is this machine's cores when the workers run on it."""
    count = default if requested is None else requested
    limit = None
    if here is not None and count > WORKERS_PER_CORE * here:
        count = WORKERS_PER_CORE * here
        limit = f"at most {WORKERS_PER_CORE} per core, and {here} cores are free here"
    if count > games:
        count, limit = games, "no more than the games to play"
    return max(1, count), None if requested is None else limit


class _Stop:
    """The signal handler of a run: it notes the first SIGINT or SIGTERM for the run to stop
    at its next look, and stops a game played in this process at once (``armed``)."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self.armed = False
        self.listens = False

    def __call__(self, signum: int, frame: object) -> None:
        self.signum = signum
        if self.armed:
            self.armed = False
            raise KeyboardInterrupt

    def take_back(self) -> None:
        """Be the handler of the stop signals again, where :meth:`listening` made it one."""
        if self.listens:
            for signum in _STOP_SIGNALS:
                signal.signal(signum, self)

    @contextlib.contextmanager
    def listening(self) -> Iterator[None]:
        """Handle the stop signals for the length of the block (in the main thread only,
        the one Python delivers signals to)."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = {signum: signal.signal(signum, self) for signum in _STOP_SIGNALS}
        self.listens = True
        try:
            yield
        finally:
            self.listens = False
            for signum, handler in previous.items():
                signal.signal(signum, signal.SIG_DFL if handler is None else handler)


@attrs.frozen
class _Run:
    """What a backend needs to play the missing games of a run: ``todo`` gives the numbers of
    the ``games`` games to play, in order, as they are asked for."""

    simulation: Simulation
    todo: Iterator[int]
    games: int
    workers: int | None
    address: str | None
    announce: Callable[[Plan], None]
    stop: _Stop
    ray_log_level: int = RAY_LOG_LEVEL

    def plan(self, backend: str, workers: int, limit: str | None) -> None:
        total = self.simulation.games
        self.announce(Plan(backend, self.games, total, workers, self.workers, limit))


def simulate(
    simulation: Simulation,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    output: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    announce: Callable[[Plan], None] | None = None,
    ray_log_level: int = RAY_LOG_LEVEL,
) -> tuple[GameOutcome, ...]:
    """Play the games of ``simulation``; their outcomes, in game order.

    ``workers`` processes play them (default: one per core; 1 plays them in this process).
    No more are started than there are games to play, nor more than
    :data:`WORKERS_PER_CORE` per core on this machine: a larger number is reduced, and
    ``announce`` (if given) is told the :class:`Plan` before the games start.
    ``backend="ray"`` runs them as Ray tasks instead, on the cluster at ``address`` (or a
    local Ray started for the run, which takes a while: about 25 s on a busy 2-core machine).
    Ray's own log lines show from ``ray_log_level`` up (by default its warnings, not its INFO
    lines: :data:`RAY_LOG_LEVEL`); at ``logging.ERROR`` (:data:`RAY_QUIET_LEVEL`) or above,
    what its workers print is kept back too. With
    ``output``, each finished game is written there at once (see the module's documentation),
    and games already in the file are not played again;
    every line of it is checked first, and a file that is not this simulation's output is
    refused with :class:`SimulationError`, as is an output that is not a file (a folder, a
    device, a named pipe) and a file that cannot be written. ``progress(done, total)`` is
    called as games finish.

    Every outcome is kept, to be returned: for many games, :func:`summarize` gives their
    summary in memory that does not grow with the games.

    SIGINT (Ctrl-C) or SIGTERM stops the run within a fraction of a second: the worker
    processes are ended, every finished game is written, and :class:`SimulationStopped` (a
    ``KeyboardInterrupt``) is raised. A ``KeyboardInterrupt`` from elsewhere (``progress``)
    stops it the same way and is raised again.
    """
    outcomes: dict[int, GameOutcome] = {}

    def keep(outcome: GameOutcome) -> None:
        outcomes[outcome.index] = outcome

    _play(
        simulation,
        keep,
        _Options.of(workers, backend, address, output, progress, announce, ray_log_level),
    )
    return tuple(outcomes[i] for i in range(simulation.games))


def summarize(
    simulation: Simulation,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    output: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    announce: Callable[[Plan], None] | None = None,
    ray_log_level: int = RAY_LOG_LEVEL,
) -> Summary:
    """Play the games of ``simulation`` as :func:`simulate` does (with the same options, the
    same output file and the same stops), and give their :class:`Summary`.

    Each game is counted as it finishes (those already in the output file first) and then
    let go, so that the memory a run takes does not grow with the number of games: the summary
    is the one :meth:`Summary.of` gives of the outcomes :func:`simulate` returns.
    """
    tally = _Tally(simulation)
    _play(
        simulation,
        tally.add,
        _Options.of(workers, backend, address, output, progress, announce, ray_log_level),
    )
    return tally.summary()


@attrs.frozen
class _Options:
    """How to run a simulation, as :func:`simulate` takes it, checked."""

    workers: int | None
    backend: str
    address: str | None
    output: Path | None
    progress: Progress | None
    announce: Callable[[Plan], None] | None
    ray_log_level: int

    @classmethod
    def of(
        cls,
        workers: int | None,
        backend: str,
        address: str | None,
        output: str | os.PathLike[str] | None,
        progress: Progress | None,
        announce: Callable[[Plan], None] | None,
        ray_log_level: int,
    ) -> _Options:
        """The options, or :class:`SimulationError` saying which is wrong (their types are
        checked too: a caller without a type checker may pass anything)."""
        if not isinstance(backend, str) or backend not in BACKENDS:
            raise SimulationError(
                f"unknown backend {describe_value(backend)}: the backends are local and ray"
            )
        if workers is not None:
            _check_whole(workers, "workers", 1)
        if address is not None and not isinstance(address, str):
            raise SimulationError(
                f"address is a Ray cluster's address (a str), not {describe_value(address)}"
            )
        if address is not None and backend == "local":
            raise SimulationError(
                "address is for the ray backend: the local backend uses this machine"
            )
        if progress is not None and not callable(progress):
            raise SimulationError(
                f"progress is a function of (done, total), not {describe_value(progress)}"
            )
        if announce is not None and not callable(announce):
            raise SimulationError(
                f"announce is a function of a Plan, not {describe_value(announce)}"
            )
        if not is_whole(ray_log_level):
            raise SimulationError(
                f"ray_log_level is a logging level (a whole number), not "
                f"{describe_value(ray_log_level)}"
            )
        path = _output_path(output)
        return cls(workers, backend, address, path, progress, announce, ray_log_level)


def _play(simulation: Simulation, take: Callable[[GameOutcome], None], options: _Options) -> None:
    """Play the games of ``simulation`` as :func:`simulate` says, giving each outcome to
    ``take`` once: first those in the output file, then each game as it finishes."""
    _check_simulation(simulation)
    path = options.output
    header = json.dumps(_header(simulation))
    carried = None if path is None else _carry_on(path, simulation, header, take)
    in_file = _Spans() if carried is None else carried
    total = simulation.games
    done = in_file.count
    progress, announce = options.progress, options.announce
    stop = _Stop()
    with stop.listening():
        sink = None if path is None else _Sink(path, header, fresh=carried is None)

        def start(plan: Plan) -> None:
            # The plan first, then the progress report, which keeps its line.
            if announce is not None:
                announce(plan)
            if progress is not None:
                progress(done, total)

        runner = _ray_batches if options.backend == "ray" else _local_batches
        run = _Run(
            simulation,
            in_file.missing(total),
            total - in_file.count,
            options.workers,
            options.address,
            start,
            stop,
            options.ray_log_level,
        )
        batches = runner(run)
        try:
            for batch in batches:
                for outcome in batch:
                    take(outcome)
                done += len(batch)
                if sink is not None:
                    sink.write(batch)
                if stop.signum is not None:
                    raise SimulationStopped(stop.signum, done, total)
                if batch and progress is not None:
                    progress(done, total)
        except KeyboardInterrupt as interrupt:
            if stop.signum is None or isinstance(interrupt, SimulationStopped):
                raise
            raise SimulationStopped(stop.signum, done, total) from None
        finally:
            batches.close()  # ends the workers now, not when the generator is collected
            if sink is not None:
                sink.close()
    if path is not None:
        _put_in_order(path, header)


def _in_chunks(items: Iterator[_T], size: int) -> Iterator[list[_T]]:
    """``items`` in lists of ``size`` (the last one shorter), taken as they are asked for."""
    while chunk := list(itertools.islice(items, size)):
        yield chunk


def _batch_size(games: int, workers: int) -> int:
    """The games of a Ray task: few enough to keep every worker busy to the end."""
    return max(1, min(32, games // (workers * 8)))


#: The simulation a worker process plays games of (set when the worker starts).
_worker_simulation: list[Simulation] = []


def _start_worker(simulation: Simulation) -> None:
    # The parent decides when to stop: Ctrl-C at a terminal reaches every process of the
    # group, and the workers leave it to the parent, which then ends them with SIGTERM. The
    # parent blocked both signals while it started the workers, so that none arrives before
    # these handlers are in place.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
    _worker_simulation[:] = [simulation]


def _play_in_worker(index: int) -> GameOutcome:
    return play_one(_worker_simulation[0], index)


def _local_batches(run: _Run) -> Generator[list[GameOutcome], None, None]:
    """The games played here, one a batch (so that a stop loses no finished game), with an
    empty batch whenever a short wait passes without one, for the run to look for a stop."""
    here = cores()
    count, limit = _limit_workers(run.workers, run.games, here, here)
    run.plan("local", count, limit)
    if count == 1:
        for index in run.todo:
            run.stop.armed = run.stop.signum is None
            try:
                outcome = play_one(run.simulation, index)
            finally:
                run.stop.armed = False
            yield [outcome]
        return
    yield from _pool_batches(run, count)


def _pool_batches(run: _Run, count: int) -> Generator[list[GameOutcome], None, None]:
    """The games played by a pool of ``count`` worker processes, as :func:`_local_batches`
    gives them. A game is handed to the pool only as another finishes (a pool's own ``map``
    functions would read every game number into its queue at once)."""
    # Imported only for a pool: importing multiprocessing costs a noticeable part of the
    # start-up of a run in one process, which never uses it.
    import multiprocessing
    import queue

    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        pool = multiprocessing.Pool(count, _start_worker, (run.simulation,))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    # Filled by the pool's thread that collects results; an error a game raised comes too.
    finished: queue.SimpleQueue[GameOutcome | BaseException] = queue.SimpleQueue()

    def hand_out(games: int) -> int:
        handed = 0
        for index in itertools.islice(run.todo, games):
            pool.apply_async(
                _play_in_worker, (index,), callback=finished.put, error_callback=finished.put
            )
            handed += 1
        return handed

    try:
        playing = hand_out(TASKS_PER_WORKER * count)
        while playing:
            try:
                result = finished.get(timeout=_POLL)
            except queue.Empty:
                yield []
                continue
            if isinstance(result, BaseException):
                raise result
            playing += hand_out(1) - 1
            yield [result]
    finally:
        pool.terminate()
        pool.join()


def _ray_batches(run: _Run) -> Generator[list[GameOutcome], None, None]:
    try:
        # Ray is an optional extra, imported only for this backend (and untyped here, as it
        # may not be installed where the types are checked).
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise SimulationError(
            "the ray backend needs Ray, from rummy500's ray extra: pip install '.[ray]' in a "
            "checkout of rummy500"
        ) from None
    started = not ray.is_initialized()
    here = cores() if started and run.address is None else None
    if started:
        # Ray refuses a CPU count for a cluster it connects to: that is the cluster's own.
        cpus = (
            None
            if here is None or run.workers is None
            else min(run.workers, WORKERS_PER_CORE * here)
        )
        ray.init(
            address=run.address,
            num_cpus=cpus,
            include_dashboard=False,
            logging_level=run.ray_log_level,
            log_to_driver=run.ray_log_level < RAY_QUIET_LEVEL,
        )
        run.stop.take_back()  # Ray sets its own SIGTERM handler
    pending: list[Any] = []
    try:
        available = int(ray.cluster_resources().get("CPU", 1))
        count, limit = _limit_workers(run.workers, run.games, available, here)
        run.plan("ray", count, limit)
        remote = ray.remote(_play_range)
        batches = _in_chunks(run.todo, _batch_size(run.games, count))

        def hand_out(tasks: int) -> list[Any]:
            return [remote.remote(run.simulation, b) for b in itertools.islice(batches, tasks)]

        pending = hand_out(TASKS_PER_WORKER * count)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1, timeout=_POLL)
            if not ready:
                yield []
                continue
            pending += hand_out(1)
            yield ray.get(ready[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def _header(simulation: Simulation) -> dict[str, Any]:
    return {"simulation": simulation.to_json()}


def _digest(header: str, body: str) -> str:
    """The check of a game's line: a hash of the line and of its file's header line, so that
    a line changed by accident, or taken from another simulation's file, is found out. (A
    hash without a key: whoever edits a line can compute its check again.)"""
    return hashlib.blake2b(f"{header}\n{body}".encode(), digest_size=8).hexdigest()


def _line(header: str, outcome: GameOutcome) -> str:
    """A game's line in an output file whose header line is ``header``: the outcome, then
    its check."""
    data = outcome.to_json()
    data["check"] = _digest(header, json.dumps(data))
    return json.dumps(data) + "\n"


def _game_number(line: str) -> int:
    """The game on a line of an output file, read from its start: every line is written by
    :func:`_line`, which puts the game's number first (``{"game": 12, ...``)."""
    start = len('{"game": ')
    return int(line[start : line.index(",", start)])


def _file_error(doing: str, path: Path, error: OSError) -> SimulationError:
    return SimulationError(f"cannot {doing} {path}: {error.strerror or error}")


#: The longest output file name taken (a path on Linux is 4096 bytes at most).
_LONGEST_NAME: Final = 4096
#: What a path that is not a regular file is, for the message that refuses it.
_KINDS: Final = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
)


def _output_path(output: str | os.PathLike[str] | None) -> Path | None:
    """The output file, checked to be somewhere a file can be written. A path that is there
    already must be a regular file: a device or a named pipe would be read without end (or
    wait for a writer forever) when the run looks for games to carry on with."""
    if output is None:
        return None
    try:
        name = os.fspath(output)
    except TypeError:
        name = None
    if not isinstance(name, str):
        raise SimulationError(
            f"output is the name of a file (a str or a path), not {describe_value(output)}"
        )
    if not name:
        raise SimulationError("the output file's name is empty")
    if len(name) > _LONGEST_NAME or "\0" in name:
        what = "has a NUL character" if "\0" in name else f"is {len(name)} characters long"
        raise SimulationError(f"the output file's name {what}: {quote_text(name)}")
    path = Path(name)
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        mode = None
    except OSError as error:
        raise _file_error("write", path, error) from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = next((kind for test, kind in _KINDS if test(mode)), "not a regular file")
        raise SimulationError(f"{path} is {kind}: give the name of a file for the output")
    if not path.parent.is_dir():
        raise SimulationError(f"cannot write {path}: there is no folder {path.parent}")
    return path


def _new_file_beside(path: Path) -> tuple[int, Path]:
    """A new empty file in ``path``'s folder, open for writing: never a file that was there
    (a named pipe would block the run), and with the permissions any new file gets (a
    temporary file module's would be private to its owner once it replaces ``path``)."""
    for attempt in range(100):
        temporary = path.with_name(f"{path.name}.{os.getpid()}-{attempt}.tmp")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), temporary
        except FileExistsError:
            continue
        except OSError as error:
            raise _file_error("write", path, error) from None
    raise SimulationError(f"cannot write {path}: too many temporary files are beside it")


@contextlib.contextmanager
def _replacing(path: Path) -> Iterator[TextIO]:
    """A new file to write in the place of ``path``: it takes ``path``'s place when the block
    ends, and is removed if the block fails (``path`` is then left as it was)."""
    handle, temporary = _new_file_beside(path)
    try:
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as sink:
                yield sink
            temporary.replace(path)
        except OSError as error:
            raise _file_error("write", path, error) from None
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


class _Sink:
    """The output file of a run, open for its new games: a new file starts with the header
    line; a file carried on with holds its checked games, and the new ones follow them."""

    def __init__(self, path: Path, header: str, *, fresh: bool) -> None:
        self.path = path
        self.header = header
        self.failed = False
        try:
            self.file = path.open("w" if fresh else "a", encoding="utf-8")
        except OSError as error:
            raise _file_error("write", path, error) from None
        if fresh:
            try:
                self.put(header + "\n")
            except SimulationError:
                self.close()
                raise

    def write(self, outcomes: Sequence[GameOutcome]) -> None:
        """Write ``outcomes`` and flush them to the file, whole lines only."""
        if outcomes:
            self.put("".join(_line(self.header, outcome) for outcome in outcomes))

    def put(self, text: str) -> None:
        """Write ``text`` and flush it to the file."""
        try:
            self.file.write(text)
            self.file.flush()
        except OSError as error:
            self.failed = True
            raise _file_error("write", self.path, error) from None

    def close(self) -> None:
        """Close the file. After a failed write, what could not be written is let go: the
        failure was reported, and closing would only fail the same way."""
        try:
            self.file.close()
        except OSError as error:
            if not self.failed:
                raise _file_error("write", self.path, error) from None


class _LineError(Exception):
    """A line of an output file that is not a game of the simulation (the reason)."""


def _short(value: object) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _fields(data: object, fields: Sequence[str], what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _LineError(f"{what} is a JSON object, not {_short(data)}")
    missing = [name for name in fields if name not in data]
    if missing:
        raise _LineError(f"{what} has no {missing[0]!r}")
    unknown = [name for name in data if name not in fields]
    if unknown:
        raise _LineError(f"{what} has an unknown field {_short(unknown[0])}")
    return data


def _whole(value: object, name: str, low: int, high: int | None = None) -> int:
    if not is_whole(value) or value < low or (high is not None and value > high):
        span = f"of {low} or more" if high is None else f"from {low} to {high}"
        raise _LineError(f"{name} is a whole number {span}, not {_short(value)}")
    return value


def _optional(value: object, name: str, high: int) -> int | None:
    if value is None:
        return None
    try:
        return _whole(value, name, 0, high)
    except _LineError:
        raise _LineError(
            f"{name} is null or a whole number from 0 to {high}, not {_short(value)}"
        ) from None


def _row(value: object, name: str, length: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length or any(not is_whole(v) for v in value):
        raise _LineError(f"{name} is a list of {length} whole numbers, not {_short(value)}")
    return tuple(value)


def _hand_of(data: object, what: str, config: RuleConfig, players: int) -> HandOutcome:
    hand = _fields(data, _HAND_FIELDS, what)
    ended = hand["ended"]
    if not isinstance(ended, str) or ended not in ENDINGS:
        raise _LineError(f"{what}: ended is one of {', '.join(ENDINGS)}, not {_short(ended)}")
    went_out = _optional(hand["went_out"], f"{what}: went_out", players - 1)
    if (went_out is None) != (ended != "went_out"):
        raise _LineError(f"{what}: went_out is {_short(went_out)} in a hand that ended {ended}")
    scores = _row(hand["scores"], f"{what}: scores", config.sides(players))
    player_scores = _row(hand["player_scores"], f"{what}: player_scores", players)
    sides = side_scores(config, player_scores)
    if scores != sides:
        raise _LineError(
            f"{what}: scores {list(scores)} are not player_scores summed by side {list(sides)}"
        )
    return HandOutcome(
        scores,
        player_scores,
        _whole(hand["turns"], f"{what}: turns", 0),
        went_out,
        ended,
        _whole(hand["calls"], f"{what}: calls", 0),
    )


def _ending_problem(
    config: RuleConfig, players: int, hands: Sequence[HandOutcome], winner: int | None
) -> str | None:
    """What is wrong with how a line's game ends, if anything: by the rules, the hands' scores
    must end the game with its last hand, won by the side ``winner`` names (``None``: drawn)."""
    totals = [0] * config.sides(players)
    for number, hand in enumerate(hands, 1):
        totals = [total + score for total, score in zip(totals, hand.scores, strict=True)]
        side = None if hand.went_out is None else config.side_of(hand.went_out, players)
        over, won = game_result(config, totals, hands_played=number, went_out_side=side)
        if over != (number == len(hands)):
            return (
                f"the game is over after hand {number - 1}, not after the last of its "
                f"{len(hands)} hands"
                if over
                else f"the game is not over after hand {number - 1}, its last"
            )
    if won != winner:
        return f"winner is {_short(winner)}, but the hands' scores make it {_short(won)}"
    return None


def _outcome_of(data: object, simulation: Simulation, header: str) -> GameOutcome:
    """The game on a line of ``simulation``'s output file (parsed), or :class:`_LineError`."""
    if isinstance(data, dict) and "check" not in data:
        raise _LineError(
            "the line has no 'check' (a file written before lines had one: start a new file)"
        )
    line = _fields(data, (*_GAME_FIELDS, "check"), "the line")
    config, players = simulation.config, simulation.players
    sides = config.sides(players)
    game = _whole(line["game"], "game", 0, simulation.games - 1)
    seed = _whole(line["seed"], "seed", 0)
    if seed != simulation.seed + game:
        raise _LineError(f"seed is {seed}, but game {game} is played with {simulation.seed + game}")
    totals = _row(line["totals"], "totals", sides)
    winner = _optional(line["winner"], "winner", sides - 1)
    decisions = _whole(line["decisions"], "decisions", 0)
    first = _whole(line["first_player"], "first_player", 0, players - 1)
    if not isinstance(line["hands"], list) or not line["hands"]:
        raise _LineError(f"hands is a list of one hand or more, not {_short(line['hands'])}")
    hands = tuple(
        _hand_of(hand, f"hand {k}", config, players) for k, hand in enumerate(line["hands"])
    )
    sums = tuple(sum(column) for column in zip(*(hand.scores for hand in hands), strict=True))
    if sums != totals:
        raise _LineError(
            f"totals {list(totals)} are not the sums of the hands' scores {list(sums)}"
        )
    problem = _ending_problem(config, players, hands, winner)
    if problem is not None:
        raise _LineError(problem)
    outcome = GameOutcome(game, seed, hands, totals, winner, decisions, first)
    if line["check"] != _digest(header, json.dumps(outcome.to_json())):
        raise _LineError("its check does not match it: the line was changed after it was written")
    return outcome


def _parse(text: str) -> object:
    """JSON data, or ``_NOT_JSON`` (nested too deep, numbers too long, or not JSON)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _NOT_JSON


_NOT_JSON: Final = object()


class _Spans:
    """A set of game numbers, as sorted spans of numbers in a row (``lows[k]`` to
    ``highs[k] - 1``): the games of an output file take a few spans however many they are, as
    a run hands its games out in order."""

    def __init__(self) -> None:
        self.lows: list[int] = []
        self.highs: list[int] = []
        self.count = 0

    def add(self, game: int) -> bool:
        """Put ``game`` in the set; ``False`` if it was in already."""
        lows, highs = self.lows, self.highs
        k = bisect.bisect_right(lows, game)
        if k and game < highs[k - 1]:
            return False
        joins_next = k < len(lows) and lows[k] == game + 1
        if k and highs[k - 1] == game:
            if joins_next:
                highs[k - 1] = highs.pop(k)
                del lows[k]
            else:
                highs[k - 1] = game + 1
        elif joins_next:
            lows[k] = game
        else:
            lows.insert(k, game)
            highs.insert(k, game + 1)
        self.count += 1
        return True

    def missing(self, games: int) -> Iterator[int]:
        """The numbers from 0 to ``games - 1`` that are not in the set, in order, each made
        only when it is asked for."""
        start = 0
        for low, high in zip(self.lows, self.highs, strict=True):
            yield from range(start, low)
            start = high
        yield from range(start, games)


def _count_lines(source: BinaryIO, path: Path) -> int:
    """The whole lines of ``source`` (those that end with a newline), read to its end."""
    count = 0
    try:
        while chunk := source.read(1 << 20):
            count += chunk.count(b"\n")
    except OSError as error:
        raise _file_error("read", path, error) from None
    return count


def _lines(source: BinaryIO, path: Path, count: int) -> Iterator[tuple[int, str]]:
    """The next ``count`` lines of ``source`` as text without their newlines, numbered from
    1, or :class:`SimulationError` for one that is not UTF-8 text."""
    for number in range(1, count + 1):
        try:
            raw = source.readline()
        except OSError as error:
            raise _file_error("read", path, error) from None
        try:
            text = raw.removesuffix(b"\n").decode("utf-8")
        except UnicodeDecodeError:
            raise SimulationError(f"{path}, line {number}: not UTF-8 text") from None
        yield number, text


def _carry_on(
    path: Path, simulation: Simulation, header: str, take: Callable[[GameOutcome], None]
) -> _Spans | None:
    """The games in the output file of an earlier run of ``simulation``, each given to
    ``take``; ``None`` where there is no file to carry on with (none, or an empty one).

    Every line is checked and a sample of the games played again; then the file is written
    again with those games alone, each line as it would be written now (a last line cut short
    by a stop is left out: the game is played again)."""
    try:
        source = path.open("rb")
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _file_error("read", path, error) from None
    with source:
        count = _count_lines(source, path)
        if not source.tell():
            return None
        source.seek(0)
        lines = _lines(source, path, count)
        first = next(lines, None)
        if first is None or _parse(first[1]) != _header(simulation):
            raise SimulationError(
                f"{path} holds the games of another simulation (or is not a simulation's "
                "output): give another output file, or the same parameters to carry on with it"
            )
        picks = _replay_picks(count - 1)
        sample: list[tuple[int, GameOutcome]] = []
        spans = _Spans()
        with _replacing(path) as copy:
            copy.write(header + "\n")
            for number, text in lines:
                data = _parse(text)
                if data is _NOT_JSON:
                    raise SimulationError(f"{path}, line {number}: not a game's outcome")
                try:
                    outcome = _outcome_of(data, simulation, header)
                except _LineError as refused:
                    raise SimulationError(f"{path}, line {number}: {refused}") from None
                if not spans.add(outcome.index):
                    source.seek(0)
                    # The lines before this one were read as games already.
                    earlier = next(
                        n
                        for n, line in _lines(source, path, number)
                        if n > 1 and json.loads(line)["game"] == outcome.index
                    )
                    raise SimulationError(
                        f"{path}, line {number}: game {outcome.index} is on line {earlier} already"
                    )
                if number - 2 in picks:
                    sample.append((number, outcome))
                take(outcome)
                copy.write(_line(header, outcome))
            _replay_sample(path, simulation, sample)
    return spans


def _replay_picks(games: int) -> set[int]:
    """Which of the ``games`` lines of a file are played again, counted from 0: the last one
    and others spread evenly over the file, :data:`REPLAYED` in all (fewer in a short file)."""
    if not games:
        return set()
    last = games - 1
    return {last} | {k * last // (REPLAYED - 1) for k in range(REPLAYED - 1)}


def _replay_sample(
    path: Path, simulation: Simulation, sample: Sequence[tuple[int, GameOutcome]]
) -> None:
    """Play again the games of ``sample`` (line numbers and games), to be sure the file holds
    the games their seeds give (and not those of another version of the rules)."""
    for number, outcome in sample:
        if play_one(simulation, outcome.index) != outcome:
            raise SimulationError(
                f"{path}, line {number}: game {outcome.index} is not the game its seed gives "
                "with these rules and bots (a file of another version of rummy500?)"
            )


#: The lines of an output file put in game order in memory at once (each about a kilobyte):
#: a longer file is put in order a part at a time, and the parts merged.
_LINES_IN_MEMORY: Final = 10_000
#: The most parts merged at once (each an open file).
_PARTS_MERGED: Final = 64


def _put_in_order(path: Path, header: str) -> None:
    """Write the output file again with its games in game order, holding no more than
    :data:`_LINES_IN_MEMORY` of its lines in memory."""
    try:
        with path.open(encoding="utf-8") as source:
            source.readline()  # the header, written again as it is
            parts = (
                sorted(part, key=_game_number) for part in _in_chunks(source, _LINES_IN_MEMORY)
            )
            first = next(parts, [])
            if len(first) < _LINES_IN_MEMORY:
                with _replacing(path) as sink:
                    sink.write(header + "\n")
                    sink.writelines(first)
            else:
                _merge_in_order(path, header, itertools.chain([first], parts))
    except OSError as error:
        raise _file_error("read", path, error) from None


def _merge_in_order(path: Path, header: str, parts: Iterable[list[str]]) -> None:
    """Write the output file again from ``parts`` (each in game order): each part is put in a
    file of its own in a temporary folder beside it, and the files are merged, at most
    :data:`_PARTS_MERGED` at a time as they come (so that the files waiting to be merged stay
    few), then all together."""
    # Imported here: only a run of many games uses it, and it costs start-up time.
    import tempfile

    names = itertools.count()
    try:
        with tempfile.TemporaryDirectory(
            prefix=f".{path.name}.", dir=path.parent, ignore_cleanup_errors=True
        ) as folder:

            def stored(lines: Iterable[str]) -> Path:
                part = Path(folder, str(next(names)))
                with part.open("w", encoding="utf-8") as sink:
                    sink.writelines(lines)
                return part

            def merged(group: list[Path]) -> Iterator[str]:
                with contextlib.ExitStack() as files:
                    sources = [files.enter_context(p.open(encoding="utf-8")) for p in group]
                    yield from heapq.merge(*sources, key=_game_number)
                for part in group:
                    part.unlink()

            # levels[k] holds parts made of _PARTS_MERGED ** k parts as they were read.
            levels: list[list[Path]] = []
            for lines in parts:
                part = stored(lines)
                for level in itertools.count():
                    if level == len(levels):
                        levels.append([])
                    levels[level].append(part)
                    if len(levels[level]) < _PARTS_MERGED:
                        break
                    part, levels[level] = stored(merged(levels[level])), []
            waiting = [part for level in levels for part in level]
            while len(waiting) > _PARTS_MERGED:
                waiting = [
                    stored(merged(waiting[k : k + _PARTS_MERGED]))
                    for k in range(0, len(waiting), _PARTS_MERGED)
                ]
            with _replacing(path) as sink:
                sink.write(header + "\n")
                sink.writelines(merged(waiting))
    except OSError as error:
        raise _file_error("write", path, error) from None


def progress_bar(stream: TextIO = sys.stderr) -> ProgressReport:
    """A progress report for :func:`simulate` (its ``progress``) written to ``stream``: a
    tqdm bar where tqdm is installed (the ``progress`` extra), otherwise a line with the games
    done and an ETA, rewritten in place at most twice a second."""
    return ProgressReport(stream)


class ProgressReport:
    """The report :func:`progress_bar` makes: call it with the games done and their total;
    :meth:`end` ends its line early, so that a message after a run that stopped or failed
    starts on a line of its own."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        try:
            # tqdm is an optional extra.
            self._tqdm: Any = importlib.import_module("tqdm").tqdm
        except ImportError:
            self._tqdm = None
        self._bar: Any = None
        self._start = time.monotonic()
        self._first: int | None = None
        self._last = 0.0
        #: Whether a plain line is written and not yet ended.
        self._open = False

    def __call__(self, done: int, total: int) -> None:
        """Report ``done`` games of ``total``."""
        if self._tqdm is None:
            self._write_line(done, total)
            return
        if self._bar is None:
            self._bar = self._tqdm(total=total, initial=done, unit="game", file=self.stream)
        else:
            self._bar.update(done - self._bar.n)
        if done == total:
            self.end()

    def end(self) -> None:
        """End the report's line where it stands (nothing if none is begun)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        if self._open:
            self.stream.write("\n")
            self.stream.flush()
            self._open = False

    def _write_line(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self._first is None:
            self._first = done
        if now - self._last < 0.5 and done < total:
            return
        self._last = now
        played = done - self._first
        eta = ""
        if played and done < total:
            eta = f", about {(now - self._start) / played * (total - done):.0f} s to go"
        self.stream.write(f"\r{done}/{total} games{eta}   ")
        self._open = True
        if done == total:
            self.end()
        self.stream.flush()
