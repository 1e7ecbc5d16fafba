"""The Play page's Python (``web/src/table.py`` and ``web/src/table_json.py``), run here as the
page's Web Worker runs it: the answers to the page's requests, exactly.

The two files are no package: they are loaded by path, as the worker loads them into Pyodide.
"""

from __future__ import annotations

import doctest
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import rummy500
from helpers_scripts import load_web
from rummy500 import Deal, GameRecord, State, presets
from rummy500.bots import GreedyBot, make_bot
from rummy500.cli import main

NEW = {
    "intent": "new",
    "preset": "standard",
    "players": 3,
    "opponents": ["greedy", "random"],
    "seed": 5,
}


table_json = load_web("table_json")
table = load_web("table")


@pytest.fixture(autouse=True)
def no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no game, as the page does."""
    monkeypatch.setattr(table, "_table", None)


def ask(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = table.handle(request)
    return answer


def card(text: str, rank: str, suit: str | None, name: str, *, red: bool = False) -> dict[str, Any]:
    return {
        "text": text,
        "rank": rank,
        "suit": suit,
        "red": red,
        "joker": suit is None or text.startswith("🃏"),
        "name": name,
    }


def but(answer: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``answer`` with some of its values changed."""
    return {**answer, **changes}


def test_the_first_answer_of_a_seeded_game() -> None:
    assert ask(**NEW) == {
        "status": "your-turn",
        "prompt": "Your turn: draw from the stock, or click the deepest pile card to take.",
        "said": "",
        "game": {
            "preset": "standard",
            "players": 3,
            "seed": 5,
            "opponents": ["greedy", "random"],
            "moves": 0,
        },
        "seats": [
            {"name": "You", "bot": None, "held": 7, "team": 0, "moving": True, "dealer": False},
            {"name": "P1", "bot": "greedy", "held": 7, "team": 1, "moving": False, "dealer": False},
            {"name": "P2", "bot": "random", "held": 7, "team": 2, "moving": False, "dealer": True},
        ],
        "sides": [
            {"name": "You", "total": 0},
            {"name": "P1", "total": 0},
            {"name": "P2", "total": 0},
        ],
        "hand": [
            card("7♣", "7", "♣", "7 of clubs"),
            card("2♦", "2", "♦", "2 of diamonds", red=True),
            card("Q♦", "Q", "♦", "queen of diamonds", red=True),
            card("K♦", "K", "♦", "king of diamonds", red=True),
            card("2♥", "2", "♥", "2 of hearts", red=True),
            card("9♥", "9", "♥", "9 of hearts", red=True),
            card("A♠", "A", "♠", "ace of spades"),
        ],
        "stock": 30,
        "pile": [card("J♦", "J", "♦", "jack of diamonds", red=True)],
        "melds": [],
        "phase": "draw",
        "target": 500,
        "hand_number": 1,
        "legal": ["draw", "take J♦"],
        "choices": [],
        "log": ["Hand 1, dealt by P2. You hold 7♣ 2♦ Q♦ K♦ 2♥ 9♥ A♠; J♦ turned up."],
        "result": [],
        "sheet": [
            "Score sheet",
            "Hand |    You     |     P1     |     P2",
            "     | hand total | hand total | hand total",
            "-----+------------+------------+------------",
        ],
        "undo": False,
        "refusal": None,
    }


