"""Fixed action ids: every legal move has exactly one id, below the space's size, and the id
decodes back to the move; the mask and the sorted legal ids are the encoded legal moves; an id
or a move that is not legal is refused, saying why.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers_positions import build, play
from helpers_scripts import load_script
from rummy500 import (
    Aces,
    ActionError,
    Calling,
    Discard,
    Draw,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    Phase,
    PlayerTable,
    RuleConfig,
    State,
    Take,
    new_game,
    parse_cards,
    presets,
)
from rummy500.core.errors import ConfigError
from rummy500.toolkit import ActionRange, ActionSpace, possible_melds
from strategies import meld_preferring_policy, random_policy, rule_configs, scaled, seeds

#: Every preset with every player count it allows.
PRESET_GAMES = [(name, n) for name in presets.names() for n in presets.get(name).player_counts]
STANDARD = RuleConfig()
PAGAT = presets.get("pagat")


def check_space(space: ActionSpace, s: State) -> None:
    """Every legal move of ``s`` has its own id below ``size``, which decodes back to it (also
    on a copy of ``s`` that has not listed its moves); the sorted ids and the mask are the
    encoded legal moves."""
    moves = s.legal_moves()
    ids = [space.encode(m, s) for m in moves]
    assert len(set(ids)) == len(ids), "two legal moves share an id"
    assert all(0 <= i < space.size for i in ids), "an id is out of range"
    assert [space.decode(i, s) for i in ids] == list(moves), "an id decodes to another move"
    fresh = s.detached()
    assert [space.decode(i, fresh) for i in ids] == list(moves), "decoding needs the moves listed"
    assert space.legal_actions(s) == sorted(ids), "the legal ids are not the encoded moves"
    mask = space.mask(s)
    assert len(mask) == space.size, "the mask is not one byte per id"
    assert [i for i, bit in enumerate(mask) if bit] == sorted(ids), "the mask is not the moves"


def play_and_check(config: RuleConfig, players: int, seed: int, steps: int, keen: bool) -> int:
    """Play ``steps`` moves from a new game (putting cards down when ``keen``), checking the
    action ids in every position; returns how many positions were checked."""
    space = ActionSpace.of(config, players)
    rng = random.Random(seed)
    policy = meld_preferring_policy if keen else random_policy
    s = new_game(config, players, seed=seed)
    checked = 0
    for _ in range(steps):
        if s.is_terminal():
            break
        check_space(space, s)
        checked += 1
        s = s.apply(policy(rng, s))
    return checked


# -- properties --------------------------------------------------------------------------------


@given(game=st.sampled_from(PRESET_GAMES), seed=seeds, keen=st.booleans())
@scaled(2)
def test_every_legal_move_has_one_id_that_decodes_back(
    game: tuple[str, int], seed: int, keen: bool
) -> None:
    name, players = game
    assert play_and_check(presets.get(name), players, seed, 120, keen) > 0


@pytest.mark.parametrize(("name", "players"), PRESET_GAMES)
def test_ids_round_trip_under_every_preset_at_every_player_count(name: str, players: int) -> None:
    assert play_and_check(presets.get(name), players, players, 150, keen=True) > 0


@given(config=rule_configs(lively=True), seed=seeds, keen=st.booleans())
@scaled(1)
def test_ids_round_trip_under_any_rules(config: RuleConfig, seed: int, keen: bool) -> None:
    players = config.min_players + seed % len(config.player_counts)
    assert play_and_check(config, players, seed, 60, keen) > 0


def decodable(space: ActionSpace, s: State) -> list[int]:
    """Every id that decodes in ``s``; each must encode back to itself."""
    found = []
    for action in range(space.size):
        try:
            move = space.decode(action, s)
        except IllegalMoveError:
            continue
        assert space.encode(move, s) == action, f"{action} decodes to {move}, another id"
        found.append(action)
    return found


@pytest.mark.parametrize("name", ["standard", "pagat", "house", "persian", "playingcards_io"])
def test_exactly_the_legal_ids_decode(name: str) -> None:
    config = presets.get(name)
    players = config.min_players
    space = ActionSpace.of(config, players)
    rng = random.Random(5)
    s = new_game(config, players, seed=5)
    for step in range(120):
        if step % 20 == 0:
            assert decodable(space, s.detached()) == space.legal_actions(s)
        s = s.apply(meld_preferring_policy(rng, s))


# -- a hand holding nearly every card: every meld and lay-off at once --------------------------

#: Rules under which one hand can make a great many melds and lay-offs.
BIG_HANDS = {
    "standard": STANDARD,
    "pagat": PAGAT,
    "wrap": RuleConfig(wrap_around=True, jokers_per_deck=2, max_jokers_per_meld=2),
    "aces_high": RuleConfig(aces=Aces.HIGH_ONLY, jokers_per_deck=1),
    "joker_only": RuleConfig(jokers_per_deck=3, max_jokers_per_meld=3, joker_only_melds=True),
    "persian": presets.get("persian"),
}


def everything_but(config: RuleConfig, table: list[tuple[str, int]]) -> State:
    """Player 0 to play, holding every card but the table's and one 2 for each other player."""
    others = ["2C", "2D", "2S"][: config.min_players - 1]
    return build(config, [None, *others], table=table, leftover=0)


