"""JSON serialization of configs, cards, moves, table melds, states and game records.

Four functions cover every supported type:

    >>> import rummy500
    >>> from rummy500.game.serialize import dumps, loads
    >>> state = rummy500.new_game(players=3, seed=7)
    >>> loads(dumps(state), rummy500.State) == state
    True

* :func:`to_data` / :func:`from_data` turn an object into JSON-ready data (dicts, lists, strings,
  ints, ``None``) and back;
* :func:`dumps` / :func:`loads` do the same with JSON text.

Supported types: :class:`~rummy500.RuleConfig` (with :class:`~rummy500.CardValues`,
:class:`~rummy500.PlayerTable` and the enums), :class:`~rummy500.Card`,
:class:`~rummy500.Move` and each move class, :class:`~rummy500.TableMeld`,
:class:`~rummy500.events.Event` and each event class, :class:`~rummy500.State`,
:class:`~rummy500.PlayerView` and :class:`GameRecord`. :data:`converter` is the
underlying :class:`cattrs.Converter`, for other shapes such as
``converter.structure(data, list[Move])``.

**The format.** A card is its ASCII text (``"QH"``, ``"10S"``, ``"JK"``) and a move is its ASCII
text form (``"meld 8S 8H 8D"``, ``"layoff 0 AS high"``). A :class:`~rummy500.PlayerTable` is
its list of values indexed by player count, a phase its lower-case name (``"play"``), other enums
their value. A table meld is ``{"id": 3, "owner": 1, "cards": [...], "owners": [...]}``: its id,
the player who laid it down and an owner for each card, with ``"top_id"`` when a run joined into it
had a higher id and ``"doubled": true`` for a set that scores double; its kind and ends are rebuilt
from the cards. An event is an object with its kind under ``"event"`` and its fields: ``{"event":
"draw", "player": 1, "card": "7H"}`` (``"card": null`` where it was hidden; a table meld's id, the
field ``meld_id`` of :class:`~rummy500.events.Melded` and :class:`~rummy500.events.LaidOff`, under
``"meld"``). A state holds every field that takes part in equality (not the undo chain: ``parent``
and ``last_move``), so the loaded state compares ``==`` to the saved one, and the ``"log"`` of the
hand, so it keeps what its players saw. A player view holds each of its fields, its log as that
player saw it included. State and game-record documents start with ``"format": 4``
(:data:`FORMAT_VERSION`). A loaded player view is checked by :meth:`PlayerView.validate
<rummy500.PlayerView.validate>` (its hand sorted first): an inconsistent one raises
``SerializationError`` ("inconsistent view: ..."). Keys come in a fixed order, so equal objects
always give the same text.

**Format 3.** Documents of format 3 still load. A format 3 state has no ``"history_start"`` and no
``"start_totals"`` (where the record of the game starts: see :attr:`State.history_start
<rummy500.play.position.Position.history_start>`); they are read as that format meant its history. A
history with rows was the whole record of the game, so it starts at hand 0 with totals all 0; an
empty history was a position set up without the record of the hands before it, so the record starts
at the position, with its totals. A format 3 game record is the same as a format 4 one.

**Format 2.** Documents of format 2 still load. A format 2 state has no ``"log"``: it loads with an
empty log, as a position built with ``State.from_position`` does (a game record replays every move,
so the state it rebuilds has its log). A player view saved without a ``"log"`` loads with an empty
one.

**Format 1.** Documents of format 1 still load too (:data:`READ_FORMATS`). Format 1 was written
before table melds had ids and before each player's scores were kept in partnership games. Its
table melds get their places on the table as ids, and the owner of their first card as the player
who laid them down. A format 1 state has no ``player_history``: in a game without partnerships each
player's scores are the side scores of ``history``, so nothing is lost; a partnership state loads
with no rows of each player's scores (its team scores are all there), and the hands finished after
loading add theirs. In a format 1 game record, a lay-off names the meld by its place on the table;
where runs may be joined (and places and ids can differ), loading replays the record to turn each
place into the meld's id, and replaying it scores every player.

**Loading validates.** Malformed or inconsistent data raises
:class:`~rummy500.SerializationError` saying what is wrong and where, as a JSON path
(``$.hands[0][3]``): a missing or unknown field, a value of the wrong type, an unknown card or
move, a config the rules reject, a wrong format version, and a state that fails
:meth:`State.validate <rummy500.State.validate>` (a card appearing more often than the decks
hold, a hand of the wrong size...). Hands are sorted and table melds put in canonical order on
loading, as :meth:`State.from_position <rummy500.State.from_position>` does. A state's log is
kept as saved: that each event names players of the game and that a deal deals each of them a hand
is checked, not what the events did.

**Game records.** A :class:`GameRecord` is the compact way to save a game: the rules, player count,
seed (and dealer, if one was chosen) and every move since :func:`~rummy500.game.state.new_game`.
:meth:`GameRecord.replay` rebuilds the final state, with its undo chain.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from functools import cache
from typing import Any, Final, TypeVar, cast, get_args, get_origin, get_type_hints

import attrs
import cattrs
from cattrs.cols import list_structure_factory
from cattrs.errors import AttributeValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.v import format_exception

from rummy500.core.cards import CARDS, Card
from rummy500.core.errors import (
    CardError,
    ConfigError,
    IllegalMoveError,
    MoveParseError,
    Rummy500Error,
    SerializationError,
    StateError,
    describe_value,
    is_whole,
    quote_value,
)
from rummy500.core.phases import OwedUse
from rummy500.game.state import Phase, PlayerView, State, new_game
from rummy500.melds.check import meld_error
from rummy500.melds.table import TableMeld
from rummy500.play.events import EVENT_KINDS, Event, event_problem, quoted_event
from rummy500.play.moves import KINDS, Layoff, Move, kind_column
from rummy500.play.position import FIELDS, Position
from rummy500.rules.config import CardValues, PlayerTable, RuleConfig
from rummy500.rules.configdata import card_values_data, config_data, player_table_data

__all__ = [
    "FORMAT_VERSION",
    "MAX_DEPTH",
    "MAX_INDENT",
    "MAX_TEXT",
    "READ_FORMATS",
    "GameRecord",
    "converter",
    "dumps",
    "from_data",
    "loads",
    "to_data",
]

T = TypeVar("T")

#: The version of the document format, written as ``"format"`` in state and record documents.
FORMAT_VERSION: Final = 4

#: The format versions :func:`loads` and :func:`from_data` read. Format 1 has no meld ids
#: and no ``player_history`` in a state (see "Format 1" above); formats 1 and 2 have no log
#: of the hand in a state (see "Format 2"); formats 1 to 3 have no ``history_start`` and
#: ``start_totals`` in a state (see "Format 3").
READ_FORMATS: Final = (1, 2, 3, 4)

#: The fields of a state that came with format 4: where the record of the game starts.
_RECORD_START: Final = ("history_start", "start_totals")

#: The longest JSON text :func:`loads` reads, in characters (or bytes); :func:`from_data`
#: reads at most as many values and string characters. A saved state takes a
#: few kilobytes and a game record about 20 bytes a move, so even a record of a game of
#: thousands of hands stays far below this; the limit keeps a hostile text from costing
#: unbounded time and memory.
MAX_TEXT: Final = 4_000_000

#: The widest indent :func:`dumps` writes: more only makes text that is mostly spaces.
MAX_INDENT: Final = 64

#: The deepest nesting of lists and objects :func:`loads` and :func:`from_data` accept. The
#: deepest real document is a game record or state holding a config (about four levels: the
#: document, the config, a field of values, a list); the limit leaves room for any growth of
#: the format and refuses, before parsing, the deep nesting that would exhaust Python's stack.
MAX_DEPTH: Final = 20


def _move_tuple(moves: Iterable[Move]) -> tuple[Move, ...]:
    if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
        raise MoveParseError(
            f"a game record's moves are an iterable of moves, not {describe_value(moves)}"
        )
    out = tuple(moves)
    for m in out:
        if not isinstance(m, Move):
            raise MoveParseError(f"a game record holds moves, not {quote_value(m)}")
    return out


@attrs.frozen
class GameRecord:
    """A game as its starting point and the moves played since: the compact way to save it.

    ``config``, ``players``, ``seed`` and ``dealer`` are the arguments that
    :func:`~rummy500.game.state.new_game` was called with (``dealer`` is ``None`` when the first
    dealer was chosen by the draw for deal). ``moves`` is the line of play, oldest first.
    """

    config: RuleConfig
    players: int
    seed: int
    dealer: int | None = None
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_move_tuple)

    def __attrs_post_init__(self) -> None:
        # The arguments of new_game, refused as new_game refuses them.
        if not isinstance(self.config, RuleConfig):
            raise ConfigError(
                f"a game record's config must be a RuleConfig, not {describe_value(self.config)}"
            )
        self.config.check_players(self.players)
        if not is_whole(self.seed):
            raise ConfigError(f"seed must be a whole number, not {describe_value(self.seed)}")
        dealer = self.dealer
        if dealer is not None and not (is_whole(dealer) and 0 <= dealer < self.players):
            raise StateError(
                f"the dealer must be a player from 0 to {self.players - 1} or None, not "
                f"{describe_value(dealer)}"
            )

    @classmethod
    def from_state(cls, state: State) -> GameRecord:
        """The record of the line of play that led to ``state`` (its :attr:`State.move_stack
        <rummy500.State.move_stack>`).

        The line must start from an opening state made by :func:`~rummy500.game.state.new_game`;
        otherwise (a position built with ``State.from_position``, say) :class:`StateError`, as
        for anything that is not a state.
        """
        if not isinstance(state, State):
            raise StateError(f"GameRecord.from_state needs a State, not {describe_value(state)}")
        root = state
        while root.parent is not None and root.last_move is not None:
            root = root.parent
        # A dealer chosen by the draw for deal leaves the drawn cards; a given one leaves none.
        dealer = None if root.dealer_draw else root.dealer
        record = cls(root.config, root.players, root.seed, dealer, state.move_stack)
        if record.start() != root:
            raise StateError(
                "this line of play does not start from a new game: a game record replays from "
                "rummy500.new_game(config, players, seed, dealer=...)"
            )
        return record

    def start(self) -> State:
        """The opening state: ``new_game(config, players, seed, dealer=dealer)``."""
        return new_game(self.config, self.players, self.seed, dealer=self.dealer)

    def replay(self) -> State:
        """Play every move from the opening state and return the final state.

        Raises :class:`~rummy500.IllegalMoveError` naming the first move that is illegal
        where the record plays it.
        """
        state = self.start()
        for number, move in enumerate(self.moves, 1):
            try:
                state = state.apply(move)
            except IllegalMoveError as exc:
                raise IllegalMoveError(
                    f"move {number} of the record, '{move.text(ascii=True)}': {exc}"
                ) from exc
        return state


# -- the converter -------------------------------------------------------------------------------

#: The :class:`cattrs.Converter` behind :func:`to_data` and :func:`from_data`.
converter: Final = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)


def _strict_int(value: Any, _: type) -> int:
    # cattrs would call int() on anything: "7", 7.9 and True must not pass as numbers.
    if is_whole(value):
        return int(value)
    raise SerializationError(f"expected a whole number, got {quote_value(value)}")


def _strict_bool(value: Any, _: type) -> bool:
    if isinstance(value, bool):
        return value
    raise SerializationError(f"expected true or false, got {quote_value(value)}")


def _strict_str(value: Any, _: type) -> str:
    if isinstance(value, str):
        return value
    raise SerializationError(f"expected a string, got {quote_value(value)}")


converter.register_structure_hook(int, _strict_int)
converter.register_structure_hook(bool, _strict_bool)
converter.register_structure_hook(str, _strict_str)


def _is_homogeneous_tuple(tp: Any) -> bool:
    args = get_args(tp)
    return get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis


def _homogeneous_tuple_hook(tp: Any, conv: cattrs.Converter) -> Any:
    # cattrs accepts any iterable, so "QH KH" would be read letter by letter: insist on a list.
    as_list = list_structure_factory(tp, conv)

    def structure(value: Any, cls: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise SerializationError(f"expected a list, got {quote_value(value)}")
        return tuple(as_list(value, cls))

    return structure


converter.register_structure_hook_factory(_is_homogeneous_tuple, _homogeneous_tuple_hook)


def _structure_enum(value: Any, cls: type[Enum]) -> Enum:
    for member in cls:
        if member.value == value and type(member.value) is type(value):
            return member
    choices = ", ".join(repr(m.value) for m in cls)
    raise SerializationError(
        f"unknown {cls.__name__} {quote_value(value)}: expected one of {choices}"
    )


converter.register_unstructure_hook_func(
    lambda tp: isinstance(tp, type) and issubclass(tp, Enum), lambda e: e.value
)
converter.register_structure_hook_func(
    lambda tp: isinstance(tp, type) and issubclass(tp, Enum), _structure_enum
)


def _structure_phase(value: Any, _: type) -> Phase:
    if isinstance(value, str) and value.upper() in Phase.__members__:
        return Phase[value.upper()]
    choices = ", ".join(repr(p.name.lower()) for p in Phase)
    raise SerializationError(f"unknown phase {quote_value(value)}: expected one of {choices}")


# An int enum would otherwise be read by the int hook, which knows nothing of its members.
converter.register_structure_hook(OwedUse, _structure_enum)
converter.register_unstructure_hook(Phase, lambda p: p.name.lower())
converter.register_structure_hook(Phase, _structure_phase)


def _structure_card(value: Any, _: type) -> Card:
    if not isinstance(value, str):
        raise CardError(
            f"a card is written as text such as 'QH', '10S' or 'JK', not {quote_value(value)}"
        )
    return Card(value)


converter.register_unstructure_hook(Card, lambda c: CARDS[c].ascii)
converter.register_structure_hook(Card, _structure_card)


def _structure_player_table(value: Any, _: type) -> PlayerTable:
    return PlayerTable(converter.structure(value, tuple[int, ...]))


converter.register_unstructure_hook(PlayerTable, player_table_data)
converter.register_structure_hook(PlayerTable, _structure_player_table)
# A config is written by rummy500.rules.configdata, the one way it is written: a simulation writes
# its output file's header with it without loading this module.
converter.register_unstructure_hook(CardValues, card_values_data)
converter.register_unstructure_hook(RuleConfig, config_data)


def _move_hook(kind: type[Move]) -> Any:
    article = "an" if kind.__name__[0] in "AEIOU" else "a"
    wanted = "a move" if kind is Move else f"{article} {kind.__name__} move ('{kind.kind} ...')"

    def structure(value: Any, _: type) -> Move:
        if not isinstance(value, str):
            raise MoveParseError(
                f"a move is written as text such as 'meld 8S 8H 8D', not {quote_value(value)}"
            )
        move = Move.from_text(value)
        if not isinstance(move, kind):
            raise MoveParseError(f"expected {wanted}, got {quote_value(value)}")
        return move

    return structure


#: The registry's column ``"saved"``: how each kind of move is read back from its saved form
#: (its text, cards in ASCII), checking it is a move of that kind.
_READ_MOVE: Final = kind_column("saved", {kind: _move_hook(kind) for kind in KINDS})
for _kind, _hook in [(Move, _move_hook(Move)), *_READ_MOVE.items()]:
    converter.register_unstructure_hook(_kind, lambda m: m.text(ascii=True))
    converter.register_structure_hook(_kind, _hook)


def _unstructure_event(event: Event) -> dict[str, Any]:
    return {"event": event.kind, **_event_fields(event.kind)[0](event)}


def _event_hook(kind: type[Event]) -> Any:
    kinds = ", ".join(EVENT_KINDS) if kind is Event else kind.kind

    def structure(value: Any, _: type) -> Event:
        if not isinstance(value, Mapping) or value.get("event") not in EVENT_KINDS:
            raise SerializationError(
                f"an event is an object whose 'event' is one of {kinds}, not {quote_value(value)}"
            )
        cls = EVENT_KINDS[value["event"]]
        if not issubclass(cls, kind):
            raise SerializationError(f"expected a {kind.kind} event, got {quote_value(value)}")
        data = {k: v for k, v in value.items() if k != "event"}
        event: Event = _event_fields(cls.kind)[1](data, cls)
        return event

    return structure


#: The saved names of event fields renamed since the format was fixed (a table meld's id is
#: ``meld_id`` on the events and ``"meld"`` in saved logs): files keep one format.
_SAVED_NAMES: Final = {"meld_id": "meld"}


# The functions cattrs generates (for the events, saved states, views and game records) are made
# on first use, each once: making them all costs more than importing the rest of the package, and
# a program that saves nothing, or only a config, need not pay for them.


@cache
def _event_fields(kind: str) -> tuple[Callable[[Any], Any], Callable[[Any, Any], Any]]:
    """The functions writing and reading the fields of the event class of ``kind`` (the "event"
    key aside), each field under its saved name."""
    cls = EVENT_KINDS[kind]
    saved = {
        f.name: _SAVED_NAMES[f.name]
        for f in attrs.fields(cast("type[attrs.AttrsInstance]", cls))
        if f.name in _SAVED_NAMES
    }
    renames: dict[str, Any] = {name: override(rename=key) for name, key in saved.items()}
    write = make_dict_unstructure_fn(cls, converter, **renames)
    read = make_dict_structure_fn(cls, converter, **renames)
    if not saved:
        return write, read

    def read_saved(data: Any, tp: Any) -> Any:
        try:
            return read(data, tp)
        except cattrs.ClassValidationError as exc:
            # cattrs places an error at the field's name: place it at the key of the data.
            for inner in exc.exceptions:
                inner.__notes__ = [
                    AttributeValidationNote(note, saved[note.name], note.type)
                    if isinstance(note, AttributeValidationNote) and note.name in saved
                    else note
                    for note in getattr(inner, "__notes__", [])
                ]
            raise

    return write, read_saved


_events: list[type[Event]] = [Event, *EVENT_KINDS.values()]
for _event in _events:
    converter.register_unstructure_hook(_event, _unstructure_event)
    converter.register_structure_hook(_event, _event_hook(_event))


def _unstructure_table_meld(meld: TableMeld) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": meld.id,
        "owner": meld.owner,
        "cards": [CARDS[c].ascii for c in meld.cards],
        "owners": list(meld.owners),
    }
    if meld.top_id != meld.id:
        data["top_id"] = meld.top_id
    if meld.doubled:
        data["doubled"] = True
    return data


def _structure_table_meld(value: Any, _: type) -> TableMeld:
    data = _fields(
        value, ("id", "owner", "cards", "owners"), "a table meld", optional=("top_id", "doubled")
    )
    meld_id = converter.structure(data["id"], int)
    owner = converter.structure(data["owner"], int)
    cards = converter.structure(data["cards"], tuple[Card, ...])
    owners = converter.structure(data["owners"], tuple[int, ...])
    top_id = converter.structure(data.get("top_id", meld_id), int)
    doubled = converter.structure(data.get("doubled", False), bool)
    if meld_id < 0:
        raise StateError(f"a table meld's id is 0 or more, not {meld_id}")
    if owner < 0:
        raise StateError(f"a table meld's owner is a player number, not {owner}")
    if top_id < meld_id:
        raise StateError(
            f"a table meld's top_id is at least its id ({meld_id}), not {top_id}: it is the "
            "highest id of the meld and the runs joined into it"
        )
    if len(cards) < 3:
        raise StateError(f"{' '.join(c.ascii for c in cards)} is not a meld: too few cards")
    if len(owners) != len(cards) or any(o < 0 for o in owners):
        raise StateError("a table meld needs an owner (a player number) for each card")
    # Whether the meld is valid under the game's rules is checked with the state it is in.
    meld = TableMeld.of(cards, owners, doubled=doubled, id=meld_id, owner=owner, top_id=top_id)
    if doubled and not meld.doubled:
        raise StateError("only a set of four melded at once scores double, not a run")
    return meld


def _format_1_table(table: Any) -> Any:
    """A format 1 table (melds without ids) in the current form: each meld's place is its id
    and the owner of its first card the player who laid it down."""
    if not isinstance(table, list):
        return table  # refused as it stands by the table's own hook
    out: list[Any] = []
    for place, meld in enumerate(table):
        if isinstance(meld, Mapping) and "id" not in meld and "owner" not in meld:
            owners = meld.get("owners")
            # A missing or malformed owner list is refused by the meld's own hook, by name.
            first = owners[0] if isinstance(owners, list) and owners else 0
            meld = {"id": place, "owner": first, **meld}
        out.append(meld)
    return out


converter.register_unstructure_hook(TableMeld, _unstructure_table_meld)
converter.register_structure_hook(TableMeld, _structure_table_meld)


def _fields(
    value: Any, names: tuple[str, ...], what: str, optional: tuple[str, ...] = ()
) -> Mapping[str, Any]:
    """``value`` as a mapping with the keys ``names`` (and maybe ``optional``)."""
    if not isinstance(value, Mapping):
        raise SerializationError(
            f"{what} is an object with {', '.join(names)}, not {quote_value(value)}"
        )
    extra = sorted(set(value) - set(names) - set(optional))
    if extra:
        raise SerializationError(f"unknown fields in {what}: {', '.join(map(str, extra))}")
    missing = [n for n in names if n not in value]
    if missing:
        raise SerializationError(f"missing fields in {what}: {', '.join(missing)}")
    return value


def _check_format(value: Any, what: str) -> tuple[int, dict[str, Any]]:
    """The format of the document ``value``, which must be one this library reads
    (:data:`READ_FORMATS`), and a copy of the document without its ``"format"`` key."""
    if not isinstance(value, Mapping):
        raise SerializationError(f"a {what} document is a JSON object, not {quote_value(value)}")
    if "format" not in value:
        raise SerializationError(
            f"the {what} document has no 'format' field (this library writes "
            f'"format": {FORMAT_VERSION})'
        )
    version = value["format"]
    if type(version) is not int or version not in READ_FORMATS:
        readable = ", ".join(map(str, READ_FORMATS[:-1])) + f" and {READ_FORMATS[-1]}"
        raise SerializationError(
            f"unsupported {what} format {quote_value(version)}: this library reads formats "
            f"{readable}"
        )
    return version, {k: v for k, v in value.items() if k != "format"}


def _state_document() -> type:
    """An attrs class with a field for each field of a position, typed as
    :meth:`Position._of <rummy500.play.position.Position._of>` takes them, and the log of the hand:
    the shape of a saved state, derived so that it cannot drift from the position."""
    hints = get_type_hints(Position._of, localns={"Self": Position})
    # Position._of takes None for totals all 0; a document always writes the totals themselves.
    hints["start_totals"] = tuple[int, ...]
    params = inspect.signature(Position._of).parameters
    fields = {
        name: attrs.field(
            type=hints[name],
            default=attrs.NOTHING
            if params[name].default is inspect.Parameter.empty
            else params[name].default,
        )
        for name in (*FIELDS, "log")
    }
    return attrs.make_class("StateDocument", fields, frozen=True)


@cache
def _state_codec() -> tuple[type, Callable[[Any], dict[str, Any]], Callable[[Any, Any], Any]]:
    """The shape of a saved state (:func:`_state_document`) and the functions writing and
    reading its fields."""
    document = _state_document()
    write: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(document, converter)
    read: Callable[[Any, Any], Any] = make_dict_structure_fn(document, converter)
    return document, write, read


def _unstructure_state(state: State) -> dict[str, Any]:
    document, write, _ = _state_codec()
    return {"format": FORMAT_VERSION, **write(document(**state._fields(), log=state.log))}


def _structure_state(value: Any, _: type) -> State:
    version, data = _check_format(value, "state")
    if version == 1 and "player_history" in data:
        raise SerializationError(
            "a format 1 state has no player_history field: each player's scores came with format 2"
        )
    # A format 1 state leaves player_history out: Position.of then takes the history for it
    # where every player is a side, and no rows for a partnership game, whose players' scores
    # that format did not keep.
    if version == 1 and "table" in data:
        data["table"] = _format_1_table(data["table"])
    if version < 3 and "log" in data:
        raise SerializationError(
            f"a format {version} state has no log field: the log of the hand came with format 3"
        )
    given = [name for name in _RECORD_START if name in data]
    if version < 4 and given:
        raise SerializationError(
            f"a format {version} state has no {' or '.join(given)} field: where the record of "
            "the game starts came with format 4"
        )
    # A state saved before format 3 loads with an empty log, as a position built directly.
    document, _write, read = _state_codec()
    fields = attrs.asdict(read(data, document), recurse=False)
    if version < 4 and not fields["history"]:
        # Before format 4 an empty history was a position set up without the record of the
        # hands before it (a history with rows was the whole record, which is the default).
        over = fields["phase"] >= Phase.HAND_OVER
        fields["history_start"] = fields["hand_number"] + over
        fields["start_totals"] = fields["totals"]
    _check_log(fields["log"], len(fields["hands"]))
    # Hands are sorted in every state (as State.from_position builds them).
    fields["hands"] = tuple(tuple(sorted(h)) for h in fields["hands"])
    state = State._of(**fields)
    # A meld's validity depends on the rules, so it is checked here rather than in the table
    # meld hook; checking before validate() lets the error name the meld and its place.
    for i, meld in enumerate(state.table):
        problem = meld_error(meld.cards, state.config)
        if problem is not None:
            shown = " ".join(c.ascii for c in meld.cards)
            raise SerializationError(f"table meld $.table[{i}]: {shown} is not a meld: {problem}")
    try:
        state.validate()
    except ConfigError as exc:
        raise SerializationError(f"inconsistent state: {exc}") from exc
    except StateError as exc:
        raise SerializationError(f"inconsistent state: {exc}") from exc
    return state


def _check_log(log: tuple[Event, ...], players: int) -> None:
    """Refuse a saved log naming a player the game does not have, or a deal of another number
    of hands. (What each event did is not replayed: the log is kept as it was saved.)"""
    for i, event in enumerate(log):
        problem = event_problem(event, players)
        if problem is not None:
            raise SerializationError(f"the log event $.log[{i}]{quoted_event(event)} {problem}")


def _view_document() -> type:
    """An attrs class with the fields of a :class:`PlayerView`, built without the view's
    check: a loaded view's hand is sorted before the view is built and checked."""
    fields = {f.name: attrs.field(type=f.type, default=f.default) for f in attrs.fields(PlayerView)}
    return attrs.make_class("ViewDocument", fields, frozen=True)


