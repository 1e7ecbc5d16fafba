"""The Play page's budgets, measured in headless Chromium: its start-up over Pyodide's own, the
greedy bots' replies, and the bytes of a first visit.

Serves a built site (``mkdocs build --site-dir DIR``) on 127.0.0.1 and drives the machine's
Chromium with Playwright, with the server of ``scripts/check_layout.py`` and the options of
``scripts/check_web.py``; every request anywhere else is refused, and the console's errors are
noted. One browser runs the whole benchmark; each visit gets a fresh browser context, whose
cache is empty. A script run before
each page's own notes when its Python worker is made, when Python is up, and when each request
is posted to the worker and answered; on the Play page, a ``MutationObserver`` notes each
change of its state and each table drawn (see ``web_figures.py``). It measures:

1. **Start-up.** Round after round, in an order that turns each round: a bare page that only
   starts Pyodide in a Web Worker from the site's files (served by the browser's routing, not
   part of the site), and the Play page until the person may make their first move (Python
   up, the wheels installed, rummy500 and the page's glue imported, the first game drawn, the
   bots' first moves played at the pace "Instant"). Each is opened in a fresh context (a
   first visit), then again in the same one (a second visit, from the cache). The budget: the
   page adds at most 1 s on a first visit; the difference is split where the marks allow.
   Another page then starts the bundle's worker alone and times each step of the page's
   start-up there (and, in a full run, the imports again from bytecode compiled beforehand).
2. **Replies.** A seeded game against greedy bots at the pace "Instant", played on the page by
   ``scripts/check_play.py`` (clicks, the keyboard, typed moves; checked against CPython): each
   of the person's moves timed from their click or key to each bot move drawn (its request's
   round trip to the worker, then drawing), to the frame after the first one, and to the
   person's turn again. The budget: the first bot move shown within 50 ms of the person's
   move, and each bot move within 50 ms of the move before it (90th percentiles). The same
   game's requests are then timed in the worker alone, and the game in Python there
   (``web_replies.py``) and in this CPython.
3. **Bytes.** What the first visit of the Play page loaded, by kind of file, as served
   (``http.server`` does not compress) and as gzip level 6 would send it. The budget: under
   8 MB gzipped.

It prints the figures and a table of the budgets, each met or not; it exits with status 1 only
if a page fails, a game on the page or in the worker differs from CPython's, or a request left
127.0.0.1. The machine's other work moves every figure: compare the medians of a full run.

Usage::

    mkdocs build --strict --site-dir /tmp/site
    python benchmarks/bench_web.py /tmp/site --chromium /usr/bin/chromium   # about 5 minutes
    python benchmarks/bench_web.py /tmp/site --quick    # one round, one hand: under a minute
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

# The scripts and the page's Python are no packages: their folders go on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "src"))

import check_layout
import check_play
import check_web
import web_figures
import web_replies
import web_report
from web_figures import Start
from web_report import Run

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page, Route

__all__ = ["Session", "main", "measure"]

#: Rounds of the start-up's pages (a full run).
ROUNDS = 5
#: The game of the replies: preset, the bots after the person's seat, seed; and its hands.
GAME = ("standard", ("greedy", "greedy"), 1)
HANDS, QUICK_HANDS = 3, 1
#: The synthetic pages, in the bundle's folder (served by routing: the site has no such file).
BARE_PAGE, PYTHON_PAGE = "bench-pyodide.html", "bench-python.html"
#: A page that only starts Pyodide in a module Web Worker from the bundle's Pyodide folder
#: (PYODIDE_FOLDER), and notes when it is up in ``window.benchUp``.
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide alone</title></head><body>
<script type="module">
const folder = new URL("PYODIDE_FOLDER", location.href).href;
const source = `try {
  const { loadPyodide } = await import(${JSON.stringify(folder + "pyodide.mjs")});
  await loadPyodide({ indexURL: ${JSON.stringify(folder)} });
  postMessage({ up: true });
} catch (error) { postMessage({ failed: String(error) }); }`;
const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
const worker = new Worker(url, { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.up) window.benchUp = performance.now();
  else window.benchFailed = data.failed;
};
worker.onerror = (event) => { window.benchFailed = event.message; };
</script></body></html>
"""
#: A page that starts the bundle's worker (client.mjs) alone, as the Play page does, and times
#: each step; then the requests of a game as the page sends them (play.mjs's ask), each round
#: trip timed; then the same game in Python (web_replies.py). With ``bytecode``, another
#: worker then compiles the installed packages to bytecode first and times the imports again.
PYTHON_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rummy500 in a worker</title></head><body>
<script type="module">
import { PythonWorker } from "./client.mjs";
const ask = (request) => "import json, table\\njson.dumps(table.handle(json.loads("
  + JSON.stringify(JSON.stringify(request)) + ")))";
