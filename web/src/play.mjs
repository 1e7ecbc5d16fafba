/**
 * The Play page: Rummy 500 against the built-in bots, with Python in a Web Worker.
 *
 * A thin client: table.py (run in the worker, beside rummy500) holds the game and answers
 * every request with the whole table as JSON; this module only draws that answer and sends
 * what the person clicked or typed ({intent: "meld", hand: [0, 3, 4]}, say). It finds its
 * element, #play-app, in the page and builds the game's controls inside it. The page loads it
 * as an async module right after that element, so it starts the worker as soon as it and
 * client.mjs are fetched, without waiting for the rest of the page or the theme's scripts.
 *
 * The element's data-state says where the page is, for people and for scripts/check_play.py:
 * "starting" while Python starts, "busy" while Python works or the bots play, "ready" when it
 * is the person's to act, "failed" if Python could not start. Its data-status is the game's
 * status (your-turn, bots, hand-over, game-over) and data-moves the number of moves played.
 */
import { PythonWorker } from "./client.mjs";

const app = document.getElementById("play-app");

/** Bot paces: the pause after each bot move, in milliseconds. */
const PACES = [
  ["slow", "Slow", 1200],
  ["normal", "Normal", 500],
  ["fast", "Fast", 120],
  ["instant", "Instant", 0],
];
/** The Python of the page, beside this module: table.py imports table_json.py. */
const GLUE = ["table_json.py", "table.py"];
const BOTS = [
  ["greedy", "Greedy"],
  ["random", "Random"],
  ["ismcts", "ISMCTS search"],
];

/** An element: h("button", {class: "x", onclick}, "text", child...). */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined));
  return element;
}

const ui = {};
let python = null;
let answer = null;
/** The positions in the hand of the cards selected, and the last hint (or null). */
let selected = new Set();
let hint = null;
/** Bumped by a new game or a load: a bot loop of an older game stops. */
let generation = 0;

