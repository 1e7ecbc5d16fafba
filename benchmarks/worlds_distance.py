"""How far sampled worlds are from uniform over the histories of the log, where copies of a
card make which stock a played copy came from ambiguous.

For views after the pile was turned over in games with copies of cards (two decks with a
joker each, and one deck with four jokers), the exact distribution over the splits of the
hidden cards (which cards of which stock each player holds) is enumerated: every history of
the copies played, each weighted by the placements it leaves (``tests/knowledge_oracle.py``,
exponential, so only views with at most ``--max-histories`` histories are used). The sampler's
splits are counted over ``--samples`` draws, and the total variation distance between the two
is printed, beside the distance that sampling the exact distribution itself gives with as many
draws (the noise floor). Worlds drawn from the same split are placed alike by both, so the
distance between the worlds is at most the distance between the splits.

    python benchmarks/worlds_distance.py            # about a minute
    python benchmarks/worlds_distance.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import knowledge_oracle
import rummy500
from knowledge_oracle import COPIES, hidden_deals
from rummy500 import Deal, Discard, Draw, PlayerView
from rummy500.core.cards import Card
from rummy500.core.errors import StateError
from rummy500.core.phases import Phase
from rummy500.events import Reshuffled
from rummy500.hidden.knowledge import Group, HiddenReading, LogReader, hidden_cards


def key(groups: list[Group]) -> tuple[object, ...]:
    """A split as a hashable value: each group's cards and counts."""
    return tuple((tuple(sorted(cards)), tuple(counts)) for cards, counts in groups if cards)


def readers(view: PlayerView) -> tuple[LogReader, Counter[Card], Counter[Card], list[int]]:
    """What the hidden-card reading of ``view`` starts from."""
    n = len(view.hand_sizes)
    me = view.player
    reader = LogReader(n)
    reader.read(view.log)
    known = reader.held(True, view.current_player, view.owed, view.kept)
    known[me] = Counter()
    seen = Counter(view.hand)
    seen.update(view.pile)
    for meld in view.table:
        seen.update(c.physical for c in meld.cards)
    deck = Counter(view.config.deck(n))
    hidden, slots = hidden_cards(deck, seen, known, view.hand_sizes, me)
    return reader, deck, hidden, slots


def tv(p: dict[Any, float], q: dict[Any, float]) -> float:
    return sum(abs(p.get(k, 0.0) - q.get(k, 0.0)) for k in set(p) | set(q)) / 2


def measure(view: PlayerView, samples: int, rng: random.Random) -> tuple[float, float] | None:
    """The distance of the sampler's splits from the exact ones, and the noise floor; ``None``
    for a view with one split or too many histories."""
    reader, deck, hidden, slots = readers(view)
    try:
        exact = hidden_deals(reader, view.player, hidden, slots, view.stock_size)
    except StateError:
        return None
    if len(exact.splits) < 2:
        return None
    total = sum(exact.weights)
    truth: dict[Any, float] = {}
    for split, weight in zip(exact.splits, exact.weights, strict=True):
        truth[key(split)] = truth.get(key(split), 0.0) + weight / total
    reading = HiddenReading(reader, view.player, deck, hidden, slots, view.stock_size)
    drawn = Counter(key(reading.split(rng)) for _ in range(samples))
    sampled = {k: n / samples for k, n in drawn.items()}
    keys = list(truth)
    noise = Counter(rng.choices(keys, weights=[truth[k] for k in keys], k=samples))
    floor = tv(truth, {k: n / samples for k, n in noise.items()})
    return tv(truth, sampled), floor


def views(games: int) -> list[PlayerView]:
    """Views after a reshuffle, every few moves, of seeded games of draws and discards."""
    out: list[PlayerView] = []
    for config in COPIES:
        for game in range(games):
            rng = random.Random(game)
            state = rummy500.new_game(config, players=3, seed=game)
            step = 0
            while not state.is_terminal() and step < 200:
                if state.is_chance_node():
                    state = state.apply(Deal())
                    continue
                moves = state.legal_moves()
                discards = [m for m in moves if isinstance(m, Discard)]
                # Draws and random discards: the pile is turned over again and again.
                state = state.apply(Draw() if Draw() in moves else rng.choice(discards or moves))
                step += 1
                if (
                    step % 5 == 0
                    and state.phase < Phase.HAND_OVER
                    and any(isinstance(e, Reshuffled) for e in state.log)
                ):
                    out.extend(state.view(p) for p in range(3))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer views and samples")
    parser.add_argument("--samples", type=int, default=None)
    args = parser.parse_args(argv)
    samples = args.samples or (500 if args.quick else 4000)
    # The enumeration is exponential: views whose logs allow more histories are left out.
    knowledge_oracle.MAX_HISTORIES = 300
    rng = random.Random(0)
    distances: list[float] = []
    floors: list[float] = []
    for view in views(3 if args.quick else 12):
        got = measure(view, samples, rng)
        if got is not None:
            distances.append(got[0])
            floors.append(got[1])
    report = {
        "views": len(distances),
        "samples_per_view": samples,
        "tv_median": round(statistics.median(distances), 4) if distances else None,
        "tv_worst": round(max(distances), 4) if distances else None,
        "noise_floor_median": round(statistics.median(floors), 4) if floors else None,
        "noise_floor_worst": round(max(floors), 4) if floors else None,
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
