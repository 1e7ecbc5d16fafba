"""Whether a position is consistent: every check a built, loaded or viewed position passes.

:func:`validate` runs them all, in an order where each check may rely on the ones before it
(the players and cards first, so that later checks may look a player up). Each ``check_*``
function checks one part and raises :class:`~rummy500.StateError` naming the rule a
position breaks; positions built by play pass them all. The checks ask the rules' own
predicates where play decides something (who may call, when the pile turns into a new stock,
what a hand scores), so that validation cannot drift from play. Building positions
(:mod:`rummy500.play.building`), loading them and checking a player's view
(:mod:`rummy500.hidden.views`) all check through here.
"""

from __future__ import annotations

import operator
from collections import Counter

from rummy500.core.cards import CARDS, JOKER
from rummy500.core.errors import StateError
from rummy500.core.phases import OwedUse, Phase, hand_scored
from rummy500.melds.check import meld_cards_problem
from rummy500.play.engine import ends_without_a_take, turns_pile_over
from rummy500.play.movegen import generate
from rummy500.play.position import Position
from rummy500.play.scoring import game_result, hand_scores, player_scores, side_scores
from rummy500.rules.choices import Calling
from rummy500.rules.dealing import drawn_dealer

__all__ = [
    "check_basics",
    "check_cards",
    "check_counts",
    "check_dealer_draw",
    "check_hand_number",
    "check_hand_sizes",
    "check_has_a_move",
    "check_history",
    "check_meld_ids",
    "check_outcome",
    "check_player_history",
    "check_score_rows",
    "check_turn",
    "hands_count",
    "validate",
]


def validate(s: Position) -> None:
    """Check that the position ``s`` is consistent; raise :class:`StateError` saying why not
    (see :meth:`State.validate <rummy500.State.validate>`)."""
    check_basics(s)
    if s.phase < Phase.HAND_OVER:
        check_hand_sizes(s)
    check_turn(s)
    check_hand_number(s)
    check_outcome(s)
    check_history(s)
    check_player_history(s)
    check_dealer_draw(s)
    check_has_a_move(s)


def check_score_rows(
    sides: int, totals: tuple[int, ...], history: tuple[tuple[int, ...], ...]
) -> None:
    """The totals and every row of the history hold one score for each of ``sides`` sides."""
    if len(totals) != sides or any(len(row) != sides for row in history):
        raise StateError(
            f"totals and every history row need one score for each of the {sides} sides"
        )


def check_basics(s: Position) -> None:
    """The players, the sides, the cards and the table: what holds in every phase.

    Every field that names a player or a side is checked here, before anything looks a
    player up by it (the scores of a hand over, say)."""
    n = s.players
    cfg = s.config
    cfg.check_players(n)
    for name, value in (("current", s._current), ("dealer", s.dealer)):
        if not 0 <= value < n:
            raise StateError(f"{name} must be a player from 0 to {n - 1}, not {value}")
    went_out, won, discarder = s.went_out, s.winner, s.discarder
    if went_out is not None and not 0 <= went_out < n:
        raise StateError(f"went_out must be a player from 0 to {n - 1} or None, not {went_out}")
    if discarder is not None and not 0 <= discarder < n:
        raise StateError(f"discarder must be a player from 0 to {n - 1} or None, not {discarder}")
    ending = s.ending
    if ending is not None and ending.player is not None and not ending.player < n:
        raise StateError(
            f"the game was abandoned by player {ending.player}, but the players are 0 to {n - 1}"
        )
    sides = cfg.sides(n)
    if won is not None and not 0 <= won < sides:
        who = "a player" if sides == n else "a team"
        raise StateError(f"winner must be {who} from 0 to {sides - 1} or None, not {won}")
    check_score_rows(sides, s.totals, s.history)
    if len(s.start_totals) != sides:
        raise StateError(
            f"start_totals {list(s.start_totals)} needs one score for each of the {sides} sides"
        )
    if any(len(row) != n for row in s.player_history):
        raise StateError(f"every player_history row needs one score for each of the {n} players")
    check_cards(s)
    for i, meld in enumerate(s.table):
        problem = meld_cards_problem(meld.cards, cfg)
        if problem is not None:
            raise StateError(f"table meld {i} is not a meld: {problem}")
        if any(not 0 <= o < n for o in meld.owners) or len(meld.owners) != len(meld.cards):
            raise StateError(f"table meld {i} needs an owner from 0 to {n - 1} for each card")
        if meld.doubled and not (
            cfg.four_of_a_kind_double and not meld.is_run and len(meld.cards) == 4
        ):
            raise StateError(
                f"table meld {i} scores double, but only a set of four melded at once does, "
                "and only under four_of_a_kind_double"
            )
    check_meld_ids(s)


