"""The "Compare the variants" page is what its committed data gives, with every plot it shows."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType

from helpers_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def script() -> ModuleType:
    return load_script("compare_variants")


def test_the_page_is_what_the_data_gives() -> None:
    compare = script()
    data = json.loads(compare.DATA.read_text(encoding="utf-8"))
    assert compare.PAGE.read_text(encoding="utf-8") == compare.page(data), (
        "docs/compare-variants.md is out of date: python scripts/compare_variants.py render"
    )


def test_the_data_covers_every_preset_at_every_count_it_allows_with_enough_games() -> None:
    compare = script()
    data = json.loads(compare.DATA.read_text(encoding="utf-8"))
    assert data["games"] >= 2000
    wanted = {f"{name}/{n}" for name in compare.presets.names() for n in compare.allowed(name)}
    assert set(data["results"]) == wanted
    assert all(r["games"] == data["games"] for r in data["results"].values())


def test_every_plot_the_page_shows_is_there() -> None:
    compare = script()
    text = compare.PAGE.read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert images
    for image in images:
        assert (ROOT / "docs" / image).is_file(), image


def _result(hands: list[float], turns: list[float], sd: float) -> dict[str, object]:
    return {
        "hands_per_game": hands,
        "turns_per_hand": turns,
        "hand_score_sd": sd,
        "score_histogram": [[-10, 1], [0, 1], [10, 2]],
    }


def test_an_interval_reads_on_one_line_and_is_never_narrowed() -> None:
    compare = script()
    nbsp = "\u00a0"
    assert compare._num([4.923, 4.891, 4.954], 2) == f"4.92{nbsp}±{nbsp}0.04"
    assert compare._pct([0.0004, 0.0001, 0.0009]) == f"0.04%{nbsp}±{nbsp}0.1"
    assert compare._pct([0.5, 0.48, 0.52]) == f"50.0%{nbsp}±{nbsp}2.0"


def test_the_guide_tables_for_a_small_sample() -> None:
    compare = script()
    results = {
        "standard/2": _result([5.0, 4.9, 5.1], [15.0, 14.9, 15.1], 42.0),
        "standard/4": _result([9.0, 8.9, 9.1], [18.0, 17.9, 18.1], 38.0),
        "partnership/4": _result([5.4, 5.3, 5.5], [17.6, 17.5, 17.7], 37.8),
    }
    assert compare.minutes(results["standard/2"]) == 35.0
    assert compare.below_zero(results["standard/2"]) == 0.25
    table = compare._by_count_table(
        results,
        [
            ("hands", lambda r: f"{r['hands_per_game'][0]:.1f}"),
            ("minutes", lambda r: f"{compare.minutes(r):.0f}"),
        ],
    )
    assert table == [
        "| preset | 2 players: hands | minutes | 4 players: hands | minutes |",
        "| --- | ---: | ---: | ---: | ---: |",
        "| `standard` | 5.0 | 35 | 9.0 | 72 |",
        "| `partnership` | — | — | 5.4 | 42 |",
    ]


def test_house_and_hosted_play_the_same_game_at_2_and_3_players_only() -> None:
    compare = script()
    assert compare.differing_fields("house", "hosted") == ["deal_size"]
    assert [n for n in (2, 3, 4) if compare.plays_alike("house", "hosted", n)] == [2, 3]
    assert [n for n in (2, 3, 4) if compare.plays_alike("standard", "bicycle", n)] == [2, 3, 4]
    assert not compare.plays_alike("standard", "rummy_1000", 2)


def test_presets_that_play_alike_have_identical_data_and_no_others_do() -> None:
    compare = script()
    results = json.loads(compare.DATA.read_text(encoding="utf-8"))["results"]
    for first in results:
        for second in results:
            a, n = first.split("/")
            b, m = second.split("/")
            if a < b and n == m:
                alike = compare.plays_alike(a, b, int(n))
                assert (results[first] == results[second]) == alike, (first, second)


def test_every_interval_in_the_page_tables_is_on_one_line() -> None:
    compare = script()
    text = compare.PAGE.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert any("±" in row for row in rows)
    assert not any(" ± " in row for row in rows)
    assert " (" not in "".join(row.split("|", 2)[2] for row in rows if "±" in row)
