"""The tools that keep old names working for a while, each warning when used."""

from __future__ import annotations

from types import ModuleType

import pytest

import rummy500
from rummy500 import rules
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
