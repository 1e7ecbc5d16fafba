"""The greedy bot's choice: what :class:`~rummy500.bots.GreedyBot` plays in a view.

:class:`~rummy500.bots.GreedyBot` is the face (its rules are written there); this module holds
the arithmetic behind it: what each meld and lay-off is worth, the greedy melding of a hand
with or without a take, and the cards that are half of no future meld. It is plain, fully typed
Python that the compiled build compiles (a bot is shown a view at every move: this is where bot
play spends its time), and like the bots it uses only the public API.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummy500 import (
    Call,
    Card,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    Phase,
    PlayerView,
    RuleConfig,
    TableMeld,
    Take,
)
from rummy500.toolkit import (
    JOKER,
    make_deck,
    possible_layoffs,
    possible_melds,
    put_down,
    run_distances,
    table_points,
)

__all__ = ["Weigher", "greedy_move", "weigher"]

_DRAW: Final = Draw()
_PASS: Final = Pass()

#: A play the greedy bot weighs: its cards (a meld's in canonical order, a lay-off's sorted,
#: as the moves hold them), the table meld they go onto (``None``: a new meld) and ``high``.
_Play = tuple[tuple[Card, ...], TableMeld | None, bool]

#: The most plays a weigher remembers the value of before it starts again (a game needs a
#: few thousand at most: the bound only keeps a process that plays on and on from growing).
_REMEMBERED: Final = 1 << 15


def _physical(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards as held in hand: a joker standing for a card is the plain joker."""
    return tuple(JOKER if c > JOKER else c for c in cards)


