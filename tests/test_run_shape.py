"""RunShape's answers, checked against a brute-force reading of the run rules.

Each kind of rule is modelled as the row of cards a run is cut from: the ace, 2 to king and
the ace again (aces low or high, never both: no run holds a rank twice), 2 to king and the ace
(aces high only), or the 13 ranks round a circle (wrap-around: a run starts at any rank and
holds each rank at most once). Every answer RunShape gives is worked out again from that row,
by listing runs rather than by arithmetic on positions.
"""

from __future__ import annotations

from functools import cache

import attrs
import pytest

from rummy500 import Aces, RuleConfig
from rummy500.core.cards import CARDS, JOKER_AS
from rummy500.melds.shape import RunShape, card_bits, run_shape, span

KINDS = {
    "low-or-high": RuleConfig(),
    "high-only": RuleConfig(aces=Aces.HIGH_ONLY),
    "wrap": RuleConfig(wrap_around=True),
}
LAP = list(range(1, 14))  # the ranks in order, ace to king


@cache
def model_rank(position: int) -> int:
    """The rank at a position, by walking the ranks from the low ace at position 1."""
    rank = 1
    step = 1 if position >= 1 else -1
    for _ in range(abs(position - 1)):
        rank = LAP[(LAP.index(rank) + step) % 13]
    return rank


@cache
def rows(kind: str) -> list[list[tuple[int, int]]]:
    """The runs a kind allows, each as its (position, rank) cards, low to high."""
    if kind == "wrap":
        return [
            [(start + i, model_rank(start + i)) for i in range(length)]
            for start in range(1, 14)
            for length in range(3, 14)
        ]
    line = [(p, model_rank(p)) for p in range(1, 15)]
    if kind == "high-only":
        line = line[1:]
    windows = [line[i:j] for i in range(len(line)) for j in range(i + 3, len(line) + 1)]
    return [w for w in windows if len({rank for _, rank in w}) == len(w)]


@cache
def runs(kind: str) -> frozenset[tuple[int, int]]:
    return frozenset((run[0][0], run[-1][0]) for run in rows(kind))


@cache
def part_of_a_run(kind: str, low: int, high: int) -> bool:
    """Whether positions low-high (any length) lie within a run: a lap away too with wrap."""
    laps = range(-2, 3) if kind == "wrap" else range(1)
    return any(lo + 13 * k <= low <= high <= hi + 13 * k for lo, hi in runs(kind) for k in laps)


@cache
def places(kind: str, rank: int) -> frozenset[int]:
    return frozenset(p for run in rows(kind) for p, r in run if r == rank)


@pytest.fixture(params=sorted(KINDS))
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_spans_a_run_may_cover(kind: str) -> None:
    shape = run_shape(KINDS[kind])
    allowed = runs(kind)
    assert [(lo, hi) for lo, hi, _ in shape.intervals] == sorted(allowed)
    assert all(mask == span(lo, hi) for lo, hi, mask in shape.intervals)
    assert shape.longest == max(hi - lo + 1 for lo, hi in allowed)
    for low in range(-3, 30):
        for high in range(low - 1, 42):
            assert shape.ok(low, high) == ((low, high) in allowed), (low, high)


def test_parts_of_runs_and_room_to_grow(kind: str) -> None:
    shape = run_shape(KINDS[kind])
    lows = range(-12, 27) if kind == "wrap" else range(-2, 16)
    for low in lows:
        for high in range(low, low + 16):
            assert shape.fits(low, high) == part_of_a_run(kind, low, high), (low, high)
    for low, high in runs(kind):
        # Within the room every growth fits, but one that puts an ace at both ends (fits
        # refuses that); beyond it nothing does.
        down, up = shape.room(low, high)
        for d in range(1, 14):
            aces = model_rank(low - d) == model_rank(high) == 1
            assert part_of_a_run(kind, low - d, high) == (d <= down and not aces), (low, d)
            aces = model_rank(low) == model_rank(high + d) == 1
            assert part_of_a_run(kind, low, high + d) == (d <= up and not aces), (high, d)


def test_positions_of_each_rank(kind: str) -> None:
    shape = run_shape(KINDS[kind])
    for rank in LAP:
        # With wrap-around a card is counted one lap up too, the king's 26 included, though
        # no run reaches it: the masks stay regular.
        where = places(kind, rank) | ({rank + 13} if kind == "wrap" else set())
        assert set(shape.positions(rank)) == where
        three = {
            lo for lo, hi in runs(kind) if hi - lo == 2 and places(kind, rank) & {lo, lo + 1, hi}
        }
        assert shape.starts[rank] == sum(1 << lo for lo in three)
        for suit in range(4):
            card = suit * 13 + rank - 1
            assert shape.bits[card] == 1 << rank | sum(1 << p for p in where)
        for other in LAP:
            nearest = min(abs(p - q) for p in places(kind, rank) for q in places(kind, other))
            assert shape.apart[rank][other] == nearest


