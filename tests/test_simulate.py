"""Simulations: seeded games, the same results on any number of workers, files that resume."""

from __future__ import annotations

import importlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

from rummy500 import RuleConfig, new_game, presets
from rummy500.bots import make_bot, play_game
from rummy500.cli import main
from rummy500.game.serialize import from_data, to_data
from rummy500.simulate import (
    WORKERS_PER_CORE,
    GameOutcome,
    HandOutcome,
    Interval,
    Plan,
    Simulation,
    SimulationError,
    SimulationStopped,
    Summary,
    mean,
    play_one,
    proportion,
    simulate,
)
from rummy500.simulate.lines import _line

#: Short games: two hands each.
SHORT = attrs.evolve(RuleConfig(), hands_per_game=2)


def short(games: int = 6, seed: int = 0) -> Simulation:
    return Simulation.of(SHORT, 3, ["greedy", "random"], games, seed)


def test_a_simulation_names_its_rules_and_fills_the_table() -> None:
    sim = Simulation.of("pagat", 4, ["Greedy", " random"], 10, 5)
    assert (sim.rules, sim.config, sim.players) == ("pagat", presets.get("pagat"), 4)
    assert sim.bots == ("greedy", "random", "greedy", "random")
    assert Simulation.of(presets.get("bicycle"), 2, ["random"], 1).rules == "bicycle"
    assert short().rules == "custom"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("standard", 3, ["greedy"], 0), "games is a whole number of 1 or more, not 0"),
        (("standard", 3, ["greedy"], 2, -1), "seed is a whole number of 0 or more, not -1"),
        (
            ("standard", 3, ["greedy", "clever"], 2),
            "unknown bot 'clever': the built-in bots are random, greedy, flatmc, ismcts, learned",
        ),
        (("standard", 3, [], 2), "the line-up needs a bot name for at least one seat"),
        (
            ("standard", 2, ["greedy", "random", "greedy"], 2),
            "3 bots for a 2-player game: give one per seat at most",
        ),
    ],
)
def test_a_simulation_that_cannot_run_says_why(arguments: tuple[Any, ...], message: str) -> None:
    with pytest.raises(SimulationError) as caught:
        Simulation.of(*arguments)
    assert str(caught.value) == message


def test_a_game_is_the_game_its_seeds_give() -> None:
    sim = short(seed=40)
    outcome = play_one(sim, 2)
    bots = [make_bot(name, 42 * 8 + seat) for seat, name in enumerate(sim.bots)]
    final = play_game(new_game(SHORT, 3, 42), bots)
    assert outcome.seed == 42
    assert outcome.totals == final.totals
    assert outcome.winner == final.winner
    assert outcome.first_player == new_game(SHORT, 3, 42).current_player
    assert [h.scores for h in outcome.hands] == list(final.history)
    assert [h.player_scores for h in outcome.hands] == list(final.player_history)
    assert len(outcome.hands) == 2
    assert sum(h.turns for h in outcome.hands) > 0
    for hand in outcome.hands:
        assert hand.ended == ("went_out" if hand.went_out is not None else "stock")


@pytest.mark.processes
def test_the_outcomes_do_not_depend_on_the_workers() -> None:
    sim = short(games=5)
    alone = simulate(sim, workers=1)
    assert [o.index for o in alone] == [0, 1, 2, 3, 4]
    assert simulate(sim, workers=2) == alone
    assert alone == tuple(play_one(sim, i) for i in range(5))


@pytest.mark.parametrize("rules", [*presets.names(), SHORT])
def test_the_parameters_hold_the_config_as_saving_writes_it(rules: str | RuleConfig) -> None:
    sim = Simulation.of(rules, 4, ["random"], 1)
    data = sim.to_json()["config"]
    assert json.dumps(data) == json.dumps(to_data(sim.config))
    assert from_data(data, RuleConfig) == sim.config


