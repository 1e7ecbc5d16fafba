"""Test configuration: hypothesis profiles.

``HYPOTHESIS_PROFILE`` picks the profile. Without it, ``ci`` is used when the ``CI``
environment variable is set and ``dev`` otherwise.

``ci``
    Derandomized, so every run tries the same examples; a modest number of them.
``dev``
    Random examples, a moderate number: local runs keep exploring new games.
``hunt``
    Random examples, many of them, to search for rare failures.
"""

from __future__ import annotations

import os

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