@pytest.mark.parametrize("name", [name for name in BIG_HANDS if name != "joker_only"])
def test_ids_round_trip_with_every_meld_and_lay_off_of_a_huge_hand(name: str) -> None:
    config = BIG_HANDS[name]
    table = [("6S 7S 8S", 1), ("2H 3H 4H", 1), ("9C 9D 9H", 1)]
    if name == "persian":
        table = [("JK JK JK", 1), ("QS KS AS", 1), ("9C 9D 9H", 1)]
    s = everything_but(config, table)
    layoffs = [m for m in s.legal_moves() if isinstance(m, Layoff)]
    assert len(layoffs) > 10
    check_space(ActionSpace.of(config, config.min_players), s)


@pytest.mark.parametrize("name", BIG_HANDS)
def test_the_meld_range_holds_every_meld_the_rules_allow_once(name: str) -> None:
    config = BIG_HANDS[name]
    players = config.min_players
    space = ActionSpace.of(config, players)
    (melds,) = [r for r in space.ranges if r.name == "meld"]
    named = [Move.from_text(space.describe(i)) for i in range(melds.start, melds.stop)]
    every_card = parse_cards("JK") * config.jokers(players) + tuple(
        c for c in parse_cards(" ".join(f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK"))
    )
    assert len(set(named)) == len(named)
    assert {m.melded for m in named if isinstance(m, Meld)} == set(
        possible_melds(every_card, config)
    )


# -- chosen positions ----------------------------------------------------------------------------


def test_the_standard_layout() -> None:
    space = ActionSpace.of(STANDARD, 2)
    assert space.layout() == (
        "   0-0       1  draw: draw from the stock\n"
        "   1-1       1  decline: decline to draw (the stock is empty)\n"
        "   2-2       1  deal: deal the next hand\n"
        "   3-49     47  take: take the top k cards of the discard pile, k = 1, 2, ...\n"
        "  50-101    52  discard: discard the card with that card id (52 a joker)\n"
        " 102-474   373  meld: lay down a new meld: sets of jokers, sets by rank, runs by suit, "
        "span and the places its jokers stand in\n"
        " 475-1514 1040  layoff: lay off on the table meld with id i (0 to 15): "
        "65 shapes for each meld id"
    )
    assert space.size == 1515
    assert space.ranges[0] == ActionRange("draw", 0, 1, "draw from the stock")


def test_ranges_are_contiguous_and_cover_every_id() -> None:
    for name, players in PRESET_GAMES:
        space = ActionSpace.of(presets.get(name), players)
        starts = [r.start for r in space.ranges]
        stops = [r.stop for r in space.ranges]
        assert starts == [0, *stops[:-1]]
        assert stops[-1] == space.size
        assert all(len(r) > 0 for r in space.ranges)


def test_a_space_is_built_once_per_rules_and_player_count() -> None:
    assert ActionSpace.of(RuleConfig(), 3) is ActionSpace.of(RuleConfig(), 3)
    assert ActionSpace.of(RuleConfig(), 3) is not ActionSpace.of(RuleConfig(), 4)
    s = new_game(PAGAT, 2, seed=1)
    assert ActionSpace.for_state(s) is ActionSpace.of(PAGAT, 2)


def test_calls_and_passes_have_ids_only_where_rummy_is_called() -> None:
    assert [r.name for r in ActionSpace.of(STANDARD, 2).ranges] == [
        "draw",
        "decline",
        "deal",
        "take",
        "discard",
        "meld",
        "layoff",
    ]
    calling = attrs.evolve(STANDARD, calling=Calling.ANY_PILE_CARD)
    names = [r.name for r in ActionSpace.of(calling, 2).ranges]
    assert names == ["draw", "decline", "deal", "pass", "take", "call", "discard", "meld", "layoff"]


def test_a_take_is_numbered_by_how_many_cards_it_takes() -> None:
    s = build(
        STANDARD,
        ["5S 6S 9D 10D KC", "4C 4D"],
        phase=Phase.DRAW,
        pile="2C 7S 4H",
        table=[("KH KD KS", 1)],
    )
    space = ActionSpace.of(STANDARD, 2)
    take = Take(parse_cards("7S 4H"))
    assert space.encode(take, s) == 3 + 1
    assert space.decode(4, s) == take
    assert space.encode(Draw(), s) == 0


def test_an_ace_laid_off_low_or_high_has_two_ids() -> None:
    run = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    s = build(STANDARD, ["AS 5D 9H", "4C 4D"], table=[(run, 1)])
    space = ActionSpace.of(STANDARD, 2)
    low, high = Layoff(0, parse_cards("AS")), Layoff(0, parse_cards("AS"), high=True)
    start = space.ranges[-1].start
    # Shapes go by the number of cards, then by how many go below: one below, then one above.
    assert (space.encode(low, s), space.encode(high, s)) == (start + 1, start)
    assert space.describe(start) == (
        "lay off on table meld 0: on a run, 0 below and 1 above; on a set, its ♣"
    )
    check_space(space, s)


def test_a_split_the_engine_never_makes_names_no_move() -> None:
    config = RuleConfig(wrap_around=True)
    s = build(config, ["KS AS 5D", "4C 4D"], table=[("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", 1)])
    space = ActionSpace.of(config, 2)
    start = space.ranges[-1].start
    # After the two one-card shapes, two cards go 0 below and 2 above, 1 and 1, or 2 and 0.
    top, bottom = (space.decode(start + shape, s) for shape in (2, 4))
    assert top == Layoff(0, parse_cards("KS AS"), high=True)
    assert bottom == Layoff(0, parse_cards("KS AS"))
    with pytest.raises(IllegalMoveError) as error:
        space.decode(start + 3, s)
    assert str(error.value) == (
        f"action {start + 3} (lay off on table meld 0: on a run, 1 below and 1 "
        "above; on a set, its ♠) names no move here: a lay-off of A♠ K♠ puts them at the bottom "
        "of the run, or at the top with 'high', never split"
    )


def test_a_lay_off_names_its_meld_by_its_id() -> None:
    # A run filling the gap between two runs joins both: the second leaves the table, and
    # the set after it moves up a place but keeps its id, 2, which its lay-off ids name.
    config = RuleConfig(join_melds=True)
    table = [("3H 4H 5H", 1), ("9H 10H JH", 1), ("KC KD KH", 1)]
    s = build(config, ["6H 7H 8H KS 2C", "4C 4D"], table=table)
    s = play(s, "meld 6H 7H 8H")
    assert [m.id for m in s.table] == [0, 2]
    space = ActionSpace.of(config, 2)
    move = Layoff(2, parse_cards("KS"))
    # Meld id 2; on a set without wild jokers, the shape is the suit (spades: 3).
    action = space.ranges[-1].start + 2 * space.layoff_shapes + 3
    assert space.encode(move, s) == action
    assert space.decode(action, s) == move
    # Meld id 1 went into the join: its lay-off ids name nothing now.
    with pytest.raises(IllegalMoveError) as error:
        space.decode(space.ranges[-1].start + space.layoff_shapes + 3, s)
    assert str(error.value).endswith(
        "names no move here: there is no table meld 1: the table melds are 0 and 2"
    )
    check_space(space, s)


def test_a_meld_id_beyond_the_space_has_no_lay_off_id() -> None:
    space = ActionSpace.of(STANDARD, 2)
    s = State.from_position(
        STANDARD,
        hands=["KS 2C 4H 9D", "4C 4D 5S"],
        pile="7C",
        table=[{"cards": "KC KD KH", "owner": 1, "id": space.meld_ids}],
        phase=Phase.PLAY,
    )
    move = next(m for m in s.legal_moves() if isinstance(m, Layoff))
    with pytest.raises(ActionError) as error:
        space.encode(move, s)
    assert str(error.value) == (
        f"table meld {space.meld_ids} has an id beyond the {space.meld_ids} meld ids of this "
        "action space: a hand gives its melds ids 0, 1, 2... as they are laid down, and lays "
        "down fewer melds than that"
    )


# -- refusals ----------------------------------------------------------------------------------


def test_an_illegal_move_has_no_id() -> None:
    s = new_game(STANDARD, 2, seed=3)
    space = ActionSpace.of(STANDARD, 2)
    with pytest.raises(IllegalMoveError) as error:
        space.encode(Discard(parse_cards("5S")[0]), s)
    assert str(error.value) == (
        "'discard 5♠' is illegal: a turn starts with a draw from the stock or a take from the "
        "discard pile"
    )
    with pytest.raises(IllegalMoveError) as error:
        space.encode("draw", s)  # type: ignore[arg-type]
    assert str(error.value) == "'draw' is not a move"


def test_an_id_that_is_not_legal_is_refused_saying_why() -> None:
    s = new_game(STANDARD, 2, seed=3)
    space = ActionSpace.of(STANDARD, 2)
    with pytest.raises(IllegalMoveError) as error:
        space.decode(2, s)
    assert str(error.value) == (
        "action 2 is 'deal', which is illegal here: 'deal' comes only after a hand is over"
    )
    with pytest.raises(IllegalMoveError) as error:
        space.decode(5, s)
    assert str(error.value) == (
        "action 5 (take the top 3 cards of the discard pile) names no move here: the discard "
        "pile holds 1 card"
    )
    with pytest.raises(IllegalMoveError) as error:
        space.decode(1000, s)
    assert str(error.value) == (
        "action 1000 (lay off on table meld 8: on a run, 0 below and 3 above) names no move "
        "here: there is no table meld 8: the table holds no melds"
    )


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (-1, "action ids run from 0 to 1514 under these rules with 2 players, not -1"),
        (1515, "action ids run from 0 to 1514 under these rules with 2 players, not 1515"),
        (True, "an action id is an int, not True"),
        ("3", "an action id is an int, not '3'"),
    ],
)
def test_an_id_out_of_range_is_refused(action: object, message: str) -> None:
    s = new_game(STANDARD, 2, seed=3)
    with pytest.raises(ActionError) as error:
        ActionSpace.of(STANDARD, 2).decode(action, s)  # type: ignore[arg-type]
    assert str(error.value) == message


