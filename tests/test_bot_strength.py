"""The "How strong are the bots" page is what its committed data gives, and the script that
measures the bots gives the same figures from the same seeds."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from types import ModuleType
from typing import Any

from helpers_scripts import load_script


def script() -> ModuleType:
    return load_script("bot_strength")


SAMPLE: dict[str, Any] = {
    "bots": {"random": 'make_bot("random")', "greedy": 'make_bot("greedy")'},
    "cpu_seconds": 90.0,
    "hands": 1,
    "machine": "Test CPU @ 1.00GHz",
    "players": 2,
    "python": "3.11.7",
    "rules": "standard",
    "seed": 5,
    "pairs": {
        "random/greedy": {
            "deals": 10,
            "decisions": [250, 200],
            "draws": 1,
            "first_win_rate": [0.15, 0.0524, 0.3604],
            "games": 20,
            "seconds": [0.005, 0.06],
            "wins": [3, 16],
        }
    },
}


def test_the_page_of_a_small_sample_shows_its_figures() -> None:
    text = script().page(SAMPLE)
    tables = [line for line in text.splitlines() if line.startswith("|")]
    assert tables == [
        "| bot | made with |",
        "| --- | --- |",
        '| `random` | `make_bot("random")` |',
        '| `greedy` | `make_bot("greedy")` |',
        "| wins of ↓ against → | `random` | `greedy` |",
        "| --- | ---: | ---: |",
        "| `random` | — | 15% |",
        "| `greedy` | 80% | — |",
        "| pair | games | first bot's wins (95% interval) | draws |",
        "| --- | ---: | ---: | ---: |",
        "| `random` vs `greedy` | 20 | 15.0% (5.2–36.0) | 1 |",
        "| bot | moves timed | milliseconds per move |",
        "| --- | ---: | ---: |",
        "| `random` | 250 | 0.020 |",
        "| `greedy` | 200 | 0.300 |",
    ]
    assert (
        "The built-in bots played against each other, measured: 20 seeded games of the "
        "`standard` rules for 2 players, each a game of one hand" in text
    )
    assert "Every pair plays the same deals from seed 5 on" in text
    assert "(Test CPU @ 1.00GHz, Python 3.11.7)" in text
    assert "The bots' decisions took 2 minutes of CPU in all." in text


def test_the_committed_page_is_what_the_committed_data_gives() -> None:
    strength = script()
    data = json.loads(strength.DATA.read_text(encoding="utf-8"))
    assert strength.PAGE.read_text(encoding="utf-8") == strength.page(data), (
        "docs/bot-strength.md is out of date: python scripts/bot_strength.py render"
    )
    assert strength.main(["render", "--check"]) == 0


def test_the_committed_data_has_every_pair_of_the_bots() -> None:
    strength = script()
    data = json.loads(strength.DATA.read_text(encoding="utf-8"))
    names = list(strength.BOTS)
    assert list(data["bots"]) == names
    wanted = [f"{a}/{b}" for i, a in enumerate(names) for b in names[i + 1 :]]
    assert list(data["pairs"]) == wanted
    for key, pair in data["pairs"].items():
        assert pair["deals"] == strength.deals_for(*key.split("/"))
        assert pair["games"] == 2 * pair["deals"] == sum(pair["wins"]) + pair["draws"]


def _collect(strength: ModuleType, path: Path) -> dict[str, Any]:
    strength.collect(
        argparse.Namespace(bots=["random", "greedy"], deals=3, seed=2, workers=1, data=path)
    )
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_the_same_seeds_give_the_same_games(tmp_path: Path) -> None:
    strength = script()
    first = _collect(strength, tmp_path / "a.json")
    second = _collect(strength, tmp_path / "b.json")
    for data in (first, second):
        pair = data["pairs"]["random/greedy"]
        del data["cpu_seconds"], pair["seconds"]
    assert first == second
    pair = first["pairs"]["random/greedy"]
    assert (pair["deals"], pair["games"]) == (3, 6)
    assert sum(pair["wins"]) + pair["draws"] == 6
    assert all(n > 0 for n in pair["decisions"])
    assert (tmp_path / "a.json").read_text(encoding="utf-8").startswith('{\n  "bots": ')