const glue = (sources) => `import json, pathlib, sys
folder = pathlib.Path("/home/pyodide/play")
folder.mkdir(parents=True, exist_ok=True)
for name, source in json.loads(${JSON.stringify(JSON.stringify(sources))}).items():
    (folder / name).write_text(source, encoding="utf-8")
sys.path.insert(0, str(folder))
import table
json.dumps(table.preset_choices())`;
const COMPILE = `import compileall, sysconfig
compileall.compile_dir(sysconfig.get_paths()["purelib"], quiet=1)`;
async function imports(python, sources, steps) {
  let mark = performance.now();
  const lap = (name) => { const now = performance.now(); steps[name] = now - mark; mark = now; };
  await python.run("import rummy500");
  lap("import");
  await python.run(glue(sources));
  lap("glue");
}
window.benchPython = async ({ replies, game, requests, bytecode }) => {
  const sources = { "web_replies.py": replies };
  for (const name of ["table_json.py", "table.py"]) {
    sources[name] = await (await fetch(name)).text();
  }
  const started = performance.now();
  const python = await PythonWorker.start(new URL(".", location.href));
  const steps = { start: performance.now() - started };
  await imports(python, sources, steps);
  const empty = [];
  for (let i = 0; i < 30; i++) {
    const sent = performance.now();
    await python.run("None");
    empty.push(performance.now() - sent);
  }
  const trips = [];
  for (const request of requests) {
    const sent = performance.now();
    const text = await python.run(ask(request));
    const back = performance.now();
    JSON.parse(text);
    trips.push({ intent: request.intent, trip: back - sent, parse: performance.now() - back });
  }
  const played = JSON.parse(await python.run("import json, web_replies\\n"
    + `json.dumps(web_replies.time_game(**json.loads(${JSON.stringify(JSON.stringify(game))})))`));
  const result = { worker: python.timings, steps, empty, played, trips, bytecode: null };
  python.terminate();
  if (bytecode) {
    const again = await PythonWorker.start(new URL(".", location.href));
    const compiled = performance.now();
    await again.run(COMPILE);
    result.bytecode = { compile: performance.now() - compiled };
    await imports(again, sources, result.bytecode);
    again.terminate();
  }
  return result;
};
window.benchLoaded = true;
</script></body></html>
"""
#: Run before any script of a page: notes when the page's Python worker is made, when it says
#: Python is up (and how long it took to install the wheels, as it says) and when the page
#: first posts it code after that; for the worker's last
#: answer, when its request was posted and when it came back (the worker answers in order);
#: and the person's last click or key (window.benchMarks). The theme's search worker is left
#: out.
INSTRUMENT = """(() => {
  const marks = {
    worker: null, up: null, install: null, posted: null, sent: null, answered: null, input: null,
  };
  const posted = [];
  window.benchMarks = marks;
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(url, options) {
      const made = performance.now();
      super(url, options);
      this.benchPython = !String(url).includes("/workers/search");
      if (!this.benchPython) return;
      marks.worker ??= made;
      this.addEventListener("message", ({ data }) => {
        if (data?.type === "ready" || data?.up) marks.up ??= performance.now();
        if (data?.type === "ready") marks.install ??= data.timings?.installMs ?? null;
        if (data?.type !== "result") return;
        marks.sent = posted.shift() ?? null;
        marks.answered = performance.now();
      });
    }
    postMessage(...args) {
      if (this.benchPython) {
        posted.push(performance.now());
        if (marks.up !== null) marks.posted ??= posted.at(-1);
      }
      super.postMessage(...args);
    }
  };
  for (const type of ["click", "keydown"]) {
    window.addEventListener(type, () => { marks.input = performance.now(); }, true);
  }
})();"""
#: Watches the Play page's element: one entry per change of its data-state or data-moves (see
#: web_figures), the frame after each drawn table noted as painted (a message posted from the
#: next animation frame runs once that frame is out).
WATCH = """() => {
  const app = document.getElementById("play-app");
  const marks = window.benchMarks;
  const log = (window.benchLog = []);
  new MutationObserver((records) => {
    const moves = app.dataset.moves;
    const entry = {
      t: performance.now(), painted: null, state: app.dataset.state,
      moves: moves === undefined ? null : Number(moves), status: app.dataset.status ?? null,
      drawn: records.some((record) => record.attributeName === "data-moves"),
      input: marks.input, sent: marks.sent, answered: marks.answered,
    };
    log.push(entry);
    if (!entry.drawn) return;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { entry.painted = performance.now(); };
      channel.port2.postMessage(null);
    });
  }).observe(app, { attributes: true, attributeFilter: ["data-state", "data-moves"] });
}"""
STARTED = """() => window.benchLog.some((e) => e.state === "ready" && e.status === "your-turn")
  || document.getElementById("play-app").dataset.state === "failed\""""


