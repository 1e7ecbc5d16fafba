"""ISMCTS against OpenSpiel's Python IS-MCTS, for this checkout and a baseline commit in one run.

The ratio of rummy500's ISMCTS to OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.
ismcts.ISMCTSBot``, one random rollout per simulation, on ``gin_rummy``), in simulations per
CPU second, moves with the machine, so a figure from one day says little against one from
another. This benchmark measures it for the package this Python imports (this checkout) and for
a baseline commit's pure build (by default ``9767885``; ``--baseline 51a85c4`` is the commit
before the latest search speed-up) in the same run, round after round:

- each build runs ``search_job.py`` in a child process (the searches of the positions
  ``decision_views`` gives, timed in the child's CPU time, with a digest of the visits found:
  both builds must find the same);
- right beside each build's job, OpenSpiel's IS-MCTS searches a fixed set of seeded
  ``gin_rummy`` decisions (``bench_search.open_spiel_decisions``), with as many simulations per
  search, timed in this process's CPU time.

A round runs the baseline's job, OpenSpiel's searches, this checkout's job and OpenSpiel's
searches again, in that order or in the reverse one every other round, so that each build's
OpenSpiel figure is measured next to it and neither build always goes first. Each round gives
three ratios of simulations per CPU second: this checkout over OpenSpiel, the baseline over
OpenSpiel, and this checkout over the baseline; the figures are their medians over the rounds,
with the lowest and highest round. The aim is this checkout at least 3.5 times OpenSpiel's.

    python benchmarks/bench_search_peers.py                     # 7 rounds: about 4 minutes
    python benchmarks/bench_search_peers.py --baseline 51a85c4
    python benchmarks/bench_search_peers.py --quick             # 3 small rounds, and the install
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench_search import open_spiel_decisions, search_open_spiel
from bot_play import BASELINE, baseline_install, run_search_job
from search_job import ITERATIONS, VIEWS
from timing import Ratio, progress, rotated

#: What this checkout should reach: simulations per CPU second over OpenSpiel's.
AIM = 3.5
#: The commit before the latest search speed-up, the other baseline worth comparing.
BEFORE_SPEED_UP = "51a85c4"
#: Rounds, searches per build and OpenSpiel decisions: a full run, then ``--quick``.
ROUNDS, QUICK_ROUNDS = 7, 3
QUICK_DECISIONS = 10
#: The workloads of a round, paired: each build's searches, then OpenSpiel's beside them.
PAIRS = (("baseline", "baseline_peer"), ("current", "current_peer"))
#: The builds, in the order of the table's columns.
BUILDS = ("current", "baseline")


@dataclass(frozen=True)
class Searches:
    """The simulations of one workload's searches and the CPU seconds they took."""

    simulations: int
    cpu_seconds: float

    @property
    def rate(self) -> float:
        """Simulations per CPU second."""
        return self.simulations / max(self.cpu_seconds, 1e-9)


@dataclass(frozen=True)
class PeerRound:
    """One round: each build's searches, and OpenSpiel's timed right beside them."""

    current: Searches
    current_peer: Searches
    baseline: Searches
    baseline_peer: Searches


@dataclass(frozen=True)
class SearchPeers:
    """The rounds of one run, and whether both builds found the same visits at every root."""

    baseline: str
    rounds: tuple[PeerRound, ...]
    same_visits: bool
    #: What each round searched, in words.
    work: str

    def _ratio(self, over: Callable[[PeerRound], float]) -> Ratio:
        return Ratio([over(r) for r in self.rounds])

    @property
    def current_vs_peer(self) -> Ratio:
        """This checkout over OpenSpiel, round by round."""
        return self._ratio(lambda r: r.current.rate / r.current_peer.rate)

    @property
    def baseline_vs_peer(self) -> Ratio:
        """The baseline over OpenSpiel, round by round."""
        return self._ratio(lambda r: r.baseline.rate / r.baseline_peer.rate)

    @property
    def current_vs_baseline(self) -> Ratio:
        """This checkout over the baseline, round by round."""
        return self._ratio(lambda r: r.current.rate / r.baseline.rate)

    @property
    def aim_met(self) -> bool:
        """Whether this checkout's median over OpenSpiel reaches :data:`AIM`."""
        return self.current_vs_peer.median >= AIM


def round_order(r: int) -> list[str]:
    """The workloads of round ``r`` in the order they run: every other round reversed."""
    return [PAIRS[p][w] for p in rotated(len(PAIRS), r) for w in rotated(2, r)]


def _figure(ratio: Ratio) -> str:
    return f"{ratio.median:.2f} ({ratio.spread()})"


def _median_rate(rounds: Sequence[PeerRound], name: str) -> str:
    return f"{Ratio([getattr(r, name).rate for r in rounds]).median:,.0f}"


