"""Plain-text rendering of games: moves in words, the public table, hand results, score sheets.

Every function returns text (a string or a list of lines) and prints nothing. Cards are written
in Unicode (``Q♥``) or, with ``ascii=True``, in ASCII (``QH``); everything else is ASCII, so the
output reads in any terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Final

from rummy500 import (
    Call,
    Card,
    ConfigError,
    Deal,
    Decline,
    Discard,
    Draw,
    Ending,
    FirstDealer,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    Pass,
    PlayerView,
    State,
    StateError,
    TableMeld,
    Take,
    format_cards,
)
from rummy500.core.errors import describe_value, is_whole
from rummy500.events import Dealt, Drew, Event, HandEnded
from rummy500.toolkit import dealer_draw_rounds, score_breakdown

__all__ = [
    "dealer_draw_lines",
    "event_words",
    "game_result_line",
    "hand_result_lines",
    "hand_text",
    "meld_line",
    "move_words",
    "score_sheet",
    "side_names",
    "table_lines",
]


def _cards(cards: Sequence[int], ascii: bool) -> str:
    return format_cards(cards, ascii=ascii) or "-"


def _check(function: str, state: object, names: object, *, view: bool = False) -> None:
    """Refuse what ``function`` cannot write: ``state`` not a State (nor a PlayerView, where
    ``view``), ``names`` not one name for each player."""
    if isinstance(state, State):
        players = state.players
    elif view and isinstance(state, PlayerView):
        players = len(state.hand_sizes)
    else:
        wanted = "a State or a PlayerView" if view else "a State"
        raise StateError(f"{function} writes {wanted}, not {describe_value(state)}")
    _check_names(function, names, players)


def _check_names(function: str, names: object, players: int) -> None:
    if (
        isinstance(names, str)
        or not isinstance(names, Sequence)
        or len(names) < players
        or not all(isinstance(n, str) for n in names)
    ):
        shown = describe_value(names)
        if isinstance(names, Sequence) and not isinstance(names, str):
            shown = f"{len(names)} names" if len(names) < players else "a list holding a non-str"
        raise ConfigError(
            f"{function}'s names must be a list of a name (a str) for each of the {players} "
            f"players, not {shown}"
        )


def move_words(
    move: Move, *, ascii: bool = False, you: bool = False, drawn: Card | None = None
) -> str:
    """What ``move`` does, in words: ``"draws from the stock"``, ``"melds a set: 8♠ 8♥ 8♦"``.

    The verb is for a player named in the third person, or for "you" with ``you=True``.
    ``drawn`` names the card a draw took from the stock (``"draw 9♠ from the stock"``): give
    it to the player who drew it only, as the others do not see it.
    """
    if not isinstance(move, Move):
        raise IllegalMoveError(f"move_words writes a Move, not {describe_value(move)}")
    if drawn is not None:
        if not isinstance(drawn, Card):
            raise IllegalMoveError(f"move_words's drawn is a Card, not {describe_value(drawn)}")
        if not isinstance(move, Draw):
            raise IllegalMoveError(
                f"move_words's drawn is the card of a draw, not of {move.text(ascii=True)!r}"
            )
        return f"{_verb(you, 'draws', 'draw')} {_cards((drawn,), ascii)} from the stock"

    for cls in type(move).__mro__:
        words = _WORDS.get(cls)
        if words is not None:
            return words(move, ascii, you)
    return move.text(ascii=ascii)


def _verb(you: bool, third: str, second: str) -> str:
    """The verb for a player named in the third person, or for "you"."""
    return second if you else third


def _take_words(move: Take, ascii: bool, you: bool) -> str:
    deepest = _cards(move.taken[:1], ascii)
    if len(move.taken) == 1:
        return f"{_verb(you, 'takes', 'take')} {deepest} from the top of the discard pile"
    above = move.taken[1:]
    card_word = "card" if len(above) == 1 else "cards"
    return (
        f"{_verb(you, 'digs', 'dig')} {deepest} out of the discard pile, with the "
        f"{len(above)} {card_word} above it: {_cards(above, ascii)}"
    )


def _meld_words(move: Meld, ascii: bool, you: bool) -> str:
    kind = "a set" if move.melded[0].rank == move.melded[1].rank else "a run"
    return f"{_verb(you, 'melds', 'meld')} {kind}: {_cards(move.melded, ascii)}"


def _layoff_words(move: Layoff, ascii: bool, you: bool) -> str:
    high = " (at the top end)" if move.high else ""
    laid = _cards(move.laid, ascii)
    return f"{_verb(you, 'lays', 'lay')} off {laid} on meld {move.meld_id}{high}"


def _call_words(move: Call, ascii: bool, you: bool) -> str:
    return (
        f"{_verb(you, 'calls', 'call')} rummy and {_verb(you, 'takes', 'take')} "
        f"{_cards(move.taken, ascii)}"
    )


#: The wording of each kind of move (a column of the registry of kinds of move,
#: ``rummy500.play.moves.KINDS``; this module reads the public API only, so a test checks that it
#: has an entry for each kind).
_WORDS: Final[dict[type[Move], Callable[[Any, bool, bool], str]]] = {
    Draw: lambda move, ascii, you: f"{_verb(you, 'draws', 'draw')} from the stock",
    Take: _take_words,
    Meld: _meld_words,
    Layoff: _layoff_words,
    Discard: lambda move, ascii, you: (
        f"{_verb(you, 'discards', 'discard')} {_cards((move.card,), ascii)}"
    ),
    Decline: lambda move, ascii, you: (
        f"{_verb(you, 'declines', 'decline')} to take from the discard pile (the stock is empty)"
    ),
    Call: _call_words,
    Pass: lambda move, ascii, you: f"{_verb(you, 'lets', 'let')} the chance to call rummy go by",
    Deal: lambda move, ascii, you: "deals the next hand",
}


def event_words(event: Event, names: Sequence[str], *, me: int, ascii: bool = False) -> str:
    """An event of player ``me``'s log (:attr:`PlayerView.log <rummy500.PlayerView.log>`) in
    words, with the players' names: a sentence for the deal, for another player's draw from
    the stock and for the end of the hand, and the event's own text, with the player's name
    for ``P1``, for the others.

    * ``"Hand 1, dealt by West. You hold A♣ 10♣ K♣; 3♦ turned up."``: ``me``'s cards.
    * ``"North draws from the stock."``, and ``"You draw 9♠"`` for ``me``'s own draw.
    * ``"Hand 1 is over: West went out."`` (or ``"nobody went out"``): the first line of
      :func:`hand_result_lines`, whose other lines, and :func:`score_sheet`, give the scores
      (by team, where players play in teams).
    * ``"West discard Q♣"``, ``"You take Q♣"``, ``"North layoff 0 9♠"``.
    * ``"West left: game abandoned; totals 64 -5 -10"`` and
      ``"game cancelled by the host; totals 64 -5 -10"``: the game's early end.

    Cards are written in ASCII with ``ascii=True``. ``names`` holds a name for each player;
    the deal raises :class:`~rummy500.StateError` where it does not show ``me``'s cards (it
    is then another player's view of it).
    """
    if not isinstance(event, Event):
        raise StateError(f"event_words writes an event of a log, not {describe_value(event)}")
    if not is_whole(me) or me < 0:
        raise ConfigError(
            f"event_words's me must be a seat (a whole number from 0), not {describe_value(me)}"
        )
    if isinstance(event, Dealt):
        players = len(event.hand_sizes)
    else:
        seats = (getattr(event, name, None) for name in ("player", "went_out"))
        players = max((seat + 1 for seat in seats if is_whole(seat)), default=0)
    _check_names("event_words", names, max(players, me + 1))

    if isinstance(event, Dealt):
        if me >= players:
            raise ConfigError(
                f"event_words's me must be the seat of one of the {players} players of this "
                f"deal (from 0 to {players - 1}), not {me}"
            )
        mine = event.hands[me]
        if mine is None:
            raise StateError(
                f"event_words writes an event of player {me}'s log, and this deal does not show "
                f"player {me}'s cards: it is another player's view of it"
            )
        return (
            f"Hand {event.hand_number + 1}, dealt by {names[event.dealer]}. You hold "
            f"{_cards(mine, ascii)}; {_cards(event.pile, ascii)} turned up."
        )
    if isinstance(event, Drew) and event.card is None:
        return f"{names[event.player]} draws from the stock."
    if isinstance(event, HandEnded):
        out = "nobody went out" if event.went_out is None else f"{names[event.went_out]} went out"
        return f"Hand {event.hand_number + 1} is over: {out}."
    text = event.text(ascii=ascii)
    player = getattr(event, "player", None)
    # A player's event starts with the player as ``P1``: the name goes in its place.
    if is_whole(player) and text.startswith(f"P{player} "):
        return names[player] + text[len(f"P{player}") :]
    return text


def meld_line(
    meld: TableMeld, names: Sequence[str], *, ascii: bool = False, you: Collection[int] = ()
) -> str:
    """One table meld under its id (as in ``layoff N``), with who laid it down and who added
    which cards: ``"  4: 5♠ 6♠ 7♠ 8♠   (P1's meld; P2 added 8♠)"``. ``you`` holds the seats
    spoken to as "you": ``"(your meld; you added 8♠)"``."""
    if not isinstance(meld, TableMeld):
        raise StateError(f"meld_line writes a TableMeld, not {describe_value(meld)}")
    _check_names("meld_line", names, max(meld.owners) + 1)
    _check_you("meld_line", you)
    cards = _cards(meld.cards, ascii)
    added = [
        f"{'you' if o in you else names[o]} added "
        + _cards([c for c, w in zip(meld.cards, meld.owners, strict=True) if w == o], ascii)
        for o in dict.fromkeys(meld.owners)
        if o != meld.owner
    ]
    owner = "your meld" if meld.owner in you else f"{names[meld.owner]}'s meld"
    whose = "; ".join([owner, *added])
    return f"{meld.id:>3}: {cards}   ({whose})"


def _check_you(function: str, you: object) -> None:
    """Refuse a ``you`` that is not a collection of seats."""
    if (
        isinstance(you, str)
        or not isinstance(you, Collection)
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in you)
    ):
        raise ConfigError(
            f"{function}'s you must be a collection of seats (whole numbers), not "
            f"{describe_value(you)}"
        )


def table_lines(
    view: PlayerView, names: Sequence[str], *, ascii: bool = False, you: Collection[int] = ()
) -> list[str]:
    """The public table: the melds (each under its id), the spread discard pile, the stock,
    hand sizes. ``you`` holds the seats spoken to as "you" (:func:`meld_line`).

    Only public information is shown, whichever player's view this is.
    """
    _check("table_lines", view, names, view=True)
    _check_you("table_lines", you)
    lines = ["  Table melds:" if view.table else "  Table melds: none"]
    lines.extend("  " + meld_line(meld, names, ascii=ascii, you=you) for meld in view.table)
    lines.append(f"  Discard pile (oldest first, top last): {_cards(view.pile, ascii)}")
    sizes = ", ".join(f"{names[p]} {n}" for p, n in enumerate(view.hand_sizes))
    lines.append(f"  Stock: {view.stock_size} cards.   Cards in hand: {sizes}")
    return lines


def side_names(state: State | PlayerView, names: Sequence[str]) -> list[str]:
    """The name of each scoring side: the player's name, or ``P0+P2`` for a team."""
    _check("side_names", state, names, view=True)
    config = state.config
    players = len(names)
    sides = config.sides(players)
    return [
        "+".join(names[p] for p in range(players) if config.side_of(p, players) == side)
        for side in range(sides)
    ]


