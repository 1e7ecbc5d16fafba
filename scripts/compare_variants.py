"""The "Compare the variants" page: how each named rule set plays, from seeded games.

Two steps, one script:

- ``python scripts/compare_variants.py collect`` plays ``--games`` seeded games (default 2000)
  of every preset at 2, 3 and 4 players (where the preset allows them), greedy bots in every
  seat, and writes what they say to ``docs/data/compare-variants.json``.
- ``python scripts/compare_variants.py render`` writes ``docs/compare-variants.md`` and its
  plots (SVG, in ``docs/img/compare/``) from that file, with a guide to choosing rules at
  the top (game length in hands and estimated minutes, score swings, how hands end, and
  advice drawn from the plots); ``render --check`` fails when the committed page is not what
  the committed data gives. Rendering plays no games: only the data file is read.

``collect --games 4 --presets standard --data FILE`` and ``render --data FILE --out DIR`` run
the whole thing on a tiny sample, which CI does so that the script cannot rot.

The page's parts live beside this script: ``compare_variants_data.py`` reads the data file (and
writes shares), ``compare_variants_advice.py`` writes the advice that ends the guide, and
``compare_variants_plots.py`` draws the plots.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

try:
    from rummy500 import presets
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from rummy500 import presets

from rummy500.rules.choices import PlayerTable
from rummy500.simulate import Simulation, simulate

# The table of differences reads the rules as the Variants page does (a sibling script), and
# the figures are those the "Try a variant" page computes in the browser (web/src).
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "src"))
import gen_variants
import generated_page
from compare_variants_advice import STOCK_SHARE, advice
from compare_variants_data import (
    COUNT_FIELDS,
    PLAYER_COUNTS,
    allowed,
    differences,
    differing_fields,
    listed,
    names_in,
    order,
    player_counts,
    plays_alike,
    stock_after_deal,
)
from compare_variants_plots import draw
from variant_figures import (
    BOT,
    MINUTES_PER_HAND,
    SECONDS_PER_TURN,
    below_zero,
    figures,
    minutes,
    rounded_minutes,
    share,
)
from variant_figures import interval_text as _num
from variant_figures import share_text as _pct

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "compare-variants.json"
PAGE = ROOT / "docs" / "compare-variants.md"
PLOTS = ROOT / "docs" / "img" / "compare"


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
    generated_page.write_data(path, data, "results", sorted(data["results"], key=order))


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


def twins(results: dict[str, Any]) -> list[str]:
    """Paragraphs on the presets that play the same game at some player counts."""
    names = names_in(results)
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
                f"At {listed(same)} players every rule that play reads is the same in both, "
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
                    f"the stock runs out in {share(x['stock_exhausted'][0])} and "
                    f"{share(y['stock_exhausted'][0])} of hands."
                )
            out.append(text)
    return out


def _by_count_table(results: dict[str, Any], columns: Sequence[tuple[str, Any]]) -> list[str]:
    """A table with a row per preset and, for each player count, a column per
    ``(heading, cell(result) -> str)``."""
    counts = player_counts(results)
    heads = [
        f"{n} players: {h}" if i == 0 else h for n in counts for i, (h, _) in enumerate(columns)
    ]
    lines = [
        "| preset | " + " | ".join(heads) + " |",
        "| --- |" + " ---: |" * len(heads),
    ]
    for name in names_in(results):
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
    """The section that helps choose: game length, swings, endings, families, twins, and the
    advice drawn from the plots that ends it."""
    results = data["results"]
    counts = player_counts(results)
    hands = sum(sum(h * c for h, c in r["hands_histogram"]) for r in results.values())
    limit = sum(
        round(
            (1 - r["going_out"][0] - r["stock_exhausted"][0])
            * sum(h * c for h, c in r["hands_histogram"])
        )
        for r in results.values()
    )
    stocky = [
        k for k in sorted(results, key=order) if results[k]["stock_exhausted"][0] > STOCK_SHARE
    ]
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
                ("below 0", lambda r: share(below_zero(r), 0)),
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
        f"A player went out in at least {share(went_out)} "
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
    return [*lines, "", *advice(data)]


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
    names = names_in(results)
    lines += [f"| `{name}` | {differences(name)} |" for name in names]
    lines += [
        "",
        "In the tables below, *x* ± *h* is a figure and its 95% interval: the interval runs "
        "from *x* − *h* to *x* + *h* at the widest (intervals of shares are a little lopsided "
        "near 0% and 100%; the data file keeps both ends).",
    ]
    for n in player_counts(results):
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
    for key in sorted(results, key=order):
        r = results[key]
        name, n = key.split("/")
        lines.append(
            f"| `{name}`, {n} | {_num(r['hand_score'])} | {r['hand_score_sd']:.1f} | "
            f"{_num(r['calls_per_hand'], 2)} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
