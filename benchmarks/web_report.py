"""What ``benchmarks/bench_web.py`` measured, and its printed report: the figures behind each of
the Play page's budgets, then a table of the budgets, each met or not."""

from __future__ import annotations

import platform
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import web_figures
from web_figures import Spread, Start, spread

__all__ = [
    "BYTES_BUDGET",
    "REPLY_BUDGET_MS",
    "STARTUP_BUDGET_S",
    "Run",
    "budgets",
    "report",
    "round_line",
]

#: The budgets: what the page adds to Pyodide's start-up on a first visit, in seconds; the
#: 90th percentile of a bot move's delay, in milliseconds; the bytes of a first visit, gzipped.
STARTUP_BUDGET_S = 1.0
REPLY_BUDGET_MS = 50.0
BYTES_BUDGET = 8_000_000
#: The parts of a request the glue times in Python (web_replies.py), with their names here.
PARTS = (
    ("choose_ms", "the bot's decision"),
    ("rest_ms", "the rest of the move (apply, words)"),
    ("describe_ms", "the table as JSON (describe)"),
    ("dumps_ms", "json.dumps"),
    ("python_ms", "the whole request"),
)


@dataclass
class Run:
    """Everything a run measured (see ``bench_web.py``'s docstring)."""

    chromium: str
    bundle: dict[str, Any]
    #: The game of the replies: preset, opponents, seed and hands.
    game: dict[str, Any]
    #: Per round: the bare page's start (Pyodide alone) and the Play page's; on a first visit,
    #: then on a second one (none with ``--quick``).
    cold: list[tuple[Start, Start]] = field(default_factory=list)
    warm: list[tuple[Start, Start]] = field(default_factory=list)
    #: The files of the Play page's first visit: path, bytes as served, bytes gzipped.
    first_visit: list[tuple[str, int, int]] = field(default_factory=list)
    #: The bundle's folder in the site, as addresses start (``"/play/"``).
    folder: str = "/play/"
    replies: list[web_figures.Reply] = field(default_factory=list)
    #: What the worker alone measured (the page PYTHON_HTML's answer), and the same game's
    #: timings in this CPython (web_replies.time_game).
    worker: dict[str, Any] = field(default_factory=dict)
    cpython: dict[str, Any] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


def round_line(starts: tuple[Start, Start], what: str) -> str:
    """One round's start-up times, for the progress lines."""
    bare, play = starts
    return (
        f"{what}: Pyodide alone {bare.up:.2f} s, the Play page's first view {play.drawn:.2f} s "
        f"and the person's turn {play.turn:.2f} s"
    )


def _range(values: Sequence[float]) -> str:
    """``median (lowest to highest)``."""
    summed = spread(values)
    return f"{summed.median:.2f} ({summed.low:.2f} to {summed.high:.2f})"


def _turn(start: Start) -> float:
    assert start.turn is not None  # a start of the Play page
    return start.turn


def _drawn(start: Start) -> float:
    assert start.drawn is not None  # a start of the Play page
    return start.drawn


def _install(start: Start) -> float:
    assert start.install is not None  # a start of the Play page
    return start.install


def _pyodide(start: Start) -> float:
    """From the worker made to Pyodide up in it, without installing the wheels."""
    return start.up - start.worker - _install(start)


def _posted(start: Start) -> float:
    assert start.posted is not None  # a start of the Play page
    return start.posted


def _own_steps(bare: Start, play: Start) -> float:
    """(b) - (a) but for Pyodide's own start, which the machine's other work moves by seconds
    from one visit to the next: what the page's own steps add."""
    return _turn(play) - bare.up - (_pyodide(play) - (bare.up - bare.worker))


#: The rows of the start-up table: a name, and the figure of a round's (bare, play) starts.
_STARTUP_ROWS: tuple[tuple[str, Callable[[Start, Start], float]], ...] = (
    ("Pyodide alone (a)", lambda a, b: a.up),
    ("the Play page, the person's turn (b)", lambda a, b: _turn(b)),
    ("(b) - (a)", lambda a, b: _turn(b) - a.up),
    ("(b) / (a)", lambda a, b: _turn(b) / a.up),
    ("where (b) - (a) goes:", lambda a, b: float("nan")),
    ("  the worker made later", lambda a, b: b.worker - a.worker),
    ("  the wheels installed", lambda a, b: _install(b)),
    ("  Pyodide started later than alone", lambda a, b: _pyodide(b) - (a.up - a.worker)),
    ("  Python up to the glue posted to it", lambda a, b: _posted(b) - b.up),
    ("  the glue imported, first view drawn", lambda a, b: _drawn(b) - _posted(b)),
    ("  the bots' first moves", lambda a, b: _turn(b) - _drawn(b)),
    ("the page's own steps (all but Pyodide)", _own_steps),
)


