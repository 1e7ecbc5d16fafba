"""The worker processes of a run: an error a game raises in a worker, and a worker that dies,
each end the run with the reason, and no worker is left behind."""

from __future__ import annotations

import multiprocessing
import os
import signal
from pathlib import Path

import attrs
import pytest

from rummy500 import RuleConfig
from rummy500.simulate import GameOutcome, Simulation, SimulationError, backends, simulate

# The workers must inherit the replaced game function, which only a forked process does.
pytestmark = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork",
    reason="the workers see a replaced function only when they are forked",
)

SHORT = attrs.evolve(RuleConfig(), hands_per_game=1)


def children() -> list[int]:
    """The processes this one started that are still running."""
    me = os.getpid()
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            lines = status.read_text().splitlines()
        except OSError:
            continue
        fields = dict(line.split(":\t", 1) for line in lines if ":\t" in line)
        if fields.get("PPid", "").strip() == str(me) and "Z" not in fields.get("State", ""):
            found.append(int(status.parent.name))
    return found


def run_with(monkeypatch: pytest.MonkeyPatch, game: object) -> None:
    monkeypatch.setattr(backends, "play_one", game)
    simulate(Simulation.of(SHORT, 2, ["random"], 8, 3), workers=2)


def test_an_error_a_game_raises_in_a_worker_ends_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = backends.play_one

    def fails_on_the_fifth(simulation: Simulation, index: int) -> GameOutcome:
        if index == 4:
            raise SimulationError("game 4 broke")
        return real(simulation, index)

    with pytest.raises(SimulationError) as caught:
        run_with(monkeypatch, fails_on_the_fifth)
    assert str(caught.value) == "game 4 broke"
    assert children() == []


def test_a_worker_that_dies_ends_the_run_and_the_others_are_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = backends.play_one

    def dies_on_the_third(simulation: Simulation, index: int) -> GameOutcome:
        if index == 2:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(simulation, index)

    with pytest.raises(SimulationError) as caught:
        run_with(monkeypatch, dies_on_the_third)
    assert str(caught.value) == "a worker process ended with exit code -9 before its games did"
    assert children() == []


def test_the_workers_of_a_finished_run_have_ended() -> None:
    sim = Simulation.of(SHORT, 2, ["random"], 6, 3)
    assert simulate(sim, workers=3) == simulate(sim, workers=1)
    assert children() == []
