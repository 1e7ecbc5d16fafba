"""The documentation's inline-code hook (docs/_ext/inline_code.py): each run of inline code
without a space is wrapped in a span the stylesheet keeps on one line, a long run is marked,
and code blocks, scripts and the page's text are left as they were."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from helpers_scripts import load_docs_hook


def hook() -> ModuleType:
    return load_docs_hook("inline_code")


def tok(text: str) -> str:
    return f'<span class="md-token">{text}</span>'


@pytest.mark.parametrize(
    ("page", "wrapped"),
    [
        (
            "<p>Use <code>--workers</code> now</p>",
            f"<p>Use <code>{tok('--workers')}</code> now</p>",
        ),
        (
            "<p><code>state.apply_text('meld 8S 8H 8D')</code></p>",
            "<p><code>"
            + " ".join(tok(t) for t in ["state.apply_text('meld", "8S", "8H", "8D')"])
            + "</code></p>",
        ),
        # A child element without spaces joins the run it touches; one with spaces parts runs.
        (
            "<code><span title=x>Sequence</span>[<span>Card</span>]</code>",
            f"<code>{tok('<span title=x>Sequence</span>[<span>Card</span>]')}</code>",
        ),
        (
            "<code><a href=#s>State</a> | <a href=#v>View</a></code>",
            f"<code>{tok('<a href=#s>State</a>')} {tok('|')} {tok('<a href=#v>View</a>')}</code>",
        ),
        (
            "<code><a>two words</a>.x</code>",
            f"<code><a>{tok('two')} {tok('words')}</a>{tok('.x')}</code>",
        ),
        # A non-breaking space is no place to break: it stays inside the run.
        ("<code>a&nbsp;b c</code>", f"<code>{tok('a&nbsp;b')} {tok('c')}</code>"),
        ("<code></code>", "<code></code>"),
    ],
)
def test_each_run_of_inline_code_without_a_space_is_wrapped(page: str, wrapped: str) -> None:
    assert hook().wrap_tokens(page) == wrapped


def test_a_run_of_thirty_characters_or_more_is_marked_long() -> None:
    short, long = "x" * 29, "rummy500.envs.openspiel.rules_parameter(config)"
    assert hook().wrap_tokens(f"<code>{short} {long}</code>") == (
        f'<code>{tok(short)} <span class="md-token md-token-long">{long}</span></code>'
    )
    # The length is the text's: tags and entities do not count.
    assert hook().wrap_tokens(f"<code><b>{short}</b>&amp;</code>") == (
        f'<code><span class="md-token md-token-long"><b>{short}</b>&amp;</span></code>'
    )


def test_code_blocks_scripts_and_unclosed_code_are_left_as_they_are() -> None:
    untouched = [
        '<pre><code>a b</code></pre><div class="highlight"><pre><span></span><code>x y'
        "</code></pre></div>",
        '<script>if (a<b) { s = "<code>x y</code>"; }</script>',
        "<style>code > b { x: 1 }</style><textarea><code>a b</code></textarea>",
        "<p>a <code>never closed",
    ]
    for page in untouched:
        assert hook().wrap_tokens(page) == page
    assert hook().wrap_tokens("<pre><code>a b</code></pre><code>a b</code>") == (
        f"<pre><code>a b</code></pre><code>{tok('a')} {tok('b')}</code>"
    )


def test_the_text_of_a_page_is_unchanged() -> None:
    page = (
        '<h2 id="x"><code>rummy500.State</code></h2><p>Run <code>python -m pytest -n 2</code> '
        "or <code>--workers</code>, then <code><a>load</a>(path)</code>.</p>"
    )
    text = re.sub(r"<[^>]+>", "", page)
    assert re.sub(r"<[^>]+>", "", hook().wrap_tokens(page)) == text
