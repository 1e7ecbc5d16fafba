"""The "Compare the variants" page: how each named rule set plays, from seeded games.

Two steps, one script:

- ``python scripts/compare_variants.py collect`` plays ``--games`` seeded games (default 2000)
  of every preset at 2, 3 and 4 players (where the preset allows them), greedy bots in every
  seat, and writes what they say to ``docs/data/compare-variants.json``.
- ``python scripts/compare_variants.py render`` writes ``docs/compare-variants.md`` and its
  plots (SVG, in ``docs/img/compare/``) from that file, with a guide to choosing rules at
  the top (game length in hands and estimated minutes, score swings, how hands end);
  ``render --check`` fails when the committed page is not what the committed data gives.

``collect --games 4 --presets standard --data FILE`` and ``render --data FILE --out DIR`` run
the whole thing on a tiny sample, which CI does so that the script cannot rot.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

try:
    import rummy500
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import rummy500

import attrs

from rummy500 import presets
from rummy500.rules.choices import PlayerTable
from rummy500.simulate import Simulation, simulate

# The table of differences reads the rules as the Variants page does (a sibling script), and
# the figures are those the "Try a variant" page computes in the browser (web/src).
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "src"))
import gen_variants
import generated_page
from variant_figures import (
    BOT,
    MINUTES_PER_HAND,
    SCORE_BIN,
    SECONDS_PER_TURN,
    below_zero,
    figures,
    minutes,
    rounded_minutes,
)
from variant_figures import interval_text as _num
from variant_figures import share_text as _pct

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "compare-variants.json"
PAGE = ROOT / "docs" / "compare-variants.md"
PLOTS = ROOT / "docs" / "img" / "compare"
PLAYER_COUNTS = (2, 3, 4)


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

#: Presets grouped by what their rules change, with the player count whose figures tell it.
FAMILIES: tuple[tuple[str, tuple[str, ...], tuple[int, ...], str], ...] = (
    (
        "Cheaper cards",
        ("wikipedia", "fosdick"),
        (2,),
        "twos to nines count 5 each instead of their face value (5.5 on average), and "
        "`wikipedia`'s ace counts 5 unless it ends a run high (15 in `standard`): lower hand "
        "scores, so more hands to the target",
    ),
    (
        "Calling a discard",
        ("pagat", "playingcards_io"),
        (2,),
        "a player may take a discard out of turn (a call), so melds come sooner and hands are "
        "shorter",
    ),
    (
        "The online game's tables",
        ("house", "classic", "competitive", "hosted"),
        (2, 3),
        "ten cards each at 2 and 3 players, a final discard to go out, melds joined. At 2 "
        "players hands run longer and score less, so games take more hands; at 3 players the "
        "bigger deal leaves a smaller stock, and hands end sooner with higher scores",
    ),
    (
        "A longer game",
        ("rummy_1000",),
        (2,),
        "the target is 1,000: the same hands, about twice as many",
    ),
    (
        "Partnerships",
        ("partnership", "persian"),
        (4,),
        "four players in two teams of two, whose scores add up: fewer hands to the target; "
        "`persian` plays exactly two hands, with four jokers worth 20 each and aces high only",
    ),
)
#: The figures each family's line quotes: (label, field, digits).
FAMILY_FIGURES = (
    ("hands per game", "hands_per_game", 1),
    ("turns per hand", "turns_per_hand", 1),
    ("mean hand score", "hand_score", 0),
    ("calls per hand", "calls_per_hand", 2),
)


def stock_after_deal(name: str, players: int) -> int:
    """The cards left in the stock once the hands are dealt and one card starts the pile."""
    config = presets.get(name)
    cards = config.decks[players] * (52 + config.jokers_per_deck)
    return int(cards - config.deal_size[players] * players - 1)


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


#: Fields that only say which player counts a rule set allows: play never reads them.
COUNT_FIELDS = ("min_players", "max_players")


def differing_fields(first: str, second: str) -> list[str]:
    """The fields of RuleConfig in which presets ``first`` and ``second`` differ."""
    a, b = presets.get(first), presets.get(second)
    return [f.name for f in attrs.fields(type(a)) if getattr(a, f.name) != getattr(b, f.name)]


def plays_alike(first: str, second: str, players: int) -> bool:
    """Whether the two presets play the very same game at ``players`` players: every field
    that differs either only says which counts are allowed, or is a per-count table whose
    value at ``players`` is the same."""
    a, b = presets.get(first), presets.get(second)
    for field in differing_fields(first, second):
        if field in COUNT_FIELDS:
            continue
        x, y = getattr(a, field), getattr(b, field)
        if not (isinstance(x, PlayerTable) and isinstance(y, PlayerTable)):
            return False
        if x[players] != y[players]:
            return False
    return True


def _counts(ns: Sequence[int]) -> str:
    words = [str(n) for n in ns]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def twins(results: dict[str, Any]) -> list[str]:
    """Paragraphs on the presets that play the same game at some player counts."""
    names = _names(results)
    out = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            shared = [
                n for n in PLAYER_COUNTS if f"{first}/{n}" in results and f"{second}/{n}" in results
            ]
            same = [n for n in shared if plays_alike(first, second, n)]
            if not same:
                continue
            fields = differing_fields(first, second)
            a, b = presets.get(first), presets.get(second)
            described = "; ".join(
                f"`{f}`, {gen_variants.cell(a, f)} in `{first}` and {gen_variants.cell(b, f)} "
                f"in `{second}`"
                for f in fields
            )
            text = f"`{first}` and `{second}` differ only in {described}. "
            if any(f in COUNT_FIELDS for f in fields):
                text += (
                    "`min_players` and `max_players` only decide which player counts are "
                    "allowed; play never reads them. "
                )
            text += (
                f"At {_counts(same)} players every rule that play reads is the same in both, "
                "and the bots see the game only through those rules and the cards, so game *i* "
                "of one is game *i* of the other: the same seed deals the same cards, the same "
                "bots make the same moves, and every figure matches to the last game."
            )
            for n in shared:
                parted = [
                    f"`{f}` is {getattr(a, f)[n]} in `{first}` and {getattr(b, f)[n]} in `{second}`"
                    for f in fields
                    if isinstance(getattr(a, f), PlayerTable)
                    and getattr(a, f)[n] != getattr(b, f)[n]
                ]
                if n in same or not parted:
                    continue
                x, y = results[f"{first}/{n}"], results[f"{second}/{n}"]
                text += (
                    f" At {n} players they part: {'; '.join(parted)}, so a game takes "
                    f"{x['hands_per_game'][0]:.1f} and {y['hands_per_game'][0]:.1f} hands, and "
                    f"the stock runs out in {x['stock_exhausted'][0] * 100:.1f}% and "
                    f"{y['stock_exhausted'][0] * 100:.1f}% of hands."
                )
            out.append(text)
    return out


def _names(results: dict[str, Any]) -> list[str]:
    return [n for n in presets.names() if any(k.startswith(f"{n}/") for k in results)]


def _player_counts(results: dict[str, Any]) -> list[int]:
    return [n for n in PLAYER_COUNTS if any(k.endswith(f"/{n}") for k in results)]


def _by_count_table(results: dict[str, Any], columns: Sequence[tuple[str, Any]]) -> list[str]:
    """A table with a row per preset and, for each player count, a column per
    ``(heading, cell(result) -> str)``."""
    counts = _player_counts(results)
    heads = [
        f"{n} players: {h}" if i == 0 else h for n in counts for i, (h, _) in enumerate(columns)
    ]
    lines = [
        "| preset | " + " | ".join(heads) + " |",
        "| --- |" + " ---: |" * len(heads),
    ]
    for name in _names(results):
        cells = [
            cell(results[f"{name}/{n}"]) if f"{name}/{n}" in results else "—"
            for n in counts
            for _, cell in columns
        ]
        lines.append(f"| `{name}` | " + " | ".join(cells) + " |")
    return lines


def _extremes(results: dict[str, Any], n: int, value: Any, text: Any) -> str:
    keys = [k for k in results if k.endswith(f"/{n}")]
    low, high = min(keys, key=value), max(keys, key=value)
    return (
        f"at {n} players from {text(results[low])} (`{low.split('/')[0]}`) to "
        f"{text(results[high])} (`{high.split('/')[0]}`)"
    )


def _family_line(
    results: dict[str, Any], title: str, names: Sequence[str], counts: Sequence[int], does: str
) -> str:
    """One family of rule sets: what its rules do, and the figures behind it beside the
    standard rules' at ``counts`` players (those the data holds)."""
    members = [m for m in names if any(k.startswith(f"{m}/") for k in results)]
    shown = [n for n in counts if all(f"{m}/{n}" in results for m in [*members, "standard"])]
    if not members or not shown:
        return ""
    return f"- **{title}**: {does}. " + " ".join(
        _family_figures(results, members, n) for n in shown
    )


