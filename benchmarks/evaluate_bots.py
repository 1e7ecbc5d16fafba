"""Play built-in bots against each other and print their win rates with 95% intervals.

Every pair of the bots named plays ``--games`` games of the same deals in every seating: with
two players, game ``i`` is played once with each bot in seat 0 and once with it in seat 1 (the
same seed, so the same cards), which takes the luck of the deal and of the seat out of the
comparison. With more players, the first bot of the pair takes each seat in turn and the other
bot fills the rest. The games run through :func:`rummy500.simulate.simulate`, seeded, so the
same arguments always give the same figures.

    python benchmarks/evaluate_bots.py --bots ismcts,greedy --games 100
    python benchmarks/evaluate_bots.py --bots ismcts,flatmc,greedy --games 4 --workers 1

A win rate is the share of games a bot's seat won (a game drawn at the hand limit is won by
nobody); the interval is the 95% Wilson score interval.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from rummy500.bots import BOT_NAMES
from rummy500.simulate import Simulation, proportion, simulate


def play_pair(
    first: str,
    second: str,
    *,
    rules: str,
    players: int,
    games: int,
    seed: int,
    workers: int | None,
) -> tuple[int, int, int]:
    """Games won by ``first``, games won by ``second``, and games played."""
    won = [0, 0]
    played = 0
    for seat in range(players):
        lineup = [second] * players
        lineup[seat] = first
        if players == 2 and seat == 1:
            lineup = [second, first]
        simulation = Simulation.of(rules, players, lineup, games, seed)
        config = simulation.config
        for outcome in simulate(simulation, workers=workers):
            played += 1
            if outcome.winner is None:
                continue
            winner_is_first = config.side_of(seat, players) == outcome.winner
            won[0 if winner_is_first else 1] += 1
    return won[0], won[1], played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--bots",
        default="ismcts,greedy",
        help=f"bots to compare, separated by commas (of {', '.join(BOT_NAMES)})",
    )
    parser.add_argument("--games", type=int, default=50, help="games per pair and seating")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rules", default="standard", help="a preset's name")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the first game")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    args = parser.parse_args(argv)
    names = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    if len(names) < 2:
        parser.error("name at least two bots")
    for first, second in itertools.combinations(names, 2):
        start = time.perf_counter()
        a, b, n = play_pair(
            first,
            second,
            rules=args.rules,
            players=args.players,
            games=args.games,
            seed=args.seed,
            workers=args.workers,
        )
        seconds = time.perf_counter() - start
        print(
            f"{first} vs {second}: {n} games of {args.rules}, {args.players} players "
            f"({seconds:.0f} s)"
        )
        print(f"  {first:>8} wins {proportion(a, n).text(percent=True)}")
        print(f"  {second:>8} wins {proportion(b, n).text(percent=True)}")
        if n - a - b:
            print(f"  {'drawn':>8}      {proportion(n - a - b, n).text(percent=True)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
