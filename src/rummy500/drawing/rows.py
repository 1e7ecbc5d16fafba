"""The parts of a picture, each drawn at a given place within a given width: a row of cards
face up (a hand), a hand face down, the discard pile spread oldest first with a take marked,
the table melds with the owner of every card, the key to the owners' colours, and a line of
text. Each part is a :class:`Block`: its SVG and the room it takes.

A row longer than its width goes on to a second line, in the same order; the sizes are whole
units, so the same part is always the same text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from rummy500.core.cards import Card
from rummy500.drawing.cardfaces import (
    BACK_STEP,
    CARD_H,
    CARD_W,
    STEP,
    card_back,
    card_face,
    esc,
)
from rummy500.drawing.scene import MeldScene

__all__ = [
    "INK",
    "MARK",
    "MELD_GAP",
    "SOFT_INK",
    "Block",
    "backs_row",
    "cards_row",
    "legend",
    "meld_width",
    "melds_flow",
    "owner_colour",
    "pile_row",
    "text",
    "text_width",
]

#: The colours of the text on the table's felt, and of a marked take.
INK: Final = "#ffffff"
SOFT_INK: Final = "#d5ecdd"
MARK: Final = "#ffb300"
#: The colour of each player's cards on the table (and of their key), one for each of the
#: eight players a game may have: told apart by the colour-blind too, and each band also
#: names its player.
_OWNER_COLOURS: Final = (
    "#1f5fbf",
    "#d35400",
    "#00796b",
    "#8e44ad",
    "#6d4c41",
    "#c2185b",
    "#5f7d00",
    "#455a64",
)
#: The space between two lines of cards, and between two melds side by side.
_LINE_GAP: Final = 10
MELD_GAP: Final = 18
#: The height of a meld's heading above its cards, and of the band naming a card's owner.
_MELD_HEAD: Final = 18
_BAND: Final = 15
#: The room a marked take's bracket and words take below the pile.
_MARK_ROOM: Final = 30
_MARK_SIZE: Final = 13


class Block(NamedTuple):
    """A part of a picture: its SVG, and the width and height it takes."""

    svg: str
    width: int
    height: int


def owner_colour(player: int) -> str:
    """The colour of ``player``'s cards on the table."""
    return _OWNER_COLOURS[player % len(_OWNER_COLOURS)]


def text_width(words: str, size: int) -> int:
    """About how wide ``words`` are at font size ``size``: a little wider than a sans-serif
    face draws them, so that what is placed beside them never overlaps."""
    return int(len(words) * size * 0.62) + 1


def text(
    x: int,
    y: int,
    words: str,
    *,
    size: int = 13,
    fill: str = INK,
    bold: bool = False,
    anchor: str = "",
    italic: bool = False,
) -> str:
    """A line of text with its baseline at ``y``, starting at ``x`` (ending there with
    ``anchor="end"``, centred with ``"middle"``)."""
    extra = ' font-weight="700"' if bold else ""
    extra += f' text-anchor="{anchor}"' if anchor else ""
    extra += ' font-style="italic"' if italic else ""
    return f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}"{extra}>{esc(words)}</text>'


