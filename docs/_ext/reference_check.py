"""An mkdocs hook: every signature of the API reference shows its types, and no implementation.

Each page under ``reference/`` is read as mkdocstrings wrote it. A function's signature must
give a type for every parameter (``self`` and ``cls`` aside) and a return type; an attribute's
must give its type, and a value it shows must not name one of the package's private names (the
value of ``COMPILED`` or ``PRESETS`` as the source computes it). Anything else is a warning,
which fails a ``mkdocs build --strict``: a function that lost its annotations (read from a
compiled module rather than its source, say) is found at the build, not by a reader.
"""

from __future__ import annotations

import html
import logging
import re

from mkdocs.structure.pages import Page

_log = logging.getLogger("mkdocs.hooks.reference_check")

#: An object mkdocstrings documents, with its kind, up to its signature (the first one before
#: another object starts: a class shows none of its own).
_SIGNATURE = re.compile(
    r'<div class="doc doc-object doc-(?P<kind>\w+)">'
    r'(?:(?!<div class="doc doc-object).)*?'
    r'<h\d id="(?P<id>[^"]+)"'
    r'(?:(?!<div class="doc doc-object).)*?'
    r'<div class="doc-signature highlight"><pre>(?P<signature>.*?)</pre>',
    re.S,
)
_TAG = re.compile(r"<[^>]+>")
#: A private name of the package: a leading underscore not after a dot (``_ALL``, not
#: ``x.__file__``) and not a dunder.
_PRIVATE = re.compile(r"(?<![\w.])_(?!_)[A-Za-z]\w*")
_PAIRS = {"(": ")", "[": "]", "{": "}"}


def _top_level_split(text: str, separator: str) -> list[str]:
    """``text`` split at each ``separator`` outside brackets."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in _PAIRS:
            depth += 1
        elif char in _PAIRS.values():
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [part.strip() for part in parts]


def _closing(text: str, opening: int) -> int:
    """The index of the bracket closing the one at ``opening``."""
    depth = 0
    for i in range(opening, len(text)):
        if text[i] in _PAIRS:
            depth += 1
        elif text[i] in _PAIRS.values():
            depth -= 1
            if depth == 0:
                return i
    return len(text)


def function_problems(signature: str) -> list[str]:
    """What a function's signature (``name(a: int, b=0) -> str``) leaves untyped."""
    opening = signature.find("(")
    closing = _closing(signature, opening)
    problems: list[str] = []
    for param in _top_level_split(signature[opening + 1 : closing], ","):
        name = param.split("=", 1)[0].split(":", 1)[0].strip()
        if name in ("", "*", "/", "self", "cls"):
            continue
        if ":" not in param.split("=", 1)[0]:
            problems.append(f"parameter {name!r} has no type")
    if not signature[closing + 1 :].strip().startswith("->"):
        problems.append("no return type")
    return problems


def attribute_problems(signature: str) -> list[str]:
    """What an attribute's signature (``NAME: int = 3``) lacks, or shows of the code."""
    declared, _, value = signature.partition("=")
    problems = [] if ":" in declared else ["no type"]
    private = _PRIVATE.findall(value)
    if private:
        problems.append(f"its value names private names of the code: {', '.join(private)}")
    return problems


def signature_problems(page_html: str) -> list[str]:
    """Every problem of the signatures on one page of the reference, naming the object."""
    problems: list[str] = []
    for match in _SIGNATURE.finditer(page_html):
        signature = " ".join(html.unescape(_TAG.sub("", match["signature"])).split())
        kind = match["kind"]
        if kind == "function":
            found = function_problems(signature)
        elif kind == "attribute":
            found = attribute_problems(signature)
        else:
            found = []
        problems.extend(f"{match['id']}: {problem}" for problem in found)
    return problems


def on_page_content(html: str, page: Page, **kwargs: object) -> str:
    """Warn about each signature of a reference page that lacks a type or shows the code."""
    if page.file.src_uri.startswith("reference/"):
        for problem in signature_problems(html):
            _log.warning("%s: %s", page.file.src_uri, problem)
    return html