def _family_figures(results: dict[str, Any], members: Sequence[str], n: int) -> str:
    figures = []
    for label, field, digits in FAMILY_FIGURES:
        values = [results[f"{m}/{n}"][field][0] for m in [*members, "standard"]]
        if len(set(values)) == 1 and values[0] == 0:
            continue
        figures.append(
            f"{label} "
            + ", ".join(f"{results[f'{m}/{n}'][field][0]:.{digits}f} (`{m}`)" for m in members)
            + f" against {results[f'standard/{n}'][field][0]:.{digits}f}"
        )
    return f"At {n} players: " + "; ".join(figures) + "."


def guide(data: dict[str, Any]) -> list[str]:
    """The section that helps choose: game length, swings, endings, families, twins."""
    results = data["results"]
    counts = _player_counts(results)
    hands = sum(sum(h * c for h, c in r["hands_histogram"]) for r in results.values())
    limit = sum(
        round(
            (1 - r["going_out"][0] - r["stock_exhausted"][0])
            * sum(h * c for h, c in r["hands_histogram"])
        )
        for r in results.values()
    )
    stocky = [k for k in sorted(results, key=_order) if results[k]["stock_exhausted"][0] > 0.02]
    went_out = min(results[k]["going_out"][0] for k in results if k not in stocky)
    lines = [
        "## Which rules for your table",
        "",
        "### How long a game lasts",
        "",
        "Minutes are an estimate, not a measurement: they assume "
        f"{SECONDS_PER_TURN} seconds a turn (a draw, any melds, a discard) and "
        f"{MINUTES_PER_HAND} minutes a hand to shuffle, deal and count, with the turns per hand "
        "the bots took. A faster or slower table scales every figure alike, so the order "
        "holds.",
        "",
        *_by_count_table(
            results,
            [
                ("hands", lambda r: f"{r['hands_per_game'][0]:.1f}"),
                ("minutes", lambda r: f"{rounded_minutes(r)}"),
            ],
        ),
        "",
        "A game lasts "
        + "; ".join(
            _extremes(
                results,
                n,
                lambda k: minutes(results[k]),
                lambda r: f"about {rounded_minutes(r)} minutes",
            )
            for n in counts
        )
        + ".",
        "",
        "### How swingy the scores are",
        "",
        "*Spread* is the standard deviation of one player's score in one hand; *below 0* is "
        "the share of those scores under zero (the cards left in hand outweighed the melds). "
        "The mean is in [Scores per hand](#scores-per-hand).",
        "",
        *_by_count_table(
            results,
            [
                ("spread", lambda r: f"{r['hand_score_sd']:.0f}"),
                ("below 0", lambda r: f"{below_zero(r) * 100:.0f}%"),
            ],
        ),
        "",
        "A player's hand score spreads "
        + "; ".join(
            _extremes(
                results,
                n,
                lambda k: results[k]["hand_score_sd"],
                lambda r: f"{r['hand_score_sd']:.0f} points",
            )
            for n in counts
        )
        + ".",
        "",
        "### How hands end",
        "",
        "A hand ends when a player goes out, when the stock runs out, or at the turn limit. "
        f"A player went out in at least {went_out * 100:.1f}% "
        "of the hands of every rule set and player count"
        + (
            " but "
            + ", ".join(
                f"`{k.split('/')[0]}` at {k.split('/')[1]} players, where the stock ran out in "
                f"{_pct(results[k]['stock_exhausted'])} of hands (the deal leaves "
                f"{stock_after_deal(k.split('/')[0], int(k.split('/')[1]))} cards in the stock)"
                for k in stocky
            )
            if stocky
            else ""
        )
        + f". {f'{limit:,}' if limit else 'None'} of the {hands:,} hands played reached the turn "
        "limit.",
        "",
        "### What each family of rules does",
        "",
        "Each beside `standard` (the last figure of each list), with more in the tables below.",
        "",
    ]
    lines += [text for text in (_family_line(results, *family) for family in FAMILIES) if text]
    same = twins(results)
    if same:
        lines += [
            "",
            "### Why some rule sets give identical numbers",
            "",
            *[line for text in same for line in (text, "")][:-1],
        ]
    return lines


