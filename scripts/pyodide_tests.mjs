/**
 * Run the package's tests with pytest under Pyodide (Python in WebAssembly) in Node.
 *
 *     node scripts/pyodide_tests.mjs --wheel W [--wheel W ...] [--share DIR [--reverse]]
 *         [-- pytest arguments]
 *
 * Pyodide is the one in web/node_modules (npm ci in web/), started by web/src/loader.mjs as
 * the browser bundle starts it, with the wheels given installed: rummy500's, its dependencies'
 * and pytest's, Hypothesis's and theirs. The checkout is mounted at its own path (NODEFS), so
 * the tests and the files they read are this checkout's, while `import rummy500` finds the
 * installed wheel. scripts/pyodide_tests.py gathers the wheels and runs this.
 *
 * With --share, the test files are shared with the other processes given the same folder,
 * each file run by the first to claim it (scripts/pyodide_sharing.py); --reverse takes them
 * from the last.
 *
 * Python runs in a worker thread with a large stack: a browser's or Node's default stack is
 * exhausted by deep recursion in C (freeing a long chain of objects, parsing deeply nested
 * JSON) before CPython's own check would raise RecursionError, and Pyodide then stops with a
 * fatal error. With room on the stack, those tests behave as they do on CPython.
 *
 * The exit status is pytest's.
 */
import { writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, workerData } from "node:worker_threads";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE = resolve(ROOT, "web", "node_modules", "pyodide");
const STACK_MB = 256;
// Passed on to Python: the choice of Hypothesis profile (tests/conftest.py) and whether this
// is CI.
const PASSED_ON = ["HYPOTHESIS_PROFILE", "CI"];
const USAGE =
  "usage: pyodide_tests.mjs --wheel W [--wheel W ...] [--share DIR [--reverse]] " +
  "[-- pytest arguments]";

function parse(argv) {
  const options = { wheels: [], share: null, reverse: false, pytestArgs: [] };
  for (let index = 0; index < argv.length; index += 1) {
    const option = argv[index];
    if (option === "--") {
      options.pytestArgs = argv.slice(index + 1);
      break;
    } else if (option === "--reverse") {
      options.reverse = true;
    } else if ((option === "--wheel" || option === "--share") && index + 1 < argv.length) {
      index += 1;
      if (option === "--wheel") {
        options.wheels.push(resolve(argv[index]));
      } else {
        options.share = resolve(argv[index]);
      }
    } else {
      throw new Error(`${USAGE}\nnot understood: ${option}`);
    }
  }
  return options;
}

/** Write all of `bytes` to the file descriptor `fd`, waiting while a pipe is full. */
function writeAll(fd, bytes) {
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written);
    } catch (error) {
      if (error.code !== "EAGAIN") {
        throw error;
      }
    }
  }
  return bytes.length;
}

// Run by Python in the checkout: pytest, with the plugin that shares the files if asked to.
const RUN_PYTEST = `
import importlib.util
import os
import sys
from pathlib import Path

# The mounted checkout is the host's: write no bytecode into it.
sys.dont_write_bytecode = True
os.chdir(ROOT)
import pytest

plugins = []
if SHARE is not None:
    spec = importlib.util.spec_from_file_location(
        "pyodide_sharing", Path(ROOT, "scripts", "pyodide_sharing.py")
    )
    sharing = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sharing)
    plugins.append(sharing.FileSharing(Path(SHARE), reverse=REVERSE))
int(pytest.main(list(ARGS), plugins=plugins))
`;

async function runTests({ wheels, share, reverse, pytestArgs }) {
  const { startPython } = await import(resolve(ROOT, "web", "src", "loader.mjs"));
  const env = { PYTHONDONTWRITEBYTECODE: "1" };
  for (const name of PASSED_ON) {
    if (process.env[name] !== undefined) {
      env[name] = process.env[name];
    }
  }
  const { pyodide, timings } = await startPython({ indexURL: `${PYODIDE}/`, wheels, env });
  // What pytest writes goes out at once, progress dots included: straight to the file
  // descriptors, since a worker thread's process.stdout only passes its writes on when the
  // thread's event loop turns, and Python holds the thread until the tests end. Stdin is at
  // its end at once (a worker's has no file descriptor, which Pyodide's own would read).
  pyodide.setStdout({ write: (bytes) => writeAll(1, bytes) });
  pyodide.setStderr({ write: (bytes) => writeAll(2, bytes) });
  pyodide.setStdin({ stdin: () => null });
  for (const folder of share === null ? [ROOT] : [ROOT, share]) {
    pyodide.FS.mkdirTree(folder);
    pyodide.mountNodeFS(folder, folder);
  }
  process.stderr.write(
    `Pyodide ${pyodide.version} started in ${(timings.startMs / 1000).toFixed(1)} s, ` +
      `${wheels.length} wheels installed in ${(timings.installMs / 1000).toFixed(1)} s\n`,
  );
  pyodide.globals.set("ROOT", ROOT);
  pyodide.globals.set("SHARE", share ?? undefined);
  pyodide.globals.set("REVERSE", reverse);
  pyodide.globals.set("ARGS", pyodide.toPy(pytestArgs));
  process.exit(pyodide.runPython(RUN_PYTEST));
}

if (isMainThread) {
  const options = parse(process.argv.slice(2));
  const worker = new Worker(new URL(import.meta.url), {
    workerData: options,
    resourceLimits: { stackSizeMb: STACK_MB },
  });
  worker.on("error", (error) => {
    console.error(error);
    process.exitCode = 1;
  });
  worker.on("exit", (code) => {
    process.exitCode ||= code;
  });
} else {
  await runTests(workerData);
}
