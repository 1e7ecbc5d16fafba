"""Moves: small, hashable values with a text form and a parser.

Each move, its text and what it does:

* :class:`Draw`, ``draw``: take the top card of the stock.
* :class:`Take`, ``take J♣ 4♥ K♦ 2♠``: take from the discard pile: the deepest card first, then
  every card above it up to the top.
* :class:`Meld`, ``meld 8♠ 8♥ 8♦``: lay down a new set or run.
* :class:`Layoff`, ``layoff 2 9♠``: lay cards off on the table meld with id 2 (see
  :class:`~rummy500.TableMeld`); ``layoff 0 A♠ high`` puts a card that could go at either
  end of a run at its top end.
* :class:`Discard`, ``discard 5♠``: discard a card (ends the turn).
* :class:`Decline`, ``decline``: with the stock empty, take nothing: the hand ends.
* :class:`Call`, ``call 7♥ 2♣``: call rummy: take a missed card (and all above it).
* :class:`Pass`, ``pass``: do not call rummy.
* :class:`Deal`, ``deal``: after a hand is scored, deal the next one.

A joker put down names the card it stands for: ``meld 5♠ JK=6♠ 7♠`` (or ``🃏=6♠``).

Cards in the text may be written in ASCII (``QH``, ``10h``, ``TH``) or Unicode (``Q♥``).
:meth:`Move.from_text` reads any of these; ``str(move)`` writes the Unicode form and
:meth:`Move.text` either form. A move is a value: two moves with the same text are equal.

Each move class names its kind in :attr:`Move.kind`, the first word of its text
(``Layoff.kind == "layoff"``), as :attr:`Event.kind <rummy500.events.Event.kind>` names the
event the move is logged as. (Before 1.0 it was ``Move.verb``, and a lay-off's meld id
``Layoff.meld``: the old names still read, and ``Layoff(meld=...)`` and
``attrs.evolve(layoff, meld=...)`` still build, with a :class:`DeprecationWarning`, until
1.1.0.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final, TypeVar

import attrs

from rummy500.core.cards import CARDS, JOKER, Card, format_cards, parse_cards
from rummy500.core.deprecation import renamed_attribute, renamed_keywords
from rummy500.core.errors import CardError, MoveParseError, describe_value, is_whole, quote_text
from rummy500.core.fastbuild import slot_builder
from rummy500.core.phases import Phase
from rummy500.play.events import (
    BUILT_IN_EVENTS,
    Called,
    Dealt,
    Declined,
    Discarded,
    Drew,
    Event,
    LaidOff,
    Melded,
    Passed,
    Took,
)
from rummy500.play.moveargs import _card, _hand_cards, _is_number, _meld_cards, _sorted_cards

# The public names: the moves, which the top-level package exports as they are listed here (a
# kind of move added here is exported with them). The registry (KINDS, COLUMNS, kind_column...)
# is the package's own.
__all__ = [
    "Call",
    "Deal",
    "Decline",
    "Discard",
    "Draw",
    "Layoff",
    "Meld",
    "Move",
    "Pass",
    "Take",
]

V = TypeVar("V")


#: The longest text :meth:`Move.from_text` reads. The longest move a game needs is a take of
#: the whole discard pile: two decks with four jokers hold 112 cards, at most 4 characters
#: each with the space (``"10♠ "``), so 448 characters after the kind; 1000 is over twice
#: that. (``take CARD`` takes a card deep in the pile with everything above it in a few
#: characters.)
MAX_MOVE_TEXT: Final = 1000


class Move:
    """Base class of every move. Subclasses are frozen attrs classes."""

    __slots__ = ()

    #: The kind of move: the first word of its text form (``"draw"``, ``"layoff"``...), as
    #: :attr:`Event.kind <rummy500.events.Event.kind>` names the kind of an event.
    kind: ClassVar[str]
    #: The phase of a hand in which moves of this kind are played (:class:`~rummy500.Phase`):
    #: what a player to move in that phase chooses among.
    phase: ClassVar[Phase]
    #: The class of the event the log records a move of this kind as (its
    #: :attr:`Event.kind <rummy500.events.Event.kind>` is the move's :attr:`kind`).
    event: ClassVar[type[Event]]
    #: The old name of :attr:`kind` (deprecated: warns when read).
    verb = renamed_attribute("kind")

    def text(self, *, ascii: bool = False) -> str:
        """The move's text form, with cards in Unicode (default) or ASCII."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the move names (empty for moves that name none)."""
        return ()

    @staticmethod
    def from_text(text: str) -> Move:
        """Read a move from its text form, e.g. ``"meld 8S 8H 8D"`` or ``"layoff 2 9♠"``.

        Raises :class:`~rummy500.MoveParseError` when the text is not a move.
        """
        if not isinstance(text, str):
            raise MoveParseError(f"a move's text is a str, not {describe_value(text)}")
        if len(text) > MAX_MOVE_TEXT:
            raise MoveParseError(
                f"a move's text is at most {MAX_MOVE_TEXT} characters, not {len(text)}: "
                f"{quote_text(text)}"
            )
        words = text.split()
        if not words:
            raise MoveParseError("an empty text is not a move")
        cls = _BY_KIND.get(words[0].lower())
        if cls is None:
            raise MoveParseError(
                f"unknown move {quote_text(words[0])}: a move starts with one of "
                f"{', '.join(_BY_KIND)}"
            )
        try:
            return cls._parse_args(words[1:])
        except CardError as exc:
            raise MoveParseError(f"{quote_text(text.strip())}: {exc}") from exc

    @classmethod
    def _parse_args(cls, args: list[str]) -> Move:
        raise NotImplementedError