def page(data: dict[str, Any]) -> str:
    """The Markdown of the page, from the data file's contents."""
    results = data["results"]
    games = data["games"]
    lines = [
        "# Compare the variants",
        "",
        "How the named rule sets play, measured: for every preset at 2, 3 and 4 players (where "
        f"it allows them), {games:,} seeded games with the built-in `{data['bot']}` bot in "
        f"every seat (seeds {data['seed']} to {data['seed'] + games - 1}). The bots are the "
        "same everywhere, so the differences come from the rules; how people play would shift "
        "every figure, but not much the order of the rule sets. To measure a rule set of your "
        "own the same way, in your browser, see [Try a variant](try-a-variant.md).",
        "",
        "This page is written by `python scripts/compare_variants.py render` from "
        "`docs/data/compare-variants.json`, which `python scripts/compare_variants.py collect` "
        "writes (see [Simulate many games](simulate.md)); drawing the plots needs matplotlib, "
        "from the `plots` extra (`pip install -e '.[plots]'` in a checkout).",
        "",
        *guide(data),
        "",
        "## What each rule set changes",
        "",
        "Only the rules in which each preset differs from the standard rules (`RuleConfig()`, "
        "the rule book's main rules); [Variants](variants.md) has every rule of every preset.",
        "",
        "| preset | differs from the standard rules in |",
        "| --- | --- |",
    ]
    names = _names(results)
    lines += [f"| `{name}` | {differences(name)} |" for name in names]
    lines += [
        "",
        "In the tables below, *x* ± *h* is a figure and its 95% interval: the interval runs "
        "from *x* − *h* to *x* + *h* at the widest (intervals of shares are a little lopsided "
        "near 0% and 100%; the data file keeps both ends).",
    ]
    for n in _player_counts(results):
        keys = [f"{name}/{n}" for name in names if f"{name}/{n}" in results]
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

