"""The JSON documents: a state, a player's view and a game record, as registered on the converter
of :mod:`rummy500.game.conversion`, and the reading of the documents of earlier formats.

A state and a game record are documents of their own, starting with ``"format"``
(:data:`FORMAT_VERSION`); a player view is an object with each of its fields. The values they
hold are read by the hooks of :mod:`rummy500.game.valuecodecs`. :mod:`rummy500.game.serialize`
describes the format and each earlier one.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Final, get_type_hints

import attrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from rummy500.core.errors import (
    ConfigError,
    IllegalMoveError,
    SerializationError,
    StateError,
    describe_value,
    quote_value,
)
from rummy500.game.conversion import converter
from rummy500.game.record import GameRecord
from rummy500.game.state import Phase, PlayerView, State
from rummy500.game.valuecodecs import format_1_table
from rummy500.melds.check import meld_cards_problem
from rummy500.play.events import Event, event_problem, quoted_event
from rummy500.play.moves import Layoff, Move
from rummy500.play.position import FIELDS, Position

__all__ = ["FORMAT_VERSION", "READ_FORMATS"]

#: The version of the document format, written as ``"format"`` in state and record documents.
FORMAT_VERSION: Final = 5

#: The format versions :func:`~rummy500.game.serialize.loads` and
#: :func:`~rummy500.game.serialize.from_data` read. Format 1 has no meld ids and no
#: ``player_history`` in a state (see "Format 1" in :mod:`rummy500.game.serialize`); formats 1
#: and 2 have no log of the hand in a state (see "Format 2"); formats 1 to 3 have no
#: ``history_start`` and ``start_totals`` in a state (see "Format 3"); formats 1 to 4 have no
#: ``ending`` in a state or a game record (see "Format 4").
READ_FORMATS: Final = (1, 2, 3, 4, 5)

#: The fields of a state that came with format 4: where the record of the game starts.
_RECORD_START: Final = ("history_start", "start_totals")

#: The field of a state and a game record that came with format 5: how the game ended early.
#: It is written only for a game that did (none is ``None``), so the document of any other
#: game holds what format 4 held.
_ENDING: Final = "ending"


def _check_ending_format(version: int, data: dict[str, Any], what: str) -> None:
    """Refuse an ``ending`` in a document of a format before it came."""
    if version < 5 and _ENDING in data:
        raise SerializationError(
            f"a format {version} {what} has no ending field: how a game ended early came with "
            "format 5"
        )


def _without_no_ending(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its ``ending`` left out when there is none."""
    if data.get(_ENDING, True) is None:
        del data[_ENDING]
    return data


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
    fields = write(document(**state._fields(), log=state.log))
    return {"format": FORMAT_VERSION, **_without_no_ending(fields)}


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
        data["table"] = format_1_table(data["table"])
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
    _check_ending_format(version, data, "state")
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
        problem = meld_cards_problem(meld.cards, state.config)
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


@cache
def _view_writer() -> Callable[[Any], dict[str, Any]]:
    """The function writing the fields of a :class:`PlayerView`."""
    write: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(PlayerView, converter)
    return write


def _unstructure_view(view: PlayerView) -> dict[str, Any]:
    # As in a state, an ending is written only for a game that ended early.
    return _without_no_ending(_view_writer()(view))


converter.register_unstructure_hook(PlayerView, _unstructure_view)
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
    return {"format": FORMAT_VERSION, **_without_no_ending(_record_codec()[0](record))}


def _structure_record(value: Any, _: type) -> GameRecord:
    version, data = _check_format(value, "game record")
    _check_ending_format(version, data, "game record")
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
