"""Run the package's tests under Pyodide (Python 3.14 in WebAssembly) in Node.

Gathers the wheels (rummy500's pure wheel built from this checkout, its dependencies' pinned in
``web/requirements-browser.txt``, and pytest's, Hypothesis's and theirs pinned in
``web/requirements-tests.txt``), installs Pyodide with ``npm ci`` in ``web/`` if needed (both
as ``scripts/web_bundle.py`` does, sharing its cache in ``build/web/``), then runs
``scripts/pyodide_tests.mjs``, which starts Pyodide in Node, installs the wheels and runs pytest
on this checkout's tests.

Pyodide starts no processes, so pytest-xdist cannot spread the tests over the cores: ``--jobs``
processes (two by default) share the test files instead, each file run by one of them
(``scripts/pyodide_sharing.py``). Each one's output is printed when it is done, then a line
with the counts of all, as ``pyodide: N passed, N failed, N skipped``.

The tests that need numpy, PettingZoo, Gymnasium, OpenSpiel, Ray, matplotlib or tqdm skip
there, as on an install without the extras; those that start processes or need what Pyodide
lacks skip with the reason. The Hypothesis profile is ``ci`` unless ``HYPOTHESIS_PROFILE`` says
otherwise.

Usage::

    python scripts/pyodide_tests.py                      # every test
    python scripts/pyodide_tests.py --jobs 1 -- -q tests/test_cards.py -k joker

Arguments after ``--`` go to pytest (in place of ``tests``); the exit status is pytest's.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import web_bundle

__all__ = ["NODE_MAJOR", "RUNNER", "TEST_REQUIREMENTS", "main", "node_command", "run_shared"]

RUNNER = web_bundle.REPO / "scripts" / "pyodide_tests.mjs"
TEST_REQUIREMENTS = web_bundle.WEB / "requirements-tests.txt"
#: The oldest Node.js that Pyodide runs on.
NODE_MAJOR = 18
#: Always given to pytest: no cache written into the checkout, and the tests in this one
#: process (pytest-xdist is installed only so that pyproject.toml's "-n auto" is understood).
_PYTEST_FIXED = ("-p", "no:cacheprovider", "-n", "0")
#: A count of pytest's closing line, such as "3 passed" or "1 error".
_COUNT = re.compile(r"(\d+) (passed|failed|skipped|xfailed|xpassed|errors?)\b")
#: A line of the summary of skips ("-ra"): how many, where and why.
_SKIPPED = re.compile(r"^SKIPPED \[(\d+)\] (.*)$", re.MULTILINE)


def node_command() -> str:
    """The ``node`` to run, checked to be recent enough; :class:`web_bundle.BundleError` if
    there is none or it is too old."""
    node = shutil.which("node")
    if node is None:
        raise web_bundle.BundleError(
            f"node was not found: the tests under Pyodide run in Node.js {NODE_MAJOR} or newer "
            "(on Debian or Ubuntu: apt-get install nodejs npm)."
        )
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    found = re.match(r"v(\d+)\.", version)
    if found is None or int(found[1]) < NODE_MAJOR:
        raise web_bundle.BundleError(
            f"node {version or '(no version)'} is too old: the tests under Pyodide need Node.js "
            f"{NODE_MAJOR} or newer."
        )
    return node


def _summary(log: str) -> Counter[str] | None:
    """The counts of pytest's closing line in ``log`` (passed, failed, skipped, ...), or None
    if it has none (the process did not get to the end)."""
    for line in reversed(log.splitlines()):
        found = _COUNT.findall(line)
        if found and " in " in line:
            return Counter(
                {("errors" if kind.startswith("error") else kind): int(n) for n, kind in found}
            )
    return None


def _skipped(logs: Sequence[str]) -> int | None:
    """The tests skipped in all the processes, from their summaries of skips (None if there
    are none). Every process collects every file, so a module skipped as a whole (its optional
    package missing) is reported by each: the same line in several logs counts once, since the
    tests of a file run in one process only."""
    lines = {line for log in logs for line in _SKIPPED.findall(log)}
    return sum(int(count) for count, _ in lines) if lines else None


def run_shared(command: list[str], pytest_args: list[str], jobs: int, env: dict[str, str]) -> int:
    """Run ``jobs`` processes of the tests sharing the test files, each file in one of them
    (``scripts/pyodide_sharing.py``); print each one's output once it is done, then the counts
    of all. The exit status is 0 if every process's is, or else the first other one."""
    with tempfile.TemporaryDirectory(prefix="pyodide-tests-") as temporary:
        claims = Path(temporary, "claims")
        claims.mkdir()
        logs = [Path(temporary, f"job-{job}.log") for job in range(jobs)]
        running = []
        for job, log in enumerate(logs):
            order = ["--reverse"] if job % 2 else []
            with log.open("wb") as out:
                running.append(
                    subprocess.Popen(
                        [*command, "--share", str(claims), *order, "--", *pytest_args],
                        cwd=web_bundle.REPO,
                        env=env,
                        stdout=out,
                        stderr=subprocess.STDOUT,
                    )
                )
        statuses = [process.wait() for process in running]
        texts = [log.read_text(encoding="utf-8", errors="replace") for log in logs]
    total: Counter[str] = Counter()
    for job, (text, status) in enumerate(zip(texts, statuses, strict=True)):
        print(f"--- process {job + 1} of {jobs} (exit status {status}) ---\n{text}", flush=True)
        counts = _summary(text)
        if counts is None:
            total["errors"] += 1
        else:
            total.update(counts)
    failed = total["failed"] + total["errors"]
    skipped = _skipped(texts)
    skipped = total["skipped"] if skipped is None else skipped
    print(f"pyodide: {total['passed']} passed, {failed} failed, {skipped} skipped")
    # A process ended by a signal has a negative status: the first that is not 0 is told.
    return next((status for status in statuses if status != 0), 0)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tests under Pyodide; the exit status is pytest's (1 if they could not start)."""
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        usage="%(prog)s [--jobs N] [-- pytest arguments]",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="processes to share the test files among (default: 2, or 1 on one core)",
    )
    parser.add_argument("pytest_args", nargs="*", help="arguments for pytest (after --)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs is a whole number of 1 or more, not {args.jobs}")
    try:
        node = node_command()
        runtime = web_bundle.pyodide_runtime()
        requirements = [web_bundle.BROWSER_REQUIREMENTS, TEST_REQUIREMENTS]
        wheels = [*web_bundle.fetch_wheels(requirements, runtime), web_bundle.rummy500_wheel()]
    except web_bundle.BundleError as error:
        print(f"pyodide_tests: {error}", file=sys.stderr)
        return 1
    command = [node, str(RUNNER)]
    for wheel in wheels:
        command += ["--wheel", str(wheel)]
    pytest_args = [*_PYTEST_FIXED, *(args.pytest_args or ["tests"])]
    env = {**os.environ, "HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE") or "ci"}
    print(
        f"pytest under Pyodide {runtime.version} (Python {runtime.python}) in Node, "
        f"Hypothesis profile {env['HYPOTHESIS_PROFILE']}, {args.jobs} process(es)",
        flush=True,
    )
    started = time.perf_counter()
    if args.jobs == 1:
        status = subprocess.run(
            [*command, "--", *pytest_args], cwd=web_bundle.REPO, env=env
        ).returncode
    else:
        status = run_shared(command, pytest_args, args.jobs, env)
    print(f"pytest under Pyodide took {time.perf_counter() - started:.0f} s", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
