"""Test configuration: hypothesis profiles, and the tests that cannot run under Pyodide.

``HYPOTHESIS_PROFILE`` picks the profile. Without it, ``ci`` is used when the ``CI``
environment variable is set and ``dev`` otherwise.

``ci``
    Derandomized, so every run tries the same examples; a modest number of them.
``dev``
    Random examples, a moderate number: local runs keep exploring new games.
``hunt``
    Random examples, many of them, to search for rare failures.

A test marked ``processes`` starts other processes (a subprocess, worker processes): under
Pyodide (``sys.platform == "emscripten"``, see ``scripts/pyodide_tests.py``), which cannot start
any, it is skipped with that reason.
"""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

_SLOW_IS_FINE = [HealthCheck.too_slow]

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=30,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_IS_FINE,
)
settings.register_profile(
    "dev",
    max_examples=40,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_IS_FINE,
)
settings.register_profile(
    "hunt",
    max_examples=1000,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_IS_FINE,
)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


#: Why a test marked ``processes`` is skipped under Pyodide.
NO_PROCESSES = "no processes under Pyodide: the test starts a subprocess or worker processes"


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``processes`` marker."""
    config.addinivalue_line(
        "markers", "processes: the test starts other processes (skipped under Pyodide)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under Pyodide, skip the tests marked ``processes``, saying why."""
    if sys.platform != "emscripten":
        return
    for item in items:
        if item.get_closest_marker("processes") is not None:
            item.add_marker(pytest.mark.skip(reason=NO_PROCESSES))
