"""Many games between bots: seeded so that every game can be played again, on every core.

:func:`simulate` plays ``games`` games of one rule set, player count and line-up of bots. Game
``i`` is ``new_game(config, players, seed + i)``, and the bot in seat ``k`` of that game is
built with the seed ``(seed + i) * 8 + k``, so a game's result depends only on those numbers:
never on the number of worker processes, on the backend, or on the order the games finish in.

Each game gives a :class:`GameOutcome` (the score of every hand, how it ended, who won), and
:class:`Summary` puts them together with 95% intervals. With an output file, every finished game
is written to it as one line of JSON as soon as it is known; a run stopped part way (Ctrl-C)
keeps what finished, and a run with the same file and the same parameters plays only the games
that are missing. Once every game is in, the file is rewritten in game order, so the same
parameters always give the same file.

The games run in a pool of processes, one per core unless told otherwise, or as tasks on a
Ray cluster (``backend="ray"``, which needs ``pip install 'rummy500[ray]'``).
"""

from __future__ import annotations

import importlib
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, Final, TextIO

import attrs

from rummy500 import (
    Call,
    Phase,
    RuleConfig,
    Rummy500Error,
    new_game,
    presets,
    to_data,
)
from rummy500.bots import BOT_NAMES, make_bot

__all__ = [
    "GameOutcome",
    "HandOutcome",
    "Interval",
    "Simulation",
    "SimulationError",
    "Summary",
    "play_one",
    "simulate",
]

#: How a hand can end.
ENDINGS: Final = ("went_out", "stock", "turn_limit")
#: The backends that run the games.
BACKENDS: Final = ("local", "ray")
#: The most players a game has: a bot's seed is ``game_seed * SEATS + seat``.
SEATS: Final = 8


class SimulationError(Rummy500Error):
    """A simulation that cannot run as asked: its parameters, its output file or its backend."""


