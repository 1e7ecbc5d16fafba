"""The scene of a state or of a player's view: what its picture shows, read off the fields
both share, with the hands given face up or face down; and the checks of what the picture
functions are given (a seat, a depth to mark, the players' names, a caption).

:class:`~rummy500.State` and :class:`~rummy500.PlayerView` are above this floor, so it reads
them through :class:`Shown`, the fields they have in common.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from rummy500.core.cards import Card
from rummy500.core.errors import ConfigError, StateError, describe_value, is_whole, quote_value
from rummy500.core.phases import Ending, OwedUse, Phase, hand_scored
from rummy500.drawing.scene import MeldScene, Scene, SeatScene, depth_problem
from rummy500.melds.table import TableMeld
from rummy500.rules.config import RuleConfig

__all__ = [
    "MAX_CAPTION",
    "MAX_NAME",
    "Shown",
    "check_caption",
    "check_depth",
    "check_name",
    "check_names",
    "check_seat",
    "compose",
    "seen_hands",
    "state_scene",
    "view_scene",
]

#: The longest caption a picture takes: a line under its heading, not a page of text.
MAX_CAPTION: Final = 200
#: The longest name of a player a picture takes: it fits beside the player's cards.
MAX_NAME: Final = 16


class Shown(Protocol):
    """The fields of a state that a picture shows, which a player's view has too."""

    @property
    def config(self) -> RuleConfig: ...
    @property
    def current_player(self) -> int: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def pile(self) -> tuple[Card, ...]: ...
    @property
    def table(self) -> tuple[TableMeld, ...]: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def history(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def went_out(self) -> int | None: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def owed(self) -> Card | None: ...
    @property
    def owed_use(self) -> OwedUse: ...
    @property
    def kept(self) -> Card | None: ...
    @property
    def discarder(self) -> int | None: ...
    @property
    def ending(self) -> Ending | None: ...


def seen_hands(
    hands: Sequence[tuple[Card, ...]], viewer: int | None
) -> list[tuple[Card, ...] | None]:
    """``hands`` as the picture from ``viewer``'s seat shows them: the viewer's face up, the
    others face down (``None``); every hand face up when ``viewer`` is ``None``."""
    if viewer is None:
        return list(hands)
    return [hand if p == viewer else None for p, hand in enumerate(hands)]


def state_scene(
    shown: Shown,
    hands: Sequence[tuple[Card, ...]],
    viewer: int | None,
    *,
    mark_depth: int | None = None,
    names: Sequence[str] | None = None,
    caption: str = "",
) -> Scene:
    """The scene of a whole state, ``hands`` all its hands, seen from ``viewer``'s seat (the
    other hands face down) or from above (``None``, every hand face up)."""
    return compose(
        shown,
        seen_hands(hands, viewer),
        [len(hand) for hand in hands],
        viewer=viewer,
        mark_depth=mark_depth,
        names=names,
        caption=caption,
    )


def view_scene(
    shown: Shown,
    hand: tuple[Card, ...],
    player: int,
    sizes: Sequence[int],
    *,
    mark_depth: int | None = None,
    names: Sequence[str] | None = None,
    caption: str = "",
) -> Scene:
    """The scene of ``player``'s view, who holds ``hand``: from their seat, every other hand
    face down, of the size ``sizes`` gives."""
    return compose(
        shown,
        [hand if p == player else None for p in range(len(sizes))],
        sizes,
        viewer=player,
        mark_depth=mark_depth,
        names=names,
        caption=caption,
    )


def compose(
    shown: Shown,
    hands: Sequence[tuple[Card, ...] | None],
    sizes: Sequence[int],
    *,
    viewer: int | None,
    mark_depth: int | None = None,
    names: Sequence[str] | None = None,
    caption: str = "",
) -> Scene:
    """The scene of ``shown``: each player's hand face up as given in ``hands`` (``None``
    for a hand face down) holding ``sizes`` cards, seen from ``viewer``'s seat (``None``:
    from above). The arguments are checked by the caller (:func:`check_seat`,
    :func:`check_depth`, :func:`check_names`)."""
    n = len(sizes)
    config = shown.config
    if names is None:
        names = [f"P{p}" for p in range(n)]
    sides = config.sides(n)
    side_of = [config.side_of(p, n) for p in range(n)]
    side_names = tuple(
        "+".join(names[p] for p in range(n) if side_of[p] == side) for side in range(sides)
    )
    phase = shown.phase
    playing = phase < Phase.HAND_OVER
    return Scene(
        seats=tuple(SeatScene(p, names[p], hands[p], sizes[p], side_of[p]) for p in range(n)),
        viewer=viewer,
        pile=shown.pile,
        melds=tuple(MeldScene(m.id, m.cards, m.owners, m.owner) for m in shown.table),
        stock_size=shown.stock_size,
        side_names=side_names,
        totals=shown.totals,
        # A hand cut short by the early end of the game has no scores.
        hand_scores=shown.history[-1]
        if hand_scored(phase, shown.ending) and shown.history
        else None,
        target=config.target,
        phase=phase,
        mover=shown.current_player if playing else None,
        dealer=shown.dealer,
        hand_number=shown.hand_number,
        turn=shown.turn,
        went_out=shown.went_out,
        winner=shown.winner,
        owed=shown.owed,
        owed_use=shown.owed_use,
        kept=shown.kept,
        discarder=shown.discarder,
        mark_depth=mark_depth,
        caption=caption,
        ending=shown.ending,
    )


def check_seat(seat: object, players: int) -> int | None:
    """``seat`` as a seat to see a state from (``None``: from above); :class:`StateError`
    unless it is ``None`` or a player of the game."""
    if seat is None:
        return None
    if not is_whole(seat) or not 0 <= seat < players:
        raise StateError(
            f"seat must be a player of the game, from 0 to {players - 1}, or None to see the "
            f"table from above, not {quote_value(seat)}"
        )
    return int(seat)


def check_depth(depth: object, pile: Sequence[Card]) -> int | None:
    """``depth`` as a take's depth to mark on ``pile`` (``None``: nothing marked);
    :class:`StateError` unless it counts cards of the pile from its top."""
    if depth is None:
        return None
    if not is_whole(depth):
        raise StateError(
            f"mark_depth is a whole number of cards from the top of the pile, or None, not "
            f"{describe_value(depth)}"
        )
    problem = depth_problem(depth, len(pile))
    if problem is not None:
        raise StateError(problem)
    return int(depth)


def check_names(names: object, players: int) -> list[str] | None:
    """``names`` as the players' names (``None``: ``P0``, ``P1``...); :class:`ConfigError`
    unless it is a list of a name (a str of 1 to :data:`MAX_NAME` characters, on one line) for
    each player."""
    if names is None:
        return None
    if (
        isinstance(names, str)
        or not isinstance(names, Sequence)
        or len(names) != players
        or not all(_is_name(n) for n in names)
    ):
        shown = describe_value(names)
        if isinstance(names, Sequence) and not isinstance(names, str):
            bad = next((n for n in names if not _is_name(n)), None)
            shown = f"{len(names)} names" if len(names) != players else describe_value(bad)
        raise ConfigError(
            f"names must be a list of a name (a str of 1 to {MAX_NAME} characters, on one "
            f"line) for each of the {players} players, not {shown}"
        )
    return list(names)


def check_name(name: object) -> str:
    """``name`` as one player's name; :class:`ConfigError` unless it is a str of 1 to
    :data:`MAX_NAME` characters, on one line."""
    if not _is_name(name):
        raise ConfigError(
            f"name must be a player's name (a str of 1 to {MAX_NAME} characters, on one line), "
            f"not {describe_value(name)}"
        )
    return str(name)


def _is_name(name: object) -> bool:
    return (
        isinstance(name, str) and bool(name.strip()) and len(name) <= MAX_NAME and "\n" not in name
    )


def check_caption(caption: object) -> str:
    """``caption`` as a line under a picture's heading; :class:`ConfigError` unless it is a
    str of one line, at most :data:`MAX_CAPTION` characters."""
    if not isinstance(caption, str) or "\n" in caption or len(caption) > MAX_CAPTION:
        shown = (
            describe_value(caption)
            if not isinstance(caption, str)
            else f"a text of {len(caption)} characters"
            + (" on several lines" if "\n" in caption else "")
        )
        raise ConfigError(
            f"caption must be one line of text (a str of at most {MAX_CAPTION} characters), "
            f"not {shown}"
        )
    return caption
