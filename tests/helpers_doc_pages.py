"""Reading a documentation page's examples, so a test can check each one against the engine.

A page is read as Markdown: its tables (by their header), its fenced code blocks (by their
language and title), and the code spans of a table cell. The ``pycon`` blocks (Python prompt
sessions) run as doctests, one after another in one namespace, as a reader would type them.
"""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"

_FENCE = re.compile(r"^```(?P<lang>\w*)(?P<info>[^\n]*)\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)
_TITLE = re.compile(r'title="(?P<title>[^"]*)"')
_SPAN = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Table:
    """A Markdown table: its header cells and its rows of cells, as written."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Block:
    """A fenced code block: its language, its title (``title="..."``, or ``""``) and text."""

    lang: str
    title: str
    text: str


def page(name: str) -> str:
    """The Markdown text of ``docs/<name>``."""
    return (DOCS / name).read_text(encoding="utf-8")


def blocks(text: str) -> list[Block]:
    """Every fenced code block of a page, in order."""
    found = []
    for match in _FENCE.finditer(text):
        title = _TITLE.search(match["info"])
        found.append(Block(match["lang"], title["title"] if title else "", match["body"]))
    return found


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def tables(text: str) -> list[Table]:
    """Every table of a page outside its code blocks, in order."""
    found = []
    lines = _FENCE.sub("", text).splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("| ---"):
            end = i + 2
            while end < len(lines) and lines[end].startswith("|"):
                end += 1
            rows = tuple(_cells(line) for line in lines[i + 2 : end])
            found.append(Table(_cells(lines[i]), rows))
            i = end
        else:
            i += 1
    return found


def table(text: str, *header: str) -> Table:
    """The one table of a page with this header."""
    matching = [t for t in tables(text) if t.header == header]
    assert len(matching) == 1, f"one table headed {header}, found {len(matching)}"
    return matching[0]


def spans(cell: str) -> list[str]:
    """The code spans of a table cell, in order: ``"`10S`, `TS`"`` gives ``["10S", "TS"]``."""
    return _SPAN.findall(cell)


def run_sessions(name: str, text: str, namespace: dict[str, object]) -> list[str]:
    """Run every ``pycon`` block of a page as a doctest in ``namespace``; the failures, as
    doctest reports them (empty when every result is as shown)."""
    parser = doctest.DocTestParser()
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    failures: list[str] = []
    runner = doctest.DocTestRunner(optionflags=flags)
    for number, block in enumerate(b for b in blocks(text) if b.lang == "pycon"):
        test = parser.get_doctest(block.text, namespace, f"{name}, session {number}", name, 0)
        runner.run(test, out=failures.append, clear_globs=False)
        # A doctest runs in a copy of the namespace it is given: what it defined goes on.
        namespace.update(test.globs)
    return failures