function build() {
  const presetSelect = h("select", { id: "r5-preset", name: "preset" });
  const playersSelect = h("select", { id: "r5-players", name: "players" });
  const seedInput = h("input", {
    id: "r5-seed", name: "seed", type: "number", min: "0", step: "1", value: "1", inputmode: "numeric",
  });
  const paceSelect = h(
    "select", { id: "r5-pace", name: "pace" },
    PACES.map(([value, label]) => h("option", { value, selected: value === "normal" }, label)),
  );
  ui.opponents = h("div", { class: "r5-opponents" });
  // The file chooser opens from a button of its own; the input itself is not shown.
  ui.fileInput = h("input", {
    type: "file", accept: ".json,application/json", id: "r5-file", hidden: true, onchange: loadFile,
  });
  ui.setup = h(
    "form", { class: "r5-setup", onsubmit: (event) => { event.preventDefault(); newGame(); } },
    h("div", { class: "r5-row" },
      h("label", {}, "Rules ", presetSelect),
      h("label", {}, "Players ", playersSelect),
      h("label", {}, "Seed ", seedInput),
      h("button", { type: "button", onclick: () => {
        seedInput.value = String(Math.floor(Math.random() * 1000000));
      } }, "Random seed"),
    ),
    ui.opponents,
    h("div", { class: "r5-row" },
      h("label", {}, "Bot pace ", paceSelect),
      h("button", { type: "submit", class: "r5-primary", id: "r5-new" }, "New game"),
      h("button", { type: "button", id: "r5-save", onclick: save }, "Save game"),
      h("button", { type: "button", id: "r5-load", onclick: () => ui.fileInput.click() }, "Load game…"),
      ui.fileInput,
    ),
  );
  Object.assign(ui, { presetSelect, playersSelect, seedInput, paceSelect });
  presetSelect.addEventListener("change", () => fillPlayers());
  playersSelect.addEventListener("change", () => fillOpponents());

  ui.progress = h("progress", { class: "r5-progress" });
  ui.prompt = h("p", { class: "r5-prompt", id: "r5-prompt", "aria-live": "polite" });
  ui.said = h("p", { class: "r5-said", id: "r5-said", "aria-live": "polite" });
  ui.refusal = h("p", { class: "r5-refusal", id: "r5-refusal", role: "alert" });
  ui.caption = h("p", { class: "r5-caption", id: "r5-caption" });
  ui.seats = h("ul", { class: "r5-seats", "aria-label": "Players" });
  ui.stock = h("button", { class: "r5-stock", id: "r5-stock", onclick: () => send({ intent: "draw" }) });
  ui.pile = h("div", { class: "r5-pile", id: "r5-pile", role: "group", "aria-label": "Discard pile" });
  ui.melds = h("div", { class: "r5-melds", id: "r5-melds", role: "group", "aria-label": "Table melds" });
  ui.hand = h("div", { class: "r5-hand", id: "r5-hand", role: "group", "aria-label": "Your hand" });
  const action = (id, label, onclick, kind = null) => h("button", { type: "button", id, class: kind, onclick }, label);
  ui.actions = h("div", { class: "r5-actions", role: "toolbar", "aria-label": "Your move" },
    action("r5-meld", "Meld", () => putDown("meld")),
    action("r5-layoff", "Lay off", () => putDown("layoff", null)),
    action("r5-discard", "Discard", () => putDown("discard")),
    ui.pass = action("r5-pass", "Pass", () => send({ intent: "pass" })),
    ui.decline = action("r5-decline", "Decline", () => send({ intent: "decline" })),
    ui.deal = action("r5-deal", "Deal the next hand", () => send({ intent: "deal" }), "r5-primary"),
    action("r5-clear", "Clear selection", () => { selected.clear(); draw(); }),
    ui.undo = action("r5-undo", "Undo", () => send({ intent: "undo" })),
    action("r5-hint", "Hint", () => send({ intent: "hint" })),
  );
  ui.choices = h("div", { class: "r5-choices", id: "r5-choices", role: "group", "aria-label": "Choose one" });
  ui.legal = h("ol", { class: "r5-legal", id: "r5-legal" });
  ui.typed = h("input", {
    id: "r5-typed", name: "move", type: "text", autocomplete: "off", spellcheck: "false",
    placeholder: "draw, take 8C, meld 8S 8H 8D, layoff 0 9S, discard 5S",
  });
  ui.log = h("ol", { class: "r5-log", id: "r5-log", "aria-label": "What happened in this hand" });
  ui.result = h("pre", { class: "r5-sheet", id: "r5-result" });
  ui.sheet = h("pre", { class: "r5-sheet", id: "r5-sheet" });
  ui.status = h("p", { class: "r5-status", id: "r5-status" }, "Starting Python in a Web Worker…");

  app.querySelector(".r5-before")?.remove();
  app.append(
    ui.setup,
    h("div", { class: "r5-loading" }, ui.progress, ui.status),
    h("div", { class: "r5-messages" }, ui.prompt, ui.said, ui.refusal),
    h("section", { class: "r5-table", "aria-label": "The table" },
      ui.caption,
      ui.seats,
      h("div", { class: "r5-middle" },
        h("div", { class: "r5-heap" }, h("h2", {}, "Stock"), ui.stock),
        h("div", { class: "r5-heap r5-pile-heap" }, h("h2", {}, "Discard pile (top card last)"), ui.pile),
      ),
      h("h2", {}, "Melds"), ui.melds,
      h("h2", {}, "Your hand"), ui.hand,
      ui.actions,
      ui.choices,
    ),
    h("div", { class: "r5-side" },
      h("section", { class: "r5-side-moves", "aria-labelledby": "r5-legal-title" },
        h("h2", { id: "r5-legal-title" }, "Legal moves"),
        ui.legal,
        h("form", { class: "r5-type", onsubmit: typedMove },
          h("label", { for: "r5-typed" }, "Type a move"),
          h("div", { class: "r5-row" }, ui.typed, h("button", { type: "submit", id: "r5-play" }, "Play")),
        ),
      ),
      h("section", { class: "r5-side-log" }, h("h2", {}, "This hand"), ui.log),
      h("section", { class: "r5-side-scores" }, h("h2", {}, "Scores"), ui.result, ui.sheet),
    ),
  );
}

function fillPresets(choices) {
  ui.presetSelect.replaceChildren(
    ...choices.map(({ name, summary }) => h("option", { value: name, title: summary }, name)),
  );
  ui.presets = new Map(choices.map((choice) => [choice.name, choice]));
  fillPlayers();
}

