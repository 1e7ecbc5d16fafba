"""Whole pictures, each a standalone SVG document: a :class:`~rummy500.drawing.scene.Scene`
(the whole table), and one card, a hand, the discard pile or the table melds on their own.

Every document has a ``<title>`` and a ``<desc>`` (what it shows, in words), a ``viewBox`` so
that it scales to any width, and nothing it needs from outside: no font file, no image, no
script. The table is laid out top to bottom: the heading (the hand, whose turn it is, the
scores), the other players' hands, the stock and the discard pile, the table melds with the
key to their owners' colours, and last the hand of the player whose seat it is seen from (seen
from above, every hand in seat order, then the table).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from rummy500.core.cards import Card
from rummy500.core.phases import Phase
from rummy500.drawing.cardfaces import (
    BACK_STEP,
    CARD_H,
    CARD_W,
    FONT,
    STEP,
    card_back,
    card_face,
    card_label,
    defs,
    esc,
)
from rummy500.drawing.rows import (
    INK,
    MARK,
    MELD_GAP,
    SOFT_INK,
    Block,
    backs_row,
    cards_row,
    legend,
    meld_width,
    melds_flow,
    pile_row,
    text,
    text_width,
)
from rummy500.drawing.scene import (
    MeldScene,
    Scene,
    SeatScene,
    describe,
    mark_words,
    meld_words,
    notes,
    status,
    title,
)

__all__ = ["draw", "draw_card", "draw_hand", "draw_melds", "draw_pile"]

#: The felt of the table, a seat's row, and the row of the player to move.
_FELT: Final = "#1d6b43"
_SEAT_ROW: Final = "#185a38"
_MOVER_ROW: Final = "#2a7f52"
#: The margin round a picture, the column of names and labels, and the widths a picture keeps
#: within (wide enough for a heading, narrow enough to read on a phone when scaled down).
_MARGIN: Final = 14
_LABELS: Final = 132
_MIN_WIDTH: Final = 480
_MAX_WIDTH: Final = 1000
_PAD: Final = 10


def _document(width: int, height: int, name: str, words: str, body: str) -> str:
    """A standalone SVG document of ``width`` by ``height`` units, named ``name`` and described
    by ``words``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" font-family="{FONT}">'
        f"<title>{esc(name)}</title><desc>{esc(words)}</desc>{defs()}"
        f'<rect width="{width}" height="{height}" rx="10" fill="{_FELT}"/>{body}</svg>'
    )


def _pill(x: int, y: int, words: str, *, fill: str, ink: str) -> Block:
    """A small label with a coloured ground (``dealer``, ``to move``)."""
    wide = text_width(words, 11) + 10
    ground = f'<rect x="{x}" y="{y}" width="{wide}" height="17" rx="8.5" fill="{fill}"/>'
    return Block(ground + text(x + 5, y + 12, words, size=11, fill=ink, bold=True), wide, 17)


#: The label the player to move wears in each phase of a hand.
_MOVING: Final = {Phase.DRAW: "to draw", Phase.PLAY: "to play", Phase.CALL: "may call"}
_DARK: Final = "#1b1b1b"


def _roles(scene: Scene, seat: SeatScene) -> list[tuple[str, str, str]]:
    """The labels a seat wears, each with its ground and ink."""
    p = seat.player
    won = scene.phase is Phase.GAME_OVER and seat.side == scene.winner
    roles = [
        ("you", INK, _SEAT_ROW, p == scene.viewer),
        (_MOVING.get(scene.phase, ""), MARK, _DARK, p == scene.mover),
        ("dealer", "#cfe3d6", _SEAT_ROW, p == scene.dealer),
        ("went out", "#a5d6a7", _DARK, p == scene.went_out),
        ("winner", MARK, _DARK, won),
    ]
    return [(words, fill, ink) for words, fill, ink, wears in roles if wears]


