"""Every public callable refuses a wrongly typed argument with an error of the package.

The wrong-type campaign of ``scripts/fuzz_arguments.py`` runs here in its quick form: no call
may raise anything but a :class:`~rummy500.Rummy500Error` (outside the strays it lists as
known), nor give a message longer than a few lines. The tests after it hold each refusal the
campaign led to, with its whole message.
"""

from __future__ import annotations

import functools
import math
import random
import sys
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import rummy500
from helpers_scripts import load_script
from rummy500 import (
    Aces,
    ActionError,
    Calling,
    Card,
    CardError,
    CardValues,
    ConfigError,
    DeepestCard,
    EmptyStock,
    FirstDealer,
    GameRecord,
    MoveParseError,
    OwedUse,
    Phase,
    RuleConfig,
    Rummy500Error,
    SerializationError,
    State,
    StateError,
    TableMeld,
    dumps,
    new_game,
    parse_cards,
    presets,
)
from rummy500.bots import ISMCTSBot, playout, playout_move
from rummy500.core.errors import problems_text, quote_value
from rummy500.render import game_result_line
from rummy500.simulate import (
    GameOutcome,
    Interval,
    Simulation,
    SimulationError,
    Summary,
    play_one,
)
from rummy500.toolkit import (
    JOKER,
    dealer_draw_rounds,
    put_down,
    score_breakdown,
    table_points,
)

fuzz = load_script("fuzz_arguments")


# -- the campaign -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def report() -> Any:
    return fuzz.run(quick=True)


def test_the_quick_campaign_finds_no_stray_but_the_known_ones(report: Any) -> None:
    assert [str(f) for f in report.strays if f.pair not in fuzz.KNOWN_STRAYS] == []


def test_the_full_campaign_finds_no_stray_nor_long_message() -> None:
    # Every bad value, not the quick few: a stray that only a later one finds (a negative
    # number, say) fails here too.
    full = fuzz.run()
    assert not fuzz.KNOWN_STRAYS
    assert [str(f) for f in [*full.strays, *full.long_messages]] == []
    assert full.broken == []


def test_the_quick_campaign_finds_no_long_message(report: Any) -> None:
    assert [str(f) for f in report.long_messages] == []


def test_the_examples_make_a_valid_call_of_every_public_callable(report: Any) -> None:
    assert report.broken == []


def test_every_parameter_of_every_public_callable_is_tried_with_every_quick_value(
    report: Any,
) -> None:
    found = fuzz.catalogue()
    called = [t for t in found.targets if t.params and t.name not in fuzz.NOT_CALLED]
    assert report.tried == sum(len(t.params) for t in called) * fuzz.QUICK_VALUES
    assert report.tried == report.refused + len(report.accepted) + len(report.strays)
    # The package's own modules, its toolkit, bots and rendering at least.
    names = {t.name for t in called}
    assert {"rummy500.new_game", "rummy500.State.apply", "rummy500.toolkit.put_down"} <= names
    assert {"rummy500.bots.playout", "rummy500.render.score_sheet"} <= names


@pytest.mark.skipif(rummy500.COMPILED, reason="compiled methods give no signature to compare")
def test_the_signatures_listed_for_the_compiled_build_are_the_real_ones() -> None:
    for name, spec in fuzz.SIGNATURES.items():
        owner, method = name.rsplit(".", 1)
        cls = {"rummy500.TableMeld": TableMeld}[owner]
        real = fuzz._parameters(getattr(cls, method), drop_first=method not in ("of", "new"))
        assert real == fuzz._listed_parameters(spec), name


def test_each_call_is_filed_by_what_it_raised() -> None:
    report = fuzz.Report()
    target = fuzz.Target("f", None, None, None, (fuzz.Param("x", False, True),))

    def attempt(raises: Exception | None) -> None:
        def call(x: object) -> None:
            if raises is not None:
                raise raises

        fuzz._attempt(
            report, target._replace(obj=call), "x", fuzz.BAD_VALUES[0], fuzz.World(), {}, {}
        )

    attempt(StateError("no"))
    attempt(None)
    attempt(IndexError("tuple index out of range"))
    attempt(ConfigError("x" * 301))
    assert (report.tried, report.refused, len(report.accepted)) == (4, 2, 1)
    assert [str(f) for f in report.strays] == ["f(x=None) -> IndexError: tuple index out of range"]
    assert [str(f) for f in report.long_messages] == [
        f"f(x=None) -> ConfigError of 301 characters: {'x' * 160}..."
    ]