def test_a_space_is_used_only_with_its_own_game() -> None:
    space = ActionSpace.of(STANDARD, 2)
    with pytest.raises(ActionError) as error:
        space.mask(new_game(STANDARD, 3, seed=1))
    assert str(error.value) == "this action space is for 2 players, and the state has 3"
    with pytest.raises(ActionError) as error:
        space.legal_actions(new_game(PAGAT, 2, seed=1))
    assert str(error.value) == (
        "this action space is for other rules than the state's: use ActionSpace.for_state(state)"
    )
    with pytest.raises(ActionError) as error:
        space.encode(Draw(), "state")  # type: ignore[arg-type]
    assert str(error.value) == "an action space reads a State, not 'state'"


def test_a_state_under_equal_rules_built_apart_is_read_as_one_under_the_same_rules() -> None:
    # The check lets a state of the space's very rules through first; rules that are equal
    # but another object go through the full check and are accepted all the same.
    apart = attrs.evolve(PAGAT)
    assert apart == PAGAT
    assert apart is not PAGAT
    space = ActionSpace.of(PAGAT, 3)
    rng = random.Random(8)
    same, other = new_game(PAGAT, 3, seed=8), new_game(apart, 3, seed=8)
    assert other.config is apart
    for _ in range(60):
        if same.is_terminal():
            break
        assert space.mask(other) == space.mask(same)
        ids = space.legal_actions(same)
        assert space.legal_actions(other) == ids
        action = rng.choice(ids)
        assert space.decode(action, other) == space.decode(action, same)
        same = same.apply(space.decode(action, same))
        other = other.apply(space.decode(action, other))


