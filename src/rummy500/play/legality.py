"""One predicate per kind of move: whether a move is legal in a position, and if not, why.

Each kind of move has one authority, ``<kind>_problem(s, move)``, which returns ``None`` exactly
when the move is legal and otherwise a sentence that names the rule it breaks:
:func:`draw_problem`, :func:`take_problem`, :func:`decline_problem`, :func:`call_problem`,
:func:`pass_problem`, :func:`meld_problem`, :func:`layoff_problem`, :func:`discard_problem` and
:func:`deal_problem`; :func:`problem` sends any object to the one for its kind. The move
generator (:mod:`rummy500.play.movegen`) keeps exactly the candidates these predicates accept,
:func:`~rummy500.play.engine.is_legal` asks them about any move the generator did not list, and
:func:`~rummy500.play.engine.apply` refuses with their sentence, so the three are one code path.

Where only a listing is fast enough, the predicate asks the listing: a take is legal when
:func:`usable_takes` lists its depth, a call when :func:`callable_takes` does (the generator
hands the list it already made to the predicate instead of having it made again), and a discard
when :func:`discardable` lists its card (the generator lists those discards: a call per card
held would cost the generator a few per cent). Where the
generator's candidates already satisfy part of a rule (melds and lay-offs found by the search
are held and well-formed), the predicate is told so and skips that part; the rest of the rule
is still the predicate's.

Legality here includes the rule that play never reaches a position without a legal move: a
take is legal only when its deepest card can still be used this turn, and while that card is
owed, a meld or lay-off that does not use it is legal only when the card can be used
afterwards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from rummy500.core.cards import JOKER, Card, format_cards
from rummy500.core.errors import describe_value
from rummy500.core.phases import CALL_PHASE as _CALL
from rummy500.core.phases import DRAW_PHASE as _DRAW
from rummy500.core.phases import GAME_OVER_PHASE as _GAME_OVER
from rummy500.core.phases import HAND_OVER_PHASE as _HAND_OVER
from rummy500.core.phases import PLAY_PHASE as _PLAY
from rummy500.core.phases import USE_ANY as _USE_ANY
from rummy500.core.phases import USE_LAYOFF as _USE_LAYOFF
from rummy500.core.phases import USE_MELD as _USE_MELD
from rummy500.core.phases import OwedUse
from rummy500.melds.check import layoff_error, meld_error
from rummy500.melds.putdown import (
    meld_index,
    missing_meld,
    physical,
    placed_meld,
    put_down_unchecked,
    remove_cards,
)
from rummy500.melds.search import (
    add_card,
    availability,
    fits_straight,
    meld_through,
    meld_through_at,
    near_layoff_cost,
    near_table,
    new_melds,
    use_cost,
    wild_jokers,
)
from rummy500.melds.shape import run_shape
from rummy500.melds.table import TableMeld
from rummy500.play.moves import (
    KINDS,
    Call,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    Take,
    kind_column,
)
from rummy500.play.position import Position
from rummy500.rules.config import CALLING_ANY_PILE_CARD as _CALLING_ANY_PILE_CARD
from rummy500.rules.config import CALLING_LAYOFF_ONLY as _CALLING_LAYOFF_ONLY
from rummy500.rules.config import CALLING_NONE as _CALLING_NONE
from rummy500.rules.config import DEEPEST_NEW_MELD as _NEW_MELD
from rummy500.rules.config import RuleConfig

#: The plain joker's card id (:data:`~rummy500.core.cards.JOKER`) as a constant the compiled build
#: inlines.
_JOKER: Final = 52

#: :func:`~rummy500.melds.search.near_table`'s answer for a table no card is near: where a taken
#: card must go into a new meld.
_NOWHERE: Final = (0, 0, 0, 0)

#: Each standard card id's suit and rank, read in one step where the pile is walked.
_SUIT_RANK: Final = tuple((c // 13, c % 13 + 1) for c in range(_JOKER))

__all__ = [
    "PLAYABLE",
    "call_options",
    "call_problem",
    "call_use",
    "callable_from",
    "callable_takes",
    "deal_problem",
    "decline_problem",
    "deepest_room",
    "deepest_usable",
    "discard_problem",
    "discardable",
    "draw_problem",
    "keeps_top",
    "layoff_problem",
    "meld_problem",
    "must_keep",
    "pass_problem",
    "play_problem",
    "problem",
    "take_problem",
    "take_use",
    "usable_takes",
]


#: The kinds of move that can be played (``Move`` and ``PileMove`` are only their bases): the
#: registry's.
PLAYABLE: Final = frozenset(KINDS)


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


# -- the draw --------------------------------------------------------------------------------


def _not_pile_top(pile: tuple[Card, ...], verb: str) -> str:
    """Why a take or call (``verb``) that is not the top of ``pile`` is illegal."""
    shown = f"is: {format_cards(pile)}" if pile else "is empty"
    return (
        f"a {verb} names the deepest card wanted and every card above it, up to the top "
        f"of the pile, deepest first; the pile {shown}"
    )


def draw_problem(s: Position, move: Draw) -> str | None:
    """Why drawing from the stock is illegal, or ``None``."""
    if s.phase != _DRAW:
        return _phase_problem(s, move)
    if s.stock_size:
        return None
    return "the stock is empty: take from the discard pile, or decline to end the hand"


def decline_problem(s: Position, move: Decline) -> str | None:
    """Why declining to draw (and so ending the hand) is illegal, or ``None``."""
    if s.phase != _DRAW:
        return _phase_problem(s, move)
    if not s.stock_size:
        return None
    return "you may decline to draw only when the stock is empty"


def take_problem(s: Position, move: Take, usable: Sequence[int] | None = None) -> str | None:
    """Why taking ``move.taken`` (deepest first) from the pile is illegal, or ``None``.

    A well-formed take is legal exactly when :func:`usable_takes` lists its depth. ``usable``
    is that list when the caller has already made it for ``s`` (the move generator has).
    """
    if s.phase != _DRAW:
        return _phase_problem(s, move)
    taken = move.taken
    k = len(taken)
    pile = s.pile
    if not k or k > len(pile) or pile[len(pile) - k :] != taken:
        return _not_pile_top(pile, "take")
    if usable is None:
        usable = usable_takes(s, k)
    if k in usable:
        return None
    cfg = s.config
    keep = " while keeping a card to discard" if must_keep(cfg) else ""
    # A lone top card has no cards above it to help.
    which, helpers = (
        ("card", "cards") if k == 1 else ("deepest card", "cards and the cards above it")
    )
    return (
        f"the {which} taken, {taken[0]}, must {take_use(cfg).words} this turn{keep}, and your "
        f"{helpers} cannot do that"
    )


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
    table = s.table
    how = take_use(cfg)
    room = deepest_room(len(hand), cfg)
    keep_top = cfg.keep_top_discard and bool(hand)
    avail = availability(hand, cfg)
    # Most pile cards are far from every table meld: for those only a new meld counts.
    near = near_table(table, cfg) if how is _USE_ANY else _NOWHERE
    shape = run_shape(cfg)
    bits, starts = shape.bits, shape.starts
    wild = wild_jokers(avail[4], cfg)
    out: list[int] = []
    n = len(pile)
    below = n - deepest  # the pile cards below the deepest take asked about
    if keep_top and deepest:
        # The top card alone is taken and kept: always usable.
        add_card(avail, pile[-1], cfg)
        wild = wild_jokers(avail[4], cfg)
        out.append(1)
        n -= 1
    # Walk down from the top: each card joins the cards that a take from there brings along.
    # This runs at every draw, over the whole pile: the loop reads what it can once, adds each
    # card to the availability list itself (as ``add_card`` would) and asks
    # ``meld_through_at`` itself when no joker is wild (as the call would, for less). A card's
    # cost (:func:`use_cost`) is the smaller of a new meld's three cards and its cheapest
    # lay-off, which only a meld it is near can take in fewer: the meld is asked about first.
    # ``k`` cards from the top, the deepest is ``pile[top - k]``; ``short`` is the fewest that
    # leave the cards for a new meld of three.
    top = len(pile)
    short = 3 - room
    for k in range(top - n + 1, top - below + 1):
        # A plain int: compiled, its arithmetic is native (a Card is an int subclass).
        card: int = pile[top - k]
        if card >= _JOKER:
            avail[4] += 1
            wild = wild_jokers(avail[4], cfg)
            cost = use_cost(card, avail, table, cfg, how)
            if cost is not None and cost <= room + k:
                out.append(k)
            continue
        suit, rank = _SUIT_RANK[card]
        m = avail[suit] | bits[card]
        avail[suit] = m
        if k >= short:
            if wild:
                if meld_through_at(suit, rank, avail, wild, starts):
                    out.append(k)
                    continue
            elif m & m >> 1 & m >> 2 & starts[rank]:
                out.append(k)
                continue
            else:
                bit = 1 << rank
                if (avail[0] & bit) + (avail[1] & bit) + (avail[2] & bit) + (
                    avail[3] & bit
                ) >= 3 << rank:
                    out.append(k)
                    continue
        if near[suit] >> rank & 1:
            cost = near_layoff_cost(card, avail, table, cfg)
            if cost is not None and cost <= room + k:
                out.append(k)
    return out


# -- calling rummy ---------------------------------------------------------------------------


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


def call_problem(s: Position, move: Call, allowed: Sequence[int] | None = None) -> str | None:
    """Why calling rummy on ``move.taken`` (deepest first) is illegal, or ``None``.

    ``allowed`` is :func:`callable_takes` of ``s`` when the caller has already made it.
    """
    if s.phase != _CALL:
        return _phase_problem(s, move)
    taken = move.taken
    k = len(taken)
    pile = s.pile
    if not k or k > len(pile) or pile[len(pile) - k :] != taken:
        return _not_pile_top(pile, "call")
    if allowed is None:
        allowed = callable_takes(s)
    if k in allowed:
        return None
    mode = s.config.calling
    if mode is _CALLING_LAYOFF_ONLY:
        return "only the card just discarded may be called, and only if it can be laid off"
    if mode is _CALLING_NONE:
        return "calling rummy is not played under these rules"
    straight = "any pile card" if mode is _CALLING_ANY_PILE_CARD else "the card just discarded"
    return (
        f"a call takes {straight}, if it could go straight onto a meld on the table, or the "
        "deepest of pile cards that make a meld by themselves, with every card above it, "
        "deepest first"
    )


def pass_problem(s: Position, move: Pass) -> str | None:
    """Why passing on a call is illegal (anywhere but where rummy may be called), or ``None``."""
    if s.phase != _CALL:
        return _phase_problem(s, move)
    return None


# -- melds, lay-offs and discards --------------------------------------------------------------


def _holds_problem(hand: Sequence[Card], cards: Sequence[int]) -> str | None:
    missing = Counter(physical(cards)) - Counter(hand)
    if missing:
        return f"you do not hold {format_cards(sorted(missing.elements()))}"
    return None


def _after(s: Position, move: Meld | Layoff) -> tuple[tuple[Card, ...], tuple[TableMeld, ...]]:
    """The mover's hand and the table after a well-formed meld or lay-off."""
    hand = s.hands[s._current]
    if isinstance(move, Meld):
        return put_down_unchecked(hand, s.table, move.melded, s._current, s.config)
    return put_down_unchecked(
        hand, s.table, move.laid, s._current, s.config, onto=move.meld_id, high=move.high
    )


