"""How much faster simulations run with more worker processes: games/s with each count.

Runs the same seeded games (``--games``, greedy against random, 3 players, standard rules)
with 1 worker and with each larger count up to ``--workers`` (default: every core), in
alternating rounds, and prints the median games/s of each and its ratio to 1 worker. The
results are the same games whatever the count; only the time changes. On a machine shared with
other work the ratios shrink: run it when the machine is quiet.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

try:
    import rummy500  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rummy500.simulate import Simulation, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120, help="games per round (default 120)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    sim = Simulation.of("standard", 3, ["greedy", "random"], args.games, seed=1000)
    counts = list(range(1, max(1, args.workers) + 1))
    rates: dict[int, list[float]] = {count: [] for count in counts}
    reference = simulate(sim, workers=1)
    for _ in range(args.rounds):
        for count in counts:
            start = time.perf_counter()
            outcomes = simulate(sim, workers=count)
            rates[count].append(args.games / (time.perf_counter() - start))
            if outcomes != reference:
                raise SystemExit(f"{count} workers gave other results than 1 worker")
    one = statistics.median(rates[1])
    print(f"{args.games} games a round, {args.rounds} rounds, {os.cpu_count()} cores")
    for count in counts:
        rate = statistics.median(rates[count])
        print(f"  {count} worker(s): {rate:7.1f} games/s  x{rate / one:.2f}")


if __name__ == "__main__":
    main()
