"""Determinization: sample_world deals the hidden cards consistently with what a player knows,
and uniformly over the worlds that are consistent."""

from __future__ import annotations

import math
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge_oracle import COPIES
from rummy500 import (
    Card,
    Deal,
    EmptyStock,
    Phase,
    PlayerView,
    RuleConfig,
    State,
    StateError,
    new_game,
    presets,
)
from rummy500.events import (
    Called,
    Dealt,
    Discarded,
    Drew,
    LaidOff,
    Melded,
    Reshuffled,
    Took,
)
from rummy500.toolkit import (
    KnownCardsReader,
    WorldSampler,
    known_cards,
    make_deck,
    sample_world,
)
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


def log_rules_out(view: PlayerView, world: State) -> str | None:
    """Why the view's log could not have led to ``world`` (``None`` if it could), for games
    with one copy of each card: an oracle that follows each card from the log.

    A card is where the log last showed it, or hidden since the deal (stock ``0``), or hidden
    since the ``k``-th pile was turned over (stock ``k``). Each unseen draw gives its player a
    card of the stock of the time, which they hold until the log shows them playing a hidden
    card of that stock; the world's hidden cards must use up exactly those draws."""
    me = view.player
    where: dict[Card, tuple[str, int]] = {}
    owed: list[Counter[int]] = []  # each player's hidden cards by the stock they came from
    stock = 0
    for event in view.log:
        if isinstance(event, Dealt):
            where = dict.fromkeys(event.pile, ("pile", 0))
            where.update(dict.fromkeys(event.hands[me] or (), ("hand", me)))
            owed = [Counter({0: n}) for n in event.hand_sizes]
            stock = 0
        elif isinstance(event, Drew) and event.player == me:
            assert event.card is not None
            where[event.card] = ("hand", me)
        elif isinstance(event, Drew):
            owed[event.player][stock] += 1
        elif isinstance(event, Took):
            where.update(dict.fromkeys(event.taken, ("hand", event.player)))
        elif isinstance(event, Melded | LaidOff | Discarded):
            p = event.player
            for card in (c.physical for c in event.cards):
                kind, k = where.get(card, ("stock", 0))
                if (kind, k) != ("hand", p):
                    if kind != "stock" or not owed[p][k]:
                        return f"the log has P{p} play {card}, which was not theirs to play"
                    owed[p][k] -= 1
                where[card] = ("pile" if isinstance(event, Discarded) else "table", 0)
        elif isinstance(event, Reshuffled):
            stock += 1
            where.update({c: ("stock", stock) for c, at in where.items() if at[0] == "pile"})
    for p, hand in enumerate(world.hands):
        for card in hand if p != me else ():
            kind, k = where.get(card, ("stock", 0))
            if (kind, k) == ("hand", p):
                continue
            if kind != "stock" or not owed[p][k]:
                return f"P{p} holds {card}, which the log puts elsewhere"
            owed[p][k] -= 1
    for card in world.stock:
        if where.get(card, ("stock", 0)) != ("stock", stock):
            return f"the stock holds {card}, which was not in the last pile turned over"
    return None


