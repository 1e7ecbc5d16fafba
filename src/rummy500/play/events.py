"""The events of a hand, defined here for the engine; :mod:`rummy500.events` is their public
home and says what each one shows and hides.

Each kind of move names the class of the event it is logged as
(:attr:`Move.event <rummy500.Move.event>`), so this module sits below the moves. An event says
how it moves cards the other players cannot see (:attr:`Event.moves_cards`), which is all the
reading of hidden cards needs to know of its kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final

import attrs

from rummy500.core.cards import Card, format_cards
from rummy500.core.deprecation import renamed_attribute, renamed_keywords
from rummy500.core.errors import StateError, describe_value, is_whole
from rummy500.core.fastbuild import slot_builder
from rummy500.rules.choices import MAX_PLAYERS

__all__ = [
    "Abandoned",
    "Called",
    "Cancelled",
    "Dealt",
    "Declined",
    "Discarded",
    "Drew",
    "Event",
    "HandEnded",
    "LaidOff",
    "Melded",
    "Passed",
    "Reshuffled",
    "Took",
    "event_problem",
    "quoted_event",
]


#: What an event does to cards the other players cannot see (:attr:`Event.moves_cards`): nothing
#: (the cards it shows, if any, stay where they were, or were seen by all already).
MOVES_NO_CARD: Final = 0
#: Deals every hand, the pile and the stock.
DEALS: Final = 1
#: Puts the top card of the stock into the player's hand.
DRAWS: Final = 2
#: Puts cards from the top of the pile, in plain sight, into the player's hand.
TAKES: Final = 3
#: Puts cards from the player's hand onto the table.
PLAYS: Final = 4
#: Puts a card from the player's hand onto the pile.
DISCARDS: Final = 5
#: Turns the pile over as a new stock.
RESHUFFLES: Final = 6


def _cards(cards: tuple[Card, ...], ascii: bool) -> str:
    return format_cards(cards, ascii=ascii) or "-"


def _numbers(values: tuple[int, ...]) -> str:
    return " ".join(map(str, values))


class Event:
    """Base class of every event of a hand. Subclasses are frozen, slotted attrs classes."""

    __slots__ = ()

    #: The event's name in its saved form: the :attr:`Move.kind <rummy500.Move.kind>` of
    #: the move it records, where there is one.
    kind: ClassVar[str]
    #: How the event moves cards, as the reading of hidden cards follows them
    #: (:class:`~rummy500.hidden.knowledge.LogReader`): one of :data:`MOVES_NO_CARD` (the
    #: default), :data:`DEALS`, :data:`DRAWS`, :data:`TAKES`, :data:`PLAYS`, :data:`DISCARDS`
    #: and :data:`RESHUFFLES`.
    moves_cards: ClassVar[int] = 0
    #: Whether every player sees the event as it is: its class keeps :meth:`seen_by` as here.
    _public: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._public = cls.seen_by is Event.seen_by

    def text(self, *, ascii: bool = False) -> str:
        """The event's text form, with cards in Unicode (default) or ASCII."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the event shows (empty for events that show none)."""
        return ()

    def seen_by(self, player: int) -> Event:
        """The event as ``player`` saw it: the same event unless it shows a card they did not
        see, which is then left out."""
        return self


@attrs.frozen
class Dealt(Event):
    """A hand was dealt: each player's cards, the discard pile turned up, the stock's size.

    ``hands`` holds each player's dealt cards, or ``None`` where this is another player's
    hand as a player saw it; ``hand_sizes`` is public.
    """

    kind: ClassVar[str] = "deal"
    moves_cards: ClassVar[int] = DEALS
    #: The number of the hand, from 0.
    hand_number: int
    dealer: int
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    #: The discard pile as dealt, oldest first (the top card is the last).
    pile: tuple[Card, ...]
    stock_size: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*(c for hand in self.hands if hand is not None for c in hand), *self.pile)

    def seen_by(self, player: int) -> Dealt:
        hands = tuple(hand if p == player else None for p, hand in enumerate(self.hands))
        return self if hands == self.hands else attrs.evolve(self, hands=hands)

    def text(self, *, ascii: bool = False) -> str:
        held = ", ".join(
            f"P{p} {size} cards" if hand is None else f"P{p} {_cards(hand, ascii)}"
            for p, (hand, size) in enumerate(zip(self.hands, self.hand_sizes, strict=True))
        )
        return (
            f"hand {self.hand_number} dealt by P{self.dealer}: {held}; pile "
            f"{_cards(self.pile, ascii)}; stock {self.stock_size}"
        )


@attrs.frozen
class Drew(Event):
    """``player`` drew the top card of the stock: ``card``, or ``None`` as others saw it."""

    kind: ClassVar[str] = "draw"
    moves_cards: ClassVar[int] = DRAWS
    player: int
    card: Card | None

    @property
    def cards(self) -> tuple[Card, ...]:
        return () if self.card is None else (self.card,)

    def seen_by(self, player: int) -> Drew:
        if player == self.player or self.card is None:
            return self
        drawer = self.player
        if type(drawer) is int and 0 <= drawer < MAX_PLAYERS:
            return _HIDDEN_DRAWS[drawer]
        return Drew(drawer, None)

    def text(self, *, ascii: bool = False) -> str:
        if self.card is None:
            return f"P{self.player} draw"
        return f"P{self.player} draw {self.card.ascii if ascii else self.card}"


