"""Ratings of bots from the games they played, on the Elo scale, with 95% intervals.

A game of any number of seats is one choice of its winner among the seats (Luce's choice
model, which for two seats is the Bradley-Terry model): each bot has a strength ``g``, and the
seat of bot ``b`` wins with probability ``g[b]`` over the sum of the strengths at the table.
:func:`ratings` fits the strengths by maximum likelihood (the MM algorithm, which rises at
every step) and writes each as ``400 * log10(g)``, so that a bot rated 400 points above
another wins about ten two-player games for each one it loses. Its interval comes from
refitting on resampled results (a bootstrap over the games of each line-up, seeded).

Draws (games no seat won) tell the model nothing and are left out. So that a bot that won
every game, or none, still gets a finite rating, each pair of bots is credited with one
virtual two-player game that each won half of (a weak prior that a long run outweighs).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

import attrs

from rummy500.core.errors import describe_value, is_count, is_whole
from rummy500.simulate.games import SimulationError

#: Elo points per factor of ten in strength.
ELO: Final = 400.0
#: The virtual game each pair of bots is credited with, split evenly between them.
PRIOR_GAMES: Final = 1.0
#: The most refits an interval may take (each refits every line-up).
MAX_BOOTSTRAP: Final = 10_000
_TOLERANCE: Final = 1e-10
_MAX_STEPS: Final = 10_000


@attrs.frozen
class LineupResult:
    """The games of one line-up: ``bots`` names the bot in each seat, ``wins`` how many games
    each seat won and ``draws`` how many no seat won."""

    bots: tuple[str, ...]
    wins: tuple[int, ...]
    draws: int = 0

    def __attrs_post_init__(self) -> None:
        for name, values in (("bots", self.bots), ("wins", self.wins)):
            if not isinstance(values, tuple):
                raise SimulationError(
                    f"a line-up's {name} are a tuple, one for each seat, not "
                    + describe_value(values)
                )
        for bot in self.bots:
            if not isinstance(bot, str):
                raise SimulationError(
                    f"a line-up's bot is named by a str, not {describe_value(bot)}"
                )
        if len(self.bots) < 2:
            raise SimulationError(f"a line-up has 2 or more seats, not {len(self.bots)}")
        if len(self.wins) != len(self.bots):
            raise SimulationError(
                f"a line-up of {len(self.bots)} seats counts the wins of each, not of "
                f"{len(self.wins)}"
            )
        for count in (*self.wins, self.draws):
            if not is_count(count):
                raise SimulationError(
                    "a line-up's wins and draws are counts of 0 or more, not "
                    + describe_value(count)
                )

    @property
    def games(self) -> int:
        """Every game of the line-up, draws included."""
        return sum(self.wins) + self.draws


@attrs.frozen
class Rating:
    """A bot's rating on the Elo scale with its 95% interval, from ``games`` games."""

    bot: str
    rating: float
    low: float
    high: float
    games: int


