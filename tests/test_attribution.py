"""Reading which stock each hidden card played came from (rummy500.hidden.attribution), and the
hidden-card reading of long hands: every reading found keeps every count, a log with no reading
is refused, and views of hands played to the turn limit are checked, loaded, sampled and
searched."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummy500
import rummy500.hidden.knowledge
from rummy500 import Deal, Discard, Draw, EmptyStock, PlayerTable, PlayerView, RuleConfig, State
from rummy500.bots import ISMCTSBot
from rummy500.core.cards import Card, make_deck
from rummy500.core.errors import StateError
from rummy500.core.phases import Phase
from rummy500.events import Dealt, Discarded, Drew, LaidOff, Melded, Reshuffled, Took
from rummy500.hidden.attribution import SEARCH_WORK_CEILING, Attribution, Play, find_reading
from rummy500.hidden.knowledge import HiddenReading, LogReader
from rummy500.hidden.learning import LEARNING_CONFLICTS, _Learner, _learning
from rummy500.hidden.plays import _Meter
from rummy500.toolkit import sample_world

A, B, C = Card("AS"), Card("2S"), Card("3S")


def attribution(
    plays: list[Play], pools: list[dict[Card, int]], caps: list[list[int]]
) -> Attribution:
    holders: dict[Card, list[int]] = {}
    for k, pool in enumerate(pools):
        for card in pool:
            holders.setdefault(card, []).append(k)
    return Attribution(plays, [Counter(pool) for pool in pools], caps, holders)


def problem(att: Attribution, chosen: list[int]) -> str | None:
    """Why ``chosen`` is no reading of ``att`` (``None`` if it is one): an independent check
    of every count, play by play."""
    if len(chosen) != len(att.plays):
        return "not one stock per play"
    card_uses: Counter[tuple[Card, int]] = Counter()
    player_uses: Counter[tuple[int, int]] = Counter()
    for play, k in zip(att.plays, chosen, strict=True):
        if not 0 <= k <= play.era:
            return f"{play} read from stock {k}, not yet turned over"
        card_uses[play.card, k] += 1
        player_uses[play.player, k] += 1
        if card_uses[play.card, k] > att.pools[k][play.card]:
            return f"{play} takes a copy stock {k} does not have"
        limit = play.drawn if k == play.era else att.caps[k][play.player]
        if player_uses[play.player, k] > limit:
            return f"{play} takes a draw from stock {k} the player had not made"
        if player_uses[play.player, k] > att.caps[k][play.player]:
            return f"{play} takes more draws from stock {k} than the player made"
    return None


def brute_force(att: Attribution) -> bool:
    """Whether ``att`` has a reading, by trying every assignment."""
    options = [range(play.era + 1) for play in att.plays]
    return any(problem(att, list(choice)) is None for choice in itertools.product(*options))


def test_a_single_play_comes_from_the_stock_where_it_is_likelier() -> None:
    # Player 1 holds 3 cards of the deal (of 3 hidden) and 1 of the pile turned over (of 5).
    att = attribution([Play(9, 1, A, 1, 1)], [{A: 1, B: 2}, {A: 1, C: 4}], [[0, 3], [0, 1]])
    assert find_reading(att, None) == [0]


def test_a_choice_that_starves_a_later_play_is_undone() -> None:
    # A from the deal's stock is likelier, but then B (only in the deal's stock) finds no
    # draw of player 1 left there: A must have come from the pile turned over.
    att = attribution(
        [Play(5, 1, A, 1, 1), Play(7, 1, B, 1, 1)], [{A: 1, B: 1}, {A: 1, C: 4}], [[0, 1], [0, 1]]
    )
    assert find_reading(att, None) == [1, 0]
    rng = random.Random(3)
    for _ in range(20):
        assert find_reading(att, rng) == [1, 0]


def test_a_log_with_no_reading_is_refused_saying_which_play_has_no_copy() -> None:
    # Both plays need the deal's single copy of A: player 1 had drawn nothing from the pile
    # turned over before either.
    att = attribution(
        [Play(5, 1, A, 1, 0), Play(7, 1, A, 1, 0)], [{A: 1}, {A: 1, C: 4}], [[0, 2], [0, 1]]
    )
    with pytest.raises(StateError) as info:
        find_reading(att, None)
    assert str(info.value) == (
        "the log has player 1 play A♠ at log[7], which they cannot hold: no reading of the "
        "plays before leaves them a copy of it"
    )


def test_a_log_no_search_can_settle_quickly_is_refused_within_the_work_ceiling() -> None:
    # Eleven plays of eleven cards by a player who drew one card from each of ten stocks,
    # each of which hides every card: no reading exists, and proving it so means trying the
    # ways to put eleven plays in ten places (the pigeonhole principle, which no search that
    # learns clauses proves in fewer than exponentially many steps). The search gives up
    # when its work runs out, and says so.
    cards = sorted(set(make_deck(1, 0)))[:11]
    pools = [dict.fromkeys(cards, 1) for _ in range(10)]
    plays = [Play(at, 1, card, 9, 1) for at, card in enumerate(cards)]
    att = attribution(plays, pools, [[0, 1]] * 10)
    with pytest.raises(StateError) as info:
        find_reading(att, None)
    assert str(info.value) == (
        "the log's plays since the pile was turned over are too entangled to read: no reading "
        f"of which stock each copy came from was found in {SEARCH_WORK_CEILING} units of work"
    )


def test_the_work_meter_counts_down_and_says_when_none_is_left() -> None:
    meter = _Meter(10)
    assert meter.spend(4) is True
    assert meter.left == 6
    assert meter.spend(6) is False
    assert meter.left == 0


@st.composite
def attributions(draw: st.DrawFn) -> Attribution:
    """Small logs: 2 or 3 stocks, two opponents, up to 7 plays of 3 cards with 2 copies."""
    stocks = draw(st.integers(2, 3))
    cards = [A, B, C]
    pools = [{card: n for card in cards if (n := draw(st.integers(0, 2)))} for _ in range(stocks)]
    caps = [[0, *draw(st.lists(st.integers(0, 3), min_size=2, max_size=2))] for _ in pools]
    plays: list[Play] = []
    era = 1
    drawn = [0, 0, 0]
    for at in range(draw(st.integers(1, 7))):
        if era < stocks - 1 and draw(st.booleans()):
            era += 1
            drawn = [0, 0, 0]
        p = draw(st.integers(1, 2))
        drawn[p] = min(caps[era][p], drawn[p] + draw(st.integers(0, 1)))
        plays.append(Play(at, p, draw(st.sampled_from(cards)), era, drawn[p]))
    return attribution(plays, pools, caps)


def learnt_alone(att: Attribution, rng: random.Random | None) -> list[int] | None:
    """The learning search's reading in one order only (``None``: the oldest stocks first)."""
    learner = _Learner(att)
    meter = _Meter(SEARCH_WORK_CEILING)
    return learner.solve(rng, LEARNING_CONFLICTS, meter) if learner.start() else None


