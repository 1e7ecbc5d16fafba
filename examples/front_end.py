"""A front end that follows a whole game through the event stream, as one player sees it.

Built-in bots play every seat; the front end sits with player 0 and prints each event of the
log as player 0 saw it, in words (:func:`rummy500.render.event_words`): their own draws show the
card, the other players' draws do not. Run it with ``python examples/front_end.py``.
"""

from __future__ import annotations

import rummy500
from rummy500 import Deal, PlayerView, State
from rummy500.bots import Bot, GreedyBot, RandomBot
from rummy500.events import HandEnded
from rummy500.render import event_words, side_names

NAMES = ("You", "West", "North")
ME = 0


class FrontEnd:
    """Shows each new event of the player's view once, hand after hand."""

    def __init__(self) -> None:
        self.hand = -1
        self.shown = 0

    def update(self, view: PlayerView) -> int:
        """Print the events of ``view`` not shown yet; returns how many were printed."""
        if view.hand_number != self.hand:
            # A new hand starts a new log.
            self.hand, self.shown = view.hand_number, 0
        new = view.log[self.shown :]
        for event in new:
            print(event_words(event, NAMES, me=ME))
            if isinstance(event, HandEnded):
                # The event's sentence says who went out; the scores follow, by side (a team
                # scores as one in a partnership game).
                sides = side_names(view, NAMES)
                scores = ", ".join(f"{n} {s}" for n, s in zip(sides, event.scores, strict=True))
                print(f"Scores of the hand: {scores}.")
        self.shown = len(view.log)
        return len(new)


def play(seed: int) -> State:
    """A whole three-player game with bots in every seat, followed from seat ``ME``."""
    state = rummy500.new_game(players=3, seed=seed)
    bots: list[Bot] = [GreedyBot(), RandomBot(seed), GreedyBot()]
    screen = FrontEnd()
    screen.update(state.view(ME))
    while not state.is_terminal():
        if state.is_chance_node():
            # Between hands: drop the undo chain (the log of the hand is kept) and deal.
            state = state.detached().apply(Deal())
        else:
            player = state.current_player
            state = state.apply(bots[player].choose(state.view(player)))
        screen.update(state.view(ME))
    return state


def main() -> None:
    final = play(seed=4)
    totals = ", ".join(f"{NAMES[p]} {t}" for p, t in enumerate(final.totals))
    winner = "nobody (a drawn game)" if final.winner is None else NAMES[final.winner]
    print(f"Game over after {final.hand_number + 1} hands: {totals}. Winner: {winner}.")


if __name__ == "__main__":
    main()
