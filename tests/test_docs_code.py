"""The Python on the documentation's pages runs as written.

Pages with a test of their own (build positions, observations, simulate) are checked there,
with the results they show; the others are run here, their blocks one after another in one
namespace, as a reader would type them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = ["index.md", "quickstart.md", "variants.md"]


@pytest.mark.parametrize("page", PAGES)
def test_the_python_on_the_page_runs(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, f"{page} has no Python to run"
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(DOCS / page), "exec"), namespace)
    capsys.readouterr()


def test_the_home_page_game_ends_as_the_readme_says() -> None:
    """The home page plays the README's game: the same seed gives the same winner."""
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    block = re.findall(r"```python\n(.*?)```", text, re.S)[0]
    namespace: dict[str, object] = {}
    exec(compile(block.replace("print(", "(lambda *a: None)("), "index.md", "exec"), namespace)
    state = namespace["state"]
    assert (state.winner, state.totals) == (2, (247, 483, 628))  # type: ignore[attr-defined]