def histories_rule_out(view: PlayerView, world: State) -> str | None:
    """Why the view's log could not have led to ``world`` (``None`` if it could), copies of a
    card (several decks, jokers) included: an oracle that follows every history of the log.

    A history says, for each card an opponent plays, whether it is one they took from the pile
    or which stock (the deal's, or a pile turned over) they drew it from unseen; each stock
    hides the cards it had less those drawn in sight or played from it since. The histories are
    followed event by event (equal ones merged); the world must be the end of one of them: each
    opponent holds the cards they took and kept, and for each stock as many of its hidden cards
    as they drew from it unseen and kept, and the stock holds the rest of the last pile."""
    me = view.player
    config = view.config
    deck = Counter(make_deck(config.decks[len(view.hand_sizes)], config.jokers_per_deck))

    def freeze(counters: list[Counter[int]]) -> tuple[tuple[tuple[int, int], ...], ...]:
        return tuple(tuple(sorted((+c).items())) for c in counters)

    states: set[tuple[object, ...]] = set()
    pile: list[Card] = []
    stocks = 0
    for event in view.log:
        if isinstance(event, Dealt):
            hidden = deck - Counter(event.pile) - Counter(event.hands[me] or ())
            owed = tuple((0 if p == me else n,) for p, n in enumerate(event.hand_sizes))
            known = freeze([Counter() for _ in event.hand_sizes])
            states = {(known, owed, freeze([hidden]))}
            pile = list(event.pile)
            stocks = 1
            continue
        new: set[tuple[object, ...]] = set()
        for known_f, owed, hidden_f in states:
            known = [Counter(dict(k)) for k in known_f]  # type: ignore[attr-defined]
            pools = [Counter(dict(h)) for h in hidden_f]  # type: ignore[attr-defined]
            rows = [list(row) for row in owed]  # type: ignore[attr-defined]
            if isinstance(event, Drew) and event.player == me:
                assert event.card is not None
                if not pools[-1][event.card]:
                    continue
                pools[-1][event.card] -= 1
            elif isinstance(event, Drew):
                rows[event.player][-1] += 1
            elif isinstance(event, Took):
                known[event.player].update(event.taken)
            elif isinstance(event, Melded | LaidOff | Discarded) and event.player != me:
                p = event.player
                # Every way of playing the cards, one card after another.
                ways = [(known, pools, rows)]
                for card in (c.physical for c in event.cards):
                    after = []
                    for k_, h_, r_ in ways:
                        if k_[p][card]:
                            k2 = [c.copy() for c in k_]
                            k2[p][card] -= 1
                            after.append((k2, h_, r_))
                        for s in range(len(h_)):
                            if r_[p][s] and h_[s][card]:
                                h2 = [c.copy() for c in h_]
                                h2[s][card] -= 1
                                r2 = [row[:] for row in r_]
                                r2[p][s] -= 1
                                after.append((k_, h2, r2))
                    ways = after
                for k_, h_, r_ in ways:
                    new.add((freeze(k_), tuple(map(tuple, r_)), freeze(h_)))
                continue
            elif isinstance(event, Reshuffled):
                pools.append(Counter(pile))
                rows = [[*row, 0] for row in rows]
            new.add((freeze(known), tuple(map(tuple, rows)), freeze(pools)))
        states = new
        if isinstance(event, Took):
            del pile[len(pile) - len(event.taken) :]
        elif isinstance(event, Discarded):
            pile.append(event.card)
        elif isinstance(event, Reshuffled):
            pile = []
            stocks += 1
    if not stocks:
        return None
    for known_f, owed, hidden_f in states:
        if _world_fits(world, me, known_f, owed, hidden_f):
            return None
    return f"no history of the log's {len(states)} leads to the world"


def _world_fits(world: State, me: int, known_f: object, owed: object, hidden_f: object) -> bool:
    """Whether ``world`` is the end of one history (see :func:`histories_rule_out`)."""
    known = [Counter(dict(k)) for k in known_f]  # type: ignore[attr-defined]
    pools = [Counter(dict(h)) for h in hidden_f]  # type: ignore[attr-defined]
    rows = [list(row) for row in owed]  # type: ignore[attr-defined]
    if Counter(world.stock) - pools[-1]:
        return False
    pools[-1].subtract(world.stock)
    cards: list[tuple[int, int]] = []
    for p, hand in enumerate(world.hands):
        if p == me:
            continue
        rest = Counter(hand)
        if known[p] - rest:
            return False
        rest.subtract(known[p])
        cards += [(p, c) for c in sorted(rest.elements())]

    def place(i: int) -> bool:
        if i == len(cards):
            return all(not n for pool in pools for n in pool.values())
        p, card = cards[i]
        for s, pool in enumerate(pools):
            if rows[p][s] and pool[card] > 0:
                rows[p][s] -= 1
                pool[card] -= 1
                fits = place(i + 1)
                rows[p][s] += 1
                pool[card] += 1
                if fits:
                    return True
        return False

    return place(0)


def after_reshuffles(config: RuleConfig, players: int, seed: int, steps: int) -> list[State]:
    """The states of a seeded game in a hand after the pile was turned over."""
    return [
        state
        for state in line(config, players, seed, steps)
        if state.phase < Phase.HAND_OVER and any(isinstance(e, Reshuffled) for e in state.log)
    ]


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


