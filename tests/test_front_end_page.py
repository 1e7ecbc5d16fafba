"""The "Build a front end" page: every code block on it runs, and so does its example."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parent.parent
DOCS_PAGE = ROOT / "docs" / "front-end.md"
EXAMPLE = ROOT / "examples" / "front_end.py"


def test_the_code_on_the_front_end_page_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS_PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 5
    namespace: dict[str, Any] = {}
    for block in blocks:
        exec(compile(block, str(DOCS_PAGE), "exec"), namespace)


def test_the_front_end_example_follows_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Hand 1, dealt by West. You hold ")
    assert lines[-1].startswith("Game over after ")
    # Player 0 sees their own draws, and never another player's card drawn from the stock.
    assert any(line.startswith("You draw ") for line in lines)
    assert not any(line.startswith(("West draw ", "North draw ")) for line in lines)
    assert sum(line.startswith("Hand over (") for line in lines) == sum(
        line.startswith("Hand ") and " dealt by " in line for line in lines
    )
