"""The "Build a game" example (``examples/build_a_game.py``) and its page
(``docs/build-a-game.md``): the example's scripted session, exactly, in process and as the script
run with no terminal; each of its steps; the game played at a terminal; and the page's code,
which runs and shows the example's code as it is in the file.

``tests/data/build_a_game_demo.txt`` is the demo's transcript. Where a change to the library
changes it on purpose, ``python examples/build_a_game.py --demo > tests/data/build_a_game_demo.txt``
writes it again (read the difference before keeping it).
"""

from __future__ import annotations

import builtins
import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import rummy500
from helpers_doc_pages import blocks, page
from helpers_scripts import load_example
from rummy500 import Ending, GameRecord, State, presets
from rummy500.bots import GreedyBot

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "build_a_game.py"
TRANSCRIPT = Path(__file__).resolve().parent / "data" / "build_a_game_demo.txt"

#: Every move of the demo's game, the person's and the bots': the first hand, the deal of the
#: second and the bots' moves before the person leaves it.
DEMO_MOVES = [
    *("take JD", "meld JD QD KD", "discard 7C", "take 7C", "meld 7C 7H 7S", "discard 6H"),
    *("draw", "layoff 0 9D 10D", "discard AH", "draw", "discard 2D", "draw", "discard KH"),
    *("draw", "discard 6S", "draw", "discard 2H", "draw", "meld 9C 10C JC QC", "discard 3D"),
    *("deal", "draw", "meld 9D 9H 9S", "discard 8S", "draw", "meld 4D 5D 6D", "discard AH"),
]


example: Any = load_example("build_a_game")


def _session(lines: list[str]) -> tuple[list[str], State]:
    """The lines the example writes for a person typing ``lines``, and the final state."""
    said: list[str] = []
    final = example.play(example.scripted(lines, said.append), said.append)
    return said, final


def _played(moves: list[str]) -> State:
    """The demo's game after ``moves``, played straight from the preset."""
    state = rummy500.new_game(presets.get("standard"), players=3, seed=5)
    for text in moves:
        state = state.apply_text(text)
    return state


def test_the_demo_session_is_its_transcript_and_ends_with_the_person_leaving() -> None:
    said, final = _session(list(example.DEMO))
    assert said == TRANSCRIPT.read_text(encoding="utf-8").splitlines()
    # The game as the moves played give it: the undone move, the moves after the save and
    # the refused lines left no trace.
    assert final == _played(DEMO_MOVES).abandon(0)
    assert (final.ending, final.totals, final.hand_number) == (
        Ending("abandoned", 0, True),
        (-6, 60, -13),
        1,
    )


def test_the_demo_session_shows_every_step_of_the_page() -> None:
    said = TRANSCRIPT.read_text(encoding="utf-8").splitlines()
    typed = [line for line in said if line.startswith("> ")]
    answers = {line: said[said.index(line) + 1] for line in typed}
    assert answers == {
        "> discard 7C": "'discard 7♣' is illegal: a turn starts with a draw from the stock or "
        "a take from the discard pile.",
        "> meld seven": "Cannot read that move: 'meld seven': cannot read 'seven' as a card: "
        "write a rank (A, 2-10 or T, J, Q, K) then a suit (C, D, H, S or ♣, ♦, ♥, ♠), as in "
        "'QH', '10h' or 'Q♥'; 'JK' for a joker, 'JK=6S' for a joker standing for the 6♠.",
        "> 3": "There is no move 3: choose a number from 1 to 2.",
        "> take JD": "You take J♦",
        "> meld JD QD KD": "You meld J♦ Q♦ K♦ as 0",
        "> undo": "Your last move is undone.",
        "> save": "The game is saved.",
        "> 1": "You draw 8♦",
        "> resume": "The saved game is resumed where it was saved.",
        # The game resumed is the one saved, before that draw: the stock's top is the same.
        "> draw": "You draw 8♦",
        "> discard 2D": "You discard 2♦",
        "> discard 2H": "You discard 2♥",
        "> sheet": "Score sheet",
        "> quit": "You left: game abandoned; totals -6 60 -13",
    }
    hand_over = said.index("Hand 1 is over: West went out.")
    assert said[hand_over : hand_over + 7] == [
        "Hand 1 is over: West went out.",
        "Score sheet",
        "Hand |    You     |    West    |   North",
        "     | hand total | hand total | hand total",
        "-----+------------+------------+------------",
        "   1 |   -6    -6 |   60    60 |  -13   -13",
        "Hand 2, dealt by You. You hold 5♣ 7♣ J♦ 5♥ 8♥ 4♠ K♠; 8♦ turned up.",
    ]
    assert said[-11:] == [
        "> undo",
        "There is no move of yours to undo in this hand.",
        "> sheet",
        *said[hand_over + 1 : hand_over + 6],
        "> quit",
        "You left: game abandoned; totals -6 60 -13",
        "The game is over: You left during hand 2, which is not scored, so nobody wins "
        "(totals: You -6, West 60, North -13).",
    ]