def check_hand_number(s: Position) -> None:
    if s.hand_number < 0:
        raise StateError(f"hand_number cannot be negative, not {s.hand_number}")
    last = s.config.hand_limit - 1  # hands are numbered from 0
    if s.hand_number > last or (s.phase == Phase.HAND_OVER and s.hand_number == last):
        raise StateError(
            f"hand_number {s.hand_number} (counting from 0) in phase "
            f"{s.phase.name.lower()}: with hand_limit {s.config.hand_limit}, the game "
            f"ends when hand_number {last} is over"
        )


def check_meld_ids(s: Position) -> None:
    """Each table meld has an id of its own, a player who laid it down, and a ``top_id``
    that is its own id or the id of a run joined into it (no meld on the table)."""
    n = s.players
    place_of: dict[int, int] = {}
    for i, meld in enumerate(s.table):
        if meld.id < 0:
            raise StateError(f"table[{i}] has id {meld.id}: a meld id is 0 or more")
        if meld.id in place_of:
            raise StateError(
                f"table[{place_of[meld.id]}] and table[{i}] both have id {meld.id}: each "
                "meld on the table has an id of its own"
            )
        place_of[meld.id] = i
        if not 0 <= meld.owner < n:
            raise StateError(
                f"table[{i}] was laid down by player {meld.owner}: the owner of a meld is a "
                f"player from 0 to {n - 1}"
            )
    for i, meld in enumerate(s.table):
        top = meld.top_id
        if top < meld.id or (top != meld.id and top in place_of):
            raise StateError(
                f"table[{i}] has id {meld.id} and top_id {top}: top_id is the highest id "
                "of the meld and the runs joined into it, so it is at least the meld's id "
                "and no other meld on the table has it"
            )


def check_turn(s: Position) -> None:
    limit = s.config.turn_limit
    if not 0 <= s.turn <= limit:
        raise StateError(
            f"turn {s.turn} is impossible: a hand ends after at most turn_limit "
            f"({limit}) turns, so turn counts from 0 to {limit}"
        )
    hand = s.hands[s._current]
    if s.phase == Phase.PLAY and not hand:
        raise StateError(
            f"player {s._current} is to play with no cards: a player holds at least the "
            "card just drawn in play"
        )
    if s.phase == Phase.DRAW and turns_pile_over(s.config, s.stock_size, s.pile):
        raise StateError(
            "the stock is empty while the discard pile is not, in the draw phase: under "
            "empty_stock reuse_pile the pile is turned into a new stock before the next draw"
        )
    if s.owed is not None:
        if s.phase != Phase.PLAY:
            raise StateError("a card is owed only after a take, while the player plays")
        if s.owed not in hand:
            raise StateError(f"the owed card {s.owed} is not in the mover's hand")
    if not isinstance(s.owed_use, OwedUse):
        raise StateError(f"owed_use must be an OwedUse, not {s.owed_use!r}")
    if s.kept is not None:
        if not s.config.keep_top_discard:
            raise StateError("a discard is kept only when keep_top_discard is played")
        if s.phase != Phase.PLAY or s.kept not in hand:
            raise StateError(f"the kept card {s.kept} must be in the mover's hand in play")
    if (s.phase == Phase.CALL) != (s.discarder is not None):
        raise StateError("discarder is set exactly while players may call rummy")
    if s.phase == Phase.CALL and s.config.calling is Calling.NONE:
        raise StateError("a call window opens only under rules that play calling rummy")
    if s.discarder == s._current:
        raise StateError("a player cannot call rummy on their own discard")


def check_history(s: Position) -> None:
    """The history is the record of the game from hand :attr:`history_start` on: one row
    for every hand finished since (the hand just scored included), and the totals are
    :attr:`start_totals` plus its column sums."""
    history = s.history
    # A hand cut short by an early end of the game is not scored.
    over = hand_scored(s.phase, s.ending)
    finished = s.hand_number + 1 if over else s.hand_number
    start = s.history_start
    phase = s.phase.name.lower()
    where = f"hand_number {s.hand_number} (counting from 0) in phase {phase}"
    if s.ending is not None:
        where += f", {s.ending}"
    if not 0 <= start <= finished:
        raise StateError(
            f"history_start {start} is not from 0 to {finished}: {where} means "
            f"{hands_count(finished, 'finished ')}, and the record of the game starts at "
            "one of them or with the hand in play"
        )
    if len(history) != finished - start:
        since = (
            f" since hand {start}, where the record of the game starts (history_start): the "
            "history records every hand from there"
            if start
            else ": a history, when given, records every hand of the game"
        )
        raise StateError(
            f"the history holds {hands_count(len(history))}, but {where} means "
            f"{hands_count(finished - start, 'finished ')}{since}"
        )
    base = s.start_totals
    sums = [sum(row[side] for row in history) for side in range(len(s.totals))]
    if tuple(map(operator.add, base, sums)) != s.totals:
        if any(base):
            raise StateError(
                f"totals {list(s.totals)} are not the start_totals {list(base)} plus "
                f"the sums {sums} of the history: the history records every hand since "
                f"hand {start}, where the record of the game starts with start_totals"
            )
        raise StateError(
            f"totals {list(s.totals)} are not the sums {sums} of the history: a "
            "history, when given, records every hand since the totals were all 0"
        )
    if over and history:
        went_out = s.went_out
        scores = hand_scores(
            s.config,
            s.hands,
            s.table,
            went_out=went_out,
            stock_ran_out=went_out is None,
        )
        if history[-1] != scores:
            raise StateError(
                f"the last hand's scores {list(history[-1])} are not {list(scores)}, what "
                "the hands and table of the hand just over score"
            )


