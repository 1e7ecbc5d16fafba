"""The "How strong are the bots" page: the built-in bots played head to head, from seeded games.

Two steps, one script:

- ``python scripts/bot_strength.py collect`` plays every pair of :data:`BOTS` on one-hand games
  of the standard rules for two players, each deal twice with the seats swapped, timing every
  decision, and writes what it measured to ``docs/data/bot-strength.json``.
- ``python scripts/bot_strength.py render`` writes ``docs/bot-strength.md`` from that file;
  ``render --check`` fails when the committed page is not what the committed data gives (it
  plays no game).

``collect --bots random greedy ismcts-25 --deals 1 --data FILE`` and ``render --data FILE --out
DIR`` run the whole thing on a tiny sample in seconds, which CI does so that the script cannot
rot.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

try:
    import rummy500
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import rummy500

import attrs

from rummy500 import new_game, presets
from rummy500.bots import Bot, ISMCTSBot, make_bot
from rummy500.simulate import SEATS, proportion

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generated_page

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "bot-strength.json"
PAGE = ROOT / "docs" / "bot-strength.md"
RULES = "standard"
PLAYERS = 2

#: The bots compared, weakest first as expected, each built from its seed, and how to make it.
BOTS: dict[str, tuple[Callable[[int], Bot], str]] = {
    "random": (lambda seed: make_bot("random", seed), 'make_bot("random")'),
    "greedy": (lambda seed: make_bot("greedy", seed), 'make_bot("greedy")'),
    "ismcts-25": (lambda seed: ISMCTSBot(seed, iterations=25), "ISMCTSBot(iterations=25)"),
    "flatmc": (lambda seed: make_bot("flatmc", seed), 'make_bot("flatmc")'),
    "ismcts-100": (lambda seed: make_bot("ismcts", seed), 'make_bot("ismcts")'),
}
#: What a decision of each bot costs, roughly, in milliseconds of CPU: the deals a pair plays
#: are as many as :data:`BUDGET` affords, between :data:`MIN_DEALS` and :data:`MAX_DEALS`.
COST = {"random": 0.1, "greedy": 0.3, "ismcts-25": 60.0, "flatmc": 240.0, "ismcts-100": 240.0}
#: Milliseconds of CPU per pair, reckoned at 20 decisions per bot and game (a one-hand game
#: takes 15 to 35), two games per deal: the whole run stays within about 10 minutes of CPU.
BUDGET = 35_000.0
MIN_DEALS = 3
MAX_DEALS = 300


def one_hand() -> rummy500.RuleConfig:
    """The rules the bots play: the standard rules, a game of one hand (the higher score
    wins; equal scores draw)."""
    return attrs.evolve(presets.get(RULES), target=None, hands_per_game=1)


def deals_for(first: str, second: str) -> int:
    """How many deals the pair plays: many for the cheap bots, so that their intervals are a
    few points wide; few for the search bots, whose games cost seconds."""
    per_deal = 2 * 20 * (COST[first] + COST[second])
    return max(MIN_DEALS, min(MAX_DEALS, round(BUDGET / per_deal)))


def play(first: str, second: str, seed: int, swapped: bool) -> tuple[int | None, list[Any]]:
    """Deal ``seed`` played by ``first`` and ``second`` (``first`` in seat 1 when
    ``swapped``): the winner (0 for ``first``, 1 for ``second``, ``None`` for a draw) and, for
    each of them, the decisions it took and the CPU seconds they took."""
    names = [second, first] if swapped else [first, second]
    bots = [BOTS[name][0](seed * SEATS + seat) for seat, name in enumerate(names)]
    state = new_game(one_hand(), PLAYERS, seed)
    decisions = [0, 0]
    seconds = [0.0, 0.0]
    clock = time.process_time
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(state.legal_moves()[0])
            continue
        seat = state.current_player
        view = state.view(seat)
        start = clock()
        move = bots[seat].choose(view)
        seconds[seat] += clock() - start
        decisions[seat] += 1
        state = state.apply(move)
    order = [1, 0] if swapped else [0, 1]
    winner = None if state.winner is None else order[state.winner]
    return winner, [[decisions[s] for s in order], [seconds[s] for s in order]]


def _play(task: tuple[str, str, int, bool]) -> tuple[int | None, list[Any]]:
    return play(*task)


def measure(first: str, second: str, deals: int, seed: int, workers: int) -> dict[str, Any]:
    """Play the pair on ``deals`` deals from ``seed``, each twice with the seats swapped."""
    tasks = [
        (first, second, s, swapped) for s in range(seed, seed + deals) for swapped in (False, True)
    ]
    if workers == 1:
        results = [_play(t) for t in tasks]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_play, tasks))
    wins = [sum(w == k for w, _ in results) for k in (0, 1)]
    games = len(results)
    rate = proportion(wins[0], games)
    return {
        "deals": deals,
        "games": games,
        "wins": wins,
        "draws": games - sum(wins),
        "first_win_rate": [round(rate.value, 4), round(rate.low, 4), round(rate.high, 4)],
        "decisions": [sum(r[0][k] for _, r in results) for k in (0, 1)],
        "seconds": [round(sum(r[1][k] for _, r in results), 3) for k in (0, 1)],
    }


def machine() -> str:
    """The processor the timings were taken on, as the system names it."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def collect(args: argparse.Namespace) -> None:
    """Play every pair and write the data file one pair at a time: a run stopped part way
    keeps the pairs it finished, and the same command carries on from there."""
    names = args.bots or list(BOTS)
    unknown = [n for n in names if n not in BOTS]
    if unknown:
        raise SystemExit(f"unknown bot {unknown[0]!r}: the bots are {', '.join(BOTS)}")
    data: dict[str, Any] = {
        "rules": RULES,
        "players": PLAYERS,
        "hands": 1,
        "seed": args.seed,
        "bots": {name: BOTS[name][1] for name in names},
        "machine": machine(),
        "python": platform.python_version(),
        "pairs": {},
    }
    fixed = ("rules", "players", "hands", "seed", "bots")
    if args.data.exists():
        earlier = json.loads(args.data.read_text(encoding="utf-8"))
        if all(earlier.get(k) == data[k] for k in fixed):
            data["pairs"] = earlier["pairs"]
    pairs = list(itertools.combinations(names, 2))
    for first, second in pairs:
        key = f"{first}/{second}"
        deals = args.deals or deals_for(first, second)
        if data["pairs"].get(key, {}).get("deals") == deals:
            continue
        start = time.monotonic()
        data["pairs"][key] = measure(first, second, deals, args.seed, args.workers)
        print(f"{key}: {deals} deals, {time.monotonic() - start:.0f} s", file=sys.stderr)
        write(args.data, data, pairs)
    write(args.data, data, pairs)


