"""Strategies, play policies and an independent rule model shared by the property tests.

The rule model (:func:`oracle_moves`, :func:`usable`, :func:`oracle_scores`) is written
straight from the rules text, by brute force, without any of the library's meld predicates,
so that it can check the library's move generator and scorer rather than repeat them:

* a *set* is 3 or 4 cards of one rank, all of different suits;
* a *run* is 3 or more cards of one suit at consecutive positions, where the ace is at
  position 1 (A-2-3...) or 14 (...Q-K-A) but never both, so K-A-2 is no run;
* the deepest card taken from the discard pile must reach the table the same turn, in a new
  meld or laid off on a table meld: a take is legal only if that is possible with the hand and
  the taken cards, and until it is done no discard is allowed and no meld or lay-off that would
  make it impossible.

Melds and lay-offs are found by trying every subset of the cards that could possibly form
one: a meld is all of one suit (a run) or all of one rank (a set), so every subset of each
suit's cards and of each rank's cards is tried. A meld never holds the same card twice (a set
needs different suits, a run different positions), so subsets of *distinct* cards suffice even
with two decks; this keeps a 13-card suit at 2^13 subsets.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations

import attrs
from hypothesis import settings
from hypothesis import strategies as st

from rummy500 import (
    CARDS,
    Card,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Phase,
    RuleConfig,
    State,
    Take,
    parse_cards,
)

__all__ = [
    "OMeld",
    "Policy",
    "as_move",
    "as_put",
    "build_position",
    "candidates",
    "card_value",
    "deck_counter",
    "is_meld",
    "is_set",
    "layoff_result",
    "legal_by_rules",
    "listed_run",
    "meld_preferring_policy",
    "model",
    "oracle_moves",
    "oracle_scores",
    "player_counts",
    "put_down_candidates",
    "put_down_result",
    "random_policy",
    "scaled",
    "seeds",
    "state_cards",
    "usable",
]

#: Game seeds for hypothesis.
seeds = st.integers(min_value=0, max_value=2**32 - 1)
#: Player counts the standard rules allow.
player_counts = st.integers(min_value=2, max_value=8)


def scaled(fraction: float) -> settings:
    """Settings running ``fraction`` of the active profile's example count (at least 1).

    Expensive tests use this instead of a fixed ``max_examples`` so that the ``ci``, ``dev``
    and ``hunt`` profiles still scale them.
    """
    return settings(max_examples=max(1, round(settings.default.max_examples * fraction)))


# -- cards, straight from the id layout (suit * 13 + rank - 1, ace rank 1) ----------------------


def rank(card: int) -> int:
    """1 (ace) to 13 (king)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """0-3 (clubs, diamonds, hearts, spades)."""
    return card // 13


def decks_for(players: int) -> int:
    """One deck for 2 to 4 players, two for 5 to 8 (the standard rules)."""
    return 1 if players <= 4 else 2


def deck_counter(players: int) -> Counter[int]:
    """The multiset of cards the standard rules use with ``players`` players."""
    return Counter({c: decks_for(players) for c in range(52)})


def state_cards(s: State) -> Counter[int]:
    """Every card of a state: hands, stock, discard pile and table."""
    seen: Counter[int] = Counter()
    for hand in s.hands:
        seen.update(int(c) for c in hand)
    seen.update(int(c) for c in s.stock)
    seen.update(int(c) for c in s.pile)
    for meld in s.table:
        seen.update(int(c) for c in meld.cards)
    return seen


# -- the rule model --------------------------------------------------------------------------


def is_set(cards: Sequence[int]) -> bool:
    """3 or 4 cards of one rank, all of different suits."""
    return (
        3 <= len(cards) <= 4
        and len({rank(c) for c in cards}) == 1
        and len({suit(c) for c in cards}) == len(cards)
    )


def listed_run(cards: Sequence[int]) -> list[int] | None:
    """The positions of ``cards`` if, as listed, they are a run from low to high.

    An ace listed first is low (position 1), an ace listed last is high (14), and an ace
    anywhere else, or listed both first and last, breaks the run: that rules out K-A-2.
    """
    if len(cards) < 3 or len({suit(c) for c in cards}) != 1:
        return None
    pos = [rank(c) for c in cards]
    if pos[-1] == 1:
        pos[-1] = 14
    if pos != list(range(pos[0], pos[0] + len(pos))) or (pos[0] == 1 and pos[-1] == 14):
        return None
    return pos


