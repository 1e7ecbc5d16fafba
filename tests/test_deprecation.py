"""The tools that keep old names working for a while, each warning when used."""

from __future__ import annotations

import inspect
import linecache
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

import rummy500
from helpers_positions import cards
from rummy500 import (
    Call,
    Card,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    Take,
    events,
    toolkit,
)
from rummy500.core import cards as card_ids
from rummy500.core import errors
from rummy500.core.deprecation import (
    REMOVED_IN,
    module_aliases,
    renamed_attribute,
    renamed_keyword,
    renamed_keywords,
)
from rummy500.core.errors import MoveParseError, StateError
from rummy500.game import state
from rummy500.melds import shape as melds
from rummy500.play import engine
from rummy500.play.events import LaidOff, Melded, trusted_laid_off, trusted_melded
from rummy500.play.moves import trusted_layoff
from rummy500.rules import config as rules


class _Thing:
    kind = "draw"
    verb = renamed_attribute("kind")


def test_module_alias_warns_and_gives_the_new_value() -> None:
    getattr_ = module_aliases("pkg", {"Old": (lambda: 42, "pkg.New")})
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = getattr_("Old")
    assert value == 42
    assert [str(w.message) for w in record] == [
        f"pkg.Old is deprecated and will be removed in rummy500 {REMOVED_IN}; use pkg.New"
    ]


def test_module_alias_refuses_other_names_as_a_module_does() -> None:
    getattr_ = module_aliases("pkg", {})
    with pytest.raises(AttributeError) as info:
        getattr_("missing")
    assert str(info.value) == "module 'pkg' has no attribute 'missing'"


def test_renamed_attribute_reads_the_new_name_from_class_and_instance() -> None:
    message = (
        f"_Thing.verb is deprecated and will be removed in rummy500 {REMOVED_IN}; use _Thing.kind"
    )
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        from_class = _Thing.verb
    with pytest.warns(DeprecationWarning, match="is deprecated") as record_too:
        from_instance = _Thing().verb
    assert (from_class, from_instance) == ("draw", "draw")
    assert [str(w.message) for w in [*record, *record_too]] == [message, message]


def test_renamed_attribute_cannot_be_set() -> None:
    thing = _Thing()
    with pytest.raises(AttributeError) as info:
        thing.verb = "take"  # type: ignore[misc]
    assert str(info.value) == "_Thing.verb is deprecated and read-only; set kind"


@pytest.mark.parametrize(
    ("module", "old", "new"),
    [
        (rummy500, "AceRule", rummy500.Aces),
        (rummy500, "CallRule", rummy500.Calling),
        (rules, "AceRule", rules.Aces),
        (rules, "CallRule", rules.Calling),
    ],
)
def test_old_names_of_the_rules_enums(module: ModuleType, old: str, new: type) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = getattr(module, old)
    assert value is new
    assert [str(w.message) for w in record] == [
        f"{module.__name__}.{old} is deprecated and will be removed in rummy500 {REMOVED_IN}; "
        f"use rummy500.{new.__name__}"
    ]
    # Blamed on the line that read the old name, so that Python's default filter shows it
    # when that line is in __main__.
    assert [w.filename for w in record] == [__file__]


def _warned(record: pytest.WarningsRecorder) -> list[str]:
    return [str(w.message) for w in record]


def _message(old: str, instead: str) -> str:
    return f"{old} is deprecated and will be removed in rummy500 {REMOVED_IN}; use {instead}"


@pytest.mark.parametrize(
    ("old", "new", "instead"),
    [
        ("current", "_current", "State.current_player"),
        ("of", "_of", "State.from_position"),
        ("replace", "_replace", "State.from_position or State.with_seed"),
        ("fields", "_fields", "rummy500.to_data"),
    ],
)
def test_old_names_on_a_state(old: str, new: str, instead: str) -> None:
    state = rummy500.new_game(players=3, seed=4)
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = getattr(state, old)
    if callable(value):
        assert value.__func__ is getattr(state, new).__func__
    else:
        assert value == getattr(state, new)
    assert _warned(record) == [_message(f"State.{old}", instead)]
    assert [w.filename for w in record] == [__file__]