function fillPlayers(wanted) {
  const counts = ui.presets.get(ui.presetSelect.value).players;
  const keep = Number(wanted ?? ui.playersSelect.value) || 3;
  const chosen = counts.includes(keep) ? keep : counts.includes(3) ? 3 : counts[0];
  ui.playersSelect.replaceChildren(
    ...counts.map((n) => h("option", { value: n, selected: n === chosen }, String(n))),
  );
  fillOpponents();
}

function fillOpponents(specs = null) {
  const before = specs ?? opponentSpecs();
  const count = Number(ui.playersSelect.value) - 1;
  ui.opponents.replaceChildren(
    h("span", { class: "r5-opponents-title" }, "Opponents"),
    ...Array.from({ length: count }, (_, i) => {
      const [kind, parameter] = (before[i] ?? "greedy").split(":");
      const iterations = parameter?.match(/iterations=(\d+)/)?.[1] ?? "200";
      const budget = h("input", {
        type: "number", min: "1", max: "100000", step: "1", value: iterations,
        class: "r5-iterations", id: `r5-iterations-${i + 1}`, "aria-label": `P${i + 1}'s search iterations`,
      });
      const select = h("select", { id: `r5-bot-${i + 1}`, "aria-label": `P${i + 1}'s bot` },
        BOTS.map(([value, label]) => h("option", { value, selected: value === kind }, label)));
      const unit = h("span", { class: "r5-budget" }, budget, " iterations");
      unit.hidden = select.value !== "ismcts";
      select.addEventListener("change", () => { unit.hidden = select.value !== "ismcts"; });
      return h("span", { class: "r5-opponent" }, h("span", {}, `P${i + 1}`), select, unit);
    }),
  );
}

function opponentSpecs() {
  return [...ui.opponents.querySelectorAll(".r5-opponent")].map((row) => {
    const kind = row.querySelector("select").value;
    return kind === "ismcts" ? `ismcts:iterations=${row.querySelector("input").value}` : kind;
  });
}

/**
 * A card as a button (or a span, for cards nobody clicks), labelled with its text and name
 * ("Q♥, queen of hearts") for screen readers; `marks` are classes besides its colour.
 */
function card(data, { tag = "button", label = data.name, marks = [], ...attributes } = {}) {
  const colour = data.joker ? "r5-joker" : data.red ? "r5-red" : "r5-black";
  const classes = ["r5-card", colour, ...marks.filter(Boolean)].join(" ");
  const role = tag === "button" ? null : "img";
  return h(tag, { class: classes, role, "aria-label": `${data.text}, ${label}`, title: data.text, ...attributes },
    h("span", { class: "r5-rank", "aria-hidden": "true" }, data.rank),
    h("span", { class: "r5-suit", "aria-hidden": "true" }, data.suit ?? "★"),
    data.joker && data.suit ? h("span", { class: "r5-as", "aria-hidden": "true" }, "JK") : null,
  );
}

/**
 * Draw the table of the last answer. Everything in it is made again, so the element that had
 * the focus (each carries a data-key) gets it back, for those who play from the keyboard.
 */
function draw() {
  const game = answer;
  if (game === null || game.status === "none") return;
  const focused = document.activeElement?.dataset?.key;
  redraw(game);
  if (focused) {
    const again = app.querySelector(`[data-key="${focused}"]`)
      ?? (focused.startsWith("legal") ? app.querySelector("#r5-legal button") : null);
    again?.focus();
  }
}

