"""The plain figures of ``benchmarks/plain_figures.py``: its workloads' slices and its table."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

# The benchmarks it imports measure child processes' CPU time with the resource module, which
# Python in WebAssembly (Pyodide) does not have.
pytest.importorskip("resource", reason="the benchmarks need the resource module")

# The benchmarks import one another by their file names, so their folder goes on the path
# (last, so that it shadows nothing).
sys.path.append(str(Path(__file__).resolve().parent.parent / "benchmarks"))
plain: Any = importlib.import_module("plain_figures")
bench: Any = importlib.import_module("bench")
timing: Any = importlib.import_module("timing")

from rummy500 import RuleConfig  # noqa: E402
from rummy500.bots import ISMCTSBot, make_bot  # noqa: E402


def _slices(*figures: tuple[int, float]) -> list[Any]:
    """Slices of ``(count, CPU seconds)``, each of twice its CPU time on the clock."""
    return [timing.Slice(count, 2 * cpu, cpu) for count, cpu in figures]


def test_the_table_gives_each_median_with_its_lowest_and_highest_round() -> None:
    figures = plain.Figures(
        random=_slices((50_000, 1.0), (40_000, 1.0), (60_000, 1.0)),
        games_finished=16,
        moves_in_finished=8_000,
        greedy=_slices((30, 1.0), (24, 0.8), (50, 1.0)),
        views=_slices((45_000, 1.0), (50_000, 1.0), (55_000, 1.0)),
        searches=[
            ("ISMCTSBot(seed), its default budget", 300, _slices((2_000, 1.0), (1_500, 1.0))),
            ('the bot named "ismcts"', 100, _slices((2_100, 1.0), (1_900, 1.0), (2_000, 1.0))),
        ],
        positions=12,
    )
    assert plain.lines(figures) == [
        "Random play, 3 players, standard rules",
        "  moves per second                                 50,000  (40,000-60,000)",
        "  whole games per second                            100.0  (80.0-120.0)",
        "    (500 moves a game, the mean of the 16 games finished)",
        "Greedy bots, 3 players, standard rules, games to 500",
        "  games per second                                   30.0  (30.0-50.0)",
        "PlayerView of the player to move, at every move of random play",
        "  views per second                                 50,000  (45,000-55,000)",
        "ISMCTS, 3 players, standard rules, at 12 real choices of greedy games",
        "  ISMCTSBot(seed), its default budget, 300 iterations a move",
        "    simulations per second                          1,750  (1,500-2,000)",
        "    seconds per move                                0.175  (0.150-0.200)",
        '  the bot named "ismcts", 100 iterations a move',
        "    simulations per second                          2,000  (1,900-2,100)",
        "    seconds per move                                0.050  (0.048-0.053)",
        "This process had a CPU for 50% of the time it measured.",
    ]


def test_a_slice_past_its_time_still_plays_one_whole_greedy_game() -> None:
    done = plain.Steps(plain.greedy_games(0)).run(0.0)
    assert done.decisions == 1
    assert done.cpu_seconds > 0


def test_a_slice_past_its_time_still_views_one_batch_of_positions_in_order_of_play() -> None:
    views = plain.Views(0)
    assert views.run(0.0).decisions == plain.VIEW_BATCH == 100
    # The slice took the first hundred decisions of random play; the next is the 101st.
    alone = plain.random_decisions(0)
    expected = [next(alone) for _ in range(101)][-1]
    assert next(views.positions).move_stack == expected.move_stack


def test_a_search_slice_runs_whole_passes_of_each_bots_whole_budget() -> None:
    positions = plain.search_positions(2, 0)
    named = make_bot("ismcts", 0)
    assert isinstance(named, ISMCTSBot)
    runs = []
    for bot in (ISMCTSBot(0), named):
        searches = plain.Searches("a label", bot, positions)
        runs.append((searches.run(0.0).decisions, searches.iterations, searches.passes))
    # One pass: a whole search at each of the two positions.
    assert runs == [(600, 300, 1), (200, 100, 1)]


def test_random_play_counts_the_moves_of_the_games_it_finishes() -> None:
    play = bench.RandomPlay(RuleConfig(), 3, 0)
    made = 0
    while not play.finished:
        made += play.run(0.0).decisions  # one decision a slice past its time
    # The slice that started the next game made its first move too.
    assert (play.finished, play.finished_decisions, play.in_game) == (1, made - 1, 1)
