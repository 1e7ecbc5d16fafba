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
from bisect import bisect_right, insort
from collections import Counter, deque
from collections.abc import Callable
from typing import Final, NamedTuple

from rummy500.core.cards import Card
from rummy500.core.errors import SearchLimitError, StateError

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

#: How many steps the search for a reading takes at most, per play of a hidden card (between
#: :data:`SEARCH_STEPS_FLOOR` and :data:`SEARCH_STEPS_CEILING`) before the log is refused as
#: too entangled to read: long six-player two-deck hands need up to a few hundred.
SEARCH_STEPS_PER_PLAY: Final = 400
#: The fewest steps the search is allowed, whatever the number of plays.
SEARCH_STEPS_FLOOR: Final = 100_000
#: The most steps the search is allowed, whatever the number of plays: a few seconds.
SEARCH_STEPS_CEILING: Final = 1_000_000
#: How many earlier plays a repair looks at, at most, to free room for a play.
REPAIR_REACH: Final = 2_000
#: How much work the search for one reading does at most, whatever the log, before the log
#: is refused as too entangled to read. A unit is about one look at a statement in the
#: search that learns from its dead ends (the other stages count their looks at plays and
#: stocks at what each costs in such units). It bounds the time the search takes on any log
#: (about a second of pure Python). Real hands need far less: the hardest reading of the
#: views benchmark's hands at the rules' default turn limit needs under 2% of it, and at
#: twice that limit (six players, two decks, turn 1,900 under reuse_pile) under a third.
SEARCH_WORK_CEILING: Final = 10_000_000
#: What a look at a stock costs, in units of :data:`SEARCH_WORK_CEILING` (each about a tenth
#: of a microsecond of pure Python on the benchmark's machine), in the one pass with repairs
#: and in the backtracking search.
PASS_LOOK: Final = 10
BACKTRACK_LOOK: Final = 3
#: What setting down one statement of the learning search costs, in the same units.
SETUP_LOOK: Final = 8


class _Meter:
    """The work the search for one reading has left (see :data:`SEARCH_WORK_CEILING`),
    shared by its stages."""

    __slots__ = ("left",)

    def __init__(self, units: int) -> None:
        self.left = units

    def spend(self, units: int) -> bool:
        """Count ``units`` of work done; whether any is left."""
        self.left -= units
        return self.left > 0


class Play(NamedTuple):
    """A card played by a player who was not known to hold it, after the pile was first
    turned over."""

    at: int
    player: int
    card: Card
    #: The newest stock at the time (its index in the hand's stocks).
    era: int
    #: How many cards the player had drawn unseen from that stock before the play (from the
    #: older stocks they drew all they ever will).
    drawn: int


class Attribution(NamedTuple):
    """What a search for a reading starts from: the plays, oldest first; the copies of each
    card each stock hid (``pools``, the deal's first); how many cards each player can have
    drawn from each stock and played (``caps[k][p]``); and which stocks hid each card
    (``holders``, oldest first)."""

    plays: list[Play]
    pools: list[Counter[Card]]
    caps: list[list[int]]
    holders: dict[Card, list[int]]


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


def _pick(weighted: list[tuple[float, int]], rng: random.Random | None) -> list[int]:
    """The stocks of ``weighted`` in the order to try them, the first last: by weight, or
    drawn by ``rng`` in proportion to the weights (the rest kept in case the first leads
    nowhere). Empties ``weighted``."""
    if len(weighted) < 2:
        return [k for _, k in weighted]
    if rng is None:
        weighted.sort()
        return [k for _, k in weighted]
    order: list[int] = []
    while weighted:
        pick = rng.random() * sum(w for w, _ in weighted)
        j = 0
        while j < len(weighted) - 1 and pick >= weighted[j][0]:
            pick -= weighted[j][0]
            j += 1
        order.append(weighted.pop(j)[1])
    order.reverse()
    return order


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


