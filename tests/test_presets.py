"""The named presets: each is one record, matches what its notes claim, and plays to the end.

Also: looking presets up by name and alias, and the preset table in docs/variants.md being up
to date with the code.
"""

from __future__ import annotations

import json
import random
import re
from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from helpers_scripts import load_script
from rummy500 import (
    Aces,
    Call,
    Calling,
    CardValues,
    ConfigError,
    DeepestCard,
    Discard,
    EmptyStock,
    FirstDealer,
    Layoff,
    Meld,
    Move,
    Phase,
    RuleConfig,
    State,
    Take,
    new_game,
    parse_cards,
    presets,
)
from rummy500.melds.check import meld_cards_problem
from rummy500.melds.shape import canonical_meld
from rummy500.presets import PRESETS, Preset
from rummy500.toolkit import JOKER, make_deck

ROOT = Path(__file__).resolve().parent.parent

ACE_OF_SPADES = 39  # id = suit * 13 + rank - 1; spades are suit 3
SEVEN_OF_HEARTS = 2 * 13 + 6
KING_OF_CLUBS = 12
JOKER_ID = 52


def _stock_after_deal(config: RuleConfig, players: int) -> int:
    return config.deck_size(players) - players * config.deal_size[players] - 1


# -- every preset -------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_one_record_citing_its_source(name: str) -> None:
    record = PRESETS[name]
    assert isinstance(record, Preset)
    assert record.name == name
    assert presets.preset(name) is record
    assert isinstance(record.config, RuleConfig)
    assert presets.get(record.name) == record.config
    for text in (record.name, record.summary, record.source):
        assert text
        assert text == text.strip()
        assert "\n" not in text
    for alias in record.aliases:
        assert presets.preset(alias) is record
    # The notes quote the rule text, then say where it had to choose: paragraphs of one line.
    paragraphs = record.notes.split("\n\n")
    assert record.notes.count('"') >= 2, name
    assert paragraphs[-1].startswith("Choices: "), name
    assert all(paragraph and "\n" not in paragraph for paragraph in paragraphs), name


def test_a_whole_preset_record() -> None:
    assert presets.preset("1000 Rummy") == Preset(
        name="rummy_1000",
        aliases=("1000", "1000rum", "1000rummy"),
        source="The short rules page's house rule of playing to 1,000",
        summary="The standard rules played to 1,000 points",
        notes=(
            '"Some house rules require a player to discard to go out, and others play to '
            '1,000 instead of 500." Everything else is the standard rules.\n\n'
            "Choices: only the target changes; the page names the required discard as a "
            "separate house rule, so it is not played here (`discard_to_go_out` is the option)."
        ),
        config=RuleConfig(target=1000),
    )


def test_notes_are_kept_as_paragraphs_of_one_line() -> None:
    record = Preset(
        name="mine",
        source="my table",
        summary="the standard rules",
        notes="""
            First line,
              second line.


            Choices:
            none.
        """,
        config=RuleConfig(),
    )
    assert record.notes == "First line, second line.\n\nChoices: none."
    assert record.aliases == ()


def test_a_preset_is_frozen_and_slotted() -> None:
    record = presets.preset("pagat")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.name = "mine"  # type: ignore[misc]
    assert not hasattr(record, "__dict__")
    assert set(Preset.__slots__) >= {"name", "aliases", "source", "summary", "notes", "config"}


def test_the_presets_cannot_be_changed_in_place() -> None:
    with pytest.raises(TypeError):
        PRESETS["mine"] = PRESETS["pagat"]  # type: ignore[index]
    assert "mine" not in PRESETS


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", ""), ("name", "two\nlines"), ("source", " padded"), ("summary", "   ")],
)
def test_a_preset_needs_one_line_of_name_source_and_summary(field: str, value: str) -> None:
    fields: dict[str, Any] = {
        "name": "mine",
        "source": "my table",
        "summary": "the standard rules",
        "notes": "",
        "config": RuleConfig(),
        field: value,
    }
    with pytest.raises(ConfigError) as info:
        Preset(**fields)
    assert str(info.value) == (
        f"a preset's {field} is one line of text without spaces around it, not {value!r}"
    )