def test_the_old_seat_name_gives_the_seat_even_between_hands() -> None:
    over = rummy500.State.from_position(
        rummy500.RuleConfig(),
        hands=["", "2H 3H", "KD"],
        pile="8C",
        table=[("9C 10C JC", 0), ("QS KS AS", 0)],
        went_out=0,
    )
    with pytest.warns(DeprecationWarning, match="is deprecated"):
        seat = over.current
    assert (seat, over.current_player) == (0, rummy500.CHANCE)


def test_moves_is_the_move_stack_as_a_list() -> None:
    state = rummy500.new_game(players=3, seed=4)
    state = state.apply(state.legal_moves()[0])
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        moves = state.moves()
    assert moves == list(state.move_stack) == [state.last_move]
    assert _warned(record) == [_message("State.moves()", "State.move_stack")]


def test_push_is_apply() -> None:
    state = rummy500.new_game(players=3, seed=4)
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        pushed = state.push("draw")
    assert pushed == state.apply_text("draw")
    assert _warned(record) == [
        _message("State.push", "State.apply, or State.apply_text for a move's text")
    ]


def test_from_position_takes_the_old_name_of_current_player() -> None:
    hands = ["AS 2S 3S 4S 5S 6S 7S", "AH 2H 3H 4H 5H 6H 7H", "AD 2D 3D 4D 5D 6D 7D"]
    config = rummy500.RuleConfig()
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        old = rummy500.State.from_position(config, hands=hands, pile="8C", current=2)
    assert old == rummy500.State.from_position(config, hands=hands, pile="8C", current_player=2)
    assert _warned(record) == [
        _message("State.from_position(current=...)", "State.from_position(current_player=...)")
    ]
    with (
        pytest.warns(DeprecationWarning, match="is deprecated"),
        pytest.raises(StateError) as info,
    ):
        rummy500.State.from_position(config, hands=hands, pile="8C", current=2, current_player=1)
    assert str(info.value) == (
        "current and current_player are both given: give only current_player "
        "(current is its old name)"
    )


#: One move of each kind, to read the old name ``verb`` from, with its kind.
_MOVES = [
    (Draw(), "draw"),
    (Take(cards("JC 4H")), "take"),
    (Meld(cards("8S 8H 8D")), "meld"),
    (Layoff(2, cards("9S")), "layoff"),
    (Discard(Card("5S")), "discard"),
    (Decline(), "decline"),
    (Call(cards("7H 2C")), "call"),
    (Pass(), "pass"),
    (Deal(), "deal"),
]
_MOVE_IDS = [type(move).__name__ for move, _ in _MOVES]


@pytest.mark.parametrize(("move", "kind"), _MOVES, ids=_MOVE_IDS)
def test_old_name_of_the_kind_of_move_read_from_a_move_class(move: Move, kind: str) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = type(move).verb
    assert value == type(move).kind == kind
    assert [str(w.message) for w in record] == [_message("Move.verb", "Move.kind")]


def test_old_name_of_the_kind_of_move_read_from_the_base_class() -> None:
    # Move itself is no kind of move: the old name warns, then fails as the new one does.
    with (
        pytest.warns(DeprecationWarning, match="is deprecated") as record,
        pytest.raises(AttributeError) as info,
    ):
        Move.verb  # noqa: B018
    assert str(info.value) == "type object 'Move' has no attribute 'kind'"
    assert [str(w.message) for w in record] == [_message("Move.verb", "Move.kind")]


@pytest.mark.parametrize(("move", "kind"), _MOVES, ids=_MOVE_IDS)
def test_old_name_of_the_kind_of_move_read_from_a_move(move: Move, kind: str) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = move.verb
    assert value == move.kind == kind
    assert [str(w.message) for w in record] == [_message("Move.verb", "Move.kind")]


