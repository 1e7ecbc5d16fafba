"""Determinization: whole states a player cannot tell from the one they are in.

A player's :class:`~rummy500.PlayerView` leaves out the other hands and the order of the
stock. :func:`sample_world` deals those hidden cards at random, consistently with everything
the player knows, and returns a complete :class:`~rummy500.State` to play on: the
building block of search bots that plan over the player's information set (Monte Carlo, or
information-set MCTS as in :mod:`rummy500.bots`).

    >>> import random
    >>> import rummy500
    >>> from rummy500.toolkit import sample_world
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
likely. With copies of a card (several decks, or jokers) the log may not say which stock a copy
an opponent played came from after a reshuffle. Each such play is read as coming from one
stock (see :mod:`rummy500.hidden.knowledge`), drawn in proportion to how many copies of the card the
player can be expected to hold from it, and the hidden cards are then placed uniformly as that
reading allows: every world is one the log leads to, and where one play is ambiguous the worlds
are exactly uniform over the histories, but with many ambiguous plays they are not exactly so
(the chance of a reading is not weighted by how many placements it leaves). With one copy of
each card the log leaves no choice and the worlds are uniform. A card played by an
opponent who had taken an equal card is read as the taken copy: the other readings lead to
worlds this one allows too.

**When the log cannot be read.** Deciding whether any reading exists is a hard search in
general; it is bounded by :data:`~rummy500.hidden.attribution.SEARCH_WORK_CEILING`. A view whose
search reaches the ceiling (among the benchmark's hands, only eight players with two decks near
the rules' default turn limit) has not been shown to be impossible, so its check accepts it;
its worlds are dealt as if no pile had been turned over (every hidden card may be in any
unknown slot), which keeps everything above but which stock each card came from, and each
such world comes with a :class:`~rummy500.RelaxedWorldWarning`. A search bot plays on
them as on any world.

**What play makes public** (see :mod:`rummy500.hidden.facts`). An opponent in the middle of a turn
with a card owed from a take (or a card kept) holds a hand that leaves them a legal move, one
that uses the owed card; an opponent to draw from an empty stock holds a hand with a legal take,
since otherwise the hand would have ended at once. Worlds are dealt as above and dealt again,
up to 1,000 times, until the mover's hand meets this: the worlds kept are then drawn exactly
from the worlds above that meet it (the opponent is only required to hold such a hand, not
exactly the hands that made their take legal). When no deal of those meets it (a hand the
log leaves rarely able to), one *completion* is drawn at random, with equal chance, among the
fewest hidden cards that would let the mover put the card down (see
:func:`rummy500.hidden.facts.completions`), placed in the mover's hand, and the other hidden cards
dealt uniformly around it; so such a world always meets the fact, but it is not drawn in
proportion to how many hands hold each completion. A world that breaks what play makes public
is never returned.

The world's seed (which decides later deals and reshuffles) is drawn from ``rng``, and its log
is the view's: the other players' cards in it stay hidden, since the world does not say how
they came to be where they are.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Mapping
from typing import Final

from rummy500.core.cards import Card
from rummy500.core.errors import RelaxedWorldWarning, StateError, describe_value
from rummy500.core.phases import Phase
from rummy500.game.state import State
from rummy500.hidden.attribution import SEARCH_WORK_CEILING
from rummy500.hidden.facts import completions, deal_meeting, meets, need_problem
from rummy500.hidden.knowledge import LogReader, deal_groups
from rummy500.hidden.views import PlayerView, position_behind_view, read_hidden
from rummy500.play.position import self_set

__all__ = ["KnownCardsReader", "WorldSampler", "known_cards", "sample_world"]

#: How many times the hidden cards are dealt again, at most, to give the opponent to move what
#: play makes public (a legal move, or at an empty stock a legal take), before one completion
#: that does is put in their hand (see :func:`rummy500.hidden.facts.completions`).
_MAX_REDEALS: Final = 1000


class KnownCardsReader(LogReader):
    """:func:`known_cards` with ``public=True``, read one event at a time: for a log that grows.

    Give :meth:`read` the events of a hand's log as one player saw it, oldest first, all at
    once or as they come; :meth:`cards` then gives what :func:`known_cards` with
    ``public=True`` gives for a view with that log. Reading only the events added since the
    last call costs only those events:

        >>> import rummy500
        >>> from rummy500.toolkit import KnownCardsReader, known_cards
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

    __slots__ = ()

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
        return self.held(
            position.phase < Phase.HAND_OVER,
            position.current_player,
            position.owed,
            position.kept,
        )


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
    ``sample_world(view, rng).view(view.player) == view``, and the world passes
    :meth:`State.validate <rummy500.State.validate>`; the opponent to move has a legal
    move, and at an empty stock a legal take, as play makes public. Raises
    :class:`~rummy500.StateError` once the hand is over. A view of a hand in play always
    has worlds: views are checked when they are built, against the log and what play makes
    public too
    (:meth:`PlayerView.validate <rummy500.PlayerView.validate>`). Warns with
    :class:`~rummy500.RelaxedWorldWarning` when the search for a reading of the log
    reaches its ceiling and the world is dealt without one (see the module's description).

    ``rng`` is a :class:`random.Random` (or a subclass, such as :class:`random.SystemRandom`);
    anything else, ``None`` or a numpy ``Generator`` included, is refused with
    :class:`~rummy500.StateError`: the same ``random.Random`` seed always deals the
    same world. (To drive it from a numpy generator, seed one from it:
    ``random.Random(int(generator.integers(2**63)))``.)

    Each call reads the view's log again; to deal many worlds of one view (a search does),
    read it once with :class:`WorldSampler`, which deals the same worlds.
    """
    _check_view(view)
    _check_rng(rng)
    return WorldSampler(view)._sample(rng, 3)


class WorldSampler:
    """:func:`sample_world` for one view, dealing as many worlds as asked: the view's log is
    read, and where the hidden cards can be is worked out, once, when the sampler is made.

    ``WorldSampler(view).sample(rng)`` deals the same world as ``sample_world(view, rng)``
    (from an ``rng`` in the same state), so a search that deals hundreds of worlds of the view
    it decides from makes one sampler and saves reading a long hand's log each time. Raises
    :class:`~rummy500.StateError` for a view that is not a :class:`PlayerView`, or of a
    hand that is over.

        >>> import random
        >>> from rummy500 import new_game
        >>> from rummy500.toolkit import WorldSampler
        >>> view = new_game(players=2, seed=5).view(0)
        >>> sampler = WorldSampler(view)
        >>> worlds = [sampler.sample(random.Random(seed)) for seed in range(3)]
        >>> all(world.view(0) == view for world in worlds)
        True
    """

    __slots__ = ("_held", "_known", "_need", "_reading", "_unseen", "view")

    def __init__(self, view: PlayerView) -> None:
        _check_view(view)
        if view.phase >= Phase.HAND_OVER:
            # The scores of a finished hand pin down the points left in every hand, which
            # random hands would not match; and nothing hidden is left that play depends on.
            raise StateError(
                f"the hand is over (phase {view.phase.name.lower()}): sample_world deals the "
                "hidden cards of a hand in play"
            )
        #: The view whose worlds are dealt.
        self.view = view
        players = len(view.hand_sizes)
        me = view.player
        knowledge = KnownCardsReader(players)
        knowledge.read(view.log)
        known, unseen, slots, reading, need = read_hidden(view, knowledge, view.current_player)
        if sum(slots) + view.stock_size != unseen.total():
            raise StateError(
                f"player {me}'s view cannot be of a whole state: {unseen.total()} cards are "
                f"hidden, but the other hands hold {sum(slots)} unknown cards and the stock "
                f"{view.stock_size}"
            )
        self._known = known
        # Each hand's known cards as one tuple, to deal the hidden ones around (the player's
        # own hand is the view's).
        self._held = tuple(() if p == me else tuple(known[p].elements()) for p in range(players))
        self._unseen = unseen
        self._reading = reading
        self._need = need

    def sample(self, rng: random.Random) -> State:
        """One world of the view, dealt by ``rng`` (a :class:`random.Random`, as
        :func:`sample_world` takes it). Warns with
        :class:`~rummy500.RelaxedWorldWarning` when the world is dealt without a reading
        of the log (see the module's description)."""
        return self._sample(rng, 3)

    def _sample(self, rng: random.Random, stacklevel: int) -> State:
        """:meth:`sample`, its warning shown ``stacklevel`` calls up (the caller's)."""
        _check_rng(rng)
        view = self.view
        me = view.player
        known = self._known
        held = self._held
        reading = self._reading
        need = self._need

        def build(stock: tuple[Card, ...], dealt: list[list[Card]]) -> State:
            hands = tuple(
                view.hand if p == me else tuple(sorted((*cards, *dealt[p])))
                for p, cards in enumerate(held)
            )
            return _state(view, hands, stock, rng)

        if reading.relaxed:
            warnings.warn(
                RelaxedWorldWarning(
                    f"player {me}'s view: the search for which stock each hidden card played "
                    f"came from reached its ceiling ({SEARCH_WORK_CEILING} units of work), so "
                    "the world deals every hidden card as if it could be anywhere"
                ),
                stacklevel=stacklevel,
            )
        for _ in range(_MAX_REDEALS if need is not None else 1):
            stock, dealt = deal_groups(reading.split(rng), view.stock_size, rng)
            world = build(stock, dealt)
            if need is None or meets(need, world):
                return world
        assert need is not None
        mover = view.current_player
        # Redealing found no hand that gives the mover what everyone knows they have (a rare
        # completion): one completion that does, drawn at random, goes into their hand (none
        # first, one more plain deal, where the mover's known cards may be all it takes).
        first, *tries = list(
            completions(
                need,
                view.config,
                view.table,
                view.pile,
                view.owed,
                view.owed_use,
                known[mover],
                self._unseen,
                view.hand_sizes[mover],
            )
        )
        rng.shuffle(tries)
        found = deal_meeting(need, reading, mover, view.stock_size, [first, *tries], build, rng)
        if found is None:
            # Only a view no world explains gets here: the view's check refuses those.
            raise StateError(
                f"player {me}'s view has no world: "
                f"{need_problem(need, mover, view.owed, view.owed_use, view.kept)}"
            )
        assert isinstance(found, State)
        return found


def _check_rng(rng: object) -> None:
    """Refuse an ``rng`` that is not a :class:`random.Random`."""
    if not isinstance(rng, random.Random):
        raise StateError(
            "rng must be a random.Random, such as random.Random(0) (seed one from a numpy "
            f"Generator if need be), not {describe_value(rng)}"
        )


def _check_view(view: object) -> None:
    """Refuse a ``view`` that is not a :class:`PlayerView` (every view is consistent: views
    are checked when they are built)."""
    if not isinstance(view, PlayerView):
        raise StateError(
            f"view must be a PlayerView, such as state.view(player), not {describe_value(view)}"
        )


def _state(
    view: PlayerView,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    rng: random.Random,
) -> State:
    """The world of ``view`` with the hidden cards placed as given, its seed drawn from
    ``rng``."""
    world = position_behind_view(
        State,
        view,
        hands,
        stock,
        current=view.current_player,
        seed=rng.getrandbits(32),
        log=view.log,
    )
    legal = view.legal_moves
    if legal:
        # The view's moves are its player's, who is to move: the view's check has them equal
        # to the generator's in any world it allows, which then need not list them again (a
        # search lists them in every world it deals, and finds the very moves it keys on).
        self_set(world, "_legal", legal)
    return world
