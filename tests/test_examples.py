"""The examples that need an optional extra say which one, and how to install it, when it is
missing (rather than dying with a traceback)."""

from __future__ import annotations

import json
import re
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


@pytest.mark.processes
@pytest.mark.parametrize(
    ("example", "extra", "hidden"),
    [
        # The first module each example imports from its extra.
        ("gymnasium_random.py", "rl", "gymnasium"),
        ("train_policy_gradient.py", "rl", "gymnasium"),
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


def test_the_policy_gradient_example_trains_in_its_short_mode(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    data = tmp_path / "curve.json"
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "train_policy_gradient.py"), "--data", str(data)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert (done.returncode, done.stderr) == (0, "")
    rate = r"won \d+ of 50 games, \d+\.\d% \(95% interval \d+\.\d% to \d+\.\d%\)"
    lines = done.stdout.splitlines()
    assert len(lines) == 5
    assert lines[0] == "One-hand games, 2 players, the learner at seat 0 against the random bot"
    assert re.fullmatch(f"Before training: {rate}", lines[1])
    assert re.fullmatch(
        r"Training: 100 games, \d+ steps in \d+\.\d s \(\d+\.\d s of CPU\)", lines[2]
    )
    assert re.fullmatch(f"After training: {rate}", lines[3])
    assert lines[4] == f"Wrote {data}"
    results = json.loads(data.read_text(encoding="utf-8"))
    assert sorted(results) == [
        "after",
        "before",
        "cpu_seconds",
        "curve",
        "episodes",
        "seconds",
        "steps",
    ]
    assert [point["games"] for point in results["curve"]] == [20, 40, 60, 80, 100]
    assert results["curve"][-1]["steps"] == results["steps"]
    for result in (results["before"], results["after"]):
        assert result["games"] == 50
        assert result["low"] <= result["rate"] == result["wins"] / 50 <= result["high"]