def table(result: SearchPeers) -> list[str]:
    """The figures as printed: the two builds side by side, then every round's ratios."""
    base = result.baseline
    rows = [
        ("rummy500 ISMCTS, simulations/s", *(_median_rate(result.rounds, n) for n in BUILDS)),
        (
            "OpenSpiel IS-MCTS beside it, simulations/s",
            *(_median_rate(result.rounds, f"{n}_peer") for n in BUILDS),
        ),
        ("rummy500 / OpenSpiel", _figure(result.current_vs_peer), _figure(result.baseline_vs_peer)),
        (f"current / {base}", _figure(result.current_vs_baseline), ""),
    ]
    return [
        "ISMCTS / OpenSpiel Python IS-MCTS on gin_rummy, simulations per CPU second",
        f"  median (lowest-highest) of {len(result.rounds)} rounds",
        f"  each round: {result.work}",
        f"  {'':<44}  {'current':>18}  {base:>18}",
        *(f"  {label:<44}  {ours:>18}  {theirs:>18}".rstrip() for label, ours, theirs in rows),
        "  per round, current / OpenSpiel, baseline / OpenSpiel, current / baseline:",
        *(
            f"  {i:>4}  {a:.2f}  {b:.2f}  {c:.2f}"
            for i, (a, b, c) in enumerate(
                zip(
                    result.current_vs_peer.per_round,
                    result.baseline_vs_peer.per_round,
                    result.current_vs_baseline.per_round,
                    strict=True,
                ),
                start=1,
            )
        ),
        f"  same visits at every root in both builds: {'yes' if result.same_visits else 'NO'}",
        f"  aim: current / OpenSpiel at least {AIM}: "
        f"{'met' if result.aim_met else 'missed'} ({result.current_vs_peer.median:.2f})",
    ]


def bench_search_peers(
    baseline: str, rounds: int, views: int, decisions: int, seed: int
) -> SearchPeers:
    """Measure ``rounds`` rounds: each build's ``views`` searches and OpenSpiel's ``decisions``,
    all of :data:`~search_job.ITERATIONS` simulations."""
    states = open_spiel_decisions(decisions, seed)
    digests: dict[str, set[str]] = {"current": set(), "baseline": set()}
    with baseline_install(baseline) as (base_python, workdir):

        def job(name: str, python: str) -> Searches:
            found = run_search_job(python, seed, workdir, views, ITERATIONS)
            digests[name].add(found["digest"])
            return Searches(int(found["simulations"]), float(found["cpu_seconds"]))

        def open_spiel() -> Searches:
            return Searches(*search_open_spiel(states, ITERATIONS, seed))

        workloads: dict[str, Callable[[], Searches]] = {
            "current": lambda: job("current", sys.executable),
            "baseline": lambda: job("baseline", base_python),
            "current_peer": open_spiel,
            "baseline_peer": open_spiel,
        }
        report = progress("ISMCTS / OpenSpiel", rounds)
        measured = []
        for r in range(rounds):
            timed = {name: workloads[name]() for name in round_order(r)}
            measured.append(PeerRound(**timed))
            if report is not None:
                report(r)
    work = (
        f"{views} rummy500 searches and {decisions} OpenSpiel ones per build, "
        f"{ITERATIONS} simulations each"
    )
    same = len(digests["current"] | digests["baseline"]) == 1
    return SearchPeers(baseline, tuple(measured), same, work)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the ratios of this checkout and of the baseline to OpenSpiel's IS-MCTS."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--baseline",
        default=BASELINE,
        help=f"the commit compared (default {BASELINE}; {BEFORE_SPEED_UP} is the commit "
        "before the latest search speed-up)",
    )
    parser.add_argument("--rounds", type=int, help=f"default {ROUNDS}, {QUICK_ROUNDS} with --quick")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"a smoke run: {QUICK_DECISIONS} searches per workload (the install still runs)",
    )
    args = parser.parse_args(argv)
    if args.rounds is not None and args.rounds < 1:
        parser.error(f"--rounds must be at least 1, not {args.rounds}")
    try:
        import pyspiel  # noqa: F401  (optional: the comparison needs OpenSpiel)
    except ImportError:
        print("OpenSpiel cannot be imported (pip install -e '.[bench]'): nothing to compare.")
        return 0
    rounds = args.rounds or (QUICK_ROUNDS if args.quick else ROUNDS)
    size = QUICK_DECISIONS if args.quick else VIEWS
    try:
        result = bench_search_peers(args.baseline, rounds, size, size, args.seed)
    except subprocess.CalledProcessError as error:
        # A commit git does not know, or one whose package cannot run the search job.
        said = (error.stderr or b"").strip().splitlines()
        last = said[-1] if said else ""
        text = last.decode(errors="replace") if isinstance(last, bytes) else last
        print(f"{Path(error.cmd[0]).name} exited with status {error.returncode}: {text}")
        return 1
    print("\n".join(table(result)))
    return 0 if result.same_visits else 1


if __name__ == "__main__":
    raise SystemExit(main())
