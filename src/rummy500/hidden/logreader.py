"""Following a hand's log as one player saw it, one event at a time (:class:`LogReader`).

The reader keeps the cards each player is known to hold (taken from the pile and not played
since), the pile from the deal on, the hand's stocks (the deal's and each pile turned over, with
how many cards each player drew from each unseen and which were drawn in sight), and the cards
played since the pile was first turned over that their player was not known to hold. Memory
grows with the log by a constant per event.

:class:`~rummy500.hidden.knowledge.HiddenReading` reads those stocks and plays against a view;
:mod:`rummy500.hidden.knowledge` says what the log tells about the cards nobody sees.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rummy500.core.cards import Card
from rummy500.core.errors import StateError, describe_value, is_whole
from rummy500.hidden.attribution import Play
from rummy500.play.events import (
    DEALS,
    DISCARDS,
    DRAWS,
    PLAYS,
    RESHUFFLES,
    TAKES,
    Dealt,
    Discarded,
    Drew,
    Event,
    Took,
    event_problem,
)
from rummy500.rules.choices import MAX_PLAYERS

__all__ = ["LogReader"]


class _Stock:
    """One stock of the hand: the deal's (``cards`` is ``None``: its cards are not listed) or a
    pile turned over (``cards`` is that pile)."""

    __slots__ = ("at", "cards", "draws", "seen")

    def __init__(self, cards: Counter[Card] | None, draws: list[int], at: int) -> None:
        self.cards = cards
        #: How many cards each player drew from it unseen (the dealt hands included), less,
        #: for the deal's, the cards they played from it before the pile was turned over.
        self.draws = draws
        #: The cards drawn from it in sight (``None`` until one is: a long log of piles turned
        #: over keeps no empty counters); for the deal's, every copy seen before the pile was
        #: first turned over.
        self.seen: Counter[Card] | None = None
        #: The index in the log of the event that made it.
        self.at = at


class LogReader:
    """What a hand's log, as one player saw it, tells about the cards nobody sees: read one
    event at a time, for a log that grows.

    Give :meth:`read` the events, oldest first, all at once or as they come. :meth:`held` gives
    the cards each player is known to hold, and :class:`HiddenReading` the groups the hidden
    cards are dealt in. Memory grows with the log by a constant per event.
    """

    __slots__ = ("_known", "_pile", "_players", "_reveals", "_shown", "_stocks", "events")

    def __init__(self, players: int) -> None:
        if not is_whole(players) or not 1 <= players <= MAX_PLAYERS:
            raise StateError(
                f"players must be a number of players from 1 to {MAX_PLAYERS}, not "
                f"{describe_value(players)}"
            )
        self._players = players
        #: How many events it has read.
        self.events = 0
        #: Cards each player holds for sure, by the log alone (no card counted zero times).
        self._known: list[Counter[Card]] = [Counter() for _ in range(players)]
        #: The pile, followed from the deal so that a reshuffle says which cards became the
        #: stock; ``None`` for a log that does not start with the deal, which cannot say that.
        self._pile: list[Card] | None = None
        #: The hand's stocks, oldest first (none when the pile is not followed).
        self._stocks: list[_Stock] = []
        #: The cards played since the pile was first turned over that their player was not
        #: known to hold, oldest first (before, each is a card of the deal).
        self._reveals: list[Play] = []
        #: The players whose dealt hand the log shows.
        self._shown: set[int] = set()

    @property
    def players(self) -> int:
        """The number of players of the game whose log this reads."""
        return self._players

    def read(self, events: Iterable[Event]) -> None:
        """Read ``events``, the next events of the log (the first, for a new reader).

        Raises :class:`~rummy500.StateError`, having read none of them, when one is not
        an event of a game of the reader's number of players.
        """
        players = self._players
        try:
            events = tuple(events)
        except TypeError:
            raise StateError(
                f"events must be an iterable of events, not {describe_value(events)}"
            ) from None
        for i, event in enumerate(events):
            problem = event_problem(event, players)
            if problem is not None:
                raise StateError(f"events[{i}] {problem}")
        known = self._known
        pile = self._pile
        stocks = self._stocks
        at = self.events
        # Each event is read by how it moves cards (Event.moves_cards), not by its class: an
        # event that moves no card the reader cannot see is passed over.
        for event in events:
            moved = event.moves_cards
            if moved == DEALS:
                assert isinstance(event, Dealt)
                known = self._known = [Counter() for _ in range(players)]
                pile = self._pile = list(event.pile)
                stocks = self._stocks = [_Stock(None, list(event.hand_sizes), at)]
                # Of the deal's stock, what is seen is every copy first seen before the pile
                # is turned over: the pile and the reader's hand dealt, the cards played
                # unseen before and the reader's own draws.
                dealt = stocks[0].seen = Counter(event.pile)
                for hand in event.hands:
                    dealt.update(hand or ())
                # A player whose hand the reader saw dealt plays cards already counted.
                self._shown = {p for p, hand in enumerate(event.hands) if hand is not None}
                self._reveals = []
            elif moved == TAKES:
                assert isinstance(event, Took)
                known[event.player].update(event.taken)
                if pile is not None:
                    del pile[len(pile) - len(event.taken) :]
            elif moved in (PLAYS, DISCARDS):
                # An event that plays cards names the player who played them.
                player: int = getattr(event, "player")  # noqa: B009
                held = known[player]
                for card in event.cards:
                    physical = card.physical
                    count = held.get(physical, 0)
                    if count > 1:
                        held[physical] = count - 1
                    elif count:
                        del held[physical]
                    elif len(stocks) > 1:
                        p = player
                        era = len(stocks) - 1
                        self._reveals.append(Play(at, p, physical, era, stocks[era].draws[p]))
                    elif stocks:
                        # Before the pile is first turned over the card is one of the deal's:
                        # the player has one card of it fewer to play later.
                        stocks[0].draws[player] -= 1
                        first = stocks[0].seen
                        if first is not None and player not in self._shown:
                            first[physical] += 1
                if moved == DISCARDS and pile is not None:
                    assert isinstance(event, Discarded)
                    pile.append(event.card)
            elif moved == DRAWS and stocks:
                assert isinstance(event, Drew)
                newest = stocks[-1]
                if event.card is None:
                    newest.draws[event.player] += 1
                else:
                    if newest.seen is None:
                        newest.seen = Counter()
                    newest.seen[event.card] += 1
            elif moved == RESHUFFLES and pile is not None:
                stocks.append(_Stock(Counter(pile), [0] * players, at))
                pile = self._pile = []
            at += 1
        self.events = at

    def held(
        self, playing: bool, mover: int, owed: Card | None, kept: Card | None
    ) -> list[Counter[Card]]:
        """The cards each player is known to hold, as counters (the reader's own where nothing
        is added: read them, do not change them). ``playing`` says the hand is in play, with
        ``mover`` to move and ``owed`` and ``kept`` the cards owed and kept this turn (taken
        from the pile in plain sight). Raises :class:`~rummy500.StateError` for
        arguments of the wrong type."""
        if not isinstance(playing, bool):
            raise StateError(f"playing must be True or False, not {describe_value(playing)}")
        if not is_whole(mover):
            raise StateError(f"mover must be a player's number, not {describe_value(mover)}")
        for name, taken in (("owed", owed), ("kept", kept)):
            if taken is not None and not isinstance(taken, Card):
                raise StateError(f"{name} must be a Card or None, not {describe_value(taken)}")
        out = list(self._known)
        if playing:
            for taken in (owed, kept):
                if taken is not None and taken not in out[mover]:
                    if out[mover] is self._known[mover]:
                        out[mover] = out[mover].copy()
                    out[mover][taken] = 1
        return out
