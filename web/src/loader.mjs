/**
 * Starts Python (Pyodide) with rummy500 installed, from local files only.
 *
 * The one place that knows how the runtime is started, shared by a page, the Web Worker of
 * worker.mjs and the test run in Node (scripts/pyodide_tests.mjs). Pyodide's own files and
 * the wheels come from the addresses given and from nowhere else: no package is looked up on
 * a CDN, and micropip (which Pyodide's npm package does not hold) is not needed: the wheels, pure ones,
 * are unpacked into site-packages.
 */

/** The file name of a pure wheel, which runs on any platform. */
const PURE = /-none-any\.whl$/;

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
  // A pure wheel is unpacked into site-packages, as pip installs one, and fetched while Python
  // starts rather than after (on a first visit, its download would add to the start-up); a
  // wheel built for Pyodide may hold shared libraries, which loadPackage knows to load.
  const pure = wheels.filter((wheel) => PURE.test(wheel));
  const platformWheels = wheels.filter((wheel) => !PURE.test(wheel));
  const archives = pure.map((wheel) => readWheel(wheel));
  archives.forEach((archive) => archive.catch(() => {}));
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL, env, stdout, stderr });
  const loaded = performance.now();
  const sitePackages = pyodide.runPython("import sysconfig\nsysconfig.get_paths()['purelib']");
  for (const [i, archive] of archives.entries()) {
    let bytes;
    try {
      bytes = await archive;
    } catch (error) {
      throw new Error(`the wheel ${pure[i]} could not be read: ${error?.message ?? error}`);
    }
    pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  }
  const problems = [];
  if (platformWheels.length > 0) {
    await pyodide.loadPackage(platformWheels, {
      messageCallback: () => {},
      errorCallback: (message) => problems.push(message),
    });
  }
  if (problems.length > 0) {
    throw new Error(`the wheels could not be installed: ${problems.join("; ")}`);
  }
  return {
    pyodide,
    timings: { startMs: loaded - started, installMs: performance.now() - loaded },
  };
}

/**
 * The bytes of a wheel: fetched when `location` is an address, read from the disk when it is
 * a path (in Node, whose fetch reads no files).
 *
 * @param {string} location
 * @returns {Promise<Uint8Array>}
 */
async function readWheel(location) {
  if (/^(https?|blob|data):/.test(location)) {
    const response = await fetch(location);
    if (!response.ok) {
      throw new Error(`${location} answered ${response.status}`);
    }
    return new Uint8Array(await response.arrayBuffer());
  }
  // Only Node gives paths: its file module is not there to import in a browser.
  const { readFile } = await import("node:fs/promises");
  const bytes = await readFile(location);
  // Pyodide takes typed arrays, not Node's Buffer that readFile gives.
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
