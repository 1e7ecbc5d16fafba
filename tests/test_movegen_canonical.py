"""Moves built by the generator equal the same moves built (and checked) by their constructors.

The generator builds its moves without re-running the constructors' conversions, for speed, so
it must already produce them in canonical form: otherwise a move a user types would not compare
equal to the generated one.
"""

from __future__ import annotations

import random

import attrs
import pytest

from rummy500 import Call, Layoff, Meld, Move, Take, new_game, presets
from rummy500.game.state import State


def rebuilt(move: Move) -> Move:
    if isinstance(move, Take | Call):
        return type(move)(list(reversed(move.taken))[::-1])
    if isinstance(move, Meld):
        return Meld(list(reversed(move.melded)))
    if isinstance(move, Layoff):
        return Layoff(move.meld_id, list(reversed(move.laid)), move.high)
    return Move.from_text(move.text())


def positions(name: str, games: int = 3) -> list[State]:
    config = presets.get(name)
    if config.target is not None:
        config = attrs.evolve(config, target=120)
    players = 3 if 3 in config.player_counts else config.min_players
    out = []
    for seed in range(games):
        state = new_game(config, players, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            out.append(state)
            moves = state.legal_moves()
            melds = [m for m in moves if isinstance(m, Meld | Layoff)]
            state = state.apply(rng.choice(melds or moves))
    return out


@pytest.mark.parametrize("name", presets.names())
def test_generated_moves_equal_their_constructed_and_parsed_forms(name: str) -> None:
    seen = 0
    for state in positions(name):
        for move in state.legal_moves():
            again = rebuilt(move)
            assert again == move, (move, again)
            assert hash(again) == hash(move)
            assert Move.from_text(move.text(ascii=True)) == move
            seen += 1
    assert seen > 500
