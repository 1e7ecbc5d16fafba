"""The toolkit's playouts (play_out, playout_step) play exactly the moves of the default playout
policy worked out from every legal move, draw the same numbers from the generator and build equal
states; the search bots built on them find what they found before, visit for visit; and worlds
dealt for the player to move list the view's own legal moves."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    Call,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    Phase,
    PlayerView,
    RuleConfig,
    State,
    StateError,
    Take,
    new_game,
    presets,
)
from rummy500.bots import FlatMCBot, GreedyBot, ISMCTSBot, hand_value, playout, playout_move
from rummy500.toolkit import JOKER, WorldSampler, play_out, playout_step, sample_world
from strategies import rule_configs

# -- the policy worked out from every legal move: what the toolkit must match ----------------------


def reference_move(state: State, rng: random.Random) -> Move:
    """The default playout policy's move, picked from ``state.legal_moves()``."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if state.phase == Phase.PLAY:
        best: Move | None = None
        most = 0
        discards: list[Discard] = []
        for move in moves:
            if isinstance(move, Discard):
                discards.append(move)
            elif isinstance(move, Meld | Layoff) and len(move.cards) > most:
                best, most = move, len(move.cards)
        if best is not None:
            return best
        hand = state.hands[state.current_player]
        values = state.config.card_values.by_card
        loose = spare_cards(hand)
        spare = [d for d in discards if d.card in loose] or discards
        top = max(values[d.card] for d in spare)
        return rng.choice([d for d in spare if values[d.card] == top])
    if state.phase == Phase.CALL:
        calls = [m for m in moves if isinstance(m, Call)]
        return rng.choice(calls) if calls else Pass()
    takes = [m for m in moves if isinstance(m, Take) and len(m.taken) <= 2]
    rng.shuffle(takes)
    for take in takes:
        after = state.apply(take)
        if after.owed is not None or any(
            after.kept in m.cards for m in after.legal_moves() if isinstance(m, Meld | Layoff)
        ):
            return take
    if Draw() in moves:
        return Draw()
    for move in moves:
        if isinstance(move, Decline):
            return move
    return rng.choice(moves)


def spare_cards(hand: tuple[int, ...]) -> set[int]:
    """The cards of ``hand`` with no other card of their rank (in another suit) and none of
    their suit one or two ranks away (aces low only); never a joker."""
    naturals = [c for c in hand if c < JOKER]
    return {
        c
        for c in naturals
        if not any(
            (o % 13 == c % 13 and o // 13 != c // 13)
            or (o // 13 == c // 13 and 1 <= abs(o % 13 - c % 13) <= 2)
            for o in naturals
        )
    }


def reference_playout(state: State, rng: random.Random) -> State:
    """``state`` played on to the end of its hand, move by move, with :func:`reference_move`."""
    while state.phase < Phase.HAND_OVER:
        state = state.apply(reference_move(state, rng))
    return state


def line_between(start: State, end: State) -> list[State]:
    """The states from ``start`` to ``end`` along ``end``'s undo chain, ``start`` first."""
    out = [end]
    while out[-1] is not start:
        parent = out[-1].parent
        assert parent is not None
        out.append(parent)
    return out[::-1]


def starts(config: RuleConfig, players: int, seed: int, count: int) -> list[State]:
    """``count`` positions of hands in play from a seeded game, every move picked at random
    (the first of them the opening deal's), each from a hand of its own as far as it goes."""
    rng = random.Random(seed)
    state = new_game(config, players, seed)
    out: list[State] = []
    while len(out) < count and not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(Deal())
            continue
        if not out or rng.random() < 0.15:
            out.append(state)
        state = state.apply(rng.choice(state.legal_moves()))
    return out


def assert_played_alike(start: State, seed: int) -> None:
    """play_out and the reference play the same line from ``start`` and draw alike."""
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    fast = play_out(start, fast_rng)
    slow = reference_playout(start, slow_rng)
    assert line_between(start, fast) == line_between(start, slow)
    assert fast.move_stack == slow.move_stack
    assert fast_rng.getstate() == slow_rng.getstate()


# -- play_out and playout_step ---------------------------------------------------------------------


@pytest.mark.parametrize("name", presets.names())
def test_play_out_plays_the_policy_under_every_preset(name: str) -> None:
    config = presets.get(name)
    for players in sorted(config.player_counts)[:3]:
        for seed in range(3):
            for start in starts(config, players, seed, 4):
                assert_played_alike(start, seed)


@given(config=rule_configs(), data=st.data())
def test_play_out_plays_the_policy_under_any_rules(config: RuleConfig, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(sorted(config.player_counts)))
    seed = data.draw(st.integers(min_value=0, max_value=2**32))
    for start in starts(config, players, seed, 3):
        assert_played_alike(start, seed)


@given(
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=10**6),
    name=st.sampled_from(["standard", "pagat", "playingcards_io", "wikipedia"]),
)
def test_each_step_is_the_policy_move(players: int, seed: int, name: str) -> None:
    config = presets.get(name)
    players = min(players, max(config.player_counts))
    rng = random.Random(seed)
    for start in starts(config, players, seed, 2):
        state = start
        while state.phase < Phase.HAND_OVER:
            fast_rng = random.Random(rng.getrandbits(32))
            slow_rng = random.Random()
            slow_rng.setstate(fast_rng.getstate())
            after = playout_step(state, fast_rng)
            move = reference_move(state, slow_rng)
            assert after.last_move == move
            assert after.parent is state
            assert after == state.apply(move)
            assert fast_rng.getstate() == slow_rng.getstate()
            state = after


def test_the_bots_playouts_are_the_toolkits() -> None:
    config = presets.get("pagat")
    for seed in range(4):
        for start in starts(config, 3, seed, 3):
            ends = [
                playout(start, random.Random(seed)),
                playout(start, random.Random(seed), reference_move),
                play_out(start, random.Random(seed)),
            ]
            assert ends[0].move_stack == ends[1].move_stack == ends[2].move_stack
            assert ends[0] == ends[1] == ends[2]
            rng, slow = random.Random(seed), random.Random(seed)
            assert playout_move(start, rng) == reference_move(start, slow)
            assert rng.getstate() == slow.getstate()


def test_a_finished_hand_plays_no_further() -> None:
    end = play_out(new_game(players=2, seed=3), random.Random(1))
    assert end.phase == Phase.HAND_OVER
    assert play_out(end, random.Random(1)) is end
    assert playout_move(end, random.Random(1)) == Deal()
    with pytest.raises(StateError) as caught:
        playout_step(end, random.Random(1))
    assert str(caught.value) == (
        "playout_step plays a hand in play, but this hand is over (phase hand_over)"
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: play_out("state", random.Random(0)), "play_out plays from a State, not 'state'"),
        (
            lambda: playout_step(new_game(players=2), 7),
            "playout_step's rng must be a random.Random, not 7",
        ),
    ],
)
def test_the_playouts_refuse_what_they_cannot_play(call: object, message: str) -> None:
    with pytest.raises(StateError) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value) == message


