"""Speed of determinization and search: ``sample_world`` µs per call, ISMCTS simulations/s.

Beside rummy500's ISMCTS it times OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.
ismcts.ISMCTSBot`` with a random rollout evaluator) on OpenSpiel's ``gin_rummy``, when
``pyspiel`` can be imported: the same algorithm (one determinization per simulation, UCT over
the information set, one playout) on the nearest game OpenSpiel has. A rummy500 simulation
plays out to the end of the hand with the default playout policy; an OpenSpiel one plays
random moves to the end of the game (one gin rummy hand). Both are timed on decisions of
seeded games, in CPU time (``time.process_time``), which a busy machine disturbs less than
the wall clock. The figures are printed; nothing is asserted.

    python benchmarks/bench_search.py            # about half a minute
    python benchmarks/bench_search.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from search_job import decision_views

import rummy500
from rummy500 import PlayerView
from rummy500.bots import ISMCTSBot
from rummy500.toolkit import sample_world

#: OpenSpiel's decisions are every this-many-th real choice of random games: a random hand of
#: ``gin_rummy`` has about 125 of them, so a hundred decisions span four hands.
OPEN_SPIEL_STRIDE = 5


def time_sample_world(views: list[PlayerView], calls: int) -> float:
    """µs per ``sample_world`` call, over the views in turn."""
    rng = random.Random(0)
    start = time.process_time()
    for i in range(calls):
        sample_world(views[i % len(views)], rng)
    return (time.process_time() - start) / calls * 1e6


def time_ismcts(views: list[PlayerView], iterations: int) -> float:
    """rummy500 ISMCTS simulations per second of CPU time."""
    bot = ISMCTSBot(0, iterations=iterations)
    done = 0
    start = time.process_time()
    for view in views:
        bot.search(view)
        done += bot.last_iterations
    return done / (time.process_time() - start)


def open_spiel_bot(game: Any, simulations: int, seed: int) -> Any:
    """OpenSpiel's Python IS-MCTS on ``game``: ``simulations`` per search, one random rollout
    per simulation, its random numbers seeded from ``seed`` (the worlds it deals come from
    OpenSpiel's own unseeded sampler)."""
    import numpy as np  # optional: only the OpenSpiel figures need it
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    return ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed + 1),
        allow_inconsistent_action_sets=True,
    )


def open_spiel_decisions(count: int, seed: int, stride: int = OPEN_SPIEL_STRIDE) -> list[Any]:
    """``count`` states of seeded ``gin_rummy`` games played by random legal actions: every
    ``stride``-th state whose player has a real choice (two or more legal actions, as
    ``decision_views`` takes them), so that they spread over whole hands."""
    import pyspiel  # optional: only the OpenSpiel figures need it

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(f"gin_rummy/{seed}")
    states: list[Any] = []
    choices = 0
    state = game.new_initial_state()
    while len(states) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            legal = state.legal_actions()
            if len(legal) > 1:
                if choices % stride == 0:
                    states.append(state.clone())
                choices += 1
            state.apply_action(legal[rng.randrange(len(legal))])
    return states


def search_open_spiel(states: Sequence[Any], simulations: int, seed: int) -> tuple[int, float]:
    """OpenSpiel's IS-MCTS (``open_spiel_bot(..., seed)``) choosing at each of ``states``, real
    choices all: the simulations run and the CPU seconds the searches took."""
    bot = open_spiel_bot(states[0].get_game(), simulations, seed)
    start = time.process_time()
    for state in states:
        bot.step(state)
    return len(states) * simulations, time.process_time() - start


def time_openspiel(decisions: int, simulations: int) -> float | None:
    """OpenSpiel Python IS-MCTS simulations per second of CPU time on ``gin_rummy``."""
    try:
        import numpy as np
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    bot = open_spiel_bot(game, simulations, 0)
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    done = 0
    elapsed = 0.0
    while done < decisions * simulations:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        start = time.process_time()
        action = bot.step(state)
        elapsed += time.process_time() - start
        done += simulations
        state.apply_action(action)
    return done / elapsed


def main(argv: list[str] | None = None) -> int:
    """Print the figures: determinization and search, then OpenSpiel's IS-MCTS beside ours."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer calls: a smoke test")
    args = parser.parse_args(argv)
    decisions, iterations, calls = (3, 30, 300) if args.quick else (20, 200, 5000)
    print(f"rummy500 {rummy500.__version__}, compiled: {rummy500.COMPILED}")
    for players in (2, 3):
        views = decision_views(players, decisions)
        us = time_sample_world(views, calls)
        sims = time_ismcts(views, iterations)
        print(f"{players} players: sample_world {us:.0f} µs per call; ISMCTS {sims:.0f} sims/s")
    theirs = time_openspiel(max(2, decisions // 4), iterations // 2)
    if theirs is None:
        print("OpenSpiel: pyspiel cannot be imported, skipped")
        return 0
    views = decision_views(2, decisions)
    ours = time_ismcts(views, iterations)
    print(
        f"OpenSpiel Python IS-MCTS on gin_rummy: {theirs:.0f} sims/s; rummy500 ISMCTS "
        f"(2 players): {ours:.0f} sims/s, {ours / theirs:.1f} times as many"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
