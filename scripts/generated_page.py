"""What the scripts that write part of a documentation page share: checking the page and
rewriting it.

Each script has an ``update(text) -> text`` that rewrites its part of the page (between its
markers) from the code; :func:`check` and :func:`main` do the rest the same way for all.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = ["check", "main"]


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
