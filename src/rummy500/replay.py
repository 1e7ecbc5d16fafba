"""A saved game replayed in one web page: the table at every move, seen from above or from any
seat, the list of moves and the score sheet, in a single self-contained HTML file.

    >>> from rummy500 import GameRecord, dumps, new_game, replay
    >>> from rummy500.bots import make_bot, play_game
    >>> bots = [make_bot("greedy", 1), make_bot("random", 2)]
    >>> game = play_game(new_game(players=2, seed=1), bots, max_moves=30)
    >>> saved = dumps(GameRecord.from_state(game))  # as `rummy500 play --save`
    >>> page = replay.replay_html(replay.read_game(saved), seat=0)
    >>> page.startswith("<!DOCTYPE html>") and "http://" not in page
    True

The page needs nothing from outside: no network, no font, no script or picture of another file.
Every picture is drawn here, by :func:`rummy500.pictures.svg`, for every position and every seat;
the page holds them packed (each piece of SVG text once, each picture as the list of its pieces,
the whole compressed with gzip and written in base64) and unpacks them with the browser's own
``DecompressionStream``, so a whole game of 500 points takes a few hundred kilobytes.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from collections import Counter
from collections.abc import Sequence
from importlib import resources
from itertools import pairwise
from typing import TYPE_CHECKING, Final, NamedTuple

import rummy500
from rummy500 import Deal, Draw, Phase, SerializationError, State, StateError, Take
from rummy500.core.errors import describe_value
from rummy500.pictures import scene_of, svg
from rummy500.render import (
    dealer_draw_lines,
    game_result_line,
    hand_result_lines,
    hand_text,
    move_words,
    side_names,
)
from rummy500.toolkit import EVENT_CLASSES, score_breakdown

if TYPE_CHECKING:
    # Saving is loaded on its first use (rummy500.GameRecord, rummy500.loads): the command line
    # imports this module, and need not load saving for the other commands.
    from rummy500 import GameRecord

__all__ = ["read_game", "replay_html"]

#: The page around the data: its markup, style and script, with a ``{{name}}`` for each part
#: filled in here.
_TEMPLATE: Final = "replay_template.html"

#: A piece of SVG text: a tag, or the text between two tags. Every character of a picture is
#: in exactly one piece, so joining a picture's pieces gives it back whole.
_PIECE: Final = re.compile(r"<[^>]*>?|[^<]+")

#: The longest caption a picture takes (``pictures.svg`` refuses a longer one).
_CAPTION: Final = 200

_RESHUFFLED: Final = EVENT_CLASSES["reshuffle"]


def read_game(text: str | bytes) -> GameRecord:
    """The game saved in ``text``: a game record document, as ``rummy500 play --save`` and
    ``rummy500.dumps(GameRecord.from_state(state))`` write it.

    Raises :class:`~rummy500.SerializationError` for anything else, saying what is wrong: text
    that is not JSON, JSON that is not a game record, and a saved state, which holds one
    position and not the moves that led to it.
    """
    try:
        return rummy500.loads(text, rummy500.GameRecord)
    except SerializationError as error:
        try:
            rummy500.loads(text, State)
        except SerializationError:
            raise error from None
        raise SerializationError(
            "this is a saved state: one position, without the moves that led to it; a replay "
            "needs a game record (rummy500 play --save FILE writes one, as does "
            "rummy500.dumps(rummy500.GameRecord.from_state(state)))"
        ) from None


class _Move(NamedTuple):
    """One move of the list: who played it and what it did, in words."""

    player: int
    #: The move in words as everyone saw it, and as its player saw it (a draw names its card).
    seen: str
    told: str
    #: A heading, for a deal; notes on what play did by itself (the pile turned over).
    heading: str
    notes: tuple[str, ...]


def _positions(record: GameRecord) -> tuple[list[State], State]:
    """Every position of the game, from its start to its last move (one more than the moves),
    and the final state: the last position, or the game ended early there."""
    final = state = record.replay()
    if final.ending is not None and final.parent is not None:
        state = final.parent  # an early end is no move: the line stops at the last one
    line = [state]
    while state.parent is not None and state.last_move is not None:
        state = state.parent
        line.append(state)
    line.reverse()
    return line, final


def _move(before: State, after: State, names: Sequence[str]) -> _Move:
    """The move from ``before`` to ``after`` in words, as ``rummy500 play`` prints it."""
    move = after.last_move
    assert move is not None
    if isinstance(move, Deal):
        heading = f"Hand {after.hand_number + 1}: {names[after.dealer]} deals"
        return _Move(after.dealer, heading, heading, heading, ())
    player = before.current_player
    seen = move_words(move)
    told = seen
    if isinstance(move, Draw):
        drawn = Counter(after.hands[player]) - Counter(before.hands[player])
        told = move_words(move, drawn=next(iter(drawn)))
    out = after.phase >= Phase.HAND_OVER and after.went_out == player
    tail = " and goes out" if out else ""
    same_hand = after.hand_number == before.hand_number
    events = after.log[len(before.log) :] if same_hand else after.log
    turned = "The stock ran out: the discard pile is turned over as the new stock."
    notes = tuple(turned for event in events if isinstance(event, _RESHUFFLED))
    name = names[player]
    return _Move(player, f"{name} {seen}{tail}", f"{name} {told}{tail}", "", notes)


def _caption(moves: Sequence[_Move], number: int, vantage: int | None) -> str:
    """The caption of the picture after move ``number``, seen from ``vantage``."""
    if number == 0:
        return "The start of the game."
    move = moves[number - 1]
    text = move.told if vantage is None or vantage == move.player else move.seen
    caption = f"Move {number}: {text}."
    return caption if len(caption) <= _CAPTION else caption[: _CAPTION - 1] + "…"


def _mark(positions: Sequence[State], number: int) -> int | None:
    """The take to mark in position ``number``: the next move's, if it takes from the pile."""
    if number + 1 < len(positions):
        move = positions[number + 1].last_move
        if isinstance(move, Take):
            return len(move.taken)
    return None


