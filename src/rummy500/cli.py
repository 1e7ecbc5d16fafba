"""The ``rummy500`` command: watch the built-in bots play, take a seat yourself, or simulate
many games (``rummy500 simulate``, see :mod:`rummy500.simulate`).

``rummy500 play`` plays a seeded game between the built-in bots and prints every turn, the
public table at the start of each turn, and a score sheet after each hand. ``--seat K`` puts
you in seat K: you see your hand, the table and your numbered legal moves, and answer with a
number or a move's text (``meld 8S 8H 8D``, ``layoff 0 9S``, ``take JC``, ``discard 5S``).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import signal
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TextIO

import attrs

from rummy500 import __version__, presets
from rummy500.bots import BOT_NAMES, Bot, make_bot
from rummy500.core.errors import (
    ConfigError,
    IllegalMoveError,
    MoveParseError,
    Rummy500Error,
    describe_value,
    quote_text,
)
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
from rummy500.rules.config import MAX_PLAYERS, MIN_PLAYERS, RuleConfig, players_text
from rummy500.simulate import (
    BACKENDS,
    RAY_LOG_LEVEL,
    RAY_QUIET_LEVEL,
    WORKERS_PER_CORE,
    Plan,
    Simulation,
    SimulationStopped,
    progress_bar,
    summarize,
)

__all__ = ["main"]

_QUIT_WORDS = frozenset({"q", "quit", "exit"})
_HELP_WORDS = frozenset({"?", "h", "help"})
#: A move's number at the prompt: ASCII digits only (``int`` would also read other scripts'
#: digits and underscores), and few enough of them to read quickly.
_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def _whole_number(text: str) -> int:
    """``text`` read as a whole number, or the argument error that quotes it (cut short)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote_text(text)} is not a whole number") from None


def _player_count(text: str) -> int:
    n = _whole_number(text)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"Rummy 500 is for {players_text(MIN_PLAYERS, MAX_PLAYERS)}, not {describe_value(n)}"
        )
    return n


def _seats(players: int) -> str:
    """The seats of a table: ``"seats 0 and 1"``, ``"seats 0 to 2"``."""
    return "seats 0 and 1" if players == 2 else f"seats 0 to {players - 1}"


def _positive(text: str) -> int:
    n = _whole_number(text)
    if n <= 0:
        raise argparse.ArgumentTypeError(f"must be above zero, not {describe_value(n)}")
    return n


