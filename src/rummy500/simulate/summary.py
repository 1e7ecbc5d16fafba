"""95% intervals, and the :class:`Summary` of a set of games.

:func:`proportion` and :func:`mean` give an :class:`Interval`. A summary is made by a tally
that counts each game as it comes and keeps none, so that its size does not grow with the
games.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from rummy500.core.errors import describe_value, is_whole
from rummy500.simulate.games import (
    ENDINGS,
    GameOutcome,
    Simulation,
    SimulationError,
    _check_simulation,
)

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
        :class:`~rummy500.simulate.SimulationError`)."""
        if not is_whole(digits) or not 0 <= digits <= _MAX_DIGITS:
            raise SimulationError(
                f"Interval.text's digits is a whole number from 0 to {_MAX_DIGITS}, not "
                + describe_value(digits)
            )
        scale, unit = (100.0, "%") if percent else (1.0, "")
        value = self.value * scale
        # A share short of all (or above none) is not written as all (or none): 1,999 wins in
        # 2,000 games are 99.95%, not 100.0%. It gets the digits it needs to show it.
        shown = digits
        while (
            percent
            and shown < _MAX_DIGITS
            and value not in (0.0, scale)
            and (float(f"{value:.{shown}f}") in (0.0, scale))
        ):
            shown += 1
        return (
            f"{value:.{shown}f}{unit} "
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

        Raises :class:`~rummy500.simulate.SimulationError` when ``outcomes`` is not an iterable
        of :class:`~rummy500.simulate.GameOutcome` (or ``simulation`` not a
        :class:`~rummy500.simulate.Simulation`).
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