def play_problem(s: Position, move: Meld | Layoff) -> str | None:
    """Why a well-formed meld or lay-off would leave the turn impossible to finish, or ``None``.

    The last card must be discarded where the rules say so; the owed card must still be
    usable (in the way it is owed) afterwards; a kept card cannot be the only card left.
    """
    left = len(s.hands[s._current]) - len(move.cards)
    extra = s._extra
    # Most candidates leave a card in hand (at most one must be kept) in a position that owes
    # and keeps no card: nothing more to ask.
    if extra is None and left > 0:
        return None
    cfg = s.config
    keep = must_keep(cfg)
    if left < keep:
        return "your last card must be a discard: you cannot meld or lay off every card"
    if extra is None:
        return None
    # The owed and kept cards and how the owed card is owed, read straight from the record.
    owed, use, kept, _ = extra
    cards = move.cards
    if owed is not None:
        # Only a joker is held as another card than it is put down as: any other owed card is
        # put down as itself.
        if owed in cards if owed < _JOKER else owed in physical(cards):
            if use is _USE_MELD and isinstance(move, Layoff):
                return f"{owed}, the deepest card you took, must go into a new meld"
            if use is _USE_LAYOFF and isinstance(move, Meld):
                return f"{owed}, the card you called, must be laid off"
        elif not _touches(owed, cards) and _owed_cost_now(s) <= left - keep:
            # Cards of another rank and suit (and no joker) change nothing the owed card could
            # use: its cheapest use stays as it is.
            pass
        elif not _meld_left(s, owed, cards, left - keep):
            new_hand, new_table = _after(s, move)
            cost = use_cost(owed, availability(new_hand, cfg), new_table, cfg, use)
            if (cost is None or cost > left - keep) and not _layoff_after_meld(
                s, new_hand, new_table, left - keep
            ):
                return (
                    f"afterwards {owed}, the deepest card you took from the discard pile, "
                    f"could no longer {use.words} this turn, as it must"
                )
    if kept is not None and left == 1 and kept not in physical(cards):
        new_hand, new_table = _after(s, move)
        # The kept card cannot be discarded: it must be able to go down on its own.
        if new_hand == (kept,) and (
            keep or use_cost(kept, availability(new_hand, cfg), new_table, cfg) != 1
        ):
            return f"afterwards you would hold only {kept}, which you kept and cannot discard"
    return None