@attrs.frozen
class Simulation:
    """What to simulate: ``games`` games of ``config`` (named ``rules``) between ``bots``.

    ``bots`` names the bot in each seat (``"random"``, ``"greedy"``...), one per player. Game
    ``i`` is played with the seed ``seed + i``.
    """

    config: RuleConfig
    rules: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0

    @classmethod
    def of(
        cls,
        rules: str | RuleConfig,
        players: int,
        bots: Sequence[str],
        games: int,
        seed: int = 0,
    ) -> Simulation:
        """A checked simulation: ``rules`` is a preset's name or a :class:`RuleConfig`, and
        ``bots`` one bot name per player, or fewer names repeated round the table."""
        if isinstance(rules, RuleConfig):
            config, name = rules, _preset_name(rules)
        else:
            try:
                config, name = presets.get(rules), presets.preset(rules).name
            except Rummy500Error as error:
                raise SimulationError(str(error)) from None
        config.check_players(players)
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise SimulationError(f"games is a whole number of 1 or more, not {games!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise SimulationError(f"seed is a whole number of 0 or more, not {seed!r}")
        names = [b.strip().lower() for b in bots]
        unknown = [b for b in names if b not in BOT_NAMES]
        if not names or unknown:
            raise SimulationError(
                f"unknown bot {unknown[0]!r}: the built-in bots are {', '.join(BOT_NAMES)}"
                if unknown
                else "the line-up needs a bot name for at least one seat"
            )
        if len(names) > players:
            raise SimulationError(
                f"{len(names)} bots for a {players}-player game: give one per seat at most"
            )
        lineup = tuple(names[k % len(names)] for k in range(players))
        return cls(config, name, players, lineup, games, seed)

    def to_json(self) -> dict[str, Any]:
        """The parameters as JSON data (the header line of an output file)."""
        return {
            "rules": self.rules,
            "config": to_data(self.config),
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
        }


def _preset_name(config: RuleConfig) -> str:
    for name in presets.names():
        if presets.get(name) == config:
            return name
    return "custom"


@attrs.frozen
class HandOutcome:
    """One finished hand: each side's and each player's score, its turns, and how it ended
    (``"went_out"``, ``"stock"`` when the stock ran out, ``"turn_limit"``)."""

    scores: tuple[int, ...]
    player_scores: tuple[int, ...]
    turns: int
    went_out: int | None
    ended: str
    calls: int


@attrs.frozen
class GameOutcome:
    """One finished game: its number and seed, its hands, the totals and the winning side
    (``None`` for a game drawn at the hand limit), and the decisions taken."""

    index: int
    seed: int
    hands: tuple[HandOutcome, ...]
    totals: tuple[int, ...]
    winner: int | None
    decisions: int

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON data (one line of an output file)."""
        return {
            "game": self.index,
            "seed": self.seed,
            "totals": list(self.totals),
            "winner": self.winner,
            "decisions": self.decisions,
            "hands": [
                {
                    "scores": list(h.scores),
                    "player_scores": list(h.player_scores),
                    "turns": h.turns,
                    "went_out": h.went_out,
                    "ended": h.ended,
                    "calls": h.calls,
                }
                for h in self.hands
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameOutcome:
        """The outcome written by :meth:`to_json`."""
        return cls(
            data["game"],
            data["seed"],
            tuple(
                HandOutcome(
                    tuple(h["scores"]),
                    tuple(h["player_scores"]),
                    h["turns"],
                    h["went_out"],
                    h["ended"],
                    h["calls"],
                )
                for h in data["hands"]
            ),
            tuple(data["totals"]),
            data["winner"],
            data["decisions"],
        )


def play_one(simulation: Simulation, index: int) -> GameOutcome:
    """Play game ``index`` of ``simulation`` to the end."""
    seed = simulation.seed + index
    bots = [make_bot(name, seed * SEATS + seat) for seat, name in enumerate(simulation.bots)]
    state = new_game(simulation.config, simulation.players, seed)
    hands: list[HandOutcome] = []
    decisions = calls = 0
    limit = simulation.config.turn_limit
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(state.legal_moves()[0])
            continue
        player = state.current_player
        move = bots[player].choose(state.view(player))
        calls += isinstance(move, Call)
        state = state.apply(move)
        decisions += 1
        if state.phase >= Phase.HAND_OVER:
            went_out = state.went_out
            ended = (
                "went_out"
                if went_out is not None
                else ("turn_limit" if state.turn >= limit else "stock")
            )
            hands.append(
                HandOutcome(
                    state.history[-1],
                    state.player_history[-1],
                    state.turn,
                    went_out,
                    ended,
                    calls,
                )
            )
            calls = 0
    return GameOutcome(index, seed, tuple(hands), state.totals, state.winner, decisions)


def _play_range(simulation: Simulation, indexes: Sequence[int]) -> list[GameOutcome]:
    return [play_one(simulation, i) for i in indexes]


@attrs.frozen
class Interval:
    """An estimate with its 95% interval."""

    value: float
    low: float
    high: float

    def text(self, *, percent: bool = False, digits: int = 1) -> str:
        """``value (low-high)``, as percentages with ``percent``."""
        scale, unit = (100.0, "%") if percent else (1.0, "")
        return (
            f"{self.value * scale:.{digits}f}{unit} "
            f"({self.low * scale:.{digits}f}-{self.high * scale:.{digits}f})"
        )


def proportion(hits: int, trials: int) -> Interval:
    """The share ``hits / trials`` with its 95% Wilson score interval."""
    if trials == 0:
        return Interval(math.nan, math.nan, math.nan)
    z = 1.959963984540054
    p = hits / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean(values: Sequence[float]) -> Interval:
    """The mean of ``values`` with its 95% interval (normal approximation)."""
    if not values:
        return Interval(math.nan, math.nan, math.nan)
    m = statistics.fmean(values)
    if len(values) < 2:
        return Interval(m, m, m)
    half = 1.959963984540054 * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(m, m - half, m + half)


@attrs.frozen
class Summary:
    """What a set of games says, with 95% intervals.

    ``wins_by_seat[k]`` is the share of games the player in seat ``k`` won (their side won, in
    a partnership game), ``wins_by_bot[name]`` the share of the seats that bot held that won.
    ``draws`` is the share of games drawn at the hand limit.
    """

    simulation: Simulation
    games: int
    wins_by_seat: tuple[Interval, ...]
    wins_by_bot: dict[str, Interval]
    draws: Interval
    hand_score: Interval
    hand_score_spread: float
    hands_per_game: Interval
    turns_per_hand: Interval
    going_out: Interval
    stock_exhausted: Interval
    calls_per_hand: Interval

    @classmethod
    def of(cls, simulation: Simulation, outcomes: Sequence[GameOutcome]) -> Summary:
        """The summary of ``outcomes``, games of ``simulation``."""
        config, n = simulation.config, simulation.players
        seat_wins = [0] * n
        bot_wins: dict[str, list[int]] = {name: [0, 0] for name in simulation.bots}
        draws = 0
        scores: list[float] = []
        turns: list[float] = []
        calls: list[float] = []
        endings = dict.fromkeys(ENDINGS, 0)
        for game in outcomes:
            if game.winner is None:
                draws += 1
            for seat, name in enumerate(simulation.bots):
                won = game.winner is not None and config.side_of(seat, n) == game.winner
                seat_wins[seat] += won
                bot_wins[name][0] += won
                bot_wins[name][1] += 1
            for hand in game.hands:
                scores.extend(hand.player_scores)
                turns.append(hand.turns)
                calls.append(hand.calls)
                endings[hand.ended] += 1
        games = len(outcomes)
        hands = sum(endings.values())
        return cls(
            simulation,
            games,
            tuple(proportion(w, games) for w in seat_wins),
            {name: proportion(w, t) for name, (w, t) in bot_wins.items()},
            proportion(draws, games),
            mean(scores),
            statistics.stdev(scores) if len(scores) > 1 else 0.0,
            mean([len(game.hands) for game in outcomes]),
            mean(turns),
            proportion(endings["went_out"], hands),
            proportion(endings["stock"], hands),
            mean(calls),
        )

    def text(self) -> str:
        """The summary as a few lines of text."""
        sim = self.simulation
        lines = [
            f"{self.games} games of {sim.rules}, {sim.players} players, seeds {sim.seed} to "
            f"{sim.seed + sim.games - 1}: {' / '.join(sim.bots)}",
            "Wins by seat (95% interval):",
            *(
                f"  seat {k} ({sim.bots[k]}): {w.text(percent=True)}"
                for k, w in enumerate(self.wins_by_seat)
            ),
            "Wins by bot:",
            *(f"  {name}: {w.text(percent=True)}" for name, w in self.wins_by_bot.items()),
            f"Drawn at the hand limit: {self.draws.text(percent=True)}",
            f"Hand score per player: mean {self.hand_score.text()}, spread (sd) "
            f"{self.hand_score_spread:.1f}",
            f"Hands per game: {self.hands_per_game.text(digits=2)}",
            f"Turns per hand: {self.turns_per_hand.text()}",
            f"Hands ended by going out: {self.going_out.text(percent=True)}",
            f"Hands ended by the stock running out: {self.stock_exhausted.text(percent=True)}",
            f"Calls per hand: {self.calls_per_hand.text(digits=2)}",
        ]
        return "\n".join(lines)


Progress = Callable[[int, int], None]


def simulate(
    simulation: Simulation,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    output: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> tuple[GameOutcome, ...]:
    """Play the games of ``simulation``; their outcomes, in game order.

    ``workers`` processes play them (default: one per core; 1 plays them in this process).
    ``backend="ray"`` runs them as Ray tasks instead, on the cluster at ``address`` (or a
    local Ray started for the run). With ``output``, each finished game is written there at
    once (see the module's documentation), and games already in the file are not played again.
    ``progress(done, total)`` is called as games finish. A ``KeyboardInterrupt`` stops the run
    after writing every finished game, and is raised again.
    """
    if backend not in BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}: the backends are local and ray")
    if workers is not None and (isinstance(workers, bool) or workers < 1):
        raise SimulationError(f"workers is a whole number of 1 or more, not {workers!r}")
    done: dict[int, GameOutcome] = {}
    path = None if output is None else Path(output)
    if path is not None and path.exists():
        done = _read_output(path, simulation)
    todo = [i for i in range(simulation.games) if i not in done]
    total = simulation.games
    if progress is not None:
        progress(len(done), total)
    sink = None if path is None else _open_output(path, simulation, fresh=not done)
    try:
        runner = _ray_batches if backend == "ray" else _local_batches
        for batch in runner(simulation, todo, workers, address):
            for outcome in batch:
                done[outcome.index] = outcome
                if sink is not None:
                    sink.write(json.dumps(outcome.to_json()) + "\n")
            if sink is not None:
                sink.flush()
            if progress is not None:
                progress(len(done), total)
    finally:
        if sink is not None:
            sink.close()
    outcomes = tuple(done[i] for i in range(total))
    if path is not None:
        _write_output(path, simulation, outcomes)
    return outcomes


def _batches(todo: Sequence[int], workers: int) -> list[list[int]]:
    """``todo`` cut into batches small enough to keep every worker busy to the end."""
    size = max(1, min(32, len(todo) // (workers * 8)))
    return [list(todo[i : i + size]) for i in range(0, len(todo), size)]


def _local_batches(
    simulation: Simulation, todo: Sequence[int], workers: int | None, address: str | None
) -> Iterator[list[GameOutcome]]:
    if address is not None:
        raise SimulationError("address is for the ray backend: the local backend uses this machine")
    count = workers or os.cpu_count() or 1
    if count == 1 or len(todo) <= 1:
        for index in todo:
            yield [play_one(simulation, index)]
        return
    with ProcessPoolExecutor(max_workers=count) as pool:
        pending: set[Future[list[GameOutcome]]] = {
            pool.submit(_play_range, simulation, batch) for batch in _batches(todo, count)
        }
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield future.result()
        except BaseException:
            for future in pending:
                future.cancel()
            raise


def _ray_batches(
    simulation: Simulation, todo: Sequence[int], workers: int | None, address: str | None
) -> Iterator[list[GameOutcome]]:
    try:
        # Ray is an optional extra, imported only for this backend (and untyped here, as it
        # may not be installed where the types are checked).
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise SimulationError("the ray backend needs Ray: pip install 'rummy500[ray]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, num_cpus=workers, include_dashboard=False)
    try:
        remote = ray.remote(_play_range)
        count = workers or int(ray.cluster_resources().get("CPU", 1))
        pending = [remote.remote(simulation, batch) for batch in _batches(todo, count)]
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                yield ray.get(ready[0])
        except BaseException:
            for ref in pending:
                ray.cancel(ref)
            raise
    finally:
        if started:
            ray.shutdown()


def _header(simulation: Simulation) -> dict[str, Any]:
    return {"simulation": simulation.to_json()}


def _open_output(path: Path, simulation: Simulation, *, fresh: bool) -> TextIO:
    if fresh:
        sink = path.open("w", encoding="utf-8")
        sink.write(json.dumps(_header(simulation)) + "\n")
        return sink
    return path.open("a", encoding="utf-8")


def _read_output(path: Path, simulation: Simulation) -> dict[int, GameOutcome]:
    """The games already in the output file of an earlier run of ``simulation``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        return {}
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("simulation") != simulation.to_json():
        raise SimulationError(
            f"{path} holds the games of another simulation (or is not a simulation's output): "
            "give another output file, or the same parameters to carry on with it"
        )
    done: dict[int, GameOutcome] = {}
    for number, line in enumerate(lines[1:], 2):
        try:
            outcome = GameOutcome.from_json(json.loads(line))
        except (json.JSONDecodeError, KeyError, TypeError):
            if number == len(lines):
                break  # a line cut short when a run was stopped: that game is played again
            raise SimulationError(f"{path}, line {number}: not a game's outcome") from None
        done[outcome.index] = outcome
    return done


def _write_output(path: Path, simulation: Simulation, outcomes: Sequence[GameOutcome]) -> None:
    """Write the whole file again in game order (through a temporary file, then a rename)."""
    temporary = path.with_name(path.name + ".tmp")
    with temporary.open("w", encoding="utf-8") as sink:
        sink.write(json.dumps(_header(simulation)) + "\n")
        for outcome in outcomes:
            sink.write(json.dumps(outcome.to_json()) + "\n")
    temporary.replace(path)


def progress_bar(stream: TextIO = sys.stderr) -> Progress:
    """A progress report for :func:`simulate`: a tqdm bar where tqdm is installed
    (``pip install 'rummy500[progress]'``), otherwise a line with the games done and an ETA,
    rewritten in place at most twice a second."""
    try:
        # tqdm is an optional extra.
        tqdm: Any = importlib.import_module("tqdm").tqdm
    except ImportError:
        return _plain_progress(stream)
    bar: Any = None

    def report(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = tqdm(total=total, initial=done, unit="game", file=stream)
        else:
            bar.update(done - bar.n)
        if done == total:
            bar.close()

    return report


def _plain_progress(stream: TextIO) -> Progress:
    start = time.monotonic()
    first: int | None = None
    last = 0.0

    def report(done: int, total: int) -> None:
        nonlocal first, last
        now = time.monotonic()
        if first is None:
            first = done
        if now - last < 0.5 and done < total:
            return
        last = now
        played = done - first
        eta = ""
        if played and done < total:
            eta = f", about {(now - start) / played * (total - done):.0f} s to go"
        stream.write(f"\r{done}/{total} games{eta}   ")
        if done == total:
            stream.write("\n")
        stream.flush()

    return report
