"""The JSON form of the values that saved documents hold, registered on the converter of
:mod:`rummy500.game.conversion`: configs (with their value classes and enums), phases, cards,
moves, the events of a log, table melds and the early end of a game.

A card is its ASCII text and a move its ASCII text form; an event is an object with its kind
under ``"event"`` and its fields; a table meld is its id, owner, cards and each card's owner
(:mod:`rummy500.game.serialize` describes the format); an early end is its ``how``, ``player``
and ``during_hand``. A config is written by
:mod:`rummy500.rules.configdata` and read back field by field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Final, cast

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from rummy500.core.cards import CARDS, Card
from rummy500.core.errors import (
    CardError,
    MoveParseError,
    SerializationError,
    StateError,
    quote_value,
)
from rummy500.core.phases import Ending, OwedUse, Phase
from rummy500.game.conversion import converter, read_fields, structure_enum
from rummy500.melds.table import TableMeld
from rummy500.play.events import Event
from rummy500.play.moves import EVENT_KINDS, KINDS, Move, kind_column
from rummy500.rules.choices import CardValues, PlayerTable
from rummy500.rules.config import RuleConfig
from rummy500.rules.configdata import card_values_data, config_data, player_table_data

__all__ = ["format_1_table"]


def _structure_phase(value: Any, _: type) -> Phase:
    if isinstance(value, str) and value.upper() in Phase.__members__:
        return Phase[value.upper()]
    choices = ", ".join(repr(p.name.lower()) for p in Phase)
    raise SerializationError(f"unknown phase {quote_value(value)}: expected one of {choices}")


# An int enum would otherwise be read by the int hook, which knows nothing of its members.
converter.register_structure_hook(OwedUse, structure_enum)
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
# its output file's header with it without loading saving.
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


# The functions cattrs generates (for the events here, and for the saved states, views and game
# records of rummy500.game.documents) are made on first use, each once: making them all costs
# more than importing the rest of the package, and a program that saves nothing, or only a
# config, need not pay for them.


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
    data = read_fields(
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


def format_1_table(table: Any) -> Any:
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

_ENDING_FIELDS: Final = ("how", "player", "during_hand")


def _unstructure_ending(ending: Ending) -> dict[str, Any]:
    return {"how": ending.how, "player": ending.player, "during_hand": ending.during_hand}


def _structure_ending(value: Any, _: type) -> Ending:
    data = read_fields(value, _ENDING_FIELDS, "an ending")
    player = data["player"]
    how: Any = converter.structure(data["how"], str)  # Ending refuses any other word
    return Ending(
        how,
        None if player is None else converter.structure(player, int),
        converter.structure(data["during_hand"], bool),
    )


converter.register_unstructure_hook(Ending, _unstructure_ending)
converter.register_structure_hook(Ending, _structure_ending)
