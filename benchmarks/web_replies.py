"""The Play page's game played through its glue (``web/src/table.py``), each request timed.

After every move the page asks the glue for the whole table: the person's move, then each bot's
move one request at a time (:meth:`Table.play <table.Table.play>` or :meth:`Table.step
<table.Table.step>`, then :meth:`Table.describe <table.Table.describe>` and ``json.dumps``).
:func:`time_game` plays a seeded game so, the person's moves being the greedy bot's choices (as
``scripts/check_play.py`` makes them on the page), and times each part of each request: the
bot's decision, the rest of the move, the table as JSON, and the JSON as text.

It runs unchanged in CPython and in the browser's Python: ``benchmarks/bench_web.py`` imports
it here and sends this file to the Web Worker, so the two are set side by side on the same
decisions. The requests it returns are those the page sends for the same game, so that the
page's own round trip can be timed on it too.

    >>> played = time_game("standard", ["greedy", "greedy"], 1, 1)
    >>> [request["intent"] for request in played["requests"][:5]]
    ['new', 'step', 'step', 'choose', 'choose']
    >>> [row["kind"] for row in played["rows"][:5]]
    ['new', 'bot', 'bot', 'person', 'person']
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Sequence

from table import HUMAN, JSONDict, Table

from rummy500 import Deal, Move, PlayerView
from rummy500.bots import Bot, GreedyBot

__all__ = ["time_game"]


class _Timed:
    """A bot whose decisions are timed: each one's seconds are appended to ``spent``, and the
    bot with the view to ``decisions``."""

    def __init__(
        self, bot: Bot, spent: list[float], decisions: list[tuple[Bot, PlayerView]]
    ) -> None:
        self.bot = bot
        self.spent = spent
        self.decisions = decisions

    def choose(self, view: PlayerView) -> Move:
        """The bot's move, timed."""
        started = time.perf_counter()
        move = self.bot.choose(view)
        self.spent.append(time.perf_counter() - started)
        self.decisions.append((self.bot, view))
        return move


def _decisions_ms(decisions: Sequence[tuple[Bot, PlayerView]], passes: int) -> float:
    """The bots' decisions made again, one after another, ``passes`` times: the fastest pass's
    milliseconds per decision (timed as a whole, so a coarse clock does not matter)."""
    best = float("inf")
    for _ in range(passes):
        started = time.perf_counter()
        for bot, view in decisions:
            bot.choose(view)
        best = min(best, time.perf_counter() - started)
    return best * 1000 / max(len(decisions), 1)


def _timed(table: Table, kind: str, act: Callable[[], object], spent: list[float]) -> JSONDict:
    """Do ``act`` (a request's move) at ``table`` and answer as the page's glue answers,
    timing each part in milliseconds; the answer's size in bytes."""
    before = len(spent)
    started = time.perf_counter()
    act()
    moved = time.perf_counter()
    answer = {**table.describe(), "refusal": None}
    described = time.perf_counter()
    text = json.dumps(answer)
    written = time.perf_counter()
    return {
        "kind": kind,
        "choose_ms": sum(spent[before:]) * 1000,
        "move_ms": (moved - started) * 1000,
        "describe_ms": (described - moved) * 1000,
        "dumps_ms": (written - described) * 1000,
        "bytes": len(text.encode()),
    }


def time_game(
    preset: str, opponents: Sequence[str], seed: int, hands: int, passes: int = 5
) -> JSONDict:
    """Play a game of ``preset`` seeded ``seed`` against ``opponents`` (bots as the page names
    them) for ``hands`` hands, as the page plays it; the requests the page would send
    (``requests``) and, for each, its kind (``new``, ``person`` or ``bot``) and timings
    (``rows``); then the bots' decisions made again ``passes`` times (``decision_ms``: the
    fastest pass's milliseconds per decision; a greedy bot decides as it did)."""
    players = len(opponents) + 1
    spent: list[float] = []
    decisions: list[tuple[Bot, PlayerView]] = []
    started = time.perf_counter()
    table = Table.new(preset, players, opponents, seed)
    timed = (_Timed(bot, spent, decisions) for bot in table.bots[1:] if bot is not None)
    table.bots = [None, *timed]
    made = (time.perf_counter() - started) * 1000
    first = {"intent": "new", "preset": preset, "players": players, "opponents": list(opponents)}
    requests: list[JSONDict] = [{**first, "seed": seed}]
    rows = [{**_timed(table, "new", lambda: None, spent), "move_ms": made}]
    person = GreedyBot()
    dealt = 0
    while (status := table.status()) != "game-over":
        if status == "bots":
            requests.append({"intent": "step"})
            rows.append(_timed(table, "bot", table.step, spent))
            continue
        if status == "hand-over":
            dealt += 1
            if dealt == hands:
                break
            move: Move = Deal()
        else:
            move = person.choose(table.state.view(HUMAN))
        requests.append({"intent": "choose", "index": table.legal_moves().index(move)})
        rows.append(_timed(table, "person", functools.partial(table.play, move), spent))
    return {"requests": requests, "rows": rows, "decision_ms": _decisions_ms(decisions, passes)}
