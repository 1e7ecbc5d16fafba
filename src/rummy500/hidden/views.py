"""What one player may know of a game: :class:`PlayerView` and its check.

A view holds no other hand and not the stock order. :meth:`State.view
<rummy500.State.view>` builds one at every step of a bot's play, through
:data:`build_view`, straight from the state's own values; a view built any other way (by hand,
with :func:`attrs.evolve`, by loading) is checked by :meth:`PlayerView.validate`, which runs the
checks of :mod:`rummy500.hidden.viewchecks` and builds a *witness*, a whole position that shows
the player all the view shows (with the hidden cards dealt as the log allows, see
:mod:`rummy500.hidden.knowledge`), to run the checks of :mod:`rummy500.play.validation` on it.
:func:`position_behind_view` builds such a position for anything that has placed the hidden
cards itself (the sampling of worlds).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Final, NamedTuple, TypeVar

import attrs

from rummy500.core.cards import CARDS, JOKER, Card
from rummy500.core.errors import ConfigError, StateError
from rummy500.core.fastbuild import draft_builder, lazy_slot
from rummy500.core.phases import Ending, OwedUse, Phase, hand_scored
from rummy500.drawing.composing import view_scene
from rummy500.drawing.picture import draw
from rummy500.hidden.facts import completions, deal_meeting, mover_need, need_problem
from rummy500.hidden.infotext import listed
from rummy500.hidden.knowledge import HiddenReading, LogReader, deal_groups, hidden_cards
from rummy500.hidden.viewchecks import (
    check_view_mover,
    check_view_types,
    log_problem,
    score_problem,
)
from rummy500.melds.table import TableMeld
from rummy500.play.events import Event, event_problem, quoted_event
from rummy500.play.movegen import generate
from rummy500.play.moves import Move
from rummy500.play.position import Position
from rummy500.play.validation import (
    check_basics,
    check_counts,
    check_dealer_draw,
    check_hand_number,
    check_hand_sizes,
    check_has_a_move,
    check_history,
    check_outcome,
    check_player_history,
    check_score_rows,
    check_turn,
    hands_count,
)
from rummy500.rules.config import RuleConfig

__all__ = [
    "PlayerView",
    "build_view",
    "position_behind_view",
]

P = TypeVar("P", bound=Position)


@attrs.frozen(weakref_slot=False)
class PlayerView:
    """What one player may know of a state: no other hand and not the stock order.

    Every public field of a state is here under the same name except the hands (only
    ``hand``, the player's own, and ``hand_sizes``), the stock (only ``stock_size``) and the
    seed (which would tell the stock order). Where the record of the game starts
    (``history_start``, ``start_totals``) follows from the hand number, the totals and the
    history, so it is read off them rather than kept.
    """

    #: The player whose view this is, and the scoring side (team, or the player alone).
    player: int
    side: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    current_player: int
    #: The player's legal moves when it is their turn (they depend only on what they know).
    legal_moves: tuple[Move, ...]
    config: RuleConfig
    hand_number: int
    dealer: int
    phase: Phase
    pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    owed: Card | None
    owed_use: OwedUse
    kept: Card | None
    discarder: int | None
    turn: int
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    #: Each player's score of the finished hands (see :attr:`State.player_history
    #: <rummy500.play.position.Position.player_history>`).
    player_history: tuple[tuple[int, ...], ...]
    went_out: int | None
    winner: int | None
    #: The cards drawn to choose the first dealer (drawn face up for everyone to see).
    dealer_draw: tuple[Card, ...]
    #: What happened in the hand so far as this player saw it (see :attr:`State.log
    #: <rummy500.play.position.Position.log>`): their own stock draws show the card, other
    #: players' do not, and the deal shows only their own cards; everything else is public.
    #: A view from :meth:`State.view <rummy500.State.view>` reads it off the state on
    #: its first read (many players never look), keeping the state until then.
    log: tuple[Event, ...] = ()
    #: How the game ended early (see :attr:`State.ending
    #: <rummy500.play.position.Position.ending>`), public to every player.
    ending: Ending | None = None

    def __attrs_post_init__(self) -> None:
        # Views built by State.view skip __init__ (and this): their values are the state's.
        # Every view built any other way (by hand, attrs.evolve, loading) is checked here.
        self.validate()

    def validate(self) -> None:
        """Check that this view is consistent: that it could be a player's view of a valid
        :class:`~rummy500.State`. Raise :class:`~rummy500.StateError` saying why not.

        Every view built through the constructor (by hand, with :func:`attrs.evolve`, or loaded
        with :func:`rummy500.from_data`) is checked on construction, so a view in hand
        is always consistent; :meth:`State.view <rummy500.State.view>` builds its views
        straight from the state, without the check. Checked: the types of the fields; ``player``
        and ``side``; the hand (sorted, of the size ``hand_sizes`` gives); the number of players
        (one hand size each); the player to move for the phase; the cards (the hand, the pile,
        the table and a card owed or kept by another player never more than the decks hold, and
        with the other hands and the stock as many as the decks hold); and all that
        :meth:`State.validate <rummy500.State.validate>` checks of what the view shows
        (the table melds and their ids, the turn, the hand number, the owed, kept card and
        discarder for the phase, the scores and their history, who went out and who won, an
        early end of the game (over, with no winner, the hand it cut short unscored), the
        first dealer's draw). The ``legal_moves`` are those of the player when they are to move,
        and none otherwise. The :attr:`log`'s events name only players of the game and show only
        cards, and only what the player saw. The log agrees with the view (see
        :func:`rummy500.hidden.viewchecks.log_problem`): its events show only cards of the game's
        decks (no joker in a game without jokers); a pile is turned over only under ``empty_stock``
        reuse_pile; the deal is the first event, of the view's hand number and dealer; when the
        log has the deal, the player's cards dealt, drawn and taken, less those they melded,
        laid off and discarded, are their hand; every meld laid down is on the table, and a
        lay-off or a join names a meld of the table laid down before; a decline is followed by
        the hand's end, and the hand's end is the last event, of a hand that is over, with the
        view's hand number, player out, last scores, totals and winner.

        In a hand in play, what the log tells of the cards the player cannot see is replayed as
        :func:`rummy500.toolkit.sample_world` reads it (see :mod:`rummy500.hidden.knowledge`): the
        cards an opponent took from the pile and has not played since are in their hand, and
        after the pile was turned over each hidden card is where the stock it came from puts
        it. What play makes public is used too (see :mod:`rummy500.hidden.facts`): an opponent in
        the middle of a turn with a card owed (or kept) holds a hand with a legal move, which for
        an owed card is one that uses it; an opponent to draw from an empty stock holds a hand
        with a legal take, since otherwise the hand would have ended. So a view passes exactly
        when a world that agrees with all the player saw exists, and then ``sample_world``
        deals one (after the pile was turned over, with copies of a card, the search for a hand
        that meets those facts tries a few readings of the log rather than all of them). The
        one exception is a log whose search for a reading reaches
        :data:`~rummy500.hidden.attribution.SEARCH_WORK_CEILING` without finding one or showing that
        none exists: it is accepted, since real hands lead to such logs (eight players with
        two decks near the default turn limit), and its worlds are dealt without the reading
        (see :class:`~rummy500.RelaxedWorldWarning`).

        In a hand just over, the last hand's scores are checked against what the player sees
        (see :func:`rummy500.hidden.viewchecks.score_problem`): a side's score (and in
        partnerships each player's) is exact when all its hands are known, the player's own and
        any hand of no cards (the player who went out), and otherwise lies between the fewest and
        the most points its hidden cards can count, drawn from the cards the player does not
        see. The log is not checked against the rules of play move by move.
        """
        check_view_types(self)
        n = len(self.hand_sizes)
        config = self.config
        try:
            config.check_players(n)
        except ConfigError as exc:
            raise StateError(f"hand_sizes has one size for each player: {exc}") from exc
        me = self.player
        if not 0 <= me < n:
            raise StateError(f"player must be a player from 0 to {n - 1}, not {me}")
        side = config.side_of(me, n)
        if self.side != side:
            raise StateError(f"side is {self.side}, but player {me} plays for side {side}")
        if list(self.hand) != sorted(self.hand):
            raise StateError(f"hand must be sorted, as in a state: {listed(self.hand)}")
        if len(self.hand) != self.hand_sizes[me]:
            raise StateError(
                f"player {me} holds {len(self.hand)} cards, but hand_sizes gives "
                f"{self.hand_sizes[me]}"
            )
        check_view_mover(self.phase, self.current_player, n)
        for i, event in enumerate(self.log):
            problem = event_problem(event, n)
            if problem is None and not event._public and event.seen_by(me) != event:
                problem = f"shows a card that player {me} did not see"
            if problem is not None:
                raise StateError(f"the log event log[{i}]{quoted_event(event)} {problem}")
        if self.history_start < 0:
            # A view's record start is read off its history: more rows than hands finished.
            finished = len(self.history) + self.history_start
            raise StateError(
                f"the history holds {hands_count(len(self.history))}, but hand_number "
                f"{self.hand_number} (counting from 0) in phase {self.phase.name.lower()} means "
                f"{hands_count(finished, 'finished ')}: the history records finished hands only"
            )
        # Where the record starts is read off the rows (start_totals): check their widths first.
        check_score_rows(config.sides(n), self.totals, self.history)
        deck = Counter(config.deck(n))
        over = hand_scored(self.phase, self.ending)
        problem = log_problem(
            self.log,
            config=config,
            deck=deck,
            me=me,
            hand=self.hand,
            phase=self.phase,
            hand_number=self.hand_number,
            dealer=self.dealer,
            table=self.table,
            went_out=self.went_out,
            last_scores=self.history[-1] if over and self.history else None,
            totals=self.totals,
            winner=self.winner,
            ending=self.ending,
        )
        if problem is not None:
            raise StateError(problem)
        whole = _whole_from_view(self)
        check_basics(whole)
        if whole.phase < Phase.HAND_OVER:
            check_hand_sizes(whole)
        check_turn(whole)
        check_hand_number(whole)
        # The record of a hand just over is checked as the next hand's would be: its last
        # row's scores depend on the hands the player cannot see (a hand cut short by an
        # early end has none: its record is checked as the hand's own).
        record = (
            whole
            if whole.phase < Phase.HAND_OVER
            else whole._replace(phase=Phase.DRAW, hand_number=whole.hand_number + over, ending=None)
        )
        check_history(record)
        check_player_history(record)
        if over and self.history:
            _check_last_scores(self, deck)
        check_outcome(whole)
        check_dealer_draw(whole)
        legal: tuple[Move, ...] = ()
        if self.current_player == me:
            legal = generate(whole)
            if not legal:
                check_has_a_move(whole)  # refuses, saying so
        if self.legal_moves != legal:
            whose = (
                f"the {len(legal)} legal moves of player {me}, who is to move"
                if legal
                else f"empty: player {me} is not to move"
            )
            raise StateError(
                f"legal_moves must be {whose}, not {len(self.legal_moves)} other moves"
            )

    @property
    def history_start(self) -> int:
        """The number of the first hand :attr:`history` records (see
        :attr:`State.history_start <rummy500.play.position.Position.history_start>`): read off the
        hand number and the rows of the history, so it is not a field of its own."""
        scored = hand_scored(self.phase, self.ending)
        return self.hand_number + scored - len(self.history)

    @property
    def start_totals(self) -> tuple[int, ...]:
        """Each side's total where the record of the game starts (see
        :attr:`State.start_totals <rummy500.play.position.Position.start_totals>`): the totals less
        the column sums of :attr:`history`."""
        history = self.history
        return tuple(t - sum(row[s] for row in history) for s, t in enumerate(self.totals))

    def _repr_svg_(self) -> str:
        """The picture of the table from this view's player's seat, the other hands face down,
        as Jupyter shows a view (:func:`rummy500.pictures.svg` draws it with options)."""
        return draw(view_scene(self, self.hand, self.player, self.hand_sizes))


def _whole_from_view(view: PlayerView) -> Position:
    """A whole state of which ``view`` shows all it shows, for :meth:`PlayerView.validate`:
    the cards the player does not see dealt to the other hands and the stock, in a hand in
    play as the log allows (see :func:`_dealt_by_log`), in order otherwise. Refuses cards the
    decks cannot hold and a log that contradicts the view."""
    config = view.config
    sizes = view.hand_sizes
    n = len(sizes)
    me = view.player
    playing = view.phase < Phase.HAND_OVER
    mover = view.current_player if playing else 0
    known: list[Card] = []
    if playing and mover != me:
        known = sorted({c for c in (view.owed, view.kept) if c is not None})
    deck: Counter[int] = Counter(config.deck(n))
    seen: Counter[int] = Counter(view.hand)
    seen.update(view.pile)
    seen.update(known)
    for meld in view.table:
        seen.update(min(c, JOKER) for c in meld.cards)
    check_counts(seen, deck)
    on_table = sum(len(meld.cards) for meld in view.table)
    size = deck.total()
    if sum(sizes) + view.stock_size + len(view.pile) + on_table != size:
        raise StateError(
            f"the hands hold {sum(sizes)} cards, the stock {view.stock_size}, the pile "
            f"{len(view.pile)} and the table {on_table}, but the decks hold {size} cards"
        )
    for p, held in enumerate(sizes):
        mine = known if p == mover and p != me else []
        if held < len(mine):
            raise StateError(
                f"player {p} holds {held} cards, but the owed and kept cards "
                f"{listed(mine)} are in their hand"
            )
    if playing:
        hands, stock = _dealt_by_log(view, mover)
    else:
        # A hand just over: the log's record of it is not dealt from (nothing hidden is in
        # play), so the other hands get the hidden cards in order.
        hidden = sorted((deck - seen).elements())
        hands = []
        for p, held in enumerate(sizes):
            if p == me:
                hands.append(view.hand)
                continue
            hands.append(tuple(CARDS[c] for c in hidden[:held]))
            del hidden[:held]
        stock = tuple(CARDS[c] for c in hidden)
    return position_behind_view(Position, view, tuple(hands), stock, current=mover)


def _check_last_scores(view: PlayerView, deck: Counter[Card]) -> None:
    """Refuse a last hand's scores that the hands just over cannot score: exact where every
    hand of a side is known (the viewer's, or empty), within what its hidden cards can count
    otherwise (see :func:`rummy500.hidden.viewchecks.score_problem`)."""
    unseen = deck.copy()
    unseen.subtract(view.hand)
    unseen.subtract(view.pile)
    for meld in view.table:
        unseen.subtract(c.physical for c in meld.cards)
    config = view.config
    rows = view.player_history
    problem = score_problem(
        config,
        view.player,
        view.hand,
        view.hand_sizes,
        view.table,
        +unseen,
        view.went_out,
        view.history[-1],
        rows[-1] if config.team_size > 1 and rows else None,
    )
    if problem is not None:
        raise StateError(problem)


def position_behind_view(
    cls: type[P],
    view: PlayerView,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    *,
    current: int,
    seed: int = 0,
    log: tuple[Event, ...] = (),
) -> P:
    """A whole state that shows ``view``'s player all that ``view`` shows, with the hidden
    cards placed as given: ``hands`` (``view.hand`` among them) and ``stock``. Nothing is
    checked here: the view's own check and the sampling of worlds build it from what they
    have checked."""
    return cls._of(
        config=view.config,
        seed=seed,
        hand_number=view.hand_number,
        dealer=view.dealer,
        phase=view.phase,
        current=current,
        hands=hands,
        stock=stock,
        pile=view.pile,
        table=view.table,
        owed=view.owed,
        totals=view.totals,
        history=view.history,
        player_history=view.player_history,
        history_start=view.history_start,
        start_totals=view.start_totals,
        went_out=view.went_out,
        winner=view.winner,
        dealer_draw=view.dealer_draw,
        turn=view.turn,
        kept=view.kept,
        owed_use=view.owed_use,
        discarder=view.discarder,
        ending=view.ending,
        log=log,
    )


class HiddenOfView(NamedTuple):
    """What a view's log says of the cards its player does not see, in a hand in play: the
    cards each player is known to hold (the viewer's entry empty), the cards hidden from the
    viewer, the reading of which stock each came from, and what play makes public of the
    player to move (:func:`~rummy500.hidden.facts.mover_need`)."""

    known: list[Counter[Card]]
    unseen: Counter[Card]
    slots: list[int]
    reading: HiddenReading
    need: str | None


def read_hidden(view: PlayerView, reader: LogReader, mover: int) -> HiddenOfView:
    """The hidden cards of ``view``, a view of a hand in play with ``mover`` to move, as the
    log ``reader`` has read tells them: the one reading that both the check of a view (its
    witness) and the worlds dealt for it start from."""
    me = view.player
    known = reader.held(True, mover, view.owed, view.kept)
    known[me] = Counter()
    seen = Counter(view.hand)
    seen.update(view.pile)
    for meld in view.table:
        seen.update(c.physical for c in meld.cards)
    deck = Counter(view.config.deck(len(view.hand_sizes)))
    unseen, slots = hidden_cards(deck, seen, known, view.hand_sizes, me)
    reading = HiddenReading(reader, me, deck, unseen, slots, view.stock_size)
    need = mover_need(view.phase, mover, me, view.stock_size, view.owed, view.kept)
    return HiddenOfView(known, unseen, slots, reading, need)


def _dealt_by_log(view: PlayerView, mover: int) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """The hands and the stock of a witness of ``view``, a view of a hand in play with
    ``mover`` to move: the cards the player does not see dealt, in order, in a way the log
    allows (see :mod:`rummy500.hidden.knowledge`); a card owed or kept by another player is in their
    hand. Refuses a log that contradicts the view, saying how."""
    sizes = view.hand_sizes
    n = len(sizes)
    me = view.player
    reader = LogReader(n)
    reader.read(view.log)
    known, hidden, _, reading, need = read_hidden(view, reader, mover)
    config = view.config

    def hands_of(dealt: list[list[Card]]) -> list[tuple[Card, ...]]:
        return [
            view.hand if p == me else tuple(sorted((*known[p].elements(), *dealt[p])))
            for p in range(n)
        ]

    if need is None:
        stock, dealt = deal_groups(reading.split(None), view.stock_size, None)
        return hands_of(dealt), stock

    def build(stock: tuple[Card, ...], dealt: list[list[Card]]) -> Position:
        return position_behind_view(Position, view, tuple(hands_of(dealt)), stock, current=mover)

    tries = completions(
        need,
        config,
        view.table,
        view.pile,
        view.owed,
        view.owed_use,
        known[mover],
        hidden,
        sizes[mover],
    )
    witness = deal_meeting(need, reading, mover, view.stock_size, tries, build, None)
    if witness is None:
        raise StateError(need_problem(need, mover, view.owed, view.owed_use, view.kept))
    return list(witness.hands), witness.stock


#: Builds a :class:`PlayerView` from its fields' values, in field order, unchecked: for
#: :meth:`State.view <rummy500.State.view>`, whose values are the state's own (see
#: :mod:`rummy500.core.fastbuild`; the view's ``__init__`` would check it, which costs more than
#: the rest of the view).
build_view: Final[Callable[..., PlayerView]] = draft_builder(PlayerView)

# State.view gives the log as a fastbuild.Later: most bots never read it.
lazy_slot(PlayerView, "log")
