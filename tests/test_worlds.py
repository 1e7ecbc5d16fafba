"""Determinization: sample_world deals the hidden cards consistently with what a player knows,
and uniformly over the worlds that are consistent."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import (
    Deal,
    EmptyStock,
    KnownCardsReader,
    Phase,
    RuleConfig,
    State,
    StateError,
    known_cards,
    new_game,
    presets,
    sample_world,
)
from rummy500.events import Called, Reshuffled, Took
from strategies import meld_preferring_policy, rule_configs


def players_of(config: RuleConfig) -> int:
    """The fewest players of 3 or more the rules allow (or the most below 3)."""
    allowed = sorted(config.player_counts)
    return next((n for n in allowed if n >= 3), allowed[-1])


def line(config: RuleConfig, players: int, seed: int, steps: int) -> list[State]:
    """The states of a seeded game, half its moves at random so that takes are kept too."""
    rng = random.Random(seed)
    state = new_game(config, players, seed)
    out = [state]
    while not state.is_terminal() and len(out) <= steps:
        if state.is_chance_node():
            state = state.apply(Deal())
        elif rng.random() < 0.5:
            state = state.apply(rng.choice(state.legal_moves()))
        else:
            state = state.apply(meld_preferring_policy(rng, state))
        out.append(state)
    return out


def check_world(state: State, player: int, rng: random.Random) -> State:
    """A world sampled from ``player``'s view of ``state``, checked against what they know."""
    view = state.view(player)
    world = sample_world(view, rng)
    world.validate()
    # Everything the player sees is the same, legal moves and the log included.
    assert world.view(player) == view
    known = known_cards(view)
    assert known[player] == view.hand
    for q in range(state.players):
        # Known cards are really there, in the real state and in the world.
        assert not Counter(known[q]) - Counter(state.hands[q]), (q, known[q])
        assert not Counter(known[q]) - Counter(world.hands[q]), (q, known[q])
    return world


@pytest.mark.parametrize("name", presets.names())
def test_a_sampled_world_agrees_with_the_view_under_every_preset(name: str) -> None:
    config = presets.get(name)
    players = players_of(config)
    rng = random.Random(name)
    checked = 0
    for state in line(config, players, seed=len(name), steps=400)[::3]:
        if state.phase >= Phase.HAND_OVER:
            continue
        for p in range(players):
            check_world(state, p, rng)
            checked += 1
    assert checked > 50


