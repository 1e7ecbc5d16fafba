"""The search bots: flat Monte Carlo and ISMCTS play legal moves from a view, reproducibly,
within their budgets, and the playout policy and values they rest on."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from rummy500 import Deal, Draw, Phase, State, Take, new_game, presets
from rummy500.bots import (
    BOT_NAMES,
    SCALE,
    FlatMCBot,
    GreedyBot,
    ISMCTSBot,
    hand_value,
    make_bot,
    play_game,
    playout,
    playout_move,
)


def decisions(name: str, players: int, seed: int, count: int) -> list[State]:
    """States where a player has a real choice (two or more legal moves), from greedy play."""
    state = new_game(presets.get(name), players, seed)
    greedy = GreedyBot()
    out: list[State] = []
    while not state.is_terminal() and len(out) < count:
        if state.is_chance_node():
            state = state.apply(Deal())
            continue
        if len(state.legal_moves()) > 1:
            out.append(state)
        state = state.apply(greedy.choose(state.view(state.current_player)))
    return out


@pytest.mark.parametrize("name", ["standard", "pagat", "classic", "partnership"])
def test_search_bots_choose_legal_moves_from_the_view(name: str) -> None:
    players = 4 if name == "partnership" else 3
    for state in decisions(name, players, seed=2, count=6):
        view = state.view(state.current_player)
        for bot in (ISMCTSBot(1, iterations=8), FlatMCBot(1, playouts=8)):
            assert bot.choose(view) in view.legal_moves


def test_a_seeded_search_bot_repeats_its_choices() -> None:
    states = decisions("standard", 2, seed=4, count=5)
    for make in (lambda: ISMCTSBot(7, iterations=30), lambda: FlatMCBot(7, playouts=30)):
        first, second = make(), make()
        views = [s.view(s.current_player) for s in states]
        assert [first.choose(v) for v in views] == [second.choose(v) for v in views]


def test_ismcts_runs_its_budget_and_skips_forced_moves() -> None:
    state = decisions("standard", 2, seed=3, count=1)[0]
    view = state.view(state.current_player)
    bot = ISMCTSBot(0, iterations=25)
    bot.choose(view)
    assert bot.last_iterations == 25
    root = bot.search(view)
    assert root.visits == 25
    assert sum(child.visits for child in root.children.values()) == 25
    assert set(root.children) <= set(view.legal_moves)
    # A view with a single legal move needs no search.
    single = next(
        s
        for s in _line(2, seed=3)
        if s.phase < Phase.HAND_OVER and len(s.legal_moves()) == 1 and s.current_player >= 0
    )
    assert bot.choose(single.view(single.current_player)) == single.legal_moves()[0]
    assert bot.last_iterations == 0


def _line(players: int, seed: int) -> list[State]:
    state = new_game(players=players, seed=seed)
    out = [state]
    rng = random.Random(seed)
    while state.phase < Phase.HAND_OVER:
        state = state.apply(playout_move(state, rng))
        out.append(state)
    return out


def test_a_time_budget_ends_the_search() -> None:
    state = decisions("standard", 3, seed=6, count=1)[0]
    bot = ISMCTSBot(0, iterations=None, seconds=0.05)
    assert bot.choose(state.view(state.current_player)) in state.legal_moves()
    assert bot.last_iterations >= 1


def test_a_cpu_time_budget_ends_the_search_and_shows_in_the_repr() -> None:
    state = decisions("standard", 3, seed=6, count=1)[0]
    view = state.view(state.current_player)
    bot = ISMCTSBot(0, iterations=None, cpu_seconds=0.05)
    start = time.process_time()
    assert bot.choose(view) in state.legal_moves()
    # The search stops once its CPU time is spent (the last iteration runs to its end).
    assert 0.05 <= time.process_time() - start < 1.0
    assert bot.last_iterations >= 1
    assert repr(bot) == "ISMCTSBot(0, iterations=None, cpu_seconds=0.05)"
    flat = FlatMCBot(3, playouts=40, seconds=2.0, cpu_seconds=0.5)
    assert repr(flat) == "FlatMCBot(3, playouts=40, seconds=2.0, cpu_seconds=0.5)"
    assert flat.choose(view) in state.legal_moves()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: ISMCTSBot(iterations=None, seconds=None), "needs a budget"),
        (lambda: ISMCTSBot(iterations=0), "iterations must be 1 or more"),
        (lambda: FlatMCBot(playouts=5, seconds=0), "seconds must be more than 0"),
    ],
)
def test_a_search_needs_a_budget(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


def test_a_search_bot_refuses_a_view_without_moves() -> None:
    state = new_game(players=3, seed=1)
    idle = next(p for p in range(3) if p != state.current_player)
    with pytest.raises(ValueError, match="no move to choose"):
        ISMCTSBot(iterations=5).choose(state.view(idle))


def test_playouts_end_the_hand_and_value_it_by_the_score() -> None:
    rng = random.Random(0)
    for seed in range(5):
        state = new_game(players=3, seed=seed)
        end = playout(state, rng)
        assert end.phase >= Phase.HAND_OVER
        values = hand_value(end)
        scores = end.history[-1]
        for p in range(3):
            others = [s for q, s in enumerate(scores) if q != p]
            assert values[p] == pytest.approx((scores[p] - sum(others) / 2) / SCALE)
        # The values are zero-sum: a point gained by one player is lost by the others.
        assert sum(values) == pytest.approx(0)


def test_partners_share_the_value_of_the_hand() -> None:
    config = presets.get("partnership")
    end = playout(new_game(config, 4, seed=2), random.Random(1))
    values = hand_value(end)
    for p in range(4):
        partner = next(
            q for q in range(4) if q != p and config.side_of(q, 4) == config.side_of(p, 4)
        )
        assert values[p] == values[partner]


def test_the_playout_policy_opens_a_hand_with_a_draw_or_a_take() -> None:
    rng = random.Random(4)
    state = new_game(players=2, seed=9)
    move = playout_move(state, rng)
    assert move in state.legal_moves()
    assert isinstance(move, Draw | Take)


def test_the_search_bots_are_built_in_by_name() -> None:
    assert {"flatmc", "ismcts"} <= set(BOT_NAMES)
    assert isinstance(make_bot("ismcts", 3), ISMCTSBot)
    assert isinstance(make_bot(" FlatMC "), FlatMCBot)
    final = play_game(
        new_game(players=2, seed=5),
        [ISMCTSBot(1, iterations=5), FlatMCBot(2, playouts=5)],
        max_moves=40,
    )
    assert len(final.move_stack) == 40


def test_the_code_on_the_write_a_bot_page_runs(capsys: pytest.CaptureFixture[str]) -> None:
    page = Path(__file__).parent.parent / "docs" / "write-a-bot.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 6
    namespace: dict[str, Any] = {}
    for block in blocks:
        exec(compile(block, str(page), "exec"), namespace)
    out = capsys.readouterr().out
    assert "MeldFirst won" in out
    # The search examples reach a real choice: the ISMCTS bot spends its 50 iterations.
    assert namespace["bot"].last_iterations == 50
    assert len(namespace["view"].legal_moves) > 1
