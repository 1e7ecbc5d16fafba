"""The fixed layout of action ids under one config and player count.

:class:`ActionLayout` lays out the range of each kind of move, in the order ``docs/actions.md``
gives, and numbers what the two large ranges hold: the new melds (sets of jokers, sets by rank,
runs by suit, span and the places their jokers stand in) and the shapes of a lay-off on each
table meld id. :class:`ActionRange` is one named range. Nothing here reads a state: how a move
of a state is turned into its place in its range and back is in
:mod:`rummy500.game.actioncoding`.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Final

import attrs

from rummy500.core.cards import CARDS, JOKER_AS, Card
from rummy500.melds.check import meld_cards_problem
from rummy500.melds.shape import canonical_meld, run_shape
from rummy500.rules.config import RuleConfig

__all__ = ["JOKER_ID", "ActionLayout", "ActionRange", "joker_masks"]

#: The joker's card id: a card above it is a joker standing for the card ``id - JOKER_ID - 1``.
JOKER_ID: Final = 52


@attrs.frozen
class ActionRange:
    """One named range of an action space: the ids ``start`` to ``stop - 1``.

    ``meaning`` says in words which move each id of the range names.
    """

    name: str
    start: int
    stop: int
    meaning: str

    def __len__(self) -> int:
        return self.stop - self.start

    def __contains__(self, action: object) -> bool:
        return isinstance(action, int) and self.start <= action < self.stop


@cache
def joker_masks(length: int, jokers: int, full: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The joker masks of ``length`` places holding at most ``jokers`` jokers (all places only
    if ``full``): each mask's rank (-1 where not allowed), and the masks in rank order.

    Masks go by how many jokers they hold, then by value, so the plain cards come first.
    """
    most = min(jokers, length if full else length - 1)
    order = tuple(
        sorted(
            (m for m in range(1 << length) if m.bit_count() <= most),
            key=lambda m: (m.bit_count(), m),
        )
    )
    rank = [-1] * (1 << length)
    for i, m in enumerate(order):
        rank[m] = i
    return tuple(rank), order


