"""rummy500 against the libraries bot researchers already use, in interleaved slices.

Three comparisons, each a ratio of speeds measured side by side (see ``timing.py``):

1. **RLCard's gin rummy environment** (``rlcard.make("gin-rummy")``, pure Python): rummy500
   random play on the engine (3 players, standard rules) against random play through RLCard's
   environment, a random legal action from ``state["legal_actions"]`` at every step.
2. **PettingZoo's gin rummy environment** (``gin_rummy_v4``, built on RLCard): rummy500's
   PettingZoo environment (``rummy500.envs.pettingzoo.env()``, 3 players) against
   ``gin_rummy_v4.env()``, a step each being ``env.last()``, a random legal id read off the
   action mask, and ``env.step(id)``. PettingZoo dropped ``gin_rummy_v4`` after 1.24.3, so
   that environment runs in a throwaway virtual environment with PettingZoo 1.24.3 and RLCard
   1.2.0, in a child process that plays one slice whenever it is asked, between rummy500's
   slices; it reports its own steps and CPU time. Left out with ``--quick``, as it installs
   packages.
3. **OpenSpiel's Python IS-MCTS** (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, one
   random rollout per simulation, on OpenSpiel's ``gin_rummy``) against rummy500's
   ``ISMCTSBot`` at 2 players: simulations per CPU second, over decisions of seeded games. The
   same algorithm on the nearest game OpenSpiel has (``benchmarks/bench_search.py`` says more).

Each row is skipped, with the reason, when the peer's package is missing: ``rlcard`` is in the
``bench`` extra, numpy, PettingZoo and Gymnasium in ``rl``, OpenSpiel in ``bench``.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aec_steps import random_steps
from bench_search import open_spiel_bot
from search_job import ITERATIONS, decision_views
from timing import Ratio, Slice, Steps, Workload, interleave, median_rate, progress, slices_json

from rummy500 import RuleConfig
from rummy500.bots import ISMCTSBot

#: This directory: the child process imports the step loop from it.
HERE = Path(__file__).resolve().parent
#: Players in the engine and environment workloads (OpenSpiel's and RLCard's gin have 2).
PLAYERS = 3
#: The search slices are this many times longer than the others (a decision takes longer).
SEARCH_SLICE_FACTOR = 4
#: The last PettingZoo release with ``gin_rummy_v4``, and what it needs to run.
OLD_PETTINGZOO = ("pettingzoo==1.24.3", "rlcard==1.2.0", "pygame", "numpy")

# The targets: the figures measured when the 1.0 engine was tuned, not to be lost since.
TARGET_RLCARD = 2.9
TARGET_PETTINGZOO = 3.8
#: The ISMCTS figure then (3.15) is no target here: this ratio moves with the machine, so
#: ``bot_play.py`` holds ISMCTS against the baseline commit's, searching the same positions.
TARGET_ISMCTS = None


def rlcard_steps(seed: int) -> Iterator[int]:
    """Random legal actions through RLCard's gin rummy environment: yields 1 per step."""
    import rlcard  # optional: the row is left out without it

    rng = random.Random(f"rlcard/{seed}")
    env = rlcard.make("gin-rummy", config={"seed": seed})
    state, _ = env.reset()
    while True:
        if env.is_over():
            state, _ = env.reset()
            continue
        legal = list(state["legal_actions"])
        state, _ = env.step(legal[rng.randrange(len(legal))])
        yield 1


def pettingzoo_steps(seed: int) -> Iterator[int]:
    """Random legal ids through rummy500's PettingZoo environment (as ``env()`` gives it, in
    PettingZoo's order checks): yields 1 per step."""
    from rummy500.envs.pettingzoo import env as make_env  # optional: needs the rl extra

    game: Any = make_env(RuleConfig(), PLAYERS)
    game.reset(seed=seed)
    return random_steps(game, random.Random(f"pettingzoo/{seed}"))


#: The child process that plays PettingZoo's ``gin_rummy_v4``: each line it reads is a slice
#: length in seconds, each line it writes is ``steps wall_seconds cpu_seconds``.
_OLD_PETTINGZOO_CHILD = """
import random, sys, time
sys.path.insert(0, sys.argv[2])
from aec_steps import random_steps
from pettingzoo.classic import gin_rummy_v4
seed = int(sys.argv[1])
game = gin_rummy_v4.env()
game.reset(seed=seed)
work = random_steps(game, random.Random(f"pettingzoo/{seed}"))
print("ready", flush=True)
for line in sys.stdin:
    seconds = float(line)
    done = 0
    cpu = time.process_time()
    start = time.perf_counter()
    for amount in work:
        done += amount
        if time.perf_counter() - start >= seconds:
            break
    print(done, time.perf_counter() - start, time.process_time() - cpu, flush=True)
"""


