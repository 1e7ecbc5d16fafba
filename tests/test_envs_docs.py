"""The code on the "Train with PettingZoo" page runs, and the sizes it quotes are the code's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from rummy500 import RuleConfig
from rummy500.observations import ObservationSpace
from rummy500.toolkit import ActionSpace

PAGE = Path(__file__).resolve().parent.parent / "docs" / "train-pettingzoo.md"


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
