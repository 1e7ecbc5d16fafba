"""A run of a simulation, :func:`simulate` or :func:`summarize`: its options checked, the games
of its output file carried on with, the missing games played by its backend and given out as
they finish, and the run stopped by a signal."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Final

import attrs

from rummy500.core.errors import describe_value, is_whole
from rummy500.simulate.backends import RAY_LOG_LEVEL, Plan, _local_batches, _ray_batches, _Run
from rummy500.simulate.games import (
    GameOutcome,
    Simulation,
    SimulationError,
    _check_simulation,
    _check_whole,
)
from rummy500.simulate.lines import _header
from rummy500.simulate.outfile import _carry_on, _output_path, _put_in_order, _Sink, _Spans
from rummy500.simulate.stopping import SimulationStopped, _Stop
from rummy500.simulate.summary import Summary, _Tally

#: The backends that run the games.
BACKENDS: Final = ("local", "ray")


Progress = Callable[[int, int], None]


def simulate(
    simulation: Simulation,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    output: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    announce: Callable[[Plan], None] | None = None,
    ray_log_level: int = RAY_LOG_LEVEL,
) -> tuple[GameOutcome, ...]:
    """Play the games of ``simulation``; their outcomes, in game order.

    ``workers`` processes play them (default: one per core; 1 plays them in this process).
    No more are started than there are games to play, nor more than
    :data:`WORKERS_PER_CORE` per core on this machine: a larger number is reduced, and
    ``announce`` (if given) is told the :class:`~rummy500.simulate.Plan` before the games start.
    ``backend="ray"`` runs them as Ray tasks instead, on the cluster at ``address`` (or a
    local Ray started for the run, which takes a while: about 25 s on a busy 2-core machine).
    Ray's own log lines show from ``ray_log_level`` up (by default its warnings, not its INFO
    lines: :data:`RAY_LOG_LEVEL`); at ``logging.ERROR`` (:data:`RAY_QUIET_LEVEL`) or above,
    what its workers print is kept back too. With
    ``output``, each finished game is written there at once (see the module's documentation),
    and games already in the file are not played again;
    every line of it is checked first, and a file that is not this simulation's output is
    refused with :class:`~rummy500.simulate.SimulationError`, as is an output that is not a
    file (a folder, a device, a named pipe) and a file that cannot be written.
    ``progress(done, total)`` is called as games finish.

    Every outcome is kept, to be returned: for many games, :func:`summarize` gives their
    summary in memory that does not grow with the games.

    SIGINT (Ctrl-C) or SIGTERM stops the run within a fraction of a second: the worker
    processes are ended, every finished game is written, and
    :class:`~rummy500.simulate.SimulationStopped` (a ``KeyboardInterrupt``) is raised. A
    ``KeyboardInterrupt`` from elsewhere (``progress``) stops it the same way and is raised
    again.
    """
    outcomes: dict[int, GameOutcome] = {}

    def keep(outcome: GameOutcome) -> None:
        outcomes[outcome.index] = outcome

    _play(
        simulation,
        keep,
        _Options.of(workers, backend, address, output, progress, announce, ray_log_level),
    )
    return tuple(outcomes[i] for i in range(simulation.games))


def summarize(
    simulation: Simulation,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    output: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    announce: Callable[[Plan], None] | None = None,
    ray_log_level: int = RAY_LOG_LEVEL,
) -> Summary:
    """Play the games of ``simulation`` as :func:`simulate` does (with the same options, the
    same output file and the same stops), and give their :class:`~rummy500.simulate.Summary`.

    Each game is counted as it finishes (those already in the output file first) and then
    let go, so that the memory a run takes does not grow with the number of games: the summary
    is the one :meth:`Summary.of` gives of the outcomes :func:`simulate` returns.
    """
    tally = _Tally(simulation)
    _play(
        simulation,
        tally.add,
        _Options.of(workers, backend, address, output, progress, announce, ray_log_level),
    )
    return tally.summary()


@attrs.frozen
class _Options:
    """How to run a simulation, as :func:`simulate` takes it, checked."""

    workers: int | None
    backend: str
    address: str | None
    output: Path | None
    progress: Progress | None
    announce: Callable[[Plan], None] | None
    ray_log_level: int

    @classmethod
    def of(
        cls,
        workers: int | None,
        backend: str,
        address: str | None,
        output: str | os.PathLike[str] | None,
        progress: Progress | None,
        announce: Callable[[Plan], None] | None,
        ray_log_level: int,
    ) -> _Options:
        """The options, or :class:`SimulationError` saying which is wrong (their types are
        checked too: a caller without a type checker may pass anything)."""
        if not isinstance(backend, str) or backend not in BACKENDS:
            raise SimulationError(
                f"unknown backend {describe_value(backend)}: the backends are local and ray"
            )
        if workers is not None:
            _check_whole(workers, "workers", 1)
        if address is not None and not isinstance(address, str):
            raise SimulationError(
                f"address is a Ray cluster's address (a str), not {describe_value(address)}"
            )
        if address is not None and backend == "local":
            raise SimulationError(
                "address is for the ray backend: the local backend uses this machine"
            )
        if progress is not None and not callable(progress):
            raise SimulationError(
                f"progress is a function of (done, total), not {describe_value(progress)}"
            )
        if announce is not None and not callable(announce):
            raise SimulationError(
                f"announce is a function of a Plan, not {describe_value(announce)}"
            )
        if not is_whole(ray_log_level):
            raise SimulationError(
                f"ray_log_level is a logging level (a whole number), not "
                f"{describe_value(ray_log_level)}"
            )
        path = _output_path(output)
        return cls(workers, backend, address, path, progress, announce, ray_log_level)


def _play(simulation: Simulation, take: Callable[[GameOutcome], None], options: _Options) -> None:
    """Play the games of ``simulation`` as :func:`simulate` says, giving each outcome to
    ``take`` once: first those in the output file, then each game as it finishes."""
    _check_simulation(simulation)
    path = options.output
    header = json.dumps(_header(simulation))
    carried = None if path is None else _carry_on(path, simulation, header, take)
    in_file = _Spans() if carried is None else carried
    total = simulation.games
    done = in_file.count
    progress, announce = options.progress, options.announce
    stop = _Stop()
    with stop.listening():
        sink = None if path is None else _Sink(path, header, fresh=carried is None)

        def start(plan: Plan) -> None:
            # The plan first, then the progress report, which keeps its line.
            if announce is not None:
                announce(plan)
            if progress is not None:
                progress(done, total)

        runner = _ray_batches if options.backend == "ray" else _local_batches
        run = _Run(
            simulation,
            in_file.missing(total),
            total - in_file.count,
            options.workers,
            options.address,
            start,
            stop,
            options.ray_log_level,
        )
        batches = runner(run)
        try:
            for batch in batches:
                for outcome in batch:
                    take(outcome)
                done += len(batch)
                if sink is not None:
                    sink.write(batch)
                if stop.signum is not None:
                    raise SimulationStopped(stop.signum, done, total)
                if batch and progress is not None:
                    progress(done, total)
        except KeyboardInterrupt as interrupt:
            if stop.signum is None or isinstance(interrupt, SimulationStopped):
                raise
            raise SimulationStopped(stop.signum, done, total) from None
        finally:
            batches.close()  # ends the workers now, not when the generator is collected
            if sink is not None:
                sink.close()
    if path is not None:
        _put_in_order(path, header)