def _pack(drawn: Sequence[Sequence[str]]) -> str:
    """The pictures, by vantage then position, packed as the page unpacks them: the JSON
    object ``{"pieces": [...], "pictures": [[[piece, ...], ...], ...]}``, gzipped, in base64.

    Most of one picture is in the next (the same cards in the same places), and most of a
    seat's picture is in the picture from above: each piece is kept once."""
    index: dict[str, int] = {}
    lists = [
        [[index.setdefault(piece, len(index)) for piece in _PIECE.findall(text)] for text in line]
        for line in drawn
    ]
    data = json.dumps({"pieces": list(index), "pictures": lists}, separators=(",", ":"))
    return base64.b64encode(gzip.compress(data.encode("utf-8"), 9, mtime=0)).decode("ascii")


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _move_item(number: int, move: _Move, result: str, vantage: int | None) -> str:
    """The list item of move ``number``, with both wordings of a draw (the page shows the one
    the chosen seat saw) and the result of the hand it ended, if it did."""
    if move.heading:
        text = f'<span class="text">{_e(move.heading)}</span>'
        kind = "move deal"
    elif move.seen == move.told:
        text = f'<span class="text">{_e(move.seen)}</span>'
        kind = "move"
    else:
        sees = vantage is None or vantage == move.player
        text = (
            f'<span class="text told"{"" if sees else " hidden"}>{_e(move.told)}</span>'
            f'<span class="text seen"{" hidden" if sees else ""}>{_e(move.seen)}</span>'
        )
        kind = "move draw"
    notes = "".join(f'<span class="note">{_e(note)}</span>' for note in move.notes)
    return (
        f'<li class="{kind}" data-pos="{number}" data-seat="{move.player}">'
        f'<span class="n">{number}</span>{text}{notes}{result}</li>'
    )


