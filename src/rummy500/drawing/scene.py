"""What a picture of a game shows: a :class:`Scene`, with a :class:`SeatScene` for each player
and a :class:`MeldScene` for each table meld, and the same in words (the picture's title and
description, the line that says whose turn it is).

A scene is plain values, cards and numbers, with the names of the players already chosen: it
knows nothing of the rules, and a scene of a player's view holds no card that player cannot
see (another player's hand is only its count). :mod:`rummy500.drawing.composing` builds one
from a state or a view, and :mod:`rummy500.drawing.picture` draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from rummy500.core.cards import Card
from rummy500.core.errors import StateError
from rummy500.core.phases import Ending, OwedUse, Phase

__all__ = [
    "MeldScene",
    "Scene",
    "SeatScene",
    "depth_problem",
    "describe",
    "mark_words",
    "meld_words",
    "notes",
    "status",
    "title",
]


@attrs.frozen(weakref_slot=False)
class SeatScene:
    """One player at the table: their name, their cards face up (``cards``) or only how many
    they hold (``cards`` is ``None``), and the scoring side they play for."""

    player: int
    name: str
    #: The hand, in the order it is held; ``None`` for a hand shown face down.
    cards: tuple[Card, ...] | None
    #: How many cards the player holds.
    held: int
    side: int


@attrs.frozen(weakref_slot=False)
class MeldScene:
    """One table meld: its id (the number a lay-off names it by), its cards as they lie on the
    table (a run from its low end, a wrap-around run such as Q K A 2 in that order), the player
    who put each card there, and the player who laid it down."""

    id: int
    cards: tuple[Card, ...]
    owners: tuple[int, ...]
    owner: int


@attrs.frozen(weakref_slot=False)
class Scene:
    """Everything one picture of a game shows: the seats, the discard pile, the table melds,
    the stock's size, the scores, and where the game stands.

    ``viewer`` is the player whose seat the picture is seen from (``None``: from above, every
    hand face up). ``mark_depth`` marks a take of that many cards from the top of the pile: its
    deepest card is framed, as the deepest card the player may take. ``caption`` is a line of
    text of your own under the heading (the move just played, say). Hands are numbered from 1
    in the picture, as on the score sheet.

    Built by :func:`rummy500.pictures.scene_of`; a scene changed with :func:`attrs.evolve` is
    checked again (:class:`~rummy500.StateError` names what does not fit).
    """

    seats: tuple[SeatScene, ...]
    viewer: int | None
    pile: tuple[Card, ...]
    melds: tuple[MeldScene, ...]
    stock_size: int
    #: Each scoring side's name (a player's, or ``P0+P2`` for a team) and running total.
    side_names: tuple[str, ...]
    totals: tuple[int, ...]
    #: Each side's score of the hand just finished, once a hand is over.
    hand_scores: tuple[int, ...] | None
    #: The points that win the game, if a target decides it.
    target: int | None
    phase: Phase
    #: The player to move; ``None`` once the hand is over.
    mover: int | None
    dealer: int
    #: The hand's number as the engine counts it, from 0 (the picture says ``hand_number + 1``).
    hand_number: int
    turn: int
    went_out: int | None
    #: The winning side once the game is over (``None`` for a drawn game).
    winner: int | None
    owed: Card | None
    owed_use: OwedUse
    kept: Card | None
    discarder: int | None
    mark_depth: int | None = None
    caption: str = ""
    #: How the game ended early, if it did (a player left, or the host cancelled it).
    ending: Ending | None = None

    def __attrs_post_init__(self) -> None:
        problem = _problem(self)
        if problem is not None:
            raise StateError(f"the scene does not fit together: {problem}")


def _problem(scene: Scene) -> str | None:
    """What in ``scene`` does not fit the rest, or ``None``."""
    n = len(scene.seats)
    if n == 0:
        return "it has no seats"
    for i, seat in enumerate(scene.seats):
        if seat.player != i:
            return f"seats[{i}] is player {seat.player}: the seats are the players 0 to {n - 1}"
        if seat.cards is not None and len(seat.cards) != seat.held:
            return f"player {i} holds {seat.held} cards, but {len(seat.cards)} are shown"
        if not 0 <= seat.side < len(scene.side_names):
            return f"player {i} plays for side {seat.side}, but there are {len(scene.side_names)}"
    for name, who in (
        ("viewer", scene.viewer),
        ("mover", scene.mover),
        ("dealer", scene.dealer),
        ("went_out", scene.went_out),
        ("discarder", scene.discarder),
        ("the player who left", None if scene.ending is None else scene.ending.player),
    ):
        if who is not None and not 0 <= who < n:
            return f"{name} is player {who}, but the players are 0 to {n - 1}"
    for meld in scene.melds:
        if len(meld.owners) != len(meld.cards) or not meld.cards:
            return f"meld {meld.id} has {len(meld.cards)} cards and {len(meld.owners)} owners"
        if not all(0 <= o < n for o in (*meld.owners, meld.owner)):
            return f"meld {meld.id} names a player who is not one of the players 0 to {n - 1}"
    sides = len(scene.side_names)
    if len(scene.totals) != sides or (
        scene.hand_scores is not None and len(scene.hand_scores) != sides
    ):
        return f"there are {sides} sides, but not a total (and a hand's score) for each"
    if scene.winner is not None and not 0 <= scene.winner < sides:
        return f"the winner is side {scene.winner}, but there are {sides}"
    if scene.mark_depth is not None:
        return depth_problem(scene.mark_depth, len(scene.pile))
    return None


def depth_problem(depth: int, pile: int) -> str | None:
    """Why ``depth`` cannot be marked on a pile of ``pile`` cards, or ``None``."""
    if pile == 0:
        return f"mark_depth is {depth}, but the discard pile is empty: there is no card to mark"
    if not 1 <= depth <= pile:
        return (
            f"mark_depth counts the cards of a take from the top of the pile, from 1 (the top "
            f"card) to {pile} (the whole pile), not {depth}"
        )
    return None


#: What the player to move does in each phase of a hand, after their name.
_DOING: Final = {
    Phase.DRAW: "to draw",
    Phase.PLAY: "to meld, lay off and discard",
}


def status(scene: Scene) -> str:
    """Where the game stands, in a line: ``"P1 to draw"``, ``"P0 may call rummy on P2's
    discard"``, ``"Hand over: P0 went out"``, ``"Game over: P1 wins"``, ``"Game over: P2 left,
    nobody wins"``."""
    names = [seat.name for seat in scene.seats]
    phase = scene.phase
    if phase is Phase.GAME_OVER:
        ending = scene.ending
        if ending is not None:
            who = (
                "cancelled by the host" if ending.player is None else f"{names[ending.player]} left"
            )
            return f"Game over: {who}, nobody wins"
        if scene.winner is None:
            return "Game over: a draw"
        return f"Game over: {scene.side_names[scene.winner]} wins"
    if phase is Phase.HAND_OVER or scene.mover is None:
        out = scene.went_out
        return "Hand over: " + ("nobody went out" if out is None else f"{names[out]} went out")
    mover = names[scene.mover]
    if phase is Phase.CALL:
        if scene.discarder is None:
            return f"{mover} may call rummy"
        return f"{mover} may call rummy on {names[scene.discarder]}'s discard"
    return f"{mover} {_DOING[phase]}"