def test_a_space_needs_rules_and_a_player_count_they_allow() -> None:
    with pytest.raises(ConfigError) as error:
        ActionSpace.of(presets.get("persian"), 3)
    assert str(error.value) == "these rules are for 4 players, not 3"
    with pytest.raises(ActionError) as error:
        ActionSpace.of(STANDARD, 2.0)  # type: ignore[arg-type]
    assert str(error.value) == "an action space needs a whole number of players, not 2.0"
    with pytest.raises(ActionError) as error:
        ActionSpace.of("standard", 2)  # type: ignore[arg-type]
    assert str(error.value) == "an action space needs a RuleConfig, not 'standard'"


def test_two_decks_give_more_places_and_a_longer_pile() -> None:
    one = ActionSpace.of(STANDARD, 4)
    two = ActionSpace.of(attrs.evolve(STANDARD, decks=PlayerTable.of(2)), 4)
    assert (one.max_pile, one.meld_ids, one.layoff_shapes) == (45, 16, 65)
    assert (two.max_pile, two.meld_ids, two.layoff_shapes) == (97, 33, 65)


# -- the documentation ---------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def _generator() -> ModuleType:
    return load_script("gen_actions")


def test_the_size_table_in_the_docs_is_up_to_date() -> None:
    problem = _generator().check()
    assert problem is None, problem


