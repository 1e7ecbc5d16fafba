/**
 * Starts Python (Pyodide) with rummy500 installed, from local files only.
 *
 * The one place that knows how the runtime is started, shared by a page, the Web Worker of
 * worker.mjs and the test run in Node (scripts/pyodide_tests.mjs). Pyodide's own files and
 * the wheels come from the addresses given and from nowhere else: no package is looked up on
 * a CDN, and micropip (which Pyodide's npm package does not hold) is not needed, since the
 * wheels are installed by address with pyodide.loadPackage.
 */

/**
 * Start Pyodide and install the wheels.
 *
 * @param {object} options
 * @param {string} options.indexURL The folder of pyodide.mjs, pyodide.asm.mjs,
 *   pyodide.asm.wasm, python_stdlib.zip and pyodide-lock.json, ending in "/": an address in a
 *   browser, a path in Node.
 * @param {string[]} options.wheels The wheels to install: addresses in a browser, paths in
 *   Node. Pure wheels, or wheels built for this Pyodide's platform.
 * @param {Record<string, string>} [options.env] Environment variables for Python.
 * @param {(line: string) => void} [options.stdout] Receives each line Python prints.
 * @param {(line: string) => void} [options.stderr] Receives each line Python writes to stderr.
 * @returns {Promise<{pyodide: object, timings: {startMs: number, installMs: number}}>}
 *   Pyodide, and how long it took to start and to install the wheels, in milliseconds.
 */
export async function startPython({ indexURL, wheels, env = {}, stdout, stderr }) {
  if (!indexURL.endsWith("/")) {
    throw new Error(`Pyodide's folder must end in "/": ${indexURL}`);
  }
  const started = performance.now();
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL, env, stdout, stderr });
  const loaded = performance.now();
  const problems = [];
  await pyodide.loadPackage(wheels, {
    messageCallback: () => {},
    errorCallback: (message) => problems.push(message),
  });
  if (problems.length > 0) {
    throw new Error(`the wheels could not be installed: ${problems.join("; ")}`);
  }
  return {
    pyodide,
    timings: { startMs: loaded - started, installMs: performance.now() - loaded },
  };
}

/**
 * Start the bundle served at `baseURL`: its bundle.json names Pyodide's folder and the
 * wheels, relative to it.
 *
 * @param {string} baseURL The bundle's folder, ending in "/".
 * @param {object} [options] What startPython takes besides the folder and the wheels.
 * @returns {Promise<{pyodide: object, timings: object, bundle: object}>} What startPython
 *   gives, and the bundle's description (its versions and wheels).
 */
export async function startBundle(baseURL, options = {}) {
  const response = await fetch(new URL("bundle.json", baseURL));
  if (!response.ok) {
    throw new Error(`no bundle at ${baseURL}: bundle.json answered ${response.status}`);
  }
  const bundle = await response.json();
  const started = await startPython({
    ...options,
    indexURL: new URL(bundle.pyodide.folder, baseURL).href,
    wheels: bundle.wheels.map((wheel) => new URL(wheel, baseURL).href),
  });
  return { ...started, bundle };
}