@cache
def _view_codec() -> tuple[type, Callable[[Any, Any], Any]]:
    """The shape of a saved view (:func:`_view_document`) and the function reading its fields."""
    document = _view_document()
    return document, make_dict_structure_fn(document, converter)


def _structure_view(value: Any, _: type) -> PlayerView:
    if not isinstance(value, Mapping):
        raise SerializationError(f"a player view is a JSON object, not {describe_value(value)}")
    document, read = _view_codec()
    fields = attrs.asdict(read(value, document), recurse=False)
    # Hands are sorted in every view (as State.view gives them), as in a loaded state.
    fields["hand"] = tuple(sorted(fields["hand"]))
    try:
        return PlayerView(**fields)
    except StateError as exc:
        raise SerializationError(f"inconsistent view: {exc}") from exc


converter.register_structure_hook(PlayerView, _structure_view)
converter.register_unstructure_hook(State, _unstructure_state)
converter.register_structure_hook(State, _structure_state)


@cache
def _record_codec() -> tuple[Callable[[Any], dict[str, Any]], Callable[[Any, Any], Any]]:
    """The functions writing and reading the fields of a :class:`GameRecord`."""
    return make_dict_unstructure_fn(GameRecord, converter), make_dict_structure_fn(
        GameRecord, converter
    )


