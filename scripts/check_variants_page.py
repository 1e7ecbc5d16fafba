"""Check the "Try a variant" page in headless Chromium: its form, a run, and the figures
against CPython's.

Serves a built site (``mkdocs build --site-dir DIR``) on 127.0.0.1 and opens its
``try-a-variant/`` page in a new headless Chromium, as ``scripts/check_web.py`` opens the
self-test page (the machine's browser, driven with Playwright; every request anywhere but
127.0.0.1 is refused and recorded, and the console's errors are kept). There it

1. waits for Python to start in the page's Web Worker and the form to be drawn from
   ``variants.py``;
2. picks the preset :data:`PRESET`, turns on ``floating`` (refused without
   ``discard_to_go_out``) and reads the refusal, which must be the sentence of the
   ``ConfigError`` that ``web/src/variants.py`` gives in CPython for the same rules, then turns
   it off again;
3. sets ``target`` to :data:`TARGET` and plays :data:`GAMES` games at :data:`PLAYERS` players
   from the seed :data:`SEED`, and compares the request the page made, its figures and the text
   of its table with what ``web/src/variants.py`` gives for the same request in CPython;
4. starts a run of the most games a page plays, cancels it after its first batch, and compares
   the figures of the games it played with CPython's for as many games;
5. checks that the page, with its results, fits a phone's 390-pixel window.

It fails (exit status 1) on any difference, a request that left 127.0.0.1 or an error in the
console, and prints how long Python took to start and the games against CPython's time.
``--screenshots DIR`` saves the page with its results at 1280 and 390 pixels wide.

Usage::

    mkdocs build --strict --site-dir /tmp/site
    python scripts/check_variants_page.py /tmp/site --screenshots /tmp/shots
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

try:
    import rummy500
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import rummy500

# The browser's side is check_web.py's (a sibling script); the page's Python is web/src's.
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "src"))
import variants
from check_web import TIMEOUT, Visit, bundle_folder, open_page, verdict
from variant_form import rule_set

from rummy500 import presets

if TYPE_CHECKING:
    from playwright.sync_api import Page

__all__ = ["GAMES", "PAGE", "PLAYERS", "PRESET", "SEED", "TARGET", "cpython_report", "main"]

#: The page, in the built site.
PAGE = "try-a-variant/"
#: The run checked: this preset with this target, at this many players, these games.
PRESET, TARGET, PLAYERS, GAMES, SEED = "pagat", 300, 3, 24, 7
#: The window widths of the screenshots: a laptop's, and a phone's.
WIDE, NARROW = 1280, 390

_STATE = "document.getElementById('variant-app').dataset.state"


def cpython_report(request: dict[str, Any], played: int, base: Any) -> Any:
    """What ``variants.py`` reports in CPython for ``request`` once ``played`` games are
    played, beside ``base``, as the JSON the page holds (tuples as lists)."""
    session = variants.Session()
    started = session.start(request)
    if started["error"] is not None:
        raise SystemExit(f"CPython refused the page's request: {started['error']}")
    session.play(played)
    return json.loads(json.dumps(session.report(base)))


def _wait(tab: Page, states: str) -> str:
    """Wait until the page's state is one of ``states`` (space-separated); that state."""
    wanted = json.dumps(states.split())
    tab.wait_for_function(f"{wanted}.includes({_STATE})", timeout=TIMEOUT * 1000)
    return str(tab.evaluate(_STATE))


def _open_group(tab: Page, field: str) -> None:
    script = (
        "name => { document.querySelector(`[data-field=${name}]`).closest('details').open = true; }"
    )
    tab.evaluate(script, field)


def _sentence(tab: Page, empty: bool) -> str:
    """The refusal the page shows, once there is one (or once there is none, if ``empty``)."""
    test = "===" if empty else "!=="
    tab.wait_for_function(
        f"(document.getElementById('variant-error').dataset.sentence ?? '') {test} ''",
        timeout=TIMEOUT * 1000,
    )
    return str(tab.get_attribute("#variant-error", "data-sentence") or "")


def _results(tab: Page) -> tuple[dict[str, Any], Any, int]:
    """The request, the report and the number of games played of the results shown."""
    request = json.loads(tab.get_attribute("#variant-results", "data-request") or "{}")
    report = json.loads(tab.get_attribute("#variant-results", "data-report") or "{}")
    return request, report, int(tab.get_attribute("#variant-results", "data-played") or 0)


def _table(tab: Page) -> list[list[str]]:
    cells = tab.eval_on_selector_all(
        "#variant-results tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.innerText))"
    )
    return [[" ".join(cell.replace("\u00a0", " ").split()) for cell in row] for row in cells]


def _expected_table(report: Any) -> list[list[str]]:
    return [
        [" ".join(str(cell).replace("\u00a0", " ").split()) for cell in row]
        for row in (
            [r["label"], r["variant"], "—" if r["base"] is None else r["base"]]
            for r in report["rows"]
        )
    ]


def _check_refusal(tab: Page, failures: list[str]) -> None:
    """Step 2: the preset picked, and a rule set the rules refuse, with CPython's sentence."""
    tab.select_option("#variant-preset", PRESET)
    _open_group(tab, "floating")
    tab.check("#variant-f-floating")
    shown = _sentence(tab, empty=False)
    try:
        rule_set({**rummy500.to_data(presets.get(PRESET)), "floating": True})
        wanted = "(none: CPython accepts these rules)"
    except rummy500.ConfigError as error:
        wanted = str(error)
    if shown != wanted:
        failures.append(f"the page refused the rules with {shown!r}, CPython with {wanted!r}")
    tab.uncheck("#variant-f-floating")
    _sentence(tab, empty=True)


