"""Benchmark of the rummy500 engine, as ratios against workloads measured in the same process.

Absolute speeds on a shared machine swing by a factor of two from one run to the next, so every
speed figure here is a *ratio* between two workloads measured in the same process, in short
time slices that alternate with each other, round after round. Each round gives one ratio per
comparison; the figure reported is the median over the rounds, with the lowest and highest
round beside it to show the spread. A burst of load from another process then spoils a round
or two, not the figure.

A *decision* is one move by a player (not a chance event): list the legal moves, pick one with
a seeded ``random.Random``, apply it. A rummy500 decision is ``state.legal_moves()``, the choice
and ``state.apply(move)``, on a state just produced by ``apply`` (whose legal moves are not yet
listed). Between hands the ``deal`` is applied as it comes; it costs time but is not a decision.

The comparisons:

1. **Against OpenSpiel's ``gin_rummy``** (C++, through ``pyspiel``): rummy500 random play (3
   players, standard rules, successive seeds, whole games) against OpenSpiel random play, with a
   new state from ``game.new_initial_state()`` per game, and with a ``clone()`` of one initial
   state per game. OpenSpiel's chance nodes are resolved by sampling ``chance_outcomes()`` with
   a seeded ``random.Random``; a decision is ``legal_actions()``, the choice and
   ``apply_action()``. Skipped when ``pyspiel`` cannot be imported.
2. **Late against early decisions** (a diagnostic: its target was withdrawn, as the change in
   the mix of moves late in a hand explains most of it): every rummy500 decision is timed on
   its own and put in a bucket by ``state.turn`` (the turns finished in the hand): early before
   turn 10, late from turn 40. The figure is the mean time of a late decision over that of an
   early one. Beside it, by the kind of move chosen, the share and mean time of each, and the
   ratio again with each kind weighted by its share of early decisions (how much more the same
   kind of decision costs late in the hand, apart from the change in the kinds of move chosen),
   and the ratio the late mix of moves alone gives, each kind at its early cost (what
   late/early would be if no kind of decision cost more late in the hand than early).
3. **Two decks against one**: decisions/s with ``RuleConfig(decks=PlayerTable.of(2))`` over
   decisions/s with ``RuleConfig()``, 3 players.
4. **Every preset against the standard rules**: each preset at 3 players (or the fewest it
   allows) against ``RuleConfig()`` at the same number of players, in adjacent slices. This is
   the one check that can fail a run: a full run fails when a preset is clearly below the floor.
5. **Memory kept alive by the undo chain**: with ``tracemalloc``, the bytes that one seeded game
   keeps alive through its final state (which holds every earlier state, for ``State.undo()``),
   per step; and the same counted object by object (``kept_bytes``: the sizes of the objects
   the final state reaches and the package's modules do not), a figure that is the same in
   every run, held to what commit ``9767885`` keeps, measured the same way.
6. **Bot play against a baseline commit** (``bot_play.py``; left out with ``--quick``): the
   command ``rummy500 simulate --preset standard --players 3 --bots greedy --workers 1`` under
   this Python against the same command from commit ``9767885``'s pure build, installed into a
   throwaway virtual environment from a git worktree, as whole processes in alternating order;
   games per CPU second, with the same games played by both. Then ISMCTS the same way
   (``search_job.py``): simulations per CPU second over the same positions, with the same
   visits found by both.
7. **Against the peers bot researchers use** (``peers.py``): rummy500 random play against
   RLCard's gin rummy environment, rummy500's PettingZoo environment against PettingZoo's own
   ``gin_rummy_v4`` (in a throwaway virtual environment; left out with ``--quick``), and
   rummy500's ISMCTS against OpenSpiel's Python IS-MCTS, in simulations per second.

The targets depend on the build measured: against ``gin_rummy``, 1.2 pure and 2.0 compiled
(and, compiled only, 1.0 from a cloned initial state); bot play 1.5 pure and 3.0 compiled.
Against the peers, the figures measured when the 1.0 engine was tuned: RLCard 2.9, PettingZoo
3.8. ISMCTS was then 3.15 times OpenSpiel's IS-MCTS, a ratio that moves with the machine (the
same commit measured 2.5 to 3.1 in three runs on another), so its target is held against the
baseline commit searching the same positions in the same run: at least 1.0. The OpenSpiel
ratio is printed beside it, for reference.

Slices end by the wall clock (``time.perf_counter``), but speeds are decisions per second of
the process's CPU time (``time.process_time``), which stands still while another process has
the CPU: on a shared machine that removes most of the noise left in the ratios. Both times of
every slice are in the JSON report.

Every workload is resumable: a slice stops at its deadline, in mid-game if need be, and the
workload's next slice carries on from that position. Slices are capped by time, not by finished
games, and the moves played depend only on ``--seed``, never on the timing. Run
``python benchmarks/bench.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
import types
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

try:
    import rummy500
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import rummy500

import bot_play
import peers
from timing import Ratio, Slice, interleave, median_rate, progress, slices_json

from rummy500 import PlayerTable, RuleConfig, State, new_game, presets

#: Players in the rummy500 workloads (a preset that does not allow it uses its fewest).
PLAYERS = 3
#: A decision taken before this many turns of the hand are finished is early...
EARLY_BEFORE_TURN = 10
#: ... and one taken once this many are finished is late (2% to 4% of them at 3 players).
LATE_FROM_TURN = 40
#: The late/early slices are this many times longer than the others, as late decisions are rare.
LATE_SLICE_FACTOR = 3
#: A decision timed at more than this many times the median decision of its slice was
#: interrupted, and is left out of the late/early figure.
OUTLIER_FACTOR = 20
#: A rummy500 game still going after this many decisions is abandoned for the next seed, so
#: that a game random play never finishes cannot grow its undo chain without end.
MAX_GAME_DECISIONS = 20_000

# The targets. Speed ratios are rummy500 (or the variant) over the other workload, so higher
# is better; late/early is a ratio of times, so lower is better.
TARGET_VS_OPEN_SPIEL = 2.0 if rummy500.COMPILED else 1.2
#: Only the compiled build aims at OpenSpiel's own loop, from a cloned initial state.
TARGET_VS_OPEN_SPIEL_CLONE = 1.0
TARGET_TWO_DECKS = 0.9
TARGET_BYTES_PER_STEP = 300
#: The objects kept per step at commit 9767885, measured the same way (``kept_bytes``: 171,342
#: bytes over the 672 steps of the seed-0 game, CPython 3.11): no more than then.
TARGET_KEPT_PER_STEP = 255
#: No preset should play slower than this share of the standard rules' decisions/s.
PRESET_FLOOR = 0.5
#: ... and every preset should reach this share of them.
TARGET_PRESETS = 0.75
#: Bot play against the baseline commit: rounds of whole simulations, each of this many games.
BOT_ROUNDS = 7
BOT_GAMES = 30
#: A full run can fail only with at least this many rounds, and only for a preset below the
#: floor in at least three rounds out of four (its upper quartile is below the floor).
MIN_ROUNDS_TO_FAIL = 5

DEFAULT_SECONDS = 0.25
DEFAULT_ROUNDS = 15
QUICK_SECONDS = 0.04
QUICK_ROUNDS = 3
#: Every workload's unrecorded first slice lasts this long (or one slice, if that is shorter).
WARMUP_SECONDS = 0.1


# -- workloads ------------------------------------------------------------------------------


class RandomPlay:
    """rummy500 random play: whole games from successive seeds, resumable slice by slice.

    Game ``i`` is ``new_game(config, players, seed + i)``; one ``random.Random`` seeded from
    ``seed`` picks every decision, so the moves played depend on these three alone.
    """

    def __init__(self, config: RuleConfig, players: int, seed: int) -> None:
        self.config = config
        self.players = players
        self.seed = seed
        self.rng = random.Random(f"rummy500/{seed}")
        self.games = 0
        self.finished = 0
        #: The decisions of the finished games, for the mean length of a game.
        self.finished_decisions = 0
        self.abandoned = 0
        self.in_game = 0
        self.state = self._next_game(None)

    def _next_game(self, previous: State | None) -> State:
        """Count how ``previous`` ended (over, or abandoned), and start the next game."""
        if previous is not None:
            if previous.is_terminal():
                self.finished += 1
                self.finished_decisions += self.in_game
            else:
                self.abandoned += 1
        state = new_game(self.config, self.players, self.seed + self.games)
        self.games += 1
        self.in_game = 0
        return state

    def run(self, seconds: float) -> Slice:
        """Play for about ``seconds``; the clock is read after every decision."""
        clock = time.perf_counter
        rng = self.rng
        state = self.state
        decisions = 0
        cpu = time.process_time()
        start = clock()
        deadline = start + seconds
        while True:
            if state.is_terminal() or self.in_game >= MAX_GAME_DECISIONS:
                state = self._next_game(state)
            elif state.is_chance_node():
                state = state.apply(state.legal_moves()[0])
            else:
                moves = state.legal_moves()
                state = state.apply(moves[rng.randrange(len(moves))])
                decisions += 1
                self.in_game += 1
                if clock() >= deadline:
                    break
        elapsed = clock() - start
        self.state = state
        return Slice(decisions, elapsed, time.process_time() - cpu)

    def run_timed(self, seconds: float) -> TimedSlice:
        """Like :meth:`run`, but time every decision, and note the turn it was taken at."""
        clock = time.perf_counter
        rng = self.rng
        state = self.state
        turns: list[int] = []
        times: list[float] = []
        kinds: list[str] = []
        start = clock()
        deadline = start + seconds
        while True:
            if state.is_terminal() or self.in_game >= MAX_GAME_DECISIONS:
                state = self._next_game(state)
            elif state.is_chance_node():
                state = state.apply(state.legal_moves()[0])
            else:
                turns.append(state.turn)
                before = clock()
                moves = state.legal_moves()
                state = state.apply(moves[rng.randrange(len(moves))])
                after = clock()
                times.append(after - before)
                kinds.append(type(state.last_move).__name__)
                self.in_game += 1
                if after >= deadline:
                    break
        elapsed = clock() - start
        self.state = state
        return TimedSlice.of(turns, times, kinds, elapsed)


@dataclass(frozen=True)
class TimedSlice:
    """The decisions of one slice, timed one by one, summed by bucket of ``state.turn``.

    A decision that took more than :data:`OUTLIER_FACTOR` times the slice's median decision
    was interrupted (by another process, or by a full garbage collection): it is left out of
    the buckets, and counted in ``dropped``.
    """

    decisions: int
    seconds: float
    dropped: int
    early: int
    early_seconds: float
    late: int
    late_seconds: float
    #: By the kind of move chosen (``"Discard"``, ``"Layoff"``...): decisions and seconds.
    early_kinds: dict[str, tuple[int, float]]
    late_kinds: dict[str, tuple[int, float]]

    @classmethod
    def of(
        cls, turns: Sequence[int], times: Sequence[float], kinds: Sequence[str], seconds: float
    ) -> TimedSlice:
        """Sum the decision ``times`` (taken at ``turns``, choosing moves of ``kinds``) into
        the early and late buckets."""
        cutoff = OUTLIER_FACTOR * statistics.median(times)
        early: dict[str, tuple[int, float]] = {}
        late: dict[str, tuple[int, float]] = {}
        for turn, t, kind in zip(turns, times, kinds, strict=True):
            if t > cutoff:
                continue
            bucket = early if turn < EARLY_BEFORE_TURN else late if turn >= LATE_FROM_TURN else None
            if bucket is not None:
                n, total = bucket.get(kind, (0, 0.0))
                bucket[kind] = (n + 1, total + t)
        return cls(
            decisions=len(times),
            seconds=seconds,
            dropped=sum(t > cutoff for t in times),
            early=sum(n for n, _ in early.values()),
            early_seconds=sum(t for _, t in early.values()),
            late=sum(n for n, _ in late.values()),
            late_seconds=sum(t for _, t in late.values()),
            early_kinds=early,
            late_kinds=late,
        )

    def late_over_early(self) -> float | None:
        """Mean time of a late decision over an early one; ``None`` if a bucket is empty."""
        if not self.early or not self.late:
            return None
        return (self.late_seconds / self.late) / (self.early_seconds / self.early)


def _summed(buckets: Iterable[dict[str, tuple[int, float]]]) -> dict[str, tuple[int, float]]:
    """The decisions and seconds of each kind of move, summed over ``buckets``."""
    out: dict[str, tuple[int, float]] = {}
    for bucket in buckets:
        for kind, (n, t) in bucket.items():
            m, u = out.get(kind, (0, 0.0))
            out[kind] = (m + n, u + t)
    return out


def sample_outcome(outcomes: Sequence[tuple[int, float]], point: float) -> int:
    """The outcome whose share of [0, 1), laid end to end by probability, holds ``point``."""
    for action, probability in outcomes:
        point -= probability
        if point < 0.0:
            return action
    return outcomes[-1][0]  # rounding left a sliver beyond the last probability


class OpenSpielPlay:
    """OpenSpiel random play of one game, resumable slice by slice.

    Each game starts from ``game.new_initial_state()``, or, with ``clone``, from a ``clone()``
    of one initial state made up front. One ``random.Random`` seeded from ``seed`` samples the
    chance outcomes by their probabilities and picks the decisions uniformly.
    """

    def __init__(self, game: Any, seed: int, *, clone: bool) -> None:
        self.game = game
        self.rng = random.Random(f"open_spiel/{seed}")
        self.initial = game.new_initial_state() if clone else None
        self.state = self._next_game()

    def _next_game(self) -> Any:
        if self.initial is not None:
            return self.initial.clone()
        return self.game.new_initial_state()

    def run(self, seconds: float) -> Slice:
        """Play for about ``seconds``; the clock is read after every decision."""
        clock = time.perf_counter
        rng = self.rng
        state = self.state
        decisions = 0
        cpu = time.process_time()
        start = clock()
        deadline = start + seconds
        while True:
            if state.is_terminal():
                state = self._next_game()
            elif state.is_chance_node():
                state.apply_action(sample_outcome(state.chance_outcomes(), rng.random()))
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                decisions += 1
                if clock() >= deadline:
                    break
        elapsed = clock() - start
        self.state = state
        return Slice(decisions, elapsed, time.process_time() - cpu)


# -- the comparisons ------------------------------------------------------------------------


def import_pyspiel() -> Any:
    """The ``pyspiel`` module, or ``None`` when OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel


@dataclass
class PeerResult:
    """rummy500 against OpenSpiel's ``gin_rummy``: the slices and the ratios."""

    rummy500: list[Slice]
    open_spiel: list[Slice]
    open_spiel_clone: list[Slice]
    vs_open_spiel: Ratio
    vs_open_spiel_clone: Ratio

    def to_json(self) -> dict[str, Any]:
        """The figures for the JSON report."""
        return {
            "rummy500": slices_json(self.rummy500),
            "open_spiel": slices_json(self.open_spiel),
            "open_spiel_clone": slices_json(self.open_spiel_clone),
            "rummy500_over_open_spiel": self.vs_open_spiel.to_json(),
            "rummy500_over_open_spiel_clone": self.vs_open_spiel_clone.to_json(),
        }


def bench_open_spiel(
    pyspiel: Any, seed: int, rounds: int, seconds: float, warmup: float
) -> PeerResult:
    """rummy500 random play against OpenSpiel's ``gin_rummy``, both ways of starting a game."""
    game = pyspiel.load_game("gin_rummy")
    ours = RandomPlay(RuleConfig(), PLAYERS, seed)
    fresh = OpenSpielPlay(game, seed, clone=False)
    cloned = OpenSpielPlay(game, seed, clone=True)
    [[mine, theirs, theirs_cloned]] = interleave(
        [[ours, fresh, cloned]], rounds, seconds, warmup, progress("OpenSpiel", rounds)
    )
    return PeerResult(
        mine,
        theirs,
        theirs_cloned,
        Ratio.of_rates(mine, theirs),
        Ratio.of_rates(mine, theirs_cloned),
    )