def _no_args(cls: type[Move], args: list[str]) -> None:
    if args:
        raise MoveParseError(
            f"'{cls.kind}' takes nothing after it, got {quote_text(' '.join(args))}"
        )


def _need_cards(cls: type[Move], args: list[str]) -> tuple[Card, ...]:
    if not args:
        raise MoveParseError(f"'{cls.kind}' needs at least one card after it")
    return parse_cards(args)


@attrs.frozen
class Draw(Move):
    """Draw the top card of the stock."""

    kind: ClassVar[str] = "draw"
    phase: ClassVar[Phase] = Phase.DRAW
    event: ClassVar[type[Event]] = Drew

    def text(self, *, ascii: bool = False) -> str:
        return "draw"

    @classmethod
    def _parse_args(cls, args: list[str]) -> Move:
        _no_args(cls, args)
        return DRAW


@attrs.frozen
class Decline(Move):
    """With the stock empty, take nothing from the discard pile: the hand ends, nobody out."""

    kind: ClassVar[str] = "decline"
    phase: ClassVar[Phase] = Phase.DRAW
    event: ClassVar[type[Event]] = Declined

    def text(self, *, ascii: bool = False) -> str:
        return "decline"

    @classmethod
    def _parse_args(cls, args: list[str]) -> Move:
        _no_args(cls, args)
        return DECLINE


@attrs.frozen
class Pass(Move):
    """Let a chance to call rummy go by."""

    kind: ClassVar[str] = "pass"
    phase: ClassVar[Phase] = Phase.CALL
    event: ClassVar[type[Event]] = Passed

    def text(self, *, ascii: bool = False) -> str:
        return "pass"

    @classmethod
    def _parse_args(cls, args: list[str]) -> Move:
        _no_args(cls, args)
        return PASS


@attrs.frozen
class Deal(Move):
    """Deal the next hand once the previous one has been scored."""

    kind: ClassVar[str] = "deal"
    phase: ClassVar[Phase] = Phase.HAND_OVER
    event: ClassVar[type[Event]] = Dealt

    def text(self, *, ascii: bool = False) -> str:
        return "deal"

    @classmethod
    def _parse_args(cls, args: list[str]) -> Move:
        _no_args(cls, args)
        return DEAL


@attrs.frozen
class PileMove(Move):
    """A move that takes cards from the discard pile: the deepest one first, then all above.

    The deepest card must then be used this turn. :class:`Take` and :class:`Call` are the two
    kinds; they differ only in when they are legal.
    """

    taken: tuple[Card, ...] = attrs.field(converter=_hand_cards)

    @property
    def deepest(self) -> Card:
        """The deepest card taken: the one that must be used this turn."""
        return self.taken[0]

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.taken

    def text(self, *, ascii: bool = False) -> str:
        return f"{self.kind} {format_cards(self.taken, ascii=ascii)}"

    @classmethod
    def _parse_args(cls, args: list[str]) -> Move:
        return cls(_need_cards(cls, args))


