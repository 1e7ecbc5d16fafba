"""The first search for a reading: one pass over the plays, each from the likeliest stock with
room, a play left with none taking the room from earlier plays moved to other stocks along a
chain (as augmenting paths do in a matching)."""

from __future__ import annotations

import math
import random
from bisect import bisect_right, insort
from collections import deque

from rummy500.core.cards import Card
from rummy500.hidden.plays import PASS_LOOK, REPAIR_REACH, Attribution, _Meter, _pick

__all__ = []


class _Pass:
    """The state of :func:`_repairing`: the stock read for each play so far and who used
    what."""

    __slots__ = ("att", "by_card", "by_player", "chosen", "left_in")

    def __init__(self, att: Attribution) -> None:
        self.att = att
        self.chosen = [-1] * len(att.plays)
        self.left_in = [pool.total() for pool in att.pools]
        #: The plays read from each stock's copies of a card, and each player's plays read
        #: from each stock, oldest first.
        self.by_card: dict[tuple[int, int], list[int]] = {}
        self.by_player: dict[tuple[int, int], list[int]] = {}

    def stocks(self, i: int) -> list[int]:
        """The stocks play ``i`` could come from by the log alone, newest first."""
        att = self.att
        _, p, card, era, drawn = att.plays[i]
        held = att.holders.get(card, [])
        return [
            k
            for j in range(bisect_right(held, era) - 1, -1, -1)
            if ((k := held[j]) == era and drawn > 0) or (k < era and att.caps[k][p] > 0)
        ]

    def copies(self, card: Card, k: int) -> int:
        """How many copies of ``card`` stock ``k`` has that no play was read from."""
        return self.att.pools[k][card] - len(self.by_card.get((card, k), ()))

    def room(self, i: int, k: int) -> bool:
        """Whether play ``i``'s player has a card drawn from stock ``k`` to read it from:
        their draws from it, less the plays read from it (by the time of each play read from
        the newest stock of its own time)."""
        att = self.att
        _, p, _, era, drawn = att.plays[i]
        mine = self.by_player.get((p, k), [])
        if len(mine) >= att.caps[k][p]:
            return False
        if k != era:
            return True
        at = bisect_right(mine, i)
        if at + 1 > drawn:
            return False
        # Each later play of the player read from this stock, in its own time, counts one more.
        for count, j in enumerate(mine[at:], start=at + 2):
            later = att.plays[j]
            if later.era == k and count > later.drawn:
                return False
        return True

    def put(self, i: int, k: int) -> None:
        _, p, card, _, _ = self.att.plays[i]
        self.chosen[i] = k
        self.left_in[k] -= 1
        insort(self.by_card.setdefault((card, k), []), i)
        insort(self.by_player.setdefault((p, k), []), i)

    def lift(self, i: int) -> int:
        _, p, card, _, _ = self.att.plays[i]
        k = self.chosen[i]
        self.chosen[i] = -1
        self.left_in[k] += 1
        self.by_card[card, k].remove(i)
        self.by_player[p, k].remove(i)
        return k

    def fits(self, i: int, k: int) -> bool:
        """Whether play ``i`` (not read from any stock) can be read from stock ``k``."""
        return self.copies(self.att.plays[i].card, k) > 0 and self.room(i, k)

    def blocker(self, i: int, k: int) -> tuple[str, int, int] | None:
        """What stops play ``i`` (not read) being read from stock ``k``, when exactly one
        thing does: the stock's copies of the card (``("card", card, k)``) or the player's
        draws from it (``("player", p, k)``); ``None`` when both or neither do."""
        _, p, card, _, _ = self.att.plays[i]
        no_copy = self.copies(card, k) <= 0
        no_room = not self.room(i, k)
        if no_copy == no_room:
            return None
        return ("card", card, k) if no_copy else ("player", p, k)

    def repair(self, i: int, meter: _Meter) -> int | None:
        """Make room for play ``i`` by moving earlier plays to other stocks, along the
        shortest chain found (each move freeing what the one before needs); the stock
        ``i`` can then be read from, or ``None`` (also when ``meter`` runs out)."""
        seen = {i}
        queue: deque[tuple[tuple[str, int, int], list[tuple[int, int]]]] = deque()
        for k in self.stocks(i):
            need = self.blocker(i, k)
            if need is not None:
                queue.append((need, [(i, k)]))
        looked = 0
        while queue and looked < REPAIR_REACH:
            (what, who, k), path = queue.popleft()
            holders = self.by_card if what == "card" else self.by_player
            for y in list(holders.get((who, k), ())):
                if y in seen:
                    continue
                seen.add(y)
                looked += 1
                old = self.lift(y)
                stocks = self.stocks(y)
                if not meter.spend(PASS_LOOK * (len(stocks) + 1)):
                    self.put(y, old)
                    return None
                for k2 in stocks:
                    if k2 == old:
                        continue
                    step = [*path, (y, k2)]
                    if self.fits(y, k2) and self._follow(step, y, old):
                        return step[0][1]
                    need = self.blocker(y, k2)
                    if need is not None:
                        queue.append((need, step))
                self.put(y, old)
        return None

    def _follow(self, path: list[tuple[int, int]], last: int, old: int) -> bool:
        """Carry out ``path``: its last play (``last``, lifted from stock ``old``) moves first,
        then each play before it, then the first (the play to read) must fit. If a move no
        longer fits, everything is put back as it was (``last`` lifted) and ``False`` given."""
        moves = [(last, old, path[-1][1])]
        self.put(last, path[-1][1])
        fits = True
        for y, k in reversed(path[1:-1]):
            came = self.lift(y)
            if not self.fits(y, k):
                self.put(y, came)
                fits = False
                break
            self.put(y, k)
            moves.append((y, came, k))
        if fits and self.fits(*path[0]):
            return True
        for y, came, _ in reversed(moves):
            self.lift(y)
            self.put(y, came)
        self.lift(last)
        return False


def _repairing(
    att: Attribution, rng: random.Random | None, meter: _Meter
) -> tuple[list[int], float, int] | None:
    """One pass over the plays, each read from the likeliest stock it fits (a stock's
    copies of the card not yet read, times the player's cards from it not yet read, over the
    stock's hidden cards left: how many copies of the card the player can be expected to hold
    from it); a play that fits none gets room by :meth:`_Pass.repair`. Gives the reading, the
    log of the chance of its draws and the number of choices drawn; ``None`` when a play gets
    no room or ``meter`` runs out (the searches then decide)."""
    state = _Pass(att)
    chance = 0.0
    choices = 0
    for i, play in enumerate(att.plays):
        _, p, card, era, drawn = play
        stocks = state.stocks(i)
        if not meter.spend(PASS_LOOK * (len(stocks) + 1)):
            return None
        weighted = [
            (
                state.copies(card, k)
                * ((drawn if k == era else att.caps[k][p]) - len(state.by_player.get((p, k), ())))
                / state.left_in[k],
                k,
            )
            for k in stocks
            if state.fits(i, k)
        ]
        if weighted:
            total = sum(w for w, _ in weighted)
            share = {s: w for w, s in weighted}
            k = _pick(weighted, rng)[-1]
            if len(share) > 1:
                choices += 1
                chance += math.log(share[k] / total)
        else:
            found = state.repair(i, meter)
            if found is None:
                return None
            k = found
        state.put(i, k)
    return state.chosen, chance, choices