REUSE = RuleConfig(empty_stock=EmptyStock.REUSE_PILE)


def test_a_player_holds_no_card_of_the_turned_pile_they_drew_and_played() -> None:
    # Three players: after the pile was turned over, P1 drew 8H and discarded it, and P2 drew
    # one card unseen. P1 holds no card of that pile any more, P2 exactly one.
    states = line(REUSE, 3, seed=1, steps=99)
    state = states[-1]
    view = state.view(0)
    assert [str(e) for e in view.log[-5:]] == [
        "pile turned over: stock 7",
        "P1 draw",
        "P1 layoff 5 K♦",
        "P1 discard 8♥",
        "P2 draw",
    ]
    turned = Counter(next(s.stock for s in states if s.log[-1:] == (Reshuffled(7),)))
    rng = random.Random(0)
    held = Counter()
    for _ in range(300):
        world = check_world(state, 0, rng)
        assert log_rules_out(view, world) is None
        held[tuple((Counter(world.hands[q]) & turned).total() for q in (1, 2))] += 1
    assert held == {(0, 1): 300}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sampled_world_after_a_reshuffle_is_one_the_log_allows(players: int) -> None:
    rng = random.Random(players)
    checked = reshuffles = 0
    for seed in range(4):
        for state in after_reshuffles(REUSE, players, seed, steps=700)[:: 2 * players]:
            reshuffles = max(reshuffles, sum(isinstance(e, Reshuffled) for e in state.log))
            for p in range(players):
                view = state.view(p)
                # The real state is one the oracle allows.
                assert log_rules_out(view, state) is None
                for _ in range(3):
                    assert log_rules_out(view, check_world(state, p, rng)) is None
                    checked += 1
    assert checked > 100
    assert reshuffles >= 2


@pytest.mark.parametrize(("players", "jokers", "seed"), [(4, 2, 0), (6, 0, 2)])
def test_a_sampled_world_after_a_reshuffle_agrees_with_the_view_with_copies_of_cards(
    players: int, jokers: int, seed: int
) -> None:
    # Two jokers, and two decks for six players: copies of a card the log cannot tell apart.
    config = RuleConfig(empty_stock=EmptyStock.REUSE_PILE, jokers_per_deck=jokers)
    rng = random.Random(players)
    checked = 0
    for game in (seed, seed + 5):
        for state in after_reshuffles(config, players, game, steps=3000)[::10]:
            for p in range(players):
                check_world(state, p, rng)
                checked += 1
    assert checked > 40


def test_a_finished_hand_has_no_world_to_sample() -> None:
    state = new_game(players=2, seed=1)
    while state.phase < Phase.HAND_OVER:
        state = state.apply(meld_preferring_policy(random.Random(0), state))
    with pytest.raises(StateError, match="the hand is over"):
        sample_world(state.view(0), random.Random(0))


def test_a_sampler_deals_the_worlds_sample_world_deals() -> None:
    # Views of a long two-deck hand after the pile was turned over, with a mover owing a card
    # and at an empty stock too: one sampler per view, and the same rng states.
    views = [
        state.view(p) for state in after_reshuffles(REUSE, 3, 1, steps=700)[::40] for p in range(3)
    ]
    views += [
        state.view(p)
        for state in hidden_mover_states(CONSTRAINED["keep_top"], range(2), 300)[::5]
        for p in range(3)
        if p != state.current_player
    ]
    assert len(views) > 20
    for n, view in enumerate(views):
        sampler = WorldSampler(view)
        assert sampler.view is view
        for seed in range(3):
            world = sampler.sample(random.Random(n * 10 + seed))
            assert world == sample_world(view, random.Random(n * 10 + seed))
            assert world.view(view.player) == view


def test_a_sampler_refuses_what_sample_world_refuses() -> None:
    state = new_game(players=2, seed=1)
    with pytest.raises(StateError) as caught:
        WorldSampler(None)  # type: ignore[arg-type]
    assert str(caught.value) == ("view must be a PlayerView, such as state.view(player), not None")
    with pytest.raises(StateError) as caught:
        WorldSampler(state.view(0)).sample(7)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "rng must be a random.Random, such as random.Random(0) (seed one from a numpy "
        "Generator if need be), not 7"
    )
    while state.phase < Phase.HAND_OVER:
        state = state.apply(meld_preferring_policy(random.Random(0), state))
    with pytest.raises(StateError) as caught:
        WorldSampler(state.view(0))
    assert str(caught.value) == (
        f"the hand is over (phase {state.phase.name.lower()}): sample_world deals the hidden "
        "cards of a hand in play"
    )


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
        current_player=0,
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