def read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.processes
def test_the_output_file_holds_the_parameters_then_each_game_in_order(tmp_path: Path) -> None:
    sim = short(games=4)
    out = tmp_path / "games.jsonl"
    outcomes = simulate(sim, workers=2, output=out)
    lines = read(out)
    assert lines[0] == {"simulation": sim.to_json()}
    assert [line["game"] for line in lines[1:]] == [0, 1, 2, 3]
    assert tuple(GameOutcome.from_json(line) for line in lines[1:]) == outcomes
    assert lines[1]["hands"][0].keys() == {
        "scores",
        "player_scores",
        "turns",
        "went_out",
        "ended",
        "calls",
    }


@pytest.mark.processes
def test_a_stopped_run_keeps_what_finished_and_the_same_run_carries_on(tmp_path: Path) -> None:
    sim = short(games=5)
    whole = tmp_path / "whole.jsonl"
    simulate(sim, workers=1, output=whole)
    out = tmp_path / "games.jsonl"
    seen: list[int] = []

    def stop_after_two(done: int, total: int) -> None:
        seen.append(done)
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(sim, workers=1, output=out, progress=stop_after_two)
    assert [line["game"] for line in read(out)[1:]] == [0, 1]
    # A line cut short by the stop is played again.
    with out.open("a", encoding="utf-8") as sink:
        sink.write('{"game": 2, "se')
    again: list[int] = []
    outcomes = simulate(sim, workers=2, output=out, progress=lambda d, t: again.append(d))
    assert again[0] == 2
    assert again[-1] == 5
    assert out.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")
    assert outcomes == simulate(sim, workers=1)