def test_clicks_become_moves_and_the_bots_answer_one_move_at_a_time() -> None:
    ask(**NEW)
    took = ask(intent="pile", index=0)
    assert (took["said"], took["prompt"], took["legal"]) == (
        "You take J♦ from the top of the discard pile.",
        "Meld, lay off, or discard a card to end your turn. You must still meld or lay off J♦ "
        "this turn.",
        ["meld J♦ Q♦ K♦"],
    )
    assert [c["text"] for c in took["hand"]] == ["7♣", "2♦", "J♦", "Q♦", "K♦", "2♥", "9♥", "A♠"]
    melded = ask(intent="meld", hand=[2, 3, 4])
    assert melded["said"] == "You meld a run: J♦ Q♦ K♦."
    assert melded["melds"] == [
        {
            "id": 0,
            "owner": "You",
            "cards": [
                {**card("J♦", "J", "♦", "jack of diamonds", red=True), "by": "You"},
                {**card("Q♦", "Q", "♦", "queen of diamonds", red=True), "by": "You"},
                {**card("K♦", "K", "♦", "king of diamonds", red=True), "by": "You"},
            ],
        }
    ]
    answer = ask(intent="discard", hand=[0])
    said = [answer["said"]]
    while answer["status"] == "bots":
        answer = ask(intent="step")
        said.append(answer["said"])
    assert said == [
        "You discard 7♣.",
        "P1 takes 7♣ from the top of the discard pile.",
        "P1 melds a set: 7♣ 7♥ 7♠.",
        "P1 discards 6♥.",
        "P2 draws from the stock.",
        "P2 lays off 10♦ on meld 0.",
        "P2 discards A♥.",
    ]
    assert answer["log"] == [
        "Hand 1, dealt by P2. You hold 7♣ 2♦ Q♦ K♦ 2♥ 9♥ A♠; J♦ turned up.",
        "You take J♦",
        "You meld J♦ Q♦ K♦ as 0",
        "You discard 7♣",
        "P1 take 7♣",
        "P1 meld 7♣ 7♥ 7♠ as 1",
        "P1 discard 6♥",
        "P2 draws from the stock.",
        "P2 layoff 0 10♦",
        "P2 discard A♥",
    ]
    assert (answer["status"], answer["game"]["moves"], answer["undo"]) == ("your-turn", 9, True)


@pytest.mark.parametrize(
    ("request_", "refusal"),
    [
        (
            {"intent": "discard", "hand": [0]},
            "'discard 7♣' is illegal: a turn starts with a draw from the stock or a take from "
            "the discard pile",
        ),
        (
            {"intent": "meld", "hand": [0, 1]},
            "'meld 7♣ 2♦' is illegal: a turn starts with a draw from the stock or a take from "
            "the discard pile",
        ),
        (
            {"intent": "layoff", "hand": [0], "meld": None},
            "'layoff 0 7♣' is illegal: a turn starts with a draw from the stock or a take "
            "from the discard pile",
        ),
        (
            {"intent": "text", "text": "frob"},
            "unknown move 'frob': a move starts with one of draw, take, meld, layoff, discard, "
            "decline, call, pass, deal",
        ),
        ({"intent": "text", "text": "3"}, "there is no move 3: choose a number from 1 to 2"),
        ({"intent": "discard", "hand": [0, 1]}, "a discard is one card, and 2 are selected"),
        ({"intent": "meld", "hand": [7]}, "your hand has no cards at the positions [7]"),
        (
            {"intent": "pass"},
            "'pass' is illegal: calling rummy is not played under these rules: a turn starts "
            "with a draw from the stock or a take from the discard pile",
        ),
        ({"intent": "undo"}, "there is no move of yours to undo in this hand"),
    ],
)
def test_a_refused_try_says_why_and_changes_nothing(request_: dict[str, Any], refusal: str) -> None:
    first = ask(**NEW)
    assert ask(**request_) == but(first, refusal=refusal)


def test_undo_goes_back_to_each_of_the_persons_decisions_then_refuses() -> None:
    first = ask(**NEW)
    took = ask(intent="pile", index=0)
    melded = ask(intent="meld", hand=[2, 3, 4])
    answer = ask(intent="discard", hand=[0])
    while answer["status"] == "bots":
        answer = ask(intent="step")
    undone = "Your last move is undone."
    assert ask(intent="undo") == but(melded, said=undone)
    assert ask(intent="undo") == but(took, said=undone)
    assert ask(intent="undo") == but(first, said=undone)
    assert ask(intent="undo") == but(
        first, said=undone, refusal="there is no move of yours to undo in this hand"
    )


def test_the_hint_is_the_greedy_bots_move_and_changes_nothing() -> None:
    first = ask(**NEW)
    assert ask(intent="hint") == {
        **first,
        "hint": {
            "text": "take J♦",
            "words": "You would take J♦ from the top of the discard pile.",
            "hand": [],
            "pile": 0,
            "meld": None,
        },
    }
    ask(intent="pile", index=0)
    assert ask(intent="hint")["hint"] == {
        "text": "meld J♦ Q♦ K♦",
        "words": "You would meld a run: J♦ Q♦ K♦.",
        "hand": [2, 3, 4],
        "pile": None,
        "meld": None,
    }


