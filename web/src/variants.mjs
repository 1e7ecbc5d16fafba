/**
 * The "Try a variant" page (docs/try-a-variant.md): a form for a rule set, started from a
 * preset, that plays seeded games between greedy bots in the browser and shows their figures
 * beside the preset's on the "Compare the variants" page.
 *
 * Python (Pyodide, with rummy500) runs in a Web Worker (client.mjs). variants.py, with
 * variant_form.py and variant_figures.py, is its side of the page: it describes the form,
 * checks the rule set (the sentence of rummy500's ConfigError when the rules refuse it), plays
 * the games a few at a time and writes the figures. This module draws the page and wires it;
 * variant_controls.mjs makes the form's controls and variant_results.mjs the results.
 *
 * The element #variant-app carries data-state: "starting", "ready", "running", "done" (a run
 * is over, finished or cancelled) or "failed". After a run, #variant-results holds the request
 * and the report as JSON (data-request, data-report) and the games played (data-played), for
 * scripts/check_variants_page.py to compare with what CPython computes.
 */
import { PythonWorker } from "./client.mjs";
import { control, el, inputId, readNumber, valueText, withCode } from "./variant_controls.mjs";
import { columns, figureTable, seatBars } from "./variant_results.mjs";

/** The page's Python, in the order it imports itself: each file imports the ones before. */
const PYTHON_FILES = ["variant_figures.py", "variant_form.py", "variants.py"];
/** A batch of games should take about this long, so that the progress and Cancel keep up. */
const BATCH_MS = 300;

const app = document.getElementById("variant-app");
const compareData = new URL(app.dataset.compare, document.baseURI);
const comparePage = new URL(app.dataset.comparePage, document.baseURI);
const variantsPage = new URL(app.dataset.variants, document.baseURI);

let python = null;
let description = null;
let compare = null;
let preset = null;
let values = null;
let checking = 0;
let checkTimer = 0;
let stopping = false;
let shown = null;
let plotWidth = 0;
const controls = new Map();
const ui = {};

function setState(state) {
  app.dataset.state = state;
}

// -- Python --------------------------------------------------------------------------------

/** Start Python and load the page's modules into it (again, if Python died). */
async function ensurePython() {
  if (python !== null) return;
  const started = performance.now();
  const ticker = setInterval(() => {
    const seconds = Math.round((performance.now() - started) / 1000);
    ui.status.textContent =
      `Starting Python in your browser (Pyodide, in a Web Worker)… ${seconds} s`;
  }, 500);
  try {
    const worker = await PythonWorker.start(new URL(".", import.meta.url));
    ui.status.textContent = "Python is up; loading rummy500 and the page's Python…";
    const sources = await Promise.all(PYTHON_FILES.map(async (name) => {
      const response = await fetch(new URL(name, import.meta.url));
      if (!response.ok) throw new Error(`${name} answered ${response.status}`);
      return [name, await response.text()];
    }));
    // The files become modules of the worker's Python, imported as any other.
    const writes = sources.map(([name, text]) =>
      `(folder / ${JSON.stringify(name)}).write_text(${JSON.stringify(text)}, encoding="utf-8")`);
    await worker.run(`
import json, pathlib, sys
folder = pathlib.Path("/home/pyodide/variants")
folder.mkdir(parents=True, exist_ok=True)
${writes.join("\n")}
sys.path.insert(0, str(folder))
import variants
variant_session = variants.Session()
`);
    python = worker;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    ui.status.textContent =
      `Python ${worker.bundle.pyodide.python} with rummy500 ${worker.bundle.rummy500} is ` +
      `running in your browser (up in ${seconds} s).`;
  } finally {
    clearInterval(ticker);
  }
}

/** Call the Session's `method` with `argument`; its answer. Both travel as JSON. */
async function call(method, argument) {
  const text = JSON.stringify(JSON.stringify(argument));
  const answer = await python.run(
    `json.dumps(variant_session.${method}(json.loads(${text})), allow_nan=False)`);
  return JSON.parse(answer);
}