def test_the_file_of_another_simulation_is_not_carried_on(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    simulate(short(games=2), workers=1, output=out)
    with pytest.raises(SimulationError) as caught:
        simulate(short(games=3), workers=1, output=out)
    assert str(caught.value) == (
        f"{out} holds the games of another simulation (or is not a simulation's output): give "
        "another output file, or the same parameters to carry on with it"
    )
    out.write_text('{"simulation": ' + json.dumps(short(games=3).to_json()) + "}\nnot json\n{}\n")
    with pytest.raises(SimulationError) as caught:
        simulate(short(games=3), workers=1, output=out)
    assert str(caught.value) == f"{out}, line 2: not a game's outcome"


def test_a_bad_backend_or_worker_count_is_refused() -> None:
    with pytest.raises(SimulationError) as caught:
        simulate(short(), backend="spark")
    assert str(caught.value) == "unknown backend 'spark': the backends are local and ray"
    with pytest.raises(SimulationError) as caught:
        simulate(short(), workers=0)
    assert str(caught.value) == "workers is a whole number of 1 or more, not 0"
    with pytest.raises(SimulationError) as caught:
        simulate(short(), address="10.0.0.1:6379")
    assert str(caught.value) == (
        "address is for the ray backend: the local backend uses this machine"
    )


def test_intervals() -> None:
    assert proportion(0, 0).value != proportion(0, 0).value  # no trials: not a number
    half = proportion(50, 100)
    assert half.value == 0.5
    assert round(half.low, 4) == 0.4038
    assert round(half.high, 4) == 0.5962
    assert proportion(0, 10).low == 0.0
    assert round(proportion(0, 10).high, 4) == 0.2775
    m = mean([1.0, 2.0, 3.0, 4.0])
    assert m.value == 2.5
    assert round(m.high - m.value, 4) == round(1.959963984540054 * 1.2909944487358056 / 2, 4)
    assert Interval(0.25, 0.2, 0.3).text(percent=True) == "25.0% (20.0-30.0)"


def test_a_share_short_of_all_or_above_none_is_not_written_as_all_or_none() -> None:
    almost = proportion(1999, 2000)
    assert almost.text(percent=True) == "99.95% (99.7-100.0)"
    assert proportion(1, 2000).text(percent=True) == "0.1% (0.0-0.3)"
    assert proportion(2000, 2000).text(percent=True) == "100.0% (99.8-100.0)"
    assert proportion(0, 2000).text(percent=True) == "0.0% (0.0-0.2)"
    # Not a share: rounded as asked.
    assert Interval(0.99999, 0.9, 1.0).text(digits=2) == "1.00 (0.90-1.00)"


def test_the_summary_counts_seats_bots_and_endings() -> None:
    sim = Simulation.of(SHORT, 2, ["greedy", "random"], 2)

    def hand(scores: tuple[int, int], ended: str, went_out: int | None) -> HandOutcome:
        return HandOutcome(scores, scores, 10, went_out, ended, 1)

    outcomes = (
        GameOutcome(
            0,
            0,
            (hand((50, -10), "went_out", 0), hand((20, 30), "stock", None)),
            (70, 20),
            0,
            40,
            1,
        ),
        GameOutcome(1, 1, (hand((0, 60), "went_out", 1),), (0, 60), 1, 20, 0),
    )
    summary = Summary.of(sim, outcomes)
    assert summary.games == 2
    assert [w.value for w in summary.wins_by_seat] == [0.5, 0.5]
    assert summary.wins_by_bot["greedy"].value == 0.5
    assert summary.hands_per_game.value == 1.5
    assert summary.going_out.value == pytest.approx(2 / 3)
    assert summary.stock_exhausted.value == pytest.approx(1 / 3)
    assert summary.calls_per_hand.value == 1.0
    assert summary.hand_score.value == pytest.approx((50 - 10 + 20 + 30 + 0 + 60) / 6)
    assert summary.text().splitlines()[:4] == [
        "2 games of custom, 2 players, seeds 0 to 1: greedy / random",
        "Games won from each seat (95% interval):",
        "  seat 0 (greedy): 50.0% (9.5-90.5)",
        "  seat 1 (random): 50.0% (9.5-90.5)",
    ]


def test_a_bot_in_several_seats_is_credited_with_every_game_it_won() -> None:
    # greedy holds seats 0 and 2: it won the 3 games of 4 that either seat won, 75% (not
    # the 37.5% of the mean of its seats), and the summary says which figure is which.
    sim = Simulation.of("standard", 4, ["greedy", "random"], 4)
    hand = HandOutcome((10, 0, 0, 0), (10, 0, 0, 0), 20, 0, "went_out", 0)
    outcomes = tuple(
        GameOutcome(i, i, (hand,), (500, 0, 0, 0), winner, 30, 1)
        for i, winner in enumerate((0, 2, 2, 1))
    )
    summary = Summary.of(sim, outcomes)
    assert summary.wins_by_bot["greedy"].value == 0.75
    assert summary.wins_by_bot["random"].value == 0.25
    assert summary.text().splitlines() == [
        "4 games of standard, 4 players, seeds 0 to 3: greedy / random / greedy / random",
        "Games won from each seat (95% interval):",
        "  seat 0 (greedy): 25.0% (4.6-69.9)",
        "  seat 1 (random): 25.0% (4.6-69.9)",
        "  seat 2 (greedy): 50.0% (15.0-85.0)",
        "  seat 3 (random): 0.0% (0.0-49.0)",
        "Games won by each bot, in any of its seats (95% interval):",
        "  greedy (seats 0, 2): 75.0% (30.1-95.4)",
        "  random (seats 1, 3): 25.0% (4.6-69.9)",
        "Drawn at the hand limit: 0.0% (0.0-49.0)",
        "Hand score per player: mean 2.5 (0.3-4.7), spread (sd) 4.5",
        "Hands per game: 1.00 (1.00-1.00)",
        "Turns per hand: 20.0 (20.0-20.0)",
        "Hands ended by going out: 100.0% (51.0-100.0)",
        "Hands ended by the stock running out: 0.0% (0.0-49.0)",
        "Calls per hand: 0.00 (0.00-0.00)",
    ]


def test_a_bot_holding_a_whole_team_wins_when_the_team_does() -> None:
    sim = Simulation.of("partnership", 4, ["greedy", "random"], 2)
    hand = HandOutcome((10, 0), (10, 0, 0, 0), 20, 0, "went_out", 0)
    outcomes = (
        GameOutcome(0, 0, (hand,), (500, 0), 0, 30, 1),
        GameOutcome(1, 1, (hand,), (500, 0), None, 30, 1),
    )
    lines = Summary.of(sim, outcomes).text().splitlines()
    assert lines[1:10] == [
        "Games won from each seat (95% interval):",
        "  seat 0 (greedy): 50.0% (9.5-90.5)",
        "  seat 1 (random): 0.0% (0.0-65.8)",
        "  seat 2 (greedy): 50.0% (9.5-90.5)",
        "  seat 3 (random): 0.0% (0.0-65.8)",
        "Games won by each bot, in any of its seats (95% interval):",
        "  greedy (seats 0, 2): 50.0% (9.5-90.5)",
        "  random (seats 1, 3): 0.0% (0.0-65.8)",
        "Drawn at the hand limit: 50.0% (9.5-90.5)",
    ]


def test_the_command_prints_the_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.jsonl"
    code = main(
        [
            "simulate",
            "--preset",
            "wikipedia",
            "--players",
            "2",
            "--games",
            "2",
            "--workers",
            "1",
            "--quiet",
            "--output",
            str(out),
        ]
    )
    printed = capsys.readouterr()
    assert code == 0
    assert printed.out.splitlines()[0] == (
        "2 games of wikipedia, 2 players, seeds 0 to 1: greedy / random"
    )
    assert len(read(out)) == 3
    assert main(["simulate", "--preset", "nope", "--games", "1", "--quiet"]) == 2
    assert capsys.readouterr().err.startswith("rummy500 simulate: no preset called 'nope'")


def test_the_ray_backend_without_ray_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_import = importlib.import_module

    def no_ray(name: str, package: str | None = None) -> Any:
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real_import(name, package)

    monkeypatch.setattr(importlib, "import_module", no_ray)
    with pytest.raises(SimulationError) as info:
        simulate(short(games=1), backend="ray")
    assert str(info.value) == (
        "the ray backend needs Ray, from rummy500's ray extra: pip install '.[ray]' in a "
        "checkout of rummy500"
    )


def test_the_ray_backend_gives_the_same_outcomes() -> None:
    ray = pytest.importorskip("ray")
    sim = short(games=3)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert simulate(sim, backend="ray") == simulate(sim, workers=1)
    finally:
        ray.shutdown()


DOCS_PAGE = Path(__file__).resolve().parent.parent / "docs" / "simulate.md"


def test_the_python_on_the_simulate_page_runs_and_its_example_line_is_game_0() -> None:
    text = DOCS_PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    # The second and third blocks, the ladder and its pairs, are run by the ladder's tests.
    assert len(blocks) == 3
    exec(compile(blocks[0], str(DOCS_PAGE), "exec"), {})
    # The line is wrapped on the page; JSON reads it the same with the line breaks.
    found = re.search(r'\n(\{"game": 0.*?),\s+\.\.\.\],\s+("check": "[0-9a-f]+")\}\n', text, re.S)
    shown = json.loads(found.group(1) + "], " + found.group(2) + "}")
    sim = Simulation.of("standard", 3, ["greedy", "random"], 2000, 0)
    game = json.loads(_line(json.dumps({"simulation": sim.to_json()}), play_one(sim, 0)))
    assert len(game["hands"]) == 8
    game["hands"] = game["hands"][:1]
    assert shown == game


@pytest.mark.processes
def test_no_more_workers_start_than_games_nor_than_the_cap_per_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sim = short(games=3)
    plans: list[Plan] = []
    assert simulate(sim, workers=40, announce=plans.append) == simulate(
        sim, workers=1, announce=plans.append
    )
    assert plans[0] == Plan("local", 3, 3, 3, 40, "no more than the games to play")
    assert plans[0].text() == (
        "playing 3 games on 3 worker processes (40 asked for: no more than the games to play)"
    )
    assert plans[1] == Plan("local", 3, 3, 1, 1, None)
    assert plans[1].text() == "playing 3 games in this process"
    monkeypatch.setattr("rummy500.simulate.backends.cores", lambda: 1)
    plans.clear()
    sim = short(games=8)
    assert simulate(sim, workers=100000, announce=plans.append) == simulate(sim, workers=1)
    assert plans[0] == Plan(
        "local", 8, 8, WORKERS_PER_CORE, 100000, "at most 4 per core, and 1 cores are free here"
    )
    # Without a request, one per core, and no note.
    plans.clear()
    simulate(short(games=2), announce=plans.append)
    assert plans == [Plan("local", 2, 2, 1, None, None)]


@pytest.mark.processes
def test_a_run_carried_on_says_how_many_games_are_left(tmp_path: Path) -> None:
    sim = short(games=3)
    out = tmp_path / "games.jsonl"
    simulate(sim, workers=1, output=out)
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join(lines[:2]), encoding="utf-8")
    plans: list[Plan] = []
    simulate(sim, workers=2, output=out, announce=plans.append)
    assert plans[0].text() == "playing 2 of 3 games (1 are in the file) on 2 worker processes"
    assert out.read_text(encoding="utf-8") == "".join(lines)