def _meld_left(s: Position, owed: Card, cards: Sequence[Card], room: int) -> bool:
    """Whether the owed card, which ``cards`` leave in hand, can still go into a new meld of
    three cards afterwards (and may: it is not owed as a lay-off), with ``room`` cards to use.

    A new meld needs nothing on the table, so this is answered from the hand alone, without
    building the table the move leaves (the costly part of asking the full question).
    """
    if room < 3 or owed >= JOKER or s.owed_use is _USE_LAYOFF:
        return False
    cfg = s.config
    return meld_through(owed, availability(remove_cards(s.hands[s._current], cards), cfg), cfg)


def _touches(owed: Card, cards: Sequence[Card]) -> bool:
    """Whether putting ``cards`` down could change how ``owed`` can be used: they share its
    rank or suit, or hold a joker (or ``owed`` is one)."""
    if owed >= JOKER:
        return True
    suit, rank = owed // 13, owed % 13
    # A loop rather than any() over a generator (slower, pure or compiled): this runs for
    # candidate after candidate.
    for c in cards:  # noqa: SIM110
        if c >= JOKER or c // 13 == suit or c % 13 == rank:
            return True
    return False


def _owed_cost_now(s: Position) -> int:
    """The fewest cards that put the owed card down from the mover's hand as it is (a large
    number when it cannot go down)."""
    owed = s.owed
    assert owed is not None
    cfg = s.config
    cost = use_cost(owed, availability(s.hands[s._current], cfg), s.table, cfg, s.owed_use)
    return 99 if cost is None else cost


