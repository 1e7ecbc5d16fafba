"""An mkdocs hook: inline code breaks across lines only at its spaces.

A browser breaks a line of inline code after a hyphen, a slash or a bracket as readily as at a
space, so ``--workers`` could end a line at ``--`` and ``game.get_parameters()["rules"]`` at
``()``: the reader sees an option cut in two, or two names. This hook wraps each run of inline
code without a space (a *token*: a name, an option, a path, a call without spaces) in a
``<span class="md-token">``, which ``docs/stylesheets/extra.css`` keeps on one line. A token of
:data:`LONG` characters or more, which a phone's column may be too narrow for, is marked
``md-token-long`` as well: the stylesheet lets it break inside itself only when it is wider
than the whole column on its own, so that it never makes the page scroll sideways (the mark is
not given to every token, since a box that may break also lets a line break between it and the
bracket before it). ``scripts/check_layout.py`` checks the built pages against the same rule.

Only ``<code>`` outside ``<pre>`` is touched (code blocks keep their lines), and nothing inside
``<script>``, ``<style>`` or ``<textarea>``. The text of the page is unchanged: a token's span
holds exactly the characters it wraps, so copying, searching and the browser pages' scripts see
the same text.
"""

from __future__ import annotations

import re
from html import unescape
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mkdocs.structure.pages import Page

__all__ = ["LONG", "LONG_CLASS", "TOKEN_CLASS", "on_page_content", "wrap_tokens"]

#: The class of the span round each token.
TOKEN_CLASS: Final = "md-token"
#: The class added to a token of :data:`LONG` characters or more: one that may not fit the
#: narrowest column on its own (about 35 characters of code on a 320-pixel phone).
LONG_CLASS: Final = "md-token-long"
LONG: Final = 30
#: A page's HTML as comments, tags and the text between them.
_PIECE: Final = re.compile(r"<!--.*?-->|<[^>]*>|[^<]+", re.S)
_TAG: Final = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)")
#: Where a line may break: the spaces of HTML (a non-breaking space is not one of them).
_SPACE: Final = re.compile(r"([ \t\r\n]+)")
#: Elements whose content is left alone: code blocks, and what is not the page's text (whose
#: content is not HTML: only its own closing tag ends it).
_VERBATIM: Final = frozenset({"pre", "script", "style", "textarea"})
_RAW: Final = frozenset({"script", "style", "textarea"})
#: Elements that have no closing tag.
_VOID: Final = frozenset({"br", "wbr", "img", "input", "hr", "area", "base", "col", "embed"})


def _tag(piece: str) -> tuple[bool, str] | None:
    """``(closing, name)`` of a tag, or None for text or a comment."""
    match = _TAG.match(piece)
    return None if match is None else (match[1] == "/", match[2].lower())


def _element_text(pieces: list[str]) -> str:
    return "".join(p for p in pieces if _tag(p) is None and not p.startswith("<!--"))


def _wrap_inner(pieces: list[str]) -> str:
    """The content of one inline ``<code>`` with each token in a span. A child element with
    no space in its text joins the token it touches (``Sequence[`` ``CardsInput`` ``]`` is
    one token); a child with spaces is a token boundary, its own content wrapped the same way."""
    units: list[tuple[str, str]] = []  # (kind, html): "token", "space" or "boundary"
    i = 0
    while i < len(pieces):
        piece = pieces[i]
        tag = _tag(piece)
        if tag is None:
            if piece.startswith("<!--"):
                units.append(("boundary", piece))
            else:
                units.extend(
                    ("space" if _SPACE.fullmatch(part) else "token", part)
                    for part in _SPACE.split(piece)
                    if part
                )
            i += 1
            continue
        closing, name = tag
        if closing or name in _VOID or piece.endswith("/>"):
            units.append(("boundary", piece))
            i += 1
            continue
        depth, j = 1, i + 1
        while j < len(pieces) and depth:
            inner = _tag(pieces[j])
            if inner is not None and inner[1] == name:
                depth += -1 if inner[0] else 1
            j += 1
        children = pieces[i + 1 : j - 1]
        closing_tag = pieces[j - 1] if depth == 0 else ""
        if _SPACE.search(_element_text(children)):
            units.append(("boundary", piece + _wrap_inner(children) + closing_tag))
        else:
            units.append(("token", piece + "".join(children) + closing_tag))
        i = j
    out: list[str] = []
    token: list[str] = []
    for kind, piece in [*units, ("boundary", "")]:
        if kind == "token":
            token.append(piece)
            continue
        if token:
            out.append(_span("".join(token)))
            token = []
        out.append(piece)
    return "".join(out)


def _span(token: str) -> str:
    """A token in its span: of the long kind if its text is :data:`LONG` characters or more."""
    text = unescape(_element_text([p[0] for p in _PIECE.finditer(token)]))
    kind = f"{TOKEN_CLASS} {LONG_CLASS}" if len(text) >= LONG else TOKEN_CLASS
    return f'<span class="{kind}">{token}</span>'


def wrap_tokens(html: str) -> str:
    """``html`` with every token of its inline code in a ``<span class="md-token">``."""
    out: list[str] = []
    verbatim: list[str] = []  # the open elements whose content is left alone
    code: list[str] | None = None  # the pieces of the inline <code> being read
    opening = ""
    for match in _PIECE.finditer(html):
        piece = match[0]
        tag = _tag(piece)
        if code is not None:
            if tag == (True, "code"):
                out.append(opening + _wrap_inner(code) + piece)
                code = None
            else:
                code.append(piece)
            continue
        if verbatim and verbatim[-1] in _RAW and tag != (True, verbatim[-1]):
            out.append(piece)
            continue
        if tag is not None:
            closing, name = tag
            if name in _VERBATIM:
                if closing and verbatim and verbatim[-1] == name:
                    verbatim.pop()
                elif not closing:
                    verbatim.append(name)
            elif name == "code" and not closing and not verbatim:
                opening, code = piece, []
                continue
        out.append(piece)
    if code is not None:  # a <code> never closed: left as it was
        out.append(opening + "".join(code))
    return "".join(out)


def on_page_content(html: str, page: Page, **kwargs: object) -> str:
    """Wrap the tokens of the page's inline code."""
    return wrap_tokens(html)
