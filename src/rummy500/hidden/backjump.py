"""The last search for a reading: backtracking that goes back only to the choices to blame
(conflict-directed backjumping), which names the play no reading explains."""

from __future__ import annotations

import random
from bisect import bisect_right

from rummy500.core.cards import Card
from rummy500.core.errors import StateError
from rummy500.hidden.plays import BACKTRACK_LOOK, Attribution, _Meter, _pick

__all__ = []


def _backjumping(
    att: Attribution, rng: random.Random | None, budget: int, meter: _Meter
) -> list[int] | None:
    """The stock each play came from, one reading of the log, found play by play in at
    most ``budget`` steps (``None`` when they or ``meter`` run out). Tries the likelier
    stock first (a draw by ``rng`` in proportion to the likelihood, when given). Where a play
    is left without a stock, it goes back straight to the newest earlier choice that used
    up what the play needed (the copies of its card, or what its player drew from a stock),
    skipping the choices in between, which had no part in it (conflict-directed
    backjumping). Refuses the log when it proves that no reading exists."""
    search = _Search(att)
    reveals = att.plays
    n = len(reveals)
    steps = 0
    i = 0
    while i < n:
        search.open_to(reveals[i].era)
        ways, blamed = search.ways(i, rng)
        if ways:
            search.decide(i, ways, blamed)
            i += 1
        else:
            # Jump back to the newest choice behind the dead end that has another stock.
            conflict = search.reasons(i) | blamed
            while True:
                search.work += len(conflict)
                if not conflict:
                    at, p, card, _, _ = reveals[max(i, search.starved)]
                    raise StateError(
                        f"the log has player {p} play {card} at log[{at}], which they "
                        "cannot hold: no reading of the plays before leaves them a copy of it"
                    )
                h = max(conflict)
                while len(search.chosen) > h + 1:
                    search.take_back(drop=True)
                search.take_back(drop=False)
                search.open_to(reveals[h].era)
                search.conflicts[h] |= conflict
                search.conflicts[h].discard(h)
                if search.options[h]:
                    search.retry(h)
                    i = h + 1
                    break
                conflict = search.conflicts[h] | search.reasons(h)
                search.options.pop()
                search.conflicts.pop()
        steps += 1
        if steps > budget or not meter.spend(BACKTRACK_LOOK * (search.work + 1)):
            return None
        search.work = 0
    return search.chosen


