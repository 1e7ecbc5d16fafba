"""``rummy500 simulate``: the simulation its options describe, run with a progress report and
summarized, and the line that says why one ended early."""

from __future__ import annotations

import argparse
import signal
import sys

from rummy500 import presets
from rummy500.cli.arguments import rules_players
from rummy500.core.errors import ConfigError, Rummy500Error
from rummy500.rules.config import RuleConfig
from rummy500.simulate import (
    RAY_LOG_LEVEL,
    RAY_QUIET_LEVEL,
    Plan,
    Simulation,
    SimulationStopped,
    progress_bar,
    summarize,
)


def simulate_command(args: argparse.Namespace) -> int:
    """Run the simulation ``args`` describe and print its summary; the exit status."""
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
            f"rummy500 simulate: --players: {rules_players(args.preset, rules, players)}",
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
