"""Observation tensors: what one player sees, as a fixed-size array of numbers for learning.

Needs numpy (the ``rl`` extra: ``pip install '.[rl]'`` in a checkout).
:meth:`ObservationSpace.of` gives the layout for a :class:`~rummy500.RuleConfig` and a number
of players, and :meth:`ObservationSpace.observation` fills it from a
:class:`~rummy500.PlayerView`: only what that player may know goes in, so two states that differ
only in cards the player cannot see give the same array.

The array is one flat ``float32`` vector: first *card planes*, each one number per card column
(:data:`CARD_COLUMNS`: the 52 standard cards by id, then the joker), then *scalar features*.
Seats are counted from the viewer: seat 0 is the player whose view it is, seat 1 the next
player in turn order, and so on; a side (team) likewise. :meth:`ObservationSpace.layout` names
every part, and the "Observations" page of the documentation describes them one by one.
"""

from __future__ import annotations

import struct
from array import array
from functools import cache
from typing import Final

import attrs
import numpy as np
import numpy.typing as npt

from rummy500 import (
    Card,
    ConfigError,
    OwedUse,
    Phase,
    PlayerView,
    RuleConfig,
    State,
    StateError,
    TableMeld,
)
from rummy500._card_planes import _COLUMN, CARD_COLUMNS, _TablePlanes
from rummy500.core.errors import describe_value, is_count

__all__ = ["CARD_COLUMNS", "ObservationSpace", "Part", "VectorLayout"]


@attrs.frozen
class Part:
    """One named part of the observation vector: ``size`` numbers from ``start``.

    A card plane has ``size == CARD_COLUMNS``; ``what`` says what its numbers mean.
    """

    name: str
    start: int
    size: int
    what: str

    @property
    def stop(self) -> int:
        """Where the part ends (exclusive)."""
        return self.start + self.size


def _parts(players: int, sides: int) -> tuple[Part, ...]:
    """Every part of the vector for ``players`` players in ``sides`` scoring sides."""
    specs: list[tuple[str, int, str]] = [
        ("hand", CARD_COLUMNS, "how many of each card the viewer holds"),
        ("pile", CARD_COLUMNS, "how many of each card lie in the discard pile"),
        ("pile_top", CARD_COLUMNS, "1 for the top card of the pile"),
        (
            "pile_depth",
            CARD_COLUMNS,
            "for each card in the pile, its place from the top (1 for the top card) over the "
            "number of cards in the pile; the shallower copy where there are two",
        ),
        *(
            (
                f"table_seat_{k}",
                CARD_COLUMNS,
                f"the cards seat {k} put on the table (melded or laid off), each at the card it "
                "counts as (a joker at the card it stands for, a joker of a set of jokers in "
                "the joker column)",
            )
            for k in range(players)
        ),
        (
            "table_jokers",
            CARD_COLUMNS,
            "for each card, how many jokers on the table stand for it (a set of jokers in the "
            "joker column)",
        ),
        ("owed", CARD_COLUMNS, "1 for the card the player to move took and must still use"),
        ("kept", CARD_COLUMNS, "1 for the lone top discard taken and kept, not to be thrown"),
        ("phase", len(Phase), "one-hot: the phase, in the order of Phase"),
        ("to_move", players, "one-hot: the seat of the player to move (none when no one is)"),
        ("dealer", players, "one-hot: the seat of the dealer"),
        ("discarder", players, "one-hot: in the call phase, the seat whose discard may be called"),
        ("owed_use", len(OwedUse), "one-hot: how the owed card must be used (none without one)"),
        ("hand_sizes", players, "the number of cards each seat holds"),
        ("stock_size", 1, "the number of cards in the stock"),
        ("pile_size", 1, "the number of cards in the discard pile"),
        ("turn", 1, "the turns of this hand that are over"),
        ("hand_number", 1, "the number of the hand, from 0"),
        ("totals", sides, "each side's running total, the viewer's side first"),
    ]
    parts = []
    start = 0
    for name, size, what in specs:
        parts.append(Part(name, start, size, what))
        start += size
    return tuple(parts)