# -- the search, visit for visit -------------------------------------------------------------------


class RefNode:
    """A node of the reference search's tree."""

    def __init__(self, parent: RefNode | None, player: int) -> None:
        self.parent = parent
        self.player = player
        self.children: dict[Move, RefNode] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


def reference_search(view: PlayerView, seed: int, iterations: int, c: float = 0.7) -> RefNode:
    """ISMCTS as :class:`ISMCTSBot` describes it, with the reference playouts."""
    rng = random.Random(seed)
    root = RefNode(None, view.player)
    worlds = WorldSampler(view)
    for _ in range(iterations):
        state = worlds.sample(rng)
        node = root
        while state.phase < Phase.HAND_OVER:
            moves = state.legal_moves()
            children = node.children
            fresh = [m for m in moves if m not in children]
            for m in moves:
                if m in children:
                    children[m].available += 1
            if fresh:
                move = rng.choice(fresh)
                child = RefNode(node, state.current_player)
                child.available = 1
                children[move] = child
                node = child
                state = state.apply(move)
                break
            best, pick = -math.inf, moves[0]
            for m in moves:
                ch = children[m]
                score = ch.total / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)
                if score > best:
                    best, pick = score, m
            node = children[pick]
            state = state.apply(pick)
        values = hand_value(reference_playout(state, rng))
        back: RefNode | None = node
        while back is not None:
            back.visits += 1
            back.total += values[back.player]
            back = back.parent
    return root


def tree(node: RefNode | object) -> list[tuple[str, int, int, float]]:
    """Every node under ``node``, depth first, as (move, visits, availability, total)."""
    out: list[tuple[str, int, int, float]] = []
    for move, child in getattr(node, "children").items():  # noqa: B009
        out.append((str(move), child.visits, child.available, child.total))
        out.extend(tree(child))
    return out


def decision_views(name: str, players: int, seed: int, count: int) -> list[PlayerView]:
    """Views of the player to move at real choices, from a greedy game."""
    state = new_game(presets.get(name), players, seed)
    greedy = GreedyBot()
    out: list[PlayerView] = []
    while not state.is_terminal() and len(out) < count:
        if state.is_chance_node():
            state = state.apply(Deal())
            continue
        view = state.view(state.current_player)
        if len(view.legal_moves) > 1:
            out.append(view)
        state = state.apply(greedy.choose(view))
    return out


@pytest.mark.parametrize(
    ("name", "players"), [("standard", 2), ("standard", 3), ("pagat", 3), ("partnership", 4)]
)
def test_ismcts_finds_what_the_reference_search_finds(name: str, players: int) -> None:
    for view in decision_views(name, players, seed=11, count=4):
        bot = ISMCTSBot(5, iterations=30)
        assert tree(bot.search(view)) == tree(reference_search(view, 5, 30))


def test_flat_monte_carlo_plays_as_before() -> None:
    for view in decision_views("standard", 2, seed=2, count=3):
        moves = view.legal_moves
        rng = random.Random(9)
        totals = [0.0] * len(moves)
        counts = [0] * len(moves)
        worlds = WorldSampler(view)
        for i in range(24):
            k = i % len(moves)
            end = reference_playout(worlds.sample(rng).apply(moves[k]), rng)
            totals[k] += hand_value(end)[view.player]
            counts[k] += 1
        best = max(range(len(moves)), key=lambda k: totals[k] / max(counts[k], 1))
        assert FlatMCBot(9, playouts=24).choose(view) == moves[best]


# -- the worlds' legal moves -----------------------------------------------------------------------


def test_a_world_of_the_player_to_move_lists_the_views_moves() -> None:
    rng = random.Random(3)
    for view in decision_views("standard", 3, seed=4, count=6):
        world = sample_world(view, rng)
        assert world.legal_moves() is view.legal_moves
        # The same moves as the generator lists for the world afresh.
        assert world.detached().legal_moves() == view.legal_moves
    state = new_game(players=3, seed=4)
    idle = (state.current_player + 1) % 3
    world = sample_world(state.view(idle), rng)
    assert world.legal_moves() == world.detached().legal_moves() != ()