def _unstructure_record(record: GameRecord) -> dict[str, Any]:
    return {"format": FORMAT_VERSION, **_record_codec()[0](record)}


def _structure_record(value: Any, _: type) -> GameRecord:
    version, data = _check_format(value, "game record")
    record: GameRecord = _record_codec()[1](data, GameRecord)
    if version == 1 and record.config.join_melds:
        record = attrs.evolve(record, moves=_lay_offs_by_id(record))
    # Both formats record the same moves; replaying them scores each player again.
    return record


def _lay_offs_by_id(record: GameRecord) -> tuple[Move, ...]:
    """The moves of a format 1 record with each lay-off naming its meld by id, not by place.

    The record is replayed to find the meld at each place. From a move that is illegal
    where the record plays it, the moves are left as they are: replaying the record then
    refuses that move.
    """
    moves = list(record.moves)
    state = record.start()
    for number, move in enumerate(moves):
        if isinstance(move, Layoff) and move.meld_id < len(state.table):
            moves[number] = move = Layoff(state.table[move.meld_id].id, move.laid, move.high)
        try:
            state = state.apply(move)
        except IllegalMoveError:
            break
    return tuple(moves)


converter.register_unstructure_hook(GameRecord, _unstructure_record)
converter.register_structure_hook(GameRecord, _structure_record)