@attrs.frozen
class Took(Event):
    """``player`` took cards from the discard pile, the deepest first (the move ``take``)."""

    kind: ClassVar[str] = "take"
    moves_cards: ClassVar[int] = TAKES
    player: int
    taken: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.taken

    def text(self, *, ascii: bool = False) -> str:
        return f"P{self.player} {self.kind} {_cards(self.taken, ascii)}"


@attrs.frozen
class Called(Took):
    """``player`` called rummy, taking a missed card and every card above it."""

    kind: ClassVar[str] = "call"


@attrs.frozen
class Passed(Event):
    """``player`` let a chance to call rummy go by."""

    kind: ClassVar[str] = "pass"
    player: int

    def text(self, *, ascii: bool = False) -> str:
        return f"P{self.player} pass"


@attrs.frozen
class Declined(Event):
    """``player``, with the stock empty, took nothing from the pile: the hand ends."""

    kind: ClassVar[str] = "decline"
    player: int

    def text(self, *, ascii: bool = False) -> str:
        return f"P{self.player} decline"


@renamed_keywords(StateError)
@attrs.frozen
class Melded(Event):
    """``player`` laid down a new meld, which got the id ``meld_id``.

    Under ``join_melds`` a new run that continues a run on the table becomes part of it:
    ``joined`` is then the id of the meld it joined (the id ``meld_id`` is used up all the
    same), and ``None`` otherwise.
    """

    kind: ClassVar[str] = "meld"
    moves_cards: ClassVar[int] = PLAYS
    player: int
    melded: tuple[Card, ...]
    meld_id: int
    joined: int | None = None
    #: The old name of :attr:`meld_id` (deprecated: warns when read, or given to the
    #: constructor or :func:`attrs.evolve`).
    meld = renamed_attribute("meld_id")

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.melded

    def text(self, *, ascii: bool = False) -> str:
        tail = "" if self.joined is None else f", joined to {self.joined}"
        return f"P{self.player} meld {_cards(self.melded, ascii)} as {self.meld_id}{tail}"


@renamed_keywords(StateError)
@attrs.frozen
class LaidOff(Event):
    """``player`` laid cards off on the table meld with id ``meld_id`` (``high``: at a run's
    top end, as in :class:`~rummy500.Layoff`)."""

    kind: ClassVar[str] = "layoff"
    moves_cards: ClassVar[int] = PLAYS
    player: int
    meld_id: int
    laid: tuple[Card, ...]
    high: bool = False
    #: The old name of :attr:`meld_id` (deprecated: warns when read, or given to the
    #: constructor or :func:`attrs.evolve`).
    meld = renamed_attribute("meld_id")

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.laid

    def text(self, *, ascii: bool = False) -> str:
        tail = " high" if self.high else ""
        return f"P{self.player} layoff {self.meld_id} {_cards(self.laid, ascii)}{tail}"


@attrs.frozen
class Discarded(Event):
    """``player`` discarded ``card``, ending their turn."""

    kind: ClassVar[str] = "discard"
    moves_cards: ClassVar[int] = DISCARDS
    player: int
    card: Card

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def text(self, *, ascii: bool = False) -> str:
        return f"P{self.player} discard {self.card.ascii if ascii else self.card}"


@attrs.frozen
class Reshuffled(Event):
    """The stock ran out and the discard pile was shuffled into a new stock of ``stock_size``
    cards (under ``empty_stock`` reuse_pile)."""

    kind: ClassVar[str] = "reshuffle"
    moves_cards: ClassVar[int] = RESHUFFLES
    stock_size: int

    def text(self, *, ascii: bool = False) -> str:
        return f"pile turned over: stock {self.stock_size}"


@attrs.frozen
class HandEnded(Event):
    """The hand is over and scored.

    ``went_out`` is the player who went out (``None``: the stock ran out or the turn limit was
    reached); ``scores`` each side's score of the hand and ``totals`` the running totals after
    it. ``game_over`` says whether the game ended with it, and ``winner`` is the winning side
    (``None`` in a drawn game or while the game goes on).
    """

    kind: ClassVar[str] = "hand_over"
    hand_number: int
    went_out: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    game_over: bool = False
    winner: int | None = None

    def text(self, *, ascii: bool = False) -> str:
        out = "nobody out" if self.went_out is None else f"P{self.went_out} out"
        text = (
            f"hand {self.hand_number} over, {out}: scores {_numbers(self.scores)}; totals "
            f"{_numbers(self.totals)}"
        )
        if self.game_over:
            won = "drawn" if self.winner is None else f"won by side {self.winner}"
            text += f"; game {won}"
        return text


