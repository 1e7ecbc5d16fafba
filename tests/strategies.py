"""Strategies, play policies and an independent rule model shared by the property tests.

The rule model (:func:`oracle_moves`, :func:`usable`, :func:`oracle_scores`, :func:`oracle_result`)
is written straight from the rules text (``docs/variants.md`` for the rule choices), by brute
force, without any of the library's meld predicates, so that it can check the library's move
generator and scorer rather than repeat them:

* a *set* is 3 or 4 cards of one rank, all of different suits;
* a *run* is 3 or more cards of one suit, each rank the one after the rank before it (the
  ace follows the king), no rank twice; unless runs may wrap round, the ace stands only at the
  low end (A-2-3) or the high end (Q-K-A) of a run, never inside it (K-A-2), and with aces high
  only, only at the high end;
* a wild joker stands for the card it names, counts as that card in the meld, and a meld holds
  at most ``max_jokers_per_meld`` of them (and a natural card, unless melds of jokers alone are
  played); jokers that are not wild make sets of 3 or 4 jokers and nothing else;
* a lay-off adds cards to one table meld so that it is still a meld; cards that could go at
  either end of a run go at the bottom, or at the top when the move says ``high``;
* the deepest card taken from the discard pile must reach the table the same turn (in a new
  meld, under the deepest-card-starts-a-new-meld rule; by a lay-off, after a call where calls
  must be laid off): a take is legal only if that is possible with the hand and the taken
  cards, and until it is done no discard is allowed and no meld or lay-off that would make it
  impossible; a lone top card may be taken and kept where the rules say so, and then may not
  be discarded (unless a second equal card is held) nor left as the only card in hand unless it
  could then go down by itself;
* where the last card must be a discard, no meld or lay-off may empty the hand, and a take
  needs room to use its deepest card while keeping a card (with floating, emptying the hand is
  allowed).

Melds and lay-offs are found by trying every subset of the cards that could possibly form
one: a meld is all of one suit (a run) or all of one rank (a set), so every subset of each
suit's cards and of each rank's cards is tried, with every number of jokers standing for every
card of that suit or rank. A meld never holds the same card twice, so subsets of *distinct*
cards suffice even with two decks.
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
    Aces,
    Call,
    Calling,
    Card,
    CardValues,
    Deal,
    Decline,
    DeepestCard,
    Discard,
    Draw,
    EmptyStock,
    FirstDealer,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    OwedUse,
    Pass,
    Phase,
    PlayerTable,
    RuleConfig,
    State,
    TableMeld,
    Take,
    dumps,
    loads,
    parse_cards,
)
from rummy500.events import Dealt, Drew
from rummy500.toolkit import CARDS, make_deck

__all__ = [
    "ANY",
    "JK",
    "LAYOFF",
    "MELD",
    "OMeld",
    "Policy",
    "apply_put",
    "as_move",
    "as_put",
    "build_position",
    "call_moves",
    "can_take",
    "candidates",
    "card_worth",
    "cards_in",
    "check_illegal",
    "check_invariants",
    "check_round_trips",
    "check_views",
    "deck_counter",
    "hand_kept",
    "illegal_moves",
    "layoff_results",
    "legal_by_rules",
    "meld_ids",
    "meld_kind",
    "meld_preferring_policy",
    "model",
    "must_keep",
    "oracle_moves",
    "oracle_player_scores",
    "oracle_result",
    "oracle_scores",
    "player_counts",
    "put_candidates",
    "random_policy",
    "read_table",
    "rebuilt",
    "rule_configs",
    "run_order_ok",
    "scaled",
    "seeds",
    "state_cards",
    "take_ok",
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
    return settings(max_examples=max(1, round(settings().max_examples * fraction)))


# -- cards, straight from the id layout --------------------------------------------------------
# A standard card is suit * 13 + rank - 1 (suits C, D, H, S; ace rank 1); 52 is a joker, and
# 53 + f a joker put down standing for the standard card f.

#: The joker, as it lies in a hand, the stock or the pile.
JK = 52
#: How an owed card must be used (the values of ``State.owed_use``).
ANY, MELD, LAYOFF = 0, 1, 2


def rank(card: int) -> int:
    """1 (ace) to 13 (king) of a standard card."""
    return card % 13 + 1


def suit(card: int) -> int:
    """0-3 (clubs, diamonds, hearts, spades) of a standard card."""
    return card // 13


def face(card: int) -> int:
    """The standard card a card counts as: itself, the card a joker stands for, -1 for a joker."""
    return card if card < JK else card - JK - 1


def physical(card: int) -> int:
    """The card as it lies in a hand: a joker standing for a card is a joker."""
    return min(card, JK)


def stand_in(card: int) -> int:
    """A joker standing for the standard card ``card``."""
    return JK + 1 + card


def deck_counter(players: int, config: RuleConfig | None = None) -> Counter[int]:
    """The multiset of cards a game uses: the standard cards of every deck, and its jokers."""
    cfg = RuleConfig() if config is None else config
    return Counter(int(c) for c in make_deck(cfg.decks[players], cfg.jokers_per_deck))


def state_cards(s: State) -> Counter[int]:
    """Every card of a state: hands, stock, discard pile and table (table jokers as jokers)."""
    seen: Counter[int] = Counter()
    for hand in s.hands:
        seen.update(int(c) for c in hand)
    seen.update(int(c) for c in s.stock)
    seen.update(int(c) for c in s.pile)
    for meld in s.table:
        seen.update(physical(int(c)) for c in meld.cards)
    return seen


def must_keep(cfg: RuleConfig) -> int:
    """Cards a meld or lay-off must leave in hand: 1 when the last card must be a discard."""
    return 1 if cfg.discard_to_go_out and not cfg.floating else 0


# -- melds -----------------------------------------------------------------------------------

RUN, SET, JOKERS = "run", "set", "jokers"


def run_order_ok(cards: Sequence[int], cfg: RuleConfig) -> bool:
    """Whether ``cards``, as listed, are a run from its low end to its high end."""
    faces = [face(c) for c in cards]
    if len(faces) < 3 or min(faces) < 0 or len({suit(f) for f in faces}) != 1:
        return False
    ranks = [rank(f) for f in faces]
    if len(set(ranks)) != len(ranks):
        return False
    if any(ranks[i] != ranks[i - 1] % 13 + 1 for i in range(1, len(ranks))):
        return False
    if cfg.wrap_around:
        return True
    for i, r in enumerate(ranks):
        if r != 1:
            continue
        low_end = i == 0 and cfg.aces is Aces.LOW_OR_HIGH
        if not (low_end or i == len(ranks) - 1):
            return False  # round the corner, or a low ace where aces are high only
    return True


def set_ok(cards: Sequence[int]) -> bool:
    """3 or 4 cards of one rank, all of different suits."""
    faces = [face(c) for c in cards]
    return (
        3 <= len(faces) <= 4
        and min(faces) >= 0
        and len({rank(f) for f in faces}) == 1
        and len({suit(f) for f in faces}) == len(faces)
    )


def meld_kind(cards: Sequence[int], cfg: RuleConfig) -> str | None:
    """What kind of meld ``cards`` (as listed) make when put down new, or ``None``."""
    plain = sum(1 for c in cards if c == JK)
    wild = sum(1 for c in cards if c > JK)
    if plain:
        ok = not cfg.jokers_wild and plain == len(cards) and 3 <= plain <= 4
        return JOKERS if ok else None
    if wild and (
        not cfg.jokers_wild
        or wild > cfg.max_jokers_per_meld
        or (wild == len(cards) and not cfg.joker_only_melds)
    ):
        return None
    if set_ok(cards):
        return SET
    return RUN if run_order_ok(cards, cfg) else None


@attrs.frozen
class OMeld:
    """The model's table meld: its kind, its cards as they lie and who put each one there.

    A run lists its cards from the low end to the high end; a set (and a set of jokers) is
    kept sorted by the card each stands for, so that equal melds compare equal.
    """

    kind: str
    cards: tuple[int, ...]
    owners: tuple[int, ...]
    doubled: bool = False

    @classmethod
    def make(
        cls, kind: str, cards: Sequence[int], owners: Sequence[int], doubled: bool = False
    ) -> OMeld:
        """A meld of ``kind``; a set's cards are put in order."""
        pairs = list(zip(cards, owners, strict=True))
        if kind != RUN:
            pairs.sort(key=lambda co: (face(co[0]), co[0], co[1]))
        return cls(kind, tuple(c for c, _ in pairs), tuple(o for _, o in pairs), doubled)

    @property
    def jokers(self) -> int:
        """How many jokers the meld holds."""
        return sum(1 for c in self.cards if c >= JK)

    @property
    def key(self) -> int:
        """The suit of a run, the rank of a set (0 for a set of jokers)."""
        if self.kind == JOKERS:
            return 0
        f = face(self.cards[0])
        return suit(f) if self.kind == RUN else rank(f)


