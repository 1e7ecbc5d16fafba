"""The log of the hand: its events, what each player sees of it, and information states."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import (
    Card,
    Deal,
    Draw,
    EmptyStock,
    IllegalMoveError,
    Phase,
    PlayerView,
    RuleConfig,
    SerializationError,
    State,
    dumps,
    from_data,
    loads,
    new_game,
    parse_cards,
    presets,
    to_data,
)
from rummy500.events import (
    Called,
    Dealt,
    Declined,
    Discarded,
    Drew,
    Event,
    HandEnded,
    LaidOff,
    Melded,
    Passed,
    Reshuffled,
    Took,
)
from rummy500.play.log import dealt
from strategies import meld_preferring_policy, physical, rule_configs


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def line(
    config: RuleConfig, players: int, seed: int, steps: int = 10**6, *, mixed: bool = False
) -> list[State]:
    """The states of a seeded game (melds and calls favoured; ``mixed``: half the moves at
    random, so that calls are passed too), opening state first."""
    rng = random.Random(seed)
    state = new_game(config, players, seed)
    out = [state]
    while not state.is_terminal() and len(out) <= steps:
        if mixed and rng.random() < 0.5:
            state = state.apply(rng.choice(state.legal_moves()))
        else:
            state = state.apply(meld_preferring_policy(rng, state))
        out.append(state)
    return out


def test_the_log_records_every_move_of_the_hand_in_order() -> None:
    states = line(RuleConfig(), 3, 4)
    kinds: Counter[str] = Counter()
    for before, after in itertools.pairwise(states):
        move = after.last_move
        assert move is not None
        log = after.log
        if isinstance(move, Deal):
            assert log == (dealt(after),)
            kinds["deal"] += 1
            continue
        # The log only grows within a hand: a move adds its event, and maybe what follows it.
        assert log[: len(before.log)] == before.log
        new = log[len(before.log) :]
        kinds.update(e.kind for e in new)
        event = new[0]
        if isinstance(move, Draw):
            assert event == Drew(before.current_player, before.stock[-1])
        else:
            assert event.text(
                ascii=True
            ) == f"P{before.current_player} {move.text(ascii=True)}" or (
                event.kind == "meld"
                and event.text(ascii=True).startswith(
                    f"P{before.current_player} {move.text(ascii=True)}"
                )
            )
        if after.phase >= Phase.HAND_OVER:
            assert new[-1] == HandEnded(
                after.hand_number,
                after.went_out,
                after.history[-1],
                after.totals,
                after.is_terminal(),
                after.winner,
            )
            assert len(new) == 2
        else:
            assert len(new) == 1
    assert states[0].log == (dealt(states[0]),)
    assert {"deal", "draw", "take", "meld", "layoff", "discard", "hand_over"} <= set(kinds)


def test_the_log_starts_each_hand_with_its_deal() -> None:
    states = line(RuleConfig(), 2, 8)
    for state in states:
        log = state.log
        assert isinstance(log[0], Dealt)
        assert log[0].hand_number == state.hand_number
        assert sum(isinstance(e, Dealt) for e in log) == 1
        assert sum(isinstance(e, HandEnded) for e in log) == (state.phase >= Phase.HAND_OVER)


def test_detaching_keeps_the_log_and_play_carries_on_from_it() -> None:
    states = line(RuleConfig(), 4, 2, steps=300)
    rng = random.Random(9)
    alone = states[0].detached()
    for state in states[1:]:
        move = state.last_move
        assert move is not None
        alone = alone.apply(move)
        if rng.random() < 0.3:
            alone = alone.detached()
            assert alone.parent is None
        assert alone.log == state.log
        assert alone.information_state_key(0) == state.information_state_key(0)
        assert alone.view(1) == state.view(1)


def test_a_position_built_directly_starts_with_an_empty_log() -> None:
    hands = ["AS 2S 3S 4S 5S 6S 7S", "AH 2H 3H 4H 5H 6H 7H", "AD 2D 3D 4D 5D 6D 7D"]
    state = State.from_position(RuleConfig(), hands=hands, pile="8C")
    assert state.log == ()
    assert state.view(0).log == ()
    after = state.apply_text("draw").apply_text("discard 7S")
    assert after.log == (Drew(0, state.stock[-1]), Discarded(0, Card("7S")))
    # A finished hand built directly holds the scoring it was built with.
    done = State.from_position(
        RuleConfig(),
        hands=["", "2H 3H", "KD"],
        pile="8C",
        table=[("9C 10C JC", 0), ("QS KS AS", 0)],
        went_out=0,
    )
    assert done.log == (HandEnded(0, 0, (64, -5, -10), (64, -5, -10)),)
    assert done.apply_text("deal").log == (dealt(done.apply_text("deal")),)


def test_a_saved_state_keeps_its_log_and_an_older_one_loads_with_none() -> None:
    for state in line(presets.get("pagat"), 3, 5, steps=120)[::7]:
        back = loads(dumps(state), State)
        assert back.log == state.log
        assert back.view(2) == state.view(2)
        older = to_data(state)
        older["format"] = 2
        del older["log"], older["history_start"], older["start_totals"]
        assert from_data(older, State).log == ()
        older["log"] = []
        with pytest.raises(Exception, match="a format 2 state has no log field"):
            from_data(older, State)


@pytest.mark.parametrize(
    ("event", "data"),
    [
        (
            LaidOff(1, 2, cards("9S"), high=True),
            {"event": "layoff", "player": 1, "meld": 2, "laid": ["9S"], "high": True},
        ),
        (
            Melded(0, cards("5S 6S 7S"), 3, 1),
            {"event": "meld", "player": 0, "melded": ["5S", "6S", "7S"], "meld": 3, "joined": 1},
        ),
    ],
    ids=["layoff", "meld"],
)
def test_a_table_meld_id_is_saved_as_meld(event: Event, data: dict[str, object]) -> None:
    # The field is meld_id; the saved form keeps the key of the files written before.
    assert to_data(event) == data
    assert from_data(data, Event) == event
    with pytest.raises(SerializationError) as info:
        from_data({**data, "meld": "2"}, Event)
    assert str(info.value) == "cannot load Event at $.meld: expected a whole number, got '2'"
    renamed = {("meld_id" if key == "meld" else key): value for key, value in data.items()}
    with pytest.raises(SerializationError) as info:
        from_data(renamed, Event)
    assert str(info.value) == (
        "cannot load Event at $.meld: required field missing; at $: unknown fields: meld_id"
    )


def test_a_saved_log_naming_a_player_the_game_lacks_is_refused() -> None:
    data = to_data(line(RuleConfig(), 3, 1, steps=5)[-1])
    data["log"][1]["player"] = 3
    with pytest.raises(Exception, match=r"\$\.log\[1\] .* names a player"):
        from_data(data, State)
    data = to_data(new_game(players=3, seed=1))
    data["log"][0]["hand_sizes"] = [7, 7]
    with pytest.raises(Exception, match="deals 3 hands with 2 sizes"):
        from_data(data, State)


def test_each_player_sees_their_own_draws_and_the_public_events() -> None:
    state = line(RuleConfig(), 3, 6, steps=80)[-1]
    full = state.log
    for p in range(3):
        seen = state.view(p).log
        assert len(seen) == len(full)
        for event, mine in zip(full, seen, strict=True):
            if isinstance(event, Drew):
                assert mine == (event if event.player == p else Drew(event.player, None))
            elif isinstance(event, Dealt):
                assert mine.hands[p] == event.hands[p]
                assert [h is None for h in mine.hands] == [q != p for q in range(3)]
                assert (mine.hand_sizes, mine.pile) == (event.hand_sizes, event.pile)
            else:
                assert mine == event
        assert loads(dumps(state.view(p)), PlayerView) == state.view(p)


def test_a_view_saved_without_a_log_still_loads() -> None:
    view = line(RuleConfig(), 3, 6, steps=20)[-1].view(0)
    data = to_data(view)
    del data["log"]
    assert from_data(data, PlayerView) == attrs.evolve(view, log=())


def test_calls_passes_joins_and_reshuffles_are_events() -> None:
    seen: Counter[str] = Counter()
    configs = [
        presets.get("pagat"),
        presets.get("playingcards_io"),
        presets.get("classic"),
        RuleConfig(empty_stock=EmptyStock.REUSE_PILE),
    ]
    for config in configs:
        for seed in range(4):
            final = line(config, 3, seed, steps=400, mixed=True)
            for state in final:
                for event in state.log:
                    seen[event.kind] += 1
                    if isinstance(event, Melded) and event.joined is not None:
                        seen["joined"] += 1
    for kind in ("call", "pass", "reshuffle", "decline"):
        assert seen[kind], kind


def test_a_run_joined_to_a_run_on_the_table_names_both_ids() -> None:
    table = [("2S 3S 4S", 1), ("8S 9S 10S", 2), ("9H 10H JH", 1)]
    state = State.from_position(
        RuleConfig(join_melds=True),
        hands=["5S 6S 7S QH KC KD KS 2C", "AH 2H 3H 4H 5H 6H 7H", "AD 2D 3D 4D 5D 6D 7D"],
        pile="8C",
        table=table,
        phase=Phase.PLAY,
    )
    after = state.apply_text("meld 5S 6S 7S")
    assert after.log == (Melded(0, cards("5S 6S 7S"), 3, 0),)
    assert str(after.log[0]) == "P0 meld 5♠ 6♠ 7♠ as 3, joined to 0"


def test_events_read_like_moves() -> None:
    events: list[tuple[Event, str]] = [
        (
            Dealt(0, 2, (cards("AS 4D"), None), (2, 2), cards("8C"), 30),
            "hand 0 dealt by P2: P0 A♠ 4♦, P1 2 cards; pile 8♣; stock 30",
        ),
        (Drew(1, Card("7H")), "P1 draw 7♥"),
        (Drew(1, None), "P1 draw"),
        (Took(1, cards("JC 4H")), "P1 take J♣ 4♥"),
        (Called(2, cards("7H")), "P2 call 7♥"),
        (Passed(2), "P2 pass"),
        (Melded(1, cards("8S 8H 8D"), 3), "P1 meld 8♠ 8♥ 8♦ as 3"),
        (Melded(1, cards("5S 6S 7S"), 4, 1), "P1 meld 5♠ 6♠ 7♠ as 4, joined to 1"),
        (LaidOff(1, 2, cards("9S")), "P1 layoff 2 9♠"),
        (LaidOff(0, 0, cards("AS"), high=True), "P0 layoff 0 A♠ high"),
        (Discarded(1, Card("5S")), "P1 discard 5♠"),
        (Declined(0), "P0 decline"),
        (Reshuffled(23), "pile turned over: stock 23"),
        (HandEnded(0, 1, (64, -5), (64, -5)), "hand 0 over, P1 out: scores 64 -5; totals 64 -5"),
        (
            HandEnded(3, None, (0, 5), (510, 200), True, 0),
            "hand 3 over, nobody out: scores 0 5; totals 510 200; game won by side 0",
        ),
    ]
    for event, text in events:
        assert str(event) == text
        assert from_data(to_data(event), Event) == event
        assert hash(event) == hash(from_data(to_data(event), Event))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            event.player = 5  # type: ignore[attr-defined]
        assert not hasattr(event, "__dict__")
    assert Drew(1, Card("7H")).text(ascii=True) == "P1 draw 7H"


# -- information states ------------------------------------------------------------------------


def hand_start(state: State) -> tuple[State, list[State]]:
    """The first position of ``state``'s hand in its chain, and the states after it."""
    after: list[State] = []
    node = state
    while node.parent is not None and not isinstance(node.last_move, Deal):
        after.append(node)
        node = node.parent
    after.reverse()
    return node, after


