"""The checks of a view that need no witness position: what each field holds, the player to
move for the phase, the log against the view, and a finished hand's scores against what the
player sees. :meth:`PlayerView.validate <rummy500.PlayerView.validate>` runs them among the
checks of its witness (see :mod:`rummy500.hidden.views`).

**What each field holds** (:func:`check_view_types`): every field of a view holds a value of its
type (a tuple of cards, a whole number, ``None`` where nothing may be), and a refusal names the
field; :func:`check_view_mover`: the player to move is one of the players in a hand in play,
:data:`~rummy500.CHANCE` between hands and :data:`~rummy500.TERMINAL` once the game is over.

**The log against the view** (:func:`log_problem`): the events show only cards of the game's
decks, the deal opens the hand's log and agrees with the view, the viewer's own cards replay to
their hand, every meld named was laid down before and is on the table, and the hand's end is
the last event, of a hand that is over, with its scores (only the early end of the game may
follow it, which is then the last event, as the view's ending says).

**A finished hand's scores** (:func:`score_problem`): the viewer's own hand and the table are
in sight, and a player who went out holds no cards, so a side whose hands are all known scores
exactly what they make; any other side scores within what its hidden cards can count (the
fewest and the most points that many cards of the unseen ones hold).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from rummy500.core.cards import JOKER, Card, format_cards
from rummy500.core.errors import StateError, describe_value, is_count, is_whole
from rummy500.core.phases import CHANCE, TERMINAL, Ending, OwedUse, Phase, hand_scored
from rummy500.melds.table import TableMeld
from rummy500.play.events import (
    Abandoned,
    Called,
    Cancelled,
    Dealt,
    Declined,
    Discarded,
    Drew,
    Event,
    HandEnded,
    LaidOff,
    Melded,
    Reshuffled,
    Took,
    quoted_event,
)
from rummy500.play.moves import Move
from rummy500.play.scoring import table_points
from rummy500.rules.choices import EmptyStock
from rummy500.rules.config import RuleConfig

__all__ = ["check_view_mover", "check_view_types", "log_problem", "score_problem"]


# -- what each field holds -----------------------------------------------------------------------


def _tuple_of(test: Any) -> Any:
    return lambda value: isinstance(value, tuple) and all(map(test, value))


def _or_none(test: Any) -> Any:
    return lambda value: value is None or test(value)


def _is_card(value: object) -> bool:
    return isinstance(value, Card)


_WHOLE: Final = (is_whole, "a whole number")
_COUNT: Final = (is_count, "a whole number, 0 or more")
_CARDS: Final = (_tuple_of(_is_card), "a tuple of Card")
_SCORES: Final = (_tuple_of(is_whole), "a tuple of whole numbers")
_ROWS: Final = (_tuple_of(_tuple_of(is_whole)), "a tuple of tuples of whole numbers")
_PLAYER_OR_NONE: Final = (_or_none(is_whole), "a whole number or None")
_CARD_OR_NONE: Final = (_or_none(_is_card), "a Card or None")

#: What each field of a view holds, as a test and its description.
_VIEW_TYPES: Final[dict[str, tuple[Any, str]]] = {
    "player": _WHOLE,
    "side": _WHOLE,
    "hand": _CARDS,
    "hand_sizes": (_tuple_of(is_count), "a tuple of whole numbers, 0 or more"),
    "stock_size": _COUNT,
    "current_player": _WHOLE,
    "legal_moves": (_tuple_of(lambda m: isinstance(m, Move)), "a tuple of Move"),
    "config": (lambda value: isinstance(value, RuleConfig), "a RuleConfig"),
    "hand_number": _WHOLE,
    "dealer": _WHOLE,
    "phase": (lambda value: isinstance(value, Phase), "a Phase"),
    "pile": _CARDS,
    "table": (_tuple_of(lambda m: isinstance(m, TableMeld)), "a tuple of TableMeld"),
    "owed": _CARD_OR_NONE,
    "owed_use": (lambda value: isinstance(value, OwedUse), "an OwedUse"),
    "kept": _CARD_OR_NONE,
    "discarder": _PLAYER_OR_NONE,
    "turn": _WHOLE,
    "totals": _SCORES,
    "history": _ROWS,
    "player_history": _ROWS,
    "went_out": _PLAYER_OR_NONE,
    "winner": _PLAYER_OR_NONE,
    "dealer_draw": _CARDS,
    "log": (lambda value: isinstance(value, tuple), "a tuple of events"),
    "ending": (lambda value: value is None or isinstance(value, Ending), "an Ending or None"),
}


def check_view_types(view: object) -> None:
    """Refuse a view (a :class:`~rummy500.PlayerView`) whose fields do not all hold values of
    their types, naming the first field, in field order, that does not."""
    for name, (test, what) in _VIEW_TYPES.items():
        value = getattr(view, name)
        if not test(value):
            raise StateError(f"{name} must be {what}, not {describe_value(value)}")


def check_view_mover(phase: Phase, mover: int, players: int) -> None:
    """Refuse a player to move that does not fit the phase: a player in a hand in play,
    :data:`CHANCE` between hands and :data:`TERMINAL` once the game is over."""
    if phase < Phase.HAND_OVER:
        if not 0 <= mover < players:
            raise StateError(
                f"current_player must be a player from 0 to {players - 1} in phase "
                f"{phase.name.lower()}, not {mover}"
            )
        return
    want, name = (CHANCE, "CHANCE") if phase == Phase.HAND_OVER else (TERMINAL, "TERMINAL")
    if mover != want:
        raise StateError(
            f"current_player must be {name} ({want}) in phase {phase.name.lower()}, not {mover}"
        )


# -- the log against the view ----------------------------------------------------------------


def log_problem(
    log: Sequence[Event],
    *,
    config: RuleConfig,
    deck: Counter[Card],
    me: int,
    hand: Sequence[Card],
    phase: Phase,
    hand_number: int,
    dealer: int,
    table: Sequence[TableMeld],
    went_out: int | None,
    last_scores: Sequence[int] | None,
    totals: Sequence[int],
    winner: int | None,
    ending: Ending | None = None,
) -> str | None:
    """Why the hand's ``log`` (events already known to be well formed for the game's players)
    contradicts the view it is part of, or ``None``.

    Every event shows cards of the game's ``deck`` only; a pile is turned over only under
    ``empty_stock`` reuse_pile; a deal opens the log, of this hand and dealer; a decline ends
    the hand and the hand's end is the last event, in a hand that is over, with the view's
    scores, totals and winner, but for the early end of the game (``ending``), which is the
    last event when it is there, naming the view's ending and totals. When the log opens with
    the deal, the viewer's own cards dealt, drawn and taken, less those they played, are their
    ``hand``, every meld laid off on or joined was laid down before in the hand, and the melds
    laid down are the table's.
    """
    last = len(log) - 1
    end = log[-1] if log else None
    if isinstance(end, Abandoned | Cancelled):
        found = _early_end_problem(end, last, ending, totals)
        if found is not None:
            return found
        last -= 1
    elif ending is not None and end is not None:
        return (
            f"the game was {ending}, but the last event of the log, log[{last}]"
            f"{quoted_event(end)}, is not its end"
        )
    # The decks hold every standard card: only a joker can be missing from them.
    jokerless = not deck[JOKER]
    for i, event in enumerate(log):
        kind = type(event)
        if kind is Drew or kind is Discarded:
            # Most events: a card each, and nothing else to check.
            card = event.card  # type: ignore[attr-defined]
            if jokerless and card is not None and card >= JOKER:
                return _not_in_decks(i, event, card)
            continue
        if jokerless:
            for card in event.cards:
                if card >= JOKER:
                    return _not_in_decks(i, event, card)
        if kind is Dealt and i:
            return f"{_at(i, event)} deals a hand, but a hand's deal is the first event of its log"
        if kind is Reshuffled and config.empty_stock is not EmptyStock.REUSE_PILE:
            return (
                f"{_at(i, event)} turns the pile over, but the pile is turned over only under "
                f"empty_stock reuse_pile, not {config.empty_stock.value}"
            )
        if kind is HandEnded:
            if not hand_scored(phase, ending):
                state = "" if ending is None else f", and the game was {ending}"
                return (
                    f"{_at(i, event)} ends the hand, but the view is of a hand in play (phase "
                    f"{phase.name.lower()}{state})"
                )
            if i != last:
                return f"{_at(i, event)} ends the hand, but events follow it"
            assert isinstance(event, HandEnded)
            found = _end_problem(
                event, i, hand_number, went_out, last_scores, totals, phase, winner, ending
            )
            if found is not None:
                return found
        if (kind is Abandoned or kind is Cancelled) and i != len(log) - 1:
            return f"{_at(i, event)} ends the game, but events follow it"
        if kind is Declined and (i + 1 >= len(log) or type(log[i + 1]) is not HandEnded):
            return (
                f"{_at(i, event)} declines, which ends the hand, but the hand's end does not "
                "follow it"
            )
    if not log or type(log[0]) is not Dealt:
        return None
    deal = log[0]
    assert isinstance(deal, Dealt)
    if deal.hand_number != hand_number or deal.dealer != dealer:
        return (
            f"{_at(0, deal)} deals hand {deal.hand_number} by player {deal.dealer}, but the view "
            f"is of hand {hand_number} dealt by player {dealer}"
        )
    return _hand_problem(log, me, hand) or _meld_problem(log, table)


def _not_in_decks(i: int, event: Event, card: Card) -> str:
    return f"{_at(i, event)} shows {card}, which is not a card of this game's decks"


def _at(i: int, event: Event) -> str:
    return f"the log event log[{i}]{quoted_event(event)}"


def _end_problem(
    event: HandEnded,
    i: int,
    hand_number: int,
    went_out: int | None,
    last_scores: Sequence[int] | None,
    totals: Sequence[int],
    phase: Phase,
    winner: int | None,
    ending: Ending | None,
) -> str | None:
    """Why the hand's end in the log disagrees with the view of the hand just over (a game
    that ended early between hands was not over when the hand ended)."""
    over = phase == Phase.GAME_OVER and ending is None
    checks: list[tuple[str, object, object]] = [
        ("hand number", event.hand_number, hand_number),
        ("player out", event.went_out, went_out),
        ("totals", list(event.totals), list(totals)),
        ("game over", event.game_over, over),
        ("winner", event.winner, winner),
    ]
    if last_scores is not None:
        checks.insert(2, ("scores", list(event.scores), list(last_scores)))
    for name, logged, shown in checks:
        if logged != shown:
            return f"{_at(i, event)} gives the {name} as {logged}, but the view as {shown}"
    return None


def _early_end_problem(
    event: Abandoned | Cancelled, i: int, ending: Ending | None, totals: Sequence[int]
) -> str | None:
    """Why the early end of the game in the log disagrees with the view's ``ending`` and
    ``totals``."""
    if ending is None:
        return f"{_at(i, event)} ends the game early, but the view's game did not end early"
    player = event.player if isinstance(event, Abandoned) else None
    checks: list[tuple[str, object, object]] = [
        ("end", "abandoned" if isinstance(event, Abandoned) else "cancelled", ending.how),
        ("player who left", player, ending.player),
        ("totals", list(event.totals), list(totals)),
    ]
    for name, said, shown in checks:
        if said != shown:
            return f"{_at(i, event)} gives the {name} as {said}, but the view as {shown}"
    return None


#: The events that add cards to a player's hand or take them out.
_PLAYS: Final = frozenset({Drew, Took, Called, Melded, LaidOff, Discarded})


def _hand_problem(log: Sequence[Event], me: int, hand: Sequence[Card]) -> str | None:
    """Why the viewer's cards dealt, drawn and taken, less those played, are not their hand."""
    deal = log[0]
    assert isinstance(deal, Dealt)
    dealt = deal.hands[me]
    if dealt is None:
        return None
    held: Counter[Card] = Counter(dealt)
    unseen = 0
    for i, event in enumerate(log):
        kind = type(event)
        if kind not in _PLAYS or event.player != me:  # type: ignore[attr-defined]
            continue
        if kind is Drew:
            assert isinstance(event, Drew)
            if event.card is None:
                unseen += 1
            else:
                held[event.card] += 1
        elif kind is Took or kind is Called:
            held.update(event.cards)
        elif kind is Melded or kind is LaidOff or kind is Discarded:
            for card in event.cards:
                physical = card.physical
                if held[physical] > 0:
                    held[physical] -= 1
                elif unseen:
                    unseen -= 1
                else:
                    return (
                        f"{_at(i, event)} has player {me} play {physical}, which the log does "
                        "not put in their hand"
                    )
    mine = Counter(hand)
    missing = +held - mine
    if missing or mine.total() != held.total() + unseen:
        return (
            f"the log deals player {me} {format_cards(dealt) or '-'} and their draws, takes "
            f"and plays since leave them {format_cards(sorted(held.elements())) or '-'}"
            f"{f' and {unseen} cards unseen' if unseen else ''}, but they hold "
            f"{format_cards(hand) or '-'}"
        )
    return None