def _hand_result(state: State, names: Sequence[str]) -> str:
    """How the hand that ended in ``state`` scored, player by player (as the lines of
    ``render.hand_result_lines``), and how the game ended if it did."""
    parts = score_breakdown(
        state.config,
        state.hands,
        state.table,
        went_out=state.went_out,
        stock_ran_out=state.went_out is None,
    )
    bonus = any(part.bonus for part in parts)
    rows = []
    for p, (hand, part) in enumerate(zip(state.hands, parts, strict=True)):
        held = hand_text(hand) if hand else "none"
        in_hand = -part.hand if part.subtracted and part.hand else 0
        extra = f'<td class="num">{part.bonus}</td>' if bonus else ""
        rows.append(
            f'<tr><th scope="row">{_e(names[p])}</th><td class="num">{part.table}</td>'
            f'<td class="num">{in_hand}</td>{extra}<td class="num">{part.score}</td>'
            f'<td class="held">{_e(held)}</td></tr>'
        )
    columns = ["table", "hand", *(["bonus"] if bonus else []), "score", "cards left"]
    if state.config.team_size > 1:
        gap = "<td></td>" * (len(columns) - 2)
        for name, score in zip(side_names(state, names), state.history[-1], strict=True):
            rows.append(
                f'<tr><th scope="row">team {_e(name)}</th>{gap}<td class="num">{score}</td>'
                "<td></td></tr>"
            )
    head = "".join(f'<th scope="col">{column}</th>' for column in columns)
    head = f"<thead><tr><td></td>{head}</tr></thead>"
    title = hand_result_lines(state, names)[0]
    ending = ""
    if state.is_terminal():
        ending = f'<p class="game-over">{_e(game_result_line(state, names))}</p>'
    return (
        f'<div class="result"><table><caption>{_e(title)}</caption>{head}'
        f"<tbody>{''.join(rows)}</tbody></table>{ending}</div>"
    )