def read_table(table: Iterable[TableMeld], cfg: RuleConfig) -> tuple[OMeld, ...]:
    """The model's reading of the library's table; each meld must be one under ``cfg``."""
    out = []
    for meld in table:
        cards = tuple(int(c) for c in meld.cards)
        if all(c == JK for c in cards):
            kind = JOKERS
        elif len({rank(face(c)) for c in cards}) == 1:
            kind = SET
        else:
            kind = RUN
        # Lay-offs can make a meld the new-meld rules would refuse (more jokers than a new
        # meld may hold never happens, but a set of jokers of 4 or a full run may); check the
        # shape only.
        if kind == RUN:
            assert run_order_ok(cards, cfg), f"table run {meld.cards} is not a run in order"
        elif kind == SET:
            assert set_ok(cards), f"table set {meld.cards} is not a set"
        else:
            assert 3 <= len(cards) <= 4, f"table meld {meld.cards} is no set of jokers"
        if any(c > JK for c in cards):
            assert cfg.jokers_wild
            assert sum(c > JK for c in cards) <= cfg.max_jokers_per_meld
        out.append(OMeld.make(kind, cards, tuple(meld.owners), meld.doubled))
    return tuple(out)


def layoff_results(meld: OMeld, laid: Sequence[int], owner: int, cfg: RuleConfig) -> list[OMeld]:
    """Every meld that laying ``laid`` off on ``meld`` can make, fewest cards at the top first.

    A set takes cards of its rank in suits it lacks, up to 4 cards; a run takes cards that,
    put below and above it in some split, make a longer run.
    """
    if not laid:
        return []
    plain = sum(1 for c in laid if c == JK)
    wild = sum(1 for c in laid if c > JK)
    n = len(laid)
    if meld.kind == JOKERS:
        if plain != n or len(meld.cards) + n > 4:
            return []
        return [OMeld.make(JOKERS, meld.cards + tuple(laid), meld.owners + (owner,) * n)]
    if plain or (wild and (not cfg.jokers_wild or meld.jokers + wild > cfg.max_jokers_per_meld)):
        return []
    if meld.kind == SET:
        cards = meld.cards + tuple(laid)
        if not set_ok(cards):
            return []
        return [OMeld.make(SET, cards, meld.owners + (owner,) * n, meld.doubled)]
    run_ranks = [rank(face(c)) for c in meld.cards]
    by_rank: dict[int, int] = {}
    for c in laid:
        f = face(c)
        if f < 0 or suit(f) != meld.key or rank(f) in by_rank or rank(f) in run_ranks:
            return []
        by_rank[rank(f)] = c
    total = len(run_ranks) + n
    m = len(run_ranks)
    found: dict[int, OMeld] = {}
    for start in range(1, 14):
        seq = [(start - 1 + i) % 13 + 1 for i in range(total)]
        for k in range(total - m + 1):
            if seq[k : k + m] != run_ranks:
                continue
            below, above = seq[:k], seq[k + m :]
            if sorted(below + above) != sorted(by_rank):
                continue
            run = [by_rank[r] for r in below] + list(meld.cards) + [by_rank[r] for r in above]
            if run_order_ok(run, cfg):
                owners = (owner,) * len(below) + meld.owners + (owner,) * len(above)
                found[len(above)] = OMeld.make(RUN, run, owners)
    return [found[a] for a in sorted(found)]


