/**
 * The self-test page: start Python with rummy500 in a Web Worker, import the package, play
 * the seeded games of selftest.py (five times, for the
 * fastest time), and show the results and the time each step took.
 *
 * When it is done, the body's data-state is "done" (or "failed") and the element #result
 * holds the results as JSON, for scripts/check_web.py to read.
 */
import { PythonWorker } from "./client.mjs";

const status = document.getElementById("status");
const result = document.getElementById("result");

const IMPORT = `
import time
started = time.perf_counter()
import rummy500
(time.perf_counter() - started) * 1000
`;

async function selfTest() {
  const started = performance.now();
  const python = await PythonWorker.start();
  const readyMs = performance.now() - started;
  status.textContent = "Python is up; importing rummy500…";
  const importMs = await python.run(IMPORT);
  status.textContent = "Playing the games…";
  const source = await (await fetch("selftest.py")).text();
  const played = await python.run(`${source}\nbest_of()`);
  const version = await python.run("import sys\nsys.version.split()[0]");
  python.terminate();
  return {
    python: version,
    rummy500: python.bundle.rummy500,
    pyodide: python.bundle.pyodide.version,
    timings: { ...python.timings, readyMs, importMs, gamesMs: played.seconds * 1000 },
    rounds: played.rounds,
    games: played.games,
  };
}

try {
  const report = await selfTest();
  const lines = report.games.map(
    (game) =>
      `seed ${game.seed}: totals ${game.totals.join("/")}, ` +
      `${game.winner === null ? "no winner" : `player ${game.winner} wins`}, ${game.moves} moves`,
  );
  status.textContent =
    `Python ${report.python} (Pyodide ${report.pyodide}), rummy500 ${report.rummy500}: ` +
    `up in ${Math.round(report.timings.readyMs)} ms, rummy500 imported in ` +
    `${Math.round(report.timings.importMs)} ms, five games in ` +
    `${Math.round(report.timings.gamesMs)} ms (the fastest of ${report.rounds} rounds).`;
  result.textContent = `${lines.join("\n")}\n\n${JSON.stringify(report)}`;
  result.dataset.json = JSON.stringify(report);
  document.body.dataset.state = "done";
} catch (error) {
  status.textContent = `The self-test failed: ${error.message}`;
  document.body.dataset.state = "failed";
  console.error(error);
}
