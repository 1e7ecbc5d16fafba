"""Check that every page of the built documentation fits a 1280-pixel window.

Serves a built site (``mkdocs build --site-dir DIR``) on a local port, opens each of its HTML
pages in headless Chromium at 1280×900 (the collapsible ``<details>`` opened, so content shown
on demand is checked too), and reports:

- every code block whose content is wider than its box (it needs a sideways scrollbar);
- every table wider than the content column, or that needs a sideways scrollbar;
- every other element of the page that scrolls sideways or reaches past the content column.

Each finding gives the page, the kind of element, its width against the width it has, and the
start of its text; the exit status is 1 if there is any. Findings inside the API reference that
mkdocstrings writes from the docstrings are labelled ``docstring``; ``--docstrings report``
prints them without failing.

The check also reads the text of every page (outside code blocks) for reStructuredText that
was not rendered: a paragraph ending in ``::``, double backquotes, and Sphinx roles such as
``:class:``; and it finds every name in code (a word without spaces) broken across lines, as in
a table column too narrow for it. These are printed; ``--fail-on-rst`` and ``--fail-on-broken``
make them fail the check as well.

Chromium is driven with Playwright, using the browser installed on the machine
(``/usr/bin/chromium`` unless ``--chromium`` says otherwise): nothing is downloaded. Requests
to other hosts (the web fonts) are blocked, so every run measures with the same local fonts.

Usage::

    mkdocs build --strict --site-dir /tmp/site
    python scripts/check_layout.py /tmp/site
    python scripts/check_layout.py /tmp/site --screenshots /tmp/shots --page variants/
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import sys
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

__all__ = [
    "CHROMIUM_ARGS",
    "RST_PATTERNS",
    "Finding",
    "main",
    "pages",
    "report",
    "rst_problems",
    "serve",
]

#: The window the pages are checked at: a common laptop screen.
WIDTH = 1280
HEIGHT = 900

#: What reStructuredText left in a page's text looks like, by the name it is reported under.
RST_PATTERNS: dict[str, re.Pattern[str]] = {
    "literal block marker '::'": re.compile(r"(?<!:)::\s*$"),
    "double backquotes": re.compile(r"``"),
    "Sphinx role": re.compile(r":(?:class|func|meth|attr|data|mod|exc|obj|const|ref|term):`?"),
}


def rst_problems(text: str) -> list[str]:
    """The kinds of unrendered reStructuredText in one paragraph of a page's visible text."""
    return [kind for kind, pattern in RST_PATTERNS.items() if pattern.search(text.strip())]


@dataclass(frozen=True)
class Finding:
    """One element that does not fit, or one paragraph with reStructuredText left in it."""

    page: str
    kind: str
    text: str
    width: int = 0
    room: int = 0
    docstring: bool = False

    def line(self) -> str:
        """The finding on one line: page, kind, widths, the start of the text."""
        where = "docstring " if self.docstring else ""
        size = f" {self.width}px in {self.room}px" if self.width else ""
        return f"{self.page}: {where}{self.kind}{size}: {self.text[:60]!r}"


# Runs in the page. The content column is the article's content box; an element "scrolls" when
# its content is wider than its box and its overflow lets it scroll, and "sticks out" when its
# box reaches past the column. Only the outermost offender is reported: what is inside a
# scrolling box is clipped by it, and what is inside an element that sticks out goes with it.
_MEASURE = """
() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const article = document.querySelector('article.md-content__inner');
  if (!article) return {layout: [], broken: [], blocks: []};
  const style = getComputedStyle(article);
  const box = article.getBoundingClientRect();
  const left = box.left + parseFloat(style.paddingLeft);
  const right = box.right - parseFloat(style.paddingRight);
  const room = Math.round(right - left);
  const text = el => (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim();
  const docstring = el => el.closest('.doc-contents, .doc-object, .doc') !== null;
  const kind = el => {
    if (el.closest('pre')) return 'code block';
    if (el.matches('table, .md-typeset__scrollwrap, .md-typeset__table')
        || el.closest('table')) return 'table';
    return el.tagName.toLowerCase();
  };
  const layout = [];
  const done = [];
  for (const el of article.querySelectorAll('*')) {
    if (done.some(d => d.contains(el))) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const overflow = getComputedStyle(el).overflowX;
    const scrolls = overflow !== 'visible' && el.scrollWidth > el.clientWidth + 1;
    // Material gives the box round a table negative margins on purpose (its padding lines the
    // table up with the text): for that box only its scrolling counts.
    const sticksOut = !el.matches('.md-typeset__scrollwrap')
      && (r.right > right + 1 || r.left < left - 1);
    if (scrolls) {
      const wide = el.tagName === 'TABLE' ? el : el.querySelector('table');
      layout.push({kind: kind(el), width: el.scrollWidth, room: el.clientWidth,
                   text: text(wide || el).slice(0, 200), docstring: docstring(el)});
      done.push(el);
    } else if (sticksOut) {
      layout.push({kind: kind(el), width: Math.round(r.width), room: room,
                   text: text(el).slice(0, 200), docstring: docstring(el)});
      done.push(el);
    } else if (overflow !== 'visible') {
      // Fits, and clips whatever is inside it: nothing inside can stick out of the page.
      done.push(el);
    }
  }
  // A name in code that the column is too narrow for is broken mid-word ("hand_limi" above
  // "t"): it reads as two names.
  const broken = [];
  for (const el of article.querySelectorAll('code')) {
    if (el.closest('pre') || /\\s/.test(el.textContent.trim())) continue;
    const lines = new Set([...el.getClientRects()].map(r => Math.round(r.top)));
    if (lines.size > 1) {
      broken.push({kind: 'name in code broken across lines', width: 0, room: 0,
                   text: text(el), docstring: docstring(el)});
    }
  }
  // The visible text of every block outside code blocks, without that of the blocks inside it.
  const BLOCKS = 'p, li, dt, dd, td, th, h1, h2, h3, h4, h5, h6, summary, figcaption';
  const blocks = [];
  for (const el of article.querySelectorAll(BLOCKS)) {
    if (el.closest('pre')) continue;
    const copy = el.cloneNode(true);
    for (const inner of copy.querySelectorAll(BLOCKS + ', pre, ul, ol, dl, table, details'))
      inner.remove();
    const own = text(copy);
    if (own) blocks.push({text: own, docstring: docstring(el)});
  }
  return {layout, broken, blocks};
}
"""