def _score_sheet(final: State, ends: Sequence[int], names: Sequence[str]) -> str:
    """The score sheet: a row per hand with each side's score and running total; a row knows
    the position its hand ended at, so that the page can dim the hands still to come."""
    sides = side_names(final, names)
    config = final.config
    members = [
        [p for p in range(final.players) if config.side_of(p, final.players) == side]
        for side in range(len(sides))
    ]
    head = "".join(f'<th scope="col" colspan="2">{_e(side)}</th>' for side in sides)
    sub = "<th>hand</th><th>total</th>" * len(sides)
    running = list(final.start_totals)
    first = len(final.history) - len(final.player_history)
    rows = []
    for number, (row, end) in enumerate(zip(final.history, ends, strict=False)):
        cells = []
        for side, score in enumerate(row):
            running[side] += score
            split = ""
            if len(members[side]) > 1 and number >= first:
                each = final.player_history[number - first]
                split = "".join(
                    f'<span class="split">{_e(names[p])} {each[p]}</span>' for p in members[side]
                )
            cells.append(f'<td class="num">{score}{split}</td><td class="num">{running[side]}</td>')
        label = final.history_start + number + 1
        rows.append(f'<tr data-pos="{end}"><th scope="row">{label}</th>{"".join(cells)}</tr>')
    body = "".join(rows) or f'<tr><td colspan="{1 + 2 * len(sides)}">No hand has ended.</td></tr>'
    return (
        '<table class="sheet"><caption>Score sheet</caption>'
        f'<thead><tr><th scope="col" rowspan="2">Hand</th>{head}</tr><tr>{sub}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


#: Where the template takes a part: ``{{name}}``.
_SLOT: Final = re.compile(r"\{\{(\w+)\}\}")


def _fill(template: str, parts: dict[str, str]) -> str:
    """``template`` with each ``{{name}}`` replaced by its part, in one pass (so that a part,
    which may hold the players' names, is never read for slots itself)."""
    assert sorted(_SLOT.findall(template)) == sorted(parts)
    return _SLOT.sub(lambda slot: parts[slot.group(1)], template)


def replay_html(
    game: GameRecord | State,
    *,
    seat: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """The web page that replays ``game``, as the text of one self-contained HTML file.

    The page shows the table at every position (each drawn by :func:`rummy500.pictures.svg`,
    captioned with the move just played, the next take from the pile marked), with buttons,
    a slider and the keys (left and right arrows, Home and End) to step through the game; the
    list of moves, as ``rummy500 play`` words them, with how each hand scored; the score sheet;
    and a choice of the seat to watch from: from above (every hand face up) or from a player's
    seat (the other hands face down, and the cards they draw unnamed).

    :param game: a :class:`~rummy500.GameRecord`, or a :class:`~rummy500.State` whose line of
        play starts from :func:`~rummy500.new_game` (its record is
        ``GameRecord.from_state(state)``).
    :param seat: the seat the page shows the table from at first (``None``: from above).
    :param names: a name for each player (``None``: ``P0``, ``P1``...).
    :raises StateError: for something other than a record or such a state, or a seat that is
        not a player of the game.
    :raises IllegalMoveError: for a record with a move that is illegal where it is played.
    :raises ConfigError: for names that are not a short name for each player.
    """
    if isinstance(game, State):
        record = rummy500.GameRecord.from_state(game)
    elif isinstance(game, rummy500.GameRecord):
        record = game
    else:
        raise StateError(f"replay_html replays a GameRecord or a State, not {describe_value(game)}")
    positions, final = _positions(record)
    start = positions[0]
    # The seat and the names are checked, and refused, as the pictures check them.
    scene_of(start, seat=seat, names=names)
    shown = list(names) if names is not None else [f"P{p}" for p in range(record.players)]
    moves = [_move(a, b, shown) for a, b in pairwise(positions)]
    vantages: list[int | None] = [None, *range(record.players)]
    drawn = [
        [
            svg(
                state,
                seat=vantage,
                mark_depth=_mark(positions, number),
                names=shown,
                caption=_caption(moves, number, vantage),
            )
            # The last picture shows the game's end, an early one too.
            for number, state in enumerate([*positions[:-1], final])
        ]
        for vantage in vantages
    ]
    ends = [
        number
        for number, (a, b) in enumerate(pairwise(positions), 1)
        if a.phase < Phase.HAND_OVER <= b.phase
    ]
    items = [
        '<li class="start" data-pos="0"><span class="n">0</span><span class="text">'
        f"Hand 1: {_e(shown[start.dealer])} deals</span>"
        + "".join(
            f'<span class="note">{_e(line)}</span>' for line in dealer_draw_lines(start, shown)
        )
        + "</li>"
    ]
    for number, move in enumerate(moves, 1):
        ended = number in ends
        result = _hand_result(positions[number], shown) if ended else ""
        items.append(_move_item(number, move, result, seat))
    options = "".join(
        f'<option value="{v}"{" selected" if vantage == seat else ""}>'
        f"{'From above' if vantage is None else _e(shown[vantage]) + '’s seat'}</option>"
        for v, vantage in enumerate(vantages)
    )
    length = (
        f"playing to {record.config.target} points"
        if record.config.target is not None
        else f"playing {record.config.hands_per_game} hands"
    )
    summary = (
        f"{record.players} players, {length}, seed {record.seed}: {len(moves)} moves, "
        f"{len(ends)} {'hand' if len(ends) == 1 else 'hands'} played."
    )
    if final.is_terminal():
        outcome = game_result_line(final, shown)
    else:
        outcome = "The record stops here, before the end of the game."
    title = f"Rummy 500 replay: {', '.join(shown)}, seed {record.seed}"
    data = {"last": len(moves), "vantage": vantages.index(seat), "pictures": _pack(drawn)}
    template = resources.files("rummy500").joinpath(_TEMPLATE).read_text(encoding="utf-8")
    return _fill(
        template,
        {
            "title": _e(title),
            "heading": _e(title),
            "summary": _e(summary),
            "outcome": _e(outcome),
            "options": options,
            "last": str(len(moves)),
            "moves": "".join(items),
            "sheet": _score_sheet(final, ends, shown),
            # "<" written as its JSON escape: no text in the data can close the script element.
            "data": json.dumps(data, separators=(",", ":")).replace("<", "\\u003c"),
        },
    )
