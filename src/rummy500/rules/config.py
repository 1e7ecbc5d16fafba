"""The rule configuration: every rule choice of the game as data.

A :class:`RuleConfig` is a frozen attrs class. Each rule choice is one field holding a small
value (an int, an enum member or a small frozen class, from :mod:`rummy500.rules.choices`), so a
variant is a field change and the engine reads every rule from exactly one place. Combinations
that make no sense are rejected when the config is built, with a :class:`~rummy500.ConfigError`
naming the fields.

Every field is also checked for its type when the config is built: a bool must be ``True`` or
``False``, a number a real ``int`` (not a bool, a float or a string), an enum field a member of
its enum or the member's value (``calling="none"`` is read as ``Calling.NONE``), and
``card_values``, ``deal_size`` and ``decks`` instances of their classes. Wrong types are
reported first, all together (see :mod:`rummy500.rules.fieldchecks`); the combinations are
checked once every type is right.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import attrs

from rummy500.core.cards import Card, make_deck
from rummy500.core.deprecation import module_aliases
from rummy500.core.errors import ConfigError, StateError, is_whole, problems_text, quote_value
from rummy500.rules.choices import (
    MAX_DECKS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Aces,
    Calling,
    CardValues,
    DeepestCard,
    EmptyStock,
    FirstDealer,
    PlayerTable,
)
from rummy500.rules.fieldchecks import field_problems, flag, instance, member, one_of, whole

# The rule choices are given here too, as before they had a module of their own: code that
# imports them from here keeps working.
__all__ = [
    "RuleConfig",
    "players_text",
]

# The names these enums had before 1.0, kept for a release (they did not follow their fields).
__getattr__ = module_aliases(
    __name__,
    {
        "AceRule": (lambda: Aces, "rummy500.Aces"),
        "CallRule": (lambda: Calling, "rummy500.Calling"),
    },
)


def _first_dealer(value: FirstDealer | str) -> FirstDealer:
    return cast(FirstDealer, member(FirstDealer, value))


def _aces(value: Aces | str) -> Aces:
    return cast(Aces, member(Aces, value))


def _deepest_card(value: DeepestCard | str) -> DeepestCard:
    return cast(DeepestCard, member(DeepestCard, value))


def _empty_stock(value: EmptyStock | str) -> EmptyStock:
    return cast(EmptyStock, member(EmptyStock, value))


def _calling(value: Calling | str) -> Calling:
    return cast(Calling, member(Calling, value))


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
    min_players: int = attrs.field(default=MIN_PLAYERS, metadata=whole("players"))
    max_players: int = attrs.field(default=MAX_PLAYERS, metadata=whole("players"))
    #: Players per team: 1 is everyone for themselves; 2 is partnerships (partners opposite).
    team_size: int = attrs.field(default=1, metadata=whole("players"))
    #: Cards dealt to each player, by player count.
    deal_size: PlayerTable = attrs.field(factory=_standard_deal, metadata=instance(PlayerTable))
    #: Standard 52-card decks shuffled together, by player count.
    decks: PlayerTable = attrs.field(factory=_standard_decks, metadata=instance(PlayerTable))
    #: Jokers added to each deck.
    jokers_per_deck: int = attrs.field(default=0, metadata=whole("jokers"))
    #: How the first dealer is chosen (a member, or its value such as ``"highest"``).
    first_dealer: FirstDealer = attrs.field(
        default=FirstDealer.LOWEST, converter=_first_dealer, metadata=one_of(FirstDealer)
    )

    # -- melds -------------------------------------------------------------------------------
    #: Where an ace may stand in a run (a member, or its value such as ``"high_only"``).
    aces: Aces = attrs.field(default=Aces.LOW_OR_HIGH, converter=_aces, metadata=one_of(Aces))
    #: Runs may pass through the ace (J-Q-K-A-2), each rank at most once.
    wrap_around: bool = attrs.field(default=False, metadata=flag())
    #: Jokers are wild (stand for any card). When not, they make sets of jokers only.
    jokers_wild: bool = attrs.field(default=True, metadata=flag())
    #: The most jokers one meld may hold (wild jokers).
    max_jokers_per_meld: int = attrs.field(default=1, metadata=whole("jokers"))
    #: A meld may be made of wild jokers only.
    joker_only_melds: bool = attrs.field(default=False, metadata=flag())
    #: A new run that continues a run on the table joins it into one meld.
    join_melds: bool = attrs.field(default=False, metadata=flag())

    # -- drawing -----------------------------------------------------------------------------
    #: The lone top card of the discard pile may be taken and kept without using it.
    keep_top_discard: bool = attrs.field(default=False, metadata=flag())
    #: What must happen to the deepest card taken from the discard pile (a member, or its
    #: value such as ``"new_meld"``).
    deepest_card: DeepestCard = attrs.field(
        default=DeepestCard.MELD_OR_LAY_OFF, converter=_deepest_card, metadata=one_of(DeepestCard)
    )
    #: What happens when the stock runs out (a member, or its value such as ``"reuse_pile"``).
    empty_stock: EmptyStock = attrs.field(
        default=EmptyStock.TAKE_OR_END, converter=_empty_stock, metadata=one_of(EmptyStock)
    )
    #: Calling rummy on a missed play (a member, or its value such as ``"none"``).
    calling: Calling = attrs.field(
        default=Calling.NONE, converter=_calling, metadata=one_of(Calling)
    )

    # -- going out and scoring ---------------------------------------------------------------
    #: The last card must be a discard: melding or laying off every card is illegal.
    discard_to_go_out: bool = attrs.field(default=False, metadata=flag())
    #: With discard_to_go_out: a player who melds every card floats, and the hand goes on.
    floating: bool = attrs.field(default=False, metadata=flag())
    #: Points added for the player who goes out.
    going_out_bonus: int = attrs.field(default=0, metadata=whole("points"))
    #: What each card is worth.
    card_values: CardValues = attrs.field(factory=CardValues, metadata=instance(CardValues))
    #: A set of four melded in one move scores double.
    four_of_a_kind_double: bool = attrs.field(default=False, metadata=flag())
    #: When a hand ends because the stock ran out, nobody subtracts the cards in hand.
    no_minus_at_stock_end: bool = attrs.field(default=False, metadata=flag())

    # -- winning -----------------------------------------------------------------------------
    #: The running total that ends the game when a player (or team) reaches it; ``None`` for
    #: none (then ``hands_per_game`` decides the length).
    target: int | None = attrs.field(default=500, metadata=whole("points", optional=True))
    #: Play exactly this many hands; the highest total then wins (``None``: no limit).
    hands_per_game: int | None = attrs.field(default=None, metadata=whole("hands", optional=True))
    #: A player wins only on a hand they go out on, with a total at or past the target.
    must_go_out_to_win: bool = attrs.field(default=False, metadata=flag())
    #: If several reach the target on one hand and one of them went out, that one wins.
    going_out_decides: bool = attrs.field(default=False, metadata=flag())
    #: The most turns in one hand; when reached, the hand ends as if the stock had run out.
    turn_limit: int = attrs.field(default=1000, metadata=whole("turns"))
    #: The most hands in one game; when that many have been played and the game is not won,
    #: the highest total wins, and a tie at the top is a draw (``winner`` stays ``None``).
    hand_limit: int = attrs.field(default=100, metadata=whole("hands"))

    def __attrs_post_init__(self) -> None:
        # Wrong types first, all at once: the combination checks compare numbers and members.
        problems = field_problems(self) or list(self._problems())
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
