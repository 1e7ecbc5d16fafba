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

The same comparison times search, the other way bots spend their time: ``search_job.py``
runs ISMCTS over the decisions of seeded 2-player games under each build (the searches alone,
in the CPU time of the child), and both must find the same visits at every root. Its target is
ISMCTS no slower than at the baseline (1.0): the ratio to OpenSpiel's Python IS-MCTS that the
speed targets quote moves with the machine (the baseline's own ratio was 3.15 on the machine
the targets were set on, 2.5 to 3.1 in three runs on another), so it is held against the
baseline searching the same positions in the same run. ``bench_search_peers.py`` measures the
ratio to OpenSpiel for both builds in one run, with this module's baseline and search job.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from search_job import ITERATIONS, VIEWS

#: The commit the bot-play targets are measured against.
BASELINE = "9767885"
#: The bot-play targets: games per CPU second over the baseline's pure build.
TARGET_PURE = 1.5
TARGET_COMPILED = 3.0
#: Search: simulations per CPU second over the baseline's pure build, either build.
TARGET_SEARCH = 1.0
#: The simulation timed, without its games, seed and output.
COMMAND: tuple[str, ...] = ("simulate", "--preset", "standard", "--players", "3")
COMMAND += ("--bots", "greedy", "--workers", "1", "--quiet")
#: The fields of a game line that say how it was played (not when, nor how fast).
GAME_FIELDS = ("game", "seed", "totals", "winner", "decisions", "first_player")
HAND_FIELDS = ("scores", "turns", "went_out", "ended", "calls")

#: The search workload, in words.
SEARCH_WORK = f"{VIEWS} searches of {ITERATIONS} simulations"

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


@dataclass(frozen=True)
class Comparison:
    """One workload under the measured package over the same under the baseline, by round."""

    #: What was timed, such as ``"30 games"``.
    work: str
    ratios: tuple[float, ...]
    #: Whether both builds came out the same (the games played, or what the searches found).
    identical: bool
    #: Why there are no ratios (a run failed), or empty.
    left_out: str = ""

    @property
    def median(self) -> float:
        """The median ratio (work per CPU second, measured over baseline); NaN without any."""
        return statistics.median(self.ratios) if self.ratios else math.nan

    def to_json(self) -> dict[str, Any]:
        """The figures for the JSON report."""
        return {
            "work": self.work,
            "ratios": list(self.ratios),
            "median": self.median,
            "identical_outcomes": self.identical,
            "left_out": self.left_out,
        }


@dataclass(frozen=True)
class BotPlayResult:
    """The measured package against the baseline's pure build: greedy simulation and search."""

    baseline: str
    simulate: Comparison
    search: Comparison

    def to_json(self) -> dict[str, Any]:
        """The figures for the JSON report."""
        return {
            "baseline": self.baseline,
            "simulate": self.simulate.to_json(),
            "search": self.search.to_json(),
        }


def _child_env(workdir: Path) -> dict[str, str]:
    """The environment of a timed child process.

    Both builds read their compiled bytecode from one cache under ``workdir`` (a warm-up run
    fills it), as an installed package reads the ``.pyc`` files written when it was installed:
    an editable checkout, or a machine that sets ``PYTHONDONTWRITEBYTECODE``, would otherwise
    compile every module from source at every start, and the baseline, installed with its
    bytecode, would not.
    """
    skipped = ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in skipped}
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONPYCACHEPREFIX"] = str(workdir / "pycache")
    return env


def _simulate(python: str, games: int, seed: int, output: Path) -> float:
    """Run the simulation under ``python`` and return the CPU seconds it used (the process's
    and its children's, start-up included, as a user waits for it)."""
    output.unlink(missing_ok=True)  # the command carries on with a file it finds
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
        env=_child_env(output.parent),
        check=True,
        capture_output=True,
        text=True,
        cwd=output.parent,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def run_search_job(
    python: str, seed: int, workdir: Path, views: int = VIEWS, iterations: int = ITERATIONS
) -> dict[str, Any]:
    """Run ``search_job.py`` under ``python`` in ``workdir`` (``views`` searches of
    ``iterations`` simulations): its simulations, CPU seconds and digest."""
    job = subprocess.run(
        [
            python,
            str(HERE / "search_job.py"),
            *("--views", str(views), "--iterations", str(iterations)),
            *("--seed", str(seed)),
        ],
        env=_child_env(workdir),
        check=True,
        capture_output=True,
        text=True,
        cwd=workdir,
    )
    result: dict[str, Any] = json.loads(job.stdout)
    return result


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