def _layoff_after_meld(
    s: Position, hand: tuple[Card, ...], table: tuple[TableMeld, ...], room: int
) -> bool:
    """Whether a called card that must be laid off can go onto a meld made first this turn.

    Only for a card owed as a lay-off: any other use needs one meld or lay-off at most.
    """
    owed = s.owed
    cfg = s.config
    if owed is None or s.owed_use is not _USE_LAYOFF:
        return False
    for cards in new_melds(availability(hand, cfg), cfg):
        if owed in physical(cards) or len(cards) >= room:
            continue
        after = remove_cards(hand, cards)
        grown = placed_meld(table, cards, s._current, cfg)
        cost = use_cost(owed, availability(after, cfg), grown, cfg, _USE_LAYOFF)
        if cost is not None and cost <= room - len(cards):
            return True
    return False


def meld_problem(s: Position, move: Meld, searched: bool = False) -> str | None:
    """Why melding ``move.melded`` is illegal, or ``None``.

    ``searched`` says the meld was found by the meld search in the mover's hand, so the cards
    are held and make a meld: only the rest of the rule is checked.
    """
    if s.phase != _PLAY:
        return _phase_problem(s, move)
    if not searched:
        reason = _holds_problem(s.hands[s._current], move.melded) or meld_error(
            move.melded, s.config
        )
        if reason is not None:
            return reason
    return play_problem(s, move)


def layoff_problem(s: Position, move: Layoff, searched: bool = False) -> str | None:
    """Why the lay-off ``move`` is illegal, or ``None``.

    ``searched`` says the lay-off was found by the search in the mover's hand onto a meld of
    the table, so the cards are held and fit the meld: only the rest of the rule is checked.
    """
    if s.phase != _PLAY:
        return _phase_problem(s, move)
    if not searched:
        reason = _holds_problem(s.hands[s._current], move.laid)
        if reason is not None:
            return reason
        table = s.table
        index = meld_index(table, move.meld_id)
        if index < 0:
            return missing_meld(table, move.meld_id)
        reason = layoff_error(table[index], move.laid, s.config, high=move.high)
        if reason is not None:
            return reason
    return play_problem(s, move)


