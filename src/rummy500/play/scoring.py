"""Scoring: card points, a hand's score for each side, and when the game ends and who wins.

Every player scores every hand: the cards they put on the table (melded or laid off, on
anyone's meld) count for them, and the cards still in their hand count against them. A hand
can score below zero, and so can a running total. In a partnership game a team's score is the
sum of its players' scores, and each team keeps one running total: players and teams are both
*sides*.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, cast

from rummy500.core.cards import Card
from rummy500.core.errors import ConfigError, StateError, describe_value, is_whole
from rummy500.melds.table import TableMeld, end_aces
from rummy500.rules.choices import MAX_PLAYERS, CardValues
from rummy500.rules.config import RuleConfig

__all__ = [
    "GameResult",
    "PlayerScore",
    "game_result",
    "hand_points",
    "hand_scores",
    "player_scores",
    "score_breakdown",
    "side_scores",
    "table_points",
    "winner",
]


def table_points(values: CardValues, table: Sequence[TableMeld], players: object) -> list[int]:
    """The points each of ``players`` players has on ``table``, checked: what
    :func:`rummy500.toolkit.table_points` documents and hands on here.

    ``players`` is read as a plain object: compiled, an ``int`` parameter would refuse a
    wrongly typed argument with a bare TypeError before the check that names it.
    """
    if not isinstance(values, CardValues):
        raise ConfigError(
            f"table_points' values are a RuleConfig's card_values, not {describe_value(values)}"
        )
    if not is_whole(players) or not 1 <= players <= MAX_PLAYERS:
        raise ConfigError(
            f"table_points' players must be a whole number from 1 to {MAX_PLAYERS}, not "
            f"{describe_value(players)}"
        )
    try:
        return _table_points(values, table, players)
    except (AttributeError, IndexError, TypeError):
        # Only a bad table costs this second pass, which names what is wrong with it.
        _check_table(table, players, "table_points' table")
        raise


def _check_table(table: object, players: int, name: str) -> None:
    """Refuse a ``table`` (named ``name``) that is not a sequence of table melds, each put down
    by ``players`` players at most."""
    if isinstance(table, str) or not isinstance(table, Sequence):
        raise StateError(f"{name} is a sequence of TableMeld, not {describe_value(table)}")
    for i, meld in enumerate(table):
        if not isinstance(meld, TableMeld):
            raise StateError(f"{name}[{i}] is a TableMeld, not {describe_value(meld)}")
        if max(meld.owners) >= players:
            raise StateError(
                f"{name}[{i}] has a card put down by player {max(meld.owners)}, but there are "
                f"{players} players"
            )


def _table_points(values: CardValues, table: Sequence[TableMeld], players: int) -> list[int]:
    """:func:`table_points` of arguments known to be right."""
    totals = [0] * players
    by_card = values.by_card
    for meld in table:
        cards = meld.cards
        owners = meld.owners
        owner = owners[0]
        factor = 2 if meld.doubled else 1
        pts = 0
        # Cards read as plain ints: compiled, the indexing is native.
        for i in range(len(cards)):
            card: int = cards[i]
            card_owner = owners[i]
            if card_owner == owner:
                pts += by_card[card]
            else:
                totals[card_owner] += factor * by_card[card]
        totals[owner] += factor * pts
        if meld.is_run:
            # An ace at an end of a run scores for whoever put it there (a run is never doubled).
            first, last = end_aces(meld, values)
            totals[owner] += first
            totals[owners[-1]] += last
    return totals


def hand_points(values: CardValues, hand: Sequence[int]) -> int:
    """What the cards left in a hand count against their holder (an ace at its plain value)."""
    return sum(map(values.by_card.__getitem__, hand))


class PlayerScore(NamedTuple):
    """One player's score for a finished hand, part by part.

    ``table`` is what the cards they put on the table score; ``hand`` what the cards left in
    their hand count; ``subtracted`` whether those count against them this hand (not when the
    stock ran out under ``no_minus_at_stock_end``); ``bonus`` the going-out bonus, for the
    player who went out. :attr:`score` puts them together.
    """

    table: int
    hand: int
    bonus: int
    subtracted: bool

    @property
    def score(self) -> int:
        """The player's score for the hand: table points, minus hand points when they count,
        plus the bonus."""
        return self.table - (self.hand if self.subtracted else 0) + self.bonus


def _check_hand_end(
    config: object, hands: object, table: object, went_out: object, stock_ran_out: object
) -> None:
    """Refuse arguments of :func:`score_breakdown` that are not a finished hand (play's own
    hand ends skip this: they score what the engine built)."""
    if not isinstance(config, RuleConfig):
        raise ConfigError(f"score_breakdown needs a RuleConfig, not {describe_value(config)}")
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise StateError(f"hands is a list of each player's cards, not {describe_value(hands)}")
    for p, hand in enumerate(hands):
        if isinstance(hand, str) or not isinstance(hand, Sequence):
            raise StateError(f"hands[{p}] is a list of cards, not {describe_value(hand)}")
        for card in hand:
            if not isinstance(card, Card):
                raise StateError(f"hands[{p}] holds Card values, not {describe_value(card)}")
    if isinstance(table, str) or not isinstance(table, Sequence):
        raise StateError(f"table is a list of TableMeld, not {describe_value(table)}")
    for i, meld in enumerate(table):
        if not isinstance(meld, TableMeld):
            raise StateError(f"table[{i}] is a TableMeld, not {describe_value(meld)}")
        if max(meld.owners) >= len(hands):
            raise StateError(
                f"table[{i}] has a card put down by player {max(meld.owners)}, but hands holds "
                f"{len(hands)} players"
            )
    if not isinstance(stock_ran_out, bool):
        raise StateError(f"stock_ran_out is True or False, not {describe_value(stock_ran_out)}")
    if went_out is not None and (not is_whole(went_out) or not 0 <= went_out < len(hands)):
        last = len(hands) - 1
        raise StateError(
            f"went_out is a player from 0 to {last} or None, not {describe_value(went_out)}"
        )


def score_breakdown(
    config: RuleConfig,
    hands: Sequence[Sequence[int]],
    table: Sequence[TableMeld],
    *,
    went_out: object = None,
    stock_ran_out: object = False,
) -> tuple[PlayerScore, ...]:
    """Each player's score for a finished hand, part by part, checked: what
    :func:`rummy500.toolkit.score_breakdown` documents and hands on here.

    ``went_out`` and ``stock_ran_out`` are read as plain objects: compiled, an ``int`` or
    ``bool`` parameter would refuse a wrongly typed argument with a bare TypeError before the
    check that names it.
    """
    _check_hand_end(config, hands, table, went_out, stock_ran_out)
    # Checked: each is the type the casts name.
    return _breakdown(config, hands, table, cast(int | None, went_out), cast(bool, stock_ran_out))


def _breakdown(
    config: RuleConfig,
    hands: Sequence[Sequence[int]],
    table: Sequence[TableMeld],
    went_out: int | None,
    stock_ran_out: bool,
) -> tuple[PlayerScore, ...]:
    """:func:`score_breakdown` without its checks: the one statement of how a finished hand
    scores, which :func:`player_scores` (the engine's) sums up."""
    values = config.card_values
    on_table = _table_points(values, table, len(hands))
    subtracted = not (stock_ran_out and config.no_minus_at_stock_end)
    bonus = config.going_out_bonus
    return tuple(
        PlayerScore(
            on_table[p], hand_points(values, hand), bonus if p == went_out else 0, subtracted
        )
        for p, hand in enumerate(hands)
    )


def player_scores(
    config: RuleConfig,
    hands: Sequence[Sequence[int]],
    table: Sequence[TableMeld],
    *,
    went_out: int | None = None,
    stock_ran_out: bool = False,
) -> tuple[int, ...]:
    """Each player's score for a finished hand: table points minus hand points.

    The player who went out gets ``config.going_out_bonus``. When the hand ended because the
    stock ran out and the rules say so (``no_minus_at_stock_end``), nobody subtracts their hand.
    :func:`score_breakdown` gives the parts; this is each one's :attr:`PlayerScore.score`.
    """
    # The engine's own hand ends score what it built: the breakdown without the checks.
    return tuple(part.score for part in _breakdown(config, hands, table, went_out, stock_ran_out))


def hand_scores(
    config: RuleConfig,
    hands: Sequence[Sequence[int]],
    table: Sequence[TableMeld],
    *,
    went_out: int | None = None,
    stock_ran_out: bool = False,
) -> tuple[int, ...]:
    """Each side's score for a finished hand (each player's, or each team's)."""
    per_player = player_scores(config, hands, table, went_out=went_out, stock_ran_out=stock_ran_out)
    return side_scores(config, per_player)


def side_scores(config: RuleConfig, per_player: Sequence[int]) -> tuple[int, ...]:
    """Each side's score from each player's: a team scores the sum of its players' scores,
    and a player alone their own."""
    n = len(per_player)
    sides = [0] * config.sides(n)
    for p, score in enumerate(per_player):
        sides[config.side_of(p, n)] += score
    return tuple(sides)


class GameResult(NamedTuple):
    """Where a game stands after a hand: whether it is over, and the winning side if any.

    ``over`` with ``winner`` ``None`` is a drawn game: the hand limit was reached with two or
    more sides tied for the highest total.
    """

    over: bool
    winner: int | None


def game_result(
    config: RuleConfig,
    totals: Sequence[int],
    *,
    hands_played: int = 0,
    went_out_side: int | None = None,
) -> GameResult:
    """Whether the game is over after a hand with these running totals, and who won.

    ``hands_played`` counts the hands of the game so far, this one included, and
    ``went_out_side`` is the side of the player who went out on it (``None`` if nobody did).

    - With ``hands_per_game``, the game ends after that many hands: the highest total wins.
    - With ``must_go_out_to_win``, only the side that went out can win, at or past the target.
    - Otherwise a total at or past the target ends the game and the highest total wins;
      with ``going_out_decides``, if several reach it and the side that went out is one of
      them, that side wins.

    A tie at the top means more hands are played, up to ``hand_limit`` hands. When the hand
    limit is reached and the rules above name no winner, the game ends all the same: the
    highest total wins, whatever the target and whoever went out, and a tie at the top is a
    draw (``GameResult(True, None)``).
    """
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    leader = leaders[0] if len(leaders) == 1 else None
    won = _winner_by_the_rules(config, totals, leader, hands_played, went_out_side)
    if won is not None:
        return GameResult(True, won)
    if hands_played >= config.hand_limit:
        return GameResult(True, leader)
    return GameResult(False, None)


def _winner_by_the_rules(
    config: RuleConfig,
    totals: Sequence[int],
    leader: int | None,
    hands_played: int,
    went_out_side: int | None,
) -> int | None:
    """The side the target and the number of hands make the winner, before the hand limit."""
    if config.hands_per_game is not None and hands_played >= config.hands_per_game:
        return leader
    target = config.target
    if target is None:
        return None
    if config.must_go_out_to_win:
        if went_out_side is not None and totals[went_out_side] >= target:
            return went_out_side
        return None
    reached = [s for s, t in enumerate(totals) if t >= target]
    if not reached:
        return None
    if config.going_out_decides and len(reached) > 1 and went_out_side in reached:
        return went_out_side
    return leader


def winner(
    config: RuleConfig,
    totals: Sequence[int],
    *,
    hands_played: int = 0,
    went_out_side: int | None = None,
) -> int | None:
    """The winning side after a hand, or ``None`` if play goes on or the game is drawn.

    :func:`game_result` tells those two apart; this is its ``winner``.
    """
    return game_result(
        config, totals, hands_played=hands_played, went_out_side=went_out_side
    ).winner