def dealer_draw_lines(state: State, names: Sequence[str], *, ascii: bool = False) -> list[str]:
    """Who drew which card for the first deal, and who deals (the lowest or highest card)."""
    _check("dealer_draw_lines", state, names)
    rounds = dealer_draw_rounds(state.config, state.players, state.dealer_draw)
    if not rounds:
        return [f"{names[state.dealer]} deals first."]
    lines: list[str] = []
    for number, drawn in enumerate(rounds):
        shown = ", ".join(f"{names[p]} {_cards((c,), ascii)}" for p, c in drawn)
        lines.append(("Drawing for the deal: " if number == 0 else "Tie, drawing again: ") + shown)
    highest = state.config.first_dealer is FirstDealer.HIGHEST
    which = "highest card (ace high)" if highest else "lowest card (ace low)"
    lines.append(f"{names[state.dealer]} drew the {which} and deals first.")
    return lines


def hand_result_lines(state: State, names: Sequence[str], *, ascii: bool = False) -> list[str]:
    """How the hand that just ended scored: each player's table points minus hand points.

    ``state`` is the state right after the hand ended (hand over, or game over). A hand cut
    short by the early end of the game is not scored, and its one line says so.
    """
    _check("hand_result_lines", state, names)
    number = state.hand_number + 1  # hands are numbered from 1 on the score sheet
    ending = state.ending
    if ending is not None and ending.during_hand:
        return [f"Hand {number} is not scored: {_who_ended(ending, names)} during it."]
    if state.went_out is not None:
        how = f"{names[state.went_out]} went out"
    else:
        how = "the stock ran out and nobody went out"
    lines = [f"Hand {number} is over: {how}."]
    parts = score_breakdown(
        state.config,
        state.hands,
        state.table,
        went_out=state.went_out,
        stock_ran_out=state.went_out is None,
    )
    width = max(len(n) for n in names)
    for p, (hand, part) in enumerate(zip(state.hands, parts, strict=True)):
        held = f" ({_cards(hand, ascii)})" if hand else ""
        in_hand = part.hand if part.subtracted else 0
        extra = f" + bonus {part.bonus}" if part.bonus else ""
        lines.append(
            f"  {names[p]:<{width}}  table {part.table:>3} - hand {in_hand:>3}{extra}"
            f" = {part.score:>4}{held}"
        )
    if state.config.team_size > 1:
        for name, score in zip(side_names(state, names), state.history[-1], strict=True):
            lines.append(f"  team {name}: {score}")
    return lines


