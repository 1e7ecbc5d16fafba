"""Fit the search bots' evaluation (``rummy500/bots/evaluation.json``) to played-out hands.

For each number of players (2 and 3), deals ``--hands`` hands of the standard rules (the games
from ``--seed`` on), plays each to its end with the playout policy of the search bots
(``toolkit.playout_step``), and keeps every ``--every``-th position with the value the hand
ended with for each player (``bots.hand_value``). A ridge regression (penalty ``--ridge``)
of those values on the positions' features (``rummy500.bots.evaluation.features``) gives the
weights; a fifth of the hands, held out, measures how much of the values' spread they explain
(R²). Needs numpy (the ``rl`` extra).

    python scripts/train_evaluation.py               # writes the shipped file (about 2 minutes)
    python scripts/train_evaluation.py --quick --out /tmp/evaluation.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

try:
    import rummy500
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import rummy500

from rummy500 import Phase, presets
from rummy500.bots import hand_value
from rummy500.bots.evaluation import EVALUATION_FILE, FEATURES, Evaluation, features
from rummy500.toolkit import playout_step

OUT = Path(__file__).resolve().parent.parent / "src" / "rummy500" / "bots" / EVALUATION_FILE


def positions(players: int, hands: int, seed: int, every: int) -> tuple[list[Any], list[float]]:
    """The rows (one a player) of every ``every``-th position of ``hands`` played-out hands,
    and the value each player's hand ended with."""
    config = presets.get("standard")
    rows: list[Any] = []
    values: list[float] = []
    for game in range(seed, seed + hands):
        state = rummy500.new_game(config, players, game)
        rng = random.Random(game)
        kept = []
        step = 0
        while state.phase < Phase.HAND_OVER:
            if step % every == 0:
                kept.append(features(state))
            state = playout_step(state, rng)
            step += 1
        ended = hand_value(state)
        for row in kept:
            for p in range(players):
                rows.append(row[p])
                values.append(ended[p])
    return rows, values


def fit(players: int, hands: int, seed: int, every: int, ridge: float) -> tuple[list[float], float]:
    """The weights for ``players`` players and the R² on the held-out hands."""
    train = positions(players, hands - hands // 5, seed, every)
    test = positions(players, hands // 5, seed + hands, every)
    x, y = np.array(train[0], dtype=float), np.array(train[1])
    weights = np.linalg.solve(x.T @ x + ridge * np.eye(len(FEATURES)), x.T @ y)
    tx, ty = np.array(test[0], dtype=float), np.array(test[1])
    r2 = 1 - float(((ty - tx @ weights) ** 2).mean()) / float(((ty - ty.mean()) ** 2).mean())
    return [round(float(w), 6) for w in weights], r2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands for each player count")
    parser.add_argument("--seed", type=int, default=0, help="the first hand's game seed")
    parser.add_argument("--every", type=int, default=2, help="keep every n-th position")
    parser.add_argument("--ridge", type=float, default=1.0, help="the ridge penalty")
    parser.add_argument("--quick", action="store_true", help="50 hands: a check that it runs")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    hands = 50 if args.quick else args.hands
    weights: dict[str, list[float]] = {}
    fits = []
    for players in (2, 3):
        weights[str(players)], r2 = fit(players, hands, args.seed, args.every, args.ridge)
        fits.append(f"{players} players R² {r2:.3f}")
        print(f"{players} players: R² {r2:.3f} on held-out hands", file=sys.stderr)
    about = (
        f"fitted by scripts/train_evaluation.py --hands {hands} --seed {args.seed} --every "
        f"{args.every} --ridge {args.ridge:g} to hands of the standard rules played out by the "
        f"playout policy; held out: {', '.join(fits)}"
    )
    data = {"about": about, "features": list(FEATURES), "weights": weights}
    Evaluation.from_json(data)  # what the bots will read
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