def _startup(run: Run) -> list[str]:
    columns = [("first visit", run.cold)] + ([("second visit", run.warm)] if run.warm else [])
    lines = [
        "",
        "1. Start-up, seconds from opening the page: median (lowest to highest) of "
        f"{len(run.cold)} rounds, each page in a fresh browser context",
        f"{'':40}" + "".join(f"{name:>24}" for name, _ in columns),
    ]
    for name, of in _STARTUP_ROWS:
        if name.endswith(":"):
            lines.append(name)
            continue
        cells = [_range([of(a, b) for a, b in starts]) for _, starts in columns]
        lines.append(f"{name:40}" + "".join(f"{cell:>24}" for cell in cells))
    worker, steps = run.worker["worker"], run.worker["steps"]
    lines.append(
        "In the worker alone (a first visit): Pyodide up in "
        f"{worker['startMs'] / 1000:.2f} s and the wheels installed in "
        f"{worker['installMs'] / 1000:.2f} s (the worker up in {steps['start'] / 1000:.2f} s), "
        f"then import rummy500 {steps['import'] / 1000:.2f} s and the page's glue (table.py, "
        f"what it imports, the presets) {steps['glue'] / 1000:.2f} s"
    )
    compiled = run.worker.get("bytecode")
    if compiled:
        lines.append(
            "  the same imports from bytecode compiled beforehand (compileall of the wheels, "
            f"{compiled['compile'] / 1000:.2f} s): import rummy500 "
            f"{compiled['import'] / 1000:.2f} s, the glue {compiled['glue'] / 1000:.2f} s"
        )
    return lines


def _python_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, float]]:
    """The bot moves' rows, with the rest of the move and the whole request added."""
    return [
        {
            **row,
            "rest_ms": row["move_ms"] - row["choose_ms"],
            "python_ms": row["move_ms"] + row["describe_ms"] + row["dumps_ms"],
        }
        for row in rows
        if row["kind"] == "bot"
    ]


def _ms(summed: Spread) -> str:
    return f"{summed.median:8.2f} {summed.p90:8.2f} {summed.high:8.2f}"


def _replies(run: Run) -> list[str]:
    game, replies = run.game, run.replies
    bots = [r for r in replies if r.first_bot_ms is not None]
    each = [ms for r in bots for ms in r.bot_ms]
    painted = [ms for r in bots if (ms := r.first_bot_painted_ms) is not None]
    worker_ms = [ms for r in bots for ms in r.worker_ms]
    draw_ms = [ms for r in bots for ms in r.draw_ms]
    lines = [
        "",
        f"2. Replies: {game['preset']} rules, bots {', '.join(game['opponents'])}, seed "
        f'{game["seed"]}, {game["hands"]} hands at the pace "Instant": {len(replies)} moves '
        f"of the person, {len(bots)} answered by the bots with {len(each)} moves",
        f"{'ms, on the page':58}{'median':>8} {'p90':>8} {'max':>8}",
    ]
    measured: list[tuple[str, Sequence[float]]] = [
        ("the person's move shown, from their click or key", [r.person_ms for r in replies]),
        ("the first bot move shown, from the person's move", [r.first_bot_ms or 0 for r in bots]),
        ("  the frame after it painted", painted),
        ("each bot move shown, from the move before it shown", each),
        ("  its request posted to the worker, to the answer back", worker_ms),
        ("  the answer back, to the table drawn (parse, draw)", draw_ms),
        ("the person's turn again (the whole reply)", [r.whole_ms for r in bots]),
    ]
    lines += [f"{name:58}{_ms(spread(values))}" for name, values in measured if values]
    worker = run.worker
    trips = [t for t in worker["trips"] if t["intent"] == "step"]
    lines += [
        "a bot move's request in the worker alone (the same game)",
        f"{'  its round trip, as the page asks':58}{_ms(spread(t['trip'] for t in trips))}",
        f"{'  an empty request round trip':58}{_ms(spread(worker['empty']))}",
        f"{'  JSON.parse of the answer':58}{_ms(spread(t['parse'] for t in trips))}",
    ]
    mine = _python_rows(worker["played"]["rows"])
    theirs = _python_rows(run.cpython["rows"])
    ours, cpython = worker["played"]["decision_ms"], run.cpython["decision_ms"]
    lines.append(
        f"  in Python: the game's {len(theirs)} greedy decisions made again (fastest of 5 "
        f"passes): {ours:.3f} ms each, against {cpython:.3f} ms in CPython "
        f"{platform.python_version()} ({ours / cpython:.1f} times as long)"
    )
    title = "  in Python, each bot move's request: median, mean ms"
    lines.append(f"{title:58}{'Pyodide':>17} {'CPython':>17} {'ratio':>6}")
    for key, name in PARTS:
        pyodide = [r[key] for r in mine]
        native = [r[key] for r in theirs]
        ratio = statistics.fmean(pyodide) / max(statistics.fmean(native), 1e-9)
        lines.append(
            f"{'    ' + name:58}{statistics.median(pyodide):8.2f} {statistics.fmean(pyodide):8.2f} "
            f"{statistics.median(native):8.2f} {statistics.fmean(native):8.2f} {ratio:6.1f}"
        )
    sizes = [row["bytes"] for row in mine]
    lines.append(
        f"  the answer: median {statistics.median(sizes) / 1000:.1f} kB of JSON "
        f"(largest {max(sizes) / 1000:.1f} kB)"
    )
    return lines