def score_sheet(state: State, names: Sequence[str]) -> list[str]:
    """The score sheet: a column per player (or team), a row per hand with its score and
    running total.

    In a partnership game each team's column also shows what each of its players scored in
    the hand, before the team's score (their sum) and running total; a hand whose players'
    scores are not known (a partnership game loaded from a save that did not keep them) shows
    only the team's. Scores below zero carry a minus sign. The rows are the hands of the
    record of the game, numbered from 1: a game recorded from its start (as every game started
    with :func:`rummy500.new_game` is) from hand 1, and a position built in the middle of a
    game from its own hand (:attr:`State.history_start
    <rummy500.play.position.Position.history_start>` + 1). Totals run from what the players had
    where the record starts (:attr:`State.start_totals
    <rummy500.play.position.Position.start_totals>`: zero for a game recorded from its start).
    """
    _check("score_sheet", state, names)
    if state.config.team_size > 1:
        return _team_score_sheet(state, names)
    names = side_names(state, names)
    # Each player's column holds two numbers, the hand's score and the running total;
    # Python writes a score below zero with its minus sign, as a score sheet does.
    col = max(12, *(len(n) + 2 for n in names))
    half = col // 2
    head = "Hand |" + "|".join(f"{n:^{col}}" for n in names)
    sub = "     |" + "|".join(f"{'hand':>{half - 1}} {'total':>{col - half - 1}} " for _ in names)
    rule = "-----+" + "+".join("-" * col for _ in names)
    running = list(state.start_totals)
    lines = ["Score sheet", head, sub, rule]
    for number, row in enumerate(state.history, state.history_start + 1):
        cells = []
        for p, score in enumerate(row):
            running[p] += score
            cells.append(f"{score:>{half - 1}} {running[p]:>{col - half - 1}} ")
        lines.append(f"{number:>4} |" + "|".join(cells))
    return [line.rstrip() for line in lines]