class ChildSteps:
    """A workload played by a child process under another Python, one slice per request."""

    def __init__(self, python: str, script: str, seed: int) -> None:
        self.process = subprocess.Popen(
            [python, "-c", script, str(seed), str(HERE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self._read()  # "ready": the imports and the first reset are not timed

    def _read(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the peer process stopped (exit status {self.process.wait()})")
        return line

    def run(self, seconds: float) -> Slice:
        """Ask the child for a slice of about ``seconds``."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{seconds}\n")
        self.process.stdin.flush()
        done, wall, cpu = self._read().split()
        return Slice(int(done), float(wall), float(cpu))

    def close(self) -> None:
        """End the child process."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def install_old_pettingzoo(workdir: Path) -> str:
    """A new virtual environment under ``workdir`` with PettingZoo's ``gin_rummy_v4``: its
    Python."""
    venv = workdir / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", *OLD_PETTINGZOO],
        check=True,
        capture_output=True,
    )
    return python


def ismcts_simulations(seed: int) -> Iterator[int]:
    """rummy500's ISMCTS searching decisions of seeded 2-player games in turn: yields the
    simulations of each search."""
    views = decision_views(2, 20, seed)
    bot = ISMCTSBot(seed, iterations=ITERATIONS)
    while True:
        for view in views:
            bot.search(view)
            yield bot.last_iterations


def open_spiel_simulations(seed: int) -> Iterator[int]:
    """OpenSpiel's Python IS-MCTS choosing every decision of seeded ``gin_rummy`` games:
    yields the simulations of each search."""
    import numpy as np  # optional: the row is left out without OpenSpiel
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    bot = open_spiel_bot(game, ITERATIONS, seed)
    rng = np.random.RandomState(seed + 2)
    state = game.new_initial_state()
    while True:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bot.step(state))
            yield ITERATIONS


@dataclass
class PeerRow:
    """One comparison: rummy500's slices, the peer's, and the ratio; or why it was left out."""

    label: str
    unit: str
    target: float | None
    ours: list[Slice]
    theirs: list[Slice]
    ratio: Ratio
    left_out: str = ""

    def to_json(self) -> dict[str, Any]:
        """The figures for the JSON report."""
        if self.left_out:
            return {"label": self.label, "left_out": self.left_out}
        return {
            "label": self.label,
            "unit": self.unit,
            "target": self.target,
            "rummy500": slices_json(self.ours),
            "peer": slices_json(self.theirs),
            "ratio": self.ratio.to_json(),
        }


def _missing(*modules: str) -> str:
    """The first of ``modules`` that cannot be imported, or ``""``."""
    for module in modules:
        try:
            __import__(module)
        except ImportError:
            return module
    return ""


@contextmanager
def _rlcard_pair(engine: Callable[[], Workload], seed: int) -> Iterator[tuple[Workload, ...]]:
    yield engine(), Steps(rlcard_steps(seed))


@contextmanager
def _pettingzoo_pair(engine: Callable[[], Workload], seed: int) -> Iterator[tuple[Workload, ...]]:
    with tempfile.TemporaryDirectory(prefix="rummy500-peers-") as tmp:
        child = ChildSteps(install_old_pettingzoo(Path(tmp)), _OLD_PETTINGZOO_CHILD, seed)
        try:
            yield Steps(pettingzoo_steps(seed)), child
        finally:
            child.close()


@contextmanager
def _ismcts_pair(engine: Callable[[], Workload], seed: int) -> Iterator[tuple[Workload, ...]]:
    yield Steps(ismcts_simulations(seed)), Steps(open_spiel_simulations(seed))


@dataclass(frozen=True)
class Peer:
    """One comparison: what it is called and held to, what it needs, and its two workloads."""

    label: str
    unit: str
    target: float | None
    #: The modules it imports, and the extra of rummy500 that installs them.
    needs: tuple[str, ...]
    extra: str
    #: A context giving rummy500's workload and the peer's, from the engine's and a seed.
    pair: Callable[[Callable[[], Workload], int], AbstractContextManager[tuple[Workload, ...]]]
    #: Whether it installs packages (then ``--quick`` leaves it out).
    installs: bool = False
    #: Its slices are this many times longer than the others.
    slice_factor: int = 1


PEERS: tuple[Peer, ...] = (
    Peer(
        "rummy500 engine / RLCard gin-rummy env",
        "steps/s",
        TARGET_RLCARD,
        ("rlcard",),
        "bench",
        _rlcard_pair,
    ),
    Peer(
        "rummy500 PettingZoo env / gin_rummy_v4",
        "steps/s",
        TARGET_PETTINGZOO,
        ("numpy", "pettingzoo", "gymnasium"),
        "rl",
        _pettingzoo_pair,
        installs=True,
    ),
    Peer(
        "rummy500 ISMCTS / OpenSpiel Python IS-MCTS",
        "sims/s",
        TARGET_ISMCTS,
        ("numpy", "pyspiel"),
        "bench",
        _ismcts_pair,
        slice_factor=SEARCH_SLICE_FACTOR,
    ),
)


def bench_peers(
    engine: Callable[[], Workload],
    seed: int,
    rounds: int,
    seconds: float,
    warmup: float,
    *,
    quick: bool,
) -> list[PeerRow]:
    """Every comparison with a peer library; ``engine`` makes rummy500's random-play workload."""
    rows = []
    for peer in PEERS:
        missing = _missing(*peer.needs)
        if missing or (quick and peer.installs):
            why = (
                f"{missing} is not installed (pip install -e '.[{peer.extra}]')"
                if missing
                else "--quick: it installs packages"
            )
            rows.append(PeerRow(peer.label, peer.unit, peer.target, [], [], Ratio(), why))
            continue
        with peer.pair(engine, seed) as workloads:
            [[ours, theirs]] = interleave(
                [workloads],
                rounds,
                seconds * peer.slice_factor,
                warmup,
                progress(peer.label, rounds),
            )
        ratio = Ratio.of_rates(ours, theirs)
        rows.append(PeerRow(peer.label, peer.unit, peer.target, ours, theirs, ratio))
    return rows


def print_peers(rows: list[PeerRow]) -> None:
    """The comparisons as a table: the two speeds and the ratio of each."""
    print("Against the peers bot researchers use")
    print(f"  {'':<44}  {'rummy500':>9}  {'peer':>9}  {'ratio':>5}  rounds")
    for row in rows:
        if row.left_out:
            print(f"  {row.label:<44}  left out: {row.left_out}")
            continue
        print(
            f"  {row.label:<44}  {median_rate(row.ours):>9,.0f}  {median_rate(row.theirs):>9,.0f}"
            f"  {row.ratio.median:>5.2f}  {row.ratio.spread()}  ({row.unit})"
        )