@pytest.mark.parametrize(
    ("value", "old", "new"),
    [
        (Layoff(2, cards("9S")), "Layoff.meld", "Layoff.meld_id"),
        (events.LaidOff(1, 2, cards("9S")), "LaidOff.meld", "LaidOff.meld_id"),
        (events.Melded(1, cards("8S 8H 8D"), 2), "Melded.meld", "Melded.meld_id"),
    ],
    ids=["Layoff", "LaidOff", "Melded"],
)
def test_old_name_of_a_table_meld_id(
    value: Layoff | events.LaidOff | events.Melded, old: str, new: str
) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        meld_id = value.meld
    assert meld_id == 2 == value.meld_id
    assert [str(w.message) for w in record] == [_message(old, new)]


#: Each class whose table meld id was ``meld`` before 1.0: a value built with the new
#: keyword, the same value's arguments with the old one, and the error both names give.
_MELD_KEYWORD: list[tuple[type, Any, dict[str, Any], type[Exception]]] = [
    (
        Layoff,
        Layoff(meld_id=2, laid=cards("9S 10S"), high=True),
        {"meld": 2, "laid": cards("9S 10S"), "high": True},
        MoveParseError,
    ),
    (
        LaidOff,
        LaidOff(player=1, meld_id=2, laid=cards("9S")),
        {"player": 1, "meld": 2, "laid": cards("9S")},
        StateError,
    ),
    (
        Melded,
        Melded(player=1, melded=cards("5S 6S 7S"), meld_id=4, joined=1),
        {"player": 1, "melded": cards("5S 6S 7S"), "meld": 4, "joined": 1},
        StateError,
    ),
]
_MELD_KEYWORD_IDS = [cls.__name__ for cls, *_ in _MELD_KEYWORD]
_BOTH = "meld and meld_id are both given: give only meld_id (meld is its old name)"


def _keyword_message(cls: type) -> str:
    return _message(f"{cls.__name__}(meld=...)", f"{cls.__name__}(meld_id=...)")


def _blamed(record: pytest.WarningsRecorder) -> list[str]:
    """The line of this file each warning names, as written (a line of another file: its
    file's name)."""
    return [
        linecache.getline(w.filename, w.lineno).strip() if w.filename == __file__ else w.filename
        for w in record
    ]


