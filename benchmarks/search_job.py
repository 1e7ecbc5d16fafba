"""A fixed ISMCTS workload, timed in CPU seconds, for comparing two builds of the package.

    python benchmarks/search_job.py --views 100 --iterations 20 --seed 0

searches the decisions of seeded 2-player greedy games (the positions ``decision_views`` gives)
with ``ISMCTSBot(seed, iterations=...)`` and prints one JSON line: the simulations run, the
CPU seconds the searches took (not the imports, nor the greedy games that give the positions)
and a digest of what every search found (the visits of each root move), so that two builds can
be seen to have searched alike. It imports whichever ``rummy500`` the Python running it has,
and uses only API that the baseline commit of ``bot_play.py`` has too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Sequence

import rummy500
from rummy500 import Deal, Phase, PlayerView
from rummy500.bots import GreedyBot, ISMCTSBot

#: Decisions searched, and simulations per search: small searches, so that a search is mostly
#: sampling worlds and playing them out, and a benchmark slice of them ends near its time.
VIEWS = 100
ITERATIONS = 20


def decision_views(players: int, count: int, seed: int = 0) -> list[PlayerView]:
    """Views of the player to move at real choices (two or more moves), from greedy games."""
    views: list[PlayerView] = []
    greedy = GreedyBot()
    game = seed
    while len(views) < count:
        state = rummy500.new_game(players=players, seed=game)
        while not state.is_terminal() and len(views) < count:
            if state.is_chance_node():
                state = state.apply(Deal())
                continue
            view = state.view(state.current_player)
            if len(view.legal_moves) > 1 and state.phase < Phase.HAND_OVER:
                views.append(view)
            state = state.apply(greedy.choose(view))
        game += 1
    return views


def run(views: int, iterations: int, seed: int) -> dict[str, object]:
    """Search ``views`` decisions with ``iterations`` simulations each: what the job prints."""
    positions = decision_views(2, views, seed)
    bot = ISMCTSBot(seed, iterations=iterations)
    digest = hashlib.sha256()
    simulations = 0
    start = time.process_time()
    for view in positions:
        root = bot.search(view)
        simulations += bot.last_iterations
        visits = sorted((str(move), child.visits) for move, child in root.children.items())
        digest.update(repr(visits).encode())
    cpu = time.process_time() - start
    return {"simulations": simulations, "cpu_seconds": cpu, "digest": digest.hexdigest()}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the searches and print their figures as one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=VIEWS, help="decisions searched")
    parser.add_argument("--iterations", type=int, default=ITERATIONS, help="simulations per search")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.views, args.iterations, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