@attrs.frozen
class Take(PileMove):
    """Take cards from the discard pile at the start of a turn, deepest first.

    ``taken`` must be exactly the top ``len(taken)`` cards of the pile, deepest first. The
    deepest card must be melded or laid off this turn.
    """

    kind: ClassVar[str] = "take"
    phase: ClassVar[Phase] = Phase.DRAW
    event: ClassVar[type[Event]] = Took


@attrs.frozen
class Meld(Move):
    """Lay down a new set or run from the hand. The cards are kept in canonical order."""

    kind: ClassVar[str] = "meld"
    phase: ClassVar[Phase] = Phase.PLAY
    event: ClassVar[type[Event]] = Melded
    melded: tuple[Card, ...] = attrs.field(converter=_meld_cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.melded

    def text(self, *, ascii: bool = False) -> str:
        return f"meld {format_cards(self.melded, ascii=ascii)}"

    @classmethod
    def _parse_args(cls, args: list[str]) -> Move:
        return cls(_need_cards(cls, args))


@renamed_keywords(MoveParseError)
@attrs.frozen
class Layoff(Move):
    """Lay one or more cards off on the table meld whose id is ``meld_id``.

    A meld's id (:attr:`TableMeld.id <rummy500.TableMeld.id>`) stays the same for the
    rest of the hand; melds get ids 0, 1, 2... in the order they are laid down, so until a run
    is joined into another (under ``join_melds``) a meld's id is also its place on the table.
    The cards (all together) must extend that meld. ``high`` puts cards that could go at
    either end of a run (an ace on a run of 2 to K, say) at its top end. The cards are kept
    sorted.
    """

    kind: ClassVar[str] = "layoff"
    phase: ClassVar[Phase] = Phase.PLAY
    event: ClassVar[type[Event]] = LaidOff
    meld_id: int
    laid: tuple[Card, ...] = attrs.field(converter=_sorted_cards)
    high: bool = False
    #: The old name of :attr:`meld_id` (deprecated: warns when read, or given to the
    #: constructor or :func:`attrs.evolve`).
    meld = renamed_attribute("meld_id")

    def __attrs_post_init__(self) -> None:
        meld_id: object = self.meld_id
        if not is_whole(meld_id):
            raise MoveParseError(f"a table meld id is an int, not {describe_value(meld_id)}")
        if meld_id < 0:
            raise MoveParseError(f"a table meld id is 0 or more, not {describe_value(meld_id)}")
        high: object = self.high
        if not isinstance(high, bool):
            raise MoveParseError(f"'high' is True or False, not {describe_value(high)}")

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.laid

    def text(self, *, ascii: bool = False) -> str:
        tail = " high" if self.high else ""
        return f"layoff {self.meld_id} {format_cards(self.laid, ascii=ascii)}{tail}"

    @classmethod
    def _parse_args(cls, args: list[str]) -> Move:
        if not args or not _is_number(args[0]):
            raise MoveParseError("'layoff' needs a table meld id, then cards: 'layoff 2 9S'")
        high = len(args) > 1 and args[-1].lower() == "high"
        cards = args[1:-1] if high else args[1:]
        return cls(int(args[0]), _need_cards(cls, cards), high)


@attrs.frozen
class Discard(Move):
    """Discard a card onto the discard pile, ending the turn."""

    kind: ClassVar[str] = "discard"
    phase: ClassVar[Phase] = Phase.PLAY
    event: ClassVar[type[Event]] = Discarded
    card: Card = attrs.field(converter=_card)

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def text(self, *, ascii: bool = False) -> str:
        return f"discard {self.card.ascii if ascii else self.card}"

    @classmethod
    def _parse_args(cls, args: list[str]) -> Move:
        if len(args) != 1:
            raise MoveParseError("'discard' takes exactly one card, as in 'discard 5S'")
        return cls(Card(args[0]))


@attrs.frozen
class Call(PileMove):
    """Call rummy: take a card another player missed, with every card above it, deepest first.

    The deepest card taken must then be used this turn, as after a take.
    """

    kind: ClassVar[str] = "call"
    phase: ClassVar[Phase] = Phase.CALL
    event: ClassVar[type[Event]] = Called


#: A :class:`Take` of cards already known to be well-formed (for the move generator).
trusted_take: Final[Callable[[tuple[Card, ...]], Take]] = slot_builder(Take)
#: A :class:`Call` of cards already known to be well-formed (for the move generator).
trusted_call: Final[Callable[[tuple[Card, ...]], Call]] = slot_builder(Call)
#: A :class:`Meld` of cards already in canonical order (for the move generator).
trusted_meld: Final[Callable[[tuple[Card, ...]], Meld]] = slot_builder(Meld)
#: A :class:`Layoff` (meld id, cards already sorted, ``high``) built straight (for the generator).
trusted_layoff: Final[Callable[[int, tuple[Card, ...], bool], Layoff]] = slot_builder(Layoff)


# -- the registry of kinds of move -------------------------------------------------------------

#: The kinds of move that can be played, in the order messages list them: the registry every
#: table of the package that does something for each kind of move is checked against. A kind
#: of move is its class here (its kind, text form, parser and saved form are the class's) and
#: one entry in each column of :data:`COLUMNS`, which the floor that knows it fills with
#: :func:`kind_column` (see docs/design.md, "Adding a kind of move").
KINDS: Final[tuple[type[Move], ...]] = (
    Draw,
    Take,
    Meld,
    Layoff,
    Discard,
    Decline,
    Call,
    Pass,
    Deal,
)

#: The registry's column ``"event"``: the class of the event the log records for each kind of
#: move (:attr:`Move.event`).
MOVE_EVENTS: Final[dict[type[Move], type[Event]]] = {cls: cls.event for cls in KINDS}

#: Every event class by its :attr:`Event.kind <rummy500.events.Event.kind>`: the package's own,
#: in their order, then the event of any other kind of move of the registry.
EVENT_KINDS: Final[dict[str, type[Event]]] = {
    **BUILT_IN_EVENTS,
    **{cls.event.kind: cls.event for cls in KINDS},
}

#: Each column of the registry by name, as :func:`kind_column` registered it: the move class of
#: each kind to what that column holds for it (``"problem"``: the legality predicate,
#: ``"transition"``: the engine's transition, and so on).
COLUMNS: Final[dict[str, dict[type[Move], Any]]] = {}


def kind_column(name: str, table: dict[type[Move], V]) -> dict[type[Move], V]:
    """Register ``table`` as the registry's column ``name`` and return it: one entry for each
    kind of move in :data:`KINDS`, no more, no fewer.

    Each floor of the package fills its own column (the functions of a column live on the
    floor that can write them), so imports stay downward and each dispatch is one dict access
    on the table returned. A column that misses a kind, or names a class that is not one,
    stops the package from being imported, naming the column and the kinds.
    """
    missing = [cls.__name__ for cls in KINDS if cls not in table]
    extra = [getattr(cls, "__name__", repr(cls)) for cls in table if cls not in KINDS]
    if missing or extra or name in COLUMNS:
        raise TypeError(
            f"the column {name!r} of the registry of kinds of move must have one entry for each "
            f"of {', '.join(cls.__name__ for cls in KINDS)} and be registered once: it misses "
            f"{', '.join(missing) or 'none'} and has extra {', '.join(extra) or 'none'}"
        )
    COLUMNS[name] = table
    return table


def kind_entry(kind: type[Move]) -> dict[str, object]:
    """Everything the registry holds for the kind of move ``kind``, by column name (the
    columns registered so far: importing :mod:`rummy500` registers them all)."""
    return {name: column[kind] for name, column in COLUMNS.items()}


_BY_KIND: dict[str, type[Move]] = {cls.kind: cls for cls in KINDS}
kind_column("event", MOVE_EVENTS)

#: The one instance of each move that names no card (moves compare by value all the same).
DRAW = Draw()
DECLINE = Decline()
DEAL = Deal()
PASS = Pass()
#: A pre-built discard for every card, so the move generator allocates nothing for them.
DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in CARDS[: JOKER + 1])
