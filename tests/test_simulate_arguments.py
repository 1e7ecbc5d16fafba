"""Bad arguments to a simulation are refused with SimulationError, in a message that quotes at
most the start of what was given: never a bare TypeError, never a message of megabytes, never
a bool taken for a number."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from rummy500 import RuleConfig
from rummy500.cli import main
from rummy500.simulate import (
    Simulation,
    SimulationError,
    Summary,
    play_one,
    simulate,
    summarize,
)

#: Short games: two hands each.
SHORT = attrs.evolve(RuleConfig(), hands_per_game=2)
HUGE = "x" * 10**6
#: How a message quotes HUGE: its first 40 characters, then an ellipsis.
QUOTED = f"{'x' * 40!r}…"
BOT_NAMES = "random, greedy, flatmc, ismcts, learned"


def short(games: int = 6) -> Simulation:
    return Simulation.of(SHORT, 3, ["greedy", "random"], games)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((3, ["greedy"], HUGE), f"games is a whole number of 1 or more, not {QUOTED}"),
        ((3, ["greedy"], True), "games is a whole number of 1 or more, not True"),
        ((3, ["greedy"], 2.0), "games is a whole number of 1 or more, not 2.0"),
        ((3, ["greedy"], None), "games is a whole number of 1 or more, not None"),
        (
            (3, ["greedy"], -(10**5000)),
            "games is a whole number of 1 or more, not an int of 16610 bits",
        ),
        ((3, ["greedy"], 2, False), "seed is a whole number of 0 or more, not False"),
        ((3, ["greedy"], 2, "7"), "seed is a whole number of 0 or more, not '7'"),
        ((True, ["greedy"], 2), "these rules are for 2 to 8 players, not True"),
        ((3.0, ["greedy"], 2), "these rules are for 2 to 8 players, not 3.0"),
        ((None, ["greedy"], 2), "these rules are for 2 to 8 players, not None"),
        ((9, ["greedy"], 2), "these rules are for 2 to 8 players, not 9"),
        ((10**100, ["greedy"], 2), "these rules are for 2 to 8 players, not an int of 333 bits"),
        ((3, [HUGE], 2), f"unknown bot {QUOTED}: the built-in bots are {BOT_NAMES}"),
        (
            (3, ["greedy", f" {HUGE.upper()} "], 2),
            f"unknown bot {QUOTED}: the built-in bots are {BOT_NAMES}",
        ),
        ((3, "greedy", 2), "bots is a list of bot names, not 'greedy'"),
        ((3, None, 2), "bots is a list of bot names, not None"),
        ((3, {"greedy": 1}, 2), "bots is a list of bot names, not a dict"),
        ((3, ["greedy", 5], 2), "a bot's name is a str, not 5"),
        ((3, [None], 2), "a bot's name is a str, not None"),
    ],
)
def test_a_simulation_with_bad_parameters_says_which_in_a_short_line(
    arguments: tuple[Any, ...], message: str
) -> None:
    with pytest.raises(SimulationError) as caught:
        Simulation.of("standard", *arguments)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"backend": HUGE}, f"unknown backend {QUOTED}: the backends are local and ray"),
        ({"backend": None}, "unknown backend None: the backends are local and ray"),
        ({"backend": ["local"]}, "unknown backend a list: the backends are local and ray"),
        ({"workers": True}, "workers is a whole number of 1 or more, not True"),
        ({"workers": 2.0}, "workers is a whole number of 1 or more, not 2.0"),
        ({"workers": HUGE}, f"workers is a whole number of 1 or more, not {QUOTED}"),
        ({"address": 6379}, "address is a Ray cluster's address (a str), not 6379"),
        ({"output": 5}, "output is the name of a file (a str or a path), not 5"),
        ({"output": b"games.jsonl"}, "output is the name of a file (a str or a path), not a bytes"),
        ({"progress": True}, "progress is a function of (done, total), not True"),
        ({"announce": HUGE}, f"announce is a function of a Plan, not {QUOTED}"),
        ({"ray_log_level": True}, "ray_log_level is a logging level (a whole number), not True"),
        (
            {"ray_log_level": "INFO"},
            "ray_log_level is a logging level (a whole number), not 'INFO'",
        ),
    ],
)
@pytest.mark.parametrize("run", [simulate, summarize])
def test_a_run_with_bad_options_says_which_before_a_game_is_played(
    run: Any, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(SimulationError) as caught:
        run(short(), **options)
    assert str(caught.value) == message


@pytest.mark.parametrize("run", [simulate, summarize])
@pytest.mark.parametrize(
    ("simulation", "message"),
    [
        (None, "simulation is a Simulation, not None"),
        ("standard", "simulation is a Simulation, not 'standard'"),
        (SHORT, "simulation is a Simulation, not a RuleConfig"),
    ],
)
def test_a_run_of_something_that_is_not_a_simulation_is_refused(
    run: Any, simulation: Any, message: str
) -> None:
    with pytest.raises(SimulationError) as caught:
        run(simulation, workers=1)
    assert str(caught.value) == message
    with pytest.raises(SimulationError) as caught:
        Summary.of(simulation, [])
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("simulation", "index", "message"),
    [
        (None, 0, "simulation is a Simulation, not None"),
        ("standard", 0, "simulation is a Simulation, not 'standard'"),
        (short(), None, "index is a whole number from 0 to 5, not None"),
        (short(), True, "index is a whole number from 0 to 5, not True"),
        (short(), 1.0, "index is a whole number from 0 to 5, not 1.0"),
        (short(), "1", "index is a whole number from 0 to 5, not '1'"),
        (short(), 6, "index is a whole number from 0 to 5, not 6"),
        (short(), -1, "index is a whole number from 0 to 5, not -1"),
        (short(), 10**100, "index is a whole number from 0 to 5, not an int of 333 bits"),
    ],
)
def test_play_one_refuses_what_is_not_a_game_of_a_simulation(
    simulation: Any, index: Any, message: str
) -> None:
    with pytest.raises(SimulationError) as caught:
        play_one(simulation, index)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--bots", HUGE], f"argument --bots: unknown bot {QUOTED}: choose from {BOT_NAMES}"),
        (["--games", HUGE], f"argument --games: {QUOTED} is not a whole number"),
        (["--games", "-5"], "argument --games: must be above zero, not -5"),
        (["--seed", "-" + "9" * 100], "argument --seed: must be 0 or more, not an int of 333 bits"),
        (
            ["--players", "1" + "0" * 100],
            "argument --players: Rummy 500 is for 2 to 8 players, not an int of 333 bits",
        ),
    ],
)
def test_the_command_quotes_the_start_of_a_bad_argument(
    argv: list[str], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines()[-1] == f"rummy500 simulate: error: {error}"
    assert len(err) < 1000


def test_an_address_for_the_local_backend_is_refused_before_the_output_is_written(
    tmp_path: Path,
) -> None:
    out = tmp_path / "games.jsonl"
    with pytest.raises(SimulationError) as caught:
        summarize(short(), address="10.0.0.1:6379", output=out)
    assert str(caught.value) == (
        "address is for the ray backend: the local backend uses this machine"
    )
    assert not out.exists()