# -- putting cards down ----------------------------------------------------------------------

#: A meld or lay-off as the model sees it: the table meld it goes on (-1 for a new meld), its
#: cards (a new run's listed low to high, a set's by suit, a lay-off's by card id), and
#: whether it asks for the top end of a run.
Put = tuple[int, tuple[int, ...], bool]
#: The mover's hand and the table.
Model = tuple[tuple[int, ...], tuple[OMeld, ...]]


def _subsets(cards: Sequence[int], must: int | None) -> Iterator[tuple[int, ...]]:
    for size in range(len(cards) + 1):
        for combo in combinations(cards, size):
            if must is None or must in combo:
                yield combo


def _orderings(ranks: set[int]) -> Iterator[list[int]]:
    """Every listing of ``ranks`` where each rank follows the one before (ace after king)."""
    for start in sorted(ranks):
        # Only a start whose predecessor is missing can cover an arc (or any start of all 13).
        if len(ranks) < 13 and (start - 2) % 13 + 1 in ranks:
            continue
        seq = [(start - 1 + i) % 13 + 1 for i in range(len(ranks))]
        if set(seq) == ranks:
            yield seq


def put_candidates(
    hand: Sequence[int], table: Sequence[OMeld], cfg: RuleConfig, *, must: int | None = None
) -> Iterator[Put]:
    """Every meld and lay-off worth trying with ``hand`` (with ``must``: holding that card).

    Melds: every subset of the cards of one suit or one rank, with every number of jokers the
    hand allows standing for every other card of that suit or rank, in every listing that
    could be a run. Lay-offs: the same for the suit of a table run or the rank of a table set,
    each asked at the bottom and (``high``) at the top.
    """
    naturals = sorted({c for c in hand if c < JK})
    jokers = sum(1 for c in hand if c == JK)
    wild = cfg.jokers_wild
    jmax = min(jokers, cfg.max_jokers_per_meld) if wild else 0
    need_joker = must == JK
    nat_must = must if must is not None and must < JK else None
    by_suit: dict[int, list[int]] = {s: [] for s in range(4)}
    by_rank: dict[int, list[int]] = {r: [] for r in range(1, 14)}
    for c in naturals:
        by_suit[suit(c)].append(c)
        by_rank[rank(c)].append(c)
    if not wild and jokers >= 3 and must in (None, JK):
        yield from ((-1, (JK,) * size, False) for size in range(3, min(jokers, 4) + 1))
    for s, group in by_suit.items():
        if nat_must is not None and suit(nat_must) != s:
            continue
        for chosen in _subsets(group, nat_must):
            held = {rank(c): c for c in chosen}
            free = [r for r in range(1, 14) if r not in held]
            for j in range(max(1 if need_joker else 0, 3 - len(chosen)), jmax + 1):
                for as_joker in combinations(free, j):
                    for seq in _orderings(set(held) | set(as_joker)):
                        cards = [held[r] if r in held else stand_in(s * 13 + r - 1) for r in seq]
                        yield -1, tuple(cards), False
    for r, group in by_rank.items():
        if nat_must is not None and rank(nat_must) != r:
            continue
        for chosen in _subsets(group, nat_must):
            taken = {suit(c) for c in chosen}
            free = [x for x in range(4) if x not in taken]
            for j in range(max(1 if need_joker else 0, 3 - len(chosen)), jmax + 1):
                for as_joker in combinations(free, j):
                    cards = [*chosen, *(stand_in(x * 13 + r - 1) for x in as_joker)]
                    yield -1, tuple(sorted(cards, key=face)), False
    for i, meld in enumerate(table):
        if meld.kind == JOKERS:
            if not wild and must in (None, JK):
                for j in range(1, jokers + 1):
                    yield i, (JK,) * j, False
                    yield i, (JK,) * j, True
            continue
        if meld.kind == SET:
            group = by_rank[meld.key]
            faces = [x * 13 + meld.key - 1 for x in range(4)]
        else:
            ranks_in = {rank(face(c)) for c in meld.cards}
            # A run never takes a rank it holds: only the other cards of its suit can go on.
            group = [c for c in by_suit[meld.key] if rank(c) not in ranks_in]
            faces = [meld.key * 13 + r - 1 for r in range(1, 14) if r not in ranks_in]
        if nat_must is not None and nat_must not in group:
            continue
        for chosen in _subsets(group, nat_must):
            free = [f for f in faces if f not in chosen]
            for j in range(1 if need_joker else 0, jmax + 1):
                if not chosen and not j:
                    continue
                for as_joker in combinations(free, j):
                    laid = tuple(sorted([*chosen, *(stand_in(f) for f in as_joker)]))
                    yield i, laid, False
                    yield i, laid, True


def _joined(table: Sequence[OMeld], new: OMeld, cfg: RuleConfig) -> tuple[OMeld, ...]:
    """The table after the new run ``new`` joins every table run it continues.

    A run joins a run of its suit that it continues at either end (the two listed one after
    the other still make a run, within the joker limit), the first such run in table order,
    then the grown run joins the next, and so on: a run filling the gap between two runs joins
    both. The joined run takes the place of the first of them in table order.
    """
    melds = list(table)
    at: int | None = None
    grown = new
    while True:
        hit = None
        for i, t in enumerate(melds):
            if i == at or t.kind != RUN or t.key != grown.key:
                continue
            if t.jokers + grown.jokers > cfg.max_jokers_per_meld:
                continue
            for a, b in ((t, grown), (grown, t)):
                if run_order_ok(a.cards + b.cards, cfg):
                    hit = i, OMeld.make(RUN, a.cards + b.cards, a.owners + b.owners)
                    break
            if hit is not None:
                break
        if hit is None:
            break
        i, grown = hit
        if at is None:
            melds[i] = grown
            at = i
        else:
            first, second = sorted((at, i))
            melds[first] = grown
            del melds[second]
            at = first
    return tuple(melds) if at is not None else (*melds, new)


