"""The rule configuration: every rule choice of the game as data.

A :class:`RuleConfig` is a frozen attrs class. Each rule choice is one field holding a small
value (an int, an enum member or a small frozen class), so a variant is a field change and the
engine reads every rule from exactly one place. Combinations that make no sense are rejected
when the config is built, with a :class:`~rummy500.ConfigError` naming the fields.

Every field is also checked for its type when the config is built: a bool must be ``True`` or
``False``, a number a real ``int`` (not a bool, a float or a string), an enum field a member of
its enum or the member's value (``calling="none"`` is read as ``Calling.NONE``), and
``card_values``, ``deal_size`` and ``decks`` instances of their classes. Wrong types are
reported first, all together; the combinations are checked once every type is right.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import Enum
from typing import Final, TypeVar, cast

import attrs

from rummy500.core.cards import ACE, CARDS, Card, make_deck
from rummy500.core.deprecation import module_aliases
from rummy500.core.errors import (
    CardError,
    ConfigError,
    StateError,
    describe_value,
    is_whole,
    problems_text,
    quote_value,
)

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
    "RuleConfig",
]

# The names these enums had before 1.0, kept for a release (they did not follow their fields).
__getattr__ = module_aliases(
    __name__,
    {
        "AceRule": (lambda: Aces, "rummy500.Aces"),
        "CallRule": (lambda: Calling, "rummy500.Calling"),
    },
)

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


# -- type checks ---------------------------------------------------------------------------------

#: The metadata key of a field's type check: a function of the value that returns what is wrong
#: with it (the words after "<field> must"), or ``None`` when the value has the right type.
_CHECK: Final = "rummy500_check"

_E = TypeVar("_E", bound=Enum)


def _a(name: str) -> str:
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def _whole(unit: str, *, optional: bool = False) -> dict[str, Callable[[object], str | None]]:
    """The metadata of an int field: a whole number of ``unit`` (or ``None`` if ``optional``)."""
    expected = f"a whole number of {unit}{' or None' if optional else ''}"

    def check(value: object) -> str | None:
        if is_whole(value) or (optional and value is None):
            return None
        return f"must be {expected}, not {quote_value(value)}"

    return {_CHECK: check}


def _flag() -> dict[str, Callable[[object], str | None]]:
    """The metadata of a bool field: ``True`` or ``False`` only (not 0, 1 or ``"yes"``)."""

    def check(value: object) -> str | None:
        return (
            None if isinstance(value, bool) else f"must be True or False, not {quote_value(value)}"
        )

    return {_CHECK: check}


def _one_of(cls: type[Enum]) -> dict[str, Callable[[object], str | None]]:
    """The metadata of an enum field: a member of ``cls`` (values are converted before)."""
    # The values only (the members are the enum's): a message may list several fields.
    values = ", ".join(repr(m.value) for m in cls)

    def check(value: object) -> str | None:
        if isinstance(value, cls):
            return None
        return (
            f"must be {_a(cls.__name__)} or the value of one ({values}), not {quote_value(value)}"
        )

    return {_CHECK: check}


def _instance(cls: type) -> dict[str, Callable[[object], str | None]]:
    """The metadata of a field holding an instance of ``cls``."""

    def check(value: object) -> str | None:
        return (
            None
            if isinstance(value, cls)
            else f"must be {_a(cls.__name__)}, not {quote_value(value)}"
        )

    return {_CHECK: check}


def _member(cls: type[_E], value: object) -> object:
    # A member's own string value stands for the member; anything else is left for the check.
    if type(value) is str:
        for member in cls:
            if member.value == value:
                return member
    return value


def _first_dealer(value: FirstDealer | str) -> FirstDealer:
    return cast(FirstDealer, _member(FirstDealer, value))


def _aces(value: Aces | str) -> Aces:
    return cast(Aces, _member(Aces, value))


def _deepest_card(value: DeepestCard | str) -> DeepestCard:
    return cast(DeepestCard, _member(DeepestCard, value))


def _empty_stock(value: EmptyStock | str) -> EmptyStock:
    return cast(EmptyStock, _member(EmptyStock, value))


def _calling(value: Calling | str) -> Calling:
    return cast(Calling, _member(Calling, value))


def _int_tuple(value: Sequence[int]) -> tuple[int, ...]:
    # A list is taken as the tuple it lists; anything else is left for the check.
    return tuple(value) if isinstance(value, list) else cast(tuple[int, ...], value)


def _int_tuple_problem(what: str, value: object) -> str | None:
    if isinstance(value, tuple) and all(is_whole(v) for v in value):
        return None
    return f"{what} must be a tuple (or list) of whole numbers, not {quote_value(value)}"


def _field_problems(obj: attrs.AttrsInstance, prefix: str = "") -> list[str]:
    """What is wrong with the types of ``obj``'s fields, one message per field."""
    problems = []
    for field in attrs.fields(type(obj)):
        check = field.metadata.get(_CHECK)
        problem = check(getattr(obj, field.name)) if check else None
        if problem:
            problems.append(f"{prefix}{field.name} {problem}")
    return problems


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

    by_rank: tuple[int, ...] = attrs.field(factory=_pip_values, converter=_int_tuple)
    low_ace: int = attrs.field(default=1, metadata=_whole("points"))
    high_ace: int = attrs.field(default=15, metadata=_whole("points"))
    joker: int = attrs.field(default=15, metadata=_whole("points"))
    #: Derived once: the value of each card id (jokers standing for a card included) wherever
    #: it lies except at the end of a run, for fast scoring.
    by_card: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        problems = _field_problems(self, "CardValues.")
        by_rank = _int_tuple_problem("CardValues.by_rank", self.by_rank)
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

    values: tuple[int, ...] = attrs.field(converter=_int_tuple)

    def __attrs_post_init__(self) -> None:
        problem = _int_tuple_problem("PlayerTable.values", self.values)
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


