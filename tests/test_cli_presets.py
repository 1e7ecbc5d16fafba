"""The command line plays every preset: `rummy500 presets` and `rummy500 play --preset NAME`."""

from __future__ import annotations

import pytest

from rummy500 import presets
from rummy500.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_presets_command_lists_every_preset_with_its_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "presets")
    assert code == 0
    lines = out.splitlines()
    for name in presets.names():
        summary = presets.PRESETS[name].summary
        assert any(line.startswith(name) and summary in line for line in lines), name
    assert "pcio = playingcards_io" in out


@pytest.mark.parametrize("name", presets.names())
def test_play_runs_every_preset_to_a_winner(capsys: pytest.CaptureFixture[str], name: str) -> None:
    config = presets.get(name)
    target = [] if config.target is None else ["--target", "150"]
    code, out, _ = run(capsys, "play", "--preset", name, "--seed", "5", "--quiet", *target)
    assert code == 0
    assert f"({name} rules)" in out.splitlines()[0]
    last = out.strip().splitlines()[-1]
    assert " with " in last
    assert last.endswith(" points.")


def test_preset_names_are_case_insensitive_and_accept_aliases(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "play", "--preset", "PCIO", "--seed", "2", "--quiet")
    assert code == 0
    assert "(PCIO rules)" in out


def test_unknown_preset_is_a_usage_error_listing_the_presets(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "play", "--preset", "gin", "--seed", "1")
    assert code == 2
    assert "no preset called 'gin'" in err
    assert "standard" in err
    assert "persian" in err


def test_player_count_outside_the_preset_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--preset", "persian", "--players", "3", "--seed", "1")
    assert code == 2
    assert "persian rules are for 4 to 4 players, not 3" in err


def test_partnership_score_sheet_has_a_column_per_team(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "play", "--preset", "partnership", "--seed", "4", "--quiet")
    assert code == 0
    sheet = out[out.rindex("Score sheet") :].splitlines()
    assert "P0+P2" in sheet[1]
    assert "P1+P3" in sheet[1]
    assert sheet[-1].startswith(("P0+P2 win with", "P1+P3 win with"))


def test_a_two_deal_game_says_how_many_hands_it_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "play", "--preset", "persian", "--seed", "9", "--quiet")
    assert code == 0
    assert "playing 2 hands" in out.splitlines()[0]
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit() and "|" in line]
    assert len(rows) >= 2  # two deals, and more only to break a tie


def test_highest_card_deals_first_under_playingcards_io(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "play", "--preset", "playingcards_io", "--seed", "3")
    assert code == 0
    assert "drew the highest card (ace high) and deals first" in out
