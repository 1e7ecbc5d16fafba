"""The exact words of the ``rummy500`` command: its help, its errors, its prompts and the
summary of ``rummy500 simulate``."""

from __future__ import annotations

import argparse
import io
import logging
import sys
import types
from typing import Any

import pytest

from rummy500 import Discard, Draw, IllegalMoveError, parse_cards
from rummy500.cli import build_parser, main
from rummy500.render import move_words

PLAY_USAGE = [
    "usage: rummy500 play [-h] [--preset NAME] [--seed SEED] [--players N]",
    "                     [--bots NAME,...] [--seat K] [--target N]",
    "                     [--hand-limit N] [--ascii] [--quiet] [--save FILE]",
]


@pytest.fixture(autouse=True)
def eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse wraps its help and usage to the terminal's width: fix it."""
    monkeypatch.setenv("COLUMNS", "80")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str, *argv: str
) -> list[str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["play", *argv]) == 0
    return capsys.readouterr().out.splitlines()


# -- help ---------------------------------------------------------------------------------


def test_simulate_help_writes_a_single_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0
    assert out.splitlines()[5:11] == [
        "Play many seeded games between the built-in bots, on every core, and print a",
        "summary with 95% intervals. Game i uses the seed SEED + i, so any game can be",
        "played again. With --output, each game is written as a line of JSON; a run",
        "stopped with Ctrl-C (or SIGTERM) keeps what finished, and the same command",
        "carries on with it.",
        "",
    ]


def test_simulate_help_gives_the_defaults_and_the_ray_start_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "simulate", "--help")
    lines = out.splitlines()
    assert "  --games N             games to play (default: 100)" in lines
    start = lines.index("  --backend {local,ray}")
    assert lines[start : start + 7] == [
        "  --backend {local,ray}",
        "                        where the games run (default: local): this machine's",
        "                        processes, or a Ray cluster (needs the ray extra: pip",
        "                        install '.[ray]' in a checkout of rummy500; starting",
        "                        Ray here takes a while before the first game: about 25",
        "                        s on a busy 2-core machine)",
        "  --address ADDRESS     with --backend ray, the address of the cluster",
    ]


def test_simulate_help_says_the_check_of_a_file_is_against_damage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "simulate", "--help")
    assert (
        "--output FILE write each game as a line of JSON to FILE (JSON Lines); an existing FILE "
        "of the same simulation is carried on with, once checked for damage (not for deliberate "
        "edits: carry on only with files you trust) (default: none, the games are only "
        "summarized)"
    ) in " ".join(out.split())


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (commands,) = (
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    return dict(commands.choices)


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_every_option_with_a_default_says_what_it_is(command: str) -> None:
    # An option whose default is None (--seat, --output...) says what happens without it, in
    # the same words; a flag (False) says what it does.
    silent = [
        action.dest
        for action in _subcommands()[command]._actions
        if action.option_strings
        and action.default not in (False, argparse.SUPPRESS)
        and "(default: " not in (action.help or "")
    ]
    assert silent == []


# -- usage errors of `play` ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--seat", "5"], "--seat: a 3-player game has seats 0 to 2, not 5"),
        (["--seat", "-1", "--players", "2"], "--seat: a 2-player game has seats 0 and 1, not -1"),
        (
            ["--preset", "partnership", "--players", "3"],
            "--players: the partnership rules are for 4 players, not 3",
        ),
        (
            ["--preset", "bicycle", "--players", "6"],
            "--players: the bicycle rules are for 2 to 5 players, not 6",
        ),
    ],
)
def test_play_reports_a_bad_seat_or_player_count_with_its_own_usage(
    capsys: pytest.CaptureFixture[str], argv: list[str], error: str
) -> None:
    assert run(capsys, "play", *argv) == (
        2,
        "",
        "\n".join([*PLAY_USAGE, f"rummy500 play: error: {error}", ""]),
    )


def test_simulate_names_the_one_player_count_of_the_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name in ("partnership", "Partners"):
        assert run(capsys, "simulate", "--preset", name, "--players", "3") == (
            2,
            "",
            f"rummy500 simulate: --players: the {name} rules are for 4 players, not 3\n",
        )


# -- playing a seat -----------------------------------------------------------------------


