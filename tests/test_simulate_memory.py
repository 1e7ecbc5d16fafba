"""A run's memory does not grow with its games: the game numbers are made as the workers ask
for them, never listed, and the summary counts each game as it finishes.

Each test asks for a trillion games and stops the run after a few. Listing the games to play,
or keeping every outcome, would end such a run with a MemoryError (or never start a game);
the tests also count the game numbers each backend took from the run, which a backend that
reads ahead without bound would push far past the games played, and bound the memory the run
allocated (traced by tracemalloc, after a first run has done the imports and caches a run needs
once).
"""

from __future__ import annotations

import os
import signal
import sys
import tracemalloc
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from rummy500 import RuleConfig
from rummy500.cli import main
from rummy500.simulate import (
    TASKS_PER_WORKER,
    GameOutcome,
    HandOutcome,
    Simulation,
    Summary,
    backends,
    outfile,
    play_one,
    simulate,
    summarize,
)

#: Short games: two hands each.
SHORT = attrs.evolve(RuleConfig(), hands_per_game=2)
TRILLION = 10**12
#: Far more than a few games take, far less than any list of a million game numbers.
MEMORY_BOUND = 2_000_000


def trillion_games() -> Simulation:
    return Simulation.of(SHORT, 3, ["greedy", "random"], TRILLION)


def stop_after(games: int) -> Callable[[int, int], None]:
    def progress(done: int, total: int) -> None:
        if done >= games:
            raise KeyboardInterrupt

    return progress


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The game numbers the run's backend has taken from the run, as it takes them."""
    numbers: list[int] = []
    missing = outfile._Spans.missing

    def counted(self: Any, games: int) -> Iterator[int]:
        for number in missing(self, games):
            numbers.append(number)
            yield number

    monkeypatch.setattr(outfile._Spans, "missing", counted)
    return numbers


def peak_memory(run: Callable[[], object]) -> int:
    """The most memory ``run`` had allocated at once (run to its KeyboardInterrupt)."""
    tracemalloc.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("workers", [1, pytest.param(2, marks=pytest.mark.processes)])
def test_a_trillion_games_are_summarized_a_few_at_a_time(
    workers: int, taken: list[int], tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"

    def run(games: int) -> None:
        summarize(
            Simulation.of(SHORT, 3, ["greedy", "random"], games),
            workers=workers,
            output=out,
            progress=stop_after(4),
        )

    peak_memory(lambda: run(10))  # the imports and caches of a first run
    out.unlink()
    taken.clear()
    assert peak_memory(lambda: run(TRILLION)) < MEMORY_BOUND
    # Each worker is handed at most TASKS_PER_WORKER games ahead of those that finished.
    assert taken == list(range(len(taken)))
    assert 4 <= len(taken) <= 4 + TASKS_PER_WORKER * workers
    assert out.read_text(encoding="utf-8").count("\n") == 1 + 4


def test_the_command_plays_a_trillion_games_until_it_is_stopped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], taken: list[int]
) -> None:
    played: list[int] = []

    def play_then_stop(simulation: Simulation, index: int) -> GameOutcome:
        played.append(index)
        if len(played) == 3:
            os.kill(os.getpid(), signal.SIGTERM)  # the third game is stopped part way
        return play_one(simulation, index)

    monkeypatch.setattr(backends, "play_one", play_then_stop)
    argv = ["simulate", "--games", str(TRILLION), "--workers", "1", "--quiet"]
    tracemalloc.start()
    try:
        code = main(argv)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (code, capsys.readouterr()) == (
        128 + signal.SIGTERM,
        (
            "",
            f"rummy500 simulate: stopped by SIGTERM: 2 of {TRILLION} games had finished (give "
            "--output to keep them)\n",
        ),
    )
    assert played == taken == [0, 1, 2]
    assert peak < MEMORY_BOUND


class _FakeRay(types.ModuleType):
    """Enough of Ray to see how many tasks a run hands out: a task returns made-up outcomes
    at once (the outcomes do not matter here, only how many game numbers were taken)."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.pending_at_most = 0

    def is_initialized(self) -> bool:
        return True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 2.0}

    def remote(self, function: Any) -> Any:
        hand = HandOutcome((0, 0, 0), (0, 0, 0), 1, 0, "went_out", 0)

        def task(simulation: Simulation, batch: list[int]) -> list[GameOutcome]:
            return [GameOutcome(i, i, (hand,), (0, 0, 0), 0, 1, 0) for i in batch]

        return types.SimpleNamespace(remote=task)

    def wait(self, pending: list[Any], **_: Any) -> tuple[list[Any], list[Any]]:
        self.pending_at_most = max(self.pending_at_most, len(pending))
        return pending[:1], pending[1:]

    def get(self, result: Any) -> Any:
        return result

    def cancel(self, ref: Any, force: bool) -> None:
        pass


def test_the_ray_backend_hands_out_a_few_tasks_per_worker(
    monkeypatch: pytest.MonkeyPatch, taken: list[int]
) -> None:
    ray = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", ray)
    with pytest.raises(KeyboardInterrupt):
        summarize(trillion_games(), backend="ray", progress=stop_after(100))
    # Two workers, tasks of 32 games: the games of the tasks that finished, and no more than
    # TASKS_PER_WORKER tasks for each worker besides.
    assert ray.pending_at_most == TASKS_PER_WORKER * 2
    assert taken == list(range(len(taken)))
    assert len(taken) <= 128 + 32 * TASKS_PER_WORKER * 2


def test_the_summary_is_the_same_counted_as_the_games_finish() -> None:
    simulation = Simulation.of(SHORT, 3, ["greedy", "random"], 5)
    outcomes = simulate(simulation, workers=1)
    assert summarize(simulation, workers=1) == Summary.of(simulation, outcomes)
    assert Summary.of(simulation, iter(outcomes)) == Summary.of(simulation, outcomes)
