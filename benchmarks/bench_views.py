"""How long reading the hidden cards takes on long hands: checking, loading and sampling views.

A campaign of long hands under ``empty_stock`` reuse_pile (the pile turned over as a new stock
whenever the stock runs out), one and two decks, 2 to 8 players: every turn the player to move
draws from the stock and discards a card at random, so nobody melds, hands run to the turn
limit (the rules' default, 1,000 turns, unless ``--turns`` says otherwise) and the log holds
thousands of cards played from stocks turned over many times. At every 50th turn after the
first reshuffle (every 100th past 1,000 turns), each player's view is

* checked: ``PlayerView.validate()``, the witness world built from the log;
* loaded: ``loads(dumps(view))``, which checks the view it reads;
* sampled: ``sample_world(view, rng)``, and the world's own ``validate()`` is run (untimed).

A view refused, or whose world comes with a ``RelaxedWorldWarning`` (the search for a reading
of its log reached its ceiling), is listed by configuration.

The figures are CPU milliseconds per call (``time.process_time``), median and worst, by
configuration and over the whole campaign, against the bounds 20 ms (median) and 200 ms
(worst). Then crafted documents that once took minutes or gigabytes are judged, and a real
view whose log takes the search to its ceiling is loaded, each timed, with its peak memory
(``tracemalloc``) against the bounds 2 s and 500 MB, and so is the search
for a reading of a log no search settles quickly (eleven plays for ten draws, the pigeonhole
principle), which runs to its work ceiling.

    python benchmarks/bench_views.py               # the campaign: a few minutes
    python benchmarks/bench_views.py --turns 2000  # hands twice as long
    python benchmarks/bench_views.py --quick       # a short one: about half a minute

The exit status is 0 whatever the figures (the machine is shared: a timing is not a test);
``--strict`` makes it 1 when a bound is exceeded.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

import rummy500
from rummy500 import Deal, Discard, Draw, EmptyStock, PlayerTable, PlayerView, RuleConfig, State
from rummy500.core.cards import make_deck
from rummy500.core.errors import RelaxedWorldWarning, Rummy500Error
from rummy500.core.phases import Phase
from rummy500.events import Discarded, Drew, Reshuffled
from rummy500.hidden.attribution import Attribution, Play, find_reading
from rummy500.toolkit import sample_world

T = TypeVar("T")

#: The bounds of the hidden-card reading, in milliseconds and megabytes.
MEDIAN_MS = 20.0
WORST_MS = 200.0
DOCUMENT_MS = 2000.0
DOCUMENT_MB = 500.0


def rules(decks: int, turn_limit: int) -> RuleConfig:
    """Rules whose hands run long: the pile turned over when the stock runs out."""
    # One deck is too few for seven or eight players: those keep their two.
    table = PlayerTable.of(decks, {7: 2, 8: 2})
    return RuleConfig(empty_stock=EmptyStock.REUSE_PILE, decks=table, turn_limit=turn_limit)


def long_hand(config: RuleConfig, players: int, seed: int, every: int) -> list[State]:
    """States of one hand where every turn is a draw from the stock and a random discard
    (nobody melds, so the hand runs to the turn limit), every ``every`` turns after the first
    reshuffle."""
    rng = random.Random(seed)
    state = rummy500.new_game(config, players=players, seed=seed)
    if state.is_chance_node():
        state = state.apply(Deal())
    picked: list[State] = []
    last_turn = -1
    while state.phase < Phase.HAND_OVER:
        moves = state.legal_moves()
        discards = [m for m in moves if isinstance(m, Discard)]
        move = Draw() if Draw() in moves else rng.choice(discards or moves)
        state = state.apply(move)
        if (
            state.phase < Phase.HAND_OVER
            and state.turn % every == 0
            and state.turn != last_turn
            and any(isinstance(e, Reshuffled) for e in state.log)
        ):
            last_turn = state.turn
            picked.append(state)
    return picked


def timed(call: Callable[[], T]) -> tuple[T, float]:
    """What one call gives, and its CPU milliseconds."""
    start = time.process_time()
    result = call()
    return result, (time.process_time() - start) * 1000


def campaign(quick: bool, turns: int) -> dict[str, Any]:
    """Time checking, loading and sampling views of hands of ``turns`` turns (400 when
    ``quick``); the figures by configuration."""
    setups = [(1, 2), (1, 4), (2, 2), (2, 4), (2, 6), (2, 8)]
    if quick:
        setups = [(1, 2), (2, 2), (2, 6)]
    turn_limit = 400 if quick else turns
    every = 50 if turn_limit <= 1000 else 100
    rng = random.Random(0)
    out: dict[str, Any] = {}
    everything: list[float] = []
    for decks, players in setups:
        config = rules(decks, turn_limit)
        times: list[float] = []
        views = 0
        refused: list[str] = []
        relaxed: list[str] = []
        for state in long_hand(config, players, seed=decks * 10 + players, every=every):
            for p in range(players):
                view = state.view(p)
                views += 1
                try:
                    with warnings.catch_warnings(record=True) as caught:
                        warnings.simplefilter("always", RelaxedWorldWarning)
                        times += check_load_sample(view, rng)
                except Rummy500Error as error:
                    # A view of a real hand: never to be refused, but counted, not hidden.
                    refused.append(f"turn {state.turn}, player {p}: {str(error)[:120]}")
                if any(issubclass(w.category, RelaxedWorldWarning) for w in caught):
                    # Its worlds are dealt without a reading of the log: counted too.
                    relaxed.append(f"turn {state.turn}, player {p}")
        everything += times
        row = summary(times, views)
        row["refused"] = refused
        row["relaxed"] = relaxed
        out[f"{decks} deck(s), {players} players"] = row
    out["all"] = summary(everything, None)
    return out


def check_load_sample(view: PlayerView, rng: random.Random) -> list[float]:
    """The CPU milliseconds of checking, loading and sampling ``view`` (the world checked)."""
    times = [timed(view.validate)[1]]
    text = rummy500.dumps(view)
    times.append(timed(partial(rummy500.loads, text, PlayerView))[1])
    world, ms = timed(partial(sample_world, view, rng))
    times.append(ms)
    world.validate()
    if world.view(view.player) != view:
        raise AssertionError("a sampled world shows the player another view")
    return times


def summary(times: Sequence[float], views: int | None) -> dict[str, Any]:
    """Median and worst of ``times``."""
    row: dict[str, Any] = {
        "calls": len(times),
        "median_ms": round(statistics.median(times), 2),
        "worst_ms": round(max(times), 2),
    }
    if views is not None:
        row["views"] = views
    return row


def crafted_documents() -> dict[str, str]:
    """Views built by hand to be as costly to judge as possible, as JSON: each once took
    minutes or gigabytes to judge. Their logs are made of real events, but no hand leads to
    them. Last, a real view that takes the search to its ceiling."""
    docs: dict[str, str] = {}
    state = long_hand(rules(2, 400), 2, seed=1, every=300)[0]
    view = state.view(0)
    log = list(view.log)
    # Two dozen cards the opponent could have drawn from either of two stocks, then one they
    # cannot hold (a card the viewer holds both copies of).
    held = Counter(view.hand)
    both = next((c for c, n in held.items() if n == 2), view.hand[0])
    cards = sorted({c for c in make_deck(2, 0) if c not in held})[:24]
    extra: list[Any] = []
    for card in cards:
        extra += [Drew(1, None), Discarded(1, card)]
    docs["24 ambiguous plays, then one nobody can hold"] = doc_with_log(
        view, [*log, *extra, Discarded(1, both)]
    )
    # The pile turned over tens of thousands of times, then thousands of plays.
    turned = [Reshuffled(0)] * 60_000
    plays: list[Any] = []
    for i in range(12_000):
        plays += [Drew(1, None), Discarded(1, cards[i % len(cards)])]
    docs["60,000 reshuffles, then 12,000 plays"] = doc_with_log(view, [*log, *turned, *plays])
    # Not crafted: a view of a real hand (eight players, two decks, turn 1,000) whose log the
    # search can neither read nor show impossible within its ceiling; it is to be loaded.
    real = long_hand(rules(2, 1001), 8, seed=1, every=500)[-1]
    docs["a real eight-player view at the ceiling"] = rummy500.dumps(real.view(6))
    return docs


def doc_with_log(view: PlayerView, log: list[Any]) -> str:
    """``view``'s JSON with its log replaced by ``log`` (unchecked: the loader judges it)."""
    data = json.loads(rummy500.dumps(view))
    encoded = {event: json.loads(rummy500.dumps(event)) for event in set(log)}
    data["log"] = [encoded[event] for event in log]
    return json.dumps(data)