@dataclass
class LateEarlyResult:
    """Decisions timed one by one, early and late in the hand, slice by slice."""

    slices: list[TimedSlice]
    ratio: Ratio

    @property
    def early_us(self) -> float:
        """The median over the slices of the mean early decision, in µs."""
        means = [s.early_seconds / s.early * 1e6 for s in self.slices if s.early]
        return statistics.median(means) if means else float("nan")

    @property
    def late_us(self) -> float:
        """The median over the slices of the mean late decision, in µs."""
        means = [s.late_seconds / s.late * 1e6 for s in self.slices if s.late]
        return statistics.median(means) if means else float("nan")

    def by_kind(self) -> list[tuple[str, int, float, int, float]]:
        """For each kind of move chosen, over all the slices: early decisions, their mean µs,
        late decisions, their mean µs (``nan`` where there are none); the most common early
        first."""
        early = _summed(s.early_kinds for s in self.slices)
        late = _summed(s.late_kinds for s in self.slices)
        rows = []
        for kind in sorted({*early, *late}, key=lambda k: (-early.get(k, (0, 0.0))[0], k)):
            e, et = early.get(kind, (0, 0.0))
            n, lt = late.get(kind, (0, 0.0))
            rows.append(
                (kind, e, et / e * 1e6 if e else math.nan, n, lt / n * 1e6 if n else math.nan)
            )
        return rows

    @property
    def same_mix(self) -> float:
        """Late over early with each kind of move weighted by its share of early decisions:
        how much a decision of the same kind costs more late in the hand, leaving out that
        the kinds of move chosen change (kinds never chosen late are left out)."""
        late = early = 0.0
        for _, e, early_us, n, late_us in self.by_kind():
            if e and n:
                late += e * late_us
                early += e * early_us
        return late / early if early else math.nan

    @property
    def mix_alone(self) -> float:
        """Late over early if every kind of move cost late what it costs early: the late mix
        of moves at the early cost of each kind, over the early mean. This is the part of
        the late/early ratio that comes from the change in the kinds of move chosen alone
        (kinds never chosen early, such as declining a take, are left out)."""
        rows = self.by_kind()
        at_early_cost = sum(n * early_us for _, e, early_us, n, _ in rows if e and n)
        late = sum(n for _, e, _, n, _ in rows if e and n)
        early_total = sum(e * early_us for _, e, early_us, _, _ in rows if e)
        early = sum(e for _, e, _, _, _ in rows)
        if not late or not early_total:
            return math.nan
        return (at_early_cost / late) / (early_total / early)

    def to_json(self) -> dict[str, Any]:
        """The figures for the JSON report."""
        return {
            "early_before_turn": EARLY_BEFORE_TURN,
            "late_from_turn": LATE_FROM_TURN,
            "early_us": self.early_us,
            "late_us": self.late_us,
            "late_over_early": self.ratio.to_json(),
            "late_over_early_same_mix": self.same_mix,
            "late_over_early_mix_alone": self.mix_alone,
            "by_kind": [
                {"kind": k, "early": e, "early_us": eu, "late": n, "late_us": lu}
                for k, e, eu, n, lu in self.by_kind()
            ],
            "outlier_factor": OUTLIER_FACTOR,
            "slices": [vars(s) for s in self.slices],
        }