def test_the_script_prints_the_counts_and_exits_0_when_nothing_is_wrong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert fuzz.main(["--quick", "--only", "rummy500.toolkit.table_points"]) == 0
    out = capsys.readouterr().out
    assert "tried 21, refused 21, accepted 0, stray 0 (0 known), long messages 0 in " in out


def test_the_script_lists_a_stray_and_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def untyped(players: int) -> int:
        """Not refusing anything itself."""
        return [0, 1, 2, 3][players]

    monkeypatch.setattr(rummy500.toolkit, "table_points", untyped)
    monkeypatch.setattr(rummy500.toolkit, "__all__", ["table_points"])
    monkeypatch.setattr(fuzz, "PUBLIC_MODULES", ("rummy500.toolkit",))
    monkeypatch.setattr(fuzz, "BY_CALLABLE", {})
    monkeypatch.setattr(fuzz, "INSTANCES", {})
    monkeypatch.setattr(fuzz, "SIGNATURES", {})
    monkeypatch.setattr(fuzz, "NOT_CALLED", {})
    assert fuzz.main(["--quick"]) == 1
    out = capsys.readouterr().out
    assert "\nstrays and long messages:\n  rummy500.toolkit.table_points(players=None) -> " in out
    assert (
        "  rummy500.toolkit.table_points(players='x') -> TypeError: list indices must be "
        "integers or slices, not str\n"
    ) in out


