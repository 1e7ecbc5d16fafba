"""A ladder of bots: every pair of bots on every format (players, full games or one hand),
each deal played from every seat, games added until each pair's win rate is known to within a
few points or the pair's cap is reached, and ratings over all the results.

A :class:`LadderPlan` names the bots, the formats and the stopping rule. :func:`run_ladder`
plays its cells round by round through :func:`~rummy500.simulate.simulate` (on every core, or
on Ray), writing the results to a JSON file after every round, so that a run stopped at any
point carries on where it stopped: a round cut short is finished from the games its line-ups
wrote to their scratch files, and a round already in the results file is never played again.
The results depend only on the plan, never on the backend, the workers or the stops.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from rummy500 import ConfigError, RuleConfig, presets
from rummy500.bots import bot_text
from rummy500.core.errors import describe_value, is_whole
from rummy500.simulate.backends import RAY_LOG_LEVEL, ray_session
from rummy500.simulate.games import Simulation, SimulationError
from rummy500.simulate.ratings import LineupResult, Rating, ratings
from rummy500.simulate.runner import simulate
from rummy500.simulate.summary import Interval, proportion

#: The version of the results file's layout.
FORMAT_VERSION: Final = 1


@attrs.frozen
class Format:
    """What a cell's games are: ``players`` at the table under the preset ``rules``, played
    to the end of the game (``hands=None``) or for ``hands`` hands (then the higher total
    wins), with the caps on the deals a cell plays: ``max_deals`` for a cell of two bots that
    do not search, ``max_search_deals`` for a cell with a search bot in it."""

    name: str
    rules: str
    players: int
    hands: int | None
    max_deals: int
    max_search_deals: int

    def config(self) -> RuleConfig:
        """The rules the games are played under."""
        config = presets.get(self.rules)
        if self.hands is None:
            return config
        return attrs.evolve(config, target=None, hands_per_game=self.hands)

    def text(self) -> str:
        """The format in words: ``2 players, whole games`` or ``3 players, one hand``."""
        length = (
            "whole games"
            if self.hands is None
            else ("one hand" if self.hands == 1 else f"{self.hands} hands")
        )
        return f"{self.players} players, {length}"


@attrs.frozen
class Cell:
    """One bot (``bot``) against another (``rival``) in one format: ``bot`` sits in each seat
    in turn and ``rival`` fills the other seats, so that every deal is played from every seat.
    The cell's figure is the share of games ``bot`` won."""

    format: Format
    bot: str
    rival: str

    @property
    def key(self) -> str:
        """The cell's name in the results file."""
        return f"{self.format.name}|{self.bot}|{self.rival}"

    def lineups(self) -> tuple[tuple[str, ...], ...]:
        """The line-ups each deal is played with, ``bot`` in seat 0, 1, ... in turn."""
        players = self.format.players
        return tuple(
            tuple(self.bot if seat == k else self.rival for seat in range(players))
            for k in range(players)
        )


@attrs.frozen
class LadderPlan:
    """The bots, the formats and when a cell stops: when the 95% interval of its win rate is
    at most ``half_width`` either side (after at least ``min_deals`` deals), or at its
    format's cap. ``search`` names the bots whose cells have the search cap. A round plays
    ``batch`` deals of a cell, each from every seat; the deals of every cell are the games
    from ``seed`` on, so every pair meets on the same cards."""

    bots: tuple[str, ...]
    formats: tuple[Format, ...]
    search: frozenset[str] = frozenset()
    half_width: float = 0.05
    min_deals: int = 16
    batch: int = 16
    seed: int = 0

    def __attrs_post_init__(self) -> None:
        for bot in self.bots:
            try:
                text = bot_text(bot)
            except ConfigError as error:
                raise SimulationError(str(error)) from None
            if text != bot:
                raise SimulationError(
                    f"a ladder names its bots in their written form: {text!r}, not {bot!r}"
                )
            if self.bots.count(bot) > 1:
                raise SimulationError(f"a ladder names each bot once, not {bot!r} twice")
        for name, value in (("min_deals", self.min_deals), ("batch", self.batch)):
            if not is_whole(value) or value < 1:
                raise SimulationError(
                    f"a ladder's {name} is a whole number of 1 or more, not {describe_value(value)}"
                )

    def cells(self) -> tuple[Cell, ...]:
        """Every cell: for two players each pair once (the second bot's share is what the
        first leaves), for more each bot of a pair alone against the other."""
        cells = []
        for fmt in self.formats:
            for i, first in enumerate(self.bots):
                for second in self.bots[i + 1 :]:
                    cells.append(Cell(fmt, first, second))
                    if fmt.players > 2:
                        cells.append(Cell(fmt, second, first))
        return tuple(cells)

    def cap(self, cell: Cell) -> int:
        """The most deals ``cell`` plays."""
        searching = {cell.bot, cell.rival} & self.search
        return cell.format.max_search_deals if searching else cell.format.max_deals

    def games_json(self) -> dict[str, Any]:
        """What the games of a cell depend on besides its bots: the first deal's seed, the
        deals a round plays, and each format's rules, players and hands (the head of the
        results file; the caps and the stopping rule may change without touching a game)."""
        return {
            "seed": self.seed,
            "batch": self.batch,
            "formats": {
                f.name: {"rules": f.rules, "players": f.players, "hands": f.hands}
                for f in self.formats
            },
        }


