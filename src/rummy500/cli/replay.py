"""``rummy500 replay``: a saved game read from its file and written as the web page that replays
it (:func:`rummy500.replay.replay_html`), and the line that says why it could not be."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rummy500.cli.arguments import seat_problem
from rummy500.core.errors import Rummy500Error
from rummy500.replay import read_game, replay_html


def _failed(message: str) -> int:
    """Say why the page was not written, in a line on stderr; the exit status."""
    print(f"rummy500 replay: {message}", file=sys.stderr)
    return 2


def replay_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Write the page that replays the game ``args`` name (``parser`` reports a bad option);
    the exit status."""
    game = Path(args.game)
    output = Path(args.output) if args.output is not None else game.with_suffix(".html")
    try:
        text = game.read_bytes()
    except OSError as exc:
        return _failed(f"cannot read {game}: {exc.strerror or exc}")
    try:
        record = read_game(text)
    except Rummy500Error as exc:
        return _failed(f"{game}: {exc}")
    seat: int | None = args.seat
    if seat is not None and not 0 <= seat < record.players:
        parser.error(seat_problem(seat, record.players))
    if output.resolve() == game.resolve():
        return _failed(
            f"the page would overwrite the game's own file, {game}: name another with -o"
        )
    try:
        page = replay_html(record, seat=seat)
    except Rummy500Error as exc:
        return _failed(f"{game}: {exc}")
    try:
        output.write_text(page, encoding="utf-8")
    except OSError as exc:
        return _failed(f"cannot write {output}: {exc.strerror or exc}")
    size = len(page.encode("utf-8"))
    print(f"Wrote {output}: {len(record.moves)} moves, {size / 1e6:.1f} MB.")
    return 0
