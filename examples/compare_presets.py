"""Compare rule sets: how long a game lasts and how scores run under every named preset.

Each preset plays the same seeds with greedy bots in every seat. The table shows, per preset,
the average number of hands in a game, moves per hand, and the winner's final total. Run it
with ``python examples/compare_presets.py``.
"""

from __future__ import annotations

from statistics import mean

import rummy500
from rummy500 import presets
from rummy500.bots import GreedyBot, play_game

SEEDS = range(3)


def main() -> None:
    print(f"{'preset':<16} {'players':>7} {'hands/game':>10} {'moves/hand':>10} {'winner':>7}")
    for name in presets.names():
        config = presets.get(name)
        players = 3 if 3 in config.player_counts else config.min_players
        hands, moves, winners = [], [], []
        for seed in SEEDS:
            start = rummy500.new_game(config, players, seed)
            end = play_game(start, [GreedyBot() for _ in range(players)], max_moves=20_000)
            played = len(end.history)
            hands.append(played)
            moves.append(len(end.move_stack) / max(played, 1))
            if end.winner is not None:
                winners.append(end.totals[end.winner])
        best = f"{mean(winners):7.0f}" if winners else "      -"
        print(f"{name:<16} {players:>7} {mean(hands):>10.1f} {mean(moves):>10.1f} {best}")


if __name__ == "__main__":
    main()
