"""Check the browser bundle in headless Chromium: Python starts from the site's own files,
imports rummy500 and plays the same games as CPython.

Serves a built site (``mkdocs build --site-dir DIR``, whose ``play/`` holds the bundle; or a
folder that ``scripts/web_bundle.py`` wrote) on 127.0.0.1 with Python's ``http.server``, and
opens the bundle's self-test page, ``selftest.html``, in a new headless Chromium (the machine's
browser, driven with Playwright: nothing is downloaded). The page starts Pyodide in a Web
Worker, installs the wheels, imports rummy500 and plays the seeded games of ``selftest.py``;
this script plays the same games in the CPython running it and compares the results.

The check fails (exit status 1) if the page fails, the results differ, a request goes anywhere
but 127.0.0.1 (such requests are recorded and refused), or the console shows an error. It
prints what it measured on that first visit: how long Python took to start in the worker,
how long ``import rummy500`` took, the games' time against CPython's, and the bytes the page
loaded, as served (``http.server`` does not compress) and as gzip (level 6) would send them.

Usage::

    mkdocs build --strict --site-dir /tmp/site
    python scripts/check_web.py /tmp/site
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import runpy
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from check_layout import CHROMIUM_ARGS, serve

if TYPE_CHECKING:
    from playwright.sync_api import Page

__all__ = [
    "CHROMIUM_ARGS",
    "TIMEOUT",
    "Visit",
    "bundle_folder",
    "compare",
    "main",
    "open_page",
    "verdict",
    "visit",
]

#: How long the page may take to start Python and play, in seconds.
TIMEOUT = 300
#: The gzip level the transfer is estimated with: a common default of web servers.
GZIP_LEVEL = 6


@dataclass
class Visit:
    """What a visit of the self-test page gave: its report, and what it asked for."""

    #: The page's report (selftest.mjs): versions, timings and the games; empty if it failed.
    report: dict[str, Any]
    #: The page's status line (the reason, when it failed).
    status: str
    #: Every address the browser asked for, in order.
    requested: list[str] = field(default_factory=list)
    #: The path and size of every file the server sent.
    served: list[tuple[str, int]] = field(default_factory=list)
    #: The console's errors and the page's uncaught exceptions.
    errors: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        """Every request that went anywhere but 127.0.0.1, then every console error and
        uncaught exception, one a line."""
        local = "http://127.0.0.1:"
        left = [f"a request left 127.0.0.1: {u}" for u in self.requested if not u.startswith(local)]
        return left + self.errors


def bundle_folder(site: Path) -> Path:
    """The folder of the bundle in ``site``: its ``play/``, or ``site`` itself."""
    for folder in (site / "play", site):
        if (folder / "bundle.json").is_file():
            return folder
    raise SystemExit(f"{site} holds no browser bundle: no play/bundle.json, no bundle.json")


@contextmanager
def open_page(
    site: Path, page: str, *, chromium: str, seen: Visit, width: int = 1280, height: int = 720
) -> Iterator[Page]:
    """``page`` of ``site`` (served on 127.0.0.1) opened in a new headless Chromium with a
    window of ``width`` by ``height`` pixels, and loaded. Every request is noted in
    ``seen.requested`` (and refused unless it is to the site), every file sent in
    ``seen.served``, and the console's errors and the page's uncaught exceptions in
    ``seen.errors``."""
    from playwright.sync_api import Request, Route, sync_playwright  # a docs extra, only here

    with serve(site, seen.served) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=list(CHROMIUM_ARGS)
        )
        context = browser.new_context(viewport={"width": width, "height": height})

        def only_local(route: Route) -> None:
            if route.request.url.startswith(base):
                route.continue_()
            else:
                route.abort()

        def noted(request: Request) -> None:
            seen.requested.append(request.url)

        context.route("**/*", only_local)
        context.on("request", noted)
        tab = context.new_page()
        tab.on(
            "console",
            lambda message: (
                seen.errors.append(f"console: {message.text}") if message.type == "error" else None
            ),
        )
        tab.on("pageerror", lambda error: seen.errors.append(f"uncaught: {error}"))
        tab.goto(base + page, wait_until="load")
        try:
            yield tab
        finally:
            browser.close()


def visit(site: Path, page: str, *, chromium: str) -> Visit:
    """Open ``page`` of ``site`` in a new headless Chromium and wait for its report."""
    result = Visit(report={}, status="")
    with open_page(site, page, chromium=chromium, seen=result) as tab:
        tab.wait_for_function("document.body.dataset.state !== 'starting'", timeout=TIMEOUT * 1000)
        result.status = tab.inner_text("#status")
        if tab.evaluate("document.body.dataset.state") == "done":
            result.report = json.loads(tab.get_attribute("#result", "data-json") or "{}")
    return result


def compare(browser: Sequence[dict[str, Any]], cpython: Sequence[dict[str, Any]]) -> list[str]:
    """Each game whose result in the browser is not CPython's, as a line."""
    if len(browser) != len(cpython):
        return [f"the browser played {len(browser)} games, CPython {len(cpython)}"]
    return [
        f"seed {mine['seed']}: the browser gave {mine}, CPython {theirs}"
        for mine, theirs in zip(browser, cpython, strict=True)
        if mine != theirs
    ]


