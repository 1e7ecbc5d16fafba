"""Which takes from the discard pile and which calls of rummy a hand can use, and the rule
choices they read: the listings that the predicates of takes and calls ask
(:func:`usable_takes`, :func:`callable_takes`), and that the engine polls the players with
(:func:`call_options`, :func:`callable_from`).

A take is legal only when its deepest card can still be used this turn, so that play never
reaches a position without a legal move: the listings answer that with the fast meld search
(:func:`~rummy500.melds.costs.usable_depths`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500.core.cards import Card
from rummy500.core.phases import USE_ANY as _USE_ANY
from rummy500.core.phases import USE_LAYOFF as _USE_LAYOFF
from rummy500.core.phases import USE_MELD as _USE_MELD
from rummy500.core.phases import OwedUse
from rummy500.melds.costs import fits_straight, usable_depths, use_cost
from rummy500.melds.search import add_card
from rummy500.melds.table import TableMeld
from rummy500.play.position import Position
from rummy500.rules.choices import CALLING_ANY_PILE_CARD as _CALLING_ANY_PILE_CARD
from rummy500.rules.choices import CALLING_LAYOFF_ONLY as _CALLING_LAYOFF_ONLY
from rummy500.rules.choices import CALLING_NONE as _CALLING_NONE
from rummy500.rules.choices import DEEPEST_NEW_MELD as _NEW_MELD
from rummy500.rules.config import RuleConfig

__all__ = [
    "call_options",
    "call_use",
    "callable_from",
    "callable_takes",
    "deepest_room",
    "deepest_usable",
    "keeps_top",
    "must_keep",
    "take_use",
    "usable_takes",
]


# -- rule choices read once ------------------------------------------------------------------


def must_keep(config: RuleConfig) -> int:
    """How many cards a meld or lay-off must leave in hand: 1 when the last card must be
    discarded (and the player may not float)."""
    return 1 if config.discard_to_go_out and not config.floating else 0


def take_use(config: RuleConfig) -> OwedUse:
    """How the deepest card of a take must be used under these rules."""
    return _USE_MELD if config.deepest_card is _NEW_MELD else _USE_ANY


def call_use(config: RuleConfig) -> OwedUse:
    """How the deepest card of a rummy call must be used under these rules."""
    return _USE_LAYOFF if config.calling is _CALLING_LAYOFF_ONLY else _USE_ANY


def keeps_top(config: RuleConfig, hand: Sequence[Card], taken: Sequence[Card]) -> bool:
    """Whether a take keeps the lone top discard in hand instead of owing it.

    Under ``keep_top_discard`` the top card alone may be taken and kept (it then may not be
    discarded this turn); a player with no cards left (floating) must still use it.
    """
    return config.keep_top_discard and len(taken) == 1 and bool(hand)


def deepest_room(hand_size: int, config: RuleConfig) -> int:
    """How many cards of a hand of ``hand_size`` can help the deepest card taken go down, besides
    the cards taken: all but those that must be kept for the final discard."""
    return hand_size - must_keep(config)


def deepest_usable(cost: int | None, hand_size: int, taken: int, config: RuleConfig) -> bool:
    """Whether a deepest card that needs ``cost`` cards to go down can go down this turn.

    ``hand_size`` is the hand before taking ``taken`` cards; the cards that must be kept for
    the final discard cannot help.
    """
    return cost is not None and cost <= deepest_room(hand_size, config) + taken


# -- takes and calls ---------------------------------------------------------------------------


def usable_takes(s: Position, depth: int | None = None) -> list[int]:
    """How many cards each take takes whose deepest card can be used this turn, from the top
    of the pile down (to ``depth`` cards down at most; the whole pile by default).

    This is the rule for takes: :func:`take_problem` accepts a well-formed take exactly when
    its depth is listed here. The top card alone is listed when the rules let it be kept.
    """
    cfg = s.config
    hand = s.hands[s._current]
    pile = s.pile
    deepest = len(pile) if depth is None else min(depth, len(pile))
    # Most rules keep no top card: the rule is read before the call that states it.
    keep_top = cfg.keep_top_discard and bool(pile) and keeps_top(cfg, hand, pile[-1:])
    return usable_depths(
        hand, pile, s.table, cfg, take_use(cfg), deepest_room(len(hand), cfg), keep_top, deepest
    )


def call_options(
    config: RuleConfig, pile: Sequence[Card], table: Sequence[TableMeld]
) -> list[tuple[int, int]]:
    """Where rummy may be called on this pile and table: (cards taken, the fewest cards that
    put the deepest one down), from the top of the pile down.

    This does not depend on who calls; :func:`callable_from` keeps what a hand allows.
    """
    mode = config.calling
    if mode is _CALLING_NONE or not pile:
        return []
    out: list[tuple[int, int]] = []
    on_pile = [0, 0, 0, 0, 0]
    for k in range(1, len(pile) + 1):
        card = pile[-k]
        add_card(on_pile, card, config)
        if (k == 1 or mode is _CALLING_ANY_PILE_CARD) and fits_straight(card, table, config):
            out.append((k, 1))
        elif mode is not _CALLING_LAYOFF_ONLY:
            cost = use_cost(card, on_pile, (), config, _USE_MELD)
            if cost is not None:
                out.append((k, cost))
        if mode is _CALLING_LAYOFF_ONLY:
            break
    return out


def callable_from(
    options: Sequence[tuple[int, int]], hand_size: int, config: RuleConfig
) -> list[int]:
    """How many cards each call takes that a player holding ``hand_size`` cards may make."""
    return [k for k, cost in options if deepest_usable(cost, hand_size, k, config)]


def callable_takes(s: Position) -> list[int]:
    """How many cards each call the mover may make takes, from the top of the pile down.

    This is the rule for calls: :func:`call_problem` accepts a well-formed call exactly when
    its depth is listed here (the engine polls the players for a call with the same
    :func:`call_options` and :func:`callable_from`).
    """
    cfg = s.config
    return callable_from(call_options(cfg, s.pile, s.table), len(s.hands[s._current]), cfg)
