/**
 * A Web Worker running Python with rummy500, so that a page stays responsive while Python
 * starts and plays. client.mjs starts it; it speaks in messages:
 *
 * - it posts {type: "ready", timings, bundle} once Python is up, or {type: "failed", error}
 *   if it cannot start or later dies (after which it runs nothing);
 * - it posts {type: "stdout", line} and {type: "stderr", line} for what Python prints;
 * - to {id, code} it answers {type: "result", id, value}: the value of the code's last
 *   expression (None, a bool, a number, a str, or a list or dict of these), or
 *   {type: "result", id, error} with Python's traceback.
 */
import { startBundle } from "./loader.mjs";

const ready = startBundle(new URL(".", import.meta.url).href, {
  stdout: (line) => postMessage({ type: "stdout", line }),
  stderr: (line) => postMessage({ type: "stderr", line }),
});

ready.then(
  ({ timings, bundle }) => postMessage({ type: "ready", timings, bundle }),
  (error) => postMessage({ type: "failed", error: String(error?.stack ?? error) }),
);

// A fatal error of Pyodide (a stack overflow in C, say) ends Python for good, and may surface
// outside the code being run, as an error or a rejection nobody awaits: the page is told, so
// that what it waits for fails instead of hanging.
self.addEventListener("error", (event) => {
  event.preventDefault();
  postMessage({ type: "failed", error: String(event.error?.stack ?? event.message) });
});
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  postMessage({ type: "failed", error: String(event.reason?.stack ?? event.reason) });
});

/** A value of Python as a plain value a message can carry. */
function plain(value) {
  if (value === undefined || value === null || typeof value !== "object") {
    return value ?? null;
  }
  try {
    return value.toJs({ dict_converter: Object.fromEntries, create_proxies: false });
  } finally {
    value.destroy();
  }
}

// One piece of code at a time, in the order they came: Python is single-threaded anyway, and
// a piece that awaits must not let the next one run in the middle of it.
let queue = Promise.resolve();

self.onmessage = ({ data }) => {
  const { id, code } = data;
  queue = queue.then(async () => {
    try {
      const { pyodide } = await ready;
      postMessage({ type: "result", id, value: plain(await pyodide.runPythonAsync(code)) });
    } catch (error) {
      postMessage({ type: "result", id, error: String(error?.message ?? error) });
    }
  });
};