def is_meld(cards: Sequence[int]) -> bool:
    """A set, or a run listed low to high."""
    return is_set(cards) or listed_run(cards) is not None


@attrs.frozen
class OMeld:
    """The model's table meld: a run (suit and positions) or a set (rank and suits)."""

    is_run: bool
    key: int  # the suit of a run, the rank of a set
    members: frozenset[int]  # positions of a run, suits of a set

    @classmethod
    def of(cls, cards: Sequence[int]) -> OMeld:
        """The meld of ``cards``: a set, or a run listed low to high (as the table lists it)."""
        if is_set(cards):
            return cls(False, rank(cards[0]), frozenset(suit(c) for c in cards))
        pos = listed_run(cards)
        assert pos is not None, f"not a meld: {cards}"
        return cls(True, suit(cards[0]), frozenset(pos))


def layoff_result(meld: OMeld, cards: Sequence[int], *, high: bool) -> OMeld | None:
    """``meld`` with ``cards`` laid off on it (aces high if ``high``), or ``None`` if illegal."""
    if not cards:
        return None
    if high and not any(rank(c) == 1 for c in cards):
        return None  # 'high' says where a laid-off ace goes: without an ace it is no move
    if not meld.is_run:
        if high or any(rank(c) != meld.key for c in cards):
            return None
        suits = [*meld.members, *(suit(c) for c in cards)]
        if len(suits) > 4 or len(set(suits)) != len(suits):
            return None
        return OMeld(False, meld.key, frozenset(suits))
    if any(suit(c) != meld.key for c in cards):
        return None
    pos = [*meld.members, *(14 if rank(c) == 1 and high else rank(c) for c in cards)]
    lo = min(pos)
    if sorted(pos) != list(range(lo, lo + len(pos))) or (1 in pos and 14 in pos):
        return None
    return OMeld(True, meld.key, frozenset(pos))


def _subsets(cards: Iterable[int], min_size: int, must: int | None) -> Iterator[tuple[int, ...]]:
    distinct = sorted(set(cards))
    for size in range(min_size, len(distinct) + 1):
        for combo in combinations(distinct, size):
            if must is None or must in combo:
                yield combo


#: A meld or lay-off as the model sees it: the table meld it goes on (-1 for a new meld), its
#: cards (a new meld's listed low to high), and whether a laid-off ace goes high.
Put = tuple[int, tuple[int, ...], bool]
#: The mover's hand and the table.
Model = tuple[tuple[int, ...], tuple[OMeld, ...]]


def put_down_candidates(
    hand: Sequence[int], table: Sequence[OMeld], *, must: int | None = None
) -> Iterator[Put]:
    """Every meld and lay-off worth trying with ``hand`` (with ``must``: holding that card).

    Melds: every subset of 3 or more cards of one suit or of one rank, listed low to high,
    with an ace first and again with it last. Lay-offs: every non-empty subset of the cards of
    a table meld's suit (run) or rank (set), with a laid-off ace low and again high.
    """
    by_suit: dict[int, list[int]] = {}
    by_rank: dict[int, list[int]] = {}
    for c in hand:
        by_suit.setdefault(suit(c), []).append(c)
        by_rank.setdefault(rank(c), []).append(c)
    for groups, same_suit in ((by_suit, True), (by_rank, False)):
        for group in groups.values():
            if must is not None and must not in group:
                continue
            for combo in _subsets(group, 3, must):  # ascending ids: by rank, or by suit
                yield -1, combo, False
                if same_suit and rank(combo[0]) == 1:
                    yield -1, (*combo[1:], combo[0]), False
    for i, meld in enumerate(table):
        group = by_suit.get(meld.key, []) if meld.is_run else by_rank.get(meld.key, [])
        if must is not None and must not in group:
            continue
        for combo in _subsets(group, 1, must):
            yield i, combo, False
            yield i, combo, True


