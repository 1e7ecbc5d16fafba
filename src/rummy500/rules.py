"""The rule configuration: every rule choice of the game as data.

A :class:`RuleConfig` is a frozen attrs class. Each rule choice is one field holding a small
value (an int, an enum member or a small frozen class), so a variant is a field change and the
engine reads every rule from exactly one place. Combinations that make no sense are rejected
when the config is built, with a :class:`~rummy500.errors.ConfigError` naming the fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Final

import attrs

from rummy500.cards import ACE, Card
from rummy500.errors import ConfigError

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "CardValues",
    "FirstDealer",
    "PlayerTable",
    "RuleConfig",
]

#: The fewest and most players any configuration may allow.
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8


class FirstDealer(Enum):
    """How the first dealer of a game is chosen: every player draws a card from the deck."""

    #: The lowest card deals, the ace counting low (Wikipedia, and the standard rules).
    LOWEST = "lowest"


def _pip_values() -> tuple[int, ...]:
    # Index by rank (0 unused, 1 ace, 11-13 faces): 2-9 at face value, 10 and faces 10.
    return (0, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


@attrs.frozen
class CardValues:
    """What each card is worth when scoring.

    ``by_rank[r]`` is the value of a card of rank ``r`` (1 = ace, 13 = king) wherever it lies,
    except an ace at the low end of a run (A-2-3...), which is worth ``low_ace``.
    """

    by_rank: tuple[int, ...] = attrs.field(factory=_pip_values)
    low_ace: int = 1
    joker: int = 15

    def __attrs_post_init__(self) -> None:
        if len(self.by_rank) != 14 or self.by_rank[0] != 0:
            raise ConfigError(
                "CardValues.by_rank holds 14 values indexed by rank: index 0 unused (0), "
                f"1 the ace, 13 the king; got {self.by_rank!r}"
            )
        if any(v < 0 for v in self.by_rank) or self.low_ace < 0 or self.joker < 0:
            raise ConfigError("CardValues: card values cannot be negative")

    @property
    def ace(self) -> int:
        """The value of an ace that is not at the low end of a run."""
        return self.by_rank[ACE]

    def points(self, card: int, *, low_ace: bool = False) -> int:
        """The value of ``card``; ``low_ace`` says the card is an ace at the low end of a run."""
        c = Card(card)
        if c.is_joker:
            return self.joker
        if low_ace and c.rank == ACE:
            return self.low_ace
        return self.by_rank[c.rank]

    @classmethod
    def traditional(cls) -> CardValues:
        """Ace 15 (1 at the low end of A-2-3), 2-9 their number, 10 and faces 10, joker 15."""
        return cls()


def _per_count(default: int, overrides: Mapping[int, int]) -> tuple[int, ...]:
    return tuple(overrides.get(n, default) for n in range(MAX_PLAYERS + 1))


@attrs.frozen
class PlayerTable:
    """A number for each player count from 2 to 8 (such as the deal size or the decks used).

    ``PlayerTable.of(7, {2: 13})`` is 13 for two players and 7 otherwise.
    """

    values: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        if len(self.values) != MAX_PLAYERS + 1:
            raise ConfigError(
                f"PlayerTable holds {MAX_PLAYERS + 1} values indexed by player count, "
                f"got {len(self.values)}"
            )

    @classmethod
    def of(cls, default: int, overrides: Mapping[int, int] | None = None) -> PlayerTable:
        """``default`` for every player count except those named in ``overrides``."""
        return cls(_per_count(default, overrides or {}))

    def __getitem__(self, players: int) -> int:
        return self.values[players]


def _standard_deal() -> PlayerTable:
    return PlayerTable.of(7, {2: 13})


def _standard_decks() -> PlayerTable:
    return PlayerTable.of(1, {5: 2, 6: 2, 7: 2, 8: 2})


@attrs.frozen
class RuleConfig:
    """Every rule choice of a game of Rummy 500. The defaults are the standard rules.

    Build a variant with :func:`attrs.evolve` or by naming fields:
    ``RuleConfig(target=1000)``. See :mod:`rummy500.presets` for the named rule sets.
    """

    #: The fewest and the most players the rules allow.
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    #: Cards dealt to each player, by player count.
    deal_size: PlayerTable = attrs.field(factory=_standard_deal)
    #: Standard 52-card decks shuffled together, by player count.
    decks: PlayerTable = attrs.field(factory=_standard_decks)
    #: What each card is worth.
    card_values: CardValues = attrs.field(factory=CardValues)
    #: The running total that ends the game when a player reaches it.
    target: int = 500
    #: How the first dealer is chosen.
    first_dealer: FirstDealer = FirstDealer.LOWEST

    def __attrs_post_init__(self) -> None:
        if not MIN_PLAYERS <= self.min_players <= self.max_players <= MAX_PLAYERS:
            raise ConfigError(
                f"min_players and max_players must satisfy {MIN_PLAYERS} <= min_players <= "
                f"max_players <= {MAX_PLAYERS}; got {self.min_players} and {self.max_players}"
            )
        if self.target <= 0:
            raise ConfigError(f"target must be a positive number of points, not {self.target}")
        for n in self.player_counts:
            if self.decks[n] < 1:
                raise ConfigError(f"decks: {n} players need at least one deck")
            if self.deal_size[n] < 1:
                raise ConfigError(f"deal_size: {n} players must be dealt at least one card")
            # The deal and the upcard must fit in the cards, leaving a stock of at least one.
            cards = 52 * self.decks[n]
            if n * self.deal_size[n] + 2 > cards:
                raise ConfigError(
                    f"deal_size and decks: dealing {self.deal_size[n]} cards to each of {n} "
                    f"players from {cards} cards leaves no upcard and stock"
                )

    @property
    def player_counts(self) -> range:
        """The player counts these rules allow."""
        return range(self.min_players, self.max_players + 1)

    def check_players(self, players: int) -> None:
        """Raise :class:`ConfigError` unless ``players`` is a count these rules allow."""
        if players not in self.player_counts:
            raise ConfigError(
                f"these rules are for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )

    def deck_size(self, players: int) -> int:
        """How many cards the game uses with ``players`` players."""
        return 52 * self.decks[players]