@pytest.mark.parametrize("aliases", [["mine"], ("mine", ""), ("mine", 5)])
def test_a_preset_needs_a_tuple_of_aliases(aliases: object) -> None:
    with pytest.raises(ConfigError) as info:
        Preset(
            name="mine",
            aliases=aliases,  # type: ignore[arg-type]
            source="my table",
            summary="the standard rules",
            notes="",
            config=RuleConfig(),
        )
    assert str(info.value) == f"a preset's aliases are a tuple of names, not {aliases!r}"


def test_names_are_the_presets_in_order() -> None:
    assert presets.names() == list(PRESETS)
    assert presets.names()[0] == "standard"
    assert set(presets.names()) == {
        "standard",
        "bicycle",
        "pagat",
        "wikipedia",
        "fosdick",
        "house",
        "classic",
        "competitive",
        "hosted",
        "playingcards_io",
        "partnership",
        "persian",
        "rummy_1000",
    }


def _config_data(config: RuleConfig) -> Any:
    """``attrs.asdict(config)`` as JSON reads it back: enum members as ``"Class.NAME"``."""

    def plain(_instance: object, _field: object, value: Any) -> Any:
        return f"{type(value).__name__}.{value.name}" if isinstance(value, Enum) else value

    # Only the rule choices: values derived from them (init=False) are not rules.
    rules = attrs.asdict(config, value_serializer=plain, filter=lambda a, _v: a.init)
    return json.loads(json.dumps(rules))


def test_every_preset_plays_the_rules_written_down_for_it() -> None:
    """Every field of every preset, against ``tests/data/preset_configs.json``.

    The file was written from the presets with :func:`_config_data`. Change it only together
    with a preset's rules, on purpose, so that every change of rules shows in its diff.
    """
    path = ROOT / "tests" / "data" / "preset_configs.json"
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert list(expected) == presets.names()
    for name, record in PRESETS.items():
        assert _config_data(record.config) == expected[name], name


# -- what each preset claims --------------------------------------------------------------


def test_standard_is_the_default_config() -> None:
    assert presets.get("standard") == RuleConfig()


def test_bicycle() -> None:
    config = presets.get("bicycle")
    # One pack and no two-pack rule: one deck for every player count it allows.
    assert all(config.decks[n] == 1 for n in config.player_counts)
    assert config.min_players == 2
    assert config.max_players == 5
    assert config.deal_size[2] == 13
    assert all(config.deal_size[n] == 7 for n in range(3, 6))
    assert _stock_after_deal(config, 5) == 16
    assert config.jokers_per_deck == 0
    # Any card drawn from the pile must be used at once, the top card included.
    assert not config.keep_top_discard
    assert config.deepest_card is DeepestCard.MELD_OR_LAY_OFF
    assert config.calling is Calling.NONE
    assert config.card_values == CardValues.traditional()
    assert not config.discard_to_go_out
    assert config.target == 500


def test_bicycle_refuses_six_players() -> None:
    with pytest.raises(ConfigError, match="2 to 5 players"):
        new_game(presets.get("bicycle"), players=6)


def test_pagat() -> None:
    config = presets.get("pagat")
    assert config.jokers_per_deck == 2
    assert config.jokers_wild
    assert config.card_values.joker == 15
    assert config.card_values == CardValues.traditional()
    assert config.keep_top_discard
    assert config.deepest_card is DeepestCard.MELD_OR_LAY_OFF
    assert config.calling is Calling.DISCARD_OR_PILE_MELD
    assert config.player_counts == range(2, 9)
    assert [config.decks[n] for n in range(2, 9)] == [1, 1, 1, 2, 2, 2, 2]
    assert config.jokers(5) == 4
    assert not config.discard_to_go_out
    assert config.target == 500


def test_wikipedia() -> None:
    config = presets.get("wikipedia")
    assert config.deepest_card is DeepestCard.NEW_MELD
    assert not config.keep_top_discard
    assert config.card_values == CardValues.ace_to_nine_five()
    values = config.card_values
    assert values.points(ACE_OF_SPADES) == 5
    assert values.points(ACE_OF_SPADES, end=-1) == 5
    assert values.points(ACE_OF_SPADES, end=1) == 15
    assert values.points(SEVEN_OF_HEARTS) == 5
    assert values.points(KING_OF_CLUBS) == 10
    assert config.going_out_decides
    assert not config.must_go_out_to_win
    assert config.jokers_per_deck == 0
    assert config.calling is Calling.NONE
    assert config.empty_stock is EmptyStock.TAKE_OR_END
    assert not config.no_minus_at_stock_end
    assert config.first_dealer is FirstDealer.LOWEST