function redraw(game) {
  app.dataset.status = game.status;
  app.dataset.moves = String(game.game.moves);
  const mine = game.status === "your-turn";
  ui.prompt.textContent = game.prompt;
  ui.said.textContent = game.said;
  ui.refusal.textContent = game.refusal ?? "";
  const rules = game.game.preset ? `${game.game.preset} rules` : "the file's rules";
  const length = game.target === null ? "" : `, playing to ${game.target} points`;
  ui.caption.textContent = `Hand ${game.hand_number}: ${rules}${length}, seed ${game.game.seed}`;
  ui.seats.replaceChildren(...game.seats.map((seat) => {
    const side = game.sides[seat.team];
    const who = seat.bot ? `${seat.name} (${seat.bot})` : seat.name;
    return h("li", { class: `r5-seat${seat.moving ? " r5-moving" : ""}` },
      h("strong", {}, who),
      h("span", {}, `${seat.held} ${seat.held === 1 ? "card" : "cards"}`),
      h("span", { title: side.name }, `${side.total} points`),
      seat.dealer ? h("span", { class: "r5-badge" }, "dealer") : null,
      seat.moving ? h("span", { class: "r5-badge" }, "to play") : null,
    );
  }));
  ui.stock.replaceChildren(h("span", { class: "r5-back", "aria-hidden": "true" }), h("span", {}, String(game.stock)));
  ui.stock.setAttribute("aria-label", `Stock, ${game.stock} cards: draw`);
  const pile = game.pile;
  ui.pile.replaceChildren(...pile.map((data, i) => {
    const above = pile.length - 1 - i;
    const what = above === 0 ? "the top card" : `with the ${above} ${above === 1 ? "card" : "cards"} above it`;
    return card(data, {
      label: `${data.name}, ${what}`,
      marks: [hint?.pile === i && "r5-hinted"],
      dataset: { index: i, key: `pile-${i}` },
      onclick: () => send({ intent: "pile", index: i }),
    });
  }));
  if (pile.length === 0) ui.pile.append(h("span", { class: "r5-empty" }, "empty"));
  ui.melds.replaceChildren(...game.melds.map((meld) => h("button", {
    class: `r5-meld${hint?.meld === meld.id ? " r5-hinted" : ""}`, dataset: { id: meld.id, key: `meld-${meld.id}` },
    "aria-label": `Meld ${meld.id} of ${meld.owner}: ${meld.cards.map((c) => c.text).join(" ")}. Lay the selected cards off here.`,
    onclick: () => putDown("layoff", meld.id),
  }, h("span", { class: "r5-meld-id" }, `${meld.id} · ${meld.owner}`),
  h("span", { class: "r5-meld-cards" }, meld.cards.map((c) => card(c, {
    tag: "span", label: c.by === meld.owner ? c.name : `${c.name}, laid off by ${c.by}`,
    marks: ["r5-small-card", c.by !== meld.owner && "r5-added"],
  }))))));
  if (game.melds.length === 0) ui.melds.append(h("span", { class: "r5-empty" }, "none yet"));
  ui.hand.replaceChildren(...game.hand.map((data, i) => card(data, {
    marks: [selected.has(i) && "r5-selected", hint?.hand.includes(i) && "r5-hinted"],
    "aria-pressed": selected.has(i) ? "true" : "false",
    dataset: { index: i, key: `hand-${i}` },
    onclick: () => { if (selected.has(i)) selected.delete(i); else selected.add(i); draw(); },
  })));
  ui.pass.hidden = game.phase !== "call" || !mine;
  ui.decline.hidden = !game.legal.includes("decline");
  ui.deal.hidden = game.status !== "hand-over";
  ui.undo.disabled = !game.undo;
  ui.choices.replaceChildren(...(game.choices.length ? [h("span", {}, "Which one?")] : []),
    ...game.choices.map((choice) => h("button", {
      type: "button", dataset: { text: choice.text, key: `choice-${choice.index}` }, title: choice.words,
      onclick: () => send({ intent: "choose", index: choice.index }),
    }, choice.text)));
  ui.legal.replaceChildren(...game.legal.map((text, i) => h("li", {},
    h("button", {
      type: "button", dataset: { text, key: `legal-${i}` }, onclick: () => send({ intent: "choose", index: i }),
    }, text))));
  ui.log.replaceChildren(...game.log.map((line) => h("li", {}, line)));
  ui.log.scrollTop = ui.log.scrollHeight;
  ui.result.textContent = game.result.join("\n");
  ui.result.hidden = game.result.length === 0;
  ui.sheet.textContent = game.sheet.join("\n");
}

function putDown(intent, meld) {
  const hand = [...selected].sort((a, b) => a - b);
  send(intent === "layoff" ? { intent, hand, meld } : { intent, hand });
}

function typedMove(event) {
  event.preventDefault();
  send({ intent: "text", text: ui.typed.value }).then((ok) => { if (ok) ui.typed.value = ""; });
}

function ask(request) {
  const code = `import json, table\njson.dumps(table.handle(json.loads(${JSON.stringify(JSON.stringify(request))})))`;
  return python.run(code).then((text) => JSON.parse(text));
}