def _team_score_sheet(state: State, names: Sequence[str]) -> list[str]:
    config = state.config
    players = len(names)
    teams = side_names(state, names)
    members = [
        [p for p in range(players) if config.side_of(p, players) == team]
        for team in range(len(teams))
    ]
    cell = max(5, *(len(n) for n in names))
    group = (len(members[0]) + 2) * (cell + 1) + 1

    def cells(values: Sequence[object]) -> str:
        return "".join(f" {v:>{cell}}" for v in values) + " "

    head = "Hand |" + "|".join(f"{t:^{group}}" for t in teams)
    sub = "     |" + "|".join(cells([*(names[p] for p in m), "team", "total"]) for m in members)
    rule = "-----+" + "+".join("-" * group for _ in teams)
    history = state.history
    running = list(state.start_totals)
    first = len(history) - len(state.player_history)
    start = state.history_start
    lines = ["Score sheet", head, sub, rule]
    for number, row in enumerate(history):
        known = number >= first
        groups = []
        for team, score in enumerate(row):
            running[team] += score
            played = [
                state.player_history[number - first][p] if known else "" for p in members[team]
            ]
            groups.append(cells([*played, score, running[team]]))
        lines.append(f"{start + number + 1:>4} |" + "|".join(groups))
    return [line.rstrip() for line in lines]


