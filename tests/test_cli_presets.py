"""The command line plays every preset: `rummy500 presets` and `rummy500 play --preset NAME`."""

from __future__ import annotations

import pytest

from rummy500 import presets
from rummy500.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


_PRESETS_OUTPUT = (
    "standard         The standard rules of Rummy 500: the defaults of RuleConfig\n"
    "                 Source: The rule book's main rules, written from Bicycle Cards "
    "and checked against Pagat\n"
    "                 Aliases: default, 500, 500rum, 500rummy, rummy500, pinochlerummy\n"
    "bicycle          One deck for every player count, 2 to 5 players\n"
    "                 Source: The Bicycle Cards rules, as the rule book's \"Where the "
    'sources differ" table gives them\n'
    "                 Aliases: bicyclecards\n"
    "pagat            Two wild jokers a deck, keep the top discard, calling rummy\n"
    "                 Source: Pagat's 500 Rummy, as the rule book's \"Where the "
    'sources differ" table gives it\n'
    "wikipedia        The deepest card starts a new meld, ace to 9 count 5, going out decides\n"
    "                 Source: Wikipedia's 500 rum, as the rule book reports it\n"
    "                 Aliases: wiki\n"
    "fosdick          Five-point cards, 2 to 6 players\n"
    '                 Source: Howard Fosdick\'s "Scoring Rummies" article (archived '
    "at Pagat), as the rule book reports it\n"
    "                 Aliases: scoringrummies\n"
    "house            Ten cards to 2-3 players, wrap-around runs, aces 15, 2-9 five, "
    "final discard\n"
    '                 Source: The online game\'s ranked "House rules" preset\n'
    "                 Aliases: houserules\n"
    "classic          As the house preset without wrapping, aces 5\n"
    '                 Source: The online game\'s ranked "Classic" preset\n'
    "competitive      As the classic preset with 2-9 at face value\n"
    '                 Source: The online game\'s ranked "Competitive" preset\n'
    "hosted           As the house preset with ten cards to everyone\n"
    "                 Source: A new hosted table of the online game, before the host "
    "changes anything\n"
    "                 Aliases: hostedtable\n"
    "playingcards_io  2-4 players, two wild jokers, highest card deals, calling rummy\n"
    "                 Source: 500 Rummy on PlayingCards.io\n"
    "                 Aliases: pcio\n"
    "partnership      Four players in two teams of two\n"
    "                 Source: Partnership Rummy 500, from the rule book's \"Other "
    'ways to play"\n'
    "                 Aliases: partners, partnerships, partnershiprummy\n"
    "persian          Two teams of two, four jokers that are not wild (sets of "
    "jokers only), two deals\n"
    "                 Source: Persian Rummy: the short rules page, and the game as "
    "commonly described\n"
    "                 Aliases: persianrummy\n"
    "rummy_1000       The standard rules played to 1,000 points\n"
    "                 Source: The short rules page's house rule of playing to 1,000\n"
    "                 Aliases: 1000, 1000rum, 1000rummy\n"
    "\n"
    "Names and aliases are case-insensitive and ignore spaces, dashes, dots and underscores.\n"
)


def test_presets_command_lists_every_preset_with_its_summary_source_and_aliases(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "presets")
    assert code == 0
    assert err == ""
    assert out == _PRESETS_OUTPUT


def test_presets_command_reads_the_records(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "presets")
    lines = out.splitlines()
    width = max(len(name) for name in presets.names())
    indent = " " * (width + 2)
    for record in presets.PRESETS.values():
        at = lines.index(f"{record.name:<{width}}  {record.summary}")
        assert lines[at + 1] == f"{indent}Source: {record.source}"
        if record.aliases:
            assert lines[at + 2] == f"{indent}Aliases: {', '.join(record.aliases)}"


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
    assert err.splitlines()[-1] == (
        "rummy500 play: error: --players: the persian rules are for 4 players, not 3"
    )


def test_partnership_score_sheet_has_a_column_per_team(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "play", "--preset", "partnership", "--seed", "4", "--quiet")
    assert code == 0
    sheet = out[out.rindex("Score sheet") :].splitlines()
    assert "P0+P2" in sheet[1]
    assert "P1+P3" in sheet[1]
    assert sheet[-1].startswith(("P0+P2 win with", "P1+P3 win with"))
    # Each player's score of the hand stands beside the team's.
    assert sheet[1:4] == [
        "Hand |          P0+P2          |          P1+P3",
        "     |    P0    P2  team total |    P1    P3  team total",
        "-----+-------------------------+-------------------------",
    ]
    assert sheet[4] == "   1 |    48    97   145   145 |    70   -13    57    57"
    for row in sheet[4:-1]:
        for team in row.split("|")[1:]:
            first, second, score, _ = map(int, team.split())
            assert first + second == score


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
