"""The examples that need an optional extra say which one, and how to install it, when it is
missing (rather than dying with a traceback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: Runs an example as a script with a module hidden, as on a machine without the extra.
WITHOUT = (
    "import runpy, sys; sys.modules[sys.argv[2]] = None; "
    "runpy.run_path(sys.argv[1], run_name='__main__')"
)


@pytest.mark.parametrize(
    ("example", "extra", "hidden"),
    [
        # The first module each example imports from its extra.
        ("gymnasium_random.py", "rl", "gymnasium"),
        ("pettingzoo_random.py", "rl", "numpy"),
        ("openspiel_mcts.py", "openspiel", "numpy"),
    ],
)
def test_an_example_without_its_extra_says_what_to_install(
    example: str, extra: str, hidden: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT, str(EXAMPLES / example), hidden],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        1,
        "",
        f"This example needs the {extra} extra ({hidden} is not installed): "
        f"pip install '.[{extra}]' in a checkout of rummy500\n",
    )
