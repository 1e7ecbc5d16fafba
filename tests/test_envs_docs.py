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
    assert (
        f"Training took {results['cpu_seconds']} s of CPU ({results['seconds']} s on the clock) "
        f"for the {episodes:,} games"
    ) in text
    curve = results["curve"]
    block = curve[0]["games"]
    later = [point["win_rate"] for point in curve if point["games"] > 1000]
    assert (
        f"the win rate of each block of {block} training games, the policy playing as it "
        f"learns: the first block already wins {curve[0]['win_rate']:.1%}, and from the second "
        f"thousand games the blocks wander between {min(later):.0%} and {max(later):.0%}"
    ) in text
    assert (DOCS / "img" / "train-curve.png").stat().st_size > 10_000


def test_the_documented_full_run_writes_to_a_scratch_folder_that_the_page_compares() -> None:
    text = PAGE.read_text(encoding="utf-8")
    example = (DOCS.parent / "examples" / "train_policy_gradient.py").read_text(encoding="utf-8")
    scratch = "--data /tmp/train-curve.json --plot /tmp/train-curve.png"
    assert f"python examples/train_policy_gradient.py --full \\\n    {scratch}\n" in text
    assert f"python examples/train_policy_gradient.py --full \\\\\n        {scratch}\n" in example
    assert "--data docs/" not in text + example
    assert (
        "diff <(grep -v seconds docs/data/train-curve.json) \\\n"
        "    <(grep -v seconds /tmp/train-curve.json)\n"
    ) in text
    # What the comparison leaves out: the two times, and nothing else.
    data = (DOCS / "data" / "train-curve.json").read_text(encoding="utf-8")
    results = json.loads(data)
    assert [line for line in data.splitlines() if "seconds" in line] == [
        f' "seconds": {results["seconds"]},',
        f' "cpu_seconds": {results["cpu_seconds"]},',
    ]
