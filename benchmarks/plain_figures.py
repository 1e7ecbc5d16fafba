"""The engine's speed in plain figures: moves, games, views and searches per second.

``bench.py`` holds the engine to ratios against other workloads, which a busy machine does not
move much. This script gives the absolute figures a reader asks for first, for the build the
Python running it imports (pure or compiled), on the machine it runs on:

* **random play**, 3 players, standard rules: the benchmark's loop (list the legal moves, pick
  one with a seeded ``random.Random``, apply it; ``bench.RandomPlay``): moves (decisions) per
  second, and whole games per second, the moves per second over the mean moves of the games
  finished in the run;
* **greedy bots**, 3 players, standard rules, games to 500: whole games per second, each played
  as ``rummy500 simulate --bots greedy`` plays it (``rummy500.simulate.play_one``: a view of
  the player to move at every decision, the bot's choice from it);
* **views**: ``state.view(player)`` for the player to move at every decision of random games,
  built in the order of play, the moves already listed (what a view costs beyond the move
  generator): views per second;
* **ISMCTS**, 3 players, standard rules: ``ISMCTSBot(seed)`` (its default budget, 300
  iterations) and the bot named ``ismcts`` (``make_bot("ismcts")``, 100 iterations) choosing
  at twelve real choices (two or more moves) of seeded greedy games, every twentieth, one
  after another (a slice searches them all, once or more): simulations per second, and
  seconds per move. Every search runs its whole budget, so a move takes the iterations over
  the simulations per second.

The workloads run in slices interleaved round after round (``timing.interleave``), so that all
see the same machine load, and every figure is the median over the rounds of a speed per
second of this process's CPU time (``time.process_time``), with the lowest and highest round
beside it. On a shared machine these figures swing by a factor of two from one run to the
next; the ratios of ``bench.py`` are what the engine is held to.

    python benchmarks/plain_figures.py           # about a minute
    python benchmarks/plain_figures.py --quick   # a smoke run of a few seconds
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

try:
    import rummy500
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import rummy500

from bench import RandomPlay

# The scripts are no package: their folder goes on the path (the generated pages name the
# processor their timings were taken on, as the ladder's page does).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from generated_page import machine as cpu_model
from search_job import decision_views
from timing import Slice, Steps, Workload, interleave, progress

from rummy500 import PlayerView, RuleConfig, State, new_game
from rummy500.bots import ISMCTSBot, make_bot
from rummy500.simulate import Simulation, play_one

#: Players in every workload.
PLAYERS = 3
DEFAULT_SECONDS = 1.0
DEFAULT_ROUNDS = 7
QUICK_SECONDS = 0.1
QUICK_ROUNDS = 2
#: Every workload's unrecorded first slice lasts this long (or one slice, if that is shorter).
WARMUP_SECONDS = 0.2
#: The real choices the search bots take in turn (fewer with ``--quick``): every
#: ``SEARCH_STRIDE``-th of greedy games.
SEARCH_POSITIONS = 12
QUICK_SEARCH_POSITIONS = 2
SEARCH_STRIDE = 20
#: Positions of random play made ahead of their views, a batch at a time.
VIEW_BATCH = 100
#: Far more greedy games than any run plays: game ``i`` has the seed ``seed + i``.
GREEDY_GAMES = 10**9


def greedy_games(seed: int) -> Iterator[int]:
    """Whole games of greedy bots from successive seeds, as ``rummy500 simulate`` plays them:
    yields 1 per game, so a slice plays games until its time is up, the last one to the end."""
    simulation = Simulation.of("standard", PLAYERS, ["greedy"], GREEDY_GAMES, seed)
    for index in itertools.count():
        play_one(simulation, index)
        yield 1


def random_decisions(seed: int) -> Iterator[State]:
    """The states of random play at which a player decides, whole games from successive
    seeds, their legal moves listed; the move is chosen once the next state is asked for."""
    rng = random.Random(f"views/{seed}")
    game = seed
    while True:
        state = new_game(RuleConfig(), PLAYERS, game)
        while not state.is_terminal():
            moves = state.legal_moves()
            if not state.is_chance_node():
                yield state
            state = state.apply(moves[rng.randrange(len(moves))])
        game += 1


class Views:
    """The view of the player to move at every decision of random play, in the order of play.

    Positions are made a batch at a time, then viewed one after another; only the views are
    timed (CPU and wall), so a slice's count is views and its times are theirs alone.
    """

    def __init__(self, seed: int) -> None:
        self.positions = random_decisions(seed)

    def run(self, seconds: float) -> Slice:
        """View batches of positions for about ``seconds`` (of the slice, positions made too)."""
        clock, cpu_clock = time.perf_counter, time.process_time
        views = 0
        wall = cpu = 0.0
        deadline = clock() + seconds
        while clock() < deadline or not views:
            batch = [next(self.positions) for _ in range(VIEW_BATCH)]
            cpu_start, start = cpu_clock(), clock()
            for state in batch:
                state.view(state.current_player)
            wall += clock() - start
            cpu += cpu_clock() - cpu_start
            views += len(batch)
        return Slice(views, wall, cpu)


class Searches(Steps):
    """A search bot choosing at each of the given real choices in turn: a pass.

    A slice runs whole passes until its time is up, so that every slice searches the same
    positions (some cost far more than others: a full stock makes long playouts); its count is
    simulations.
    """

    def __init__(self, label: str, bot: ISMCTSBot, views: Sequence[PlayerView]) -> None:
        self.label = label
        self.bot = bot
        self.views = views
        self.passes = 0
        #: The simulations of the last search: its whole budget, at a real choice.
        self.iterations = 0
        super().__init__(self._passes())

    def _passes(self) -> Iterator[int]:
        """Yields the simulations of each pass."""
        while True:
            simulations = 0
            for view in self.views:
                self.bot.choose(view)
                self.iterations = self.bot.last_iterations
                simulations += self.iterations
            self.passes += 1
            yield simulations


def search_positions(count: int, seed: int) -> list[PlayerView]:
    """Every :data:`SEARCH_STRIDE`-th real choice of seeded greedy games, ``count`` of them:
    positions from several hands, early and late in each."""
    return decision_views(PLAYERS, count * SEARCH_STRIDE, seed)[::SEARCH_STRIDE]


@dataclass(frozen=True)
class Figures:
    """The slices of every workload, round by round, and what the figures need beside them."""

    random: Sequence[Slice]
    #: Random play: the games finished in the run, and their decisions.
    games_finished: int
    moves_in_finished: int
    greedy: Sequence[Slice]
    views: Sequence[Slice]
    #: Each search bot's label, the iterations of one of its searches, and its slices.
    searches: Sequence[tuple[str, int, Sequence[Slice]]]
    #: The positions the search bots choose at.
    positions: int

    @property
    def moves_per_game(self) -> float:
        """The mean moves of a finished random game (NaN when none finished)."""
        if not self.games_finished:
            return math.nan
        return self.moves_in_finished / self.games_finished

    def all_slices(self) -> list[Slice]:
        """Every recorded slice."""
        searched = [s for _, _, slices in self.searches for s in slices]
        return [*self.random, *self.greedy, *self.views, *searched]


def spread(rates: Sequence[float], digits: int) -> str:
    """The lowest and the highest round, as text."""
    return f"({min(rates):,.{digits}f}-{max(rates):,.{digits}f})"


def row(label: str, rates: Sequence[float], digits: int = 0) -> str:
    """One figure: the median of ``rates``, then the lowest and highest round."""
    median = statistics.median(rates)
    return f"  {label:<44} {median:>10,.{digits}f}  {spread(rates, digits)}"


def lines(figures: Figures) -> list[str]:
    """The figures as the table the script prints."""
    random_rates = [s.rate for s in figures.random]
    per_game = figures.moves_per_game
    out = [
        f"Random play, {PLAYERS} players, standard rules",
        row("moves per second", random_rates),
        row("whole games per second", [rate / per_game for rate in random_rates], 1),
        f"    ({per_game:,.0f} moves a game, the mean of the {figures.games_finished:,} "
        "games finished)",
        f"Greedy bots, {PLAYERS} players, standard rules, games to 500",
        row("games per second", [s.rate for s in figures.greedy], 1),
        "PlayerView of the player to move, at every move of random play",
        row("views per second", [s.rate for s in figures.views]),
        f"ISMCTS, {PLAYERS} players, standard rules, at {figures.positions} real choices of "
        "greedy games",
    ]
    for label, iterations, slices in figures.searches:
        rates = [s.rate for s in slices]
        out += [
            f"  {label}, {iterations} iterations a move",
            row("  simulations per second", rates),
            row("  seconds per move", [iterations / rate for rate in rates], 3),
        ]
    slices = figures.all_slices()
    share = sum(s.cpu_seconds for s in slices) / sum(s.seconds for s in slices)
    out.append(f"This process had a CPU for {share:.0%} of the time it measured.")
    return out


def machine() -> str:
    """The build, the Python, the processor, the cores and how busy they were."""
    build = "compiled with mypyc" if rummy500.COMPILED else "pure Python"
    python = f"{platform.python_implementation()} {platform.python_version()}"
    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    return (
        f"rummy500 {rummy500.__version__} ({build}), {python}, {cpu_model()}, "
        f"{os.cpu_count()} cores{load}"
    )


def measure(seed: int, rounds: int, seconds: float, choices: int) -> Figures:
    """Run every workload, interleaved, for ``rounds`` rounds of ``seconds`` slices, the
    search bots at ``choices`` positions."""
    named = make_bot("ismcts", seed)
    if not isinstance(named, ISMCTSBot):
        raise SystemExit(f"The bot named ismcts is not an ISMCTSBot but {named!r}.")
    positions = search_positions(choices, seed)
    searches = [
        Searches("ISMCTSBot(seed), its default budget", ISMCTSBot(seed), positions),
        Searches('the bot named "ismcts"', named, positions),
    ]
    random_play = RandomPlay(RuleConfig(), PLAYERS, seed)
    workloads: list[Workload] = [random_play, Steps(greedy_games(seed)), Views(seed), *searches]
    warmup = min(seconds, WARMUP_SECONDS)
    report = progress("plain figures", rounds)
    slices = interleave([[w] for w in workloads], rounds, seconds, warmup, report)
    [played], [greedy], [viewed], *searched = slices
    return Figures(
        played,
        random_play.finished,
        random_play.finished_decisions,
        greedy,
        viewed,
        [(s.label, s.iterations, own) for s, [own] in zip(searches, searched, strict=True)],
        len(positions),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"a smoke run: {QUICK_ROUNDS} rounds of {QUICK_SECONDS:g} s slices",
    )
    parser.add_argument("--rounds", type=int, help=f"rounds of slices (default {DEFAULT_ROUNDS})")
    parser.add_argument(
        "--seconds", type=float, help=f"length of one slice (default {DEFAULT_SECONDS:g})"
    )
    parser.add_argument("--seed", type=int, default=0, help="base seed of every workload")
    args = parser.parse_args(argv)
    rounds = args.rounds or (QUICK_ROUNDS if args.quick else DEFAULT_ROUNDS)
    seconds = args.seconds or (QUICK_SECONDS if args.quick else DEFAULT_SECONDS)
    if rounds < 1 or seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")
    print(machine())
    print(
        f"seed {args.seed}; {rounds} rounds of interleaved {seconds:g} s slices; every figure "
        "is the median over the rounds\n(lowest-highest round), per second of this process's "
        "CPU time"
    )
    began = time.perf_counter()
    positions = QUICK_SEARCH_POSITIONS if args.quick else SEARCH_POSITIONS
    figures = measure(args.seed, rounds, seconds, positions)
    print("\n".join(lines(figures)))
    print(f"{time.perf_counter() - began:.0f} s in all.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