def test_fosdick() -> None:
    config = presets.get("fosdick")
    assert config.card_values == CardValues.five_point()
    assert config.card_values.points(SEVEN_OF_HEARTS) == 5
    assert config.card_values.points(ACE_OF_SPADES, end=-1) == 5
    assert config.player_counts == range(2, 7)
    assert config.jokers_per_deck == 0
    assert [config.decks[n] for n in range(2, 7)] == [1, 1, 1, 2, 2]
    assert not config.keep_top_discard
    assert not config.discard_to_go_out


@pytest.mark.parametrize("name", ["house", "classic", "competitive"])
def test_online_ranked_presets_share_the_ranked_deal_and_table_rules(name: str) -> None:
    config = presets.get(name)
    assert config.deal_size[2] == 10
    assert config.deal_size[3] == 10
    assert all(config.deal_size[n] == 7 for n in range(4, 9))
    assert [config.decks[n] for n in range(2, 9)] == [1, 1, 1, 2, 2, 2, 2]
    assert config.discard_to_go_out
    assert not config.floating
    assert config.join_melds
    assert config.going_out_bonus == 0
    assert config.empty_stock is EmptyStock.TAKE_OR_END
    assert config.jokers_per_deck == 0
    assert config.target == 500


def test_house() -> None:
    config = presets.get("house")
    assert config.card_values == CardValues.flat(15, 5)
    values = config.card_values
    assert values.points(ACE_OF_SPADES) == 15
    assert values.points(ACE_OF_SPADES, end=-1) == 15
    assert values.points(SEVEN_OF_HEARTS) == 5
    assert values.points(KING_OF_CLUBS) == 10
    assert config.wrap_around


def test_classic() -> None:
    config = presets.get("classic")
    assert config.card_values == CardValues.flat(5, 5)
    assert config.card_values.points(ACE_OF_SPADES, end=1) == 5
    assert config.card_values.points(SEVEN_OF_HEARTS) == 5
    assert not config.wrap_around


def test_competitive() -> None:
    config = presets.get("competitive")
    assert config.card_values == CardValues.flat(5, None)
    assert config.card_values.points(ACE_OF_SPADES, end=1) == 5
    assert config.card_values.points(SEVEN_OF_HEARTS) == 7
    assert not config.wrap_around


def test_hosted() -> None:
    config = presets.get("hosted")
    assert config.player_counts == range(2, 9)
    assert all(config.deal_size[n] == 10 for n in config.player_counts)
    # Ten each fits the decks for every count, with a stock left over.
    assert [_stock_after_deal(config, n) for n in config.player_counts] == [
        31,
        21,
        11,
        53,
        43,
        33,
        23,
    ]
    assert config.discard_to_go_out
    assert config.card_values == CardValues.flat(15, 5)
    assert config.wrap_around
    assert config.join_melds


@pytest.mark.parametrize("players", range(2, 9))
def test_hosted_deals_ten_to_everyone(players: int) -> None:
    state = new_game(presets.get("hosted"), players=players, seed=players)
    assert [len(hand) for hand in state.hands] == [10] * players


def test_playingcards_io() -> None:
    config = presets.get("playingcards_io")
    assert config.player_counts == range(2, 5)
    assert all(config.decks[n] == 1 for n in config.player_counts)
    assert config.jokers_per_deck == 2
    assert config.deck_size(4) == 54
    assert config.deck(4)[-2:] == (JOKER, JOKER)
    assert JOKER not in config.deck(4, jokers=False)
    assert config.jokers_wild
    assert config.first_dealer is FirstDealer.HIGHEST
    assert config.deal_size[2] == 13
    assert config.deal_size[3] == config.deal_size[4] == 7
    assert config.keep_top_discard
    assert config.calling is Calling.ANY_PILE_CARD
    assert not config.discard_to_go_out
    assert config.empty_stock is EmptyStock.END_AT_ONCE
    values = config.card_values
    assert values.points(ACE_OF_SPADES) == 15
    assert values.points(ACE_OF_SPADES, end=-1) == 1
    assert values.joker == 15