def discardable(s: Position) -> list[Card]:
    """The distinct cards the mover may discard now (in the play phase), in hand order.

    This is the rule for discards: :func:`discard_problem` accepts a discard exactly when its
    card is listed here. No card may be discarded while one is owed, and a card taken from the
    top of the pile and kept may not be (unless another copy is held).
    """
    hand = s.hands[s._current]
    if s._extra is not None:  # a card owed or kept (most positions have neither)
        if s.owed is not None:
            return []
        kept = s.kept
        if kept is not None and hand.count(kept) == 1:
            return [c for c in dict.fromkeys(hand) if c != kept]
    # Most hands hold no card twice (one deck, one joker at most): then the hand is the list.
    if len(set(hand)) == len(hand):
        return list(hand)
    return list(dict.fromkeys(hand))


def discard_problem(s: Position, move: Discard) -> str | None:
    """Why discarding ``move.card`` is illegal, or ``None``: legal exactly when
    :func:`discardable` lists the card."""
    if s.phase != _PLAY:
        return _phase_problem(s, move)
    card = move.card
    if card in discardable(s):
        return None
    if card not in s.hands[s._current]:
        return f"you do not hold {card}"
    if s.owed is not None:
        return (
            f"{s.owed}, the deepest card you took from the discard pile, must "
            f"{s.owed_use.words} before you discard"
        )
    if card == s.kept:
        return f"{card} was taken from the top of the pile and kept: discard another card"
    return f"{card} may not be discarded now"


def deal_problem(s: Position, move: Deal) -> str | None:
    """Why dealing the next hand is illegal (anywhere but after a hand is over), or ``None``."""
    if s.phase != _HAND_OVER:
        return _phase_problem(s, move)
    return None


# -- any move --------------------------------------------------------------------------------


def problem(s: Position, move: object) -> str | None:
    """Why ``move`` is illegal in ``s``, in words, or ``None`` when it is legal: the answer of
    the predicate for the move's kind."""
    if not isinstance(move, Move):
        return f"{describe_value(move)} is not a move"
    predicate = PROBLEM.get(type(move))
    if predicate is None:
        return f"a {type(move).__name__} is not a move that can be played: the moves are {_KINDS}"
    return predicate(s, move)


#: The registry's column ``"problem"``: the predicate that is the authority on each kind of
#: move (see the module's docstring).
PROBLEM: Final[dict[type[Move], Callable[[Position, Any], str | None]]] = kind_column(
    "problem",
    {
        Draw: draw_problem,
        Take: take_problem,
        Meld: meld_problem,
        Layoff: layoff_problem,
        Discard: discard_problem,
        Decline: decline_problem,
        Call: call_problem,
        Pass: pass_problem,
        Deal: deal_problem,
    },
)

_KINDS: Final = f"{', '.join(k.__name__ for k in KINDS[:-1])} and {KINDS[-1].__name__}"


def _phase_problem(s: Position, move: Move) -> str:
    """Why a move of this kind cannot be played in the phase ``s`` is in (each predicate
    calls this when its kind of move is not played in that phase)."""
    phase = s.phase
    if phase == _GAME_OVER:
        return "the game is over: there are no more moves"
    if phase == _HAND_OVER:
        return "the hand is over and scored: the next move is 'deal'"
    if isinstance(move, Deal):
        return "'deal' comes only after a hand is over"
    if phase == _CALL:
        return (
            f"player {s._current} may call rummy on player {s.discarder}'s discard or pass; "
            "nothing else can happen before the next player draws"
        )
    if phase == _DRAW:
        if isinstance(move, Call | Pass):
            if s.config.calling is _CALLING_NONE:
                return (
                    "calling rummy is not played under these rules: a turn starts with a draw "
                    "from the stock or a take from the discard pile"
                )
            return "rummy can be called only straight after a discard, before the next draw"
        return "a turn starts with a draw from the stock or a take from the discard pile"
    return "you have already drawn this turn: meld, lay off or discard"