def _without(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` without one copy of each of ``cards`` as held (what :func:`put_down` leaves)."""
    rest = list(hand)
    for c in cards:
        rest.remove(JOKER if c > JOKER else c)
    return tuple(rest)


#: The plain joker's id, as a plain int (compiled, compared natively).
_JOKER_ID: Final[int] = int(JOKER)


def _mask(cards: Sequence[Card]) -> int:
    """A mask (bit ``id``) of ``cards`` as held (a joker standing for a card is the plain
    joker), or -1 when a card comes twice (two decks, two jokers), which a mask cannot show."""
    mask = 0
    for card in cards:
        c: int = card  # a plain int: compiled, the arithmetic is native
        bit = 1 << (c if c < _JOKER_ID else _JOKER_ID)
        if mask & bit:
            return -1
        mask |= bit
    return mask


def _holds(hand: tuple[Card, ...], cards: tuple[Card, ...], hand_mask: int) -> bool:
    """Whether ``hand`` holds ``cards`` (as held: a joker standing for a card is a joker);
    ``hand_mask`` is :func:`_mask` of the hand."""
    if hand_mask >= 0:
        # No card twice in hand: the hand holds the cards when it holds each, once.
        mask = _mask(cards)
        return mask >= 0 and not mask & ~hand_mask
    held = _physical(cards)
    return all(hand.count(c) >= held.count(c) for c in held)


def _partners(distances: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """For each standard card (id 0-51), a mask (bit ``id``) of the cards that make it half of
    a future meld: the cards of its rank in the other suits (a pair), and the cards of its suit
    at most two positions away in a run the rules allow (``distances`` is
    :func:`~rummy500.toolkit.run_distances`: an ace and a 2 are not near where aces are high
    only; a king and a 2 are where runs wrap round). Its own id is not in it: a card's other
    copy (two decks) has the same id and makes it no less loose."""
    out = []
    for card in range(52):
        suit, low = divmod(card, 13)
        rank = low + 1
        mask = 0
        for other in range(4):
            if other != suit:
                mask |= 1 << (other * 13 + low)
        apart = distances[rank]
        for near in range(1, 14):
            if near != rank and apart[near] <= 2:
                mask |= 1 << (suit * 13 + near - 1)
        out.append(mask)
    return tuple(out)


class Weigher:
    """The greedy bot's arithmetic under one set of rules, remembering what it worked out.

    The points a play puts down depend on the play and on the one table meld it changes, not on
    the hand or on the rest of the table (a table's points are the sum of its melds'): a meld
    of the same cards, or the same lay-off onto the same meld, is worth the same whenever it
    comes up again (weighing the takes, then playing the take, turn after turn, game after
    game: a new meld is worth the same to whoever makes it). Only a new meld under
    ``join_melds`` can change other melds, so it is remembered with its table. What a weigher
    remembers is all worked out from the rules, so greedy bots share one weigher for a set of
    rules (see :func:`weigher`).
    """

    def __init__(self, config: RuleConfig) -> None:
        self.config = config
        values = config.card_values
        self.joins: bool = config.join_melds
        #: By card id, the cards that make it half of a future meld (see :func:`_partners`).
        self.partners = _partners(run_distances(config))
        #: By card id, the order of the greedy bot's discards as one number: the highest
        #: value, then the higher rank, then the higher suit (the higher card).
        throw = [0] * (JOKER + 1)
        for c in make_deck(1, 1):
            throw[c] = (values.points(c) * 16 + c.rank) * 64 + c
        self.throw: tuple[int, ...] = tuple(throw)
        #: What each play is worth, by player and play: the points, and what :meth:`gain`
        #: says the play changes.
        self.gains: dict[tuple[object, ...], tuple[int, tuple[TableMeld, ...]]] = {}

    def gain(
        self, play: _Play, table: tuple[TableMeld, ...], player: int, players: int
    ) -> tuple[int, tuple[TableMeld, ...]]:
        """The points ``play`` puts down on ``table`` for ``player``, and what it changes:
        the lay-off's meld grown, the table after a new meld under ``join_melds``, or else
        the new meld (as made on an empty table)."""
        cards, onto, high = play
        key: tuple[object, ...]
        if onto is not None:
            key = (player, onto, cards, high)
        elif self.joins:
            key = (player, table, cards)
        else:
            key = (cards,)
        known = self.gains.get(key)
        if known is not None:
            return known
        config = self.config
        values = config.card_values
        held = _physical(cards)
        if onto is not None:
            _, grown = put_down(held, (onto,), cards, player, config, onto=onto.id, high=high)
            before = table_points(values, (onto,), players)[player]
            known = (table_points(values, grown, players)[player] - before, grown)
        elif self.joins:
            _, after = put_down(held, table, cards, player, config)
            before = table_points(values, table, players)[player]
            known = (table_points(values, after, players)[player] - before, after)
        else:
            # Made by player 0: its points are the same for whoever makes it.
            _, made = put_down(held, (), cards, 0, config)
            known = (table_points(values, made, 1)[0], made)
        if len(self.gains) >= _REMEMBERED:
            self.gains.clear()
        self.gains[key] = known
        return known

    def after(
        self,
        play: _Play,
        changed: tuple[TableMeld, ...],
        table: tuple[TableMeld, ...],
        player: int,
    ) -> tuple[TableMeld, ...]:
        """The table after ``play`` (``changed`` is what :meth:`gain` gave with its points)."""
        onto = play[1]
        if onto is not None:
            return tuple(changed[0] if m is onto else m for m in table)
        if self.joins:
            return changed
        # The meld as made on an empty table, made by ``player`` and named as the next meld on
        # this one: one more than the highest top_id on it (see TableMeld).
        made = changed[0]
        named = max((m.top_id for m in table), default=-1) + 1
        return (*table, TableMeld.new(made.cards, player, doubled=made.doubled, id=named))

    def plays(self, hand: tuple[Card, ...], table: tuple[TableMeld, ...]) -> list[_Play]:
        """Every meld and lay-off that ``hand`` allows on ``table``, melds first, then
        lay-offs by table meld in table order."""
        config = self.config
        out: list[_Play] = [(cards, None, False) for cards in possible_melds(hand, config)]
        layoffs = possible_layoffs(hand, table, config)
        if layoffs:
            by_id = {m.id: m for m in table}
            for i, cards, high in layoffs:
                out.append((tuple(sorted(cards)), by_id[i], high))
        return out

    def greedy_points(
        self,
        cards: Sequence[Card],
        table: tuple[TableMeld, ...],
        player: int,
        players: int,
        first_with: Card | None = None,
        options: list[_Play] | None = None,
    ) -> tuple[int, tuple[Card, ...]]:
        """Put down the best play again and again; return the points put down and the cards
        left. The best play scores the most points, then has the most cards, then comes first.

        With ``first_with``, the first play must include that card (the deepest card of a
        take). ``options`` are the :meth:`plays` of ``cards`` on ``table``, when known.
        """
        hand = tuple(cards)
        melds = table
        scored = 0
        if options is None:
            options = self.plays(hand, melds)
        candidates = options
        if first_with is not None:
            # Only a joker needs the cards as held (a wild joker is the card it stands for).
            if first_with < JOKER:
                candidates = [play for play in options if first_with in play[0]]
            else:
                candidates = [play for play in options if first_with in _physical(play[0])]
        while True:
            best: _Play | None = None
            best_points = best_size = 0
            best_changed: tuple[TableMeld, ...] = ()
            for play in candidates:
                points, changed = self.gain(play, melds, player, players)
                size = len(play[0])
                if (
                    best is None
                    or points > best_points
                    or (points == best_points and size > best_size)
                ):
                    best, best_points, best_size, best_changed = play, points, size, changed
            if best is None:
                return scored, hand
            scored += best_points
            hand = _without(hand, best[0])
            if self.none_left(hand, options, best[1], best_changed):
                return scored, hand
            melds = self.after(best, best_changed, melds, player)
            options = candidates = self.plays(hand, melds)

    def none_left(
        self,
        hand: tuple[Card, ...],
        options: list[_Play],
        onto: TableMeld | None,
        changed: tuple[TableMeld, ...],
    ) -> bool:
        """Whether ``hand`` (what is left of a hand after one of its ``options`` went down
        onto the meld ``onto``, or as a new meld; ``changed`` is what :meth:`gain` gave with
        its points) surely has no play left, which is most often the case.

        The plays of fewer cards are among those of more cards (possible_melds and
        possible_layoffs list every play), so only the options the hand still holds and the
        lay-offs onto the meld that changed can be left. Under ``join_melds`` a new meld can
        change several melds: then the answer is no (look).
        """
        if onto is None and self.joins:
            return False
        hand_mask = _mask(hand)
        for cards, other, _ in options:
            if (other is None or other is not onto) and _holds(hand, cards, hand_mask):
                return False
        # The meld grown, or made (as on an empty table: who made it and its id change
        # nothing of what goes onto it).
        grown = changed[0]
        # A lay-off starts with a card just beyond the meld (TableMeld.attach), or a joker.
        near = 0
        for card in hand:
            c: int = card
            if c >= _JOKER_ID:
                return not possible_layoffs(hand, (grown,), self.config)
            near |= 1 << c
        if not grown.attach & near:
            return True
        return not possible_layoffs(hand, (grown,), self.config)

    def discard(self, hand: tuple[Card, ...], legal: tuple[Move, ...]) -> Move:
        """The greedy discard among ``legal``: the highest-value card of ``hand`` that is half
        of no future meld (a joker never is: it is wild), or else the highest-value card."""
        # Cards read as plain ints: compiled, their arithmetic and indexing are native.
        have = 0
        for held in hand:
            c: int = held
            if c < _JOKER_ID:
                have |= 1 << c
        partners = self.partners
        throw = self.throw
        best: Move | None = None
        best_key = loose_key = 0
        loose: Move | None = None
        for move in legal:
            if not isinstance(move, Discard):
                continue
            card: int = move.card
            key = throw[card]
            if card < _JOKER_ID and not have & partners[card]:
                if loose is None or key > loose_key:
                    loose, loose_key = move, key
            elif best is None or key > best_key:
                best, best_key = move, key
        if loose is not None:
            return loose
        return best if best is not None else legal[0]


#: The weighers in use, by rules (a few sets of rules at a time: see :func:`weigher`).
_WEIGHERS: Final[dict[RuleConfig, Weigher]] = {}


def weigher(config: RuleConfig) -> Weigher:
    """The weigher shared by the greedy bots playing under ``config``."""
    known = _WEIGHERS.get(config)
    if known is None:
        if len(_WEIGHERS) >= 8:
            _WEIGHERS.clear()
        known = _WEIGHERS[config] = Weigher(config)
    return known


def greedy_move(weigh: Weigher, view: PlayerView, legal: tuple[Move, ...]) -> Move:
    """The greedy bot's move among ``legal``, the legal moves of ``view`` (see
    :class:`~rummy500.bots.GreedyBot` for its rules); ``weigh`` is the weigher of the view's
    rules."""
    phase = view.phase
    if phase == Phase.PLAY:
        play = _best_play(weigh, view, legal)
        return play if play is not None else weigh.discard(view.hand, legal)
    best = _best_take(weigh, view, legal)
    if best is not None:
        return best
    if phase == Phase.CALL:
        return _listed(_PASS, legal)
    if _DRAW in legal:
        return _listed(_DRAW, legal)
    for move in legal:
        if isinstance(move, Decline):
            return move
    return legal[0]


def _best_take(weigh: Weigher, view: PlayerView, legal: tuple[Move, ...]) -> Move | None:
    """The take (or call) that puts the most points down this turn, if any gains."""
    points = view.config.card_values.points
    players = len(view.hand_sizes)
    hand, table, player = view.hand, view.table, view.player
    baseline = -1
    best: Move | None = None
    best_gain = 0
    for move in legal:
        if not isinstance(move, (Take, Call)):
            continue
        taken = move.taken
        cards = (*hand, *taken)
        options = weigh.plays(cards, table)
        if baseline < 0:
            # What the hand alone puts down. The plays of fewer cards are those of more
            # cards that need no other (possible_melds and possible_layoffs list every
            # play): most turns none is left, and then there is nothing to search.
            baseline = 0
            hand_mask = _mask(hand)
            for play in options:
                if _holds(hand, play[0], hand_mask):
                    baseline = weigh.greedy_points(hand, table, player, players)[0]
                    break
        scored, left = weigh.greedy_points(cards, table, player, players, move.deepest, options)
        # Only the taken cards still in hand count against the take: the bot's own cards
        # are in its hand either way.
        gain = scored - baseline
        for c in _taken_left(taken, hand, left):
            gain -= points(c)
        if gain > best_gain:
            best, best_gain = move, gain
    return best


def _best_play(weigh: Weigher, view: PlayerView, legal: tuple[Move, ...]) -> Move | None:
    """The meld or lay-off of ``legal`` worth the most points (the most cards on a tie, then
    the first listed); ``None`` when none is legal."""
    best: Move | None = None
    best_points = best_size = -1
    players = len(view.hand_sizes)
    table, player = view.table, view.player
    by_id: dict[int, TableMeld] | None = None
    for move in legal:
        play: _Play
        if isinstance(move, Meld):
            play = (move.cards, None, False)
        elif isinstance(move, Layoff):
            if by_id is None:
                by_id = {m.id: m for m in table}
            play = (move.cards, by_id[move.meld_id], move.high)
        else:
            continue
        points = weigh.gain(play, table, player, players)[0]
        size = len(move.cards)
        if points > best_points or (points == best_points and size > best_size):
            best, best_points, best_size = move, points, size
    return best


def _listed(move: Move, legal: tuple[Move, ...]) -> Move:
    """The move of ``legal`` equal to ``move`` (the listed object, which the engine
    recognises without checking it again)."""
    for listed in legal:
        if listed == move:
            return listed
    return move


def _taken_left(taken: Sequence[Card], hand: Sequence[Card], left: Sequence[Card]) -> list[Card]:
    """The taken cards among ``left`` (the cards left after melding hand and taken cards)."""
    # Whatever of a card is left beyond what the hand held came from the pile (left is what
    # hand and taken cards leave, so there is never more of it than was taken).
    hand_mask = _mask(hand)
    if hand_mask >= 0:
        left_mask = _mask(left)
        if left_mask >= 0:
            stuck = left_mask & ~hand_mask
            out: list[Card] = []
            if stuck:
                for card in left:
                    c: int = card
                    if stuck >> c & 1:
                        out.append(card)
            return out
    extra: dict[Card, int] = {}
    for card in left:
        extra[card] = extra.get(card, 0) + 1
    for card in hand:
        if card in extra:
            extra[card] -= 1
    out = []
    for card in taken if len(taken) == 1 else dict.fromkeys(taken):
        n = extra.get(card, 0)
        if n > 0:
            out.extend([card] * n)
    return out