/** The data of the "Compare the variants" page, or null if the site does not have it. */
async function loadCompare() {
  try {
    const response = await fetch(compareData);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

// -- the form ------------------------------------------------------------------------------

function titleCase(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "Other rules";
}

function buildForm() {
  const options = description.presets.map((p) => el("option", { value: p.name, text: p.name }));
  ui.preset = el("select", { id: "variant-preset" }, ...options);
  ui.reset = el("button", { type: "button", id: "variant-reset", text: "Undo the changes" });
  ui.summary = el("p", { class: "variant-summary" });
  ui.changes = el("p", { class: "variant-changes", id: "variant-changes" });
  const groups = new Map();
  for (const field of description.fields) {
    if (!groups.has(field.group)) groups.set(field.group, []);
    groups.get(field.group).push(field);
  }
  const sections = [...groups].map(([title, fields]) =>
    el("details", { class: "variant-group", "data-group": title },
      el("summary", {}, titleCase(title), el("span", { class: "variant-count" })),
      ...fields.map(fieldRow)));
  ui.rules = el("fieldset", { class: "variant-rules" },
    el("legend", { text: "The rules" }),
    el("p", { class: "variant-doc",
      text: "Open a group to change its rules; a dot marks a rule changed from the preset." }),
    ...sections);
  const games = description.games;
  ui.players = el("select", { id: "variant-players" });
  ui.games = el("input",
    { type: "number", id: "variant-games", min: 1, max: games.max, step: 1, value: games.default });
  ui.seed = el("input", { type: "number", id: "variant-seed", min: 0, step: 1, value: 0 });
  ui.run = el("button",
    { type: "submit", id: "variant-run", class: "variant-primary", text: "Run" });
  ui.cancel = el("button",
    { type: "button", id: "variant-cancel", text: "Cancel", disabled: true });
  ui.progress = el("progress",
    { id: "variant-progress", max: 1, value: 0, "aria-label": "games played" });
  ui.progressText = el("span", { id: "variant-progress-text", "aria-live": "polite" });
  ui.error = el("p", {
    id: "variant-error", class: "variant-error", role: "alert", hidden: true, "data-sentence": "",
  });
  const run = el("fieldset", { class: "variant-run" },
    el("legend", { text: "The games" }),
    el("div", { class: "variant-row" },
      el("label", { for: "variant-players", text: "Players " }), ui.players,
      el("label", { for: "variant-games", text: "Games " }), ui.games,
      el("label", { for: "variant-seed", text: "First seed " }), ui.seed),
    el("p", { class: "variant-doc" },
      `Up to ${games.max.toLocaleString("en")} games, the ${description.bot} bot in every seat; ` +
      "game i (from 0) is played from the seed first seed + i. With a preset unchanged, seeds 0 " +
      "to N − 1 give the first N games of the Compare the variants page."),
    el("div", { class: "variant-row" }, ui.run, ui.cancel, ui.progress, ui.progressText),
    ui.error);
  ui.form = el("form", { id: "variant-form", novalidate: true },
    el("div", { class: "variant-row" },
      el("label", { for: "variant-preset", text: "Start from the preset " }), ui.preset, ui.reset),
    ui.summary, ui.changes, ui.rules, run);
  ui.results = el("section", { id: "variant-results", class: "variant-results", hidden: true });
  app.append(ui.form, ui.results);

  ui.preset.addEventListener("change", () => choosePreset(ui.preset.value));
  ui.reset.addEventListener("click", () => choosePreset(preset.name));
  ui.players.addEventListener("change", scheduleCheck);
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    runGames();
  });
  ui.cancel.addEventListener("click", () => {
    stopping = true;
    ui.cancel.disabled = true;
    ui.progressText.textContent += " — stopping after this batch…";
  });
  // The plots are drawn to the width they have: again when it changes (a turned phone).
  new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    if (shown !== null && width !== plotWidth) {
      plotWidth = width;
      requestAnimationFrame(drawPlots);
    }
  }).observe(ui.results);
}

function fieldRow(field) {
  const made = control(field);
  controls.set(field.name, made);
  const update = () => {
    values[field.name] = made.get();
    showChanges();
    scheduleCheck();
  };
  made.element.addEventListener("input", update);
  made.element.addEventListener("change", update);
  const more = el("a", { href: new URL(`#${field.name}`, variantsPage).href, text: "more" });
  return el("div", { class: "variant-field", "data-field": field.name },
    el("label", { class: "variant-name", for: inputId(field.name) },
      el("code", { text: field.name })),
    el("div", { class: "variant-control" }, made.element),
    el("p", { class: "variant-doc" }, ...withCode(field.doc), " ", more));
}