def put_down_result(put: Put, hand: Sequence[int], table: Sequence[OMeld]) -> Model | None:
    """The hand and table after the meld or lay-off ``put``, or ``None`` if it is illegal.

    The owed card is not considered here.
    """
    index, cards, high = put
    rest = list(hand)
    for c in cards:
        if c not in rest:
            return None
        rest.remove(c)
    if index < 0:
        if high or not is_meld(cards):
            return None
        return tuple(rest), (*table, OMeld.of(cards))
    if index >= len(table):
        return None
    grown = layoff_result(table[index], cards, high=high)
    if grown is None:
        return None
    return tuple(rest), (*table[:index], grown, *table[index + 1 :])


def usable(card: int, hand: Sequence[int], table: Sequence[OMeld]) -> bool:
    """Whether ``card`` (in ``hand``) can still reach the table this turn.

    One meld or lay-off holding the card decides it: any longer line of play that ends with
    the card on the table could put down the cards of its last meld or lay-off, together with
    the cards played earlier that lead up to it, in a single move.
    """
    return any(
        put_down_result(put, hand, table) is not None
        for put in put_down_candidates(hand, table, must=card)
    )


def as_move(put: Put) -> Meld | Layoff:
    """The library move for the model's ``put``."""
    index, cards, high = put
    return Meld([CARDS[c] for c in cards]) if index < 0 else Layoff(index, cards, high)


def as_put(move: Move) -> Put | None:
    """The model's reading of a meld or lay-off move (``None`` for other moves)."""
    if isinstance(move, Meld):
        return -1, tuple(int(c) for c in move.melded), False
    if isinstance(move, Layoff):
        return move.meld, tuple(sorted(int(c) for c in move.laid)), move.high_ace
    return None


def model(s: State) -> Model:
    """The mover's hand and the table, as the rule model sees them."""
    return tuple(int(c) for c in s.hands[s.current]), tuple(OMeld.of(m.cards) for m in s.table)


def _take_ok(s: State, taken: tuple[int, ...], seen: Model) -> bool:
    hand, table = seen
    return (
        0 < len(taken) <= len(s.pile)
        and tuple(s.pile[len(s.pile) - len(taken) :]) == taken
        and usable(taken[0], hand + taken, table)
    )


def _put_ok(s: State, put: Put, seen: Model) -> bool:
    after = put_down_result(put, *seen)
    if after is None:
        return False
    return s.owed is None or s.owed in put[1] or usable(s.owed, *after)


def legal_by_rules(s: State, move: Move, seen: Model | None = None) -> bool:
    """Whether the rule model allows ``move`` in ``s`` (``seen``: :func:`model` of ``s``)."""
    if s.phase == Phase.GAME_OVER:
        return False
    if s.phase == Phase.HAND_OVER:
        return isinstance(move, Deal)
    seen = model(s) if seen is None else seen
    if s.phase == Phase.DRAW:
        if isinstance(move, Draw):
            return bool(s.stock)
        if isinstance(move, Decline):
            return not s.stock
        if isinstance(move, Take):
            return _take_ok(s, tuple(int(c) for c in move.taken), seen)
        return False
    if isinstance(move, Discard):
        return s.owed is None and move.card in seen[0]
    put = as_put(move)
    return put is not None and _put_ok(s, put, seen)


def candidates(s: State) -> Iterator[Move]:
    """Every move worth trying in ``s``, legal or not."""
    yield Deal()
    yield Draw()
    yield Decline()
    pile = tuple(s.pile)
    for i in range(len(pile)):
        yield Take(pile[i:])
        if i < len(pile) - 1:
            yield Take((pile[i],))  # a card from the middle, leaving those above it
    if s.phase > Phase.PLAY:
        return
    hand, table = model(s)
    yield from (as_move(put) for put in put_down_candidates(hand, table))
    for c in hand:
        yield Discard(CARDS[c])


def oracle_moves(s: State) -> set[Move]:
    """Every legal move in ``s``, decided by the rule model alone.

    Works on the model's own reading of each candidate; the library's move objects are built
    only for the legal ones, and each must keep the card order the model gave it (a set by
    suit, a run low to high), so that no two different melds are taken for the same move.
    """
    if s.phase != Phase.PLAY:
        return {m for m in candidates(s) if legal_by_rules(s, m)}
    # The same as above, without building a library move for every subset tried.
    seen = model(s)
    moves: set[Move] = set()
    for put in put_down_candidates(*seen):
        if _put_ok(s, put, seen):
            move = as_move(put)
            assert as_put(move) == put, f"{move} does not keep the cards in the order {put}"
            moves.add(move)
    if s.owed is None:
        moves.update(Discard(CARDS[c]) for c in seen[0])
    return moves


