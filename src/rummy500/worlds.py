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
(``take`` and ``call``) and not playing since (melds, lay-offs and discards).

**After the pile is turned over** (``empty_stock`` reuse_pile) a hidden card is no longer
anywhere: the stock ran out first, so each hidden card reached its place from one of the
hand's stocks, the deal's or a turned pile's. A card of a turned pile lay in the pile at the
reshuffle, so an opponent seen playing one drew it from that stock, and that draw is not a
card they still hold. An opponent therefore holds exactly as many hidden cards of each turned
pile as they drew from it unseen less those they were seen playing since, their other unknown
cards come from the deal, and the stock holds the rest of the last pile turned over. Counting
their draws alone would let them keep cards the log shows elsewhere, on the table, in the pile
or in another hand.

**What it assumes.** The deal and every draw from the stock are uniformly random, and the
opponents' choices are not modelled: every hidden card not known to be in a hand is equally
likely to be in any hidden slot (an opponent's unknown cards or the stock) that the log leaves
it. Within those constraints the world is drawn uniformly: each way of placing the hidden
cards, counting the copies of a card in a multi-deck game as different cards, is equally
likely. Some things are approximate. With copies of a card (several decks, or jokers), a card
played by an opponent who had taken an equal card is taken to be the taken copy, so they are
known to hold one copy fewer than they may; after a reshuffle a copy they play is read as the
copy of the newest turned pile they can have drawn it from, which is one history the log
allows but not the only one; and when that reading does not add up, the worlds keep only the
stock to cards of the last pile turned over, and may then be ones the log rules out. An
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
from rummy500.errors import StateError, describe_value
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
    event_problem,
)
from rummy500.phases import Phase
from rummy500.rules import MAX_PLAYERS
from rummy500.state import PlayerView, State, state_behind_view

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

    __slots__ = (
        "_guesses",
        "_known",
        "_last_pile",
        "_pile",
        "_players",
        "_room",
        "_turned",
        "events",
    )

    def __init__(self, players: int) -> None:
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not 1 <= players <= MAX_PLAYERS
        ):
            raise StateError(
                f"players must be a number of players from 1 to {MAX_PLAYERS}, not "
                f"{describe_value(players)}"
            )
        self._players = players
        #: How many events it has read.
        self.events = 0
        #: Cards each player holds for sure, by the log alone (no card counted zero times).
        self._known: list[Counter[Card]] = [Counter() for _ in range(players)]
        #: The pile, followed from the deal so that a reshuffle says which cards became the
        #: stock; ``None`` for a log that does not start with the deal, which cannot say that.
        self._pile: list[Card] | None = None
        #: For each time the pile was turned over this hand, oldest first: the cards of that
        #: pile that nobody has seen since (in the stock, or drawn unseen and still held).
        self._turned: list[Counter[Card]] = []
        #: For each of those stocks, how many cards each player drew from it unseen and has
        #: not been seen playing since: how many of its cards they hold now.
        self._room: list[list[int]] = []
        #: The plays read as cards drawn from a turned pile, as (which pile, player, card),
        #: oldest first: a copy of the card drawn in sight later shows one of them wrong.
        self._guesses: list[tuple[int, int, Card]] = []
        #: The whole pile last turned over, or ``None`` (no reshuffle, or one of a log that
        #: does not start with the deal, which cannot say what was turned over).
        self._last_pile: Counter[Card] | None = None

    def read(self, events: Iterable[Event]) -> None:
        """Read ``events``, the next events of the log (the first, for a new reader).

        Raises :class:`~rummy500.errors.StateError`, having read none of them, when one is not
        an event of a game of the reader's number of players.
        """
        players = self._players
        events = tuple(events)
        for i, event in enumerate(events):
            problem = event_problem(event, players)
            if problem is not None:
                raise StateError(f"events[{i}] {problem}")
        known = self._known
        pile = self._pile
        turned = self._turned
        read = 0
        for event in events:
            read += 1
            kind = type(event)
            if kind is Dealt:
                assert isinstance(event, Dealt)
                known = self._known = [Counter() for _ in range(players)]
                pile = self._pile = list(event.pile)
                turned = self._turned = []
                self._room = []
                self._guesses = []
                self._last_pile = None
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
                    elif turned:
                        self._reveal(event.player, physical)
                if kind is Discarded and pile is not None:
                    assert isinstance(event, Discarded)
                    pile.append(event.card)
            elif kind is Drew and turned:
                assert isinstance(event, Drew)
                if event.card is None:
                    self._room[-1][event.player] += 1
                else:
                    self._drawn(event.card)
            elif kind is Reshuffled:
                if pile is None:
                    self._last_pile = None
                    turned.clear()
                    self._room.clear()
                else:
                    self._last_pile = Counter(pile)
                    turned.append(self._last_pile.copy())
                    self._room.append([0] * players)
                    pile = self._pile = []
        self.events += read

    def _reveal(self, player: int, card: Card) -> None:
        """``player`` played ``card``, not one they were known to hold: if it is a card of a
        pile turned over since the deal, they drew it unseen from that stock, and hold one
        card of it fewer than they drew.

        A card with no copy is the turned one exactly when a turned pile still hides it. With
        copies (several decks, jokers) the card may be another copy, from the deal or an older
        stock: it is taken to be the copy of the newest stock the player drew from and still
        holds cards of, which is always one possible history but not the only one."""
        for i in range(len(self._turned) - 1, -1, -1):
            turned, room = self._turned[i], self._room[i]
            if turned[card] > 0 and room[player] > 0:
                turned[card] -= 1
                room[player] -= 1
                self._guesses.append((i, player, card))
                return

    def _drawn(self, card: Card) -> None:
        """``card`` was drawn in sight from the stock: no longer one of its hidden cards.

        If no hidden copy of it was left there, a copy another player was read as drawing
        from this stock and playing was another copy after all (one they held before): they
        still hold the card they drew instead."""
        last = len(self._turned) - 1
        turned = self._turned[last]
        if turned[card] <= 0:
            for g in range(len(self._guesses) - 1, -1, -1):
                i, player, guessed = self._guesses[g]
                if i == last and guessed == card:
                    del self._guesses[g]
                    turned[card] += 1
                    self._room[last][player] += 1
                    break
        turned[card] -= 1

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
        if isinstance(position, PlayerView):
            players = len(position.hand_sizes)
        elif isinstance(position, State):
            players = position.players
        else:
            raise StateError(
                f"position must be a State or a PlayerView, not {describe_value(position)}"
            )
        if players != self._players:
            raise StateError(
                f"position is of a {players}-player game, but this reader reads the log of a "
                f"{self._players}-player game"
            )
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
    _check_view(view)
    if not isinstance(public, bool):
        raise StateError(f"public must be True or False, not {describe_value(public)}")
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

    ``rng`` is a :class:`random.Random` (or a subclass, such as :class:`random.SystemRandom`);
    anything else, ``None`` or a numpy ``Generator`` included, is refused with
    :class:`~rummy500.errors.StateError`: the same ``random.Random`` seed always deals the
    same world. (To drive it from a numpy generator, seed one from it:
    ``random.Random(int(generator.integers(2**63)))``.)
    """
    _check_view(view)
    if not isinstance(rng, random.Random):
        raise StateError(
            "rng must be a random.Random, such as random.Random(0) (seed one from a numpy "
            f"Generator if need be), not {describe_value(rng)}"
        )
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

    groups = _groups(unseen, knowledge, slots, view.stock_size, me)
    world = None
    for _ in range(_MAX_REDEALS):
        stock, dealt = _deal(groups, slots, view.stock_size, rng)
        hands = tuple(
            view.hand if p == me else tuple(sorted((*known[p].elements(), *dealt[p])))
            for p in range(players)
        )
        world = _state(view, hands, stock, rng)
        if not _mover_is_hidden(view) or world.legal_moves():
            return world
    assert world is not None
    return world


def _check_view(view: object) -> None:
    """Refuse a ``view`` that is not a :class:`PlayerView` (every view is consistent: views
    are checked when they are built)."""
    if not isinstance(view, PlayerView):
        raise StateError(
            f"view must be a PlayerView, such as state.view(player), not {describe_value(view)}"
        )


#: Hidden cards that lie in the same kind of place, and how many of them each player holds (the
#: stock has the rest of the first group); see :func:`_groups`. ``None`` for the counts marks
#: the looser split of :func:`_loose`.
_Group = tuple[list[Card], list[int] | None]


def _groups(
    unseen: Counter[Card],
    knowledge: KnownCardsReader,
    slots: list[int],
    stock_size: int,
    me: int,
) -> list[_Group]:
    """The hidden cards, split by where they can have gone since they were last seen.

    Without a reshuffle every hidden card may be in any unknown slot or in the stock: one
    group. A reshuffle comes only once the stock is empty, so after one each hidden card came
    to its place from one of the hand's stocks: the deal's (the dealt hands included), or a
    turned pile's. A player holds exactly as many hidden cards of a turned pile as they drew
    from it unseen less those they were seen playing since (a card of it they played cannot
    have been in their hand before, as it lay in the pile at the reshuffle); the rest of their
    unknown slots hold cards of the deal; the stock holds the rest of the last pile. Counting
    only draws, as if the cards played since were still held, lets a player hold cards that
    the log puts elsewhere. Every placement that keeps these counts is one the log allows
    (the cards seen played were drawn earliest, the others in any order), and every placement
    the log allows keeps them: the worlds are dealt group by group, each uniformly, which is
    uniform over the consistent worlds. Groups that do not add up (copies of a card read as
    the wrong copy, see :meth:`KnownCardsReader._reveal`) fall back to :func:`_loose`.
    """
    turned = knowledge._turned
    if not turned:
        return [(list(unseen.elements()), slots)]
    groups: list[_Group] = []
    older = unseen.copy()
    rest = slots[:]
    last = len(turned) - 1
    for i, (cards, room) in enumerate(zip(turned, knowledge._room, strict=True)):
        counts = [0 if p == me else n for p, n in enumerate(room)]
        left = stock_size if i == last else 0
        if any(n < 0 for n in cards.values()) or cards.total() != sum(counts) + left:
            return _loose(unseen, knowledge, slots, stock_size)
        older.subtract(cards)
        rest = [n - k for n, k in zip(rest, counts, strict=True)]
        groups.append((list(cards.elements()), counts))
    if any(n < 0 for n in older.values()) or any(n < 0 for n in rest):
        return _loose(unseen, knowledge, slots, stock_size)
    # The last turned pile goes first: the stock is dealt from the first group.
    groups.reverse()
    groups.append((list(older.elements()), rest))
    return groups


def _loose(
    unseen: Counter[Card], knowledge: KnownCardsReader, slots: list[int], stock_size: int
) -> list[_Group]:
    """The split when the counts of :func:`_groups` are not known: the stock holds hidden
    cards of the last pile turned over, and any other hidden card may be in any unknown slot
    (not exact: some of these worlds are ones the log rules out)."""
    turned = knowledge._last_pile
    may = unseen if turned is None else unseen & turned
    if may.total() < stock_size:
        may = unseen
    return [(list(may.elements()), None), (list((unseen - may).elements()), slots)]


def _deal(
    groups: list[_Group], slots: list[int], stock_size: int, rng: random.Random
) -> tuple[tuple[Card, ...], list[list[Card]]]:
    """The stock and each player's unknown cards, each group dealt at random."""
    cards = groups[0][0][:]
    rng.shuffle(cards)
    stock = tuple(cards[:stock_size])
    dealt: list[list[Card]]
    if len(groups) == 1 or groups[0][1] is None:
        if len(groups) > 1:
            # The looser split: the stock's cards left over may be anywhere, as the rest.
            cards = cards[stock_size:] + groups[1][0]
            rng.shuffle(cards)
            start = 0
        else:
            start = stock_size
        dealt = []
        for n in slots:
            dealt.append(cards[start : start + n])
            start += n
        return stock, dealt
    dealt = [[] for _ in slots]
    for g, (group, counts) in enumerate(groups):
        if g:
            cards = group[:]
            rng.shuffle(cards)
        start = stock_size if g == 0 else 0
        assert counts is not None
        for p, n in enumerate(counts):
            dealt[p] += cards[start : start + n]
            start += n
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
    return state_behind_view(
        view, hands, stock, current=view.current_player, seed=rng.getrandbits(32), log=view.log
    )