def pigeonhole() -> Attribution:
    """What the search for a reading starts from when eleven plays of eleven cards are owed to
    one card drawn from each of ten stocks, each of which hid every card: no reading exists,
    and a search that learns clauses proves so only in exponentially many steps."""
    cards = sorted(set(make_deck(1, 0)))[:11]
    pools = [Counter(dict.fromkeys(cards, 1)) for _ in range(10)]
    plays = [Play(at, 1, card, 9, 1) for at, card in enumerate(cards)]
    return Attribution(plays, pools, [[0, 1]] * 10, {card: list(range(10)) for card in cards})


def search_at_the_ceiling() -> dict[str, Any]:
    """The search for a reading of :func:`pigeonhole`: its verdict, CPU time and peak memory."""

    def verdict() -> str:
        try:
            find_reading(pigeonhole(), None)
        except Rummy500Error as error:
            return f"{type(error).__name__}: {str(error)[:160]}"
        return "read"

    return measured(verdict)


def judge(documents: dict[str, str]) -> dict[str, Any]:
    """Load each document: its size, verdict, CPU time and peak memory."""
    return {
        name: {"bytes": len(text), **measured(partial(verdict_of, text))}
        for name, text in documents.items()
    }


def measured(verdict: Callable[[], str]) -> dict[str, Any]:
    """What ``verdict`` says, its CPU time, then its peak memory when run again traced
    (tracing slows it down, so the two are measured apart)."""
    said, ms = timed(verdict)
    tracemalloc.start()
    verdict()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return {"ms": round(ms, 1), "peak_mb": round(peak, 1), "verdict": said}


