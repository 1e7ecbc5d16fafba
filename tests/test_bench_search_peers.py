"""The summary of ``benchmarks/bench_search_peers.py``: its round order, ratios and table."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

# The benchmark measures child processes' CPU time with the resource module, which Python in
# WebAssembly (Pyodide) does not have.
pytest.importorskip("resource", reason="the search benchmark needs the resource module")

# The benchmarks import one another by their file names, so their folder goes on the path
# (last, so that it shadows nothing).
sys.path.append(str(Path(__file__).resolve().parent.parent / "benchmarks"))
peers: Any = importlib.import_module("bench_search_peers")


def _round(current: float, current_peer: float, baseline: float, baseline_peer: float) -> Any:
    """A round of 2,000 simulations per workload, from the CPU seconds each took."""
    return peers.PeerRound(
        peers.Searches(2000, current),
        peers.Searches(2000, current_peer),
        peers.Searches(2000, baseline),
        peers.Searches(2000, baseline_peer),
    )


#: Rates (simulations/s): current 2000, 2500, 1600; OpenSpiel beside it 500, 400, 500;
#: baseline 1000, 800, 1000; OpenSpiel beside it 400, 500, 500.
ROUNDS = (
    _round(1.0, 4.0, 2.0, 5.0),
    _round(0.8, 5.0, 2.5, 4.0),
    _round(1.25, 4.0, 2.0, 4.0),
)


def test_every_other_round_runs_in_reverse_each_build_beside_its_open_spiel_searches() -> None:
    assert [peers.round_order(r) for r in range(3)] == [
        ["baseline", "baseline_peer", "current", "current_peer"],
        ["current_peer", "current", "baseline_peer", "baseline"],
        ["baseline", "baseline_peer", "current", "current_peer"],
    ]


def test_the_ratios_are_taken_round_by_round() -> None:
    result = peers.SearchPeers("9767885", ROUNDS, True, "work")
    assert result.current_vs_peer.per_round == [4.0, 6.25, 3.2]
    assert result.baseline_vs_peer.per_round == [2.5, 1.6, 2.0]
    assert result.current_vs_baseline.per_round == [2.0, 3.125, 1.6]
    assert (result.current_vs_peer.median, result.aim_met) == (4.0, True)


def test_the_table_sets_both_builds_side_by_side() -> None:
    result = peers.SearchPeers("9767885", ROUNDS, True, "100 searches")
    assert peers.table(result) == [
        "ISMCTS / OpenSpiel Python IS-MCTS on gin_rummy, simulations per CPU second",
        "  median (lowest-highest) of 3 rounds",
        "  each round: 100 searches",
        f"  {'':<44}  {'current':>18}  {'9767885':>18}",
        f"  {'rummy500 ISMCTS, simulations/s':<44}  {'2,000':>18}  {'1,000':>18}",
        f"  {'OpenSpiel IS-MCTS beside it, simulations/s':<44}  {'500':>18}  {'500':>18}",
        f"  {'rummy500 / OpenSpiel':<44}  {'4.00 (3.20-6.25)':>18}  {'2.00 (1.60-2.50)':>18}",
        f"  {'current / 9767885':<44}  {'2.00 (1.60-3.12)':>18}",
        "  per round, current / OpenSpiel, baseline / OpenSpiel, current / baseline:",
        "     1  4.00  2.50  2.00",
        "     2  6.25  1.60  3.12",
        "     3  3.20  2.00  1.60",
        "  same visits at every root in both builds: yes",
        "  aim: current / OpenSpiel at least 3.5: met (4.00)",
    ]


def test_the_table_says_when_the_aim_is_missed_and_the_visits_differ() -> None:
    result = peers.SearchPeers("51a85c4", (_round(1.0, 3.4, 1.5, 4.0),), False, "one search")
    assert peers.table(result)[-2:] == [
        "  same visits at every root in both builds: NO",
        "  aim: current / OpenSpiel at least 3.5: missed (3.40)",
    ]