@pytest.mark.parametrize(("cls", "value", "old", "error"), _MELD_KEYWORD, ids=_MELD_KEYWORD_IDS)
def test_the_old_keyword_of_a_table_meld_id_builds_the_same_value(
    cls: type, value: Any, old: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        built = cls(**old)
    assert built == value
    assert built.meld_id == value.meld_id
    assert hash(built) == hash(value)
    assert _warned(record) == [_keyword_message(cls)]
    # Blamed on the line that gave the old keyword.
    assert _blamed(record) == ["built = cls(**old)"]


@pytest.mark.parametrize(("cls", "value", "old", "error"), _MELD_KEYWORD, ids=_MELD_KEYWORD_IDS)
def test_the_old_keyword_of_a_table_meld_id_after_positional_arguments(
    cls: type, value: Any, old: dict[str, Any], error: type[Exception]
) -> None:
    # The fields before the meld id given by place, the old keyword and the rest by name.
    names = [field.name for field in attrs.fields(cls)]
    before = names[: names.index("meld_id")]
    rest = {name: value for name, value in old.items() if name not in before}
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        built = cls(*(old[name] for name in before), **rest)
    assert built == value
    assert _warned(record) == [_keyword_message(cls)]


@pytest.mark.parametrize(("cls", "value", "old", "error"), _MELD_KEYWORD, ids=_MELD_KEYWORD_IDS)
def test_attrs_evolve_takes_the_old_keyword_of_a_table_meld_id(
    cls: type, value: Any, old: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        evolved = attrs.evolve(value, meld=9)
    assert evolved == attrs.evolve(value, meld_id=9)
    assert evolved.meld_id == 9
    assert _warned(record) == [_keyword_message(cls)]
    # Blamed on the line that called attrs.evolve, not on attrs.
    assert _blamed(record) == ["evolved = attrs.evolve(value, meld=9)"]


@pytest.mark.parametrize(("cls", "value", "old", "error"), _MELD_KEYWORD, ids=_MELD_KEYWORD_IDS)
def test_both_names_of_a_table_meld_id_are_refused(
    cls: type, value: Any, old: dict[str, Any], error: type[Exception]
) -> None:
    with (
        pytest.warns(DeprecationWarning, match="is deprecated") as record,
        pytest.raises(error) as given,
    ):
        cls(**old, meld_id=old["meld"])
    with (
        pytest.warns(DeprecationWarning, match="is deprecated") as record_too,
        pytest.raises(error) as evolved,
    ):
        attrs.evolve(value, meld=9, meld_id=8)
    assert str(given.value) == str(evolved.value) == _BOTH
    assert isinstance(given.value, rummy500.Rummy500Error)
    assert _warned(record) == _warned(record_too) == [_keyword_message(cls)]


@pytest.mark.parametrize(("cls", "value", "old", "error"), _MELD_KEYWORD, ids=_MELD_KEYWORD_IDS)
def test_the_new_keyword_warns_nothing_and_the_signature_is_unchanged(
    cls: type, value: Any, old: dict[str, Any], error: type[Exception]
) -> None:
    new = {("meld_id" if name == "meld" else name): arg for name, arg in old.items()}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cls(**new) == value
        assert cls(*new.values()) == value
        assert attrs.evolve(value, meld_id=9).meld_id == 9
    parameters = list(inspect.signature(cls).parameters)
    assert parameters == [field.name for field in attrs.fields(cls)]
    assert "meld" not in parameters


def test_the_old_keyword_is_checked_as_the_new_one() -> None:
    with (
        pytest.warns(DeprecationWarning, match="is deprecated") as record,
        pytest.raises(MoveParseError) as info,
    ):
        Layoff(meld=-1, laid=cards("9S"))
    assert str(info.value) == "a table meld id is 0 or more, not -1"
    assert _warned(record) == [_keyword_message(Layoff)]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Layoff(laid=cards("9S")), "missing 1 required positional argument: 'meld_id'"),
        (lambda: Layoff(2), "missing 1 required positional argument: 'laid'"),
        (lambda: Layoff(2, cards("9S"), nothing=1), "got an unexpected keyword argument 'nothing'"),
        (
            lambda: LaidOff(1, laid=cards("9S")),
            "missing 1 required positional argument: 'meld_id'",
        ),
        (lambda: Melded(1), "missing 1 required positional argument: 'melded'"),
        (lambda: Melded(1, cards("8S 8H 8D")), "missing 1 required positional argument: 'meld_id'"),
    ],
)
def test_a_field_left_out_is_missing_as_before(build: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError) as info:
        build()
    assert str(info.value).split("() ", 1)[1] == message
    assert str(info.value).split("(", 1)[0].endswith(".__init__")


def test_a_field_left_out_beside_the_old_keyword_is_missing() -> None:
    with (
        pytest.warns(DeprecationWarning, match="is deprecated") as record,
        pytest.raises(TypeError) as info,
    ):
        Layoff(meld=2)
    assert str(info.value) == "Layoff.__init__() missing 1 required positional argument: 'laid'"
    assert _warned(record) == [_keyword_message(Layoff)]


def test_values_built_without_the_constructor_are_the_constructors_values() -> None:
    laid = cards("9S 10S")
    assert trusted_layoff(2, laid, True) == Layoff(2, laid, True)
    assert trusted_laid_off(1, 2, laid, False) == LaidOff(1, 2, laid)
    assert trusted_melded(1, laid, 4, None) == Melded(1, laid, 4)