def write(path: Path, data: dict[str, Any], pairs: Sequence[tuple[str, str]]) -> None:
    """The data file: the parameters, then one line for each pair in the order played."""
    data["cpu_seconds"] = round(sum(sum(p["seconds"]) for p in data["pairs"].values()), 1)
    keys = [f"{a}/{b}" for a, b in pairs if f"{a}/{b}" in data["pairs"]]
    generated_page.write_data(path, data, "pairs", keys)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    steps = parser.add_subparsers(dest="step", required=True)
    run = steps.add_parser("collect", help="play the games and write the data file")
    run.add_argument("--bots", nargs="*", default=None, metavar="NAME", help=", ".join(BOTS))
    run.add_argument("--deals", type=int, default=None, help="deals per pair (default: by cost)")
    run.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    run.add_argument("--workers", type=int, default=2, help="processes")
    run.add_argument("--data", type=Path, default=DATA)
    page_step = steps.add_parser("render", help="write the page from the data file")
    page_step.add_argument("--data", type=Path, default=DATA)
    page_step.add_argument("--out", type=Path, default=None, help="a directory for the page")
    page_step.add_argument("--check", action="store_true", help="fail if the page differs")
    args = parser.parse_args(argv)
    if args.step == "collect":
        collect(args)
        return 0
    data = json.loads(args.data.read_text(encoding="utf-8"))
    if args.check:
        return generated_page.check_page(
            PAGE, page(data), args.data, "python scripts/bot_strength.py render"
        )
    out = PAGE if args.out is None else args.out / PAGE.name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page(data), encoding="utf-8")
    return 0


# -- the page ----------------------------------------------------------------------------------


def _rate(wins: int, games: int) -> str:
    return f"{100 * wins / games:.0f}%"


def _interval(rate: Sequence[float]) -> str:
    value, low, high = rate
    return f"{value * 100:.1f}% ({low * 100:.1f}–{high * 100:.1f})"


def _ms(seconds: float, decisions: int) -> str:
    ms = 1000 * seconds / decisions
    return f"{ms:.3f}" if ms < 1 else f"{ms:.1f}" if ms < 100 else f"{ms:.0f}"