function choosePreset(name) {
  preset = description.presets.find((p) => p.name === name);
  ui.preset.value = name;
  ui.summary.textContent = `${preset.summary}.`;
  values = structuredClone(preset.rules);
  for (const [field, made] of controls) made.set(values[field]);
  showChanges();
  scheduleCheck();
}

/** The fields changed from the preset, each with its new value in words. */
function changes() {
  const same = (f) => JSON.stringify(values[f.name]) === JSON.stringify(preset.rules[f.name]);
  return description.fields.filter((f) => !same(f)).map((f) => ({
    name: f.name,
    group: f.group,
    text: valueText(f, values[f.name], preset.rules[f.name]),
  }));
}

function changesNodes(list) {
  return list.flatMap((c, i) => [i ? "; " : "", el("code", { text: c.name }), ` ${c.text}`]);
}

function showChanges() {
  const list = changes();
  const changed = new Set(list.map((c) => c.name));
  for (const row of ui.rules.querySelectorAll(".variant-field")) {
    row.classList.toggle("variant-changed", changed.has(row.dataset.field));
  }
  for (const group of ui.rules.querySelectorAll(".variant-group")) {
    const count = list.filter((c) => c.group === group.dataset.group).length;
    group.querySelector(".variant-count").textContent = count ? ` · ${count} changed` : "";
  }
  const name = el("code", { text: preset.name });
  ui.changes.replaceChildren(...(list.length
    ? ["Changed from ", name, ": ", ...changesNodes(list), "."]
    : ["No change from ", name, " yet: change any rule below."]));
}

function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 150);
}

/** Ask Python whether the rules make a rule set; show its sentence if not, and the ranges. */
async function check() {
  if (python === null || app.dataset.state === "running") return;
  const asked = ++checking;
  const players = Number(ui.players.value) || null;
  const answer = await call("check", { rules: values, players });
  if (asked !== checking || app.dataset.state === "running") return;
  if (answer.players !== null) {
    const chosen = answer.players.includes(players) ? players : answer.players[0];
    ui.players.replaceChildren(...answer.players.map((n) => el("option", { value: n, text: n })));
    ui.players.value = String(chosen);
    if (chosen !== players) {
      scheduleCheck();
      return;
    }
  }
  if (answer.bounds !== null) {
    for (const [field, made] of controls) made.bounds(answer.bounds[field]);
  }
  showError(answer.error);
  ui.run.disabled = answer.error !== null;
}

function showError(sentence) {
  ui.error.hidden = sentence === null;
  ui.error.textContent = sentence === null ? "" : `Refused: ${sentence}.`;
  ui.error.dataset.sentence = sentence ?? "";
}

// -- a run ---------------------------------------------------------------------------------

function lock(locked) {
  ui.rules.disabled = locked;
  for (const node of [ui.preset, ui.reset, ui.players, ui.games, ui.seed, ui.run]) {
    node.disabled = locked;
  }
  ui.cancel.disabled = !locked;
}

function showProgress(done, total, started) {
  ui.progress.max = total;
  ui.progress.value = done;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  ui.progressText.textContent =
    `${done.toLocaleString("en")} of ${total.toLocaleString("en")} games, ${seconds} s`;
}

async function runGames() {
  clearTimeout(checkTimer);
  const request = {
    rules: structuredClone(values),
    players: Number(ui.players.value),
    games: readNumber(ui.games),
    seed: readNumber(ui.seed),
  };
  const label = { preset: preset.name, changes: changes() };
  setState("running");
  lock(true);
  stopping = false;
  // The results of the last run go: what is shown is always the last request's.
  shown = null;
  ui.results.hidden = true;
  ui.results.replaceChildren();
  for (const key of ["request", "report", "played"]) delete ui.results.dataset[key];
  try {
    await ensurePython();
    const started = await call("start", request);
    showError(started.error);
    if (started.error !== null) {
      setState("ready");
      return;
    }
    const total = started.total;
    const began = performance.now();
    let done = 0;
    let batch = 1;
    showProgress(done, total, began);
    while (done < total && !stopping) {
      const before = performance.now();
      ({ done } = await call("play", batch));
      const took = Math.max(performance.now() - before, 1);
      batch = Math.max(1, Math.min(batch * 4, Math.round((batch * BATCH_MS) / took)));
      showProgress(done, total, began);
    }
    const seconds = (performance.now() - began) / 1000;
    if (done > 0) {
      const base = compare?.results?.[`${label.preset}/${request.players}`] ?? null;
      const report = await call("report", base);
      shown = { request, label, report, done, total, seconds };
      showResults();
    } else {
      ui.progressText.textContent = "Cancelled before the first game was played.";
    }
    setState("done");
  } catch (error) {
    // Python died (see web/README.md) or could not start: the next Run starts it again.
    python?.terminate();
    python = null;
    showError(null);
    const reason = error.message.split("\n").filter(Boolean).at(-1);
    ui.error.hidden = false;
    ui.error.textContent = `The games stopped: ${reason}. Run starts Python again.`;
    setState("failed");
    console.warn(error);
  } finally {
    lock(false);
    if (app.dataset.state !== "failed") scheduleCheck();
  }
}

