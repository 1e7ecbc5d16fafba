"""The search bots: flat Monte Carlo (:class:`FlatMCBot`) and information-set MCTS
(:class:`ISMCTSBot`), each planning in worlds sampled from its view and valuing them by
playouts, within a budget of iterations, seconds on the clock, CPU seconds, or several."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Final

from rummy500 import ConfigError, Move, Phase, PlayerView, State
from rummy500.bots._base import check_seed, need_moves
from rummy500.bots._playout import (
    Policy,
    check_policy,
    hand_value,
    playout,
    playout_move,
    side_values,
)
from rummy500.bots.evaluation import Evaluation, shipped
from rummy500.core.errors import describe_value, is_count, is_whole
from rummy500.toolkit import WorldSampler, play_out, playout_step

#: Read once (an enum member read from its class costs more than the test itself).
_HAND_OVER: Final = Phase.HAND_OVER


def _number(owner: str, name: str, value: object, *, above: float | None = None) -> float:
    """``value``, which must be a finite real number (above ``above``, or 0 or more)."""
    at_least = "0 or more" if above is None else f"more than {above:g}"
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not (value > above if above is not None else value >= 0)
    ):
        raise ConfigError(
            f"{owner} {name} must be {at_least} (a finite number), not {describe_value(value)}"
        )
    return value


class _Budget:
    """Stops a search after ``iterations`` iterations, ``seconds`` seconds on the clock or
    ``cpu_seconds`` seconds of this process's CPU time, whichever comes first (``None``: no
    limit of that kind). CPU time is what bots compared at equal time are given: on a loaded
    machine, or with more processes than cores, the clock on the wall runs on while a search
    waits for a core, and CPU time does not."""

    __slots__ = ("cpu_deadline", "deadline", "iterations", "name")

    def __init__(
        self, owner: str, name: str, iterations: object, seconds: object, cpu_seconds: object
    ) -> None:
        if iterations is None and seconds is None and cpu_seconds is None:
            raise ConfigError(
                f"{owner} needs a budget: {name}, seconds or cpu_seconds (one or more)"
            )
        if iterations is not None and (not is_whole(iterations) or iterations < 1):
            raise ConfigError(
                f"{owner} {name} must be 1 or more (a whole number, or None), "
                f"not {describe_value(iterations)}"
            )
        self.name = name
        self.iterations: int | None = iterations
        self.deadline = None if seconds is None else _number(owner, "seconds", seconds, above=0)
        self.cpu_deadline = (
            None if cpu_seconds is None else _number(owner, "cpu_seconds", cpu_seconds, above=0)
        )

    def counter(self) -> Callable[[int], bool]:
        """A test of whether iteration ``i`` (from 0) may run."""
        limit = self.iterations
        if self.deadline is None and self.cpu_deadline is None:
            assert limit is not None
            return lambda i: i < limit
        clock, cpu = time.perf_counter, time.process_time
        end = math.inf if self.deadline is None else clock() + self.deadline
        cpu_end = math.inf if self.cpu_deadline is None else cpu() + self.cpu_deadline
        most = math.inf if limit is None else limit
        return lambda i: i < most and clock() < end and cpu() < cpu_end

    def text(self) -> str:
        """The budget as the bot's ``repr`` shows it: ``iterations=100, cpu_seconds=0.02``."""
        parts = [f"{self.name}={self.iterations}"]
        parts += [
            f"{key}={value}"
            for key, value in (("seconds", self.deadline), ("cpu_seconds", self.cpu_deadline))
            if value is not None
        ]
        return ", ".join(parts)