def apply_put(
    put: Put, hand: Sequence[int], table: Sequence[OMeld], player: int, cfg: RuleConfig
) -> Model | None:
    """The hand and table after ``player`` plays ``put``, or ``None`` if it is no meld or lay-off.

    The owed card, the kept card and the rule on going out are not considered here.
    """
    index, cards, high = put
    rest = list(hand)
    for c in cards:
        if physical(c) not in rest:
            return None
        rest.remove(physical(c))
    if index < 0:
        kind = meld_kind(cards, cfg)
        if high or kind is None:
            return None
        n = len(cards)
        doubled = cfg.four_of_a_kind_double and n == 4 and kind != RUN
        new = OMeld.make(kind, cards, (player,) * n, doubled)
        if cfg.join_melds and kind == RUN:
            return tuple(rest), _joined(table, new, cfg)
        return tuple(rest), (*table, new)
    if index >= len(table):
        return None
    results = layoff_results(table[index], cards, player, cfg)
    if not results or (high and len(results) < 2):
        return None
    grown = results[-1] if high else results[0]
    return tuple(rest), (*table[:index], grown, *table[index + 1 :])


def usable(
    card: int,
    hand: Sequence[int],
    table: Sequence[OMeld],
    cfg: RuleConfig,
    *,
    how: int = ANY,
    keep: int = 0,
) -> bool:
    """Whether ``card`` (in ``hand``) can still reach the table this turn, leaving ``keep``.

    ``how`` is :data:`MELD` for a new meld only and :data:`LAYOFF` for a lay-off only. For
    any use or a new meld, one meld or lay-off holding the card decides it: a longer line of
    play that ends with the card on the table could put down its last meld or lay-off together
    with the cards played earlier that lead up to it, in a single move. A lay-off may also go
    on a meld made earlier in the turn, so that is tried too.
    """

    def direct(h: Sequence[int], t: Sequence[OMeld]) -> bool:
        for put in put_candidates(h, t, cfg, must=card):
            if (how == MELD and put[0] >= 0) or (how == LAYOFF and put[0] < 0):
                continue
            after = apply_put(put, h, t, 0, cfg)
            if after is not None and len(after[0]) >= keep:
                return True
        return False

    if direct(hand, table):
        return True
    if how != LAYOFF:
        return False
    for put in put_candidates(hand, table, cfg):
        if put[0] >= 0 or card in (physical(c) for c in put[1]):
            continue
        after = apply_put(put, hand, table, 0, cfg)
        if after is not None and direct(*after):
            return True
    return False


def as_move(put: Put, ids: Sequence[int]) -> Meld | Layoff:
    """The library move for the model's ``put``; ``ids`` are the ids of the table melds, in
    table order (the model names a meld by its place, a lay-off by the meld's id)."""
    index, cards, high = put
    return Meld([CARDS[c] for c in cards]) if index < 0 else Layoff(ids[index], cards, high)


def as_put(move: Move, ids: Sequence[int]) -> Put | None:
    """The model's reading of a meld or lay-off move (``None`` for other moves); a lay-off on
    a meld id that is not among ``ids`` names a place past the table."""
    if isinstance(move, Meld):
        return -1, tuple(int(c) for c in move.melded), False
    if isinstance(move, Layoff):
        index = ids.index(move.meld_id) if move.meld_id in ids else len(ids) + move.meld_id
        return index, tuple(sorted(int(c) for c in move.laid)), move.high
    return None


def meld_ids(s: State) -> tuple[int, ...]:
    """The ids of the table melds of ``s``, in table order."""
    return tuple(m.id for m in s.table)


def model(s: State) -> Model:
    """The mover's hand and the table, as the rule model sees them."""
    return tuple(int(c) for c in s.hands[s.current_player]), read_table(s.table, s.config)


def hand_kept(hand: Sequence[int], kept: int | None) -> bool:
    """Whether ``hand`` is just the kept card, which may then not be discarded."""
    return kept is not None and list(hand) == [kept]


def _alone_on_table(card: int, table: Sequence[OMeld], cfg: RuleConfig) -> bool:
    """Whether ``card`` by itself can be laid off on a table meld."""
    return any(
        put[0] >= 0 and len(put[1]) == 1 and apply_put(put, (card,), table, 0, cfg) is not None
        for put in put_candidates((card,), table, cfg, must=card)
    )


def _put_ok(s: State, put: Put, seen: Model) -> bool:
    cfg = s.config
    after = apply_put(put, *seen, s.current_player, cfg)
    if after is None:
        return False
    hand, table = after
    keep = must_keep(cfg)
    if len(hand) < keep:
        return False
    owed = s.owed
    used = [physical(c) for c in put[1]]
    if owed is not None:
        if owed in used:
            if s.owed_use == MELD and put[0] >= 0:
                return False
            if s.owed_use == LAYOFF and put[0] < 0:
                return False
        elif not usable(owed, hand, table, cfg, how=s.owed_use, keep=keep):
            return False
    if s.kept is not None and s.kept not in used and hand_kept(hand, s.kept):
        # The kept card may not be discarded: it must be able to go down by itself. (Putting
        # down either copy of it uses it up: equal cards are interchangeable.)
        return not keep and _alone_on_table(s.kept, table, cfg)
    return True


def take_ok(
    cfg: RuleConfig,
    pile: Sequence[int],
    taken: Sequence[int],
    hand: Sequence[int],
    table: Sequence[OMeld],
) -> bool:
    """Whether a player holding ``hand`` may take ``taken`` from the top of ``pile``."""
    taken = tuple(taken)
    if not 0 < len(taken) <= len(pile) or tuple(pile[len(pile) - len(taken) :]) != taken:
        return False
    if len(taken) == 1 and cfg.keep_top_discard and hand:
        return True  # the lone top card may be kept without using it
    how = MELD if cfg.deepest_card is DeepestCard.NEW_MELD else ANY
    return usable(taken[0], (*hand, *taken), table, cfg, how=how, keep=must_keep(cfg))


