"""Speed of the learning environments against the raw engine, and of what they are built on.

Prints, from one run:

1. **Environment steps against engine decisions.** Random play through each environment
   against random play on the engine itself, in short time slices that alternate round after
   round (as in ``benchmarks/bench.py``), so that all see the same machine load. An engine
   *decision* is ``state.legal_moves()``, a choice with a seeded ``random.Random`` and
   ``state.apply(move)``; between hands the deal is applied and not counted. A PettingZoo
   *step* is ``env.last()`` (the observation vector and the action mask of the agent to move),
   a random legal id picked through the mask (read as booleans,
   ``mask.view(np.bool_).nonzero()``, a fifth of the cost of ``np.flatnonzero`` on the int8
   mask), and ``env.step(id)``, measured for ``env()`` (wrapped in PettingZoo's order checks)
   and for ``raw_env``. A Gymnasium step is the
   same for the learner at seat 0, then the moves of the random bots at the other seats up to
   its next turn: its rate is given in steps/s and in decisions/s (the learner's and the
   bots'), and the ratio is of decisions/s. An OpenSpiel step (when ``open_spiel`` is
   installed) is ``state.legal_actions()``, a choice with a seeded ``random.Random`` and
   ``state.apply_action(id)`` on the game of ``rummy500.envs.openspiel``, as OpenSpiel's
   rollouts do; the deals (chance nodes) are applied and not counted. Each figure is the median
   ratio over the rounds, with the lowest and highest round beside it. These ratios have no
   target: they fall whenever the engine gets faster, so the environments are held instead to
   their speed against PettingZoo's own gin rummy environment (``benchmarks/bench.py``,
   ``peers.py``). One more row, ``raw_env`` with the observation vector left out (a blank
   vector of the right shape beside the real mask), is not an environment anyone should use:
   it tells how much of a step the vector costs and how much the rest (the mask, the
   choice, the step's bookkeeping) does.
2. **Microseconds per call** of ``ActionSpace.encode``, ``decode``, ``mask`` and
   ``legal_actions``, ``State.view``, ``ObservationSpace.observation`` and
   ``observation_for``, and ``InformationStateSpace.information_state`` and
   ``information_state_for``, on positions from random games (their legal moves already
   listed, as they are when an environment asks): every fifth decision or so, in the order of
   play. An information-state space reads only the events of the log added since its last call
   for the same player, so ``information_state_for`` is timed again at every decision of the
   games, as an environment asks, beside ``observation_for`` there.

Speeds are per second of the process's CPU time (``time.process_time``), which stands still
while another process has the CPU. Needs the ``rl`` extra (and the ``openspiel`` extra for the
OpenSpiel figure). ``--quick`` runs a short version.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

try:
    import rummy500
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import rummy500

import numpy as np
from aec_steps import random_steps

from rummy500 import Deal, RuleConfig, State, new_game, presets
from rummy500.envs.gymnasium import Rummy500GymEnv
from rummy500.envs.pettingzoo import env as pettingzoo_env
from rummy500.envs.pettingzoo import raw_env
from rummy500.infostate import InformationStateSpace
from rummy500.observations import ObservationSpace
from rummy500.toolkit import ActionSpace

try:
    import pyspiel

    from rummy500.envs import openspiel
except ImportError:  # OpenSpiel is optional: its figure is left out
    pyspiel = None

DEAL = Deal()
PLAYERS = 3


def engine_decisions(config: RuleConfig, seed: int) -> Iterator[int]:
    """Random play on the engine, whole games one after another: yields 1 per decision."""
    rng = random.Random(seed)
    game_seed = seed
    state = new_game(config, PLAYERS, game_seed)
    while True:
        if state.is_terminal():
            game_seed += 1
            state = new_game(config, PLAYERS, game_seed)
        elif state.is_chance_node():
            state = state.apply(DEAL)
        else:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            yield 1


class _BlankVectors:
    """Stands in for an environment's :class:`ObservationSpace`: a new blank vector of the
    same size at every step (as the environment's own vector is new), to time a step apart
    from filling the vector."""

    def __init__(self, size: int) -> None:
        self.size = size

    def observation_for(self, state: State, player: int) -> np.ndarray[Any, Any]:
        return np.zeros(self.size, dtype=np.float32)


def pettingzoo_steps(
    config: RuleConfig, seed: int, *, wrapped: bool = True, vector: bool = True
) -> Iterator[int]:
    """Random legal ids through the PettingZoo environment's masks: yields 1 per step.

    ``wrapped``: the environment as ``env()`` gives it, in PettingZoo's order checks, or bare
    (``raw_env``); ``vector=False``: bare, with a blank observation vector."""
    rng = random.Random(seed)
    game: Any = pettingzoo_env(config, PLAYERS) if wrapped and vector else raw_env(config, PLAYERS)
    if not vector:
        game.observations = _BlankVectors(game.observations.size)
    game.reset(seed=seed)
    return random_steps(game, rng)


def gymnasium_steps(config: RuleConfig, seed: int, counts: list[int]) -> Iterator[int]:
    """Random legal ids for seat 0 of the Gymnasium environment, random bots at the others:
    yields the decisions each step made (the learner's and the bots'); ``counts[0]`` counts
    the steps."""
    rng = random.Random(seed)
    game = Rummy500GymEnv(config, PLAYERS, opponents="random")
    _, info = game.reset(seed=seed)
    while True:
        before = game.game
        legal = info["action_mask"].view(np.bool_).nonzero()[0]
        _, _, terminated, _, info = game.step(int(legal[rng.randrange(len(legal))]))
        counts[0] += 1
        decisions = 0
        node: State | None = game.game
        while node is not None and node is not before:
            if node.last_move != DEAL:
                decisions += 1
            node = node.parent
        if terminated:
            _, info = game.reset()
        yield decisions


def openspiel_steps(config: RuleConfig, seed: int) -> Iterator[int]:
    """Random legal ids on the OpenSpiel game, whole games one after another: yields 1 per
    player action (the deals, chance nodes, are applied and not counted)."""
    rng = random.Random(seed)
    game: Any = pyspiel.load_game(
        openspiel.SHORT_NAME, {"rules": rummy500.dumps(config), "players": PLAYERS}
    )
    seeds = game.max_chance_outcomes()
    state = game.new_initial_state()
    while True:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(rng.randrange(seeds))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            yield 1


def run_slice(work: Iterator[int], seconds: float) -> tuple[int, float]:
    """Run ``work`` for about ``seconds`` of wall time: (decisions, CPU seconds)."""
    done = 0
    cpu = time.process_time()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for _ in range(20):
            done += next(work)
    return done, time.process_time() - cpu


def compare(config: RuleConfig, rounds: int, seconds: float) -> None:
    engine = engine_decisions(config, 1)
    gym_counts = [0]
    works = {
        "engine": engine,
        "pettingzoo": pettingzoo_steps(config, 1),
        "pettingzoo raw_env": pettingzoo_steps(config, 1, wrapped=False),
        "gymnasium": gymnasium_steps(config, 1, gym_counts),
        "raw_env, no vector": pettingzoo_steps(config, 1, vector=False),
    }
    if pyspiel is not None:
        works["openspiel"] = openspiel_steps(config, 1)
    rates: dict[str, list[float]] = {name: [] for name in works}
    gym_steps: list[float] = []
    for _ in range(rounds):
        for name, work in works.items():
            steps_before = gym_counts[0]
            done, cpu = run_slice(work, seconds)
            rates[name].append(done / cpu)
            if name == "gymnasium":
                gym_steps.append((gym_counts[0] - steps_before) / cpu)
    raw = rates["engine"]
    print(f"Random play, standard rules, {PLAYERS} players, {rounds} rounds of {seconds}s slices")
    print(f"  {'engine:':<20} {statistics.median(raw):8.0f} decisions/s")
    for name in [name for name in works if name != "engine"]:
        ratios = [env / eng for env, eng in zip(rates[name], raw, strict=True)]
        unit = "decisions/s" if name == "gymnasium" else "steps/s"
        extra = f" ({statistics.median(gym_steps):.0f} steps/s)" if name == "gymnasium" else ""
        note = "what the vector leaves" if name == "raw_env, no vector" else "a diagnostic"
        print(
            f"  {name + ':':<20} {statistics.median(rates[name]):8.0f} {unit}{extra}, "
            f"x{statistics.median(ratios):.2f} of the engine "
            f"(rounds {min(ratios):.2f} to {max(ratios):.2f}; {note})"
        )


def positions(config: RuleConfig, count: int, share: float = 0.2) -> list[State]:
    """``count`` decision positions from random games, their legal moves listed: about
    ``share`` of the decisions, in the order of play."""
    rng = random.Random(7)
    out: list[State] = []
    seed = 100
    state = new_game(config, PLAYERS, seed)
    while len(out) < count:
        if state.is_terminal():
            seed += 1
            state = new_game(config, PLAYERS, seed)
        elif state.is_chance_node():
            state = state.apply(DEAL)
        else:
            moves = state.legal_moves()
            if rng.random() < share:
                out.append(state)
            state = state.apply(moves[rng.randrange(len(moves))])
    return out


def per_call(config: RuleConfig, count: int, rounds: int) -> None:
    space = ActionSpace.of(config, PLAYERS)
    layout = ObservationSpace.of(config, PLAYERS)
    infostates = InformationStateSpace.of(config, PLAYERS)
    states = positions(config, count)
    # Every decision of the games, as an environment sees them.
    moves_in_order = positions(config, count, share=1.0)
    rng = random.Random(3)
    moves = [rng.choice(s.legal_moves()) for s in states]
    ids = [space.encode(m, s) for m, s in zip(moves, states, strict=True)]
    views = [s.view(s.current_player) for s in states]
    calls: dict[str, Callable[[], object]] = {
        "ActionSpace.encode": lambda: [
            space.encode(m, s) for m, s in zip(moves, states, strict=True)
        ],
        "ActionSpace.decode": lambda: [
            space.decode(a, s) for a, s in zip(ids, states, strict=True)
        ],
        "ActionSpace.mask": lambda: [space.mask(s) for s in states],
        "ActionSpace.legal_actions": lambda: [space.legal_actions(s) for s in states],
        "State.view": lambda: [s.view(s.current_player) for s in states],
        "ObservationSpace.observation": lambda: [layout.observation(v) for v in views],
        "ObservationSpace.observation_for": lambda: [
            layout.observation_for(s, s.current_player) for s in states
        ],
        "InformationStateSpace.information_state": lambda: [
            infostates.information_state(v) for v in views
        ],
        "InformationStateSpace.information_state_for": lambda: [
            infostates.information_state_for(s, s.current_player) for s in states
        ],
        "  the same, at every decision": lambda: [
            infostates.information_state_for(s, s.current_player) for s in moves_in_order
        ],
        "  ObservationSpace.observation_for there": lambda: [
            layout.observation_for(s, s.current_player) for s in moves_in_order
        ],
    }
    times: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            cpu = time.process_time()
            call()
            times[name].append((time.process_time() - cpu) / count * 1e6)
    print(f"Microseconds per call, {len(states)} positions, median of {rounds} rounds")
    for name, values in times.items():
        print(f"  {name:<44} {statistics.median(values):7.1f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, for CI")
    parser.add_argument("--rounds", type=int, help="rounds of slices (default 7, 3 quick)")
    parser.add_argument("--seconds", type=float, help="seconds a slice (default 1, 0.3 quick)")
    args = parser.parse_args()
    rounds = args.rounds or (3 if args.quick else 7)
    seconds = args.seconds or (0.3 if args.quick else 1.0)
    config = presets.get("standard")
    print(f"rummy500 {rummy500.__version__}, compiled: {rummy500.COMPILED}")
    compare(config, rounds, seconds)
    per_call(config, 200 if args.quick else 1000, rounds)


if __name__ == "__main__":
    main()