def test_cards_and_ranks_at_positions(kind: str) -> None:
    shape = run_shape(KINDS[kind])
    for position in range(-30, 60):
        assert RunShape.rank_at(position) == model_rank(position)
        assert RunShape.card_at(2, position) == CARDS[26 + model_rank(position) - 1]
    for suit in range(4):
        for position in range(41):
            card = CARDS[suit * 13 + model_rank(position) - 1]
            assert shape.cards[suit][position] == card
            assert shape.jokers[suit][position] == JOKER_AS[card]
    for low in range(27):
        for high in range(27):
            held = {model_rank(p) for p in range(low, high + 1)}
            assert shape.ranks[low][high] == sum(1 << r for r in held)


def test_runs_that_follow_on(kind: str) -> None:
    shape = run_shape(KINDS[kind])
    allowed = runs(kind)
    for _, high in allowed:
        for low, _ in allowed:
            # On the row of cards (round the circle with wrap-around), the card after the
            # first run's last card is the second run's first card.
            if kind == "wrap":
                on = model_rank(low) == LAP[LAP.index(model_rank(high)) - 12]
            else:
                on = low == high + 1
            assert shape.follows(high, low) == on, (high, low)


def test_the_reach_of_each_rank_onto_each_run(kind: str) -> None:
    shape = run_shape(KINDS[kind])
    lift = 13 if kind == "wrap" else 0
    assert shape.lift == lift
    for low, high in runs(kind):
        for rank in LAP:
            expected = set()
            for d in range(1, 14):
                if part_of_a_run(kind, low - d, high) and model_rank(low - d) == rank:
                    gap = span(low - d + 1 + lift, low - 1 + lift) if d > 1 else 0
                    expected.add((d, gap))
                if part_of_a_run(kind, low, high + d) and model_rank(high + d) == rank:
                    gap = span(high + 1 + lift, high + d - 1 + lift) if d > 1 else 0
                    expected.add((d, gap))
            assert set(shape.reach[low][high][rank]) == expected, (low, high, rank)


def test_the_cards_just_beyond_each_run(kind: str) -> None:
    shape = run_shape(KINDS[kind])
    for low, high in runs(kind):
        beyond = set()
        if kind == "wrap" or low > 1:
            beyond.add(model_rank(low - 1))
        if kind == "wrap" or high < 14:
            beyond.add(model_rank(high + 1))
        hit = {rank for rank in LAP if shape.bits[rank - 1] & shape.ends[low][high]}
        assert hit == beyond, (low, high)


def test_card_bits_depend_on_wrap_around_only() -> None:
    assert run_shape(KINDS["high-only"]).bits == run_shape(KINDS["low-or-high"]).bits
    for config in KINDS.values():
        assert card_bits(config.wrap_around) == run_shape(config).bits


def test_each_kind_of_rule_has_one_shape(kind: str) -> None:
    # Built on first use, then shared: an equal config of another variant gets the same one.
    assert run_shape(KINDS[kind]) is run_shape(attrs.evolve(KINDS[kind], target=1000))


def test_lifting_and_settling(kind: str) -> None:
    shape = run_shape(KINDS[kind])
    mask = span(1, 3) | 1 << 13
    if kind == "wrap":
        assert shape.lifted(mask, 2, 5) == (mask | mask << 13, 15, 18)
    else:
        assert shape.lifted(mask, 2, 5) == (mask, 2, 5)
    for low in range(-12, 14):
        settled = RunShape.settled(low, low + 4)
        assert 1 <= settled[0] <= 13
        assert [model_rank(p) for p in range(settled[0], settled[1] + 1)] == [
            model_rank(p) for p in range(low, low + 5)
        ]


def test_steps_up_and_sequences() -> None:
    for lower in range(52):
        for upper in range(52):
            if lower // 13 == upper // 13:
                after = LAP[LAP.index(lower % 13 + 1) - 12]
                assert RunShape.steps_up(lower, upper) == (upper % 13 + 1 == after)
    # Faces of spades: Q K A 2 runs on; A Q K does not.
    assert RunShape.in_sequence([50, 51, 39, 40])
    assert not RunShape.in_sequence([39, 50, 51])