/** Send the person's request, draw the answer, then let the bots play; whether it was done. */
async function send(request) {
  if (app.dataset.state !== "ready") return false;
  app.dataset.state = "busy";
  const mine = generation;
  try {
    const got = await ask(request);
    if (mine !== generation) return false;
    const done = got.refusal === null;
    if (got.status === "none") {
      ui.refusal.textContent = got.refusal;
      return false;
    }
    if (done) {
      selected = new Set();
      hint = request.intent === "hint" ? got.hint : null;
      if (hint) got.said = `Hint: ${hint.text}. ${hint.words}`;
    }
    answer = got;
    draw();
    if (request.intent === "save" && done) download(got.filename, got.file);
    await playBots(mine);
    return done;
  } catch (error) {
    // A bug of the page, or Python gone: said, and in the console.
    ui.refusal.textContent = `The page failed: ${error.message.split("\n").at(-1) || error.message}`;
    console.error(error);
    return false;
  } finally {
    if (mine === generation && app.dataset.state === "busy") app.dataset.state = "ready";
  }
}

async function playBots(mine) {
  const pause = PACES.find(([value]) => value === ui.paceSelect.value)[2];
  while (answer.status === "bots" && mine === generation) {
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    const got = await ask({ intent: "step" });
    if (mine !== generation) return;
    answer = got;
    draw();
  }
}

function newGame() {
  if (python === null) return Promise.resolve(false);
  generation += 1;
  app.dataset.state = "ready";
  return send({
    intent: "new", preset: ui.presetSelect.value, players: Number(ui.playersSelect.value),
    opponents: opponentSpecs(), seed: Number(ui.seedInput.value),
  });
}

function save() {
  send({ intent: "save" });
}

function download(name, text) {
  const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function loadFile() {
  const file = ui.fileInput.files[0];
  ui.fileInput.value = "";
  if (!file || python === null) return;
  // The game being played stops here (its bots' loop ends), and the page is busy from now
  // until the file is read and loaded.
  generation += 1;
  app.dataset.state = "busy";
  const text = await file.text();
  app.dataset.state = "ready";
  const done = await send({ intent: "load", text, opponents: opponentSpecs() });
  if (done) {
    const game = answer.game;
    if (game.preset) { ui.presetSelect.value = game.preset; }
    fillPlayers(game.players);
    fillOpponents(game.opponents);
    ui.seedInput.value = String(game.seed);
  }
}

function fail(error) {
  app.dataset.state = "failed";
  ui.status.textContent = `Python stopped: ${error.message}. Reload the page to start again.`;
  ui.progress.hidden = true;
  console.error(error);
}

/** The glue's sources by file name, fetched from beside this module. */
async function fetchGlue() {
  const sources = await Promise.all(GLUE.map(async (name) => {
    const response = await fetch(new URL(name, import.meta.url));
    if (!response.ok) throw new Error(`${name} answered ${response.status}`);
    return [name, await response.text()];
  }));
  return Object.fromEntries(sources);
}

async function start() {
  const started = performance.now();
  // The worker first: Python's start is most of the wait, and nothing else needs it yet.
  const starting = PythonWorker.start(new URL(".", import.meta.url));
  starting.catch(() => {});
  build();
  app.dataset.state = "starting";
  const ticker = setInterval(() => {
    ui.status.textContent = `Starting Python in a Web Worker… ${Math.round((performance.now() - started) / 1000)} s`;
  }, 500);
  // The glue is fetched while Python starts, so that it is at hand once Python is up (a
  // failure is awaited below, after Python's own).
  const glue = fetchGlue();
  glue.catch(() => {});
  try {
    python = await starting;
    clearInterval(ticker);
    ui.status.textContent = "Python is up; loading rummy500 and the table…";
    // The glue's modules become files of the worker's Python, imported as any other.
    const sources = await glue;
    const choices = await python.run(`
import json, pathlib, sys
folder = pathlib.Path("/home/pyodide/play")
folder.mkdir(parents=True, exist_ok=True)
for name, source in json.loads(${JSON.stringify(JSON.stringify(sources))}).items():
    (folder / name).write_text(source, encoding="utf-8")
sys.path.insert(0, str(folder))
import table
json.dumps(table.preset_choices())`);
    fillPresets(JSON.parse(choices));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    ui.status.textContent = `Python ${python.bundle.pyodide.python} with rummy500 ${python.bundle.rummy500}, up in ${seconds} s.`;
    ui.progress.hidden = true;
    await newGame();
  } catch (error) {
    clearInterval(ticker);
    fail(error);
  }
}

start();
