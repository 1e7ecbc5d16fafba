"""The replay page (``rummy500 replay``, :mod:`rummy500.replay`): a game saved by ``rummy500 play
--save`` written as one self-contained HTML file, whose pictures are those of
:func:`rummy500.pictures.svg`, whose moves are worded as ``rummy500 play`` words them and whose
score sheet is the game's; and the refusals, word for word.

The page is read here as its script reads it (see tests/helpers_replay.py); the page in a real
browser is tested in tests/test_replay_browser.py.
"""

from __future__ import annotations

import re
from itertools import accumulate
from pathlib import Path

import pytest

from helpers_replay import PLAY_ARGS, data, items, mark, positions, run, sheet, unpack, words
from helpers_scripts import load_script
from rummy500 import (
    ConfigError,
    GameRecord,
    IllegalMoveError,
    SerializationError,
    State,
    StateError,
    Take,
    dumps,
    new_game,
    pictures,
    presets,
    replay,
)
from rummy500.bots import make_bot, play_game
from rummy500.render import dealer_draw_lines, hand_result_lines

USAGE = "usage: rummy500 replay [-h] [-o FILE] [--seat K] GAME.json"


@pytest.fixture(autouse=True)
def eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse wraps its usage to the terminal's width: fix it."""
    monkeypatch.setenv("COLUMNS", "80")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, GameRecord]:
    """A game played and saved by ``rummy500 play --save``: its file, what the command
    printed, and the record read back."""
    path = tmp_path_factory.mktemp("game") / "game.json"
    code, out = run(*PLAY_ARGS, "--save", str(path))
    assert code == 0
    return path, out, replay.read_game(path.read_bytes())


@pytest.fixture(scope="module")
def page(played: tuple[Path, str, GameRecord]) -> str:
    """The page ``rummy500 replay`` writes for that game."""
    path, _, _ = played
    assert run("replay", str(path), "-o", str(path.with_name("page.html")))[0] == 0
    return path.with_name("page.html").read_text(encoding="utf-8")


# -- the command -----------------------------------------------------------------------------


def test_play_saves_the_game_it_played(played: tuple[Path, str, GameRecord]) -> None:
    path, out, record = played
    assert out.splitlines()[-2:] == [
        "P0 wins with 290 points.",
        f"The game is saved in {path}: 'rummy500 replay {path}' makes a page of it.",
    ]
    assert path.read_text(encoding="utf-8") == dumps(record, indent=2) + "\n"
    final = record.replay()
    assert (final.is_terminal(), final.totals, len(record.moves)) == (True, (290, 171, 206), 227)
    assert (record.players, record.seed, record.config.target) == (3, 5, 200)


def test_the_command_writes_the_page_the_library_gives(
    played: tuple[Path, str, GameRecord], page: str, tmp_path: Path
) -> None:
    path, _, record = played
    assert page == replay.replay_html(record)
    # Without -o, the page is the game's file name ending in .html.
    game = tmp_path / "saved.json"
    game.write_bytes(path.read_bytes())
    code, out = run("replay", str(game), "--seat", "1")
    written = (tmp_path / "saved.html").read_text(encoding="utf-8")
    size = len(written.encode("utf-8")) / 1e6
    assert (code, out) == (0, f"Wrote {tmp_path / 'saved.html'}: 227 moves, {size:.1f} MB.\n")
    assert written == replay.replay_html(record, seat=1)