class VectorLayout:
    """What a space of vectors made of named parts answers about its layout (the
    observation's, and the information state's of :mod:`rummy500.infostate`)."""

    __slots__ = ()

    parts: tuple[Part, ...]
    size: int
    _index: dict[str, Part]

    @property
    def shape(self) -> tuple[int]:
        """The shape of every vector: ``(size,)``."""
        return (self.size,)

    def part(self, name: str) -> Part:
        """The part called ``name`` (see :meth:`layout`)."""
        part = self._index.get(name) if isinstance(name, str) else None
        if part is None:
            names = ", ".join(self._index)
            raise ConfigError(f"no part {describe_value(name)}: the parts are {names}")
        return part

    def layout(self) -> tuple[Part, ...]:
        """Every part, in order."""
        return self.parts


@attrs.frozen
class ObservationSpace(VectorLayout):
    """The observation vector's layout for a rule set and a number of players.

    Build it with :meth:`of`; :attr:`size` is the length of every vector it gives.
    """

    config: RuleConfig
    players: int
    parts: tuple[Part, ...] = attrs.field(repr=False)
    size: int = attrs.field(repr=False)
    _index: dict[str, Part] = attrs.field(repr=False, eq=False)
    _starts: dict[str, int] = attrs.field(repr=False, eq=False)
    _zeros: bytes = attrs.field(repr=False, eq=False)
    # Where the parts _fill writes start, in the order it reads them.
    _at: tuple[int, ...] = attrs.field(repr=False, eq=False)
    # The side of each seat.
    _sides: tuple[int, ...] = attrs.field(repr=False, eq=False)
    # The struct format of the float32 numbers of the parts from hand_sizes to the end (a
    # format, not a compiled Struct, which would not pickle nor copy; struct keeps it compiled).
    _tail: str = attrs.field(repr=False, eq=False)
    # The planes of the last few tables seen, newest first (see _fill).
    _tables: list[_TablePlanes] = attrs.field(factory=list, repr=False, eq=False)

    @classmethod
    def of(cls, config: RuleConfig, players: int) -> ObservationSpace:
        """The layout for ``config`` with ``players`` players (built once, then reused)."""
        if not isinstance(config, RuleConfig):
            raise ConfigError(
                f"an observation space needs a RuleConfig, not {describe_value(config)}"
            )
        config.check_players(players)
        return _space(config, players)

    def observation(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """What ``view``'s player sees, as a new ``float32`` vector of :attr:`size`.

        Raises :class:`~rummy500.StateError` when ``view`` is not a
        :class:`~rummy500.PlayerView`, and :class:`ValueError` for a view of another game.
        """
        check_view(view)
        config = view.config
        n = self.players
        if (config is not self.config and config != self.config) or len(view.hand_sizes) != n:
            raise ConfigError(
                f"this space is for {self.players} players under its own rules; the view is of "
                f"a {len(view.hand_sizes)}-player game"
                + ("" if view.config == self.config else " under other rules")
            )
        return self._fill(view.player, view.side, view.hand, view.hand_sizes, view)

    def observation_for(self, state: State, player: int) -> npt.NDArray[np.float32]:
        """The same vector as ``observation(state.view(player))``, without building the view
        (environments ask for one at every step): it reads the player's own hand and what is
        public, as the view holds them.

        Raises :class:`~rummy500.StateError` when ``state`` is not a
        :class:`~rummy500.State` or ``player`` is not one of its players.
        """
        if not isinstance(state, State):
            raise StateError(f"state must be a State, not {describe_value(state)}")
        n = self.players
        if (state.config is not self.config and state.config != self.config) or (
            state.players != n
        ):
            return self.observation(state.view(player))  # refused there, with the reason
        if not is_count(player, n):
            state.view(player)  # refused there, naming the players there are
        hands = state.hands
        return self._fill(player, self._sides[player], hands[player], tuple(map(len, hands)), state)

    def _fill(
        self,
        me: int,
        my_side: int,
        hand: tuple[Card, ...],
        hand_sizes: tuple[int, ...],
        public: State | PlayerView,
    ) -> npt.NDArray[np.float32]:
        """The vector of what player ``me`` sees: one place for both ways in. ``public`` is
        the state or the view, read only for what every player sees (under the same names)."""
        n = self.players
        pile = public.pile
        table = public.table
        owed = public.owed
        kept = public.kept
        mover = public.current_player
        discarder = public.discarder
        (
            hand_at,
            pile_at,
            top_at,
            depth_at,
            table_at,
            owed_at,
            kept_at,
            phase_at,
            to_move_at,
            dealer_at,
            discarder_at,
            owed_use_at,
            sizes_at,
        ) = self._at
        # Environments ask for a vector at every step, so it is filled number by number in a
        # C float array: for the few dozen numbers a position sets, that is several times
        # quicker than gathering indices for numpy.
        out = array("f", self._zeros)
        column = _COLUMN
        for c in hand:
            out[hand_at + column[c]] += 1
        if pile:
            # The pile holds a few cards and changes at every other move: it is filled in one
            # pass. Walking up from the bottom, a shallower copy of a card overwrites the
            # depth of a deeper one.
            size = len(pile)
            from_top = size
            for card in pile:
                at = column[card]
                out[pile_at + at] += 1
                out[depth_at + at] = from_top / size
                from_top -= 1
            out[top_at + column[pile[-1]]] = 1
        if table:
            # The table changes a few times a hand and is the costliest part to fill: its
            # planes are kept by owner for the last few tables seen, turned round to each
            # seat that asks, and copied in whole (the seats' planes, then table_jokers,
            # back to back).
            planes = self._table_planes(table).seen_from(me)
            out[table_at : table_at + len(planes)] = planes
        if owed is not None:
            out[owed_at + column[owed]] = 1
            # OwedUse and Phase are numbered from 0, in the order of their one-hot parts.
            out[owed_use_at + public.owed_use] = 1
        if kept is not None:
            out[kept_at + column[kept]] = 1
        out[phase_at + public.phase] = 1
        # Between hands (the deal) and once the game is over, no player is to move.
        if mover >= 0:
            out[to_move_at + (mover - me) % n] = 1
        out[dealer_at + (public.dealer - me) % n] = 1
        if discarder is not None:
            out[discarder_at + (discarder - me) % n] = 1
        totals = public.totals
        # The last parts, hand_sizes to totals, follow one another to the end of the vector:
        # they go in with one copy, each seat's and side's number turned round to the viewer.
        struct.pack_into(
            self._tail,
            out,
            4 * sizes_at,
            *hand_sizes[me:],
            *hand_sizes[:me],
            public.stock_size,
            len(pile),
            public.turn,
            public.hand_number,
            *totals[my_side:],
            *totals[:my_side],
        )
        return np.frombuffer(out, _FLOAT32)  # (the dtype given by position is quicker)

    def scaled(self, vector: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """``vector``, an observation of this space, as a new vector scaled for learning:
        every number from 0 to 1, and from -1 to 1 for ``totals`` (see
        :meth:`scaled_bounds`).

        The card counts are divided by the copies of a card the decks hold (decks and
        jokers), the hand, stock and pile sizes by the cards of the deck; ``turn``,
        ``hand_number`` and ``totals`` go through ``tanh(x / s)``, with ``s`` 50 turns,
        10 hands, and the ``target`` (or 100 points a hand of ``hands_per_game`` without
        one): they stay apart where games spend their time, however long the limits. The
        one-hot parts and ``pile_depth`` are as they were. Every step can be undone: nothing
        is lost but float precision.

        Raises :class:`~rummy500.ConfigError` when ``vector`` is not a numpy vector of
        :attr:`shape`.
        """
        if not isinstance(vector, np.ndarray) or vector.shape != self.shape:
            shown = vector.shape if isinstance(vector, np.ndarray) else describe_value(vector)
            raise ConfigError(
                f"scaled() takes an observation of this space, a numpy vector of shape "
                f"{self.shape}, not {shown}"
            )
        divisors, squashed = _scaling(self.config, self.players)
        out = np.divide(vector, divisors, dtype=_FLOAT32)
        np.tanh(out[squashed:], out=out[squashed:])
        return out

    def scaled_bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The least and greatest value of each number of a :meth:`scaled` vector: 0 and 1,
        -1 and 1 for ``totals`` (new arrays, as a ``Box`` space takes them)."""
        low = np.zeros(self.size, dtype=_FLOAT32)
        totals = self.part("totals")
        low[totals.start : totals.stop] = -1
        return low, np.ones(self.size, dtype=_FLOAT32)

    def _table_planes(self, table: tuple[TableMeld, ...]) -> _TablePlanes:
        for seen in self._tables:
            if seen.table is table:
                return seen
        tables = self._tables
        planes = _TablePlanes(table, self.players, tables[0] if tables else None)
        tables.insert(0, planes)
        del tables[_KEPT:]
        return planes


def check_view(view: object) -> None:
    """Refuse a ``view`` that is not a :class:`~rummy500.PlayerView` (every view is
    consistent: views are checked when they are built)."""
    if not isinstance(view, PlayerView):
        raise StateError(
            f"view must be a PlayerView, such as state.view(player), not {describe_value(view)}"
        )


_FLOAT32: Final = np.dtype(np.float32)
#: How many tables an observation space keeps the planes of: several environments of the
#: same rules in one process share the space.
_KEPT: Final = 4


#: The ``s`` of ``tanh(x / s)`` for ``turn`` and ``hand_number`` in a scaled vector, and the
#: points of a hand for ``totals`` in a game without a target.
_TURN_SCALE: Final = 50
_HAND_SCALE: Final = 10
_POINTS_A_HAND: Final = 100
#: The card planes that count cards, up to the copies of a card the decks hold.
_COUNTED: Final = ("hand", "pile", "table_jokers")


@cache
def _scaling(config: RuleConfig, players: int) -> tuple[npt.NDArray[np.float32], int]:
    """What :meth:`ObservationSpace.scaled` divides each number by, and where the numbers
    that then go through ``tanh`` start (``turn``, ``hand_number`` and ``totals`` close the
    vector)."""
    space = _space(config, players)
    copies = config.decks[players] + config.jokers(players)
    deck = config.deck_size(players)
    target = config.target
    # A game has a target or a number of hands (the rules refuse neither).
    points = target if target is not None else _POINTS_A_HAND * (config.hands_per_game or 1)
    by_part = {
        "hand_sizes": deck,
        "stock_size": deck,
        "pile_size": deck,
        "turn": _TURN_SCALE,
        "hand_number": _HAND_SCALE,
        "totals": points,
    }
    divisors = np.ones(space.size, dtype=_FLOAT32)
    for part in space.parts:
        if part.name in _COUNTED or part.name.startswith("table_seat_"):
            divisors[part.start : part.stop] = copies
        elif part.name in by_part:
            divisors[part.start : part.stop] = by_part[part.name]
    divisors.flags.writeable = False
    return divisors, space.part("turn").start


@cache
def _space(config: RuleConfig, players: int) -> ObservationSpace:
    config.check_players(players)
    parts = _parts(players, config.sides(players))
    starts = {part.name: part.start for part in parts}
    return ObservationSpace(
        config,
        players,
        parts,
        parts[-1].stop,
        {part.name: part for part in parts},
        starts,
        bytes(4 * parts[-1].stop),
        tuple(
            starts[name]
            for name in (
                "hand",
                "pile",
                "pile_top",
                "pile_depth",
                "table_seat_0",  # then every other seat's, then table_jokers
                "owed",
                "kept",
                "phase",
                "to_move",
                "dealer",
                "discarder",
                "owed_use",
                "hand_sizes",  # then the scalars to totals, the end of the vector
            )
        ),
        tuple(config.side_of(p, players) for p in range(players)),
        f"={parts[-1].stop - starts['hand_sizes']}f",
    )