def _check_run(tab: Page, base: Any, failures: list[str]) -> tuple[float, float]:
    """Step 3: the run of the variant; the seconds the page took (from Run to the results)
    and those CPython took to play and report the same games."""
    _open_group(tab, "target")
    tab.fill("#variant-f-target", str(TARGET))
    tab.select_option("#variant-players", str(PLAYERS))
    tab.fill("#variant-games", str(GAMES))
    tab.fill("#variant-seed", str(SEED))
    started = time.perf_counter()
    tab.click("#variant-run")
    if _wait(tab, "done failed") != "done":
        failures.append(f"the run failed: {tab.inner_text('#variant-error')}")
        return 0.0, 0.0
    seconds = time.perf_counter() - started
    request, report, played = _results(tab)
    rules = rummy500.to_data(attrs.evolve(presets.get(PRESET), target=TARGET))
    wanted = {"rules": rules, "players": PLAYERS, "games": GAMES, "seed": SEED}
    if request != wanted:
        failures.append(f"the page asked for {request}, not {wanted}")
    if played != GAMES:
        failures.append(f"the page played {played} games, not {GAMES}")
    cpython = time.perf_counter()
    if report != cpython_report(wanted, GAMES, base):
        failures.append(f"the page's figures are not CPython's: {report}")
    cpython = time.perf_counter() - cpython
    if _table(tab) != _expected_table(report):
        failures.append(f"the table shows {_table(tab)}, not {_expected_table(report)}")
    return seconds, cpython


def _check_cancel(tab: Page, base: Any, failures: list[str]) -> int:
    """Step 4: a long run cancelled after its first batch; the games it played."""
    tab.fill("#variant-games", str(variants.MAX_GAMES))
    tab.click("#variant-run")
    progress = "document.getElementById('variant-progress')"
    tab.wait_for_function(
        f"{progress}.max === {variants.MAX_GAMES} && {progress}.value >= 1",
        timeout=TIMEOUT * 1000,
    )
    tab.click("#variant-cancel")
    if _wait(tab, "done failed") != "done":
        failures.append(f"the cancelled run failed: {tab.inner_text('#variant-error')}")
        return 0
    request, report, played = _results(tab)
    if not 0 < played < variants.MAX_GAMES or request["games"] != variants.MAX_GAMES:
        failures.append(f"Cancel did not stop the run: {played} of {request['games']} games")
    elif report != cpython_report(request, played, base):
        failures.append(f"the figures of the {played} games played are not CPython's: {report}")
    return played


def _screenshots(tab: Page, folder: Path | None, failures: list[str]) -> None:
    """The page with its results at a laptop's and a phone's width (saved if asked); it must
    be no wider than the phone's window."""
    for width in (WIDE, NARROW):
        tab.set_viewport_size({"width": width, "height": 900})
        # The plots are drawn again to the new width, on the next frame.
        tab.wait_for_timeout(300)
        wide = tab.evaluate("document.documentElement.scrollWidth")
        if wide > width:
            failures.append(f"at {width} px the page is {wide} px wide")
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"try-a-variant-{width}.png"
            tab.screenshot(path=str(path), full_page=True)
            print(f"  screenshot: {path}")
    tab.set_viewport_size({"width": WIDE, "height": 900})


def main(argv: Sequence[str] | None = None) -> int:
    """Check the page; exit 1 on any failure (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", type=Path, help="the built site (mkdocs build --site-dir)")
    parser.add_argument(
        "--chromium", default="/usr/bin/chromium", help="the Chromium to run (/usr/bin/chromium)"
    )
    parser.add_argument("--screenshots", type=Path, help="save the page with its results here")
    args = parser.parse_args(argv)
    bundle_folder(args.site)
    if not (args.site / PAGE / "index.html").is_file():
        raise SystemExit(f"{args.site} has no {PAGE}: build the documentation first")
    data = json.loads((args.site / "data" / "compare-variants.json").read_text(encoding="utf-8"))
    base = data["results"].get(f"{PRESET}/{PLAYERS}")
    seen = Visit(report={}, status="")
    failures: list[str] = []
    started = time.perf_counter()
    with open_page(args.site, PAGE, chromium=args.chromium, seen=seen, height=900) as tab:
        if _wait(tab, "ready failed") != "ready":
            failures.append(f"the page failed: {tab.inner_text('#variant-status')}")
        else:
            up = time.perf_counter() - started
            print(f"opened {PAGE}: Python up and the form drawn in {up:.1f} s")
            _check_refusal(tab, failures)
            seconds, cpython = _check_run(tab, base, failures)
            print(
                f"  {PRESET} with target {TARGET}, {PLAYERS} players, {GAMES} games from seed "
                f"{SEED}: {seconds:.1f} s in the page (Run to results), {cpython:.2f} s in CPython"
            )
            _screenshots(tab, args.screenshots, failures)
            played = _check_cancel(tab, base, failures)
            print(f"  Cancel stopped a run of {variants.MAX_GAMES} games after {played}")
    failures += seen.problems()
    return verdict(
        failures, "the same rules, figures and refusal as CPython; every request to 127.0.0.1"
    )


if __name__ == "__main__":
    sys.exit(main())