def _meld_problem(log: Sequence[Event], table: Sequence[TableMeld]) -> str | None:
    """Why a meld the log lays down, joins or lays off on cannot be: melds stay on the table
    until the hand is over, so each is one of the table's, and is named after it was laid."""
    on_table = {meld.id for meld in table}
    # Where each id is given in the log (a joined run's too: it is used up).
    given: dict[int, int] = {}
    for i, event in enumerate(log):
        if type(event) is Melded:
            assert isinstance(event, Melded)
            if event.meld_id in given:
                return (
                    f"{_at(i, event)} gives id {event.meld_id}, given at log"
                    f"[{given[event.meld_id]}] already: an id is given once a hand"
                )
            given[event.meld_id] = i
    for i, event in enumerate(log):
        named: int | None = None
        if type(event) is Melded:
            assert isinstance(event, Melded)
            if event.joined is None and event.meld_id not in on_table:
                return (
                    f"{_at(i, event)} lays down meld {event.meld_id}, but the table has no meld "
                    f"{event.meld_id}: melds stay on the table until the hand is over"
                )
            named = event.joined
        elif type(event) is LaidOff:
            assert isinstance(event, LaidOff)
            named = event.meld_id
        if named is None:
            continue
        if named not in on_table:
            return (
                f"{_at(i, event)} names meld {named}, but the table has no meld {named}: melds "
                "stay on the table until the hand is over"
            )
        if given.get(named, -1) > i:
            return (
                f"{_at(i, event)} names meld {named}, which is laid down only later, at log"
                f"[{given[named]}]"
            )
    return None


