"""Legal moves along seeded lines of play, for every preset at every player count it allows.

``tests/data/perft.json`` holds, for each preset, player count and seed, how many legal moves
there are at each step of a seeded random line of play, and a digest of their text (every move,
in the generator's order). Any change of legality, of move order or of the deal changes the
file: regenerate it on purpose with ``python tests/test_perft.py --write`` and read its diff.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from rummy500 import new_game, presets

DATA = Path(__file__).resolve().parent / "data" / "perft.json"
#: Moves along each line (a line stops earlier where its game ends).
STEPS = 200
SEEDS = (11,)


def line(name: str, players: int, seed: int) -> dict[str, Any]:
    """The legal-move counts and their digest along one seeded random line of play."""
    state = new_game(presets.get(name), players, seed)
    rng = random.Random(f"perft/{name}/{players}/{seed}")
    digest = hashlib.sha256()
    counts: list[int] = []
    for _ in range(STEPS):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        counts.append(len(moves))
        digest.update("\n".join(m.text(ascii=True) for m in moves).encode())
        digest.update(b"|")
        state = state.apply(moves[rng.randrange(len(moves))])
    return {"counts": counts, "digest": digest.hexdigest()}


def cases() -> list[tuple[str, int, int]]:
    return [
        (name, players, seed)
        for name in presets.names()
        for players in presets.get(name).player_counts
        for seed in SEEDS
    ]


def key(name: str, players: int, seed: int) -> str:
    return f"{name}/{players}/{seed}"


def expected() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(("name", "players", "seed"), cases())
def test_the_legal_moves_along_a_seeded_line_are_as_recorded(
    name: str, players: int, seed: int
) -> None:
    assert line(name, players, seed) == expected()[key(name, players, seed)]


def test_the_file_holds_exactly_the_lines_of_the_presets() -> None:
    assert sorted(expected()) == sorted(key(*case) for case in cases())


def write() -> None:
    """Rewrite the data file from the engine as it is (one line of JSON per case)."""
    rows = [
        f"  {json.dumps(key(*case))}: {json.dumps(line(*case), separators=(',', ':'))}"
        for case in cases()
    ]
    DATA.write_text("{\n" + ",\n".join(rows) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="rewrite tests/data/perft.json")
    if parser.parse_args().write:
        write()