def test_the_page_needs_nothing_from_outside(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>\n")
    for outside in (
        "http://",
        "https://",
        "url(",
        "@import",
        "<link",
        "<iframe",
        "<img",
        "<object",
    ):
        assert outside not in page
    # Every address in the page, and in its pictures, is a place in the same document.
    references = re.findall(r'\b(?:src|href|action|xlink:href)\s*=\s*"([^"]*)"', page)
    assert references == []
    for line in unpack(page):
        for svg in line:
            assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" ')
            body = svg.removeprefix('<svg xmlns="http://www.w3.org/2000/svg" ')
            assert "http" not in body
            assert "url(" not in body
            assert {r[0] for r in re.findall(r'\bhref="([^"]*)"', body)} == {"#"}
            assert re.findall(r"\bsrc=", body) == []


def test_the_page_is_a_few_hundred_kilobytes(page: str) -> None:
    # Four pictures (from above and each seat) of each of 228 positions, packed.
    assert 100_000 < len(page.encode("utf-8")) < 400_000
    assert data(page)["last"] == 227


# -- the pictures ----------------------------------------------------------------------------


def test_every_picture_is_the_drawing_of_its_position(
    played: tuple[Path, str, GameRecord], page: str
) -> None:
    _, _, record = played
    states = positions(record)
    names = ["P0", "P1", "P2"]
    shown = unpack(page)
    assert [len(line) for line in shown] == [228] * 4
    for vantage, line in zip([None, 0, 1, 2], shown, strict=True):
        for number, (state, svg) in enumerate(zip(states, line, strict=True)):
            if number == 0:
                caption = "The start of the game."
            else:
                before = states[number - 1]
                card = vantage in (None, before.current_player)
                caption = f"Move {number}: {words(before, state, names, card=card)}."
            assert svg == pictures.svg(
                state, seat=vantage, mark_depth=mark(states, number), caption=caption
            )


def test_a_take_is_marked_before_it_is_made_and_a_seat_hides_the_others_draws(
    played: tuple[Path, str, GameRecord], page: str
) -> None:
    _, _, record = played
    above, seat_0, seat_1, seat_2 = unpack(page)
    assert "Move 4: P1 draws 10♥ from the stock." in above[4]
    assert "Move 4: P1 draws 10♥ from the stock." in seat_1[4]
    assert "Move 4: P1 draws from the stock." in seat_0[4]
    assert "Move 4: P1 draws from the stock." in seat_2[4]
    # Position n shows the move n + 1 about to be played: a take from the pile is marked.
    takes = [n for n, move in enumerate(record.moves) if isinstance(move, Take)]
    assert takes[:5] == [0, 16, 24, 39, 53]
    assert [n for n, svg in enumerate(above) if "Marked: " in svg] == takes
    assert "Marked: J♦, the deepest card of a take of 1 card from the top." in above[0]


# -- the moves and the score sheet ------------------------------------------------------------


def test_the_list_has_every_move_worded_as_rummy500_play_prints_it(
    played: tuple[Path, str, GameRecord], page: str
) -> None:
    _, out, record = played
    listed = items(page)
    assert [item.position for item in listed] == list(range(228))
    assert [item.kind.split()[0] for item in listed] == ["start"] + ["move"] * 227
    assert len([item for item in listed if item.kind.startswith("move")]) == len(record.moves)
    # What everyone saw, in the words of `rummy500 play` watching the bots: a line for each
    # move, and a heading for each deal.
    printed = [
        line.removeprefix("  ").removesuffix(".")
        for line in out.splitlines()
        if line.startswith("  P") and line.endswith(".") and " table " not in line
    ]
    headings = [line[4:-4] for line in out.splitlines() if line.startswith("=== Hand")]
    seen = [[t for t, _ in item.texts][-1] for item in listed[1:]]
    assert [t for t in seen if not t.startswith("Hand ")] == printed
    assert [listed[0].texts[0][0]] + [t for t in seen if t.startswith("Hand ")] == headings
    start = new_game(record.config, record.players, record.seed)
    assert re.findall(r'<span class="note">([^<]*)</span>', listed[0].body) == dealer_draw_lines(
        start, ["P0", "P1", "P2"]
    )


def test_a_draw_names_its_card_from_above_and_to_its_player_only(
    played: tuple[Path, str, GameRecord], page: str
) -> None:
    _, _, record = played
    states = positions(record)
    draw = items(page)[4]
    assert (draw.kind, draw.seat) == ("move draw", 1)
    assert draw.texts == [
        ("P1 draws 10♥ from the stock", False),
        ("P1 draws from the stock", True),
    ]
    assert words(states[3], states[4], ["P0", "P1", "P2"]) == "P1 draws 10♥ from the stock"
    assert [item.texts for item in items(page)[1:4]] == [
        [("P0 takes J♦ from the top of the discard pile", False)],
        [("P0 melds a run: J♦ Q♦ K♦", False)],
        [("P0 discards A♠", False)],
    ]
    # From seat 0, the page starts with P1's draw unnamed.
    from_seat = items(replay.replay_html(record, seat=0))[4]
    assert from_seat.texts == [
        ("P1 draws 10♥ from the stock", True),
        ("P1 draws from the stock", False),
    ]
    assert '<option value="1" selected>P0’s seat</option>' in replay.replay_html(record, seat=0)


def test_each_hand_that_ends_shows_how_it_scored(
    played: tuple[Path, str, GameRecord], page: str
) -> None:
    _, _, record = played
    states = positions(record)
    ended = [item for item in items(page) if '<div class="result">' in item.body]
    assert [item.position for item in ended] == [row[0] for row in sheet(page)]
    for item in ended:
        state = states[item.position]
        caption = re.search(r"<caption>([^<]*)</caption>", item.body)
        assert caption is not None
        assert caption.group(1) == hand_result_lines(state, ["P0", "P1", "P2"])[0]
        scores = re.findall(r'<td class="num">(-?\d+)</td><td class="held">', item.body)
        assert [int(s) for s in scores] == list(state.history[-1])
    assert ended[-1].body.endswith('<p class="game-over">P0 wins with 290 points.</p></div>')


def test_the_score_sheet_is_the_games(played: tuple[Path, str, GameRecord], page: str) -> None:
    _, _, record = played
    final = record.replay()
    rows = sheet(page)
    assert [hand for _, hand, _ in rows] == [1, 2, 3, 4]
    totals = list(
        accumulate(final.history, lambda a, b: tuple(x + y for x, y in zip(a, b, strict=True)))
    )
    assert [numbers for _, _, numbers in rows] == [
        [n for score, total in zip(row, running, strict=True) for n in (score, total)]
        for row, running in zip(final.history, totals, strict=True)
    ]
    assert rows[-1][2][1::2] == list(final.totals)


def test_a_partnership_sheet_shows_each_partners_score() -> None:
    bots = [make_bot("greedy", p) for p in range(4)]
    config = presets.get("partnership")
    game = play_game(new_game(config, players=4, seed=2), bots, max_moves=150)
    page = replay.replay_html(game, names=["Ann", "Bob", "Cleo", "Dan"])
    assert '<th scope="col" colspan="2">Ann+Cleo</th>' in page
    assert '<th scope="col" colspan="2">Bob+Dan</th>' in page
    (team, *_), (each, *_) = game.history, game.player_history
    cell = (
        f'<td class="num">{team[0]}<span class="split">Ann {each[0]}</span>'
        f'<span class="split">Cleo {each[2]}</span></td><td class="num">{team[0]}</td>'
    )
    assert cell in page
    assert "The record stops here, before the end of the game." in page


def test_the_example_page_of_the_docs_is_the_saved_games() -> None:
    gen_replay = load_script("gen_replay")
    assert gen_replay.stale() is None
    record = replay.read_game(gen_replay.GAME.read_bytes())
    final = record.replay()
    assert (record.players, record.config.target, final.is_terminal()) == (3, 500, True)


# -- refusals --------------------------------------------------------------------------------


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """The exit status and stderr of a command that writes nothing on stdout."""
    code, out = run(*argv)
    assert out == ""
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x", "not valid JSON: Expecting value: line 1 column 1 (char 0)"),
        (
            '{"a": 1}',
            "cannot load GameRecord at $: the game record document has no 'format' field "
            '(this library writes "format": 5)',
        ),
        (
            "[1, 2]",
            "cannot load GameRecord at $: a game record document is a JSON object, not [1, 2]",
        ),
        (
            dumps(new_game(seed=1)),
            "this is a saved state: one position, without the moves that led to it; a replay "
            "needs a game record (rummy500 play --save FILE writes one, as does "
            "rummy500.dumps(rummy500.GameRecord.from_state(state)))",
        ),
        (
            '{"format": 4, "config": {}, "players": 3, "seed": 1, "moves": ["draw", "meld 2C '
            '3C 4C"]}',
            "move 2 of the record, 'meld 2C 3C 4C': 'meld 2♣ 3♣ 4♣' is illegal: you do not "
            "hold 2♣ 4♣",
        ),
    ],
)
def test_a_file_that_is_not_a_game_record_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    game = tmp_path / "game.json"
    game.write_text(text, encoding="utf-8")
    assert refused(capsys, "replay", str(game)) == (2, f"rummy500 replay: {game}: {message}\n")
    assert not (tmp_path / "game.html").exists()


