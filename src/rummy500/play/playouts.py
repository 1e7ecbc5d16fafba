"""The default playout policy (the bots' :func:`~rummy500.bots.playout_move`), worked out from
the engine's listings, and a hand played out with it: what a search spends most of its time in.

The policy needs far less than every legal move, and asks the very listings the predicates of
:mod:`rummy500.play.legality` answer by, so each move it picks is one the generator lists:

- at a draw from a stock that is not empty, only the takes of one or two cards: the walk down
  the pile (:func:`~rummy500.play.pile.usable_takes`) two cards deep, not the whole pile (a
  take is legal exactly when the walk lists its depth, top down);
- in play, the meld or lay-off with the most cards, from the meld search's candidates, each
  asked :func:`~rummy500.play.finishing.play_problem` only when it would be the largest so far;
  and when there is none, the cards that may be discarded
  (:func:`~rummy500.play.finishing.discardable`);
- when rummy may be called, the calls :func:`~rummy500.play.pile.callable_takes` lists.

A draw from an empty stock (rare) is worked out from the full list. Each move is applied with
:func:`~rummy500.play.engine.replay`, the engine's transition without the check, so the
positions are exactly those :meth:`State.apply <rummy500.State.apply>` builds (linked by
``parent`` as ever; the sweep that keeps a long line of play small is left out, as a playout
is one hand). The policy draws from the random number generator exactly as it would from the
full list of legal moves: the same calls, on lists of the same lengths, in the same order.
"""

from __future__ import annotations

import random
from typing import Final, TypeVar

from rummy500.core.cards import Card
from rummy500.core.phases import CALL_PHASE as _CALL
from rummy500.core.phases import DRAW_PHASE as _DRAW
from rummy500.core.phases import PLAY_PHASE as _PLAY
from rummy500.melds.search import availability, card_mask, layoffs, new_melds
from rummy500.play.engine import replay
from rummy500.play.finishing import discardable, play_problem
from rummy500.play.movegen import generate
from rummy500.play.moves import (
    DECLINE,
    DISCARDS,
    DRAW,
    PASS,
    Layoff,
    Meld,
    Move,
    Take,
    trusted_call,
    trusted_layoff,
    trusted_meld,
    trusted_take,
)
from rummy500.play.pile import callable_takes, usable_takes
from rummy500.play.position import Position
from rummy500.rules.config import RuleConfig

__all__ = ["play_out", "playout_step"]

P = TypeVar("P", bound=Position)

#: The plain joker's card id (:data:`~rummy500.core.cards.JOKER`) as a constant the compiled
#: build inlines.
_JOKER: Final = 52
#: The takes the policy weighs: of at most this many cards.
_TAKE_DEPTH: Final = 2

#: The thirteen ranks' bits, the ace's lowest.
_ALL_RANKS: Final = (1 << 13) - 1


def play_out(s: P, rng: random.Random) -> P:
    """The position at the end of the hand of ``s`` (``s`` itself when the hand is over),
    every player playing the default playout policy, with ``rng`` for its random choices."""
    cfg = s.config
    while True:
        phase = s.phase
        if phase == _PLAY:
            s = _play(s, cfg, rng)
        elif phase == _DRAW:
            s = _draw(s, rng) if s.stock_size else _listed_draw(s, rng)
        elif phase == _CALL:
            s = _call(s, rng)
        else:
            return s


def playout_step(s: P, rng: random.Random) -> P:
    """The position after the default playout policy's move in ``s`` (a hand in play): the
    move is the successor's ``last_move``."""
    phase = s.phase
    if phase == _PLAY:
        return _play(s, s.config, rng)
    if phase == _DRAW:
        return _draw(s, rng) if s.stock_size else _listed_draw(s, rng)
    assert phase == _CALL
    return _call(s, rng)


def _call(s: P, rng: random.Random) -> P:
    """The policy when rummy may be called: a call at random, else pass."""
    allowed = callable_takes(s)
    if not allowed:
        return replay(s, PASS)
    # One call for each depth listed, in the same order: the same choice of one.
    k = rng.choice(allowed)
    pile = s.pile
    return replay(s, trusted_call(pile[len(pile) - k :]))


