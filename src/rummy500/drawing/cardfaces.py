"""One card as SVG: a face (rank and suit, red or black), a joker, a wild joker standing for a
card, the back of a card face down; the words a screen reader says for each; and the shapes of
the suits, which every picture defines once and every card reuses.

A card is drawn at a given place as a group of its own (``<g role="img">`` with an
``aria-label`` and a ``<title>``), so a picture reads card by card. Everything here is a pure
function of its arguments: the same card at the same place is always the same text.
"""

from __future__ import annotations

from html import escape
from typing import Final

from rummy500.core.cards import RANK_NAMES, Card

__all__ = [
    "BACK_STEP",
    "CARD_H",
    "CARD_W",
    "FONT",
    "STEP",
    "card_back",
    "card_face",
    "card_label",
    "card_words",
    "defs",
    "esc",
]

#: The size of a card, in the units of a picture's ``viewBox``.
CARD_W: Final = 60
CARD_H: Final = 84
#: How much of a card shows under the next one in a row of cards face up: its corner, with the
#: rank and the suit (and a wild joker's star).
STEP: Final = 30
#: The same for cards face down, of which only the count matters.
BACK_STEP: Final = 14
#: The fonts of every text: the system's own sans-serif faces, never a font to download.
FONT: Final = "DejaVu Sans, Helvetica, Arial, sans-serif"

_RED: Final = "#c62828"
_BLACK: Final = "#1b1b1b"
#: A joker's ink, and the paper of a joker's face.
_JOKER_INK: Final = "#6a1b9a"
_JOKER_PAPER: Final = "#f6eefa"

_RANK_WORDS: Final = ("", "ace", *RANK_NAMES[2:11], "jack", "queen", "king")
_SUIT_WORDS: Final = ("clubs", "diamonds", "hearts", "spades")
_SUIT_IDS: Final = ("r5-club", "r5-diamond", "r5-heart", "r5-spade")

#: The shapes of the suits and of a joker's star, in a 20 by 20 box, filled by the ``<use>``
#: that places them (so one shape serves in red and in black). Shapes rather than the Unicode
#: symbols, which not every system font draws.
_SHAPES: Final = (
    '<symbol id="r5-club" viewBox="0 0 20 20"><circle cx="10" cy="5.6" r="4.4"/>'
    '<circle cx="5" cy="11.6" r="4.4"/><circle cx="15" cy="11.6" r="4.4"/>'
    '<path d="M9 11C9 15 8 17.6 6.2 19.4H13.8C12 17.6 11 15 11 11Z"/></symbol>'
    '<symbol id="r5-diamond" viewBox="0 0 20 20"><path d="M10 0.5L17.5 10L10 19.5L2.5 10Z"/>'
    "</symbol>"
    '<symbol id="r5-heart" viewBox="0 0 20 20"><path d="M10 18.6C7 16 1 11.6 1 6.6C1 3.4 3.4 '
    "1.2 6.1 1.2C7.9 1.2 9.3 2.3 10 3.9C10.7 2.3 12.1 1.2 13.9 1.2C16.6 1.2 19 3.4 19 6.6C19 "
    '11.6 13 16 10 18.6Z"/></symbol>'
    '<symbol id="r5-spade" viewBox="0 0 20 20"><path d="M10 0.8C7 4.2 1 8.4 1 12.6C1 15.2 3 '
    "16.9 5.4 16.9C7 16.9 8.3 16.2 9.1 15.1C8.9 17 8 18.4 6.3 19.4H13.7C12 18.4 11.1 17 10.9 "
    '15.1C11.7 16.2 13 16.9 14.6 16.9C17 16.9 19 15.2 19 12.6C19 8.4 13 4.2 10 0.8Z"/></symbol>'
    '<symbol id="r5-star" viewBox="0 0 20 20"><path d="M10 0.6L12.6 7.1L19.5 7.5L14.2 12L15.9 '
    '18.8L10 15.1L4.1 18.8L5.8 12L0.5 7.5L7.4 7.1Z"/></symbol>'
)


#: The middle of a card's back: a ring, which no suit looks like.
_RING: Final = (
    f'<circle cx="{CARD_W // 2}" cy="{CARD_H // 2}" r="11" fill="none" stroke="#a9bce0" '
    'stroke-width="2.5"/>'
)


def defs() -> str:
    """The ``<defs>`` every picture holds once: the suits' and the joker's shapes."""
    return f"<defs>{_SHAPES}</defs>"


def esc(text: str) -> str:
    """``text`` written safely inside an SVG element or a double-quoted attribute (an
    apostrophe stays as it is, so the picture's text reads as written)."""
    return escape(text, quote=False).replace('"', "&quot;")


