"""The code on the "Search with OpenSpiel" page runs, and its table gives the defaults."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "search-openspiel.md"


def test_the_code_on_the_page_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})


def test_the_page_gives_the_defaults_of_the_code() -> None:
    from rummy500.envs import openspiel

    text = PAGE.read_text(encoding="utf-8")
    for name, value in openspiel.GAME_TYPE.parameter_specification.items():
        shown = f'"{value}"' if isinstance(value, str) else str(value)
        assert f"| `{name}` | `{shown}` |" in text