def test_a_signal_stops_a_run_in_this_process_after_writing_the_games(tmp_path: Path) -> None:
    sim = short(games=5)
    out = tmp_path / "games.jsonl"

    def terminate_at_two(done: int, total: int) -> None:
        if done == 2:
            os.kill(os.getpid(), signal.SIGTERM)

    handler = signal.getsignal(signal.SIGTERM)
    with pytest.raises(SimulationStopped) as caught:
        simulate(sim, workers=1, output=out, progress=terminate_at_two)
    # The signal came between games: the game being played when it came finishes first.
    assert (caught.value.signal, caught.value.done, caught.value.total) == (signal.SIGTERM, 3, 5)
    assert str(caught.value) == "stopped by SIGTERM after 3 of 5 games"
    assert [line["game"] for line in read(out)[1:]] == [0, 1, 2]
    assert signal.getsignal(signal.SIGTERM) is handler
    assert simulate(sim, workers=1, output=out) == simulate(sim, workers=1)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def line_count(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


SIGNAL_GAMES = 60


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The output file of the simulation the signal tests stop, played without a stop."""
    out = tmp_path_factory.mktemp("whole") / "games.jsonl"
    simulate(Simulation.of("standard", 3, ["greedy", "random"], SIGNAL_GAMES), output=out)
    return out.read_text(encoding="utf-8")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_the_command_its_workers_and_keeps_every_finished_game(
    signum: int, uninterrupted: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["simulate", "--quiet", "--games", str(SIGNAL_GAMES), "--workers", "3"]
    argv += ["--output", str(out)]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    process = subprocess.Popen(
        [sys.executable, "-m", "rummy500", *argv],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while line_count(out) < 6 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert process.poll() is None, "the run ended before it was stopped"
        workers = children(process.pid)
        assert len(workers) == 3
        if signum == signal.SIGINT:
            os.killpg(process.pid, signum)  # as Ctrl-C at a terminal: the whole group
        else:
            os.kill(process.pid, signum)  # as kill: the parent only
        sent = time.monotonic()
        printed, errors = process.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 128 + signum
    assert took < 30
    kept = line_count(out) - 1
    assert 5 <= kept < SIGNAL_GAMES
    name = signal.Signals(signum).name
    assert printed == ""
    assert errors == (
        f"rummy500 simulate: stopped by {name}: {kept} of {SIGNAL_GAMES} games are in {out}; "
        "run the same command to carry on\n"
    )
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in workers if Path(f"/proc/{pid}").exists()] == []
    text = out.read_text(encoding="utf-8")
    assert text.endswith("\n")
    header, *games = text.splitlines(keepends=True)
    whole = uninterrupted.splitlines(keepends=True)
    assert header == whole[0]
    # Every line kept is whole, and the very line of the same game in the run not stopped.
    assert games == [whole[1 + json.loads(line)["game"]] for line in games]
    assert main([*argv[:4], "--workers", "2", "--output", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == uninterrupted
    assert capsys.readouterr().err == ""


def rewrite(path: Path, number: int, change: Any) -> None:
    """Replace line ``number`` (from 1) of ``path`` by ``change(its data)`` as JSON."""
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[number - 1] = json.dumps(change(json.loads(lines[number - 1])))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def resigned(sim: Simulation, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the check its content gives in ``sim``'s file."""
    del data["check"]
    header = json.dumps({"simulation": sim.to_json()})
    return json.loads(_line(header, GameOutcome.from_json(data)))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: {**d, "winner": 7}, "winner is null or a whole number from 0 to 2, not 7"),
        (
            lambda d: {**d, "totals": "abc"},
            'totals is a list of 3 whole numbers, not "abc"',
        ),
        (lambda d: {**d, "game": "1"}, 'game is a whole number from 0 to 2, not "1"'),
        (lambda d: {**d, "game": 3}, "game is a whole number from 0 to 2, not 3"),
        (lambda d: {**d, "seed": 9}, "seed is 9, but game 1 is played with 1"),
        (lambda d: {**d, "decisions": True}, "decisions is a whole number of 0 or more, not true"),
        (lambda d: {**d, "first_player": -1}, "first_player is a whole number from 0 to 2, not -1"),
        (lambda d: {**d, "hands": []}, "hands is a list of one hand or more, not []"),
        (lambda d: {**d, "extra": 1}, 'the line has an unknown field "extra"'),
        (lambda d: [d], 'the line is a JSON object, not [{"game": 1, "seed": 1, "totals": [10...'),
        (
            lambda d: {k: v for k, v in d.items() if k != "check"},
            "the line has no 'check' (a file written before lines had one: start a new file)",
        ),
        (
            lambda d: {k: v for k, v in d.items() if k != "decisions"},
            "the line has no 'decisions'",
        ),
        (
            lambda d: {**d, "hands": [{**d["hands"][0], "ended": "won"}, *d["hands"][1:]]},
            'hand 0: ended is one of went_out, stock, turn_limit, not "won"',
        ),
        (
            lambda d: {**d, "hands": [*d["hands"][:1], {**d["hands"][1], "turns": 2.5}]},
            "hand 1: turns is a whole number of 0 or more, not 2.5",
        ),
        (
            lambda d: {**d, "hands": [{**d["hands"][0], "went_out": None}, *d["hands"][1:]]},
            "hand 0: went_out is null in a hand that ended went_out",
        ),
        (
            lambda d: {**d, "totals": [t + 1 for t in d["totals"]]},
            "totals [105, 17, 196] are not the sums of the hands' scores [104, 16, 195]",
        ),
        (
            lambda d: {**d, "decisions": d["decisions"] + 1},
            "its check does not match it: the line was changed after it was written",
        ),
    ],
)
def test_every_line_of_a_file_carried_on_with_is_checked(
    tmp_path: Path, change: Any, message: str
) -> None:
    sim = short(games=3)
    out = tmp_path / "games.jsonl"
    simulate(sim, workers=1, output=out)
    rewrite(out, 3, change)
    before = out.read_bytes()
    with pytest.raises(SimulationError) as caught:
        simulate(sim, workers=1, output=out)
    assert str(caught.value) == f"{out}, line 3: {message}"
    assert out.read_bytes() == before


