"""The data of the "Compare the variants" page, read: which rule sets and player counts it holds
and in what order, how the rule sets differ, which of them play the same game, and how a share
is written.

The page (``compare_variants.py``), its advice (``compare_variants_advice.py``) and its plots
(``compare_variants_plots.py``) all read the data file through these; the page's script
puts the checkout's ``src`` on the path first when rummy500 is not installed. A result's key is
``preset/players`` (``"standard/2"``); its figures are those of ``web/src/variant_figures.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

import attrs
import gen_variants

import rummy500
from rummy500 import presets
from rummy500.rules.choices import PlayerTable

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "src"))

__all__ = [
    "COUNT_FIELDS",
    "PLAYER_COUNTS",
    "allowed",
    "differences",
    "differing_fields",
    "listed",
    "names_in",
    "order",
    "player_counts",
    "plays_alike",
    "stock_after_deal",
]

#: The player counts measured, where a preset allows them.
PLAYER_COUNTS: Final = (2, 3, 4)
#: Fields that only say which player counts a rule set allows: play never reads them.
COUNT_FIELDS: Final = ("min_players", "max_players")


def order(key: str) -> tuple[int, int]:
    """Where the result ``preset/players`` goes: presets in their registry's order, then by
    player count."""
    name, players = key.split("/")
    return presets.names().index(name), int(players)


def names_in(results: dict[str, Any]) -> list[str]:
    """The presets ``results`` has figures of, in the registry's order."""
    return [n for n in presets.names() if any(k.startswith(f"{n}/") for k in results)]


def player_counts(results: dict[str, Any]) -> list[int]:
    """The player counts ``results`` has figures of."""
    return [n for n in PLAYER_COUNTS if any(k.endswith(f"/{n}") for k in results)]


def listed(items: Iterable[object]) -> str:
    """Items as prose: ``2``, ``2 and 3``, ``2, 3 and 4``."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def allowed(name: str) -> list[int]:
    """The player counts of :data:`PLAYER_COUNTS` that preset ``name`` allows."""
    config = presets.get(name)
    counts = []
    for n in PLAYER_COUNTS:
        try:
            config.check_players(n)
        except rummy500.Rummy500Error:
            continue
        counts.append(n)
    return counts


def differences(name: str) -> str:
    """The rules in which preset ``name`` differs from the standard rules, as ``field value``
    pairs (as the table of the Variants page writes them)."""
    config = presets.get(name)
    base = rummy500.RuleConfig()
    fields = [f for _, group in gen_variants.groups() for f in group]
    changed = [f for f in fields if gen_variants._differs(config, base, f)]
    if not changed:
        return "—"
    return "; ".join(f"`{f}` {gen_variants.cell(config, f)}" for f in changed)


def stock_after_deal(name: str, players: int) -> int:
    """The cards left in the stock once the hands are dealt and one card starts the pile."""
    config = presets.get(name)
    cards = config.decks[players] * (52 + config.jokers_per_deck)
    return int(cards - config.deal_size[players] * players - 1)


def differing_fields(first: str, second: str) -> list[str]:
    """The fields of RuleConfig in which presets ``first`` and ``second`` differ."""
    a, b = presets.get(first), presets.get(second)
    return [f.name for f in attrs.fields(type(a)) if getattr(a, f.name) != getattr(b, f.name)]


def plays_alike(first: str, second: str, players: int) -> bool:
    """Whether the two presets play the very same game at ``players`` players: every field
    that differs either only says which counts are allowed, or is a per-count table whose
    value at ``players`` is the same."""
    a, b = presets.get(first), presets.get(second)
    for field in differing_fields(first, second):
        if field in COUNT_FIELDS:
            continue
        x, y = getattr(a, field), getattr(b, field)
        if not (isinstance(x, PlayerTable) and isinstance(y, PlayerTable)):
            return False
        if x[players] != y[players]:
            return False
    return True