def test_worlds_after_a_reshuffle_are_uniform_over_the_consistent_deals() -> None:
    # The position of the reshuffle test above, as P0 sees it: P2 holds one hidden card of
    # the turned pile (6 to choose from: the stock's 5 and theirs) and P1 3 of the 5 other
    # hidden cards (10 ways), P2 the other 2: 60 equally likely pairs.
    state = line(REUSE, 3, seed=1, steps=99)[-1]
    view = state.view(0)
    turned = Counter((*state.stock, *(Counter(state.hands[2]) - Counter(known_cards(view)[2]))))
    rng = random.Random(2025)
    samples = 6000
    counts: Counter[tuple[object, ...]] = Counter()
    for _ in range(samples):
        world = sample_world(view, rng)
        fresh = Counter(world.hands[2]) & turned
        counts[(world.hands[1], tuple(fresh.elements()))] += 1
    assert len(counts) == 10 * 6
    expected = samples / len(counts)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < chi_square_limit(len(counts) - 1), chi2


def copies_worlds(config: RuleConfig, players: int, games: range, every: int) -> int:
    """Sample worlds after reshuffles and check each against the history oracle; the count."""
    rng = random.Random(players)
    checked = 0
    for game in games:
        for state in after_reshuffles(config, players, game, steps=1500)[::every]:
            for p in range(players):
                view = state.view(p)
                assert histories_rule_out(view, state) is None
                for _ in range(2):
                    world = check_world(state, p, rng)
                    assert histories_rule_out(view, world) is None
                    checked += 1
    return checked


@pytest.mark.parametrize(
    ("config", "players", "games"), [(COPIES[0], 3, 30), (COPIES[1], 3, 8), (COPIES[1], 4, 3)]
)
def test_every_world_sampled_after_a_reshuffle_is_one_a_history_of_the_log_leads_to(
    config: RuleConfig, players: int, games: int
) -> None:
    assert copies_worlds(config, players, range(games), every=8) > 40


def test_worlds_are_uniform_over_the_histories_of_a_copy_played_after_a_reshuffle() -> None:
    # One deck and two jokers. P0 (the viewer) discarded one joker before the pile was turned
    # over; P1 drew twice from the new stock and laid off a joker: the one turned over, or the
    # other, dealt to them. Hidden: 2♣ 3♣ 5♦ JK; P1 holds 3 of them, the stock 1.
    #   the turned joker: P1 holds 3♣ JK and one of 2♣ 5♦, the stock the other (2 histories);
    #   the dealt joker:  P1 holds 3♣ and two of 2♣ 5♦ JK, the stock the third (3 histories).
    # Each history is equally likely: P1 holding 2♣ 3♣ JK (stock 5♦) or 3♣ 5♦ JK (stock 2♣)
    # has chance 2/5 each, 2♣ 3♣ 5♦ (stock JK) 1/5.
    config = RuleConfig(empty_stock=EmptyStock.REUSE_PILE, jokers_per_deck=2)
    ranks = ("4", "6", "7", "8", "9", "10", "J", "Q", "K")
    table = [(f"{r}S {r}H {r}D {r}C", 1) for r in ranks]
    table += [("5S 5H 5C", 1), ("AS AH AD", 1), ("2S 2H 2D JK=2C", 1), ("3S 3H 3D", 1)]
    joker, two = Card("JK"), Card("2C")
    log = (
        Dealt(0, 1, ((Card("AC"), joker), None), (2, 2), (two,), 49),
        Drew(1, None),
        Discarded(1, Card("5D")),
        Discarded(0, joker),
        Reshuffled(3),
        Drew(1, None),
        Drew(1, None),
        LaidOff(1, 11, (Card("JK=2C"),)),
    )
    base = State.from_position(
        config, hands=["AC", "2C 3C JK"], stock="5D", pile="", table=table, current_player=0
    )
    state = State._of(**base._fields(), log=log)
    view = state.view(0)
    assert attrs.evolve(view) == view  # the view passes the check, log included
    rng = random.Random(2026)
    samples = 3000
    counts: Counter[tuple[object, ...]] = Counter()
    for _ in range(samples):
        world = sample_world(view, rng)
        counts[(" ".join(c.ascii for c in world.hands[1]), world.stock[0].ascii)] += 1
    expected = {("2C 3C JK", "5D"): 0.4, ("3C 5D JK", "2C"): 0.4, ("2C 3C 5D", "JK"): 0.2}
    assert set(counts) == set(expected)
    chi2 = sum((counts[k] - samples * p) ** 2 / (samples * p) for k, p in expected.items())
    assert chi2 < chi_square_limit(2), (chi2, counts)


