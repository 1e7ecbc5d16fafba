"""OpenSpiel's IS-MCTS bot against random play, on the OpenSpiel game of rummy500: short games
of one hand for two players, then how each seat did.

Needs the ``openspiel`` extra (``pip install '.[openspiel]'`` in a checkout of rummy500). Run
it with ``python examples/openspiel_mcts.py``.
"""

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import rummy500.envs.openspiel  # noqa: F401  (registers "python_rummy500" with pyspiel)
except ImportError as missing:
    raise SystemExit(
        f"This example needs the openspiel extra ({missing.name} is not installed): "
        "pip install '.[openspiel]' in a checkout of rummy500"
    ) from None


def main() -> None:
    # One hand per game keeps games short; the deal is one of 1024 equally likely seeds.
    game = pyspiel.load_game(
        "python_rummy500", {"preset": "standard", "players": 2, "hands": 1, "seeds": 1024}
    )
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    # IS-MCTS deals the cards its player cannot see afresh for every simulation, through
    # the game's resample_from_infostate.
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    totals = [0.0, 0.0]
    for number in range(2):
        state = game.new_initial_state()
        searcher = number % 2  # the bot takes each seat in turn
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probabilities)))
            elif state.current_player() == searcher:
                state.apply_action(int(bot.step(state)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        print(f"game {number}: IS-MCTS at seat {searcher}, returns {returns}")
        totals[0] += returns[searcher]
        totals[1] += returns[1 - searcher]
    print(f"IS-MCTS {totals[0]:+.0f}, random {totals[1]:+.0f}")


if __name__ == "__main__":
    main()