def _play(s: P, cfg: RuleConfig, rng: random.Random) -> P:
    """The policy in play: the meld or lay-off with the most cards (the first in the
    generator's order on a tie: new melds, then lay-offs meld by meld), else the
    highest-value spare discard. A candidate is checked only when it would be the largest so
    far. ``cfg`` is the position's rules."""
    hand = s.hands[s._current]
    avail = availability(hand, cfg)
    best: Move | None = None
    most = 0
    for cards in new_melds(avail, cfg):
        if len(cards) > most:
            meld = trusted_meld(cards)
            # Cards found by the meld search are held and make a meld: the rest of the rule.
            if play_problem(s, meld) is None:
                best, most = meld, len(cards)
    table = s.table
    if table:
        # As the generator: a joker can go onto almost any meld, and a lay-off starts with a
        # card just beyond the meld.
        near = -1 if avail[4] else card_mask(hand)
        for onto in table:
            if onto.attach & near:
                ident = onto.id
                for cards, high in layoffs(onto, avail, cfg):
                    if len(cards) > most:
                        layoff = trusted_layoff(ident, cards, high)
                        if play_problem(s, layoff) is None:
                            best, most = layoff, len(cards)
    if best is not None:
        return replay(s, best)
    discards = discardable(s)
    # Some card may always be discarded when nothing can be put down (the generator never
    # leads to a position without a legal move); a lone discard is the only legal move.
    if len(discards) == 1:
        return replay(s, DISCARDS[discards[0]])
    return replay(s, DISCARDS[_discard(discards, avail, cfg.card_values.by_card, rng)])


def _discard(
    cards: list[Card], avail: list[int], by_card: tuple[int, ...], rng: random.Random
) -> Card:
    """The card to discard among ``cards`` (of a hand whose availability list is ``avail``):
    the highest-value spare one, at random among equals; the highest-value one when none is
    spare.

    A card is spare when it makes no pair, and no two cards of a suit at most two ranks apart,
    with another card of the hand (aces low only: a cheap stand-in for the rules' run shapes);
    its other copy (two decks) is the same card, which makes it no less spare, and a joker is
    never spare."""
    # An availability list holds bit ``rank`` of each suit's cards (1 the ace): shifted down,
    # bit ``card % 13``. A rank held in two suits or more is a pair for either; a card with
    # another of its suit one or two ranks away is half a short run.
    a = avail[0] >> 1 & _ALL_RANKS
    b = avail[1] >> 1 & _ALL_RANKS
    c = avail[2] >> 1 & _ALL_RANKS
    d = avail[3] >> 1 & _ALL_RANKS
    pairs = a & b | (a | b) & (c | d) | c & d
    spare = (
        a & ~(pairs | a << 1 | a << 2 | a >> 1 | a >> 2),
        b & ~(pairs | b << 1 | b << 2 | b >> 1 | b >> 2),
        c & ~(pairs | c << 1 | c << 2 | c >> 1 | c >> 2),
        d & ~(pairs | d << 1 | d << 2 | d >> 1 | d >> 2),
    )
    top = top_spare = -1  # below every card's value: none is negative
    picks: list[Card] = []
    spares: list[Card] = []
    for card in cards:
        if card < _JOKER and spare[card // 13] >> card % 13 & 1:
            value = by_card[card]
            if value > top_spare:
                top_spare = value
                spares = [card]
            elif value == top_spare:
                spares.append(card)
        elif not spares:
            # Only while no card is spare: the others count only when none is.
            value = by_card[card]
            if value > top:
                top = value
                picks = [card]
            elif value == top:
                picks.append(card)
    return rng.choice(spares or picks)


def _draw(s: P, rng: random.Random) -> P:
    """The policy at a draw from a stock that is not empty: a take of at most two cards (at
    random) whose deepest card goes down this turn, else the draw."""
    depths = usable_takes(s, _TAKE_DEPTH)
    if not depths:
        return replay(s, DRAW)
    # The takes listed in the same order, shuffled the same way.
    rng.shuffle(depths)
    pile = s.pile
    n = len(pile)
    for k in depths:
        after = _taken(s, trusted_take(pile[n - k :]))
        if after is not None:
            return after
    return replay(s, DRAW)


def _listed_draw(s: P, rng: random.Random) -> P:
    """The policy at a draw from an empty stock, from the full list of legal moves (rare): a
    take of at most two cards (at random) whose deepest card goes down this turn, else the
    decline that ends the hand (a draw is not legal, and a decline always is)."""
    moves = s._legal
    if moves is None:
        moves = generate(s)
    if len(moves) == 1:
        return replay(s, moves[0])
    takes = [m for m in moves if type(m) is Take and len(m.taken) <= _TAKE_DEPTH]
    rng.shuffle(takes)
    for take in takes:
        after = _taken(s, take)
        if after is not None:
            return after
    return replay(s, DECLINE)


def _taken(s: P, take: Move) -> P | None:
    """The position after ``take`` when it lets the player put its deepest card down this
    turn, else ``None``."""
    after = replay(s, take)
    if after.owed is not None:
        return after  # an owed card must go down, so the take was legal only if it can
    # A top card kept in hand (keep_top_discard) need not go down: taking it back again and
    # again would stall the hand.
    kept = after.kept
    for move in generate(after):
        if (type(move) is Meld or type(move) is Layoff) and kept in move.cards:
            return after
    return None
