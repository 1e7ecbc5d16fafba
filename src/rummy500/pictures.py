"""Pictures of a game as standalone SVG: the whole table of a state or of a player's view,
and a card, a hand, the discard pile or the table melds on their own.

Every function returns the text of an SVG document and draws the same picture for the same
arguments, byte for byte. A picture needs nothing from outside (no font file, no image, no
script, no package beyond Python's own), scales to any width (it has a ``viewBox``), and reads
aloud: the whole picture has a ``<title>`` and a ``<desc>`` saying what it shows, and every card
face up is a picture of its own whose label is its text (``"Q♥, queen of hearts"``).

    >>> from rummy500 import new_game, pictures
    >>> state = new_game(seed=1)
    >>> picture = pictures.svg(state, seat=0)  # the table as player 0 sees it
    >>> picture.startswith("<svg") and "P1's hand: 7 cards, face down" in picture
    True

A state draws from above (every hand face up) unless given a seat; a view always from its
player's seat, with the other hands face down: nothing a player cannot see is in its picture.
In Jupyter a :class:`~rummy500.State` and a :class:`~rummy500.PlayerView` show as their
picture by themselves. :func:`scene_of` gives what a picture shows as plain values
(:class:`Scene`), for a front end that draws in its own way or changes a scene before
:func:`draw` draws it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummy500 import Card, PlayerView, State, TableMeld, parse_cards
from rummy500.core.errors import CardError, ConfigError, StateError, describe_value, is_whole
from rummy500.drawing.composing import (
    check_caption,
    check_depth,
    check_name,
    check_names,
    check_seat,
    state_scene,
    view_scene,
)
from rummy500.drawing.picture import draw as _draw
from rummy500.drawing.picture import draw_card, draw_hand, draw_melds, draw_pile
from rummy500.drawing.scene import MeldScene, Scene, SeatScene

__all__ = [
    "MeldScene",
    "Scene",
    "SeatScene",
    "card_svg",
    "draw",
    "hand_svg",
    "melds_svg",
    "pile_svg",
    "scene_of",
    "svg",
]


def scene_of(
    position: State | PlayerView,
    *,
    seat: int | None = None,
    mark_depth: int | None = None,
    names: Sequence[str] | None = None,
    caption: str = "",
) -> Scene:
    """What the picture of ``position`` shows, as plain values (see :func:`svg` for the
    arguments): ``draw(scene_of(position, ...)) == svg(position, ...)``."""
    if isinstance(position, State):
        viewer = check_seat(seat, position.players)
        return state_scene(
            position,
            position.hands,
            viewer,
            mark_depth=check_depth(mark_depth, position.pile),
            names=check_names(names, position.players),
            caption=check_caption(caption),
        )
    if isinstance(position, PlayerView):
        me = position.player
        if seat is not None and (not is_whole(seat) or seat != me):
            raise StateError(
                f"a PlayerView is drawn from its own player's seat, {me}, not "
                f"{describe_value(seat)}: draw the State to see it from another seat"
            )
        return view_scene(
            position,
            position.hand,
            me,
            position.hand_sizes,
            mark_depth=check_depth(mark_depth, position.pile),
            names=check_names(names, len(position.hand_sizes)),
            caption=check_caption(caption),
        )
    raise StateError(f"a picture is of a State or a PlayerView, not {describe_value(position)}")


def svg(
    position: State | PlayerView,
    *,
    seat: int | None = None,
    mark_depth: int | None = None,
    names: Sequence[str] | None = None,
    caption: str = "",
) -> str:
    """The whole table of ``position`` as an SVG document: the hands, the stock, the discard
    pile spread oldest first, the table melds (each under its id, every card in the colour of
    the player who put it there, with the key to the colours), the scores, the hand, the
    dealer and whose turn it is.

    :param position: a :class:`~rummy500.State` (seen from above unless ``seat`` is given) or
        a :class:`~rummy500.PlayerView` (seen from its player's seat).
    :param seat: for a state, the player whose seat it is seen from: their hand face up, the
        others face down with only their counts (``None``: from above, every hand face up).
        For a view, ``None`` or the view's own player.
    :param mark_depth: marks a take of this many cards from the top of the pile (1 for the
        top card alone): its deepest card is framed, and the cards it brings bracketed.
    :param names: a name for each player (``None``: ``P0``, ``P1``...).
    :param caption: a line of your own under the heading (the move just played, say).
    :raises StateError: for something other than a state or a view, a seat that is not a
        player of the game (or not the view's), or a depth the pile does not have.
    :raises ConfigError: for names that are not a short name for each player, or a caption
        that is not one line of text.
    """
    return _draw(scene_of(position, seat=seat, mark_depth=mark_depth, names=names, caption=caption))


def draw(scene: Scene) -> str:
    """The picture of ``scene`` (from :func:`scene_of`, perhaps changed with
    :func:`attrs.evolve`) as an SVG document."""
    if not isinstance(scene, Scene):
        raise StateError(f"draw draws a Scene, not {describe_value(scene)}")
    return _draw(scene)


def _one_card(card: object) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card(card)
    if isinstance(card, int) and not isinstance(card, bool):
        return Card(card)
    raise CardError(
        f"a card is a Card, its text such as 'QH' or its id, not {describe_value(card)}"
    )


def _cards(cards: object, function: str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Iterable) and not isinstance(cards, bytes | bytearray):
        return tuple(_one_card(card) for card in cards)
    raise CardError(
        f"{function} draws cards given as a text such as '5H 6H 7H' or a list of cards, not "
        f"{describe_value(cards)}"
    )


def card_svg(card: Card | str | int, *, face_down: bool = False) -> str:
    """One card as an SVG document: face up (``"QH"``, ``Card("JK=7H")``, a card id), or its
    back with ``face_down=True``."""
    shown = _one_card(card)
    if not isinstance(face_down, bool):
        raise ConfigError(f"face_down is True or False, not {describe_value(face_down)}")
    return draw_card(None if face_down else shown)


def hand_svg(cards: str | Iterable[Card | str | int], *, name: str = "") -> str:
    """A hand face up, in the order given (``"5H 6H 7H"``, or a list of cards), as an SVG
    document; ``name`` names whose it is in the picture's words."""
    shown = _cards(cards, "hand_svg")
    return draw_hand(shown, check_name(name) if name != "" else "")


def pile_svg(pile: str | Iterable[Card | str | int], *, mark_depth: int | None = None) -> str:
    """The discard pile spread oldest first (its top card last) as an SVG document, with a
    take of ``mark_depth`` cards from the top marked as in :func:`svg`."""
    shown = _cards(pile, "pile_svg")
    return draw_pile(shown, check_depth(mark_depth, shown))


def melds_svg(table: Sequence[TableMeld], *, names: Sequence[str] | None = None) -> str:
    """Table melds (``state.table``) as an SVG document: each under its id and the name of the
    player who laid it down, every card in the colour of the player who put it there (a card
    laid off by another player in theirs), with the key to the colours."""
    if isinstance(table, TableMeld | str) or not isinstance(table, Sequence):
        raise StateError(f"melds_svg draws a list of TableMelds, not {describe_value(table)}")
    for meld in table:
        if not isinstance(meld, TableMeld):
            raise StateError(f"melds_svg draws TableMelds, not {describe_value(meld)}")
    players = max((o + 1 for m in table for o in m.owners), default=1)
    given = len(names) if isinstance(names, Sequence) and not isinstance(names, str) else players
    shown = check_names(names, max(given, 1)) or [f"P{p}" for p in range(players)]
    if len(shown) < players:
        raise ConfigError(
            f"names must name every player who put a card on these melds, the players 0 to "
            f"{players - 1}, not {len(shown)} names"
        )
    melds = [MeldScene(m.id, m.cards, m.owners, m.owner) for m in table]
    return draw_melds(melds, shown)