#: How many dead ends the search that learns from them (:func:`_learning`) meets at most
#: before the backtracking search takes over: real hands need a few hundred.
LEARNING_CONFLICTS: Final = 20_000
#: How many dead ends its first try, the oldest stocks first, meets at most before it
#: begins again in a random order.
OLDEST_FIRST_CONFLICTS: Final = 300


def _learning(att: Attribution, rng: random.Random, meter: _Meter) -> list[int] | None:
    """A reading found by a search that learns from each dead end (conflict-driven clause
    learning over "play ``i`` came from stock ``k``", with the copies of a card in a stock,
    a player's draws from a stock and their draws by the time of each play as limits on how
    many such statements hold). Each dead end is traced back to the first choice that forced
    it, and the set of choices to blame is kept as a rule never broken again, so the search
    does not meet the same dead end in other places, which the backtracking search does on
    long hands. A play taken back by a dead end is read again from the stock it had
    (phase saving): the dead ends of a long log are far apart, and the reading between them
    is kept rather than searched again. It first reads each play from the oldest stock it
    can: that spends the draws no later play can use, and reads most logs within
    :data:`OLDEST_FIRST_CONFLICTS` dead ends; a log it does not is searched again in a random
    order, which avoids the few traps of the fixed one. ``None`` when no reading exists, or
    :data:`LEARNING_CONFLICTS` dead ends are met first, or ``meter`` runs out (the
    backtracking search then decides, and says why)."""
    for order, most in ((None, OLDEST_FIRST_CONFLICTS), (rng, LEARNING_CONFLICTS)):
        # Each try starts afresh: the rules and activity the first one learned lead the
        # second back into its trap (a six-player view took 21 s with them, 1 s without).
        learner = _Learner(att)
        if not meter.spend(SETUP_LOOK * len(learner.value)) or not learner.start():
            return None
        found = learner.solve(order, most, meter)
        if found is not None:
            return found
    return None