# -- scoring, written from the rules text ------------------------------------------------------


def card_value(card: int, *, low_ace: bool = False) -> int:
    """Ace 15 (1 at the low end of an A-2-3 run), 2-9 their number, 10-K 10."""
    r = rank(card)
    if r == 1:
        return 1 if low_ace else 15
    return r if r <= 9 else 10


def oracle_scores(s: State) -> tuple[int, ...]:
    """Each player's score for the hand that ``s`` ends: table cards minus hand cards."""
    scores = [-sum(card_value(c) for c in hand) for hand in s.hands]
    for meld in s.table:
        cs = [int(c) for c in meld.cards]
        low = rank(cs[0]) == 1 and rank(cs[1]) == 2  # a run starting A-2: the ace is low
        for i, (c, owner) in enumerate(zip(cs, meld.owners, strict=True)):
            scores[owner] += card_value(c, low_ace=low and i == 0)
    return tuple(scores)


# -- play policies ---------------------------------------------------------------------------

#: A policy picks one of a state's legal moves.
Policy = Callable[[random.Random, State], Move]


def random_policy(rng: random.Random, s: State) -> Move:
    """Any legal move, uniformly."""
    return rng.choice(s.legal_moves())


def meld_preferring_policy(rng: random.Random, s: State) -> Move:
    """Put cards down whenever possible, take only short runs of discards, discard high.

    Games played this way score well, so they reach the target in a few dozen hands.
    """
    moves = s.legal_moves()
    down = [m for m in moves if isinstance(m, Meld | Layoff)]
    if down:
        return rng.choice(down)
    if s.phase == Phase.DRAW:
        takes = [m for m in moves if isinstance(m, Take)]
        short = [m for m in takes if len(m.taken) <= 2]
        if short and (rng.random() < 0.5 or not s.stock):
            return rng.choice(short)
        if s.stock:
            return Draw()
        return rng.choice(moves)
    discards = [m for m in moves if isinstance(m, Discard)]
    if discards:
        return max(discards, key=lambda m: (card_value(m.card), rng.random()))
    return rng.choice(moves)


# -- building positions ----------------------------------------------------------------------


def build_position(
    players: int,
    *,
    hands: dict[int, str],
    table: Sequence[tuple[str, int]] = (),
    pile: str = "",
    stock: int | None = None,
    current: int = 0,
    phase: Phase = Phase.DRAW,
    owed: str | None = None,
    totals: Sequence[int] | None = None,
) -> State:
    """A standard-rules position holding the named cards, and every other card somewhere.

    ``hands`` names the cards of some players (ASCII or Unicode text); ``table`` gives each
    meld as text with one owner. Of the cards left over, ``stock`` form the stock (by default,
    all but the dealt hands of the players not named), and the rest are shared out among the
    players not named. ``totals`` are the running totals, scored in one earlier hand.
    """
    config = RuleConfig()
    pool = deck_counter(players)
    named = {p: parse_cards(t) for p, t in hands.items()}
    melds = [(parse_cards(t), owner) for t, owner in table]
    pile_cards = parse_cards(pile)
    for cs in (*named.values(), *(m for m, _ in melds), pile_cards):
        for c in cs:
            if pool[int(c)] == 0:
                raise ValueError(f"{c} is used more often than the decks hold")
            pool[int(c)] -= 1
    rest = sorted(pool.elements())
    others = [p for p in range(players) if p not in named]
    if stock is None:
        stock = max(0, len(rest) - len(others) * config.deal_size[players])
    if rest[stock:] and not others:
        raise ValueError("every hand is named, so the cards left over must all be in the stock")
    all_hands: list[Sequence[int]] = [named.get(p, ()) for p in range(players)]
    for i, p in enumerate(others):
        all_hands[p] = rest[stock + i :: len(others)]
    return State.from_position(
        config,
        hands=all_hands,
        stock=rest[:stock],
        pile=pile_cards,
        table=[(cs, [owner] * len(cs)) for cs, owner in melds],
        current=current,
        phase=phase,
        owed=None if owed is None else Card(owed),
        totals=totals,
        history=[] if totals is None else [totals],
    )
