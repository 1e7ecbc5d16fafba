"""Table melds keep an id and the player who laid them down, for the whole hand.

Melds get ids 0, 1, 2... in the order they are laid down; an id is never given twice in a
hand, even after its meld has been joined into another run (under ``join_melds``); a joined
run keeps the id and owner of the first run it joins on the table. Lay-offs name melds by id,
in moves, in text and in saved games.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from helpers_positions import build, cards, play, texts
from rummy500 import (
    ConfigError,
    GameRecord,
    IllegalMoveError,
    Layoff,
    Move,
    RuleConfig,
    SerializationError,
    State,
    StateError,
    TableMeld,
    dumps,
    from_data,
    loads,
    new_game,
    presets,
    to_data,
)
from rummy500.melds.putdown import put_down
from rummy500.render import table_lines

JOIN = RuleConfig(join_melds=True)
STANDARD = RuleConfig()
NAMES = ("P0", "P1", "P2")


def meld(text: str, owners: tuple[int, ...], meld_id: int, owner: int, top: int) -> TableMeld:
    """The table meld of ``text`` (in canonical order) with its id, owner and top id."""
    return TableMeld.of(cards(text), owners, id=meld_id, owner=owner, top_id=top)


# -- ids in play ---------------------------------------------------------------------------------


def test_melds_get_ids_in_the_order_they_are_laid_down() -> None:
    state = build(STANDARD, ["5S 6S 7S KC KD KS 2C 4D", None, None])
    assert state.table == ()
    after = play(state, "meld 5S 6S 7S", "meld KC KD KS")
    assert after.table == (
        meld("5S 6S 7S", (0, 0, 0), 0, 0, 0),
        meld("KC KD KS", (0, 0, 0), 1, 0, 1),
    )


def test_a_joined_run_keeps_the_id_and_owner_of_the_run_on_the_table() -> None:
    state = build(JOIN, ["8S 9S 10S KC KD KS 2C", None, None], table=[("5S 6S 7S", 1)])
    assert state.table == (meld("5S 6S 7S", (1, 1, 1), 0, 1, 0),)
    joined = state.apply_text("meld 8S 9S 10S")
    # The new run took id 1 and was joined into meld 0 at once: meld 0 keeps its id and owner.
    assert joined.table == (meld("5S 6S 7S 8S 9S 10S", (1, 1, 1, 0, 0, 0), 0, 1, 1),)
    # Id 1 is not given again: the next meld is meld 2.
    after = joined.apply_text("meld KC KD KS")
    assert after.table == (
        meld("5S 6S 7S 8S 9S 10S", (1, 1, 1, 0, 0, 0), 0, 1, 1),
        meld("KC KD KS", (0, 0, 0), 2, 0, 2),
    )


def test_a_run_joined_below_a_table_run_takes_that_runs_id_and_owner() -> None:
    state = build(JOIN, ["5S 6S 7S 9C", None, None], table=[("9H 10H JH", 2), ("8S 9S 10S", 1)])
    joined = state.apply_text("meld 5S 6S 7S").table
    assert joined == (
        meld("9H 10H JH", (2, 2, 2), 0, 2, 0),
        meld("5S 6S 7S 8S 9S 10S", (0, 0, 0, 1, 1, 1), 1, 1, 2),
    )


def test_a_run_filling_a_gap_keeps_the_first_runs_id_and_later_ids_stay() -> None:
    table = [("2S 3S 4S", 1), ("8S 9S 10S", 2), ("9H 10H JH", 1)]
    state = build(JOIN, ["5S 6S 7S KC KD KS QH 2C", None, None], table=table)
    assert [(m.id, m.owner) for m in state.table] == [(0, 1), (1, 2), (2, 1)]
    after = state.apply_text("meld 5S 6S 7S")
    owners = (1, 1, 1, 0, 0, 0, 2, 2, 2)
    assert after.table == (
        meld("2S 3S 4S 5S 6S 7S 8S 9S 10S", owners, 0, 1, 3),
        meld("9H 10H JH", (1, 1, 1), 2, 1, 2),
    )
    # The hearts run is still meld 2, now second on the table: a lay-off names it by its id.
    assert texts(after, Layoff) == ["layoff 2 QH"]
    laid = after.apply_text("layoff 2 QH")
    assert laid.table[1] == meld("9H 10H JH QH", (1, 1, 1, 0), 2, 1, 2)
    refused = "there is no table meld 1: the table melds are 0 and 2"
    move = Layoff(1, cards("QH"))
    assert after.explain_illegal(move) == f"'layoff 1 Q♥' is illegal: {refused}"
    with pytest.raises(IllegalMoveError) as caught:
        after.apply(move)
    assert str(caught.value) == f"'layoff 1 Q♥' is illegal: {refused}"
    # The run joined into meld 0 took id 3 (the fourth meld laid down): the next is meld 4.
    assert [m.id for m in after.apply_text("meld KC KD KS").table] == [0, 2, 4]


def test_the_next_id_follows_the_highest_id_given_even_once_joined() -> None:
    state = build(JOIN, ["8S 9S 10S KC KD KS 2C", None, None], table=[("5S 6S 7S", 1)])
    after = play(state, "meld 8S 9S 10S", "meld KC KD KS")
    assert [m.id for m in after.table] == [0, 2]
    assert [m.top_id for m in after.table] == [1, 2]


def test_a_lay_off_keeps_the_meld_id_and_owner() -> None:
    state = build(STANDARD, ["8H 4C 2C", None, None], table=[("5H 6H 7H", 2), ("4D 4H 4S", 1)])
    after = play(state, "layoff 0 8H", "layoff 1 4C")
    assert after.table == (
        meld("5H 6H 7H 8H", (2, 2, 2, 0), 0, 2, 0),
        meld("4C 4D 4H 4S", (0, 1, 1, 1), 1, 1, 1),
    )


def test_the_view_carries_each_melds_id_and_owner() -> None:
    state = build(JOIN, ["8S 9S 10S 9C", None, None], table=[("5S 6S 7S", 1)])
    after = state.apply_text("meld 8S 9S 10S")
    for player in range(3):
        view = after.view(player)
        assert view.table == after.table
        assert [(m.id, m.owner, m.top_id) for m in view.table] == [(0, 1, 1)]


def test_put_down_names_the_meld_by_id() -> None:
    table = (meld("5S 6S 7S", (1, 1, 1), 0, 1, 0), meld("9H 10H JH", (1, 1, 1), 4, 1, 4))
    hand, grown = put_down(cards("QH 2C"), table, cards("QH"), 0, STANDARD, onto=4)
    assert hand == cards("2C")
    assert grown[1] == meld("9H 10H JH QH", (1, 1, 1, 0), 4, 1, 4)
    with pytest.raises(IllegalMoveError) as missing:
        put_down(cards("QH 2C"), table, cards("QH"), 0, STANDARD, onto=1)
    assert str(missing.value) == "there is no table meld 1: the table melds are 0 and 4"


# -- the text of a lay-off -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("layoff 7 QH", Layoff(7, cards("QH"))),
        ("layoff 12 AS high", Layoff(12, cards("AS"), True)),
        ("layoff 0 9S 8S", Layoff(0, cards("8S 9S"))),
    ],
)
def test_a_lay_off_text_names_the_meld_id(text: str, move: Layoff) -> None:
    assert Move.from_text(text) == move
    assert Move.from_text(move.text()) == move
    assert Move.from_text(move.text(ascii=True)) == move
    assert loads(dumps(move), Move) == move


# -- rendering -----------------------------------------------------------------------------------


def test_the_table_shows_each_melds_id_and_who_laid_it_down() -> None:
    table = [("2S 3S 4S", 1), ("8S 9S 10S", 2), ("9H 10H JH", 1)]
    state = build(JOIN, ["5S 6S 7S QH 2C", None, None], table=table)
    after = play(state, "meld 5S 6S 7S", "layoff 2 QH")
    lines = table_lines(after.view(2), NAMES, ascii=True)
    assert lines[:3] == [
        "  Table melds:",
        "    0: 2S 3S 4S 5S 6S 7S 8S 9S 10S   (P1's meld; P0 added 5S 6S 7S; P2 added 8S 9S 10S)",
        "    2: 9H 10H JH QH   (P1's meld; P0 added QH)",
    ]


def test_the_table_speaks_to_the_seats_given_as_you() -> None:
    table = [("2S 3S 4S", 1), ("8S 9S 10S", 2), ("9H 10H JH", 1)]
    state = build(JOIN, ["5S 6S 7S QH 2C", None, None], table=table)
    after = play(state, "meld 5S 6S 7S", "layoff 2 QH")
    lines = table_lines(after.view(0), ["You", "P1", "P2"], ascii=True, you=[0])
    assert lines[:3] == [
        "  Table melds:",
        "    0: 2S 3S 4S 5S 6S 7S 8S 9S 10S   (P1's meld; you added 5S 6S 7S; P2 added 8S 9S 10S)",
        "    2: 9H 10H JH QH   (P1's meld; you added QH)",
    ]
    assert table_lines(after.view(1), NAMES, ascii=True, you=(1,))[1:3] == [
        "    0: 2S 3S 4S 5S 6S 7S 8S 9S 10S   (your meld; P0 added 5S 6S 7S; P2 added 8S 9S 10S)",
        "    2: 9H 10H JH QH   (your meld; P0 added QH)",
    ]


def test_the_table_refuses_a_you_that_is_not_seats() -> None:
    state = build(JOIN, ["5S 6S 7S QH 2C", None, None], table=[("2S 3S 4S", 1)])
    with pytest.raises(ConfigError) as caught:
        table_lines(state.view(0), NAMES, you="0")  # type: ignore[arg-type]
    assert str(caught.value) == (
        "table_lines's you must be a collection of seats (whole numbers), not '0'"
    )


# -- saving and loading --------------------------------------------------------------------------


def joined_state() -> State:
    table = [("2S 3S 4S", 1), ("8S 9S 10S", 2), ("9H 10H JH", 1)]
    state = build(JOIN, ["5S 6S 7S QH KC KD KS 2C", None, None], table=table)
    return state.apply_text("meld 5S 6S 7S")


def test_a_saved_state_keeps_meld_ids_owners_and_the_highest_id() -> None:
    state = joined_state()
    data = to_data(state)
    assert data["format"] == 5
    assert data["table"] == [
        {
            "id": 0,
            "owner": 1,
            "cards": ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"],
            "owners": [1, 1, 1, 0, 0, 0, 2, 2, 2],
            "top_id": 3,
        },
        {"id": 2, "owner": 1, "cards": ["9H", "10H", "JH"], "owners": [1, 1, 1]},
    ]
    back = loads(dumps(state), State)
    assert back == state
    # The loaded state gives the next meld the id the saved one would.
    assert back.apply_text("meld KC KD KS").table == state.apply_text("meld KC KD KS").table
    assert state.apply_text("meld KC KD KS").table[-1].id == 4


def format_1(data: dict[str, Any]) -> dict[str, Any]:
    """A saved state as format 1 wrote it: table melds without id, owner or top id, and no
    player_history, log, history_start or start_totals."""
    old = json.loads(json.dumps(data))
    old["format"] = 1
    del old["player_history"], old["log"], old["history_start"], old["start_totals"]
    for entry in old["table"]:
        for key in ("id", "owner", "top_id"):
            entry.pop(key, None)
    return old


def test_a_format_1_state_loads_with_ids_by_place_and_the_first_cards_owner() -> None:
    state = build(STANDARD, ["8H 2C", None, None], table=[("5H 6H 7H", 2), ("8C 8D 8S", 1)])
    laid = state.apply_text("layoff 0 8H")
    old = format_1(to_data(laid))
    assert old["table"] == [
        {"cards": ["5H", "6H", "7H", "8H"], "owners": [2, 2, 2, 0]},
        {"cards": ["8C", "8D", "8S"], "owners": [1, 1, 1]},
    ]
    back = from_data(old, State)
    assert back == laid
    assert [(m.id, m.owner, m.top_id) for m in back.table] == [(0, 2, 0), (1, 1, 1)]
    # A lay-off at the low end: the first card's owner is taken as the meld's.
    low = build(STANDARD, ["4H 2C", None, None], table=[("5H 6H 7H", 2)]).apply_text("layoff 0 4H")
    assert from_data(format_1(to_data(low)), State).table[0].owner == 0


def test_a_format_1_state_with_broken_melds_names_what_is_wrong() -> None:
    data = format_1(to_data(joined_state()))
    del data["table"][0]["owners"]
    with pytest.raises(SerializationError) as caught:
        from_data(data, State)
    assert str(caught.value) == (
        "cannot load State at $.table[0]: missing fields in a table meld: owners"
    )


def played_until_a_layoff_off_its_place() -> State:
    """A seeded line of ``house`` play (runs join) up to a lay-off on a meld whose id is not
    its place on the table."""
    for seed in range(20):
        state = new_game(presets.get("house"), 2, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            moves = state.legal_moves()
            ids = [m.id for m in state.table]
            off = [m for m in moves if isinstance(m, Layoff) and ids.index(m.meld_id) != m.meld_id]
            if off:
                return state.apply(off[0])
            state = state.apply(moves[rng.randrange(len(moves))])
    raise AssertionError("no lay-off on a meld off its place")


def test_a_format_1_record_names_melds_by_place_and_loads_by_id() -> None:
    state = played_until_a_layoff_off_its_place()
    record = GameRecord.from_state(state)
    data = to_data(record)
    assert data["format"] == 5
    # Format 1 wrote a lay-off with the meld's place on the table.
    old_moves = []
    for before, move in zip(state_line(record), record.moves, strict=True):
        if isinstance(move, Layoff):
            place = [m.id for m in before.table].index(move.meld_id)
            move = Layoff(place, move.laid, move.high)
        old_moves.append(move.text(ascii=True))
    assert old_moves != data["moves"]
    old = {**data, "format": 1, "moves": old_moves}
    back = from_data(old, GameRecord)
    assert back == record
    assert back.replay() == state
    # Where runs are never joined, places are ids: the moves load as written.
    plain = GameRecord.from_state(play_line(new_game(STANDARD, 3, 4), 150))
    plain_data = {**to_data(plain), "format": 1}
    assert from_data(plain_data, GameRecord) == plain


def state_line(record: GameRecord) -> list[State]:
    """The state before each move of ``record``."""
    state = record.start()
    out = []
    for move in record.moves:
        out.append(state)
        state = state.apply(move)
    return out


def play_line(state: State, steps: int) -> State:
    rng = random.Random(steps)
    for _ in range(steps):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    return state


def test_a_format_1_record_with_an_illegal_move_still_loads_and_fails_on_replay() -> None:
    state = played_until_a_layoff_off_its_place()
    record = GameRecord.from_state(state)
    old = {**to_data(record), "format": 1}
    old["moves"] = ["draw", *old["moves"]]  # the first player cannot draw twice
    back = from_data(old, GameRecord)
    assert back.moves[:2] == tuple(Move.from_text(t) for t in old["moves"][:2])
    with pytest.raises(IllegalMoveError, match=r"^move 2 of the record"):
        back.replay()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"id": -1}, "a table meld's id is 0 or more, not -1"),
        ({"owner": -2}, "a table meld's owner is a player number, not -2"),
        (
            {"id": 2, "top_id": 1},
            "a table meld's top_id is at least its id (2), not 1: it is the highest id of the "
            "meld and the runs joined into it",
        ),
        ({"id": "0"}, "expected a whole number, got '0'"),
    ],
)
def test_a_saved_table_meld_with_a_bad_id_is_refused(change: dict[str, Any], reason: str) -> None:
    data = {**to_data(meld("5S 6S 7S", (1, 1, 1), 0, 1, 0)), **change}
    with pytest.raises(SerializationError) as caught:
        from_data(data, TableMeld)
    assert str(caught.value) == f"cannot load TableMeld at $: {reason}"


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (
            lambda table: table[1].update(id=0),
            "table[0] and table[1] both have id 0: each meld on the table has an id of its own",
        ),
        (
            lambda table: table[1].update(owner=3),
            "table[1] was laid down by player 3: the owner of a meld is a player from 0 to 2",
        ),
        (
            lambda table: table[0].update(top_id=2),
            "table[0] has id 0 and top_id 2: top_id is the highest id of the meld and the runs "
            "joined into it, so it is at least the meld's id and no other meld on the table "
            "has it",
        ),
    ],
)
def test_a_saved_state_with_inconsistent_meld_ids_is_refused(edit: Any, reason: str) -> None:
    data = to_data(joined_state())
    edit(data["table"])
    with pytest.raises(SerializationError) as caught:
        from_data(data, State)
    assert str(caught.value) == f"cannot load State at $: inconsistent state: {reason}"


# -- building positions --------------------------------------------------------------------------


def table_cards(entry: Any) -> list[Any]:
    """The cards of a table entry given to ``from_position``."""
    if isinstance(entry, TableMeld):
        return list(entry.cards)
    return list(entry[0] if isinstance(entry, tuple) else entry["cards"])


def from_position(table: list[Any], config: RuleConfig = JOIN) -> State:
    """A position with ``table`` given to ``State.from_position`` as it is, the mover to play
    holding ``5S 6S 7S QH 2C 4C 6C 3H`` (the cards of ``table`` taken from the stock)."""
    others = ["2D 3D 4D 5D 6D 7D 9D", "AS 10D JD AH 2H 4H 5H"]
    base = build(config, ["5S 6S 7S QH 2C 4C 6C 3H", *others])
    stock = list(base.stock)
    for entry in table:
        for card in cards(" ".join(map(str, table_cards(entry)))):
            stock.remove(card)
    return State.from_position(
        config, hands=base.hands, stock=stock, pile=base.pile, table=table, phase=base.phase
    )


def test_from_position_takes_ids_and_owners_as_given_or_by_place() -> None:
    state = from_position(
        [
            (cards("2S 3S 4S"), (1, 1, 1)),
            {"cards": ["9H", "10H", "JH", "8H"], "owners": [0, 2, 2, 2], "id": 5, "owner": 2},
            {"cards": ["KC", "KD", "KS"], "owner": 1},
            {"cards": ["8C", "8D", "8S"], "owners": [2, 1, 1]},
        ]
    )
    assert state.table == (
        meld("2S 3S 4S", (1, 1, 1), 0, 1, 0),
        meld("8H 9H 10H JH", (2, 0, 2, 2), 5, 2, 5),
        meld("KC KD KS", (1, 1, 1), 2, 1, 2),
        meld("8C 8D 8S", (2, 1, 1), 3, 2, 3),
    )
    assert "layoff 5 QH" in texts(state, Layoff)
    assert {m.meld_id for m in state.legal_moves() if isinstance(m, Layoff)} == {0, 5}
    # The next meld takes the id after the highest: 6.
    assert state.apply_text("meld 5S 6S 7S").table[0] == meld(
        "2S 3S 4S 5S 6S 7S", (1, 1, 1, 0, 0, 0), 0, 1, 6
    )
    given = meld("QC QD QS", (2, 2, 2), 9, 2, 9)
    assert from_position([given]).table == (given,)


@pytest.mark.parametrize(
    ("table", "reason"),
    [
        (
            [
                {"cards": ["2S", "3S", "4S"], "owner": 1},
                {"cards": ["KC", "KD", "KS"], "owner": 1, "id": 0},
            ],
            "table[0] and table[1] both have id 0: each meld on the table has an id of its own",
        ),
        (
            [{"cards": ["KC", "KD", "KS"], "owner": 1, "id": -3}],
            "table[0] has id -3: a meld id is 0 or more",
        ),
        (
            [{"cards": ["KC", "KD", "KS"], "owner": 7}],
            "table meld 0 needs an owner from 0 to 2 for each card",
        ),
        (
            [{"cards": ["KC", "KD", "KS"], "owners": [1, 1, 1], "owner": 5}],
            "table[0] was laid down by player 5: the owner of a meld is a player from 0 to 2",
        ),
        (
            [{"cards": ["KC", "KD", "KS"]}],
            "table[0] needs the owners of its cards, or the owner of the meld",
        ),
        (
            [{"cards": ["KC", "KD", "KS"], "owner": 1, "id": "2"}],
            "table[0] id is a whole number, not '2'",
        ),
        (
            [{"cards": ["KC", "KD", "KS"], "owner": 1, "colour": "red"}],
            "table[0] has the keys cards and any of owners, owner and id, not 'cards', 'owner', "
            "'colour'",
        ),
    ],
)
def test_from_position_refuses_inconsistent_meld_ids(table: list[Any], reason: str) -> None:
    with pytest.raises(StateError) as caught:
        from_position(table, STANDARD)
    assert str(caught.value) == reason


def test_a_table_meld_defaults_its_owner_to_the_first_cards_and_top_id_to_its_id() -> None:
    built = TableMeld(cards("5S 6S 7S"), (2, 1, 1), True, 5, 7, id=3)
    assert (built.owner, built.top_id) == (2, 3)
    assert attrs.evolve(built, owner=1) != built