def bench_late_early(seed: int, rounds: int, seconds: float, warmup: float) -> LateEarlyResult:
    """The mean time of a late decision over that of an early one, slice by slice."""
    play = RandomPlay(RuleConfig(), PLAYERS, seed)
    play.run(warmup)
    report = progress("late/early", rounds)
    slices: list[TimedSlice] = []
    for r in range(rounds):
        slices.append(play.run_timed(seconds))
        if report is not None:
            report(r)
    ratios = [x for s in slices if (x := s.late_over_early()) is not None]
    return LateEarlyResult(slices, Ratio(ratios))


@dataclass
class DecksResult:
    """Two decks against one: the slices and the ratio."""

    two_decks: list[Slice]
    one_deck: list[Slice]
    ratio: Ratio

    def to_json(self) -> dict[str, Any]:
        """The figures for the JSON report."""
        return {
            "two_decks": slices_json(self.two_decks),
            "one_deck": slices_json(self.one_deck),
            "two_over_one": self.ratio.to_json(),
        }


def bench_decks(seed: int, rounds: int, seconds: float, warmup: float) -> DecksResult:
    """Two decks against one, the standard rules otherwise, 3 players."""
    two = RandomPlay(RuleConfig(decks=PlayerTable.of(2)), PLAYERS, seed)
    one = RandomPlay(RuleConfig(), PLAYERS, seed)
    [[with_two, with_one]] = interleave(
        [[two, one]], rounds, seconds, warmup, progress("decks", rounds)
    )
    return DecksResult(with_two, with_one, Ratio.of_rates(with_two, with_one))


@dataclass
class PresetResult:
    """A preset's decisions/s against the standard rules' at the same number of players."""

    name: str
    players: int
    preset: list[Slice]
    standard: list[Slice]
    ratio: Ratio
    games_finished: int
    games_abandoned: int

    def clearly_below_floor(self) -> bool:
        """Whether the ratio is below the floor in at least three rounds out of four."""
        return self.ratio.upper_quartile < PRESET_FLOOR

    def to_json(self) -> dict[str, Any]:
        """The figures for the JSON report."""
        return {
            "preset": self.name,
            "players": self.players,
            "preset_slices": slices_json(self.preset),
            "standard_slices": slices_json(self.standard),
            "ratio": self.ratio.to_json(),
            "clearly_below_floor": self.clearly_below_floor(),
            "games_finished": self.games_finished,
            "games_abandoned": self.games_abandoned,
        }