# -- the public functions ------------------------------------------------------------------------


def to_data(obj: object) -> Any:
    """``obj`` as JSON-ready data: dicts, lists, strings, ints, booleans and ``None``."""
    return converter.unstructure(obj)


def _explain(exc: BaseException, tp: type | None) -> str:
    # Our own errors already say what is wrong; cattrs' defaults cover missing keys and the like.
    if isinstance(exc, Rummy500Error):
        return str(exc)
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        return f"unknown fields: {', '.join(sorted(exc.extra_fields))}"
    return format_exception(exc, tp)


def _check_class(cls: object, function: str) -> None:
    if not isinstance(cls, type) and get_origin(cls) is None:
        raise SerializationError(
            f"{function} needs the class to build, such as rummy500.State, as its second "
            f"argument, not {describe_value(cls)}"
        )


def _check_data(data: Any) -> None:
    """Refuse data nested more than :data:`MAX_DEPTH` lists and objects deep (or cyclic), or
    larger than :data:`MAX_TEXT`: counted as one per value (each item of a list, each key and
    value of an object) plus the characters of every string, which the JSON text of the data
    would hold at least. Each level's size is counted before the level below is gathered, so
    data far too large is refused at once."""
    level: list[Any] = [data]
    size = 0
    for depth in range(1, MAX_DEPTH + 2):
        containers = [v for v in level if isinstance(v, list | tuple | Mapping)]
        size += sum(len(v) for v in level if isinstance(v, str))
        size += sum(2 * len(v) if isinstance(v, Mapping) else len(v) for v in containers)
        if size > MAX_TEXT:
            raise SerializationError(
                f"the data holds more than {MAX_TEXT} values and string characters: from_data "
                f"reads no more than loads does (MAX_TEXT)"
            )
        if not containers:
            return
        if depth > MAX_DEPTH:
            break
        level = [
            item
            for value in containers
            for item in ((*value.keys(), *value.values()) if isinstance(value, Mapping) else value)
        ]
    raise SerializationError(
        f"the data is nested more than {MAX_DEPTH} lists and objects deep: no saved object "
        "is nested that deep"
    )


