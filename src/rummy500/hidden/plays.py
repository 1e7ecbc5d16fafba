"""What a search for a reading of a hand's log starts from (:class:`Attribution`, its
:class:`Play` records), the limits on the search's work and the meter that counts it, shared
by the three searches of :mod:`rummy500.hidden.attribution`."""

from __future__ import annotations

import random
from collections import Counter
from typing import Final, NamedTuple

from rummy500.core.cards import Card

__all__ = [
    "BACKTRACK_LOOK",
    "PASS_LOOK",
    "REPAIR_REACH",
    "SEARCH_STEPS_CEILING",
    "SEARCH_STEPS_FLOOR",
    "SEARCH_STEPS_PER_PLAY",
    "SEARCH_WORK_CEILING",
    "SETUP_LOOK",
    "Attribution",
    "Play",
]


#: How many steps the search for a reading takes at most, per play of a hidden card (between
#: :data:`SEARCH_STEPS_FLOOR` and :data:`SEARCH_STEPS_CEILING`) before the log is refused as
#: too entangled to read: long six-player two-deck hands need up to a few hundred.
SEARCH_STEPS_PER_PLAY: Final = 400


#: The fewest steps the search is allowed, whatever the number of plays.
SEARCH_STEPS_FLOOR: Final = 100_000


#: The most steps the search is allowed, whatever the number of plays: a few seconds.
SEARCH_STEPS_CEILING: Final = 1_000_000


#: How many earlier plays a repair looks at, at most, to free room for a play.
REPAIR_REACH: Final = 2_000


#: How much work the search for one reading does at most, whatever the log, before the log
#: is refused as too entangled to read. A unit is about one look at a statement in the
#: search that learns from its dead ends (the other stages count their looks at plays and
#: stocks at what each costs in such units). It bounds the time the search takes on any log
#: (about a second of pure Python). Real hands need far less: the hardest reading of the
#: views benchmark's hands at the rules' default turn limit needs under 2% of it, and at
#: twice that limit (six players, two decks, turn 1,900 under reuse_pile) under a third.
SEARCH_WORK_CEILING: Final = 10_000_000


#: What a look at a stock costs, in units of :data:`SEARCH_WORK_CEILING` (each about a tenth
#: of a microsecond of pure Python on the benchmark's machine), in the one pass with repairs
#: and in the backtracking search.
PASS_LOOK: Final = 10


BACKTRACK_LOOK: Final = 3


#: What setting down one statement of the learning search costs, in the same units.
SETUP_LOOK: Final = 8


class _Meter:
    """The work the search for one reading has left (see :data:`SEARCH_WORK_CEILING`),
    shared by its stages."""

    __slots__ = ("left",)

    def __init__(self, units: int) -> None:
        self.left = units

    def spend(self, units: int) -> bool:
        """Count ``units`` of work done; whether any is left."""
        self.left -= units
        return self.left > 0


class Play(NamedTuple):
    """A card played by a player who was not known to hold it, after the pile was first
    turned over."""

    at: int
    player: int
    card: Card
    #: The newest stock at the time (its index in the hand's stocks).
    era: int
    #: How many cards the player had drawn unseen from that stock before the play (from the
    #: older stocks they drew all they ever will).
    drawn: int


class Attribution(NamedTuple):
    """What a search for a reading starts from: the plays, oldest first; the copies of each
    card each stock hid (``pools``, the deal's first); how many cards each player can have
    drawn from each stock and played (``caps[k][p]``); and which stocks hid each card
    (``holders``, oldest first)."""

    plays: list[Play]
    pools: list[Counter[Card]]
    caps: list[list[int]]
    holders: dict[Card, list[int]]


def _pick(weighted: list[tuple[float, int]], rng: random.Random | None) -> list[int]:
    """The stocks of ``weighted`` in the order to try them, the first last: by weight, or
    drawn by ``rng`` in proportion to the weights (the rest kept in case the first leads
    nowhere). Empties ``weighted``."""
    if len(weighted) < 2:
        return [k for _, k in weighted]
    if rng is None:
        weighted.sort()
        return [k for _, k in weighted]
    order: list[int] = []
    while weighted:
        pick = rng.random() * sum(w for w, _ in weighted)
        j = 0
        while j < len(weighted) - 1 and pick >= weighted[j][0]:
            pick -= weighted[j][0]
            j += 1
        order.append(weighted.pop(j)[1])
    order.reverse()
    return order
