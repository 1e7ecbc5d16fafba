"""The code on the "Search with OpenSpiel" page runs, its table gives the defaults, and its
section on the game's string shows what the code prints and raises."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "search-openspiel.md"


def test_the_code_on_the_page_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 3
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})


def test_the_page_gives_the_defaults_of_the_code() -> None:
    from rummy500.envs import openspiel

    text = PAGE.read_text(encoding="utf-8")
    for name, value in openspiel.GAME_TYPE.parameter_specification.items():
        shown = f'"{value}"' if isinstance(value, str) else str(value)
        assert f"| `{name}` | `{shown}` |" in text


def _section(title: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_game_string_section_prints_what_it_shows(capsys: pytest.CaptureFixture[str]) -> None:
    (block,) = re.findall(r"```python\n(.*?)```", _section("The game's string"), re.S)
    (shown,) = re.findall(r"print\(game\)\n# (.*)", block)
    exec(compile(block, str(PAGE), "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    pattern = re.escape(shown).replace(re.escape("eyJ..."), "eyJ[A-Za-z0-9_-]+")
    assert len(printed) == 1
    assert re.fullmatch(pattern, printed[0])


def test_the_game_string_section_quotes_the_error_as_raised() -> None:
    from rummy500 import SerializationError
    from rummy500.envs.openspiel import Rummy500Game

    quoted = re.search(
        r"`(the game parameter rules 'standard' [^`]*): \.\.\.`",
        _section("The game's string").replace("\n", " "),
    )
    assert quoted is not None
    with pytest.raises(SerializationError) as refused:
        Rummy500Game({"rules": "standard"})
    assert str(refused.value).startswith(quoted.group(1) + ": not valid JSON: ")