def _per_line(width: int, step: int) -> int:
    """How many cards of a row overlapping by ``step`` fit in ``width`` (at least one)."""
    return max(1, 1 + (width - CARD_W) // step)


def _lines_height(lines: int, below: int = 0) -> int:
    return lines * (CARD_H + below) + (lines - 1) * _LINE_GAP


def cards_row(cards: Sequence[Card], x: int, y: int, width: int) -> Block:
    """``cards`` face up, each overlapping the one before, in order, on as many lines of
    ``width`` as they need."""
    if not cards:
        return Block(text(x, y + 20, "no cards", fill=SOFT_INK, italic=True), 80, 28)
    per = _per_line(width, STEP)
    out = [
        card_face(card, x + (i % per) * STEP, y + (i // per) * (CARD_H + _LINE_GAP))
        for i, card in enumerate(cards)
    ]
    lines = (len(cards) + per - 1) // per
    used = CARD_W + (min(len(cards), per) - 1) * STEP
    return Block("".join(out), used, _lines_height(lines))


def backs_row(count: int, x: int, y: int, label: str) -> Block:
    """A hand of ``count`` cards face down, as one picture for a screen reader saying
    ``label``."""
    if not count:
        return Block(text(x, y + 20, "no cards", fill=SOFT_INK, italic=True), 80, 28)
    words = esc(label)
    backs = "".join(card_back(x + i * BACK_STEP, y) for i in range(count))
    svg = f'<g role="img" aria-label="{words}"><title>{words}</title>{backs}</g>'
    return Block(svg, CARD_W + (count - 1) * BACK_STEP, CARD_H)


def pile_row(pile: Sequence[Card], x: int, y: int, width: int, depth: int | None) -> Block:
    """The discard pile spread oldest first (its top card last), on as many lines of
    ``width`` as it needs; with ``depth``, the take of that many cards from the top is marked:
    its deepest card framed, a bracket under the cards it takes, and what the take is in words
    (:func:`rummy500.drawing.scene.depth_problem` has checked the depth)."""
    if not pile:
        empty = (
            f'<rect x="{x + 0.5}" y="{y + 0.5}" width="{CARD_W - 1}" height="{CARD_H - 1}" '
            f'rx="6" fill="none" stroke="{SOFT_INK}" stroke-dasharray="5 4"/>'
            + text(x + CARD_W // 2, y + CARD_H // 2 + 4, "empty", size=12, anchor="middle")
        )
        return Block(empty, CARD_W, CARD_H)
    below = _MARK_ROOM if depth is not None else 0
    per = _per_line(width, STEP)
    line_h = CARD_H + below + _LINE_GAP
    deepest = len(pile) - depth if depth is not None else -1
    out: list[str] = []
    for i, card in enumerate(pile):
        cx, cy = x + (i % per) * STEP, y + (i // per) * line_h
        note = "the deepest card of the take" if i == deepest else ""
        out.append(card_face(card, cx, cy, note=note))
    if depth is not None:
        # The frame goes over the cards, round the part of the deepest card that shows.
        cx, cy = x + (deepest % per) * STEP, y + (deepest // per) * line_h
        shows = CARD_W if deepest == len(pile) - 1 or deepest % per == per - 1 else STEP
        out.append(
            f'<rect x="{cx - 2}" y="{cy - 2}" width="{shows + 3}" height="{CARD_H + 4}" rx="7" '
            f'fill="none" stroke="{MARK}" stroke-width="4"/>'
        )
        out.append(_take_bracket(pile, x, y, width, per, line_h, deepest))
    lines = (len(pile) + per - 1) // per
    used = CARD_W + (min(len(pile), per) - 1) * STEP
    if depth is not None:
        used = max(used, min(width, text_width(_take_words(pile, deepest), _MARK_SIZE)))
    return Block("".join(out), used, _lines_height(lines, below))


def _take_words(pile: Sequence[Card], deepest: int) -> str:
    """A marked take in words: ``"take 3 cards, down to 9♣"``."""
    k = len(pile) - deepest
    if k == 1:
        return f"take the top card, {pile[deepest]}"
    return f"take {k} cards, down to {pile[deepest]}"


def _take_bracket(
    pile: Sequence[Card], x: int, y: int, width: int, per: int, line_h: int, deepest: int
) -> str:
    """The bracket under the cards a take brings (from ``deepest`` to the top, line by line),
    and its words under the deepest card."""
    out: list[str] = []
    top = len(pile) - 1
    for line in range(deepest // per, top // per + 1):
        first = max(deepest, line * per) % per
        last = min(top, line * per + per - 1) % per
        bx = x + first * STEP
        by = y + line * line_h + CARD_H + 6
        right = x + last * STEP + CARD_W
        out.append(
            f'<path d="M{bx} {by}v5H{right}v-5" fill="none" stroke="{MARK}" stroke-width="2.5"/>'
        )
    words = _take_words(pile, deepest)
    wx = x + (deepest % per) * STEP
    wx = max(x, min(wx, x + width - text_width(words, _MARK_SIZE)))
    wy = y + (deepest // per) * line_h + CARD_H + 26
    out.append(text(wx, wy, words, size=_MARK_SIZE, fill=MARK, bold=True))
    return "".join(out)


def _owner_band(player: int, name: str) -> str:
    """The band at the foot of a table card in its owner's colour, naming the owner (as much of
    the name as shows under the next card)."""
    top = CARD_H - _BAND
    colour = owner_colour(player)
    tag = esc(name[:4])
    return (
        f'<path d="M0.5 {top}H{CARD_W - 0.5}V{CARD_H - 6.5}Q{CARD_W - 0.5} {CARD_H - 0.5} '
        f'{CARD_W - 6.5} {CARD_H - 0.5}H6.5Q0.5 {CARD_H - 0.5} 0.5 {CARD_H - 6.5}Z" '
        f'fill="{colour}"/>'
        f'<text x="4" y="{CARD_H - 4}" font-size="10" font-weight="700" fill="#ffffff">'
        f"{tag}</text>"
    )


def _meld_head(meld: MeldScene, names: Sequence[str]) -> str:
    return f"meld {meld.id} · {names[meld.owner]}"


def meld_width(meld: MeldScene, names: Sequence[str]) -> int:
    """The width a table meld takes: its cards, or its heading if that is wider."""
    return max(CARD_W + (len(meld.cards) - 1) * STEP, text_width(_meld_head(meld, names), 12))


def _meld(meld: MeldScene, names: Sequence[str], x: int, y: int) -> Block:
    """One table meld: its id and owner above, its cards in table order, each card with a
    band in the colour of the player who put it there."""
    cards = []
    for i, (card, owner) in enumerate(zip(meld.cards, meld.owners, strict=True)):
        note = f"meld {meld.id}, put there by {names[owner]}"
        band = _owner_band(owner, names[owner])
        cards.append(card_face(card, x + i * STEP, y + _MELD_HEAD, note=note, extra=band))
    svg = text(x, y + 12, _meld_head(meld, names), size=12, bold=True) + "".join(cards)
    return Block(svg, meld_width(meld, names), _MELD_HEAD + CARD_H)


def melds_flow(
    melds: Sequence[MeldScene], names: Sequence[str], x: int, y: int, width: int
) -> Block:
    """The table melds side by side in the order they lie on the table, going on to a new
    line when the next would pass ``width``."""
    if not melds:
        return Block(text(x, y + 20, "no melds yet", fill=SOFT_INK, italic=True), 100, 28)
    out: list[str] = []
    cx, cy, used, line_h = x, y, 0, _MELD_HEAD + CARD_H
    for meld in melds:
        if cx > x and cx + meld_width(meld, names) > x + width:
            cx, cy = x, cy + line_h + _LINE_GAP + 4
        block = _meld(meld, names, cx, cy)
        out.append(block.svg)
        used = max(used, cx + block.width - x)
        cx += block.width + MELD_GAP
    return Block("".join(out), used, cy - y + line_h)


def legend(players: Sequence[int], names: Sequence[str], x: int, y: int) -> Block:
    """The key to the colours of the cards' owners: a swatch and a name, one player a line."""
    out = [text(x, y + 12, "whose cards", size=12, fill=SOFT_INK)]
    for i, p in enumerate(players):
        top = y + 20 + i * 18
        out.append(
            f'<rect x="{x}" y="{top}" width="22" height="13" rx="3" fill="{owner_colour(p)}" '
            'stroke="#ffffff" stroke-width="0.8"/>' + text(x + 28, top + 11, names[p], size=12)
        )
    wide = max([text_width("whose cards", 12), *(28 + text_width(names[p], 12) for p in players)])
    return Block("".join(out), wide, 20 + len(players) * 18)
