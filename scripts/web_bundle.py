"""Build the browser bundle: Python (Pyodide) with rummy500 installed, as files a site serves.

``python scripts/web_bundle.py OUT`` writes into the folder OUT (the docs build writes it to
the site's ``play/``, through ``docs/_ext/play_bundle.py``):

``pyodide/``
    Pyodide's runtime (``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``,
    ``python_stdlib.zip``, ``pyodide-lock.json``), from the npm package that
    ``web/package-lock.json`` pins.
``wheels/``
    rummy500's pure wheel, built from this checkout, and the pure wheels of its dependencies
    that ``web/requirements-browser.txt`` pins with their hashes. With ``--bytecode``, each
    with the bytecode of Pyodide's Python added (``__pycache__/*.cpython-314.pyc``, compiled by
    Pyodide itself in Node with ``scripts/web_bytecode.mjs``): Pyodide writes no bytecode, so
    without it every visit compiles each module from source, but the bytecode makes a first
    visit about 1.1 MB larger.
``bundle.json``
    The versions, and the wheels in the order they are installed.
``loader.mjs``, ``worker.mjs``, ``client.mjs``, ``selftest.*``, ``play.*``, ``table*.py``, ...
    The files of ``web/src/``: the modules that start Python from those files (in a page, in a
    Web Worker), a page that plays seeded games with them (``scripts/check_web.py`` opens it
    in headless Chromium), and the code of the "Play in the browser" and "Try a variant"
    pages of the documentation (their scripts, styles and the Python they run).

At run time nothing is fetched from anywhere but the site: no CDN, no package index.

The build needs Node.js 18 or newer with npm (``npm ci`` installs Pyodide into
``web/node_modules/`` when it is missing or is not the pinned version) and pip (to build the
wheel and download the pinned ones); with ``--bytecode``, Node also runs Pyodide to compile
the wheels' modules.
What it builds and downloads is kept in ``build/web/`` and made again only when its inputs
change, so a build with nothing changed is quick.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "BROWSER_REQUIREMENTS",
    "BYTECODE_SCRIPT",
    "CACHE",
    "PYODIDE_FILES",
    "REPO",
    "WEB",
    "Bundle",
    "BundleError",
    "Pin",
    "Runtime",
    "add_bytecode",
    "build",
    "bytecode_wheel",
    "fetch_wheels",
    "main",
    "pyodide_runtime",
    "read_pins",
    "record_line",
    "rummy500_wheel",
    "wheel_record",
]

REPO = Path(__file__).resolve().parent.parent
#: The npm project of Pyodide, the pins of the wheels and the bundle's own files.
WEB = REPO / "web"
#: What the builds keep between runs: the downloaded wheels and rummy500's wheel.
CACHE = REPO / "build" / "web"
BROWSER_REQUIREMENTS = WEB / "requirements-browser.txt"
#: The files of Pyodide's npm package that a page loads.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: The Node script that compiles a wheel's modules with Pyodide's Python.
BYTECODE_SCRIPT = REPO / "scripts" / "web_bytecode.mjs"
#: What rummy500's wheel is built from: a change to any of these builds it again.
_WHEEL_INPUTS = ("pyproject.toml", "README.md", "LICENSE")
#: Left out of the hash of the package's source: what Python and a compiled build leave there.
_NOT_SOURCE = (".pyc", ".so", ".pyd")
_NODE_NEEDED = (
    "the browser bundle installs Pyodide with `npm ci` in web/, which needs Node.js 18 or newer "
    "with npm (on Debian or Ubuntu: apt-get install nodejs npm)"
)


class BundleError(Exception):
    """The bundle could not be built: a tool is missing or failed, or a download is wrong."""


@dataclass(frozen=True)
class Pin:
    """One line of a requirements file: a distribution, its exact version and its hashes."""

    name: str
    version: str
    hashes: frozenset[str]


@dataclass(frozen=True)
class Runtime:
    """Pyodide as installed in ``web/node_modules``: its folder, versions and wheel platform."""

    folder: Path
    version: str
    python: str
    #: The platform tag of wheels built for it, such as ``pyemscripten_2026_0_wasm32``.
    platform: str


@dataclass(frozen=True)
class Bundle:
    """A bundle written to a folder: what it holds."""

    folder: Path
    runtime: Runtime
    wheels: tuple[str, ...]
    size: int


def _run(command: Sequence[str], *, cwd: Path, what: str, env: dict[str, str] | None = None) -> str:
    """Run ``command``; its output, or :class:`BundleError` saying ``what`` failed and why."""
    try:
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    except FileNotFoundError as error:
        raise BundleError(f"{command[0]} was not found: {_NODE_NEEDED}.") from error
    if done.returncode != 0:
        told = (done.stderr or done.stdout).strip().splitlines()[-20:]
        raise BundleError(f"{what} failed with exit status {done.returncode}:\n" + "\n".join(told))
    return done.stdout


def pyodide_runtime() -> Runtime:
    """Pyodide in ``web/node_modules``, installed first with ``npm ci`` if it is missing or is
    not the version ``web/package-lock.json`` pins."""
    lock = json.loads((WEB / "package-lock.json").read_text(encoding="utf-8"))
    wanted = lock["packages"]["node_modules/pyodide"]["version"]
    folder = WEB / "node_modules" / "pyodide"
    if _installed_version(folder) != wanted or not all(
        (folder / name).is_file() for name in PYODIDE_FILES
    ):
        npm = shutil.which("npm")
        if npm is None:
            raise BundleError(f"npm was not found: {_NODE_NEEDED}.")
        _run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, what="npm ci in web/")
        if _installed_version(folder) != wanted:
            raise BundleError(f"npm ci in web/ did not install Pyodide {wanted}.")
    info = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    return Runtime(
        folder=folder,
        version=wanted,
        python=info["python"],
        platform=f"pyemscripten_{info['abi_version']}_{info['arch']}",
    )


def _installed_version(folder: Path) -> str | None:
    try:
        package = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    version = package.get("version")
    return version if isinstance(version, str) else None


_PIN = re.compile(r"^(?P<name>[A-Za-z0-9._-]+)==(?P<version>\S+)(?P<options>.*)$")


def read_pins(path: Path) -> list[Pin]:
    """The requirements of ``path``, each ``name==version`` with its ``--hash`` options."""
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    pins = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = _PIN.match(line)
        hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", line)
        if match is None or not hashes:
            raise BundleError(
                f"{path.name}: line {number} is not an exact pin with its hashes "
                f"(name==version --hash=sha256:...): {line!r}."
            )
        pins.append(Pin(match["name"], match["version"], frozenset(hashes)))
    return pins


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_wheels(requirements: Iterable[Path], runtime: Runtime) -> list[Path]:
    """The wheels pinned in the ``requirements`` files, for ``runtime``: pure wheels, or wheels
    built for its platform; downloaded with pip into ``build/web/downloads`` unless they are
    there already. Sorted by file name."""
    files = list(requirements)
    pins = [pin for path in files for pin in read_pins(path)]
    folder = CACHE / "downloads"
    found = _find(pins, folder)
    if len(found) < len(pins):
        folder.mkdir(parents=True, exist_ok=True)
        major, minor = runtime.python.split(".")[:2]
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--require-hashes"]
        command += [
            "--disable-pip-version-check",
            "--no-deps",
            "--only-binary=:all:",
            "--dest",
            str(folder),
        ]
        command += ["--python-version", f"{major}.{minor}", "--implementation", "cp"]
        command += ["--abi", f"cp{major}{minor}", "--abi", "abi3", "--abi", "none"]
        command += ["--platform", runtime.platform, "--platform", "any"]
        for path in files:
            command += ["-r", str(path)]
        _run(command, cwd=REPO, what="pip download of the pinned wheels")
        found = _find(pins, folder)
        missing = [f"{pin.name}=={pin.version}" for pin in pins if pin not in found]
        if missing:
            raise BundleError(f"pip download gave no wheel with a pinned hash for {missing}.")
    return sorted(found.values(), key=lambda path: path.name)


def _find(pins: Sequence[Pin], folder: Path) -> dict[Pin, Path]:
    by_hash = {_sha256(path): path for path in folder.glob("*.whl")}
    found = {}
    for pin in pins:
        for digest in pin.hashes:
            if digest in by_hash:
                found[pin] = by_hash[digest]
    return found


def rummy500_wheel() -> Path:
    """rummy500's pure wheel, built from this checkout with ``pip wheel`` (the compiled build
    switched off), or the one built before from the same sources."""
    digest = hashlib.sha256()
    package = REPO / "src" / "rummy500"
    sources = [REPO / name for name in _WHEEL_INPUTS] + sorted(
        path
        for path in package.rglob("*")
        if path.is_file() and path.suffix not in _NOT_SOURCE and "__pycache__" not in path.parts
    )
    for path in sources:
        digest.update(path.relative_to(REPO).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    key = digest.hexdigest()[:20]
    home = CACHE / "rummy500"
    built = sorted((home / key).glob("rummy500-*-py3-none-any.whl"))
    if built:
        return built[0]
    env = {k: v for k, v in os.environ.items() if k != "HATCH_BUILD_HOOK_ENABLE_MYPYC"}
    with tempfile.TemporaryDirectory(prefix="rummy500-wheel-") as temporary:
        command = [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "--quiet"]
        command += ["--disable-pip-version-check", "--wheel-dir", temporary]
        _run(command, cwd=REPO, env=env, what="pip wheel of rummy500")
        wheels = list(Path(temporary).glob("rummy500-*.whl"))
        if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
            raise BundleError(
                f"pip wheel gave {[w.name for w in wheels]}, not one pure wheel of rummy500."
            )
        # Only the wheel of the current sources is kept.
        shutil.rmtree(home, ignore_errors=True)
        (home / key).mkdir(parents=True)
        return Path(shutil.copy2(wheels[0], home / key / wheels[0].name))


def record_line(name: str, data: bytes) -> str:
    """The line of a wheel's ``RECORD`` for the file ``name`` holding ``data``: its name, the
    urlsafe base64 of its SHA-256 without padding, and its size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def wheel_record(files: Mapping[str, bytes], record: str) -> bytes:
    """The ``RECORD`` file, at the path ``record``, of a wheel holding ``files`` (by name, in
    their order): a line for each, then the line of the ``RECORD`` itself, which has no hash."""
    lines = [record_line(name, data) for name, data in files.items()]
    return "".join(f"{line}\n" for line in [*lines, f"{record},,"]).encode()


