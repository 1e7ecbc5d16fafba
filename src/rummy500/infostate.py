"""Information-state tensors: what one player knows of the hand so far, as a fixed-size array.

Needs numpy (``pip install 'rummy500[rl]'``). :meth:`InformationStateSpace.of` gives the layout
for a :class:`~rummy500.RuleConfig`, a number of players and a ``history`` length, and
:meth:`InformationStateSpace.information_state` fills it from a :class:`~rummy500.PlayerView`.
As with :mod:`rummy500.observations`, only what that player may know goes in: two states that
differ only in cards the player cannot see give the same array.

The array is one flat ``float32`` vector. It starts with the observation vector of
:class:`~rummy500.observations.ObservationSpace`, part for part (the same names, starts and
sizes), and goes on with *history parts* read from the log of the hand as the player saw it
(:attr:`PlayerView.log <rummy500.state.PlayerView.log>`):

* whole-hand summaries, one per seat (seats counted from the viewer, as in the observation):
  the cards each seat took from the discard pile (by ``take`` or ``call``), the cards each seat
  discarded, the cards each seat is known to hold still (taken from the pile and not played
  since, as :func:`rummy500.known_cards` reads them with ``public=True``: for the viewer's own
  seat too, what the other players know of their hand), and each seat's stock draws; and the
  cards the viewer drew from the stock (the viewer's own draws only: nobody sees another
  player's);
* the last ``history`` events of the hand, newest first, one fixed-width row each: the acting
  seat one-hot (the dealer for a deal; none for the pile turned over or the hand's end), the
  event's kind one-hot (in the order of :data:`EVENT_KINDS`), and a card plane of the cards the
  event shows this player; rows past the start of the hand are zeros. Then the number of
  events of the hand so far.

**What the tensor keeps.** Its size is fixed, so it is not a full record of the hand: it holds
every event of the last ``history`` exactly, and of the events before them only what the
summaries keep (which cards each seat took, threw and still holds from the pile, and how many
times each drew). A hand can last up to ``turn_limit`` turns of several events each, far more
than the default window of :data:`HISTORY` events. For perfect recall of longer stretches, ask
for a longer window: ``InformationStateSpace.of(config, players, history=200)``. The text of
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

from rummy500 import PlayerView, RuleConfig, State, known_cards
from rummy500.observations import CARD_COLUMNS, ObservationSpace, Part

__all__ = ["EVENT_KINDS", "HISTORY", "InformationStateSpace"]

#: The number of recent events an :class:`InformationStateSpace` holds unless told otherwise.
HISTORY: Final = 24

#: The kinds of event, in the order of the kind one-hot of an event row (each is the
#: :attr:`Event.kind <rummy500.events.Event.kind>` of one class of :mod:`rummy500.events`).
EVENT_KINDS: Final = (
    "deal",
    "draw",
    "take",
    "call",
    "pass",
    "decline",
    "meld",
    "layoff",
    "discard",
    "reshuffle",
    "hand_over",
)
_KIND_INDEX: Final = {kind: i for i, kind in enumerate(EVENT_KINDS)}
_JOKER_COLUMN: Final = CARD_COLUMNS - 1


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
class InformationStateSpace:
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
    _zeros: bytes = attrs.field(repr=False, eq=False)

    @classmethod
    def of(
        cls, config: RuleConfig, players: int, *, history: int = HISTORY
    ) -> InformationStateSpace:
        """The layout for ``config`` with ``players`` players, holding the last ``history``
        events of the hand (built once, then reused)."""
        if isinstance(history, bool) or not isinstance(history, int) or history < 0:
            raise ValueError(f"history must be a number of events, 0 or more, not {history!r}")
        return _space(config, players, history)

    @property
    def shape(self) -> tuple[int]:
        """The shape of every vector: ``(size,)``."""
        return (self.size,)

    def part(self, name: str) -> Part:
        """The part called ``name`` (see :meth:`layout`)."""
        try:
            return self._index[name]
        except KeyError:
            names = ", ".join(self._index)
            raise KeyError(f"no part {name!r}: the parts are {names}") from None

    def layout(self) -> tuple[Part, ...]:
        """Every part, in order: the observation's, then the history parts."""
        return self.parts

    def information_state(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """What ``view``'s player knows, as a new ``float32`` vector of :attr:`size`."""
        observed = self.observations.observation(view)  # refuses a view of another game
        return np.concatenate((observed, self._history(view)))

    def information_state_for(self, state: State, player: int) -> npt.NDArray[np.float32]:
        """The same vector as ``information_state(state.view(player))``.

        The observation part is read from the state directly, as
        :meth:`ObservationSpace.observation_for
        <rummy500.observations.ObservationSpace.observation_for>` does; the history parts
        from the player's view (whose legal moves the state keeps once listed).
        """
        observed = self.observations.observation_for(state, player)  # refuses as a view would
        return np.concatenate((observed, self._history(state.view(player))))

    def _history(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """The history parts of ``view``, as a vector of their own."""
        n = self.players
        me = view.player
        log = view.log
        out = array("f", self._zeros)
        # The history parts in their order, from 0 (the observation comes before them).
        base = self.observations.size
        taken = self._index["taken_seat_0"].start - base
        discarded = self._index["discarded_seat_0"].start - base
        held = self._index["held_seat_0"].start - base
        draws = self._index["stock_draws"].start - base
        drawn = self._index["drawn"].start - base
        kinds = n
        cards = n + len(EVENT_KINDS)
        row_size = cards + CARD_COLUMNS
        rows = self._index["events"].start + 1 - base
        for event in log:
            kind = event.kind
            if kind == "take" or kind == "call":
                start = taken + _seat(event, kind, me, n) * CARD_COLUMNS
                for c in event.cards:
                    out[start + min(c, _JOKER_COLUMN)] += 1
            elif kind == "discard":
                start = discarded + _seat(event, kind, me, n) * CARD_COLUMNS
                for c in event.cards:
                    out[start + min(c, _JOKER_COLUMN)] += 1
            elif kind == "draw":
                seat = _seat(event, kind, me, n)
                out[draws + seat] += 1
                if seat == 0:
                    for c in event.cards:
                        out[drawn + min(c, _JOKER_COLUMN)] += 1
        for p, cards_held in enumerate(known_cards(view, public=True)):
            start = held + (p - me) % n * CARD_COLUMNS
            for c in cards_held:
                out[start + min(c, _JOKER_COLUMN)] += 1
        out[rows - 1] = len(log)
        for i, event in enumerate(reversed(log[max(0, len(log) - self.history) :])):
            row = rows + i * row_size
            kind = event.kind
            if kind not in ("reshuffle", "hand_over"):
                out[row + _seat(event, kind, me, n)] = 1
            out[row + kinds + _KIND_INDEX[kind]] = 1
            for c in event.cards:
                out[row + cards + min(c, _JOKER_COLUMN)] += 1
        return np.frombuffer(out, dtype=np.float32)


def _seat(event: object, kind: str, me: int, players: int) -> int:
    """The seat, counted from ``me``, of the player who acted in ``event`` (of kind ``kind``;
    the dealer of a deal)."""
    player = getattr(event, "dealer" if kind == "deal" else "player")
    assert isinstance(player, int)
    return (player - me) % players


@cache
def _space(config: RuleConfig, players: int, history: int) -> InformationStateSpace:
    observations = ObservationSpace.of(config, players)  # checks the number of players
    parts = list(observations.layout())
    start = observations.size
    for name, size, what in _history_specs(players, history):
        parts.append(Part(name, start, size, what))
        start += size
    return InformationStateSpace(
        config,
        players,
        history,
        observations,
        tuple(parts),
        start,
        {part.name: part for part in parts},
        bytes(4 * (start - observations.size)),
    )
