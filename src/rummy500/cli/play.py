"""``rummy500 play``: a seeded game at the terminal between the built-in bots, or with the person
at the keyboard in one seat: the table that prints each turn, each hand's result and the score
sheet, and asks that person for their moves. A person who leaves (``q``, or the end of the input)
abandons the game, as a player who leaves an online table does: ``--save`` records it so."""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TextIO

import attrs

import rummy500
from rummy500 import presets
from rummy500.bots import Bot, make_bot
from rummy500.cli.arguments import rules_players, seat_problem
from rummy500.core.errors import ConfigError, IllegalMoveError, MoveParseError, Rummy500Error
from rummy500.game.state import Phase, State, new_game
from rummy500.play.moves import DEAL, Draw
from rummy500.render import (
    dealer_draw_lines,
    game_result_line,
    hand_result_lines,
    hand_text,
    move_words,
    score_sheet,
    table_lines,
)
from rummy500.rules.choices import MAX_PLAYERS

_QUIT_WORDS = frozenset({"q", "quit", "exit"})
_HELP_WORDS = frozenset({"?", "h", "help"})
#: A move's number at the prompt: ASCII digits only (``int`` would also read other scripts'
#: digits and underscores), and few enough of them to read quickly.
_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


class _Table:
    """One game being played at the terminal: the seats, the output and the settings."""

    def __init__(
        self,
        state: State,
        bots: Sequence[Bot | None],
        names: Sequence[str],
        *,
        ascii: bool,
        quiet: bool,
        out: TextIO,
        read: Callable[[str], str],
        echo: bool,
    ) -> None:
        self.state = state
        self.bots = bots
        self.names = names
        self.ascii = ascii
        self.quiet = quiet
        self.out = out
        self.read = read
        self.echo = echo
        #: The seats of the people at the keyboard, spoken to as "you".
        self.you = [p for p, bot in enumerate(bots) if bot is None]

    def say(self, line: str = "") -> None:
        print(line, file=self.out)

    def run(self) -> bool:
        """Play to the end of the game; ``False`` if the human player left first, which
        abandons it (:meth:`State.abandon <rummy500.State.abandon>`)."""
        state = self.state
        self.start_hand(state)
        while not state.is_terminal():
            if state.is_chance_node():
                self.end_hand(state)
                state = self.state = state.apply(DEAL)
                self.start_hand(state)
                continue
            player = state.current_player
            bot = self.bots[player]
            if state.phase == Phase.DRAW and (bot is None or not self.quiet):
                self.say(f"{self.names[player]} to play.")
                for line in table_lines(
                    state.view(player), self.names, ascii=self.ascii, you=self.you
                ):
                    self.say(line)
            if bot is None:
                after = self.ask(state)
                if after is None:
                    self.state = state.abandon(player)
                    self.say("Game abandoned.")
                    return False
            else:
                after = state.apply(bot.choose(state.view(player)))
            if bot is None or not self.quiet:
                self.tell_move(state, after, player)
            state = self.state = after
        self.end_hand(state)
        self.say(game_result_line(state, self.names, you=self.you))
        return True

    def start_hand(self, state: State) -> None:
        self.say()
        self.say(f"=== Hand {state.hand_number + 1}: {self.names[state.dealer]} deals ===")

    def end_hand(self, state: State) -> None:
        self.say()
        for line in hand_result_lines(state, self.names, ascii=self.ascii):
            self.say(line)
        self.say()
        for line in score_sheet(state, self.names):
            self.say(line)

    def tell_move(self, before: State, after: State, player: int) -> None:
        move = after.last_move
        assert move is not None
        you = self.bots[player] is None
        # The human player is told the card they drew (it is theirs to see); a bot's draw
        # stays hidden, as at a real table.
        drawn = None
        if you and isinstance(move, Draw):
            new = Counter(after.view(player).hand) - Counter(before.view(player).hand)
            drawn = next(iter(new))
        words = move_words(move, ascii=self.ascii, you=you, drawn=drawn)
        gone = after.phase >= Phase.HAND_OVER and after.went_out == player
        tail = (" and go out" if you else " and goes out") if gone else ""
        self.say(f"  {self.names[player]} {words}{tail}.")

    def show_choices(self, state: State) -> None:
        view = state.view(state.current_player)
        self.say(f"  Your hand: {hand_text(view.hand, ascii=self.ascii)}")
        if view.owed is not None:
            owed = hand_text((view.owed,), ascii=self.ascii)
            self.say(f"  You must still meld or lay off {owed} this turn.")
        only = len(view.legal_moves) == 1
        self.say("  Your only legal move:" if only else "  Your legal moves:")
        for i, move in enumerate(view.legal_moves, 1):
            self.say(f"  {i:>4}. {move.text(ascii=self.ascii)}")

    def ask(self, state: State) -> State | None:
        """Ask the human for a move until they give a legal one; ``None`` if they leave."""
        if state.phase == Phase.PLAY:
            view = state.view(state.current_player)
            for line in table_lines(view, self.names, ascii=self.ascii, you=self.you):
                self.say(line)
        self.show_choices(state)
        legal = state.legal_moves()
        # A forced move still waits for the player (to read the table, or to quit), but
        # takes only Enter.
        only = len(legal) == 1
        prompt = (
            "Your move (Enter or 1 plays it; ? for help, q to quit): "
            if only
            else "Your move (a number or a move's text; ? for help, q to quit): "
        )
        while True:
            try:
                text = self.read(prompt)
            except EOFError:
                self.say()
                return None
            except UnicodeDecodeError:
                self.say()
                self.say("Cannot read that line: it is not text in the terminal's encoding.")
                continue
            text = text.strip()
            if self.echo:
                self.say(text)
            if text.lower() in _QUIT_WORDS:
                return None
            if not text:
                if only:
                    return state.apply(legal[0])
                continue
            if text.lower() in _HELP_WORDS:
                self.say(
                    "Type the number of a legal move, or a move such as: draw, take JC "
                    "(the J of clubs and every card above it), meld 8S 8H 8D, layoff 0 9S, "
                    "discard 5S. Type q to quit."
                )
                self.show_choices(state)
                continue
            if _NUMBER.fullmatch(text):
                number = int(text)
                if 1 <= number <= len(legal):
                    return state.apply(legal[number - 1])
                self.say(
                    f"There is no move {number}: your only move is 1."
                    if only
                    else f"There is no move {number}: choose a number from 1 to {len(legal)}."
                )
                continue
            try:
                return state.apply(state.parse_move(text))
            except MoveParseError as exc:
                self.say(f"Cannot read that move: {exc}")
            except IllegalMoveError as exc:
                self.say(str(exc))
            except Rummy500Error as exc:
                self.say(f"Cannot play that move: {exc}")


