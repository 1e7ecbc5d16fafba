"""Invariants of whole games under every preset and under random rule configurations.

Games are played by two seeded policies (uniformly random legal moves, and a policy that puts
cards down whenever it can), with the deal applied at every chance node. After every move:

* the cards of the hands, stock, discard pile and table are exactly the cards of the decks the
  configuration uses, jokers included (a joker on the table counts as a joker);
* every legal move applies, undoing it gives back the very same state, the list has no
  duplicates and is empty only when the game is over;
* each kind of move does what the rules say: a take owes its deepest card (or keeps a lone top
  card), a call owes the called card, an owed card is on the table by the end of the turn, the
  rummy calls open exactly when someone may call, the deal passes to the left;
* a hand ends within the turns the rules allow, for one of the reasons the rules give, and its
  score for each side is the one computed here from the rules text (the running totals are the
  sums of those scores, and the winner is the side the rules name);
* every game ends, within a bounded number of hands;
* the same seed and the same choices give the same game, a saved state and a saved game record
  load back equal, and a player's view shows nothing of other hands or of the stock order.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    Call,
    Calling,
    Card,
    Deal,
    Decline,
    DeepestCard,
    Discard,
    Draw,
    EmptyStock,
    GameRecord,
    Layoff,
    Meld,
    Move,
    Pass,
    Phase,
    RuleConfig,
    State,
    Take,
    dumps,
    loads,
    new_game,
    presets,
)
from strategies import (
    ANY,
    JK,
    LAYOFF,
    MELD,
    Policy,
    apply_put,
    as_put,
    call_moves,
    can_take,
    check_views,
    deck_counter,
    meld_ids,
    meld_preferring_policy,
    model,
    oracle_result,
    oracle_scores,
    random_policy,
    read_table,
    rule_configs,
    scaled,
    seeds,
    state_cards,
)

#: Every preset with every player count it allows.
PRESET_GAMES = [
    pytest.param(name, players, id=f"{name}-{players}")
    for name in presets.names()
    for players in presets.get(name).player_counts
]

#: The phases of a hand in progress.
IN_HAND = (Phase.DRAW, Phase.PLAY, Phase.CALL)

#: The most hands a game may take: generous, as a player who must go out to win may have to
#: wait for a hand they go out on while at or past the target.
MAX_HANDS = 60
MAX_HANDS_MUST_GO_OUT = 150


# -- checks after every state and move --------------------------------------------------------


def _column_sums(s: State) -> tuple[int, ...]:
    sides = s.config.sides(s.players)
    return tuple(sum(row[i] for row in s.history) for i in range(sides))


def check_state(s: State, deck: Counter[int], *, every_move: bool) -> None:
    """The invariants of one state; with ``every_move``, also of every legal move from it."""
    assert state_cards(s) == deck, "cards were created or lost"
    s.validate()
    assert s.totals == _column_sums(s), "the totals are not the sums of the hand scores"
    legal = s.legal_moves()
    assert len(set(legal)) == len(legal), f"a legal move is listed twice: {legal}"
    assert bool(legal) != s.is_terminal(), f"{s!r} has the legal moves {legal}"
    if s.phase == Phase.DRAW and not s.stock:
        assert any(isinstance(m, Take) for m in legal), "a turn with nothing to take was played"
    if not every_move:
        return
    for move in legal:
        child = s.apply(move)
        assert child.undo() is s
        assert child.undo() == s
        assert child.last_move == move
        assert state_cards(child) == deck, f"{move} created or lost cards"


@attrs.define
class HandLog:
    """What happened in the hand in progress, to check it against the rules."""

    stock_at_deal: int
    moves: int = 0
    draws: int = 0
    # Takes and calls that owe their deepest card (so put a card on the table for good).
    owing: int = 0
    # Lone top cards taken and kept.
    kept: int = 0
    # The card owed this turn and how many were on the table before it was taken.
    owed: tuple[int, int] | None = None
    # New melds laid down (each took the next meld id, even one joined into a run at once).
    melds: int = 0


def _on_table(s: State, card: int) -> int:
    return sum(1 for m in s.table for c in m.cards if min(int(c), JK) == card)


def check_deal(s: State) -> None:
    """A freshly dealt hand: the deal size, one upcard, the rest the stock, nothing else."""
    cfg = s.config
    n = s.players
    deal = cfg.deal_size[n]
    assert s.phase == Phase.DRAW
    assert all(len(h) == deal for h in s.hands)
    assert len(s.pile) == 1
    assert len(s.stock) == cfg.deck_size(n) - n * deal - 1
    assert not s.table
    assert s.turn == 0
    assert s.current_player == (s.dealer + 1) % n


def check_meld_ids(s: State, move: Move, nxt: State, log: HandLog) -> None:
    """Table melds keep their ids and owners for the hand: a meld id on the table before a move
    is there after it, laid down by the same player and holding its cards, unless a new run was
    joined to it and it became part of a meld already on the table. A new meld takes the next
    id of the hand (0, 1, 2...), never one given before, even to a meld since joined."""
    after = {m.id: m for m in nxt.table}
    assert len(after) == len(nxt.table), f"two table melds share an id: {nxt.table}"
    if isinstance(move, Deal):
        assert not after
        return
    before = {m.id: m for m in s.table}
    for ident, meld in before.items():
        kept = after.get(ident)
        if kept is not None:
            assert kept.owner == meld.owner, f"meld {ident} changed hands after {move}"
            assert not Counter(meld.cards) - Counter(kept.cards), f"meld {ident} lost cards"
            continue
        assert isinstance(move, Meld), f"meld {ident} left the table after {move}"
        assert s.config.join_melds, f"meld {ident} was joined without join_melds"
        assert meld.is_run, f"meld {ident} was joined, but only runs join"
        into = [m for i, m in after.items() if i in before and i != ident and m.is_run]
        assert any(not Counter(meld.cards) - Counter(m.cards) for m in into), (
            f"meld {ident} was not joined into a run already on the table"
        )
    new = [i for i in after if i not in before]
    if not isinstance(move, Meld):
        assert not new, f"{move} gave a meld a new id"
        return
    given = log.melds
    log.melds += 1
    if new:
        assert new == [given], f"the meld laid down got id {new}, not {given}"
        assert after[given].owner == s.current_player
    else:
        assert s.config.join_melds, f"{move} left no new meld on the table"
    assert max(m.top_id for m in nxt.table) == given, "the highest id given was lost"


def check_move(s: State, move: Move, nxt: State, log: HandLog) -> None:
    """What ``move`` did from ``s`` to ``nxt``, by the rules; updates ``log``."""
    cfg = s.config
    log.moves += 1
    check_meld_ids(s, move, nxt, log)
    if isinstance(move, Draw):
        log.draws += 1
        assert nxt.stock == s.stock[:-1]
        assert nxt.phase == Phase.PLAY
        assert nxt.owed is None
        assert nxt.kept is None
    elif isinstance(move, Take | Call):
        assert tuple(s.pile[len(s.pile) - len(move.taken) :]) == move.taken
        assert nxt.current_player == s.current_player
        keeps = isinstance(move, Take) and len(move.taken) == 1 and cfg.keep_top_discard
        if keeps and s.hands[s.current_player]:
            log.kept += 1
            assert nxt.owed is None
            assert nxt.kept == move.deepest
        else:
            log.owing += 1
            assert nxt.owed == move.deepest
            assert nxt.kept is None
            log.owed = (int(move.deepest), _on_table(s, int(move.deepest)))
            if isinstance(move, Call):
                want = LAYOFF if cfg.calling is Calling.LAYOFF_ONLY else ANY
            else:
                want = MELD if cfg.deepest_card is DeepestCard.NEW_MELD else ANY
            assert nxt.owed_use == want
    elif isinstance(move, Meld | Layoff):
        # The table grows as the rules say: the ends a lay-off goes to, runs joined, the sets
        # of four that score double (which the scoring below relies on).
        put = as_put(move, meld_ids(s))
        assert put is not None
        predicted = apply_put(put, *model(s), s.current_player, cfg)
        assert predicted is not None, f"{move} is no meld or lay-off by the rules"
        assert tuple(int(c) for c in nxt.hands[s.current_player]) == predicted[0]
        assert read_table(nxt.table, cfg) == predicted[1], f"{move} left the wrong table"
        if nxt.phase == Phase.PLAY:
            # Equal cards are interchangeable: putting down either copy of the owed card
            # settles it, and either copy of a kept card uses the kept card up.
            used = [min(int(c), JK) for c in move.cards]
            assert nxt.owed == (None if s.owed in used else s.owed)
            assert nxt.kept == (None if s.kept in used else s.kept)
    elif isinstance(move, Deal):
        assert nxt.dealer == (s.dealer + 1) % s.players, "the deal passes to the left"
        assert nxt.hand_number == s.hand_number + 1
        assert nxt.totals == s.totals
        assert nxt.history == s.history
    turn_over = nxt.phase != Phase.PLAY or nxt.current_player != s.current_player
    if turn_over and log.owed is not None:
        card, before = log.owed
        assert _on_table(nxt, card) > before, f"{Card(card)} was taken but never put down"
        log.owed = None
    if s.phase in (Phase.PLAY, Phase.CALL) and nxt.phase in (Phase.DRAW, Phase.CALL):
        check_calls_open(s, move, nxt)
    if s.phase in IN_HAND and nxt.phase not in IN_HAND:
        check_hand_end(s, move, nxt, log)


def check_calls_open(s: State, move: Move, nxt: State) -> None:
    """After a discard (or a pass), the next player who may call rummy is asked; nobody else."""
    if isinstance(move, Discard):
        discarder = s.current_player
        after = discarder
    elif isinstance(move, Pass):
        assert s.discarder is not None
        discarder = s.discarder
        after = s.current_player
    else:
        return  # a player floating: no call follows
    if nxt.stock != s.stock and nxt.phase == Phase.DRAW:
        return  # the pile became the new stock: there is nothing left to call on
    n = s.players
    p = (after + 1) % n
    while p != discarder:
        if call_moves(nxt, p):
            assert nxt.phase == Phase.CALL, f"player {p} may call rummy but was not asked"
            assert nxt.current_player == p
            assert nxt.discarder == discarder
            return
        p = (p + 1) % n
    assert nxt.phase == Phase.DRAW, "a call of rummy was offered to nobody who may call"
    assert nxt.current_player == (discarder + 1) % n


def check_hand_end(s: State, move: Move, nxt: State, log: HandLog) -> None:
    """A hand just ended: why, how long it took, its scores, the totals and the winner."""
    cfg = s.config
    n = s.players
    if nxt.went_out is not None:
        assert nxt.went_out == s.current_player
        assert not nxt.hands[s.current_player]
        assert isinstance(move, Discard | Meld | Layoff)
        if cfg.discard_to_go_out:
            assert isinstance(move, Discard), "the last card must be a discard"
    else:
        # Nobody went out: the stock ran out (in the way the rules say), or the turns did.
        stock_out = not s.stock
        reasons = [
            isinstance(move, Decline) and stock_out,
            nxt.turn >= cfg.turn_limit,
            cfg.empty_stock is EmptyStock.END_AT_ONCE and stock_out,
            cfg.empty_stock is EmptyStock.REUSE_PILE and stock_out and not nxt.pile,
            cfg.empty_stock is EmptyStock.TAKE_OR_END
            and stock_out
            and not can_take(nxt, (s.current_player + 1) % n),
        ]
        assert any(reasons), f"the hand ended after {move} with nobody out, for no reason"
    # Bounds: a turn starts with a draw, a take or a call and ends with a discard (or with
    # the player floating); calls of rummy ask each other player at most once a discard.
    on_table = sum(len(m.cards) for m in nxt.table)
    turns = log.draws + log.owing + log.kept
    assert turns <= cfg.turn_limit
    assert log.owing <= on_table, "a take or call put nothing on the table"
    if cfg.empty_stock is not EmptyStock.REUSE_PILE:
        assert log.draws <= log.stock_at_deal
        if not cfg.keep_top_discard:
            # Every turn draws from the stock or puts a card on the table for good.
            assert turns <= log.stock_at_deal + on_table
    assert log.moves <= turns * (n + 1) + on_table + 1
    assert log.moves <= cfg.turn_limit * (n + 1) + cfg.deck_size(n) + 1
    # Scores, totals and the winner.
    assert nxt.history[-1] == oracle_scores(nxt)
    assert len(nxt.history) == nxt.hand_number + 1
    assert nxt.totals == _column_sums(nxt)
    side = None if nxt.went_out is None else cfg.side_of(nxt.went_out, n)
    over, won = oracle_result(cfg, nxt.totals, nxt.hand_number + 1, side)
    assert nxt.winner == won
    assert (nxt.phase == Phase.GAME_OVER) == over


# -- playing checked games -------------------------------------------------------------------


@attrs.define
class Played:
    """What a checked game went through."""

    final: State
    line: list[State]
    hands: int = 0
    views_differed: int = 0


def play_checked(
    s: State,
    policy: Policy,
    rng: random.Random,
    *,
    max_moves: int,
    every_move: bool = True,
    views_every: int = 0,
    saves_every: int = 0,
) -> Played:
    """Play from the opening state ``s``, checking every state and move, for at most
    ``max_moves`` moves; views and saved states are checked every so many moves."""
    deck = deck_counter(s.players, s.config)
    log = HandLog(len(s.stock))
    check_deal(s)
    played = Played(s, [s])
    for step in range(max_moves):
        check_state(s, deck, every_move=every_move)
        if views_every and step % views_every == 0 and s.phase in IN_HAND:
            played.views_differed += check_views(s, rng)
        if saves_every and step % saves_every == 0:
            assert loads(dumps(s), State) == s
        if s.is_terminal():
            break
        move = policy(rng, s)
        nxt = s.apply(move)
        check_move(s, move, nxt, log)
        if s.phase in IN_HAND and nxt.phase not in IN_HAND:
            played.hands += 1
            assert loads(dumps(nxt), State) == nxt
        if isinstance(move, Deal):
            check_deal(nxt)
            log = HandLog(len(nxt.stock))
        s = nxt
        played.line.append(s)
    played.final = s
    return played


def check_replays(played: Played) -> None:
    """The same seed and moves give the same states and moves; the game record replays."""
    first = played.line[0]
    again = new_game(first.config, first.players, first.seed)
    assert again == first
    for move, expected in zip(played.final.move_stack, played.line[1:], strict=True):
        again = again.apply(move)
        assert again == expected
        assert again.legal_moves() == expected.legal_moves()
    record = GameRecord.from_state(played.final)
    loaded = loads(dumps(record), GameRecord)
    assert loaded == record
    assert loaded.replay() == played.final


def _mixed(share: float) -> Policy:
    """A policy playing uniformly random moves ``share`` of the time, meld-preferring ones
    otherwise."""

    def policy(rng: random.Random, s: State) -> Move:
        if rng.random() < share:
            return random_policy(rng, s)
        return meld_preferring_policy(rng, s)

    return policy


def play_to_the_end(s: State, rng: random.Random) -> Played:
    """Meld-preferring play to the end of the game, checking each move and hand (cheaply)."""
    cfg = s.config
    limit = MAX_HANDS_MUST_GO_OUT if cfg.must_go_out_to_win else MAX_HANDS
    played = play_checked(s, meld_preferring_policy, rng, max_moves=400 * limit, every_move=False)
    end = played.final
    assert end.is_terminal(), f"no winner after {end.hand_number + 1} hands: {end.totals}"
    assert end.hand_number < limit
    assert end.hand_number < cfg.hand_limit
    if end.hand_number + 1 < cfg.hand_limit:
        # Only a game that reaches the hand limit can end drawn (check_hand_end checked the
        # result of every hand against the rules).
        assert end.winner is not None
    return played


# -- the properties --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), PRESET_GAMES)
def test_presets_keep_every_invariant(name: str, players: int) -> None:
    """Each preset, with each player count it allows: a stretch of mixed play, fully checked,
    then the rest of the game played out, every hand and move checked."""
    seed = sum(map(ord, name)) * 10 + players
    rng = random.Random(seed)
    s = new_game(presets.get(name), players=players, seed=seed)
    played = play_checked(s, _mixed(0.3), rng, max_moves=80, views_every=20, saves_every=40)
    check_replays(played)
    assert played.views_differed > 0, "no altered position differed: the view check proved nothing"
    final = play_to_the_end(s, random.Random(seed))
    check_replays(final)


@scaled(2.0)
@given(config=rule_configs(few_hands=True), seed=seeds, data=st.data())
def test_random_configs_keep_every_invariant(
    config: RuleConfig, seed: int, data: st.DataObject
) -> None:
    """Any valid configuration: mixed random and meld-preferring play, every move checked."""
    players = data.draw(st.sampled_from(config.player_counts), label="players")
    share = data.draw(st.sampled_from([0.2, 1.0]), label="share of random moves")
    rng = random.Random(seed)
    s = new_game(config, players=players, seed=seed)
    played = play_checked(s, _mixed(share), rng, max_moves=200, views_every=25, saves_every=50)
    check_replays(played)


@scaled(1.0)
@given(config=rule_configs(lively=True), seed=seeds, data=st.data())
def test_random_config_games_end(config: RuleConfig, seed: int, data: st.DataObject) -> None:
    """Meld-preferring games under any lively configuration end within the hands allowed."""
    players = data.draw(st.sampled_from(config.player_counts), label="players")
    played = play_to_the_end(new_game(config, players=players, seed=seed), random.Random(seed))
    check_replays(played)
