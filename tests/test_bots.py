"""The built-in bots and play_game: legal, deterministic, and the greedy bot plays better."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Sequence

import pytest

import rummy500
import rummy500.bots.greedy
from rummy500 import (
    Aces,
    Card,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    RuleConfig,
    State,
    Take,
    presets,
)
from rummy500.bots import Bot, GreedyBot, RandomBot, make_bot, play_game
from rummy500.core.cards import make_deck, parse_cards
from rummy500.game.state import Phase


def checked_game(state: State, bots: Sequence[Bot], fresh: Sequence[Bot]) -> State:
    """Play ``bots`` to the end, checking that every move they pick is legal in the real state
    and that they are shown their own view; ``play_game`` with ``fresh`` copies of the same
    bots must play the very same game."""
    current = state
    while not current.is_terminal():
        if current.is_chance_node():
            current = current.apply(Deal())
            continue
        player = current.current_player
        view = current.view(player)
        assert view.player == player
        assert view.legal_moves == current.legal_moves()
        move = bots[player].choose(view)
        assert move in view.legal_moves
        current = current.apply(move)
    assert play_game(state, fresh).move_stack == current.move_stack
    return current


def fill(
    config: RuleConfig,
    hands: Sequence[Sequence[Card]],
    *,
    pile: Sequence[Card],
    table: Sequence[tuple[Sequence[Card], Sequence[int]]] = (),
    phase: Phase = Phase.DRAW,
    owed: Card | None = None,
    players: int = 3,
    stock_size: int | None = None,
    hand_size: int = 7,
) -> State:
    """A position with the given hands, pile and table. Players without a given hand get
    ``hand_size`` cards; the other cards go to the stock (with ``stock_size``, only that many:
    the rest go into the last player's hand)."""
    rest = Counter(make_deck(config.decks[players]))
    used = [c for h in hands for c in h] + list(pile) + [c for cards, _ in table for c in cards]
    rest.subtract(used)
    assert all(v >= 0 for v in rest.values()), "a card is used twice"
    pool = sorted(rest.elements(), reverse=True)
    full = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    for p in range(players):
        if p >= len(hands):
            while len(full[p]) < hand_size:
                full[p].append(pool.pop())
    stock = pool
    if stock_size is not None:
        # Park the surplus in the last player's hand (only allowed when the table holds melds).
        full[-1].extend(stock[stock_size:])
        stock = stock[:stock_size]
    return State.from_position(
        config,
        hands=full,
        stock=stock,
        pile=pile,
        table=table,
        phase=phase,
        owed=owed,
    )


# -- legality and determinism -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_bots_play_only_legal_moves_to_a_won_game(players: int) -> None:
    state = rummy500.new_game(players=players, seed=players)

    def lineup() -> list[Bot]:
        return [GreedyBot() if p % 2 == 0 else RandomBot(100 + p) for p in range(players)]

    final = checked_game(state, lineup(), lineup())
    assert final.is_terminal()
    assert final.winner is not None
    assert final.totals[final.winner] >= final.config.target
    assert final.totals[final.winner] == max(final.totals)
    assert list(final.totals).count(max(final.totals)) == 1


def test_random_bot_replays_for_a_seed_and_varies_between_seeds() -> None:
    start = rummy500.new_game(players=3, seed=11)
    lines = [
        play_game(start, [RandomBot(s), RandomBot(s + 1), RandomBot(s + 2)]).move_stack
        for s in (5, 5, 6)
    ]
    assert lines[0] == lines[1]
    assert lines[0] != lines[2]


def test_random_bot_does_not_touch_the_global_random_state() -> None:
    random.seed(1234)
    expected = [random.random() for _ in range(3)]
    random.seed(1234)
    play_game(rummy500.new_game(players=2, seed=2), [RandomBot(1), RandomBot(2)])
    assert [random.random() for _ in range(3)] == expected


def test_random_bot_is_uniform_among_legal_moves() -> None:
    state = rummy500.new_game(players=3, seed=4).apply(Draw())
    view = state.view(state.current_player)
    moves = view.legal_moves
    assert len(moves) >= 8
    bot = RandomBot(9)
    n = 400 * len(moves)
    counts = Counter(bot.choose(view) for _ in range(n))
    assert set(counts) == set(moves)
    # Each move's share is 1/len(moves) give or take sampling noise (about 5% here).
    for move in moves:
        assert abs(counts[move] / n - 1 / len(moves)) < 0.25 / len(moves)


def test_greedy_bot_is_deterministic() -> None:
    start = rummy500.new_game(players=4, seed=21)
    first = play_game(start, [GreedyBot() for _ in range(4)])
    again = play_game(start, [GreedyBot() for _ in range(4)])
    assert first.move_stack == again.move_stack
    assert first == again
    # The same view always gets the same answer (what the bot remembers between moves is
    # worked out from the rules alone, so it changes no answer).
    mid = first
    for _ in range(30):
        mid = mid.undo()
    while mid.current_player < 0:
        mid = mid.undo()
    view = mid.view(mid.current_player)
    bot = GreedyBot()
    assert len({bot.choose(view) for _ in range(5)}) == 1


@pytest.mark.parametrize(
    "config",
    [RuleConfig(), RuleConfig(join_melds=True, jokers_per_deck=2, max_jokers_per_meld=2)],
    ids=["standard", "join-melds-wild-jokers"],
)
def test_greedy_bot_plays_the_same_whatever_it_remembers(config: RuleConfig) -> None:
    # Greedy bots share what they work out under a set of rules (the worth of each play):
    # a game plays the same with nothing remembered, after other games, and with one bot
    # playing every seat.
    start = rummy500.new_game(config, players=3, seed=5)
    rummy500.bots.greedy._WEIGHERS.clear()
    first = play_game(start, [GreedyBot() for _ in range(3)])
    for seed in (6, 7):
        play_game(rummy500.new_game(config, players=3, seed=seed), [GreedyBot() for _ in range(3)])
    again = play_game(start, [GreedyBot() for _ in range(3)])
    one = GreedyBot()
    shared = play_game(start, [one, one, one])
    assert len(first.move_stack) > 100
    assert again.move_stack == first.move_stack
    assert shared.move_stack == first.move_stack
    assert again == first == shared
    # A pickled bot carries none of it, and plays the same.
    copied = pickle.loads(pickle.dumps(one))
    assert play_game(start, [copied, copied, copied]).move_stack == first.move_stack


def test_a_bot_asked_out_of_turn_raises() -> None:
    state = rummy500.new_game(players=3, seed=1)
    other = (state.current_player + 1) % 3
    for bot in (GreedyBot(), RandomBot(0)):
        with pytest.raises(ValueError, match="not their turn"):
            bot.choose(state.view(other))


def test_make_bot_and_play_game_check_their_arguments() -> None:
    assert isinstance(make_bot("random", 3), RandomBot)
    assert isinstance(make_bot(" Greedy "), GreedyBot)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clever")
    with pytest.raises(ValueError, match="needs 3 bots"):
        play_game(rummy500.new_game(players=3), [GreedyBot(), GreedyBot()])


def test_play_game_stops_after_max_moves() -> None:
    state = rummy500.new_game(players=2, seed=3)
    partial = play_game(state, [GreedyBot(), GreedyBot()], max_moves=25)
    assert len(partial.move_stack) == 25
    assert not partial.is_terminal()


def test_play_game_deals_the_next_hand_at_chance_nodes() -> None:
    final = play_game(rummy500.new_game(players=2, seed=8), [GreedyBot(), RandomBot(8)])
    deals = [m for m in final.move_stack if isinstance(m, Deal)]
    # One deal between each two hands, none before the first or after the last.
    assert len(deals) == len(final.history) - 1 >= 1


def test_play_game_reaches_a_small_target() -> None:
    def lineup() -> list[Bot]:
        return [GreedyBot(), RandomBot(1), GreedyBot()]

    small = play_game(rummy500.new_game(RuleConfig(target=120), players=3, seed=2), lineup())
    full = play_game(rummy500.new_game(players=3, seed=2), lineup())
    assert small.winner is not None
    assert small.totals[small.winner] >= 120
    # The deals depend only on the seed, so the short game is the start of the long one,
    # stopped at the first hand that takes someone past 120.
    assert len(small.history) < len(full.history)
    assert full.move_stack[: len(small.move_stack)] == small.move_stack
    assert all(max(totals) < 120 for totals in _running_totals(small)[:-1])


def _running_totals(state: State) -> list[tuple[int, ...]]:
    totals = [0] * state.players
    out = []
    for row in state.history:
        totals = [t + d for t, d in zip(totals, row, strict=True)]
        out.append(tuple(totals))
    return out


# -- strength -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_greedy_bot_beats_random_bots(players: int) -> None:
    games = 30
    wins = 0
    margin = 0
    for seed in range(games):
        seat = seed % players  # the greedy bot sits in every seat in turn
        bots: list[Bot] = [
            GreedyBot() if p == seat else RandomBot(1000 * seed + p) for p in range(players)
        ]
        final = play_game(rummy500.new_game(players=players, seed=seed), bots)
        wins += final.winner == seat
        best_other = max(t for p, t in enumerate(final.totals) if p != seat)
        margin += final.totals[seat] - best_other
    # A player no better than the random bots would win about 1/players of the games.
    assert wins >= 0.7 * games
    assert margin / games > 50


# -- the greedy bot's rules -----------------------------------------------------------------


def test_greedy_bot_digs_for_the_rule_book_jack_then_melds_it() -> None:
    # The rule book's example: the pile is 6♠ 9♦ J♣ 4♥ K♦ 2♠ and the hand holds J♠ J♥.
    pile = parse_cards("6S 9D JC 4H KD 2S")
    hand = parse_cards("JS JH 5S 2C 3D 8H 9C")
    state = fill(RuleConfig(), [hand], pile=pile)
    bot = GreedyBot()
    move = bot.choose(state.view(0))
    assert move == Take(parse_cards("JC 4H KD 2S"))
    state = state.apply(move)
    move = bot.choose(state.view(0))
    assert move == Meld(parse_cards("JC JH JS"))
    state = state.apply(move)
    # Left: 5♠ 2♣ 3♦ 8♥ 9♣ 4♥ K♦ 2♠. The 2s are a pair; K♦ is the highest spare card.
    assert bot.choose(state.view(0)) == Discard(Card("KD"))


def test_greedy_bot_draws_rather_than_dig_up_more_than_it_gains() -> None:
    # 2♣ makes a 9-point run with 3♣ 4♣, but taking it brings 35 points of junk.
    pile = parse_cards("2C KD QS JH AS")
    hand = parse_cards("3C 4C 6D 8H 9S 10C 5H")
    state = fill(RuleConfig(), [hand], pile=pile)
    view = state.view(0)
    assert Take(parse_cards("2C KD QS JH AS")) in view.legal_moves
    assert GreedyBot().choose(view) == Draw()


def test_greedy_bot_takes_the_top_card_that_makes_a_meld() -> None:
    pile = parse_cards("KD 2S 7H")
    hand = parse_cards("7C 7S 3D 9H JC QH 5S")
    state = fill(RuleConfig(), [hand], pile=pile)
    assert GreedyBot().choose(state.view(0)) == Take((Card("7H"),))


def test_greedy_bot_puts_down_the_meld_worth_most_first() -> None:
    table = [(parse_cards("9D 10D JD"), [1, 1, 1])]
    hand = parse_cards("2H 3H 4H 5H KC KS KH QD 6C")
    state = fill(RuleConfig(), [hand], pile=parse_cards("8C"), table=table, phase=Phase.PLAY)
    bot = GreedyBot()
    order = []
    while True:
        move = bot.choose(state.view(0))
        if isinstance(move, Discard):
            break
        order.append(move)
        state = state.apply(move)
    # Kings (30), then the run 2-5 of hearts (14), then Q♦ on the diamonds (10).
    assert order == [
        Meld(parse_cards("KC KH KS")),
        Meld(parse_cards("2H 3H 4H 5H")),
        Layoff(0, (Card("QD"),)),
    ]
    assert move == Discard(Card("6C"))


def test_greedy_bot_keeps_pairs_and_run_draws_over_a_higher_spare_card() -> None:
    table = [(parse_cards("5D 6D 7D"), [1, 1, 1])]
    hand = parse_cards("KS KH 9C 2C 10H QH")
    state = fill(RuleConfig(), [hand], pile=parse_cards("8C"), table=table, phase=Phase.PLAY)
    # K♠ K♥ are a pair and 10♥ Q♥ a run draw, all worth 10; 9♣ and 2♣ are spare: the 9 goes.
    assert GreedyBot().choose(state.view(0)) == Discard(Card("9C"))


def test_greedy_bot_discards_its_highest_card_when_all_are_needed() -> None:
    table = [(parse_cards("5D 6D 7D"), [1, 1, 1])]
    hand = parse_cards("KS KH 3C 3S")
    state = fill(RuleConfig(), [hand], pile=parse_cards("8C"), table=table, phase=Phase.PLAY)
    assert GreedyBot().choose(state.view(0)) == Discard(Card("KS"))


def _discard_in(config: RuleConfig, hand: str) -> Move:
    """The greedy bot's choice with ``hand`` and nothing to put down: a discard."""
    table = [(parse_cards("5D 6D 7D"), [1, 1, 1])]
    state = fill(config, [parse_cards(hand)], pile=parse_cards("3C"), table=table, phase=Phase.PLAY)
    view = state.view(0)
    assert not any(isinstance(m, Meld | Layoff) for m in view.legal_moves)
    return GreedyBot().choose(view)


def test_greedy_bot_keeps_a_king_and_a_2_where_runs_wrap_round() -> None:
    # K♠ 2♠ are half of K-A-2♠ only where runs may go round the corner; 8♣ and 4♥ are spare.
    wrap = RuleConfig(wrap_around=True)
    assert _discard_in(wrap, "KS 2S 8C 4H") == Discard(Card("8C"))
    # Without wrap-around K♠ and 2♠ are spare cards too, and the king is the highest.
    assert _discard_in(RuleConfig(), "KS 2S 8C 4H") == Discard(Card("KS"))
    # Q♥ and 2♥ are three places apart even going round (Q-K-A-2): the queen goes.
    assert _discard_in(wrap, "QH 2H 8C 4S") == Discard(Card("QH"))


def test_greedy_bot_counts_the_ace_high_only_where_aces_are_high_only() -> None:
    # A♠ 2♠ are half of A-2-3♠ only where the ace may be low: under aces high only the ace
    # (15 points) is a spare card, and the highest.
    high_only = RuleConfig(aces=Aces.HIGH_ONLY)
    assert _discard_in(high_only, "AS 2S 9C 4H") == Discard(Card("AS"))
    assert _discard_in(RuleConfig(), "AS 2S 9C 4H") == Discard(Card("9C"))
    # The ace is still half of Q-K-A♠ with the king.
    assert _discard_in(high_only, "AS KS 9C 4H") == Discard(Card("9C"))


def test_greedy_bot_declines_with_an_empty_stock_and_no_good_take() -> None:
    table = [(parse_cards("5D 6D 7D"), [1, 1, 1])]
    hand = parse_cards("KS 2H 9C")
    # 4♦ goes on the diamond run (4 points) but brings Q♣ J♥ (20 points) with it.
    state = fill(RuleConfig(), [hand], pile=parse_cards("8C 4D QC JH"), table=table, stock_size=0)
    view = state.view(0)
    assert Take(parse_cards("4D QC JH")) in view.legal_moves
    assert GreedyBot().choose(view) == Decline()
    # With 4♦ on top it costs nothing, and the bot takes it.
    state = fill(RuleConfig(), [hand], pile=parse_cards("8C QC JH 4D"), table=table, stock_size=0)
    assert GreedyBot().choose(state.view(0)) == Take((Card("4D"),))


def test_greedy_bot_digs_deeper_when_the_cards_above_meld_too() -> None:
    # Taking 5♣ 9♠ 9♥ makes the run 5-6-7♣ (18) and the set of 9s (27); taking only
    # 9♠ 9♥ makes the set alone.
    pile = parse_cards("KD 5C 9S 9H")
    hand = parse_cards("6C 7C 9D 2H 3S JD QS")
    state = fill(RuleConfig(), [hand], pile=pile)
    legal = state.legal_moves()
    assert Take(parse_cards("9S 9H")) in legal
    assert GreedyBot().choose(state.view(0)) == Take(parse_cards("5C 9S 9H"))


# -- the hand limit ------------------------------------------------------------------------


def test_play_game_ends_a_game_drawn_at_the_hand_limit() -> None:
    start = rummy500.new_game(RuleConfig(hand_limit=1), players=2, seed=218)
    final = play_game(start, [RandomBot(218), RandomBot(219)])
    assert final.is_terminal()
    assert (final.phase, final.winner, final.totals, final.hand_number) == (
        Phase.GAME_OVER,
        None,
        (116, 116),
        0,
    )
    assert final.history == ((116, 116),)


def test_play_game_ends_a_game_that_never_nears_the_target_at_the_hand_limit() -> None:
    # One deck for five players: random bots lose points hand after hand.
    config = presets.get("bicycle")
    start = rummy500.new_game(config, players=5, seed=3)
    final = play_game(start, [RandomBot(10 + p) for p in range(5)])
    assert final.is_terminal()
    assert final.hand_number + 1 == config.hand_limit == 100
    assert len(final.history) == 100
    assert max(final.totals) < 0
    assert final.winner is not None
    assert final.totals[final.winner] == max(final.totals)
    assert list(final.totals).count(max(final.totals)) == 1
