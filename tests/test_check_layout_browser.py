"""scripts/check_layout.py in a real browser: a small site of one page, whose inline code breaks
inside a word, at a space, and inside a run too wide for any line, and whose code blocks have a
copy button over their text or above it; and the check's options and findings as it prints them.

The page is laid out in monospace (6 pixels a character at 10 pixels), so that where its lines
break is known. Headless Chromium is the machine's own, driven by Playwright (the docs extra).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers_scripts import load_script

check_layout = load_script("check_layout")
CHROMIUM = Path("/usr/bin/chromium")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; font: 10px/1.5 "DejaVu Sans Mono", monospace; }
  article { width: 300px; margin: 20px; }
  p { width: 120px; margin: 0 0 10px; }
  pre { position: relative; margin: 0 0 10px; }
  pre > code { display: block; white-space: pre-wrap; overflow: auto; }
  .md-code__nav { position: absolute; top: 0; right: 0; width: 30px; height: 30px; }
  .band > code { padding-top: 32px; }
</style></head><body><article class="md-content__inner">
<p>xxxxxxxxxxxxxx <code>--workers</code></p>
<p>xxxxxxxxxxxxxx <code>meld 8S 8H 8D</code></p>
<p><code style="word-break: break-all">abcdefghijklmnopqrstuvwxyz</code></p>
<pre><nav class="md-code__nav"></nav><code>CODE</code></pre>
<pre class="band"><nav class="md-code__nav"></nav><code>CODE</code></pre>
</article></body></html>
""".replace("CODE", "a first line of code long enough to reach the button\nand a second")


def test_a_finding_names_the_window_it_was_seen_in() -> None:
    finding = check_layout.Finding(
        page="simulate/", kind="code broken inside a word", text="--↵workers", width=82,
        room=358, window=390,
    )  # fmt: skip
    assert finding.line() == (
        "simulate/ at 390px: code broken inside a word 82px in 358px: '--↵workers'"
    )


def test_what_scrolls_counts_only_in_the_widest_window_and_the_text_is_read_once() -> None:
    found = check_layout.Measured()
    scrolls = {"kind": "table", "width": 900, "room": 358, "text": "t", "docstring": False}
    sticks = {"kind": "code", "width": 400, "room": 358, "text": "c", "docstring": False}
    items = {
        "layout": [{**scrolls, "sticks_out": False}, {**sticks, "sticks_out": True}],
        "broken": [],
        "covered": [],
        "blocks": [{"text": "Usage::", "docstring": True}],
    }
    found.add(items, "a/", 390, widest=False, text=True)
    assert found == check_layout.Measured(
        layout=[check_layout.Finding(page="a/", window=390, **sticks)],
        rst=[
            check_layout.Finding(
                page="a/", kind="literal block marker '::'", text="Usage::", docstring=True
            )
        ],
    )


def test_a_window_narrower_than_a_phone_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        check_layout.main([str(tmp_path), "--width", "1280", "--width", "200"])
    assert info.value.code == 2
    assert capsys.readouterr().err.endswith(
        "error: a window is at least 320 pixels wide, not 200\n"
    )


@pytest.fixture
def site(tmp_path: Path) -> Path:
    if not CHROMIUM.exists():
        pytest.skip(f"the browser test needs Chromium at {CHROMIUM}")
    pytest.importorskip("playwright.sync_api", reason="the browser test needs Playwright")
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    return tmp_path


def test_code_broken_inside_a_word_and_code_under_its_button_are_found(site: Path) -> None:
    found = check_layout.measure(site, [""], chromium=str(CHROMIUM), widths=(800,))
    assert found == check_layout.Measured(
        broken=[
            check_layout.Finding(
                page="(home)",
                kind="code broken inside a word",
                text="--↵workers",
                width=54,
                room=120,
                window=800,
            )
        ],
        covered=[
            check_layout.Finding(
                page="(home)",
                kind="code under its copy button",
                text="a first line of code long enough to reach the button",
                window=800,
            )
        ],
    )


def test_the_check_prints_its_findings_and_fails_on_them(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check_layout.main([str(site), "--chromium", str(CHROMIUM), "--width", "800"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "checked 1 pages at 800x900",
        "does not fit (pages): none",
        "does not fit (API reference, from docstrings): none",
        "inline code broken inside a word: 1",
        "  (home) at 800px: code broken inside a word 54px in 120px: '--↵workers'",
        "  by page: (home) 1",
        "code under its copy button: 1",
        "  (home) at 800px: code under its copy button: 'a first line of code long enough to "
        "reach the button'",
        "  by page: (home) 1",
        "reStructuredText left in the text: none",
    ]
