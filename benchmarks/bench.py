"""Benchmark of the rummy500 engine: random play, whole hands, and the core calls.

For standard games (``RuleConfig()``) with each number of players, in one process:

* **steps/s**: random play. A step generates the legal moves with ``state.legal_moves()``,
  picks one with a seeded ``random.Random`` and applies it with ``state.apply(move)``. Games
  from successive seeds are played until the time budget is used; the deal between hands is
  applied as it comes (it costs time but is not counted as a step).
* **hands/s**: whole hands of random play, from ``new_game`` (which deals) to the hand's end.
* **µs per call** of the three core operations, on a fixed sample of positions reached by
  random play: the move generator ``rummy500.movegen.generate(state)`` (the uncached work
  behind ``legal_moves``), ``rummy500.engine.apply(state, move)`` on states whose legal moves
  are already cached (so it is the legality check, a lookup in the cached tuple, plus building
  the successor), and ``state.undo()``.

A second table gives random-play steps per second for every named preset (three players, or
the fewest a preset allows), and its ratio to the standard preset's figure: no preset is meant
to fall below half of it.

The workload is deterministic for a given ``--seed``; only how much of it fits in the time
budget varies. Run ``python benchmarks/bench.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

try:
    import rummy500
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import rummy500

from rummy500 import Deal, Move, Phase, RuleConfig, State, new_game, presets
from rummy500.engine import apply as engine_apply
from rummy500.movegen import generate

#: The figure the engine is meant to reach on an ordinary machine.
TARGET_PLAYERS = 3
TARGET_STEPS_PER_SECOND = 25_000

DEAL = Deal()

# Share of each player count's time budget given to each measurement.
_STEPS_SHARE = 0.4
_HANDS_SHARE = 0.4
_GENERATE_SHARE = 0.09
_APPLY_SHARE = 0.09
_UNDO_SHARE = 0.02


def _rng(seed: int, stream: str, game: int) -> random.Random:
    # A string seed is hashed the same way on every run and machine, unlike hash().
    return random.Random(f"bench/{stream}/{seed}/{game}")


def random_steps(
    config: RuleConfig, players: int, seed: int, budget: float, stream: str = "steps"
) -> dict[str, Any]:
    """Random play for ``budget`` seconds; returns steps, hands, games and the time taken."""
    steps = deals = hands = games = 0
    game = 0
    start = time.perf_counter()
    deadline = start + budget
    while True:
        state = new_game(config, players, seed + game)
        rng = _rng(seed, stream, game)
        game += 1
        while True:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            steps += 1
            phase = state.phase
            if phase >= Phase.HAND_OVER:
                hands += 1
                if phase == Phase.GAME_OVER:
                    games += 1
                    break
                state = state.apply(DEAL)
                deals += 1
            # Reading the clock every step would cost ~0.3% of a step; every 64th is plenty.
            if not steps & 63 and time.perf_counter() >= deadline:
                break
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "steps": steps,
        "deals": deals,
        "hands": hands,
        "games": games,
        "seconds": elapsed,
        "steps_per_s": steps / elapsed,
    }


def random_hands(config: RuleConfig, players: int, seed: int, budget: float) -> dict[str, Any]:
    """Whole hands (deal to hand over) of random play for ``budget`` seconds."""
    hands = steps = 0
    start = time.perf_counter()
    deadline = start + budget
    while time.perf_counter() < deadline:
        state = new_game(config, players, seed + hands)
        rng = _rng(seed, "hands", hands)
        while state.phase < Phase.HAND_OVER:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            steps += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return {
        "hands": hands,
        "steps": steps,
        "seconds": elapsed,
        "hands_per_s": hands / elapsed,
        "steps_per_hand": steps / hands,
    }


def collect_sample(
    config: RuleConfig, players: int, seed: int, size: int
) -> list[tuple[State, Move]]:
    """``size`` (state, move) pairs from random play: every position where a player moves.

    Each state's legal moves are left cached, as they are when a program applies a move it
    chose from ``legal_moves()``.
    """
    sample: list[tuple[State, Move]] = []
    game = 0
    while len(sample) < size:
        state = new_game(config, players, seed + game)
        rng = _rng(seed, "sample", game)
        game += 1
        while not state.is_terminal() and len(sample) < size:
            if state.is_chance_node():
                state = state.apply(DEAL)
                continue
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            sample.append((state, move))
            state = state.apply(move)
    return sample


def _time_per_call(run_pass: Callable[[], None], calls_per_pass: int, budget: float) -> float:
    """Mean µs per call: repeat ``run_pass`` (one warm-up pass first) for about ``budget`` s."""
    run_pass()
    passes = 0
    start = time.perf_counter()
    deadline = start + budget
    while True:
        run_pass()
        passes += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    return (now - start) / (passes * calls_per_pass) * 1e6


def time_calls(sample: Sequence[tuple[State, Move]], budget: float) -> dict[str, float]:
    """µs per call of the move generator, of ``engine.apply`` and of ``State.undo``."""
    states = [s for s, _ in sample]
    children = [engine_apply(s, m) for s, m in sample]
    n = len(sample)

    def generate_pass() -> None:
        for s in states:
            generate(s)

    def apply_pass() -> None:
        for s, m in sample:
            engine_apply(s, m)

    def undo_pass() -> None:
        for c in children:
            c.undo()

    return {
        "legal_moves_us": _time_per_call(generate_pass, n, budget * _GENERATE_SHARE),
        "apply_us": _time_per_call(apply_pass, n, budget * _APPLY_SHARE),
        "undo_us": _time_per_call(undo_pass, n, budget * _UNDO_SHARE),
        "mean_legal_moves": sum(len(s.legal_moves()) for s in states) / n,
    }


def bench_players(
    players: int, seed: int, seconds: float, sample_size: int, warmup: float
) -> dict[str, Any]:
    """Every figure for one player count, within about ``seconds`` (plus warm-up)."""
    config = RuleConfig()
    random_steps(config, players, seed + 1_000_000, warmup, stream="warmup")
    steps = random_steps(config, players, seed, seconds * _STEPS_SHARE)
    hands = random_hands(config, players, seed, seconds * _HANDS_SHARE)
    calls = time_calls(collect_sample(config, players, seed, sample_size), seconds)
    return {
        "players": players,
        "steps_per_s": steps["steps_per_s"],
        "hands_per_s": hands["hands_per_s"],
        **calls,
        "sample_states": sample_size,
        "random_play": steps,
        "whole_hands": hands,
    }


#: No preset's random play should fall below this share of the standard preset's speed.
PRESET_FLOOR = 0.5


def bench_presets(seed: int, seconds: float, warmup: float) -> list[dict[str, Any]]:
    """Random-play steps per second for every named preset, ``seconds`` each."""
    out = []
    for name in presets.names():
        config = presets.get(name)
        players = 3 if 3 in config.player_counts else config.min_players
        random_steps(config, players, seed + 1_000_000, warmup, stream="warmup")
        steps = random_steps(config, players, seed, seconds)
        out.append({"preset": name, "players": players, "steps_per_s": steps["steps_per_s"]})
    standard = out[0]["steps_per_s"]
    for row in out:
        row["ratio"] = row["steps_per_s"] / standard
    return out


def format_presets(rows: Sequence[dict[str, Any]]) -> str:
    """The preset figures as a plain-text table."""
    header = f"{'preset':<16}  {'players':>7}  {'steps/s':>9}  {'vs standard':>11}"
    lines = [header, "-" * len(header)]
    for r in rows:
        flag = "" if r["ratio"] >= PRESET_FLOOR else "  below half"
        lines.append(
            f"{r['preset']:<16}  {r['players']:>7}  {r['steps_per_s']:>9,.0f}  "
            f"{r['ratio']:>10.0%}{flag}"
        )
    return "\n".join(lines)


def machine_info() -> dict[str, Any]:
    """The Python version and the machine the figures were measured on."""
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or "unknown",
        "cpus": os.cpu_count(),
        "rummy500": rummy500.__version__,
    }


def format_table(results: Sequence[dict[str, Any]]) -> str:
    """The figures as a plain-text table."""
    header = (
        f"{'players':>7}  {'steps/s':>9}  {'hands/s':>8}  "
        f"{'legal_moves µs':>14}  {'apply µs':>8}  {'undo µs':>7}"
    )
    rows = [
        f"{r['players']:>7}  {r['steps_per_s']:>9,.0f}  {r['hands_per_s']:>8,.1f}  "
        f"{r['legal_moves_us']:>14.2f}  {r['apply_us']:>8.2f}  {r['undo_us']:>7.3f}"
        for r in results
    ]
    return "\n".join([header, "-" * len(header), *rows])


def target_line(results: Sequence[dict[str, Any]]) -> str:
    """The performance target, and whether this run reached it."""
    line = f"target: >= {TARGET_STEPS_PER_SECOND:,} random steps/s with {TARGET_PLAYERS} players"
    for r in results:
        if r["players"] == TARGET_PLAYERS:
            met = "met" if r["steps_per_s"] >= TARGET_STEPS_PER_SECOND else "NOT met"
            line += f" (measured {r['steps_per_s']:,.0f}: {met})"
    return line


def _player_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            f"expected player counts like 2,3,4,6, not {text!r}"
        ) from exc
    if not counts or any(not 2 <= n <= 8 for n in counts):
        raise argparse.ArgumentTypeError("player counts run from 2 to 8")
    return counts


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Read the command line."""
    parser = argparse.ArgumentParser(
        description="Benchmark the rummy500 engine on standard games (random play).",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a short smoke run of a few seconds in all (0.5 s per player count)",
    )
    parser.add_argument(
        "--players",
        type=_player_counts,
        default=[2, 3, 4, 6],
        help="comma-separated player counts (default: 2,3,4,6)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="time budget per player count, warm-up excluded (default: 10, or 0.5 with --quick)",
    )
    parser.add_argument("--seed", type=int, default=0, help="base seed of the workload")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    args = parser.parse_args(argv)
    if args.seconds is None:
        args.seconds = 0.5 if args.quick else 10.0
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the table, and write the JSON file if asked."""
    args = parse_args(argv)
    sample_size = 300 if args.quick else 3000
    warmup = min(1.0, 0.1 * args.seconds)
    info = machine_info()
    print(f"rummy500 {info['rummy500']} benchmark: standard rules, random play")
    print(f"Python {info['python']} on {info['platform']} ({info['cpus']} CPUs)")
    print(f"seed {args.seed}, {args.seconds:g} s per player count, {sample_size} sampled states")
    print()
    results = [
        bench_players(players, args.seed, args.seconds, sample_size, warmup)
        for players in args.players
    ]
    print(format_table(results))
    print()
    print("steps/s         legal_moves() + seeded random choice + apply(); deals not counted")
    print("hands/s         whole hands of random play, new_game() (the deal) to hand over")
    print("legal_moves µs  movegen.generate() on a state whose legal moves are not cached")
    print("apply µs        engine.apply() on a state whose legal moves are cached")
    print("undo µs         State.undo()")
    print(target_line(results))
    print()
    preset_seconds = 0.2 if args.quick else max(1.0, 0.3 * args.seconds)
    preset_rows = bench_presets(args.seed, preset_seconds, warmup)
    print(f"Every preset, random play, {preset_seconds:g} s each")
    print(format_presets(preset_rows))
    slow = [r["preset"] for r in preset_rows if r["ratio"] < PRESET_FLOOR]
    print(
        f"floor: every preset >= {PRESET_FLOOR:.0%} of the standard preset's steps/s ("
        + ("met" if not slow else "NOT met: " + ", ".join(slow))
        + ")"
    )
    if args.json:
        report = {
            **info,
            "seed": args.seed,
            "seconds_per_player_count": args.seconds,
            "quick": args.quick,
            "target": {"players": TARGET_PLAYERS, "steps_per_s": TARGET_STEPS_PER_SECOND},
            "results": results,
            "presets": preset_rows,
        }
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