@attrs.frozen(eq=False, repr=False)
class ActionLayout:
    """How far the ranges of the action ids of the game ``config`` plays with ``players``
    players reach (the arguments already checked), and the tables numbering the new melds and
    the lay-off shapes.
    """

    config: RuleConfig
    players: int
    # How far the ranges reach: pile cards a take may pick up, table melds a lay-off may
    # name, and the jokers one meld may hold.
    max_pile: int = attrs.field(init=False)
    slots: int = attrs.field(init=False)
    wild: int = attrs.field(init=False)
    discards: int = attrs.field(init=False)
    # New melds: sets of jokers, then sets by rank, then runs by suit, span and jokers.
    joker_sets: int = attrs.field(init=False)
    sets: tuple[tuple[Card, ...], ...] = attrs.field(init=False)
    set_ids: dict[tuple[Card, ...], int] = attrs.field(init=False)
    run_start: int = attrs.field(init=False)
    run_base: tuple[int, ...] = attrs.field(init=False)
    run_bases: tuple[int, ...] = attrs.field(init=False)
    run_spans: tuple[tuple[int, int, int], ...] = attrs.field(init=False)
    run_full: bool = attrs.field(init=False)
    meld_count: int = attrs.field(init=False)
    # Lay-offs: a block of shapes for each place on the table.
    slot_size: int = attrs.field(init=False)
    set_shapes: int = attrs.field(init=False)
    run_shapes: int = attrs.field(init=False)
    pair_base: dict[tuple[int, int], int] = attrs.field(init=False)
    pair_bases: tuple[int, ...] = attrs.field(init=False)
    pairs: tuple[tuple[int, int], ...] = attrs.field(init=False)
    # The rank of each joker mask, by the number of cards: of a new run, of a lay-off.
    run_rank: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    lay_rank: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    # How many cards a lay-off puts above a run, by (low, high, ranks, high flag).
    splits: dict[tuple[int, int, int, bool], int] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        cfg = self.config
        players = self.players
        deck = cfg.deck_size(players)
        jokers = cfg.jokers(players)
        floating = cfg.floating
        wild = min(cfg.max_jokers_per_meld, jokers) if cfg.jokers_wild else 0
        _set(self, "wild", wild)
        # A player out of cards ends the hand (unless floating), so while a hand is played
        # every other player holds a card; with nothing melded, every hand is as dealt.
        others = 0 if floating else players
        _set(
            self,
            "max_pile",
            max(deck - players * cfg.deal_size[players], deck - 3 - others),
        )
        # Each table meld holds 3 cards or more, and the player laying off holds a card.
        _set(self, "slots", (deck - max(others, 1)) // 3)
        _set(self, "discards", JOKER_ID + (1 if jokers else 0))
        self._build_melds(cfg, jokers, wild)
        # A lay-off adds at most the cards between a run of 3 and the longest run.
        self._build_layoffs(wild, jokers, run_shape(cfg).longest - 3)

    def _build_melds(self, cfg: RuleConfig, jokers: int, wild: int) -> None:
        joker_sets = 0 if cfg.jokers_wild or jokers < 3 else min(jokers, 4) - 2
        _set(self, "joker_sets", joker_sets)
        sets: list[tuple[Card, ...]] = []
        for rank in range(1, 14):
            for size in (3, 4):
                for suits in combinations(range(4), size):
                    for count in range(min(wild, size) + 1):
                        for as_joker in combinations(suits, count):
                            cards = canonical_meld(
                                [
                                    JOKER_AS[s * 13 + rank - 1]
                                    if s in as_joker
                                    else CARDS[s * 13 + rank - 1]
                                    for s in suits
                                ]
                            )
                            if meld_cards_problem(cards, cfg) is None:
                                sets.append(cards)
        _set(self, "sets", tuple(sets))
        _set(self, "set_ids", {cards: joker_sets + i for i, cards in enumerate(sets)})
        start = joker_sets + len(sets)
        _set(self, "run_start", start)
        full = cfg.joker_only_melds
        _set(self, "run_full", full)
        # (suit * 14 + low) * 14 + length -> the first id of the runs on that span.
        base = [-1] * (4 * 14 * 14)
        bases: list[int] = []
        spans: list[tuple[int, int, int]] = []
        at = start
        for suit in range(4):
            for low, high, _ in run_shape(cfg).intervals:
                length = high - low + 1
                base[(suit * 14 + low) * 14 + length] = at
                bases.append(at)
                spans.append((suit, low, length))
                at += len(joker_masks(length, wild, full)[1])
        _set(self, "run_base", tuple(base))
        _set(self, "run_bases", tuple(bases))
        _set(self, "run_spans", tuple(spans))
        _set(self, "meld_count", at)
        _set(
            self,
            "run_rank",
            tuple(
                joker_masks(n, wild, full)[0] if n >= 3 else ()
                for n in range(run_shape(cfg).longest + 1)
            ),
        )

    def _build_layoffs(self, wild: int, jokers: int, most: int) -> None:
        pair_base: dict[tuple[int, int], int] = {}
        pairs: list[tuple[int, int]] = []
        bases: list[int] = []
        at = 0
        for count in range(1, most + 1):
            for below in range(count + 1):
                pair = (below, count - below)
                pair_base[pair] = at
                pairs.append(pair)
                bases.append(at)
                at += len(joker_masks(count, wild, True)[1])
        _set(self, "pair_base", pair_base)
        _set(self, "pairs", tuple(pairs))
        _set(self, "pair_bases", tuple(bases))
        _set(self, "run_shapes", at)
        _set(
            self,
            "lay_rank",
            tuple(joker_masks(n, wild, True)[0] for n in range(most + 1)),
        )
        _set(self, "splits", {})
        _set(self, "set_shapes", 8 if wild else 4)
        _set(self, "slot_size", max(at, 8 if wild else 4, 1 if jokers else 0))


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)
