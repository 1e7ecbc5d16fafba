"""Self-play training on Ray: a Ray Tune search of the learning rate, then the policy learnt in
one-hand games for 2 and for 3 players, its rollouts played in parallel by Ray tasks, the
learner's updates in numpy, and its win rates against the random and greedy bots along the way.

    python scripts/train_self_play.py          # the short mode, for CI: under a minute
    python scripts/train_self_play.py --full \\
        --data docs/data/self-play.json --plot docs/img/self-play-curve.png \\
        --policy src/rummy500/bots/learned.npz
    python scripts/train_self_play.py --ladder docs/data/self-play-ladder.json --full

Ray runs on every core of this machine (``--workers N`` for fewer), or on the cluster at
``--address`` (``auto``, or ``ray://head:10001``), where rummy500 with its ``train`` extra must
be installed on every node; this folder is sent to the workers. The outputs go to a scratch
folder unless ``--data``, ``--plot`` and ``--policy`` name others. The run checks what it wrote
(win rates within their intervals, the curve's points, the policy file's arrays, and the first
updates played again on one worker giving the same policy) and exits 1 if anything is off.

``--ladder FILE`` trains nothing: it plays the ladder's cells of the learned bot as installed
(``learned`` against ``random`` and ``greedy``, in the formats of the "How strong are the bots"
page) into FILE, through :func:`rummy500.simulate.run_ladder`.

Needs the ``train`` extra (Ray Tune, numpy, PettingZoo, Gymnasium) and, for ``--plot``, the
``plots`` extra: ``pip install -e '.[train,plots]'``. ``self_play.py`` beside this script holds
the policy, the episodes and the learner, without Ray.
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs

try:
    import numpy as np
    import ray
    from ray import tune
except ImportError as missing:
    raise SystemExit(
        f"This script needs the train extra ({missing.name} is not installed): "
        "pip install -e '.[train]' in a checkout of rummy500"
    ) from None

from rummy500.simulate import Format, LadderPlan, cores, proportion, run_ladder

sys.path.insert(0, str(Path(__file__).resolve().parent))
import self_play
from self_play import OPPONENTS, Policy, Rollout, Settings, Tally

#: This folder, sent to Ray's workers so that they import self_play from it.
SCRIPTS: Final = Path(__file__).resolve().parent
R = TypeVar("R")

#: Where the outputs go unless told otherwise: never the committed files.
SCRATCH: Final = Path(tempfile.gettempdir()) / "rummy500-self-play"
#: The seed of the training episodes and of the evaluation deals.
SEED: Final = 1
#: The evaluation deals each task plays.
DEALS_PER_TASK: Final = 10


@attrs.frozen
class Plan:
    """How much a run plays: the Tune search (its learning rates, the updates of each trial
    and the deals that measure it), the players of the policies learnt, their updates, the
    points of the curve and the deals measured at each, the deals of the final measure, the
    episodes of the throughput measure, the updates played again on one worker, and the
    episodes of an update and of a task."""

    learning_rates: tuple[float, ...]
    tune_updates: int
    tune_deals: int
    players: tuple[int, ...]
    updates: int
    points: int
    deals: int
    final_deals: int
    throughput_episodes: int
    replay_updates: int
    episodes_per_update: int = 16
    episodes_per_task: int = 4
    #: ``--ladder``: the most deals of a cell with 2 players and with 3, and a round's deals.
    ladder_caps: tuple[int, int] = (250, 150)
    ladder_batch: int = 16


#: Seconds of compute, for CI: everything runs, on a few episodes and deals.
SHORT: Final = Plan(
    learning_rates=(0.2, 0.8),
    tune_updates=2,
    tune_deals=4,
    players=(2, 3),
    updates=4,
    points=2,
    deals=4,
    final_deals=8,
    throughput_episodes=16,
    replay_updates=2,
    episodes_per_update=8,
    ladder_caps=(2, 2),
    ladder_batch=2,
)
#: The documented run: minutes.
FULL: Final = Plan(
    learning_rates=(0.1, 0.2, 0.4, 0.8),
    tune_updates=60,
    tune_deals=100,
    players=(2, 3),
    updates=1000,
    points=20,
    deals=100,
    final_deals=500,
    throughput_episodes=512,
    replay_updates=5,
)


class Workers:
    """Calls of one function on Ray, at most ``count`` at a time, given back in call order
    (``count`` 0: one after another in this process, as a Tune trial plays its episodes)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._remote: dict[Callable[..., Any], Any] = {}

    def map(
        self, function: Callable[..., R], shared: Any, calls: Sequence[tuple[Any, ...]]
    ) -> list[R]:
        """``function(shared, *call)`` for each call, ``shared`` sent to Ray once."""
        if self.count == 0:
            return [function(shared, *call) for call in calls]
        if function not in self._remote:
            self._remote[function] = ray.remote(num_cpus=1)(function)
        remote, reference = self._remote[function], ray.put(shared)
        running: dict[Any, int] = {}  # each task in flight, and the index of its call
        done: dict[int, R] = {}
        waiting = list(enumerate(calls))[::-1]
        while waiting or running:
            while waiting and len(running) < self.count:
                index, call = waiting.pop()
                running[remote.remote(reference, *call)] = index
            ready, _ = ray.wait(list(running), num_returns=1)
            done[running.pop(ready[0])] = ray.get(ready[0])
        return [done[index] for index in range(len(calls))]


