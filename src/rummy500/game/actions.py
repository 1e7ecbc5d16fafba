"""Fixed action ids: every move of a game numbered within a space of fixed size.

Search and learning code wants each move as a small int from a range that stays the same for a
whole game, and a mask of the ids that are legal now. :class:`ActionSpace` gives both for one
:class:`~rummy500.RuleConfig` and player count:

    >>> import rummy500
    >>> state = rummy500.new_game(players=3, seed=7)
    >>> space = rummy500.toolkit.ActionSpace.for_state(state)
    >>> space.size
    1514
    >>> space.legal_actions(state)
    [0]
    >>> space.decode(0, state)
    Draw()
    >>> space.encode(rummy500.Draw(), state)
    0

Every legal move has exactly one id and every id names at most one move in a given state. An
id may depend on what everybody can see (how many cards a take picks up from the discard pile,
which table meld a lay-off goes on), never on a card the player to move cannot see, so
:meth:`ActionSpace.decode` takes the state. ``docs/actions.md`` describes the layout range by
range and gives the size for every preset.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import Any, Final

import attrs

from rummy500.core.cards import CARDS, JOKER, JOKER_AS, Card, face_of, format_cards
from rummy500.core.errors import ActionError, IllegalMoveError, describe_value, is_whole
from rummy500.game.state import State
from rummy500.melds.check import meld_error
from rummy500.melds.putdown import meld_index, missing_meld
from rummy500.melds.shape import RunShape, canonical_meld, run_shape
from rummy500.melds.table import placements
from rummy500.play.engine import explain_illegal, is_legal
from rummy500.play.legality import problem
from rummy500.play.moves import (
    DEAL,
    DECLINE,
    DISCARDS,
    DRAW,
    PASS,
    Call,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    Take,
    kind_column,
    trusted_call,
    trusted_layoff,
    trusted_meld,
    trusted_take,
)
from rummy500.rules.config import Calling, RuleConfig

__all__ = ["ActionRange", "ActionSpace"]

_JOKER: Final = 52
#: How many lists of legal moves an action space keeps the ids of: several environments of
#: the same rules in one process share the space.
_KEPT: Final = 4


@attrs.frozen
class ActionRange:
    """One named range of an action space: the ids ``start`` to ``stop - 1``.

    ``meaning`` says in words which move each id of the range names.
    """

    name: str
    start: int
    stop: int
    meaning: str

    def __len__(self) -> int:
        return self.stop - self.start

    def __contains__(self, action: object) -> bool:
        return isinstance(action, int) and self.start <= action < self.stop


@cache
def _masks(length: int, jokers: int, full: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The joker masks of ``length`` places holding at most ``jokers`` jokers (all places only
    if ``full``): each mask's rank (-1 where not allowed), and the masks in rank order.

    Masks go by how many jokers they hold, then by value, so the plain cards come first.
    """
    most = min(jokers, length if full else length - 1)
    order = tuple(
        sorted(
            (m for m in range(1 << length) if m.bit_count() <= most),
            key=lambda m: (m.bit_count(), m),
        )
    )
    rank = [-1] * (1 << length)
    for i, m in enumerate(order):
        rank[m] = i
    return tuple(rank), order


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _jokers_at(mask: int) -> str:
    """Where the jokers of ``mask`` stand among the cards laid off, lowest place first."""
    places = [_ordinal(i + 1) for i in range(mask.bit_length()) if mask >> i & 1]
    if len(places) == 1:
        return f"a joker in the {places[0]} place"
    return f"jokers in the {', '.join(places[:-1])} and {places[-1]} places"


