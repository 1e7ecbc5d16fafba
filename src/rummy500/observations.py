"""Observation tensors: what one player sees, as a fixed-size array of numbers for learning.

Needs numpy (``pip install 'rummy500[rl]'``). :meth:`ObservationSpace.of` gives the layout for a
:class:`~rummy500.RuleConfig` and a number of players, and
:meth:`ObservationSpace.observation` fills it from a :class:`~rummy500.PlayerView`: only what
that player may know goes in, so two states that differ only in cards the player cannot see
give the same array.

The array is one flat ``float32`` vector: first *card planes*, each one number per card column
(:data:`CARD_COLUMNS`: the 52 standard cards by id, then the joker), then *scalar features*.
Seats are counted from the viewer: seat 0 is the player whose view it is, seat 1 the next
player in turn order, and so on; a side (team) likewise. :meth:`ObservationSpace.layout` names
every part, and the "Observations" page of the documentation describes them one by one.
"""

from __future__ import annotations

from functools import cache
from typing import Final

import attrs
import numpy as np
import numpy.typing as npt

from rummy500 import OwedUse, Phase, PlayerView, RuleConfig

__all__ = ["CARD_COLUMNS", "ObservationSpace", "Part"]

#: The card columns of a card plane: the 52 standard cards by id (``Card("AC")`` is 0,
#: ``Card("KS")`` is 51), then the joker (52).
CARD_COLUMNS: Final = 53
_JOKER_COLUMN: Final = 52


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


@attrs.frozen
class ObservationSpace:
    """The observation vector's layout for a rule set and a number of players.

    Build it with :meth:`of`; :attr:`size` is the length of every vector it gives.
    """

    config: RuleConfig
    players: int
    parts: tuple[Part, ...] = attrs.field(repr=False)
    size: int = attrs.field(repr=False)
    _index: dict[str, Part] = attrs.field(repr=False, eq=False)
    _starts: dict[str, int] = attrs.field(repr=False, eq=False)

    @classmethod
    def of(cls, config: RuleConfig, players: int) -> ObservationSpace:
        """The layout for ``config`` with ``players`` players (built once, then reused)."""
        return _space(config, players)

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
        """Every part, in order."""
        return self.parts

    def observation(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """What ``view``'s player sees, as a new ``float32`` vector of :attr:`size`."""
        if view.config != self.config or len(view.hand_sizes) != self.players:
            raise ValueError(
                f"this space is for {self.players} players under its own rules; the view is of "
                f"a {len(view.hand_sizes)}-player game"
                + ("" if view.config == self.config else " under other rules")
            )
        at = self._starts
        n = self.players
        me = view.player
        j = _JOKER_COLUMN  # every joker in a hand or the pile lies in this column
        # Most of the vector counts cards: gather every count's index, then count them at once.
        start = at["hand"]
        counts = [start + (c if c < j else j) for c in view.hand]
        pile = view.pile
        start = at["pile"]
        counts += [start + (c if c < j else j) for c in pile]
        table = at["table_seat_0"]  # the seats' table planes lie one after another
        jokers = at["table_jokers"]
        for meld in view.table:
            for card, owner in zip(meld.cards, meld.owners, strict=True):
                # On the table a joker counts as the card it stands for (card - 53).
                column = card if card < j else (j if card == j else card - j - 1)
                counts.append(table + (owner - me) % n * CARD_COLUMNS + column)
                if card >= j:
                    counts.append(jokers + column)
        owed = view.owed
        if owed is not None:
            counts.append(at["owed"] + (owed if owed < j else j))
            counts.append(at["owed_use"] + _OWED_USES.index(view.owed_use))
        kept = view.kept
        if kept is not None:
            counts.append(at["kept"] + (kept if kept < j else j))
        counts.append(at["phase"] + _PHASES.index(view.phase))
        mover = view.current_player
        # Between hands (the deal) and once the game is over, no player is to move.
        if mover >= 0:
            counts.append(at["to_move"] + (mover - me) % n)
        counts.append(at["dealer"] + (view.dealer - me) % n)
        if view.discarder is not None:
            counts.append(at["discarder"] + (view.discarder - me) % n)
        out = np.bincount(counts, minlength=self.size).astype(np.float32)
        # The other numbers are set in one go.
        where = [at["stock_size"], at["pile_size"], at["turn"], at["hand_number"]]
        values: list[float] = [view.stock_size, len(pile), view.turn, view.hand_number]
        if pile:
            where.append(at["pile_top"] + (pile[-1] if pile[-1] < j else j))
            values.append(1)
            depth = at["pile_depth"]
            size = len(pile)
            # Walking up from the bottom, a shallower copy of a card overwrites a deeper one.
            for from_top, card in zip(range(size, 0, -1), pile, strict=True):
                where.append(depth + (card if card < j else j))
                values.append(from_top / size)
        start = at["hand_sizes"]
        where += [start + (p - me) % n for p in range(n)]
        values += view.hand_sizes
        start = at["totals"]
        sides = len(view.totals)
        where += [start + (side - view.side) % sides for side in range(sides)]
        values += view.totals
        out[where] = values
        return out


#: The phases and the ways a card can be owed, in the order of their one-hot parts.
_PHASES: Final = tuple(Phase)
_OWED_USES: Final = tuple(OwedUse)


@cache
def _space(config: RuleConfig, players: int) -> ObservationSpace:
    config.check_players(players)
    parts = _parts(players, config.sides(players))
    return ObservationSpace(
        config,
        players,
        parts,
        parts[-1].stop,
        {part.name: part for part in parts},
        {part.name: part.start for part in parts},
    )
