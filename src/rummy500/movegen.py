"""The legal-move generator: every legal move in a position, and no other.

Order is fixed, so a seeded bot replays exactly: ``draw`` first, then takes from the top of
the pile downwards, then ``decline``; in play, new melds (sets, then runs), lay-offs (by table
meld), then discards (by card); when rummy may be called, the calls (from the top of the pile
down), then ``pass``.

The generator never leads into a position without a legal move. A take (or a call) is offered
only when its deepest card can be used this turn within the rules on going out, and while that
card is owed, a meld or lay-off that does not use it is offered only if the card can still be
used afterwards. Under the rule that the last card must be a discard, no play empties the hand;
a lone top discard kept in hand is never the only card left to discard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummy500.cards import JOKER, Card
from rummy500.melds import (
    USE_ANY,
    USE_LAYOFF,
    USE_MELD,
    TableMeld,
    add_card,
    availability,
    fits_straight,
    join_run,
    joined,
    layoffs,
    new_melds,
    placements,
    use_cost,
)
from rummy500.moves import (
    DEAL,
    DECLINE,
    DISCARDS,
    DRAW,
    PASS,
    Layoff,
    Meld,
    Move,
    trusted_call,
    trusted_layoff,
    trusted_meld,
    trusted_take,
)
from rummy500.rules import CallRule, DeepestCard, RuleConfig
from rummy500.state import Phase

if TYPE_CHECKING:
    from rummy500.state import State

__all__ = ["call_options", "calls", "generate", "must_keep", "placed", "remove_cards"]


def generate(state: State) -> tuple[Move, ...]:
    """Every legal move in ``state``, in the library's fixed order."""
    phase = state.phase
    if phase == Phase.PLAY:
        return _play_moves(state)
    if phase == Phase.DRAW:
        return _draw_moves(state)
    if phase == Phase.CALL:
        return (*calls(state, state.current), PASS)
    if phase == Phase.HAND_OVER:
        return (DEAL,)
    return ()


def must_keep(config: RuleConfig) -> int:
    """How many cards a play must leave in hand: 1 when the last card must be discarded."""
    return 1 if config.discard_to_go_out and not config.floating else 0


def take_use(config: RuleConfig) -> int:
    """How the deepest card of a take must be used under these rules."""
    return USE_MELD if config.deepest_card is DeepestCard.NEW_MELD else USE_ANY


def _draw_moves(state: State) -> tuple[Move, ...]:
    cfg = state.config
    hand = state.hands[state.current]
    moves: list[Move] = [DRAW] if state.stock else []
    pile = state.pile
    table = state.table
    avail = availability(hand, cfg)
    room = len(hand) - must_keep(cfg)
    how = take_use(cfg)
    top = len(pile) - 1
    # Walk down from the top: each card joins the cards that a take from there brings along.
    for i in range(top, -1, -1):
        c = pile[i]
        add_card(avail, c, cfg)
        if i == top and cfg.keep_top_discard and hand:
            moves.append(trusted_take(pile[i:]))
            continue
        cost = use_cost(c, avail, table, cfg, how)
        if cost is not None and cost <= room + top - i + 1:
            moves.append(trusted_take(pile[i:]))
    if not state.stock:
        moves.append(DECLINE)
    return tuple(moves)


def call_options(state: State) -> list[tuple[int, int]]:
    """Where rummy may be called now: (pile index, fewest cards to use that card), top first.

    This does not depend on who calls; :func:`calls` then keeps what a player's hand allows.
    """
    cfg = state.config
    mode = cfg.calling
    pile = state.pile
    if mode is CallRule.NONE or not pile:
        return []
    table = state.table
    top = len(pile) - 1
    out: list[tuple[int, int]] = []
    on_pile = [0, 0, 0, 0, 0]
    for i in range(top, -1, -1):
        c = pile[i]
        add_card(on_pile, c, cfg)
        straight = i == top or mode is CallRule.ANY_PILE_CARD
        if straight and fits_straight(c, table, cfg):
            out.append((i, 1))
        elif mode is not CallRule.LAYOFF_ONLY:
            cost = use_cost(c, on_pile, (), cfg, USE_MELD)
            if cost is not None:
                out.append((i, cost))
        if mode is CallRule.LAYOFF_ONLY:
            break
    return out


def calls(state: State, player: int, options: list[tuple[int, int]] | None = None) -> list[Move]:
    """The rummy calls ``player`` may make now (in the call phase, or about to open one)."""
    opts = call_options(state) if options is None else options
    if not opts:
        return []
    pile = state.pile
    room = len(state.hands[player]) - must_keep(state.config) + len(pile)
    return [trusted_call(pile[i:]) for i, cost in opts if cost <= room - i]


def call_use(config: RuleConfig) -> int:
    """How the deepest card of a call must be used under these rules."""
    return USE_LAYOFF if config.calling is CallRule.LAYOFF_ONLY else USE_ANY


