"""What the scripts that write documentation pages share: checking a page and rewriting it.

Each script that writes part of a page has an ``update(text) -> text`` that rewrites its part
(between its markers) from the code; :func:`check` and :func:`main` do the rest the same way for
all. The scripts that write a whole page from a data file of measurements keep that file with
:func:`write_data` and check the page with :func:`check_page`.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["check", "check_page", "machine", "main", "write_data"]


def machine() -> str:
    """The processor the timings were taken on, as the system names it (the pages that
    show timings name it)."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def check(path: Path, update: Callable[[str], str], script: str) -> str | None:
    """``None`` when the generated part of ``path`` is up to date, else what to do."""
    try:
        text = path.read_text(encoding="utf-8")
        fresh = update(text)
    except (OSError, ValueError) as error:
        return f"{path}: {error}"
    if fresh != text:
        return f"{path} is out of date: run `python scripts/{script}` to rewrite it"
    return None


def main(
    argv: Sequence[str] | None,
    *,
    doc: Path,
    update: Callable[[str], str],
    script: str,
    description: str | None,
) -> int:
    """Rewrite the page, or with ``--check`` report whether it is stale (exit status 1)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    parser.add_argument("--path", type=Path, default=doc, help=f"the page (docs/{doc.name})")
    args = parser.parse_args(argv)
    if args.check:
        problem = check(args.path, update, script)
        if problem is not None:
            print(problem, file=sys.stderr)
            return 1
        print(f"{args.path} is up to date")
        return 0
    text = args.path.read_text(encoding="utf-8")
    fresh = update(text)
    if fresh != text:
        args.path.write_text(fresh, encoding="utf-8")
        print(f"wrote {args.path}")
    else:
        print(f"{args.path} already up to date")
    return 0


def write_data(path: Path, data: Mapping[str, Any], results: str, keys: Iterable[str]) -> None:
    """Write ``data`` as JSON: its parameters one a line (sorted), then ``data[results]`` one
    entry a line in the order of ``keys``, so that the same measurements always give the same
    file and a new run shows as a readable diff."""
    entries = data[results]
    lines = [
        "{",
        *(f"  {json.dumps(k)}: {json.dumps(data[k])}," for k in sorted(data) if k != results),
        f"  {json.dumps(results)}: {{",
        ",\n".join(
            f"    {json.dumps(key)}: {json.dumps(entries[key], sort_keys=True)}" for key in keys
        ),
        "  }",
        "}",
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def check_page(page: Path, wanted: str, data: Path, command: str) -> int:
    """0 when ``page`` holds ``wanted`` (what ``data`` gives), else 1 after saying which
    ``command`` rewrites it."""
    if page.read_text(encoding="utf-8") != wanted:
        print(f"{page.name} is not what {data.name} gives: run {command}", file=sys.stderr)
        return 1
    print(f"{page.name} is what {data.name} gives")
    return 0