@pytest.mark.parametrize(("name", "highest"), [("playingcards_io", True), ("standard", False)])
def test_first_dealer_draws_highest_or_lowest(name: str, highest: bool) -> None:
    checked = 0
    for seed in range(30):
        state = new_game(presets.get(name), players=4, seed=seed)
        if len(state.dealer_draw) != 4:
            continue  # a tie was drawn again; the first round alone is simple to check
        ranks = [card.rank for card in state.dealer_draw]
        if highest:
            ranks = [14 if r == 1 else r for r in ranks]  # the ace counts high
            assert ranks[state.dealer] == max(ranks)
        else:
            assert ranks[state.dealer] == min(ranks)
        checked += 1
    assert checked >= 10


def test_partnership() -> None:
    config = presets.get("partnership")
    assert config.player_counts == range(4, 5)
    assert config.team_size == 2
    assert config.sides(4) == 2
    # Partners sit opposite each other.
    assert config.side_of(0, 4) == config.side_of(2, 4)
    assert config.side_of(1, 4) == config.side_of(3, 4)
    assert config.side_of(0, 4) != config.side_of(1, 4)
    assert config.deal_size[4] == 7
    assert config.decks[4] == 1
    assert config.target == 500
    assert not config.going_out_decides


def test_persian() -> None:
    config = presets.get("persian")
    assert config.player_counts == range(4, 5)
    assert config.team_size == 2
    assert config.decks[4] == 1
    assert config.jokers_per_deck == 4
    assert config.deck_size(4) == 56
    assert not config.jokers_wild
    assert config.card_values.joker == 20
    assert config.card_values.points(JOKER_ID) == 20
    assert config.four_of_a_kind_double
    assert config.aces is Aces.HIGH_ONLY
    assert config.hands_per_game == 2
    assert config.target is None
    assert config.going_out_bonus == 0
    assert config.deal_size[4] == 7


def test_persian_four_jokers_melded_together_score_double() -> None:
    config = presets.get("persian")
    deck = list(make_deck(1, 4))
    jokers = [c for c in deck if c == JOKER_ID]
    rest = [c for c in deck if c != JOKER_ID]
    # Player 0 holds the four jokers among the 7 cards dealt and the card drawn.
    hands = [[*jokers, *rest[:4]], rest[4:11], rest[11:18], rest[18:25]]
    position = State.from_position(
        config, hands=hands, stock=rest[26:], pile=rest[25:26], current_player=0, phase=Phase.PLAY
    )
    after = position.apply_text("meld JK JK JK JK")
    assert after.table[0].card_points(config.card_values) == (40, 40, 40, 40)
    assert (
        position.apply_text("meld JK JK JK").table[0].card_points(config.card_values) == (20,) * 3
    )


def test_persian_aces_are_only_high() -> None:
    config = presets.get("persian")
    assert meld_cards_problem(canonical_meld(parse_cards("AC 2C 3C")), config) is not None
    assert meld_cards_problem(canonical_meld(parse_cards("QC KC AC")), config) is None
    assert meld_cards_problem(canonical_meld(parse_cards("AC 2C 3C")), RuleConfig()) is None


def test_rummy_1000() -> None:
    assert presets.get("rummy_1000") == attrs.evolve(RuleConfig(), target=1000)


# -- every preset plays a whole game ------------------------------------------------------


def _move(state: State, rng: random.Random) -> Move:
    """A seeded policy that usually puts cards down, so totals grow and games end."""
    moves = state.legal_moves()
    plays = [m for m in moves if isinstance(m, Meld | Layoff | Call)]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    takes = [m for m in moves if isinstance(m, Take) and len(m.taken) <= 3]
    if takes and rng.random() < 0.5:
        return rng.choice(takes)
    discards = [m for m in moves if isinstance(m, Discard)]
    if discards:
        values = state.config.card_values
        return max(discards, key=lambda m: (values.points(m.card), rng.random()))
    return rng.choice(moves)