class _Learner:
    """The state of :func:`_learning`. A statement "play ``i`` came from stock ``k``" is a
    number from 1 (its negation the same number below 0); each play needs one of its
    statements true (a clause), and each limit is a set of statements of which at most so
    many are true."""

    __slots__ = (
        "activity",
        "count",
        "level",
        "limits",
        "limits_of",
        "marks",
        "number",
        "reason",
        "saved",
        "trail",
        "value",
        "watches",
        "work",
    )

    def __init__(self, att: Attribution) -> None:
        plays = att.plays
        stocks = _Pass(att)
        self.number: list[dict[int, int]] = []
        count = 0
        by_card: dict[tuple[Card, int], list[int]] = {}
        by_player: dict[tuple[int, int], list[int]] = {}
        for i, (_, p, card, _, _) in enumerate(plays):
            numbers: dict[int, int] = {}
            for k in stocks.stocks(i):
                count += 1
                numbers[k] = count
                by_card.setdefault((card, k), []).append(count)
                by_player.setdefault((p, k), []).append(count)
            self.number.append(numbers)
        # The truth of each literal, indexed by the literal itself: a negation's from the end
        # of the list (Python's negative indices), so no sign needs looking at.
        self.value = [0] * (2 * count + 1)
        self.level = [0] * (count + 1)
        #: Why each statement was set: the clause that forced it (holding it), or the true
        #: statements of a full limit, negated (not holding it); None for a choice.
        self.reason: list[list[int] | None] = [None] * (count + 1)
        self.activity = [0.0] * (count + 1)
        self.trail: list[int] = []
        self.marks: list[int] = []
        self.limits: list[tuple[list[int], int]] = []
        self.limits_of: list[list[int]] = [[] for _ in range(count + 1)]
        self.watches: dict[int, list[list[int]]] = {}
        for (card, k), of_card in by_card.items():
            self._limit(of_card, att.pools[k][card])
        for (p, k), of_player in by_player.items():
            self._limit(of_player, att.caps[k][p])
        # A play from its own time's stock is one of the cards drawn from it before the play.
        newest: dict[tuple[int, int], list[int]] = {}
        for i, (_, p, _, era, drawn) in enumerate(plays):
            at = self.number[i].get(era)
            if at is None:
                continue
            mine = newest.setdefault((p, era), [])
            mine.append(at)
            if len(mine) > drawn:
                self._limit(list(mine), drawn)
        #: How many statements of each limit are true, and whether each statement was true
        #: when last taken back.
        self.count = [0] * len(self.limits)
        self.saved = [False] * (count + 1)
        #: The statements, literals and clause places looked at since last counted.
        self.work = 0

    def _limit(self, numbers: list[int], most: int) -> None:
        if len(numbers) <= most:
            return
        m = len(self.limits)
        self.limits.append((numbers, most))
        limits_of = self.limits_of
        for x in numbers:
            limits_of[x].append(m)

    def _set(self, literal: int, reason: list[int] | None) -> None:
        x = abs(literal)
        self.value[literal] = 1
        self.value[-literal] = -1
        self.level[x] = len(self.marks)
        self.reason[x] = reason
        self.trail.append(literal)
        if literal > 0:
            count = self.count
            limits_of = self.limits_of[x]
            self.work += len(limits_of)
            for m in limits_of:
                count[m] += 1

    def _clause(self, literals: list[int]) -> None:
        self.watches.setdefault(-literals[0], []).append(literals)
        self.watches.setdefault(-literals[1], []).append(literals)

    def start(self) -> bool:
        """Set down each play's clause (a play with one stock is read from it at once);
        ``False`` when a play has no stock at all."""
        for numbers in self.number:
            literals = list(numbers.values())
            if not literals:
                return False
            if len(literals) == 1:
                if self.value[literals[0]] == -1:
                    return False
                if self.value[literals[0]] == 0:
                    self._set(literals[0], literals)
            else:
                self._clause(literals)
        return True

    def solve(self, rng: random.Random | None, most: int, meter: _Meter) -> list[int] | None:
        """The reading, searched from the statements :meth:`start` (and any search before)
        set for good; ``None`` when none exists, ``most`` dead ends were met or ``meter``
        ran out. Among a play's statements equally likely by activity, the older stock is
        tried first, or one drawn by ``rng`` when given."""
        head = 0
        conflicts = 0
        bump = 1.0
        first = 0
        # The play decided at each level: every play before it was read at a lower level, so
        # going back to a level leaves them read, and the search for an open play starts there.
        decided: list[int] = []
        while True:
            conflict, head = self._propagate(head)
            if not meter.spend(self.work):
                return None
            self.work = 0
            if conflict is not None:
                conflicts += 1
                if not self.marks or conflicts > most:
                    return None
                learnt, back = self._analyze(conflict, bump)
                bump *= 1.05
                head = self._backtrack(back, head)
                first = decided[back]
                del decided[back:]
                self._set(learnt[0], learnt)
                if len(learnt) > 1:
                    self._clause(learnt)
                continue
            # The earliest play without a stock read: the statement it had when last taken
            # back, else the likeliest by activity (a play's statements are numbered from
            # its newest stock).
            value = self.value
            while first < len(self.number) and any(
                value[x] == 1 for x in self.number[first].values()
            ):
                first += 1
            if first == len(self.number):
                return [
                    next(k for k, x in numbers.items() if value[x] == 1) for numbers in self.number
                ]
            open_ = [x for x in self.number[first].values() if value[x] == 0]
            self.work += len(self.number[first]) + len(open_)
            saved = self.saved
            activity = self.activity
            if rng is None:
                x = max(open_, key=lambda y: (saved[y], activity[y], y))
            else:
                x = max(open_, key=lambda y: (saved[y], activity[y], rng.random()))
            self.marks.append(len(self.trail))
            decided.append(first)
            self._set(x, None)

    def _propagate(self, head: int) -> tuple[list[int] | None, int]:
        """Follow what the statements set so far force; a conflict's literals (all false)
        when they clash."""
        trail = self.trail
        value = self.value
        watches = self.watches
        limits = self.limits
        limits_of = self.limits_of
        count = self.count
        work = 0
        while head < len(trail):
            literal = trail[head]
            head += 1
            work += 1
            watching = watches.get(literal)
            if watching:
                # The clauses that watch this literal's negation, compacted in place: those
                # still watching it are kept in order, those that found another literal move.
                neg = -literal
                n = len(watching)
                i = j = 0
                while i < n:
                    clause = watching[i]
                    i += 1
                    if clause[0] == neg:
                        clause[0] = clause[1]
                        clause[1] = neg
                    first = clause[0]
                    if value[first] == 1:
                        watching[j] = clause
                        j += 1
                        continue
                    for k in range(2, len(clause)):
                        other = clause[k]
                        if value[other] != -1:
                            clause[1] = other
                            clause[k] = neg
                            watches.setdefault(-other, []).append(clause)
                            work += k
                            break
                    else:
                        work += len(clause)
                        watching[j] = clause
                        j += 1
                        if value[first] == -1:
                            watching[j:] = watching[i:]
                            self.work += work
                            return list(clause), head
                        self._set(first, clause)
                del watching[j:]
            if literal > 0:
                for m in limits_of[literal]:
                    numbers, most = limits[m]
                    # The count spares a look at every statement of a limit not yet full.
                    if count[m] < most:
                        continue
                    work += len(numbers)
                    true = [-y for y in numbers if value[y] == 1]
                    if len(true) > most:
                        self.work += work
                        return true, head
                    # Each other statement of the full limit is false (what _set does for
                    # a negation, written out: these are most of the statements set). They
                    # share one reason, the limit's true statements negated: a reason need
                    # not hold the literal it forces, and one list spares one per statement.
                    level = len(self.marks)
                    levels = self.level
                    reasons = self.reason
                    for y in numbers:
                        if value[y] == 0:
                            value[y] = -1
                            value[-y] = 1
                            levels[y] = level
                            reasons[y] = true
                            trail.append(-y)
        self.work += work
        return None, head

    def _analyze(self, conflict: list[int], bump: float) -> tuple[list[int], int]:
        """The clause learned from ``conflict`` (its first literal the one it now forces)
        and the level to go back to."""
        seen: set[int] = set()
        learnt: list[int] = []
        level = len(self.marks)
        levels = self.level
        activity = self.activity
        trail = self.trail
        pending = 0
        literals = conflict
        at = len(trail) - 1
        forced = 0
        top = at
        while True:
            self.work += len(literals)
            for q in literals:
                x = abs(q)
                if q == forced or x in seen:
                    continue
                at_level = levels[x]
                if not at_level:
                    continue
                seen.add(x)
                activity[x] += bump
                if at_level == level:
                    pending += 1
                else:
                    learnt.append(q)
            while abs(trail[at]) not in seen:
                at -= 1
            forced = trail[at]
            at -= 1
            pending -= 1
            if not pending:
                break
            reason = self.reason[abs(forced)]
            assert reason is not None
            literals = reason
        learnt.insert(0, -forced)
        self.work += top - at
        back = 0
        if len(learnt) > 1:
            j = max(range(1, len(learnt)), key=lambda m: self.level[abs(learnt[m])])
            learnt[1], learnt[j] = learnt[j], learnt[1]
            back = self.level[abs(learnt[1])]
        return learnt, back

    def _backtrack(self, level: int, head: int) -> int:
        """Take back every statement set after ``level``; the new head of the trail."""
        if len(self.marks) <= level:
            return head
        start = self.marks[level]
        self.work += len(self.trail) - start
        count = self.count
        value = self.value
        reason = self.reason
        saved = self.saved
        limits_of = self.limits_of
        for literal in reversed(self.trail[start:]):
            value[literal] = 0
            value[-literal] = 0
            if literal > 0:
                reason[literal] = None
                saved[literal] = True
                for m in limits_of[literal]:
                    count[m] -= 1
            else:
                reason[-literal] = None
                saved[-literal] = False
        del self.trail[start:]
        del self.marks[level:]
        return min(head, start)
