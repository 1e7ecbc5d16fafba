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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from rummy500.core.errors import describe_value, is_whole
from rummy500.simulate.backends import RAY_LOG_LEVEL, ray_session
from rummy500.simulate.games import Simulation, SimulationError
from rummy500.simulate.ladderplan import Cell, CellResult, LadderPlan, LadderResults
from rummy500.simulate.ratings import LineupResult
from rummy500.simulate.runner import _Options, simulate


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
    if not isinstance(plan, LadderPlan):
        raise SimulationError(f"run_ladder plays a LadderPlan, not {describe_value(plan)}")
    if not isinstance(path, str | os.PathLike):
        raise SimulationError(
            f"run_ladder's path is the results file (a str or a path), not {describe_value(path)}"
        )
    checked = _Options.of(workers, backend, address, path, None, None, ray_log_level)
    assert checked.output is not None  # a path was given
    if rounds is not None and (not is_whole(rounds) or rounds < 0):
        raise SimulationError(
            f"rounds is a whole number of 0 or more, or None, not {describe_value(rounds)}"
        )
    for name, function in (("only", only), ("on_round", on_round)):
        if function is not None and not callable(function):
            raise SimulationError(
                f"{name} is a function of a {'Cell' if name == 'only' else 'CellResult'}, not "
                + describe_value(function)
            )
    target = checked.output
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
