"""The search for a reading that learns from each dead end (conflict-driven clause learning,
with the copies of a card in a stock and a player's draws from it as limits on how many plays
a stock gives)."""

from __future__ import annotations

import random
from typing import Final

from rummy500.core.cards import Card
from rummy500.hidden.plays import SETUP_LOOK, Attribution, _Meter
from rummy500.hidden.repair import _Pass

__all__ = [
    "LEARNING_CONFLICTS",
    "OLDEST_FIRST_CONFLICTS",
]


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
