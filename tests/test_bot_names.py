"""Bots by name: a built-in bot with its budget written as text (``ismcts:iterations=25``),
read the same way by make_bot, simulations and the command line."""

from __future__ import annotations

import pytest

from rummy500 import ConfigError
from rummy500.bots import FlatMCBot, GreedyBot, ISMCTSBot, RandomBot, bot_text, make_bot
from rummy500.cli.arguments import build_parser
from rummy500.simulate import Simulation, SimulationError, play_one


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("random", "random"),
        (" Greedy ", "greedy"),
        ("ismcts:iterations=25", "ismcts:iterations=25"),
        ("ISMCTS : seconds = 0.1", "ismcts:seconds=0.1"),
        ("ismcts:exploration=1:iterations=7", "ismcts:iterations=7:exploration=1.0"),
        ("flatmc:seconds=2:playouts=3", "flatmc:playouts=3:seconds=2.0"),
    ],
)
def test_a_bot_has_one_written_form(text: str, written: str) -> None:
    assert bot_text(text) == written
    assert bot_text(written) == written


def test_the_parameters_make_the_bot_they_name() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    bot = make_bot("ismcts:iterations=25", 4)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.seed, bot.budget.iterations, bot.budget.deadline, bot.exploration) == (
        4,
        25,
        None,
        0.7,
    )
    # A budget given replaces the whole default budget; another parameter keeps it.
    timed = make_bot("ismcts:seconds=0.5")
    assert isinstance(timed, ISMCTSBot)
    assert (timed.budget.iterations, timed.budget.deadline) == (None, 0.5)
    wider = make_bot("ismcts:exploration=1.5")
    assert isinstance(wider, ISMCTSBot)
    assert (wider.budget.iterations, wider.budget.deadline, wider.exploration) == (100, None, 1.5)
    by_cpu = make_bot("ismcts:cpu_seconds=0.02")
    assert isinstance(by_cpu, ISMCTSBot)
    assert (by_cpu.budget.iterations, by_cpu.budget.deadline, by_cpu.budget.cpu_deadline) == (
        None,
        None,
        0.02,
    )
    assert bot_text("ismcts:cpu_seconds=0.02:iterations=500") == (
        "ismcts:iterations=500:cpu_seconds=0.02"
    )
    flat = make_bot("flatmc:playouts=9", 2)
    assert isinstance(flat, FlatMCBot)
    assert (flat.seed, flat.budget.iterations, flat.budget.deadline) == (2, 9, None)


_BUILT_IN = "random, greedy, flatmc, ismcts, learned"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "clever",
            f"unknown bot 'clever': make_bot's name is one of the built-in bots, {_BUILT_IN}",
        ),
        (
            "clever:iterations=3",
            f"unknown bot 'clever': make_bot's name is one of the built-in bots, {_BUILT_IN}",
        ),
        (
            "ismcts:width=3",
            "bot 'ismcts:width=3': ismcts takes iterations, seconds, cpu_seconds, exploration, "
            "depth, not 'width'",
        ),
        ("greedy:x=1", "bot 'greedy:x=1': greedy takes no parameters, not 'x'"),
        (
            "ismcts:iterations",
            "bot 'ismcts:iterations': a parameter is written name=value, as in "
            "ismcts:iterations=25",
        ),
        (
            "ismcts:=3",
            "bot 'ismcts:=3': a parameter is written name=value, as in ismcts:iterations=25",
        ),
        (
            "ismcts:iterations=a",
            "bot 'ismcts:iterations=a': iterations must be a whole number, not 'a'",
        ),
        ("ismcts:seconds=soon", "bot 'ismcts:seconds=soon': seconds must be a number, not 'soon'"),
        (
            "ismcts:iterations=1:iterations=2",
            "bot 'ismcts:iterations=1:iterations=2': iterations is given twice",
        ),
        (
            "ismcts:iterations=0",
            "bot 'ismcts:iterations=0': ISMCTSBot iterations must be 1 or more (a whole number, "
            "or None), not 0",
        ),
        (
            "flatmc:seconds=-1",
            "bot 'flatmc:seconds=-1': FlatMCBot seconds must be more than 0 (a finite number), "
            "not -1.0",
        ),
    ],
)
def test_a_bad_bot_text_says_what_is_wrong(text: str, message: str) -> None:
    for read in (bot_text, make_bot):
        with pytest.raises(ConfigError) as caught:
            read(text)
        assert str(caught.value) == message


def test_simulations_and_the_command_line_take_a_bot_with_its_budget() -> None:
    sim = Simulation.of("standard", 2, ["ISMCTS:iterations=3", "greedy"], 1, 5)
    assert sim.bots == ("ismcts:iterations=3", "greedy")
    assert play_one(sim, 0).seed == 5
    with pytest.raises(SimulationError) as caught:
        Simulation.of("standard", 2, ["ismcts:iterations=0"], 1)
    assert str(caught.value) == (
        "bot 'ismcts:iterations=0': ISMCTSBot iterations must be 1 or more (a whole number, "
        "or None), not 0"
    )
    args = build_parser().parse_args(["simulate", "--bots", "ismcts:seconds=0.5,greedy"])
    assert args.bots == ["ismcts:seconds=0.5", "greedy"]