def add_bytecode(wheel: Path, bytecode: Path, out: Path) -> Path:
    """Write to ``out`` the wheel ``wheel`` with the ``.pyc`` files under the folder
    ``bytecode`` added, at their paths there (``pkg/__pycache__/mod.cpython-314.pyc`` beside
    ``pkg/mod.py``), and its ``RECORD`` written again for them. Each of the wheel's modules
    must have its ``.pyc``, and each ``.pyc`` its module."""
    with zipfile.ZipFile(wheel) as source:
        files = {info.filename: source.read(info) for info in source.infolist()}
    records = [name for name in files if name.endswith(".dist-info/RECORD")]
    if len(records) != 1:
        raise BundleError(f"{wheel.name} has {len(records)} RECORD files, not one.")
    del files[records[0]]
    compiled = {
        path.relative_to(bytecode).as_posix(): path.read_bytes()
        for path in sorted(bytecode.rglob("*.pyc"))
    }
    modules = {name for name in files if name.endswith(".py")}
    sources = {_source_of(name) for name in compiled}
    if sources != modules:
        raise BundleError(
            f"the bytecode under {bytecode} does not match the modules of {wheel.name}: "
            f"no .pyc for {sorted(modules - sources)}, no module for {sorted(sources - modules)}."
        )
    files.update(compiled)
    files[records[0]] = wheel_record(files, records[0])
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for name, data in files.items():
            # A fixed time and mode: the same inputs make the same wheel, byte for byte.
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            target.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return out