def _bytes(run: Run) -> list[str]:
    sums = web_figures.by_kind(run.first_visit, run.folder)
    lines = [
        "",
        f"3. The Play page's first visit: {len(run.first_visit)} files sent",
        f"{'':20}{'files':>6}{'as served':>12}{'gzip -6':>12}",
    ]
    for kind, (count, raw, packed) in sums.items():
        lines.append(f"{kind:20}{count:6}{raw / 1e6:9.2f} MB{packed / 1e6:9.2f} MB")
    raw, packed = _totals(run)
    lines.append(f"{'total':20}{len(run.first_visit):6}{raw / 1e6:9.2f} MB{packed / 1e6:9.2f} MB")
    return lines


def _totals(run: Run) -> tuple[int, int]:
    return sum(f[1] for f in run.first_visit), sum(f[2] for f in run.first_visit)


def budgets(run: Run) -> list[tuple[str, str, bool]]:
    """Each budget: what it is, the figure, and whether it is met."""
    added = spread(_turn(b) - a.up for a, b in run.cold)
    own = spread(_own_steps(a, b) for a, b in run.cold)
    bots = [r for r in run.replies if r.first_bot_ms is not None]
    first = spread(r.first_bot_ms or 0 for r in bots)
    each = spread(ms for r in bots for ms in r.bot_ms)
    raw, packed = _totals(run)
    return [
        (
            "the page adds at most 1 s to Pyodide's start-up (first visit, median of (b) - (a))",
            f"{added.median:.2f} s ({added.low:.2f} to {added.high:.2f}); its own steps "
            f"{own.median:.2f} s",
            added.median <= STARTUP_BUDGET_S,
        ),
        (
            "the first bot move shown within 50 ms of the person's move (90th percentile)",
            f"{first.p90:.1f} ms (median {first.median:.1f})",
            first.p90 <= REPLY_BUDGET_MS,
        ),
        (
            "each bot move shown within 50 ms of the move before it (90th percentile)",
            f"{each.p90:.1f} ms (median {each.median:.1f})",
            each.p90 <= REPLY_BUDGET_MS,
        ),
        (
            "under 8 MB on a first visit of the Play page (gzip level 6)",
            f"{packed / 1e6:.2f} MB ({raw / 1e6:.2f} MB as served)",
            packed < BYTES_BUDGET,
        ),
    ]


def report(run: Run) -> list[str]:
    """The report's lines: the three budgets' figures, then the table of the budgets."""
    lines = _startup(run) + _replies(run) + _bytes(run) + ["", "Budgets"]
    for what, figure, met in budgets(run):
        lines.append(f"  {'met    ' if met else 'NOT MET'}  {what}: {figure}")
    return lines
