"""Where the games of a run are played: in this process, on a pool of worker processes, or as
tasks on a Ray cluster; each backend works out how many workers to use and announces its
:class:`Plan`, then gives the games as they finish."""

from __future__ import annotations

import contextlib
import importlib
import itertools
import os
import signal
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from rummy500.simulate.games import GameOutcome, Simulation, SimulationError, play_one
from rummy500.simulate.outfile import _in_chunks
from rummy500.simulate.stopping import _STOP_SIGNALS, _Stop

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

#: The level Ray's log lines show from by default, ``logging.WARNING`` (its warnings, not its
#: INFO lines), and the level from which what its workers print is kept back too,
#: ``logging.ERROR``. As numbers: only Ray's backend needs logging, and Ray imports it.
RAY_LOG_LEVEL: Final = 30
RAY_QUIET_LEVEL: Final = 40
#: The most worker processes per core that a run on this machine starts: the games are pure
#: computation, so more processes than that only share the same cores and take more memory.
WORKERS_PER_CORE: Final = 4
#: The tasks a run keeps handed out for each worker (one being played, one waiting): enough
#: that a worker finds its next task as it finishes one, few enough that the games asked for
#: are never listed up front.
TASKS_PER_WORKER: Final = 2
#: How often (in seconds) a run waiting for its workers looks for a stop signal.
_POLL: Final = 0.25
#: How long (in seconds) a worker asked to end may take before it is killed.
_STOPPING: Final = 5.0


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


@attrs.frozen
class Plan:
    """How a run plays its games: ``games`` of the ``total`` (the others are already in the
    output file), on ``workers`` workers where ``requested`` were asked for; ``limit`` says
    why fewer were started (``None`` when the request stood)."""

    backend: str
    games: int
    total: int
    workers: int
    requested: int | None
    limit: str | None

    def text(self) -> str:
        """The plan in a line, as the command reports it."""
        what = f"{self.games} games"
        if self.games != self.total:
            what = f"{self.games} of {self.total} games ({self.total - self.games} are in the file)"
        if self.backend == "ray":
            where = f"as Ray tasks for {self.workers} workers"
        elif self.workers == 1:
            where = "in this process"
        else:
            where = f"on {self.workers} worker processes"
        note = "" if self.limit is None else f" ({self.requested} asked for: {self.limit})"
        return f"playing {what} {where}{note}"


def _limit_workers(
    requested: int | None, games: int, default: int, here: int | None
) -> tuple[int, str | None]:
    """The workers to start for ``games`` games, and why fewer than ``requested`` (the
    default is ``default``); ``here`` is this machine's cores when the workers run on it."""
    count = default if requested is None else requested
    limit = None
    if here is not None and count > WORKERS_PER_CORE * here:
        count = WORKERS_PER_CORE * here
        limit = f"at most {WORKERS_PER_CORE} per core, and {here} cores are free here"
    if count > games:
        count, limit = games, "no more than the games to play"
    return max(1, count), None if requested is None else limit


@attrs.frozen
class _Run:
    """What a backend needs to play the missing games of a run: ``todo`` gives the numbers of
    the ``games`` games to play, in order, as they are asked for."""

    simulation: Simulation
    todo: Iterator[int]
    games: int
    workers: int | None
    address: str | None
    announce: Callable[[Plan], None]
    stop: _Stop
    ray_log_level: int = RAY_LOG_LEVEL

    def plan(self, backend: str, workers: int, limit: str | None) -> None:
        total = self.simulation.games
        self.announce(Plan(backend, self.games, total, workers, self.workers, limit))


