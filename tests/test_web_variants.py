"""The Python of the "Try a variant" page (web/src/variants.py, variant_form.py and
variant_figures.py), run here as the page runs it in the browser: the form read from the
rules, the rule set built from it (with rummy500's own refusals), the seeded games played a few
at a time, and their figures, the same as the "Compare the variants" page computes."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import rummy500
from helpers_scripts import load_script, load_web
from rummy500 import ConfigError, RuleConfig, presets
from rummy500.simulate import Simulation, SimulationError, simulate

NBSP = "\u00a0"


variant_figures = load_web("variant_figures")
variant_form = load_web("variant_form")
variants = load_web("variants")

STANDARD = rummy500.to_data(RuleConfig())


# -- the form ------------------------------------------------------------------------------


def test_the_form_shows_every_field_of_the_rules_with_its_documentation() -> None:
    fields = variant_form.describe()
    # Every field RuleConfig is built from, in its order: a field added to the rules must be
    # shown (or describe() raises, below) before this passes.
    assert [f["name"] for f in fields] == [f.name for f in attrs.fields(RuleConfig) if f.init]
    for field in fields:
        assert field["kind"] in variant_form.KINDS, field
        assert field["doc"], f"{field['name']} has no documentation comment in RuleConfig"
        assert field["group"], f"{field['name']} is in no group of RuleConfig's source"
        assert field["default"] == STANDARD[field["name"]]
    assert [(f["name"], f["kind"], f["group"]) for f in fields] == [
        ("min_players", "whole", "players and the deal"),
        ("max_players", "whole", "players and the deal"),
        ("team_size", "whole", "players and the deal"),
        ("deal_size", "per_count", "players and the deal"),
        ("decks", "per_count", "players and the deal"),
        ("jokers_per_deck", "whole", "players and the deal"),
        ("first_dealer", "choice", "players and the deal"),
        ("aces", "choice", "melds"),
        ("wrap_around", "flag", "melds"),
        ("jokers_wild", "flag", "melds"),
        ("max_jokers_per_meld", "whole", "melds"),
        ("joker_only_melds", "flag", "melds"),
        ("join_melds", "flag", "melds"),
        ("keep_top_discard", "flag", "drawing"),
        ("deepest_card", "choice", "drawing"),
        ("empty_stock", "choice", "drawing"),
        ("calling", "choice", "drawing"),
        ("discard_to_go_out", "flag", "going out and scoring"),
        ("floating", "flag", "going out and scoring"),
        ("going_out_bonus", "whole", "going out and scoring"),
        ("card_values", "card_values", "going out and scoring"),
        ("four_of_a_kind_double", "flag", "going out and scoring"),
        ("no_minus_at_stock_end", "flag", "going out and scoring"),
        ("target", "whole", "winning"),
        ("hands_per_game", "whole", "winning"),
        ("must_go_out_to_win", "flag", "winning"),
        ("going_out_decides", "flag", "winning"),
        ("turn_limit", "whole", "winning"),
        ("hand_limit", "whole", "winning"),
    ]


def test_each_kind_of_field_is_described_whole() -> None:
    by_name = {f["name"]: f for f in variant_form.describe()}
    assert by_name["target"] == {
        "name": "target",
        "kind": "whole",
        "optional": True,
        "group": "winning",
        "doc": "The running total that ends the game when a player (or team) reaches it; "
        "`None` for none (then `hands_per_game` decides the length).",
        "default": 500,
    }
    assert by_name["aces"] == {
        "name": "aces",
        "kind": "choice",
        "optional": False,
        "group": "melds",
        "doc": 'Where an ace may stand in a run (a member, or its value such as `"high_only"`).',
        "default": "low_or_high",
        "choices": ["low_or_high", "high_only"],
    }
    assert by_name["wrap_around"]["choices"] == [False, True]
    assert by_name["calling"]["choices"] == [
        "none",
        "discard_or_pile_meld",
        "any_pile_card",
        "layoff_only",
    ]
    assert by_name["deal_size"]["counts"] == [2, 3, 4, 5, 6, 7, 8]
    assert by_name["deal_size"]["default"] == [7, 7, 13, 7, 7, 7, 7, 7, 7]
    assert by_name["card_values"]["parts"] == [
        {"name": "by_rank", "kind": "ranks", "labels": list(variant_form.RANKS)},
        {"name": "low_ace", "kind": "whole"},
        {"name": "high_ace", "kind": "whole"},
        {"name": "joker", "kind": "whole"},
    ]
    # A field on the line after another shares its comment.
    assert (
        by_name["max_players"]["doc"]
        == by_name["min_players"]["doc"]
        == ("The fewest and the most players the rules allow.")
    )


def test_a_field_of_a_type_the_form_cannot_show_is_refused() -> None:
    @attrs.frozen
    class Odd:
        ratio: float = 0.5
        name: str | None = None

    with pytest.raises(ConfigError) as refused:
        variant_form.field_kind(Odd, "ratio")
    assert str(refused.value) == (
        "the form cannot show Odd.ratio, of type <class 'float'>: it shows flag, choice, whole, "
        "per_count, card_values"
    )
    with pytest.raises(ConfigError) as refused:
        variant_form.field_kind(Odd, "name")
    assert str(refused.value) == (
        "the form cannot show Odd.name, of type <class 'str'> or None: it shows flag, choice, "
        "whole, per_count, card_values"
    )


def test_the_form_holds_every_preset_and_the_games_a_run_plays() -> None:
    form = variants.form()
    assert [p["name"] for p in form["presets"]] == presets.names()
    for record in form["presets"]:
        assert record["rules"] == rummy500.to_data(presets.get(record["name"]))
        assert record["summary"] == presets.preset(record["name"]).summary
    assert form["games"] == {"default": 200, "max": 2000}
    assert (form["bot"], form["scoreBin"]) == ("greedy", 10)
    assert form["bounds"] == variant_form.bounds(RuleConfig())


# -- the ranges ----------------------------------------------------------------------------


def test_the_ranges_are_those_the_standard_rules_accept() -> None:
    unbounded = [0, None]
    assert variant_form.bounds(RuleConfig()) == {
        "min_players": [2, 8],
        "max_players": [2, 8],
        "team_size": [1, 1],
        # Per player count from 2: the deal must leave an upcard and a stock, and 5 or more
        # players need 2 decks at 8 players with 12 cards each.
        "deal_size": [[1, 25], [1, 16], [1, 12], [1, 20], [1, 17], [1, 14], [1, 12]],
        "decks": [[1, 4], [1, 4], [1, 4], [1, 4], [1, 4], [1, 4], [2, 4]],
        "jokers_per_deck": [0, 4],
        "max_jokers_per_meld": [1, None],
        "going_out_bonus": [0, None],
        "card_values": {
            "by_rank": [unbounded] * 13,
            "low_ace": unbounded,
            "high_ace": unbounded,
            "joker": unbounded,
        },
        "target": [1, None],
        "hands_per_game": [1, 100],
        "turn_limit": [1, None],
        "hand_limit": [1, None],
    }


def test_the_ranges_follow_the_other_rules() -> None:
    ranges = variant_form.bounds(presets.get("partnership"))
    # Four players in teams of two: team_size 1 or 2, and only 4 players.
    assert ranges["team_size"] == [1, 2]
    assert ranges["min_players"] == [4, 4]
    assert ranges["deal_size"][2] == [1, 12]
    # The counts the rules do not allow are never checked, so have no bound.
    assert ranges["deal_size"][0] == [None, None]
    persian = variant_form.bounds(presets.get("persian"))
    assert (persian["target"], persian["hands_per_game"]) == ([1, None], [1, 100])


# -- the rule set --------------------------------------------------------------------------


@pytest.mark.parametrize("name", presets.names())
def test_every_preset_comes_back_from_the_form_as_it_was(name: str) -> None:
    config = presets.get(name)
    assert variant_form.rule_set(rummy500.to_data(config)) == config


def test_a_rule_set_built_from_the_form() -> None:
    values = {**STANDARD, "target": 1000, "aces": "high_only", "deal_size": [7] * 9}
    values["card_values"] = {**STANDARD["card_values"], "joker": 25}
    assert variant_form.rule_set(values) == attrs.evolve(
        RuleConfig(),
        target=1000,
        aces=rummy500.Aces.HIGH_ONLY,
        deal_size=rummy500.PlayerTable.of(7),
        card_values=rummy500.CardValues(joker=25),
    )
    # A field left out keeps its standard value.
    assert variant_form.rule_set({"target": None, "hands_per_game": 3}) == RuleConfig(
        target=None, hands_per_game=3
    )


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        (
            {"floating": True, "wrap_around": True, "aces": "high_only"},
            "floating is played only with discard_to_go_out; wrap_around and aces=HIGH_ONLY "
            "contradict each other",
        ),
        ({"target": None}, "target and hands_per_game: a game needs a target or a number of hands"),
        ({"turn_limit": None}, "turn_limit must be a whole number of turns, not None"),
        ({"jokers_per_deck": 1.5}, "jokers_per_deck must be a whole number of jokers, not 1.5"),
        ({"deal_size": [7, 7, 13]}, "PlayerTable holds 9 values indexed by player count, got 3"),
        ({"speed": 3}, "RuleConfig has no field 'speed'"),
        ({"card_values": {"queen": 3}}, "CardValues has no field 'queen'"),
        ({"card_values": {"joker": -1}}, "CardValues: card values cannot be negative"),
    ],
)
def test_a_rule_set_the_rules_refuse_gives_their_sentence(
    change: dict[str, Any], sentence: str
) -> None:
    with pytest.raises(ConfigError) as refused:
        variant_form.rule_set({**STANDARD, **change})
    assert str(refused.value) == sentence


def test_the_page_checks_the_rules_and_the_players() -> None:
    session = variants.Session()
    refused = session.check({"rules": {**STANDARD, "floating": True}, "players": 2})
    assert refused == {
        "error": "floating is played only with discard_to_go_out",
        "players": None,
        "bounds": None,
    }
    partnership = rummy500.to_data(presets.get("partnership"))
    wrong = session.check({"rules": partnership, "players": 2})
    assert (wrong["error"], wrong["players"]) == ("these rules are for 4 players, not 2", [4])
    right = session.check({"rules": partnership, "players": 4})
    assert right["error"] is None
    assert right["bounds"] == variant_form.bounds(presets.get("partnership"))


# -- the games and their figures -----------------------------------------------------------


def test_a_run_played_a_few_games_at_a_time_gives_exact_figures() -> None:
    session = variants.Session()
    request = {"rules": {**STANDARD, "target": 300}, "players": 2, "games": 4, "seed": 3}
    assert session.start(request) == {"error": None, "total": 4}
    assert [session.play(n) for n in (1, 2, 5)] == [
        {"done": 1, "total": 4},
        {"done": 3, "total": 4},
        {"done": 4, "total": 4},
    ]
    assert session.games is not None
    assert session.games.figures() == {
        "games": 4,
        "sides": 2,
        "first_player_wins": [1.0, 0.5101, 1.0],
        "draws": [0.0, 0.0, 0.4899],
        "hands_per_game": [3.25, 2.312, 4.188],
        "decisions_per_game": [140.75, 124.541, 156.959],
        "turns_per_hand": [16.077, 13.171, 18.983],
        "going_out": [1.0, 0.7719, 1.0],
        "stock_exhausted": [0.0, 0.0, 0.2281],
        "calls_per_hand": [0.0, 0.0, 0.0],
        "hand_score": [99.115, 82.795, 115.436],
        "hand_score_sd": 42.46,
        "hands_histogram": [(2, 1), (3, 1), (4, 2)],
        "score_histogram": [
            (10, 1),
            (30, 1),
            (50, 1),
            (60, 1),
            (70, 3),
            (80, 2),
            (90, 6),
            (100, 2),
            (110, 5),
            (120, 1),
            (150, 1),
            (170, 1),
            (220, 1),
        ],
    }
    report = session.report(None)
    assert [(row["label"], row["variant"].replace(NBSP, " ")) for row in report["rows"]] == [
        ("hands per game", "3.25 ± 0.94"),
        ("minutes a game (an estimate)", "about 25"),
        ("turns per hand", "16.1 ± 3.0"),
        ("hands ended by going out", "100.0% ± 22.9"),
        ("hands ended by the stock running out", "0.0% ± 22.9"),
        ("first player wins", "100.0% ± 49.0"),
        ("games drawn at the hand limit", "0.0% ± 49.0"),
        ("mean hand score per player", "99.1 ± 16.4"),
        ("spread of a hand score (sd)", "42.5"),
        ("hand scores below 0", "0%"),
        ("calls per hand", "0.00 ± 0.00"),
    ]
    assert [row["values"] for row in report["rows"]] == [
        [3.25, None],
        [25.0, None],
        [16.077, None],
        [1.0, None],
        [0.0, None],
        [1.0, None],
        [0.0, None],
        [99.115, None],
        [42.46, None],
        [0.0, None],
        [0.0, None],
    ]
    assert [row["share"] for row in report["rows"]] == [
        False,
        False,
        False,
        True,
        True,
        True,
        True,
        False,
        False,
        True,
        False,
    ]
    assert report["seats"] == [
        {"text": f"100.0%{NBSP}±{NBSP}49.0", "value": 1.0},
        {"text": f"0.0%{NBSP}±{NBSP}49.0", "value": 0.0},
    ]
    assert (report["games"], report["fair"]) == (4, 0.5)
    assert report["hands"] == [[(2, 1), (3, 1), (4, 2)], None]
    # Beside a base, each row writes the base's figure the same way.
    beside = session.report(session.games.figures())
    assert [row["base"] for row in beside["rows"]] == [row["variant"] for row in report["rows"]]


def test_a_preset_unchanged_gives_the_figures_of_the_compare_the_variants_page() -> None:
    compare = load_script("compare_variants")
    simulation = Simulation.of("pagat", 3, [compare.BOT], 5, 0)
    expected = compare.figures(simulation, simulate(simulation, workers=1))
    games = variants.Games.of(rummy500.to_data(presets.get("pagat")), 3, 5)
    games.play(2)
    games.play(3)
    assert games.figures() == expected
    # One function, shared: the page's figures are the script's.
    assert compare.figures is variant_figures.figures


def test_a_request_the_page_cannot_run_gives_the_sentence_that_refuses_it() -> None:
    session = variants.Session()
    refusals = [
        session.start({"rules": STANDARD, "players": 2, "games": 2001, "seed": 0}),
        session.start({"rules": STANDARD, "players": 2, "games": 20, "seed": -1}),
        session.start({"rules": STANDARD, "players": 9, "games": 20, "seed": 0}),
        session.start({"rules": {**STANDARD, "floating": True}, "players": 2, "games": 20}),
    ]
    assert refusals == [
        {"error": "games is a whole number from 1 to 2000 on this page, not 2001", "total": 0},
        {"error": "seed is a whole number of 0 or more, not -1", "total": 0},
        {"error": "these rules are for 2 to 8 players, not 9", "total": 0},
        {"error": "floating is played only with discard_to_go_out", "total": 0},
    ]
    with pytest.raises(SimulationError) as refused:
        session.play(3)
    assert str(refused.value) == "no games were started: call start first"
    games = variants.Games.of(STANDARD, 2, 3)
    with pytest.raises(SimulationError) as refused:
        games.figures()
    assert str(refused.value) == "no game has been played yet: there is nothing to report"
    with pytest.raises(SimulationError) as refused:
        games.play(0)
    assert str(refused.value) == "count is a whole number of 1 or more, not 0"
