"""How a run is stopped: the handler of SIGINT (Ctrl-C) and SIGTERM that a run listens with,
and :class:`SimulationStopped`, which a stopped run raises."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Final

#: The signals that stop a run (Ctrl-C, and the polite request to end of ``kill``).
_STOP_SIGNALS: Final = (signal.SIGINT, signal.SIGTERM)


class SimulationStopped(KeyboardInterrupt):
    """A run stopped by SIGINT (Ctrl-C) or SIGTERM, after every finished game was written to
    its output file: ``signal`` is the signal's number, ``done`` the games finished (those
    already in the file included) out of ``total``."""

    def __init__(self, signum: int, done: int, total: int) -> None:
        name = signal.Signals(signum).name
        super().__init__(f"stopped by {name} after {done} of {total} games")
        self.signal = signum
        self.done = done
        self.total = total


class _Stop:
    """The signal handler of a run: it notes the first SIGINT or SIGTERM for the run to stop
    at its next look, and stops a game played in this process at once (``armed``)."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self.armed = False
        self.listens = False

    def __call__(self, signum: int, frame: object) -> None:
        self.signum = signum
        if self.armed:
            self.armed = False
            raise KeyboardInterrupt

    def take_back(self) -> None:
        """Be the handler of the stop signals again, where :meth:`listening` made it one."""
        if self.listens:
            for signum in _STOP_SIGNALS:
                signal.signal(signum, self)

    @contextlib.contextmanager
    def listening(self) -> Iterator[None]:
        """Handle the stop signals for the length of the block (in the main thread only,
        the one Python delivers signals to)."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = {signum: signal.signal(signum, self) for signum in _STOP_SIGNALS}
        self.listens = True
        try:
            yield
        finally:
            self.listens = False
            for signum, handler in previous.items():
                signal.signal(signum, signal.SIG_DFL if handler is None else handler)