def _seat_row(scene: Scene, seat: SeatScene, y: int, width: int) -> Block:
    """One player's row: their name, count and labels on the left, their cards beside."""
    x = _MARGIN + _LABELS
    count = f"{seat.held} card" + ("" if seat.held == 1 else "s")
    if seat.cards is None:
        cards = backs_row(seat.held, x, y + _PAD, f"{seat.name}'s hand: {count}, face down")
    else:
        cards = cards_row(seat.cards, x, y + _PAD, width - x - _MARGIN)
    left = _MARGIN + 10
    labels = [
        text(left, y + 26, seat.name, size=16, bold=True),
        text(left, y + 45, count, size=13, fill=SOFT_INK),
    ]
    px, py = left, y + 52
    for words, fill, ink in _roles(scene, seat):
        pill = _pill(px, py, words, fill=fill, ink=ink)
        if px > left and px + pill.width > _MARGIN + _LABELS - 4:
            px, py = left, py + 21
            pill = _pill(px, py, words, fill=fill, ink=ink)
        labels.append(pill.svg)
        px += pill.width + 4
    height = max(cards.height + 2 * _PAD, py + 17 + _PAD - y)
    moving = seat.player == scene.mover
    back = (
        f'<rect x="{_MARGIN}" y="{y}" width="{width - 2 * _MARGIN}" height="{height}" rx="8" '
        f'fill="{_MOVER_ROW if moving else _SEAT_ROW}"/>'
    )
    if moving:
        back += f'<rect x="{_MARGIN}" y="{y}" width="5" height="{height}" rx="2" fill="{MARK}"/>'
    return Block(back + "".join(labels) + cards.svg, width, height)


class _Line(NamedTuple):
    """A line of the heading."""

    words: str
    size: int
    fill: str = INK
    bold: bool = False


def _heading(scene: Scene, y: int, width: int) -> Block:
    """The hand and whose turn it is, the hand's facts, what is owed, the scores, the
    caption."""
    names = [seat.name for seat in scene.seats]
    seen = "seen from above" if scene.viewer is None else f"seen by {names[scene.viewer]}"
    playing = scene.phase < Phase.HAND_OVER
    turn = f"turn {scene.turn + 1} · {scene.phase.name.lower()} phase · " if playing else ""
    room = width - 2 * _MARGIN
    lines = [
        _Line(f"Hand {scene.hand_number + 1} · {status(scene)}", 19, bold=True),
        _Line(f"dealt by {names[scene.dealer]} · {turn}{seen}", 13, SOFT_INK),
    ]
    lines.extend(_Line(note, 13, MARK, bold=True) for note in notes(scene))
    win = "" if scene.target is None else f" ({scene.target} to win)"
    scores = [f"{n} {t}" for n, t in zip(scene.side_names, scene.totals, strict=True)]
    lines.extend(_wrapped(f"Scores{win}:", scores, " · ", _Line("", 14, bold=True), room))
    if scene.hand_scores is not None:
        last = [f"{n} {s:+d}" for n, s in zip(scene.side_names, scene.hand_scores, strict=True)]
        lines.extend(_wrapped("This hand:", last, " · ", _Line("", 13, SOFT_INK), room))
    if scene.caption:
        head, *rest = scene.caption.split(" ")
        lines.extend(_wrapped(head, rest, " ", _Line("", 13), room))
    out = []
    cy = y
    for line in lines:
        cy += line.size + 7
        out.append(
            text(_MARGIN + 4, cy, line.words, size=line.size, fill=line.fill, bold=line.bold)
        )
    return Block("".join(out), width, cy - y + 8)


def _wrapped(head: str, parts: Sequence[str], sep: str, style: _Line, width: int) -> list[_Line]:
    """``head`` then ``parts`` joined by ``sep`` (after the head, by a space), in ``style``, on
    as many lines of ``width`` as they need."""
    lines: list[_Line] = []
    line = head
    for i, part in enumerate(parts):
        joined = f"{line}{sep if i else ' '}{part}"
        if text_width(joined, style.size) > width and line != head:
            lines.append(style._replace(words=line))
            line = part
        else:
            line = joined
    lines.append(style._replace(words=line))
    return lines


def _width(scene: Scene) -> int:
    """The picture's width: room for its longest row of cards and its heading, within
    :data:`_MIN_WIDTH` and :data:`_MAX_WIDTH`."""
    rows = [CARD_W + STEP * (len(scene.pile) - 1) if scene.pile else CARD_W]
    for seat in scene.seats:
        step = BACK_STEP if seat.cards is None else STEP
        rows.append(CARD_W + step * max(seat.held - 1, 0))
    names = [seat.name for seat in scene.seats]
    melds = [meld_width(meld, names) for meld in scene.melds]
    rows.append(sum(melds) + MELD_GAP * max(len(melds) - 1, 0))
    heading = text_width(f"Hand {scene.hand_number + 1} · {status(scene)}", 19)
    wide = max(2 * _MARGIN + _LABELS + max(rows) + _PAD, heading + 2 * _MARGIN + 8)
    return max(_MIN_WIDTH, min(_MAX_WIDTH, wide))


