"""Determinization: whole states a player cannot tell from the one they are in.

A player's :class:`~rummy500.state.PlayerView` leaves out the other hands and the order of the
stock. :func:`sample_world` deals those hidden cards at random, consistently with everything
the player knows, and returns a complete :class:`~rummy500.state.State` to play on: the
building block of search bots that plan over the player's information set (Monte Carlo, or
information-set MCTS as in :mod:`rummy500.bots`).

    >>> import random
    >>> import rummy500
    >>> from rummy500 import sample_world
    >>> state = rummy500.new_game(players=3, seed=5)
    >>> view = state.view(1)
    >>> world = sample_world(view, random.Random(0))
    >>> world.view(1) == view
    True

**What a sampled world keeps.** The player's own hand, the table, the discard pile, every hand
size and the stock size, the phase, the turn, whose move it is, the owed and kept cards, the
scores, and the log of the hand as the player saw it, so that ``world.view(player) == view``
(legal moves included). An opponent holds every card the log shows them taking from the pile
(``take`` and ``call``) and not playing since (melds, lay-offs and discards); after the pile
was turned over as a new stock (``empty_stock`` reuse_pile), the stock holds only cards of that
pile, and an opponent holds no more of them than they drew since.

**What it assumes.** The deal and every draw from the stock are uniformly random, and the
opponents' choices are not modelled: every hidden card not known to be in a hand is equally
likely to be in any hidden slot (an opponent's unknown cards or the stock). Within those
constraints the world is drawn uniformly: each way of placing the hidden cards, counting the
copies of a card in a multi-deck game as different cards, is equally likely. Two things are
approximate. With several decks, a card played by an opponent who had taken an equal card is
taken to be the taken copy, so they are known to hold one copy fewer than they may. And an
opponent who is in the middle of a turn with a card owed from a take is only required to hold
a hand that leaves them a legal move, not exactly the hands that made the take legal.

The world's seed (which decides later deals and reshuffles) is drawn from ``rng``, and its log
is the view's: the other players' cards in it stay hidden, since the world does not say how
they came to be where they are.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Final

from rummy500.cards import Card, make_deck
from rummy500.errors import StateError
from rummy500.events import (
    Called,
    Dealt,
    Discarded,
    Drew,
    Event,
    LaidOff,
    Melded,
    Reshuffled,
    Took,
)
from rummy500.phases import Phase
from rummy500.state import PlayerView, State

__all__ = ["KnownCardsReader", "known_cards", "sample_world"]

#: How many times the hidden cards are dealt again, at most, before a world that leaves the
#: opponent to move without a legal move is returned anyway (it never came near in testing).
_MAX_REDEALS: Final = 1000


class KnownCardsReader:
    """:func:`known_cards` with ``public=True``, read one event at a time: for a log that grows.

    Give :meth:`read` the events of a hand's log as one player saw it, oldest first, all at
    once or as they come; :meth:`cards` then gives what :func:`known_cards` with
    ``public=True`` gives for a view with that log. Reading only the events added since the
    last call costs only those events::

        >>> import rummy500
        >>> from rummy500 import KnownCardsReader, known_cards
        >>> state = rummy500.new_game(players=3, seed=5)
        >>> reader = KnownCardsReader(3)
        >>> reader.read(state.seen_log(1))
        >>> for move in state.legal_moves()[:1]:
        ...     state = state.apply(move)
        >>> reader.read(state.seen_log(1)[reader.events :])
        >>> reader.cards(state) == known_cards(state.view(1), public=True)
        True

    :meth:`counts` gives the same as counts of each card, without sorting. :func:`known_cards`
    is this reader given the whole log.
    """

    __slots__ = ("_draws", "_known", "_pile", "_players", "_reshuffled", "events")

    def __init__(self, players: int) -> None:
        self._players = players
        #: How many events it has read.
        self.events = 0
        #: Cards each player holds for sure, by the log alone (no card counted zero times).
        self._known: list[Counter[Card]] = [Counter() for _ in range(players)]
        #: The pile, followed from the deal so that a reshuffle says which cards became the
        #: stock; ``None`` for a log that does not start with the deal, which cannot say that.
        self._pile: list[Card] | None = None
        #: The pile last turned over as the stock, or ``None`` (no reshuffle, or not known).
        self._reshuffled: Counter[Card] | None = None
        #: Each player's stock draws since that reshuffle.
        self._draws: list[int] = [0] * players

    def read(self, events: Iterable[Event]) -> None:
        """Read ``events``, the next events of the log (the first, for a new reader)."""
        players = self._players
        known = self._known
        pile = self._pile
        read = 0
        for event in events:
            read += 1
            kind = type(event)
            if kind is Dealt:
                assert isinstance(event, Dealt)
                known = self._known = [Counter() for _ in range(players)]
                pile = self._pile = list(event.pile)
                self._reshuffled = None
                self._draws = [0] * players
            elif kind is Took or kind is Called:
                assert isinstance(event, Took)
                known[event.player].update(event.taken)
                if pile is not None:
                    del pile[len(pile) - len(event.taken) :]
            elif kind is Melded or kind is LaidOff or kind is Discarded:
                assert isinstance(event, Melded | LaidOff | Discarded)
                held = known[event.player]
                for card in event.cards:
                    physical = card.physical
                    count = held.get(physical, 0)
                    if count > 1:
                        held[physical] = count - 1
                    elif count:
                        del held[physical]
                if kind is Discarded and pile is not None:
                    assert isinstance(event, Discarded)
                    pile.append(event.card)
            elif kind is Drew:
                assert isinstance(event, Drew)
                self._draws[event.player] += 1
            elif kind is Reshuffled:
                self._reshuffled = None if pile is None else Counter(pile)
                self._draws = [0] * players
                if pile is not None:
                    pile = self._pile = []
        self.events += read

    def cards(self, position: State | PlayerView) -> tuple[tuple[Card, ...], ...]:
        """The cards each player is known to hold, sorted, one tuple per player, when the log
        read so far is that of ``position`` (a state or a player's view: its phase, player to
        move, and owed and kept card count too)."""
        return tuple(
            tuple(sorted(held.elements())) if held else () for held in self._held(position)
        )

    def counts(self, position: State | PlayerView) -> tuple[Mapping[Card, int], ...]:
        """The same as :meth:`cards`, as how many of each card each player is known to hold
        (the reader's own mappings: read them, do not change them)."""
        return tuple(self._held(position))

    def _held(self, position: State | PlayerView) -> list[Counter[Card]]:
        """What :meth:`cards` lists, as counters (the reader's own: not to be changed)."""
        out = list(self._known)
        # The owed or kept card was taken from the pile this turn, in plain sight.
        if position.phase < Phase.HAND_OVER:
            p = position.current_player
            for taken in (position.owed, position.kept):
                if taken is not None and taken not in out[p]:
                    if out[p] is self._known[p]:
                        out[p] = out[p].copy()
                    out[p][taken] = 1
        return out


def known_cards(view: PlayerView, *, public: bool = False) -> tuple[tuple[Card, ...], ...]:
    """The cards each player is known by ``view.player`` to hold, sorted, one tuple per player.

    The player's own entry is their hand. Another player's is every card the log shows them
    taking from the discard pile (and the card owed or kept this turn) that they have not
    played since. With ``public=True`` the player's own entry is read from the log in the
    same way: what every other player knows of their hand. :class:`KnownCardsReader` gives
    the same, reading a growing log one event at a time.
    """
    reader = KnownCardsReader(len(view.hand_sizes))
    reader.read(view.log)
    held = reader.cards(view)
    if public:
        return held
    return tuple(view.hand if p == view.player else cards for p, cards in enumerate(held))


def sample_world(view: PlayerView, rng: random.Random) -> State:
    """A complete state that ``view.player`` cannot tell from the one their view is of.

    The hidden cards (the decks less the player's hand, the table, the pile and the cards
    known to be in other hands) are dealt at random to the other players' unknown cards and to
    the stock; see the module's description for exactly what is kept and what is assumed.
    ``sample_world(view, rng).view(view.player) == view``. Raises
    :class:`~rummy500.errors.StateError` once the hand is over, and when the view's cards
    cannot be those of any state of its game.
    """
    if view.phase >= Phase.HAND_OVER:
        # The scores of a finished hand pin down the points left in every hand, which random
        # hands would not match; and nothing hidden is left that play depends on.
        raise StateError(
            f"the hand is over (phase {view.phase.name.lower()}): sample_world deals the hidden "
            "cards of a hand in play"
        )
    config = view.config
    players = len(view.hand_sizes)
    me = view.player
    knowledge = KnownCardsReader(players)
    knowledge.read(view.log)
    known = knowledge._held(view)
    known[me] = Counter()

    unseen = Counter(make_deck(config.decks[players], config.jokers_per_deck))
    unseen.subtract(view.hand)
    unseen.subtract(view.pile)
    for meld in view.table:
        unseen.subtract(c.physical for c in meld.cards)
    for held in known:
        unseen.subtract(held)
    if any(n < 0 for n in unseen.values()):
        extra = sorted(c for c, n in unseen.items() if n < 0)
        raise StateError(
            f"the view shows {' '.join(map(str, extra))} more often than the decks hold"
        )
    slots = [0 if p == me else view.hand_sizes[p] - known[p].total() for p in range(players)]
    if any(n < 0 for n in slots) or sum(slots) + view.stock_size != unseen.total():
        raise StateError(
            f"player {me}'s view cannot be of a whole state: {unseen.total()} cards are hidden, "
            f"but the other hands hold {sum(slots)} unknown cards and the stock {view.stock_size}"
        )

    pool = _pool(unseen, knowledge, view.stock_size)
    world = None
    for _ in range(_MAX_REDEALS):
        hidden = _deal(pool, slots, view.stock_size, knowledge._draws, rng)
        if hidden is None:
            continue
        stock, dealt = hidden
        hands = tuple(
            view.hand if p == me else tuple(sorted((*known[p].elements(), *dealt[p])))
            for p in range(players)
        )
        world = _state(view, hands, stock, rng)
        if not _mover_is_hidden(view) or world.legal_moves():
            return world
    if world is None:
        raise StateError("no deal of the hidden cards agrees with the reshuffled stock")
    return world


def _pool(
    unseen: Counter[Card], knowledge: KnownCardsReader, stock_size: int
) -> tuple[list[Card], list[Card] | None]:
    """The hidden cards in two lists: those that may be in the stock, and the rest (``None``
    when any hidden card may be anywhere)."""
    turned = knowledge._reshuffled
    if turned is None:
        return list(unseen.elements()), None
    may = unseen & turned
    if may.total() < stock_size:
        # Only with several decks, where a card seen since the reshuffle may have been another
        # copy: then the reshuffle is not used.
        return list(unseen.elements()), None
    return list(may.elements()), list((unseen - may).elements())


def _deal(
    pool: tuple[list[Card], list[Card] | None],
    slots: list[int],
    stock_size: int,
    draws: list[int],
    rng: random.Random,
) -> tuple[tuple[Card, ...], list[list[Card]]] | None:
    """The stock and each player's unknown cards, or ``None`` for a deal to throw away."""
    may, rest = pool
    cards = may[:]
    rng.shuffle(cards)
    stock = tuple(cards[:stock_size])
    dealt: list[list[Card]] = []
    start = 0
    if rest is None:
        for n in slots:
            dealt.append(cards[stock_size + start : stock_size + start + n])
            start += n
        return stock, dealt
    # After a reshuffle, the cards of the turned-over pile that are not in the stock were drawn
    # since: a player holds no more of them than they drew.
    tagged = [(c, True) for c in cards[stock_size:]] + [(c, False) for c in rest]
    rng.shuffle(tagged)
    for p, n in enumerate(slots):
        mine = tagged[start : start + n]
        start += n
        if sum(1 for _, fresh in mine if fresh) > draws[p]:
            return None
        dealt.append([c for c, _ in mine])
    return stock, dealt


def _mover_is_hidden(view: PlayerView) -> bool:
    """Whether another player is in the middle of a turn with a card owed or kept: a random
    hand may leave them no legal move, which no real position does."""
    return (
        view.phase == Phase.PLAY
        and view.current_player != view.player
        and (view.owed is not None or view.kept is not None)
    )


def _state(
    view: PlayerView,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    rng: random.Random,
) -> State:
    return State.of(
        config=view.config,
        seed=rng.getrandbits(32),
        hand_number=view.hand_number,
        dealer=view.dealer,
        phase=view.phase,
        current=view.current_player,
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
        log=view.log,
    )