@attrs.frozen
class Abandoned(Event):
    """``player`` left and was not back in time: the game is over at once, with no winner.

    The hand in play, if any, is not scored: ``totals`` are the running totals of the hands
    finished (see :meth:`State.abandon <rummy500.State.abandon>`).
    """

    kind: ClassVar[str] = "abandon"
    player: int
    totals: tuple[int, ...]

    def text(self, *, ascii: bool = False) -> str:
        return f"P{self.player} left: game abandoned; totals {_numbers(self.totals)}"


@attrs.frozen
class Cancelled(Event):
    """The host cancelled the game: it is over at once, with no winner, and ``totals`` are those
    of the hands finished (see :meth:`State.cancel <rummy500.State.cancel>`)."""

    kind: ClassVar[str] = "cancel"
    totals: tuple[int, ...]

    def text(self, *, ascii: bool = False) -> str:
        return f"game cancelled by the host; totals {_numbers(self.totals)}"


#: The events of the package's own kinds of move and of play itself, by :attr:`Event.kind`, in
#: the order the information-state vectors give them (the registry of kinds of move adds the
#: events of any other kind after these: :data:`rummy500.play.moves.EVENT_KINDS`).
BUILT_IN_EVENTS: Final[dict[str, type[Event]]] = {
    cls.kind: cls
    for cls in (
        Dealt,
        Drew,
        Took,
        Called,
        Passed,
        Declined,
        Melded,
        LaidOff,
        Discarded,
        Reshuffled,
        HandEnded,
        # The early ends of a game come after the others: the kind columns of the
        # information-state rows keep their places.
        Abandoned,
        Cancelled,
    )
}


def event_problem(event: object, players: int) -> str | None:
    """What makes ``event`` impossible in the log of a ``players``-player game, or ``None``.

    An event must be one of the event classes, name only players of the game (as
    ``player``, ``dealer`` and ``went_out``), show only cards, and a deal deals one hand and
    one hand size to each player. The problem reads as the end of a sentence naming the event
    ("names a player who is not one of the 3 players"). What the event did is not checked
    (it is not replayed). Raises :class:`~rummy500.StateError` when ``players`` is not
    a number of players.
    """
    if not is_whole(players) or not 1 <= players <= MAX_PLAYERS:
        raise StateError(
            f"players must be a number of players from 1 to {MAX_PLAYERS}, not "
            f"{describe_value(players)}"
        )
    if not isinstance(event, Event):
        return f"is {describe_value(event)}, not an event"
    for name in ("player", "dealer", "went_out"):
        who = getattr(event, name, None)
        if who is not None and (not is_whole(who) or not 0 <= who < players):
            return f"names a player who is not one of the {players} players"
    if any(not isinstance(card, Card) for card in event.cards):
        return "shows something that is not a card"
    if isinstance(event, Dealt) and not (len(event.hands) == len(event.hand_sizes) == players):
        return (
            f"deals {len(event.hands)} hands with {len(event.hand_sizes)} sizes, not one of each "
            f"for the {players} players"
        )
    return None


def quoted_event(event: object) -> str:
    """`` ('P1 take 7H')``: the text of ``event`` (ASCII, at most 60 characters) to put in an
    error message after the event's place, or nothing for an event whose text cannot be
    written (a deal with fewer hand sizes than hands, say)."""
    try:
        text = event.text(ascii=True) if isinstance(event, Event) else None
    except (ValueError, TypeError, LookupError):
        text = None
    if text is None:
        return ""
    return f" ('{text if len(text) <= 60 else text[:57] + '...'}')"


# The log is read at every step of a bot's play: the events of play are built by setting their
# slots straight (see :func:`~rummy500.core.fastbuild.slot_builder`) rather than through attrs'
# frozen __init__. Their values come from positions and moves already checked, and the events
# are the same values as those the classes build.
trusted_drew: Final[Callable[[int, Card | None], Drew]] = slot_builder(Drew)
trusted_took: Final[Callable[[int, tuple[Card, ...]], Took]] = slot_builder(Took)
trusted_called: Final[Callable[[int, tuple[Card, ...]], Called]] = slot_builder(Called)
trusted_discarded: Final[Callable[[int, Card], Discarded]] = slot_builder(Discarded)
trusted_melded: Final[Callable[[int, tuple[Card, ...], int, int | None], Melded]] = slot_builder(
    Melded
)
trusted_laid_off: Final[Callable[[int, int, tuple[Card, ...], bool], LaidOff]] = slot_builder(
    LaidOff
)

#: Each seat's stock draw as the other players saw it: one value serves every such draw (a
#: view's log shows one at every draw of another player).
_HIDDEN_DRAWS: tuple[Drew, ...] = tuple(Drew(p, None) for p in range(MAX_PLAYERS))


def as_seen_by(events: tuple[Event, ...], player: int) -> tuple[Event, ...]:
    """``events`` as ``player`` saw them (each one's :meth:`Event.seen_by`): the events that
    look the same to every player are kept without a call."""
    return tuple([e if e._public else e.seen_by(player) for e in events])
