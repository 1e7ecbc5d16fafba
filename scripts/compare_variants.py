"""The "Compare the variants" page: how each named rule set plays, from seeded games.

Two steps, one script:

- ``python scripts/compare_variants.py collect`` plays ``--games`` seeded games (default 2000)
  of every preset at 2, 3 and 4 players (where the preset allows them), greedy bots in every
  seat, and writes what they say to ``docs/data/compare-variants.json``.
- ``python scripts/compare_variants.py render`` writes ``docs/compare-variants.md`` and its
  plots (SVG, in ``docs/img/compare/``) from that file; ``render --check`` fails when the
  committed page is not what the committed data gives.

``collect --games 4 --presets standard --data FILE`` and ``render --data FILE --out DIR`` run
the whole thing on a tiny sample, which CI does so that the script cannot rot.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

try:
    import rummy500
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import rummy500

from rummy500 import presets
from rummy500.simulate import GameOutcome, Simulation, mean, proportion, simulate

# The table of differences reads the rules as the Variants page does (a sibling script).
sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_variants
import generated_page

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "compare-variants.json"
PAGE = ROOT / "docs" / "compare-variants.md"
PLOTS = ROOT / "docs" / "img" / "compare"
PLAYER_COUNTS = (2, 3, 4)
#: Every seat plays the same bot, so that seats differ only by where they sit.
BOT = "greedy"
#: Hand scores are counted in bins this wide.
SCORE_BIN = 10


def allowed(name: str) -> list[int]:
    """The player counts of :data:`PLAYER_COUNTS` that preset ``name`` allows."""
    config = presets.get(name)
    counts = []
    for n in PLAYER_COUNTS:
        try:
            config.check_players(n)
        except rummy500.Rummy500Error:
            continue
        counts.append(n)
    return counts


def _interval(hits: int, trials: int) -> list[float]:
    i = proportion(hits, trials)
    return [round(i.value, 4), round(i.low, 4), round(i.high, 4)]


def _mean(values: Sequence[float]) -> list[float]:
    i = mean(values)
    return [round(i.value, 3), round(i.low, 3), round(i.high, 3)]


def figures(simulation: Simulation, outcomes: Sequence[GameOutcome]) -> dict[str, Any]:
    """What ``outcomes`` say, as JSON data: shares and means with their 95% intervals
    (``[value, low, high]``) and the histograms the plots draw."""
    config, n = simulation.config, simulation.players
    games = len(outcomes)
    first_wins = sum(
        g.winner is not None and g.winner == config.side_of(g.first_player, n) for g in outcomes
    )
    hands = [h for g in outcomes for h in g.hands]
    scores = [s for h in hands for s in h.player_scores]
    endings = Counter(h.ended for h in hands)
    return {
        "games": games,
        "sides": config.sides(n),
        "first_player_wins": _interval(first_wins, games),
        "draws": _interval(sum(g.winner is None for g in outcomes), games),
        "hands_per_game": _mean([len(g.hands) for g in outcomes]),
        "decisions_per_game": _mean([g.decisions for g in outcomes]),
        "turns_per_hand": _mean([h.turns for h in hands]),
        "going_out": _interval(endings["went_out"], len(hands)),
        "stock_exhausted": _interval(endings["stock"], len(hands)),
        "calls_per_hand": _mean([h.calls for h in hands]),
        "hand_score": _mean(scores),
        "hand_score_sd": round(statistics.stdev(scores), 2) if len(scores) > 1 else 0.0,
        "hands_histogram": sorted(Counter(len(g.hands) for g in outcomes).items()),
        "score_histogram": sorted(
            Counter(math.floor(s / SCORE_BIN) * SCORE_BIN for s in scores).items()
        ),
    }


def collect(args: argparse.Namespace) -> None:
    """Play the games and write the data file, one rule set and player count at a time: a
    run stopped part way keeps what it finished, and the same command carries on."""
    names = args.presets or presets.names()
    data: dict[str, Any] = {"games": args.games, "seed": args.seed, "bot": BOT, "results": {}}
    if args.data.exists():
        earlier = json.loads(args.data.read_text(encoding="utf-8"))
        if {k: earlier.get(k) for k in ("games", "seed", "bot")} == {
            k: data[k] for k in ("games", "seed", "bot")
        }:
            data["results"] = earlier["results"]
    for name in names:
        for n in allowed(name):
            key = f"{name}/{n}"
            if key in data["results"]:
                continue
            simulation = Simulation.of(name, n, [BOT], args.games, args.seed)
            start = time.monotonic()
            outcomes = simulate(simulation, workers=args.workers)
            data["results"][key] = figures(simulation, outcomes)
            print(f"{key}: {time.monotonic() - start:.0f} s", file=sys.stderr)
            _write(args.data, data)
    _write(args.data, data)


def _write(path: Path, data: dict[str, Any]) -> None:
    generated_page.write_data(path, data, "results", sorted(data["results"], key=_order))


def _order(key: str) -> tuple[int, int]:
    name, players = key.split("/")
    return presets.names().index(name), int(players)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    steps = parser.add_subparsers(dest="step", required=True)
    run = steps.add_parser("collect", help="play the games and write the data file")
    run.add_argument("--games", type=int, default=2000)
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--workers", type=int, default=None)
    run.add_argument("--presets", nargs="*", default=None, metavar="NAME")
    run.add_argument("--data", type=Path, default=DATA)
    page = steps.add_parser("render", help="write the page and its plots from the data file")
    page.add_argument("--data", type=Path, default=DATA)
    page.add_argument("--out", type=Path, default=None, help="a directory for the page and plots")
    page.add_argument("--check", action="store_true", help="fail if the committed page differs")
    args = parser.parse_args(argv)
    if args.step == "collect":
        collect(args)
        return 0
    return render_step(args)


def render_step(args: argparse.Namespace) -> int:
    data = json.loads(args.data.read_text(encoding="utf-8"))
    if args.check:
        return generated_page.check_page(
            PAGE, page(data), args.data, "python scripts/compare_variants.py render"
        )
    out = args.out
    page_path = PAGE if out is None else out / PAGE.name
    plots = PLOTS if out is None else out / "img" / "compare"
    page_path.parent.mkdir(parents=True, exist_ok=True)
    page_path.write_text(page(data), encoding="utf-8")
    draw(data, plots)
    return 0


# -- the page ----------------------------------------------------------------------------------


def _pct(interval: Sequence[float]) -> str:
    value, low, high = interval
    return f"{value * 100:.1f}% ({low * 100:.1f}–{high * 100:.1f})"


def _num(interval: Sequence[float], digits: int = 1) -> str:
    value, low, high = interval
    return f"{value:.{digits}f} ({low:.{digits}f}–{high:.{digits}f})"


def differences(name: str) -> str:
    """The rules in which preset ``name`` differs from the standard rules, as ``field value``
    pairs (as the table of the Variants page writes them)."""
    config = presets.get(name)
    base = rummy500.RuleConfig()
    fields = [f for _, group in gen_variants.groups() for f in group]
    changed = [f for f in fields if gen_variants._differs(config, base, f)]
    if not changed:
        return "—"
    return "; ".join(f"`{f}` {gen_variants.cell(config, f)}" for f in changed)


def page(data: dict[str, Any]) -> str:
    """The Markdown of the page, from the data file's contents."""
    results = data["results"]
    games = data["games"]
    lines = [
        "# Compare the variants",
        "",
        "How the named rule sets play, measured: for every preset at 2, 3 and 4 players (where "
        f"it allows them), {games:,} seeded games with the built-in `{data['bot']}` bot in "
        f"every seat (seeds {data['seed']} to {data['seed'] + games - 1}). Every figure comes "
        "with its 95% interval. The bots are the same everywhere, so the differences come from "
        "the rules; how people play would shift every figure, but not much the order of the "
        "rule sets.",
        "",
        "This page is written by `python scripts/compare_variants.py render` from "
        "`docs/data/compare-variants.json`, which `python scripts/compare_variants.py collect` "
        "writes (see [Simulate many games](simulate.md)).",
        "",
        "## What each rule set changes",
        "",
        "Only the rules in which each preset differs from the standard rules (`RuleConfig()`, "
        "Bicycle's rules); [Variants](variants.md) has every rule of every preset.",
        "",
        "| preset | differs from the standard rules in |",
        "| --- | --- |",
    ]
    names = [n for n in presets.names() if any(k.startswith(f"{n}/") for k in results)]
    lines += [f"| `{name}` | {differences(name)} |" for name in names]
    for n in PLAYER_COUNTS:
        keys = [f"{name}/{n}" for name in names if f"{name}/{n}" in results]
        if not keys:
            continue
        lines += [
            "",
            f"## {n} players",
            "",
            "| preset | hands per game | turns per hand | hands ended by going out | "
            "by the stock running out | first player wins |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for key in keys:
            r = results[key]
            lines.append(
                f"| `{key.split('/')[0]}` | {_num(r['hands_per_game'], 2)} | "
                f"{_num(r['turns_per_hand'])} | {_pct(r['going_out'])} | "
                f"{_pct(r['stock_exhausted'])} | {_pct(r['first_player_wins'])} |"
            )
        fair = {results[k]["sides"] for k in keys}
        share = " or ".join(f"{100 / s:.1f}%" for s in sorted(fair))
        lines += [
            "",
            f"With every seat played alike, a fair game gives the first player {share} of the "
            "wins (one side's share); more is the first player's edge.",
            "",
            f"![Hands per game, {n} players](img/compare/hands-{n}.svg)",
            "",
            f"![Hand scores, {n} players](img/compare/scores-{n}.svg)",
        ]
    lines += [
        "",
        "## How hands end, and the first player's edge",
        "",
        "![How hands end](img/compare/endings.svg)",
        "",
        "![The first player's edge](img/compare/first-player.svg)",
        "",
        "## Scores per hand",
        "",
        "| preset, players | mean hand score per player | spread (sd) | calls per hand |",
        "| --- | ---: | ---: | ---: |",
    ]
    for key in sorted(results, key=_order):
        r = results[key]
        name, n = key.split("/")
        lines.append(
            f"| `{name}`, {n} | {_num(r['hand_score'])} | {r['hand_score_sd']:.1f} | "
            f"{_num(r['calls_per_hand'], 2)} |"
        )
    return "\n".join(lines) + "\n"


# -- the plots ---------------------------------------------------------------------------------


def draw(data: dict[str, Any], out: Path) -> None:
    """Write the SVG plots of the page into ``out``: the same data always gives the same
    files (no dates, fixed element ids)."""
    # Only drawing needs matplotlib (the plots extra): collecting and checking do not.
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "rummy500"
    plt.rcParams["font.size"] = 9
    out.mkdir(parents=True, exist_ok=True)
    results = data["results"]
    metadata = {"Date": None, "Creator": None}

    def save(figure: Any, name: str) -> None:
        figure.tight_layout()
        figure.savefig(out / name, format="svg", metadata=metadata)
        plt.close(figure)

    for n in PLAYER_COUNTS:
        keys = [k for k in sorted(results, key=_order) if k.endswith(f"/{n}")]
        if not keys:
            continue
        figure, axes = plt.subplots(figsize=(7, 0.3 * len(keys) + 1))
        means = [results[k]["hands_per_game"] for k in keys]
        axes.barh(
            [k.split("/")[0] for k in keys],
            [m[0] for m in means],
            xerr=[[m[0] - m[1] for m in means], [m[2] - m[0] for m in means]],
            color="#4c72b0",
        )
        axes.invert_yaxis()
        axes.set_xlabel(f"hands per game, {n} players (95% interval)")
        save(figure, f"hands-{n}.svg")
        figure, axes = plt.subplots(figsize=(7, 3.2))
        for key in keys:
            histogram = results[key]["score_histogram"]
            total = sum(count for _, count in histogram)
            axes.plot(
                [b + SCORE_BIN / 2 for b, _ in histogram],
                [count / total for _, count in histogram],
                label=key.split("/")[0],
                linewidth=1,
            )
        axes.set_xlabel(f"a player's score in a hand, {n} players (bins of {SCORE_BIN})")
        axes.set_ylabel("share of hands")
        axes.legend(fontsize=7, ncol=2)
        save(figure, f"scores-{n}.svg")
    keys = sorted(results, key=_order)
    labels = [k.replace("/", ", ") for k in keys]
    figure, axes = plt.subplots(figsize=(7, 0.25 * len(keys) + 1))
    out_rate = [results[k]["going_out"][0] for k in keys]
    stock_rate = [results[k]["stock_exhausted"][0] for k in keys]
    axes.barh(labels, out_rate, color="#55a868", label="going out")
    axes.barh(labels, stock_rate, left=out_rate, color="#c44e52", label="stock ran out")
    axes.invert_yaxis()
    axes.set_xlabel("share of hands, by how they ended")
    axes.legend(fontsize=7)
    save(figure, "endings.svg")
    figure, axes = plt.subplots(figsize=(7, 0.25 * len(keys) + 1))
    edge = [results[k]["first_player_wins"] for k in keys]
    fair = [1 / results[k]["sides"] for k in keys]
    axes.barh(
        labels,
        [e[0] - f for e, f in zip(edge, fair, strict=True)],
        xerr=[[e[0] - e[1] for e in edge], [e[2] - e[0] for e in edge]],
        color="#8172b2",
    )
    axes.axvline(0, color="black", linewidth=0.8)
    axes.invert_yaxis()
    axes.set_xlabel("first player's win rate minus a fair share (95% interval)")
    save(figure, "first-player.svg")


if __name__ == "__main__":
    sys.exit(main())
