"""Every module the docs name by its path in the package exists: the pages that say where a
rule lives ("Where:" lines, the design page's tables) follow the code as it moves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "rummy500"
#: A module path as the docs write it, in backticks: ``play/legality.py``, ``toolkit.py``.
PATH = re.compile(r"`((?:[a-z_]+/)*[a-z_]+\.py)`")
PAGES = sorted((ROOT / "docs").glob("*.md"))


def _named(page: Path) -> list[str]:
    return [
        path
        for path in PATH.findall(page.read_text(encoding="utf-8"))
        # Files outside the package (scripts, benchmarks, tests, examples) are named from the
        # repository's root.
        if not path.startswith(("scripts/", "benchmarks/", "tests/", "examples/", "docs/"))
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_module_a_page_names_exists(page: Path) -> None:
    missing = [
        path
        for path in _named(page)
        if not (PACKAGE / path).exists() and not (ROOT / path).exists()
    ]
    assert missing == []


def test_the_pages_name_modules() -> None:
    named = {path for page in PAGES for path in _named(page)}
    assert {"play/legality.py", "melds/shape.py", "play/pile.py"} <= named