def test_files_that_cannot_be_read_or_written_are_refused(
    capsys: pytest.CaptureFixture[str], played: tuple[Path, str, GameRecord], tmp_path: Path
) -> None:
    path, _, _ = played
    missing = tmp_path / "missing.json"
    assert refused(capsys, "replay", str(missing)) == (
        2,
        f"rummy500 replay: cannot read {missing}: No such file or directory\n",
    )
    assert refused(capsys, "replay", str(tmp_path)) == (
        2,
        f"rummy500 replay: cannot read {tmp_path}: Is a directory\n",
    )
    nowhere = tmp_path / "no" / "page.html"
    assert refused(capsys, "replay", str(path), "-o", str(nowhere)) == (
        2,
        f"rummy500 replay: cannot write {nowhere}: No such file or directory\n",
    )
    assert refused(capsys, "replay", str(path), "-o", str(path)) == (
        2,
        f"rummy500 replay: the page would overwrite the game's own file, {path}: name another "
        "with -o\n",
    )


@pytest.mark.parametrize("seat", ["3", "-1"])
def test_a_seat_the_game_does_not_have_is_refused_with_the_usage(
    capsys: pytest.CaptureFixture[str], played: tuple[Path, str, GameRecord], seat: str
) -> None:
    path, _, _ = played
    assert refused(capsys, "replay", str(path), "--seat", seat) == (
        2,
        f"{USAGE}\nrummy500 replay: error: --seat: a 3-player game has seats 0 to 2, not {seat}\n",
    )