def can_take(s: State, player: int) -> bool:
    """Whether ``player`` could take anything from the discard pile of ``s`` (to start a turn)."""
    pile = tuple(int(c) for c in s.pile)
    hand = tuple(int(c) for c in s.hands[player])
    table = read_table(s.table, s.config)
    return any(take_ok(s.config, pile, pile[i:], hand, table) for i in range(len(pile)))


def call_moves(s: State, player: int) -> set[Move]:
    """The calls of rummy ``player`` may make on the pile and table of ``s``."""
    cfg = s.config
    mode = cfg.calling
    pile = tuple(int(c) for c in s.pile)
    if mode is Calling.NONE or not pile:
        return set()
    table = read_table(s.table, cfg)
    held = len(s.hands[player])
    keep = must_keep(cfg)
    top = len(pile) - 1
    out: set[Move] = set()
    for i in range(top, -1, -1):
        taken = pile[i:]
        card = pile[i]
        room = held + len(taken)
        ok = (i == top or mode is Calling.ANY_PILE_CARD) and room - 1 >= keep
        ok = ok and _alone_on_table(card, table, cfg)
        if mode is Calling.LAYOFF_ONLY:
            if ok:
                out.add(Call(tuple(CARDS[c] for c in taken)))
            break
        if not ok:
            # The card makes a meld with cards above it in the pile.
            ok = any(
                put[0] < 0
                and room - len(put[1]) >= keep
                and apply_put(put, taken, (), 0, cfg) is not None
                for put in put_candidates(taken, (), cfg, must=card)
            )
        if ok:
            out.add(Call(tuple(CARDS[c] for c in taken)))
    return out


def legal_by_rules(s: State, move: Move, seen: Model | None = None) -> bool:
    """Whether the rule model allows ``move`` in ``s`` (``seen``: :func:`model` of ``s``)."""
    if s.phase == Phase.GAME_OVER:
        return False
    if s.phase == Phase.HAND_OVER:
        return isinstance(move, Deal)
    if s.phase == Phase.CALL:
        return isinstance(move, Pass) or move in call_moves(s, s.current_player)
    seen = model(s) if seen is None else seen
    if s.phase == Phase.DRAW:
        if isinstance(move, Draw):
            return bool(s.stock)
        if isinstance(move, Decline):
            return not s.stock
        if isinstance(move, Take):
            pile = tuple(int(c) for c in s.pile)
            return take_ok(s.config, pile, tuple(int(c) for c in move.taken), *seen)
        return False
    if isinstance(move, Discard):
        hand = seen[0]
        if s.owed is not None or move.card not in hand:
            return False
        return move.card != s.kept or hand.count(move.card) > 1
    put = as_put(move, meld_ids(s))
    return put is not None and _put_ok(s, put, seen)


def candidates(s: State) -> Iterator[Move]:
    """Every move worth trying in ``s``, legal or not."""
    yield Deal()
    yield Draw()
    yield Decline()
    yield Pass()
    pile = tuple(s.pile)
    for i in range(len(pile)):
        yield Take(pile[i:])
        yield Call(pile[i:])
        if i < len(pile) - 1:
            yield Take((pile[i],))  # a card from the middle, leaving those above it
            yield Call((pile[i],))
    if s.phase != Phase.PLAY:
        return
    hand, table = model(s)
    ids = meld_ids(s)
    yield from (as_move(put, ids) for put in put_candidates(hand, table, s.config))
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
    ids = meld_ids(s)
    for put in put_candidates(*seen, s.config):
        if _put_ok(s, put, seen):
            move = as_move(put, ids)
            assert as_put(move, ids) == put, f"{move} does not keep the cards in the order {put}"
            moves.add(move)
    if s.owed is None:
        hand = seen[0]
        moves.update(Discard(CARDS[c]) for c in hand if c != s.kept or hand.count(c) > 1)
    return moves


# -- scoring, written from the rules text ------------------------------------------------------


def card_worth(values: CardValues, card: int, end: int = 0) -> int:
    """What ``card`` scores: ``end`` is -1 at the low end of a run and 1 at its high end."""
    if card >= JK:
        return values.joker
    r = rank(card)
    if r == 1 and end < 0:
        return values.low_ace
    if r == 1 and end > 0:
        return values.high_ace
    return values.by_rank[r]


def oracle_scores(s: State) -> tuple[int, ...]:
    """Each side's score for the hand that ``s`` ends: a side adds up its players' scores
    (:func:`oracle_player_scores`)."""
    sides = s.players // s.config.team_size
    out = [0] * sides
    for p, score in enumerate(oracle_player_scores(s)):
        out[p % sides] += score
    return tuple(out)


def oracle_player_scores(s: State) -> tuple[int, ...]:
    """Each player's score for the hand that ``s`` ends.

    Every card on the table scores for the player who put it there (twice in a doubled set; an
    ace at an end of a run scores as a low or high ace, a joker always as a joker), minus the
    cards left in hand (unless nobody went out and the rules spare the hands then), plus the
    going-out bonus.
    """
    cfg = s.config
    values = cfg.card_values
    n = s.players
    scores = [0] * n
    if not (s.went_out is None and cfg.no_minus_at_stock_end):
        for p, hand in enumerate(s.hands):
            scores[p] -= sum(card_worth(values, int(c)) for c in hand)
    for meld in read_table(s.table, cfg):
        factor = 2 if meld.doubled else 1
        last = len(meld.cards) - 1
        for i, (c, owner) in enumerate(zip(meld.cards, meld.owners, strict=True)):
            end = 0
            if meld.kind == RUN:
                end = -1 if i == 0 else 1 if i == last else 0
            scores[owner] += card_worth(values, c, end) * factor
    if s.went_out is not None:
        scores[s.went_out] += cfg.going_out_bonus
    return tuple(scores)