def test_the_api_page_lists_the_old_keywords_and_the_error_for_both() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "api-stability.md"
    (row,) = [line for line in page.read_text().splitlines() if "(meld=...)`" in line]
    for cls, _, _, error in _MELD_KEYWORD:
        assert f"`{cls.__name__}(meld=...)`" in row
        assert f"`{error.__name__}`" in row
    assert "`attrs.evolve(value, meld=...)`" in row


@renamed_keywords(StateError)
@attrs.frozen
class _Renamed:
    """A class with two renamed fields, a field before them and defaults of both kinds."""

    first: int
    colour: str
    size: int
    tags: tuple[str, ...] = attrs.field(factory=tuple)
    shape: str = "round"
    color = renamed_attribute("colour")
    bulk = renamed_attribute("size")


def test_renamed_keywords_takes_each_old_name() -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        built = _Renamed(1, color="red", bulk=3)
    assert built == _Renamed(1, "red", 3, (), "round")
    assert _warned(record) == [
        _message("_Renamed(color=...)", "_Renamed(colour=...)"),
        _message("_Renamed(bulk=...)", "_Renamed(size=...)"),
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _Renamed(1, "red", 3, shape="square").tags == ()
        assert _Renamed(1, "red", 3, ("a",)) == _Renamed(
            first=1, colour="red", size=3, tags=("a",), shape="round"
        )
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        evolved = attrs.evolve(built, bulk=5, shape="square")
    assert evolved == _Renamed(1, "red", 5, (), "square")
    assert _warned(record) == [_message("_Renamed(bulk=...)", "_Renamed(size=...)")]
    assert _blamed(record) == ['evolved = attrs.evolve(built, bulk=5, shape="square")']
    with (
        pytest.warns(DeprecationWarning, match="is deprecated") as record,
        pytest.raises(StateError) as info,
    ):
        _Renamed(1, "red", 3, color="blue")
    assert _warned(record) == [_message("_Renamed(color=...)", "_Renamed(colour=...)")]
    assert str(info.value) == (
        "color and colour are both given: give only colour (color is its old name)"
    )


def test_renamed_keywords_needs_a_renamed_field() -> None:
    @attrs.frozen
    class Plain:
        value: int

    with pytest.raises(TypeError) as info:
        renamed_keywords(StateError)(Plain)
    assert str(info.value) == (
        "renamed_keywords needs a class with renamed fields and no keyword-only field, not Plain"
    )


def _call_with_old_keyword(both: bool) -> None:
    renamed_keyword("f", "old", "new", both=both, error=StateError)


def test_renamed_keyword_warns_at_the_callers_line_and_refuses_both() -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        _call_with_old_keyword(False)
    assert _warned(record) == [_message("f(old=...)", "f(new=...)")]
    # The line that called the function given the old keyword.
    assert _blamed(record) == ["_call_with_old_keyword(False)"]
    with (
        pytest.warns(DeprecationWarning, match="is deprecated"),
        pytest.raises(StateError) as info,
    ):
        _call_with_old_keyword(True)
    assert str(info.value) == "old and new are both given: give only new (old is its old name)"


#: The names of the top level, as the "API and stability" page lists them.
TOP_LEVEL = [
    "State", "PlayerView", "new_game", "Phase", "OwedUse", "CHANCE", "TERMINAL", "Move", "Draw",
    "Take", "Call", "Meld", "Layoff", "Discard", "Pass", "Decline", "Deal", "TableMeld", "Card",
    "Suit", "parse_cards", "format_cards", "events", "RuleConfig", "Aces", "Calling",
    "CardValues", "DeepestCard", "EmptyStock", "FirstDealer", "PlayerTable", "presets",
    "Rummy500Error", "ActionError", "CardError", "ConfigError", "IllegalMoveError",
    "MoveParseError", "SerializationError", "StateError", "dumps", "loads", "to_data",
    "from_data", "GameRecord", "__version__", "COMPILED", "toolkit",
    # Added since 1.0.
    "SearchLimitError", "RelaxedWorldWarning", "Ending",
]  # fmt: skip

#: The names of rummy500.toolkit.
TOOLKIT = [
    "ActionSpace", "ActionRange", "possible_melds", "possible_layoffs", "explain_meld",
    "score_breakdown", "PlayerScore", "table_points", "known_cards", "KnownCardsReader",
    "sample_world", "dealer_draw_rounds", "CARDS", "JOKER",
    "make_deck", "put_down", "run_distances", "WorldSampler",
    # Added since 1.0.
    "CardsInput", "TableMeldInput", "EVENT_CLASSES", "GameResult", "game_result", "side_scores",
    "play_out", "playout_step",
]  # fmt: skip

#: The names that moved from the top level to the toolkit (explain_meld, run_distances and
#: WorldSampler are new).
MOVED = [
    name
    for name in TOOLKIT
    if name
    not in {
        "explain_meld",
        "run_distances",
        "WorldSampler",
        "CardsInput",
        "TableMeldInput",
        "EVENT_CLASSES",
        "GameResult",
        "game_result",
        "side_scores",
        "play_out",
        "playout_step",
    }
]

RUN_LIMITS = "rummy500.toolkit.run_distances or rummy500.toolkit.explain_meld"
#: What to use instead of the package's own wording of a wrong value (1.0 made it public).
WORDING = "a wording of your own, such as repr()"

#: Each name that left the top level in 1.0: what it now is, and what to use instead.
LEFT_THE_TOP_LEVEL = [
    *[(name, getattr(toolkit, name), f"rummy500.toolkit.{name}") for name in MOVED],
    ("apply", engine.apply, "State.apply"),
    ("explain_illegal", engine.explain_illegal, "State.explain_illegal"),
    ("parse_move", state.parse_move, "State.parse_move"),
    ("RunShape", melds.RunShape, RUN_LIMITS),
    ("run_shape", melds.run_shape, RUN_LIMITS),
    ("JOKER_AS", card_ids.JOKER_AS, "rummy500.toolkit.JOKER.standing_for(card)"),
    ("describe_value", errors.describe_value, WORDING),
    ("quote_value", errors.quote_value, WORDING),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "instead"), LEFT_THE_TOP_LEVEL)