def test_the_host_cancels_a_resumed_game() -> None:
    said, final = _session(["help", "take JD", "save", "meld JD QD KD", "resume", "cancel"])
    hand = ["  Table melds: none", "  Discard pile (oldest first, top last): -"]
    took = [
        *hand,
        "  Stock: 30 cards.   Cards in hand: You 8, West 7, North 7",
        "  Your hand: 7♣ 2♦ J♦ Q♦ K♦ 2♥ 9♥ A♠",
        "    1. meld J♦ Q♦ K♦",
    ]
    assert said == [
        "Hand 1, dealt by North. You hold 7♣ 2♦ Q♦ K♦ 2♥ 9♥ A♠; J♦ turned up.",
        "  Table melds: none",
        "  Discard pile (oldest first, top last): J♦",
        "  Stock: 30 cards.   Cards in hand: You 7, West 7, North 7",
        "  Your hand: 7♣ 2♦ Q♦ K♦ 2♥ 9♥ A♠",
        "    1. draw",
        "    2. take J♦",
        "> help",
        example.HELP,
        "> take JD",
        "You take J♦",
        *took,
        "> save",
        "The game is saved.",
        "> meld JD QD KD",
        "You meld J♦ Q♦ K♦ as 0",
        "  Table melds:",
        "    0: J♦ Q♦ K♦   (your meld)",
        "  Discard pile (oldest first, top last): -",
        "  Stock: 30 cards.   Cards in hand: You 5, West 7, North 7",
        "  Your hand: 7♣ 2♦ 2♥ 9♥ A♠",
        *(f"    {n}. discard {card}" for n, card in enumerate(["7♣", "2♦", "2♥", "9♥", "A♠"], 1)),
        "> resume",
        "The saved game is resumed where it was saved.",
        *took,
        "> cancel",
        "game cancelled by the host; totals 0 0 0",
        "The game is over: the host cancelled the game during hand 1, which is not scored, so "
        "nobody wins (totals: You 0, West 0, North 0).",
    ]
    assert final == _played(["take JD"]).cancel()
    assert final.ending == Ending("cancelled", None, True)


def test_undo_goes_back_past_the_bots_moves_to_the_persons_last_decision() -> None:
    start = example.new_table(5)
    took = start.apply_text("take JD")
    decision = took.apply_text("meld JD QD KD")
    after = decision.apply_text("discard 7C")
    bot = GreedyBot()
    while after.current_player != example.ME:
        after = after.apply(bot.choose(after.view(after.current_player)))
    # State.undo gives back the very states played from.
    assert (example.undo(after), example.undo(decision), example.undo(took)) == (
        decision,
        took,
        start,
    )
    assert example.undo(after) is decision
    assert example.undo(start) is None
    # A new hand starts with nothing to undo: undo does not go back into the hand before.
    dealt = _played(DEMO_MOVES[:21])
    assert (dealt.hand_number, dealt.last_move, example.undo(dealt)) == (1, rummy500.Deal(), None)


def test_a_saved_game_resumes_as_it_was_saved() -> None:
    state = _played(DEMO_MOVES[:9])
    saved = example.save(state)
    assert rummy500.loads(saved, GameRecord) == GameRecord.from_state(state)
    assert example.resume(saved) == state


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("2", rummy500.Take((rummy500.Card("JD"),))),
        ("draw", rummy500.Draw()),
        ("0", "There is no move 0: choose a number from 1 to 2."),
        # A digit of another script is no number here: it is read as a move's text.
        (
            "٣",
            "Cannot read that move: unknown move '٣': a move starts with one of draw, take, "
            "meld, layoff, discard, decline, call, pass, deal.",
        ),
        (
            "pass",
            "'pass' is illegal: calling rummy is not played under these rules: a turn "
            "starts with a draw from the stock or a take from the discard pile.",
        ),
    ],
)
def test_a_line_is_read_as_a_move_or_refused_with_a_sentence(text: str, answer: object) -> None:
    assert example.read_move(example.new_table(5), text) == answer


def test_at_a_terminal_the_person_plays_until_the_input_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = iter(["take JD", "meld JD QD KD"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        line = next(typed, None)
        if line is None:
            raise EOFError
        return line

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(builtins, "input", read)
    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr(sys, "argv", ["build_a_game.py", "--seed", "5"])
    example.main()
    lines = capsys.readouterr().out.splitlines()
    assert (prompts, lines[0], lines[-2]) == (
        ["> ", "> ", "> "],
        f"Rummy 500, standard rules, seed 5. {example.HELP}",
        "You left: game abandoned; totals 0 0 0",
    )
    assert "> " not in "".join(lines)  # input() writes the prompt, not the example


def test_with_demo_the_example_runs_the_scripted_session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["build_a_game.py", "--demo"])
    example.main()
    assert capsys.readouterr().out == TRANSCRIPT.read_text(encoding="utf-8")


@pytest.mark.processes
def test_run_with_no_terminal_the_example_runs_its_demo_and_ends() -> None:
    # As the examples are run one after another in the full check: the input is no terminal.
    done = subprocess.run(
        [sys.executable, str(EXAMPLE)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == TRANSCRIPT.read_text(encoding="utf-8")


def test_the_code_on_the_page_runs_and_the_examples_code_is_the_files() -> None:
    found = blocks(page("build-a-game.md"))
    source = EXAMPLE.read_text(encoding="utf-8")
    shown = [block.text for block in found if block.title == "examples/build_a_game.py"]
    # The imports and names, then the nine steps (2 and 3 share a block, as 4 and 5 do),
    # then the loop.
    assert len(shown) == 9
    assert [text for text in shown if text not in source] == []
    (demo,) = [block for block in found if block.lang == "text"]
    transcript = TRANSCRIPT.read_text(encoding="utf-8")
    assert (demo.title, demo.text in transcript) == ("python examples/build_a_game.py --demo", True)
    namespace: dict[str, Any] = {}
    python = [block for block in found if block.lang == "python"]
    assert len(python) == 19
    for block in python:
        exec(compile(block.text, "docs/build-a-game.md", "exec"), namespace)
    # The page's game, left after the first turn of the bots.
    assert namespace["final"] == _played(DEMO_MOVES[:9]).abandon(0)