def _who_ended(ending: Ending, names: Sequence[str]) -> str:
    """Who ended a game early, and how: ``"P1 left"``, ``"the host cancelled the game"``."""
    if ending.player is None:
        return "the host cancelled the game"
    return f"{names[ending.player]} left"


def game_result_line(state: State, names: Sequence[str], *, you: Collection[int] = ()) -> str:
    """How the game ended, in one line: who won with how many points, that it is drawn, or
    that it ended early with nobody winning.

    ``state`` is the final state (game over). ``you`` holds the seats spoken to as "you", for
    the verb ("You win", "P1 wins"). A game that ran to ``hand_limit`` hands says so; a draw
    (a tie at the top when the hand limit was reached) names the sides tied; a game that ended
    early (:attr:`State.ending <rummy500.play.position.Position.ending>`) says who ended it and
    when, with the totals: ``"The game is over: P1 left during hand 3, which is not scored, so
    nobody wins (totals: P0 120, P1 85, P2 -20)."``
    """
    _check("game_result_line", state, names)
    _check_you("game_result_line", you)
    if not state.is_terminal():
        raise StateError(f"the game is not over: {state!r}")
    sides = side_names(state, names)
    ending = state.ending
    if ending is not None:
        number = state.hand_number + 1
        when = (
            f"during hand {number}, which is not scored,"
            if ending.during_hand
            else f"after hand {number},"
        )
        totals = ", ".join(f"{s} {t}" for s, t in zip(sides, state.totals, strict=True))
        return (
            f"The game is over: {_who_ended(ending, names)} {when} so nobody wins "
            f"(totals: {totals})."
        )
    config = state.config
    players = state.players
    hands = state.hand_number + 1
    at_limit = ""
    if hands >= config.hand_limit:
        counted = "1 hand" if hands == 1 else f"{hands} hands"
        at_limit = f" after {counted}, the most a game may last"
    won = state.winner
    if won is None:
        best = max(state.totals)
        tied = [sides[s] for s, total in enumerate(state.totals) if total == best]
        who = ", ".join(tied[:-1]) + " and " + tied[-1]
        return f"The game is drawn: {who} are tied at the top with {best} points{at_limit}."
    members = [p for p in range(players) if config.side_of(p, players) == won]
    verb = "win" if len(members) > 1 or any(p in you for p in members) else "wins"
    return f"{sides[won]} {verb} with {state.totals[won]} points{at_limit}."


def hand_text(cards: Sequence[Card], *, ascii: bool = False) -> str:
    """A hand of cards as text (``-`` when empty)."""
    return _cards(cards, ascii)
