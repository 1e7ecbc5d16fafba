"""Draw the pictures of the documentation (docs/img/pictures/) and the golden pictures of the
tests (tests/golden/pictures/) with rummy500.pictures.

Each picture is a position and the arguments it is drawn with, listed here for the docs and in
tests/helpers_pictures.py for the tests. Look at the pictures a change redraws before you
commit them: the tests and ``--check`` only say that a picture changed, not that it looks right.

Usage::

    python scripts/gen_pictures.py           # rewrite every picture that changed
    python scripts/gen_pictures.py --check   # exit 1 if a picture is stale, missing or extra
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

ROOT = Path(__file__).resolve().parent.parent
# Draw with the code of this checkout, even where another copy of the package is installed.
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

import attrs  # noqa: E402

from helpers_pictures import GOLDEN, GOLDEN_DIR, call_window, deepest_take  # noqa: E402
from rummy500 import RuleConfig, State, pictures, presets  # noqa: E402

__all__ = ["DOCS", "DOCS_DIR", "drawn", "main", "stale"]

DOCS_DIR: Final = ROOT / "docs" / "img" / "pictures"


def _middle_game() -> State:
    """A hand well under way: four melds, two of them with cards another player laid off."""
    return State.from_position(
        RuleConfig(),
        hands=["2D 7H KC", "AS 3C 9D 10D", "4S 6C 8H QH"],
        pile="3H 10C 5H",
        table=[
            (["5S", "6S", "7S", "8S"], [1, 1, 1, 2]),
            ("9C 9H 9S", 0),
            (["QD", "KD", "AD"], [2, 2, 0]),
        ],
        current_player=1,
        totals=[85, 120, -20],
        history=[[85, 120, -20]],
        seed=5,
        turn=14,
    )


def _dig() -> State:
    """Player 0 to draw: the 9♣ deep in the pile makes a set with the two nines in hand."""
    return State.from_position(
        RuleConfig(),
        hands=["9D 9S 5C 6C 2H JD AS", "4C 8C 10C 3D 5D 10D KD", "2S 6S 8S JS 4H 7H 10H"],
        pile="KH 9C 4S 7D QS 3H",
        seed=11,
        turn=6,
    )


def _layoff() -> State:
    """Player 2 has laid the 8♠ off on player 1's run."""
    return State.from_position(
        RuleConfig(),
        hands=["2D 7H KC JD", "AS 3C 9D 10D", "4S 6C QH"],
        pile="3H 10C",
        table=[(["5S", "6S", "7S", "8S"], [1, 1, 1, 2]), ("9C 9H 9S", 0)],
        current_player=0,
        seed=6,
        turn=10,
    )


def _wrap() -> State:
    """House rules with two wild jokers: runs go round the corner."""
    return State.from_position(
        attrs.evolve(presets.get("house"), jokers_per_deck=2),
        hands=["3D 4D 5D 9D 9C 2C JK", "QD QC 5C 7D 8D 10S 2D", "8C 4C 6C KC AC 3H 6D"],
        pile="KD 8H",
        table=[("QH KH JK=AH 2H", 0), ("KS AS 2S", 1)],
        current_player=2,
        seed=8,
        turn=9,
    )


#: Each picture of the documentation: its file's name, and how it is drawn.
DOCS: Final[dict[str, Callable[[], str]]] = {
    "table-above": lambda: pictures.svg(_middle_game()),
    "table-seat": lambda: pictures.svg(_middle_game().view(1)),
    "cards": lambda: pictures.hand_svg("QH 10S 2C AD JK"),
    "dig": lambda: pictures.svg(
        _dig(),
        seat=0,
        mark_depth=deepest_take(_dig()),
        caption="The 9♣ makes a set at once with the 9♦ and 9♠ in hand",
    ),
    "layoff": lambda: pictures.melds_svg(_layoff().table),
    "wrap": lambda: pictures.melds_svg(_wrap().table),
    "call": lambda: pictures.svg(call_window(), seat=0, mark_depth=1),
}


def drawn() -> dict[Path, str]:
    """Every picture, by the file it goes to."""
    files = {DOCS_DIR / f"{name}.svg": draw for name, draw in DOCS.items()}
    files.update({GOLDEN_DIR / f"{name}.svg": draw for name, draw in GOLDEN.items()})
    return {path: draw() for path, draw in sorted(files.items())}


def stale(wanted: dict[Path, str]) -> list[str]:
    """What is out of date: each picture whose file differs from what it draws, or is
    missing, and each file of the pictures' folders that no picture draws."""
    problems = []
    for path, svg in wanted.items():
        if not path.exists():
            problems.append(f"{path.relative_to(ROOT)} is missing")
        elif path.read_text(encoding="utf-8") != svg:
            problems.append(f"{path.relative_to(ROOT)} is out of date")
    for folder in (DOCS_DIR, GOLDEN_DIR):
        problems.extend(
            f"{path.relative_to(ROOT)} is drawn by no picture: remove it"
            for path in sorted(folder.glob("*.svg"))
            if path not in wanted
        )
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite the pictures, or with ``--check`` report the stale ones (exit status 1)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    args = parser.parse_args(argv)
    wanted = drawn()
    if args.check:
        problems = stale(wanted)
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print("run `python scripts/gen_pictures.py` to redraw them", file=sys.stderr)
            return 1
        print(f"the {len(wanted)} pictures are up to date")
        return 0
    for path, svg in wanted.items():
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(svg, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