def notes(scene: Scene) -> list[str]:
    """What the player to move must still do with a card taken from the pile this turn."""
    out = []
    if scene.owed is not None:
        out.append(f"{scene.owed}, taken from the pile, must {scene.owed_use.words} this turn")
    if scene.kept is not None:
        out.append(f"{scene.kept}, taken from the pile, may not be discarded this turn")
    return out


def title(scene: Scene) -> str:
    """The picture's title: the hand (numbered from 1), where it stands, and whose seat it is
    seen from."""
    seen = (
        "seen from above" if scene.viewer is None else f"seen by {scene.seats[scene.viewer].name}"
    )
    return f"Rummy 500, hand {scene.hand_number + 1}: {status(scene)} ({seen})"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def mark_words(pile: Sequence[Card], depth: int) -> str:
    """A marked take in a sentence: ``"Marked: 9♣, the deepest card of a take of 3 cards from
    the top."``"""
    cards = "card" if depth == 1 else "cards"
    return f"Marked: {pile[-depth]}, the deepest card of a take of {depth} {cards} from the top."


def meld_words(meld: MeldScene, names: Sequence[str]) -> str:
    """A table meld in a sentence, with who laid it down and who added which cards:
    ``"Meld 4 (P1's; P2 added 8♠): 5♠ 6♠ 7♠ 8♠."``"""
    added = [
        f"{names[o]} added "
        + _cards([c for c, w in zip(meld.cards, meld.owners, strict=True) if w == o])
        for o in dict.fromkeys(meld.owners)
        if o != meld.owner
    ]
    whose = "; ".join([f"{names[meld.owner]}'s", *added])
    return f"Meld {meld.id} ({whose}): {_cards(meld.cards)}."


def describe(scene: Scene) -> str:
    """Everything the picture shows, in sentences, for a screen reader: each hand (its cards,
    or how many face down), the stock, the pile oldest first, the melds with who put which
    card there, and the scores. Only what the picture shows: never a hidden card."""
    names = [seat.name for seat in scene.seats]
    parts = [title(scene) + "."]
    parts.extend(f"{note}." for note in notes(scene))
    if scene.caption:
        parts.append(scene.caption)
    for seat in scene.seats:
        roles = [
            role
            for role, yes in (
                ("you", seat.player == scene.viewer),
                ("dealer", seat.player == scene.dealer),
                ("to move", seat.player == scene.mover),
            )
            if yes
        ]
        who = seat.name + (f" ({', '.join(roles)})" if roles else "")
        count = f"{seat.held} card" + ("" if seat.held == 1 else "s")
        if seat.cards is None:
            parts.append(f"{who}: {count}, face down.")
        else:
            parts.append(f"{who}: {count}" + (f": {_cards(seat.cards)}." if seat.cards else "."))
    parts.append(f"Stock: {scene.stock_size} cards.")
    if scene.pile:
        parts.append(f"Discard pile, oldest first: {_cards(scene.pile)}.")
    else:
        parts.append("Discard pile: empty.")
    if scene.mark_depth is not None:
        parts.append(mark_words(scene.pile, scene.mark_depth))
    if not scene.melds:
        parts.append("Table melds: none.")
    parts.extend(meld_words(meld, names) for meld in scene.melds)
    scores = ", ".join(f"{n} {t}" for n, t in zip(scene.side_names, scene.totals, strict=True))
    parts.append(f"Scores: {scores}.")
    if scene.hand_scores is not None:
        last = ", ".join(
            f"{n} {s:+d}" for n, s in zip(scene.side_names, scene.hand_scores, strict=True)
        )
        parts.append(f"This hand: {last}.")
    return " ".join(parts)
