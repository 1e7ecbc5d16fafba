"""ISMCTS against the greedy bot: one-hand games, each deal played from both seats.

Run it with ``python examples/ismcts_vs_greedy.py`` (a few seconds). For win rates with 95%
intervals over many full games, see ``benchmarks/evaluate_bots.py``.
"""

import rummy500
from rummy500.bots import Bot, GreedyBot, ISMCTSBot, play_game

GAMES = 2  # each played twice, once from each seat
CONFIG = rummy500.RuleConfig(hands_per_game=1)


def main() -> None:
    ahead = 0
    for seed in range(GAMES):
        for seat in (0, 1):
            # The search bot sees only its own view, like any other bot.
            bots: list[Bot] = [GreedyBot(), GreedyBot()]
            bots[seat] = ISMCTSBot(seed, iterations=30)
            final = play_game(rummy500.new_game(CONFIG, players=2, seed=seed), bots)
            mine, theirs = final.totals[seat], final.totals[1 - seat]
            ahead += mine > theirs
            print(f"deal {seed}, ISMCTS in seat {seat}: ISMCTS {mine}, greedy {theirs}")
    print(f"ISMCTS finished ahead in {ahead} of {2 * GAMES} games")


if __name__ == "__main__":
    main()