def card_words(card: Card) -> str:
    """A card in words: ``"queen of hearts"``, ``"joker"``, ``"joker standing for the 7 of
    hearts"``."""
    face = card.face
    if face is None:
        return "joker"
    words = f"{_RANK_WORDS[face.rank]} of {_SUIT_WORDS[face // 13]}"
    return words if card == face else f"joker standing for the {words}"


def card_label(card: Card) -> str:
    """What a screen reader says for a card face up: its text, then its words
    (``"Q♥, queen of hearts"``)."""
    return f"{card}, {card_words(card)}"


def _use(shape: str, x: float, y: float, size: int, fill: str) -> str:
    return f'<use href="#{shape}" x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}"/>'


def card_face(card: Card, x: int, y: int, *, note: str = "", extra: str = "") -> str:
    """``card`` face up with its top left corner at (``x``, ``y``).

    ``note`` is added to what a screen reader says (``"put there by P2"``); ``extra`` is drawn
    on the card, in its own units (a band in its owner's colour, say).
    """
    label = esc(card_label(card) + (f", {note}" if note else ""))
    head = (
        f'<g transform="translate({x},{y})" role="img" aria-label="{label}"><title>{label}</title>'
    )
    face = card.face
    body = _joker_body() if face is None else _face_body(face, wild=card != face)
    return f"{head}{body}{extra}</g>"


def _face_body(face: Card, *, wild: bool) -> str:
    """A standard card's face, or a wild joker's (the card it stands for, on a joker's paper,
    with a joker's star under the corner and in the middle)."""
    suit = face // 13
    ink = _RED if suit in (1, 2) else _BLACK
    rank = RANK_NAMES[face.rank]
    # "10" is the one rank of two characters: drawn a little smaller and narrower, to keep
    # within the corner that shows under the next card.
    size = '17" letter-spacing="-1.5' if len(rank) > 1 else "19"
    if wild:
        paper = (
            f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="6" '
            f'fill="{_JOKER_PAPER}" stroke="{_JOKER_INK}" stroke-width="1.5" '
            'stroke-dasharray="4 2"/>'
        )
        middle = (
            _use("r5-star", 6, 43, 14, _JOKER_INK)
            + _use("r5-star", 31, 22, 24, _JOKER_INK)
            + f'<text x="45" y="60" font-size="8" font-weight="700" text-anchor="middle" '
            f'fill="{_JOKER_INK}">JOKER</text>'
        )
    else:
        paper = (
            f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="6" '
            'fill="#ffffff" stroke="#8a8a8a"/>'
        )
        middle = _use(_SUIT_IDS[suit], 31, 30, 24, ink)
    return (
        f"{paper}"
        f'<text x="4" y="21" font-size="{size}" font-weight="700" fill="{ink}">{rank}</text>'
        f"{_use(_SUIT_IDS[suit], 5, 25, 15, ink)}{middle}"
    )


def _joker_body() -> str:
    """A joker's face: "JK" and a star in the corner, a large star in the middle."""
    return (
        f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="6" '
        f'fill="{_JOKER_PAPER}" stroke="{_JOKER_INK}" stroke-width="1.5"/>'
        f'<text x="4" y="20" font-size="15" font-weight="700" fill="{_JOKER_INK}">JK</text>'
        f"{_use('r5-star', 5, 25, 16, _JOKER_INK)}{_use('r5-star', 31, 22, 24, _JOKER_INK)}"
        f'<text x="45" y="60" font-size="8" font-weight="700" text-anchor="middle" '
        f'fill="{_JOKER_INK}">JOKER</text>'
    )


def card_back(x: int, y: int, *, count: int | None = None, label: str = "") -> str:
    """A card face down at (``x``, ``y``), with ``count`` written on it (the stock's size)
    when given. With ``label`` it is a picture of its own for a screen reader; without, it is
    part of a group that says what it is (a hand of cards face down)."""
    head = f'<g transform="translate({x},{y})"'
    if label:
        text = esc(label)
        head += f' role="img" aria-label="{text}"><title>{text}</title>'
    else:
        head += ">"
    number = ""
    if count is not None:
        number = (
            f'<rect x="11" y="31" width="38" height="22" rx="4" fill="#ffffff"/>'
            f'<text x="30" y="47.5" font-size="15" font-weight="700" text-anchor="middle" '
            f'fill="#27457a">{count}</text>'
        )
    return (
        f'{head}<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="6" '
        'fill="#27457a" stroke="#0f2347"/>'
        f'<rect x="4.5" y="4.5" width="{CARD_W - 9}" height="{CARD_H - 9}" rx="4" fill="none" '
        'stroke="#a9bce0" stroke-width="1.2"/>'
        f"{_RING if count is None else number}</g>"
    )
