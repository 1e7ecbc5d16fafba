"""The "How strong are the bots" page: the ladder of the built-in bots, from committed data.

Three steps, one script:

- ``python scripts/bot_strength.py collect`` plays the ladder of :data:`PLAN` (every pair of
  bots in every format, each deal from every seat, until each pair's win rate is known to
  within 5 points or its cap is reached) and keeps the results in ``docs/data/ladder.json``.
  It carries on from that file: stop it at any point (Ctrl-C) and run it again. ``--rounds N``
  plays N rounds and stops; ``--bots``/``--formats`` play only the cells of those bots and
  formats; ``--backend ray`` runs the games on Ray (``--address`` for a cluster).
- ``python scripts/bot_strength.py costs`` times every bot's decisions (CPU time, one core)
  and writes ``docs/data/bot-costs.json``.
- ``python scripts/bot_strength.py render`` writes ``docs/bot-strength.md`` from both files;
  ``render --check`` fails when the committed page is not what the committed data gives (it
  plays no game).

``collect --quick --data FILE`` plays a tiny ladder in seconds, and ``render --data FILE
--costs FILE --out DIR`` writes its page, which CI does so that the script cannot rot.
"""

from __future__ import annotations

import argparse
import json
import platform
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

from rummy500.bots import make_bot
from rummy500.simulate import (
    BACKENDS,
    SEATS,
    Cell,
    CellResult,
    Format,
    LadderPlan,
    LadderResults,
    Rating,
    SimulationStopped,
    run_ladder,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generated_page
from generated_page import machine

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "data" / "ladder.json"
COSTS = ROOT / "docs" / "data" / "bot-costs.json"
PAGE = ROOT / "docs" / "bot-strength.md"

#: The budget of the search bots compared at equal time: CPU seconds a decision, about what
#: the bots made by name spend (see the page's "Time per move").
EQUAL_TIME = 0.02
FLATMC_TIMED = f"flatmc:cpu_seconds={EQUAL_TIME}"
ISMCTS_TIMED = f"ismcts:cpu_seconds={EQUAL_TIME}"
#: ISMCTS with its playouts cut after 4 moves and valued by the evaluation, given at most the
#: CPU time a decision that ``ismcts`` made by name spends when it searches (30-35 ms here).
ISMCTS_CUT = "ismcts:cpu_seconds=0.03:depth=4"
#: The search bots: their cells have the lower caps, their games cost seconds.
SEARCH = frozenset({"flatmc", "ismcts", FLATMC_TIMED, ISMCTS_TIMED, ISMCTS_CUT})
#: The ladder: the built-in bots made by name, in four formats of the standard rules, and the
#: search bots at equal CPU time, each against the other and against itself made by name, and
#: ISMCTS with cut playouts against every bot made by name.
#: ``learned`` comes first so that its cells keep the names the self-play page's ladder gave
#: them (the same deals, so the same games). The caps of the cells with a search bot are what
#: the machine affords so far; raising a cap keeps every game played.
PLAN = LadderPlan(
    bots=("learned", "random", "greedy", "flatmc", "ismcts"),
    formats=(
        Format("2p-game", "standard", 2, None, max_deals=250, max_search_deals=16),
        Format("2p-hand", "standard", 2, 1, max_deals=250, max_search_deals=32),
        Format("3p-game", "standard", 3, None, max_deals=150, max_search_deals=16),
        Format("3p-hand", "standard", 3, 1, max_deals=150, max_search_deals=32),
    ),
    search=SEARCH,
    pairs=(
        (FLATMC_TIMED, ISMCTS_TIMED),
        (ISMCTS_TIMED, "ismcts"),
        (FLATMC_TIMED, "flatmc"),
        (ISMCTS_CUT, "ismcts"),
        (ISMCTS_CUT, "flatmc"),
        (ISMCTS_CUT, "learned"),
        (ISMCTS_CUT, "greedy"),
        (ISMCTS_CUT, "random"),
    ),
    # The claim that ISMCTS with cut playouts beats ISMCTS at equal time rests on the first
    # cell (208 deals from both seats, 416 games); that it loses to no other bot made by
    # name, on these and on its cells against random and greedy.
    fixed=(
        (f"2p-game|{ISMCTS_CUT}|ismcts", 208),
        (f"2p-game|{ISMCTS_CUT}|flatmc", 48),
        (f"2p-game|{ISMCTS_CUT}|learned", 48),
    ),
)
#: A ladder that plays in seconds, for CI.
QUICK = LadderPlan(
    bots=("random", "greedy", "ismcts:iterations=3"),
    formats=(
        Format("2p-hand", "standard", 2, 1, max_deals=8, max_search_deals=4),
        Format("3p-hand", "standard", 3, 1, max_deals=4, max_search_deals=2),
    ),
    search=frozenset({"ismcts:iterations=3", "ismcts:iterations=2"}),
    pairs=(("ismcts:iterations=2", "ismcts:iterations=3"),),
    fixed=(("2p-hand|ismcts:iterations=2|ismcts:iterations=3", 4),),
    min_deals=2,
    batch=2,
)
#: Decisions timed for each bot: many for the cheap bots, fewer for the search bots.
DECISIONS = {"random": 20_000, "greedy": 20_000, "learned": 20_000}
SEARCH_DECISIONS = 400


def collect(args: argparse.Namespace) -> int:
    plan = QUICK if args.quick else PLAN

    def wanted(cell: Cell) -> bool:
        bots_ok = args.bots is None or {cell.bot, cell.rival} <= set(args.bots)
        return bots_ok and (args.formats is None or cell.format.name in args.formats)

    def told(cell: CellResult) -> None:
        share = cell.share()
        print(
            f"{cell.cell.key}: {cell.deals} deals, {cell.games} games, "
            f"{share.text(percent=True)} [{cell.status(plan)}]",
            file=sys.stderr,
        )

    try:
        results = run_ladder(
            plan,
            args.data,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            rounds=args.rounds,
            only=wanted,
            on_round=told,
        )
    except SimulationStopped as stop:
        print(f"stopped ({stop}): run the same command to carry on", file=sys.stderr)
        return 130
    left = [c for c in results.open_cells() if wanted(c.cell)]
    print(f"{len(left)} cells still open", file=sys.stderr)
    return 0


def time_bot(name: str, decisions: int) -> dict[str, Any]:
    """The CPU time of ``decisions`` decisions of bot ``name``, in one-hand two-player games
    against ``greedy`` from seed 0 on, the bot in each seat in turn."""
    clock = time.process_time
    spent = 0.0
    made = 0
    seed = 0
    while made < decisions:
        seat = seed % 2
        bots = [make_bot(name if s == seat else "greedy", seed * SEATS + s) for s in range(2)]
        state = rummy500.new_game(PLAN.formats[1].config(), 2, seed)
        while not state.is_terminal() and made < decisions:
            if state.is_chance_node():
                state = state.apply(state.legal_moves()[0])
                continue
            player = state.current_player
            view = state.view(player)
            start = clock()
            move = bots[player].choose(view)
            if player == seat:
                spent += clock() - start
                made += 1
            state = state.apply(move)
        seed += 1
    return {"decisions": made, "seconds": round(spent, 3)}


def costs(args: argparse.Namespace) -> int:
    plan = QUICK if args.quick else PLAN
    data: dict[str, Any] = {
        "machine": machine(),
        "python": platform.python_version(),
        "bots": {},
    }
    for name in plan.entrants():
        wanted = args.decisions or DECISIONS.get(name, SEARCH_DECISIONS)
        data["bots"][name] = time_bot(name, wanted)
        print(f"{name}: {data['bots'][name]}", file=sys.stderr)
    generated_page.write_data(args.costs, data, "bots", list(plan.entrants()))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    steps = parser.add_subparsers(dest="step", required=True)
    run = steps.add_parser("collect", help="play the ladder, carrying on from the data file")
    run.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    run.add_argument("--bots", nargs="*", default=None, help="only the cells of these bots")
    run.add_argument("--formats", nargs="*", default=None, help="only these formats")
    run.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    run.add_argument("--backend", choices=BACKENDS, default="local")
    run.add_argument("--address", default=None, help="the Ray cluster's address")
    run.add_argument("--quick", action="store_true", help="a tiny ladder, for CI")
    run.add_argument("--data", type=Path, default=DATA)
    timing = steps.add_parser("costs", help="time every bot's decisions")
    timing.add_argument("--decisions", type=int, default=None, help="decisions per bot")
    timing.add_argument("--quick", action="store_true", help="the tiny ladder's bots")
    timing.add_argument("--costs", type=Path, default=COSTS)
    page_step = steps.add_parser("render", help="write the page from the data files")
    page_step.add_argument("--quick", action="store_true", help="the tiny ladder's plan")
    page_step.add_argument("--data", type=Path, default=DATA)
    page_step.add_argument("--costs", type=Path, default=COSTS)
    page_step.add_argument("--out", type=Path, default=None, help="a directory for the page")
    page_step.add_argument("--check", action="store_true", help="fail if the page differs")
    args = parser.parse_args(argv)
    if args.step == "collect":
        return collect(args)
    if args.step == "costs":
        return costs(args)
    plan = QUICK if args.quick else PLAN
    results = LadderResults.start(plan, json.loads(args.data.read_text(encoding="utf-8")))
    timings = json.loads(args.costs.read_text(encoding="utf-8"))
    text = page(results, timings)
    if args.check:
        return generated_page.check_page(
            PAGE, text, args.data, "python scripts/bot_strength.py render"
        )
    out = PAGE if args.out is None else args.out / PAGE.name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return 0


# -- the page ----------------------------------------------------------------------------------


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(cell: CellResult) -> str:
    share = cell.share()
    return f"{_percent(share.value)} ({100 * share.low:.1f}–{100 * share.high:.1f})"


def _ms(seconds: float, decisions: int) -> str:
    ms = 1000 * seconds / decisions
    return f"{ms:.3f}" if ms < 1 else f"{ms:.1f}" if ms < 100 else f"{ms:.0f}"


def _matrix(results: LadderResults, fmt: Format) -> list[str]:
    plan = results.plan
    found = {(c.cell.bot, c.cell.rival): c for c in results.cells if c.cell.format == fmt}
    lines = [
        "| wins of ↓ against → | " + " | ".join(f"`{b}`" for b in plan.bots) + " |",
        "| --- |" + " ---: |" * len(plan.bots),
    ]
    for row in plan.bots:
        entries = []
        for col in plan.bots:
            cell = found.get((row, col))
            if row == col:
                entries.append("—")
            elif cell is None and fmt.players == 2 and (col, row) in found:
                other = found[col, row]
                won = sum(r.wins[1 - k] for k, r in enumerate(other.lineups))
                entries.append(_entry(won / other.games if other.games else None, other, plan))
            elif cell is None or not cell.games:
                entries.append("not played")
            else:
                entries.append(_entry(cell.share().value, cell, plan))
        lines.append(f"| `{row}` | " + " | ".join(entries) + " |")
    return lines


#: How the tables mark a cell by its status: a settled cell is not marked.
MARKS = {"settled": "", "capped": "?", "open": "…"}
#: The status column's words for each status.
STATUS_WORDS = {"settled": "settled", "capped": "inconclusive", "open": "open: more to play"}
_MARKS_TEXT = (
    "`?` marks a cell stopped at its cap before its interval was 5 points either side, `…` a "
    "cell with deals still to play"
)


def _entry(value: float | None, cell: CellResult, plan: LadderPlan) -> str:
    if value is None:
        return "not played"
    return f"{100 * value:.0f}%{MARKS[cell.status(plan)]} ({cell.games:,})"


def _stacked(cell: CellResult, plan: LadderPlan) -> str:
    """A cell's share, interval and games on three lines of a table's entry, none of them
    broken (a word joiner on each side of the dash, a no-break space before "games")."""
    share = cell.share()
    return (
        f"{_percent(share.value)}{MARKS[cell.status(plan)]}<br>"
        f"{100 * share.low:.1f}\u2060–\u2060{100 * share.high:.1f}<br>"
        f"{cell.games:,}\u00a0games"
    )


def _played(results: LadderResults, cell: Cell) -> CellResult | None:
    """The results of ``cell``, if it has played any games."""
    return next((c for c in results.cells if c.cell == cell and c.games), None)


def _on_time(results: LadderResults) -> list[str]:
    """The section of the cells of the plan's ``pairs``: the bots with a budget of time."""
    plan = results.plan
    if not plan.pairs:
        return []
    lines = [
        "",
        "## On a budget of time",
        "",
        "The cells of the bots that meet only their named rivals (see [The bots](#the-bots)), "
        "from the tables above, format by format: the search bots given the same CPU time a "
        "decision, against each other and against themselves made by name, and ISMCTS with "
        "cut playouts, given at most the time `ismcts` spends on a decision it searches, "
        "against every bot made by name. Each entry is the share of games the first bot won, "
        f"its 95% interval and its games; {_MARKS_TEXT}.",
        "",
        "| pair | " + " | ".join(f.text() for f in plan.formats) + " |",
        "| --- |" + " ---: |" * len(plan.formats),
    ]
    for first, second in plan.pairs:
        entries = []
        for fmt in plan.formats:
            found = _played(results, Cell(fmt, first, second))
            entries.append(_stacked(found, plan) if found else "not played")
        lines.append(f"| `{first}` vs `{second}` | " + " | ".join(entries) + " |")
    if plan.fixed:
        lines += [
            "",
            "These cells play a number of deals set in advance, from every seat, whatever "
            "their interval, so that a claim can rest on them (a cell does not stop when its "
            "interval happens to look good):",
            "",
            *(f"- `{key}`: {deals:,} deals" for key, deals in plan.fixed),
        ]
    return lines


def _cut_standing(results: LadderResults, ratings: Sequence[Rating], bots: dict[str, Any]) -> str:
    """What the data says of the cut search against ``ismcts``: its 2-player whole games, its
    time per move and its place on the ratings (nothing for a plan without it)."""
    fmt = results.plan.formats[0]
    found = _played(results, Cell(fmt, ISMCTS_CUT, "ismcts"))
    if found is None or ISMCTS_CUT not in bots or "ismcts" not in bots:
        return ""
    ranked = sorted(ratings, key=lambda r: -r.rating)
    place = [r.bot for r in ranked].index(ISMCTS_CUT)
    ms = {b: _ms(bots[b]["seconds"], bots[b]["decisions"]) for b in (ISMCTS_CUT, "ismcts")}
    return (
        f" Spending {ms[ISMCTS_CUT]} ms a move to the {ms['ismcts']} of `ismcts`, it won "
        f"{_interval(found)} of {found.games:,} games against it ({fmt.text()}), and "
        f"it is {_ordinal(place + 1)} of the {len(ranked)} bots on the ratings."
    )


def _ordinal(n: int) -> str:
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
    return words[n - 1] if n <= len(words) else f"number {n}"


def page(results: LadderResults, timings: dict[str, Any]) -> str:
    """The Markdown of the page, from the ladder's results and the bots' timings."""
    plan = results.plan
    games = sum(c.games for c in results.cells)
    lines = [
        "# How strong are the bots",
        "",
        "The built-in bots on a ladder: every pair of bots, in "
        f"{len(plan.formats)} formats of the `standard` rules "
        f"({'; '.join(f.text() for f in plan.formats)}), every deal played "
        "from every seat so that neither the cards nor the seat favours a bot. A pair plays "
        f"rounds of {plan.batch} deals until the 95% interval (Wilson) of its win rate is at "
        f"most {100 * plan.half_width:.0f} points either side, or until its cap: then the cell "
        "is inconclusive, marked `?` below with its game count (`…` marks a cell with deals "
        "still to play). "
        f"{games:,} games so far.",
        "",
        "The data is in `docs/data/ladder.json` and `docs/data/bot-costs.json`: "
        "`python scripts/bot_strength.py collect` plays the ladder (on every core, or on Ray "
        "with `--backend ray`; stopped, it carries on where it stopped), `costs` times the "
        "bots, and `render` writes this page from the data. The ladder is "
        "`rummy500.simulate.run_ladder`: a ladder of your own bots is a few lines (see "
        "[Simulate many games](simulate.md#a-ladder-of-bots)).",
        "",
        "## The bots",
        "",
        "| bot | made with |",
        "| --- | --- |",
        *(f'| `{name}` | `make_bot("{name}")` |' for name in plan.entrants()),
        "",
        "The bots made by name have the budgets of [the built-in bots]"
        "(write-a-bot.md#the-built-in-bots): `flatmc` 100 playouts and `ismcts` 100 iterations "
        "a decision. `learned` is the policy learnt by [self-play on Ray](train-self-play.md). "
        "A bot with `cpu_seconds` searches each decision for that much CPU time, however many "
        "playouts or iterations it makes of it; with `depth` its playouts stop after that many "
        "moves and the evaluation values the rest ([cut playouts](write-a-bot.md#the-built-in-"
        "bots)). These bots meet only the rivals named with them (see [On a budget of time]"
        "(#on-a-budget-of-time)), to compare the searches at equal time. Their games depend on the "
        "machine's speed, so a rerun plays other games than the ones counted here.",
        "",
        "## Ratings",
        "",
        "One rating per bot over every game of every format, on the Elo scale (`random` is 0; a "
        "bot 400 points above another wins about ten two-player games for each it loses), "
        "fitted as `rummy500.simulate.ratings` does: the winner of a game is chosen among its "
        "seats in proportion to the bots' strengths. The interval holds the middle 95% of 200 "
        "refits on resampled games.",
        "",
        "| bot | rating (95% interval) | games |",
        "| --- | ---: | ---: |",
    ]
    ratings = results.ratings(anchor="random")
    for rating in ratings:
        spread = "anchor" if rating.bot == "random" else f"{rating.low:.0f} to {rating.high:.0f}"
        lines.append(f"| `{rating.bot}` | {rating.rating:.0f} ({spread}) | {rating.games:,} |")
    for fmt in plan.formats:
        fair = (
            ""
            if fmt.players == 2
            else (
                f" With {fmt.players} players the row's bot sits alone against "
                f"{fmt.players - 1} of the column's, so its fair share is "
                f"{100 / fmt.players:.0f}%."
            )
        )
        lines += [
            "",
            f"## {fmt.text().capitalize()}",
            "",
            "The share of games the row's bot won against the column's bot, with the games "
            f"played; {_MARKS_TEXT} (caps: {fmt.max_deals} deals, {fmt.max_search_deals} with "
            f"a search bot).{fair} Draws count for neither bot.",
            "",
            *_matrix(results, fmt),
            "",
            "| pair | games | wins of the first (95% interval) | draws | status |",
            "| --- | ---: | ---: | ---: | --- |",
        ]
        for cell in results.cells:
            if cell.cell.format == fmt and cell.games:
                status = cell.status(plan)
                lines.append(
                    f"| `{cell.cell.bot}` vs `{cell.cell.rival}` | {cell.games:,} | "
                    f"{_interval(cell)} | {cell.draws} | {STATUS_WORDS[status]} |"
                )
    lines += _on_time(results)
    bots = timings["bots"]
    lines += [
        "",
        "## Time per move",
        "",
        "The CPU time of a bot's decision (its `choose`, forced moves included), in one-hand "
        "games against `greedy`, measured on one core of the machine that wrote the data "
        f"({timings['machine']}, Python {timings['python']}). It is CPU time, so other work on "
        "the machine changes it little, but another machine gives other figures: read the "
        "order and the ratios.",
        "",
        "| bot | moves timed | milliseconds per move |",
        "| --- | ---: | ---: |",
        *(
            f"| `{name}` | {t['decisions']:,} | {_ms(t['seconds'], t['decisions'])} |"
            for name, t in bots.items()
        ),
        "",
        "## Which bot for what",
        "",
        "- `random` is a baseline and a fuzzer: it plays any legal move, so it reaches "
        "positions no sensible player would. A bot of your own should beat it clearly.",
        "- `greedy` is the cheap opponent: it puts down the most points it can and discards "
        "its highest loose card, in a fraction of a millisecond, so it is the bot for "
        "simulations of many games (the [Compare the variants](compare-variants.md) page plays "
        "it) and the first benchmark for a new bot.",
        "- `learned` costs about as little as `greedy` and needs numpy (the `rl` extra); it "
        "learnt one-hand games by self-play, and its cells above show where it stands.",
        f'- ISMCTS with cut playouts (`depth=4`, as in `make_bot("{ISMCTS_CUT}")`) makes '
        "more iterations of the same CPU time, each valued by the evaluation after 4 moves of "
        f"its playout.{_cut_standing(results, ratings, bots)} [On a budget of time]"
        "(#on-a-budget-of-time) has it against every bot made by name.",
        "- The search bots (`flatmc`, `ismcts`) are the strong opponents, when a game may take "
        "seconds; their time per move grows with the budget (`iterations`, `playouts` or "
        '`seconds`, as in `make_bot("ismcts:iterations=400")`). Read their standing in the '
        "tables above: a cell marked `?` has not yet played enough games to separate them.",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