#: Standard is drawn in grey behind every other preset, which has this one colour.
GREY, COLOUR = "#9a9a9a", "#c44e52"
#: A colour for each player count, where one plot holds every count.
COUNT_COLOURS = {2: "#4c72b0", 3: "#dd8452", 4: "#55a868"}
#: The interval whiskers, thick enough to see.
WHISKERS = {"elinewidth": 2.5, "capsize": 4, "capthick": 2, "ecolor": "black"}


def _percentile(histogram: Sequence[Sequence[int]], share: float) -> int:
    """The value below which ``share`` of a histogram's counts lie."""
    total, seen = sum(c for _, c in histogram), 0
    for value, count in histogram:
        seen += count
        if seen >= share * total:
            return int(value)
    return int(histogram[-1][0])


def _shares(histogram: Sequence[Sequence[int]]) -> tuple[list[float], list[float], list[float]]:
    """A histogram's bin middles, the share in each bin and its 95% half-width."""
    total = sum(c for _, c in histogram)
    xs = [b + SCORE_BIN / 2 for b, _ in histogram]
    ps = [c / total for _, c in histogram]
    return xs, ps, [1.96 * math.sqrt(p * (1 - p) / total) for p in ps]


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

    def dots(
        axes: Any,
        keys: Sequence[str],
        values: Sequence[Sequence[float]],
        colours: Any,
        scale: float = 1.0,
    ) -> None:
        """A dot and its thick 95% whisker for each key, top to bottom."""
        ys = range(len(keys))
        for y, v, colour in zip(ys, values, colours, strict=True):
            axes.errorbar(
                [v[0] * scale],
                [y],
                xerr=[[(v[0] - v[1]) * scale], [(v[2] - v[0]) * scale]],
                fmt="o",
                color=colour,
                markersize=5,
                **WHISKERS,
            )
        axes.set_yticks(list(ys), [k.replace("/", ", ") for k in keys])
        counts = sorted({int(k.split("/")[1]) for k in keys if "/" in k})
        if len(counts) > 1:
            for n in counts:
                axes.plot([], [], "o", color=COUNT_COLOURS[n], label=f"{n} players")
            axes.legend(
                fontsize=7, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, frameon=False
            )
        axes.set_ylim(len(keys) - 0.5, -0.5)
        axes.grid(axis="x", color="#dddddd")

    for n in PLAYER_COUNTS:
        keys = [k for k in sorted(results, key=_order) if k.endswith(f"/{n}")]
        if not keys:
            continue
        figure, axes = plt.subplots(figsize=(7, 0.3 * len(keys) + 1))
        for y, key in enumerate(keys):
            spread = results[key]["hands_histogram"]
            low, high = _percentile(spread, 0.1), _percentile(spread, 0.9)
            axes.plot(
                [low, high],
                [y, y],
                color="#cccccc",
                linewidth=7,
                solid_capstyle="butt",
                label="middle 80% of games" if y == 0 else None,
            )
            mean_ = results[key]["hands_per_game"]
            axes.annotate(
                f"{mean_[0]:.2f}",
                (high, y),
                xytext=(6, 0),
                textcoords="offset points",
                va="center",
                fontsize=8,
            )
        dots(
            axes,
            [k.split("/")[0] for k in keys],
            [results[k]["hands_per_game"] for k in keys],
            [COLOUR] * len(keys),
        )
        axes.set_xlim(0, None)
        axes.plot(
            [], [], "o", color=COLOUR, label="mean (its 95% interval is no wider than the dot)"
        )
        axes.set_xlabel(f"hands per game, {n} players")
        axes.legend(
            fontsize=7, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, frameon=False
        )
        save(figure, f"hands-{n}.svg")

        others = [k for k in keys if not k.startswith("standard/")]
        base = f"standard/{n}" if f"standard/{n}" in results else None
        columns = 4
        rows = max(1, math.ceil(len(others) / columns))
        figure, grid = plt.subplots(
            rows, columns, figsize=(7, 1.5 * rows + 0.6), sharex=True, sharey=True, squeeze=False
        )
        for index, panel in enumerate(grid.flat):
            if index >= len(others):
                panel.set_visible(False)
                continue
            key = others[index]
            if base is not None:
                xs, ps, _ = _shares(results[base]["score_histogram"])
                panel.plot(xs, ps, color=GREY, linewidth=1.2)
            xs, ps, half = _shares(results[key]["score_histogram"])
            panel.fill_between(
                xs,
                [p - h for p, h in zip(ps, half, strict=True)],
                [p + h for p, h in zip(ps, half, strict=True)],
                color=COLOUR,
                alpha=0.3,
                linewidth=0,
            )
            panel.plot(xs, ps, color=COLOUR, linewidth=1.2)
            panel.set_title(key.split("/")[0], fontsize=8)
            panel.tick_params(labelsize=7)
        figure.supxlabel(
            f"a player's score in a hand, {n} players (bins of {SCORE_BIN}); grey: standard; "
            "band: 95% interval",
            fontsize=8,
        )
        figure.supylabel("share of hands", fontsize=8)
        save(figure, f"scores-{n}.svg")

    keys = sorted(results, key=_order)
    colours = [COUNT_COLOURS[int(k.split("/")[1])] for k in keys]
    figure, axes = plt.subplots(figsize=(7, 0.22 * len(keys) + 1))
    dots(axes, keys, [results[k]["stock_exhausted"] for k in keys], colours, scale=100)
    axes.set_xlim(0, None)
    axes.set_xlabel(
        "hands ended by the stock running out, % (95% interval); the rest ended by going out"
    )
    save(figure, "endings.svg")
    figure, axes = plt.subplots(figsize=(7, 0.22 * len(keys) + 1))
    fair = [1 / results[k]["sides"] for k in keys]
    dots(
        axes,
        keys,
        [
            [(x - f) for x in results[k]["first_player_wins"]]
            for k, f in zip(keys, fair, strict=True)
        ],
        colours,
        scale=100,
    )
    axes.axvline(0, color="black", linewidth=0.8)
    axes.set_xlabel("first player's win rate minus a fair share, percentage points (95% interval)")
    save(figure, "first-player.svg")


if __name__ == "__main__":
    sys.exit(main())