def from_data(data: Any, cls: type[T]) -> T:
    """Build a ``cls`` from JSON-ready ``data`` (as :func:`to_data` makes it).

    Raises :class:`~rummy500.SerializationError` saying what is wrong and where. The
    data is bounded as :func:`loads` bounds its text (:data:`MAX_TEXT`, :data:`MAX_DEPTH`):
    more than :data:`MAX_TEXT` values and string characters in all is refused before anything
    is built.
    """
    _check_class(cls, "from_data")
    _check_data(data)
    return _from_data(data, cls)


def _from_data(data: Any, cls: type[T]) -> T:
    what = getattr(cls, "__name__", repr(cls))
    try:
        return converter.structure(data, cls)
    except cattrs.StructureHandlerNotFoundError as exc:
        raise SerializationError(f"cannot load {what}: it has no JSON form") from exc
    except cattrs.BaseValidationError as exc:
        # cattrs writes "problem @ $.path"; put the place first, as in the other messages.
        problems = [
            f"at {where}: {problem}"
            for problem, _, where in (
                line.rpartition(" @ ")
                for line in cattrs.transform_error(exc, format_exception=_explain)
            )
        ]
        raise SerializationError(f"cannot load {what} {'; '.join(problems)}") from exc
    except (Rummy500Error, KeyError, TypeError, ValueError) as exc:
        raise SerializationError(f"cannot load {what} at $: {_explain(exc, cls)}") from exc