def verdict_of(text: str) -> str:
    """Whether a view's JSON loads, or why it is refused (the first 160 characters)."""
    try:
        rummy500.loads(text, PlayerView)
    except Rummy500Error as error:
        return f"refused: {str(error)[:160]}"
    return "loaded"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short campaign")
    parser.add_argument(
        "--turns",
        type=int,
        default=RuleConfig().turn_limit,
        help="the turn limit of the campaign's hands (default: the rules' default)",
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 when a bound is exceeded")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"turns": 400 if args.quick else args.turns}
    report["campaign"] = campaign(args.quick, args.turns)
    report["documents"] = judge(crafted_documents())
    report["documents"]["eleven plays for ten draws (the search alone)"] = search_at_the_ceiling()
    overall = report["campaign"]["all"]
    within = overall["median_ms"] <= MEDIAN_MS and overall["worst_ms"] <= WORST_MS
    within = within and all(
        d["ms"] <= DOCUMENT_MS and d["peak_mb"] <= DOCUMENT_MB for d in report["documents"].values()
    )
    within = within and not any(
        row.get("refused") or row.get("relaxed")
        for row in report["campaign"].values()
        if isinstance(row, dict)
    )
    report["within_bounds"] = within
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 1 if args.strict and not within else 0


if __name__ == "__main__":
    sys.exit(main())