def test_play_refuses_a_save_file_it_cannot_write(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    nowhere = tmp_path / "no" / "game.json"
    code, err = refused(capsys, *PLAY_ARGS, "--save", str(nowhere))
    assert code == 2
    assert err.endswith(
        f"rummy500 play: error: --save: cannot write {nowhere}: No such file or directory\n"
    )


def test_the_library_refuses_what_it_cannot_replay(played: tuple[Path, str, GameRecord]) -> None:
    _, _, record = played
    with pytest.raises(StateError) as caught:
        replay.replay_html("game.json")  # type: ignore[arg-type]
    assert str(caught.value) == "replay_html replays a GameRecord or a State, not 'game.json'"
    built = State.from_position(
        record.config,
        hands=["9D 9S 5C 6C 2H JD AS", "4C 8C 10C 3D 5D 10D KD", "2S 6S 8S JS 4H 7H 10H"],
        pile="KH 9C 4S",
        seed=1,
    )
    with pytest.raises(StateError) as caught:
        replay.replay_html(built)
    assert str(caught.value) == (
        "this line of play does not start from a new game: a game record replays from "
        "rummy500.new_game(config, players, seed, dealer=...)"
    )
    with pytest.raises(StateError) as caught:
        replay.replay_html(record, seat=3)
    assert str(caught.value) == (
        "seat must be a player of the game, from 0 to 2, or None to see the table from above, not 3"
    )
    with pytest.raises(ConfigError) as named:
        replay.replay_html(record, names=["Ann", "Bob"])
    assert str(named.value) == (
        "names must be a list of a name (a str of 1 to 16 characters, on one line) for each of "
        "the 3 players, not 2 names"
    )
    with pytest.raises(IllegalMoveError) as illegal:
        replay.replay_html(GameRecord(record.config, 3, 1, moves=record.moves[:5]))
    assert str(illegal.value) == (
        "move 1 of the record, 'take JD': 'take J♦' is illegal: a take names the deepest card "
        "wanted and every card above it, up to the top of the pile, deepest first; the pile "
        "is: 8♠"
    )
    with pytest.raises(SerializationError) as read:
        replay.read_game(b"\xff")
    assert str(read.value) == (
        "not valid JSON: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"
    )