def hidden_mover_states(config: RuleConfig, seeds: range, steps: int) -> list[State]:
    """The states of seeded games where the player to move is in the middle of a turn with a
    card owed or kept, or is to draw from an empty stock: what everyone knows of their hand
    (they have a legal move, or a legal take) is more than the log says."""
    return [
        state
        for seed in seeds
        for state in line(config, 3, seed, steps)
        if (state.phase == Phase.DRAW and not state.stock_size)
        or (state.phase == Phase.PLAY and (state.owed is not None or state.kept is not None))
    ]


#: Rules under which the mover's hand is constrained in different ways: the standard rules
#: (take_or_end), jokers, a kept top card with the deepest card owed to a new meld, a called
#: card owed to a lay-off, and the pile turned over with two decks and jokers.
CONSTRAINED = {
    "standard": RuleConfig(),
    "jokers": RuleConfig(jokers_per_deck=2),
    "keep_top": RuleConfig(keep_top_discard=True, deepest_card="new_meld"),
    "layoff_calls": RuleConfig(calling="layoff_only"),
    "reuse_two_decks": RuleConfig(
        empty_stock=EmptyStock.REUSE_PILE, jokers_per_deck=1, decks=RuleConfig().decks.of(2)
    ),
}


@pytest.mark.parametrize("redeals", [1000, 0])
@pytest.mark.parametrize("name", sorted(CONSTRAINED))
def test_a_world_gives_the_hidden_mover_what_everyone_knows_they_have(
    name: str, redeals: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With no redeal at all, every world is dealt from a completion: that way is checked too.
    monkeypatch.setattr("rummy500.game.worlds._MAX_REDEALS", redeals)
    config = CONSTRAINED[name]
    rng = random.Random(name)
    empty = owed = 0
    for state in hidden_mover_states(config, range(6), 700)[::3]:
        empty += state.phase == Phase.DRAW
        owed += state.owed is not None
        for p in range(3):
            if p == state.current_player:
                continue
            view = state.view(p)
            assert attrs.evolve(view) == view  # the view's check finds a world
            world = sample_world(view, rng)
            world.validate()  # among others, the mover has a legal move
            assert world.view(p) == view
            if state.phase == Phase.DRAW:
                assert any(move.kind == "take" for move in world.legal_moves())
    assert owed > 10
    if config.empty_stock is EmptyStock.TAKE_OR_END:
        assert empty > 0


def test_a_world_at_an_empty_stock_gives_the_player_to_draw_a_take() -> None:
    # Player 1, to draw from the empty stock, can take K♥ only with K♠ K♦ (a set) or Q♥ and
    # J♥ or A♥ (a run), which player 0 cannot see: about two random hands in five have none of
    # those pairs, and so only ``decline``, which the engine never offers alone.
    table = [
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C", 0),
        ("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D", 0),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", 2),
    ]
    state = State.from_position(
        RuleConfig(),
        hands=["KC 2H 3H 4H 5H 6H 7H", "KS KD JC QC JD QD JS", "AH 8H 9H 10H JH QH QS"],
        stock="",
        pile="KH",
        table=table,
        current_player=1,
        dealer=0,
        phase=Phase.DRAW,
    )
    view = state.view(0)
    rng = random.Random(7)
    for _ in range(200):
        world = sample_world(view, rng)
        assert any(move.kind == "take" for move in world.legal_moves())
        assert world.view(0) == view
