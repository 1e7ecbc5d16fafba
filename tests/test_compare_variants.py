"""The "Compare the variants" page is what its committed data gives, with every plot it shows."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType

from helpers_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def script() -> ModuleType:
    return load_script("compare_variants")


def test_the_page_is_what_the_data_gives() -> None:
    compare = script()
    data = json.loads(compare.DATA.read_text(encoding="utf-8"))
    assert compare.PAGE.read_text(encoding="utf-8") == compare.page(data), (
        "docs/compare-variants.md is out of date: python scripts/compare_variants.py render"
    )


def test_the_data_covers_every_preset_at_every_count_it_allows_with_enough_games() -> None:
    compare = script()
    data = json.loads(compare.DATA.read_text(encoding="utf-8"))
    assert data["games"] >= 2000
    wanted = {f"{name}/{n}" for name in compare.presets.names() for n in compare.allowed(name)}
    assert set(data["results"]) == wanted
    assert all(r["games"] == data["games"] for r in data["results"].values())


def test_every_plot_the_page_shows_is_there() -> None:
    compare = script()
    text = compare.PAGE.read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert images
    for image in images:
        assert (ROOT / "docs" / image).is_file(), image
