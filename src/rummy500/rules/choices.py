"""The rule choices: one enum or small frozen value class for each, the values a field of
:class:`~rummy500.RuleConfig` may hold, and the bounds every configuration keeps to.

An enum's members are named by their values too (``"high_only"`` is ``Aces.HIGH_ONLY``), and
asking an enum for a value it does not have raises :class:`~rummy500.ConfigError`. The value
classes (:class:`CardValues`, :class:`PlayerTable`) check their own fields when built.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Final

import attrs

from rummy500.core.cards import ACE, CARDS, Card
from rummy500.core.errors import (
    CardError,
    ConfigError,
    describe_value,
    is_whole,
    problems_text,
    quote_value,
)
from rummy500.rules.fieldchecks import field_problems, int_tuple, int_tuple_problem, whole

__all__ = [
    "MAX_DECKS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Aces",
    "Calling",
    "CardValues",
    "DeepestCard",
    "EmptyStock",
    "FirstDealer",
    "PlayerTable",
]


#: The fewest and most players any configuration may allow.
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8
#: The most decks shuffled together: every rule source uses one or two, and a bound keeps a
#: configuration from asking for more cards than memory holds.
MAX_DECKS: Final = 4


class _Choice(Enum):
    """A rule choice: an enum whose values are the words a config may name its members by."""

    @classmethod
    def _missing_(cls, value: object) -> _Choice:
        # Enum's own refusal is a bare ValueError: a rule choice refuses as a config does.
        values = ", ".join(repr(member.value) for member in cls)
        raise ConfigError(f"{cls.__name__} has no value {quote_value(value)}: it has {values}")


class FirstDealer(_Choice):
    """How the first dealer of a game is chosen: every player draws a card from the deck."""

    #: The lowest card deals, the ace counting low (Wikipedia, and the standard rules).
    LOWEST = "lowest"
    #: The highest card deals, the ace counting high (PlayingCards.io).
    HIGHEST = "highest"


class Aces(_Choice):
    """Where an ace may stand in a run."""

    #: Low (A-2-3) or high (Q-K-A), never both in one run.
    LOW_OR_HIGH = "low_or_high"
    #: Only high (Q-K-A), as in Persian rummy.
    HIGH_ONLY = "high_only"


class DeepestCard(_Choice):
    """What must happen this turn to the deepest card taken from the discard pile."""

    #: It must be melded or laid off (the standard rule).
    MELD_OR_LAY_OFF = "meld_or_lay_off"
    #: It must go into a new set or run of 3 or more; laying it off does not count.
    NEW_MELD = "new_meld"


class EmptyStock(_Choice):
    """What happens when the stock runs out."""

    #: The player to draw may still take from the discard pile; the hand ends when they decline.
    TAKE_OR_END = "take_or_end"
    #: The hand ends as soon as the turn that drew the last stock card is over.
    END_AT_ONCE = "end_at_once"
    #: The discard pile is shuffled and turned face down as a new stock, and play goes on.
    REUSE_PILE = "reuse_pile"


class Calling(_Choice):
    """Whether, and how, a player may call rummy on a discard another player missed."""

    #: No calling.
    NONE = "none"
    #: After a discard that could go straight onto a table meld, or while the pile holds cards
    #: that make a meld by themselves, any other player may take the card (and all above it).
    DISCARD_OR_PILE_MELD = "discard_or_pile_meld"
    #: As above, and any card in the pile that could go straight onto a table meld may be called.
    ANY_PILE_CARD = "any_pile_card"
    #: Only the discarded card may be called, and the caller must lay it off.
    LAYOFF_ONLY = "layoff_only"


# Each member once more as a module constant, for the hot paths (the move generator, the
# rule predicates, the transitions, the meld search): Python 3.11 finds a member on its
# class through the enum's metaclass, about 950 machine instructions a read, where a module
# constant is one dictionary read.
ACES_HIGH_ONLY: Final = Aces.HIGH_ONLY
DEEPEST_NEW_MELD: Final = DeepestCard.NEW_MELD
STOCK_END_AT_ONCE: Final = EmptyStock.END_AT_ONCE
STOCK_REUSE_PILE: Final = EmptyStock.REUSE_PILE
CALLING_NONE: Final = Calling.NONE
CALLING_ANY_PILE_CARD: Final = Calling.ANY_PILE_CARD
CALLING_LAYOFF_ONLY: Final = Calling.LAYOFF_ONLY


def _pip_values() -> tuple[int, ...]:
    # Index by rank (0 unused, 1 ace, 11-13 faces): 2-9 at face value, 10 and faces 10.
    return (0, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


@attrs.frozen
class CardValues:
    """What each card is worth when scoring.

    ``by_rank[r]`` is the value of a card of rank ``r`` (1 = ace, 13 = king) wherever it lies,
    except an ace at the low end of a run (A-2-3...), which is worth ``low_ace``, and an ace at
    the high end of a run (...Q-K-A), which is worth ``high_ace``. A joker is worth ``joker``
    wherever it lies and whatever it stands for.

    ``by_rank`` is a tuple of 14 whole numbers (a list is accepted and stored as a tuple); every
    value is a whole number (an ``int``, not a bool or a float) and none is negative.
    """

    by_rank: tuple[int, ...] = attrs.field(factory=_pip_values, converter=int_tuple)
    low_ace: int = attrs.field(default=1, metadata=whole("points"))
    high_ace: int = attrs.field(default=15, metadata=whole("points"))
    joker: int = attrs.field(default=15, metadata=whole("points"))
    #: Derived once: the value of each card id (jokers standing for a card included) wherever
    #: it lies except at the end of a run, for fast scoring.
    by_card: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        problems = field_problems(self, "CardValues.")
        by_rank = int_tuple_problem("CardValues.by_rank", self.by_rank)
        if by_rank or problems:
            raise ConfigError(problems_text([*([by_rank] if by_rank else []), *problems]))
        if len(self.by_rank) != 14 or self.by_rank[0] != 0:
            raise ConfigError(
                "CardValues.by_rank holds 14 values indexed by rank: index 0 unused (0), "
                f"1 the ace, 13 the king; got {quote_value(self.by_rank)}"
            )
        if min(*self.by_rank, self.low_ace, self.high_ace, self.joker) < 0:
            raise ConfigError("CardValues: card values cannot be negative")
        # points(card) for every card id, written out: a config is built at every import (the
        # presets) and often after, and the calls cost more than the table.
        ranks = self.by_rank
        plain = tuple(ranks[c % 13 + 1] for c in range(52))
        object.__setattr__(self, "by_card", plain + (self.joker,) * (len(CARDS) - 52))

    @property
    def ace(self) -> int:
        """The value of an ace in a set, in the middle of a run, or in hand."""
        return self.by_rank[ACE]

    def points(self, card: int, *, end: int = 0) -> int:
        """The value of ``card``. ``end`` is -1 for the low end of a run, 1 for the high end
        (0, the default, anywhere else).

        Raises :class:`CardError` when ``card`` is not a card id, and :class:`ConfigError`
        when ``end`` is not -1, 0 or 1.
        """
        if type(card) is not Card and (not is_whole(card) or not 0 <= card < len(CARDS)):
            raise CardError(
                f"a card is a Card or a card id from 0 to {len(CARDS) - 1}, not "
                f"{describe_value(card)}"
            )
        if type(end) is not int or not -1 <= end <= 1:
            raise ConfigError(
                "CardValues.points' end is -1 (the low end of a run), 1 (the high end) or 0, "
                f"not {describe_value(end)}"
            )
        if card >= 52:
            return self.joker
        rank = card % 13 + 1
        if rank == ACE and end:
            return self.low_ace if end < 0 else self.high_ace
        return self.by_rank[rank]

    @classmethod
    def traditional(cls) -> CardValues:
        """Ace 15 (1 at the low end of A-2-3), 2-9 their number, 10 and faces 10, joker 15."""
        return cls()

    @classmethod
    def five_point(cls) -> CardValues:
        """2-9 count 5 each, 10 and faces 10, ace 15 (5 at the low end of A-2-3), joker 15."""
        return cls((0, 15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10), low_ace=5, high_ace=15)

    @classmethod
    def ace_to_nine_five(cls) -> CardValues:
        """Ace through 9 count 5, 10 and faces 10, an ace used high 15 (Wikipedia)."""
        return cls((0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10), low_ace=5, high_ace=15)

    @classmethod
    def flat(cls, ace: int, low_cards: int | None) -> CardValues:
        """Aces ``ace`` wherever they lie; 2-9 ``low_cards`` each (their number if ``None``).

        Raises :class:`ConfigError` when either is not a whole number of points, or is negative.
        """
        # Checked here: each fills several fields, which would name one problem several times.
        for name, value in (("ace", ace), ("low_cards", low_cards)):
            if not is_whole(value) and (value is not None or name == "ace"):
                raise ConfigError(
                    f"CardValues.flat's {name} must be a whole number of points"
                    f"{' or None' if name == 'low_cards' else ''}, not {describe_value(value)}"
                )
        pips = tuple(range(2, 10)) if low_cards is None else (low_cards,) * 8
        return cls((0, ace, *pips, 10, 10, 10, 10), low_ace=ace, high_ace=ace)


def _per_count(default: int, overrides: Mapping[int, int]) -> tuple[int, ...]:
    return tuple(overrides.get(n, default) for n in range(MAX_PLAYERS + 1))


@attrs.frozen
class PlayerTable:
    """A number for each player count from 2 to 8 (such as the deal size or the decks used).

    ``PlayerTable.of(7, {2: 13})`` is 13 for two players and 7 otherwise. ``values`` is a tuple
    of whole numbers (a list is accepted and stored as a tuple).
    """

    values: tuple[int, ...] = attrs.field(converter=int_tuple)

    def __attrs_post_init__(self) -> None:
        problem = int_tuple_problem("PlayerTable.values", self.values)
        if problem:
            raise ConfigError(problem)
        if len(self.values) != MAX_PLAYERS + 1:
            raise ConfigError(
                f"PlayerTable holds {MAX_PLAYERS + 1} values indexed by player count, "
                f"got {len(self.values)}"
            )

    @classmethod
    def of(cls, default: int, overrides: Mapping[int, int] | None = None) -> PlayerTable:
        """``default`` for every player count except those named in ``overrides`` (a mapping
        of player count to value)."""
        if overrides is not None and not isinstance(overrides, Mapping):
            raise ConfigError(
                "PlayerTable.of's overrides must be a mapping of player count to value, such "
                f"as {{2: 13}}, not {quote_value(overrides)}"
            )
        unknown = [n for n in overrides or {} if n not in range(MAX_PLAYERS + 1)]
        if unknown:
            raise ConfigError(
                f"PlayerTable.of's overrides name player counts from 0 to {MAX_PLAYERS}, "
                f"not {quote_value(unknown[0])}"
            )
        return cls(_per_count(default, overrides or {}))

    def __getitem__(self, players: int) -> int:
        return self.values[players]
