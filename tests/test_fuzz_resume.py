"""Carrying on with mutated output files: every file is refused in one line, or accepted and
then completed to exactly the file of a run never stopped.

A genuine output file of a short simulation (some of its games, in the order a run with
workers writes them) is mutated the way a damaged or hostile file would be: a field's value
replaced by any JSON value or changed a little, a field deleted or added, the text cut short,
junk bytes put in, two lines swapped, a line doubled or taken from another simulation's file.
Carrying on with the result must either raise :class:`SimulationError` with one line naming
the file (and the line, past the header), or finish with the file of the run never stopped;
anything else is a bug.

Run as a script for a longer campaign with its counts::

    PYTHONPATH=src python tests/test_fuzz_resume.py [--files N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from rummy500 import RuleConfig
from rummy500.simulate import Simulation, SimulationError, simulate

#: Short games (two hands), so that a campaign plays many files.
SHORT = attrs.evolve(RuleConfig(), hands_per_game=2)
SIMULATION = Simulation.of(SHORT, 3, ["greedy", "random"], 6, 3)
#: Same rules and seeds, other bots: its lines are not this simulation's games.
OTHER = Simulation.of(SHORT, 3, ["random"], 6, 3)

JSON_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    3,
    7,
    2**63,
    1.5,
    "",
    "0",
    "went_out",
    [],
    [0, 0, 0],
    [1, 2],
    {},
    {"game": 0},
]
JUNK: list[bytes] = [b"\x00", b"\xff", b"\xc3", b"\n", b"{", b"}", b'"', b",", b"\r", b"\xe2\x80"]

Mutation = Callable[[list[bytes], random.Random], list[bytes]]


def whole_file(simulation: Simulation, folder: Path) -> bytes:
    out = folder / f"whole-{len(simulation.bots)}-{'-'.join(simulation.bots)}.jsonl"
    simulate(simulation, workers=1, output=out)
    return out.read_bytes()


def _edit_json(lines: list[bytes], rng: random.Random, edit: Callable[[Any], Any]) -> list[bytes]:
    k = rng.randrange(1, len(lines))
    data = json.loads(lines[k])
    lines[k] = json.dumps(edit(data)).encode() + b"\n"
    return lines


def _pick_place(data: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A field of the line or of one of its hands."""
    if rng.random() < 0.5:
        hand: dict[str, Any] = rng.choice(data["hands"])
        return hand, rng.choice(sorted(hand))
    return data, rng.choice(sorted(data))


def replace_value(lines: list[bytes], rng: random.Random) -> list[bytes]:
    def edit(data: Any) -> Any:
        place, key = _pick_place(data, rng)
        place[key] = rng.choice(JSON_VALUES)
        return data

    return _edit_json(lines, rng, edit)


def nudge_value(lines: list[bytes], rng: random.Random) -> list[bytes]:
    def edit(data: Any) -> Any:
        place, key = _pick_place(data, rng)
        value = place[key]
        if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
            value[rng.randrange(len(value))] += rng.choice([-1, 1])
        elif isinstance(value, int):
            place[key] = value + rng.choice([-1, 1])
        else:
            place[key] = rng.choice(JSON_VALUES)
        return data

    return _edit_json(lines, rng, edit)


def drop_or_add_field(lines: list[bytes], rng: random.Random) -> list[bytes]:
    def edit(data: Any) -> Any:
        place, key = _pick_place(data, rng)
        if rng.random() < 0.5:
            del place[key]
        else:
            place[rng.choice(["extra", "Game", "check2"])] = rng.choice(JSON_VALUES)
        return data

    return _edit_json(lines, rng, edit)


def cut_short(lines: list[bytes], rng: random.Random) -> list[bytes]:
    text = b"".join(lines)
    return [text[: rng.randrange(len(text))]]


def junk_bytes(lines: list[bytes], rng: random.Random) -> list[bytes]:
    text = b"".join(lines)
    at = rng.randrange(len(text) + 1)
    return [text[:at] + b"".join(rng.choices(JUNK, k=rng.randrange(1, 4))) + text[at:]]


def swap_lines(lines: list[bytes], rng: random.Random) -> list[bytes]:
    i, j = rng.sample(range(len(lines)), 2)
    lines[i], lines[j] = lines[j], lines[i]
    return lines


def double_line(lines: list[bytes], rng: random.Random) -> list[bytes]:
    k = rng.randrange(1, len(lines))
    lines.insert(rng.randrange(1, len(lines) + 1), lines[k])
    return lines


MUTATIONS: list[Mutation] = [
    replace_value,
    nudge_value,
    drop_or_add_field,
    cut_short,
    junk_bytes,
    swap_lines,
    double_line,
]


def campaign(files: int, seed: int, folder: Path) -> Counter[str]:
    """Carry on with ``files`` mutated files; the count of each kind of result."""
    rng = random.Random(seed)
    whole = whole_file(SIMULATION, folder)
    other = whole_file(OTHER, folder).splitlines(keepends=True)
    header, *games = whole.splitlines(keepends=True)
    counts: Counter[str] = Counter()
    out = folder / "games.jsonl"
    for trial in range(files):
        # Some of the games, in any order, as a run stopped part way leaves them.
        kept = rng.sample(games, rng.randrange(1, len(games) + 1))
        lines = [header, *kept]
        kind = rng.randrange(len(MUTATIONS) + 1)
        if kind == len(MUTATIONS):
            lines.insert(rng.randrange(1, len(lines) + 1), rng.choice(other[1:]))
        else:
            lines = MUTATIONS[kind](lines, rng)
        out.write_bytes(b"".join(lines))
        counts["tried"] += 1
        try:
            simulate(SIMULATION, workers=1, output=out)
        except SimulationError as error:
            message = str(error)
            named = re.fullmatch(
                re.escape(str(out)) + r"(, line \d+:| holds the games) .+", message
            )
            counts["refused" if named and "\n" not in message else "wrong"] += 1
            if not named:
                print(f"trial {trial}: unclear refusal {message!r}", file=sys.stderr)
        except Exception as error:  # anything else is a bug, counted
            counts["stray exceptions"] += 1
            print(f"trial {trial}: {type(error).__name__}: {error}", file=sys.stderr)
        else:
            right = out.read_bytes() == whole
            counts["accepted and correct" if right else "wrong"] += 1
            if not right:
                print(f"trial {trial}: accepted, but the file differs", file=sys.stderr)
    return counts


def test_mutated_files_are_refused_or_completed_exactly(tmp_path: Path) -> None:
    counts = campaign(120, 0, tmp_path)
    print(dict(counts))
    assert counts["tried"] == 120
    assert counts["stray exceptions"] == 0
    assert counts["wrong"] == 0
    assert counts["refused"] + counts["accepted and correct"] == 120
    # Both ends are reached: the campaign is not all refusals or all acceptances.
    assert counts["refused"] > 0
    assert counts["accepted and correct"] > 0


def run_script(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        counts = campaign(args.files, args.seed, Path(folder))
    for key in ("tried", "refused", "accepted and correct", "stray exceptions", "wrong"):
        print(f"{key}: {counts[key]}")
    return 1 if counts["stray exceptions"] or counts["wrong"] else 0


if __name__ == "__main__":
    sys.exit(run_script())
