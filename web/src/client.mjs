/**
 * The page's side of worker.mjs: start Python with rummy500 in a Web Worker and run code in
 * it.
 *
 *     import { PythonWorker } from "./client.mjs";
 *     const python = await PythonWorker.start();
 *     const version = await python.run("import rummy500\nrummy500.__version__");
 *
 * A page can make the worker sooner, as its HTML is read, with an inline script ahead of its
 * modules (the Play page does: its module and this one are otherwise fetched one after the
 * other before the worker is made). The script sets `window.rummy500EarlyWorker` to
 * `{worker, events}`: the module Worker of the bundle's worker.mjs, and every message and error
 * event it gave so far (its onmessage and onerror push them). PythonWorker.start then takes
 * that worker, once, and hears those events first, in order.
 */

export class PythonWorker {
  /**
   * Start the worker of the bundle whose folder is `baseURL` (by default this module's
   * folder) and wait until Python is up.
   *
   * @param {string | URL} [baseURL] The bundle's folder, ending in "/".
   * @param {object} [options]
   * @param {(line: string) => void} [options.stdout] Receives each line Python prints.
   * @param {(line: string) => void} [options.stderr] Receives each line of Python's stderr.
   * @returns {Promise<PythonWorker>} The worker, ready; it rejects if Python cannot start.
   */
  static start(baseURL = new URL(".", import.meta.url), { stdout, stderr } = {}) {
    const early = globalThis.rummy500EarlyWorker;
    const worker = early?.worker ?? new Worker(new URL("worker.mjs", baseURL), { type: "module" });
    return new Promise((resolve, reject) => {
      const python = new PythonWorker(worker, { stdout, stderr });
      python.#started = { resolve, reject };
      const onError = (event) => {
        event.preventDefault?.();
        python.#fail(new Error(`the Python worker failed: ${event.message}`));
      };
      worker.onerror = onError;
      if (early !== undefined) {
        // A worker made by the page's inline script (see above): it is this page's,
        // once, and what it said before this module ran is heard now, in order.
        delete globalThis.rummy500EarlyWorker;
        for (const event of early.events) {
          if (event.type === "error") onError(event);
          else python.#receive(event.data);
        }
      }
    });
  }

  #worker;
  #pending = new Map();
  #nextId = 0;
  #started = null;
  #dead = null;
  #stdout;
  #stderr;

  /** Use PythonWorker.start. */
  constructor(worker, { stdout, stderr }) {
    this.#worker = worker;
    this.#stdout = stdout ?? ((line) => console.log(line));
    this.#stderr = stderr ?? ((line) => console.warn(line));
    /** How long Python took to start and to install the wheels, in milliseconds. */
    this.timings = null;
    /** The bundle's description: its versions and wheels (bundle.json). */
    this.bundle = null;
    worker.onmessage = ({ data }) => this.#receive(data);
  }

  /**
   * Run Python code in the worker.
   *
   * @param {string} code Python code; the value of its last expression is the result.
   * @returns {Promise<unknown>} That value as a plain value (None is null, a dict an object);
   *   it rejects with Python's traceback if the code raises, and with the reason if Python
   *   is gone (it died, or the worker was stopped): start another worker then.
   */
  run(code) {
    if (this.#dead !== null) {
      return Promise.reject(this.#dead);
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, code });
    });
  }

  /** Stop the worker: Python and everything it holds are gone. */
  terminate() {
    this.#worker.terminate();
    this.#fail(new Error("the Python worker was stopped"));
  }

  #receive(data) {
    if (data.type === "stdout") {
      this.#stdout(data.line);
    } else if (data.type === "stderr") {
      this.#stderr(data.line);
    } else if (data.type === "ready") {
      this.timings = data.timings;
      this.bundle = data.bundle;
      this.#started?.resolve(this);
      this.#started = null;
    } else if (data.type === "failed") {
      const when = this.#started === null ? "Python died" : "Python could not start";
      this.#fail(new Error(`${when}: ${data.error}`));
    } else if (data.type === "result") {
      const pending = this.#pending.get(data.id);
      this.#pending.delete(data.id);
      if ("error" in data) {
        pending?.reject(new Error(data.error));
      } else {
        pending?.resolve(data.value);
      }
    }
  }

  #fail(error) {
    this.#dead ??= error;
    this.#started?.reject(error);
    this.#started = null;
    for (const pending of this.#pending.values()) {
      pending.reject(error);
    }
    this.#pending.clear();
  }
}