class FlatMCBot:
    """Flat Monte Carlo: tries every legal move in turn, each in a fresh world followed by a
    playout to the end of the hand, and plays the move with the best mean value.

    ``playouts`` is the number of playouts per decision (shared round-robin among the legal
    moves), ``seconds`` an optional time limit per decision on the clock and ``cpu_seconds``
    one in CPU time (the budget of bots compared at equal time); ``seed`` seeds the bot's own
    :class:`random.Random`, so the same bot shown the same views plays the same moves.
    """

    name: Final = "flatmc"

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int | None = 200,
        seconds: float | None = None,
        cpu_seconds: float | None = None,
        policy: Policy = playout_move,
    ) -> None:
        self.seed = check_seed("FlatMCBot", seed)
        self.budget = _Budget("FlatMCBot", "playouts", playouts, seconds, cpu_seconds)
        self.policy = check_policy("FlatMCBot", policy)
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        """The legal move with the best mean playout value."""
        moves = need_moves(view)
        if len(moves) == 1:
            return moves[0]
        rng = self._rng
        totals = [0.0] * len(moves)
        counts = [0] * len(moves)
        go = self.budget.counter()
        worlds = WorldSampler(view)
        i = 0
        while go(i):
            k = i % len(moves)
            world = worlds.sample(rng)
            end = playout(world.apply(moves[k]), rng, self.policy)
            totals[k] += hand_value(end)[view.player]
            counts[k] += 1
            i += 1
        return moves[max(range(len(moves)), key=lambda k: totals[k] / max(counts[k], 1))]

    def __repr__(self) -> str:
        return f"FlatMCBot({self.seed}, {self.budget.text()})"


