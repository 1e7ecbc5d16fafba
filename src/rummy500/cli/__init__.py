"""The ``rummy500`` command: watch the built-in bots play, take a seat yourself, simulate
many games (``rummy500 simulate``, see :mod:`rummy500.simulate`), or write the web page that
replays a saved game (``rummy500 replay``, see :mod:`rummy500.replay`).

``rummy500 play`` plays a seeded game between the built-in bots and prints every turn, the
public table at the start of each turn, and a score sheet after each hand. ``--seat K`` puts
you in seat K: you see your hand, the table and your numbered legal moves, and answer with a
number or a move's text (``meld 8S 8H 8D``, ``layoff 0 9S``, ``take JC``, ``discard 5S``).
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence

from rummy500.cli.arguments import build_parser as build_parser
from rummy500.cli.play import play_command
from rummy500.cli.presets import presets_command
from rummy500.cli.replay import replay_command
from rummy500.cli.simulate import simulate_command

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``rummy500`` command with ``argv`` (default: the process's arguments).

    Returns the exit code: 0 on success, 2 for bad options (after argparse's message).
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "presets":
            return presets_command()
        if args.command == "simulate":
            return simulate_command(args)
        if args.command == "replay":
            return replay_command(args, args.command_parser)
        return play_command(args, args.command_parser)
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
