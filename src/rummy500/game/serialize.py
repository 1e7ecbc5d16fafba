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
player saw it included. A game that ended early (:meth:`State.abandon <rummy500.State.abandon>`,
:meth:`State.cancel <rummy500.State.cancel>`) has an ``"ending"`` in its state, its players'
views and its game record (after the moves): ``{"how": "abandoned", "player": 1,
"during_hand": true}``, or ``"how": "cancelled"`` with ``"player": null`` for a game the host
cancelled; any other game has none, so its documents hold what format 4 held. State and
game-record documents start with ``"format": 5`` (:data:`FORMAT_VERSION`). A loaded player view
is checked by :meth:`PlayerView.validate <rummy500.PlayerView.validate>` (its hand sorted first):
an inconsistent one raises ``SerializationError`` ("inconsistent view: ..."). Keys come in a
fixed order, so equal objects always give the same text.

**Format 4.** Documents of format 4 still load. They have no ``"ending"`` (how a game ended early
came with format 5): a format 4 state or game record is of a game played out or still going on,
and one that holds an ``"ending"`` is refused.

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
seed (and dealer, if one was chosen), every move since :func:`~rummy500.game.state.new_game`, and
the game's early end if it had one. :meth:`GameRecord.replay` rebuilds the final state, with its
undo chain (an early end is applied after the moves, so the final state's :meth:`State.undo
<rummy500.State.undo>` gives the position it ended).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final, TypeVar, get_origin

import cattrs
from cattrs.v import format_exception

from rummy500.core.errors import Rummy500Error, SerializationError, describe_value, is_whole
from rummy500.game.conversion import converter

# Importing the documents registers their hooks, and those of the values they hold, on the
# converter.
from rummy500.game.documents import FORMAT_VERSION, READ_FORMATS
from rummy500.game.record import GameRecord

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
