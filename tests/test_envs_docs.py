"""The code on the "Train with PettingZoo" page runs, and the sizes it quotes are the code's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from rummy500 import RuleConfig
from rummy500.observations import ObservationSpace
from rummy500.toolkit import ActionSpace

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGE = DOCS / "train-pettingzoo.md"


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_the_code_on_the_page_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 3
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})


def test_the_sizes_on_the_page_are_the_codes() -> None:
    text = PAGE.read_text(encoding="utf-8")
    observations = ObservationSpace.of(RuleConfig(), 3).size
    actions = ActionSpace.of(RuleConfig(), 3).size
    assert f"({observations} for 3 players under the standard rules)" in text
    assert f"({actions} for 3 players under the standard rules)" in text


def test_the_training_results_on_the_page_are_those_of_the_data() -> None:
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    results = json.loads((DOCS / "data" / "train-curve.json").read_text(encoding="utf-8"))
    episodes, steps = results["episodes"], results["steps"]
    assert f"over {episodes:,} training games, {steps:,} of the learner's steps" in text
    for result in (results["before"], results["after"]):
        wins, games = result["wins"], result["games"]
        assert (
            f"| {wins} of {games}, {result['rate']:.1%} | "
            f"{result['low']:.1%} to {result['high']:.1%} |"
        ) in text
    assert f"Training took {results['cpu_seconds']} s of CPU ({results['seconds']} s" in text
    assert (DOCS / "img" / "train-curve.png").stat().st_size > 10_000
