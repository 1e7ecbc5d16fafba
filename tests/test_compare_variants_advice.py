"""The advice that ends the guide of "Compare the variants", and how the page writes a share."""

from __future__ import annotations

import json
import re
from types import ModuleType
from typing import Any

import pytest

from helpers_scripts import load_script, load_web

NBSP = "\u00a0"


def advice() -> ModuleType:
    return load_script("compare_variants_advice")


def figures_module() -> ModuleType:
    """The figures of the "Try a variant" page, whose share texts the guide uses too."""
    return load_web("variant_figures")


@pytest.mark.parametrize(
    ("value", "digits", "text"),
    [
        (0.9995, 1, "99.95%"),
        (0.0004, 1, "0.04%"),
        (0.0002, 1, "0.02%"),
        (1.0, 1, "100.0%"),
        (0.0, 1, "0.0%"),
        (0.123, 1, "12.3%"),
        (0.003, 0, "0.3%"),
        (0.11, 0, "11%"),
    ],
)
def test_a_share_short_of_all_or_above_none_is_never_written_as_all_or_none(
    value: float, digits: int, text: str
) -> None:
    assert figures_module().share(value, digits) == text


def test_a_share_and_its_interval_read_on_one_line() -> None:
    share_text = figures_module().share_text
    assert share_text([0.9995, 0.9988, 0.9998]) == f"99.95%{NBSP}±{NBSP}0.1"
    assert share_text([0.123, 0.117, 0.129]) == f"12.3%{NBSP}±{NBSP}0.6"
    assert share_text([1.0, 0.9981, 1.0]) == f"100.0%{NBSP}±{NBSP}0.2"


def _result(
    hands: float, turns: float, sd: float, stock: list[float], wins: list[float], sides: int
) -> dict[str, Any]:
    return {
        "hands_per_game": [hands, hands - 0.05, hands + 0.05],
        "turns_per_hand": [turns, turns - 0.1, turns + 0.1],
        "hand_score_sd": sd,
        "stock_exhausted": stock,
        "going_out": [1 - stock[0], 1 - stock[2], 1 - stock[1]],
        "first_player_wins": wins,
        "sides": sides,
    }


#: Four rule sets at 2 and 4 players: `house` and `hosted` play the same game at 2 players
#: only, and at 4 `hosted` is the shortest, its stock runs out often and its first seat wins
#: more than a fair share.
RESULTS = {
    "standard/2": _result(4.92, 15.5, 42.2, [0.001, 0.0005, 0.002], [0.499, 0.477, 0.521], 2),
    "house/2": _result(6.06, 17.2, 42.0, [0.0002, 0.0, 0.0006], [0.496, 0.474, 0.518], 2),
    "hosted/2": _result(6.06, 17.2, 42.0, [0.0002, 0.0, 0.0006], [0.496, 0.474, 0.518], 2),
    "rummy_1000/2": _result(9.56, 15.5, 41.9, [0.001, 0.0005, 0.002], [0.492, 0.47, 0.514], 2),
    "standard/4": _result(9.15, 17.6, 38.0, [0.008, 0.006, 0.010], [0.248, 0.229, 0.268], 4),
    "house/4": _result(10.02, 16.9, 35.2, [0.006, 0.004, 0.008], [0.25, 0.231, 0.27], 4),
    "hosted/4": _result(7.58, 13.2, 33.8, [0.123, 0.117, 0.129], [0.3, 0.28, 0.32], 4),
    "rummy_1000/4": _result(19.13, 17.6, 38.1, [0.008, 0.006, 0.010], [0.238, 0.22, 0.257], 4),
}


def test_the_advice_cites_the_figures_of_each_plot_it_draws_on() -> None:
    edge = "([The first player's edge](#how-hands-end-and-the-first-players-edge))"
    assert advice().advice({"results": RESULTS}) == [
        "### In short",
        "",
        "What the figures on this page say, with the plot each comes from:",
        "",
        "- For a short 2-player game, pick `standard`: 4.92 hands a game, about 35 minutes "
        "([Hands per game, 2 players](#2-players)).",
        "- For a short 4-player game, pick `hosted`: 7.58 hands a game against 9.15 for "
        "`standard`, about 50 minutes against 70 ([Hands per game, 4 players](#4-players)).",
        "- For a long game at 2 and 4 players, pick `rummy_1000`: 9.56 and 19.13 hands a game "
        "against 4.92 and 9.15 for `standard`, about 70 and 150 minutes ([Hands per game, 2 "
        "players](#2-players), [Hands per game, 4 players](#4-players)).",
        "- At 2 players `standard` has scores as steady as any: a player's hand score spreads "
        "42 points (standard deviation), the least of all to the nearest point ([Hand scores, "
        "2 players](#2-players)).",
        "- For the steadiest scores at 4 players, pick `hosted`: a player's hand score spreads "
        "34 points (standard deviation) against 38 in `standard`, a narrower curve than the "
        "grey one ([Hand scores, 4 players](#4-players)).",
        "- At 4 players, avoid `hosted` if hands should end by going out: its stock ran out in "
        f"12.3%{NBSP}±{NBSP}0.6 of hands against 0.8%{NBSP}±{NBSP}0.2 in `standard`; `house`, "
        "the same game at 2 players, runs out in 0.6% ([How hands end]"
        "(#how-hands-end-and-the-first-players-edge)).",
        f"- The first seat is favoured in `hosted` at 4 players (30.0%{NBSP}±{NBSP}2.0 against "
        "25.0%); a fair share lies within the 95% interval of the first player's wins in 7 of "
        f"the 8 rule sets and player counts {edge}.",
    ]


def test_a_short_game_no_shorter_than_standard_is_said_so() -> None:
    results = {
        "standard/2": RESULTS["standard/2"],
        "pagat/2": _result(4.88, 14.7, 40.7, [0.001, 0.0005, 0.002], [0.496, 0.474, 0.518], 2),
    }
    assert advice().short_games(results) == [
        "For a short 2-player game, `standard` will do: 4.92 hands a game, about 35 minutes; "
        "the shortest, `pagat`, plays 4.88 hands in about as long ([Hands per game, 2 players]"
        "(#2-players)).",
    ]


def test_hands_that_all_end_by_going_out_are_said_to() -> None:
    results = {k: v for k, v in RESULTS.items() if k != "hosted/4"}
    assert advice().going_out(results) == [
        "Every rule set ends its hands by a player going out: in at least 99.2% of them at "
        "every player count ([How hands end](#how-hands-end-and-the-first-players-edge)).",
    ]


def test_every_plot_the_advice_cites_is_shown_in_the_section_it_links_to() -> None:
    compare = load_script("compare_variants")
    data = json.loads(compare.DATA.read_text(encoding="utf-8"))
    text = compare.page(data)
    advice_text = text.split("### In short", 1)[1].split("\n## ", 1)[0]
    cited = re.findall(r"\[([^\]]+)\]\(#([^)]+)\)", advice_text)
    assert cited
    sections = {
        re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-"): body
        for heading, body in re.findall(r"^## (.+)\n((?:(?!^## ).*\n)*)", text, re.M)
    }
    for title, anchor in cited:
        assert f"![{title}](" in sections[anchor], (title, anchor)