def test_a_line_of_another_simulation_or_twice_the_same_game_is_refused(tmp_path: Path) -> None:
    sim, other = short(games=3), Simulation.of(SHORT, 3, ["random"], 3)
    out, elsewhere = tmp_path / "games.jsonl", tmp_path / "other.jsonl"
    simulate(sim, workers=1, output=out)
    simulate(other, workers=1, output=elsewhere)
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    foreign = elsewhere.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join([lines[0], lines[1], foreign[2]]), encoding="utf-8")
    with pytest.raises(SimulationError) as caught:
        simulate(sim, workers=1, output=out)
    assert str(caught.value) == (
        f"{out}, line 3: its check does not match it: the line was changed after it was written"
    )
    out.write_text("".join([lines[0], lines[2], lines[1], lines[2]]), encoding="utf-8")
    with pytest.raises(SimulationError) as caught:
        simulate(sim, workers=1, output=out)
    assert str(caught.value) == f"{out}, line 4: game 1 is on line 2 already"


def test_a_sample_of_the_games_is_played_again(tmp_path: Path) -> None:
    sim = short(games=3)
    out = tmp_path / "games.jsonl"
    simulate(sim, workers=1, output=out)
    # A line whose check is right (as from a file of an engine that played differently).
    rewrite(out, 4, lambda d: resigned(sim, {**d, "decisions": d["decisions"] + 1}))
    with pytest.raises(SimulationError) as caught:
        simulate(sim, workers=1, output=out)
    assert str(caught.value) == (
        f"{out}, line 4: game 2 is not the game its seed gives with these rules and bots (a "
        "file of another version of rummy500?)"
    )


