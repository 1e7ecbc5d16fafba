"""A match between the built-in bots: GreedyBot against RandomBot over a set of seeds.

Run it with ``python examples/bot_match.py``.
"""

from collections import Counter

import rummy500
from rummy500.bots import Bot, GreedyBot, RandomBot, play_game

GAMES = 40


def main() -> None:
    wins: Counter[str] = Counter()
    points: Counter[str] = Counter()
    for seed in range(GAMES):
        # Swap seats every game so neither bot always plays first.
        seats: list[tuple[str, Bot]] = [("greedy", GreedyBot()), ("random", RandomBot(seed))]
        if seed % 2:
            seats.reverse()
        final = play_game(rummy500.new_game(players=2, seed=seed), [bot for _, bot in seats])
        # play_game plays to the end of the game: a win, or a draw (a tie at the top when the
        # hand limit is reached).
        wins["draw" if final.winner is None else seats[final.winner][0]] += 1
        for (name, _), total in zip(seats, final.totals, strict=True):
            points[name] += total
    print(f"{GAMES} two-player games to 500 points:")
    for name in ("greedy", "random"):
        print(
            f"  {name:>6}: {wins[name]:2} wins, "
            f"{points[name] / GAMES:6.1f} points a game on average"
        )
    if wins["draw"]:
        print(f"  drawn: {wins['draw']:2}")


if __name__ == "__main__":
    main()
