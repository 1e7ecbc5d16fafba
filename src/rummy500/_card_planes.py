"""The card planes of the observation vectors: the column of each card in a plane, and the
planes of the table, kept from one table to the next.

A card plane is one number per card column (:data:`CARD_COLUMNS`): the 52 standard cards by id,
then the joker. :mod:`rummy500.observations` fills the planes of the hand and the pile itself,
and copies the table's from a :class:`_TablePlanes`, which counts the cards on the table by
owner and turns those planes round to each seat that asks. Like the observations, it uses the
public API only.
"""

from __future__ import annotations

from array import array
from typing import Final

from rummy500 import TableMeld

__all__ = ["CARD_COLUMNS"]

#: The card columns of a card plane: the 52 standard cards by id (``Card("AC")`` is 0,
#: ``Card("KS")`` is 51), then the joker (52).
CARD_COLUMNS: Final = 53
_JOKER_COLUMN: Final = 52


#: The column of each card id in a hand or the pile (every joker in the joker column), and on
#: the table (a joker at the card it stands for, a joker of a set of jokers in the joker column).
_COLUMN: Final = tuple(min(c, _JOKER_COLUMN) for c in range(2 * _JOKER_COLUMN + 1))
_STANDS_FOR: Final = tuple(
    c if c <= _JOKER_COLUMN else c - _JOKER_COLUMN - 1 for c in range(2 * _JOKER_COLUMN + 1)
)


class _TablePlanes:
    """The table planes of one table: each owner's and the jokers', and as each seat sees
    them (its own first), built when that seat first asks.

    A table differs from the one before it by a meld or two (one laid down, one laid off
    on): given the planes of an earlier table, only the melds that are not the very same
    objects at the same places are taken out and put in.
    """

    __slots__ = ("planes", "seats", "table")

    table: tuple[TableMeld, ...]
    #: The planes by owner (seat 0's view), then the jokers'.
    planes: array[float]
    #: The planes as each seat sees them, where built.
    seats: list[array[float] | None]

    def __init__(
        self, table: tuple[TableMeld, ...], players: int, before: _TablePlanes | None
    ) -> None:
        self.table = table
        self.seats = [None] * players
        if before is not None and len(before.seats) == players:
            old = before.table
            changed = [
                i
                for i in range(max(len(old), len(table)))
                if i >= len(old) or i >= len(table) or old[i] is not table[i]
            ]
            if len(changed) < len(table):
                planes = array("f", before.planes)
                for i in changed:
                    if i < len(old):
                        _add_meld(planes, old[i], players, -1)
                    if i < len(table):
                        _add_meld(planes, table[i], players, 1)
                self.planes = planes
                self.seats[0] = planes
                return
        planes = array("f", bytes(4 * CARD_COLUMNS * (players + 1)))
        for meld in table:
            _add_meld(planes, meld, players, 1)
        self.planes = planes
        self.seats[0] = planes

    def seen_from(self, me: int) -> array[float]:
        """The planes seen from seat ``me``: seat k's are those of the player k seats on."""
        planes = self.seats[me]
        if planes is None:
            owners = self.planes
            cut = me * CARD_COLUMNS
            jokers = len(self.seats) * CARD_COLUMNS
            planes = owners[cut:jokers] + owners[:cut] + owners[jokers:]
            self.seats[me] = planes
        return planes


def _add_meld(planes: array[float], meld: TableMeld, players: int, sign: int) -> None:
    """Count ``meld``'s cards into (``sign`` 1) or out of (-1) a table's planes by owner."""
    stands_for = _STANDS_FOR  # on the table a joker counts as the card it stands for
    for card, owner in zip(meld.cards, meld.owners, strict=True):
        planes[owner * CARD_COLUMNS + stands_for[card]] += sign
    if meld.jokers:
        jokers = players * CARD_COLUMNS
        for card in meld.cards:
            if card >= _JOKER_COLUMN:
                planes[jokers + stands_for[card]] += sign