_GAMES = [(name, n) for name, record in PRESETS.items() for n in record.config.player_counts]


@pytest.mark.parametrize(("name", "players"), _GAMES)
def test_every_preset_plays_a_game_to_the_end(name: str, players: int) -> None:
    config = PRESETS[name].config
    if config.hands_per_game is None:
        config = attrs.evolve(config, target=150)
    seed = 1000 + 10 * players + len(name)
    rng = random.Random(seed)
    state = new_game(config, players=players, seed=seed)
    steps = 0
    while not state.is_terminal():
        move = _move(state, rng)
        state = state.apply(move)
        steps += 1
        assert steps < 50_000, "the game did not end"
        if state.is_chance_node():
            state.validate()
    state.validate()
    sides = config.sides(players)
    assert len(state.totals) == sides
    assert state.history
    assert all(len(row) == sides for row in state.history)
    assert list(state.totals) == [sum(row[s] for row in state.history) for s in range(sides)]
    assert state.winner is not None
    best = max(state.totals)
    if config.hands_per_game is not None:
        assert len(state.history) >= config.hands_per_game
        assert state.totals[state.winner] == best
        assert state.totals.count(best) == 1
    else:
        assert config.target is not None
        assert state.totals[state.winner] >= config.target
        if state.totals[state.winner] != best:
            # Only going out can beat a higher total.
            assert config.going_out_decides
            assert state.went_out is not None
            assert config.side_of(state.went_out, players) == state.winner


# -- lookup -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("standard", "standard"),
        ("Standard", "standard"),
        ("  STANDARD ", "standard"),
        ("default", "standard"),
        ("500", "standard"),
        ("500rum", "standard"),
        ("500 Rum", "standard"),
        ("Rummy-500", "standard"),
        ("playingcards_io", "playingcards_io"),
        ("PlayingCards.io", "playingcards_io"),
        ("playing-cards io", "playingcards_io"),
        ("pcio", "playingcards_io"),
        ("1000", "rummy_1000"),
        ("Rummy 1000", "rummy_1000"),
        ("partners", "partnership"),
        ("Partnerships", "partnership"),
        ("Persian Rummy", "persian"),
        ("COMPETITIVE", "competitive"),
    ],
)
def test_get_by_name_alias_and_case(name: str, preset: str) -> None:
    assert presets.get(name) == PRESETS[preset].config


def test_every_alias_names_its_preset() -> None:
    aliases = {alias: record.name for record in PRESETS.values() for alias in record.aliases}
    assert aliases == {
        "default": "standard",
        "500": "standard",
        "500rum": "standard",
        "500rummy": "standard",
        "rummy500": "standard",
        "pinochlerummy": "standard",
        "bicyclecards": "bicycle",
        "wiki": "wikipedia",
        "scoringrummies": "fosdick",
        "houserules": "house",
        "hostedtable": "hosted",
        "pcio": "playingcards_io",
        "partners": "partnership",
        "partnerships": "partnership",
        "partnershiprummy": "partnership",
        "persianrummy": "persian",
        "1000": "rummy_1000",
        "1000rum": "rummy_1000",
        "1000rummy": "rummy_1000",
    }
    for alias, name in aliases.items():
        assert presets.preset(alias) is PRESETS[name]
        assert presets.get(alias) == PRESETS[name].config


def test_presets_differ_from_each_other() -> None:
    configs = [record.config for record in PRESETS.values()]
    assert len(set(configs)) == len(configs)


_UNKNOWN = (
    "; the presets are: standard, bicycle, pagat, wikipedia, fosdick, house, classic, "
    "competitive, hosted, playingcards_io, partnership, persian, rummy_1000 (or an alias of one)"
)


@pytest.mark.parametrize("name", ["", "nope", "standard2", "pagat rules"])
def test_unknown_names_raise_listing_the_presets(name: str) -> None:
    for lookup in (presets.get, presets.preset):
        with pytest.raises(ConfigError) as info:
            lookup(name)
        assert str(info.value) == f"no preset called {name!r}{_UNKNOWN}"


def _mine(name: str, *aliases: str) -> Preset:
    return Preset(
        name=name,
        aliases=aliases,
        source="my table",
        summary="the standard rules",
        notes="",
        config=RuleConfig(),
    )