def bench_presets(seed: int, rounds: int, seconds: float, warmup: float) -> list[PresetResult]:
    """Every preset against ``RuleConfig()``, in a pair of adjacent slices every round."""
    standard: dict[int, RandomPlay] = {}
    plays: dict[str, RandomPlay] = {}
    for name in presets.names():
        config = presets.get(name)
        players = PLAYERS if PLAYERS in config.player_counts else min(config.player_counts)
        if players not in standard:
            standard[players] = RandomPlay(RuleConfig(), players, seed)
        plays[name] = RandomPlay(config, players, seed)
    pairs = [[play, standard[play.players]] for play in plays.values()]
    slices = interleave(pairs, rounds, seconds, warmup, progress("presets", rounds))
    return [
        PresetResult(
            name,
            play.players,
            mine,
            ref,
            Ratio.of_rates(mine, ref),
            play.finished,
            play.abandoned,
        )
        for (name, play), (mine, ref) in zip(plays.items(), slices, strict=True)
    ]


@dataclass
class MemoryResult:
    """The bytes that one game's final state keeps alive, two ways of reaching it."""

    seed: int
    steps: int
    decisions: int
    listed_bytes: int
    applied_bytes: int
    #: The bytes of the objects the final state of random play reaches (:func:`kept_bytes`).
    kept_bytes: int

    @property
    def listed_per_step(self) -> float:
        """Bytes per step when every state's legal moves were listed (random play)."""
        return self.listed_bytes / self.steps

    @property
    def applied_per_step(self) -> float:
        """Bytes per step when the moves were applied without asking for the legal moves."""
        return self.applied_bytes / self.steps

    @property
    def kept_per_step(self) -> float:
        """Bytes per step of the objects the final state reaches and nothing shared does."""
        return self.kept_bytes / self.steps

    def to_json(self) -> dict[str, Any]:
        """The figures for the JSON report."""
        return {
            **vars(self),
            "players": PLAYERS,
            "listed_bytes_per_step": self.listed_per_step,
            "applied_bytes_per_step": self.applied_per_step,
            "kept_bytes_per_step": self.kept_per_step,
        }


def _play_listed(
    config: RuleConfig, players: int, seed: int, rng: random.Random
) -> tuple[State, int]:
    """One whole game of random play, listing every state's legal moves: (final, decisions)."""
    state = new_game(config, players, seed)
    decisions = 0
    while not state.is_terminal():
        moves = state.legal_moves()
        if state.is_chance_node():
            state = state.apply(moves[0])
        else:
            state = state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
    return state, decisions


def _traced_now() -> int:
    """The memory ``tracemalloc`` sees in use, after a full garbage collection."""
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def kept_bytes(state: State, config: RuleConfig) -> int:
    """The bytes (``sys.getsizeof``) of every object ``state`` reaches, its undo chain and the
    moves on it included, that neither the package's modules nor ``config`` reach: their
    tables and singletons serve every game, and are not kept by this one.

    Unlike traced memory, it leaves out whatever the process allocates on the side, and it
    gives the same figure run after run: two commits can be compared to the byte without
    running them in one process.
    """
    shared: set[int] = set()
    _reach([config, *(vars(m) for n, m in sys.modules.items() if n.startswith("rummy500"))], shared)
    return _reach([state], shared)


#: Objects that belong to no game: code, classes and modules.
_NOT_KEPT = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType)


def _reach(roots: list[object], seen: set[int]) -> int:
    """Add the ids of the objects ``roots`` reach, and not already in ``seen``, to ``seen``;
    return the sum of their sizes."""
    total = 0
    stack = roots
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _NOT_KEPT):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def bench_memory(seed: int) -> MemoryResult:
    """Bytes kept alive per step by the undo chain of one seeded game, 3 players.

    The final state is reached twice: by random play (``legal_moves()`` then ``apply``, as
    everywhere else here), then by applying the same moves one after another to a new game
    without asking for the legal moves. A step is one applied move, deals included.
    """
    config = RuleConfig()
    # A first game fills the engine's small per-rule-set tables before anything is measured.
    _play_listed(config, PLAYERS, seed + 1, random.Random(f"memory/{seed + 1}"))
    tracemalloc.start()
    try:
        rng = random.Random(f"memory/{seed}")
        before = _traced_now()
        final, decisions = _play_listed(config, PLAYERS, seed, rng)
        listed = _traced_now() - before
        moves = final.move_stack  # allocated now, so not counted below
        kept = kept_bytes(final, config)  # its own sets are gone before the next reading
        del final
        before = _traced_now()
        state = new_game(config, PLAYERS, seed)
        for move in moves:
            state = state.apply(move)
        applied = _traced_now() - before
        del state
    finally:
        tracemalloc.stop()
    return MemoryResult(seed, len(moves), decisions, listed, applied, kept)


# -- the report -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """One figure against its target."""

    figure: str
    measured: float
    target: float
    higher_is_better: bool = True
    unit: str = ""

    @property
    def met(self) -> bool:
        """Whether the measured figure reaches the target (never, when it was not measured)."""
        if self.higher_is_better:
            return self.measured >= self.target
        return self.measured <= self.target

    def row(self) -> str:
        """The figure, its target and whether it is met, as a table row."""
        op = ">=" if self.higher_is_better else "<="
        if self.measured != self.measured:  # NaN: not measured in this run
            measured, status = "n/a", "not measured"
        else:
            measured, status = f"{self.measured:,.2f}", "met" if self.met else "MISSED"
            if self.unit:
                measured = f"{self.measured:,.0f}"
        target = f"{op} {self.target:g}{self.unit}"
        return f"  {self.figure:<44}  {measured:>9}  {target:>14}  {status}"

    def to_json(self) -> dict[str, Any]:
        """The figures for the JSON report."""
        return {
            "figure": self.figure,
            "measured": self.measured,
            "target": self.target,
            "higher_is_better": self.higher_is_better,
            "met": None if self.measured != self.measured else self.met,
        }