def oracle_result(
    cfg: RuleConfig, totals: Sequence[int], hands_played: int, went_out_side: int | None
) -> tuple[bool, int | None]:
    """Whether the game is over after a hand, from the rules text, and the winning side
    (``None`` while play goes on, and in a game drawn at the hand limit)."""
    best = max(totals)
    leader = totals.index(best) if list(totals).count(best) == 1 else None
    won: int | None = None
    if cfg.hands_per_game is not None and hands_played >= cfg.hands_per_game:
        won = leader
    elif cfg.target is not None:
        reached = [side for side, t in enumerate(totals) if t >= cfg.target]
        if cfg.must_go_out_to_win:
            won = went_out_side if went_out_side in reached else None
        elif cfg.going_out_decides and len(reached) > 1 and went_out_side in reached:
            won = went_out_side
        elif reached:
            won = leader
    if won is not None:
        return True, won
    # "When it does not [end], and hand_limit hands have been played, it ends all the same:
    # the highest total wins [...] and if two or more sides are tied [...] the game is drawn."
    if hands_played >= cfg.hand_limit:
        return True, leader
    return False, None


# -- rule configurations -----------------------------------------------------------------------

_NAMED_VALUES = [
    CardValues.traditional(),
    CardValues.five_point(),
    CardValues.ace_to_nine_five(),
    CardValues.flat(15, 5),
    CardValues.flat(5, 5),
    CardValues.flat(5, None),
    CardValues(joker=20),
]


@st.composite
def card_values(draw: st.DrawFn, *, least: int = 1) -> CardValues:
    """A named set of card values, or any values from ``least`` to 25 (so that scores move)."""
    if draw(st.booleans()):
        return draw(st.sampled_from(_NAMED_VALUES))
    worth = st.integers(min_value=least, max_value=25)
    ranks = draw(st.lists(worth, min_size=13, max_size=13))
    return CardValues((0, *ranks), draw(worth), draw(worth), draw(worth))