class _Search:
    """The state of :func:`_backjumping`: the plays read so far, the stock each came
    from, and what they used up."""

    __slots__ = (
        "alive",
        "att",
        "by_card",
        "by_player",
        "chosen",
        "conflicts",
        "left_in",
        "next_play",
        "opened",
        "options",
        "starved",
        "used",
        "work",
    )

    def __init__(self, att: Attribution) -> None:
        self.att = att
        pools = att.pools
        players = len(att.caps[0])
        #: How many cards each player played from each stock.
        self.used = [[0] * len(pools) for _ in range(players)]
        #: How many hidden cards each stock has left.
        self.left_in = [pool.total() for pool in pools]
        #: The hidden copies of each card not yet played, by stock, for the stocks turned over
        #: by the time of the play being read.
        self.alive: dict[Card, dict[int, int]] = {}
        self.opened = -1
        #: The stock chosen for each play read, the stocks left to try, and the earlier plays
        #: whose choices the plays after it failed for.
        self.chosen: list[int] = []
        self.options: list[list[int]] = []
        self.conflicts: list[set[int]] = []
        #: The plays that used each stock's copies of a card, and each player's draws from a
        #: stock, newest last: the reasons a later play finds them used up.
        self.by_card: dict[tuple[Card, int], list[int]] = {}
        self.by_player: dict[tuple[int, int], list[int]] = {}
        #: The latest play found with no stock left to come from (named when none is left).
        self.starved = -1
        #: The stocks looked at since the last step was counted.
        self.work = 0
        #: The next play of the same card after each play (-1 for none).
        self.next_play = [-1] * len(att.plays)
        last: dict[Card, int] = {}
        for i in range(len(att.plays) - 1, -1, -1):
            card = att.plays[i].card
            self.next_play[i] = last.get(card, -1)
            last[card] = i

    def open_to(self, era: int) -> None:
        """Make the hidden copies of the stocks up to ``era`` (and no later) available."""
        pools = self.att.pools
        alive = self.alive
        while self.opened < era:
            self.opened += 1
            for card, count in pools[self.opened].items():
                alive.setdefault(card, {})[self.opened] = count
        while self.opened > era:
            for card in pools[self.opened]:
                del alive[card][self.opened]
            self.opened -= 1

    def _room(self, i: int, k: int) -> int:
        """How many more cards play ``i``'s player can have drawn from stock ``k`` by then."""
        _, p, _, era, drawn = self.att.plays[i]
        return (drawn if k == era else self.att.caps[k][p]) - self.used[p][k]

    def ways(self, i: int, rng: random.Random | None) -> tuple[list[int], set[int]]:
        """The stocks play ``i`` can come from, the one to try first last, and the earlier
        plays to blame for the stocks left out because the next play of the card would have
        no copy left to come from (looking ahead costs little: a card has few copies, and
        finding out many plays later would mean going back over them all)."""
        _, _, card, era, _ = self.att.plays[i]
        copies = self.alive.get(card)
        blamed: set[int] = set()
        if not copies:
            return [], blamed
        self.work += len(copies)
        left_in = self.left_in
        weighted: list[tuple[float, int]] = []
        after = self.next_play[i]
        # A copy of the list: looking ahead plays the card from each stock in turn.
        for k, count in list(copies.items()):
            room = self._room(i, k)
            if k > era or room <= 0:
                continue
            if after >= 0:
                self._use(i, k, 1)
                fits = self._has_way(after)
                if not fits:
                    blamed |= self.reasons(after)
                    self.starved = max(self.starved, after)
                self._use(i, k, -1)
                if not fits:
                    continue
            # The copies of the card the player can be expected to hold from the stock.
            weighted.append((count * room / left_in[k], k))
        blamed.discard(i)
        return _pick(weighted, rng), blamed

    def _copies(self, card: Card, k: int) -> int:
        """How many copies of ``card`` stock ``k`` hides that no play read so far used."""
        if k <= self.opened:
            return self.alive.get(card, {}).get(k, 0)
        return self.att.pools[k][card]

    def _has_way(self, i: int) -> bool:
        """Whether play ``i`` has a stock to come from, whatever the plays between."""
        att = self.att
        _, _, card, era, _ = att.plays[i]
        stocks = att.holders.get(card, [])
        end = bisect_right(stocks, era)
        self.work += end
        for j in range(end - 1, -1, -1):
            k = stocks[j]
            if self._room(i, k) > 0 and self._copies(card, k) > 0:
                return True
        return False

    def reasons(self, i: int) -> set[int]:
        """The earlier plays that used up a stock play ``i`` could otherwise come from: for
        each such stock, the plays of its copies of the card or the player's plays from it,
        whichever are fewer."""
        att = self.att
        _, p, card, era, drawn = att.plays[i]
        stocks = att.holders.get(card, [])
        out: set[int] = set()
        end = bisect_right(stocks, era)
        self.work += end
        for j in range(end - 1, -1, -1):
            k = stocks[j]
            if (drawn if k == era else att.caps[k][p]) <= 0:
                continue  # never drawn from: no choice made it so
            no_copy = self._copies(card, k) <= 0
            no_room = self._room(i, k) <= 0
            if no_copy and no_room:
                a, b = self.by_card.get((card, k), []), self.by_player.get((p, k), [])
                out.update(a if len(a) <= len(b) else b)
            elif no_copy:
                out.update(self.by_card.get((card, k), ()))
            elif no_room:
                out.update(self.by_player.get((p, k), ()))
        self.work += len(out)
        return out

    def decide(self, i: int, ways: list[int], blamed: set[int]) -> None:
        """Read play ``i`` as coming from the last of ``ways`` (the others kept to retry;
        ``blamed`` are the plays to blame for the stocks left out)."""
        self.options.append(ways)
        self.conflicts.append(blamed)
        self.chosen.append(ways[-1])
        self._use(i, ways.pop(), 1)

    def retry(self, i: int) -> None:
        """Read play ``i``, just taken back, as coming from the next stock left to try."""
        k = self.options[i].pop()
        self.chosen.append(k)
        self._use(i, k, 1)

    def take_back(self, *, drop: bool) -> None:
        """Take back the newest play read; with ``drop``, forget its stocks left to try."""
        i = len(self.chosen) - 1
        self._use(i, self.chosen.pop(), -1)
        if drop:
            self.options.pop()
            self.conflicts.pop()

    def _use(self, i: int, k: int, step: int) -> None:
        """Read play ``i`` as coming from stock ``k`` (``step`` 1), or no more (-1)."""
        _, p, card, _, _ = self.att.plays[i]
        self.used[p][k] += step
        copies = self.alive[card]
        left = copies.get(k, 0) - step
        if left:
            copies[k] = left
        else:
            del copies[k]
        self.left_in[k] -= step
        if step > 0:
            self.by_card.setdefault((card, k), []).append(i)
            self.by_player.setdefault((p, k), []).append(i)
        else:
            self.by_card[card, k].pop()
            self.by_player[p, k].pop()
