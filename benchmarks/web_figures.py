"""The figures of ``benchmarks/bench_web.py``, made from what the pages recorded.

The Play page marks where it is on its element (``data-state``: ``starting``, ``busy`` while
Python works or the bots play, ``ready`` for the person; ``data-moves``, set each time the
table is drawn). The benchmark watches those marks with a ``MutationObserver`` and keeps one
*entry* per change: the time (``performance.now()``, in milliseconds since the page was opened),
the state, the moves, the status, whether the table was drawn and, if so, when the request
behind it was posted to the Python worker, when its answer came back and when the frame after
it was painted; if the page just took a move, when the person clicked or pressed a key. This
module reads those entries (plain dicts, as the page gives them): when the person could first
move; each reply of the bots to a move of the person; and what the server sent, by kind.

    >>> def drawn(t, moves):
    ...     return {"t": t, "state": "busy", "moves": moves, "drawn": True,
    ...             "sent": t - 4.0, "answered": t - 1.0, "painted": t + 8.0}
    >>> entries = [
    ...     {"t": 0.5, "state": "busy", "moves": 6, "drawn": False, "input": 0.0},
    ...     drawn(5.0, 7),
    ...     drawn(10.0, 8),
    ...     {"t": 10.5, "state": "ready", "moves": 8, "drawn": False},
    ... ]
    >>> [(r.person_ms, r.bot_ms, r.worker_ms, r.draw_ms, r.whole_ms) for r in replies(entries, 6)]
    [(5.0, [5.0], [3.0], [1.0], 10.5)]
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "KINDS",
    "Reply",
    "Spread",
    "Start",
    "by_kind",
    "kind_of",
    "replies",
    "spread",
    "started",
]

#: The kinds of file a visit of the Play page loads, in the order of the benchmark's table.
KINDS = ("Pyodide runtime", "Python stdlib", "wheels", "the page", "theme and site")
#: The Python standard library's archive, in Pyodide's folder.
_STDLIB = "python_stdlib.zip"


@dataclass(frozen=True)
class Spread:
    """Some measurements summed up: their median, 90th percentile, lowest and highest."""

    median: float
    p90: float
    low: float
    high: float
    count: int


def spread(values: Iterable[float]) -> Spread:
    """The :class:`Spread` of ``values`` (at least one): the 90th percentile is interpolated
    between the closest ranks, as ``statistics.quantiles`` does with ``method="inclusive"``.

    >>> spread([4.0, 1.0, 3.0, 2.0, 10.0])
    Spread(median=3.0, p90=7.6, low=1.0, high=10.0, count=5)
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no measurements to sum up: at least one is needed")
    if len(ordered) == 1:
        p90 = ordered[0]
    else:
        p90 = statistics.quantiles(ordered, n=10, method="inclusive")[8]
    return Spread(statistics.median(ordered), p90, ordered[0], ordered[-1], len(ordered))


@dataclass(frozen=True)
class Start:
    """When a page's Python worker was made and when Python was up in it; on the Play page,
    also how long the worker took to install the wheels, when the page first posted code to
    it after that (its glue), when the first view of a game was drawn and when the person
    could first move (``ready`` on their turn). In seconds (from opening the page)."""

    worker: float
    up: float
    install: float | None = None
    posted: float | None = None
    drawn: float | None = None
    turn: float | None = None


def started(marks: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]) -> Start | None:
    """The Play page's :class:`Start` from its marks (``worker``, ``up``, ``install`` and
    ``posted``, in milliseconds) and its entries; ``None`` until the person could move.

    >>> marks = {"worker": 400.0, "up": 5000.0, "install": 300.0, "posted": 5010.0}
    >>> entries = [
    ...     {"t": 6000.0, "state": "busy", "status": "bots", "drawn": True},
    ...     {"t": 6050.0, "state": "ready", "status": "your-turn", "drawn": False},
    ... ]
    >>> started(marks, entries)
    Start(worker=0.4, up=5.0, install=0.3, posted=5.01, drawn=6.0, turn=6.05)
    """
    drawn = next((e["t"] for e in entries if e["drawn"]), None)
    turn = next(
        (e["t"] for e in entries if e["state"] == "ready" and e["status"] == "your-turn"), None
    )
    if drawn is None or turn is None:
        return None
    worker, up, install, posted = (
        marks[name] / 1000 for name in ("worker", "up", "install", "posted")
    )
    return Start(worker, up, install, posted, drawn / 1000, turn / 1000)


