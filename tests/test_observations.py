"""Observation vectors: a fixed layout, only what the player may know, and every part live."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

np = pytest.importorskip("numpy")

from rummy500 import ConfigError, OwedUse, Phase, RuleConfig, State, StateError, new_game, presets  # noqa: E402
from rummy500.observations import CARD_COLUMNS, ObservationSpace  # noqa: E402

STANDARD = RuleConfig()
PAGAT = presets.get("pagat")
#: The hands of :func:`position`: player 2 put five cards on the table.
HANDS = ["AS 2S 3S 9D 9C KH 4C", "QH QD 5C 6C 7D 8S 2H", "8C 4D 9H 10C JD"]
#: Player 0's hand once they have drawn (the 5♠), with the others' hands.
#: The set of threes on the table in :func:`position`.
THREES = ("3C 3D 3H", [2, 2, 0])
PLAY_HANDS = ["AS 2S 3S 9D 9C KH 4C 5S", HANDS[1], HANDS[2]]


def position(**changes: Any) -> State:
    """A pagat position (jokers, calling) with ``changes`` to its arguments."""
    arguments: dict[str, Any] = {
        "hands": HANDS,
        "pile": "KC 10H JS",
        "table": [("5H JK=6H 7H", 1), ("3C 3D 3H", [2, 2, 0])],
        "hand_number": 1,
        "totals": [40, -10, 25],
        "turn": 4,
        "current_player": 0,
        "seed": 3,
    }
    arguments.update(changes)
    return State.from_position(PAGAT, **arguments)


def observe(state: State, player: int = 0) -> Any:
    return ObservationSpace.of(state.config, state.players).observation(state.view(player))


#: The observation's parts for 3 players, in order.
OBSERVATION_PARTS = (
    "hand",
    "pile",
    "pile_top",
    "pile_depth",
    "table_seat_0",
    "table_seat_1",
    "table_seat_2",
    "table_jokers",
    "owed",
    "kept",
    "phase",
    "to_move",
    "dealer",
    "discarder",
    "owed_use",
    "hand_sizes",
    "stock_size",
    "pile_size",
    "turn",
    "hand_number",
    "totals",
)


def test_the_layout_is_contiguous_and_names_every_part() -> None:
    space = ObservationSpace.of(STANDARD, 3)
    parts = space.layout()
    assert parts[0].start == 0
    assert all(a.stop == b.start for a, b in itertools.pairwise(parts))
    assert space.size == parts[-1].stop == space.shape[0]
    assert tuple(p.name for p in parts) == OBSERVATION_PARTS
    # Ten card planes, the phase, four parts with one number per seat, how the owed card is
    # owed, four counts and three totals.
    assert space.size == 10 * CARD_COLUMNS + len(Phase) + 4 * 3 + len(OwedUse) + 4 + 3
    assert ObservationSpace.of(STANDARD, 3) is space
    partnership = ObservationSpace.of(presets.get("partnership"), 4)
    assert partnership.part("totals").size == 2


def test_an_unknown_part_is_named_with_the_parts_there_are() -> None:
    space = ObservationSpace.of(STANDARD, 2)
    with pytest.raises(ConfigError) as caught:
        space.part("stock")
    assert str(caught.value) == "no part 'stock': the parts are " + ", ".join(
        p.name for p in space.layout()
    )
    assert str(caught.value).startswith("no part 'stock': the parts are hand, pile, pile_top")


def test_a_view_of_another_game_is_refused() -> None:
    state = new_game(STANDARD, 3, seed=1)
    with pytest.raises(ValueError, match="this space is for 2 players") as caught:
        ObservationSpace.of(STANDARD, 2).observation(state.view(0))
    assert str(caught.value) == (
        "this space is for 2 players under its own rules; the view is of a 3-player game"
    )
    with pytest.raises(ValueError, match="under other rules") as caught:
        ObservationSpace.of(PAGAT, 3).observation(state.view(0))
    assert str(caught.value) == (
        "this space is for 3 players under its own rules; the view is of a 3-player game "
        "under other rules"
    )


def test_the_parts_hold_what_the_layout_says() -> None:
    state = position()
    space = ObservationSpace.of(PAGAT, 3)
    vector = observe(state)
    assert vector.dtype == np.float32
    assert vector.shape == space.shape

    def part(name: str) -> list[float]:
        p = space.part(name)
        return [float(x) for x in vector[p.start : p.stop]]

    def cards(name: str) -> dict[str, float]:
        from rummy500.toolkit import CARDS

        values = part(name)
        return {CARDS[i].ascii: v for i, v in enumerate(values) if v}

    assert cards("hand") == dict.fromkeys(["AS", "2S", "3S", "9D", "9C", "KH", "4C"], 1.0)
    assert cards("pile") == {"KC": 1.0, "10H": 1.0, "JS": 1.0}
    assert cards("pile_top") == {"JS": 1.0}
    assert cards("pile_depth") == {"JS": pytest.approx(1 / 3), "10H": pytest.approx(2 / 3), "KC": 1}
    assert cards("table_seat_0") == {"3H": 1.0}
    assert cards("table_seat_1") == {"5H": 1.0, "6H": 1.0, "7H": 1.0}
    assert cards("table_seat_2") == {"3C": 1.0, "3D": 1.0}
    assert cards("table_jokers") == {"6H": 1.0}
    assert part("phase") == [1.0 if p is Phase.DRAW else 0.0 for p in Phase]
    assert part("to_move") == [1.0, 0.0, 0.0]
    assert part("dealer") == [0.0, 0.0, 1.0]  # the player on player 0's right
    assert part("discarder") == [0.0, 0.0, 0.0]
    assert part("hand_sizes") == [7.0, 7.0, 5.0]
    assert part("stock_size") == [float(state.stock_size)]
    assert part("pile_size") == [3.0]
    assert part("turn") == [4.0]
    assert part("hand_number") == [1.0]
    assert part("totals") == [40.0, -10.0, 25.0]
    # Seats and sides are counted from the viewer: player 1 sees player 0 as seat 2.
    seen_by_1 = observe(state, 1)
    totals = space.part("totals")
    assert [float(x) for x in seen_by_1[totals.start : totals.stop]] == [-10.0, 25.0, 40.0]


def players_for(config: RuleConfig) -> int:
    """The players these tests deal for under ``config``: 3, or the fewest it allows, and 4
    for partnerships."""
    return 4 if config.team_size > 1 else max(3, config.min_players)


def random_play(state: State, rng: random.Random, steps: int) -> Iterator[State]:
    """``state`` and the states random play (choices from ``rng``) leads to after it, until the
    game is over or ``steps`` states are given; the caller may read each before play goes on."""
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])


def hidden_world(state: State, player: int, rng: random.Random) -> State:
    """``state`` with the cards ``player`` cannot see (other hands, the stock) dealt afresh:
    every hand keeps its size."""
    hidden = [c for p, hand in enumerate(state.hands) if p != player for c in hand]
    hidden += state.stock
    rng.shuffle(hidden)
    hands = []
    for p, hand in enumerate(state.hands):
        if p == player:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[: len(hand)])))
            hidden = hidden[len(hand) :]
    return state._replace(hands=tuple(hands), stock=tuple(hidden))


@pytest.mark.parametrize("name", ["standard", "pagat", "persian", "partnership", "rummy_1000"])
def test_cards_the_player_cannot_see_change_nothing(name: str) -> None:
    config = presets.get(name)
    players = players_for(config)
    rng = random.Random(name)
    checked = 0
    for state in random_play(new_game(config, players, seed=11), rng, 400):
        if not state.is_chance_node():
            for player in range(players):
                other = hidden_world(state, player, rng)
                assert np.array_equal(observe(state, player), observe(other, player))
                checked += 1
    assert checked > 200


def changed(name: str) -> tuple[State, State]:
    """Two positions that differ in what the part ``name`` encodes (for player 0)."""
    base = position()
    other = {
        "hand": lambda: position(hands=["AS 2S 3S 9D 9C KH 5S", *HANDS[1:]]),
        "pile": lambda: position(pile="KC 10H QS"),
        "pile_top": lambda: position(pile="KC JS 10H"),
        "pile_depth": lambda: position(pile="10H KC JS"),
        "table_seat_0": lambda: position(table=[("5H JK=6H 7H", 1), ("3C 3D 3H", [2, 0, 0])]),
        "table_seat_1": lambda: position(
            table=[("5H JK=6H 7H", [1, 1, 2]), ("3C 3D 3H", [2, 2, 0])]
        ),
        "table_seat_2": lambda: position(
            table=[("5H JK=6H 7H", [1, 1, 2]), ("3C 3D 3H", [2, 2, 0])]
        ),
        "table_jokers": lambda: position(table=[("5H 6H JK=7H", 1), ("3C 3D 3H", [2, 2, 0])]),
        "owed": lambda: position(phase=Phase.PLAY, owed="2S", hands=PLAY_HANDS),
        "phase": lambda: position(phase=Phase.PLAY, hands=PLAY_HANDS),
        "to_move": lambda: position(current_player=1, dealer=2),
        "dealer": lambda: position(dealer=1),
        "hand_sizes": lambda: position(hands=[HANDS[0], "QH QD 5C 6C 7D 8S", "8C 4D 9H 10C JD 2H"]),
        "stock_size": lambda: position(pile="KC 10H JS 5S"),
        "pile_size": lambda: position(pile="KC 10H JS 5S"),
        "turn": lambda: position(turn=5),
        "hand_number": lambda: position(hand_number=2),
        "totals": lambda: position(totals=[45, -10, 25]),
    }
    if name in other:
        return base, other[name]()
    if name == "owed_use":
        return (
            position(phase=Phase.PLAY, owed="2S", owed_use=OwedUse.ANY, hands=PLAY_HANDS),
            position(phase=Phase.PLAY, owed="2S", owed_use=OwedUse.MELD, hands=PLAY_HANDS),
        )
    if name == "kept":
        keeping = attrs.evolve(PAGAT, keep_top_discard=True)
        table = [("5H JK=6H 7H", 1), THREES]
        return (
            State.from_position(
                keeping, hands=PLAY_HANDS, pile="KC", table=table, phase=Phase.PLAY
            ),
            State.from_position(
                keeping, hands=PLAY_HANDS, pile="KC", table=table, phase=Phase.PLAY, kept="9D"
            ),
        )
    assert name == "discarder"
    window = {"hands": ["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"], "table": [("5H 6H JK=7H", 0)]}
    return (
        State.from_position(PAGAT, pile="KH 8H", discarded_by=2, turn=5, **window),
        State.from_position(PAGAT, pile="KH 8H", discarded_by=1, turn=5, **window),
    )


@pytest.mark.parametrize(
    "name",
    [p.name for p in ObservationSpace.of(PAGAT, 3).layout()],
)
def test_every_part_changes_when_what_it_encodes_changes(name: str) -> None:
    space = ObservationSpace.of(PAGAT, 3)
    part = space.part(name)
    a, b = changed(name)
    va, vb = observe(a), observe(b)
    assert not np.array_equal(va[part.start : part.stop], vb[part.start : part.stop])


DOCS_PAGE = Path(__file__).resolve().parent.parent / "docs" / "observations.md"


def test_the_layout_on_the_observations_page_is_the_layout_of_the_code() -> None:
    text = DOCS_PAGE.read_text(encoding="utf-8")
    table = text.split("<!-- layout:start -->\n")[1].split("<!-- layout:end -->")[0]
    space = ObservationSpace.of(STANDARD, 3)
    rows = [f"| `{p.name}` | {p.start} | {p.size} | {p.what} |" for p in space.layout()]
    assert table.splitlines() == [
        "| part | start | size | what it holds |",
        "| --- | ---: | ---: | --- |",
        *rows,
    ]
    assert f"under the standard rules, {space.size} numbers" in text


def test_the_code_on_the_observations_page_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS_PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    exec(compile(blocks[0], str(DOCS_PAGE), "exec"), {})


def test_a_table_seen_again_gives_the_vector_of_a_fresh_space() -> None:
    # The shared space keeps each seat's last table planes; a space built afresh keeps none.
    from rummy500.observations import _space

    config = presets.get("wikipedia")
    shared = ObservationSpace.of(config, 3)
    rng = random.Random(11)
    seen: list[State] = []
    state = new_game(config, 3, 11)
    while len(seen) < 300 and not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        seen.append(state)
    rng.shuffle(seen)  # tables come back out of order, after others
    for s in seen:
        for player in range(3):
            fresh = _space.__wrapped__(config, 3)
            view = s.view(player)
            assert np.array_equal(shared.observation(view), fresh.observation(view))


@pytest.mark.parametrize("games", [1, 6])
@pytest.mark.parametrize("name", ["pagat", "partnership"])
def test_tables_kept_give_the_vectors_of_a_fresh_space(name: str, games: int) -> None:
    # The shared space keeps the planes of the last few tables, by owner, and turns them
    # round to each seat that asks; a table's planes are worked out from the last table's.
    # One game, or games played side by side, seats asking in turn and out of turn, must see
    # what a space built afresh for each vector gives.
    from rummy500.observations import _space

    config = presets.get(name)
    players = 4 if config.team_size > 1 else 3
    shared = ObservationSpace.of(config, players)
    rng = random.Random(name)
    states = [new_game(config, players, seed) for seed in range(games)]
    checked = 0
    for step in range(1500):
        g = step % len(states)
        state = states[g]
        if state.is_terminal():
            states[g] = new_game(config, players, 100 + step)
            continue
        if state.is_chance_node():
            states[g] = state.apply(state.legal_moves()[0])
            continue
        for player in rng.sample(range(players), 2):
            fresh = _space.__wrapped__(config, players)
            assert np.array_equal(
                shared.observation_for(state, player), fresh.observation_for(state, player)
            )
            checked += 1
        moves = state.legal_moves()
        states[g] = state.apply(moves[rng.randrange(len(moves))])
    assert checked > 2000
    assert any(s.table for s in states)
    assert any(s.pile for s in states)


@pytest.mark.parametrize("name", ["standard", "pagat", "partnership", "playingcards_io"])
def test_the_vector_from_a_state_is_the_vector_from_the_view(name: str) -> None:
    config = presets.get(name)
    players = 4 if config.team_size > 1 else 3
    space = ObservationSpace.of(config, players)
    rng = random.Random(name)
    state = new_game(config, players, seed=5)
    checked = 0
    for _ in range(600):
        if state.is_terminal():
            break
        for player in range(players):
            assert np.array_equal(
                space.observation_for(state, player), space.observation(state.view(player))
            )
            checked += 1
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    assert checked > 1000


def test_a_state_of_another_game_or_a_missing_player_is_refused_as_a_view_is() -> None:
    state = new_game(STANDARD, 3, seed=1)
    with pytest.raises(ValueError, match="this space is for 2 players") as caught:
        ObservationSpace.of(STANDARD, 2).observation_for(state, 0)
    assert str(caught.value) == (
        "this space is for 2 players under its own rules; the view is of a 3-player game"
    )
    with pytest.raises(StateError) as refused:
        ObservationSpace.of(STANDARD, 3).observation_for(state, 3)
    assert str(refused.value) == "there is no player 3 in a 3-player game"


def test_a_space_with_tables_kept_pickles_and_copies() -> None:
    # Environments are pickled and deep-copied with their spaces, the kept planes included.
    config = presets.get("pagat")
    space = ObservationSpace.of(config, 3)
    rng = random.Random(4)
    state = new_game(config, 3, seed=4)
    seen = []
    while len(seen) < 200 and not state.is_terminal():
        for player in range(3):
            space.observation_for(state, player)
        seen.append(state)
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    assert any(s.table for s in seen)
    for copied in (pickle.loads(pickle.dumps(space)), copy.deepcopy(space)):
        assert copied == space
        for s in seen[-20:]:
            for player in range(3):
                assert np.array_equal(
                    copied.observation_for(s, player), space.observation_for(s, player)
                )


def test_a_scaled_vector_divides_the_counts_and_squashes_turns_hands_and_totals() -> None:
    state = position()  # pagat, 3 players: one deck and two jokers, 54 cards, target 500
    space = ObservationSpace.of(PAGAT, 3)
    raw = observe(state)
    expected = raw.astype(np.float64)
    for name in ("hand", "pile", "table_seat_0", "table_seat_1", "table_seat_2", "table_jokers"):
        part = space.part(name)
        expected[part.start : part.stop] /= 3  # the copies of a card: the card and 2 jokers
    for name in ("hand_sizes", "stock_size", "pile_size"):
        part = space.part(name)
        expected[part.start : part.stop] /= 54
    turn, hand_number, totals = (space.part(n) for n in ("turn", "hand_number", "totals"))
    expected[turn.start] = np.tanh(4 / 50)
    expected[hand_number.start] = np.tanh(1 / 10)
    expected[totals.start : totals.stop] = np.tanh(np.array([40, -10, 25]) / 500)
    scaled = space.scaled(raw)
    assert scaled.dtype == np.float32
    np.testing.assert_allclose(scaled, expected, rtol=1e-6, atol=0)
    assert raw.max() > 1  # the vector given is left as it was
    # The parts already from 0 to 1 are as they were.
    for name in ("pile_top", "pile_depth", "owed", "kept", "phase", "to_move", "dealer"):
        part = space.part(name)
        assert np.array_equal(scaled[part.start : part.stop], raw[part.start : part.stop])


def test_without_a_target_totals_are_scaled_by_100_points_a_hand() -> None:
    config = attrs.evolve(STANDARD, target=None, hands_per_game=2, hand_limit=2)
    space = ObservationSpace.of(config, 2)
    vector = np.zeros(space.size, dtype=np.float32)
    totals = space.part("totals")
    vector[totals.start : totals.stop] = [98, -40]
    scaled = space.scaled(vector)
    expected = np.zeros(space.size)
    expected[totals.start : totals.stop] = np.tanh(np.array([98, -40]) / 200)
    np.testing.assert_allclose(scaled, expected, rtol=1e-6, atol=0)


def test_the_scaled_bounds_are_0_to_1_and_minus_1_for_totals() -> None:
    space = ObservationSpace.of(presets.get("partnership"), 4)
    low, high = space.scaled_bounds()
    totals = space.part("totals")
    assert (totals.size, totals.stop) == (2, space.size)
    assert low.tolist() == [0.0] * totals.start + [-1.0, -1.0]
    assert high.tolist() == [1.0] * space.size
    assert (low.dtype, high.dtype) == (np.float32, np.float32)


@pytest.mark.parametrize(("name", "players"), [("standard", 2), ("pagat", 3), ("partnership", 4)])
def test_scaled_vectors_lie_within_their_bounds_over_random_games(name: str, players: int) -> None:
    config = presets.get(name)
    space = ObservationSpace.of(config, players)
    low, high = space.scaled_bounds()
    rng = random.Random(name)
    state = new_game(config, players, seed=7)
    seen = np.zeros(space.size, dtype=bool)  # which numbers were ever other than 0
    for step in range(3000):
        if state.is_terminal():
            state = new_game(config, players, seed=step)
        for player in range(players):
            scaled = space.scaled(space.observation_for(state, player))
            assert (low <= scaled).all()
            assert (scaled <= high).all()
            seen |= scaled != 0
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    # The games went on past the first hand: turns, hands and totals all moved.
    for part in ("turn", "hand_number", "totals", "stock_size"):
        at = space.part(part)
        assert seen[at.start : at.stop].all()


def test_scaling_refuses_what_is_no_vector_of_the_space() -> None:
    space = ObservationSpace.of(STANDARD, 3)
    for vector, shown in ((np.zeros(3, dtype=np.float32), "(3,)"), ([0.0] * 557, "a list")):
        with pytest.raises(ConfigError) as refused:
            space.scaled(vector)
        assert str(refused.value) == (
            "scaled() takes an observation of this space, a numpy vector of shape (557,), "
            f"not {shown}"
        )