@contextmanager
def baseline_install(commit: str) -> Iterator[tuple[str, Path]]:
    """``commit``'s pure build, installed into a throwaway virtual environment from a git
    worktree: its Python and a work directory for the runs, removed with the worktree on
    leaving."""
    with tempfile.TemporaryDirectory(prefix="rummy500-bot-play-") as tmp:
        workdir = Path(tmp)
        try:
            yield _install_baseline(commit, workdir), workdir
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


def _alternate(
    rounds: int, run_new: Callable[[], float], run_base: Callable[[], float]
) -> list[float]:
    """``rounds`` ratios of the baseline's CPU seconds over the measured build's, the two run
    in turn, each round starting with the one that went second in the round before."""
    ratios = []
    for r in range(rounds):
        if r % 2:
            new = run_new()
            base = run_base()
        else:
            base = run_base()
            new = run_new()
        ratios.append(base / new)
    return ratios


def _unless_failed(work: str, compare: Callable[[], Comparison]) -> Comparison:
    """``compare()``, or, when one of its runs fails (a baseline without the command, say),
    no ratios and the reason: the rest of the benchmark is still reported."""
    try:
        return compare()
    except subprocess.CalledProcessError as error:
        said = (error.stderr or "").strip().splitlines()
        why = f"a run exited with status {error.returncode}"
        return Comparison(work, (), False, f"{why}: {said[-1]}" if said else why)


def _compare_simulate(
    base_python: str, rounds: int, games: int, seed: int, workdir: Path
) -> Comparison:
    """Greedy simulation under both builds; the games must come out the same."""
    mine, theirs = workdir / "measured.jsonl", workdir / "baseline.jsonl"
    _simulate(sys.executable, 1, seed, mine)  # warm-ups: they fill the bytecode cache
    _simulate(base_python, 1, seed, theirs)
    ratios = _alternate(
        rounds,
        lambda: _simulate(sys.executable, games, seed, mine),
        lambda: _simulate(base_python, games, seed, theirs),
    )
    return Comparison(f"{games} games", tuple(ratios), _outcomes(mine) == _outcomes(theirs))


def _compare_search(base_python: str, rounds: int, seed: int, workdir: Path) -> Comparison:
    """ISMCTS under both builds; every search must find the same visits in both."""
    found: dict[str, set[str]] = {"new": set(), "base": set()}

    def timed(name: str, python: str) -> float:
        result = run_search_job(python, seed, workdir)
        found[name].add(result["digest"])
        return float(result["cpu_seconds"])

    ratios = _alternate(
        rounds, lambda: timed("new", sys.executable), lambda: timed("base", base_python)
    )
    return Comparison(SEARCH_WORK, tuple(ratios), len(found["new"] | found["base"]) == 1)


def bench_bot_play(rounds: int, games: int, seed: int, baseline: str = BASELINE) -> BotPlayResult:
    """Time greedy simulation (``games`` games from ``seed``) and search under this Python and
    under ``baseline``'s pure build, alternating ``rounds`` times."""
    with baseline_install(baseline) as (base_python, workdir):
        simulate = _unless_failed(
            f"{games} games",
            lambda: _compare_simulate(base_python, rounds, games, seed, workdir),
        )
        search = _unless_failed(
            SEARCH_WORK, lambda: _compare_search(base_python, rounds, seed, workdir)
        )
    return BotPlayResult(baseline, simulate, search)


def target(compiled: bool) -> float:
    """The bot-play target of the build measured."""
    return TARGET_COMPILED if compiled else TARGET_PURE


def main(argv: Sequence[str] | None = None) -> int:
    """Print the bot-play ratios of this Python's package against the baseline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--baseline", default=BASELINE)
    args = parser.parse_args(argv)
    result = bench_bot_play(args.rounds, args.games, args.seed, args.baseline)
    for name, comparison in (("bot play", result.simulate), ("search", result.search)):
        if comparison.left_out:
            print(f"{name} / {result.baseline}: left out, {comparison.left_out}")
            continue
        print(" ".join(f"{r:.3f}" for r in comparison.ratios))
        print(
            f"{name} / {result.baseline} ({comparison.work}): median {comparison.median:.3f}, "
            f"outcomes identical: {comparison.identical}"
        )
    return 0 if result.simulate.identical and result.search.identical else 1


if __name__ == "__main__":
    raise SystemExit(main())