def page(data: dict[str, Any]) -> str:
    """The Markdown of the page, from the data file's contents."""
    pairs = data["pairs"]
    names = list(data["bots"])
    played: dict[tuple[str, str], tuple[int, int]] = {}
    for key, p in pairs.items():
        a, b = key.split("/")
        played[a, b] = (p["wins"][0], p["games"])
        played[b, a] = (p["wins"][1], p["games"])
    games = sum(p["games"] for p in pairs.values())
    lines = [
        "# How strong are the bots",
        "",
        f"The built-in bots played against each other, measured: {games:,} seeded games of the "
        f"`{data['rules']}` rules for {data['players']} players, each a game of one hand (the "
        "higher hand score wins; equal scores draw), so that the search bots' games stay "
        "affordable. Every pair plays the same deals from seed "
        f"{data['seed']} on, each deal twice with the seats swapped, so that neither the cards "
        "nor the seat favours a bot. Every win rate comes with its 95% interval (Wilson).",
        "",
        "The data is in `docs/data/bot-strength.json`: `python scripts/bot_strength.py "
        "collect` plays the games and writes it, and `python scripts/bot_strength.py render` "
        "writes this page from it (see [Write a bot](write-a-bot.md) for the bots and "
        "[Simulate many games](simulate.md) for longer matches).",
        "",
        "## The bots",
        "",
        "| bot | made with |",
        "| --- | --- |",
        *(f"| `{name}` | `{made}` |" for name, made in data["bots"].items()),
        "",
        "The bots made by name have the budgets of [the built-in bots]"
        "(write-a-bot.md#the-built-in-bots): `flatmc` 100 playouts and `ismcts` 100 iterations "
        "a decision.",
        "",
        "## Win rates",
        "",
        "The share of games the row's bot won against the column's bot (draws count for "
        "neither, so a pair's two shares may add up to less than 100%).",
        "",
        "| wins of ↓ against → | " + " | ".join(f"`{n}`" for n in names) + " |",
        "| --- |" + " ---: |" * len(names),
    ]
    for row in names:
        cells = ["—" if (row, col) not in played else _rate(*played[row, col]) for col in names]
        lines.append(f"| `{row}` | " + " | ".join(cells) + " |")
    lines += [
        "",
        "## Every pair, with its interval",
        "",
        "The search bots' games cost seconds each, so their pairs play fewer deals and their "
        "intervals are wider (tens of points for the pairs of two search bots); the cheap bots' "
        "pairs play enough for intervals a few points wide.",
        "",
        "| pair | games | first bot's wins (95% interval) | draws |",
        "| --- | ---: | ---: | ---: |",
    ]
    for key, p in pairs.items():
        a, b = key.split("/")
        lines.append(
            f"| `{a}` vs `{b}` | {p['games']} | {_interval(p['first_win_rate'])} | {p['draws']} |"
        )
    decisions = dict.fromkeys(names, 0)
    seconds = dict.fromkeys(names, 0.0)
    for key, p in pairs.items():
        for name, n, s in zip(key.split("/"), p["decisions"], p["seconds"], strict=True):
            decisions[name] += n
            seconds[name] += s
    lines += [
        "",
        "## Time per move",
        "",
        "The CPU time of a bot's decision (its `choose`, forced moves included), over every "
        f"game it played, measured on one core of the machine that wrote the data "
        f"({data['machine']}, Python {data['python']}). It is CPU time, so other work on the "
        "machine changes it little, but another machine gives other figures: read the order "
        "and the ratios. The bots' decisions took "
        f"{data['cpu_seconds'] / 60:.0f} minutes of CPU in all.",
        "",
        "| bot | moves timed | milliseconds per move |",
        "| --- | ---: | ---: |",
        *(
            f"| `{name}` | {decisions[name]:,} | {_ms(seconds[name], decisions[name])} |"
            for name in names
            if decisions[name]
        ),
        "",
        "## Which bot for what",
        "",
        "- `random` is a baseline and a fuzzer: it plays any legal move, so it reaches "
        "positions no sensible player would. A single hand is much luck"
        + (
            f" (`random` wins {_rate(*played['random', 'greedy'])} of its games against "
            "`greedy` here)"
            if ("random", "greedy") in played
            else ""
        )
        + ", so a bot of your own should beat it clearly, not merely more often than not.",
        "- `greedy` is the cheap opponent: it puts down the most points it can and discards "
        "its highest loose card, in a fraction of a millisecond, so it is the bot for "
        "simulations of many games (the [Compare the variants](compare-variants.md) page plays "
        "it) and the first benchmark for a new bot.",
        "- The search bots (`flatmc`, `ismcts` at its budgets) are the strong opponents, when "
        "a game may take seconds: they beat `random` almost always, and they are the bots to "
        "test a bot against once it beats `greedy`. Their time per move grows with the budget "
        "(`iterations`, `playouts` or `seconds`). In one hand their edge over `greedy`, and "
        "the differences between them, are small beside the games played here: the intervals "
        "are wide. Over a full game the edge adds up hand after hand: in 80 full games "
        "`ismcts` wins about five in six against `greedy` ([Evaluate a bot]"
        "(write-a-bot.md#evaluate-a-bot)). To separate two search bots, play more deals "
        "(`collect --deals`) or full games (`benchmarks/evaluate_bots.py`).",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
