"""The "Compare the variants" page is what its committed data gives, with every plot it shows."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def script() -> ModuleType:
    path = ROOT / "scripts" / "compare_variants.py"
    spec = importlib.util.spec_from_file_location("compare_variants", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["compare_variants"] = module
    spec.loader.exec_module(module)
    return module


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