def update(workers: Workers, policy: Policy, settings: Settings, number: int) -> tuple[Policy, int]:
    """The policy after update ``number`` and the learner's steps it learnt from."""
    calls = [(settings, first, count) for first, count in settings.tasks(number)]
    rollouts: list[Rollout] = workers.map(self_play.play_episodes, policy, calls)
    return self_play.learn(policy, rollouts, settings), sum(r.steps for r in rollouts)


def measure(workers: Workers, policy: Policy, players: int, deals: int) -> dict[str, Tally]:
    """The policy's games against each opponent: ``deals`` deals, each from every seat."""
    tallies = {}
    for opponent in OPPONENTS:
        calls = [
            (players, opponent, first, min(DEALS_PER_TASK, deals - first), SEED)
            for first in range(0, deals, DEALS_PER_TASK)
        ]
        parts: list[Tally] = workers.map(self_play.evaluate, policy, calls)
        tallies[opponent] = sum(parts[1:], parts[0])
    return tallies


def shown(tally: Tally) -> dict[str, Any]:
    """A tally with its win rate and the rate's 95% Wilson interval."""
    share = proportion(tally.wins, tally.games)
    return {
        "wins": tally.wins,
        "draws": tally.draws,
        "games": tally.games,
        "rate": round(share.value, 4),
        "low": round(share.low, 4),
        "high": round(share.high, 4),
    }


def settings_of(plan: Plan, players: int, learning_rate: float) -> Settings:
    """The settings of a run of ``plan``."""
    return Settings(players, learning_rate, plan.episodes_per_update, plan.episodes_per_task, SEED)


def tune_trial(config: dict[str, Any]) -> None:
    """One trial of the search: two players, ``tune_updates`` updates at the trial's learning
    rate played in the trial's own process, then the games that score it."""
    plan: Plan = config["plan"]
    settings = settings_of(plan, 2, config["learning_rate"])
    inline = Workers(0)
    policy = Policy.zeros(2)
    for number in range(plan.tune_updates):
        policy, _ = update(inline, policy, settings, number)
    tallies = measure(inline, policy, 2, plan.tune_deals)
    won = sum(t.wins for t in tallies.values())
    games = sum(t.games for t in tallies.values())
    tune.report({"score": won / games, **{o: t.wins / t.games for o, t in tallies.items()}})