@st.composite
def rule_configs(draw: st.DrawFn, *, lively: bool = False, few_hands: bool = False) -> RuleConfig:
    """Any valid :class:`RuleConfig`: every field varies, within the combinations allowed.

    Targets are small and hands short (``turn_limit``), so that games end quickly. With
    ``few_hands``, the hand limit is often a few hands, so that games reach it (and some end
    drawn) within the moves a test plays. With
    ``lively``, 5 players or more play with two decks, hands are dealt 6 cards or more (as many
    as leave a stock of 20), last long enough for every player to play many turns, and cards
    are worth 5 points or more, so
    that players who put cards down whenever they can score enough to end a game: tiny deals,
    a few turns a hand or cards worth a point each can leave every total short of the target
    for ever.
    """
    team_size = draw(st.sampled_from([1, 1, 1, 2, 3, 4]))
    if team_size == 1:
        low = draw(st.integers(min_value=2, max_value=8))
        high = draw(st.integers(min_value=low, max_value=min(8, low + 2)))
    else:
        # Every allowed count must make two teams or more: one count only.
        low = high = draw(st.sampled_from(range(2 * team_size, 9, team_size)))
    wild = draw(st.booleans())
    if wild:
        jokers_per_deck = draw(st.integers(min_value=0, max_value=2))
        max_jokers = draw(st.integers(min_value=1, max_value=3))
        joker_only = max_jokers >= 3 and draw(st.booleans())
    else:
        # Jokers that are not wild only make sets of jokers: 3 or more in every game.
        jokers_per_deck = draw(st.sampled_from([0, 4]))
        max_jokers = draw(st.integers(min_value=1, max_value=3))
        joker_only = False
    decks: dict[int, int] = {}
    deal: dict[int, int] = {}
    for n in range(low, high + 1):
        # Lively games give 5 or more players two decks, as the standard rules do.
        decks[n] = draw(st.integers(min_value=2 if lively and n >= 5 else 1, max_value=2))
        cards = (52 + jokers_per_deck) * decks[n]
        most = min(13, (cards - 2) // n)
        if lively:
            # A stock of 20 cards or more, so that hands last several rounds.
            most = min(most, (cards - 21) // n)
            least = min(6, most)
        else:
            least = min(3, most)
        deal[n] = draw(st.integers(min_value=max(1, least), max_value=most))
    aces = draw(st.sampled_from(Aces))
    wrap = aces is Aces.LOW_OR_HIGH and draw(st.booleans())
    discard_to_go_out = draw(st.booleans())
    floating = discard_to_go_out and draw(st.booleans())
    hands_per_game = draw(st.none() | st.integers(min_value=1, max_value=3))
    target: int | None = draw(st.integers(min_value=100, max_value=300))
    if hands_per_game is not None and draw(st.booleans()):
        target = None
    winning = draw(st.sampled_from(["plain", "must_go_out", "going_out_decides"]))
    if target is None and winning == "must_go_out":
        winning = "plain"
    fewest_turns = 30 * high if lively else 8
    fewest_hands = hands_per_game or 1
    hand_limit = 100
    if few_hands:
        hand_limit = draw(st.sampled_from([100, fewest_hands, fewest_hands + 1, fewest_hands + 3]))
    return RuleConfig(
        min_players=low,
        max_players=high,
        team_size=team_size,
        deal_size=PlayerTable.of(7, deal),
        decks=PlayerTable.of(1, decks),
        jokers_per_deck=jokers_per_deck,
        first_dealer=draw(st.sampled_from(FirstDealer)),
        aces=aces,
        wrap_around=wrap,
        jokers_wild=wild,
        max_jokers_per_meld=max_jokers,
        joker_only_melds=joker_only,
        join_melds=draw(st.booleans()),
        keep_top_discard=draw(st.booleans()),
        deepest_card=draw(st.sampled_from(DeepestCard)),
        empty_stock=draw(st.sampled_from(EmptyStock)),
        calling=draw(st.sampled_from(Calling)),
        discard_to_go_out=discard_to_go_out,
        floating=floating,
        going_out_bonus=draw(st.sampled_from([0, 0, 25, 50])),
        card_values=draw(card_values(least=5 if lively else 1)),
        four_of_a_kind_double=draw(st.booleans()),
        no_minus_at_stock_end=draw(st.booleans()),
        target=target,
        hands_per_game=hands_per_game,
        must_go_out_to_win=winning == "must_go_out",
        going_out_decides=winning == "going_out_decides",
        turn_limit=draw(st.integers(min_value=fewest_turns, max_value=fewest_turns + 120)),
        hand_limit=hand_limit,
    )


# -- play policies ---------------------------------------------------------------------------

#: A policy picks one of a state's legal moves.
Policy = Callable[[random.Random, State], Move]


def random_policy(rng: random.Random, s: State) -> Move:
    """Any legal move, uniformly."""
    return rng.choice(s.legal_moves())


def meld_preferring_policy(rng: random.Random, s: State) -> Move:
    """Put cards down whenever possible, call rummy, take only short runs of discards, discard
    high.

    Games played this way score well, so they reach the target in a few dozen hands.
    """
    moves = s.legal_moves()
    down = [m for m in moves if isinstance(m, Meld | Layoff | Call)]
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
        values = s.config.card_values
        return max(discards, key=lambda m: (card_worth(values, int(m.card)), rng.random()))
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
    owed_use: int = ANY,
    kept: str | None = None,
    discarder: int | None = None,
    totals: Sequence[int] | None = None,
    config: RuleConfig | None = None,
) -> State:
    """A position holding the named cards, and every other card of the decks somewhere.

    ``hands`` names the cards of some players (ASCII or Unicode text); ``table`` gives each
    meld as text with one owner. Of the cards left over, ``stock`` form the stock (by default,
    all but the dealt hands of the players not named), and the rest are shared out among the
    players not named. ``totals`` are the running totals (per side), scored in one earlier
    hand. ``config`` defaults to the standard rules.
    """
    cfg = RuleConfig() if config is None else config
    pool = deck_counter(players, cfg)
    named = {p: parse_cards(t) for p, t in hands.items()}
    melds = [(parse_cards(t), owner) for t, owner in table]
    pile_cards = parse_cards(pile)
    for cs in (*named.values(), *(m for m, _ in melds), pile_cards):
        for c in cs:
            if pool[physical(int(c))] == 0:
                raise ValueError(f"{c} is used more often than the decks hold")
            pool[physical(int(c))] -= 1
    rest = sorted(pool.elements())
    others = [p for p in range(players) if p not in named]
    if stock is None:
        stock = max(0, len(rest) - len(others) * cfg.deal_size[players])
    if rest[stock:] and not others:
        raise ValueError("every hand is named, so the cards left over must all be in the stock")
    all_hands: list[Sequence[int]] = [named.get(p, ()) for p in range(players)]
    for i, p in enumerate(others):
        all_hands[p] = rest[stock + i :: len(others)]
    return State.from_position(
        cfg,
        hands=all_hands,
        stock=rest[:stock],
        pile=pile_cards,
        table=[(cs, [owner] * len(cs)) for cs, owner in melds],
        current_player=current,
        phase=phase,
        owed=None if owed is None else Card(owed),
        owed_use=OwedUse(owed_use),
        kept=None if kept is None else Card(kept),
        discarder=discarder,
        totals=totals,
        history=[] if totals is None else [totals],
    )


# -- what a player's view reveals ------------------------------------------------------------


def cards_in(value: object) -> Counter[int]:
    """Every card held anywhere inside ``value`` (attrs classes, tuples, lists), jokers on the
    table counted as jokers.

    A :class:`RuleConfig` holds rules, not cards, so it is not searched.
    """
    found: Counter[int] = Counter()
    if isinstance(value, Card):
        found[physical(int(value))] += 1
    elif isinstance(value, tuple | list):
        for item in value:
            found += cards_in(item)
    elif attrs.has(cls := type(value)) and not isinstance(value, RuleConfig):
        for field in attrs.fields(cls):
            found += cards_in(getattr(value, field.name))
    return found


def rebuilt(s: State, hands: Sequence[Sequence[Card]], stock: Sequence[Card]) -> State:
    """``s`` with other hands and another stock (hands sorted), checked to be consistent."""
    state = s._replace(hands=tuple(tuple(sorted(h)) for h in hands), stock=tuple(stock))
    state.validate()
    return state


def seen_in_hand(s: State, player: int) -> Counter[int] | None:
    """Every card ``player`` has seen in this hand, worked out from the line of play (the
    moves and positions of the undo chain, not the log): the cards dealt to them and turned
    up, their own draws, and the cards every other move shows. ``None`` when the chain starts
    in mid-hand from a position that carries an earlier log (a detached or loaded state)."""
    chain: list[State] = []
    node = s
    while node.parent is not None:
        chain.append(node)
        if isinstance(node.last_move, Deal):
            break
        node = node.parent
    seen: Counter[int] = Counter()
    if node.parent is None:
        if (node.log and not isinstance(node.log[0], Dealt)) or len(node.log) > 1:
            return None
        # The hand starts here: as dealt (new_game), or built with nothing before it.
        seen.update(int(c) for c in node.pile)
        seen.update(int(c) for c in node.hands[player])
        for meld in node.table:
            seen.update(physical(int(c)) for c in meld.cards)
    for child in reversed(chain):
        parent = child.parent
        assert parent is not None
        move = child.last_move
        if isinstance(move, Deal):
            seen.update(int(c) for c in child.pile)
            seen.update(int(c) for c in child.hands[player])
        elif isinstance(move, Draw):
            if parent.current_player == player:
                seen.update(Counter(child.hands[player]) - Counter(parent.hands[player]))
        elif move is not None:
            seen.update(physical(int(c)) for c in move.cards)
    return seen


def check_log_seen(s: State, player: int, log: Sequence[object]) -> None:
    """The log in ``player``'s view shows no card they have not seen: no other player's
    draw or dealt cards, and every card shown was seen in the line of play."""
    for event in log:
        if isinstance(event, Drew) and event.player != player:
            assert event.card is None, f"player {player} sees {event}"
        if isinstance(event, Dealt):
            assert all(h is None for q, h in enumerate(event.hands) if q != player), event
    seen = seen_in_hand(s, player)
    if seen is None:
        return
    shown = Counter(physical(int(c)) for e in log for c in getattr(e, "cards", ()))
    # A card seen once may be shown by several events (discarded, taken, melded).
    assert not set(shown) - set(seen), f"the log shows {set(shown) - set(seen)} to {player}"


def check_views(s: State, rng: random.Random) -> int:
    """Each view holds only public and own cards, and nothing hidden changes it.

    Returns how many of the altered positions really differed from ``s``.
    """
    differed = 0
    public: Counter[int] = Counter(int(c) for c in s.pile)
    for meld in s.table:
        public.update(physical(int(c)) for c in meld.cards)
    # Everyone saw the owed or kept card taken from the face-up pile.
    known = [c for c in (s.owed, s.kept) if c is not None]
    public.update(int(c) for c in known)
    same = rebuilt(s, s.hands, s.stock)
    for p in range(s.players):
        view = s.view(p)
        visible = public + Counter(int(c) for c in s.hands[p])
        check_log_seen(s, p, view.log)
        for field in attrs.fields(type(view)):
            if field.name == "dealer_draw":
                # Drawn face up from a deck shuffled apart from the deal: public, and it tells
                # nothing about where the cards of this hand lie.
                continue
            if field.name == "log":
                continue  # shows cards seen earlier in the hand: check_log_seen checks it
            value = getattr(view, field.name)
            # Each legal move names cards on its own; any other field shows all of its cards.
            for part in value if field.name == "legal_moves" else [value]:
                shown = cards_in(part)
                assert not shown - visible, f"view field {field.name} shows {shown - visible}"
        assert same.view(p) == view
        # Swap a card of another player's hand with a stock card (or another hand's card),
        # and shuffle the stock: nothing p may know changes, so p's view must not change.
        others = [q for q in range(s.players) if q != p]
        q = rng.choice(others)
        hands = [list(h) for h in s.hands]
        stock = list(s.stock)
        free = [i for i, c in enumerate(hands[q]) if not (q == s.current_player and c in known)]
        # Whether the owed card can still be used depends on the mover's other cards, and so
        # does whether a player to draw from an empty stock has a legal take: a swap could
        # leave a position that play cannot reach (and validate refuses).
        mover_pinned = s.owed is not None or (s.phase == Phase.DRAW and not s.stock_size)
        if q == s.current_player and mover_pinned:
            free = []
        # Once the hand is over every hand has been scored from the cards left in it (the
        # history shows it): only the stock order is still hidden.
        if free and s.phase < Phase.HAND_OVER:
            i = rng.choice(free)
            if stock:
                j = rng.randrange(len(stock))
                hands[q][i], stock[j] = stock[j], hands[q][i]
            elif len(others) > 1:
                r = rng.choice([o for o in others if o != q])
                # As above: the mover's cards are not swapped away while they are pinned.
                if hands[r] and not (r == s.current_player and mover_pinned):
                    j = rng.randrange(len(hands[r]))
                    if not (r == s.current_player and hands[r][j] in known):
                        hands[q][i], hands[r][j] = hands[r][j], hands[q][i]
        rng.shuffle(stock)
        changed = rebuilt(s, hands, stock)
        assert changed.view(p) == view
        differed += changed != same
    return differed


# -- invariants of any position reached by play ------------------------------------------------


def check_invariants(s: State, cards: Counter[int]) -> None:
    """What holds after every move of a game started with :func:`rummy500.new_game`.

    ``cards`` is the game's :func:`deck_counter`. Every card of the decks lies exactly once
    across the hands, the stock, the pile and the table; a game that is not over has a legal
    move, and every listed move is legal on its own; the totals are the sums of the finished
    hands' scores (a new game starts at zero).
    """
    held = state_cards(s)
    assert held == cards, f"cards not conserved: extra {held - cards}, missing {cards - held}"
    moves = s.legal_moves()
    assert s.is_terminal() or moves, "a game that is not over has no legal move"
    for move in moves:
        assert s.is_legal(move), f"{move} is listed but is_legal says it is not"
    sides = len(s.totals)
    sums = tuple(sum(row[i] for row in s.history) for i in range(sides))
    assert s.totals == sums, f"totals {s.totals} are not the hand scores' sums {sums}"


def illegal_moves(s: State) -> list[Move]:
    """Moves that are not among ``s``'s legal moves: a discard of a card the player to move
    does not hold, and a draw out of its phase."""
    held = set() if s.is_terminal() or s.is_chance_node() else set(s.hands[s.current_player])
    out: list[Move] = []
    missing = [c for c in range(JK + 1) if Card(c) not in held]
    if missing:
        out.append(Discard(Card(missing[len(missing) // 2])))
    if s.phase != Phase.DRAW:
        out.append(Draw())
    legal = set(s.legal_moves())
    return [m for m in out if m not in legal]


def check_illegal(s: State) -> int:
    """Each of :func:`illegal_moves` is refused by ``is_legal`` and by ``apply``, which raises
    :class:`IllegalMoveError` and leaves ``s`` as it was. Returns how many were tried."""
    before = s._replace()
    tried = 0
    for move in illegal_moves(s):
        assert not s.is_legal(move), f"{move} is not listed but is_legal accepts it"
        try:
            s.apply(move)
        except IllegalMoveError:
            pass
        else:
            raise AssertionError(f"{move} is not listed but apply accepted it")
        assert s == before, f"a refused {move} changed the state"
        tried += 1
    return tried


def check_round_trips(s: State) -> None:
    """Saving and loading gives an equal state, and so does :meth:`State.detached`, which has
    no undo history."""
    loaded = loads(dumps(s), State)
    assert loaded == s, "a state saved and loaded is not equal to the state saved"
    alone = s.detached()
    assert alone == s, "a detached state is not equal to the state"
    assert alone.parent is None, "a detached state still has a parent"
