"""Where a game stands: the phase of a turn, how a card owed this turn must be used, and how a
game ended early.

These small values sit low in the package so that the move generator, the transitions and the
state all speak of phases without importing one another.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, Literal

import attrs

from rummy500.core.errors import StateError, describe_value, is_whole, quote_value

__all__ = ["CHANCE", "TERMINAL", "Ending", "OwedUse", "Phase", "hand_scored"]

#: :attr:`State.current_player` between hands, when the next move is the deal (a chance event).
CHANCE: Final = -1
#: :attr:`State.current_player` once the game is over.
TERMINAL: Final = -4


class _Numbered(IntEnum):
    """An enum of a state's fields, numbered from 0."""

    @classmethod
    def _missing_(cls, value: object) -> _Numbered:
        # Enum's own refusal is a bare ValueError: a field of a state refuses as a state does.
        numbers = ", ".join(f"{member.value} ({member.name})" for member in cls)
        raise StateError(f"{cls.__name__} has no value {quote_value(value)}: it has {numbers}")


class Phase(_Numbered):
    """Where in a turn (or a game) a state stands. Phases before ``HAND_OVER`` are in a hand."""

    #: The player to move draws from the stock or takes from the discard pile.
    DRAW = 0
    #: The player has drawn: they meld and lay off, then discard (or go out).
    PLAY = 1
    #: After a discard, the other players in turn may call rummy on a missed card or pass.
    CALL = 2
    #: The hand is over and scored; the next move deals the next hand.
    HAND_OVER = 3
    #: The game is over, won or (at the hand limit) drawn; there are no more moves.
    GAME_OVER = 4


class OwedUse(_Numbered):
    """How the card owed this turn (the deepest card taken from the pile) must be used."""

    #: In a new meld or a lay-off (the standard rule).
    ANY = 0
    #: In a new meld of three or more (``DeepestCard.NEW_MELD``).
    MELD = 1
    #: Laid off on a meld (a card called under ``Calling.LAYOFF_ONLY``).
    LAYOFF = 2

    @property
    def words(self) -> str:
        """What must happen to the card, as the end of a sentence ("must ...")."""
        return _WORDS[self]


_WORDS: Final = {
    OwedUse.ANY: "be melded or laid off",
    OwedUse.MELD: "go into a new meld",
    OwedUse.LAYOFF: "be laid off",
}


@attrs.frozen
class Ending:
    """How a game ended early, cut short from outside rather than played out (the online
    game's rule: "A player who leaves and is not back before their reconnect time runs out ends
    the game for everyone, and so does a host who cancels").

    ``how`` is ``"abandoned"`` (``player`` left) or ``"cancelled"`` (by the host: ``player`` is
    ``None``). ``during_hand`` says whether a hand was in play, which is then left unscored,
    rather than the game ending between two hands. :meth:`State.abandon
    <rummy500.State.abandon>` and :meth:`State.cancel <rummy500.State.cancel>` end a game so
    and give it as :attr:`State.ending <rummy500.play.position.Position.ending>`; a game
    played out has no ending of this kind (``None``). A value that does not fit raises
    :class:`~rummy500.StateError`.

        >>> str(Ending("abandoned", 1, during_hand=True))
        'abandoned by P1 during a hand, which is not scored'
    """

    how: Literal["abandoned", "cancelled"]
    player: int | None
    during_hand: bool

    def __attrs_post_init__(self) -> None:
        if self.how not in ("abandoned", "cancelled"):
            raise StateError(
                f"an ending is 'abandoned' or 'cancelled', not {describe_value(self.how)}"
            )
        player = self.player
        if self.how == "abandoned" and not (is_whole(player) and player >= 0):
            raise StateError(
                "an abandoned game names the player who left, a whole number from 0, not "
                + describe_value(player)
            )
        if self.how == "cancelled" and player is not None:
            raise StateError(
                f"a cancelled game names no player (the host cancels it), not {quote_value(player)}"
            )
        if not isinstance(self.during_hand, bool):
            raise StateError(
                f"an ending's during_hand is True or False, not {describe_value(self.during_hand)}"
            )

    def __str__(self) -> str:
        who = f"abandoned by P{self.player}" if self.how == "abandoned" else "cancelled by the host"
        when = "during a hand, which is not scored" if self.during_hand else "between hands"
        return f"{who} {when}"


def hand_scored(phase: Phase, ending: Ending | None) -> bool:
    """Whether the hand of a position in ``phase`` that ended as ``ending`` says (``None``: not
    early) is over and scored: once it is over, unless the game ended early during it."""
    return phase >= Phase.HAND_OVER and (ending is None or not ending.during_hand)


# Each member once more as a module constant, for the hot paths (the move generator, the
# rule predicates, the transitions, the meld search): Python 3.11 finds a member on its
# class through the enum's metaclass, about 950 machine instructions a read, where a module
# constant is one dictionary read.
DRAW_PHASE: Final = Phase.DRAW
PLAY_PHASE: Final = Phase.PLAY
CALL_PHASE: Final = Phase.CALL
HAND_OVER_PHASE: Final = Phase.HAND_OVER
GAME_OVER_PHASE: Final = Phase.GAME_OVER
USE_ANY: Final = OwedUse.ANY
USE_MELD: Final = OwedUse.MELD
USE_LAYOFF: Final = OwedUse.LAYOFF
