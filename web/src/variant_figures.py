"""The figures of a rule set's games, and how they are written.

The "Compare the variants" page tabulates them for every preset (``scripts/compare_variants.py``
computes them in CPython) and the "Try a variant" page for a rule set of the reader's
(``variants.py`` computes them in the browser, under Pyodide). Both take them from here, so
that the same games give the same figures, written the same way, on either page. Only the
public API of rummy500 is used, and nothing that needs more than the standard library.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from rummy500.simulate import GameOutcome, Interval, Simulation, mean, proportion

__all__ = [
    "BOT",
    "MINUTES_PER_HAND",
    "NBSP",
    "SCORE_BIN",
    "SECONDS_PER_TURN",
    "below_zero",
    "figures",
    "interval_text",
    "minutes",
    "rounded_minutes",
    "share",
    "share_text",
]

#: Every seat plays the same bot, so that seats differ only by where they sit.
BOT: Final = "greedy"
#: Hand scores are counted in bins this wide.
SCORE_BIN: Final = 10
#: A real table's pace, for the minutes a game takes: an estimate, not a measurement. A turn
#: (draw, any melds, a discard) at a sociable table takes about this many seconds...
SECONDS_PER_TURN: Final = 20
#: ... and every hand costs about this many minutes besides, to shuffle, deal and count.
MINUTES_PER_HAND: Final = 2
#: Keeps a figure and its interval on one line.
NBSP: Final = "\u00a0"


def _interval(hits: int, trials: int) -> list[float]:
    i = proportion(hits, trials)
    return [round(i.value, 4), round(i.low, 4), round(i.high, 4)]


def _mean(values: Sequence[float]) -> list[float]:
    i = mean(values)
    return [round(i.value, 3), round(i.low, 3), round(i.high, 3)]


def figures(simulation: Simulation, outcomes: Sequence[GameOutcome]) -> dict[str, Any]:
    """What ``outcomes`` say, as JSON data: shares and means with their 95% intervals
    (``[value, low, high]``) and the histograms the plots draw."""
    config, n = simulation.config, simulation.players
    games = len(outcomes)
    first_wins = sum(
        g.winner is not None and g.winner == config.side_of(g.first_player, n) for g in outcomes
    )
    hands = [h for g in outcomes for h in g.hands]
    scores = [s for h in hands for s in h.player_scores]
    endings = Counter(h.ended for h in hands)
    return {
        "games": games,
        "sides": config.sides(n),
        "first_player_wins": _interval(first_wins, games),
        "draws": _interval(sum(g.winner is None for g in outcomes), games),
        "hands_per_game": _mean([len(g.hands) for g in outcomes]),
        "decisions_per_game": _mean([g.decisions for g in outcomes]),
        "turns_per_hand": _mean([h.turns for h in hands]),
        "going_out": _interval(endings["went_out"], len(hands)),
        "stock_exhausted": _interval(endings["stock"], len(hands)),
        "calls_per_hand": _mean([h.calls for h in hands]),
        "hand_score": _mean(scores),
        "hand_score_sd": round(statistics.stdev(scores), 2) if len(scores) > 1 else 0.0,
        "hands_histogram": sorted(Counter(len(g.hands) for g in outcomes).items()),
        "score_histogram": sorted(
            Counter(math.floor(s / SCORE_BIN) * SCORE_BIN for s in scores).items()
        ),
    }


def minutes(result: dict[str, Any]) -> float:
    """The estimated minutes a game takes at a real table (:data:`SECONDS_PER_TURN`,
    :data:`MINUTES_PER_HAND`), from the hands and turns the bots played."""
    hands, turns = result["hands_per_game"][0], result["turns_per_hand"][0]
    return float(hands * (turns * SECONDS_PER_TURN / 60 + MINUTES_PER_HAND))


def rounded_minutes(result: dict[str, Any]) -> int:
    """:func:`minutes` to the nearest 5: the estimate claims no more than that."""
    return 5 * round(minutes(result) / 5)


def below_zero(result: dict[str, Any]) -> float:
    """The share of players' hand scores below zero."""
    histogram = result["score_histogram"]
    return float(sum(c for b, c in histogram if b < 0) / sum(c for _, c in histogram))


def _half(interval: Sequence[float]) -> float:
    """The wider side of a 95% interval: ``± half`` covers all of it."""
    value, low, high = interval
    return max(value - low, high - value)


def _up(value: float, digits: int) -> str:
    """``value`` rounded up at ``digits`` decimals, so that a ``±`` never narrows an interval
    (the small allowance keeps float noise from rounding an exact value up a step)."""
    scale = 10**digits
    return f"{math.ceil(value * scale - 1e-6) / scale:.{digits}f}"


def interval_text(interval: Sequence[float], digits: int = 1) -> str:
    """A figure and its 95% interval as ``value ± half``, on one line (non-breaking spaces)."""
    return f"{interval[0]:.{digits}f}{NBSP}±{NBSP}{_up(_half(interval), digits)}"


def share(value: float, digits: int = 1) -> str:
    """A share as a percentage with ``digits`` digits after the point, as
    :meth:`rummy500.simulate.Interval.text` writes it: a share short of all (or above none)
    gets the digits that show it, so 1,999 in 2,000 is 99.95%, never 100.0%."""
    return Interval(value, value, value).text(percent=True, digits=digits).partition(" ")[0]


def share_text(interval: Sequence[float]) -> str:
    """A share ``[value, low, high]`` and its 95% interval as ``value% ± half``, on one line:
    the value as :func:`share` writes it, the half-width (the wider side, rounded up) as
    :func:`interval_text` writes it."""
    return f"{share(interval[0])}{NBSP}±{NBSP}{_up(_half(interval) * 100, 1)}"
