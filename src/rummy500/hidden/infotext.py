"""The text of an information state (:meth:`State.information_state_string
<rummy500.State.information_state_string>`): everything one player knows of a game, each value
written so that different knowledge gives different text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rummy500.core.cards import Card

__all__ = ["information_text", "listed"]


def listed(cards: Sequence[Card]) -> str:
    """``cards`` separated by spaces, or ``"-"`` for none."""
    return " ".join(map(str, cards)) or "-"


def _score_rows(rows: Sequence[Sequence[int]]) -> str:
    return " | ".join(" ".join(map(str, row)) for row in rows) or "-"


def _maybe(value: object) -> str:
    return "-" if value is None else str(value)


def information_text(seen: Mapping[str, Any]) -> str:
    """The text of :meth:`State.information_state_string
    <rummy500.State.information_state_string>`: every field of ``seen`` (what the player
    knows, by name), each written so that different values give different text."""
    sizes = seen["hand_sizes"]
    lines = [
        f"player {seen['player']} of {len(sizes)}, side {seen['side']}; to move: "
        f"{seen['current_player']}; phase {seen['phase'].name.lower()}",
        f"rules: {seen['config']!r}",
        f"hand {seen['hand_number']}, dealer {seen['dealer']}, turn {seen['turn']}; went out "
        f"{_maybe(seen['went_out'])}; winner {_maybe(seen['winner'])}",
        f"totals {_score_rows([seen['totals']])}; history {_score_rows(seen['history'])}; "
        f"player history {_score_rows(seen['player_history'])}",
        f"first-dealer draw: {listed(seen['dealer_draw'])}",
        *([f"ended early: {seen['ending']}"] if seen["ending"] is not None else []),
        f"hand sizes {_score_rows([sizes])}; stock {seen['stock_size']}",
        f"pile: {listed(seen['pile'])}",
        f"owed {_maybe(seen['owed'])} ({seen['owed_use'].name.lower()}); kept "
        f"{_maybe(seen['kept'])}; discarder {_maybe(seen['discarder'])}",
        f"hand: {listed(seen['hand'])}",
        "table:" if seen["table"] else "table: -",
    ]
    for meld in seen["table"]:
        doubled = ", doubled" if meld.doubled else ""
        lines.append(
            f"  meld {meld.id} by P{meld.owner} (top id {meld.top_id}{doubled}): "
            f"{listed(meld.cards)}; owners {_score_rows([meld.owners])}"
        )
    lines.append("log:" if seen["log"] else "log: -")
    lines.extend(f"  {event}" for event in seen["log"])
    return "\n".join(lines)
