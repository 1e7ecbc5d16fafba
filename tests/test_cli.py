"""The ``rummy500`` command: watching a game, playing a seat from stdin, and bad options."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rummy500
from rummy500.cli import main

SHEET_ROW = re.compile(r"^\s*(\d+) \|(.*)$")
WINNER = re.compile(r"^(\S+) wins? with (-?\d+) points\.$", re.MULTILINE)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def last_sheet(out: str) -> tuple[list[str], list[list[tuple[int, int]]]]:
    """The names and rows (hand score, running total per player) of the last score sheet."""
    lines = out.splitlines()
    start = max(i for i, line in enumerate(lines) if line == "Score sheet")
    names = [cell.strip() for cell in lines[start + 1].split("|")[1:]]
    rows = []
    for line in lines[start + 4 :]:
        m = SHEET_ROW.match(line)
        if not m:
            break
        nums = [int(x) for x in m.group(2).replace("|", " ").split()]
        rows.append(list(zip(nums[::2], nums[1::2], strict=True)))
    return names, rows


def test_watching_a_game_prints_turns_a_score_sheet_and_the_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "play", "--seed", "3", "--players", "3")
    assert code == 0
    assert err == ""
    assert "Rummy 500 (standard rules): 3 players, playing to 500 points, seed 3" in out
    # Each turn: who is to play, the public table, the moves in words.
    assert "P0 to play." in out
    assert "Discard pile (oldest first, top last):" in out
    assert re.search(r"Stock: \d+ cards\.", out)
    assert re.search(r"^  P\d (draws from the stock|takes|digs)", out, re.MULTILINE)
    assert re.search(r"^  P\d discards ", out, re.MULTILINE)
    names, rows = last_sheet(out)
    assert names == ["P0", "P1", "P2"]
    hands_over = re.findall(r"^Hand (\d+) is over", out, re.MULTILINE)
    assert [int(h) for h in hands_over] == list(range(1, len(rows) + 1))
    # Every row: the running total is the previous total plus the hand's score.
    totals = [0, 0, 0]
    for row in rows:
        for p, (score, total) in enumerate(row):
            totals[p] += score
            assert total == totals[p]
    assert any(score < 0 for row in rows for score, _ in row), "no minus score in this game"
    won = WINNER.findall(out)
    assert len(won) == 1
    name, points = won[0]
    assert int(points) == max(totals) >= 500
    assert names[totals.index(max(totals))] == name
    assert out.rstrip().endswith(f"{name} wins with {points} points.")


def test_the_sheet_matches_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--seed", "8", "--players", "2", "--quiet")
    assert code == 0
    _, rows = last_sheet(out)
    # Replay: the printed hand scores are a game of the engine with this seed, so each hand's
    # scores must sum to the table points minus the hand points printed for it.
    for number, row in enumerate(rows, 1):
        block = out.split(f"Hand {number} is over")[1].split("Score sheet")[0]
        printed = [int(x) for x in re.findall(r"= +(-?\d+)", block)]
        assert printed == [score for score, _ in row]
        for t, h, s in re.findall(r"table +(\d+) - hand +(\d+) = +(-?\d+)", block):
            assert int(t) - int(h) == int(s)


def test_the_same_seed_gives_the_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("play", "--seed", "12", "--players", "4", "--target", "200")
    first = run(capsys, *argv)
    second = run(capsys, *argv)
    other = run(capsys, "play", "--seed", "13", "--players", "4", "--target", "200")
    assert first == second
    assert first[1] != other[1]


def test_target_players_and_bots_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "play", "--seed", "1", "--players", "5", "--target", "150", "--bots", "random"
    )
    assert code == 0
    assert "5 players, playing to 150 points" in out
    assert "Seats: P0 (random bot), P1 (random bot), P2 (random bot), P3 (random bot)" in out
    names, rows = last_sheet(out)
    assert names == ["P0", "P1", "P2", "P3", "P4"]
    final = [total for _, total in rows[-1]]
    assert max(final) >= 150
    assert all(max(total for _, total in row) < 150 for row in rows[:-1])


def test_quiet_prints_only_hand_results(capsys: pytest.CaptureFixture[str]) -> None:
    _, loud, _ = run(capsys, "play", "--seed", "5", "--players", "2", "--target", "150")
    _, quiet, _ = run(capsys, "play", "--seed", "5", "--players", "2", "--target", "150", "--quiet")
    assert "to play." not in quiet
    assert "draws from the stock" not in quiet
    assert "to play." in loud
    assert last_sheet(quiet) == last_sheet(loud)
    assert WINNER.findall(quiet) == WINNER.findall(loud)


def test_ascii_output_is_pure_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--seed", "2", "--players", "3", "--ascii")
    assert code == 0
    assert out.isascii()
    assert re.search(r"\b(10|[2-9AJQK])[CDHS]\b", out)
    _, uni, _ = run(capsys, "play", "--seed", "2", "--players", "3")
    assert not uni.isascii()
    assert last_sheet(out) == last_sheet(uni)


def test_table_melds_are_numbered_as_in_layoff(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", "--seed", "3", "--players", "3", "--ascii")
    # A lay-off "on meld N" names the meld shown as "N:" in the table just before it.
    lines = out.splitlines()
    checked = 0
    for i, line in enumerate(lines):
        m = re.match(r"^  P\d lays off (.+?) on meld (\d+)", line)
        if not m:
            continue
        j = max(k for k in range(i) if "Table melds" in lines[k])
        shown = {
            int(mm.group(1)): mm.group(2).split()
            for k in range(j + 1, i)
            if (mm := re.match(r"^ +(\d+): (.+?)   \(", lines[k]))
        }
        meld = shown[int(m.group(2))]
        # The cards laid off belong to that meld: its suit (a run) or its rank (a set).
        for card in m.group(1).split():
            assert all(c[-1] == card[-1] for c in meld) or all(c[:-1] == card[:-1] for c in meld)
        checked += 1
    assert checked > 0


# -- a human seat ---------------------------------------------------------------------------


def play_with_input(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    text: str,
    *argv: str,
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["play", *argv])
    return code, capsys.readouterr().out


def test_a_human_seat_explains_bad_input_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = ["hello", "0", "99", "-3", "meld 2S 3S 4S", "discard ZZ", "take 4S 5S", "?"]
    code, out = play_with_input(
        capsys, monkeypatch, "\n".join([*bad, "draw"]) + "\n", "--seed", "4", "--seat", "0"
    )
    assert code == 0
    assert "You (seat 0)" in out
    assert "Your hand:" in out
    assert "Your legal moves:" in out
    assert re.search(r"^ +1\. draw$", out, re.MULTILINE)
    # A message for each bad answer, then the prompt again.
    assert "Cannot read that move: unknown move 'hello'" in out
    assert "There is no move 0: choose a number from 1 to" in out
    assert "There is no move 99: choose a number from 1 to" in out
    assert "There is no move -3: choose a number from 1 to" in out
    assert "'meld 2♠ 3♠ 4♠' is illegal: a turn starts with a draw" in out
    assert "Cannot read that move: 'discard ZZ': cannot read 'ZZ' as a card" in out
    assert "'take 4♠ 5♠' is illegal: a take names the deepest card" in out
    assert "Type the number of a legal move" in out
    assert out.count("Your move (") == len(bad) + 2
    assert "  You draw K♦ from the stock." in out.splitlines()
    # Then the input runs out: the game stops cleanly.
    assert out.rstrip().endswith("Game abandoned.")


@pytest.mark.parametrize("word", ["q", "quit", "EXIT"])
def test_a_human_can_quit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, word: str
) -> None:
    code, out = play_with_input(
        capsys, monkeypatch, f"{word}\ndraw\n", "--seed", "1", "--seat", "1"
    )
    assert code == 0
    assert out.count("Your move (") == 1
    assert "Game abandoned." in out
    assert "You draw" not in out


def test_end_of_input_at_the_first_prompt_exits_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = play_with_input(capsys, monkeypatch, "", "--seed", "1", "--seat", "2")
    assert code == 0
    assert out.count("Your move (") == 1
    assert out.rstrip().endswith("Game abandoned.")


def test_a_human_can_play_a_whole_game_by_move_text_and_number(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Always answer "1" (the first legal move) but start each turn with the text "draw"
    # where a draw is the first move, to use both kinds of answer.
    answers = "\n".join(["draw", *(["1"] * 3000)]) + "\n"
    code, out = play_with_input(
        capsys,
        monkeypatch,
        answers,
        "--seed",
        "7",
        "--players",
        "2",
        "--seat",
        "1",
        "--target",
        "100",
        "--quiet",
    )
    assert code == 0
    assert "Game abandoned." not in out
    names, rows = last_sheet(out)
    assert names == ["P0", "You"]
    assert len(WINNER.findall(out)) == 1
    name, points = WINNER.findall(out)[0]
    final = [total for _, total in rows[-1]]
    assert int(points) == max(final) >= 100
    assert name == names[final.index(max(final))]
    # Each draw names the card drawn, to the player who drew it.
    draws = [line for line in out.splitlines() if line.startswith("  You draw")]
    assert draws
    assert all(re.fullmatch(r"  You draw (10|[2-9AJQK])[♣♦♥♠] from the stock\.", d) for d in draws)


def test_the_human_sees_their_own_hand_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = play_with_input(capsys, monkeypatch, "", "--seed", "9", "--seat", "0", "--ascii")
    assert code == 0
    state = rummy500.new_game(players=3, seed=9)
    mine = " ".join(c.ascii for c in state.hands[0])
    assert f"Your hand: {mine}" in out
    for p in (1, 2):
        assert " ".join(c.ascii for c in state.hands[p]) not in out


# -- options --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--players", "9"], "Rummy 500 is for 2 to 8 players, not 9"),
        (["play", "--players", "1"], "Rummy 500 is for 2 to 8 players, not 1"),
        (["play", "--players", "x"], "'x' is not a whole number"),
        (["play", "--seat", "3"], "a 3-player game has seats 0 to 2, not 3"),
        (["play", "--bots", "greedy,clever"], "unknown bot 'clever'"),
        (["play", "--target", "0"], "must be above zero"),
        (["play", "--hand-limit", "0"], "argument --hand-limit: must be above zero, not 0"),
        (
            ["play", "--preset", "persian", "--hand-limit", "1"],
            "error: --hand-limit: hand_limit and hands_per_game: hand_limit must be at least "
            "hands_per_game (2), not 1\n",
        ),
        (["play", "--colour"], "unrecognized arguments: --colour"),
        ([], "required: COMMAND"),
        (["rules"], "invalid choice: 'rules'"),
    ],
)
def test_bad_options_give_a_usage_error_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert "usage: rummy500" in err
    assert message in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.strip() == f"rummy500 {rummy500.__version__}"


def test_help_lists_the_play_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--help")
    assert code == 0
    options = ("--seed", "--players", "--bots", "--seat", "--ascii", "--target", "--quiet")
    for option in (*options, "--hand-limit"):
        assert option in out


@pytest.mark.processes
def test_python_dash_m_runs_the_command() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "rummy500",
            "play",
            "--seed",
            "6",
            "--players",
            "2",
            "--quiet",
            "--target",
            "100",
            "--ascii",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Score sheet" in result.stdout
    assert WINNER.search(result.stdout)


def test_a_terminal_without_suit_symbols_gets_ascii_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr(sys, "stdout", stream)
    code = main(["play", "--seed", "2", "--players", "2", "--target", "100"])
    stream.flush()
    assert code == 0
    text = raw.getvalue().decode("ascii")
    assert "Score sheet" in text
    assert re.search(r"\b(10|[2-9AJQK])[CDHS]\b", text)


def test_the_draw_for_the_first_deal_is_shown_with_its_tie_break(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seed, players = 2, 4
    state = rummy500.new_game(players=players, seed=seed)
    assert len(state.dealer_draw) > players, "this seed was picked for its tied draw"
    code, out, _ = run(
        capsys, "play", "--seed", str(seed), "--players", str(players), "--target", "100"
    )
    assert code == 0
    first = ", ".join(f"P{p} {state.dealer_draw[p]}" for p in range(players))
    assert f"Drawing for the deal: {first}" in out
    assert "Tie, drawing again: " in out
    assert f"P{state.dealer} drew the lowest card (ace low) and deals first." in out
    assert f"=== Hand 1: P{state.dealer} deals ===" in out
    assert f"P{(state.dealer + 1) % players} to play." in out.split("=== Hand 1")[1]


# -- the end of a game at the hand limit ----------------------------------------------------


def test_a_game_drawn_at_the_hand_limit_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "play", "--seed", "240", "--players", "2", "--hand-limit", "1", "--quiet"
    )
    assert (code, err) == (0, "")
    lines = out.rstrip().splitlines()
    assert lines[-6:] == [
        "Score sheet",
        "Hand |     P0     |     P1",
        "     | hand total | hand total",
        "-----+------------+------------",
        "   1 |   79    79 |   79    79",
        "The game is drawn: P0 and P1 are tied at the top with 79 points after 1 hand, the most "
        "a game may last.",
    ]
    assert WINNER.findall(out) == []


def test_a_game_won_at_the_hand_limit_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "play", "--seed", "241", "--players", "2", "--hand-limit", "1", "--quiet"
    )
    assert code == 0
    _, rows = last_sheet(out)
    assert rows == [[(120, 120), (-49, -49)]]
    assert out.rstrip().splitlines()[-1] == (
        "P0 wins with 120 points after 1 hand, the most a game may last."
    )


def test_a_human_in_a_drawn_game_is_told_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = "1\n" * 500
    code, out = play_with_input(
        capsys,
        monkeypatch,
        answers,
        "--seed",
        "138",
        "--players",
        "2",
        "--seat",
        "0",
        "--hand-limit",
        "1",
        "--quiet",
        "--ascii",
    )
    assert code == 0
    assert out.rstrip().splitlines()[-1] == (
        "The game is drawn: You and P1 are tied at the top with 112 points after 1 hand, the "
        "most a game may last."
    )


def test_a_human_seat_explains_any_text_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = [
        "layoff ² 9S",
        "JK=" * 1000 + "6S",
        "meld " + "QH " * 20000,
        "discard " + "JK=" * 9 + "6S",
        "٣",
        "1_0",
        "9" * 5000,
        "\x00",
    ]
    code, out = play_with_input(
        capsys, monkeypatch, "\n".join([*bad, "draw"]) + "\n", "--seed", "4", "--seat", "0"
    )
    assert code == 0
    lines = out.splitlines()
    said = [line for line in lines if line.startswith(("Cannot ", "There is no move"))]
    assert said == [
        "Cannot read that move: 'layoff' needs a table meld id, then cards: 'layoff 2 9S'",
        "Cannot read that move: a move's text is at most 1000 characters, not 3002: "
        "'JK=JK=JK=JK=JK=JK=JK=JK=JK=JK=JK=JK=JK=J'…",
        "Cannot read that move: a move's text is at most 1000 characters, not 60004: "
        "'meld QH QH QH QH QH QH QH QH QH QH QH QH'…",
        "Cannot read that move: 'discard JK=JK=JK=JK=JK=JK=JK=JK=JK=6S': a card's text is at "
        "most 20 characters, not 29: 'JK=JK=JK=JK=JK=JK=JK=JK=JK=6S'",
        "Cannot read that move: unknown move '٣': a move starts with one of draw, take, meld, "
        "layoff, discard, decline, call, pass, deal",
        "Cannot read that move: unknown move '1_0': a move starts with one of draw, take, meld, "
        "layoff, discard, decline, call, pass, deal",
        "Cannot read that move: a move's text is at most 1000 characters, not 5000: "
        "'9999999999999999999999999999999999999999'…",
        "Cannot read that move: unknown move '\\x00': a move starts with one of draw, take, "
        "meld, layoff, discard, decline, call, pass, deal",
    ]
    assert out.count("Your move (") == len(bad) + 2
    assert "  You draw K♦ from the stock." in out.splitlines()
    assert "Traceback" not in out
    assert out.rstrip().endswith("Game abandoned.")


SIMULATE = ("simulate", "--preset", "wikipedia", "--players", "2", "--games", "2", "--quiet")


def simulate_with_output(
    capsys: pytest.CaptureFixture[str], output: str, *extra: str
) -> tuple[int, str, str]:
    return run(capsys, *SIMULATE, "--workers", "1", "--output", output, *extra)


def test_simulate_refuses_an_output_it_cannot_write_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "nowhere" / "games.jsonl"
    assert simulate_with_output(capsys, str(missing)) == (
        2,
        "",
        f"rummy500 simulate: cannot write {missing}: there is no folder {missing.parent}\n",
    )
    assert simulate_with_output(capsys, str(tmp_path)) == (
        2,
        "",
        f"rummy500 simulate: {tmp_path} is a folder: give the name of a file for the output\n",
    )
    assert simulate_with_output(capsys, "") == (
        2,
        "",
        "rummy500 simulate: the output file's name is empty\n",
    )
    assert list(tmp_path.iterdir()) == []


def test_simulate_refuses_a_file_to_carry_on_with_that_is_not_its_output_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    assert simulate_with_output(capsys, str(out))[0] == 0
    header, first, second = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(header + first + b"\x80\x81 binary\n" + second)
    assert simulate_with_output(capsys, str(out)) == (
        2,
        "",
        f"rummy500 simulate: {out}, line 3: not UTF-8 text\n",
    )
    game = json.loads(first)
    game["turns"] = game.pop("decisions")
    out.write_bytes(header + json.dumps({**game, "hands": {"0": 1}}).encode() + b"\n")
    assert simulate_with_output(capsys, str(out)) == (
        2,
        "",
        f"rummy500 simulate: {out}, line 2: the line has no 'decisions'\n",
    )
    game["decisions"] = game.pop("turns")
    out.write_bytes(header + json.dumps({**game, "totals": [1.5, "2"]}).encode() + b"\n")
    assert simulate_with_output(capsys, str(out)) == (
        2,
        "",
        f'rummy500 simulate: {out}, line 2: totals is a list of 2 whole numbers, not [1.5, "2"]\n',
    )
    out.write_bytes(b"[" * 100_000 + b"]" * 100_000 + b"\n")
    assert simulate_with_output(capsys, str(out)) == (
        2,
        "",
        f"rummy500 simulate: {out} holds the games of another simulation (or is not a "
        "simulation's output): give another output file, or the same parameters to carry on "
        "with it\n",
    )


@pytest.mark.processes
def test_simulate_starts_no_more_workers_than_games_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, *SIMULATE, "--workers", "40")
    assert code == 0
    assert out.splitlines()[0] == "2 games of wikipedia, 2 players, seeds 0 to 1: greedy / random"
    assert err == (
        "rummy500 simulate: playing 2 games on 2 worker processes (40 asked for: no more than "
        "the games to play)\n"
    )


def test_simulate_help_gives_the_worker_cap(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0
    assert (
        "processes that play the games (default: one per core); no more are started than "
        "the games to play, nor more than 4 per core: a larger number is reduced, and the "
        "run says so"
    ) in " ".join(out.split())
