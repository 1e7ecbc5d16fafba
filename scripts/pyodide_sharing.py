"""A pytest plugin that shares the test files among processes: each file runs in the first
process that claims it.

Under Pyodide the tests run in one process each: Pyodide cannot start worker processes, so
pytest-xdist cannot spread them over the cores. ``scripts/pyodide_tests.py`` starts several
such processes instead, each collecting every test, and this plugin has each file run in one of
them only: the first to reach the file claims it by making a folder named for it in a folder
they share (making a folder is atomic: exactly one process succeeds), and the others pass over
its tests without running or reporting them. A process given ``reverse`` takes the files from
the last, so two processes start at both ends and meet in the middle. The tests of a file stay
together and in order, as with pytest-xdist's ``--dist loadfile``.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

__all__ = ["FileSharing"]


class FileSharing:
    """Run the tests of the files this process claims first, and only those."""

    def __init__(self, claims: Path, *, reverse: bool = False) -> None:
        self.claims = claims
        self.reverse = reverse
        self._mine: dict[Path, bool] = {}

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """In reverse, order the files from the last (each file's tests still in order)."""
        if self.reverse:
            files = list(dict.fromkeys(item.path for item in items))
            rank = {path: i for i, path in enumerate(reversed(files))}
            items.sort(key=lambda item: rank[item.path])

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> bool | None:
        """Run the test if its file is this process's; otherwise pass over it (True says the
        test was dealt with, so pytest neither runs nor reports it)."""
        if item.path not in self._mine:
            self._mine[item.path] = self._claim(item.path)
        return None if self._mine[item.path] else True

    def _claim(self, path: Path) -> bool:
        name = hashlib.sha256(str(path).encode()).hexdigest()[:20]
        try:
            (self.claims / name).mkdir()
        except FileExistsError:
            return False
        return True