@dataclass
class Session:
    """One headless Chromium, the site served on 127.0.0.1, and what the visits asked for."""

    browser: Browser
    base: str
    folder: str
    pyodide: str
    #: Every file the server sent (path, bytes), in order, over the whole run.
    served: list[tuple[str, int]]
    #: Every request and every console error of the whole run.
    seen: check_web.Visit = field(default_factory=lambda: check_web.Visit(report={}, status=""))

    @contextmanager
    def tab(self) -> Iterator[Page]:
        """A tab in a fresh browser context (an empty cache) that serves the synthetic pages,
        refuses every request but to the site and notes the requests and the errors."""
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        pages = {BARE_PAGE: BARE_HTML.replace("PYODIDE_FOLDER", self.pyodide)}
        pages[PYTHON_PAGE] = PYTHON_HTML

        def only_local(route: Route) -> None:
            name = route.request.url.removeprefix(self.base + self.folder)
            if name in pages:
                route.fulfill(body=pages[name], content_type="text/html; charset=utf-8")
            elif route.request.url.startswith(self.base):
                route.continue_()
            else:
                route.abort()

        context.add_init_script(INSTRUMENT)
        context.route("**/*", only_local)
        context.on("request", lambda request: self.seen.requested.append(request.url))
        errors = self.seen.errors

        def console(message: ConsoleMessage) -> None:
            if message.type == "error":
                errors.append(f"console: {message.text}")

        tab = context.new_page()
        tab.on("console", console)
        tab.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
        try:
            yield tab
        finally:
            context.close()

    def open(self, tab: Page, page: str, *, again: bool) -> None:
        """Open ``page`` of the bundle's folder, or open it again (``again``) in ``tab``."""
        if again:
            tab.reload(wait_until="load")
        else:
            tab.goto(self.base + self.folder + page, wait_until="load")


def pyodide_alone(session: Session, tab: Page, *, again: bool) -> Start:
    """When the bare page made its worker and when Pyodide was up in it."""
    session.open(tab, BARE_PAGE, again=again)
    waited = "() => window.benchUp !== undefined || window.benchFailed !== undefined"
    tab.wait_for_function(waited, timeout=check_web.TIMEOUT * 1000)
    failed = tab.evaluate("() => window.benchFailed ?? null")
    if failed is not None:
        raise SystemExit(f"Pyodide did not start on the bare page: {failed}")
    marks = tab.evaluate("() => window.benchMarks")
    return Start(marks["worker"] / 1000, tab.evaluate("() => window.benchUp") / 1000)


def play_page(session: Session, tab: Page, *, again: bool) -> Start:
    """When the Play page made its worker, Python was up, the first view of a game was drawn
    and the person could move (the pace set to "Instant" as soon as the page is loaded)."""
    session.open(tab, "", again=again)
    tab.evaluate(WATCH)
    tab.select_option("#r5-pace", "instant")
    tab.wait_for_function(STARTED, timeout=check_web.TIMEOUT * 1000)
    if tab.get_attribute("#play-app", "data-state") == "failed":
        raise SystemExit(f"the Play page failed: {tab.inner_text('#r5-status')}")
    marks, entries = tab.evaluate("() => [window.benchMarks, window.benchLog]")
    start = web_figures.started(marks, entries)
    assert start is not None  # the page was waited for until the person could move
    return start


def _rounds(session: Session, run: Run, rounds: int, *, warm: bool, site: Path) -> None:
    """The start-up rounds: the bare page and the Play page, their order turned each round."""
    visits = (False, True) if warm else (False,)
    for number in range(rounds):
        bare: list[Start] = []
        play: list[Start] = []
        for which in ("bare", "play") if number % 2 == 0 else ("play", "bare"):
            with session.tab() as tab:
                if which == "bare":
                    bare += [pyodide_alone(session, tab, again=again) for again in visits]
                    continue
                mark = len(session.served)
                play.append(play_page(session, tab, again=False))
                if not run.first_visit:
                    run.first_visit = _sizes(site, session.served[mark:])
                if warm:
                    play.append(play_page(session, tab, again=True))
        run.cold.append((bare[0], play[0]))
        line = f"round {number + 1}: " + web_report.round_line(run.cold[-1], "first visit")
        if warm:
            run.warm.append((bare[1], play[1]))
            line += "; " + web_report.round_line(run.warm[-1], "second")
        print(line, flush=True)