#: Width of the label column of the tables.
_LABEL = 46


def _heading(title: str, unit: str) -> None:
    print(f"{title}\n  {'':<{_LABEL}}  {unit:>11}")


def _rate_row(label: str, slices: Sequence[Slice]) -> None:
    print(f"  {label:<{_LABEL}}  {median_rate(slices):>11,.0f}")


def _ratio_row(label: str, ratio: Ratio) -> None:
    print(f"  {label:<{_LABEL}}  {ratio.median:>11.2f}   rounds {ratio.spread()}")


def print_open_spiel(result: PeerResult) -> None:
    """The comparison with OpenSpiel as a table."""
    _heading("Random play against OpenSpiel's gin_rummy (C++, through pyspiel)", "decisions/s")
    _rate_row(f"rummy500, {PLAYERS} players, standard rules", result.rummy500)
    _rate_row("gin_rummy, new_initial_state() per game", result.open_spiel)
    _rate_row("gin_rummy, clone() of one initial state", result.open_spiel_clone)
    _ratio_row("rummy500 / gin_rummy", result.vs_open_spiel)
    _ratio_row("rummy500 / gin_rummy from a clone", result.vs_open_spiel_clone)


def _us(value: float) -> str:
    """Microseconds to one decimal, or a dash for none."""
    return "-" if math.isnan(value) else f"{value:.1f}"


def print_late_early(result: LateEarlyResult) -> None:
    """The late/early comparison as a table."""
    _heading(f"Late against early decisions (rummy500, {PLAYERS} players)", "µs/decision")
    slices = result.slices
    early = sum(s.early for s in slices)
    late = sum(s.late for s in slices)
    print(f"  {f'early: turn < {EARLY_BEFORE_TURN} ({early:,} decisions)':<{_LABEL}}", end="")
    print(f"  {result.early_us:>11.1f}")
    print(f"  {f'late: turn >= {LATE_FROM_TURN} ({late:,} decisions)':<{_LABEL}}", end="")
    print(f"  {result.late_us:>11.1f}")
    _ratio_row("late / early", result.ratio)
    print(f"  {'late / early at the early mix of moves':<{_LABEL}}  {result.same_mix:>11.2f}")
    print(f"  {'late / early from the late mix alone':<{_LABEL}}  {result.mix_alone:>11.2f}")
    print("    by the move chosen:    share early  share late    µs early     µs late")
    for kind, e, early_us, n, late_us in result.by_kind():
        print(
            f"    {kind:<20} {e / max(early, 1):>12.0%} {n / max(late, 1):>11.0%} "
            f"{_us(early_us):>11} {_us(late_us):>11}"
        )
    dropped = sum(s.dropped for s in slices)
    total = sum(s.decisions for s in slices)
    print(
        f"  ({dropped:,} of {total:,} decisions were interrupted, taking over "
        f"{OUTLIER_FACTOR} times the median, and are left out)"
    )
    missing = len(slices) - len(result.ratio.per_round)
    if missing:
        print(f"  ({missing} of {len(slices)} slices had no early or no late decision)")


def print_decks(result: DecksResult) -> None:
    """The two decks/one deck comparison as a table."""
    _heading(f"Two decks against one (rummy500, {PLAYERS} players)", "decisions/s")
    _rate_row("RuleConfig(decks=PlayerTable.of(2))", result.two_decks)
    _rate_row("RuleConfig()", result.one_deck)
    _ratio_row("two decks / one deck", result.ratio)


def print_presets(rows: Sequence[PresetResult]) -> None:
    """The presets against the standard rules as a table."""
    print("Every preset against the standard rules (RuleConfig()) at the same number of players")
    header = (
        f"  {'preset':<16}  {'players':>7}  {'decisions/s':>11}  {'standard':>9}  "
        f"{'ratio':>5}  {'rounds':>9}  {'games':>5}"
    )
    print(header)
    print("  " + "-" * (len(header) - 2))
    for row in rows:
        notes = []
        if row.games_abandoned:
            notes.append(f"{row.games_abandoned} games abandoned")
        if row.ratio.median < PRESET_FLOOR:
            notes.append("below the floor")
        print(
            f"  {row.name:<16}  {row.players:>7}  {median_rate(row.preset):>11,.0f}  "
            f"{median_rate(row.standard):>9,.0f}  {row.ratio.median:>5.2f}  "
            f"{row.ratio.spread():>9}  {row.games_finished:>5}"
            + ("  " + ", ".join(notes) if notes else "")
        )


def print_memory(result: MemoryResult) -> None:
    """The memory figures as a table."""
    _heading(
        f"Memory kept alive by the undo chain (one game, seed {result.seed}, {result.steps} "
        f"steps, {result.decisions} decisions)",
        "bytes/step",
    )
    print(f"  {'legal moves listed at every step (random play)':<{_LABEL}}", end="")
    print(f"  {result.listed_per_step:>11,.0f}")
    print(f"  {'the same moves applied without listing them':<{_LABEL}}", end="")
    print(f"  {result.applied_per_step:>11,.0f}")
    print(f"  {'objects the final state keeps (random play)':<{_LABEL}}", end="")
    print(f"  {result.kept_per_step:>11,.1f}")


