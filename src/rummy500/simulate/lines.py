"""A line of an output file: a game's outcome written with its check, and a line read back
and checked (every field, the fields against each other and against the rules, and the check)
before the game it holds is taken."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, Final

from rummy500 import RuleConfig
from rummy500.core.errors import is_whole
from rummy500.play.scoring import game_result, side_scores
from rummy500.simulate.games import (
    _GAME_FIELDS,
    _HAND_FIELDS,
    ENDINGS,
    GameOutcome,
    HandOutcome,
    Simulation,
)


def _header(simulation: Simulation) -> dict[str, Any]:
    return {"simulation": simulation.to_json()}


def _digest(header: str, body: str) -> str:
    """The check of a game's line: a hash of the line and of its file's header line, so that
    a line changed by accident, or taken from another simulation's file, is found out. (A
    hash without a key: whoever edits a line can compute its check again.)"""
    return hashlib.blake2b(f"{header}\n{body}".encode(), digest_size=8).hexdigest()


def _line(header: str, outcome: GameOutcome) -> str:
    """A game's line in an output file whose header line is ``header``: the outcome, then
    its check."""
    data = outcome.to_json()
    data["check"] = _digest(header, json.dumps(data))
    return json.dumps(data) + "\n"


def _game_number(line: str) -> int:
    """The game on a line of an output file, read from its start: every line is written by
    :func:`_line`, which puts the game's number first (``{"game": 12, ...``)."""
    start = len('{"game": ')
    return int(line[start : line.index(",", start)])


class _LineError(Exception):
    """A line of an output file that is not a game of the simulation (the reason)."""


def _short(value: object) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _fields(data: object, fields: Sequence[str], what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _LineError(f"{what} is a JSON object, not {_short(data)}")
    missing = [name for name in fields if name not in data]
    if missing:
        raise _LineError(f"{what} has no {missing[0]!r}")
    unknown = [name for name in data if name not in fields]
    if unknown:
        raise _LineError(f"{what} has an unknown field {_short(unknown[0])}")
    return data


def _whole(value: object, name: str, low: int, high: int | None = None) -> int:
    if not is_whole(value) or value < low or (high is not None and value > high):
        span = f"of {low} or more" if high is None else f"from {low} to {high}"
        raise _LineError(f"{name} is a whole number {span}, not {_short(value)}")
    return value


def _optional(value: object, name: str, high: int) -> int | None:
    if value is None:
        return None
    try:
        return _whole(value, name, 0, high)
    except _LineError:
        raise _LineError(
            f"{name} is null or a whole number from 0 to {high}, not {_short(value)}"
        ) from None


def _row(value: object, name: str, length: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length or any(not is_whole(v) for v in value):
        raise _LineError(f"{name} is a list of {length} whole numbers, not {_short(value)}")
    return tuple(value)


def _hand_of(data: object, what: str, config: RuleConfig, players: int) -> HandOutcome:
    hand = _fields(data, _HAND_FIELDS, what)
    ended = hand["ended"]
    if not isinstance(ended, str) or ended not in ENDINGS:
        raise _LineError(f"{what}: ended is one of {', '.join(ENDINGS)}, not {_short(ended)}")
    went_out = _optional(hand["went_out"], f"{what}: went_out", players - 1)
    if (went_out is None) != (ended != "went_out"):
        raise _LineError(f"{what}: went_out is {_short(went_out)} in a hand that ended {ended}")
    scores = _row(hand["scores"], f"{what}: scores", config.sides(players))
    player_scores = _row(hand["player_scores"], f"{what}: player_scores", players)
    sides = side_scores(config, player_scores)
    if scores != sides:
        raise _LineError(
            f"{what}: scores {list(scores)} are not player_scores summed by side {list(sides)}"
        )
    return HandOutcome(
        scores,
        player_scores,
        _whole(hand["turns"], f"{what}: turns", 0),
        went_out,
        ended,
        _whole(hand["calls"], f"{what}: calls", 0),
    )


def _ending_problem(
    config: RuleConfig, players: int, hands: Sequence[HandOutcome], winner: int | None
) -> str | None:
    """What is wrong with how a line's game ends, if anything: by the rules, the hands' scores
    must end the game with its last hand, won by the side ``winner`` names (``None``: drawn)."""
    totals = [0] * config.sides(players)
    for number, hand in enumerate(hands, 1):
        totals = [total + score for total, score in zip(totals, hand.scores, strict=True)]
        side = None if hand.went_out is None else config.side_of(hand.went_out, players)
        over, won = game_result(config, totals, hands_played=number, went_out_side=side)
        if over != (number == len(hands)):
            return (
                f"the game is over after hand {number - 1}, not after the last of its "
                f"{len(hands)} hands"
                if over
                else f"the game is not over after hand {number - 1}, its last"
            )
    if won != winner:
        return f"winner is {_short(winner)}, but the hands' scores make it {_short(won)}"
    return None


def _outcome_of(data: object, simulation: Simulation, header: str) -> GameOutcome:
    """The game on a line of ``simulation``'s output file (parsed), or :class:`_LineError`."""
    if isinstance(data, dict) and "check" not in data:
        raise _LineError(
            "the line has no 'check' (a file written before lines had one: start a new file)"
        )
    line = _fields(data, (*_GAME_FIELDS, "check"), "the line")
    config, players = simulation.config, simulation.players
    sides = config.sides(players)
    game = _whole(line["game"], "game", 0, simulation.games - 1)
    seed = _whole(line["seed"], "seed", 0)
    if seed != simulation.seed + game:
        raise _LineError(f"seed is {seed}, but game {game} is played with {simulation.seed + game}")
    totals = _row(line["totals"], "totals", sides)
    winner = _optional(line["winner"], "winner", sides - 1)
    decisions = _whole(line["decisions"], "decisions", 0)
    first = _whole(line["first_player"], "first_player", 0, players - 1)
    if not isinstance(line["hands"], list) or not line["hands"]:
        raise _LineError(f"hands is a list of one hand or more, not {_short(line['hands'])}")
    hands = tuple(
        _hand_of(hand, f"hand {k}", config, players) for k, hand in enumerate(line["hands"])
    )
    sums = tuple(sum(column) for column in zip(*(hand.scores for hand in hands), strict=True))
    if sums != totals:
        raise _LineError(
            f"totals {list(totals)} are not the sums of the hands' scores {list(sums)}"
        )
    problem = _ending_problem(config, players, hands, winner)
    if problem is not None:
        raise _LineError(problem)
    outcome = GameOutcome(game, seed, hands, totals, winner, decisions, first)
    if line["check"] != _digest(header, json.dumps(outcome.to_json())):
        raise _LineError("its check does not match it: the line was changed after it was written")
    return outcome


def _parse(text: str) -> object:
    """JSON data, or ``_NOT_JSON`` (nested too deep, numbers too long, or not JSON)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _NOT_JSON


_NOT_JSON: Final = object()