def with_totals(data: dict[str, Any], hands: list[dict[str, Any]]) -> dict[str, Any]:
    """``data`` with these hands, and the totals they sum to."""
    totals = [sum(column) for column in zip(*(hand["scores"] for hand in hands), strict=True)]
    return {**data, "hands": hands, "totals": totals}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: {**d, "winner": 0}, "winner is 0, but the hands' scores make it 2"),
        (lambda d: {**d, "winner": None}, "winner is null, but the hands' scores make it 2"),
        (
            lambda d: {
                **d,
                "hands": [{**d["hands"][0], "player_scores": [53, 23, 55]}, d["hands"][1]],
            },
            "hand 0: scores [53, 23, 54] are not player_scores summed by side [53, 23, 55]",
        ),
        (
            lambda d: with_totals(d, d["hands"][:1]),
            "the game is not over after hand 0, its last",
        ),
        (
            lambda d: with_totals(d, [*d["hands"], d["hands"][1]]),
            "the game is over after hand 1, not after the last of its 3 hands",
        ),
    ],
)
def test_the_fields_of_a_line_must_agree_even_with_its_check_computed_again(
    tmp_path: Path, change: Any, message: str
) -> None:
    # Game 1 of short(3): hands scored [53, 23, 54] and [51, -7, 141], won by side 2.
    sim = short(games=3)
    out = tmp_path / "games.jsonl"
    simulate(sim, workers=1, output=out)
    rewrite(out, 3, lambda d: resigned(sim, change(d)))
    with pytest.raises(SimulationError) as caught:
        simulate(sim, workers=1, output=out)
    assert str(caught.value) == f"{out}, line 3: {message}"