def search(plan: Plan, scratch: Path) -> list[dict[str, Any]]:
    """The Tune search of the learning rate: each trial's results, by learning rate."""
    tuner = tune.Tuner(
        tune.with_resources(tune_trial, {"cpu": 1}),
        param_space={"plan": plan, "learning_rate": tune.grid_search(list(plan.learning_rates))},
        tune_config=tune.TuneConfig(metric="score", mode="max"),
        run_config=tune.RunConfig(
            name="learning-rate", storage_path=str(scratch / "tune"), verbose=0
        ),
    )
    grid = tuner.fit()
    if grid.errors:
        raise SystemExit(f"the Tune search failed: {grid.errors[0]}")
    trials = []
    for index in range(len(grid)):
        config, metrics = grid[index].config, grid[index].metrics
        # Each trial reports once, with its config.
        assert config is not None
        assert metrics is not None
        scores = {key: round(metrics[key], 4) for key in ("score", *OPPONENTS)}
        trials.append({"learning_rate": config["learning_rate"], **scores})
    return sorted(trials, key=lambda trial: trial["learning_rate"])


def train(
    workers: Workers, plan: Plan, players: int, learning_rate: float
) -> tuple[Policy, dict[str, Any]]:
    """The policy for ``players`` players after ``plan.updates`` updates, and its curve: the
    measures of the policy every ``updates / points`` updates, from the first."""
    settings = settings_of(plan, players, learning_rate)
    policy = Policy.zeros(players)
    every = plan.updates // plan.points
    steps, seconds = 0, 0.0
    curve: list[dict[str, Any]] = []
    for number in range(plan.updates + 1):
        if number % every == 0:
            tallies = measure(workers, policy, players, plan.deals)
            curve.append(
                {
                    "updates": number,
                    "episodes": number * plan.episodes_per_update,
                    "steps": steps,
                    "seconds": round(seconds, 2),
                    **{opponent: shown(tally) for opponent, tally in tallies.items()},
                }
            )
            print(
                f"{players} players, {number * plan.episodes_per_update} episodes: won "
                + ", ".join(f"{t.wins / t.games:.1%} against {o}" for o, t in tallies.items()),
                flush=True,
            )
        if number < plan.updates:
            start = time.perf_counter()
            policy, taken = update(workers, policy, settings, number)
            seconds += time.perf_counter() - start
            steps += taken
    return policy, {"learning_rate": learning_rate, "seconds": round(seconds, 1), "curve": curve}


def as_shipped(policy: Policy) -> Policy:
    """The policy as the parameter file keeps it: its numbers rounded to float16."""
    return Policy(
        policy.weights.astype(np.float16).astype(np.float32),
        policy.bias.astype(np.float16).astype(np.float32),
    )


def replays(plan: Plan, learning_rate: float, workers: Workers) -> bool:
    """Whether the first ``replay_updates`` updates give the same policy on ``workers`` as one
    after another in this process."""
    ends = []
    for each in (workers, Workers(0)):
        settings = settings_of(plan, plan.players[0], learning_rate)
        policy = Policy.zeros(plan.players[0])
        for number in range(plan.replay_updates):
            policy, _ = update(each, policy, settings, number)
        ends.append(policy)
    first, second = ends
    return bool(
        np.array_equal(first.weights, second.weights) and np.array_equal(first.bias, second.bias)
    )


def throughput(plan: Plan, policy: Policy, players: int) -> dict[str, Any]:
    """Rollout episodes per second on 1 worker and on 2, measured in turn three times (the
    median of each)."""
    settings = settings_of(plan, players, 0.0)
    size = plan.episodes_per_task
    calls = [(settings, first, size) for first in range(0, plan.throughput_episodes, size)]
    times: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(3):
        for count in times:
            start = time.perf_counter()
            Workers(count).map(self_play.play_episodes, policy, calls)
            times[count].append(time.perf_counter() - start)
    return {
        "players": players,
        "episodes": plan.throughput_episodes,
        "workers": {
            str(count): {
                "seconds": round(statistics.median(spent), 2),
                "episodes_per_second": round(
                    plan.throughput_episodes / statistics.median(spent), 1
                ),
            }
            for count, spent in times.items()
        },
    }


