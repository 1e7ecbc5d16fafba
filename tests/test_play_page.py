"""The Play page's parts fit together: the docs page loads the bundle's module and stylesheet,
the module loads the Python beside it, and every control the browser check clicks exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "play.md"
WEB_SRC = ROOT / "web" / "src"
MODULE = WEB_SRC / "play.mjs"
CHECK = ROOT / "scripts" / "check_play.py"


def test_the_docs_page_loads_the_bundles_module_and_stylesheet() -> None:
    text = PAGE.read_text(encoding="utf-8")
    # The page is the site's play/index.html, beside the bundle that the docs build writes in
    # play/ from web/src/.
    loaded = re.findall(r'(?:src|href)="\.\./play/([^"]+)"', text)
    assert loaded == ["play.css", "play.mjs"]
    assert all((WEB_SRC / name).is_file() for name in loaded)
    assert '<div id="play-app" class="r5-app" data-state="starting">' in text


def test_the_page_is_in_the_navigation_after_the_quick_start() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "  - Quick start: quickstart.md\n  - Play in the browser: play.md\n" in nav
    assert "[Play in the browser](play.md)" in (ROOT / "docs" / "front-end.md").read_text(
        encoding="utf-8"
    )


def test_the_module_loads_only_files_of_the_bundle() -> None:
    source = MODULE.read_text(encoding="utf-8")
    imported = re.findall(r'^import .* from "\./([^"]+)";$', source, re.M)
    glue = re.findall(r'"([a-z_]+\.py)"', source)
    assert (imported, glue) == (["client.mjs"], ["table_json.py", "table.py"])
    assert all((WEB_SRC / name).is_file() for name in imported + glue)
    # Nothing from elsewhere: every address it names is relative to the module.
    assert re.findall(r"https?://", source) == []


def test_every_control_the_browser_check_uses_is_on_the_page() -> None:
    source = MODULE.read_text(encoding="utf-8")
    made = set(re.findall(r'"(r5-[a-z0-9-]+)"', source))
    made |= {f"{prefix}1" for prefix in re.findall(r"`(r5-[a-z-]+-)\$\{", source)}
    # The ids the check names, seat 1's for those made for each seat (#r5-bot-{seat}), and
    # for #r5-{move.kind}, the moves the page has a button for.
    named = re.findall(r"#(r5-[a-z0-9-]*)", CHECK.read_text(encoding="utf-8"))
    used = {f"{name}1" if name.endswith("-") else name for name in named if name != "r5-"}
    used |= {"r5-pass", "r5-decline", "r5-deal"}
    assert sorted(used - made) == []
    assert len(used) == 26
