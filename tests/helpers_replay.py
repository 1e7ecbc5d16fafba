"""What the tests of the replay page share: a seeded game played by ``rummy500 play --save``,
and the page read back as the browser reads it (its data, its pictures unpacked, its moves and
its score sheet)."""

from __future__ import annotations

import base64
import contextlib
import gzip
import io
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

from rummy500 import Deal, Draw, GameRecord, Phase, State, Take
from rummy500.cli import main
from rummy500.render import move_words

#: The game the tests replay: ``rummy500 play`` with these options (a short game, to 200).
PLAY_ARGS = ["play", "--seed", "5", "--target", "200", "--bots", "greedy,random"]


class Played(NamedTuple):
    """A game played at the command line: its saved file, what the command printed, and the
    record read back."""

    path: Path
    out: str
    record: GameRecord


class _Terminal(io.StringIO):
    """Output that writes Unicode, as a terminal does (``rummy500 play`` writes cards in ASCII
    to a stream that cannot take the suits)."""

    encoding = "utf-8"


def run(*argv: str) -> tuple[int, str]:
    """Run the ``rummy500`` command; its exit status and what it printed on stdout."""
    out = _Terminal()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


def positions(record: GameRecord) -> list[State]:
    """Every position of the recorded game, from the start, applying its moves one by one."""
    states = [record.start()]
    for move in record.moves:
        states.append(states[-1].apply(move))
    return states


def data(page: str) -> dict[str, Any]:
    """The page's data: the JSON of its ``replay-data`` script."""
    found = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page)
    assert found is not None
    parsed: dict[str, Any] = json.loads(found.group(1))
    return parsed


def unpack(page: str) -> list[list[str]]:
    """The pictures of the page, by vantage (from above, then each seat) and position, unpacked
    as its script does: base64, then gzip, then each picture's pieces joined."""
    packed = json.loads(gzip.decompress(base64.b64decode(data(page)["pictures"])))
    pieces = packed["pieces"]
    return [["".join(pieces[i] for i in lst) for lst in line] for line in packed["pictures"]]


def words(before: State, after: State, names: list[str], *, card: bool = True) -> str:
    """A move in words as the page words it: as ``rummy500 play`` prints it, a draw naming its
    card with ``card`` (from above, and to its player), a deal as the heading of its hand."""
    move = after.last_move
    assert move is not None
    if isinstance(move, Deal):
        return f"Hand {after.hand_number + 1}: {names[after.dealer]} deals"
    player = before.current_player
    drawn = None
    if isinstance(move, Draw) and card:
        (drawn,) = Counter(after.hands[player]) - Counter(before.hands[player])
    out = after.phase >= Phase.HAND_OVER and after.went_out == player
    return f"{names[player]} {move_words(move, drawn=drawn)}{' and goes out' if out else ''}"


def mark(states: list[State], number: int) -> int | None:
    """The take the page marks in position ``number``: the next move's, from the pile."""
    after = states[number + 1].last_move if number + 1 < len(states) else None
    return len(after.taken) if isinstance(after, Take) else None


class Item(NamedTuple):
    """One item of the page's list of moves: its kinds, position, seat and texts (each with
    whether it is hidden)."""

    kind: str
    position: int
    seat: int | None
    texts: list[tuple[str, bool]]
    body: str


_ITEM = re.compile(r'<li class="([^"]+)" data-pos="(\d+)"(?: data-seat="(\d+)")?>(.*?)</li>')
_TEXT = re.compile(r'<span class="text[^"]*"( hidden)?>([^<]*)</span>')


def items(page: str) -> list[Item]:
    """The items of the list of moves, in order."""
    found = re.search(r'<ol id="moves">(.*?)</ol>', page, re.S)
    assert found is not None
    return [
        Item(
            kind,
            int(position),
            int(seat) if seat else None,
            [(text, bool(hidden)) for hidden, text in _TEXT.findall(body)],
            body,
        )
        for kind, position, seat, body in _ITEM.findall(found.group(1))
    ]


def sheet(page: str) -> list[tuple[int, int, list[int]]]:
    """The rows of the score sheet: the position its hand ended at, the hand's number, and
    each side's score and running total in turn."""
    found = re.search(r'<table class="sheet">.*?<tbody>(.*?)</tbody>', page, re.S)
    assert found is not None
    rows = re.findall(r'<tr data-pos="(\d+)"><th scope="row">(\d+)</th>(.*?)</tr>', found.group(1))
    return [
        (int(end), int(hand), [int(n) for n in re.findall(r'<td class="num">(-?\d+)', cells)])
        for end, hand, cells in rows
    ]
