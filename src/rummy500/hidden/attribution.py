"""Which stock each hidden card played came from: the search for one reading of a hand's log.

After the pile is turned over (``empty_stock`` reuse_pile), a card an opponent plays that they
were not known to hold came from one of the hand's stocks: the deal's, or a pile turned over.
With copies of a card (several decks, jokers) the log may not say which. An
:class:`Attribution` holds what the log says of each such play (:class:`Play`) and of each
stock (the copies of each card it hid from the player, and how many cards each player can have
drawn from it unseen); :func:`find_reading` gives one *reading*: a stock for each play, such
that no stock gives more copies of a card than it hid, nor a player more cards than they drew
from it (by the time of the play, for the newest stock).

Deciding whether a reading exists is a matching with two kinds of room at once (the copies of
a card in a stock, and a player's draws from it), which no single flow captures, so it is
searched: play by play, each from the likeliest stock with room; a play left with none takes
the room from earlier plays moved to other stocks along a chain (as augmenting paths do in a
matching); failing that, a search that learns from each dead end (conflict-driven clause
learning, with the two kinds of room as limits on how many plays a stock gives), which reads
the tightest logs of real hands (six players, two decks, thousands of turns) in well under a
second; and where that gives up or finds that no reading exists, a backtracking search that
goes back only to the choices to blame (conflict-directed backjumping), begun again in new
orders with growing budgets, which says which play no reading explains. The steps are bounded
in any case.

The module works on plain data (cards, counts) and knows nothing of states or views.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from rummy500.core.errors import SearchLimitError
from rummy500.hidden.backjump import _backjumping
from rummy500.hidden.learning import _learning
from rummy500.hidden.plays import (
    SEARCH_STEPS_CEILING,
    SEARCH_STEPS_FLOOR,
    SEARCH_STEPS_PER_PLAY,
    SEARCH_WORK_CEILING,
    Attribution,
    Play,
    _Meter,
)
from rummy500.hidden.repair import _repairing

__all__ = [
    "SEARCH_STEPS_CEILING",
    "SEARCH_STEPS_FLOOR",
    "SEARCH_STEPS_PER_PLAY",
    "SEARCH_WORK_CEILING",
    "Attribution",
    "Play",
    "find_reading",
    "sample_reading",
]


def find_reading(att: Attribution, rng: random.Random | None) -> list[int]:
    """A stock for each play of ``att``, the likelier stocks first (drawn by ``rng`` in
    proportion to the likelihood when given; the same reading every time when ``rng`` is
    ``None``). Raises :class:`~rummy500.StateError` when the search proves that no
    reading exists, and :class:`~rummy500.SearchLimitError` (one of those) when it
    spends its steps without finding one or proving that: one pass with repairs first,
    then the search that learns from its dead ends, then the backtracking one (which names
    the play that no reading explains); all of them within :data:`SEARCH_WORK_CEILING`."""
    meter = _Meter(SEARCH_WORK_CEILING)
    got = _repairing(att, rng, meter)
    if got is not None:
        return got[0]
    learnt = _learning(att, rng if rng is not None else random.Random(0), meter)
    if learnt is not None:
        return learnt
    n = len(att.plays)
    total = min(SEARCH_STEPS_CEILING, max(SEARCH_STEPS_FLOOR, SEARCH_STEPS_PER_PLAY * n))
    budget = 2 * n + 500
    spent = 0
    attempt = 0
    while spent < total and meter.left > 0:
        steps = min(budget, total - spent)
        # A search stuck after an unlucky early choice is better begun again than followed.
        order = rng if rng is not None or not attempt else random.Random(attempt)
        chosen = _backjumping(att, order, steps, meter)
        if chosen is not None:
            return chosen
        spent += steps
        attempt += 1
        budget += budget // 2
    if meter.left <= 0:
        raise SearchLimitError(
            "the log's plays since the pile was turned over are too entangled to read: no "
            f"reading of which stock each copy came from was found in {SEARCH_WORK_CEILING} "
            "units of work"
        )
    raise SearchLimitError(
        "the log's plays since the pile was turned over are too entangled to read: no "
        f"reading of which stock each copy came from was found in {total} steps"
    )


def sample_reading(
    att: Attribution, rng: random.Random, weight: Callable[[list[int]], float], tries: int
) -> list[int] | None:
    """A reading drawn by ``rng`` with chance in proportion to ``exp(weight(reading))``, near
    enough: ``tries`` readings are drawn play by play (:func:`find_reading`'s likelier stocks
    first) and one is kept with chance in proportion to its weight over the chance of drawing
    it (importance resampling, exact as ``tries`` grows). A log that leaves no choice costs one
    pass. ``None`` when no pass finds a reading (the search of :func:`find_reading` may), or
    the passes spend :data:`SEARCH_WORK_CEILING` first."""
    drawn: list[tuple[float, list[int]]] = []
    meter = _Meter(SEARCH_WORK_CEILING)
    for _ in range(tries):
        got = _repairing(att, rng, meter)
        if got is None:
            break
        chosen, chance, choices = got
        if not choices:
            return chosen
        drawn.append((weight(chosen) - chance, chosen))
    if not drawn:
        return None
    top = max(w for w, _ in drawn)
    scaled = [math.exp(w - top) for w, _ in drawn]
    pick = rng.random() * sum(scaled)
    for share, (_, chosen) in zip(scaled, drawn, strict=True):
        pick -= share
        if pick < 0:
            return chosen
    return drawn[-1][1]