def _table_rows(scene: Scene, y: int, width: int) -> Block:
    """The stock and the discard pile, then the table melds with the key to their colours."""
    names = [seat.name for seat in scene.seats]
    top = y
    x = _MARGIN + _LABELS
    room = width - x - _MARGIN
    stock = card_back(
        _MARGIN + 10, y + 24, count=scene.stock_size, label=f"the stock: {scene.stock_size} cards"
    )
    out = [
        text(_MARGIN + 10, y + 16, "Stock", size=13, bold=True),
        stock,
        text(x, y + 16, "Discard pile, oldest first, top card last", size=13, bold=True),
    ]
    pile = pile_row(scene.pile, x, y + 24, room, scene.mark_depth)
    out.append(pile.svg)
    y += 24 + max(pile.height, CARD_H) + 16
    out.append(text(_MARGIN + 10, y + 16, "Table melds", size=13, bold=True))
    players = sorted({o for m in scene.melds for o in m.owners})
    key = legend(players, names, _MARGIN + 10, y + 24) if players else Block("", 0, 0)
    melds = melds_flow(scene.melds, names, x, y + 24, room)
    out.append(key.svg + melds.svg)
    y += 24 + max(key.height, melds.height) + _PAD
    return Block("".join(out), width, y - top)


def draw(scene: Scene) -> str:
    """The whole table of ``scene`` as a standalone SVG document."""
    width = _width(scene)
    n = len(scene.seats)
    viewer = scene.viewer
    order = list(range(n)) if viewer is None else [(viewer + i) % n for i in range(1, n)]
    out = []
    head = _heading(scene, _MARGIN - 4, width)
    out.append(head.svg)
    y = _MARGIN + head.height
    for p in order:
        row = _seat_row(scene, scene.seats[p], y, width)
        out.append(row.svg)
        y += row.height + 6
    table = _table_rows(scene, y + 4, width)
    out.append(table.svg)
    y += 4 + table.height
    if viewer is not None:
        y += 6
        row = _seat_row(scene, scene.seats[viewer], y, width)
        out.append(row.svg)
        y += row.height
    return _document(width, y + _MARGIN, title(scene), describe(scene), "".join(out))


def draw_card(card: Card | None) -> str:
    """One card face up, or face down for ``None``, as a standalone SVG document."""
    w, h = CARD_W + 12, CARD_H + 12
    if card is None:
        return _document(w, h, "A card face down", "The back of a card.", card_back(6, 6))
    label = card_label(card)
    return _document(w, h, label, f"The card {label}.", card_face(card, 6, 6))


def draw_hand(cards: Sequence[Card], name: str = "") -> str:
    """A hand of cards face up, in the order given, as a standalone SVG document."""
    whose = f"{name}'s hand" if name else "A hand"
    count = f"{len(cards)} card" + ("" if len(cards) == 1 else "s")
    shown = " ".join(map(str, cards))
    row = cards_row(cards, 8, 8, _MAX_WIDTH - 16)
    w, h = max(row.width + 16, 96), row.height + 16
    words = f"{whose}: {count}" + (f": {shown}." if cards else ".")
    return _document(w, h, f"{whose}, {count}", words, row.svg)


def draw_pile(pile: Sequence[Card], depth: int | None) -> str:
    """The discard pile spread oldest first, a take of ``depth`` cards marked, as a standalone
    SVG document (the depth is checked by the caller)."""
    row = pile_row(pile, 8, 8, _MAX_WIDTH - 16, depth)
    w = max(row.width + 16, 96)
    words = "Discard pile, oldest first: " + (" ".join(map(str, pile)) or "empty") + "."
    if depth is not None:
        words += " " + mark_words(pile, depth)
    return _document(w, row.height + 16, "The discard pile", words, row.svg)


def draw_melds(melds: Sequence[MeldScene], names: Sequence[str]) -> str:
    """Table melds, each under its id and owner with every card in its owner's colour, and
    the key to the colours, as a standalone SVG document."""
    players = sorted({o for m in melds for o in m.owners})
    key = legend(players, names, 10, 8) if players else Block("", 0, 0)
    x = 10 + key.width + 16
    flow = melds_flow(melds, names, x, 8, _MAX_WIDTH - x - 10)
    w, h = x + flow.width + 10, max(key.height, flow.height) + 16
    words = " ".join(meld_words(meld, names) for meld in melds) or "No melds."
    return _document(w, h, "Table melds", words, key.svg + flow.svg)