def print_bot_play(result: bot_play.BotPlayResult | None, args: argparse.Namespace) -> None:
    """The bot-play comparisons, or why they were left out."""
    if result is None:
        why = "--quick" if args.quick else "--no-bot-play"
        print(f"Bot play against commit {args.baseline} is left out ({why}).")
        return
    _heading(
        f"Bot play, this build over commit {result.baseline} (pure Python), whole processes",
        "ratio",
    )
    rows = (
        ("greedy simulation, games per CPU second", result.simulate),
        ("ISMCTS, 2 players, simulations per CPU second", result.search),
    )
    for label, comparison in rows:
        print(f"  {label:<{_LABEL}}", end="")
        if comparison.left_out:
            print(f"  left out: {comparison.left_out}")
            continue
        print(
            f"  {comparison.median:>11.2f}  ({min(comparison.ratios):.2f}-"
            f"{max(comparison.ratios):.2f}; {comparison.work})"
        )
        if not comparison.identical:
            print("  ... which came out differently in the two builds: not reported.")


def targets_of(
    peer: PeerResult | None,
    decks: DecksResult,
    preset_rows: Sequence[PresetResult],
    memory: MemoryResult,
    bots: bot_play.BotPlayResult | None,
    peer_rows: Sequence[peers.PeerRow] = (),
) -> list[Target]:
    """Every figure that has a target (for the build measured: pure or compiled)."""
    nan = float("nan")
    slowest = min(preset_rows, key=lambda row: row.ratio.median)
    simulate_figure = search_figure = nan
    if bots is not None:
        simulate_figure = bots.simulate.median if bots.simulate.identical else nan
        search_figure = bots.search.median if bots.search.identical else nan
    targets = [
        Target(
            "rummy500 / gin_rummy",
            peer.vs_open_spiel.median if peer else nan,
            TARGET_VS_OPEN_SPIEL,
        ),
    ]
    if rummy500.COMPILED:
        targets.append(
            Target(
                "rummy500 / gin_rummy from a clone",
                peer.vs_open_spiel_clone.median if peer else nan,
                TARGET_VS_OPEN_SPIEL_CLONE,
            )
        )
    return [
        *targets,
        Target(
            f"bot play / {bot_play.BASELINE} (simulate, greedy)",
            simulate_figure,
            bot_play.target(rummy500.COMPILED),
        ),
        Target(f"ISMCTS / {bot_play.BASELINE} (sims/s)", search_figure, bot_play.TARGET_SEARCH),
        *(
            Target(row.label, row.ratio.median, row.target)
            for row in peer_rows
            if row.target is not None
        ),
        Target("two decks / one deck", decks.ratio.median, TARGET_TWO_DECKS),
        Target(f"slowest preset / standard ({slowest.name})", slowest.ratio.median, TARGET_PRESETS),
        Target(
            "undo chain, random play (bytes/step)",
            memory.listed_per_step,
            TARGET_BYTES_PER_STEP,
            higher_is_better=False,
            unit=" B",
        ),
        Target(
            "undo chain, moves not listed (bytes/step)",
            memory.applied_per_step,
            TARGET_BYTES_PER_STEP,
            higher_is_better=False,
            unit=" B",
        ),
        Target(
            f"objects kept / {bot_play.BASELINE} (bytes/step)",
            memory.kept_per_step,
            TARGET_KEPT_PER_STEP,
            higher_is_better=False,
            unit=" B",
        ),
    ]


