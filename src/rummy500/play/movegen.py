"""The legal-move generator: every legal move in a position, and no other.

The moves are listed kind by kind, in the order of the registry of kinds of move
(:data:`~rummy500.play.moves.KINDS`), each kind's by its entry in the registry's column
``"candidates"`` (:data:`~rummy500.play.legality.CANDIDATES`): the moves of that kind that
may be legal, each kept only where the kind's predicate accepts it (kinds of one phase that
share a listing are listed by one call). So what the generator lists
is what :func:`~rummy500.play.engine.is_legal` accepts, and it never leads into a position
without a legal move.

Order is fixed, so a seeded bot replays exactly: ``draw`` first, then takes from the top of
the pile downwards, then ``decline``; in play, new melds (sets, then runs), lay-offs (by table
meld), then discards (by card); when rummy may be called, the calls (from the top of the pile
down), then ``pass``; ``deal`` once a hand is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from rummy500.core.phases import Phase
from rummy500.play.legality import CANDIDATES
from rummy500.play.moves import KINDS, Move
from rummy500.play.position import Position

__all__ = ["generate"]

#: For each phase (by its number), the listings of the kinds of move played in it, each once, in
#: the registry's order: a tuple indexed by the phase, which costs less than hashing it.
_BY_PHASE: Final[tuple[tuple[Callable[[Position, list[Move]], None], ...], ...]] = tuple(
    tuple(dict.fromkeys(CANDIDATES[kind] for kind in KINDS if kind.phase is phase))
    for phase in Phase
)


def generate(s: Position) -> tuple[Move, ...]:
    """Every legal move in ``s``, in the library's fixed order."""
    moves: list[Move] = []
    for listing in _BY_PHASE[s.phase]:
        listing(s, moves)
    return tuple(moves)
