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
from functools import cache
from typing import Final

import attrs

from rummy500.core.cards import CARDS, format_cards
from rummy500.core.errors import ActionError, IllegalMoveError, describe_value, is_whole
from rummy500.game.actioncoding import CODING, lay_out, meld_cards
from rummy500.game.actionlayout import ActionLayout, ActionRange, joker_masks
from rummy500.game.state import State
from rummy500.play.engine import explain_illegal, is_legal
from rummy500.play.legality import problem
from rummy500.play.moves import Call, Discard, Move, Take
from rummy500.rules.config import RuleConfig

__all__ = ["ActionSpace"]

#: How many lists of legal moves an action space keeps the ids of: several environments of
#: the same rules in one process share the space.
_KEPT: Final = 4


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
    # The layout of the ids (game/actionlayout.py), and the parts of it read for every move,
    # kept here to be read in one step: where each kind of move's range starts (-1 for a range
    # the rules leave out), the kind of each range of ``ranges``, and the first discard id.
    _layout: ActionLayout = attrs.field(init=False)
    _starts: dict[type[Move], int] = attrs.field(init=False)
    _kinds: tuple[type[Move], ...] = attrs.field(init=False)
    _discard: int = attrs.field(init=False)
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
        layout = ActionLayout(cfg, players)
        ranges, starts, kinds = lay_out(layout)
        _set(self, "_layout", layout)
        _set(self, "_starts", starts)
        _set(self, "_kinds", kinds)
        _set(self, "_discard", starts[Discard])
        _set(self, "ranges", ranges)
        _set(self, "size", ranges[-1].stop)
        _set(self, "_recent", [])

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
        return self._layout.max_pile

    @property
    def meld_ids(self) -> int:
        """How many meld ids a lay-off id can name: more than the melds any hand lays down
        (each takes 3 cards or more from the hands, and they stay on the table)."""
        return self._layout.slots

    @property
    def layoff_shapes(self) -> int:
        """How many lay-off ids each meld id has."""
        return self._layout.slot_size

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
        return self._starts[kind] + CODING[kind].offset(self._layout, move, s)

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
        return CODING[self._kinds[at]].decode(self._layout, action - self.ranges[at].start, s)

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
            return f"meld {format_cards(meld_cards(self._layout, i))}"
        if r.name == "layoff":
            slot, shape = divmod(i, self._layout.slot_size)
            return f"lay off on table meld {slot}: {self._shape_words(shape)}"
        return r.meaning

    def _shape_words(self, shape: int) -> str:
        layout = self._layout
        words = []
        if shape < layout.run_shapes:
            at = bisect_right(layout.pair_bases, shape) - 1
            below, above = layout.pairs[at]
            mask = joker_masks(below + above, layout.wild, True)[1][shape - layout.pair_bases[at]]
            jokers = f", {_jokers_at(mask)}" if mask else ""
            words.append(f"on a run, {below} below and {above} above{jokers}")
        if shape < layout.set_shapes:
            suit, joker = divmod(shape, 2) if layout.wild else (shape, 0)
            words.append(f"on a set, its {'♣♦♥♠'[suit]}{' as a joker' if joker else ''}")
        if shape == 0 and layout.joker_sets:
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


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)


@cache
def _space(config: RuleConfig, players: int) -> ActionSpace:
    return ActionSpace(config, players)
