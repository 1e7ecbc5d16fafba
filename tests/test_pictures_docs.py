"""The page "Draw the table" and the pictures of the docs: the page's Python runs, every picture
a page shows is one scripts/gen_pictures.py draws, and the committed pictures are current."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
#: A picture of the docs as a page shows it: ``![words](img/pictures/name.svg)``.
PICTURE = re.compile(r"!\[([^\]]+)\]\(img/pictures/([a-z-]+)\.svg\)")


def test_the_python_on_the_page_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the page writes table.svg where it runs
    text = (DOCS / "pictures.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 5
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(DOCS / "pictures.md"), "exec"), namespace)
    assert (tmp_path / "table.svg").read_text(encoding="utf-8") == namespace["above"]


def test_the_pages_show_the_pictures_the_script_draws() -> None:
    script = load_script("gen_pictures")
    shown = {
        page.name: [name for _, name in PICTURE.findall(page.read_text(encoding="utf-8"))]
        for page in (DOCS / "pictures.md", DOCS / "rules.md", DOCS / "variants.md")
    }
    assert shown == {
        "pictures.md": ["table-above", "table-seat", "cards", "dig"],
        "rules.md": ["dig", "call", "layoff", "wrap"],
        "variants.md": ["wrap", "call"],
    }
    assert sorted(script.DOCS) == sorted({name for names in shown.values() for name in names})


def test_the_committed_pictures_are_current() -> None:
    script = load_script("gen_pictures")
    assert script.stale(script.drawn()) == []


def test_the_check_names_a_stale_picture_a_missing_one_and_an_extra_one() -> None:
    script = load_script("gen_pictures")
    wanted = script.drawn()
    first, second = sorted(wanted)[:2]
    changed = {**wanted, first: wanted[first] + " ", second.with_name("gone.svg"): "<svg/>"}
    del changed[second]
    assert script.stale(changed) == [
        f"{first.relative_to(ROOT)} is out of date",
        f"{second.with_name('gone.svg').relative_to(ROOT)} is missing",
        f"{second.relative_to(ROOT)} is drawn by no picture: remove it",
    ]