def check_player_history(s: Position) -> None:
    """Each player's rows are the last rows of the history, split between partners."""
    cfg = s.config
    rows, history = s.player_history, s.history
    if cfg.team_size == 1:
        if rows != history:
            raise StateError(
                f"player_history {_rows(rows)} is not the history {_rows(history)}: without "
                "partnerships each player is a side, so both record the same scores"
            )
        return
    if len(rows) > len(history):
        raise StateError(
            f"player_history holds {hands_count(len(rows))}, but the history "
            f"{hands_count(len(history))}: each player's scores are kept for hands the "
            "history records"
        )
    first = len(history) - len(rows)
    for number, row in enumerate(rows, first):
        teams = side_scores(cfg, row)
        if teams != history[number]:
            raise StateError(
                f"hand {number} (counting from 0): the players' scores {list(row)} make "
                f"the team scores {list(teams)}, but the history records "
                f"{list(history[number])}: a team scores the sum of its players' scores"
            )
    if rows and hand_scored(s.phase, s.ending):
        went_out = s.went_out
        scores = player_scores(
            cfg, s.hands, s.table, went_out=went_out, stock_ran_out=went_out is None
        )
        if rows[-1] != scores:
            raise StateError(
                f"the last hand's player scores {list(rows[-1])} are not {list(scores)}, "
                "what the hands and table of the hand just over score"
            )


def check_outcome(s: Position) -> None:
    n = s.players
    cfg = s.config
    went_out, won = s.went_out, s.winner
    phase = s.phase.name.lower()
    if s.ending is not None:
        _check_early_end(s)
        return
    if s.phase < Phase.HAND_OVER:
        if went_out is not None:
            raise StateError(
                f"went_out is {went_out} in phase {phase}: it names who went out of a hand "
                "that is over"
            )
        if won is not None:
            raise StateError(
                f"winner is {won} in phase {phase}: a game has a winner only once it is over"
            )
        return
    if went_out is not None and s.hands[went_out]:
        raise StateError(
            f"went_out is {went_out}, but player {went_out} still holds cards: the player "
            "who goes out has none left"
        )
    result = game_result(
        cfg,
        s.totals,
        hands_played=s.hand_number + 1,
        went_out_side=None if went_out is None else cfg.side_of(went_out, n),
    )
    if s.phase == Phase.HAND_OVER:
        if won is not None:
            raise StateError(
                f"winner is {won} in phase hand_over: a game has a winner only once it is over"
            )
        if result.over:
            raise StateError(
                f"the game is over after hand {s.hand_number} with totals "
                f"{list(s.totals)}, yet the phase is hand_over rather than game_over"
            )
        return
    if not result.over:
        raise StateError(
            f"the phase is game_over, but with totals {list(s.totals)} after "
            f"{s.hand_number + 1} of at most {cfg.hand_limit} hands the game goes on"
        )
    if won != result.winner:
        want = "nobody (a drawn game)" if result.winner is None else f"side {result.winner}"
        raise StateError(
            f"winner is {won}, but with totals {list(s.totals)} after "
            f"{s.hand_number + 1} hands the game is won by {want}"
        )