@attrs.frozen
class CellResult:
    """What a cell has played: ``deals`` deals, each from every seat, and the results of
    each of its line-ups."""

    cell: Cell
    deals: int
    lineups: tuple[LineupResult, ...]

    @property
    def games(self) -> int:
        """Every game the cell played."""
        return sum(r.games for r in self.lineups)

    @property
    def draws(self) -> int:
        """The games no seat won."""
        return sum(r.draws for r in self.lineups)

    def share(self) -> Interval:
        """The share of the games the cell's bot won, with its 95% interval."""
        won = sum(r.wins[k] for k, r in enumerate(self.lineups))
        return proportion(won, self.games)

    def status(self, plan: LadderPlan) -> str:
        """``"settled"`` (the interval is narrow enough), ``"capped"`` (the cap was reached
        first) or ``"open"`` (more deals to play)."""
        share = self.share()
        narrow = (
            self.deals >= plan.min_deals
            and max(share.value - share.low, share.high - share.value) <= plan.half_width
        )
        if narrow:
            return "settled"
        return "capped" if self.deals >= plan.cap(self.cell) else "open"


def _empty(cell: Cell) -> CellResult:
    players = cell.format.players
    return CellResult(
        cell, 0, tuple(LineupResult(seats, (0,) * players) for seats in cell.lineups())
    )


@attrs.frozen
class LadderResults:
    """A plan and what its cells have played."""

    plan: LadderPlan
    cells: tuple[CellResult, ...]

    def ratings(self, *, anchor: str | None = None, bootstrap: int = 200) -> tuple[Rating, ...]:
        """The ratings over every game of every cell (see
        :func:`~rummy500.simulate.ratings`)."""
        results = [r for c in self.cells for r in c.lineups if r.games]
        return ratings(results, anchor=anchor, bootstrap=bootstrap)

    def open_cells(self) -> list[CellResult]:
        """The cells that have deals left to play, fewest deals first."""
        waiting = [c for c in self.cells if c.status(self.plan) == "open"]
        return sorted(waiting, key=lambda c: c.deals)

    def to_json(self, other: dict[str, Any] | None = None) -> dict[str, Any]:
        """The results as JSON data: what the games depend on, then each cell's deals and
        its line-ups' wins and draws. ``other`` is the results file these results were
        carried on from: its cells and formats that the plan does not have are kept."""
        games = self.plan.games_json()
        cells = dict((other or {}).get("cells", {}))
        formats = dict((other or {}).get("formats", {}))
        formats.update(games["formats"])
        for c in self.cells:
            cells[c.cell.key] = {
                "deals": c.deals,
                "lineups": [[*r.wins, r.draws] for r in c.lineups],
            }
        return {
            "version": FORMAT_VERSION,
            "seed": games["seed"],
            "batch": games["batch"],
            "formats": dict(sorted(formats.items())),
            "cells": dict(sorted(cells.items())),
        }

    @classmethod
    def start(cls, plan: LadderPlan, data: dict[str, Any] | None = None) -> LadderResults:
        """The results of ``plan`` so far: those in ``data`` (a results file read as JSON),
        or none. The file may hold cells of other bots and formats (a plan grows); its deals
        must be the plan's, and each format it shares with the plan the same games."""
        if data is None:
            return cls(plan, tuple(_empty(c) for c in plan.cells()))
        games = plan.games_json()
        if data.get("version") != FORMAT_VERSION or any(
            data.get(k) != games[k] for k in ("seed", "batch")
        ):
            raise SimulationError(
                "the results file is of other deals (another seed or batch, or another version "
                "of its layout): give another file, or the same plan to carry on with it"
            )
        for name, fmt in games["formats"].items():
            if data.get("formats", {}).get(name, fmt) != fmt:
                raise SimulationError(
                    f"the results file plays format {name!r} with other rules, players or hands: "
                    "give the format another name, or another file"
                )
        cells = []
        for cell in plan.cells():
            entry = data.get("cells", {}).get(cell.key)
            if entry is None:
                cells.append(_empty(cell))
                continue
            lineups = tuple(
                LineupResult(seats, tuple(row[:-1]), row[-1])
                for seats, row in zip(cell.lineups(), entry["lineups"], strict=True)
            )
            cells.append(CellResult(cell, entry["deals"], lineups))
        return cls(plan, tuple(cells))


