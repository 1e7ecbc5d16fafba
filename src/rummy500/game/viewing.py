"""A position as one of its players sees it: the :class:`~rummy500.PlayerView` built from it,
and the same fields by name for the information-state key and text.

The facade (:meth:`State.view <rummy500.State.view>` and the information-state methods) checks
the player and gives the player to move and the legal moves; the view is built here from the
position's own values.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from rummy500.core.fastbuild import Later
from rummy500.hidden.views import PlayerView, build_view
from rummy500.play.layout import NOTHING_OWED
from rummy500.play.moves import Move
from rummy500.play.position import Position

__all__ = ["seen_fields", "view_of"]


def view_of(position: Position, player: int, mover: int, legal: tuple[Move, ...]) -> PlayerView:
    """What ``player`` (a player of the game) may know of ``position``, with ``mover`` to move
    (its ``current_player``) and ``legal`` the legal moves shown (none unless ``player`` is
    to move)."""
    standing = position._standing
    game = standing.game
    hands = position.hands
    owing = position._owing or NOTHING_OWED
    config = game.config
    # Bots are shown a view at every move: it is built unchecked (see build_view), since
    # the values are the state's own, and by position, in the order of the view's fields (by
    # name, the 25 arguments cost three quarters more than the whole view does by position).
    return build_view(
        player,
        config.side_of(player, len(hands)),  # side
        hands[player],  # hand
        tuple(map(len, hands)),  # hand_sizes
        position.stock_size,
        mover,  # current_player
        legal,  # legal_moves
        config,
        standing.hand_number,
        standing.dealer,
        position.phase,
        position.pile,
        position.table,
        owing.owed,
        owing.owed_use,
        owing.kept,
        owing.discarder,
        position.turn,
        standing.totals,
        standing.history,
        standing.player_history,
        standing.went_out,
        standing.winner,
        game.dealer_draw,
        # The log, read off this state when first asked for (see PlayerView.log).
        Later(Position.seen_log, position, player),
        standing.ending,
    )


def seen_fields(position: Position, player: int, mover: int) -> dict[str, Any]:
    """Every field of :func:`view_of` but ``legal_moves``, by name, from the same view: the
    moves follow from the rest, and listing them costs more than all of it."""
    view = view_of(position, player, mover, ())
    return {name: getattr(view, name) for name in _SEEN}


#: The fields of a view that the information state holds: all but the legal moves.
_SEEN: Final = tuple(f.name for f in attrs.fields(PlayerView) if f.name != "legal_moves")
