"""Information-state tensors: what one player knows of the hand so far, as a fixed-size array.

Needs numpy (the ``rl`` extra: ``pip install '.[rl]'`` in a checkout).
:meth:`InformationStateSpace.of` gives the layout for a :class:`~rummy500.RuleConfig`, a
number of players and a ``history`` length, and
:meth:`InformationStateSpace.information_state` fills it from a :class:`~rummy500.PlayerView`.
As with :mod:`rummy500.observations`, only what that player may know goes in: two states that
differ only in cards the player cannot see give the same array.

The array is one flat ``float32`` vector. It starts with the observation vector of
:class:`~rummy500.observations.ObservationSpace`, part for part (the same names, starts and
sizes), and goes on with *history parts* read from the log of the hand as the player saw it
(:attr:`PlayerView.log <rummy500.PlayerView.log>`):

* whole-hand summaries, one per seat (seats counted from the viewer, as in the observation):
  the cards each seat took from the discard pile (by ``take`` or ``call``), the cards each seat
  discarded, the cards each seat is known to hold still (taken from the pile and not played
  since, as :func:`rummy500.toolkit.known_cards` reads them with ``public=True``: for the
  viewer's own seat too, what the other players know of their hand), and each seat's stock
  draws; and the cards the viewer drew from the stock (the viewer's own draws only: nobody sees
  another player's);
* the last ``history`` events of the hand, newest first, one fixed-width row each: the acting
  seat one-hot (the dealer for a deal, the player who left for an abandoned game; none for the
  pile turned over, the hand's end or a cancelled game), the
  event's kind one-hot (in the order of :data:`EVENT_KINDS`), and a card plane of the cards the
  event shows this player; rows past the start of the hand are zeros. Then the number of
  events of the hand so far.

**What the tensor keeps.** Its size is fixed, so it is not a full record of the hand: it holds
every event of the last ``history`` exactly, and of the events before them only what the
summaries keep (which cards each seat took, threw and still holds from the pile, and how many
times each drew). A hand can last up to ``turn_limit`` turns of several events each, far more
than the default window of :data:`HISTORY` events. For perfect recall of longer stretches, ask
for a longer window: ``InformationStateSpace.of(config, players, history=200)``, up to
:data:`MAX_HISTORY` events. The text of
:meth:`State.information_state_string <rummy500.State.information_state_string>` always holds
the whole log.
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import Final

import attrs
import numpy as np
import numpy.typing as npt

from rummy500 import ConfigError, PlayerView, RuleConfig, State
from rummy500.core.errors import describe_value, is_count, is_whole
from rummy500.observations import CARD_COLUMNS, ObservationSpace, Part, VectorLayout, check_view
from rummy500.toolkit import EVENT_CLASSES, KnownCardsReader

__all__ = ["EVENT_KINDS", "HISTORY", "MAX_HISTORY", "InformationStateSpace"]

#: The number of recent events an :class:`InformationStateSpace` holds unless told otherwise.
HISTORY: Final = 24
#: The longest window of events a space holds. Every vector is a new copy of the window (one row
#: of ``players + 66`` numbers an event), and a space keeps the windows of its last few logs
#: for each player: 4096 events make a vector of about 1.2 MB with 8 players, where a hand of
#: random play runs to about a hundred events. (A billion rows would not fit in memory.)
MAX_HISTORY: Final = 4096

#: The kinds of event, in the order of the kind one-hot of an event row (each is the
#: :attr:`Event.kind <rummy500.events.Event.kind>` of one class of
#: :data:`rummy500.toolkit.EVENT_CLASSES`, the registry's order).
EVENT_KINDS: Final = tuple(EVENT_CLASSES)
_JOKER_COLUMN: Final = CARD_COLUMNS - 1
#: How many of each player's logs a space keeps what it read of: as many lines of play (games
#: stepped in turns, say) each go on reading only their new events.
_KEPT: Final = 4


def _history_specs(players: int, history: int) -> list[tuple[str, int, str]]:
    """The history parts for ``players`` players and a window of ``history`` events."""
    row = players + len(EVENT_KINDS) + CARD_COLUMNS
    return [
        *(
            (
                f"taken_seat_{k}",
                CARD_COLUMNS,
                f"the cards seat {k} took from the discard pile this hand (take or call)",
            )
            for k in range(players)
        ),
        *(
            (f"discarded_seat_{k}", CARD_COLUMNS, f"the cards seat {k} discarded this hand")
            for k in range(players)
        ),
        *(
            (
                f"held_seat_{k}",
                CARD_COLUMNS,
                f"the cards seat {k} is known to hold: taken from the pile this hand and not "
                "played since",
            )
            for k in range(players)
        ),
        ("stock_draws", players, "the number of cards each seat drew from the stock this hand"),
        ("drawn", CARD_COLUMNS, "the cards the viewer drew from the stock this hand"),
        ("events", 1, "the number of events of the hand so far"),
        *(
            (
                f"event_{i}",
                row,
                f"event {i} counting back from the newest (event_0 is the newest): the acting "
                f"seat one-hot ({players}), the kind one-hot in the order of EVENT_KINDS "
                f"({len(EVENT_KINDS)}), the cards it shows the viewer ({CARD_COLUMNS}); zeros "
                "before the start of the hand",
            )
            for i in range(history)
        ),
    ]


@attrs.frozen
class InformationStateSpace(VectorLayout):
    """The information-state vector's layout for a rule set, a number of players and a window
    of ``history`` events.

    Build it with :meth:`of`; :attr:`size` is the length of every vector it gives. The
    observation's parts come first, then the history parts (see the module's description).
    """

    config: RuleConfig
    players: int
    history: int
    #: The observation space whose vector is the first part of every vector of this space.
    observations: ObservationSpace = attrs.field(repr=False)
    parts: tuple[Part, ...] = attrs.field(repr=False)
    size: int = attrs.field(repr=False)
    _index: dict[str, Part] = attrs.field(repr=False, eq=False)
    #: An event row of zeros, as bytes.
    _row_zeros: bytes = attrs.field(repr=False, eq=False)
    #: The row of an event that shows no card, as bytes, by its acting seat (-1 for none) and
    #: its kind.
    _row_bases: dict[tuple[int, str], bytes] = attrs.field(repr=False, eq=False)
    #: Where the planes taken, discarded, stock draws, drawn and held start, counted from the
    #: first history part.
    _starts: tuple[int, int, int, int, int] = attrs.field(repr=False, eq=False)
    #: What the space read of the last logs it was given for each player, the most recent
    #: first (see :meth:`_join`).
    _summaries: dict[int, list[_Summary]] = attrs.field(
        init=False, factory=dict, repr=False, eq=False
    )

    @classmethod
    def of(
        cls, config: RuleConfig, players: int, *, history: int = HISTORY
    ) -> InformationStateSpace:
        """The layout for ``config`` with ``players`` players, holding the last ``history``
        events of the hand, from 0 to :data:`MAX_HISTORY` (built once, then reused).

        Raises :class:`~rummy500.ConfigError` for an argument of the wrong type, a number of
        players the rules do not allow, or a ``history`` out of that range.
        """
        if not isinstance(config, RuleConfig):
            raise ConfigError(f"config must be a RuleConfig, not {describe_value(config)}")
        if not is_whole(players):
            raise ConfigError(f"players must be a whole number, not {describe_value(players)}")
        if not is_count(history):
            raise ConfigError(
                f"history must be a number of events, 0 or more, not {describe_value(history)}"
            )
        if history > MAX_HISTORY:
            raise ConfigError(
                f"history must be at most {MAX_HISTORY} events, not {describe_value(history)}"
            )
        return _space(config, players, history)

    def information_state(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """What ``view``'s player knows, as a new ``float32`` vector of :attr:`size`.

        Raises :class:`~rummy500.StateError` when ``view`` is not a
        :class:`~rummy500.PlayerView`, and :class:`ValueError` for a view of another game.
        """
        check_view(view)
        observed = self.observations.observation(view)  # refuses a view of another game
        return self._join(observed, view, view.player)

    def information_state_for(self, state: State, player: int) -> npt.NDArray[np.float32]:
        """The same vector as ``information_state(state.view(player))``, without the view.

        The observation part is read from the state directly, as
        :meth:`ObservationSpace.observation_for
        <rummy500.observations.ObservationSpace.observation_for>` does; the history parts
        from the log as the player saw it (:meth:`State.seen_log
        <rummy500.play.position.Position.seen_log>`). Raises
        :class:`~rummy500.StateError` when ``state`` is not a :class:`~rummy500.State`
        or ``player`` is not one of its players.
        """
        observed = self.observations.observation_for(state, player)  # refuses as a view would
        return self._join(observed, state, player)

    def _join(
        self,
        observed: npt.NDArray[np.float32],
        position: State | PlayerView,
        me: int,
    ) -> npt.NDArray[np.float32]:
        """The observation ``observed`` followed by the history parts of player ``me`` at
        ``position`` (a state, or that player's view).

        The space keeps, for each player, what it read of the last :data:`_KEPT` logs it was
        given for them. When the log now starts with one of those, as along a line of play (or
        a few lines stepped in turns), only the new events are read; otherwise (a new hand, a
        move taken back, a position of yet another line) the whole log is. The cost of a call
        so grows with the events added since the last one, not with the hand.
        """
        log = position.log if isinstance(position, PlayerView) else position.seen_log(me)
        # Taken out while they are read, so that two threads never read into the same summary
        # (the other reads the log afresh) and an error leaves none half read.
        kept = self._summaries.pop(me, None) or []
        for i, summary in enumerate(kept):
            if log[: summary.reader.events] == summary.log:
                del kept[i]
                break
        else:
            summary = _Summary(self)
            del kept[_KEPT - 1 :]
        new = log[summary.reader.events :]
        summary.log = log
        summary.reader.read(new)
        n = self.players
        planes = summary.planes
        rows: list[bytes] = []  # the rows of the new events in the window, oldest first
        row_bases = self._row_bases
        cards_start = n + len(EVENT_KINDS)
        taken, discarded, draws, drawn, held = self._starts
        first_row = len(new) - self.history  # the first of the new events with a row
        for i, event in enumerate(new):
            kind = event.kind
            # The acting seat, counted from ``me`` (the dealer of a deal; none, -1, for an event
            # of no player: the pile turned over, the end of the hand, a cancelled game).
            actor = getattr(event, "dealer" if kind == "deal" else "player", None)
            seat: int = -1 if actor is None else (actor - me) % n
            shown = event.cards
            if kind == "take" or kind == "call":
                start = taken + seat * CARD_COLUMNS
                for c in shown:
                    planes[start + min(c, _JOKER_COLUMN)] += 1
            elif kind == "discard":
                start = discarded + seat * CARD_COLUMNS
                for c in shown:
                    planes[start + min(c, _JOKER_COLUMN)] += 1
            elif kind == "draw":
                planes[draws + seat] += 1
                if seat == 0:
                    for c in shown:
                        planes[drawn + min(c, _JOKER_COLUMN)] += 1
            if i >= first_row:
                base = row_bases[seat, kind]
                if shown:
                    row = array("f", base)
                    for c in shown:
                        row[cards_start + min(c, _JOKER_COLUMN)] += 1
                    base = row.tobytes()
                rows.append(base)
        out = array("f", planes)
        for p, known in enumerate(summary.reader.counts(position)):
            if known:
                start = held + (p - me) % n * CARD_COLUMNS
                for c, count in known.items():
                    out[start + min(c, _JOKER_COLUMN)] += count
        out[-1] = len(log)
        window = summary.window
        if rows:
            rows.reverse()
            window = summary.window = b"".join((*rows, window))[: len(window)]
        kept.insert(0, summary)  # the most recent first
        self._summaries[me] = kept
        # One copy of the three pieces into a new buffer, which the vector owns.
        return np.frombuffer(bytearray().join((observed.data, out, window)), dtype=np.float32)


class _Summary:
    """What an :class:`InformationStateSpace` read of one player's log of the hand: the whole
    hand's planes and counts, what :class:`~rummy500.toolkit.KnownCardsReader` keeps, and the
    rows of the last events."""

    __slots__ = ("log", "planes", "reader", "window")

    def __init__(self, space: InformationStateSpace) -> None:
        #: The log read so far.
        self.log: tuple[object, ...] = ()
        self.reader = KnownCardsReader(space.players)
        #: The history parts up to the number of events, from the events read so far (the
        #: held planes are left empty: they depend on the position too).
        self.planes = array("f", bytes(4 * (space.part("events").stop - space.observations.size)))
        #: The event rows of the window, newest first, as bytes (rows of zeros before the
        #: start of the hand).
        self.window = space._row_zeros * space.history


@cache
def _space(config: RuleConfig, players: int, history: int) -> InformationStateSpace:
    observations = ObservationSpace.of(config, players)  # checks the number of players
    parts = list(observations.layout())
    start = observations.size
    for name, size, what in _history_specs(players, history):
        parts.append(Part(name, start, size, what))
        start += size
    index = {part.name: part for part in parts}
    names = ("taken_seat_0", "discarded_seat_0", "stock_draws", "drawn", "held_seat_0")
    a, b, c, d, e = (index[name].start - observations.size for name in names)
    starts = (a, b, c, d, e)
    row_size = players + len(EVENT_KINDS) + CARD_COLUMNS
    row_bases: dict[tuple[int, str], bytes] = {}
    for seat in range(-1, players):
        for k, kind in enumerate(EVENT_KINDS):
            row = array("f", bytes(4 * row_size))
            if seat >= 0:
                row[seat] = 1
            row[players + k] = 1
            row_bases[seat, kind] = row.tobytes()
    return InformationStateSpace(
        config,
        players,
        history,
        observations,
        tuple(parts),
        start,
        index,
        bytes(4 * row_size),
        row_bases,
        starts,
    )
