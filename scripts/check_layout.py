"""Check that every page of the built documentation fits a laptop's window and a phone's.

Serves a built site (``mkdocs build --site-dir DIR``) on a local port, opens each of its HTML
pages in headless Chromium in a window 1280 and one 390 pixels wide (``--width`` for others;
the collapsible ``<details>`` opened, so content shown on demand is checked too), and reports:

- in the widest window, every code block whose content is wider than its box (it needs a
  sideways scrollbar) and every table that needs one (on a phone they scroll by design);
- in every window, every element that reaches past the content column (further than the
  negative margins Material gives some boxes on purpose take it), so that the page itself
  never scrolls sideways;
- in every window, inline code broken across lines inside a word (see below);
- in every window, a code block whose copy button covers some of its code's text.

Inline code breaks only at a space. A line break anywhere else in a piece of inline code (after
``--`` in ``--workers``, at the ``.`` or ``(`` of ``state.apply_text("meld 8S 8H 8D")``) is a
finding, unless the run of code without spaces it falls in is wider, unbroken and with the
code's padding, than the room its line has (the content box of the block round it; in a table,
the content column, since a table scrolls rather than squeeze a name): such a run cannot fit
any line, and breaking it is better than making the page scroll. The copy button Material adds
to a code block shows on hover and focus; its box is measured whether shown or not, against
each character of the code that the block shows before it is scrolled.

Each finding gives the page, the window's width, the kind of finding, the widths involved, and
the start of its text (for broken code, the run with ``↵`` where it breaks); the exit status
is 1 if there is any. Findings inside the API reference that mkdocstrings writes from the
docstrings are labelled ``docstring``; ``--docstrings report`` prints them without failing.

The check also reads the text of every page (outside code blocks) for reStructuredText that
was not rendered: a paragraph ending in ``::``, double backquotes, and Sphinx roles such as
``:class:``. These are printed; ``--fail-on-rst`` makes them fail the check as well.

A plot is an image to the browser, a bitmap or an SVG drawn as one: nothing here can tell a
label that crosses the plot's border from a line of the plot, so only the image's box is
checked, as any element's. The generated plots are checked where they are drawn:
``tests/test_plot_layout.py`` draws each from small fixed data and requires every text inside
its figure, every value label inside its axes, and tick labels of 9 pixels or more.

Chromium is driven with Playwright, using the browser installed on the machine
(``/usr/bin/chromium`` unless ``--chromium`` says otherwise): nothing is downloaded. Requests
to other hosts (the web fonts) are blocked, so every run measures with the same local fonts.

Usage::

    mkdocs build --strict --site-dir /tmp/site
    python scripts/check_layout.py /tmp/site
    python scripts/check_layout.py /tmp/site --screenshots /tmp/shots --page variants/
    python scripts/check_layout.py /tmp/site --width 320 --width 768
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

__all__ = [
    "CHROMIUM_ARGS",
    "RST_PATTERNS",
    "WIDTHS",
    "Finding",
    "Measured",
    "main",
    "measure",
    "pages",
    "report",
    "rst_problems",
    "serve",
]

#: The windows the pages are checked at, by width: a common laptop screen and a phone.
WIDTHS = (1280, 390)
HEIGHT = 900
#: The narrowest window the check opens: Material's layout is made for 320 pixels and more.
MIN_WIDTH = 320

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
    #: The width of the window the page was opened in (0: any).
    window: int = 0

    def line(self) -> str:
        """The finding on one line: page (and window), kind, widths, the start of the text."""
        page = f"{self.page} at {self.window}px" if self.window else self.page
        where = "docstring " if self.docstring else ""
        size = f" {self.width}px in {self.room}px" if self.width else ""
        return f"{page}: {where}{self.kind}{size}: {self.text[:60]!r}"


# Runs in the page. The content column is the article's content box; an element "scrolls" when
# its content is wider than its box and its overflow lets it scroll, and "sticks out" when its
# box reaches past the column. Only the outermost offender is reported: what is inside a
# scrolling box is clipped by it, and what is inside an element that sticks out goes with it.
_MEASURE = """
() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const article = document.querySelector('article.md-content__inner');
  if (!article) return {layout: [], broken: [], covered: [], blocks: []};
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
    const sticksOut = (r.right > right + 1 || r.left < left - 1) && (() => {
      // Material bleeds some boxes past the column on purpose, by negative margins: a table's
      // scrolling box (its padding lines the table up with the text) and, on a phone, a code
      // block (to the window's edges). A box may reach as far as its own and its ancestors'
      // negative margins take it, no further.
      let byLeft = 0, byRight = 0;
      for (let x = el; x && x !== article; x = x.parentElement) {
        const cs = getComputedStyle(x);
        byLeft = Math.min(byLeft, parseFloat(cs.marginLeft));
        byRight = Math.min(byRight, parseFloat(cs.marginRight));
      }
      return r.right > right - byRight + 1 || r.left < left + byLeft - 1;
    })();
    if (scrolls) {
      const wide = el.tagName === 'TABLE' ? el : el.querySelector('table');
      layout.push({kind: kind(el), width: el.scrollWidth, room: el.clientWidth,
                   text: text(wide || el).slice(0, 200), docstring: docstring(el),
                   sticks_out: false});
      done.push(el);
    } else if (sticksOut) {
      layout.push({kind: kind(el), width: Math.round(r.width), room: room,
                   text: text(el).slice(0, 200), docstring: docstring(el), sticks_out: true});
      done.push(el);
    } else if (overflow !== 'visible') {
      // Fits, and clips whatever is inside it: nothing inside can stick out of the page.
      done.push(el);
    }
  }
  // Inline code breaks only at a space. A break elsewhere ("--" above "workers", "get(" above
  // "x)") is allowed only inside a piece without spaces that is wider than its line's room on
  // its own (the block round it; in a table, the column, since a table scrolls instead).
  const SPACE = /\\s/;
  const range = document.createRange();
  const charRect = (node, i) => {
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const r = range.getClientRects();
    return r.length && r[0].width > 0 ? r[0] : null;
  };
  const textNodes = el => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const out = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n);
    return out;
  };
  const roomOf = el => {
    if (el.closest('table')) return room;
    let box = el.parentElement;
    while (box !== article && getComputedStyle(box).display.startsWith('inline'))
      box = box.parentElement;
    const cs = getComputedStyle(box);
    return box.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  };
  const unbrokenWidth = (el, token) => {
    const probe = document.createElement('span');
    probe.style.cssText = 'position: absolute; visibility: hidden; white-space: pre';
    probe.textContent = token;
    el.appendChild(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    const cs = getComputedStyle(el);
    return width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight);
  };
  const broken = [];
  for (const el of article.querySelectorAll('code')) {
    if (el.closest('pre')) continue;
    range.selectNodeContents(el);
    if (new Set([...range.getClientRects()].map(r => Math.round(r.top))).size < 2) continue;
    const chars = [];
    for (const node of textNodes(el))
      for (let i = 0; i < node.length; i++) chars.push({ch: node.data[i], rect: charRect(node, i)});
    let prev = -1, space = false;
    for (let k = 0; k < chars.length; k++) {
      const c = chars[k];
      if (SPACE.test(c.ch)) { space = true; continue; }
      if (!c.rect) continue;
      const p = prev >= 0 ? chars[prev].rect : null;
      prev = k;
      const wrapped = p && c.rect.top > p.top + p.height / 2;
      if (!wrapped || space) { space = false; continue; }
      let a = k - 1, b = k;
      while (a > 0 && !SPACE.test(chars[a - 1].ch)) a--;
      while (b < chars.length && !SPACE.test(chars[b].ch)) b++;
      const token = chars.slice(a, b).map(x => x.ch).join('');
      const width = unbrokenWidth(el, token), lineRoom = roomOf(el);
      if (width > lineRoom + 0.5) { space = false; continue; }
      broken.push({kind: 'code broken inside a word', width: Math.round(width),
                   room: Math.round(lineRoom), docstring: docstring(el),
                   text: token.slice(0, k - a) + '\u21b5' + token.slice(k - a)});
      break;
    }
  }
  // A code block's copy button (Material's, shown on hover: measured whether shown or not)
  // must cover none of the code's text where the block shows it before any scrolling.
  const covered = [];
  for (const pre of article.querySelectorAll('pre')) {
    const code = pre.querySelector(':scope > code');
    const cover = pre.querySelector(':scope > .md-code__nav')
      || pre.querySelector('.md-code__button');
    if (!code || !cover) continue;
    const b = cover.getBoundingClientRect();
    if (!b.width || !b.height) continue;
    const box = code.getBoundingClientRect();
    const left = Math.max(b.left, box.left + code.clientLeft);
    const right = Math.min(b.right, box.left + code.clientLeft + code.clientWidth);
    const top = Math.max(b.top, box.top + code.clientTop);
    const bottom = Math.min(b.bottom, box.top + code.clientTop + code.clientHeight);
    const under = r => r.right > left && r.left < right && r.bottom > top && r.top < bottom;
    let hit = null;
    for (const node of textNodes(code)) {
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()];
      if (rects.length && rects[0].top >= bottom) break;
      if (!rects.some(under)) continue;
      for (let i = 0; i < node.length && !hit; i++) {
        const r = SPACE.test(node.data[i]) ? null : charRect(node, i);
        if (r && under(r)) hit = {node, i};
      }
      if (hit) break;
    }
    if (!hit) continue;
    range.setStart(code, 0);
    range.setEnd(hit.node, hit.i);
    const line = code.textContent.split('\\n')[range.toString().split('\\n').length - 1];
    covered.push({kind: 'code under its copy button', width: 0, room: 0, text: line,
                  docstring: docstring(pre)});
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
  return {layout, broken, covered, blocks};
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


