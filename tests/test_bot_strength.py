"""The "How strong are the bots" page is what its committed data gives: the ladder's results
and the bots' timings, and the script's quick ladder writes a page of its own."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from helpers_scripts import load_script
from rummy500.simulate import LadderResults, LineupResult, Rating


def script() -> ModuleType:
    # The ladder's plan has the learned bot, which needs numpy (the rl extra) to be made.
    pytest.importorskip("numpy", reason="the ladder's learned bot needs numpy (the rl extra)")
    return load_script("bot_strength")


TIMINGS = {
    "machine": "Test CPU @ 1.00GHz",
    "python": "3.11.7",
    "bots": {
        "random": {"decisions": 250, "seconds": 0.005},
        "greedy": {"decisions": 200, "seconds": 0.06},
        "ismcts:iterations=3": {"decisions": 40, "seconds": 0.4},
    },
}


def sample() -> LadderResults:
    """The quick ladder's plan with made-up results: one cell settled, two capped (one of
    them of the pair that meets only its named rival), the others not yet played."""
    strength = script()
    plan = strength.QUICK
    results = LadderResults.start(plan)
    filled = []
    for cell in results.cells:
        if cell.cell.key == "2p-hand|random|greedy":
            lineups = (
                LineupResult(("random", "greedy"), (200, 790), 10),
                LineupResult(("greedy", "random"), (800, 200)),
            )
            cell = type(cell)(cell.cell, 1000, lineups)
        elif cell.cell.key == "2p-hand|random|ismcts:iterations=3":
            lineups = (
                LineupResult(cell.cell.lineups()[0], (1, 3)),
                LineupResult(cell.cell.lineups()[1], (2, 2)),
            )
            cell = type(cell)(cell.cell, 4, lineups)
        elif cell.cell.key == "2p-hand|ismcts:iterations=2|ismcts:iterations=3":
            lineups = (
                LineupResult(cell.cell.lineups()[0], (2, 2)),
                LineupResult(cell.cell.lineups()[1], (1, 3)),
            )
            cell = type(cell)(cell.cell, 4, lineups)
        filled.append(cell)
    return LadderResults(plan, tuple(filled))


def test_the_page_of_a_small_sample_shows_its_figures() -> None:
    text = script().page(sample(), TIMINGS)
    tables = [line for line in text.splitlines() if line.startswith("|")]
    assert tables[:19] == [
        "| bot | made with |",
        "| --- | --- |",
        '| `random` | `make_bot("random")` |',
        '| `greedy` | `make_bot("greedy")` |',
        '| `ismcts:iterations=3` | `make_bot("ismcts:iterations=3")` |',
        '| `ismcts:iterations=2` | `make_bot("ismcts:iterations=2")` |',
        "| bot | rating (95% interval) | games |",
        "| --- | ---: | ---: |",
        "| `greedy` | 239 (223 to 258) | 2,000 |",
        "| `ismcts:iterations=2` | 158 (-64 to 413) | 8 |",
        "| `ismcts:iterations=3` | 87 (-97 to 278) | 16 |",
        "| `random` | 0 (anchor) | 2,008 |",
        "| wins of ↓ against → | `random` | `greedy` | `ismcts:iterations=3` |",
        "| --- | ---: | ---: | ---: |",
        "| `random` | — | 20% (2,000) | 38%? (8) |",
        "| `greedy` | 80% (2,000) | — | not played |",
        "| `ismcts:iterations=3` | 62%? (8) | not played | — |",
        "| pair | games | wins of the first (95% interval) | draws | status |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    assert tables[19:22] == [
        "| `random` vs `greedy` | 2,000 | 20.0% (18.3–21.8) | 10 | settled |",
        "| `random` vs `ismcts:iterations=3` | 8 | 37.5% (13.7–69.4) | 0 | inconclusive |",
        "| `ismcts:iterations=2` vs `ismcts:iterations=3` | 8 | 62.5% (30.6–86.3) | 0 "
        "| inconclusive |",
    ]
    # The pair's cells again, format by format, in a section of their own.
    assert tables[-8:-5] == [
        "| pair | 2 players, one hand | 3 players, one hand |",
        "| --- | ---: | ---: |",
        "| `ismcts:iterations=2` vs `ismcts:iterations=3` | "
        "62.5%?<br>30.6\u2060–\u206086.3<br>8\u00a0games | not played |",
    ]
    assert (
        "These cells play a number of deals set in advance, from every seat, whatever their "
        "interval, so that a claim can rest on them (a cell does not stop when its interval "
        "happens to look good):\n\n"
        "- `2p-hand|ismcts:iterations=2|ismcts:iterations=3`: 4 deals\n"
    ) in text
    assert "(Test CPU @ 1.00GHz, Python 3.11.7)" in text
    assert "2,016 games so far." in text
    assert "in 2 formats of the `standard` rules" in text


def test_the_cut_search_is_placed_against_ismcts_from_the_data() -> None:
    strength = script()
    cut = strength.ISMCTS_CUT
    results = LadderResults.start(strength.PLAN)
    filled = []
    for cell in results.cells:
        if cell.cell.key == f"2p-game|{cut}|ismcts":
            lineups = (
                LineupResult(cell.cell.lineups()[0], (70, 30)),
                LineupResult(cell.cell.lineups()[1], (40, 60)),
            )
            cell = type(cell)(cell.cell, 100, lineups)
        filled.append(cell)
    played = LadderResults(strength.PLAN, tuple(filled))
    # Given in no order: the place is counted from the ratings themselves.
    ratings = (
        Rating("random", 0.0, 0.0, 0.0, 300),
        Rating(cut, 120.0, 90.0, 150.0, 200),
        Rating("greedy", 150.0, 140.0, 160.0, 100),
        Rating("ismcts", 100.0, 80.0, 120.0, 200),
    )
    bots = {
        cut: {"decisions": 400, "seconds": 8.0},
        "ismcts": {"decisions": 400, "seconds": 10.0},
    }
    assert strength._cut_standing(played, ratings, bots) == (
        " Spending 20.0 ms a move to the 25.0 of `ismcts`, it won 65.0% (58.2–71.3) of 200 "
        "games against it (2 players, whole games), and it is second of the 4 bots on "
        "the ratings."
    )
    # Nothing is said without the cell or the timings.
    assert strength._cut_standing(played, ratings, {"ismcts": bots["ismcts"]}) == ""
    assert strength._cut_standing(results, (), bots) == ""
    quick = strength.page(sample(), TIMINGS)
    assert (
        "makes more iterations of the same CPU time, each valued by the evaluation after 4 "
        "moves of its playout. [On a budget of time]"
    ) in quick


def test_the_committed_page_is_what_the_committed_data_gives() -> None:
    strength = script()
    results = LadderResults.start(
        strength.PLAN, json.loads(strength.DATA.read_text(encoding="utf-8"))
    )
    timings = json.loads(strength.COSTS.read_text(encoding="utf-8"))
    assert strength.PAGE.read_text(encoding="utf-8") == strength.page(results, timings), (
        "docs/bot-strength.md is out of date: python scripts/bot_strength.py render"
    )
    assert strength.main(["render", "--check"]) == 0
    assert set(timings["bots"]) == set(strength.PLAN.entrants())


def test_the_quick_ladder_writes_its_data_and_its_page(tmp_path: Path) -> None:
    strength = script()
    data, costs = tmp_path / "ladder.json", tmp_path / "costs.json"
    assert strength.main(["collect", "--quick", "--workers", "1", "--data", str(data)]) == 0
    assert strength.main(["costs", "--quick", "--decisions", "5", "--costs", str(costs)]) == 0
    assert (
        strength.main(
            [
                "render",
                "--quick",
                "--data",
                str(data),
                "--costs",
                str(costs),
                "--out",
                str(tmp_path),
            ]
        )
        == 0
    )
    results = LadderResults.start(strength.QUICK, json.loads(data.read_text(encoding="utf-8")))
    assert results.open_cells() == []
    page = (tmp_path / "bot-strength.md").read_text(encoding="utf-8")
    assert page == strength.page(results, json.loads(costs.read_text(encoding="utf-8")))
    timed = json.loads(costs.read_text(encoding="utf-8"))["bots"]
    assert {name: t["decisions"] for name, t in timed.items()} == dict.fromkeys(
        strength.QUICK.entrants(), 5
    )
