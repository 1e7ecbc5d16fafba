"""Time the action ids: encode, decode, the mask and the sorted legal ids, in µs per call.

The positions come from seeded random games (3 players, or the fewest the preset allows);
each position lists its legal moves before the clock starts, as it has in play once a player
has looked at them. Every figure is the median of several rounds, with the fastest and slowest
round beside it, in CPU time (``time.process_time``), which stands still while another
process has the CPU.

- ``encode``: ``space.encode(move, state)`` for every legal move of every position;
- ``decode``: ``space.decode(id, state)`` for every legal id, on the positions above;
- ``decode, not listed``: the same on copies that have not listed their moves yet, so that
  each id is checked by the legality rules rather than found among the listed moves;
- ``mask`` and ``legal_actions``: once per position.

Run ``python benchmarks/bench_actions.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

try:
    import rummy500
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import rummy500

from rummy500 import State, new_game, presets
from rummy500.toolkit import ActionSpace

PLAYERS = 3


def positions(name: str, count: int, seed: int) -> list[State]:
    """``count`` positions of seeded random games under the preset ``name``, moves listed."""
    config = presets.get(name)
    players = max(PLAYERS, config.min_players)
    rng = random.Random(seed)
    s = new_game(config, players, seed=seed)
    out: list[State] = []
    while len(out) < count:
        if s.is_terminal():
            s = new_game(config, players, seed=rng.randrange(2**32))
        out.append(s)
        s = s.apply(rng.choice(s.legal_moves()))
    return [p.detached() for p in out if p.legal_moves()]


def per_call(work: Callable[[], int], rounds: int) -> tuple[float, float, float]:
    """Median, fastest and slowest µs per call of ``work`` (which returns its calls)."""
    times = []
    for _ in range(rounds):
        start = time.process_time()
        calls = work()
        times.append((time.process_time() - start) / calls * 1e6)
    return statistics.median(times), min(times), max(times)


def measure(name: str, count: int, rounds: int, seed: int) -> dict[str, tuple[float, float, float]]:
    """Every figure for the preset ``name``."""
    states = positions(name, count, seed)
    space = ActionSpace.for_state(states[0])
    pairs = [(m, s) for s in states for m in s.legal_moves()]
    ids = [(space.encode(m, s), s) for m, s in pairs]
    unlisted = [(i, s.detached()) for i, s in ids]

    def encode() -> int:
        for m, s in pairs:
            space.encode(m, s)
        return len(pairs)

    def decode() -> int:
        for i, s in ids:
            space.decode(i, s)
        return len(ids)

    def decode_unlisted() -> int:
        for i, s in unlisted:
            space.decode(i, s)
        return len(unlisted)

    def mask() -> int:
        for s in states:
            space.mask(s)
        return len(states)

    def legal_actions() -> int:
        for s in states:
            space.legal_actions(s)
        return len(states)

    return {
        "encode": per_call(encode, rounds),
        "decode": per_call(decode, rounds),
        "decode, not listed": per_call(decode_unlisted, rounds),
        "mask": per_call(mask, rounds),
        "legal_actions": per_call(legal_actions, rounds),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures for a few presets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="few positions and rounds")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games")
    parser.add_argument(
        "--preset",
        action="append",
        help="a preset to time (repeatable; default: standard, pagat, house, persian)",
    )
    args = parser.parse_args(argv)
    count, rounds = (300, 3) if args.quick else (3000, 7)
    names = args.preset or ["standard", "pagat", "house", "persian"]
    build = "compiled" if rummy500.COMPILED else "pure Python"
    print(f"action ids, µs per call (median [fastest, slowest] of {rounds} rounds), {build}")
    for name in names:
        space = ActionSpace.of(presets.get(name), max(PLAYERS, presets.get(name).min_players))
        figures = measure(name, count, rounds, args.seed)
        cells = ", ".join(
            f"{what} {mid:.2f} [{low:.2f}, {high:.2f}]"
            for what, (mid, low, high) in figures.items()
        )
        print(f"{name} ({space.size} ids): {cells}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
