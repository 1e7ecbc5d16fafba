"""The progress report of a run: a tqdm bar where tqdm is installed, otherwise a line with the
games done and an ETA, rewritten in place."""

from __future__ import annotations

import importlib
import sys
import time
from typing import Any, TextIO


def progress_bar(stream: TextIO = sys.stderr) -> ProgressReport:
    """A progress report for :func:`simulate` (its ``progress``) written to ``stream``: a
    tqdm bar where tqdm is installed (the ``progress`` extra), otherwise a line with the games
    done and an ETA, rewritten in place at most twice a second."""
    return ProgressReport(stream)


class ProgressReport:
    """The report :func:`progress_bar` makes: call it with the games done and their total;
    :meth:`end` ends its line early, so that a message after a run that stopped or failed
    starts on a line of its own."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        try:
            # tqdm is an optional extra.
            self._tqdm: Any = importlib.import_module("tqdm").tqdm
        except ImportError:
            self._tqdm = None
        self._bar: Any = None
        self._start = time.monotonic()
        self._first: int | None = None
        self._last = 0.0
        #: Whether a plain line is written and not yet ended.
        self._open = False

    def __call__(self, done: int, total: int) -> None:
        """Report ``done`` games of ``total``."""
        if self._tqdm is None:
            self._write_line(done, total)
            return
        if self._bar is None:
            self._bar = self._tqdm(total=total, initial=done, unit="game", file=self.stream)
        else:
            self._bar.update(done - self._bar.n)
        if done == total:
            self.end()

    def end(self) -> None:
        """End the report's line where it stands (nothing if none is begun)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        if self._open:
            self.stream.write("\n")
            self.stream.flush()
            self._open = False

    def _write_line(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self._first is None:
            self._first = done
        if now - self._last < 0.5 and done < total:
            return
        self._last = now
        played = done - self._first
        eta = ""
        if played and done < total:
            eta = f", about {(now - self._start) / played * (total - done):.0f} s to go"
        self.stream.write(f"\r{done}/{total} games{eta}   ")
        self._open = True
        if done == total:
            self.end()
        self.stream.flush()
