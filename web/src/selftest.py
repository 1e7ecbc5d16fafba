"""The games the bundle's self-test page plays in the browser, and CPython plays to compare.

``best_of()`` plays three-player games between the built-in bots (greedy, random, greedy) from
fixed seeds, to the end, a few times over, keeping the fastest time (a steadier figure than one
run). The same seeds give the same games on every Python, so the page's results must equal
CPython's: ``scripts/check_web.py`` runs both and compares them.
"""

from __future__ import annotations

import time

import rummy500
from rummy500.bots import Bot, GreedyBot, RandomBot, play_game

#: The seeds of the games played: one game each.
SEEDS = (1, 2, 3, 4, 5)


def play_seeded_games(seeds: tuple[int, ...] = SEEDS) -> tuple[list[dict[str, object]], float]:
    """Play a game from each seed: every game's final totals, winner and number of moves, and
    the seconds all of them took."""
    started = time.perf_counter()
    games: list[dict[str, object]] = []
    for seed in seeds:
        bots: list[Bot] = [GreedyBot(), RandomBot(seed), GreedyBot()]
        final = play_game(rummy500.new_game(players=3, seed=seed), bots)
        games.append(
            {
                "seed": seed,
                "totals": list(final.totals),
                "winner": final.winner,
                "moves": len(final.move_stack),
            }
        )
    return games, time.perf_counter() - started


def best_of(rounds: int = 5) -> dict[str, object]:
    """The games of :func:`play_seeded_games` (the same every round, or :class:`RuntimeError`),
    the fastest round's seconds, and the number of rounds."""
    games, fastest = play_seeded_games()
    for _ in range(rounds - 1):
        again, seconds = play_seeded_games()
        if again != games:
            raise RuntimeError("the same seeds gave other games when played again")
        fastest = min(fastest, seconds)
    return {"games": games, "seconds": fastest, "rounds": rounds}
