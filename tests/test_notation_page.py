"""The "Notation" page: every example on it is what the engine reads and writes.

The tests read the page itself (its tables, its grammar, its Python sessions and its JSON), so
the page and the engine cannot drift apart: each card and move written on the page reads as
shown and prints back as shown, each refusal gives the message shown, each JSON example loads
and saves back to the same data, and every table of the page is one of those checked here.
"""

from __future__ import annotations

import ast
import io
import json
import re
import sys

import pytest

import rummy500
from helpers_doc_pages import blocks, page, run_sessions, spans, table, tables
from rummy500 import (
    Card,
    GameRecord,
    Move,
    MoveParseError,
    RuleConfig,
    Suit,
    TableMeld,
    format_cards,
    from_data,
    new_game,
    parse_cards,
    to_data,
)
from rummy500.bots import make_bot
from rummy500.cli import main
from rummy500.events import Event
from rummy500.game.serialize import FORMAT_VERSION
from rummy500.rules.choices import MAX_PLAYERS

TEXT = page("notation.md")

#: The headers of the page's tables, each checked by a test below.
CARD_FORMS = ("", "written", "also read")
CARDS = ("written", "`str(card)`", "`card.ascii`")
#: The table of card ids runs across the page: cards in its header, their ids in its row.
CARD_IDS = "card"
SEVERAL = ("`parse_cards` reads", "`format_cards` writes", "with `ascii=True`")
KINDS = ("kind", "played in", "what it does")
MOVES = ("written", "`str(move)`", "`move.text(ascii=True)`")
REFUSED = ("written", "`MoveParseError` says")
PROMPT = ("you type", "it does")
VALUES = ("value", "saved as")

#: The public move classes, each kind once.
MOVE_CLASSES = [
    cls
    for name in rummy500.__all__
    if isinstance(cls := getattr(rummy500, name), type)
    if issubclass(cls, Move) and cls is not Move
]


def test_every_table_on_the_page_is_checked() -> None:
    headers = [t.header[:1] if t.header[0] == CARD_IDS else t.header for t in tables(TEXT)]
    assert sorted(headers) == sorted(
        [CARD_FORMS, CARDS, (CARD_IDS,), SEVERAL, KINDS, MOVES, REFUSED, PROMPT, VALUES]
    )


def test_the_ways_to_write_ranks_suits_and_jokers() -> None:
    rows = {row[0]: (spans(row[1]), spans(row[2])) for row in table(TEXT, *CARD_FORMS).rows}
    assert rows["ranks"] == (["A", "2", "10", "J", "Q", "K"], ["T", "1", "11", "12", "13"])
    # "T for 10; 1, 11, 12, 13 for the ace, jack, queen and king"
    for other, rank in zip(rows["ranks"][1], ["10", "A", "J", "Q", "K"], strict=True):
        assert Card(f"{other}S") is Card(f"{rank}S")
    letters, _ = rows["suits, as letters"]
    assert letters == [suit.letter for suit in Suit]
    symbols, others = rows["suits, as symbols"]
    assert symbols == [suit.symbol for suit in Suit]
    for suit, symbol, other in zip(Suit, symbols, others, strict=True):
        assert Card(f"Q{symbol}") is Card(f"Q{other}") is Card(f"Q{suit.letter}")
    joker, others = rows["the joker"]
    assert joker == ["JK"]
    assert [Card(text) for text in others] == [Card("JK")] * 3
    standing, others = rows["a joker standing for a card"]
    assert [Card(text) for text in standing + others] == [Card("JK").standing_for(Card("7H"))] * 3


def test_each_card_reads_as_shown_and_prints_back() -> None:
    rows = table(TEXT, *CARDS).rows
    assert len(rows) == 7
    for written, unicode, ascii in rows:
        [printed], [saved] = spans(unicode), spans(ascii)
        card = Card(saved)
        assert [Card(text) for text in spans(written)] == [card] * len(spans(written))
        assert (str(card), card.ascii, Card(printed)) == (printed, saved, card)


def test_each_card_id_is_as_shown() -> None:
    [ids] = [t for t in tables(TEXT) if t.header[0] == CARD_IDS]
    [(label, *numbers)] = ids.rows
    cards = [spans(cell)[0] for cell in ids.header[1:]]
    assert (label, len(cards)) == ("id", 9)
    for text, number in zip(cards, numbers, strict=True):
        assert (int(Card(text)), str(Card(int(number)))) == (int(number), text)


def test_parse_cards_and_format_cards_as_shown() -> None:
    rows = table(TEXT, *SEVERAL).rows
    assert len(rows) == 4
    for given, unicode, ascii in rows:
        [literal], [printed], [saved] = spans(given), spans(unicode), spans(ascii)
        cards = parse_cards(ast.literal_eval(literal))
        assert (format_cards(cards), format_cards(cards, ascii=True)) == (printed, saved)
        assert parse_cards(printed) == parse_cards(saved) == cards


def test_the_grammar_names_every_kind_of_move() -> None:
    [grammar] = [block.text for block in blocks(TEXT) if block.lang == "text"]
    words = re.findall(r'"(\w+)"', grammar)
    assert sorted(words) == sorted([cls.kind for cls in MOVE_CLASSES] + ["high"])


def test_each_kind_is_played_in_the_phase_shown() -> None:
    rows = table(TEXT, *KINDS).rows
    shown = {spans(kind)[0]: spans(phase)[0] for kind, phase, _ in rows}
    assert shown == {cls.kind: f"Phase.{cls.phase.name}" for cls in MOVE_CLASSES}


