"""What play tells every player of the cards they cannot see, beyond the log: the checks of a
view that a witness dealt in order cannot make, and the deals that respect them.

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
:func:`~rummy500.melds.search.use_cost` (a new meld of three through the card, a lay-off onto the
table, jokers and the run limits as the rules have them). A completion never needs more than
two cards unless the card must be laid off. :func:`deal_meeting` deals the hidden cards with one
completion in the mover's hand, as a reading of the log allows, and keeps the deal only when
the engine's move generation gives the mover what the fact says they have: the generator stays
the one authority on what is legal, and the search only decides which deals to ask it about.
Since adding cards to a hand of a given size never takes a meld or lay-off away, a deal exists
exactly when one completion leads to one.

**A finished hand's scores** (:func:`score_problem`): the viewer's own hand and the table are
in sight, and a player who went out holds no cards, so a side whose hands are all known scores
exactly what they make; any other side scores within what its hidden cards can count (the
fewest and the most points that many cards of the unseen ones hold).

**The log against the view** (:func:`log_problem`): the events show only cards of the game's
decks, the deal opens the hand's log and agrees with the view, the viewer's own cards replay to
their hand, every meld named was laid down before and is on the table, and the hand's end is
the last event, of a hand that is over, with its scores.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations
from typing import Final

from rummy500.core.cards import JOKER, Card, format_cards
from rummy500.core.phases import OwedUse, Phase
from rummy500.hidden.knowledge import Group, HiddenReading, deal_groups
from rummy500.melds.search import availability, layoffs, use_cost
from rummy500.melds.table import TableMeld
from rummy500.play.engine import ends_without_a_take
from rummy500.play.events import (
    Called,
    Dealt,
    Declined,
    Discarded,
    Drew,
    Event,
    HandEnded,
    LaidOff,
    Melded,
    Reshuffled,
    Took,
    quoted_event,
)
from rummy500.play.legality import must_keep, take_use
from rummy500.play.movegen import generate
from rummy500.play.position import Position
from rummy500.play.scoring import table_points
from rummy500.rules.config import EmptyStock, RuleConfig

__all__ = [
    "MOVE",
    "TAKE",
    "completions",
    "deal_meeting",
    "log_problem",
    "meets",
    "mover_need",
    "need_problem",
    "score_problem",
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


# -- the scores of a finished hand -----------------------------------------------------------


def score_problem(
    config: RuleConfig,
    me: int,
    hand: Sequence[Card],
    sizes: Sequence[int],
    table: Sequence[TableMeld],
    unseen: Counter[Card],
    went_out: int | None,
    side_row: Sequence[int],
    player_row: Sequence[int] | None,
) -> str | None:
    """Why the last hand's scores cannot be what the hand just over scored, or ``None``.

    ``side_row`` is the history's last row and ``player_row`` the players' (partnerships only,
    when recorded); ``unseen`` are the cards of the decks not in ``me``'s hand, the table or the
    pile, from which the other hands hold ``sizes`` cards each. A player's hand is known when it
    is ``me``'s or holds no card.
    """
    n = len(sizes)
    values = config.card_values
    on_table = table_points(values, table, n)
    subtracted = not (went_out is None and config.no_minus_at_stock_end)
    by_card = values.by_card
    points = sorted(by_card[c] for c in unseen.elements())
    own = sum(by_card[c] for c in hand)

    def bounds(players: Sequence[int]) -> tuple[int, int, int]:
        """The fewest and most points the players score, and their hidden cards."""
        score = 0
        hidden = 0
        for p in players:
            score += on_table[p] + (config.going_out_bonus if p == went_out else 0)
            if not subtracted:
                continue
            if p == me:
                score -= own
            else:
                hidden += sizes[p]
        if not hidden:
            return score, score, 0
        return score - sum(points[-hidden:]), score - sum(points[:hidden]), hidden

    def problem(what: str, got: int, players: Sequence[int]) -> str | None:
        low, high, hidden = bounds(players)
        if low <= got <= high:
            return None
        rule = (
            "table cards count for it and the cards left in its hands against it"
            if subtracted
            else "table cards count for it (nothing is taken off: the stock ran out under "
            "no_minus_at_stock_end)"
        )
        if not hidden:
            known = _known_hands(players, me, went_out)
            return f"the last hand's score of {what} is {got}, but {known} score {low}: its {rule}"
        return (
            f"the last hand's score of {what} is {got}, but with {hidden} cards hidden in its "
            f"hands it scores from {low} to {high}: its {rule}"
        )

    sides = config.sides(n)
    for side in range(sides):
        players = [p for p in range(n) if config.side_of(p, n) == side]
        found = problem(f"side {side}", side_row[side], players)
        if found is not None:
            return found
    if player_row is not None:
        for p in range(n):
            found = problem(f"player {p}", player_row[p], [p])
            if found is not None:
                return found
    return None


def _known_hands(players: Sequence[int], me: int, went_out: int | None) -> str:
    """The words for what a side whose hands are all known scores by."""
    parts = []
    for p in players:
        if p == me:
            parts.append(f"player {p}'s hand")
        elif p == went_out:
            parts.append(f"player {p} out with no cards")
        else:
            parts.append(f"player {p}'s empty hand")
    return "the table and " + " and ".join(parts)


# -- the log against the view ----------------------------------------------------------------


def log_problem(
    log: Sequence[Event],
    *,
    config: RuleConfig,
    deck: Counter[Card],
    me: int,
    hand: Sequence[Card],
    phase: Phase,
    hand_number: int,
    dealer: int,
    table: Sequence[TableMeld],
    went_out: int | None,
    last_scores: Sequence[int] | None,
    totals: Sequence[int],
    winner: int | None,
) -> str | None:
    """Why the hand's ``log`` (events already known to be well formed for the game's players)
    contradicts the view it is part of, or ``None``.

    Every event shows cards of the game's ``deck`` only; a pile is turned over only under
    ``empty_stock`` reuse_pile; a deal opens the log, of this hand and dealer; a decline ends
    the hand and the hand's end is the last event, in a hand that is over, with the view's
    scores, totals and winner. When the log opens with the deal, the viewer's own cards dealt,
    drawn and taken, less those they played, are their ``hand``, every meld laid off on or
    joined was laid down before in the hand, and the melds laid down are the table's.
    """
    # The decks hold every standard card: only a joker can be missing from them.
    jokerless = not deck[JOKER]
    for i, event in enumerate(log):
        kind = type(event)
        if kind is Drew or kind is Discarded:
            # Most events: a card each, and nothing else to check.
            card = event.card  # type: ignore[attr-defined]
            if jokerless and card is not None and card >= JOKER:
                return _not_in_decks(i, event, card)
            continue
        if jokerless:
            for card in event.cards:
                if card >= JOKER:
                    return _not_in_decks(i, event, card)
        if kind is Dealt and i:
            return f"{_at(i, event)} deals a hand, but a hand's deal is the first event of its log"
        if kind is Reshuffled and config.empty_stock is not EmptyStock.REUSE_PILE:
            return (
                f"{_at(i, event)} turns the pile over, but the pile is turned over only under "
                f"empty_stock reuse_pile, not {config.empty_stock.value}"
            )
        if kind is HandEnded:
            if phase < Phase.HAND_OVER:
                return (
                    f"{_at(i, event)} ends the hand, but the view is of a hand in play (phase "
                    f"{phase.name.lower()})"
                )
            if i != len(log) - 1:
                return f"{_at(i, event)} ends the hand, but events follow it"
            assert isinstance(event, HandEnded)
            found = _end_problem(
                event, i, hand_number, went_out, last_scores, totals, phase, winner
            )
            if found is not None:
                return found
        if kind is Declined and (i + 1 >= len(log) or type(log[i + 1]) is not HandEnded):
            return (
                f"{_at(i, event)} declines, which ends the hand, but the hand's end does not "
                "follow it"
            )
    if not log or type(log[0]) is not Dealt:
        return None
    deal = log[0]
    assert isinstance(deal, Dealt)
    if deal.hand_number != hand_number or deal.dealer != dealer:
        return (
            f"{_at(0, deal)} deals hand {deal.hand_number} by player {deal.dealer}, but the view "
            f"is of hand {hand_number} dealt by player {dealer}"
        )
    return _hand_problem(log, me, hand) or _meld_problem(log, table)


def _not_in_decks(i: int, event: Event, card: Card) -> str:
    return f"{_at(i, event)} shows {card}, which is not a card of this game's decks"


def _at(i: int, event: Event) -> str:
    return f"the log event log[{i}]{quoted_event(event)}"


def _end_problem(
    event: HandEnded,
    i: int,
    hand_number: int,
    went_out: int | None,
    last_scores: Sequence[int] | None,
    totals: Sequence[int],
    phase: Phase,
    winner: int | None,
) -> str | None:
    """Why the hand's end in the log disagrees with the view of the hand just over."""
    over = phase == Phase.GAME_OVER
    checks: list[tuple[str, object, object]] = [
        ("hand number", event.hand_number, hand_number),
        ("player out", event.went_out, went_out),
        ("totals", list(event.totals), list(totals)),
        ("game over", event.game_over, over),
        ("winner", event.winner, winner),
    ]
    if last_scores is not None:
        checks.insert(2, ("scores", list(event.scores), list(last_scores)))
    for name, logged, shown in checks:
        if logged != shown:
            return f"{_at(i, event)} gives the {name} as {logged}, but the view as {shown}"
    return None