def _stdout_ascii_only(stream: TextIO) -> bool:
    """Whether ``stream`` cannot write the suit symbols (then cards are written in ASCII)."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♣♦♥♠".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def play_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Play the game ``args`` describe at the terminal (``parser`` reports a bad option); the
    exit status."""
    try:
        config = presets.get(args.preset)
        if args.target is not None:
            config = attrs.evolve(config, target=args.target)
    except ConfigError as exc:
        parser.error(f"--preset: {exc}")
    if args.hand_limit is not None:
        try:
            config = attrs.evolve(config, hand_limit=args.hand_limit)
        except ConfigError as exc:
            parser.error(f"--hand-limit: {exc}")
    players: int = args.players
    if players is None:
        players = 3 if 3 in config.player_counts else config.min_players
    if players not in config.player_counts:
        parser.error(f"--players: {rules_players(args.preset, config, players)}")
    seat: int | None = args.seat
    if seat is not None and not 0 <= seat < players:
        parser.error(seat_problem(seat, players))
    save: str | None = args.save
    if save is not None:
        # A file that cannot be written is found out before the game, not after it.
        try:
            with open(save, "a", encoding="utf-8"):
                pass
        except OSError as exc:
            parser.error(f"--save: cannot write {save}: {exc.strerror or exc}")
    seed: int = random.SystemRandom().randrange(10**6) if args.seed is None else args.seed
    kinds: list[str] = [args.bots[p % len(args.bots)] for p in range(players)]
    # Each bot gets its own seed, derived from the game's so the whole game replays.
    bots: list[Bot | None] = [
        None if p == seat else make_bot(kind, seed * MAX_PLAYERS + p)
        for p, kind in enumerate(kinds)
    ]
    names = ["You" if p == seat else f"P{p}" for p in range(players)]
    out = sys.stdout
    ascii_cards = args.ascii or _stdout_ascii_only(out)

    state = new_game(config, players=players, seed=seed)
    length = (
        f"playing to {config.target} points"
        if config.target is not None
        else f"playing {config.hands_per_game} hands"
    )
    print(f"Rummy 500 ({args.preset} rules): {players} players, {length}, seed {seed}", file=out)
    seats = ", ".join(
        f"{names[p]} (seat {p})" if bots[p] is None else f"{names[p]} ({kinds[p]} bot)"
        for p in range(players)
    )
    print(f"Seats: {seats}", file=out)
    for line in dealer_draw_lines(state, names, ascii=ascii_cards):
        print(line, file=out)
    table = _Table(
        state,
        bots,
        names,
        ascii=ascii_cards,
        quiet=args.quiet,
        out=out,
        read=input,
        echo=seat is not None and not sys.stdin.isatty(),
    )
    try:
        table.run()
    except KeyboardInterrupt:
        # The game so far is saved even when the command is stopped.
        if save is not None:
            _saved(table.state, save, out)
        raise
    if save is not None and not _saved(table.state, save, out):
        return 2
    return 0


def _saved(state: State, path: str, out: TextIO) -> bool:
    """Write the game that led to ``state`` to ``path`` as a game record and say so; whether
    it was written (if not, the error is reported on stderr)."""
    # Saving is loaded here, on its first use: a game that is not saved does without it.
    text = rummy500.dumps(rummy500.GameRecord.from_state(state), indent=2) + "\n"
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as exc:
        print(f"rummy500 play: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return False
    print(f"The game is saved in {path}: 'rummy500 replay {path}' makes a page of it.", file=out)
    return True