def test_each_move_reads_as_shown_and_prints_back() -> None:
    rows = table(TEXT, *MOVES).rows
    assert {spans(row[1])[0].split()[0] for row in rows} == {cls.kind for cls in MOVE_CLASSES}
    for written, unicode, ascii in rows:
        [printed], [saved] = spans(unicode), spans(ascii)
        move = Move.from_text(saved)
        assert [Move.from_text(text) for text in spans(written)] == [move] * len(spans(written))
        assert (str(move), move.text(ascii=True), Move.from_text(printed)) == (
            printed,
            saved,
            move,
        )


def test_each_refused_text_gives_the_message_shown() -> None:
    rows = table(TEXT, *REFUSED).rows
    assert len(rows) == 8
    for written, says in rows:
        [text], [message] = spans(written), spans(says)
        with pytest.raises(MoveParseError) as refused:
            Move.from_text(text)
        assert str(refused.value) == message


def test_the_python_sessions_give_what_they_show() -> None:
    assert run_sessions("notation.md", TEXT, {}) == []


def test_the_game_record_loads_and_saves_back() -> None:
    [(title, text)] = [(b.title, b.text) for b in blocks(TEXT) if b.lang == "json"]
    assert title == "game.json: GameRecord"
    data = json.loads(text)
    record = from_data(data, GameRecord)
    # The page gives the rules by the fields that differ from the standard ones; saving writes
    # them all, in the format saving writes today.
    config = RuleConfig(**data["config"])
    assert record.config == config
    assert to_data(record) == {**data, "config": to_data(config)}
    assert data["format"] == FORMAT_VERSION
    # The moves are those of that game, as played.
    final = record.replay()
    assert [move.text(ascii=True) for move in final.move_stack] == data["moves"]


def test_each_value_loads_and_saves_back_as_shown() -> None:
    rows = table(TEXT, *VALUES).rows
    kinds: dict[str, type] = {"Card": Card, "Move": Move, "TableMeld": TableMeld, "Event": Event}
    assert [spans(value)[-1] for value, _ in rows] == [
        "Card",
        "Move",
        "TableMeld",
        "Event",
        "Event",
        "Event",
    ]
    for value, saved_as in rows:
        [text] = spans(saved_as)
        data = json.loads(text)
        loaded = from_data(data, kinds[spans(value)[-1]])
        # The same data, with the keys in the order saving writes them.
        assert json.dumps(to_data(loaded), ensure_ascii=False) == text


def test_the_event_prints_as_the_page_says() -> None:
    draw = from_data({"event": "draw", "player": 1, "card": "7H"}, Event)
    assert "`P1 draw 7♥`" in TEXT
    assert str(draw) == "P1 draw 7♥"


def _prompt_words(does: str) -> list[str]:
    rows = table(TEXT, *PROMPT).rows
    [words] = [spans(typed) for typed, it_does in rows if it_does.startswith(does)]
    return words


#: The game the prompt is tried in: two players, seed 1, the person at the keyboard in seat 1.
ARGV = ["play", "--seed", "1", "--seat", "1", "--players", "2"]
HELP = (
    "Type the number of a legal move, or a move such as: draw, take JC (the J of clubs and "
    "every card above it), meld 8S 8H 8D, layoff 0 9S, discard 5S. Type q to quit."
)


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main(ARGV) == 0
    return capsys.readouterr().out


def _first_draw() -> str:
    """The line telling seat 1 the card it draws at its first turn in that game."""
    state = new_game(players=2, seed=1)
    greedy = make_bot("greedy", 1 * MAX_PLAYERS + 0)  # seat 0's bot, seeded as the command does
    while state.current_player != 1:
        state = state.apply(greedy.choose(state.view(0)))
    return f"  You draw {state.stock[-1]} from the stock."


@pytest.mark.parametrize("word", _prompt_words("shows how to write a move"))
def test_the_help_words_at_the_prompt(
    word: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _play(monkeypatch, capsys, f"{word}\nq\n").splitlines()
    # The help, then the hand and the legal moves (here only the draw) again, then the prompt.
    at = lines.index(HELP)
    assert lines[at - 4 : at - 1] == [lines[at - 4], "  Your only legal move:", "     1. draw"]
    assert lines[at - 4].startswith("  Your hand: ")
    assert lines[at + 1 :] == [
        *lines[at - 4 : at - 1],
        "Your move (Enter or 1 plays it; ? for help, q to quit): q",
        "Game abandoned.",
    ]


@pytest.mark.parametrize("word", _prompt_words("leaves the game"))
def test_the_quit_words_at_the_prompt(
    word: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _play(monkeypatch, capsys, f"{word}\n").splitlines()
    assert lines[-2:] == [
        f"Your move (Enter or 1 plays it; ? for help, q to quit): {word}",
        "Game abandoned.",
    ]


@pytest.mark.parametrize("typed", ["1", ""])
def test_a_number_or_enter_at_the_prompt_plays_the_move(
    typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _prompt_words("plays that move of the list") == ["1"]
    assert [row[0] for row in table(TEXT, *PROMPT).rows][1] == "nothing (Enter)"
    lines = _play(monkeypatch, capsys, f"{typed}\nq\n").splitlines()
    prompt = "Your move (Enter or 1 plays it; ? for help, q to quit): "
    at = lines.index(prompt + typed)
    assert lines[at + 1] == _first_draw()