def problems(data: dict[str, Any], plan: Plan, policy_file: Path) -> list[str]:
    """What is off in a run's results: empty when all is sane."""
    found = []
    measures = [("final", run["final"]) for run in data["runs"].values()]
    for run in data["runs"].values():
        if len(run["curve"]) != plan.points + 1:
            found.append(f"a curve has {len(run['curve'])} points, not {plan.points + 1}")
        measures += [(f"{point['episodes']} episodes", point) for point in run["curve"]]
    for where, point in measures:
        for opponent in OPPONENTS:
            t = point[opponent]
            if not (0 <= t["low"] <= t["rate"] <= t["high"] <= 1 and t["games"] > 0):
                found.append(f"the measure at {where} against {opponent} is off: {t}")
    if not data["replay"]["same"]:
        found.append("the first updates gave another policy on one worker")
    with np.load(policy_file) as arrays:
        for players in plan.players:
            actions, observations = self_play.sizes(players)
            shape = arrays[f"weights_{players}"].shape
            if shape != (actions, observations):
                found.append(f"the {players}-player weights are {shape}")
            if not np.isfinite(arrays[f"weights_{players}"]).all():
                found.append(f"the {players}-player weights are not all finite")
    if data["best_learning_rate"] not in plan.learning_rates:
        found.append(f"the best learning rate {data['best_learning_rate']} was not searched")
    return found


def run(args: argparse.Namespace, plan: Plan) -> int:
    """Search, train, measure and check; write the data, the policy and the plot."""
    data_file, policy_file = (
        args.data or SCRATCH / "self-play.json",
        args.policy or SCRATCH / "learned.npz",
    )
    cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
    workers = Workers(args.workers or int(cpus))
    print(f"Ray: {workers.count} workers", flush=True)
    trials = search(plan, SCRATCH)
    for trial in trials:
        print(
            f"Tune trial, learning rate {trial['learning_rate']}: "
            + ", ".join(f"{key} {trial[key]:.1%}" for key in ("score", *OPPONENTS)),
            flush=True,
        )
    # The best score; on a tie, the smaller learning rate.
    best = max(trials, key=lambda trial: (trial["score"], -trial["learning_rate"]))["learning_rate"]
    print(f"Best learning rate: {best}", flush=True)
    policies: dict[int, Policy] = {}
    runs: dict[str, Any] = {}
    for players in plan.players:
        policy, runs[str(players)] = train(workers, plan, players, best)
        policies[players] = as_shipped(policy)
        final = measure(workers, policies[players], players, plan.final_deals)
        runs[str(players)]["final"] = {opponent: shown(tally) for opponent, tally in final.items()}
    policy_file.parent.mkdir(parents=True, exist_ok=True)
    with policy_file.open("wb") as out:
        np.savez_compressed(out, **self_play.policy_arrays(policies))
    data = {
        "seed": SEED,
        "workers": workers.count,
        "plan": attrs.asdict(plan),
        "tune": trials,
        "best_learning_rate": best,
        "runs": runs,
        "throughput": throughput(plan, policies[plan.players[0]], plan.players[0]),
        "replay": {"updates": plan.replay_updates, "same": replays(plan, best, workers)},
        "policy_bytes": policy_file.stat().st_size,
    }
    data_file.parent.mkdir(parents=True, exist_ok=True)
    data_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"Wrote {data_file} and {policy_file} ({data['policy_bytes']:,} bytes)")
    if args.plot or not args.full:
        plot_file = args.plot or SCRATCH / "self-play-curve.png"
        plot(data, plot_file)
        print(f"Wrote {plot_file}")
    found = problems(data, plan, policy_file)
    for problem in found:
        print(f"Not sane: {problem}", file=sys.stderr)
    return 1 if found else 0