def test_a_typed_move_is_read_as_rummy500_play_reads_it() -> None:
    ask(**NEW)
    assert ask(intent="text", text=" take jd ")["said"] == (
        "You take J♦ from the top of the discard pile."
    )
    assert ask(intent="text", text="1")["said"] == "You meld a run: J♦ Q♦ K♦."


def test_cards_that_go_down_in_two_ways_are_offered_as_choices() -> None:
    answer = ask(
        intent="new",
        preset="pagat",
        players=3,
        opponents=["greedy", "ismcts:iterations=30"],
        seed=146,
    )
    while answer["status"] == "bots":
        answer = ask(intent="step")
    ask(intent="draw")
    asked = ask(intent="meld", hand=[2, 3, 7])
    assert [c["text"] for c in asked["hand"]] == ["8♣", "2♦", "6♦", "7♦", "2♥", "3♠", "K♠", "🃏"]
    assert asked["hand"][7] == card("🃏", "JK", None, "joker")
    assert (asked["said"], asked["choices"], asked["refusal"]) == (
        "Those cards go down in more than one way: choose one.",
        [
            {"index": 2, "text": "meld 🃏=5♦ 6♦ 7♦", "words": "meld a run: 🃏=5♦ 6♦ 7♦"},
            {"index": 3, "text": "meld 6♦ 7♦ 🃏=8♦", "words": "meld a run: 6♦ 7♦ 🃏=8♦"},
        ],
        None,
    )
    chosen = ask(intent="choose", index=3)
    assert (chosen["said"], chosen["choices"]) == ("You meld a run: 6♦ 7♦ 🃏=8♦.", [])
    assert chosen["melds"][-1]["cards"][2] == {
        **card("🃏=8♦", "8", "♦", "joker as 8 of diamonds", red=True),
        "by": "You",
    }


def test_a_bots_turn_refuses_the_persons_move() -> None:
    answer = ask(**{**NEW, "seed": 7})
    assert (answer["status"], answer["prompt"]) == ("bots", "P1 is playing.")
    assert ask(intent="draw")["refusal"] == "it is P1's turn, not yours: wait for P1 to play"


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        ({"preset": "partnership"}, "these rules are for 4 players, not 3"),
        (
            {"opponents": ["ismcts:iterations=0"]},
            "bot 'ismcts:iterations=0': ISMCTSBot iterations must be 1 or more (a whole number, "
            "or None), not 0",
        ),
    ],
)
def test_a_game_the_rules_refuse_is_not_started(changes: dict[str, Any], refusal: str) -> None:
    assert ask(**{**NEW, **changes}) == {"status": "none", "refusal": refusal}
    assert ask(intent="draw") == {"status": "none", "refusal": "there is no game yet: start one"}


def _play_a_hand(typed: list[str] | None = None) -> dict[str, Any]:
    """Play the greedy bot's moves for the person until the first hand is over (noting them,
    as typed, in ``typed``)."""
    answer = ask(**NEW)
    while answer["status"] != "hand-over":
        if answer["status"] == "bots":
            answer = ask(intent="step")
        else:
            text = ask(intent="hint")["hint"]["text"]
            (typed if typed is not None else []).append(text)
            answer = ask(intent="text", text=text)
    return answer


def test_saving_writes_the_game_record_and_loading_it_gives_the_same_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ended = _play_a_hand()
    saved = ask(intent="save")
    assert saved["filename"] == "rummy500-standard-seed5.json"
    record = rummy500.loads(saved["file"], GameRecord)
    assert saved["file"] == rummy500.dumps(record, indent=2) + "\n"
    assert (record.config, record.players, record.seed, record.dealer) == (
        presets.get("standard"),
        3,
        5,
        None,
    )
    assert len(record.moves) == ended["game"]["moves"] == 21
    assert record.replay().is_chance_node()
    assert ended["result"] == [
        "Hand 1 is over: P1 went out.",
        "  You  table  39 - hand  11 =   28 (7♣ 2♦ 2♥)",
        "  P1   table  68 - hand   0 =   68",
        "  P2   table  27 - hand  16 =   11 (4♣ 2♠ 4♠ 6♠)",
    ]
    monkeypatch.setattr(table, "_table", None)
    loaded = ask(intent="load", text=saved["file"], opponents=["greedy", "random"])
    # The same game, with nothing to undo yet.
    assert loaded == but(ended, said="", undo=False)
    dealt = ask(intent="deal")
    assert (dealt["said"], dealt["game"]["moves"], dealt["undo"]) == ("Hand 2 is dealt.", 22, False)