#: The events that add cards to a player's hand or take them out.
_PLAYS: Final = frozenset({Drew, Took, Called, Melded, LaidOff, Discarded})


def _hand_problem(log: Sequence[Event], me: int, hand: Sequence[Card]) -> str | None:
    """Why the viewer's cards dealt, drawn and taken, less those played, are not their hand."""
    deal = log[0]
    assert isinstance(deal, Dealt)
    dealt = deal.hands[me]
    if dealt is None:
        return None
    held: Counter[Card] = Counter(dealt)
    unseen = 0
    for i, event in enumerate(log):
        kind = type(event)
        if kind not in _PLAYS or event.player != me:  # type: ignore[attr-defined]
            continue
        if kind is Drew:
            assert isinstance(event, Drew)
            if event.card is None:
                unseen += 1
            else:
                held[event.card] += 1
        elif kind is Took or kind is Called:
            held.update(event.cards)
        elif kind is Melded or kind is LaidOff or kind is Discarded:
            for card in event.cards:
                physical = card.physical
                if held[physical] > 0:
                    held[physical] -= 1
                elif unseen:
                    unseen -= 1
                else:
                    return (
                        f"{_at(i, event)} has player {me} play {physical}, which the log does "
                        "not put in their hand"
                    )
    mine = Counter(hand)
    missing = +held - mine
    if missing or mine.total() != held.total() + unseen:
        return (
            f"the log deals player {me} {format_cards(dealt) or '-'} and their draws, takes "
            f"and plays since leave them {format_cards(sorted(held.elements())) or '-'}"
            f"{f' and {unseen} cards unseen' if unseen else ''}, but they hold "
            f"{format_cards(hand) or '-'}"
        )
    return None