def machine_info() -> dict[str, Any]:
    """The Python version and the machine the figures were measured on."""
    try:
        open_spiel = metadata.version("open_spiel")
    except metadata.PackageNotFoundError:
        open_spiel = None
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or "unknown",
        "cpus": os.cpu_count(),
        "rummy500": rummy500.__version__,
        "rummy500_path": str(Path(rummy500.__file__).parent),
        "compiled": rummy500.COMPILED,
        "open_spiel": open_spiel,
    }


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Read the command line."""
    parser = argparse.ArgumentParser(
        description=(
            "Benchmark rummy500 random play as ratios against workloads run in the same "
            "process, in slices interleaved over several rounds."
        ),
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=(
            f"a smoke run of a few seconds ({QUICK_ROUNDS} rounds of {QUICK_SECONDS:g} s "
            "slices): every figure is printed, none can fail the run"
        ),
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help=(
            f"length of one slice (default {DEFAULT_SECONDS:g}, or {QUICK_SECONDS:g} with "
            f"--quick); the late/early slices are {LATE_SLICE_FACTOR} times longer"
        ),
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        help=f"rounds of slices (default {DEFAULT_ROUNDS}, or {QUICK_ROUNDS} with --quick)",
    )
    parser.add_argument("--seed", type=int, default=0, help="base seed of every workload")
    parser.add_argument("--json", metavar="FILE", help="also write every figure to FILE as JSON")
    parser.add_argument(
        "--no-peer",
        action="store_true",
        help="leave out the comparisons with OpenSpiel, RLCard and PettingZoo",
    )
    parser.add_argument(
        "--no-bot-play",
        action="store_true",
        help="leave out bot play against the baseline commit (always left out with --quick)",
    )
    parser.add_argument(
        "--baseline",
        default=bot_play.BASELINE,
        help=f"the commit bot play is measured against (default {bot_play.BASELINE})",
    )
    args = parser.parse_args(argv)
    if args.seconds is None:
        args.seconds = QUICK_SECONDS if args.quick else DEFAULT_SECONDS
    if args.rounds is None:
        args.rounds = QUICK_ROUNDS if args.quick else DEFAULT_ROUNDS
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run every comparison, print the tables and the targets, and write the JSON if asked.

    Returns 1 only in a full run (not ``--quick``) in which a preset is clearly below the floor.
    """
    args = parse_args(argv)
    seconds, rounds, seed = args.seconds, args.rounds, args.seed
    warmup = min(seconds, WARMUP_SECONDS)
    info = machine_info()
    began = time.perf_counter()
    build = "compiled with mypyc" if info["compiled"] else "pure Python"
    print(f"rummy500 {info['rummy500']} benchmark ({build}), from {info['rummy500_path']}")
    print(f"{info['python']} on {info['platform']}, {info['cpus']} CPUs")
    print(
        f"seed {seed}; {rounds} rounds of interleaved {seconds:g} s slices; every figure is "
        "the median over the rounds,\nwith the lowest and highest round; decisions/s are "
        "per second of this process's CPU time"
    )
    print()

    pyspiel = None if args.no_peer else import_pyspiel()
    peer = None if pyspiel is None else bench_open_spiel(pyspiel, seed, rounds, seconds, warmup)
    late = bench_late_early(seed, rounds, seconds * LATE_SLICE_FACTOR, warmup)
    decks = bench_decks(seed, rounds, seconds, warmup)
    preset_rows = bench_presets(seed, rounds, seconds, warmup)
    memory = bench_memory(seed)
    peer_rows = (
        []
        if args.no_peer
        else peers.bench_peers(
            lambda: RandomPlay(RuleConfig(), PLAYERS, seed),
            seed,
            rounds,
            seconds,
            warmup,
            quick=args.quick,
        )
    )
    bots = (
        None
        if args.quick or args.no_bot_play
        else bot_play.bench_bot_play(BOT_ROUNDS, BOT_GAMES, seed, args.baseline)
    )

    if peer is not None:
        print_open_spiel(peer)
    elif args.no_peer:
        print("The comparison with OpenSpiel is left out (--no-peer).")
    else:
        print(
            "OpenSpiel is not installed (pyspiel cannot be imported), so the comparison with "
            "gin_rummy is skipped;\ninstall it with: pip install -e '.[bench]'"
        )
    print()
    print_late_early(late)
    print()
    print_decks(decks)
    print()
    print_presets(preset_rows)
    print()
    print_memory(memory)
    print()
    print_bot_play(bots, args)
    print()
    if peer_rows:
        peers.print_peers(peer_rows)
        print()

    targets = targets_of(peer, decks, preset_rows, memory, bots, peer_rows)
    print("Targets")
    header = f"  {'figure':<44}  {'measured':>9}  {'target':>14}  status"
    print(header)
    print("  " + "-" * (len(header) - 2))
    for target in targets:
        print(target.row())
    print()

    all_slices = [
        *(peer.rummy500 + peer.open_spiel + peer.open_spiel_clone if peer else []),
        *decks.two_decks,
        *decks.one_deck,
        *(s for row in preset_rows for s in row.preset + row.standard),
    ]
    cpu_share = sum(s.cpu_seconds for s in all_slices) / sum(s.seconds for s in all_slices)
    print(f"This process had a CPU for {cpu_share:.0%} of the time it measured.")

    failing = [row.name for row in preset_rows if row.clearly_below_floor()]
    status = 0
    if args.quick:
        print("Quick run: the figures are printed, not checked.")
    elif rounds < MIN_ROUNDS_TO_FAIL:
        print(f"Fewer than {MIN_ROUNDS_TO_FAIL} rounds: the preset floor is not checked.")
    elif failing:
        print(
            f"FAILED: below {PRESET_FLOOR:g} of the standard rules' decisions/s in at least "
            f"three rounds out of four: {', '.join(failing)}"
        )
        status = 1
    else:
        print(f"Preset floor checked: no preset is clearly below {PRESET_FLOOR:g}.")
    took = time.perf_counter() - began
    print(f"{took:.0f} s in all.")

    if args.json:
        report = {
            **info,
            "seed": seed,
            "rounds": rounds,
            "slice_seconds": seconds,
            "late_slice_seconds": seconds * LATE_SLICE_FACTOR,
            "warmup_seconds": warmup,
            "quick": args.quick,
            "total_seconds": took,
            "cpu_share": cpu_share,
            "open_spiel_comparison": None if peer is None else peer.to_json(),
            "late_early": late.to_json(),
            "decks": decks.to_json(),
            "presets": [row.to_json() for row in preset_rows],
            "memory": memory.to_json(),
            "bot_play": None if bots is None else bots.to_json(),
            "peers": [row.to_json() for row in peer_rows],
            "targets": [t.to_json() for t in targets],
            "presets_clearly_below_floor": failing,
            "exit_status": status,
        }
        text = json.dumps(_nan_to_none(report), indent=2, allow_nan=False)
        Path(args.json).write_text(text + "\n", encoding="utf-8")
        print(f"Figures written to {args.json}.")
    return status


def _nan_to_none(value: Any) -> Any:
    """``value`` with every NaN (a figure not measured) replaced by ``None``, for JSON."""
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, dict):
        return {k: _nan_to_none(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_nan_to_none(v) for v in value]
    return value


if __name__ == "__main__":
    sys.exit(main())