def _gzipped(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=GZIP_LEVEL))


def _cpython_games(folder: Path) -> tuple[list[dict[str, Any]], float]:
    """The games of the bundle's ``selftest.py`` played here as the page plays them, and the
    fastest round's seconds."""
    best_of: Callable[[], dict[str, Any]] = runpy.run_path(str(folder / "selftest.py"))["best_of"]
    played = best_of()
    return played["games"], played["seconds"]


def verdict(failures: Sequence[str], passed: str) -> int:
    """Print each failure, or what was checked when there is none; the exit status to give."""
    for failure in failures:
        print(f"FAILED: {failure}")
    if not failures:
        print(f"  {passed}")
    return 1 if failures else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Check the bundle's self-test page; exit 1 on any failure (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", type=Path, help="the built site, or a bundle's folder")
    parser.add_argument(
        "--chromium", default="/usr/bin/chromium", help="the Chromium to run (/usr/bin/chromium)"
    )
    args = parser.parse_args(argv)
    folder = bundle_folder(args.site)
    page = (folder / "selftest.html").relative_to(args.site).as_posix()
    started = time.perf_counter()
    seen = visit(args.site, page, chromium=args.chromium)
    print(f"opened {page} in headless Chromium in {time.perf_counter() - started:.1f} s")
    failures = [f"the page failed: {seen.status}"] if not seen.report else []
    failures += seen.problems()
    if seen.report:
        report, timings = seen.report, seen.report["timings"]
        games, seconds = _cpython_games(folder)
        failures += compare(report["games"], games)
        print(
            f"  Python {report['python']} (Pyodide {report['pyodide']}), "
            f"rummy500 {report['rummy500']}, in a Web Worker"
        )
        print(
            f"  Python up in {timings['readyMs'] / 1000:.2f} s: Pyodide started in "
            f"{timings['startMs'] / 1000:.2f} s, the wheels installed in "
            f"{timings['installMs'] / 1000:.2f} s"
        )
        print(f"  import rummy500: {timings['importMs']:.0f} ms")
        print(
            f"  {len(games)} seeded games (fastest of {report['rounds']} rounds): "
            f"{timings['gamesMs'] / 1000:.2f} s, against {seconds:.2f} s in CPython "
            f"{platform.python_version()} ({timings['gamesMs'] / 1000 / seconds:.2f} times "
            "as long)"
        )
        for game in report["games"]:
            print(
                f"    seed {game['seed']}: totals {'/'.join(map(str, game['totals']))}, "
                f"winner {game['winner']}, {game['moves']} moves"
            )
    raw = sum(size for _, size in seen.served)
    packed = sum(_gzipped(args.site / path.lstrip("/")) for path, _ in seen.served)
    print(
        f"  first visit: {len(seen.requested)} requests, {len(seen.served)} files served, "
        f"{raw / 1e6:.2f} MB as served (uncompressed), {packed / 1e6:.2f} MB gzipped "
        f"(level {GZIP_LEVEL})"
    )
    return verdict(
        failures, "the same results as CPython; every request to 127.0.0.1; no console error"
    )


if __name__ == "__main__":
    sys.exit(main())