def _batch_size(games: int, workers: int) -> int:
    """The games of a Ray task: few enough to keep every worker busy to the end."""
    return max(1, min(32, games // (workers * 8)))


def _play_range(simulation: Simulation, indexes: Sequence[int]) -> list[GameOutcome]:
    return [play_one(simulation, i) for i in indexes]


def _worker(simulation: Simulation, conn: Connection) -> None:
    """A worker process: plays the game of each number the run sends, answering with its
    outcome (or the error it raised), until the run sends ``None``."""
    # The parent decides when to stop: Ctrl-C at a terminal reaches every process of the
    # group, and the workers leave it to the parent, which then ends them with SIGTERM. The
    # parent blocked both signals while it started the workers, so that none arrives before
    # these handlers are in place.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
    while (index := conn.recv()) is not None:
        try:
            outcome: GameOutcome | BaseException = play_one(simulation, index)
        except Exception as error:  # handed to the run, which raises it
            outcome = error
        conn.send(outcome)
    conn.close()


def _local_batches(run: _Run) -> Generator[list[GameOutcome], None, None]:
    """The games played here, one a batch (so that a stop loses no finished game), with an
    empty batch whenever a short wait passes without one, for the run to look for a stop."""
    here = cores()
    count, limit = _limit_workers(run.workers, run.games, here, here)
    run.plan("local", count, limit)
    if count == 1:
        for index in run.todo:
            run.stop.armed = run.stop.signum is None
            try:
                outcome = play_one(run.simulation, index)
            finally:
                run.stop.armed = False
            yield [outcome]
        return
    yield from _pool_batches(run, count)


def _pool_batches(run: _Run, count: int) -> Generator[list[GameOutcome], None, None]:
    """The games played by ``count`` worker processes, as :func:`_local_batches` gives them.
    A game is handed to a worker only as another finishes, so that the games asked for are
    never listed up front."""
    # Imported only for worker processes: importing multiprocessing costs a noticeable part
    # of the start-up of a run in one process, which never uses it.
    import multiprocessing
    import multiprocessing.connection

    # Each worker has a pipe of its own, rather than a pool's shared queues: a worker ended
    # in the middle of a message (a run stopped by a signal) spoils only its own pipe, which
    # the run then closes, where a pool's thread reading the shared one could wait forever.
    workers: list[tuple[BaseProcess, Connection]] = []
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        for _ in range(count):
            conn, worker_end = multiprocessing.Pipe()
            started = multiprocessing.Process(
                target=_worker, args=(run.simulation, worker_end), daemon=True
            )
            started.start()
            worker_end.close()  # the run then sees the end of the pipe if the worker dies
            workers.append((started, conn))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    process_of = {conn: process for process, conn in workers}
    playing = dict.fromkeys(process_of, 0)

    def died(conn: Connection) -> SimulationError:
        code = process_of[conn].exitcode
        return SimulationError(f"a worker process ended with exit code {code} before its games did")

    def hand_out(conn: Connection, games: int) -> None:
        for index in itertools.islice(run.todo, games):
            try:
                conn.send(index)
            except OSError:  # the worker's end is closed: it died
                process_of[conn].join(timeout=_STOPPING)
                raise died(conn) from None
            playing[conn] += 1

    try:
        for conn in playing:
            hand_out(conn, TASKS_PER_WORKER)
        while any(playing.values()):
            ready = multiprocessing.connection.wait(list(playing), timeout=_POLL)
            if not ready:
                yield []
                continue
            for conn in [c for c in playing if c in ready]:
                try:
                    result: GameOutcome | BaseException = conn.recv()
                except (EOFError, OSError):  # the worker died, before or while it answered
                    process_of[conn].join(timeout=_STOPPING)
                    raise died(conn) from None
                if isinstance(result, BaseException):
                    raise result
                playing[conn] -= 1
                hand_out(conn, 1)
                yield [result]
        for conn in playing:
            conn.send(None)
        for process in process_of.values():
            process.join()
    finally:
        for process, conn in workers:
            if process.is_alive():
                process.terminate()
            process.join(timeout=_STOPPING)
            if process.is_alive():
                process.kill()
                process.join()
            conn.close()


def _ray() -> Any:
    """The Ray module, or the error that says how to install it."""
    try:
        # Ray is an optional extra, imported only for this backend (and untyped here, as it
        # may not be installed where the types are checked).
        return importlib.import_module("ray")
    except ImportError:
        raise SimulationError(
            "the ray backend needs Ray, from rummy500's ray extra: pip install '.[ray]' in a "
            "checkout of rummy500"
        ) from None


def _start_ray(
    ray: Any, address: str | None, workers: int | None, log_level: int, here: int | None
) -> None:
    # Ray refuses a CPU count for a cluster it connects to: that is the cluster's own.
    cpus = None if here is None or workers is None else min(workers, WORKERS_PER_CORE * here)
    ray.init(
        address=address,
        num_cpus=cpus,
        include_dashboard=False,
        logging_level=log_level,
        log_to_driver=log_level < RAY_QUIET_LEVEL,
    )


@contextlib.contextmanager
def ray_session(
    address: str | None = None, workers: int | None = None, log_level: int = RAY_LOG_LEVEL
) -> Iterator[None]:
    """Ray started once for the runs of the block (on the cluster at ``address``, or a local
    one with ``workers`` CPUs), so that each run on the ``"ray"`` backend finds it started
    instead of starting it again (which takes seconds); it is shut down after the block. If
    Ray is started already, the block uses it and leaves it running."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        _start_ray(ray, address, workers, log_level, cores() if address is None else None)
    try:
        yield
    finally:
        if started:
            ray.shutdown()


def _ray_batches(run: _Run) -> Generator[list[GameOutcome], None, None]:
    ray = _ray()
    started = not ray.is_initialized()
    here = cores() if started and run.address is None else None
    if started:
        _start_ray(ray, run.address, run.workers, run.ray_log_level, here)
        run.stop.take_back()  # Ray sets its own SIGTERM handler
    pending: list[Any] = []
    try:
        available = int(ray.cluster_resources().get("CPU", 1))
        count, limit = _limit_workers(run.workers, run.games, available, here)
        run.plan("ray", count, limit)
        remote = ray.remote(_play_range)
        batches = _in_chunks(run.todo, _batch_size(run.games, count))

        def hand_out(tasks: int) -> list[Any]:
            return [remote.remote(run.simulation, b) for b in itertools.islice(batches, tasks)]

        pending = hand_out(TASKS_PER_WORKER * count)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1, timeout=_POLL)
            if not ready:
                yield []
                continue
            pending += hand_out(1)
            yield ray.get(ready[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
