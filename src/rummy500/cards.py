"""Cards, their notation, and decks.

A :class:`Card` is a small ``int`` (0-51 for the 52 standard cards, 52 for a joker) with a
readable text form, so hands and piles are plain tuples of ints that compare, hash and sort
fast. Two decks shuffled together simply hold two equal cards: equal cards are interchangeable
in every rule of the game.

Card ids run suit by suit: ``id = suit * 13 + rank - 1``, with clubs, diamonds, hearts,
spades in that order and the ace as rank 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from rummy500.errors import CardError

__all__ = [
    "ACE",
    "CARDS",
    "JACK",
    "JOKER",
    "KING",
    "QUEEN",
    "RANK_NAMES",
    "Card",
    "Suit",
    "format_cards",
    "make_deck",
    "parse_cards",
]

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13

#: Text of each rank, indexed by rank (index 0 unused).
RANK_NAMES: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_JOKER_ID: Final = 52


class Suit(IntEnum):
    """The four suits, in the order their card ids run."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, e.g. ``"♥"``."""
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        """The ASCII suit letter, e.g. ``"H"``."""
        return "CDHS"[self]


_SUIT_BY_TEXT: Final = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♤": Suit.SPADES,
    "♧": Suit.CLUBS,
}
_RANK_BY_TEXT: Final = {
    **{name: rank for rank, name in enumerate(RANK_NAMES) if name},
    "T": 10,
    "1": ACE,
    "11": JACK,
    "12": QUEEN,
    "13": KING,
}


class Card(int):
    """One playing card: a small int with a readable text form.

    ``Card("QH")``, ``Card("q♥")``, ``Card("10h")``, ``Card("TH")`` and ``Card(50)`` all give the
    same pre-built instance; ``Card("JK")`` (or ``"JOKER"``, ``"🃏"``) is the joker.
    ``str(card)`` is the Unicode form ``"Q♥"``; :attr:`ascii` is ``"QH"``.
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return _parse_card(value)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _JOKER_ID:
            return CARDS[value]
        raise CardError(f"a card id is an int from 0 to {_JOKER_ID}, not {value!r}")

    @property
    def rank(self) -> int:
        """The rank: 1 (ace) to 13 (king); 0 for a joker."""
        return 0 if self == _JOKER_ID else self % 13 + 1

    @property
    def suit(self) -> Suit | None:
        """The suit, or ``None`` for a joker."""
        return None if self == _JOKER_ID else Suit(self // 13)

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self == _JOKER_ID

    @property
    def ascii(self) -> str:
        """The ASCII text form, e.g. ``"QH"``, ``"10S"``, ``"JK"``."""
        if self == _JOKER_ID:
            return "JK"
        return RANK_NAMES[self % 13 + 1] + "CDHS"[self // 13]

    def __str__(self) -> str:
        if self == _JOKER_ID:
            return "🃏"
        return RANK_NAMES[self % 13 + 1] + "♣♦♥♠"[self // 13]

    def __repr__(self) -> str:
        return f"Card({self.ascii!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


def _build_cards() -> tuple[Card, ...]:
    return tuple(int.__new__(Card, i) for i in range(_JOKER_ID + 1))


#: Every distinct card, indexed by id: ``CARDS[50] == Card("QS")``; ``CARDS[52]`` is the joker.
CARDS: Final[tuple[Card, ...]] = _build_cards()

#: The joker.
JOKER: Final[Card] = CARDS[_JOKER_ID]


def _parse_card(text: str) -> Card:
    raw = text.strip().upper()
    if raw in ("JK", "JOKER", "🃏", "*"):
        return JOKER
    if len(raw) >= 2:
        rank = _RANK_BY_TEXT.get(raw[:-1])
        suit = _SUIT_BY_TEXT.get(raw[-1])
        if rank is not None and suit is not None:
            return CARDS[suit * 13 + rank - 1]
    raise CardError(
        f"cannot read {text!r} as a card: write a rank (A, 2-10 or T, J, Q, K) then a suit "
        "(C, D, H, S or ♣, ♦, ♥, ♠), as in 'QH', '10h' or 'Q♥', or 'JK' for a joker"
    )


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards: ``"8S 8H 8D"``, ``"8♠,8♥,8♦"`` or an iterable of card texts."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card(part) for part in parts)


def format_cards(cards: Iterable[int], *, ascii: bool = False) -> str:
    """Write cards separated by spaces, in Unicode (default) or ASCII form."""
    if ascii:
        return " ".join(CARDS[c].ascii for c in cards)
    return " ".join(str(CARDS[c]) for c in cards)


def make_deck(decks: int = 1, jokers_per_deck: int = 0) -> tuple[Card, ...]:
    """Return ``decks`` standard 52-card decks (plus jokers) together, in id order, unshuffled."""
    if decks < 1:
        raise CardError(f"a game needs at least one deck, not {decks}")
    if jokers_per_deck < 0:
        raise CardError(f"a deck cannot hold {jokers_per_deck} jokers")
    one = CARDS[:_JOKER_ID] + (JOKER,) * jokers_per_deck
    return tuple(sorted(one * decks))