def _tally(
    lineup: tuple[str, ...], winners: Sequence[int | None], before: LineupResult
) -> LineupResult:
    wins = list(before.wins)
    draws = before.draws
    for winner in winners:
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
    return LineupResult(lineup, tuple(wins), draws)


def _write(path: Path, results: LadderResults, other: dict[str, Any] | None) -> None:
    """The results written whole to a new file that then takes the old one's place, so that
    a stop never leaves half a file; a cell a line, so that a round reads as a one-line diff."""
    data = results.to_json(other)
    cells = data.pop("cells")
    rows = [f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in cells.items()]
    head = json.dumps(data, sort_keys=True)[:-1]
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(head + ', "cells": {\n' + ",\n".join(rows) + "\n}}\n", encoding="utf-8")
    os.replace(fresh, path)


def _read(path: Path) -> dict[str, Any] | None:
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SimulationError(f"{path} is not a ladder's results file: {error}") from None
    if not isinstance(data, dict):
        raise SimulationError(f"{path} is not a ladder's results file: not a JSON object")
    return data


#: Told of every round as it is recorded: the cell and its results so far.
RoundDone = Callable[[CellResult], None]


def run_ladder(
    plan: LadderPlan,
    path: str | os.PathLike[str],
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    rounds: int | None = None,
    only: Callable[[Cell], bool] | None = None,
    on_round: RoundDone | None = None,
    ray_log_level: int = RAY_LOG_LEVEL,
) -> LadderResults:
    """Play the open cells of ``plan`` (those ``only`` accepts, if given), a round at a time
    (the cell with the fewest deals first), until every cell is settled or capped, or after
    ``rounds`` rounds; the results are kept in the JSON file at ``path`` (carried on with if
    it exists) and returned. ``workers``, ``backend`` and ``address`` run the games as
    :func:`~rummy500.simulate.simulate` does. A stop (Ctrl-C, SIGTERM) raises
    :class:`~rummy500.simulate.SimulationStopped` with every finished round in the file and
    the games of the round in play in scratch files beside it, which the next run takes up.
    """
    target = Path(path)
    found = _read(target)
    results = LadderResults.start(plan, found)

    scratch = target.with_name(target.name + ".rounds")
    played = 0
    # Ray is started once for the whole ladder, not once a round.
    session = (
        ray_session(address, workers, ray_log_level)
        if backend == "ray"
        else contextlib.nullcontext()
    )
    with session:
        while rounds is None or played < rounds:
            waiting = [c for c in results.open_cells() if only is None or only(c.cell)]
            if not waiting:
                break
            cell = waiting[0]
            done = _play_round(plan, cell, scratch, workers, backend, address, ray_log_level)
            results = attrs.evolve(
                results, cells=tuple(done if c.cell == cell.cell else c for c in results.cells)
            )
            _write(target, results, found)
            shutil.rmtree(scratch, ignore_errors=True)
            played += 1
            if on_round is not None:
                on_round(done)
    return results


def _play_round(
    plan: LadderPlan,
    cell: CellResult,
    scratch: Path,
    workers: int | None,
    backend: str,
    address: str | None,
    ray_log_level: int,
) -> CellResult:
    """The cell with its next ``plan.batch`` deals played from every seat (fewer if its cap
    is nearer)."""
    fmt = cell.cell.format
    config = fmt.config()
    deals = min(plan.batch, plan.cap(cell.cell) - cell.deals)
    folder = scratch / cell.cell.key.replace("|", "__").replace(":", "-")
    folder.mkdir(parents=True, exist_ok=True)
    lineups = []
    for k, before in enumerate(cell.lineups):
        sim = Simulation.of(config, fmt.players, list(before.bots), deals, plan.seed + cell.deals)
        outcomes = simulate(
            sim,
            workers=workers,
            backend=backend,
            address=address,
            output=folder / f"{cell.deals}-{k}.jsonl",
            ray_log_level=ray_log_level,
        )
        lineups.append(_tally(before.bots, [o.winner for o in outcomes], before))
    return CellResult(cell.cell, cell.deals + deals, tuple(lineups))


def each_cell(results: LadderResults) -> Iterator[tuple[CellResult, str]]:
    """Every cell of the results with its status."""
    for cell in results.cells:
        yield cell, cell.status(results.plan)