@attrs.frozen(eq=False, repr=False)
class ActionSpace:
    """The fixed action ids of the game ``config`` plays with ``players`` players.

    Build it with :meth:`of`, which keeps one space per config and player count. ``size`` is
    the number of ids (``0`` to ``size - 1``); :meth:`layout` names their ranges.
    :meth:`encode` turns a legal move into its id, :meth:`decode` an id back into the move,
    :meth:`legal_actions` lists the legal ids (sorted) and :meth:`mask` marks them.
    A bad id raises :class:`~rummy500.ActionError`; an id or a move that is not legal
    in the state raises :class:`~rummy500.IllegalMoveError`, saying why.
    """

    config: RuleConfig
    players: int
    #: How many ids there are.
    size: int = attrs.field(init=False)
    #: Each id's range, in id order (empty ranges left out).
    ranges: tuple[ActionRange, ...] = attrs.field(init=False)
    # Where each kind of move's range starts (-1 for a range the rules leave out), and the kind
    # of each range of ``ranges``.
    _starts: dict[type[Move], int] = attrs.field(init=False)
    _kinds: tuple[type[Move], ...] = attrs.field(init=False)
    _discard: int = attrs.field(init=False)
    # How far the ranges reach: pile cards a take may pick up, table melds a lay-off may
    # name, and the jokers one meld may hold.
    _max_pile: int = attrs.field(init=False)
    _slots: int = attrs.field(init=False)
    _wild: int = attrs.field(init=False)
    _discards: int = attrs.field(init=False)
    # New melds: sets of jokers, then sets by rank, then runs by suit, span and jokers.
    _joker_sets: int = attrs.field(init=False)
    _sets: tuple[tuple[Card, ...], ...] = attrs.field(init=False)
    _set_ids: dict[tuple[Card, ...], int] = attrs.field(init=False)
    _run_start: int = attrs.field(init=False)
    _run_base: tuple[int, ...] = attrs.field(init=False)
    _run_bases: tuple[int, ...] = attrs.field(init=False)
    _run_spans: tuple[tuple[int, int, int], ...] = attrs.field(init=False)
    _run_full: bool = attrs.field(init=False)
    _meld_count: int = attrs.field(init=False)
    # Lay-offs: a block of shapes for each place on the table.
    _slot_size: int = attrs.field(init=False)
    _set_shapes: int = attrs.field(init=False)
    _run_shapes: int = attrs.field(init=False)
    _pair_base: dict[tuple[int, int], int] = attrs.field(init=False)
    _pair_bases: tuple[int, ...] = attrs.field(init=False)
    _pairs: tuple[tuple[int, int], ...] = attrs.field(init=False)
    # The rank of each joker mask, by the number of cards: of a new run, of a lay-off.
    _run_rank: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    _lay_rank: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    # How many cards a lay-off puts above a run, by (low, high, ranks, high flag).
    _splits: dict[tuple[int, int, int, bool], int] = attrs.field(init=False)
    # The ids of the last few lists of legal moves asked about, newest first (see _ids).
    _recent: list[tuple[tuple[Move, ...], list[int]]] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        cfg = self.config
        if not isinstance(cfg, RuleConfig):
            raise ActionError(f"an action space needs a RuleConfig, not {describe_value(cfg)}")
        players = self.players
        if not is_whole(players):
            raise ActionError(
                f"an action space needs a whole number of players, not {describe_value(players)}"
            )
        cfg.check_players(players)
        deck = cfg.deck_size(players)
        jokers = cfg.jokers(players)
        floating = cfg.floating
        wild = min(cfg.max_jokers_per_meld, jokers) if cfg.jokers_wild else 0
        _set(self, "_wild", wild)
        # A player out of cards ends the hand (unless floating), so while a hand is played
        # every other player holds a card; with nothing melded, every hand is as dealt.
        others = 0 if floating else players
        _set(
            self,
            "_max_pile",
            max(deck - players * cfg.deal_size[players], deck - 3 - others),
        )
        # Each table meld holds 3 cards or more, and the player laying off holds a card.
        _set(self, "_slots", (deck - max(others, 1)) // 3)
        _set(self, "_discards", _JOKER + (1 if jokers else 0))
        self._build_melds(cfg, jokers, wild)
        # A lay-off adds at most the cards between a run of 3 and the longest run.
        self._build_layoffs(wild, jokers, run_shape(cfg).longest - 3)

        ranges: list[ActionRange] = []
        starts: dict[type[Move], int] = {}
        kinds: list[type[Move]] = []

        def add(kind: type[Move], count: int, meaning: str) -> None:
            start = ranges[-1].stop if ranges else 0
            starts[kind] = start if count > 0 else -1
            if count > 0:
                ranges.append(ActionRange(kind.kind, start, start + count, meaning))
                kinds.append(kind)

        calling = cfg.calling is not Calling.NONE
        # The layout (docs/actions.md): each kind of move's range, in this order.
        add(Draw, 1, "draw from the stock")
        add(Decline, 1, "decline to draw (the stock is empty)")
        add(Deal, 1, "deal the next hand")
        add(Pass, 1 if calling else 0, "do not call rummy")
        add(Take, self._max_pile, "take the top k cards of the discard pile, k = 1, 2, ...")
        add(
            Call,
            self._max_pile if calling else 0,
            "call rummy, taking the top k cards of the discard pile, k = 1, 2, ...",
        )
        add(Discard, self._discards, "discard the card with that card id (52 a joker)")
        add(
            Meld,
            self._meld_count,
            "lay down a new meld: sets of jokers, sets by rank, runs by suit, span and "
            "the places its jokers stand in",
        )
        add(
            Layoff,
            self._slots * self._slot_size,
            f"lay off on the table meld with id i (0 to {self._slots - 1}): "
            f"{self._slot_size} shapes for each meld id",
        )
        _set(self, "_starts", starts)
        _set(self, "_kinds", tuple(kinds))
        _set(self, "_discard", starts[Discard])
        _set(self, "ranges", tuple(ranges))
        _set(self, "size", ranges[-1].stop)
        _set(self, "_recent", [])

    def _build_melds(self, cfg: RuleConfig, jokers: int, wild: int) -> None:
        joker_sets = 0 if cfg.jokers_wild or jokers < 3 else min(jokers, 4) - 2
        _set(self, "_joker_sets", joker_sets)
        sets: list[tuple[Card, ...]] = []
        for rank in range(1, 14):
            for size in (3, 4):
                for suits in combinations(range(4), size):
                    for count in range(min(wild, size) + 1):
                        for as_joker in combinations(suits, count):
                            cards = canonical_meld(
                                [
                                    JOKER_AS[s * 13 + rank - 1]
                                    if s in as_joker
                                    else CARDS[s * 13 + rank - 1]
                                    for s in suits
                                ]
                            )
                            if meld_error(cards, cfg) is None:
                                sets.append(cards)
        _set(self, "_sets", tuple(sets))
        _set(self, "_set_ids", {cards: joker_sets + i for i, cards in enumerate(sets)})
        start = joker_sets + len(sets)
        _set(self, "_run_start", start)
        full = cfg.joker_only_melds
        _set(self, "_run_full", full)
        # (suit * 14 + low) * 14 + length -> the first id of the runs on that span.
        base = [-1] * (4 * 14 * 14)
        bases: list[int] = []
        spans: list[tuple[int, int, int]] = []
        at = start
        for suit in range(4):
            for low, high, _ in run_shape(cfg).intervals:
                length = high - low + 1
                base[(suit * 14 + low) * 14 + length] = at
                bases.append(at)
                spans.append((suit, low, length))
                at += len(_masks(length, wild, full)[1])
        _set(self, "_run_base", tuple(base))
        _set(self, "_run_bases", tuple(bases))
        _set(self, "_run_spans", tuple(spans))
        _set(self, "_meld_count", at)
        _set(
            self,
            "_run_rank",
            tuple(
                _masks(n, wild, full)[0] if n >= 3 else ()
                for n in range(run_shape(cfg).longest + 1)
            ),
        )

    def _build_layoffs(self, wild: int, jokers: int, most: int) -> None:
        pair_base: dict[tuple[int, int], int] = {}
        pairs: list[tuple[int, int]] = []
        bases: list[int] = []
        at = 0
        for count in range(1, most + 1):
            for below in range(count + 1):
                pair = (below, count - below)
                pair_base[pair] = at
                pairs.append(pair)
                bases.append(at)
                at += len(_masks(count, wild, True)[1])
        _set(self, "_pair_base", pair_base)
        _set(self, "_pairs", tuple(pairs))
        _set(self, "_pair_bases", tuple(bases))
        _set(self, "_run_shapes", at)
        _set(
            self,
            "_lay_rank",
            tuple(_masks(n, wild, True)[0] for n in range(most + 1)),
        )
        _set(self, "_splits", {})
        _set(self, "_set_shapes", 8 if wild else 4)
        _set(self, "_slot_size", max(at, 8 if wild else 4, 1 if jokers else 0))

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def of(cls, config: RuleConfig, players: int) -> ActionSpace:
        """The action space of ``config`` with ``players`` players (built once, then shared).

        Raises :class:`~rummy500.ConfigError` when the rules do not allow that many
        players, and :class:`~rummy500.ActionError` for arguments of the wrong type.
        """
        if not isinstance(config, RuleConfig):
            raise ActionError(f"an action space needs a RuleConfig, not {describe_value(config)}")
        if not is_whole(players):
            raise ActionError(
                f"an action space needs a whole number of players, not {describe_value(players)}"
            )
        return _space(config, players)

    @classmethod
    def for_state(cls, state: State) -> ActionSpace:
        """The action space of the game ``state`` belongs to.

        Raises :class:`~rummy500.ActionError` when ``state`` is not a state.
        """
        if not isinstance(state, State):
            raise ActionError(f"for_state needs a State, not {describe_value(state)}")
        return _space(state.config, state.players)

    @property
    def max_pile(self) -> int:
        """The most cards a take (or a call) can pick up: the length of those ranges."""
        return self._max_pile

    @property
    def meld_ids(self) -> int:
        """How many meld ids a lay-off id can name: more than the melds any hand lays down
        (each takes 3 cards or more from the hands, and they stay on the table)."""
        return self._slots

    @property
    def layoff_shapes(self) -> int:
        """How many lay-off ids each meld id has."""
        return self._slot_size

    def __repr__(self) -> str:
        return f"<ActionSpace {self.size} ids for {self.players} players>"

    def layout(self) -> str:
        """The ranges of ids, one line each: first and last id, count, name, meaning."""
        width = len(str(self.size - 1))
        return "\n".join(
            f"{r.start:>{width}}-{r.stop - 1:<{width}} {len(r):>{width}}  {r.name}: {r.meaning}"
            for r in self.ranges
        )

    def range_of(self, action: int) -> ActionRange:
        """The range that holds ``action``; raises :class:`~rummy500.ActionError` if
        none does."""
        self._check_id(action)
        starts = [r.start for r in self.ranges]
        return self.ranges[bisect_right(starts, action) - 1]

    # -- moves to ids ------------------------------------------------------------------------

    def encode(self, move: Move, state: State) -> int:
        """The id of ``move``, a legal move in ``state``.

        Raises :class:`~rummy500.IllegalMoveError`, with the reason
        :meth:`State.explain_illegal <rummy500.State.explain_illegal>` gives, when the
        move is not legal in ``state``.
        """
        self._check_state(state)
        if not is_legal(state, move):
            raise IllegalMoveError(explain_illegal(state, move) or "the move is illegal")
        return self._id(move, state)

    def legal_actions(self, state: State) -> list[int]:
        """The ids of every legal move in ``state``, in increasing order."""
        self._check_state(state)
        return sorted(self._ids(state.legal_moves(), state))

    def mask(self, state: State) -> bytes:
        """``size`` bytes, 1 at the id of each legal move in ``state`` and 0 elsewhere."""
        self._check_state(state)
        out = bytearray(self.size)
        for i in self._ids(state.legal_moves(), state):
            out[i] = 1
        return bytes(out)

    def _ids(self, moves: tuple[Move, ...], state: State) -> list[int]:
        """The id of each of ``moves``, the legal moves of ``state`` as it lists them.

        An environment asks for the mask or the legal ids of a state, then decodes the id
        chosen in it: the ids are kept for the last few lists of moves (a state keeps its
        list, which no other state shares, until a move is applied to it).
        """
        recent = self._recent
        for seen in recent:
            if seen[0] is moves:
                return seen[1]
        ident = self._id
        discard = self._discard
        # Most moves are discards: their ids are worked out here, the others' by _id.
        ids = [discard + m.card if type(m) is Discard else ident(m, state) for m in moves]
        recent.insert(0, (moves, ids))
        del recent[_KEPT:]
        return ids

    def _id(self, move: Move, s: State) -> int:
        kind = type(move)
        return self._starts[kind] + _CODING[kind].offset(self, move, s)

    def _meld_id(self, cards: tuple[Card, ...]) -> int:
        c0 = cards[0]
        if c0 == _JOKER:
            return len(cards) - 3
        f0 = c0 if c0 < _JOKER else c0 - _JOKER - 1
        c1 = cards[1]
        f1 = c1 if c1 < _JOKER else c1 - _JOKER - 1
        if (f1 - f0) % 13 == 0:
            return self._set_ids[cards]
        length = len(cards)
        mask = 0
        for i, c in enumerate(cards):
            if c > _JOKER:
                mask |= 1 << i
        suit, low = divmod(f0, 13)
        base = self._run_base[(suit * 14 + low + 1) * 14 + length]
        return base + self._run_rank[length][mask]

    def _layoff_id(self, move: Layoff, s: State) -> int:
        table = s.table
        meld = table[meld_index(table, move.meld_id)]
        if meld.id >= self._slots:
            raise ActionError(
                f"table meld {meld.id} has an id beyond the {self._slots} meld ids of this action "
                "space: a hand gives its melds ids 0, 1, 2... as they are laid down, and lays "
                "down fewer melds than that"
            )
        start = meld.id * self._slot_size
        laid = move.laid
        if not meld.is_run:
            if meld.cards[0] == _JOKER:
                return start
            c = laid[0]
            suit = face_of(c) // 13
            return start + (suit * 2 + (c > _JOKER) if self._wild else suit)
        low, high = meld.low, meld.high
        ranks = 0
        jokers = False
        for c in laid:
            if c > _JOKER:
                jokers = True
                ranks |= 1 << (c - _JOKER - 1) % 13
            else:
                ranks |= 1 << c % 13
        # Where cards go on a run depends only on its ends and their ranks: work it out once.
        key = (low, high, ranks, move.high)
        above = self._splits.get(key)
        if above is None:
            ups = [o[1] for o in placements(meld, laid, self.config)]
            above = max(ups) if move.high else min(ups)
            self._splits[key] = above
        count = len(laid)
        below = count - above
        mask = 0
        if jokers:
            # The places the cards fill, lowest first: their ranks tell each card's place.
            rank_at = RunShape.rank_at
            place = {}
            for i, p in enumerate([*range(low - below, low), *range(high + 1, high + above + 1)]):
                place[rank_at(p)] = i
            for c in laid:
                if c > _JOKER:
                    mask |= 1 << place[(c - _JOKER - 1) % 13 + 1]
        return start + self._pair_base[below, above] + self._lay_rank[count][mask]

    # -- ids to moves ------------------------------------------------------------------------

    def decode(self, action: int, state: State) -> Move:
        """The legal move of ``state`` whose id is ``action``.

        Raises :class:`~rummy500.ActionError` when ``action`` is not an id of this
        space, and :class:`~rummy500.IllegalMoveError` when it names no legal move in
        ``state``: the message says which move the id names and why it is illegal, or why it
        names none here.
        """
        self._check_id(action)
        self._check_state(state)
        legal = state._legal
        if legal is not None:
            # The moves listed have one id each: the move listed with this id is the move.
            try:
                return legal[self._ids(legal, state).index(action)]
            except ValueError:
                pass  # no legal move has this id: the messages below say why
            except ActionError:
                pass  # a lay-off beyond the meld ids of this space is listed
        move, why = self._move(action, state)
        if move is None:
            raise IllegalMoveError(
                f"action {action} ({self.describe(action)}) names no move here: {why}"
            )
        if legal is not None:
            # Hand back the very move listed, which State.apply recognises fastest.
            for m in legal:
                if m == move:
                    return m
        reason = problem(state, move)
        if reason is not None:
            raise IllegalMoveError(f"action {action} is '{move}', which is illegal here: {reason}")
        return move

    def _move(self, action: int, s: State) -> tuple[Move | None, str]:
        """The move ``action`` names in ``s`` (legal or not), or ``None`` and why there is none."""
        at = bisect_right([r.start for r in self.ranges], action) - 1
        return _CODING[self._kinds[at]].decode(self, action - self.ranges[at].start, s)

    def _meld_cards(self, index: int) -> tuple[Card, ...]:
        if index < self._joker_sets:
            return (JOKER,) * (index + 3)
        if index < self._run_start:
            return self._sets[index - self._joker_sets]
        at = bisect_right(self._run_bases, index) - 1
        suit, low, length = self._run_spans[at]
        mask = _masks(length, self._wild, self._run_full)[1][index - self._run_bases[at]]
        card_at = RunShape.card_at
        return tuple(
            JOKER_AS[card_at(suit, low + i)] if mask >> i & 1 else card_at(suit, low + i)
            for i in range(length)
        )

    def _layoff_move(self, offset: int, s: State) -> tuple[Move | None, str]:
        slot, shape = divmod(offset, self._slot_size)
        table = s.table
        index = meld_index(table, slot)
        if index < 0:
            return None, missing_meld(table, slot)
        meld = table[index]
        if meld.cards[0] == _JOKER:
            if shape:
                return None, f"a set of jokers takes only a joker, shape 0, not shape {shape}"
            return trusted_layoff(meld.id, (JOKER,), False), ""
        if not meld.is_run:
            if shape >= self._set_shapes:
                return None, (
                    f"a set takes one card, shapes 0 to {self._set_shapes - 1}, not shape {shape}"
                )
            suit, joker = divmod(shape, 2) if self._wild else (shape, 0)
            card = CARDS[suit * 13 + meld.low - 1]
            return trusted_layoff(meld.id, (JOKER_AS[card] if joker else card,), False), ""
        if shape >= self._run_shapes:
            return None, f"a run takes shapes 0 to {self._run_shapes - 1}, not shape {shape}"
        at = bisect_right(self._pair_bases, shape) - 1
        below, above = self._pairs[at]
        count = below + above
        mask = _masks(count, self._wild, True)[1][shape - self._pair_bases[at]]
        low, high = meld.low, meld.high
        if not run_shape(self.config).fits(low - below, high + above):
            return None, (
                f"the run {format_cards(meld.cards)} cannot take {below} card"
                f"{'s' if below != 1 else ''} below it and {above} above it"
            )
        places = [*range(low - below, low), *range(high + 1, high + above + 1)]
        card_at = RunShape.card_at
        laid = tuple(
            sorted(
                JOKER_AS[card_at(meld.suit, p)] if mask >> i & 1 else card_at(meld.suit, p)
                for i, p in enumerate(places)
            )
        )
        options = placements(meld, laid, self.config)
        ups = [o[1] for o in options]
        if above == min(ups):
            return trusted_layoff(meld.id, laid, False), ""
        if above == max(ups):
            return trusted_layoff(meld.id, laid, True), ""
        return None, (
            f"a lay-off of {format_cards(laid)} puts them at the bottom of the run, or at the top "
            "with 'high', never split"
        )

    # -- words -------------------------------------------------------------------------------

    def describe(self, action: int) -> str:
        """What ``action`` names, in words, without a state (a lay-off's cards depend on the
        meld it goes on, so it is described by its shape)."""
        r = self.range_of(action)
        i = action - r.start
        if r.name in (Take.kind, Call.kind):
            what = "take" if r.name == Take.kind else "call rummy on"
            return f"{what} the top {i + 1} card{'s' if i else ''} of the discard pile"
        if r.name == "discard":
            return f"discard {CARDS[i]}"
        if r.name == "meld":
            return f"meld {format_cards(self._meld_cards(i))}"
        if r.name == "layoff":
            slot, shape = divmod(i, self._slot_size)
            return f"lay off on table meld {slot}: {self._shape_words(shape)}"
        return r.meaning

    def _shape_words(self, shape: int) -> str:
        words = []
        if shape < self._run_shapes:
            at = bisect_right(self._pair_bases, shape) - 1
            below, above = self._pairs[at]
            mask = _masks(below + above, self._wild, True)[1][shape - self._pair_bases[at]]
            jokers = f", {_jokers_at(mask)}" if mask else ""
            words.append(f"on a run, {below} below and {above} above{jokers}")
        if shape < self._set_shapes:
            suit, joker = divmod(shape, 2) if self._wild else (shape, 0)
            words.append(f"on a set, its {'♣♦♥♠'[suit]}{' as a joker' if joker else ''}")
        if shape == 0 and self._joker_sets:
            words.append("on a set of jokers, a joker")
        return "; ".join(words) if words else f"shape {shape}, which no meld takes"

    # -- checks ------------------------------------------------------------------------------

    def _check_id(self, action: object) -> None:
        if not is_whole(action):
            raise ActionError(f"an action id is an int, not {describe_value(action)}")
        if not 0 <= action < self.size:
            raise ActionError(
                f"action ids run from 0 to {self.size - 1} under these rules with "
                f"{self.players} players, not {describe_value(action)}"
            )

    def _check_state(self, state: object) -> None:
        if not isinstance(state, State):
            raise ActionError(f"an action space reads a State, not {describe_value(state)}")
        # Environments have their state checked twice a step (for the mask, then to decode):
        # a state of this very game's rules is let through with the fewest reads.
        game = state._standing.game
        if game.config is self.config and game.players == self.players:
            return
        if state.players != self.players:
            raise ActionError(
                f"this action space is for {self.players} players, and the state has "
                f"{state.players}"
            )
        cfg = state.config
        if cfg is not self.config and cfg != self.config:
            raise ActionError(
                "this action space is for other rules than the state's: use "
                "ActionSpace.for_state(state)"
            )


@attrs.frozen
class _Coding:
    """How the ids of one kind of move's range are read: ``offset`` gives a legal move's place
    in its range, ``decode`` the move (legal or not) at a place, or ``None`` and why none."""

    offset: Callable[[ActionSpace, Any, State], int]
    decode: Callable[[ActionSpace, int, State], tuple[Move | None, str]]


def _first(space: ActionSpace, move: Move, s: State) -> int:
    return 0


def _one(move: Move) -> Callable[[ActionSpace, int, State], tuple[Move | None, str]]:
    """The decoder of a range of one id: ``move``."""
    return lambda space, offset, s: (move, "")


def _depth(space: ActionSpace, move: Take | Call, s: State) -> int:
    return len(move.taken) - 1


def _pile_top(
    build: Callable[[tuple[Card, ...]], Move],
) -> Callable[[ActionSpace, int, State], tuple[Move | None, str]]:
    """The decoder of the takes (or calls) of the top 1, 2, ... cards of the pile."""

    def decode(space: ActionSpace, offset: int, s: State) -> tuple[Move | None, str]:
        k = offset + 1
        pile = s.pile
        if k > len(pile):
            if not pile:
                return None, "the discard pile is empty"
            return None, f"the discard pile holds {len(pile)} card{'s' if len(pile) > 1 else ''}"
        return build(pile[len(pile) - k :]), ""

    return decode


#: The registry's column ``"action"``: how each kind of move's range of ids is read.
_CODING: Final = kind_column(
    "action",
    {
        Draw: _Coding(_first, _one(DRAW)),
        Take: _Coding(_depth, _pile_top(trusted_take)),
        Meld: _Coding(
            lambda space, move, s: space._meld_id(move.melded),
            lambda space, offset, s: (trusted_meld(space._meld_cards(offset)), ""),
        ),
        Layoff: _Coding(ActionSpace._layoff_id, ActionSpace._layoff_move),
        Discard: _Coding(lambda space, move, s: move.card, lambda space, i, s: (DISCARDS[i], "")),
        Decline: _Coding(_first, _one(DECLINE)),
        Call: _Coding(_depth, _pile_top(trusted_call)),
        Pass: _Coding(_first, _one(PASS)),
        Deal: _Coding(_first, _one(DEAL)),
    },
)


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)


@cache
def _space(config: RuleConfig, players: int) -> ActionSpace:
    return ActionSpace(config, players)