def test_the_size_table_has_a_row_per_preset_and_player_count() -> None:
    rows = _generator().table().splitlines()[2:]
    assert len(rows) == len(PRESET_GAMES)
    assert rows[0] == "| `standard` | 2 | 47 | – | 52 | 373 | 1,040 | 16 × 65 | **1,515** |"


def test_a_stale_size_table_is_reported(tmp_path: Path) -> None:
    gen = _generator()
    page = tmp_path / "actions.md"
    fresh = gen.update((ROOT / "docs" / "actions.md").read_text(encoding="utf-8"))
    page.write_text(fresh.replace("**1,515**", "**1,500**"), "utf-8")
    assert gen.check(page) == (
        f"{page} is out of date: run `python scripts/gen_actions.py` to rewrite it"
    )


@pytest.mark.parametrize("name", ["standard", "pagat", "partnership"])
def test_ids_kept_from_a_mask_decode_as_a_state_without_its_moves_listed_does(name: str) -> None:
    # A space keeps the ids of the last lists of legal moves it was asked about: decoding in
    # a state whose ids it keeps gives the very move listed, or the same error, as decoding
    # in the same position with no moves listed (which checks the move named on its own).
    config = presets.get(name)
    players = 4 if config.team_size > 1 else 3
    space = ActionSpace.of(config, players)
    rng = random.Random(name)
    states = [new_game(config, players, seed) for seed in range(3)]
    for step in range(300):
        g = step % len(states)
        state = states[g]
        if state.is_terminal():
            continue
        moves = state.legal_moves()
        mask = space.mask(state)
        assert space.legal_actions(state) == [i for i, on in enumerate(mask) if on]
        unlisted = state.detached()
        for action in [*rng.sample(range(space.size), 30), *space.legal_actions(state)]:
            try:
                expected: object = space.decode(action, unlisted)
            except (ActionError, IllegalMoveError) as error:
                expected = (type(error), str(error))
            try:
                got: object = space.decode(action, state)
            except (ActionError, IllegalMoveError) as error:
                got = (type(error), str(error))
            assert got == expected
            assert isinstance(got, tuple) != bool(mask[action])
            if mask[action]:
                assert any(got is m for m in moves)
        states[g] = state.apply(moves[rng.randrange(len(moves))])