@settings(max_examples=300, deadline=None)
@given(att=attributions(), seed=st.integers(0, 2**32))
def test_a_reading_is_found_exactly_when_one_exists_and_keeps_every_count(
    att: Attribution, seed: int
) -> None:
    exists = brute_force(att)
    for rng in (None, random.Random(seed)):
        if exists:
            assert problem(att, find_reading(att, rng)) is None
        else:
            # Proved, not given up on: a view with such a log is refused, where one the
            # search gives up on (SearchLimitError) would be accepted.
            with pytest.raises(StateError, match=r"cannot hold") as info:
                find_reading(att, rng)
            assert type(info.value) is StateError
    # The search find_reading turns to when its one pass fails, on its own and in each of
    # its two orders (the oldest stocks first, and drawn at random): a reading that keeps
    # every count when one exists, and None (no reading) when none does.
    for found in (
        _learning(att, random.Random(seed), _Meter(SEARCH_WORK_CEILING)),
        learnt_alone(att, None),
        learnt_alone(att, random.Random(seed)),
    ):
        if exists:
            assert found is not None
            assert problem(att, found) is None
        else:
            assert found is None


def long_hand_state(decks: int, players: int, turns: int, seed: int) -> State:
    """A hand under reuse_pile where every turn is a draw and a random discard, after
    ``turns`` turns (nobody melds: the pile is turned over again and again)."""
    config = RuleConfig(
        empty_stock=EmptyStock.REUSE_PILE,
        decks=PlayerTable.of(decks, {7: 2, 8: 2}),
        turn_limit=turns + 50,
    )
    rng = random.Random(seed)
    state = rummy500.new_game(config, players=players, seed=seed)
    if state.is_chance_node():
        state = state.apply(Deal())
    while state.turn < turns:
        moves = state.legal_moves()
        discards = [m for m in moves if isinstance(m, Discard)]
        state = state.apply(Draw() if Draw() in moves else rng.choice(discards or moves))
    assert state.phase < Phase.HAND_OVER
    return state


