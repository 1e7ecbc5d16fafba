"""What the Play page shows, as JSON: one player's view of the table, the cards, the log in words,
and what that player is to do.

Every function here reads public values of rummy500 (a :class:`~rummy500.PlayerView`, a
:class:`~rummy500.Card`, an event of the log) and gives plain values the page draws: nothing
the player may not see is in them, since they start from the player's view, and the table is
what :func:`rummy500.pictures.scene_of` says that view shows (the other hands only as their
counts). ``table.py`` puts them together with the game's state.

    >>> from rummy500 import Card
    >>> card_json(Card("QH"))["name"], card_json(Card("JK=7H"))["name"]
    ('queen of hearts', 'joker as 7 of hearts')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy500 import Card, OwedUse, Phase, PlayerView, pictures

__all__ = ["JSONDict", "card_json", "card_name", "prompt", "table_json"]

#: A JSON object, as the page sends and receives it.
JSONDict = dict[str, Any]

#: What a player must do with the deepest card they took, by how the rules let it go down.
_OWED = {OwedUse.ANY: "meld or lay off", OwedUse.MELD: "meld", OwedUse.LAYOFF: "lay off"}
_RANK_WORDS = ("", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")


def card_name(card: Card) -> str:
    """A card in words, for screen readers: ``"queen of hearts"``, ``"joker as 7 of hearts"``."""
    face = card.face
    if face is None:
        return "joker"
    suit = face.suit
    assert suit is not None  # only a joker has no suit
    words = f"{_RANK_WORDS[face.rank]} of {suit.name.lower()}"
    return f"joker as {words}" if card.is_joker else words


def card_json(card: Card) -> JSONDict:
    """A card as the page draws it: its text, rank and suit, colour, and name."""
    face = card.face
    suit = None if face is None else face.suit
    return {
        "text": str(card),
        "rank": "JK" if face is None else str(face)[:-1],
        "suit": None if suit is None else suit.symbol,
        "red": suit is not None and suit.name in ("DIAMONDS", "HEARTS"),
        "joker": card.is_joker,
        "name": card_name(card),
    }


def table_json(view: PlayerView, names: Sequence[str], bots: Sequence[str | None]) -> JSONDict:
    """The table as ``view``'s player sees it: the seats (``bots`` names each seat's bot, or
    ``None`` for a person), each side's total, the player's hand, the stock's size, the pile
    (oldest first) and the melds, each card with the player who put it there."""
    scene = pictures.scene_of(view, names=names)
    return {
        "seats": [
            {
                "name": seat.name,
                "bot": bots[seat.player],
                "held": seat.held,
                "team": seat.side,
                "moving": seat.player == scene.mover,
                "dealer": seat.player == scene.dealer,
            }
            for seat in scene.seats
        ],
        "sides": [
            {"name": name, "total": total}
            for name, total in zip(scene.side_names, scene.totals, strict=True)
        ],
        "hand": [card_json(card) for card in view.hand],
        "stock": scene.stock_size,
        "pile": [card_json(card) for card in scene.pile],
        "melds": [
            {
                "id": meld.id,
                "owner": names[meld.owner],
                "cards": [
                    {**card_json(card), "by": names[by]}
                    for card, by in zip(meld.cards, meld.owners, strict=True)
                ],
            }
            for meld in scene.melds
        ],
        "phase": scene.phase.name.lower(),
        "target": scene.target,
        "hand_number": scene.hand_number + 1,
    }


def prompt(view: PlayerView, names: Sequence[str]) -> str:
    """What ``view``'s player is to do in their turn, in a sentence or two."""
    if view.phase == Phase.CALL:
        return (
            f"{names[view.discarder or 0]} discarded {view.pile[-1]}: call rummy by clicking "
            "the deepest pile card you want, or pass."
        )
    if view.phase == Phase.DRAW:
        return "Your turn: draw from the stock, or click the deepest pile card to take."
    need = ""
    if view.owed is not None:
        need = f" You must still {_OWED[view.owed_use]} {view.owed} this turn."
    if view.kept is not None:
        need += f" You may not discard {view.kept}, which you kept, this turn."
    return f"Meld, lay off, or discard a card to end your turn.{need}"
