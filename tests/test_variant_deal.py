"""Deals and decks as data, and how the first dealer is chosen."""

from __future__ import annotations

from collections import Counter

import pytest

from helpers_positions import build, cards
from rummy500 import FirstDealer, Phase, PlayerTable, RuleConfig, StateError, new_game, presets
from rummy500.rules.dealing import choose_first_dealer, deal_hand, shuffled_deck
from rummy500.toolkit import JOKER, dealer_draw_rounds, make_deck

#: The online game's ranked deal: "Up to three players get ten cards each. With four or more
#: it is seven."
RANKED = PlayerTable.of(7, {2: 10, 3: 10})


# -- deal size and decks by player count ------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "sizes"),
    [
        # The standard rules: "13 cards each for 2 players, 7 each for 3 or more".
        (PlayerTable.of(7, {2: 13}), {2: 13, 3: 7, 4: 7, 5: 7, 6: 7, 7: 7, 8: 7}),
        (RANKED, {2: 10, 3: 10, 4: 7, 5: 7, 6: 7, 7: 7, 8: 7}),
        # A hosted table "deals a flat ten to everyone, or seven if the host picks it".
        (PlayerTable.of(10), dict.fromkeys(range(2, 9), 10)),
        (PlayerTable.of(7), dict.fromkeys(range(2, 9), 7)),
    ],
    ids=["standard", "ranked", "flat-10", "flat-7"],
)
def test_the_deal_size_depends_on_the_player_count(
    deal: PlayerTable, sizes: dict[int, int]
) -> None:
    config = RuleConfig(deal_size=deal)
    for players, size in sizes.items():
        state = new_game(config, players=players, seed=players)
        decks = 1 if players <= 4 else 2
        assert all(len(hand) == size for hand in state.hands)
        assert len(state.pile) == 1
        # "1 card is turned face up" and the rest form the stock.
        assert len(state.stock) == 52 * decks - players * size - 1
        assert state.current_player == (state.dealer + 1) % players
        assert state.phase is Phase.DRAW


@pytest.mark.parametrize(
    ("decks", "expected"),
    [
        # The standard rules: one deck for 2 to 4 players, two for 5 to 8.
        (PlayerTable.of(1, {5: 2, 6: 2, 7: 2, 8: 2}), {2: 1, 4: 1, 5: 2, 8: 2}),
        # Bicycle and PlayingCards.io: one pack whatever the count (up to 5 with 7 cards).
        (PlayerTable.of(1), {2: 1, 3: 1, 4: 1, 5: 1}),
        (PlayerTable.of(2), {2: 2, 3: 2, 8: 2}),
    ],
    ids=["standard", "one-deck", "two-decks"],
)
def test_the_number_of_decks_depends_on_the_player_count(
    decks: PlayerTable, expected: dict[int, int]
) -> None:
    config = RuleConfig(decks=decks, max_players=max(expected))
    for players, count in expected.items():
        state = new_game(config, players=players, seed=11)
        dealt = [c for hand in state.hands for c in hand] + [*state.stock, *state.pile]
        assert Counter(dealt) == Counter(make_deck(count))
        assert config.deck_size(players) == 52 * count


def test_one_deck_for_five_players_still_deals_seven_each() -> None:
    state = new_game(presets.get("bicycle"), players=5, seed=2)
    assert [len(h) for h in state.hands] == [7] * 5
    assert len(state.stock) == 52 - 35 - 1


def test_cards_are_dealt_one_at_a_time_clockwise_from_the_dealer_s_left() -> None:
    config = RuleConfig(deal_size=RANKED)
    deck = shuffled_deck(config, 3, 5, 0)
    hands, stock, pile = deal_hand(config, 3, 5, 0, dealer=1)
    # The top card (last) goes to the dealer's left (player 2), then player 0, then player 1.
    order = [2, 0, 1]
    for i in range(30):
        assert deck[-1 - i] in hands[order[i % 3]]
    assert pile == (deck[-31],)
    assert stock == tuple(deck[:-31])


# -- the first dealer ---------------------------------------------------------------------------


def _replayed_dealer(drawn: tuple[int, ...], players: int, highest: bool) -> int:
    """Who deals, read from the cards drawn: rounds among the tied players until one is left."""
    contenders = list(range(players))
    used = 0
    while True:
        round_cards = drawn[used : used + len(contenders)]
        assert len(round_cards) == len(contenders), "a round is one card for each contender"
        used += len(contenders)
        ranks = [14 if highest and c % 13 == 0 else c % 13 + 1 for c in round_cards]
        best = max(ranks) if highest else min(ranks)
        contenders = [p for p, r in zip(contenders, ranks, strict=True) if r == best]
        if len(contenders) == 1:
            assert used == len(drawn), "no cards are drawn once the dealer is known"
            return contenders[0]


