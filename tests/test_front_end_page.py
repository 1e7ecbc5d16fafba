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
    # Each hand ends with the sentence of rummy500.render.event_words (the first line of
    # hand_result_lines), then the scores of the hand, which add up to the totals.
    ends = [(line, lines[i + 1]) for i, line in enumerate(lines) if " is over: " in line]
    # Who went out of each hand: North or You.
    out = [{"N": "North", "Y": "You"}[who] for who in "NYNNYYYNYNYN"]
    assert [end for end, _ in ends] == [
        f"Hand {number} is over: {who} went out." for number, who in enumerate(out, 1)
    ]
    assert ends[0][1] == "Scores of the hand: You 63, West 84, North 38."
    scores = [
        re.fullmatch(r"Scores of the hand: You (-?\d+), West (-?\d+), North (-?\d+)\.", s)
        for _, s in ends
    ]
    totals = [sum(int(match.group(p)) for match in scores if match) for p in (1, 2, 3)]
    assert (sum(map(bool, scores)), totals) == (12, [594, 434, 436])
    assert lines[-1] == "Game over after 12 hands: You 594, West 434, North 436. Winner: You."
    assert sum(" dealt by " in line for line in lines) == 12