@dataclass(frozen=True)
class Reply:
    """One move of the person and what the page did about it, in the page's milliseconds:
    when the person clicked or pressed the key (``asked``); for each table drawn (the
    person's move, then each bot's), when its request was posted to the worker, when the
    answer came back, when it was drawn and when the frame after it was painted; and when
    the person could move again."""

    asked: float
    sent: tuple[float, ...]
    answered: tuple[float, ...]
    shown: tuple[float, ...]
    painted: tuple[float | None, ...]
    ready: float

    @property
    def person_ms(self) -> float:
        """From the person's move to the page showing it."""
        return self.shown[0] - self.asked

    @property
    def bot_ms(self) -> list[float]:
        """For each bot move, from the move before it shown to this one shown."""
        return [later - earlier for earlier, later in itertools.pairwise(self.shown)]

    @property
    def worker_ms(self) -> list[float]:
        """For each bot move, from its request posted to the worker to the answer back."""
        return [back - out for out, back in zip(self.sent[1:], self.answered[1:], strict=True)]

    @property
    def draw_ms(self) -> list[float]:
        """For each bot move, from the answer back to the table drawn."""
        return [shown - back for back, shown in zip(self.answered[1:], self.shown[1:], strict=True)]

    @property
    def first_bot_ms(self) -> float | None:
        """From the person's move to the page showing the first bot move (``None`` if no bot
        moved)."""
        return self.shown[1] - self.asked if len(self.shown) > 1 else None

    @property
    def first_bot_painted_ms(self) -> float | None:
        """From the person's move to the frame after the first bot move was drawn."""
        painted = self.painted[1] if len(self.painted) > 1 else None
        return None if painted is None else painted - self.asked

    @property
    def whole_ms(self) -> float:
        """From the person's move to their turn again (or the end of the hand)."""
        return self.ready - self.asked


def replies(entries: Sequence[Mapping[str, Any]], before: int | None = None) -> list[Reply]:
    """The replies in ``entries``: each stretch from the page taking a move (``busy`` without
    a table drawn) to ``ready`` again in which the tables drawn count the moves one by one from
    the one the person just made (``before`` is the count before the first entry, if known).
    A new game, a loaded file or a refused move draws no such run and is left out. A reply
    starts at the person's click or key (``input``), or when the page took the move."""
    found: list[Reply] = []
    moves = before
    taken: Mapping[str, Any] | None = None
    start: int | None = None
    drawn: list[Mapping[str, Any]] = []
    for entry in entries:
        if entry["drawn"] and taken is not None:
            drawn.append(entry)
        if taken is None and entry["state"] == "busy" and not entry["drawn"]:
            taken, start, drawn = entry, moves, []
        elif taken is not None and entry["state"] == "ready":
            counts = [e["moves"] for e in drawn]
            counted = start is not None and counts == list(
                range(start + 1, start + 1 + len(counts))
            )
            if counted and counts:
                asked = taken.get("input")
                found.append(
                    Reply(
                        taken["t"] if asked is None else asked,
                        tuple(e["sent"] for e in drawn),
                        tuple(e["answered"] for e in drawn),
                        tuple(e["t"] for e in drawn),
                        tuple(e.get("painted") for e in drawn),
                        entry["t"],
                    )
                )
            taken = None
        if entry["drawn"]:
            moves = entry["moves"]
    return found


def kind_of(path: str, folder: str) -> str:
    """The kind (one of :data:`KINDS`) of the file at ``path`` of the site, whose browser
    bundle is in ``folder`` (``"/play/"``).

    >>> [kind_of(p, "/play/") for p in ("/play/pyodide/pyodide.asm.wasm", "/play/play.mjs")]
    ['Pyodide runtime', 'the page']
    """
    if path.startswith(folder + "pyodide/"):
        return "Python stdlib" if path.endswith("/" + _STDLIB) else "Pyodide runtime"
    if path.startswith(folder + "wheels/"):
        return "wheels"
    return "the page" if path.startswith(folder) else "theme and site"


def by_kind(files: Sequence[tuple[str, int, int]], folder: str) -> dict[str, tuple[int, int, int]]:
    """The files sent (path, bytes as served, bytes gzipped) summed by kind: for each of
    :data:`KINDS`, the files, the bytes as served and the bytes gzipped."""
    sums = dict.fromkeys(KINDS, (0, 0, 0))
    for path, raw, packed in files:
        kind = kind_of(path, folder)
        count, served, gzipped = sums[kind]
        sums[kind] = (count + 1, served + raw, gzipped + packed)
    return sums