@pytest.mark.parametrize("rule", list(FirstDealer))
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_lowest_or_highest_card_deals_and_ties_draw_again(
    rule: FirstDealer, players: int
) -> None:
    config = RuleConfig(first_dealer=rule, jokers_per_deck=2)
    highest = rule is FirstDealer.HIGHEST
    ties = 0
    for seed in range(150):
        state = new_game(config, players=players, seed=seed)
        drawn = state.dealer_draw
        assert (state.dealer, drawn) == choose_first_dealer(config, players, seed)
        # Jokers are left out of the draw for the first dealer.
        assert JOKER not in drawn
        assert state.dealer == _replayed_dealer(drawn, players, highest)
        ties += len(drawn) > players
    assert ties > 0, "some seed should have tied for the deal"


def test_the_ace_counts_low_for_lowest_and_high_for_highest() -> None:
    low = RuleConfig()
    high = RuleConfig(first_dealer=FirstDealer.HIGHEST)
    seen = 0
    for seed in range(200):
        dealer, drawn = choose_first_dealer(low, 3, seed)
        if len(drawn) != 3 or sum(c % 13 == 0 for c in drawn) != 1:
            continue
        # Both rules draw the same cards; a lone ace is the lowest and the highest card.
        ace_holder = next(p for p, c in enumerate(drawn) if c % 13 == 0)
        assert dealer == ace_holder
        assert choose_first_dealer(high, 3, seed) == (ace_holder, drawn)
        seen += 1
    assert seen > 0


def test_the_draw_for_the_deal_comes_in_rounds() -> None:
    # Two players: 4♠ 4♣ tie, 3♥ 3♦ tie, then 6♣ is lower than 10♣.
    state = new_game(players=2, seed=95)
    assert state.dealer == 1
    assert dealer_draw_rounds(state.config, 2, state.dealer_draw) == (
        tuple(zip((0, 1), cards("4S 4C"), strict=True)),
        tuple(zip((0, 1), cards("3H 3D"), strict=True)),
        tuple(zip((0, 1), cards("10C 6C"), strict=True)),
    )
    # Four players: the two aces tie for the lowest, and only their holders draw again.
    state = new_game(players=4, seed=2)
    assert state.dealer == 3
    assert dealer_draw_rounds(state.config, 4, state.dealer_draw) == (
        tuple(zip((0, 1, 2, 3), cards("KS 5H AD AH"), strict=True)),
        tuple(zip((2, 3), cards("10D 9H"), strict=True)),
    )


@pytest.mark.parametrize("rule", list(FirstDealer))
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_rounds_hold_every_card_drawn_and_end_with_the_dealer(
    rule: FirstDealer, players: int
) -> None:
    config = RuleConfig(first_dealer=rule)
    for seed in range(60):
        dealer, drawn = choose_first_dealer(config, players, seed)
        rounds = dealer_draw_rounds(config, players, drawn)
        assert tuple(card for r in rounds for _, card in r) == drawn
        assert [p for p, _ in rounds[0]] == list(range(players))
        assert dealer in [p for p, _ in rounds[-1]]
        assert dealer == _replayed_dealer(drawn, players, rule is FirstDealer.HIGHEST)


def test_the_rounds_of_no_draw_or_a_broken_draw() -> None:
    config = RuleConfig()
    assert dealer_draw_rounds(config, 3, ()) == ()
    with pytest.raises(
        StateError, match=r"^the 4 cards drawn for the first deal stop before the dealer is known$"
    ):
        dealer_draw_rounds(config, 3, cards("4S 4C 9H 3D"))
    with pytest.raises(
        StateError, match=r"^the dealer is known after 3 of the 4 cards drawn for the first deal$"
    ):
        dealer_draw_rounds(config, 3, cards("4S 5C 9H 3D"))


def test_a_dealer_given_to_new_game_skips_the_draw() -> None:
    state = new_game(RuleConfig(first_dealer=FirstDealer.HIGHEST), players=4, seed=9, dealer=2)
    assert state.dealer == 2
    assert state.dealer_draw == ()
    assert state.current_player == 3


def test_after_each_hand_the_deal_passes_to_the_left() -> None:
    # The stock is empty, so the player to draw may decline and end the hand.
    state = build(
        RuleConfig(deal_size=RANKED),
        ["2C 3C", "4D", "5D"],
        table=[("KC KD KH", 0)],
        phase=Phase.DRAW,
        leftover="pile",
    )
    assert state.dealer == 2
    dealt = state.apply_text("decline").apply_text("deal")
    assert dealt.hand_number == 1
    assert dealt.dealer == 0
    assert dealt.current_player == 1
    assert [len(h) for h in dealt.hands] == [10, 10, 10]