// -- the results ---------------------------------------------------------------------------

function about({ request, label, report, done, total, seconds }) {
  const seeds = `seeds ${request.seed} to ${request.seed + done - 1}`;
  const stopped = done < total
    ? [` — cancelled after ${done} of ${total.toLocaleString("en")}: the figures of those`]
    : [];
  const rules = label.changes.length ? [" with ", ...changesNodes(label.changes)] : [", unchanged"];
  const name = () => el("code", { text: label.preset });
  const beside = report.rows[0].base !== null
    ? ["Beside them, ", name(), ` at ${request.players} players on the `,
      el("a", { href: comparePage.href, text: "Compare the variants" }),
      ` page (${compare.games.toLocaleString("en")} games).`]
    : ["The Compare the variants page has no figures of ", name(),
      ` at ${request.players} players (it plays 2, 3 and 4 players where a preset allows them).`];
  return el("p", {},
    `${done.toLocaleString("en")} games at ${request.players} players (${seeds}), the ` +
    `${description.bot} bot in every seat, played in ${seconds.toFixed(1)} s`, ...stopped,
    ". The rules: ", name(), ...rules, ". ", ...beside);
}

function showResults() {
  const { request, label, report, done } = shown;
  const fair = `${(report.fair * 100).toFixed(1)}%`;
  ui.results.replaceChildren(
    el("h2", { id: "variant-results-heading", text: "Results" }),
    about(shown),
    el("div", { class: "variant-scroll" }, figureTable(report.rows, label.preset)),
    el("p", { class: "variant-doc" },
      "x ± h is a figure and its 95% interval (from x − h to x + h at the widest). A bar runs " +
      "from 0% to 100% for a share, and to the larger of the two figures of its row for any " +
      `other. A fair game gives the first player ${fair} of the wins (one side's share). ` +
      "Minutes are an estimate: 20 seconds a turn and 2 minutes a hand."),
    el("h3", { text: "Games won from each seat" }),
    seatBars(report.seats, report.fair),
    el("h3", { text: "Hands per game" }),
    el("div", { class: "variant-plot", id: "variant-hands" }),
    el("h3", { text: "A player's score in a hand" }),
    el("div", { class: "variant-plot", id: "variant-scores" }));
  ui.results.dataset.request = JSON.stringify(request);
  ui.results.dataset.report = JSON.stringify(report);
  ui.results.dataset.played = String(done);
  ui.results.hidden = false;
  drawPlots();
}

function drawPlots() {
  const { label, report } = shown;
  const width = Math.max(280, Math.round(ui.results.clientWidth || 600));
  const [hands, baseHands] = report.hands;
  const [scores, baseScores] = report.scores;
  const bin = description.scoreBin;
  document.getElementById("variant-hands").replaceChildren(columns(hands, baseHands,
    label.preset, { width, step: 1, unit: "hands", of: "games" }));
  document.getElementById("variant-scores").replaceChildren(columns(scores, baseScores,
    label.preset, { width, step: bin, unit: "points", of: "hands", bin }));
}

// -- start ---------------------------------------------------------------------------------

async function start() {
  ui.status = el("p", { class: "variant-status", id: "variant-status", role: "status" });
  app.replaceChildren(ui.status);
  setState("starting");
  try {
    const comparing = loadCompare();
    await ensurePython();
    description = JSON.parse(await python.run("json.dumps(variants.form())"));
    compare = await comparing;
    buildForm();
    choosePreset(description.presets[0].name);
    setState("ready");
    await check();
  } catch (error) {
    ui.status.textContent = `Python could not start here: ${error.message}`;
    setState("failed");
    console.error(error);
  }
}

start();