def search_every_way(state: State, player: int) -> None:
    """Check, load, sample and search ``player``'s view of ``state``."""
    view = state.view(player)
    view.validate()
    assert rummy500.loads(rummy500.dumps(view), PlayerView) == view
    world = sample_world(view, random.Random(player))
    world.validate()
    assert world.view(player) == view
    if player == state.current_player:
        move = ISMCTSBot(0, iterations=1).choose(view)
        assert move in view.legal_moves


def test_a_one_deck_hand_past_a_thousand_plays_from_stocks_turned_over_is_searched() -> None:
    # Each play from a stock turned over was once a level of recursion: past 1,000 of them
    # the reading of the log raised RecursionError.
    state = long_hand_state(decks=1, players=2, turns=2300, seed=4)
    plays = sum(1 for e in state.log if isinstance(e, Reshuffled))
    assert plays > 40
    for player in range(2):
        search_every_way(state, player)
    search_every_way(state.apply(state.legal_moves()[0]), 1 - state.current_player)


def test_a_two_deck_hand_far_into_the_turns_is_searched() -> None:
    # Turn 325 of such a hand once had more than 100,000 histories to follow.
    state = long_hand_state(decks=2, players=2, turns=400, seed=2)
    for player in range(2):
        search_every_way(state, player)


def test_a_six_player_two_deck_hand_after_reshuffles_is_searched() -> None:
    state = long_hand_state(decks=2, players=6, turns=300, seed=26)
    assert sum(1 for e in state.log if isinstance(e, Reshuffled)) >= 2
    for player in range(6):
        search_every_way(state, player)


def true_reading(state: State, viewer: int) -> list[tuple[int, int, Card, int]]:
    """What the whole log of ``state`` says of each card an opponent of ``viewer`` played
    unseen after the pile was first turned over: its place in the log, the player, the card
    and the stock the copy really came from (of two copies held, the one from the older stock:
    copies are alike, so either is a true history). An oracle apart from the reader's own."""
    out: list[tuple[int, int, Card, int]] = []
    known: list[Counter[Card]] = []
    held: list[list[tuple[Card, int]]] = []
    era = 0
    for at, event in enumerate(state.log):
        if isinstance(event, Dealt):
            known = [Counter() for _ in event.hands]
            held = [[(card.physical, 0) for card in hand or ()] for hand in event.hands]
            era = 0
        elif isinstance(event, Took):
            known[event.player].update(event.taken)
        elif isinstance(event, Melded | LaidOff | Discarded) and event.player != viewer:
            p = event.player
            for card in (c.physical for c in event.cards):
                if known[p][card] > 0:
                    known[p][card] -= 1  # the copy taken in plain sight, as good as any
                    continue
                k = min(k for c, k in held[p] if c == card)
                held[p].remove((card, k))
                if era:
                    out.append((at, p, card, k))
        elif isinstance(event, Drew) and event.player != viewer:
            assert event.card is not None
            held[event.player].append((event.card.physical, era))
        elif isinstance(event, Reshuffled):
            era += 1
    return out