def _source_of(pyc: str) -> str:
    """The module ``pkg/mod.py`` whose bytecode is ``pkg/__pycache__/mod.<tag>.pyc``."""
    parts = pyc.split("/")
    if len(parts) < 2 or parts[-2] != "__pycache__" or parts[-1].count(".") != 2:
        return pyc
    return "/".join([*parts[:-2], parts[-1].split(".")[0] + ".py"])


def bytecode_wheel(wheel: Path, runtime: Runtime) -> Path:
    """``wheel`` (a pure wheel) with its modules compiled by ``runtime``'s Python
    (:func:`add_bytecode`), kept beside it and made again only for another wheel or Pyodide.

    Pyodide compiles them in Node (``scripts/web_bytecode.mjs``) as unchecked hash-based
    ``.pyc`` files: Python loads them without looking at the sources' times, which a wheel does
    not keep, nor at the sources themselves, which are there for tracebacks and tools."""
    if not wheel.name.endswith("-none-any.whl"):
        raise BundleError(f"{wheel.name} is not a pure wheel: only a pure wheel is compiled here.")
    target = wheel.parent / f"pyodide-{runtime.version}" / wheel.name
    if target.is_file():
        return target
    with tempfile.TemporaryDirectory(prefix="web-bytecode-") as temporary:
        compiled = Path(temporary) / "bytecode"
        command = ["node", str(BYTECODE_SCRIPT), str(wheel), str(compiled)]
        _run(command, cwd=REPO, what=f"compiling {wheel.name} with Pyodide")
        # Written aside, then renamed: a build stopped half-way leaves no broken wheel behind.
        partial = add_bytecode(wheel, compiled, target.with_name(f"{wheel.name}.partial"))
        return partial.replace(target)


