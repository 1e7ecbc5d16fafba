"""Bot play against a baseline commit: ``rummy500 simulate`` with greedy bots, whole processes.

Bot research spends its time in bots and views, not in bare random play, so the benchmark
times the command a user runs for it::

    rummy500 simulate --preset standard --players 3 --bots greedy --workers 1

against the same command from a baseline commit of the package (by default ``9767885``, the
commit the speed targets were set against). The baseline is checked out in a git worktree of
this repository and installed, pure Python, into a throwaway virtual environment; the package
measured is the one this Python imports (pure or compiled). The two run as whole processes, in
alternating order, round after round, on the same seeds; a run's speed is games per second of
its CPU time (of the process and its children), and the figure is the median over the rounds
of the measured over the baseline's. The games must come out the same in both (the winner,
totals, decisions and every hand's scores and ending), or the figure is not reported.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The commit the bot-play targets are measured against.
BASELINE = "9767885"
#: The bot-play targets: games per CPU second over the baseline's pure build.
TARGET_PURE = 1.5
TARGET_COMPILED = 3.0
#: The simulation timed, without its games, seed and output.
COMMAND = ("simulate", "--preset", "standard", "--players", "3", "--bots", "greedy")
COMMAND += ("--workers", "1", "--quiet")
#: The fields of a game line that say how it was played (not when, nor how fast).
GAME_FIELDS = ("game", "seed", "totals", "winner", "decisions", "first_player")
HAND_FIELDS = ("scores", "turns", "went_out", "ended", "calls")

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class BotPlayResult:
    """The measured package's bot play over the baseline's, round by round."""

    baseline: str
    games: int
    ratios: tuple[float, ...]
    identical: bool

    @property
    def median(self) -> float:
        """The median ratio (games per CPU second, measured over baseline)."""
        return statistics.median(self.ratios)

    def to_json(self) -> dict[str, Any]:
        """The figures for the JSON report."""
        return {
            "baseline": self.baseline,
            "games": self.games,
            "ratios": list(self.ratios),
            "median": self.median,
            "identical_outcomes": self.identical,
        }


def _run(python: str, games: int, seed: int, output: Path) -> float:
    """Run the simulation under ``python`` and return the CPU seconds it used.

    Both builds read their compiled bytecode from one cache under the output's directory (a
    warm-up run fills it), as an installed package reads the ``.pyc`` files written when it
    was installed: an editable checkout, or a machine that sets ``PYTHONDONTWRITEBYTECODE``,
    would otherwise compile every module from source at every start, and the baseline,
    installed with its bytecode, would not.
    """
    output.unlink(missing_ok=True)  # the command carries on with a file it finds
    skipped = ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in skipped}
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONPYCACHEPREFIX"] = str(output.parent / "pycache")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [
            python,
            "-m",
            "rummy500",
            *COMMAND,
            *("--games", str(games), "--seed", str(seed)),
            "--output",
            str(output),
        ],
        env=env,
        check=True,
        capture_output=True,
        cwd=output.parent,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def _outcomes(path: Path) -> list[dict[str, Any]]:
    """How each game of a simulation's output was played (its header line left out)."""
    games = []
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        if "game" not in data:
            continue
        outcome = {key: data.get(key) for key in GAME_FIELDS}
        outcome["hands"] = [{key: h.get(key) for key in HAND_FIELDS} for h in data["hands"]]
        games.append(outcome)
    return games


def _install_baseline(commit: str, workdir: Path) -> str:
    """Check ``commit`` out in a worktree under ``workdir``, install it into a new virtual
    environment there, and return that environment's Python."""
    checkout = workdir / "baseline"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(checkout), commit],
        check=True,
        capture_output=True,
    )
    venv = workdir / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", str(checkout)], check=True, capture_output=True
    )
    return python


def bench_bot_play(rounds: int, games: int, seed: int, baseline: str = BASELINE) -> BotPlayResult:
    """Time the simulation under this Python and under ``baseline``'s pure build, alternating
    ``rounds`` times, each run ``games`` games from ``seed``."""
    with tempfile.TemporaryDirectory(prefix="rummy500-bot-play-") as tmp:
        workdir = Path(tmp)
        try:
            base_python = _install_baseline(baseline, workdir)
            ratios = []
            mine, theirs = workdir / "measured.jsonl", workdir / "baseline.jsonl"
            _run(sys.executable, 1, seed, mine)  # warm-ups: they fill the bytecode cache
            _run(base_python, 1, seed, theirs)
            for r in range(rounds):
                if r % 2:
                    new = _run(sys.executable, games, seed, mine)
                    base = _run(base_python, games, seed, theirs)
                else:
                    base = _run(base_python, games, seed, theirs)
                    new = _run(sys.executable, games, seed, mine)
                ratios.append(base / new)
            identical = _outcomes(mine) == _outcomes(theirs)
        finally:
            subprocess.run(
                [
                    "git",
                    "-C",
                    str(ROOT),
                    "worktree",
                    "remove",
                    "--force",
                    str(workdir / "baseline"),
                ],
                check=False,
                capture_output=True,
            )
    return BotPlayResult(baseline, games, tuple(ratios), identical)


def target(compiled: bool) -> float:
    """The bot-play target of the build measured."""
    return TARGET_COMPILED if compiled else TARGET_PURE


def main(argv: Sequence[str] | None = None) -> int:
    """Print the bot-play ratio of this Python's package against the baseline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--baseline", default=BASELINE)
    args = parser.parse_args(argv)
    result = bench_bot_play(args.rounds, args.games, args.seed, args.baseline)
    print(" ".join(f"{r:.3f}" for r in result.ratios))
    print(
        f"bot play / {result.baseline}: median {result.median:.3f}, outcomes identical: "
        f"{result.identical}"
    )
    return 0 if result.identical else 1


if __name__ == "__main__":
    raise SystemExit(main())