def _sizes(site: Path, served: Sequence[tuple[str, int]]) -> list[tuple[str, int, int]]:
    """The files sent, each with its bytes as served and as gzip would send it."""
    sizes = []
    for path, raw in served:
        file = site / path.lstrip("/")
        if file.is_dir():
            file = file / "index.html"  # what the server sends for a folder's address
        packed = gzip.compress(file.read_bytes(), compresslevel=check_web.GZIP_LEVEL)
        sizes.append((path, raw, len(packed)))
    return sizes


def _replies(session: Session, run: Run) -> None:
    """The seeded game on the Play page, each reply of the bots timed there."""
    game = run.game
    with session.tab() as tab:
        play_page(session, tab, again=False)
        mark = tab.evaluate("() => window.benchLog.length")
        played = check_play.play_game(
            tab, game["preset"], game["opponents"], game["seed"], game["hands"]
        )
        run.failures += played.failures
        tab.wait_for_timeout(200)  # the last frames are painted
        entries = tab.evaluate("() => window.benchLog")[mark:]
    run.replies = web_figures.replies(entries)


def _worker_alone(session: Session, run: Run, *, bytecode: bool) -> None:
    """The same game in this CPython; then in the worker alone, the page's start-up step by
    step, the game's requests and the game in Python (and with ``bytecode``, the imports
    from bytecode compiled beforehand). The worker must play the game CPython played."""
    game = run.game
    run.cpython = web_replies.time_game(
        game["preset"], game["opponents"], game["seed"], game["hands"]
    )
    source = Path(web_replies.__file__).read_text(encoding="utf-8")
    requests = run.cpython["requests"]
    with session.tab() as tab:
        session.open(tab, PYTHON_PAGE, again=False)
        tab.wait_for_function("() => window.benchLoaded === true")
        arg = {"replies": source, "game": game, "requests": requests, "bytecode": bytecode}
        run.worker = tab.evaluate("arg => window.benchPython(arg)", arg)
    if run.worker["played"]["requests"] != requests:
        run.failures.append("the worker's Python played another game than CPython")


def measure(site: Path, chromium: str, rounds: int, *, quick: bool) -> Run:
    """Run the benchmark on the built ``site`` with the Chromium at ``chromium``."""
    from playwright.sync_api import sync_playwright  # a docs extra, only here

    folder = check_web.bundle_folder(site)
    bundle = json.loads((folder / "bundle.json").read_text(encoding="utf-8"))
    served: list[tuple[str, int]] = []
    page = folder.relative_to(site).as_posix() + "/"
    with check_layout.serve(site, served) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=list(check_web.CHROMIUM_ARGS)
        )
        try:
            session = Session(browser, base, page, bundle["pyodide"]["folder"], served)
            hands = QUICK_HANDS if quick else HANDS
            preset, opponents, seed = GAME
            game = {"preset": preset, "opponents": list(opponents), "seed": seed, "hands": hands}
            run = Run(f"Chromium {browser.version}", bundle, game, folder="/" + page)
            print(
                f"{run.chromium}, Pyodide {bundle['pyodide']['version']} (Python "
                f"{bundle['pyodide']['python']}), rummy500 {bundle['rummy500']}; CPython "
                f"{platform.python_version()}; {rounds} rounds",
                flush=True,
            )
            _rounds(session, run, rounds, warm=not quick, site=site)
            _replies(session, run)
            _worker_alone(session, run, bytecode=not quick)
        finally:
            browser.close()
    run.failures += session.seen.problems()
    return run


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the Play page's budgets and print them (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", type=Path, help="the built site (mkdocs build --site-dir)")
    parser.add_argument(
        "--chromium", default="/usr/bin/chromium", help="the Chromium to run (/usr/bin/chromium)"
    )
    parser.add_argument("--rounds", type=int, help=f"start-up rounds (default {ROUNDS}; 1 quick)")
    parser.add_argument(
        "--quick", action="store_true", help="a smoke run: one round, first visits, one hand"
    )
    args = parser.parse_args(argv)
    if args.rounds is not None and args.rounds < 1:
        parser.error(f"--rounds must be at least 1, not {args.rounds}")
    rounds = args.rounds or (1 if args.quick else ROUNDS)
    started = time.perf_counter()
    run = measure(args.site, args.chromium, rounds, quick=args.quick)
    print("\n".join(web_report.report(run)))
    if args.quick:
        print("(--quick: one round and one hand, too few to judge the budgets by)")
    print(f"measured in {time.perf_counter() - started:.0f} s")
    for failure in run.failures:
        print(f"FAILED: {failure}")
    return 1 if run.failures else 0


if __name__ == "__main__":
    sys.exit(main())
