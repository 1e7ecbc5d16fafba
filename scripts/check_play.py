"""Check the Play page in headless Chromium: whole hands played by clicking, as CPython plays them.

Opens the documentation's Play page (``play/`` of a site built with ``mkdocs build``) with
``scripts/check_web.py``'s machinery: the site served on 127.0.0.1, the machine's Chromium
driven with Playwright, every request anywhere else refused and noted, the console's errors
noted. On the page it plays a few whole hands of each game of :data:`GAMES` (one preset with
wild jokers and calling rummy, one with wrap-around runs) in the seat of the person, the bots
in the others, and plays the same game in this CPython beside it:

- the person's moves are the greedy bot's choices for their view, made on the page as a person
  makes them: clicks on the stock, the pile, the cards of the hand, the buttons and the melds
  (and the "which one?" choice when the cards go down in more than one way), with some draws
  played from the keyboard in the list of legal moves and some discards typed;
- the bots, seeded as the page seeds them, play their moves here too; before each of the
  person's moves the page's list of legal moves must be CPython's;
- along the way, an illegal click and an unreadable typed move must show the engine's own
  sentence and change nothing; a hint must be the greedy bot's move; undo must go back to the
  person's previous decision; a card selected with Space must keep the focus;
- at the end of each game the page saves it (the download) and the record must be CPython's
  game, move for move, replaying to the same state; the file is loaded back, and a file that is
  not a game is refused with the library's sentence.

The check fails (exit status 1) on any difference, a request that left 127.0.0.1, or a console
error. ``--screenshots DIR`` also saves the page in the middle of the first game, at 1280 and
390 pixels wide, in the light and the dark palette.

Usage::

    mkdocs build --strict --site-dir /tmp/site
    python scripts/check_play.py /tmp/site --chromium /usr/bin/chromium
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import check_web

import rummy500
from rummy500 import (
    Call,
    Deal,
    Decline,
    Discard,
    Draw,
    GameRecord,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    MoveParseError,
    Pass,
    Phase,
    SerializationError,
    State,
    Take,
    presets,
)
from rummy500.bots import Bot, GreedyBot, make_bot

# The person's seat and the bots' seeds are the page's own (the Python it runs, in web/src).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "src"))
from table import HUMAN, bot_seed

if TYPE_CHECKING:
    from playwright.sync_api import FilePayload, Page

__all__ = ["GAMES", "Game", "Mirror", "main", "play_game"]

#: The games played: preset, bots of the seats after the person's, seed, hands to play.
GAMES: tuple[tuple[str, tuple[str, ...], int, int], ...] = (
    ("pagat", ("greedy", "ismcts:iterations=30"), 146, 2),
    ("house", ("random", "greedy"), 8, 2),
)
#: The kinds of move the person must make in the games, and the ways (a "choice" is a move
#: the page asked about: which card a joker is, which end of a run, which meld).
KINDS = ("draw", "take", "meld", "layoff", "discard", "call", "pass", "deal")
WAYS = ("clicks", "choice", "keyboard", "typed")
#: How long one action of the page may take (a bot's search included), in milliseconds.
STEP_MS = 60_000
#: A bad file for the page to refuse.
BAD_FILE = '{"format": 4, "players": 3}'
READY = "document.getElementById('play-app').dataset.state === 'ready'"


@dataclass
class Mirror:
    """The game the page plays, played in CPython: the state, the moves, the bots."""

    state: State
    bots: list[Bot]
    moves: list[Move] = field(default_factory=list)

    def apply(self, move: Move) -> None:
        """Play ``move`` (the person's, or a deal), then the bots until the person is to act."""
        if isinstance(move, Deal):
            self.state = self.state.detached()
        self.state = self.state.apply(move)
        self.moves.append(move)
        self.bots_play()

    def bots_play(self) -> None:
        """Let the bots play until the person is to act (or the hand is over)."""
        while self.state.current_player not in (HUMAN, rummy500.CHANCE, rummy500.TERMINAL):
            seat = self.state.current_player
            move = self.bots[seat].choose(self.state.view(seat))
            self.state = self.state.apply(move)
            self.moves.append(move)

    def legal_texts(self) -> list[str]:
        """The person's legal moves as the page lists them (the deal between hands)."""
        if self.state.is_chance_node():
            return [move.text() for move in self.state.legal_moves()]
        return [move.text() for move in self.state.view(HUMAN).legal_moves]


@dataclass
class Game:
    """What playing one game on the page counted: the person's moves by kind and by way."""

    kinds: Counter[str] = field(default_factory=Counter)
    ways: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


def _wait(tab: Page) -> None:
    tab.wait_for_function(READY, timeout=STEP_MS)


def _moves(tab: Page) -> int:
    return int(tab.get_attribute("#play-app", "data-moves") or "-1")


def _legal(tab: Page) -> list[str]:
    texts: list[str] = tab.eval_on_selector_all(
        "#r5-legal button", "buttons => buttons.map(b => b.dataset.text)"
    )
    return texts


def _hand_positions(state: State, move: Move) -> list[int]:
    """Where the cards of ``move`` are in the person's hand (a joker put down is a joker)."""
    hand = list(state.view(HUMAN).hand)
    positions: list[int] = []
    for card in move.cards:
        positions.append(
            next(i for i, held in enumerate(hand) if held == card.physical and i not in positions)
        )
    return positions


def _click_move(tab: Page, mirror: Mirror, move: Move) -> str:
    """Make ``move`` on the page with clicks, as a person would; ``"choice"`` if the page
    asked which of several moves the clicks meant, else ``"clicks"``."""
    state = mirror.state
    if isinstance(move, Draw):
        tab.click("#r5-stock")
    elif isinstance(move, Take | Call):
        tab.click(f"#r5-pile [data-index='{len(state.pile) - len(move.taken)}']")
    elif isinstance(move, Pass | Decline | Deal):
        tab.click(f"#r5-{move.kind}")
    else:
        for position in _hand_positions(state, move):
            tab.click(f"#r5-hand [data-index='{position}']")
        if isinstance(move, Meld):
            tab.click("#r5-meld")
        elif isinstance(move, Layoff):
            tab.click(f"#r5-melds [data-id='{move.meld_id}']")
        else:
            tab.click("#r5-discard")
    _wait(tab)
    choice = tab.locator(f"#r5-choices button[data-text='{move.text()}']")
    if not choice.count():
        return "clicks"
    choice.click()
    _wait(tab)
    return "choice"


def _make(tab: Page, mirror: Mirror, move: Move, way: str) -> str:
    """Make ``move`` on the page ``way``: by clicks, from the keyboard, or typed; the way it
    was made."""
    if way == "keyboard":
        index = mirror.legal_texts().index(move.text())
        tab.focus(f"#r5-legal li:nth-child({index + 1}) button")
        tab.keyboard.press("Enter")
    elif way == "typed":
        tab.fill("#r5-typed", move.text(ascii=True))
        tab.press("#r5-typed", "Enter")
    else:
        return _click_move(tab, mirror, move)
    _wait(tab)
    return way


def _refused(tab: Page, mirror: Mirror, expected: str, what: str) -> list[str]:
    """Whether the page shows ``expected`` as its refusal and still stands where it did."""
    failures = []
    shown = tab.inner_text("#r5-refusal")
    if shown != expected:
        failures.append(f"{what}: the page said {shown!r}, the engine says {expected!r}")
    if _moves(tab) != len(mirror.moves) or _legal(tab) != mirror.legal_texts():
        failures.append(f"{what}: the game changed")
    return failures


def _try_refusals(tab: Page, mirror: Mirror) -> list[str]:
    """An illegal click (the stock, after the draw) and an unreadable typed move."""
    try:
        mirror.state.apply(Draw())
    except IllegalMoveError as error:
        expected = str(error)
    tab.click("#r5-stock")
    _wait(tab)
    failures = _refused(tab, mirror, expected, "a draw after drawing")
    try:
        mirror.state.parse_move("meld 8S 8X")
    except MoveParseError as error:
        expected = str(error)
    tab.fill("#r5-typed", "meld 8S 8X")
    tab.press("#r5-typed", "Enter")
    _wait(tab)
    return failures + _refused(tab, mirror, expected, "an unreadable typed move")


def _try_selecting_from_the_keyboard(tab: Page) -> list[str]:
    """Space on a card of the hand selects it, and the card keeps the focus (the table is drawn
    again after each change); Space again lets it go."""
    tab.focus("#r5-hand [data-index='0']")
    pressed = []
    for _ in range(2):
        tab.keyboard.press("Space")
        pressed.append(
            tab.evaluate("[document.activeElement.dataset.key, document.activeElement.ariaPressed]")
        )
    if pressed != [["hand-0", "true"], ["hand-0", "false"]]:
        return [f"Space on the first card of the hand gave (focus, pressed) {pressed}"]
    return []


def _try_hint(tab: Page, mirror: Mirror, move: Move) -> list[str]:
    """The hint is the greedy bot's move, its cards marked."""
    tab.click("#r5-hint")
    _wait(tab)
    said = tab.inner_text("#r5-said")
    marked = tab.locator("#r5-hand .r5-hinted").count()
    wanted = len(move.cards) if isinstance(move, Meld | Layoff | Discard) else 0
    if not said.startswith(f"Hint: {move.text()}. ") or marked != wanted:
        return [f"the hint said {said!r} and marked {marked} cards, for {move.text()!r}"]
    return []


def _try_undo(tab: Page, mirror: Mirror, move: Move) -> list[str]:
    """Play ``move``, let the bots answer, then undo back to where it was played."""
    before, count = mirror.state, len(mirror.moves)
    _click_move(tab, mirror, move)
    mirror.apply(move)
    tab.click("#r5-undo")
    _wait(tab)
    # The bots have played their moves (and drawn on their random numbers) on both sides.
    mirror.state = before
    del mirror.moves[count:]
    if _moves(tab) != count or _legal(tab) != mirror.legal_texts():
        return ["undo did not go back to the person's previous decision"]
    return []


def _screenshots(tab: Page, folder: Path) -> None:
    """Pictures of the game's part of the page, 1280 and 390 pixels wide, light and dark."""
    folder.mkdir(parents=True, exist_ok=True)
    # The theme's palettes: "default" is the light one, "slate" the dark one.
    for scheme, palette in (("light", "default"), ("dark", "slate")):
        tab.evaluate(f"document.body.dataset.mdColorScheme = '{palette}'")
        for width in (1280, 390):
            tab.set_viewport_size({"width": width, "height": 900})
            tab.evaluate("window.scrollTo(0, 0)")
            bottom = tab.evaluate(
                "document.getElementById('play-app').getBoundingClientRect().bottom"
            )
            tab.screenshot(
                path=str(folder / f"play-{width}-{scheme}.png"),
                full_page=True,
                clip={"x": 0, "y": 0, "width": width, "height": bottom + 16},
            )
    tab.evaluate("document.body.dataset.mdColorScheme = 'default'")
    tab.set_viewport_size({"width": 1280, "height": 900})


def play_game(
    tab: Page,
    preset: str,
    opponents: Sequence[str],
    seed: int,
    hands: int,
    *,
    extras: bool = False,
    screenshots: Path | None = None,
) -> Game:
    """Play ``hands`` hands of a new game on the page, and the same game here; with
    ``extras``, try the refusals, the hint and undo along the way (after the first moves); with
    ``screenshots``, take the pictures after a dozen moves."""
    game = Game()
    tab.select_option("#r5-preset", preset)
    tab.select_option("#r5-players", str(len(opponents) + 1))
    for seat, spec in enumerate(opponents, 1):
        kind, _, budget = spec.partition(":iterations=")
        tab.select_option(f"#r5-bot-{seat}", kind)
        if budget:
            tab.fill(f"#r5-iterations-{seat}", budget)
    tab.fill("#r5-seed", str(seed))
    tab.click("#r5-new")
    _wait(tab)
    config = presets.get(preset)
    bots = [GreedyBot(), *(make_bot(s, bot_seed(seed, p)) for p, s in enumerate(opponents, 1))]
    mirror = Mirror(rummy500.new_game(config, len(bots), seed), bots)
    mirror.bots_play()
    person = GreedyBot()
    played = 0
    tried: set[str] = set()
    while not mirror.state.is_terminal():
        if _moves(tab) != len(mirror.moves) or _legal(tab) != mirror.legal_texts():
            game.failures.append(
                f"{preset}: after {len(mirror.moves)} moves the page stands elsewhere: "
                f"{_moves(tab)} moves, legal {_legal(tab)}; CPython {mirror.legal_texts()}"
            )
            break
        if mirror.state.is_chance_node():
            played += 1
            if played == hands:
                break
            move: Move = Deal()
        else:
            move = person.choose(mirror.state.view(HUMAN))
        number = sum(game.kinds.values())
        if number == 12 and screenshots is not None:
            _screenshots(tab, screenshots)
        if extras and number >= 3 and mirror.state.phase == Phase.PLAY and "refusals" not in tried:
            tried.add("refusals")
            game.failures += _try_selecting_from_the_keyboard(tab)
            game.failures += _try_refusals(tab, mirror)
        if extras and number >= 5 and isinstance(move, Meld | Layoff) and "hint" not in tried:
            tried.add("hint")
            game.failures += _try_hint(tab, mirror, move)
        if extras and number >= 6 and isinstance(move, Discard) and "undo" not in tried:
            tried.add("undo")
            game.failures += _try_undo(tab, mirror, move)
        way = "clicks"
        if isinstance(move, Draw) and game.kinds["draw"] % 3 == 1:
            way = "keyboard"
        elif isinstance(move, Discard) and game.kinds["discard"] % 3 == 2:
            way = "typed"
        way = _make(tab, mirror, move, way)
        mirror.apply(move)
        game.kinds[move.kind] += 1
        game.ways[way] += 1
    if extras and tried != {"refusals", "hint", "undo"}:
        game.failures.append(f"{preset}: only {sorted(tried)} of the refusals, hint and undo tried")
    game.failures += _check_saved(tab, mirror, preset)
    return game


def _load(tab: Page, name: str, text: str) -> None:
    """Choose a file of that name and text in the page's Load game."""
    chosen: FilePayload = {"name": name, "mimeType": "application/json", "buffer": text.encode()}
    tab.set_input_files("#r5-file", files=[chosen])
    _wait(tab)


def _check_saved(tab: Page, mirror: Mirror, preset: str) -> list[str]:
    """The page's saved game is CPython's, and loads back; a bad file is refused."""
    with tab.expect_download() as download:
        tab.click("#r5-save")
    _wait(tab)
    text = Path(download.value.path()).read_text(encoding="utf-8")
    record = rummy500.loads(text, GameRecord)
    failures = []
    if list(record.moves) != mirror.moves or record.replay() != mirror.state:
        failures.append(f"{preset}: the saved game is not the game CPython played")
    _load(tab, "game.json", text)
    if _moves(tab) != len(mirror.moves) or _legal(tab) != mirror.legal_texts():
        failures.append(f"{preset}: the saved game did not load back")
    try:
        rummy500.loads(BAD_FILE, GameRecord)
    except SerializationError as error:
        expected = str(error)
    _load(tab, "bad.json", BAD_FILE)
    return failures + _refused(tab, mirror, expected, "a file that is not a game")


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games on the Play page; exit 1 on any failure (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", type=Path, help="the built site")
    parser.add_argument(
        "--chromium", default="/usr/bin/chromium", help="the Chromium to run (/usr/bin/chromium)"
    )
    parser.add_argument("--screenshots", type=Path, help="a folder for pictures of the page")
    args = parser.parse_args(argv)
    page = check_web.bundle_folder(args.site).relative_to(args.site).as_posix() + "/"
    seen = check_web.Visit(report={}, status="")
    failures: list[str] = []
    started = time.perf_counter()
    with check_web.open_page(args.site, page, chromium=args.chromium, seen=seen, height=900) as tab:
        tab.wait_for_function(
            "document.getElementById('play-app').dataset.state !== 'starting'",
            timeout=check_web.TIMEOUT * 1000,
        )
        _wait(tab)
        print(f"{page}: {tab.inner_text('#r5-status')} ({time.perf_counter() - started:.1f} s)")
        tab.select_option("#r5-pace", "instant")
        kinds: Counter[str] = Counter()
        ways: Counter[str] = Counter()
        for number, (preset, opponents, seed, hands) in enumerate(GAMES):
            begun = time.perf_counter()
            game = play_game(
                tab,
                preset,
                opponents,
                seed,
                hands,
                extras=number == len(GAMES) - 1,
                screenshots=args.screenshots if number == 0 else None,
            )
            failures += game.failures
            kinds += game.kinds
            ways += game.ways
            print(
                f"  {preset}, seed {seed}, bots {', '.join(opponents)}: {hands} hands, "
                f"{sum(game.kinds.values())} moves of the person ({dict(game.kinds)}; "
                f"{dict(game.ways)}) in {time.perf_counter() - begun:.1f} s"
            )
    # The seeds are chosen for these: a change that plays other games must choose others.
    missing = sorted((set(KINDS) - set(kinds)) | (set(WAYS) - set(ways)))
    if missing:
        failures.append(f"the games made no move of these kinds or ways: {missing}")
    failures += seen.problems()
    return check_web.verdict(
        failures, "the same games as CPython; every request to 127.0.0.1; no console error"
    )


if __name__ == "__main__":
    sys.exit(main())