def _natural(text: str) -> int:
    n = _whole_number(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {describe_value(n)}")
    return n


def _bot_list(text: str) -> list[str]:
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not names:
        raise argparse.ArgumentTypeError("name at least one bot")
    for name in names:
        if name not in BOT_NAMES:
            raise argparse.ArgumentTypeError(
                f"unknown bot {quote_text(name)}: choose from {', '.join(BOT_NAMES)}"
            )
    return names


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser of ``rummy500``."""
    parser = argparse.ArgumentParser(
        prog="rummy500",
        description="Rummy 500 (500 Rum): watch the built-in bots play, or take a seat.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play = commands.add_parser(
        "play",
        help="play a game (watch the bots, or take a seat with --seat)",
        description=(
            "Play a game of Rummy 500 under the standard rules. Without --seat, watch the "
            "built-in bots play; with --seat K, play seat K yourself against them."
        ),
    )
    # Errors found after parsing are reported with the subcommand's own usage line.
    play.set_defaults(command_parser=play)
    play.add_argument(
        "--preset",
        default="standard",
        metavar="NAME",
        help="the rules to play (default: standard); 'rummy500 presets' lists them",
    )
    play.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the game's seed: the same seed replays the same game (default: a random seed, "
        "which is printed)",
    )
    play.add_argument(
        "--players",
        type=_player_count,
        default=None,
        metavar="N",
        help=f"number of players, {MIN_PLAYERS} to {MAX_PLAYERS} (default: 3, or the fewest "
        "the preset allows)",
    )
    play.add_argument(
        "--bots",
        type=_bot_list,
        default=["greedy", "random"],
        metavar="NAME,...",
        help=f"the bot in each seat, from seat 0, repeated as needed to fill the table; "
        f"bots: {', '.join(BOT_NAMES)} (default: greedy,random)",
    )
    play.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar="K",
        help="take seat K yourself (0 is the first seat) (default: none, the bots play every seat)",
    )
    play.add_argument(
        "--target",
        type=_positive,
        default=None,
        metavar="N",
        help="points that win the game (default: the preset's, 500 in the standard rules)",
    )
    play.add_argument(
        "--hand-limit",
        type=_positive,
        default=None,
        metavar="N",
        help="the most hands the game lasts; then the highest total wins, and a tie at the top "
        "is a draw (default: the preset's, 100)",
    )
    play.add_argument("--ascii", action="store_true", help="write cards in ASCII (QH, 10S)")
    play.add_argument(
        "--quiet",
        action="store_true",
        help="print only hand results and the score sheet, not every turn",
    )
    sim = commands.add_parser(
        "simulate",
        help="play many games between bots and summarize them",
        description=(
            "Play many seeded games between the built-in bots, on every core, and print a "
            "summary with 95% intervals. Game i uses the seed SEED + i, so any game can be "
            "played again. With --output, each game is written as a line of JSON; a run "
            "stopped with Ctrl-C (or SIGTERM) keeps what finished, and the same command carries "
            "on with it."
        ),
    )
    sim.add_argument(
        "--preset",
        default="standard",
        metavar="NAME",
        help="the rules (default: standard); 'rummy500 presets' lists them",
    )
    sim.add_argument(
        "--players",
        type=_player_count,
        default=None,
        metavar="N",
        help="number of players (default: 3, or the fewest the preset allows)",
    )
    sim.add_argument(
        "--bots",
        type=_bot_list,
        default=["greedy", "random"],
        metavar="NAME,...",
        help=f"the bot in each seat, from seat 0, repeated as needed to fill the table; "
        f"bots: {', '.join(BOT_NAMES)} (default: greedy,random)",
    )
    sim.add_argument(
        "--games", type=_positive, default=100, metavar="N", help="games to play (default: 100)"
    )
    sim.add_argument("--seed", type=_natural, default=0, help="the seed of game 0 (default: 0)")
    sim.add_argument(
        "--workers",
        type=_positive,
        default=None,
        metavar="N",
        help=f"processes that play the games (default: one per core); no more are started "
        f"than the games to play, nor more than {WORKERS_PER_CORE} per core: a larger number "
        "is reduced, and the run says so",
    )
    sim.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="where the games run (default: local): this machine's processes, or a Ray "
        "cluster (needs the ray extra: pip install '.[ray]' in a checkout of rummy500; "
        "starting Ray here takes a while before the first game: about 25 s on a busy 2-core "
        "machine)",
    )
    sim.add_argument(
        "--address",
        default=None,
        metavar="ADDRESS",
        help="with --backend ray, the address of the cluster (default: start Ray here)",
    )
    sim.add_argument(
        "--output",
        default=None,
        metavar="FILE",
        help="write each game as a line of JSON to FILE (JSON Lines); an existing FILE of "
        "the same simulation is carried on with, once checked for damage (not for deliberate "
        "edits: carry on only with files you trust) (default: none, the games are only "
        "summarized)",
    )
    sim.add_argument(
        "--quiet",
        action="store_true",
        help="no progress report, and no line saying how the games are played unless fewer "
        "workers are started than asked for",
    )
    commands.add_parser(
        "presets",
        help="list the named rule sets",
        description="List the named rule sets that 'rummy500 play --preset NAME' accepts.",
    )
    return parser


def _presets() -> int:
    width = max(len(name) for name in presets.names())
    indent = " " * (width + 2)
    for name, record in presets.PRESETS.items():
        print(f"{name:<{width}}  {record.summary}")
        print(f"{indent}Source: {record.source}")
        if record.aliases:
            print(f"{indent}Aliases: {', '.join(record.aliases)}")
    print()
    print("Names and aliases are case-insensitive and ignore spaces, dashes, dots and underscores.")
    return 0


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

    def say(self, line: str = "") -> None:
        print(line, file=self.out)

    def run(self) -> bool:
        """Play to the end of the game; ``False`` if the human player left first."""
        state = self.state
        self.start_hand(state)
        while not state.is_terminal():
            if state.is_chance_node():
                self.end_hand(state)
                state = state.apply(DEAL)
                self.start_hand(state)
                continue
            player = state.current_player
            bot = self.bots[player]
            if state.phase == Phase.DRAW and (bot is None or not self.quiet):
                self.say(f"{self.names[player]} to play.")
                for line in table_lines(state.view(player), self.names, ascii=self.ascii):
                    self.say(line)
            if bot is None:
                after = self.ask(state)
                if after is None:
                    self.say("Game abandoned.")
                    return False
            else:
                after = state.apply(bot.choose(state.view(player)))
            if bot is None or not self.quiet:
                self.tell_move(state, after, player)
            state = after
        self.end_hand(state)
        you = [p for p, bot in enumerate(self.bots) if bot is None]
        self.say(game_result_line(state, self.names, you=you))
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
            for line in table_lines(state.view(state.current_player), self.names, ascii=self.ascii):
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


def _rules_players(preset: str, config: RuleConfig, players: int) -> str:
    """Why ``players`` cannot play the ``preset`` rules ``config``."""
    return f"the {preset} rules are for {config.players_text}, not {players}"


def _play(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
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
        parser.error(f"--players: {_rules_players(args.preset, config, players)}")
    seat: int | None = args.seat
    if seat is not None and not 0 <= seat < players:
        parser.error(f"--seat: a {players}-player game has {_seats(players)}, not {seat}")
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
    table.run()
    return 0


def _simulate(args: argparse.Namespace) -> int:
    try:
        rules: RuleConfig | None = presets.get(args.preset)
    except ConfigError:
        rules = None  # Simulation.of says why, in the same words as other bad parameters
    players = args.players
    if players is None:
        players = max(3, rules.min_players) if rules is not None else 3

    def announce(plan: Plan) -> None:
        if plan.limit is not None or not args.quiet:
            print(f"rummy500 simulate: {plan.text()}", file=sys.stderr)

    if rules is not None and players not in rules.player_counts:
        print(
            f"rummy500 simulate: --players: {_rules_players(args.preset, rules, players)}",
            file=sys.stderr,
        )
        return 2
    report = None if args.quiet else progress_bar()
    try:
        simulation = Simulation.of(args.preset, players, args.bots, args.games, args.seed)
        summary = summarize(
            simulation,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            output=args.output,
            progress=report,
            announce=announce,
            ray_log_level=RAY_QUIET_LEVEL if args.quiet else RAY_LOG_LEVEL,
        )
    except (Rummy500Error, KeyboardInterrupt) as error:
        # The progress line, if any, ends before the message.
        if report is not None:
            report.end()
        return _simulation_ended(error, args.output)
    print(summary.text())
    return 0


def _simulation_ended(error: Rummy500Error | KeyboardInterrupt, output: str | None) -> int:
    """Say why a simulation ended early, in a line on stderr; the command's exit status."""
    if isinstance(error, SimulationStopped):
        name = signal.Signals(error.signal).name
        games = f"{error.done} of {error.total} games"
        kept = (
            f"{games} are in {output}; run the same command to carry on"
            if output
            else f"{games} had finished (give --output to keep them)"
        )
        print(f"rummy500 simulate: stopped by {name}: {kept}", file=sys.stderr)
        return 128 + error.signal
    if isinstance(error, KeyboardInterrupt):
        where = f"; run the same command to carry on with {output}" if output else ""
        print(f"stopped: the games that finished are kept{where}", file=sys.stderr)
        return 130
    print(f"rummy500 simulate: {error}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``rummy500`` command with ``argv`` (default: the process's arguments).

    Returns the exit code: 0 on success, 2 for bad options (after argparse's message).
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "presets":
            return _presets()
        if args.command == "simulate":
            return _simulate(args)
        return _play(args, args.command_parser)
    except SystemExit as exc:  # argparse exits on --help, --version and bad options
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    except KeyboardInterrupt:
        print(file=sys.stdout)
        return 130
    except BrokenPipeError:
        # The reader went away (as with `rummy500 play | head`): stop quietly, and point
        # stdout at /dev/null so Python's final flush does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def run() -> int:
    """The ``rummy500`` command as a process runs it: :func:`main`, after putting what the
    imports built beyond the garbage collector's scans.

    Modules, classes and the tables built at import live as long as the process, and a
    simulation allocates a great deal: without :func:`gc.freeze` every full collection would
    walk them all again. (Only the command does this: a program that imports the package and
    calls :func:`main` keeps its collector as it set it.)
    """
    gc.freeze()
    return main()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run())