def _meld_problem(log: Sequence[Event], table: Sequence[TableMeld]) -> str | None:
    """Why a meld the log lays down, joins or lays off on cannot be: melds stay on the table
    until the hand is over, so each is one of the table's, and is named after it was laid."""
    on_table = {meld.id for meld in table}
    # Where each id is given in the log (a joined run's too: it is used up).
    given: dict[int, int] = {}
    for i, event in enumerate(log):
        if type(event) is Melded:
            assert isinstance(event, Melded)
            if event.meld_id in given:
                return (
                    f"{_at(i, event)} gives id {event.meld_id}, given at log"
                    f"[{given[event.meld_id]}] already: an id is given once a hand"
                )
            given[event.meld_id] = i
    for i, event in enumerate(log):
        named: int | None = None
        if type(event) is Melded:
            assert isinstance(event, Melded)
            if event.joined is None and event.meld_id not in on_table:
                return (
                    f"{_at(i, event)} lays down meld {event.meld_id}, but the table has no meld "
                    f"{event.meld_id}: melds stay on the table until the hand is over"
                )
            named = event.joined
        elif type(event) is LaidOff:
            assert isinstance(event, LaidOff)
            named = event.meld_id
        if named is None:
            continue
        if named not in on_table:
            return (
                f"{_at(i, event)} names meld {named}, but the table has no meld {named}: melds "
                "stay on the table until the hand is over"
            )
        if given.get(named, -1) > i:
            return (
                f"{_at(i, event)} names meld {named}, which is laid down only later, at log"
                f"[{given[named]}]"
            )
    return None
