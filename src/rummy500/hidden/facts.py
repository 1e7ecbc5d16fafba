"""What play tells every player of the cards they cannot see, beyond the log: what the hidden
cards of the player to move allow (a check of a view that a witness dealt in order cannot make),
and the deals that respect it.

**The hidden mover's hand.** Play never reaches a position without a legal move, so while
another player is in the middle of a turn, everyone knows their hidden cards allow one:

* a player who took from the discard pile and still owes its deepest card (``owed``) holds the
  cards that put that card down as it is owed (a kept card, under ``keep_top_discard``, leaves
  them a discard unless it is all they hold);
* when the stock is empty at a draw, the hand ends at once unless the player to draw has a
  legal take (under ``take_or_end``; under the other rules the hand has ended or the pile was
  turned over before), so while the hand goes on they hold the cards that use the deepest card
  of some take.

:func:`mover_need` says which of these a view makes public. :func:`completions` lists the
*completions* that could meet it: the fewest hidden cards that, added to what the mover is known
to hold, put the owed card (or the deepest card of a take) down, found with the engine's own
:func:`~rummy500.melds.costs.use_cost` (a new meld of three through the card, a lay-off onto the
table, jokers and the run limits as the rules have them). A completion never needs more than
two cards unless the card must be laid off. :func:`deal_meeting` deals the hidden cards with one
completion in the mover's hand, as a reading of the log allows, and keeps the deal only when
the engine's move generation gives the mover what the fact says they have: the generator stays
the one authority on what is legal, and the search only decides which deals to ask it about.
Since adding cards to a hand of a given size never takes a meld or lay-off away, a deal exists
exactly when one completion leads to one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations
from typing import Final

from rummy500.core.cards import JOKER, Card
from rummy500.core.phases import OwedUse, Phase
from rummy500.hidden.knowledge import Group, HiddenReading, deal_groups
from rummy500.melds.costs import use_cost
from rummy500.melds.search import availability, layoffs
from rummy500.melds.table import TableMeld
from rummy500.play.engine import ends_without_a_take
from rummy500.play.movegen import generate
from rummy500.play.pile import must_keep, take_use
from rummy500.play.position import Position
from rummy500.rules.config import RuleConfig

__all__ = [
    "MOVE",
    "TAKE",
    "completions",
    "deal_meeting",
    "meets",
    "mover_need",
    "need_problem",
]

#: The hidden mover, in the middle of a turn with a card owed or kept, has a legal move.
MOVE: Final = "move"
#: The hidden mover, to draw from an empty stock, has a legal take.
TAKE: Final = "take"

#: How many readings of the log, besides the search's, are tried for a completion after the
#: pile was turned over (where the copies of a card make the reading a choice).
_READINGS_TRIED: Final = 4


def mover_need(
    phase: Phase,
    mover: int,
    me: int,
    stock_size: int,
    owed: Card | None,
    kept: Card | None,
) -> str | None:
    """What everyone knows the hidden cards of the player to move allow (:data:`MOVE` or
    :data:`TAKE`), or ``None`` when the mover is ``me`` (the viewer) or nothing is known.
    Cheap: most views need no search."""
    if mover == me:
        return None
    if phase == Phase.PLAY and (owed is not None or kept is not None):
        return MOVE
    if phase == Phase.DRAW and not stock_size:
        return TAKE
    return None


def meets(need: str, s: Position) -> bool:
    """Whether the player to move in ``s`` has what ``need`` says: a legal move, or a take."""
    moves = generate(s)
    if need == MOVE:
        return bool(moves)
    return not ends_without_a_take(s.stock_size, moves)


def completions(
    need: str,
    config: RuleConfig,
    table: Sequence[TableMeld],
    pile: Sequence[Card],
    owed: Card | None,
    owed_use: OwedUse,
    known: Counter[Card],
    hidden: Counter[Card],
    size: int,
) -> Iterator[tuple[Card, ...]]:
    """The completions that may meet ``need`` for a mover known to hold ``known`` (the owed or
    kept card among them) in a hand of ``size`` cards, the rest drawn from ``hidden``: no card
    first, then for the owed card (or the deepest card of each take, from the top of the pile
    down) each smallest set of hidden cards that puts it down, sorted. Each is listed once."""
    yield ()
    unknown = size - known.total()
    if unknown <= 0:
        return
    keep = must_keep(config)
    seen: set[tuple[Card, ...]] = {()}
    if need == MOVE:
        if owed is None:
            # A kept card leaves a discard in any hand of two cards or more, and a hand of one
            # is all known: nothing hidden can help.
            return
        tries = _putting_down(config, table, owed, owed_use, known, hidden, unknown, size - keep)
    else:
        tries = _taking(config, table, pile, known, hidden, unknown, size - keep)
    for cards in tries:
        if cards not in seen:
            seen.add(cards)
            yield cards


def _taking(
    config: RuleConfig,
    table: Sequence[TableMeld],
    pile: Sequence[Card],
    known: Counter[Card],
    hidden: Counter[Card],
    unknown: int,
    room: int,
) -> Iterator[tuple[Card, ...]]:
    use = take_use(config)
    for k in range(1, len(pile) + 1):
        taken = pile[len(pile) - k :]
        held = known.copy()
        held.update(taken)
        # The cards taken help put the deepest down: ``room + k`` as legality counts a take.
        yield from _putting_down(config, table, taken[0], use, held, hidden, unknown, room + k)


def _putting_down(
    config: RuleConfig,
    table: Sequence[TableMeld],
    card: Card,
    use: OwedUse,
    held: Counter[Card],
    hidden: Counter[Card],
    unknown: int,
    room: int,
) -> Iterator[tuple[Card, ...]]:
    """The smallest sets of hidden cards that, with ``held``, put ``card`` down as ``use`` says
    in at most ``room`` cards. A meld or lay-off through the card holds a meld of three through
    it, or lays it off with the cards bridging a gap, which are a run with it when there are two
    or more: two hidden cards at most, unless the card must be laid off (then three, for a meld
    laid down first to take it, and every bridge the engine's lay-off search finds)."""
    pool = _near(card, held, hidden, config)
    if use is OwedUse.LAYOFF:
        # The engine's move generation decides these: laying down a meld to take the card
        # is not a cost the search measures.
        for n in range(1, min(unknown, 3) + 1):
            yield from sorted(set(combinations(pool, n)))
        avail = availability([*held.elements(), *pool], config)
        for meld in table:
            for cards, _high in layoffs(meld, avail, config):
                phys = Counter(c.physical for c in cards)
                if card.physical in phys:
                    extra = tuple(sorted((phys - held).elements()))
                    if len(extra) <= unknown:
                        yield extra
        return
    base = list(held.elements())
    for n in range(1, min(unknown, 2) + 1):
        for extra in sorted(set(combinations(pool, n))):
            cost = use_cost(card, availability([*base, *extra], config), table, config, use)
            if cost is not None and cost <= room:
                yield extra


def _near(card: Card, held: Counter[Card], hidden: Counter[Card], config: RuleConfig) -> list[Card]:
    """The hidden cards that can go down with ``card``: of its rank or suit, and jokers (any
    card, for a joker), each once (a second copy adds nothing a meld can use) but the jokers,
    which count."""
    out: list[Card] = []
    for c in sorted(hidden):
        copies = hidden[c]
        if copies <= 0:
            continue
        if c >= JOKER:
            out.extend([c] * min(copies, max(config.max_jokers_per_meld, 3)))
        elif c not in held and (card >= JOKER or c // 13 == card // 13 or c % 13 == card % 13):
            out.append(c)
    return out


def _forced(groups: list[Group], mover: int, cards: Sequence[Card]) -> list[Group] | None:
    """``groups`` with ``cards`` taken out of them for the mover's hand (each from a group
    that hides it and where the mover holds a card), or ``None`` when they cannot be."""
    left = [(list(cs), list(counts)) for cs, counts in groups]

    def place(i: int) -> bool:
        if i == len(cards):
            return True
        card = cards[i]
        for cs, counts in left:
            if counts[mover] > 0 and card in cs:
                cs.remove(card)
                counts[mover] -= 1
                if place(i + 1):
                    return True
                cs.append(card)
                counts[mover] += 1
        return False

    return left if place(0) else None


def deal_meeting(
    need: str,
    reading: HiddenReading,
    mover: int,
    stock_size: int,
    tries: Iterable[tuple[Card, ...]],
    build: Callable[[tuple[Card, ...], list[list[Card]]], Position],
    rng: random.Random | None,
) -> Position | None:
    """A position dealt as ``reading`` allows, with one completion of ``tries`` (in their
    order) in the mover's hand, in which the mover has what ``need`` says; ``None`` when no
    completion leads to one. ``build`` makes the position from the stock and each player's
    hidden cards; ``rng`` deals the rest at random (in order when ``None``). After the pile was
    turned over, a few readings of the log are tried (the search's first)."""
    readings: list[random.Random | None] = [rng]
    groups = reading.split(rng)
    if len(groups) > 1:
        readings += [random.Random(i) for i in range(_READINGS_TRIED)]
    # The completions are listed lazily (the first often does): kept for the next reading.
    listed: list[tuple[Card, ...]] = []
    for r, draw in enumerate(readings):
        if r:
            groups = reading.split(draw)
        for cards in listed if r else _kept(tries, listed):
            forced = _forced(groups, mover, cards)
            if forced is None:
                continue
            stock, dealt = deal_groups(forced, stock_size, rng)
            dealt[mover] += cards
            s = build(stock, dealt)
            if meets(need, s):
                return s
        if len(groups) == 1:
            break
    return None


def _kept(
    tries: Iterable[tuple[Card, ...]], listed: list[tuple[Card, ...]]
) -> Iterator[tuple[Card, ...]]:
    for cards in tries:
        listed.append(cards)
        yield cards


def need_problem(need: str, mover: int, owed: Card | None, use: OwedUse, kept: Card | None) -> str:
    """Why a view whose hidden mover has no deal meeting ``need`` is impossible."""
    if need == TAKE:
        return (
            f"the stock is empty and player {mover} is to draw, but no hand the view leaves "
            "them has a legal take: when the player to draw from an empty stock has none, "
            "the hand ends at once"
        )
    if owed is not None:
        return (
            f"player {mover} owes {owed}, the deepest card they took from the discard pile, "
            f"which must {use.words} this turn, but no hand the view leaves them can do that: "
            "a take is legal only when its deepest card can be used"
        )
    return (
        f"player {mover} is to play with {kept} kept, but no hand the view leaves them has a "
        "legal move: play never reaches a position without one"
    )
