"""The built-in bots that do not search: :class:`RandomBot`, which plays a legal move at random,
and :class:`GreedyBot`, which puts down all it can as soon as it can (its arithmetic is in
:mod:`rummy500.bots.greedy`)."""

from __future__ import annotations

import random
from typing import Final

from rummy500 import Move, PlayerView
from rummy500.bots._base import check_seed, need_moves
from rummy500.bots.greedy import Weigher, greedy_move, weigher


class RandomBot:
    """Plays a legal move chosen uniformly at random.

    It draws its choices from its own :class:`random.Random` seeded with ``seed``, so a new
    ``RandomBot(seed)`` shown the same positions makes the same choices, and it never touches
    the global random state.
    """

    name: Final = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = check_seed("RandomBot", seed)
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        """A legal move, uniformly at random."""
        return self._rng.choice(need_moves(view))

    def __repr__(self) -> str:
        return f"RandomBot({self.seed})"


class GreedyBot:
    """A simple, deterministic player that puts down all it can as soon as it can.

    Its rules, in order:

    * **Draw, take or call.** For every legal take (or rummy call) it works out, by melding
      greedily (below), how many points the take would let it put on the table this turn
      beyond what its hand alone allows, and subtracts the points of the taken cards that would
      be left in its hand. It makes the take with the best such gain when the gain is above
      zero (the fewest cards on a tie); otherwise it draws from the stock. With the stock empty
      and no take worth making it declines, which ends the hand; offered a call that gains
      nothing, it passes.
    * **Meld and lay off.** While it can, it puts down the meld or lay-off worth the most
      points (the one with the most cards on a tie, then the first in the legal-move order).
    * **Discard.** It discards its highest-value card among those that are not half of a
      future meld (a pair of one rank, or two cards of a suit at most two apart in a run the
      rules allow: an ace and a 2 are not, where aces are high only; a king and a 2 are, where
      runs wrap round); if every card is, its highest-value card overall. Ties go to the higher
      rank, then the higher suit.

    Greedy bots under the same rules share what they work out (the points of each play), which
    changes none of their choices.
    """

    name: Final = "greedy"

    def __init__(self) -> None:
        self._weigher: Weigher | None = None

    def __getstate__(self) -> dict[str, object]:
        # What the bot remembers is found again from the rules: a pickled bot carries none.
        return {}

    def __setstate__(self, state: dict[str, object]) -> None:
        self._weigher = None

    def choose(self, view: PlayerView) -> Move:
        """The greedy move in this view."""
        legal = need_moves(view)
        config = view.config
        weigh = self._weigher
        if weigh is None or weigh.config is not config:
            weigh = self._weigher = weigher(config)
        return greedy_move(weigh, view, legal)

    def __repr__(self) -> str:
        return "GreedyBot()"