@pytest.mark.parametrize(("players", "turns", "seed"), [(4, 500, 3), (8, 400, 1)])
def test_the_true_history_of_a_long_hand_is_a_reading_of_every_view(
    players: int, turns: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The search may only fail to find a reading; it must never be asked for one that
    # excludes what really happened. What every view of a real hand asks of it is checked
    # against the stocks each card really came from.
    asked: list[Attribution] = []

    def recording(att: Attribution, rng: random.Random | None) -> list[int]:
        asked.append(att)
        return find_reading(att, rng)

    monkeypatch.setattr(rummy500.hidden.knowledge, "find_reading", recording)
    state = long_hand_state(decks=2, players=players, turns=turns, seed=seed)
    for viewer in range(players):
        asked.clear()
        state.view(viewer).validate()
        assert len(asked) == 1
        att = asked[0]
        truth = true_reading(state, viewer)
        assert len(truth) > 100
        assert [(play.at, play.player, play.card) for play in att.plays] == [
            (at, p, card) for at, p, card, _ in truth
        ]
        assert problem(att, [k for _, _, _, k in truth]) is None


def read_log(events: list[object], deck: str, hidden: str, slots: list[int], stock: int) -> None:
    """Read a two-player log as player 0 saw it, against a small deck."""
    reader = LogReader(2)
    reader.read(events)  # type: ignore[arg-type]
    cards = Counter(Card(c) for c in deck.split())
    unseen = Counter(Card(c) for c in hidden.split())
    HiddenReading(reader, 0, cards, unseen, slots, stock).split(None)


def dealt(hand: str, pile: str, stock: int) -> Dealt:
    return Dealt(
        0,
        1,
        (tuple(Card(c) for c in hand.split()), None),
        (1, 2),
        tuple(Card(c) for c in pile.split()),
        stock,
    )


def refusal(events: list[object], deck: str, hidden: str, slots: list[int], stock: int) -> str:
    with pytest.raises(StateError) as info:
        read_log(events, deck, hidden, slots, stock)
    return str(info.value)


def test_a_play_beyond_every_card_the_player_held_unseen_is_refused() -> None:
    # Player 1 keeps two cards of the deal past the reshuffle and draws none from the pile
    # turned over, then plays three.
    events = [
        dealt("AS", "2S", 3),
        Drew(1, None),
        Discarded(1, Card("3S")),
        Drew(1, None),
        Discarded(1, Card("4S")),
        Reshuffled(3),
        Discarded(1, Card("5S")),
        Discarded(1, Card("6S")),
        Discarded(1, Card("7S")),
    ]
    assert refusal(events, "AS 2S 3S 4S 5S 6S 7S", "2S 3S 4S", [0, 0], 3) == (
        "the log has player 1 play 7♠ at log[8], which they cannot hold: by then they had "
        "played all 2 cards they held unseen from the stocks"
    )


def test_a_copy_seen_at_the_deal_cannot_be_hidden_in_its_stock() -> None:
    # One 2♠ was in the pile turned over, the other in player 0's hand: the second 2♠ player
    # 1 plays would have to be one of the deal's stock, but both copies were seen.
    events = [
        dealt("AS 2S", "2S", 1),
        Reshuffled(1),
        Drew(1, None),
        Discarded(1, Card("2S")),
        Discarded(1, Card("2S")),
    ]
    assert refusal(events, "AS 2S 2S 3S 4S", "3S 4S", [2, 0], 0) == (
        "the log needs 1 of the 2 copies of 2♠ hidden since the deal when the pile was first "
        "turned over, but 2 were seen before"
    )


def test_more_hidden_copies_than_the_decks_hold_are_refused() -> None:
    events = [
        dealt("AS", "2S", 1),
        Reshuffled(1),
        Drew(1, None),
        Discarded(1, Card("2S")),
        Discarded(1, Card("2S")),
    ]
    assert refusal(events, "AS 2S 3S 4S", "3S 4S", [2, 0], 0) == (
        "the log has 2 copies of 2♠ hidden at log[3], more than the decks hold (1)"
    )