def build(out: Path, *, bytecode: bool = False) -> Bundle:
    """Write the bundle into the folder ``out`` (made if missing). Files of ``out`` that are
    not the bundle's, such as a page beside it, are left alone.

    With ``bytecode``, every wheel (all are pure) carries the bytecode of Pyodide's Python
    (:func:`bytecode_wheel`): the imports on a page take a third of the time, but a first visit
    transfers about 1.1 MB more (bytecode compresses little), over the budget of 8 MB, so the
    documentation's bundle is built without it (see Performance, "In the browser")."""
    runtime = pyodide_runtime()
    pure = [*fetch_wheels([BROWSER_REQUIREMENTS], runtime), rummy500_wheel()]
    wheels = [bytecode_wheel(wheel, runtime) for wheel in pure] if bytecode else pure
    for folder in ("pyodide", "wheels"):
        shutil.rmtree(out / folder, ignore_errors=True)
        (out / folder).mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(runtime.folder / name, out / "pyodide" / name)
    for wheel in wheels:
        shutil.copyfile(wheel, out / "wheels" / wheel.name)
    for source in sorted((WEB / "src").iterdir()):
        if source.is_file():
            shutil.copyfile(source, out / source.name)
    names = tuple(f"wheels/{wheel.name}" for wheel in wheels)
    description = {
        "pyodide": {"version": runtime.version, "python": runtime.python, "folder": "pyodide/"},
        "rummy500": wheels[-1].name.split("-")[1],
        "wheels": list(names),
    }
    (out / "bundle.json").write_text(json.dumps(description, indent=2) + "\n", encoding="utf-8")
    size = sum(path.stat().st_size for path in out.rglob("*") if path.is_file())
    return Bundle(folder=out, runtime=runtime, wheels=names, size=size)


def main(argv: Sequence[str] | None = None) -> int:
    """Build the bundle into the folder given; exit 1 with the reason if it cannot be built."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", type=Path, help="the folder to write (a site's play/, say)")
    parser.add_argument(
        "--bytecode",
        action="store_true",
        help="add the bytecode of Pyodide's Python to the wheels (faster imports, 1.1 MB more)",
    )
    args = parser.parse_args(argv)
    try:
        bundle = build(args.out, bytecode=args.bytecode)
    except BundleError as error:
        print(f"web_bundle: {error}", file=sys.stderr)
        return 1
    print(
        f"wrote the browser bundle to {bundle.folder}: Pyodide {bundle.runtime.version} "
        f"(Python {bundle.runtime.python}), {len(bundle.wheels)} wheels, "
        f"{bundle.size / 1e6:.1f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