def dumps(obj: object, *, indent: int | None = None) -> str:
    """``obj`` as JSON text. The same object always gives the same text.

    ``indent`` is ``None`` (one line) or the spaces of each level, from 0 (a level a line) to
    :data:`MAX_INDENT`; anything else raises :class:`~rummy500.SerializationError`.
    """
    if indent is not None and not (is_whole(indent) and 0 <= indent <= MAX_INDENT):
        raise SerializationError(
            f"dumps' indent must be None or a whole number from 0 to {MAX_INDENT}, not "
            f"{describe_value(indent)}"
        )
    try:
        return json.dumps(to_data(obj), indent=indent, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise SerializationError(f"cannot write {type(obj).__name__} as JSON: {exc}") from exc


def loads(text: str | bytes, cls: type[T]) -> T:
    """Read a ``cls`` from JSON text (as :func:`dumps` writes it).

    Raises :class:`~rummy500.SerializationError` for text that is not JSON and for data
    that does not describe a valid ``cls``.
    """
    _check_class(cls, "loads")
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_TEXT:
            raise SerializationError(_too_long(len(text), "bytes"))
        try:
            text = bytes(text).decode(json.detect_encoding(text))
        except UnicodeDecodeError as exc:
            raise SerializationError(f"not valid JSON: {exc}") from exc
    elif not isinstance(text, str):
        raise SerializationError(
            f"loads reads JSON text (a str or bytes), not {describe_value(text)}"
        )
    if len(text) > MAX_TEXT:
        raise SerializationError(_too_long(len(text), "characters"))
    _check_text_depth(text)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise SerializationError(f"not valid JSON: {exc}") from exc
    return _from_data(data, cls)


def _too_long(size: int, unit: str) -> str:
    return f"the JSON text is {size} {unit} long: loads reads at most {MAX_TEXT}"


#: A JSON string (or the rest of the text after an opening quote that is never closed).
_JSON_STRING: Final = re.compile(r'"(?:[^"\\]+|\\.)*"?')
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")


def _check_text_depth(text: str) -> None:
    """Refuse, before parsing, text nesting lists and objects more than :data:`MAX_DEPTH` deep."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    if brackets.count("[") + brackets.count("{") <= MAX_DEPTH:
        return
    depth = 0
    for b in brackets:
        if b in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise SerializationError(
                    f"the JSON text nests lists and objects more than {MAX_DEPTH} deep: no "
                    "saved object is nested that deep"
                )
        else:
            depth -= 1
