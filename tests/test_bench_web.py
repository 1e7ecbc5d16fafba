"""The figures of ``benchmarks/bench_web.py`` (``web_figures.py``) and the game its Python side
times (``web_replies.py``): what they make of given records, exactly."""

from __future__ import annotations

import importlib
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The benchmarks import one another by their file names, and web_replies.py imports the Play
# page's glue (web/src/table.py): both folders go on the path (last, so that they shadow
# nothing).
sys.path.append(str(ROOT / "benchmarks"))
sys.path.append(str(ROOT / "web" / "src"))
figures: Any = importlib.import_module("web_figures")
web_replies: Any = importlib.import_module("web_replies")


def _drawn(t: float, moves: int, status: str = "bots") -> dict[str, Any]:
    """An entry of a table drawn, its request posted 4 ms and answered 1 ms before, the frame
    after it painted 8 ms later."""
    return {
        "t": t,
        "state": "busy",
        "moves": moves,
        "status": status,
        "drawn": True,
        "sent": t - 4.0,
        "answered": t - 1.0,
        "painted": t + 8.0,
        "input": None,
    }


def _state(t: float, state: str, moves: int | None, status: str | None, **marks: Any) -> Any:
    """An entry of the page's state changing, without a table drawn."""
    return {"t": t, "state": state, "moves": moves, "status": status, "drawn": False, **marks}


#: A new game (the bots move first), a draw of the person, a refused move, a discard answered
#: by two bot moves, a hint: only the draw and the discard are replies.
ENTRIES = (
    _state(100.0, "busy", None, None, input=99.0),
    _drawn(110.0, 0),
    _drawn(120.0, 1),
    _drawn(130.0, 2, "your-turn"),
    _state(130.5, "ready", 2, "your-turn"),
    _state(200.0, "busy", 2, "your-turn", input=199.5),
    _drawn(215.0, 3, "your-turn"),
    _state(215.25, "ready", 3, "your-turn"),
    _state(300.0, "busy", 3, "your-turn", input=299.0),
    _drawn(310.0, 3, "your-turn"),
    _state(310.1, "ready", 3, "your-turn"),
    _state(400.0, "busy", 3, "your-turn", input=398.0),
    _drawn(417.0, 4),
    _drawn(429.0, 5),
    _drawn(440.0, 6, "your-turn"),
    _state(441.0, "ready", 6, "your-turn"),
    _state(500.0, "busy", 6, "your-turn", input=499.0),
    _drawn(520.0, 6, "your-turn"),
    _state(520.5, "ready", 6, "your-turn"),
)


def test_the_replies_are_the_moves_of_the_person_the_page_drew_one_move_further() -> None:
    replies = figures.replies(ENTRIES)
    assert [
        (r.asked, r.shown, r.person_ms, r.bot_ms, r.first_bot_ms, r.whole_ms) for r in replies
    ] == [
        (199.5, (215.0,), 15.5, [], None, 15.75),
        (398.0, (417.0, 429.0, 440.0), 19.0, [12.0, 11.0], 31.0, 43.0),
    ]
    discard = replies[1]
    assert (discard.worker_ms, discard.draw_ms, discard.first_bot_painted_ms) == (
        [3.0, 3.0],
        [1.0, 1.0],
        39.0,
    )


def test_a_reply_starts_when_the_page_took_the_move_if_no_click_or_key_was_noted() -> None:
    entries = [_state(10.0, "busy", 7, "your-turn"), _drawn(14.0, 8), _state(15.0, "ready", 8, "x")]
    assert [(r.asked, r.person_ms, r.whole_ms) for r in figures.replies(entries, 7)] == [
        (10.0, 4.0, 5.0)
    ]
    # Without the count before it, the first move cannot be told from a loaded game.
    assert figures.replies(entries) == []


def test_the_start_is_the_first_view_drawn_and_the_persons_first_turn() -> None:
    marks = {"worker": 50.0, "up": 80.0, "install": 20.0, "posted": 90.0}
    assert figures.started(marks, ENTRIES) == figures.Start(0.05, 0.08, 0.02, 0.09, 0.11, 0.1305)
    assert figures.started(marks, ENTRIES[:4]) is None


def test_spread_gives_the_median_the_interpolated_90th_percentile_and_the_range() -> None:
    assert figures.spread([3.0, 1.0, 2.0, 4.0, 100.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]) == (
        figures.Spread(median=6.0, p90=10.0, low=1.0, high=100.0, count=11)
    )
    assert figures.spread([2.5]) == figures.Spread(2.5, 2.5, 2.5, 2.5, 1)


def test_spread_of_nothing_says_so() -> None:
    with pytest.raises(ValueError, match=r"^no measurements to sum up: at least one is needed$"):
        figures.spread([])


def test_the_files_sent_are_summed_by_kind() -> None:
    files = [
        ("/play/", 28_000, 7_000),
        ("/play/play.mjs", 20_000, 6_000),
        ("/play/pyodide/pyodide.asm.wasm", 9_600_000, 3_000_000),
        ("/play/pyodide/pyodide-lock.json", 119_000, 20_000),
        ("/play/pyodide/python_stdlib.zip", 2_500_000, 2_450_000),
        ("/play/wheels/rummy500-1.0.0-py3-none-any.whl", 990_000, 980_000),
        ("/search/search_index.json", 700_000, 150_000),
        ("/assets/javascripts/bundle.js", 114_000, 38_000),
    ]
    assert figures.by_kind(files, "/play/") == {
        "Pyodide runtime": (2, 9_719_000, 3_020_000),
        "Python stdlib": (1, 2_500_000, 2_450_000),
        "wheels": (1, 990_000, 980_000),
        "the page": (2, 48_000, 13_000),
        "theme and site": (2, 814_000, 188_000),
    }


def test_the_timed_game_is_the_pages_game_request_for_request() -> None:
    played = web_replies.time_game("standard", ["greedy", "greedy"], 1, 1, passes=1)
    requests, rows = played["requests"], played["rows"]
    assert requests[:4] == [
        {
            "intent": "new",
            "preset": "standard",
            "players": 3,
            "opponents": ["greedy", "greedy"],
            "seed": 1,
        },
        {"intent": "step"},
        {"intent": "step"},
        {"intent": "choose", "index": 1},
    ]
    assert Counter(r["intent"] for r in requests) == {"new": 1, "choose": 13, "step": 23}
    kinds = {"new": "new", "choose": "person", "step": "bot"}
    assert [row["kind"] for row in rows] == [kinds[r["intent"]] for r in requests]
    assert (rows[0]["bytes"], sorted(rows[0])) == (
        1824,
        ["bytes", "choose_ms", "describe_ms", "dumps_ms", "kind", "move_ms"],
    )
    # The page's glue, sent the same requests, plays them all, to the end of the first hand.
    table = importlib.import_module("table")
    answers = [table.handle(request) for request in requests]
    assert [a["refusal"] for a in answers] == [None] * len(requests)
    assert (answers[-1]["status"], answers[-1]["game"]["moves"]) == ("hand-over", 36)