@dataclass
class Measured:
    """What the pages showed: each kind of finding, in the order the pages were opened."""

    layout: list[Finding] = field(default_factory=list)
    broken: list[Finding] = field(default_factory=list)
    covered: list[Finding] = field(default_factory=list)
    rst: list[Finding] = field(default_factory=list)

    def add(
        self, items: dict[str, Any], page: str, window: int, *, widest: bool, text: bool
    ) -> None:
        """Note what one page showed in a ``window`` pixels wide: what does not fit (what
        scrolls only in the ``widest`` window), and its text's reStructuredText if ``text``."""
        for item in items["layout"]:
            if item.pop("sticks_out") or widest:
                self.layout.append(Finding(page=page, window=window, **item))
        self.broken.extend(Finding(page=page, window=window, **i) for i in items["broken"])
        self.covered.extend(Finding(page=page, window=window, **i) for i in items["covered"])
        if text:
            self.rst.extend(
                Finding(page=page, kind=kind, text=block["text"], docstring=block["docstring"])
                for block in items["blocks"]
                for kind in rst_problems(block["text"])
            )


def measure(
    site: Path,
    chosen: Sequence[str],
    *,
    chromium: str,
    widths: Sequence[int] = WIDTHS,
    screenshots: Path | None = None,
) -> Measured:
    """Open the pages ``chosen`` at each of ``widths`` and note what does not fit, the inline
    code broken inside a word and the code under its copy button; and, at the first width
    only (the text is the same at every width), the reStructuredText left in the text. Only
    at the widest window must every code block and table fit without scrolling: on a phone
    they scroll by design, but nothing may stick out of the column at any width."""
    from playwright.sync_api import sync_playwright  # a docs extra, needed only here

    found = Measured()
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=list(CHROMIUM_ARGS)
        )
        local = base.rstrip("/")
        for index, width in enumerate(widths):
            page = browser.new_page(viewport={"width": width, "height": HEIGHT})
            page.route(
                "**/*",
                lambda route: (
                    route.continue_() if route.request.url.startswith(local) else route.abort()
                ),
            )
            for address in chosen:
                page.goto(base + address, wait_until="load")
                found.add(
                    page.evaluate(_MEASURE),
                    address or "(home)",
                    width,
                    widest=width == max(widths),
                    text=index == 0,
                )
                if screenshots is not None:
                    screenshots.mkdir(parents=True, exist_ok=True)
                    stem = address.strip("/").replace("/", "_") or "index"
                    page.screenshot(path=str(screenshots / f"{stem}-{width}.png"), full_page=True)
            page.close()
        browser.close()
    return found


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
        "--width",
        action="append",
        type=int,
        default=[],
        help="open the pages in a window this wide, in pixels (repeatable; the default is "
        + " and ".join(str(w) for w in WIDTHS)
        + ")",
    )
    parser.add_argument("--screenshots", type=Path, help="save a full-page screenshot of each")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site} is not a built site: it has no index.html")
    if any(w < MIN_WIDTH for w in args.width):
        parser.error(f"a window is at least {MIN_WIDTH} pixels wide, not {min(args.width)}")
    everything = pages(args.site)
    unknown = [p for p in args.page if p not in everything]
    if unknown:
        parser.error(f"no such page in {args.site}: {', '.join(unknown)}")
    chosen = args.page or everything
    widths = tuple(args.width) or WIDTHS
    found = measure(
        args.site, chosen, chromium=args.chromium, widths=widths, screenshots=args.screenshots
    )
    sizes = ", ".join(f"{w}x{HEIGHT}" for w in widths)
    print(f"checked {len(chosen)} pages at {sizes}")
    print(report("does not fit (pages)", [f for f in found.layout if not f.docstring]))
    print(
        report(
            "does not fit (API reference, from docstrings)",
            [f for f in found.layout if f.docstring],
        )
    )
    print(report("inline code broken inside a word", found.broken))
    print(report("code under its copy button", found.covered))
    print(report("reStructuredText left in the text", found.rst))
    failing = [
        f
        for f in [*found.layout, *found.broken, *found.covered]
        if not f.docstring or args.docstrings == "fail"
    ]
    failing += found.rst if args.fail_on_rst else []
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
