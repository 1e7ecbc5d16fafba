"""The Python of the "Try a variant" page: its form, and the games of the reader's rule set.

The page (``variants.mjs``) runs this module in the browser, under Pyodide in a Web Worker;
the tests and ``scripts/check_variants_page.py`` run it in CPython, and both give the same
figures from the same request. Only the public API of rummy500 is used.

- :func:`form` is what the page draws the form from: RuleConfig's fields and their ranges
  (:mod:`variant_form`), and every preset's values.
- :class:`Games` plays the seeded games of a rule set a few at a time (Pyodide starts no
  processes; the page shows the progress, and can stop, between two calls), and
  :func:`report` is what the page shows of their figures beside a preset's.
- :class:`Session` is what the page holds: each of its calls takes and gives JSON-ready data.

The figures are those of the "Compare the variants" page (:mod:`variant_figures`), with the
greedy bot in every seat: with a preset unchanged, the seeds 0 to N - 1 give the figures of
that page's first N games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from variant_figures import (
    BOT,
    SCORE_BIN,
    below_zero,
    figures,
    interval_text,
    rounded_minutes,
    share_text,
)
from variant_form import bounds, describe, rule_set

import rummy500
from rummy500 import ConfigError, RuleConfig, Rummy500Error, presets
from rummy500.simulate import GameOutcome, Simulation, SimulationError, Summary, play_one

__all__ = [
    "DEFAULT_GAMES",
    "MAX_GAMES",
    "ROWS",
    "Games",
    "Result",
    "Row",
    "Session",
    "form",
    "report",
]

#: The most games one run plays in a browser: a minute or two at 4 players.
MAX_GAMES: Final = 2000
#: The games a run plays unless the reader asks for another number.
DEFAULT_GAMES: Final = 200

#: Figures as JSON data.
Result = dict[str, Any]


def form() -> Result:
    """What the page draws the form from: the fields (:func:`variant_form.describe`), their
    ranges under the standard rules (:func:`variant_form.bounds`), every preset with its
    summary and values (as :func:`rummy500.to_data` writes them), the number of games a run
    plays by default and at most, the bot in every seat and the width of a bin of scores."""
    return {
        "fields": describe(),
        "bounds": bounds(RuleConfig()),
        "presets": [
            {"name": name, "summary": record.summary, "rules": rummy500.to_data(record.config)}
            for name, record in presets.PRESETS.items()
        ],
        "games": {"default": DEFAULT_GAMES, "max": MAX_GAMES},
        "bot": BOT,
        "scoreBin": SCORE_BIN,
    }


class Games:
    """The seeded games of one rule set, played a few at a time: game ``i`` is
    :func:`rummy500.simulate.play_one` of the simulation, seeded ``seed + i``, the greedy bot
    in every seat, so that the games played do not depend on how many are played a call."""

    def __init__(self, simulation: Simulation) -> None:
        #: What is played: the rules, the players, the bots, the number of games and the seed.
        self.simulation = simulation
        #: The games played so far, in order.
        self.outcomes: list[GameOutcome] = []

    @classmethod
    def of(cls, rules: Mapping[str, Any], players: int, games: int, seed: int = 0) -> Games:
        """The games of the form's ``rules`` (see :func:`rule_set`) at ``players`` players,
        ``games`` of them (at most :data:`MAX_GAMES`) from ``seed``. Raises
        :class:`~rummy500.ConfigError` or :class:`~rummy500.simulate.SimulationError`, each
        with a sentence saying what is wrong."""
        config = rule_set(rules)
        if isinstance(games, int) and not isinstance(games, bool) and games > MAX_GAMES:
            raise SimulationError(
                f"games is a whole number from 1 to {MAX_GAMES} on this page, not {games}"
            )
        return cls(Simulation.of(config, players, [BOT], games, seed))

    @property
    def done(self) -> int:
        """How many games have been played."""
        return len(self.outcomes)

    def play(self, count: int) -> int:
        """Play the next ``count`` games (fewer at the end); the number played so far."""
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise SimulationError(f"count is a whole number of 1 or more, not {count!r}")
        stop = min(self.done + count, self.simulation.games)
        self.outcomes.extend(play_one(self.simulation, i) for i in range(self.done, stop))
        return self.done

    def figures(self) -> dict[str, Any]:
        """The figures of the games played, as the "Compare the variants" page's data file
        holds them for a preset (:func:`variant_figures.figures`)."""
        if not self.outcomes:
            raise SimulationError("no game has been played yet: there is nothing to report")
        return figures(self.simulation, self.outcomes)

    def wins_by_seat(self) -> list[list[float]]:
        """The share of the games played that each seat won, with its 95% interval
        (``[value, low, high]``), from :class:`~rummy500.simulate.Summary`."""
        summary = Summary.of(self.simulation, self.outcomes)
        return [[i.value, i.low, i.high] for i in summary.wins_by_seat]


# -- the results ---------------------------------------------------------------------------

#: A row of the results table: a label, the figure as the "Compare the variants" page writes
#: it, its value, and whether it is a share (its bar then runs from 0% to 100%; any other
#: figure's bar is drawn against the larger of the two values of its row).
Row = tuple[str, Callable[[Result], str], Callable[[Result], float], bool]


def _interval_row(label: str, key: str, digits: int = 1) -> Row:
    """The row of a figure kept with its 95% interval under ``key``."""
    return (label, lambda r: interval_text(r[key], digits), lambda r: r[key][0], False)


def _share_row(label: str, key: str) -> Row:
    """The row of a share kept with its 95% interval under ``key``."""
    return (label, lambda r: share_text(r[key]), lambda r: r[key][0], True)


#: The rows of the results table, in the order of the "Compare the variants" page.
ROWS: Final[tuple[Row, ...]] = (
    _interval_row("hands per game", "hands_per_game", 2),
    (
        "minutes a game (an estimate)",
        lambda r: f"about {rounded_minutes(r)}",
        rounded_minutes,
        False,
    ),
    _interval_row("turns per hand", "turns_per_hand"),
    _share_row("hands ended by going out", "going_out"),
    _share_row("hands ended by the stock running out", "stock_exhausted"),
    _share_row("first player wins", "first_player_wins"),
    _share_row("games drawn at the hand limit", "draws"),
    _interval_row("mean hand score per player", "hand_score"),
    (
        "spread of a hand score (sd)",
        lambda r: f"{r['hand_score_sd']:.1f}",
        lambda r: r["hand_score_sd"],
        False,
    ),
    ("hand scores below 0", lambda r: f"{below_zero(r) * 100:.0f}%", below_zero, True),
    _interval_row("calls per hand", "calls_per_hand", 2),
)


def report(result: Result, seats: list[list[float]], base: Result | None = None) -> Result:
    """What the page shows of the figures ``result`` (:meth:`Games.figures`) and the wins of
    each seat (:meth:`Games.wins_by_seat`), beside ``base``, the figures of the preset the rule
    set started from (as the "Compare the variants" page's data file holds them), if any:
    the table's rows, each seat's wins, and the histograms of hands per game and hand scores."""
    return {
        "games": result["games"],
        "fair": 1 / result["sides"],
        "rows": [
            {
                "label": label,
                "variant": text(result),
                "base": None if base is None else text(base),
                "values": [float(value(result)), None if base is None else float(value(base))],
                "share": share,
            }
            for label, text, value, share in ROWS
        ],
        "seats": [{"text": share_text(wins), "value": wins[0]} for wins in seats],
        "hands": [result["hands_histogram"], None if base is None else base["hands_histogram"]],
        "scores": [result["score_histogram"], None if base is None else base["score_histogram"]],
    }


class Session:
    """What the page holds in the worker: each of its calls takes and gives JSON-ready data,
    and a rule set or request that is refused gives the refusal's sentence as ``error``."""

    def __init__(self) -> None:
        #: The games of the last run started, or None.
        self.games: Games | None = None

    def check(self, request: Mapping[str, Any]) -> Result:
        """Whether ``request["rules"]`` make a rule set for ``request["players"]`` players:
        ``error`` (None, or the sentence that refuses them), the player counts the rules allow
        and the range of each number (:func:`bounds`); both None if the rules are refused."""
        players: Any = request.get("players")
        try:
            config = rule_set(request.get("rules", {}))
        except ConfigError as error:
            return {"error": str(error), "players": None, "bounds": None}
        answer: Result = {
            "error": None,
            "players": list(config.player_counts),
            "bounds": bounds(config),
        }
        try:
            config.check_players(players)
        except ConfigError as error:
            answer["error"] = str(error)
        return answer

    def start(self, request: Mapping[str, Any]) -> Result:
        """Start the games of ``request`` (its ``rules``, ``players``, ``games`` and ``seed``):
        ``error`` (None, or the sentence that refuses them) and the games to play, ``total``."""
        self.games = None
        players: Any = request.get("players")
        games: Any = request.get("games")
        try:
            self.games = Games.of(request.get("rules", {}), players, games, request.get("seed", 0))
        except Rummy500Error as error:
            return {"error": str(error), "total": 0}
        return {"error": None, "total": self.games.simulation.games}

    def play(self, count: int) -> Result:
        """Play the next ``count`` games: how many are ``done`` of the ``total``."""
        games = self._started()
        return {"done": games.play(count), "total": games.simulation.games}

    def report(self, base: Result | None = None) -> Result:
        """The :func:`report` of the games played so far, beside ``base``."""
        games = self._started()
        return report(games.figures(), games.wins_by_seat(), base)

    def _started(self) -> Games:
        if self.games is None:
            raise SimulationError("no games were started: call start first")
        return self.games