def _fit(
    bots: Sequence[str], lineups: Sequence[tuple[tuple[int, ...], tuple[float, ...]]]
) -> list[float]:
    """The strengths (geometric mean 1) that make the results most likely: ``lineups`` gives
    each line-up as the index of the bot in each seat and the wins of each seat."""
    count = len(bots)
    wins = [0.0] * count
    for seats, won in lineups:
        for bot, w in zip(seats, won, strict=True):
            wins[bot] += w
    strength = [1.0] * count
    for _ in range(_MAX_STEPS):
        # Each game's share of every seat's expected wins, given the strengths so far.
        exposure = [0.0] * count
        for seats, won in lineups:
            games = sum(won)
            if games:
                share = games / sum(strength[b] for b in seats)
                for bot in seats:
                    exposure[bot] += share
        new = [w / e for w, e in zip(wins, exposure, strict=True)]
        centre = math.exp(sum(math.log(g) for g in new) / count)
        new = [g / centre for g in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < _TOLERANCE:
            break
    return strength


def _indexed(
    bots: Sequence[str], results: Sequence[LineupResult]
) -> list[tuple[tuple[int, ...], tuple[float, ...]]]:
    index = {bot: k for k, bot in enumerate(bots)}
    prior = PRIOR_GAMES / 2
    lineups: list[tuple[tuple[int, ...], tuple[float, ...]]] = [
        ((i, j), (prior, prior)) for i in range(len(bots)) for j in range(i + 1, len(bots))
    ]
    lineups.extend(
        (tuple(index[b] for b in r.bots), tuple(float(w) for w in r.wins)) for r in results
    )
    return lineups


def _elo(strength: Sequence[float], anchor: int | None) -> list[float]:
    base = 0.0 if anchor is None else math.log10(strength[anchor])
    return [ELO * (math.log10(g) - base) for g in strength]


def ratings(
    results: Sequence[LineupResult],
    *,
    anchor: str | None = None,
    bootstrap: int = 200,
    seed: int = 0,
) -> tuple[Rating, ...]:
    """The rating of every bot that played in ``results``, strongest first, on the Elo scale:
    ``anchor`` is rated 0 (by default, the ratings' mean is 0). Each interval holds the middle
    95% of the ratings refitted on ``bootstrap`` resamplings of the results (the games of each
    line-up drawn again with their observed shares, from the random seed ``seed``).

    Raises :class:`~rummy500.simulate.SimulationError` for results that are not
    :class:`LineupResult` values, an anchor that did not play, and a bootstrap or seed that
    is not a whole number (at least 1 and 0).
    """
    if isinstance(results, str) or not isinstance(results, Sequence):
        raise SimulationError(f"results is a list of LineupResult, not {describe_value(results)}")
    for result in results:
        if not isinstance(result, LineupResult):
            raise SimulationError(f"a result is a LineupResult, not {describe_value(result)}")
    if not is_whole(bootstrap) or not 1 <= bootstrap <= MAX_BOOTSTRAP:
        raise SimulationError(
            f"bootstrap is a whole number from 1 to {MAX_BOOTSTRAP}, not "
            + describe_value(bootstrap)
        )
    if not is_whole(seed) or seed < 0:
        raise SimulationError(f"seed is a whole number of 0 or more, not {describe_value(seed)}")
    bots = list(dict.fromkeys(b for r in results for b in r.bots))
    if anchor is not None and anchor not in bots:
        raise SimulationError(f"the anchor {describe_value(anchor)} played no game here")
    if not bots:
        return ()
    where = None if anchor is None else bots.index(anchor)
    point = _elo(_fit(bots, _indexed(bots, results)), where)
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in bots]
    for _ in range(bootstrap):
        drawn = [_resampled(r, rng) for r in results]
        for k, value in enumerate(_elo(_fit(bots, _indexed(bots, drawn)), where)):
            samples[k].append(value)
    games = [sum(r.games for r in results if bot in r.bots) for bot in bots]
    rated = [
        Rating(bot, point[k], *_middle(sorted(samples[k])), games[k]) for k, bot in enumerate(bots)
    ]
    return tuple(sorted(rated, key=lambda r: (-r.rating, r.bot)))


def _resampled(result: LineupResult, rng: random.Random) -> LineupResult:
    """The line-up's games drawn again, as many, each outcome with its observed share."""
    outcomes = [*result.wins, result.draws]
    if not result.games:
        return result
    counts = [0] * len(outcomes)
    for k in rng.choices(range(len(outcomes)), weights=outcomes, k=result.games):
        counts[k] += 1
    return LineupResult(result.bots, tuple(counts[:-1]), counts[-1])


def _middle(values: Sequence[float]) -> tuple[float, float]:
    """The 2.5% and 97.5% points of sorted ``values``."""
    last = len(values) - 1
    return values[round(0.025 * last)], values[round(0.975 * last)]