def _standard_deal() -> PlayerTable:
    return PlayerTable.of(7, {2: 13})


def _standard_decks() -> PlayerTable:
    return PlayerTable.of(1, {5: 2, 6: 2, 7: 2, 8: 2})


def players_text(low: int, high: int) -> str:
    """A range of player counts as words: ``"2 to 5 players"``, or ``"4 players"`` when
    ``low`` and ``high`` are the same."""
    return f"{low} players" if low == high else f"{low} to {high} players"


@attrs.frozen
class RuleConfig:
    """Every rule choice of a game of Rummy 500. The defaults are the standard rules.

    Build a variant with :func:`attrs.evolve` or by naming fields:
    ``RuleConfig(target=1000, discard_to_go_out=True)``. See :mod:`rummy500.presets` for the
    named rule sets and ``docs/variants.md`` for what every field means.
    """

    # -- players and the deal ----------------------------------------------------------------
    #: The fewest and the most players the rules allow.
    min_players: int = attrs.field(default=MIN_PLAYERS, metadata=_whole("players"))
    max_players: int = attrs.field(default=MAX_PLAYERS, metadata=_whole("players"))
    #: Players per team: 1 is everyone for themselves; 2 is partnerships (partners opposite).
    team_size: int = attrs.field(default=1, metadata=_whole("players"))
    #: Cards dealt to each player, by player count.
    deal_size: PlayerTable = attrs.field(factory=_standard_deal, metadata=_instance(PlayerTable))
    #: Standard 52-card decks shuffled together, by player count.
    decks: PlayerTable = attrs.field(factory=_standard_decks, metadata=_instance(PlayerTable))
    #: Jokers added to each deck.
    jokers_per_deck: int = attrs.field(default=0, metadata=_whole("jokers"))
    #: How the first dealer is chosen (a member, or its value such as ``"highest"``).
    first_dealer: FirstDealer = attrs.field(
        default=FirstDealer.LOWEST, converter=_first_dealer, metadata=_one_of(FirstDealer)
    )

    # -- melds -------------------------------------------------------------------------------
    #: Where an ace may stand in a run (a member, or its value such as ``"high_only"``).
    aces: Aces = attrs.field(default=Aces.LOW_OR_HIGH, converter=_aces, metadata=_one_of(Aces))
    #: Runs may pass through the ace (J-Q-K-A-2), each rank at most once.
    wrap_around: bool = attrs.field(default=False, metadata=_flag())
    #: Jokers are wild (stand for any card). When not, they make sets of jokers only.
    jokers_wild: bool = attrs.field(default=True, metadata=_flag())
    #: The most jokers one meld may hold (wild jokers).
    max_jokers_per_meld: int = attrs.field(default=1, metadata=_whole("jokers"))
    #: A meld may be made of wild jokers only.
    joker_only_melds: bool = attrs.field(default=False, metadata=_flag())
    #: A new run that continues a run on the table joins it into one meld.
    join_melds: bool = attrs.field(default=False, metadata=_flag())

    # -- drawing -----------------------------------------------------------------------------
    #: The lone top card of the discard pile may be taken and kept without using it.
    keep_top_discard: bool = attrs.field(default=False, metadata=_flag())
    #: What must happen to the deepest card taken from the discard pile (a member, or its
    #: value such as ``"new_meld"``).
    deepest_card: DeepestCard = attrs.field(
        default=DeepestCard.MELD_OR_LAY_OFF, converter=_deepest_card, metadata=_one_of(DeepestCard)
    )
    #: What happens when the stock runs out (a member, or its value such as ``"reuse_pile"``).
    empty_stock: EmptyStock = attrs.field(
        default=EmptyStock.TAKE_OR_END, converter=_empty_stock, metadata=_one_of(EmptyStock)
    )
    #: Calling rummy on a missed play (a member, or its value such as ``"none"``).
    calling: Calling = attrs.field(
        default=Calling.NONE, converter=_calling, metadata=_one_of(Calling)
    )

    # -- going out and scoring ---------------------------------------------------------------
    #: The last card must be a discard: melding or laying off every card is illegal.
    discard_to_go_out: bool = attrs.field(default=False, metadata=_flag())
    #: With discard_to_go_out: a player who melds every card floats, and the hand goes on.
    floating: bool = attrs.field(default=False, metadata=_flag())
    #: Points added for the player who goes out.
    going_out_bonus: int = attrs.field(default=0, metadata=_whole("points"))
    #: What each card is worth.
    card_values: CardValues = attrs.field(factory=CardValues, metadata=_instance(CardValues))
    #: A set of four melded in one move scores double.
    four_of_a_kind_double: bool = attrs.field(default=False, metadata=_flag())
    #: When a hand ends because the stock ran out, nobody subtracts the cards in hand.
    no_minus_at_stock_end: bool = attrs.field(default=False, metadata=_flag())

    # -- winning -----------------------------------------------------------------------------
    #: The running total that ends the game when a player (or team) reaches it; ``None`` for
    #: none (then ``hands_per_game`` decides the length).
    target: int | None = attrs.field(default=500, metadata=_whole("points", optional=True))
    #: Play exactly this many hands; the highest total then wins (``None``: no limit).
    hands_per_game: int | None = attrs.field(default=None, metadata=_whole("hands", optional=True))
    #: A player wins only on a hand they go out on, with a total at or past the target.
    must_go_out_to_win: bool = attrs.field(default=False, metadata=_flag())
    #: If several reach the target on one hand and one of them went out, that one wins.
    going_out_decides: bool = attrs.field(default=False, metadata=_flag())
    #: The most turns in one hand; when reached, the hand ends as if the stock had run out.
    turn_limit: int = attrs.field(default=1000, metadata=_whole("turns"))
    #: The most hands in one game; when that many have been played and the game is not won,
    #: the highest total wins, and a tie at the top is a draw (``winner`` stays ``None``).
    hand_limit: int = attrs.field(default=100, metadata=_whole("hands"))

    def __attrs_post_init__(self) -> None:
        # Wrong types first, all at once: the combination checks compare numbers and members.
        problems = _field_problems(self) or list(self._problems())
        if problems:
            raise ConfigError(problems_text(problems))

    def _problems(self) -> Iterator[str]:
        if not MIN_PLAYERS <= self.min_players <= self.max_players <= MAX_PLAYERS:
            yield (
                f"min_players and max_players must satisfy {MIN_PLAYERS} <= min_players <= "
                f"max_players <= {MAX_PLAYERS}; got {self.min_players} and {self.max_players}"
            )
            return
        if self.target is not None and self.target <= 0:
            yield f"target must be a positive number of points, not {self.target}"
        if self.hands_per_game is not None and self.hands_per_game <= 0:
            yield f"hands_per_game must be positive, not {self.hands_per_game}"
        if self.target is None and self.hands_per_game is None:
            yield "target and hands_per_game: a game needs a target or a number of hands"
        if self.turn_limit < 1:
            yield f"turn_limit must be positive, not {self.turn_limit}"
        yield from self._hand_limit_problems()
        if self.going_out_bonus < 0:
            yield f"going_out_bonus cannot be negative, not {self.going_out_bonus}"
        if self.floating and not self.discard_to_go_out:
            yield "floating is played only with discard_to_go_out"
        if self.must_go_out_to_win and self.going_out_decides:
            yield "must_go_out_to_win and going_out_decides: both say who wins; choose one"
        if self.must_go_out_to_win and self.target is None:
            yield "must_go_out_to_win needs a target"
        if self.wrap_around and self.aces is Aces.HIGH_ONLY:
            yield "wrap_around and aces=HIGH_ONLY contradict each other"
        if not 0 <= self.jokers_per_deck <= 4:
            yield f"jokers_per_deck must be from 0 to 4, not {self.jokers_per_deck}"
        if self.max_jokers_per_meld < 1:
            yield f"max_jokers_per_meld must be at least 1, not {self.max_jokers_per_meld}"
        if self.joker_only_melds and self.max_jokers_per_meld < 3:
            yield "joker_only_melds needs max_jokers_per_meld of 3 or more"
        if self.joker_only_melds and not self.jokers_wild:
            yield "joker_only_melds applies to wild jokers; jokers that are not wild form sets"
        if self.team_size < 1:
            yield f"team_size must be 1 or more, not {self.team_size}"
        for n in self.player_counts:
            yield from self._count_problems(n)

    def _hand_limit_problems(self) -> Iterator[str]:
        limit = self.hand_limit
        if not is_whole(limit):
            yield f"hand_limit must be a whole number of hands, not {quote_value(limit)}"
        elif limit < 1:
            yield f"hand_limit must be positive, not {limit}"
        elif self.hands_per_game is not None and limit < self.hands_per_game:
            yield (
                "hand_limit and hands_per_game: hand_limit must be at least hands_per_game "
                f"({self.hands_per_game}), not {limit}"
            )

    def _count_problems(self, n: int) -> Iterator[str]:
        if self.decks[n] < 1:
            yield f"decks: {n} players need at least one deck"
            return
        if self.decks[n] > MAX_DECKS:
            yield f"decks: at most {MAX_DECKS} decks are shuffled together, not {self.decks[n]}"
            return
        if self.deal_size[n] < 1:
            yield f"deal_size: {n} players must be dealt at least one card"
        cards = (52 + self.jokers_per_deck) * self.decks[n]
        # The deal and the upcard must fit in the cards, leaving a stock of at least one.
        if n * self.deal_size[n] + 2 > cards:
            yield (
                f"deal_size and decks: dealing {self.deal_size[n]} cards to each of {n} "
                f"players from {cards} cards leaves no upcard and stock"
            )
        jokers = self.jokers_per_deck * self.decks[n]
        if jokers and not self.jokers_wild and jokers < 3:
            yield (
                f"jokers_wild=False: jokers that are not wild make sets of jokers only, which "
                f"needs 3 or more of them; {n} players have {jokers}"
            )
        if self.team_size > 1 and (n % self.team_size or n // self.team_size < 2):
            yield f"team_size: {n} players cannot form teams of {self.team_size}"

    @property
    def player_counts(self) -> range:
        """The player counts these rules allow."""
        return range(self.min_players, self.max_players + 1)

    @property
    def players_text(self) -> str:
        """The player counts these rules allow, as words: ``"2 to 5 players"``, or
        ``"4 players"`` when they allow one."""
        return players_text(self.min_players, self.max_players)

    def check_players(self, players: int) -> None:
        """Raise :class:`ConfigError` unless ``players`` is a count these rules allow (a whole
        number: not a bool, a float or a string)."""
        if not (is_whole(players) and self.min_players <= players <= self.max_players):
            raise ConfigError(
                f"these rules are for {self.players_text}, not {quote_value(players)}"
            )

    def deck_size(self, players: int) -> int:
        """How many cards the game uses with ``players`` players.

        Raises :class:`ConfigError` for a count of players these rules do not allow, as
        :meth:`jokers` and :meth:`sides` do.
        """
        self.check_players(players)
        return (52 + self.jokers_per_deck) * self.decks[players]

    def deck(self, players: int, *, jokers: bool = True) -> tuple[Card, ...]:
        """Every card the game uses with ``players`` players (without the jokers when
        ``jokers`` is false), in id order, unshuffled: :meth:`deck_size` cards.

        Raises :class:`ConfigError` for a count of players these rules do not allow, as
        :meth:`deck_size` does.
        """
        self.check_players(players)
        return make_deck(self.decks[players], self.jokers_per_deck if jokers else 0)

    def jokers(self, players: int) -> int:
        """How many jokers the game uses with ``players`` players."""
        self.check_players(players)
        return self.jokers_per_deck * self.decks[players]

    def sides(self, players: int) -> int:
        """How many scoring sides there are: players, or teams in a partnership game."""
        self.check_players(players)
        return players // self.team_size

    def side_of(self, player: int, players: int) -> int:
        """The side (team, or the player alone) a seat scores for.

        Teams alternate round the table, so with two teams of two, partners sit opposite.
        Raises :class:`ConfigError` for a count of players these rules do not allow and
        :class:`StateError` for a seat that is not one of them.
        """
        if (
            type(player) is not int
            or type(players) is not int
            or not 0 <= player < players
            or not self.min_players <= players <= self.max_players
        ):
            # Off the fast path (a view asks at every step): find what is wrong, if anything.
            self.check_players(players)
            if not is_whole(player) or not 0 <= player < players:
                raise StateError(
                    f"there is no player {quote_value(player)} in a {players}-player game"
                )
        return player % (players // self.team_size)
