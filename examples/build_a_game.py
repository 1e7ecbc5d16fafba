"""Build a game: a person plays against two bots at a minimal text front end.

Each numbered section is one step a front end needs, in the order the "Build
a game" page (docs/build-a-game.md) takes them: a game from a preset, the
seat's view, its legal moves, a move typed as text, the sentence that refuses
one, undo, the score sheet, saving and resuming, and ending the game early.
The code keeps to 79 columns, so that the page shows it as it is here.

Run ``python examples/build_a_game.py`` to play (``help`` at the prompt lists
the commands), or add ``--demo`` to watch a scripted session. The demo is also
what runs when the input is not a terminal: the example never waits for a
keyboard that is not there.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterable, Iterator

import rummy500
from rummy500 import (
    Deal,
    GameRecord,
    Move,
    MoveParseError,
    State,
    presets,
    render,
)
from rummy500.bots import GreedyBot

#: The players' names by seat; the person at seat ME is spoken to as "you".
NAMES = ("You", "West", "North")
ME = 0
HELP = (
    "Type a move's number or its text (draw, take JD, meld JD QD KD, "
    "layoff 0 9S, discard 7C), or: undo, sheet, save, resume, quit (you "
    "leave the game) or cancel (you, the host, call the game off)."
)

#: Where the front end writes a line: print, or a list's append in a test.
Say = Callable[[str], None]


# -- 1. A game from a preset -------------------------------------------------


def new_table(seed: int) -> State:
    """A new three-player game under the standard rules (presets.names()
    lists the other presets)."""
    return rummy500.new_game(presets.get("standard"), players=3, seed=seed)


# -- 2. The seat's view, and 3. its legal moves ------------------------------


def show_turn(state: State, say: Say) -> None:
    """What the person sees at their turn: the table, their hand and their
    legal moves, numbered."""
    # Only what seat ME may know: the other hands are their sizes.
    view = state.view(ME)
    for line in render.table_lines(view, NAMES, you=[ME]):
        say(line)
    say(f"  Your hand: {render.hand_text(view.hand)}")
    for number, move in enumerate(view.legal_moves, 1):
        say(f"  {number:>3}. {move}")


# -- 4. A move typed as text, and 5. the sentence that refuses one -----------


def read_move(state: State, text: str) -> Move | str:
    """The move ``text`` names (its number in the list, or its text), or
    the sentence that refuses it."""
    legal = state.view(ME).legal_moves
    # ASCII digits only: str.isdecimal also takes other scripts' digits.
    if text.isascii() and text.isdecimal():
        if 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        last = len(legal)
        return f"There is no move {text}: choose a number from 1 to {last}."
    try:
        move = state.parse_move(text)
    except MoveParseError as error:
        return f"Cannot read that move: {error}."
    # The rule the move breaks, worded as state.apply(move) would raise it
    # (an IllegalMoveError); None for a legal move.
    refusal = state.explain_illegal(move)
    return move if refusal is None else f"{refusal}."


# -- 6. Undo, back to the person's last decision -----------------------------


def undo(state: State) -> State | None:
    """The state of the person's last decision in this hand, before the
    bots' moves since, or None if there is none. State.undo steps back one
    move at a time."""
    while state.last_move is not None and state.last_move != Deal():
        state = state.undo()
        if state.current_player == ME:
            return state
    return None


# -- 7. The score sheet ------------------------------------------------------


def show_sheet(state: State, say: Say) -> None:
    """The score sheet: a row for each hand, with each player's score and
    running total."""
    for line in render.score_sheet(state, NAMES):
        say(line)


# -- 8. Saving and resuming --------------------------------------------------


def save(state: State) -> str:
    """The game so far as JSON text: its rules, players, seed and moves (a
    game record, as ``rummy500 play --save`` writes it)."""
    return rummy500.dumps(GameRecord.from_state(state))


def resume(saved: str) -> State:
    """The game ``saved`` holds, replayed to where it was saved."""
    return rummy500.loads(saved, GameRecord).replay()


# -- 9. Ending the game early ------------------------------------------------


def end_early(state: State, command: str) -> State:
    """The game over at once with no winner: the person left (``quit``), or
    the host called it off (``cancel``). The log's last event says which,
    and so does ``state.ending``."""
    return state.abandon(ME) if command == "quit" else state.cancel()


# -- The front end: the steps above around the game's loop -------------------


def play(lines: Iterable[str], say: Say = print, *, seed: int = 5) -> State:
    """Play a game with the person at seat ME typing ``lines`` and bots in
    the other seats, writing to ``say``; the final state. Running out of
    lines is leaving the game, as ``quit`` is."""
    state = new_table(seed)
    bot = GreedyBot()
    typed = iter(lines)
    saved: str | None = None
    shown = 0  # the events of the hand's log written so far
    asked = False  # whether the person's turn has been shown to them
    while True:
        # The person's log in words: what the bots did is in it.
        log = state.view(ME).log
        for event in log[shown:]:
            say(render.event_words(event, NAMES, me=ME))
        shown = len(log)
        if state.is_terminal():
            break
        if state.is_chance_node():
            # The hand is over: the score sheet, then a new hand and log.
            show_sheet(state, say)
            state, shown = state.apply(Deal()), 0
            continue
        if state.current_player != ME:
            seat = state.current_player
            state = state.apply(bot.choose(state.view(seat)))
            continue
        if not asked:
            show_turn(state, say)
            asked = True
        text = next(typed, "quit").strip()
        command = text.lower()
        if command == "help":
            say(HELP)
        elif command == "sheet":
            show_sheet(state, say)
        elif command == "undo":
            before = undo(state)
            if before is None:
                say("There is no move of yours to undo in this hand.")
                continue
            # The earlier state's log is shorter: words follow from its end.
            state, shown, asked = before, len(before.view(ME).log), False
            say("Your last move is undone.")
        elif command == "save":
            saved = save(state)
            say("The game is saved.")
        elif command == "resume":
            if saved is None:
                say("There is no saved game to resume.")
                continue
            state = resume(saved)
            shown, asked = len(state.view(ME).log), False
            say("The saved game is resumed where it was saved.")
        elif command in ("quit", "cancel"):
            state = end_early(state, command)
        else:
            move = read_move(state, text)
            if isinstance(move, str):
                say(move)
            else:
                state, asked = state.apply(move), False
    say(render.game_result_line(state, NAMES, you=[ME]))
    return state


def typed_lines(prompt: str = "> ") -> Iterator[str]:
    """The lines typed at the terminal, until the end of the input."""
    while True:
        try:
            yield input(prompt)
        except EOFError:
            return


def scripted(lines: Iterable[str], say: Say = print) -> Iterator[str]:
    """``lines`` as though typed: each is written after the prompt."""
    for line in lines:
        say(f"> {line}")
        yield line


#: The demo's person: a refused move, a line that is no move, a number not
#: in the list, a move undone and played again, a save and a resume, the
#: first hand played out, nothing to undo in the next, the score sheet, and
#: leaving.
DEMO = (
    *("discard 7C", "meld seven", "3", "take JD", "meld JD QD KD"),
    *("discard 7C", "undo", "discard 7C", "save", "1", "resume", "draw"),
    *("discard 2D", "draw", "discard 2H", "undo", "sheet", "quit"),
)


def main() -> None:
    """Play at the terminal, or run the demo (``--demo``, or an input that
    is not a terminal)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--demo",
        action="store_true",
        help="watch a scripted session",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="the seed of a game (random if not given)",
    )
    args = parser.parse_args()
    if args.demo or not sys.stdin.isatty():
        play(scripted(DEMO), print)
        return
    seed = random.randrange(10**6) if args.seed is None else args.seed
    print(f"Rummy 500, standard rules, seed {seed}. {HELP}")
    play(typed_lines(), print, seed=seed)


if __name__ == "__main__":
    main()