def pages(site: Path) -> list[str]:
    """The address of every HTML page of ``site``, relative to its root, in a stable order."""
    out = []
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        out.append(relative.removesuffix("index.html"))
    return out


#: Chromium's options: no sandbox (CI runs as root), no GPU, and none of the connections it
#: makes of its own accord (updates, sync, first-run pages).
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
)


@contextmanager
def serve(site: Path, served: list[tuple[str, int]] | None = None) -> Iterator[str]:
    """Serve ``site`` on a free port of 127.0.0.1 for the duration; yields its base address.
    Each file sent is noted in ``served`` (its path and size), if given."""
    handler = functools.partial(_QuietHandler, served, directory=str(site))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, served: list[tuple[str, int]] | None, *args: Any, **kwargs: Any) -> None:
        self._served = served
        super().__init__(*args, **kwargs)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send the file, noting its path and size if asked to."""
        if self._served is None:
            super().copyfile(source, outputfile)
            return
        data = source.read()
        outputfile.write(data)
        self._served.append((unquote(urlsplit(self.path).path), len(data)))

    def log_message(self, format: str, *args: object) -> None:
        """Log nothing: the findings are the output."""


class _QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """Ignore a request the browser dropped (it stops loading what a page no longer needs)."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def measure(
    site: Path,
    chosen: Sequence[str],
    *,
    chromium: str,
    screenshots: Path | None = None,
) -> tuple[list[Finding], list[Finding], list[Finding]]:
    """What does not fit, the names broken across lines and the reStructuredText left, in the
    pages ``chosen``."""
    from playwright.sync_api import sync_playwright  # a docs extra, needed only here

    layout: list[Finding] = []
    broken: list[Finding] = []
    rst: list[Finding] = []
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=list(CHROMIUM_ARGS)
        )
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
        local = base.rstrip("/")
        page.route(
            "**/*",
            lambda route: (
                route.continue_() if route.request.url.startswith(local) else route.abort()
            ),
        )
        for address in chosen:
            page.goto(base + address, wait_until="load")
            found = page.evaluate(_MEASURE)
            name = address or "(home)"
            layout.extend(Finding(page=name, **item) for item in found["layout"])
            broken.extend(Finding(page=name, **item) for item in found["broken"])
            for block in found["blocks"]:
                rst.extend(
                    Finding(page=name, kind=kind, text=block["text"], docstring=block["docstring"])
                    for kind in rst_problems(block["text"])
                )
            if screenshots is not None:
                screenshots.mkdir(parents=True, exist_ok=True)
                stem = address.strip("/").replace("/", "_") or "index"
                page.screenshot(path=str(screenshots / f"{stem}.png"), full_page=True)
        browser.close()
    return layout, broken, rst


def report(title: str, findings: Sequence[Finding]) -> str:
    """``findings`` one a line, then their count by page (or a line saying there are none)."""
    if not findings:
        return f"{title}: none"
    lines = [f"{title}: {len(findings)}"]
    lines.extend("  " + finding.line() for finding in findings)
    counts = Counter(finding.page for finding in findings)
    lines.append("  by page: " + ", ".join(f"{page} {n}" for page, n in sorted(counts.items())))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Check the pages; exit 1 if anything that must fit does not (see the options)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", type=Path, help="the built site (mkdocs build --site-dir)")
    parser.add_argument(
        "--page",
        action="append",
        default=[],
        help="check only this page (as 'variants/'; repeatable)",
    )
    parser.add_argument(
        "--chromium", default="/usr/bin/chromium", help="the Chromium to run (/usr/bin/chromium)"
    )
    parser.add_argument(
        "--docstrings",
        choices=["fail", "report"],
        default="fail",
        help="whether what does not fit in the API reference written from docstrings fails "
        "the check (fail, the default) or is only reported",
    )
    parser.add_argument(
        "--fail-on-rst",
        action="store_true",
        help="fail on reStructuredText left in the pages' text, not only report it",
    )
    parser.add_argument(
        "--fail-on-broken",
        action="store_true",
        help="fail on names in code broken across lines, not only report them",
    )
    parser.add_argument("--screenshots", type=Path, help="save a full-page screenshot of each")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site} is not a built site: it has no index.html")
    everything = pages(args.site)
    unknown = [p for p in args.page if p not in everything]
    if unknown:
        parser.error(f"no such page in {args.site}: {', '.join(unknown)}")
    chosen = args.page or everything
    layout, broken, rst = measure(
        args.site, chosen, chromium=args.chromium, screenshots=args.screenshots
    )
    own = [f for f in layout if not f.docstring]
    docstrings = [f for f in layout if f.docstring]
    print(f"checked {len(chosen)} pages at {WIDTH}x{HEIGHT}")
    print(report("does not fit (pages)", own))
    print(report("does not fit (API reference, from docstrings)", docstrings))
    print(report("names in code broken across lines", broken))
    print(report("reStructuredText left in the text", rst))
    failing = own + (docstrings if args.docstrings == "fail" else [])
    failing += broken if args.fail_on_broken else []
    failing += rst if args.fail_on_rst else []
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