def test_names_that_left_the_top_level_warn(old: str, new: object, instead: str) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = getattr(rummy500, old)
    assert value is new
    assert [str(w.message) for w in record] == [
        f"rummy500.{old} is deprecated and will be removed in rummy500 {REMOVED_IN}; use {instead}"
    ]
    assert [w.filename for w in record] == [__file__]


@pytest.mark.parametrize("old", ["describe_value", "quote_value"])
def test_the_wording_of_a_wrong_value_left_the_toolkit(old: str) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = getattr(toolkit, old)
    assert value is getattr(errors, old)
    assert [str(w.message) for w in record] == [
        f"rummy500.toolkit.{old} is deprecated and will be removed in rummy500 {REMOVED_IN}; "
        f"use {WORDING}"
    ]
    assert [w.filename for w in record] == [__file__]


def test_every_name_that_left_the_top_level_has_an_alias() -> None:
    old = {name for name, _, _ in LEFT_THE_TOP_LEVEL}
    assert len(old) == 23
    assert not old & set(rummy500.__all__)
    assert set(MOVED) <= old


@pytest.mark.parametrize(
    ("module", "names"), [(rummy500, TOP_LEVEL), (toolkit, TOOLKIT)], ids=["top", "toolkit"]
)
def test_the_public_names_are_the_documented_ones_and_none_warns(
    module: ModuleType, names: list[str]
) -> None:
    assert sorted(module.__all__) == sorted(names)
    assert len(set(module.__all__)) == len(module.__all__)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in module.__all__:
            getattr(module, name)


def test_dir_shows_the_public_names() -> None:
    assert dir(rummy500) == sorted(TOP_LEVEL)


def test_star_import_gives_no_deprecated_name() -> None:
    namespace: dict[str, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        exec("from rummy500 import *", namespace)
    del namespace["__builtins__"]
    assert sorted(namespace) == sorted(TOP_LEVEL)