# -- the scores of a finished hand -----------------------------------------------------------


def score_problem(
    config: RuleConfig,
    me: int,
    hand: Sequence[Card],
    sizes: Sequence[int],
    table: Sequence[TableMeld],
    unseen: Counter[Card],
    went_out: int | None,
    side_row: Sequence[int],
    player_row: Sequence[int] | None,
) -> str | None:
    """Why the last hand's scores cannot be what the hand just over scored, or ``None``.

    ``side_row`` is the history's last row and ``player_row`` the players' (partnerships only,
    when recorded); ``unseen`` are the cards of the decks not in ``me``'s hand, the table or the
    pile, from which the other hands hold ``sizes`` cards each. A player's hand is known when it
    is ``me``'s or holds no card.
    """
    n = len(sizes)
    values = config.card_values
    on_table = table_points(values, table, n)
    subtracted = not (went_out is None and config.no_minus_at_stock_end)
    by_card = values.by_card
    points = sorted(by_card[c] for c in unseen.elements())
    own = sum(by_card[c] for c in hand)

    def bounds(players: Sequence[int]) -> tuple[int, int, int]:
        """The fewest and most points the players score, and their hidden cards."""
        score = 0
        hidden = 0
        for p in players:
            score += on_table[p] + (config.going_out_bonus if p == went_out else 0)
            if not subtracted:
                continue
            if p == me:
                score -= own
            else:
                hidden += sizes[p]
        if not hidden:
            return score, score, 0
        return score - sum(points[-hidden:]), score - sum(points[:hidden]), hidden

    def problem(what: str, got: int, players: Sequence[int]) -> str | None:
        low, high, hidden = bounds(players)
        if low <= got <= high:
            return None
        rule = (
            "table cards count for it and the cards left in its hands against it"
            if subtracted
            else "table cards count for it (nothing is taken off: the stock ran out under "
            "no_minus_at_stock_end)"
        )
        if not hidden:
            known = _known_hands(players, me, went_out)
            return f"the last hand's score of {what} is {got}, but {known} score {low}: its {rule}"
        return (
            f"the last hand's score of {what} is {got}, but with {hidden} cards hidden in its "
            f"hands it scores from {low} to {high}: its {rule}"
        )

    sides = config.sides(n)
    for side in range(sides):
        players = [p for p in range(n) if config.side_of(p, n) == side]
        found = problem(f"side {side}", side_row[side], players)
        if found is not None:
            return found
    if player_row is not None:
        for p in range(n):
            found = problem(f"player {p}", player_row[p], [p])
            if found is not None:
                return found
    return None


def _known_hands(players: Sequence[int], me: int, went_out: int | None) -> str:
    """The words for what a side whose hands are all known scores by."""
    parts = []
    for p in players:
        if p == me:
            parts.append(f"player {p}'s hand")
        elif p == went_out:
            parts.append(f"player {p} out with no cards")
        else:
            parts.append(f"player {p}'s empty hand")
    return "the table and " + " and ".join(parts)
