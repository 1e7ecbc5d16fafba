"""The tools that keep old names working for a while, each warning when used."""

from __future__ import annotations

import warnings
from types import ModuleType

import pytest

import rummy500
from rummy500 import cards, engine, melds, rules, state, toolkit
from rummy500.deprecation import REMOVED_IN, module_aliases, renamed_attribute


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


#: The names of the top level in 1.0, as the "API and stability" page lists them.
TOP_LEVEL = [
    "State", "PlayerView", "new_game", "Phase", "OwedUse", "CHANCE", "TERMINAL", "Move", "Draw",
    "Take", "Call", "Meld", "Layoff", "Discard", "Pass", "Decline", "Deal", "TableMeld", "Card",
    "Suit", "parse_cards", "format_cards", "events", "RuleConfig", "Aces", "Calling",
    "CardValues", "DeepestCard", "EmptyStock", "FirstDealer", "PlayerTable", "presets",
    "Rummy500Error", "ActionError", "CardError", "ConfigError", "IllegalMoveError",
    "MoveParseError", "SerializationError", "StateError", "dumps", "loads", "to_data",
    "from_data", "GameRecord", "__version__", "COMPILED", "toolkit",
]  # fmt: skip

#: The names of rummy500.toolkit.
TOOLKIT = [
    "ActionSpace", "ActionRange", "possible_melds", "possible_layoffs", "explain_meld",
    "score_breakdown", "PlayerScore", "table_points", "known_cards", "KnownCardsReader",
    "sample_world", "dealer_draw_rounds", "describe_value", "quote_value", "CARDS", "JOKER",
    "make_deck", "put_down", "run_distances",
]  # fmt: skip

#: The names that moved from the top level to the toolkit (explain_meld and run_distances are
#: new).
MOVED = [name for name in TOOLKIT if name not in {"explain_meld", "run_distances"}]

RUN_LIMITS = "rummy500.toolkit.run_distances or rummy500.toolkit.explain_meld"

#: Each name that left the top level in 1.0: what it now is, and what to use instead.
LEFT_THE_TOP_LEVEL = [
    *[(name, getattr(toolkit, name), f"rummy500.toolkit.{name}") for name in MOVED],
    ("apply", engine.apply, "State.apply"),
    ("explain_illegal", engine.explain_illegal, "State.explain_illegal"),
    ("parse_move", state.parse_move, "State.parse_move"),
    ("RunShape", melds.RunShape, RUN_LIMITS),
    ("run_shape", melds.run_shape, RUN_LIMITS),
    ("JOKER_AS", cards.JOKER_AS, "rummy500.toolkit.JOKER.standing_for(card)"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "instead"), LEFT_THE_TOP_LEVEL)
def test_names_that_left_the_top_level_warn(old: str, new: object, instead: str) -> None:
    with pytest.warns(DeprecationWarning, match="is deprecated") as record:
        value = getattr(rummy500, old)
    assert value is new
    assert [str(w.message) for w in record] == [
        f"rummy500.{old} is deprecated and will be removed in rummy500 {REMOVED_IN}; use {instead}"
    ]


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
