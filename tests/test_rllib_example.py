"""The RLlib recipe (examples/rllib_ppo.py): PPO with action masking on the PettingZoo
environment where torch and ray[rllib] are installed, and a clean exit saying what it needs
where they are not (no extra of rummy500 installs torch)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "rllib_ppo.py"

#: Runs the example as a script with a module hidden, as on a machine without it.
WITHOUT = (
    "import runpy, sys; sys.modules[sys.argv[2]] = None; "
    "runpy.run_path(sys.argv[1], run_name='__main__')"
)


@pytest.mark.processes
@pytest.mark.parametrize("hidden", ["torch", "ray.rllib"])
def test_without_torch_or_rllib_the_example_says_what_it_needs_and_exits_cleanly(
    hidden: str,
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT, str(EXAMPLE), hidden],
        capture_output=True,
        text=True,
        timeout=120,
    )
    # torch is imported first: where it is missing too, it is the one named.
    missing = "ray[rllib]" if hidden != "torch" and importlib.util.find_spec("torch") else "torch"
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        f"This example needs torch and ray[rllib] ({missing} is not installed). No extra of "
        "rummy500 installs torch: the package index's default build pulls about 3 GB of CUDA "
        "libraries. Install a CPU build of torch yourself, then pip install 'ray[rllib]' and, "
        "in a checkout of rummy500, pip install -e '.[rl]'\n",
        "",
    )


@pytest.mark.processes
def test_the_example_trains_ppo_and_measures_it() -> None:
    pytest.importorskip("torch")
    pytest.importorskip("ray.rllib.algorithms.ppo")
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--iterations", "1", "--batch", "200"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert re.fullmatch(r"iteration 1: \d+ env steps in all, \d+ env steps/s, \d+ games", lines[-2])
    assert re.fullmatch(
        r"After training: won \d+ of 100 games against the random bot, "
        r"\d+\.\d% \(\d+\.\d-\d+\.\d\)",
        lines[-1],
    )