class _Node:
    """A node of the ISMCTS tree: the moves from the root that lead to it, from the point of
    view of the player who made the last of them (``player``)."""

    __slots__ = ("available", "children", "parent", "player", "total", "visits")

    def __init__(self, parent: _Node | None, player: int) -> None:
        self.parent = parent
        self.player = player
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class ISMCTSBot:
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

    Every iteration samples a world from the bot's view (:func:`~rummy500.toolkit.sample_world`)
    and walks one tree over the bot's information set: a node is a sequence of moves from the
    root, whoever made them, so the tree is shared by every world. At a node it first tries a
    move of this world not yet in the tree; when all are, it picks by UCB1 over the moves legal
    in this world, counting for each child how often it was available (a move is legal only in
    some worlds). The world is then played out to the end of the hand with
    :func:`~rummy500.bots.playout_move` and every node on the path is credited with the value to
    the player who moved into it (:func:`~rummy500.bots.hand_value`). The bot plays the root
    move visited most.

    Worlds are walked down the tree with :meth:`State.apply <rummy500.State.apply>` and played
    out with :func:`~rummy500.toolkit.play_out` (each position is a small new object linked to
    its parent): no state is ever copied. The tree covers the current hand only.
    ``iterations``, ``seconds`` (on the clock) and ``cpu_seconds`` (this process's CPU time)
    bound each decision (any one or more of them); ``exploration`` is the UCB1 constant;
    ``seed`` seeds the bot's own :class:`random.Random`.

    With ``depth`` (a whole number, 0 or more), a playout stops after that many moves, and a
    hand still in play is valued by ``evaluation`` (by default the one that ships with the
    package, :func:`rummy500.bots.evaluation.shipped`) instead of by its end: an iteration
    costs less, so a budget of time makes more of them, and its value is less noisy, though
    only as right as the evaluation. The evaluation covers 2 and 3 players without
    partnerships; choosing in another game raises :class:`~rummy500.ConfigError`.
    """

    name: Final = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = 300,
        seconds: float | None = None,
        cpu_seconds: float | None = None,
        exploration: float = 0.7,
        policy: Policy = playout_move,
        depth: int | None = None,
        evaluation: Evaluation | None = None,
    ) -> None:
        self.seed = check_seed("ISMCTSBot", seed)
        self.budget = _Budget("ISMCTSBot", "iterations", iterations, seconds, cpu_seconds)
        self.exploration = _number("ISMCTSBot", "exploration", exploration)
        self.policy = check_policy("ISMCTSBot", policy)
        if depth is not None and not is_count(depth):
            raise ConfigError(
                f"ISMCTSBot depth must be 0 or more (a whole number of moves, or None), "
                f"not {describe_value(depth)}"
            )
        if evaluation is not None and not isinstance(evaluation, Evaluation):
            raise ConfigError(
                f"ISMCTSBot evaluation must be an Evaluation, not {describe_value(evaluation)}"
            )
        #: Moves a playout plays before the evaluation values it (``None``: to the end).
        self.depth: int | None = depth
        self._evaluation = evaluation
        self._rng = random.Random(seed)
        #: Iterations run by the last :meth:`choose` (0 when the move was forced).
        self.last_iterations = 0

    def choose(self, view: PlayerView) -> Move:
        """The root move visited most by the search."""
        moves = need_moves(view)
        self.last_iterations = 0
        if len(moves) == 1:
            return moves[0]
        root = self.search(view)
        children = root.children
        return max(moves, key=lambda m: children[m].visits if m in children else -1)

    def search(self, view: PlayerView) -> _Node:
        """Run the search from ``view`` (of the player to move, as
        :meth:`~rummy500.bots.ISMCTSBot.choose` takes it) and return the root of its tree."""
        need_moves(view)
        rng = self._rng
        policy = self.policy
        depth = self.depth
        evaluate = None if depth is None else self._evaluation_for(view)
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        root = _Node(None, view.player)
        go = self.budget.counter()
        worlds = WorldSampler(view)
        players = len(view.hand_sizes)
        # Each player's side, for the value of the hand to the player who moved into a node.
        side = [view.config.side_of(p, players) for p in range(players)]
        # The root's children by the place of their move among the view's: every world the
        # sampler deals lists the view's very moves, which are then found without hashing them.
        root_moves = view.legal_moves
        at_root: list[_Node | None] = [None] * len(root_moves)
        i = 0
        while go(i):
            state = worlds.sample(rng)
            node = root
            while state.phase < _HAND_OVER:
                moves = state.legal_moves()
                children = node.children
                if node is root and moves is root_moves:
                    known = at_root
                elif children:
                    known = [children.get(m) for m in moves]
                else:
                    known = [None] * len(moves)
                # The moves not yet in the tree; every child this world makes available is
                # counted so.
                fresh = []
                for k, ch in enumerate(known):
                    if ch is None:
                        fresh.append(k)
                    else:
                        ch.available += 1
                if fresh:
                    k = rng.choice(fresh)
                    move = moves[k]
                    child = _Node(node, state.current_player)
                    child.available = 1
                    children[move] = child
                    known[k] = child
                    node = child
                    state = state.apply(move)
                    break
                best = -math.inf
                pick = 0
                for k, ch in enumerate(known):
                    assert ch is not None  # every move is in the tree
                    score = ch.total / ch.visits + c * sqrt(log(ch.available) / ch.visits)
                    if score > best:
                        best, pick = score, k
                picked = known[pick]
                assert picked is not None
                node = picked
                state = state.apply(moves[pick])
            if evaluate is None:
                # The default policy is played by the toolkit's play_out, without the checks
                # of playout at every iteration.
                end = (
                    play_out(state, rng) if policy is playout_move else playout(state, rng, policy)
                )
                values = side_values(end.history[-1])
            else:
                values = _cut_playout(state, rng, policy, depth or 0, evaluate)
            back: _Node | None = node
            while back is not None:
                back.visits += 1
                back.total += values[side[back.player]]
                back = back.parent
            i += 1
        self.last_iterations = i
        return root

    def _evaluation_for(self, view: PlayerView) -> Evaluation:
        """The evaluation the bot values cut playouts by in ``view``'s game; raises
        :class:`~rummy500.ConfigError` when it does not cover that game."""
        evaluation = self._evaluation or shipped()
        refusal = evaluation.refusal(view.config, len(view.hand_sizes))
        if refusal is not None:
            raise ConfigError(f"ISMCTSBot depth={self.depth}: {refusal}: give the bot no depth")
        return evaluation

    def __repr__(self) -> str:
        depth = "" if self.depth is None else f", depth={self.depth}"
        return f"ISMCTSBot({self.seed}, {self.budget.text()}{depth})"


def _cut_playout(
    state: State, rng: random.Random, policy: Policy, depth: int, evaluation: Evaluation
) -> list[float]:
    """Each side's value of ``state`` played on ``depth`` moves by ``policy``: the hand's end,
    when it ends by then, or else the evaluation of where it stands (a side is one player:
    the evaluation covers no partnerships)."""
    default = policy is playout_move
    for _ in range(depth):
        if state.phase >= _HAND_OVER:
            break
        state = playout_step(state, rng) if default else state.apply(policy(state, rng))
    if state.phase >= _HAND_OVER:
        return side_values(state.history[-1])
    return evaluation.values(state)