def test_a_file_that_is_not_a_game_is_refused_with_the_librarys_sentence() -> None:
    first = ask(**NEW)
    assert ask(intent="load", text='{"players": 3}', opponents=[]) == but(
        first,
        refusal="cannot load GameRecord at $: the game record document has no 'format' field "
        '(this library writes "format": 5)',
    )


def test_a_whole_game_keeps_no_long_chain_of_states() -> None:
    """The state kept goes back only to the person's last move: a long game frees no long
    chain at once (the browser's stack would overflow)."""
    answer = ask(**NEW)
    longest = 0
    while answer["status"] != "game-over":
        if answer["status"] == "bots":
            answer = ask(intent="step")
        elif answer["status"] == "hand-over":
            answer = ask(intent="deal")
        else:
            answer = ask(intent="text", text=ask(intent="hint")["hint"]["text"])
        longest = max(longest, len(table._table.state.move_stack))
    record = rummy500.loads(ask(intent="save")["file"], GameRecord)
    final = _replayed(record)
    assert (longest, len(record.moves), final.totals) == (9, 476, (554, 511, -94))
    assert answer["prompt"] == "You win with 554 points."


def _replayed(record: GameRecord) -> State:
    """The game of ``record``, played again here with the same bots and the person's greedy
    moves: the page's game must be it."""
    state = record.start()
    bots = [GreedyBot(), make_bot("greedy", 5 * 8 + 1), make_bot("random", 5 * 8 + 2)]
    moves = []
    while not state.is_terminal():
        if state.is_chance_node():
            move: rummy500.Move = Deal()
        else:
            move = bots[state.current_player].choose(state.view(state.current_player))
        moves.append(move)
        state = state.detached().apply(move)
    assert tuple(moves) == record.moves
    return state


def test_the_same_seed_bots_and_moves_make_the_same_game_as_rummy500_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    typed: list[str] = []
    _play_a_hand(typed)
    here = rummy500.loads(ask(intent="save")["file"], GameRecord)
    # The person's moves typed at the terminal, at seat 0 against the same bots; the input
    # then runs out, in the next hand, and the game is saved.
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{text}\n" for text in typed)))
    saved = tmp_path / "game.json"
    arguments = ["play", "--seed", "5", "--seat", "0", "--bots", "greedy,greedy,random"]
    assert main([*arguments, "--save", str(saved)]) == 0
    capsys.readouterr()
    there = rummy500.loads(saved.read_text(encoding="utf-8"), GameRecord)
    assert (len(typed), there.moves[: len(here.moves) + 1]) == (8, (*here.moves, Deal()))


def test_the_presets_offered_are_every_preset() -> None:
    offered = table.preset_choices()
    assert [p["name"] for p in offered] == presets.names()
    assert offered[10] == {
        "name": "partnership",
        "summary": "Four players in two teams of two",
        "players": [4],
    }


@pytest.mark.parametrize("module", [table, table_json], ids=["table", "table_json"])
def test_the_examples_in_the_docstrings_run(module: ModuleType) -> None:
    failed, tried = doctest.testmod(module)
    assert (failed, tried > 0) == (0, True)


#: The page's first view in a fresh Python, as its worker draws it: saving (and cattrs under it)
#: is loaded only when the person saves or loads a game, since a browser compiles every module
#: it imports from source.
_FIRST_VIEW = """
import json, sys
import table
SAVING = ("cattrs", "rummy500.game.serialize")
answer = table.handle(json.loads(sys.argv[1]))
print(answer["status"], sorted(m for m in SAVING if m in sys.modules))
saved = table.handle({"intent": "save"})
print(saved["filename"], sorted(m for m in SAVING if m in sys.modules))
"""


@pytest.mark.processes
def test_the_first_view_leaves_saving_unloaded_until_a_game_is_saved() -> None:
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", _FIRST_VIEW, json.dumps(NEW)],
        env={**os.environ, "PYTHONPATH": f"{root / 'src'}{os.pathsep}{root / 'web' / 'src'}"},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert result.stdout.splitlines() == [
        "your-turn []",
        "rummy500-standard-seed5.json ['cattrs', 'rummy500.game.serialize']",
    ]