@pytest.mark.parametrize(
    ("records", "message"),
    [
        (
            [_mine("pagat"), _mine("Pagat.")],
            "preset names and aliases must differ once normalised: 'pagat' (the name of "
            "'pagat') and 'Pagat.' (the name of 'Pagat.') are both 'pagat'",
        ),
        (
            [_mine("standard", "500"), _mine("rummy", "5-0-0")],
            "preset names and aliases must differ once normalised: '500' (an alias of "
            "'standard') and '5-0-0' (an alias of 'rummy') are both '500'",
        ),
        (
            [_mine("mine", "my_own", "MyOwn")],
            "preset names and aliases must differ once normalised: 'my_own' (an alias of "
            "'mine') and 'MyOwn' (an alias of 'mine') are both 'myown'",
        ),
        (
            [_mine("mine", "Mine")],
            "preset names and aliases must differ once normalised: 'mine' (the name of "
            "'mine') and 'Mine' (an alias of 'mine') are both 'mine'",
        ),
        (
            [_mine("mine", "mine")],
            "preset names and aliases must differ once normalised: 'mine' (the name of "
            "'mine') and 'mine' (an alias of 'mine') are both 'mine'",
        ),
        (
            [_mine("mine", "-.-")],
            "the preset name '-.-' (an alias of 'mine') is empty once normalised",
        ),
    ],
)
def test_names_and_aliases_must_differ_once_normalised(records: list[Preset], message: str) -> None:
    # The check the module runs on its own presets when it is imported.
    with pytest.raises(ConfigError) as info:
        presets._lookup(records)
    assert str(info.value) == message


def test_every_name_and_alias_is_looked_up() -> None:
    lookup = presets._lookup(PRESETS.values())
    count = sum(1 + len(record.aliases) for record in PRESETS.values())
    assert len(lookup) == count == 32


# -- the docs table -----------------------------------------------------------------------


def _generator() -> ModuleType:
    return load_script("gen_variants")


def test_docs_table_is_up_to_date() -> None:
    problem = _generator().check()
    assert problem is None, problem


def test_docs_table_has_a_row_per_field_and_a_column_per_preset() -> None:
    table = _generator().table()
    lines = table.splitlines()
    header = lines[0]
    for name in PRESETS:
        assert f"`{name}`" in header
    for field in attrs.fields(RuleConfig):
        rows = [line for line in lines if line.startswith(f"| [`{field.name}`]")]
        assert len(rows) == 1, field.name
        assert rows[0].count("|") == len(PRESETS) + 2


def test_docs_table_check_notices_a_stale_page(tmp_path: Path) -> None:
    gen = _generator()
    page = tmp_path / "variants.md"
    fresh = gen.update((ROOT / "docs" / "variants.md").read_text(encoding="utf-8"))
    page.write_text(fresh.replace("| 500 |", "| 400 |", 1), encoding="utf-8")
    assert gen.check(page) is not None
    assert gen.main(["--check", "--path", str(page)]) == 1
    assert gen.main(["--path", str(page)]) == 0
    assert gen.check(page) is None
    assert page.read_text(encoding="utf-8") == fresh


def test_docs_list_has_a_row_per_preset_from_its_record() -> None:
    rows = _generator().preset_list().splitlines()
    assert rows[:2] == ["| preset | in short | source | aliases |", "|---|---|---|---|"]
    assert len(rows) == 2 + len(PRESETS)
    assert rows[2] == (
        "| [`standard`](#standard) | The standard rules of Rummy 500: the defaults of RuleConfig "
        "| The rule book's main rules, written from Bicycle Cards and checked against Pagat "
        "| `default`, `500`, `500rum`, `500rummy`, `rummy500`, `pinochlerummy` |"
    )
    assert rows[4] == (
        "| [`pagat`](#pagat) | Two wild jokers a deck, keep the top discard, calling rummy "
        "| Pagat's 500 Rummy, as the rule book's \"Where the sources differ\" table gives it "
        "| — |"
    )
    for row, record in zip(rows[2:], PRESETS.values(), strict=True):
        assert row.startswith(f"| [`{record.name}`](#{record.name}) | {record.summary} | ")