def test_a_module_whose_extra_is_missing_is_skipped_and_said_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    for name in list(sys.modules):
        if name.startswith(("rummy500.observations", "rummy500.infostate", "rummy500.envs.")):
            monkeypatch.delitem(sys.modules, name)
    assert fuzz.main(["--quick", "--only", "rummy500.presets"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "skipped rummy500.observations, which needs an extra that is not installed: import of "
        "numpy halted; None in sys.modules\n"
    )
    assert "\nskipped rummy500.envs.openspiel, which needs an extra" in out


# -- the refusals the campaign led to, with their whole messages -------------------------------

CONFIG = RuleConfig()
STATE = new_game(players=3, seed=1)
VALUES = CONFIG.card_values
RUN = parse_cards("5H 6H 7H")
MELD = TableMeld.new(RUN, 0)
HUGE = "x" * 100_000
QUOTED = repr("x" * 40) + "…"
PLAYERS = "these rules are for 2 to 8 players, not "
TYPED_END = "CardValues.points' end is -1 (the low end of a run), 1 (the high end) or 0, not "
PLACEMENT = (
    "a lay-off's placement is (below, above), how many of its cards go at each end of the run, "
    "or (0, 0) on a set, not "
)


@functools.cache
def _simulation() -> Simulation:
    return Simulation.of(attrs.evolve(CONFIG, target=None, hands_per_game=1), 3, ["random"], 1)


def _outcome_data(**changes: Any) -> dict[str, Any]:
    """The JSON data of a game's outcome, with ``changes`` (``hand_`` names a field of its
    first hand)."""
    data: dict[str, Any] = play_one(_simulation(), 0).to_json()
    hand = dict(data["hands"][0])
    data["hands"] = [hand, *data["hands"][1:]]
    for name, value in changes.items():
        if name.startswith("hand_"):
            hand[name.removeprefix("hand_")] = value
        else:
            data[name] = value
    return data


def _position(table: list[Any]) -> State:
    return State.from_position(
        CONFIG, hands=STATE.hands, stock=STATE.stock, pile=STATE.pile, table=table
    )


#: (what is called, the error class, the whole message).
REFUSALS: list[tuple[Callable[[], object], type[Rummy500Error], str]] = [
    # A player count is a whole number these rules allow, wherever one is asked for.
    (lambda: CONFIG.deck_size(-1), ConfigError, PLAYERS + "-1"),
    (lambda: CONFIG.deck_size(True), ConfigError, PLAYERS + "True"),
    (lambda: CONFIG.deck(9), ConfigError, PLAYERS + "9"),
    (lambda: CONFIG.deck("3"), ConfigError, PLAYERS + "'3'"),
    (lambda: CONFIG.jokers(None), ConfigError, PLAYERS + "None"),
    (lambda: CONFIG.sides(3.0), ConfigError, PLAYERS + "3.0"),
    (lambda: CONFIG.check_players(2.0), ConfigError, PLAYERS + "2.0"),
    (lambda: CONFIG.check_players(HUGE), ConfigError, PLAYERS + QUOTED),
    (lambda: GameRecord(CONFIG, HUGE, 0), ConfigError, PLAYERS + QUOTED),
    # The rule choices refuse a value none of their members has.
    (lambda: Aces("x"), ConfigError, "Aces has no value 'x': it has 'low_or_high', 'high_only'"),
    (
        lambda: Calling(None),
        ConfigError,
        "Calling has no value None: it has 'none', 'discard_or_pile_meld', 'any_pile_card', "
        "'layoff_only'",
    ),
    (
        lambda: FirstDealer(1),
        ConfigError,
        "FirstDealer has no value 1: it has 'lowest', 'highest'",
    ),
    (
        lambda: DeepestCard(HUGE),
        ConfigError,
        f"DeepestCard has no value {QUOTED}: it has 'meld_or_lay_off', 'new_meld'",
    ),
    (
        lambda: EmptyStock(["x"]),
        ConfigError,
        "EmptyStock has no value ['x']: it has 'take_or_end', 'end_at_once', 'reuse_pile'",
    ),
    (
        lambda: Phase(9),
        StateError,
        "Phase has no value 9: it has 0 (DRAW), 1 (PLAY), 2 (CALL), 3 (HAND_OVER), 4 (GAME_OVER)",
    ),
    (
        lambda: OwedUse("x"),
        StateError,
        "OwedUse has no value 'x': it has 0 (ANY), 1 (MELD), 2 (LAYOFF)",
    ),
    # Card values.
    (
        lambda: CardValues.flat("x", 5),
        ConfigError,
        "CardValues.flat's ace must be a whole number of points, not 'x'",
    ),
    (
        lambda: CardValues.flat(15, 1.5),
        ConfigError,
        "CardValues.flat's low_cards must be a whole number of points or None, not 1.5",
    ),
    (lambda: VALUES.points(Card("AS"), end="x"), ConfigError, TYPED_END + "'x'"),
    (lambda: VALUES.points(Card("AS"), end=True), ConfigError, TYPED_END + "True"),
    (lambda: VALUES.points(Card("AS"), end=False), ConfigError, TYPED_END + "False"),
    (lambda: VALUES.points(Card("AS"), end=2), ConfigError, TYPED_END + "2"),
    # A joker stands for a standard card, given by its id.
    (
        lambda: JOKER.standing_for(None),
        CardError,
        "a joker stands for one of the 52 standard cards, not None",
    ),
    (
        lambda: JOKER.standing_for(True),
        CardError,
        "a joker stands for one of the 52 standard cards, not True",
    ),
    (
        lambda: JOKER.standing_for(52),
        CardError,
        "a joker stands for one of the 52 standard cards, not 52",
    ),
    # The draw for the first deal.
    (
        lambda: dealer_draw_rounds(None, 3, STATE.dealer_draw),
        ConfigError,
        "dealer_draw_rounds' config must be a RuleConfig, not None",
    ),
    (lambda: dealer_draw_rounds(CONFIG, True, STATE.dealer_draw), ConfigError, PLAYERS + "True"),
    (
        lambda: dealer_draw_rounds(CONFIG, 3, None),
        StateError,
        "dealer_draw_rounds' drawn must be a sequence of the cards drawn, not None",
    ),
    (
        lambda: dealer_draw_rounds(CONFIG, 3, [None]),
        CardError,
        "a card is a text such as 'QH' or a card id (an int from 0 to 104), not None",
    ),
    # Saving, and game records.
    (
        lambda: dumps(STATE, indent=10**30),
        SerializationError,
        "dumps' indent must be None or a whole number from 0 to 64, not an int of 100 bits",
    ),
    (
        lambda: dumps(STATE, indent=True),
        SerializationError,
        "dumps' indent must be None or a whole number from 0 to 64, not True",
    ),
    (
        lambda: dumps(STATE, indent=-1),
        SerializationError,
        "dumps' indent must be None or a whole number from 0 to 64, not -1",
    ),
    (
        lambda: GameRecord(None, 3, 0),
        ConfigError,
        "a game record's config must be a RuleConfig, not None",
    ),
    (lambda: GameRecord(CONFIG, 3, 1.5), ConfigError, "seed must be a whole number, not 1.5"),
    (
        lambda: new_game(players=3, dealer=7),
        StateError,
        "the dealer must be a player from 0 to 2 or None, not 7",
    ),
    (
        lambda: new_game(players=3, dealer=-1),
        StateError,
        "the dealer must be a player from 0 to 2 or None, not -1",
    ),
    (
        lambda: GameRecord(CONFIG, 3, 0, dealer="x"),
        StateError,
        "the dealer must be a player from 0 to 2 or None, not 'x'",
    ),
    (
        lambda: GameRecord(CONFIG, 3, 0, moves=None),
        MoveParseError,
        "a game record's moves are an iterable of moves, not None",
    ),
    (
        lambda: GameRecord.from_state(None),
        StateError,
        "GameRecord.from_state needs a State, not None",
    ),
    # Table melds, however built.
    (
        lambda: TableMeld("x", (0, 0, 0), True, 5, 7),
        StateError,
        "a table meld's cards are a tuple of card ids (ints from 0 to 104), not 'x'",
    ),
    (
        lambda: TableMeld(RUN, 5, True, 5, 7),
        StateError,
        "a table meld's owners are a tuple of player numbers, not 5",
    ),
    (
        lambda: TableMeld(RUN, (0, 0), True, 5, 7),
        StateError,
        "a table meld needs one owner for each card: 3 cards, 2 owners",
    ),
    (
        lambda: TableMeld(RUN, (0, 0, 0), "yes", 5, 7),
        StateError,
        "a table meld's is_run is True or False, not 'yes'",
    ),
    (
        lambda: TableMeld(RUN, (0, 0, 0), True, "x", 7),
        StateError,
        "a table meld's low and high are positions from 0 to 40, the low first, not 'x' and 7",
    ),
    (
        lambda: TableMeld(RUN, (0, 0, 0), True, 7, 5),
        StateError,
        "a table meld's low and high are positions from 0 to 40, the low first, not 7 and 5",
    ),
    (
        lambda: TableMeld(RUN, (0, 0, 0), True, 5, 7, owner=None),
        StateError,
        "a table meld's owner is a player number, not None",
    ),
    (
        lambda: attrs.evolve(MELD, id="x"),
        StateError,
        "a table meld's id is a whole number, not 'x'",
    ),
    (
        lambda: TableMeld.of(RUN, [0, 0, 0], id="x"),
        StateError,
        "a table meld's id is a whole number, not 'x'",
    ),
    (
        lambda: TableMeld.of(RUN, [0, 0, 0], top_id=1.0),
        StateError,
        "a table meld's top_id is a whole number, not 1.0",
    ),
    (
        lambda: TableMeld.new(RUN, -1),
        StateError,
        "a table meld's owner is a player number, not -1",
    ),
    (
        lambda: TableMeld.of(RUN, [0, 0, 0], doubled="yes"),
        StateError,
        "a table meld's doubled is True or False, not 'yes'",
    ),
    (
        lambda: TableMeld.of(RUN[:2], [0, 0]),
        StateError,
        "a table meld holds 3 or more cards, not 2",
    ),
    (
        lambda: TableMeld.new("x", 0),
        StateError,
        "a table meld's cards must be 3 or more card ids (ints from 0 to 104), not 'x'",
    ),
    (
        lambda: TableMeld.new(RUN, None),
        StateError,
        "a table meld's owner is a player number, not None",
    ),
    (lambda: MELD.extended(None, parse_cards("8H"), 1), StateError, PLACEMENT + "None"),
    (lambda: MELD.extended((0, 2), parse_cards("8H"), 1), StateError, PLACEMENT + "(0, 2)"),
    (
        lambda: MELD.extended((0, 1), parse_cards("8H"), "x"),
        StateError,
        "a table meld's owner is a player number, not 'x'",
    ),
    (
        lambda: MELD.extended((0, 1), parse_cards("8S"), 1),
        StateError,
        "8♠ do not go on 5♥ 6♥ 7♥: a run is all one suit",
    ),
    (
        lambda: MELD.extended((0, 1), parse_cards("9H"), 1),
        StateError,
        "9♥ do not go at the ends of 5♥ 6♥ 7♥ as placed: 0 below, 1 above",
    ),
    (
        lambda: MELD.card_points(None),
        ConfigError,
        "TableMeld.card_points reads the CardValues of the rules (config.card_values), not None",
    ),
    (
        lambda: MELD.end_aces(VALUES.by_card),
        ConfigError,
        "TableMeld.end_aces reads the CardValues of the rules (config.card_values), not a tuple",
    ),
    # A meld id the position could not compare is refused where the meld is built.
    (
        lambda: _position([TableMeld.of(RUN, [0, 0, 0], id="x")]),
        StateError,
        "a table meld's id is a whole number, not 'x'",
    ),
    (
        lambda: _position([{"cards": "5H 6H 7H", "owner": -1}]),
        StateError,
        "table[0]: a table meld's owners are player numbers, not -1",
    ),
    # Puts and points (the compiled build reads these arguments as objects until checked).
    (
        lambda: put_down(RUN, (), RUN, "x", CONFIG),
        StateError,
        "put_down's player must be a player number, not 'x'",
    ),
    (
        lambda: put_down(parse_cards("8H"), (MELD,), parse_cards("8H"), 0, CONFIG, onto=0.0),
        StateError,
        "put_down's onto must be a table meld id, not 0.0",
    ),
    (
        lambda: table_points(VALUES, [TableMeld.new(RUN, 7)], 3),
        StateError,
        "table_points' table[0] has a card put down by player 7, but there are 3 players",
    ),
    (
        lambda: table_points(None, [MELD], 3),
        ConfigError,
        "table_points' values are a RuleConfig's card_values, not None",
    ),
    (
        lambda: table_points(VALUES, [MELD], 10**30),
        ConfigError,
        "table_points' players must be a whole number from 1 to 8, not an int of 100 bits",
    ),
    (
        lambda: table_points(VALUES, [MELD], True),
        ConfigError,
        "table_points' players must be a whole number from 1 to 8, not True",
    ),
    (
        lambda: table_points(VALUES, None, 3),
        StateError,
        "table_points' table is a sequence of TableMeld, not None",
    ),
    (
        lambda: table_points(VALUES, [None], 3),
        StateError,
        "table_points' table[0] is a TableMeld, not None",
    ),
    (
        lambda: score_breakdown(CONFIG, [[], [], []], [], stock_ran_out="yes"),
        StateError,
        "stock_ran_out is True or False, not 'yes'",
    ),
    (
        lambda: score_breakdown(CONFIG, [[], [], []], [], went_out="0"),
        StateError,
        "went_out is a player from 0 to 2 or None, not '0'",
    ),
    # Presets: the names only (the aliases would take several lines), and records by field.
    (
        lambda: presets.get("x"),
        ConfigError,
        "no preset called 'x'; the presets are: standard, bicycle, pagat, wikipedia, fosdick, "
        "house, classic, competitive, hosted, playingcards_io, partnership, persian, rummy_1000 "
        "(or an alias of one)",
    ),
    (
        lambda: attrs.evolve(presets.preset("standard"), name=None),
        ConfigError,
        "a preset's name is one line of text without spaces around it, not None",
    ),
    (
        lambda: attrs.evolve(presets.preset("standard"), notes=None),
        ConfigError,
        "a preset's notes are text, not None",
    ),
    (
        lambda: attrs.evolve(presets.preset("standard"), config="standard"),
        ConfigError,
        "a preset's config is a RuleConfig, not 'standard'",
    ),
    # Playouts and searches.
    (lambda: playout(None, random.Random(0)), StateError, "playout plays from a State, not None"),
    (
        lambda: playout(STATE, None),
        ConfigError,
        "playout's rng must be a random.Random, not None",
    ),
    (
        lambda: playout(STATE, random.Random(0), None),
        ConfigError,
        "playout policy must be a function of a state and a random.Random that returns a move, "
        "not None",
    ),
    (
        lambda: playout_move(STATE, 5),
        ConfigError,
        "playout_move's rng must be a random.Random, not 5",
    ),
    (
        lambda: playout_move([STATE], random.Random(0)),
        StateError,
        "playout_move plays from a State, not a list",
    ),
    (
        lambda: ISMCTSBot(iterations=5).search(None),
        StateError,
        "a bot chooses from a PlayerView, not None",
    ),
    (
        lambda: game_result_line(STATE, ["A", "B", "C"], you=None),
        ConfigError,
        "game_result_line's you must be a collection of seats (whole numbers), not None",
    ),
    # Simulation results: an outcome read back from JSON data, an estimate's text, a summary.
    (
        lambda: GameOutcome.from_json(None),  # type: ignore[arg-type]
        SerializationError,
        "GameOutcome.from_json's data is a dict of game, seed, totals, winner, decisions, "
        "first_player, hands, not None",
    ),
    (
        lambda: GameOutcome.from_json({"game": 0}),
        SerializationError,
        "GameOutcome.from_json's data has no 'seed'",
    ),
    (
        lambda: GameOutcome.from_json(_outcome_data(seed=HUGE)),
        SerializationError,
        f"GameOutcome.from_json's seed is a whole number of 0 or more, not {QUOTED}",
    ),
    (
        lambda: GameOutcome.from_json(_outcome_data(winner=True)),
        SerializationError,
        "GameOutcome.from_json's winner is None or a whole number of 0 or more, not True",
    ),
    (
        lambda: GameOutcome.from_json(_outcome_data(totals=[1.5])),
        SerializationError,
        "GameOutcome.from_json's totals is a list of whole numbers, not a list",
    ),
    (
        lambda: GameOutcome.from_json(_outcome_data(hands="x")),
        SerializationError,
        "GameOutcome.from_json's hands is a list of the game's hands, not 'x'",
    ),
    (
        lambda: GameOutcome.from_json(_outcome_data(hands=[None])),
        SerializationError,
        "GameOutcome.from_json's hands[0] is a dict of scores, player_scores, turns, went_out, "
        "ended, calls, not None",
    ),
    (
        lambda: GameOutcome.from_json(_outcome_data(hand_turns=-1)),
        SerializationError,
        "GameOutcome.from_json's hands[0].turns is a whole number of 0 or more, not -1",
    ),
    (
        lambda: GameOutcome.from_json(_outcome_data(hand_ended="won")),
        SerializationError,
        "GameOutcome.from_json's hands[0].ended is one of went_out, stock, turn_limit, not 'won'",
    ),
    (
        lambda: Interval(0.5, 0.25, 0.75).text(digits=None),  # type: ignore[arg-type]
        SimulationError,
        "Interval.text's digits is a whole number from 0 to 20, not None",
    ),
    (
        lambda: Interval(0.5, 0.25, 0.75).text(digits=True),
        SimulationError,
        "Interval.text's digits is a whole number from 0 to 20, not True",
    ),
    (
        lambda: Interval(0.5, 0.25, 0.75).text(digits=10**30),
        SimulationError,
        "Interval.text's digits is a whole number from 0 to 20, not an int of 100 bits",
    ),
    (
        lambda: Summary.of(_simulation(), None),  # type: ignore[arg-type]
        SimulationError,
        "Summary.of's outcomes are an iterable of GameOutcome, not None",
    ),
    (
        lambda: Summary.of(_simulation(), HUGE),  # type: ignore[arg-type]
        SimulationError,
        f"Summary.of's outcomes are an iterable of GameOutcome, not {QUOTED}",
    ),
    (
        lambda: Summary.of(_simulation(), [play_one(_simulation(), 0), {"x": 1}]),  # type: ignore[list-item]
        SimulationError,
        "Summary.of's outcomes[1] is a GameOutcome, not a dict",
    ),
]


@pytest.mark.parametrize(("call", "kind", "message"), REFUSALS)
def test_each_bad_argument_is_refused_with_its_message(
    call: Callable[[], object], kind: type[Rummy500Error], message: str
) -> None:
    with pytest.raises(Rummy500Error) as refused:
        call()
    assert type(refused.value) is kind
    assert str(refused.value) == message


def test_a_message_listing_many_problems_names_the_first_few_and_counts_the_rest() -> None:
    assert problems_text(["a" * 100, "b" * 100, "c" * 100]) == (
        f"{'a' * 100}; {'b' * 100}; and 1 more problem"
    )
    assert problems_text(["a" * 300, "b", "c"]) == f"{'a' * 300}; and 2 more problems"
    assert problems_text(["a", "b"]) == "a; b"
    with pytest.raises(ConfigError) as refused:
        RuleConfig(team_size=10**30)
    teams = "cannot form teams of 1000000000000000000000000000000"
    assert str(refused.value) == (
        f"team_size: 2 players {teams}; team_size: 3 players {teams}; team_size: 4 players "
        f"{teams}; and 4 more problems"
    )


def test_what_the_checks_stand_in_front_of_still_answers() -> None:
    assert CONFIG.deck_size(3) == 52
    assert presets.get("partnership").sides(4) == 2
    assert VALUES.points(Card("AS"), end=-1) == 1
    assert JOKER.standing_for(Card("6S")) == Card("JK=6S")
    assert dealer_draw_rounds(CONFIG, 3, list(map(str, STATE.dealer_draw))) == (
        dealer_draw_rounds(CONFIG, 3, STATE.dealer_draw)
    )
    assert dumps(STATE, indent=2).startswith('{\n  "format": ')
    assert table_points(VALUES, [MELD, TableMeld.new(parse_cards("8S 8H 8D"), 2)], 3) == [
        18,
        0,
        24,
    ]
    assert MELD.extended((1, 1), parse_cards("4H 8H"), 1).owners == (1, 0, 0, 0, 1)
    assert TableMeld.of(RUN, [0, 1, 1], id=2, top_id=3).top_id == 3
    rng = random.Random(3)
    assert playout_move(STATE, rng) in STATE.legal_moves()
    assert playout(STATE, random.Random(3)).phase >= Phase.HAND_OVER


# -- the environments (the rl extra) ------------------------------------------------------------


def test_the_gymnasium_environment_refuses_wrong_arguments_with_the_packages_errors() -> None:
    pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    from rummy500.envs.gymnasium import Rummy500GymEnv

    for kwargs, message in [
        ({"config": None}, "config must be a RuleConfig or a preset name, not None"),
        ({"seat": HUGE}, f"seat must be a seat from 0 to 2, not {QUOTED}"),
        (
            {"opponents": None},
            "opponents must be a bot's name or a list of them, one for each other seat, not None",
        ),
        ({"opponents": ["greedy"]}, "2 opponents play with 3 players, not 1"),
    ]:
        with pytest.raises(ConfigError) as refused:
            Rummy500GymEnv(**kwargs)
        assert str(refused.value) == message
    game = Rummy500GymEnv()
    with pytest.raises(ConfigError) as refused:
        game.reset(seed="x")  # type: ignore[arg-type]
    assert str(refused.value) == "seed must be None or a whole number of 0 or more, not 'x'"
    game.reset(seed=1)
    before = game.game
    for action, shown in ((True, "True"), (np.True_, "a bool")):
        with pytest.raises(ActionError) as refused:
            game.step(action)
        assert str(refused.value) == f"an action id is an int or a numpy integer, not {shown}"
    assert game.game is before


def test_the_pettingzoo_environment_refuses_wrong_arguments_with_the_packages_errors() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("numpy")
    from rummy500.envs.pettingzoo import Rummy500AECEnv

    game = Rummy500AECEnv()
    with pytest.raises(ConfigError) as refused:
        game.reset(seed=[1])  # type: ignore[arg-type]
    assert str(refused.value) == "seed must be None or a whole number of 0 or more, not a list"
    game.reset(seed=1)
    agents = "player_0, player_1, player_2"
    for method, agent, shown in [
        (game.observe, "x", "'x'"),
        (game.observation_space, None, "None"),
        (game.action_space, ["player_0"], "a list"),
    ]:
        with pytest.raises(StateError) as refused:
            method(agent)
        assert str(refused.value) == f"no agent {shown}: the agents are {agents}"
    before = game.game
    with pytest.raises(ActionError) as refused:
        game.step(True)
    assert str(refused.value) == "an action id is an int or a numpy integer, not True"
    assert game.game is before
    assert game.observation_space("player_1") is game.observation_spaces["player_1"]
    assert quote_value(game.action_space("player_2")) == "Discrete(1514)"


def test_the_openspiel_game_refuses_wrong_arguments_with_the_packages_errors() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from rummy500.envs.openspiel import Rummy500Game, rules_parameter

    def refused(call: Callable[[], object], kind: type[Rummy500Error], message: str) -> None:
        with pytest.raises(Rummy500Error) as error:
            call()
        assert type(error.value) is kind
        assert str(error.value) == message

    # The game and its observer.
    refused(
        lambda: Rummy500Game("x"),  # type: ignore[arg-type]
        ConfigError,
        "the game parameters are a dict of their names and values, not 'x'",
    )
    refused(
        lambda: Rummy500Game(True),  # type: ignore[arg-type]
        ConfigError,
        "the game parameters are a dict of their names and values, not True",
    )
    refused(
        lambda: Rummy500Game({1: 3}),  # type: ignore[dict-item]
        ConfigError,
        "a game parameter's name is a str, not 1",
    )
    game = Rummy500Game({"players": 3})
    refused(
        lambda: game.make_py_observer("x"),
        ConfigError,
        "the observer's iig_obs_type is None or a pyspiel.IIGObservationType, not 'x'",
    )
    refused(
        lambda: game.make_py_observer(None, {"x": 1}),
        ConfigError,
        "the observer takes no parameters (params is None or empty), not {'x': 1}",
    )
    refused(
        lambda: game.make_py_observer(None, HUGE),  # type: ignore[arg-type]
        ConfigError,
        f"the observer takes no parameters (params is None or empty), not {QUOTED}",
    )
    one_view = pyspiel.IIGObservationType(perfect_recall=False, public_info=False)
    refused(
        lambda: game.make_py_observer(one_view),
        ConfigError,
        "the observer shows one player's view: public and private information",
    )
    assert game.make_py_observer(None, {}).tensor.size == game.observation_tensor_size()
    # A state: its legal actions, the actions applied, a world sampled from it.
    state = game.new_initial_state()
    refused(
        lambda: state.apply_action(10**30),
        ActionError,
        "a deal's chance outcomes are the seeds 0 to 4095, not an int of 100 bits",
    )
    state.apply_action(1)
    player = state.current_player()
    ids = "(an int from -2147483648 to 2147483647)"
    for bad, shown in (("x", "'x'"), (True, "True"), (2**40, "1099511627776"), (1.0, "1.0")):
        refused(
            lambda bad=bad: state.legal_actions(bad),  # type: ignore[misc]
            StateError,
            f"legal_actions' player is None or a player id {ids}, not {shown}",
        )
    # OpenSpiel refuses a pseudo-player at a player's turn with its own SpielError: the one
    # raised is that, and the package's StateError too.
    with pytest.raises(pyspiel.SpielError) as pseudo:
        state.legal_actions(-1)
    assert isinstance(pseudo.value, StateError)
    assert str(pseudo.value) == "Called LegalActions for pseudo-player -1"
    np = pytest.importorskip("numpy")
    assert state.legal_actions(np.int64(player)) == state.legal_actions()
    before = state.game_state
    refused(
        lambda: state.apply_action(10**30),
        ActionError,
        f"action ids run from 0 to {game.num_distinct_actions() - 1} under these rules with 3 "
        "players, not an int of 100 bits",
    )
    assert state.game_state is before
    for sampler, message in [
        (None, "is a function that returns a number from 0 to 1, not None"),
        (lambda: "x", "returns a number from 0 to 1, not 'x'"),
        (lambda: True, "returns a number from 0 to 1, not True"),
        (lambda: 1.5, "returns a number from 0 to 1, not 1.5"),
        (lambda: math.nan, "returns a number from 0 to 1, not nan"),
    ]:
        refused(
            lambda sampler=sampler: state.resample_from_infostate(player, sampler),
            ConfigError,
            f"resample_from_infostate's probability_sampler {message}",
        )
    world = state.resample_from_infostate(player, lambda: np.float32(0.5))
    assert world.current_player() == player
    # The rules as the game's string holds them.
    refused(
        lambda: rules_parameter(math.nan),  # type: ignore[arg-type]
        ConfigError,
        "rules_parameter's config must be a RuleConfig, not nan",
    )
    refused(
        lambda: rules_parameter("standard"),  # type: ignore[arg-type]
        ConfigError,
        "rules_parameter's config must be a RuleConfig, not 'standard'",
    )
