"""The cards a move is built from, read from what its constructor or its text is given.

A move's cards may be given as :class:`~rummy500.Card` objects, card ids or a text such as
``"8S 8H 8D"``: these read them, check them and put them in the form the move keeps (a meld's
canonical order, a lay-off's sorted cards), refusing what is not a move's cards with the
:class:`~rummy500.CardError` or :class:`~rummy500.MoveParseError` that says why. They are the
converters of the move classes' fields (:mod:`rummy500.play.moves`); :func:`_is_number` reads
the meld id in a lay-off's text.
"""

from __future__ import annotations

from rummy500.core.cards import JOKER, Card, parse_cards
from rummy500.core.errors import CardError, MoveParseError, describe_value
from rummy500.melds.shape import canonical_meld

__all__ = []


def _card_tuple(cards: object) -> tuple[Card, ...]:
    if isinstance(cards, str):
        out = parse_cards(cards)
    elif isinstance(cards, tuple | list):
        out = tuple(c if isinstance(c, Card) else Card(c) for c in cards)
    else:
        raise CardError(
            f"a move's cards are a tuple or list of cards, or a text such as '8S 8H 8D', "
            f"not {describe_value(cards)}"
        )
    if not out:
        raise MoveParseError("a move that names cards needs at least one")
    return out


def _hand_cards(cards: object) -> tuple[Card, ...]:
    out = _card_tuple(cards)
    if any(c > JOKER for c in out):
        raise MoveParseError("a card taken from the pile is a plain joker ('JK'), not 'JK=..'")
    return out


def _card(card: object) -> Card:
    if isinstance(card, Card):
        out = card
    elif isinstance(card, str | int):
        out = Card(card)
    else:
        raise CardError(
            f"a move's card is a Card, a text such as '5S' or a card id, not {describe_value(card)}"
        )
    if out > JOKER:
        raise MoveParseError("a card in hand is a plain joker ('JK'), not 'JK=..'")
    return out


def _meld_cards(cards: object) -> tuple[Card, ...]:
    return canonical_meld(_card_tuple(cards))


def _sorted_cards(cards: object) -> tuple[Card, ...]:
    return tuple(sorted(_card_tuple(cards)))


def _is_number(word: str) -> bool:
    """Whether ``word`` is a whole number written in ASCII digits (no sign, no other digits)."""
    return word.isascii() and word.isdigit()
