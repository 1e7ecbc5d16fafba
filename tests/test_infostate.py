"""Information-state vectors: the observation, then the hand's public log as the player saw it."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

from rummy500 import (  # noqa: E402
    Card,
    ConfigError,
    Deal,
    RuleConfig,
    State,
    StateError,
    new_game,
    presets,
)
from rummy500.infostate import (  # noqa: E402
    EVENT_KINDS,
    HISTORY,
    MAX_HISTORY,
    InformationStateSpace,
)
from rummy500.observations import CARD_COLUMNS, ObservationSpace  # noqa: E402
from rummy500.play.moves import EVENT_KINDS as KIND_CLASSES  # noqa: E402
from test_log import hidden_from, line, other_world, replayed, unscored_hand  # noqa: E402
from test_observations import (  # noqa: E402
    OBSERVATION_PARTS,
    hidden_world,
    players_for,
    random_play,
)

STANDARD = RuleConfig()


def test_the_layout_is_the_observation_then_the_history() -> None:
    space = InformationStateSpace.of(STANDARD, 3)
    parts = space.layout()
    assert parts[0].start == 0
    assert all(a.stop == b.start for a, b in itertools.pairwise(parts))
    assert tuple(p.name for p in parts) == (
        *OBSERVATION_PARTS,
        "taken_seat_0",
        "taken_seat_1",
        "taken_seat_2",
        "discarded_seat_0",
        "discarded_seat_1",
        "discarded_seat_2",
        "held_seat_0",
        "held_seat_1",
        "held_seat_2",
        "stock_draws",
        "drawn",
        "events",
        *(f"event_{i}" for i in range(24)),
    )
    assert HISTORY == space.history == 24
    # The observation's 557 numbers, ten card planes, a draw count per seat, the event count,
    # and 24 rows of a seat (3), a kind (13) and a card plane (53).
    assert space.size == 557 + 10 * CARD_COLUMNS + 3 + 1 + 24 * (3 + 13 + 53) == 2747
    assert space.shape == (2747,)
    observation = ObservationSpace.of(STANDARD, 3)
    assert parts[: len(OBSERVATION_PARTS)] == observation.layout()
    assert space.observations is observation
    assert InformationStateSpace.of(STANDARD, 3) is space
    assert InformationStateSpace.of(STANDARD, 3, history=24) is space
    short = InformationStateSpace.of(STANDARD, 3, history=2)
    assert short.size == 2747 - 22 * 69
    assert short.layout()[-1].name == "event_1"
    none = InformationStateSpace.of(presets.get("partnership"), 4, history=0)
    assert none.layout()[-1].name == "events"
    assert none.part("stock_draws").size == 4


def test_the_event_kinds_are_the_registry_s_in_the_order_of_the_vectors() -> None:
    # Derived from the registry of events, in the order trained agents' vectors rely on.
    assert tuple(KIND_CLASSES) == EVENT_KINDS
    assert EVENT_KINDS == (
        "deal",
        "draw",
        "take",
        "call",
        "pass",
        "decline",
        "meld",
        "layoff",
        "discard",
        "reshuffle",
        "hand_over",
        # The early ends of a game came after the others, which kept their columns.
        "abandon",
        "cancel",
    )


def test_refusals_name_what_is_wrong() -> None:
    with pytest.raises(ConfigError) as caught:
        InformationStateSpace.of(STANDARD, 2).part("stock")
    assert str(caught.value) == (
        "no part 'stock': the parts are "
        + ", ".join(p.name for p in InformationStateSpace.of(STANDARD, 2).layout())
    )
    for history in (-1, 2.5, True):
        with pytest.raises(ConfigError, match="history must be") as refused:
            InformationStateSpace.of(STANDARD, 3, history=history)  # type: ignore[arg-type]
        assert str(refused.value) == (
            f"history must be a number of events, 0 or more, not {history!r}"
        )
    state = new_game(STANDARD, 3, seed=1)
    with pytest.raises(ValueError, match="this space is for 2 players") as refused:
        InformationStateSpace.of(STANDARD, 2).information_state(state.view(0))
    assert str(refused.value) == (
        "this space is for 2 players under its own rules; the view is of a 3-player game"
    )
    with pytest.raises(ValueError, match="under other rules") as refused:
        InformationStateSpace.of(presets.get("pagat"), 3).information_state_for(state, 0)
    assert str(refused.value) == (
        "this space is for 3 players under its own rules; the view is of a 3-player game "
        "under other rules"
    )
    with pytest.raises(StateError) as missing:
        InformationStateSpace.of(STANDARD, 3).information_state_for(state, 3)
    assert str(missing.value) == "there is no player 3 in a 3-player game"


def play(*moves: str) -> list[State]:
    """A standard 3-player position and the states after each of ``moves``, in order.

    Player 0 draws the 2♣ and throws the K♥; player 1 takes the J♠ and the K♥ above it, melds
    the jacks and throws the 2♥; player 2 draws and throws the 8♣; player 0 draws the 8♦ and
    throws the 4♣.
    """
    state = State.from_position(
        STANDARD,
        hands=["AS 2S 3S 9D 9C KH 4C", "JH JD 5C 6C 7D 8S 2H", "8C 4D 9H 10C QD 5D 6D"],
        pile="KC 10H JS",
        current_player=0,
        seed=3,
    )
    states = [state]
    for move in moves:
        state = state.apply_text(move)
        states.append(state)
    return states


MOVES = (
    "draw",
    "discard KH",
    "take JS",
    "meld JS JH JD",
    "discard 2H",
    "draw",
    "discard 8C",
    "draw",
    "discard 4C",
)


def values(vector: Any, space: InformationStateSpace, name: str) -> list[float]:
    part = space.part(name)
    return [float(x) for x in vector[part.start : part.stop]]


def plane(*cards: str) -> list[float]:
    out = [0.0] * CARD_COLUMNS
    for text in cards:
        out[min(int(Card(text)), CARD_COLUMNS - 1)] += 1
    return out


def row(seat: int | None, kind: str, *cards: str, players: int = 3) -> list[float]:
    seats = [0.0] * players
    if seat is not None:
        seats[seat] = 1.0
    kinds = [1.0 if k == kind else 0.0 for k in EVENT_KINDS]
    return seats + kinds + plane(*cards)


@pytest.mark.parametrize(
    ("history", "shown"),
    [(MAX_HISTORY + 1, "4097"), (10**9, "1000000000"), (2**100, "an int of 101 bits")],
)
def test_a_window_longer_than_the_most_is_refused(history: int, shown: str) -> None:
    with pytest.raises(ConfigError) as refused:
        InformationStateSpace.of(STANDARD, 3, history=history)
    assert str(refused.value) == f"history must be at most 4096 events, not {shown}"


def test_the_longest_window_is_accepted() -> None:
    space = InformationStateSpace.of(STANDARD, 8, history=MAX_HISTORY)
    short = InformationStateSpace.of(STANDARD, 8, history=0)
    assert space.size == short.size + 4096 * (8 + len(EVENT_KINDS) + CARD_COLUMNS)
    assert space.size * 4 < 1_300_000  # bytes of one vector


@pytest.mark.parametrize(
    ("config", "players", "message"),
    [
        (
            "standard",
            3,
            "config must be a RuleConfig, not 'standard'",
        ),
        (None, 3, "config must be a RuleConfig, not None"),
        (STANDARD, "3", "players must be a whole number, not '3'"),
        (STANDARD, 3.0, "players must be a whole number, not 3.0"),
        (STANDARD, True, "players must be a whole number, not True"),
    ],
)
def test_arguments_of_the_wrong_type_are_refused(
    config: object, players: object, message: str
) -> None:
    with pytest.raises(ConfigError) as refused:
        InformationStateSpace.of(config, players)  # type: ignore[arg-type]
    assert str(refused.value) == message


def test_the_history_parts_hold_what_the_layout_says() -> None:
    space = InformationStateSpace.of(STANDARD, 3)
    state = play(*MOVES)[-1]
    mine = space.information_state_for(state, 0)
    assert values(mine, space, "taken_seat_0") == plane()
    assert values(mine, space, "taken_seat_1") == plane("JS", "KH")
    assert values(mine, space, "taken_seat_2") == plane()
    assert values(mine, space, "discarded_seat_0") == plane("KH", "4C")
    assert values(mine, space, "discarded_seat_1") == plane("2H")
    assert values(mine, space, "discarded_seat_2") == plane("8C")
    # Player 1 melded the J♠ and still holds the K♥, in everyone's sight.
    assert values(mine, space, "held_seat_0") == plane()
    assert values(mine, space, "held_seat_1") == plane("KH")
    assert values(mine, space, "held_seat_2") == plane()
    assert values(mine, space, "stock_draws") == [2.0, 0.0, 1.0]
    assert values(mine, space, "drawn") == plane("2C", "8D")
    assert values(mine, space, "events") == [9.0]
    assert values(mine, space, "event_0") == row(0, "discard", "4C")
    assert values(mine, space, "event_1") == row(0, "draw", "8D")
    assert values(mine, space, "event_2") == row(2, "discard", "8C")
    assert values(mine, space, "event_3") == row(2, "draw")  # player 2's card is hidden
    assert values(mine, space, "event_6") == row(1, "take", "JS", "KH")
    assert values(mine, space, "event_8") == row(0, "draw", "2C")
    for i in range(9, 24):
        assert values(mine, space, f"event_{i}") == [0.0] * 69
    # Player 1 counts seats from themself: player 2 is seat 1, player 0 seat 2. They know
    # what the table knows of their own hand (the K♥), and see only their own draws.
    theirs = space.information_state_for(state, 1)
    assert values(theirs, space, "taken_seat_0") == plane("JS", "KH")
    assert values(theirs, space, "held_seat_0") == plane("KH")
    assert values(theirs, space, "discarded_seat_2") == plane("KH", "4C")
    assert values(theirs, space, "stock_draws") == [0.0, 1.0, 2.0]
    assert values(theirs, space, "drawn") == plane()
    assert values(theirs, space, "event_1") == row(2, "draw")
    assert values(theirs, space, "event_5") == row(0, "meld", "JS", "JH", "JD")
    # The observation comes first, as the observation space gives it.
    observed = space.observations.observation_for(state, 1)
    assert np.array_equal(theirs[: space.observations.size], observed)


def test_a_deal_shows_the_dealer_the_viewers_hand_and_the_pile() -> None:
    space = InformationStateSpace.of(STANDARD, 3)
    state = new_game(STANDARD, 3, seed=4)
    for player in range(3):
        vector = space.information_state_for(state, player)
        seat = (state.dealer - player) % 3
        cards = [c.ascii for c in (*state.hands[player], *state.pile)]
        assert values(vector, space, "event_0") == row(seat, "deal", *cards)
        assert values(vector, space, "events") == [1.0]


def test_the_end_of_a_hand_has_no_acting_seat() -> None:
    space = InformationStateSpace.of(STANDARD, 3)
    done = State.from_position(
        STANDARD,
        hands=["", "2H 3H", "KD"],
        pile="8C",
        table=[("9C 10C JC", 0), ("QS KS AS", 0)],
        went_out=0,
    )
    vector = space.information_state_for(done, 1)
    assert values(vector, space, "event_0") == row(None, "hand_over")
    assert values(vector, space, "events") == [1.0]


def test_older_events_leave_the_window_newest_first() -> None:
    space = InformationStateSpace.of(STANDARD, 3, history=4)
    states = play(*MOVES)
    vector = space.information_state_for(states[-1], 0)
    assert [values(vector, space, f"event_{i}") for i in range(4)] == [
        row(0, "discard", "4C"),
        row(0, "draw", "8D"),
        row(2, "discard", "8C"),
        row(2, "draw"),
    ]
    # The summaries still hold the events gone from the window.
    assert values(vector, space, "taken_seat_1") == plane("JS", "KH")
    assert values(vector, space, "events") == [9.0]
    # One move earlier, the window was one event further back.
    before = space.information_state_for(states[-2], 0)
    assert [values(before, space, f"event_{i}") for i in range(4)] == [
        row(0, "draw", "8D"),
        row(2, "discard", "8C"),
        row(2, "draw"),
        row(1, "discard", "2H"),
    ]
    # With fewer events than the window, the rows past the start are zeros.
    early = space.information_state_for(states[2], 0)
    assert [values(early, space, f"event_{i}") for i in range(4)] == [
        row(0, "discard", "KH"),
        row(0, "draw", "2C"),
        [0.0] * 69,
        [0.0] * 69,
    ]


#: For each history part, the states of :func:`play` (by index) between which it changes for
#: player 0.
CHANGES = {
    "taken_seat_1": (2, 3),
    "discarded_seat_0": (1, 2),
    "discarded_seat_1": (4, 5),
    "discarded_seat_2": (6, 7),
    "held_seat_1": (3, 4),
    "stock_draws": (5, 6),
    "drawn": (0, 1),
    "events": (0, 1),
    **{f"event_{i}": (i, i + 1) for i in range(9)},
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_each_history_part_changes_when_what_it_encodes_changes(name: str) -> None:
    space = InformationStateSpace.of(STANDARD, 3)
    states = play(*MOVES)
    a, b = CHANGES[name]
    assert values(space.information_state_for(states[a], 0), space, name) != values(
        space.information_state_for(states[b], 0), space, name
    )


def test_what_player_0_took_is_known_of_them_from_their_own_seat() -> None:
    # The seat planes of seat 0 change too: player 1's own take, in their own vector.
    space = InformationStateSpace.of(STANDARD, 3)
    states = play(*MOVES)
    for name in ("taken_seat_0", "held_seat_0", "discarded_seat_0"):
        assert values(space.information_state_for(states[2], 1), space, name) != values(
            space.information_state_for(states[5], 1), space, name
        )
    # And seat 2's from player 2's: player 1 is their seat 2.
    assert values(space.information_state_for(states[5], 2), space, "held_seat_2") == plane("KH")
    assert values(space.information_state_for(states[5], 2), space, "taken_seat_2") == plane(
        "JS", "KH"
    )


@pytest.mark.parametrize("name", ["standard", "pagat", "persian", "partnership", "rummy_1000"])
def test_cards_the_player_cannot_see_change_nothing(name: str) -> None:
    config = presets.get(name)
    players = players_for(config)
    space = InformationStateSpace.of(config, players)
    rng = random.Random(name)
    checked = 0
    for state in random_play(new_game(config, players, seed=11), rng, 300):
        if not state.is_chance_node():
            for player in range(players):
                other = hidden_world(state, player, rng)
                assert np.array_equal(
                    space.information_state_for(state, player),
                    space.information_state_for(other, player),
                )
                checked += 1
    assert checked > 150


@given(
    name=st.sampled_from(presets.names()),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 150),
    data=st.data(),
)
def test_equal_information_state_strings_give_equal_vectors(
    name: str, seed: int, steps: int, data: st.DataObject
) -> None:
    # Two lines of play from worlds that differ only in cards the player cannot see: every
    # step looks the same to the player, the draws of the others included.
    config = presets.get(name)
    players = players_for(config)
    space = InformationStateSpace.of(config, players)
    hand = unscored_hand(line(config, players, seed, steps)[-1])
    if hand is None:
        return
    start, later = hand
    player = data.draw(st.integers(0, players - 1))
    other = other_world(start, hidden_from(start, later, player), random.Random(seed))
    others = replayed(other, later)
    if others is None:
        return
    for mine, theirs in zip([start, *later], [other, *others], strict=True):
        assert mine.information_state_string(player) == theirs.information_state_string(player)
        assert np.array_equal(
            space.information_state_for(mine, player), space.information_state_for(theirs, player)
        )


@pytest.mark.parametrize("name", ["standard", "pagat", "partnership", "playingcards_io"])
def test_the_vector_from_a_state_is_the_vector_from_the_view(name: str) -> None:
    config = presets.get(name)
    players = players_for(config)
    space = InformationStateSpace.of(config, players, history=6)
    rng = random.Random(name)
    checked = 0
    for state in random_play(new_game(config, players, seed=5), rng, 300):
        for player in range(players):
            vector = space.information_state_for(state, player)
            assert vector.dtype == np.float32
            assert vector.shape == space.shape
            assert np.array_equal(vector, space.information_state(state.view(player)))
            checked += 1
    assert checked > 600


@given(
    name=st.sampled_from(presets.names()),
    seed=st.integers(0, 10**6),
    steps=st.integers(1, 250),
    history=st.sampled_from([0, 1, 5, HISTORY]),
    data=st.data(),
)
def test_reading_only_the_new_events_gives_the_vector_of_the_whole_log(
    name: str, seed: int, steps: int, history: int, data: st.DataObject
) -> None:
    # A space keeps what it read of each player's last few logs and reads only what was added
    # since: along lines of play, after moves taken back, between unrelated games (more of
    # them than it keeps logs of) and across new hands, every vector is the one a new space
    # reads from the whole log.
    config = presets.get(name)
    players = data.draw(st.sampled_from(sorted(config.player_counts)))
    shared = InformationStateSpace.of(config, players, history=history)
    space = attrs.evolve(shared)  # a space of its own: nothing read by other tests
    rng = random.Random(seed)
    games = [new_game(config, players, seed + k) for k in range(6)]
    seen: list[State] = []
    now = 0
    for _ in range(steps):
        state = games[now]
        seen.append(state)
        for player in rng.sample(range(players), players):
            vector = space.information_state_for(state, player)
            whole = attrs.evolve(shared).information_state_for(state, player)
            assert np.array_equal(vector, whole)
            if rng.random() < 0.2:
                assert np.array_equal(space.information_state(state.view(player)), whole)
        roll = rng.random()
        if roll < 0.05 and state.parent is not None:
            games[now] = state.parent  # a move taken back
        elif roll < 0.1:
            now = rng.randrange(len(games))  # another game
        elif roll < 0.13:
            games[now] = rng.choice(seen)  # back to any position seen
        elif state.is_terminal():
            games[now] = new_game(config, players, rng.randrange(10**6))
        elif state.is_chance_node():
            games[now] = state.apply(Deal())  # a new hand, a new log
        else:
            moves = state.legal_moves()
            games[now] = state.apply(moves[rng.randrange(len(moves))])


DOCS_PAGE = Path(__file__).resolve().parent.parent / "docs" / "information-states.md"


def test_the_layout_on_the_page_is_the_layout_of_the_code() -> None:
    text = DOCS_PAGE.read_text(encoding="utf-8")
    table = text.split("<!-- layout:start -->\n")[1].split("<!-- layout:end -->")[0]
    space = InformationStateSpace.of(STANDARD, 3)
    history = space.layout()[len(OBSERVATION_PARTS) :]
    rows = [f"| `{p.name}` | {p.start} | {p.size} | {p.what} |" for p in history[:13]]
    assert table.splitlines() == [
        "| part | start | size | what it holds |",
        "| --- | ---: | ---: | --- |",
        *rows,
        f"| `event_1` to `event_23` | {history[13].start} | 23 × 69 | the same for the events "
        "before, each one further back |",
    ]
    assert f"under the standard rules, {space.size} numbers" in text


def test_the_code_on_the_page_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS_PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    exec(compile(blocks[0], str(DOCS_PAGE), "exec"), {})