def unscored_hand(end: State) -> tuple[State, list[State]] | None:
    """:func:`hand_start` of the last state up to ``end`` before a hand is scored (the scores
    would show the cards left in hands); ``None`` if the line holds no such state."""
    while end.phase >= Phase.HAND_OVER and end.parent is not None:
        end = end.parent
    if end.phase >= Phase.HAND_OVER:
        return None
    return hand_start(end)


def hidden_from(start: State, later: list[State], player: int) -> list[tuple[int, int]]:
    """Where the cards ``player`` never sees in this hand lie at its start: (-1 for the stock,
    or the hand, index). A card some move shows, or that ``player`` draws, is seen."""
    shown: set[int] = set()
    for state in later:
        parent = state.parent
        assert parent is not None
        assert state.last_move is not None
        if isinstance(state.last_move, Draw):
            if parent.current_player == player:
                shown.add(int(parent.stock[-1]))
        else:
            shown.update(physical(int(c)) for c in state.last_move.cards)
    places = [(-1, i) for i, c in enumerate(start.stock) if int(c) not in shown]
    for q, hand in enumerate(start.hands):
        if q != player:
            places += [(q, i) for i, c in enumerate(hand) if int(c) not in shown]
    return places


def other_world(start: State, places: list[tuple[int, int]], rng: random.Random) -> State:
    """``start`` with the cards at ``places`` shuffled among those places."""
    hands = [list(h) for h in start.hands]
    stock = list(start.stock)

    def at(place: tuple[int, int]) -> list:  # type: ignore[type-arg]
        return stock if place[0] < 0 else hands[place[0]]

    cards = [at(p)[p[1]] for p in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        at(place)[place[1]] = card
    built = start._replace(hands=tuple(tuple(sorted(h)) for h in hands), stock=tuple(stock))
    if start.log:
        # The hand starts here: the other world was dealt its own cards.
        built = State._of(**built._fields(), log=(dealt(built),))
    return built


def replayed(start: State, later: list[State]) -> list[State] | None:
    out = []
    state = start
    for s in later:
        assert s.last_move is not None
        try:
            state = state.apply(s.last_move)
        except IllegalMoveError:
            return None
        if (state.phase, state.current_player) != (s.phase, s.current_player):
            # The course of the hand is public, and some rules make it follow the hidden
            # cards (under take_or_end an empty stock ends the hand at once when the player to
            # move has no legal take): the real hand rules such a world out.
            return None
        out.append(state)
    return out


@settings(max_examples=40, deadline=None)
@given(
    config=st.one_of(st.sampled_from([RuleConfig(), presets.get("pagat")]), rule_configs()),
    players=st.integers(2, 5),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 150),
    data=st.data(),
)
def test_worlds_that_differ_only_in_hidden_cards_look_the_same(
    config: RuleConfig, players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    if not config.min_players <= players <= config.max_players:
        players = config.min_players
    hand = unscored_hand(line(config, players, seed, steps)[-1])
    if hand is None:
        return
    start, later = hand
    player = data.draw(st.integers(0, players - 1))
    places = hidden_from(start, later, player)
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    other = other_world(start, places, rng)
    others = replayed(other, later)
    if others is None:
        return  # the hidden cards made an opponent's move illegal there: not a world to compare
    for mine, theirs in zip([start, *later], [other, *others], strict=True):
        assert mine.information_state_key(player) == theirs.information_state_key(player)
        assert mine.information_state_string(player) == theirs.information_state_string(player)
        assert mine.view(player) == theirs.view(player)


def test_hidden_card_worlds_really_differ() -> None:
    # The worlds compared above are not all the same world: shuffling hidden cards changes
    # other hands and the stock, and the game plays on in both.
    differed = compared = 0
    for seed in range(12):
        end = line(RuleConfig(), 3, seed, 60)[-1]
        start, later = hand_start(end)
        other = other_world(start, hidden_from(start, later, 0), random.Random(seed))
        others = replayed(other, later)
        if others is None:
            continue
        compared += 1
        differed += others[-1] != later[-1]
        assert others[-1].information_state_key(0) == later[-1].information_state_key(0)
        assert others[-1].information_state_key(1) != later[-1].information_state_key(1) or (
            others[-1].hands[1] == later[-1].hands[1]
        )
    assert compared >= 8
    assert differed >= 6


def test_what_a_player_sees_changes_the_information_state() -> None:
    states = line(presets.get("pagat"), 3, 11, 200)
    keys: dict[object, State] = {}
    texts: dict[str, object] = {}
    for state in states:
        for p in range(3):
            key = state.information_state_key(p)
            hash(key)
            text = state.information_state_string(p)
            # Every step adds to the log (or deals a new hand): no two states look alike.
            assert key not in keys
            keys[key] = state
            assert text not in texts
            texts[text] = key
    state = states[40]
    p = state.current_player
    # The player's own hand, the pile and the table are seen: changing them changes the key.
    held = state.hands[p]
    swapped = list(state.stock)
    swapped[0], hand0 = held[0], swapped[0]
    hands = list(state.hands)
    hands[p] = tuple(sorted((hand0, *held[1:])))
    changes = [
        state._replace(hands=tuple(hands), stock=tuple(swapped)),
        state._replace(pile=state.pile[::-1]) if len(set(state.pile)) > 1 else None,
        state._replace(totals=tuple(t + 1 for t in state.totals), history=()),
        state._replace(turn=state.turn + 1),
        State._of(**state._fields()),  # the same cards, but no log of how they got there
    ]
    for changed in changes:
        if changed is not None:
            assert changed.information_state_key(p) != state.information_state_key(p)
            assert changed.information_state_string(p) != state.information_state_string(p)
    # The seed is not seen (it would tell the stock order).
    reseeded = state._replace(seed=state.seed + 1)
    assert reseeded.information_state_key(p) == state.information_state_key(p)
    assert reseeded.information_state_string(p) == state.information_state_string(p)


def test_the_information_state_refuses_a_player_not_in_the_game() -> None:
    state = new_game(players=3, seed=1)
    for bad in (3, -1, True, "0"):
        with pytest.raises(Exception, match="there is no player"):
            state.information_state_key(bad)  # type: ignore[arg-type]
        with pytest.raises(Exception, match="there is no player"):
            state.information_state_string(bad)  # type: ignore[arg-type]


def test_the_log_follows_each_branch_of_play_from_one_position() -> None:
    # Moves tried one after another from the same position (as a search does) each get the
    # log of their own line, whichever was asked for last.
    rng = random.Random(3)
    states = line(RuleConfig(), 3, 3, 60)
    for state in states[::5]:
        children = [state.apply(m) for m in state.legal_moves()[:4]]
        logs = [fresh_log(c) for c in children]
        for _ in range(12):
            i = rng.randrange(len(children))
            assert children[i].log == logs[i]
            assert children[i].view(i % 3).log == tuple(e.seen_by(i % 3) for e in logs[i])
            if rng.random() < 0.5 and not isinstance(children[i].last_move, Deal):
                assert state.log == logs[i][: len(state.log)]


def fresh_log(state: State) -> tuple[Event, ...]:
    """``state``'s log, worked out again from a copy of its line of play."""
    copy = new_game(state.config, state.players, state.seed)
    for move in state.move_stack:
        copy = copy.apply(move)
    return copy.log
