"""Write the example replay of the documentation: docs/replays/example.json, a game the built-in
bots played, saved as ``rummy500 play --seed 1 --save`` saves it, and docs/replays/example.html,
the page ``rummy500 replay`` writes for it.

The game is played again only when asked (``--play``): the page is written from the saved game,
so a change to the bots leaves the example as it is, and a change to the page or the pictures
shows in ``--check``. The check compares the pictures the page holds once unpacked, so that
another build of zlib, which may pack the same pictures into other bytes, does not fail it.

Usage::

    python scripts/gen_replay.py           # rewrite the page from the saved game
    python scripts/gen_replay.py --play    # play the game again, then rewrite the page
    python scripts/gen_replay.py --check   # exit 1 if the page is not the saved game's
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import gzip
import io
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

ROOT = Path(__file__).resolve().parent.parent
# Write with the code of this checkout, even where another copy of the package is installed.
sys.path.insert(0, str(ROOT / "src"))

from rummy500 import replay  # noqa: E402
from rummy500.cli import main as command  # noqa: E402

__all__ = ["GAME", "PAGE", "main", "page", "stale", "unpacked"]

GAME: Final = ROOT / "docs" / "replays" / "example.json"
PAGE: Final = ROOT / "docs" / "replays" / "example.html"

#: The command that played the example.
PLAY: Final = ["play", "--seed", "1", "--quiet"]

#: The packed pictures in a page: base64 in the JSON of its data.
_PICTURES: Final = re.compile(r'"pictures":"([A-Za-z0-9+/=]*)"')


def play() -> None:
    """Play the example game again and save it in :data:`GAME`."""
    with contextlib.redirect_stdout(io.StringIO()):
        code = command([*PLAY, "--save", str(GAME)])
    if code != 0:
        raise SystemExit(f"rummy500 {' '.join(PLAY)} failed with exit status {code}")


def page() -> str:
    """The page of the saved game, as ``rummy500 replay`` writes it."""
    return replay.replay_html(replay.read_game(GAME.read_bytes()))


def unpacked(text: str) -> tuple[str, bytes]:
    """A page with its packed pictures taken out, and the pictures unpacked."""
    found = _PICTURES.search(text)
    if found is None:
        raise ValueError("the page holds no pictures")
    pictures = gzip.decompress(base64.b64decode(found.group(1)))
    return text[: found.start(1)] + text[found.end(1) :], pictures


def stale() -> str | None:
    """``None`` when the example page is the saved game's, else what is wrong."""
    try:
        written = unpacked(PAGE.read_text(encoding="utf-8"))
        fresh = unpacked(page())
    except (OSError, ValueError) as error:
        return f"{PAGE}: {error}"
    if written != fresh:
        return f"{PAGE} is out of date: run `python scripts/gen_replay.py` to rewrite it"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite the example page (playing the game again with ``--play``), or with ``--check``
    report whether it is stale (exit status 1)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    parser.add_argument("--play", action="store_true", help="play the example game again first")
    args = parser.parse_args(argv)
    if args.check:
        problem = stale()
        if problem is not None:
            print(problem, file=sys.stderr)
            return 1
        print(f"{PAGE} is up to date")
        return 0
    if args.play:
        PAGE.parent.mkdir(parents=True, exist_ok=True)
        play()
        print(f"wrote {GAME}")
    text = page()
    if not PAGE.exists() or unpacked(PAGE.read_text(encoding="utf-8")) != unpacked(text):
        PAGE.write_text(text, encoding="utf-8")
        print(f"wrote {PAGE} ({len(text.encode('utf-8')) / 1e6:.2f} MB)")
    else:
        print(f"{PAGE} already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