def ladder(path: Path, plan: Plan) -> int:
    """The ladder's cells of the learned bot as installed, against random and against greedy
    (alone against two of them with three players), in the ladder's four formats."""
    two, three = plan.ladder_caps
    formats = (
        Format("2p-game", "standard", 2, None, max_deals=two, max_search_deals=two),
        Format("2p-hand", "standard", 2, 1, max_deals=two, max_search_deals=two),
        Format("3p-game", "standard", 3, None, max_deals=three, max_search_deals=three),
        Format("3p-hand", "standard", 3, 1, max_deals=three, max_search_deals=three),
    )
    cells = LadderPlan(
        bots=("learned", "random", "greedy"),
        formats=formats,
        min_deals=plan.ladder_batch,
        batch=plan.ladder_batch,
    )
    results = run_ladder(
        cells,
        path,
        backend="ray",
        only=lambda cell: cell.bot == "learned",
        on_round=lambda done: print(
            f"{done.cell.key}: {done.deals} deals, {done.share().text(percent=True)}", flush=True
        ),
    )
    for done in results.cells:
        if done.cell.bot == "learned":
            print(
                f"{done.cell.key}: {done.deals} deals, {done.games} games, won "
                f"{done.share().text(percent=True)} [{done.status(cells)}]"
            )
    print(f"Wrote {path}")
    return 0


def plot(data: dict[str, Any], path: Path) -> None:
    """The curves: each policy's win rates against each opponent, with their intervals."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SystemExit(
            "the plot needs the plots extra (matplotlib is not installed): "
            "pip install -e '.[plots]' in a checkout of rummy500"
        ) from None
    runs = data["runs"]
    figure, axes = plt.subplots(1, len(runs), figsize=(9, 3.6), dpi=100, sharey=True, squeeze=False)
    for ax, (players, result) in zip(axes[0], runs.items(), strict=True):
        curve = result["curve"]
        episodes = [point["episodes"] for point in curve]
        for opponent in OPPONENTS:
            rates = [100 * point[opponent]["rate"] for point in curve]
            ax.plot(episodes, rates, marker="o", markersize=3, label=f"against {opponent}")
            ax.fill_between(
                episodes,
                [100 * point[opponent]["low"] for point in curve],
                [100 * point[opponent]["high"] for point in curve],
                alpha=0.2,
            )
        ax.axhline(
            100 / int(players), color="grey", linewidth=0.8, linestyle=":", label="an even share"
        )
        ax.set_title(f"{players} players, one-hand games")
        ax.set_xlabel("self-play episodes (thousands)")
        ax.xaxis.set_major_formatter(lambda x, _: f"{x / 1000:g}")
    axes[0][0].set_ylabel("games won (%)")
    axes[0][0].legend(loc="lower right")
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="the documented run (minutes)")
    parser.add_argument("--data", type=Path, help="the results (JSON)")
    parser.add_argument("--plot", type=Path, help="the learning curves (PNG)")
    parser.add_argument("--policy", type=Path, help="the learned bot's parameter file (.npz)")
    parser.add_argument("--ladder", type=Path, help="play the learned bot's ladder cells into FILE")
    parser.add_argument("--workers", type=int, help="rollout workers (default: every CPU)")
    parser.add_argument("--address", help="a Ray cluster's address (default: a local Ray)")
    args = parser.parse_args(argv)
    plan = FULL if args.full else SHORT
    ray.init(
        address=args.address,
        num_cpus=None if args.address else (args.workers or cores()),
        include_dashboard=False,
        logging_level=logging.WARNING,
        # The workers import self_play from this folder, here and on a cluster's nodes alike.
        runtime_env={"working_dir": str(SCRIPTS), "excludes": ["__pycache__"]},
    )
    try:
        return ladder(args.ladder, plan) if args.ladder else run(args, plan)
    finally:
        ray.shutdown()


if __name__ == "__main__":
    sys.exit(main())