@settings(max_examples=15)
@given(config=rule_configs(), seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_a_sampled_world_agrees_with_the_view_under_any_rules(
    config: RuleConfig, seed: int, players: int
) -> None:
    if players not in config.player_counts:
        players = min(config.player_counts)
    rng = random.Random(seed)
    for state in line(config, players, seed, steps=150)[::5]:
        if state.phase < Phase.HAND_OVER:
            check_world(state, rng.randrange(players), rng)


def test_cards_taken_from_the_pile_stay_known_until_played() -> None:
    config = presets.get("pagat")
    rng = random.Random(3)
    seen_known = 0
    for state in line(config, 3, seed=8, steps=600):
        if state.phase >= Phase.HAND_OVER:
            continue
        view = state.view(0)
        known = known_cards(view)
        taken = Counter(
            c for e in view.log if isinstance(e, Took | Called) and e.player != 0 for c in e.taken
        )
        for q in (1, 2):
            seen_known += len(known[q])
            # Whatever is known was taken from the pile.
            assert not Counter(known[q]) - taken
        world = sample_world(view, rng)
        for q in (1, 2):
            assert not Counter(known[q]) - Counter(world.hands[q])
    assert seen_known > 20


def test_a_players_public_entry_is_what_the_others_know_of_their_hand() -> None:
    config = presets.get("pagat")
    seen_known = 0
    for state in line(config, 3, seed=8, steps=600):
        if state.phase >= Phase.HAND_OVER:
            continue
        for p in range(3):
            mine = known_cards(state.view(p), public=True)
            own = known_cards(state.view(p))
            # Only the player's own entry differs: the whole hand, or what the others know.
            assert all(mine[q] == own[q] for q in range(3) if q != p)
            assert own[p] == state.hands[p]
            for q in range(3):
                if q != p:
                    assert mine[p] == known_cards(state.view(q))[p]
            seen_known += len(mine[p])
    assert seen_known > 20


@pytest.mark.parametrize("name", ["standard", "pagat", "partnership"])
def test_a_reader_given_each_new_event_knows_what_known_cards_reads_from_the_whole_log(
    name: str,
) -> None:
    config = presets.get(name)
    players = 4 if name == "partnership" else 3
    readers = [KnownCardsReader(players) for _ in range(players)]
    hands = 0
    for state in line(config, players, seed=4, steps=500):
        for p, reader in enumerate(readers):
            log = state.seen_log(p)
            if state.last_move == Deal():  # a new hand, a new log
                reader = readers[p] = KnownCardsReader(players)
            reader.read(log[reader.events :])
            assert reader.events == len(log)
            view = state.view(p)
            assert reader.cards(state) == reader.cards(view) == known_cards(view, public=True)
            counted = tuple(Counter(held) for held in reader.counts(state))
            assert counted == tuple(Counter(held) for held in reader.cards(state))
        hands += state.last_move == Deal()
    assert hands >= 2


def test_after_a_reshuffle_the_stock_holds_only_cards_of_the_pile_turned_over() -> None:
    config = RuleConfig(empty_stock=EmptyStock.REUSE_PILE)
    rng = random.Random(1)
    checked = 0
    for seed in range(40):
        turned: Counter[int] | None = None
        for state in line(config, 2, seed, steps=400):
            if state.phase >= Phase.HAND_OVER:
                turned = None
                continue
            if state.log and isinstance(state.log[-1], Reshuffled):
                turned = Counter(state.stock)
            if turned is None:
                continue
            for p in range(2):
                world = check_world(state, p, rng)
                assert not Counter(world.stock) - turned
                checked += 1
        if checked > 30:
            break
    assert checked > 30


def test_a_finished_hand_has_no_world_to_sample() -> None:
    state = new_game(players=2, seed=1)
    while state.phase < Phase.HAND_OVER:
        state = state.apply(meld_preferring_policy(random.Random(0), state))
    with pytest.raises(StateError, match="the hand is over"):
        sample_world(state.view(0), random.Random(0))


def chi_square_limit(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson-Hilferty)."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def test_worlds_are_uniform_over_the_consistent_deals() -> None:
    # Every card but six is on the table, in the pile or in player 0's hand; player 1 holds
    # two of the six and the stock the other four: 15 possible hands for player 1, and
    # 4 possible top cards of the stock for each. The seed is fixed, so the test is exact.
    ranks = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    table = [(f"{r}S {r}H {r}D {r}C", i % 2) for i, r in enumerate(ranks)]
    state = State.from_position(
        RuleConfig(),
        hands=["AS 2H 3D", "AD 2C"],
        stock="AC 2D 3S 3C",
        pile="AH 2S 3H",
        table=table,
        current=0,
    )
    view = state.view(0)
    rng = random.Random(2024)
    samples = 6000
    counts: Counter[tuple[object, ...]] = Counter()
    for _ in range(samples):
        world = sample_world(view, rng)
        counts[(world.hands[1], world.stock[-1])] += 1
    assert len(counts) == 15 * 4
    expected = samples / len(counts)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < chi_square_limit(len(counts) - 1), chi2


def test_each_hidden_card_is_as_likely_to_be_in_each_hidden_place() -> None:
    # A real position: player 0 after some play. Each unknown card lies in player 1's hand
    # with the same chance, its unknown slots over all hidden cards.
    state = line(RuleConfig(), 2, seed=5, steps=9)[-1]
    assert state.phase < Phase.HAND_OVER
    view = state.view(0)
    known = Counter(known_cards(view)[1])
    rng = random.Random(7)
    samples = 3000
    counts: Counter[int] = Counter()
    for _ in range(samples):
        world = sample_world(view, rng)
        counts.update(Counter(world.hands[1]) - known)
    hidden = set(state.stock) | set(Counter(state.hands[1]) - known)
    assert set(counts) <= hidden
    slots = len(state.hands[1]) - known.total()
    expected = samples * slots / len(hidden)
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in hidden)
    # Not independent across cards (the slots are shared), which only makes the statistic
    # smaller: the bound stays safe.
    assert chi2 < chi_square_limit(len(hidden) - 1), chi2
