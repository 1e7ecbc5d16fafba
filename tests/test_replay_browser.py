"""The replay page in a real browser: headless Chromium (the machine's own, driven by Playwright
from the docs extra; nothing is downloaded) opens the page written by ``rummy500 replay``, steps
through the game with the keys, the buttons, the slider and the list of moves, changes the seat,
and finds the picture and the words each position should show, no error in the console and no
request but the page itself.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers_replay import PLAY_ARGS, run, unpack
from helpers_scripts import load_script
from rummy500 import replay

CHROMIUM = Path("/usr/bin/chromium")
#: Chromium's options, as the scripts that check the site in a browser give them.
ARGS = list(load_script("check_layout").CHROMIUM_ARGS)

if not CHROMIUM.exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM}", allow_module_level=True)
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the browser tests need Playwright (the docs extra)"
)


class Browser:
    """A page of headless Chromium, with what it asked for and what its console said."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on(
            "console",
            lambda message: self.errors.append(message.text) if message.type == "error" else None,
        )
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def status(self) -> str:
        return str(self.page.locator("#status").text_content())

    def desc(self) -> str:
        """What the picture shown says it shows."""
        return str(self.page.locator("#picture svg > desc").text_content())

    def current(self) -> int:
        return int(self.page.locator("#moves li.current").get_attribute("data-pos"))


def desc_of(svg: str) -> str:
    """The description of an SVG picture, as its text."""
    found = re.search(r"<desc>(.*?)</desc>", svg)
    assert found is not None
    return html.unescape(found.group(1))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[list[str]]]:
    """The page of the tests' game (from seat 0 at first), and its pictures."""
    folder = tmp_path_factory.mktemp("replay")
    game = folder / "game.json"
    assert run(*PLAY_ARGS, "--save", str(game))[0] == 0
    assert run("replay", str(game), "--seat", "0")[0] == 0
    page = folder / "game.html"
    return page, unpack(page.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=ARGS, headless=True
        )
        yield browser
        browser.close()


def open_page(chromium: Any, path: Path, width: int, height: int) -> Browser:
    browser = Browser(chromium.new_page(viewport={"width": width, "height": height}))
    browser.page.set_default_timeout(20_000)
    browser.page.goto(path.as_uri())
    browser.page.wait_for_selector("#picture svg")
    return browser


def test_the_page_steps_through_the_game(
    chromium: Any, written: tuple[Path, list[list[str]]], tmp_path: Path
) -> None:
    path, pictures = written
    above, seat_0, seat_1 = pictures[0], pictures[1], pictures[2]
    browser = open_page(chromium, path, 1280, 900)
    page = browser.page
    # From seat 0 at first, as the command was told, at the start of the game.
    assert page.locator("#seat").input_value() == "1"
    assert browser.status() == "The start of the game: Hand 1: P2 deals"
    assert (browser.current(), browser.desc()) == (0, desc_of(seat_0[0]))
    page.screenshot(path=str(tmp_path / "start-1280.png"))

    page.keyboard.press("End")
    assert browser.status() == "Move 227 of 227: P0 discards 2♥ and goes out"
    assert (browser.current(), browser.desc()) == (227, desc_of(seat_0[227]))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert (browser.current(), browser.desc()) == (225, desc_of(seat_0[225]))
    page.keyboard.press("ArrowRight")
    assert (browser.current(), browser.desc()) == (226, desc_of(seat_0[226]))
    page.keyboard.press("Home")
    assert (browser.current(), browser.desc()) == (0, desc_of(seat_0[0]))

    page.get_by_role("button", name="Next move (right arrow)").click()
    page.get_by_role("button", name="Next move (right arrow)").click()
    assert (browser.current(), browser.desc()) == (2, desc_of(seat_0[2]))
    page.get_by_role("button", name="Last position (End)").click()
    assert browser.current() == 227
    page.get_by_role("button", name="First position (Home)").click()
    assert browser.current() == 0

    page.locator("#slider").fill("4")
    assert browser.status() == "Move 4 of 227: P1 draws from the stock"
    assert (browser.current(), browser.desc()) == (4, desc_of(seat_0[4]))
    assert page.locator("#slider").get_attribute("aria-valuetext") == browser.status()

    # From P1's seat, P1's draw names its card; from above, every draw does.
    page.select_option("#seat", "2")
    assert browser.status() == "Move 4 of 227: P1 draws 10♥ from the stock"
    assert browser.desc() == desc_of(seat_1[4])
    page.select_option("#seat", "0")
    assert browser.desc() == desc_of(above[4])
    page.keyboard.press("ArrowRight")
    assert (browser.current(), browser.desc()) == (5, desc_of(above[5]))

    page.locator('#moves li[data-pos="100"]').click()
    assert (browser.current(), browser.desc()) == (100, desc_of(above[100]))
    assert page.url.endswith("#100")
    # The score sheet lights the last hand over (the second, over at move 83) and dims the
    # hands still to come.
    rows = page.locator(".sheet tbody tr")
    classes = [rows.nth(i).get_attribute("class") for i in range(4)]
    assert classes == ["", "now", "later", "later"]
    page.screenshot(path=str(tmp_path / "move-1280.png"))

    assert browser.errors == []
    assert browser.requests == [path.as_uri()]


def test_the_page_fits_a_phone(
    chromium: Any, written: tuple[Path, list[list[str]]], tmp_path: Path
) -> None:
    path, pictures = written
    browser = open_page(chromium, path, 390, 844)
    page = browser.page
    page.keyboard.press("End")
    assert browser.desc() == desc_of(pictures[1][227])
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width == 390
    picture = page.locator("#picture svg").bounding_box()
    assert picture["x"] >= 0
    assert picture["x"] + picture["width"] <= 390
    page.screenshot(path=str(tmp_path / "end-390.png"), full_page=True)
    assert browser.errors == []
    assert browser.requests == [path.as_uri()]


def test_a_link_opens_the_page_at_a_move(
    chromium: Any, written: tuple[Path, list[list[str]]]
) -> None:
    path, pictures = written
    browser = Browser(chromium.new_page(viewport={"width": 1280, "height": 900}))
    browser.page.goto(path.as_uri() + "#60")
    browser.page.wait_for_selector("#picture svg")
    assert (browser.current(), browser.desc()) == (60, desc_of(pictures[1][60]))
    assert browser.errors == []


def test_the_library_page_is_the_commands(written: tuple[Path, list[list[str]]]) -> None:
    path, _ = written
    record = replay.read_game(path.with_suffix(".json").read_bytes())
    assert path.read_text(encoding="utf-8") == replay.replay_html(record, seat=0)
