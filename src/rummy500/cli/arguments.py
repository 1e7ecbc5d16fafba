"""The ``rummy500`` command's arguments: the parser of its subcommands and their options, the
readers that check an option's value as it is parsed, and the words for a player count the
rules do not allow."""

from __future__ import annotations

import argparse

from rummy500 import ConfigError, __version__
from rummy500.bots import BOT_NAMES, bot_text
from rummy500.core.errors import describe_value, quote_text
from rummy500.rules.choices import MAX_PLAYERS, MIN_PLAYERS
from rummy500.rules.config import RuleConfig, players_text
from rummy500.simulate import BACKENDS, WORKERS_PER_CORE


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
        if name.partition(":")[0].strip() not in BOT_NAMES:
            raise argparse.ArgumentTypeError(
                f"unknown bot {quote_text(name)}: choose from {', '.join(BOT_NAMES)}"
            )
    try:
        return [bot_text(name) for name in names]
    except ConfigError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


_BOTS_HELP = (
    "the bot in each seat, from seat 0, repeated as needed to fill the table; "
    f"bots: {', '.join(BOT_NAMES)}, the search bots with a budget if wanted, as in "
    "ismcts:iterations=25 or flatmc:seconds=0.1 (default: greedy,random)"
)


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
        help=_BOTS_HELP,
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
    play.add_argument(
        "--save",
        default=None,
        metavar="FILE",
        help="write the game to FILE as a game record when it ends (or is left), for "
        "'rummy500 replay FILE' (default: not saved)",
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
        help=_BOTS_HELP,
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
    replay = commands.add_parser(
        "replay",
        help="write a web page that replays a saved game",
        description=(
            "Write one self-contained HTML file that replays a saved game (a game record, as "
            "'rummy500 play --save' writes it): the table at every move, seen from above or "
            "from any seat, the list of moves and the score sheet. The page needs nothing "
            "else, not even a network connection."
        ),
    )
    replay.set_defaults(command_parser=replay)
    replay.add_argument("game", metavar="GAME.json", help="the saved game: a game record")
    replay.add_argument(
        "-o",
        "--output",
        default=None,
        metavar="FILE",
        help="the page to write (default: the game's file name ending in .html)",
    )
    replay.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar="K",
        help="show the table from seat K at first, the other hands face down (0 is the first "
        "seat); the page can change it (default: from above, every hand face up)",
    )
    commands.add_parser(
        "presets",
        help="list the named rule sets",
        description="List the named rule sets that 'rummy500 play --preset NAME' accepts.",
    )
    return parser


def seat_problem(seat: int, players: int) -> str:
    """Why ``seat`` is not a seat of a ``players``-player game, for ``--seat``."""
    seats = "seats 0 and 1" if players == 2 else f"seats 0 to {players - 1}"
    return f"--seat: a {players}-player game has {seats}, not {seat}"


def rules_players(preset: str, config: RuleConfig, players: int) -> str:
    """Why ``players`` cannot play the ``preset`` rules ``config``."""
    return f"the {preset} rules are for {config.players_text}, not {players}"
