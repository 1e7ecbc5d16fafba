"""The limits of a meld (how many cards a set, how many jokers a meld may hold) are stated once,
in :class:`rummy500.melds.shape.MeldLimits`, and both the meld search (which the move generator
trusts) and the checks of a meld or a lay-off (which ``is_legal``, ``explain_illegal`` and
``apply`` ask) read them there.

Each limit is changed on purpose, and the generator, ``is_legal`` (on a state whose moves were
never listed, and on one whose moves were listed under the changed limit), ``explain_illegal``
and ``apply`` must all change with it, for melds and lay-offs alike.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import attrs
import pytest

import rummy500
from helpers_positions import build
from rummy500 import IllegalMoveError, Layoff, Meld, Move, RuleConfig, State
from rummy500.melds import shape

patching = pytest.mark.skipif(
    rummy500.COMPILED,
    reason="compiled modules call one another directly: replacing a function in a module's "
    "namespace does not reach the compiled search and checks",
)


def _limit(monkeypatch: pytest.MonkeyPatch, **change: object) -> None:
    """Make ``meld_limits`` answer with ``change`` applied, in every module that asks it."""
    original = shape.meld_limits

    def changed(config: RuleConfig) -> shape.MeldLimits:
        return attrs.evolve(original(config), **change)

    for name, module in list(sys.modules.items()):
        if name.startswith("rummy500") and getattr(module, "meld_limits", None) is original:
            monkeypatch.setattr(module, "meld_limits", changed)


def _wild(move: Move) -> int:
    return sum(1 for c in getattr(move, "cards", ()) if c.is_joker)


def _sets() -> State:
    # Four sevens make sets of 3 and 4; 5♣ goes onto the set of fives on the table.
    return build(
        RuleConfig(),
        ["7S 7H 7D 7C 5C 2S 4H 9H JD JC QS KH 3D AC", None],
        table=[("5S 5H 5D", 1)],
    )


def _jokers() -> State:
    # Two jokers in hand, up to two in a meld; the run on the table holds one already.
    return build(
        RuleConfig(max_jokers_per_meld=2, jokers_per_deck=3),
        ["7S JK JK 2H 4H 9H JD JC QS KH 3D AC 5C 10C", None],
        table=[("4S 5S JK=6S", 1)],
    )


def _joker_melds() -> State:
    # Three jokers in hand make a meld of jokers alone.
    return build(
        RuleConfig(max_jokers_per_meld=3, joker_only_melds=True, jokers_per_deck=3),
        ["JK JK JK 2H 4H 9H JD 6C QS KH 3D AC 5C 10C", None],
    )


def _set_reason(move: Move) -> str:
    if isinstance(move, Meld):
        return "a set holds at most 3 cards, not 4"
    return "a set holds at most 3 cards"


#: For each limit changed: the position, the change, which moves it rules out, and why.
CASES: dict[
    str,
    tuple[Callable[[], State], dict[str, object], Callable[[Move], bool], Callable[[Move], str]],
] = {
    "sets of three at most": (
        _sets,
        {"set_most": 3},
        lambda m: (isinstance(m, Meld) and len(m.cards) == 4) or isinstance(m, Layoff),
        _set_reason,
    ),
    "one joker a meld": (
        _jokers,
        {"jokers_most": 1},
        lambda m: _wild(m) > 1 or (isinstance(m, Layoff) and _wild(m) > 0),
        lambda m: "a meld may hold at most 1 joker",
    ),
    "no meld of jokers alone": (
        _joker_melds,
        {"jokers_alone": False},
        lambda m: isinstance(m, Meld) and _wild(m) == len(m.cards),
        lambda m: "a meld cannot be made of jokers only",
    ),
}


@patching
@pytest.mark.parametrize("case", list(CASES))
def test_a_changed_limit_changes_every_path(monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    make, change, ruled_out, reason = CASES[case]
    state = make()
    legal = state.legal_moves()
    gone = [m for m in legal if ruled_out(m)]
    assert gone
    assert len(gone) < len(legal)
    _limit(monkeypatch, **change)
    fresh, listed = make(), make()
    listed.legal_moves()
    assert listed.legal_moves() == tuple(m for m in legal if not ruled_out(m))
    for move in gone:
        expected = f"'{move}' is illegal: {reason(move)}"
        for s in (fresh, listed):
            assert not s.is_legal(move)
            assert s.explain_illegal(move) == expected
            with pytest.raises(IllegalMoveError) as info:
                s.apply(move)
            assert str(info.value) == expected
    for move in listed.legal_moves():
        assert fresh.is_legal(move)
        assert fresh.explain_illegal(move) is None
    # Both kinds of move are among those ruled out, or kept, in each case.
    assert {type(m) for m in gone} | {type(m) for m in listed.legal_moves()} >= {Meld}


def test_the_limits_are_the_rule_config_s() -> None:
    # One shared object per kind of rule, holding the config's values and the two constants.
    config = RuleConfig(max_jokers_per_meld=2, jokers_per_deck=3)
    limits = shape.meld_limits(config)
    assert limits is shape.meld_limits(RuleConfig(max_jokers_per_meld=2, jokers_per_deck=2))
    assert limits == shape.MeldLimits(3, 4, True, 2, False)
    assert [limits.joker_room(j, already) for j in range(4) for already in range(3)] == [
        0,
        0,
        0,
        1,
        1,
        0,
        2,
        1,
        0,
        2,
        1,
        0,
    ]
    assert [limits.set_room(n) for n in range(3, 6)] == [1, 0, 0]
    tame = shape.meld_limits(RuleConfig(jokers_wild=False))
    assert tame.joker_room(3) == 0