def test_a_line_edited_with_care_in_a_game_not_played_again_is_taken(tmp_path: Path) -> None:
    # What the module's documentation says: the check is against accidents. Of six games, the
    # first, second, fourth and last are played again: the third is not.
    sim = short(games=6)
    out = tmp_path / "games.jsonl"
    honest = Summary.of(sim, simulate(sim, workers=1, output=out))

    def more_calls(data: dict[str, Any]) -> dict[str, Any]:
        hands = [{**data["hands"][0], "calls": 40}, *data["hands"][1:]]
        return resigned(sim, {**data, "hands": hands})

    rewrite(out, 4, more_calls)
    edited = Summary.of(sim, simulate(sim, workers=1, output=out))
    assert edited.calls_per_hand.value == pytest.approx(honest.calls_per_hand.value + 40 / 12)


def test_a_file_that_is_not_text_or_too_deep_is_refused(tmp_path: Path) -> None:
    sim = short(games=3)
    out = tmp_path / "games.jsonl"
    simulate(sim, workers=1, output=out)
    whole = out.read_bytes()
    out.write_bytes(whole + b"\xff\xfe\n")
    with pytest.raises(SimulationError) as caught:
        simulate(sim, workers=1, output=out)
    assert str(caught.value) == f"{out}, line 5: not UTF-8 text"
    out.write_bytes(b"[" * 100_000 + b"]" * 100_000 + b"\n")
    with pytest.raises(SimulationError) as caught:
        simulate(sim, workers=1, output=out)
    assert str(caught.value).startswith(f"{out} holds the games of another simulation")


def test_the_ray_backend_caps_its_workers_and_carries_on_with_a_checked_file(
    tmp_path: Path,
) -> None:
    pytest.importorskip("ray")
    sim = short(games=3)
    whole, out = tmp_path / "whole.jsonl", tmp_path / "games.jsonl"
    simulate(sim, workers=1, output=whole)
    lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text(lines[0] + lines[2].replace('"turns": ', '"turns": -'), encoding="utf-8")
    with pytest.raises(SimulationError) as caught:
        simulate(sim, backend="ray", output=out)
    assert str(caught.value).startswith(f"{out}, line 2: hand 0: turns is a whole number of 0")
    out.write_text(lines[0] + lines[2], encoding="utf-8")
    plans: list[Plan] = []
    handler = signal.getsignal(signal.SIGTERM)
    simulate(sim, backend="ray", workers=40, output=out, announce=plans.append)
    assert plans == [Plan("ray", 2, 3, 2, 40, "no more than the games to play")]
    assert out.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")
    assert signal.getsignal(signal.SIGTERM) is handler
