"""Cards, their notation, and decks.

A :class:`Card` is a small ``int`` (0-51 for the 52 standard cards, 52 for a joker, and
53-104 for a joker put down on the table standing for a named card) with a readable text
form, so hands and piles are plain tuples of ints that compare, hash and sort fast. Two decks
shuffled together simply hold two equal cards: equal cards are interchangeable in every rule
of the game.

Card ids run suit by suit: ``id = suit * 13 + rank - 1``, with clubs, diamonds, hearts,
spades in that order and the ace as rank 1. A joker that stands for the card with id ``f`` in a
meld is ``53 + f`` (written ``JK=6S`` or ``🃏=6♠``); in a hand, the stock or the pile a joker is
always the plain joker 52.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from rummy500.core.errors import CardError, describe_value, is_whole, quote_text

__all__ = [
    "ACE",
    "CARDS",
    "JACK",
    "JOKER",
    "JOKER_AS",
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
# The most decks make_deck shuffles together (rummy500.rules.config.MAX_DECKS, a floor above).
_MAX_DECKS: Final = 4
_LAST_ID: Final = 104

#: The longest text :class:`Card` reads. The longest card text is ``"JOKER=10♠"`` (9
#: characters); 20 leaves room for spaces around it and refuses anything else at once.
MAX_CARD_TEXT: Final = 20
#: The longest text :func:`parse_cards` reads: the same bound as a move's text (a few hundred
#: cards, more than any hand, meld or discard pile a game can show in one line).
MAX_CARDS_TEXT: Final = 1000


class Suit(IntEnum):
    """The four suits, in the order their card ids run."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        # Enum's own refusal is a bare ValueError; a suit is part of a card, so CardError.
        raise CardError(
            f"a suit is a number from 0 (clubs) to 3 (spades), not {describe_value(value)}"
        )

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
    same pre-built instance; ``Card("JK")`` (or ``"JOKER"``, ``"🃏"``) is the joker, and
    ``Card("JK=6S")`` a joker standing for the 6♠ in a meld. ``str(card)`` is the Unicode form
    ``"Q♥"``; :attr:`ascii` is ``"QH"``.
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return _parse_card(value)
        if is_whole(value):
            if 0 <= value <= _LAST_ID:
                return CARDS[value]
            raise CardError(
                f"a card id is an int from 0 to {_LAST_ID}, not {describe_value(value)}"
            )
        raise CardError(
            f"a card is a text such as 'QH' or a card id (an int from 0 to {_LAST_ID}), "
            f"not {describe_value(value)}"
        )

    @property
    def rank(self) -> int:
        """The rank: 1 (ace) to 13 (king); 0 for a joker."""
        return 0 if self >= _JOKER_ID else self % 13 + 1

    @property
    def suit(self) -> Suit | None:
        """The suit, or ``None`` for a joker."""
        return None if self >= _JOKER_ID else Suit(self // 13)

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker (plain, or standing for a card)."""
        return self >= _JOKER_ID

    @property
    def face(self) -> Card | None:
        """The card this card counts as in a meld: itself, the card a joker stands for, or
        ``None`` for a plain joker."""
        if self < _JOKER_ID:
            return self
        return None if self == _JOKER_ID else CARDS[self - _JOKER_ID - 1]

    @property
    def physical(self) -> Card:
        """The card as it lies in a hand: a joker standing for a card is just a joker."""
        return JOKER if self > _JOKER_ID else self

    def standing_for(self, card: int) -> Card:
        """This joker, put down as ``card`` (a standard card: a card id from 0 to 51)."""
        if self < _JOKER_ID:
            raise CardError(f"only a joker can stand for another card, not {self}")
        if not is_whole(card) or not 0 <= card < _JOKER_ID:
            raise CardError(
                f"a joker stands for one of the 52 standard cards, not {describe_value(card)}"
            )
        return CARDS[_JOKER_ID + 1 + card]

    @property
    def ascii(self) -> str:
        """The ASCII text form, e.g. ``"QH"``, ``"10S"``, ``"JK"``, ``"JK=6S"``."""
        if self >= _JOKER_ID:
            return "JK" if self == _JOKER_ID else "JK=" + CARDS[self - _JOKER_ID - 1].ascii
        return RANK_NAMES[self % 13 + 1] + "CDHS"[self // 13]

    def __str__(self) -> str:
        if self >= _JOKER_ID:
            return "🃏" if self == _JOKER_ID else "🃏=" + str(CARDS[self - _JOKER_ID - 1])
        return RANK_NAMES[self % 13 + 1] + "♣♦♥♠"[self // 13]

    def __repr__(self) -> str:
        return f"Card({self.ascii!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


def _build_cards() -> tuple[Card, ...]:
    return tuple(int.__new__(Card, i) for i in range(_LAST_ID + 1))


#: Every distinct card, indexed by id: ``CARDS[50] == Card("QS")``; ``CARDS[52]`` is the joker
#: and ``CARDS[53 + f]`` a joker standing for card ``f``.
CARDS: Final[tuple[Card, ...]] = _build_cards()

#: The joker.
JOKER: Final[Card] = CARDS[_JOKER_ID]

#: ``JOKER_AS[f]`` is a joker standing for the standard card with id ``f``.
JOKER_AS: Final[tuple[Card, ...]] = CARDS[_JOKER_ID + 1 :]


def face_of(card: int) -> int:
    """The id of the standard card ``card`` counts as in a meld (-1 for a plain joker)."""
    return card if card < _JOKER_ID else card - _JOKER_ID - 1


_CARD_HELP: Final = (
    "write a rank (A, 2-10 or T, J, Q, K) then a suit (C, D, H, S or ♣, ♦, ♥, ♠), as in 'QH', "
    "'10h' or 'Q♥'; 'JK' for a joker, 'JK=6S' for a joker standing for the 6♠"
)
_JOKER_TEXTS: Final = frozenset({"JK", "JOKER", "🃏", "*"})


def _plain_card(raw: str) -> Card | None:
    """The standard card written ``raw`` (stripped, upper case), or ``None``."""
    if len(raw) < 2:
        return None
    rank = _RANK_BY_TEXT.get(raw[:-1])
    suit = _SUIT_BY_TEXT.get(raw[-1])
    if rank is None or suit is None:
        return None
    return CARDS[suit * 13 + rank - 1]


def _parse_card(text: str) -> Card:
    if len(text) > MAX_CARD_TEXT:
        raise CardError(
            f"a card's text is at most {MAX_CARD_TEXT} characters, not {len(text)}: "
            f"{quote_text(text)}"
        )
    raw = text.strip().upper()
    if raw in _JOKER_TEXTS:
        return JOKER
    card = _plain_card(raw)
    if card is not None:
        return card
    joker, equals, face_text = raw.partition("=")
    if equals and joker in _JOKER_TEXTS:
        face = _plain_card(face_text.strip())
        if face is not None:
            return JOKER.standing_for(face)
    raise CardError(f"cannot read {quote_text(text)} as a card: {_CARD_HELP}")


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards: ``"8S 8H 8D"``, ``"8♠,8♥,8♦"`` or an iterable of card texts."""
    if isinstance(text, str):
        if len(text) > MAX_CARDS_TEXT:
            raise CardError(
                f"a text of cards is at most {MAX_CARDS_TEXT} characters, not {len(text)}: "
                f"{quote_text(text)}"
            )
        return tuple(_parse_card(part) for part in text.replace(",", " ").split())
    if isinstance(text, bytes | bytearray) or not isinstance(text, Iterable):
        raise CardError(
            f"parse_cards reads a text such as '8S 8H 8D' or an iterable of card texts, "
            f"not {describe_value(text)}"
        )
    return tuple(Card(part) for part in text)


def format_cards(cards: Iterable[int], *, ascii: bool = False) -> str:
    """Write cards separated by spaces, in Unicode (default) or ASCII form.

    Raises :class:`~rummy500.CardError` for anything but an iterable of card ids.
    """
    try:
        if ascii:
            return " ".join(CARDS[c].ascii for c in cards)
        return " ".join(str(CARDS[c]) for c in cards)
    except (IndexError, TypeError):
        # Only the bad input costs a second pass, to name the card refused (a one-shot
        # iterator, already used up, gets the general refusal).
        if not isinstance(cards, str) and isinstance(cards, Iterable):
            for c in cards:
                Card(c)  # raises, naming the card
        raise CardError(
            f"format_cards writes an iterable of card ids (ints from 0 to {_LAST_ID}), "
            f"not {describe_value(cards)}"
        ) from None


def make_deck(decks: int = 1, jokers_per_deck: int = 0) -> tuple[Card, ...]:
    """Return ``decks`` standard 52-card decks (plus jokers) together, in id order, unshuffled.

    ``decks`` is a whole number from 1 to :data:`~rummy500.rules.config.MAX_DECKS`,
    ``jokers_per_deck`` from 0 to 4 (as a :class:`~rummy500.RuleConfig` allows).
    """
    for name, value, low, high in (
        ("decks", decks, 1, _MAX_DECKS),
        ("jokers_per_deck", jokers_per_deck, 0, 4),
    ):
        if not is_whole(value) or not low <= value <= high:
            raise CardError(
                f"make_deck's {name} must be a whole number from {low} to {high}, "
                f"not {describe_value(value)}"
            )
    one = CARDS[:_JOKER_ID] + (JOKER,) * jokers_per_deck
    return tuple(sorted(one * decks))
