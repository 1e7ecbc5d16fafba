"""The log of a hand, read off the undo chain, and the events each kind of move puts in it.

A position's log (:attr:`Position.log <rummy500.play.position.Position.log>`) is not stored:
:func:`read_log` reads it off the chain of positions (each one's ``last_move`` and its parent),
back to the deal of the hand or to the first position of the chain, whose standing keeps what
happened before it, and the standing keeps the last log read so that the next one is a step
away. Each step of the chain gives its events (:func:`_step_events`): the registry's column
``"log"`` (:data:`_LOGGED`) the events of its move, then what play did by itself (the hand
scored, the pile turned over as a new stock); a step with no move may also end the game early
(a player left, or the host cancelled it).

This module reads the slots of a position (:class:`~rummy500.play.layout._Slots`) and its
standing, never the position's class: the class reads its log from here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

import attrs

from rummy500.core.phases import Phase
from rummy500.melds.putdown import next_meld_id
from rummy500.play.events import (
    Abandoned,
    Cancelled,
    Dealt,
    Declined,
    Event,
    HandEnded,
    Passed,
    Reshuffled,
    as_seen_by,
    trusted_called,
    trusted_discarded,
    trusted_drew,
    trusted_laid_off,
    trusted_melded,
    trusted_took,
)
from rummy500.play.layout import _LogCache, _Slots
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

__all__ = ["dealt", "read_log", "seen_by"]

#: Set the cache of a (frozen) standing: the one field of it set after it is built.
_set_cache: Final = object.__setattr__


def read_log(position: _Slots) -> _LogCache:
    """``position``'s log (see :attr:`Position.log <rummy500.play.position.Position.log>`),
    kept as the log its standing last read."""
    cache = position._standing.cache
    if cache is not None and cache.position is position:
        return cache
    # One move on from the position whose log is known: the usual step of a line of play.
    before = position.parent
    if before is not None:
        cache = before._standing.cache
        move = position.last_move
        if cache is not None and cache.position is before and type(move) is not Deal:
            new = _step_events(before, move, position)
            built = _LogCache(position, cache.events + new, dict(cache.seen))
            _set_cache(position._standing, "cache", built)
            return built
    # Walk back to the last position whose log is known, the deal of the hand, or the
    # first position of the chain.
    steps: list[_Slots] = []
    node = position
    start: list[Event] | None = None
    base = None
    while True:
        cache = node._standing.cache
        if cache is not None and cache.position is node:
            base = cache
            break
        parent = node.parent
        if parent is None:
            start = list(node._standing.log)
            break
        steps.append(node)
        if type(node.last_move) is Deal:
            start = []
            break
        node = parent
    if base is not None and not steps:
        return base
    # Only the new events are listed: the known ones are copied once, into the new tuple.
    out = [] if base is not None else start
    assert out is not None
    for child in reversed(steps):
        parent = child.parent
        assert parent is not None
        out += _step_events(parent, child.last_move, child)
    # The cache holds one position of the chain, which holds the standing: a cycle, so a
    # dropped chain is freed by the garbage collector rather than at once.
    if base is not None:
        built = _LogCache(position, base.events + tuple(out), dict(base.seen))
    else:
        built = _LogCache(position, tuple(out), {})
    _set_cache(position._standing, "cache", built)
    return built


def seen_by(cache: _LogCache, player: int) -> tuple[Event, ...]:
    """The log of ``cache`` as ``player`` saw it."""
    seen = cache.seen.get(player, ())
    events = cache.events
    known = len(seen)
    if known < len(events):
        if known + 1 == len(events):  # one event since: the usual step of a bot's play
            seen += (events[known].seen_by(player),)
        else:
            seen += as_seen_by(events[known:], player)
        cache.seen[player] = seen
    return seen


def _step_events(before: _Slots, move: Move | None, after: _Slots) -> tuple[Event, ...]:
    """The events of the step from ``before`` to ``after`` by ``move`` (``None``: a hand
    scored as it stood, as ``State.from_position(went_out=...)`` does, or the game ended
    early)."""
    if move is None:
        ending = after._standing.ending
        if ending is not None and before._standing.ending is None:
            totals = after._standing.totals
            if ending.player is None:  # cancelled by the host
                return (Cancelled(totals),)
            return (Abandoned(ending.player, totals),)
        events: tuple[Event, ...] = ()
    else:
        events = _LOGGED[type(move)](before, move, after)
        if type(move) is Deal:
            return events
    # A hand scored and a stock turned over from the pile each come with a new standing.
    if after._standing is not before._standing:
        if after.phase >= Phase.HAND_OVER > before.phase:
            return (*events, _hand_ended(after))
        if after._standing.stock_cards is not before._standing.stock_cards:
            return (*events, Reshuffled(after.stock_size))
    return events


# The log's events of each kind of move, from the position before it, the move and the
# position after it.


def _drew(before: _Slots, move: Move, after: _Slots) -> tuple[Event, ...]:
    return (trusted_drew(before._current, before._standing.stock_cards[before.stock_size - 1]),)


def _discarded(before: _Slots, move: Move, after: _Slots) -> tuple[Event, ...]:
    assert isinstance(move, Discard)
    return (trusted_discarded(before._current, move.card),)


def _took(before: _Slots, move: Move, after: _Slots) -> tuple[Event, ...]:
    assert isinstance(move, Take)
    return (trusted_took(before._current, move.taken),)


def _called(before: _Slots, move: Move, after: _Slots) -> tuple[Event, ...]:
    assert isinstance(move, Call)
    return (trusted_called(before._current, move.taken),)


def _melded(before: _Slots, move: Move, after: _Slots) -> tuple[Event, ...]:
    assert isinstance(move, Meld)
    meld_id = next_meld_id(before.table)
    joined = None
    for meld in after.table:
        if meld.top_id == meld_id and meld.id != meld_id:
            joined = meld.id
    return (trusted_melded(before._current, move.melded, meld_id, joined),)


def _laid_off(before: _Slots, move: Move, after: _Slots) -> tuple[Event, ...]:
    assert isinstance(move, Layoff)
    return (trusted_laid_off(before._current, move.meld_id, move.laid, move.high),)


def _passed(before: _Slots, move: Move, after: _Slots) -> tuple[Event, ...]:
    return (Passed(before._current),)


def _declined(before: _Slots, move: Move, after: _Slots) -> tuple[Event, ...]:
    return (Declined(before._current),)


def _dealt(before: _Slots, move: Move, after: _Slots) -> tuple[Event, ...]:
    # A deal starts a new hand's log: nothing of the hand before it follows.
    return (dealt(after),)


def _played(before: _Slots, move: Move, after: _Slots) -> tuple[Event, ...]:
    # A kind of move whose event holds the player and the move's own fields, in that order,
    # needs no builder of its own: the event is built from them.
    event: Callable[..., Event] = type(move).event
    fields = attrs.astuple(cast("attrs.AttrsInstance", move), recurse=False)
    return (event(before._current, *fields),)


#: What builds the events of one kind of move (as above).
_Builder = Callable[[_Slots, Move, _Slots], tuple[Event, ...]]

#: The events each of the package's own kinds of move puts in the log.
_BUILDERS: Final[dict[type[Move], _Builder]] = {
    Draw: _drew,
    Take: _took,
    Meld: _melded,
    Layoff: _laid_off,
    Discard: _discarded,
    Decline: _declined,
    Call: _called,
    Pass: _passed,
    Deal: _dealt,
}

#: The registry's column ``"log"``: the events each kind of move puts in the log (each an
#: instance of that kind's :attr:`Move.event <rummy500.Move.event>`); any other kind of move is
#: logged as its event built from the player and the move's fields.
_LOGGED: Final[dict[type[Move], _Builder]] = kind_column(
    "log", {kind: _BUILDERS.get(kind, _played) for kind in KINDS}
)


def _hand_ended(position: _Slots) -> HandEnded:
    """The event of the hand just scored in ``position`` (a hand that is over)."""
    standing = position._standing
    return HandEnded(
        standing.hand_number,
        standing.went_out,
        standing.history[-1] if standing.history else (),
        standing.totals,
        position.phase == Phase.GAME_OVER,
        standing.winner,
    )


def dealt(position: _Slots) -> Dealt:
    """The event of the deal of ``position``'s hand, as it lies at the start of the hand."""
    hands = position.hands
    standing = position._standing
    return Dealt(
        standing.hand_number,
        standing.dealer,
        hands,
        tuple(len(h) for h in hands),
        position.pile,
        position.stock_size,
    )