def _check_early_end(s: Position) -> None:
    """A game that ended early is over with no winner, in a hand cut short (nobody out) or
    between hands (the last hand scored as play left it)."""
    ending = s.ending
    assert ending is not None
    if s.phase != Phase.GAME_OVER:
        raise StateError(
            f"the game was {ending}, yet the phase is {s.phase.name.lower()} rather than "
            "game_over: an early end is the end of the game"
        )
    if s.winner is not None:
        raise StateError(
            f"winner is {s.winner}, but the game was {ending}: a game that ends early has no winner"
        )
    went_out = s.went_out
    if went_out is not None:
        if ending.during_hand:
            raise StateError(
                f"went_out is {went_out}, but the game was {ending}: nobody went out of a hand "
                "cut short"
            )
        if s.hands[went_out]:
            raise StateError(
                f"went_out is {went_out}, but player {went_out} still holds cards: the player "
                "who goes out has none left"
            )
    if ending.during_hand:
        return
    cfg = s.config
    over = game_result(
        cfg,
        s.totals,
        hands_played=s.hand_number + 1,
        went_out_side=None if went_out is None else cfg.side_of(went_out, s.players),
    ).over
    if over:
        raise StateError(
            f"the game was {ending}, but with totals {list(s.totals)} after "
            f"{s.hand_number + 1} of at most {cfg.hand_limit} hands it was over already"
        )


def check_dealer_draw(s: Position) -> None:
    drawn = s.dealer_draw
    if not drawn:
        return
    cfg = s.config
    n = s.players
    deck: Counter[int] = Counter(cfg.deck(n, jokers=False))
    size = sum(deck.values())
    for start in range(0, len(drawn), size):
        # The draw is from a jokerless deck; a fresh one is shuffled if it runs out.
        counts = Counter(drawn[start : start + size])
        for card, count in sorted(counts.items()):
            if not deck[card]:
                raise StateError(
                    f"{CARDS[card]} was drawn for the first deal, but that draw uses the "
                    "decks without jokers"
                )
            if count > deck[card]:
                raise StateError(
                    f"{CARDS[card]} was drawn {count} times for the first deal, but the "
                    f"decks hold {deck[card]}"
                )
    first = drawn_dealer(cfg, n, drawn)
    dealer = (first + s.hand_number) % n
    if s.dealer != dealer:
        raise StateError(
            f"dealer is {s.dealer}, but player {first} won the draw for the first deal, "
            f"so hand {s.hand_number} is dealt by player {dealer}"
        )


def check_has_a_move(s: Position) -> None:
    """The player to move has a legal move, and more than ``decline`` at a draw from an empty
    stock: play ends the hand there at once (:func:`~rummy500.play.engine.ends_without_a_take`),
    and a player's view of such a position would be refused."""
    if s.phase == Phase.GAME_OVER:
        return
    moves = generate(s)
    if not moves:
        raise StateError(
            f"player {s._current} has no legal move in phase "
            f"{s.phase.name.lower()}, yet the game is not over"
        )
    if s.phase == Phase.DRAW and ends_without_a_take(s.stock_size, moves):
        raise StateError(
            f"player {s._current} is to draw from an empty stock with no legal take from the "
            "discard pile: the hand ends at once then, so play never reaches this position"
        )


def check_cards(s: Position) -> None:
    deck: Counter[int] = Counter(s.config.deck(s.players))
    seen: Counter[int] = Counter()
    for hand in s.hands:
        seen.update(hand)
    seen.update(s.stock)
    seen.update(s.pile)
    for meld in s.table:
        seen.update(min(c, JOKER) for c in meld.cards)
    check_counts(seen, deck)
    missing = deck - seen
    if missing:
        shown = " ".join(str(CARDS[c]) for c in sorted(missing.elements()))
        raise StateError(f"cards missing from the position: {shown}")


def check_hand_sizes(s: Position) -> None:
    deal = s.config.deal_size[s.players]
    floating = s.config.floating
    for p, hand in enumerate(s.hands):
        if not hand and not floating:
            raise StateError(f"player {p} holds no cards, so the hand would be over")
    if s.table:
        return
    # With nothing melded yet, only draws and discards have happened: hands are as dealt.
    for p, hand in enumerate(s.hands):
        want = deal
        if p == s._current and s.phase == Phase.PLAY:
            want = deal + 1
            if s.owed is not None and len(hand) >= want:
                continue
        if len(hand) != want:
            raise StateError(
                f"player {p} holds {len(hand)} cards; with no melds on the table a hand "
                f"holds the {deal} dealt" + (" plus the card drawn" if want > deal else "")
            )


def _rows(rows: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    return [list(row) for row in rows]


def hands_count(n: int, kind: str = "") -> str:
    return f"{n} {kind}hand" + ("" if n == 1 else "s")


def check_counts(seen: Counter[int], deck: Counter[int]) -> None:
    """Refuse a card ``seen`` that is not in the ``deck`` or seen more often than it holds."""
    for card, count in sorted(seen.items()):
        if not deck[card]:
            raise StateError(f"{CARDS[card]} is not a card of this game's decks")
        if count > deck[card]:
            raise StateError(
                f"{CARDS[card]} appears {count} times, but the decks hold {deck[card]}"
            )