def test_a_forced_move_is_played_with_enter_and_a_wrong_number_is_told_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = play(capsys, monkeypatch, "2\n\n", "--seat", "0", "--seed", "1", "--players", "2")
    start = lines.index("  Your only legal move:")
    assert lines[start - 1 : start + 6] == [
        "  Your hand: A♣ 2♣ 3♣ J♣ 9♦ 4♥ 5♥ 8♥ 4♠ 5♠ 9♠ 10♠ Q♠",
        "  Your only legal move:",
        "     1. draw",
        "Your move (Enter or 1 plays it; ? for help, q to quit): 2",
        "There is no move 2: your only move is 1.",
        "Your move (Enter or 1 plays it; ? for help, q to quit): ",
        "  You draw J♠ from the stock.",
    ]
    # Then several moves, and the input runs out.
    assert lines[-3:] == [
        "    18. discard Q♠",
        "Your move (a number or a move's text; ? for help, q to quit): ",
        "Game abandoned.",
    ]


def test_you_see_the_card_you_draw_and_not_the_card_a_bot_draws(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = play(capsys, monkeypatch, "draw\n", "--seat", "0", "--seed", "4")
    told = [line for line in lines if line.endswith(" from the stock.")]
    assert told == ["  P2 draws from the stock.", "  You draw K♦ from the stock."]
    assert "  Your hand: A♣ 10♣ K♣ K♦ A♥ 8♥ 9♥ 10♠" in lines


def test_move_words_names_a_drawn_card_only_for_a_draw() -> None:
    (nine,) = parse_cards("9S")
    assert move_words(Draw(), drawn=nine, you=True) == "draw 9♠ from the stock"
    assert move_words(Draw(), drawn=nine, ascii=True) == "draws 9S from the stock"
    assert move_words(Draw()) == "draws from the stock"
    with pytest.raises(IllegalMoveError) as info:
        move_words(Discard(nine), drawn=nine)
    assert str(info.value) == "move_words's drawn is the card of a draw, not of 'discard 9S'"
    with pytest.raises(IllegalMoveError) as info:
        move_words(Draw(), drawn="9S")  # type: ignore[arg-type]
    assert str(info.value) == "move_words's drawn is a Card, not '9S'"


# -- Ray's own logging --------------------------------------------------------------------


class _FakeRay(types.ModuleType):
    """Enough of Ray to run a simulation in this process, noting how it was started."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.started: dict[str, Any] = {}

    def is_initialized(self) -> bool:
        return bool(self.started)

    def init(self, **options: Any) -> None:
        self.started = options

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 1.0}

    def remote(self, function: Any) -> Any:
        return types.SimpleNamespace(remote=function)

    def wait(self, pending: list[Any], **_: Any) -> tuple[list[Any], list[Any]]:
        return pending[:1], pending[1:]

    def get(self, result: Any) -> Any:
        return result

    def cancel(self, ref: Any, force: bool) -> None:
        raise AssertionError("nothing is left to cancel")

    def shutdown(self) -> None:
        pass


@pytest.mark.parametrize(
    ("quiet", "level", "to_driver"), [(False, logging.WARNING, True), (True, logging.ERROR, False)]
)
def test_ray_keeps_its_info_lines_back_and_everything_under_quiet(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    quiet: bool,
    level: int,
    to_driver: bool,
) -> None:
    ray = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", ray)
    argv = ["simulate", "--preset", "wikipedia", "--players", "2", "--games", "1"]
    code, _, _ = run(capsys, *argv, "--backend", "ray", *(["--quiet"] if quiet else []))
    assert code == 0
    assert ray.started == {
        "address": None,
        "num_cpus": None,
        "include_dashboard": False,
        "logging_level": level,
        "log_to_driver": to_driver,
    }


def test_a_quiet_run_on_ray_prints_nothing_but_the_summary(
    capfd: pytest.CaptureFixture[str],
) -> None:
    ray = pytest.importorskip("ray")
    assert not ray.is_initialized()
    argv = ["simulate", "--preset", "wikipedia", "--players", "2", "--games", "2"]
    code = main([*argv, "--workers", "1", "--backend", "ray", "--quiet"])
    out, err = capfd.readouterr()
    assert code == 0
    assert err == ""
    assert out.splitlines()[0] == "2 games of wikipedia, 2 players, seeds 0 to 1: greedy / random"
