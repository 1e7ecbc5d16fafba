"""Named rule sets, one per rule source, looked up by name.

Each preset is a :class:`~rummy500.rules.RuleConfig`; its docstring cites the rule text it
follows. Names are case-insensitive and may have aliases: ``get("Standard")``,
``get("default")``.
"""

from __future__ import annotations

from collections.abc import Callable

from rummy500.errors import ConfigError
from rummy500.rules import RuleConfig

__all__ = ["PRESETS", "get", "names", "standard"]


def standard() -> RuleConfig:
    """The standard rules of Rummy 500, as written from Bicycle and checked against Pagat.

    "Deal 13 cards each to 2 players or 7 each to 3 or more"; one deck for 2 to 4 players, two
    decks for 5 to 8; "The deepest card you take must be used that turn", the top card
    included; "An ace can be low or high, but K-A-2 is not a run"; the last card "may be
    melded, laid off or discarded"; when the stock is empty the player to move "may still take
    from the discard pile. If they do not, the hand ends with nobody out"; ace 15 (1 at the low
    end of A-2-3), 2-9 their number, 10 and faces 10; "The first to reach 500 wins. If two pass
    500 together, the higher total wins."
    """
    return RuleConfig()


#: Every preset by its canonical name.
PRESETS: dict[str, Callable[[], RuleConfig]] = {
    "standard": standard,
}

_ALIASES: dict[str, str] = {
    "default": "standard",
}


def names() -> list[str]:
    """The canonical preset names, in a fixed order."""
    return list(PRESETS)


def get(name: str) -> RuleConfig:
    """The preset called ``name`` (case-insensitive; aliases allowed)."""
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    key = _ALIASES.get(key, key)
    try:
        return PRESETS[key]()
    except KeyError:
        known = ", ".join(sorted([*PRESETS, *_ALIASES]))
        raise ConfigError(f"no preset called {name!r}; the presets are: {known}") from None
