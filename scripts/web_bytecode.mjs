/**
 * Compile a pure wheel's modules to bytecode with Pyodide's own Python, in Node.
 *
 *     node scripts/web_bytecode.mjs WHEEL OUT
 *
 * Pyodide writes no bytecode at run time, so a page that imports a pure wheel compiles every
 * module from source on every visit; and the host's CPython cannot write the bytecode of
 * Pyodide's Python, whose version differs. So Pyodide (the one in web/node_modules, started
 * by web/src/loader.mjs as the browser bundle starts it) installs WHEEL and compiles each of
 * its .py files with py_compile, as unchecked hash-based .pyc files (their validity does not
 * hang on file times, which a wheel does not keep); the .pyc files are written under the
 * folder OUT (made if missing) at their paths in the wheel, such as
 * `rummy500/__pycache__/toolkit.cpython-314.pyc`. scripts/web_bundle.py then puts them into
 * the wheel. The wheel's dependencies are not needed: nothing is imported.
 *
 * It prints the number of files compiled; the exit status is 1 if one cannot be.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE = resolve(ROOT, "web", "node_modules", "pyodide");

// Run in Pyodide: every .py file the wheel installed, compiled beside its source, then
// copied to OUT under its path relative to site-packages.
const COMPILE = `
import importlib.metadata
import importlib.util
import py_compile
import shutil
from pathlib import Path

compiled = 0
for file in importlib.metadata.distribution(NAME).files:
    if file.suffix != ".py":
        continue
    source = Path(file.locate())
    target = Path(importlib.util.cache_from_source(str(source)))
    py_compile.compile(
        str(source),
        cfile=str(target),
        doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    copy = Path(OUT, target.relative_to(Path(file.locate()).parents[len(file.parts) - 1]))
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(target, copy)
    compiled += 1
compiled
`;

const [wheel, out] = process.argv.slice(2);
if (wheel === undefined || out === undefined) {
  console.error("usage: web_bytecode.mjs WHEEL OUT");
  process.exit(2);
}
const folder = resolve(out);
mkdirSync(folder, { recursive: true });
const { startPython } = await import(resolve(ROOT, "web", "src", "loader.mjs"));
const { pyodide } = await startPython({
  indexURL: `${PYODIDE}/`,
  wheels: [resolve(wheel)],
  env: { PYTHONDONTWRITEBYTECODE: "1" },
});
pyodide.FS.mkdirTree(folder);
pyodide.mountNodeFS(folder, folder);
// The distribution's name, as the wheel's file name spells it (the part before the version).
pyodide.globals.set("NAME", resolve(wheel).split("/").pop().split("-")[0]);
pyodide.globals.set("OUT", folder);
const compiled = pyodide.runPython(COMPILE);
console.log(`compiled ${compiled} modules with Python ${pyodide.runPython("import sys; sys.version.split()[0]")}`);