def test_docs_notes_give_every_preset_its_source_and_every_paragraph_of_its_notes() -> None:
    sections = _generator().notes().split("\n\n### ")
    assert len(sections) == len(PRESETS)
    for section, record in zip(sections, PRESETS.values(), strict=True):
        heading, source, *paragraphs = section.removeprefix("### ").split("\n\n")
        assert heading == f"`{record.name}`"
        assert " ".join(source.split()) == f"*Source:* {record.source}."
        assert [" ".join(p.split()) for p in paragraphs] == record.notes.split("\n\n")
        assert all(len(line) <= 100 for p in paragraphs for line in p.splitlines()), record.name


def test_docs_notes_never_start_a_line_with_a_markdown_block() -> None:
    wrap = _generator()._wrap
    assert wrap("one two three four", width=8) == "one two\nthree\nfour"
    assert wrap("faces 10) are used", width=8) == "faces 10)\nare used"
    assert wrap("one faces 10) are", width=9) == "one\nfaces 10)\nare"
    assert wrap("a b - c", width=3) == "a\nb -\nc"
    assert wrap("to reach +500 - 1. # > == wins", width=5) == "to\nreach\n+500 - 1. # > ==\nwins"


@pytest.mark.parametrize("region", ["LIST", "TABLE", "NOTES"])
@pytest.mark.parametrize("end", ["BEGIN", "END"])
def test_docs_page_needs_every_pair_of_markers(region: str, end: str) -> None:
    page = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    message = (
        f"the page must hold <!-- BEGIN PRESET {region} --> followed by "
        f"<!-- END PRESET {region} -->"
    )
    with pytest.raises(ValueError, match=re.escape(message)) as info:
        _generator().update(page.replace(f"<!-- {end} PRESET {region} -->", ""))
    assert str(info.value) == message


def test_docs_check_notices_stale_notes(tmp_path: Path) -> None:
    gen = _generator()
    page = tmp_path / "variants.md"
    fresh = gen.update((ROOT / "docs" / "variants.md").read_text(encoding="utf-8"))
    page.write_text(fresh.replace("Choices: none beyond", "Choices: nothing beyond"), "utf-8")
    assert gen.check(page) == (
        f"{page} is out of date: run `python scripts/gen_variants.py` to rewrite it"
    )


def test_docs_differences_give_each_field_its_standard_value_and_the_presets_that_differ() -> None:
    lines = _generator().differences().splitlines()
    assert lines[:3] == [
        "| rule | standard | other presets |",
        "|---|---|---|",
        "| **Players and the deal** | | |",
    ]
    rows = {line.split(" | ")[0]: line for line in lines if line.startswith("| [`")}
    assert len(rows) == len(attrs.fields(RuleConfig))
    assert rows["| [`max_players`](#max_players)"] == (
        "| [`max_players`](#max_players) | 8 | **5**: [`bicycle`](#bicycle)<br>"
        "**6**: [`fosdick`](#fosdick)<br>**4**: [`playingcards_io`](#playingcards_io), "
        "[`partnership`](#partnership), [`persian`](#persian) |"
    )
    assert rows["| [`target`](#target)"] == (
        "| [`target`](#target) | 500 | **—**: [`persian`](#persian)<br>"
        "**1000**: [`rummy_1000`](#rummy_1000) |"
    )
    assert rows["| [`floating`](#floating)"] == "| [`floating`](#floating) | no | *all the same* |"


def test_docs_full_tables_set_every_preset_side_by_side_a_few_at_a_time() -> None:
    gen = _generator()
    block = gen.full_tables()
    assert block.startswith(
        '<details markdown="1">\n<summary>Every preset\'s value of every field</summary>\n\n'
    )
    assert block.endswith("\n\n</details>")
    tables = block.split("\n\n")[1:-1]
    names = list(PRESETS)
    assert len(tables) == -(-len(names) // gen.PRESETS_PER_TABLE)
    for start, table in zip(range(0, len(names), gen.PRESETS_PER_TABLE), tables, strict=True):
        chunk = names[start : start + gen.PRESETS_PER_TABLE]
        assert table == gen.table({name: PRESETS[name] for name in chunk})