def _play_moves(state: State) -> tuple[Move, ...]:
    cfg = state.config
    hand = state.hands[state.current]
    table = state.table
    avail = availability(hand, cfg)
    moves: list[Move] = [trusted_meld(cards) for cards in new_melds(avail, cfg)]
    jokers = avail[4]
    ranks = avail[0] | avail[1] | avail[2] | avail[3]
    for i, meld in enumerate(table):
        # Without jokers, a run needs a card of its suit and a set a card of its rank.
        if not jokers and not (avail[meld.suit] if meld.is_run else ranks >> meld.low & 1):
            continue
        moves.extend(trusted_layoff(i, cards, high) for cards, high in layoffs(meld, avail, cfg))
    owed = state.owed
    kept = state.kept
    keep = must_keep(cfg)
    if owed is not None or kept is not None:
        moves = [m for m in moves if _allowed(state, m, keep)]
    elif keep:
        size = len(hand) - keep
        moves = [m for m in moves if len(m.cards) <= size]
    if owed is None:
        moves.extend(DISCARDS[c] for c in dict.fromkeys(hand) if c != kept or hand.count(c) > 1)
    return tuple(moves)


def _allowed(state: State, move: Move, keep: int) -> bool:
    """Whether a (well-formed) meld or lay-off keeps the turn playable to its end."""
    hand = state.hands[state.current]
    left = len(hand) - len(move.cards)
    if left < keep:
        return False
    owed = state.owed
    cfg = state.config
    if owed is not None:
        uses = owed in _in_hand(move.cards)
        if uses:
            if state.owed_use == USE_MELD and isinstance(move, Layoff):
                return False
            if state.owed_use == USE_LAYOFF and isinstance(move, Meld):
                return False
        else:
            new_hand, new_table = placed(hand, state.table, move, state.current, cfg)
            cost = use_cost(owed, availability(new_hand, cfg), new_table, cfg, state.owed_use)
            if (cost is None or cost > left - keep) and not _layoff_after_meld(
                state, new_hand, new_table, left - keep
            ):
                return False
    kept = state.kept
    if kept is not None and left == 1 and kept not in _in_hand(move.cards):
        new_hand, new_table = placed(hand, state.table, move, state.current, cfg)
        if new_hand == (kept,):
            # The kept card cannot be discarded: it must be able to go down on its own.
            alone = availability(new_hand, cfg)
            return not keep and use_cost(kept, alone, new_table, cfg) == 1
    return True


def _layoff_after_meld(
    state: State, hand: tuple[Card, ...], table: tuple[TableMeld, ...], room: int
) -> bool:
    """Whether a called card that must be laid off can go onto a meld made first this turn.

    Only for a card owed as a lay-off: any other use needs one meld or lay-off at most.
    """
    owed = state.owed
    cfg = state.config
    if owed is None or state.owed_use != USE_LAYOFF:
        return False
    for cards in new_melds(availability(hand, cfg), cfg):
        if owed in _in_hand(cards) or len(cards) >= room:
            continue
        after, grown = placed(hand, table, Meld(cards), state.current, cfg)
        cost = use_cost(owed, availability(after, cfg), grown, cfg, USE_LAYOFF)
        if cost is not None and cost <= room - len(cards):
            return True
    return False


def _in_hand(cards: Sequence[Card]) -> list[int]:
    return [JOKER if c > JOKER else c for c in cards]


def remove_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` without one copy of each of ``cards`` (jokers standing for cards included)."""
    rest = list(hand)
    for c in cards:
        rest.remove(JOKER if c > JOKER else c)
    return tuple(rest)


def placed(
    hand: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    move: Move,
    player: int,
    config: RuleConfig,
) -> tuple[tuple[Card, ...], tuple[TableMeld, ...]]:
    """The hand and table after ``player`` plays the legal meld or lay-off ``move``."""
    if isinstance(move, Meld):
        cards = move.melded
        doubled = config.four_of_a_kind_double and len(cards) == 4 and not _is_run_cards(cards)
        new = TableMeld.new(cards, player, doubled=doubled)
        if config.join_melds:
            return remove_cards(hand, cards), _joined_table(table, new, config)
        return remove_cards(hand, cards), (*table, new)
    assert isinstance(move, Layoff)
    meld = table[move.meld]
    options = placements(meld, move.laid, config) if meld.is_run else [(0, 0)]
    where = max(options, key=lambda o: o[1]) if move.high else min(options, key=lambda o: o[1])
    grown = meld.extended(where, move.laid, player)
    return remove_cards(hand, move.laid), (*table[: move.meld], grown, *table[move.meld + 1 :])


def _joined_table(
    table: tuple[TableMeld, ...], new: TableMeld, config: RuleConfig
) -> tuple[TableMeld, ...]:
    """The table after a new run joins every run it continues (a run filling the gap between
    two runs joins both); the joined run takes the place of the first of them."""
    melds = list(table)
    at = join_run(melds, new, config)
    if at is None:
        return (*table, new)
    grown = joined(melds[at], new, config)
    melds[at] = grown
    while True:
        rest = [m for i, m in enumerate(melds) if i != at]
        other = join_run(rest, grown, config)
        if other is None:
            return tuple(melds)
        other += other >= at  # back to an index of melds
        grown = joined(melds[other], grown, config)
        first, second = sorted((at, other))
        melds[first] = grown
        del melds[second]
        at = first


def _is_run_cards(cards: Sequence[Card]) -> bool:
    faces = [c.face for c in cards]
    if None in faces:
        return False
    return len({f % 13 for f in faces if f is not None}) > 1
