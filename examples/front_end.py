"""A front end that follows a whole game through the event stream, as one player sees it.

Built-in bots play every seat; the front end sits with player 0 and prints each event of the
log as player 0 saw it: their own draws show the card, the other players' draws do not. Run it
with ``python examples/front_end.py``.
"""

from __future__ import annotations

import rummy500
from rummy500 import Deal, PlayerView, State
from rummy500.bots import GreedyBot, RandomBot
from rummy500.events import Dealt, Drew, Event, HandEnded

NAMES = ("You", "West", "North")
ME = 0


def words(event: Event) -> str:
    """An event in words for the player at seat ``ME``: the event's own text, with names."""
    if isinstance(event, Dealt):
        mine = event.hands[ME]
        assert mine is not None  # our own cards are never hidden from us
        return (
            f"Hand {event.hand_number + 1}, dealt by {NAMES[event.dealer]}. You hold "
            f"{rummy500.format_cards(mine)}; {rummy500.format_cards(event.pile)} turned up."
        )
    if isinstance(event, Drew) and event.card is None:
        return f"{NAMES[event.player]} draws from the stock."
    if isinstance(event, HandEnded):
        out = "nobody went out" if event.went_out is None else f"{NAMES[event.went_out]} went out"
        scores = ", ".join(f"{NAMES[p]} {s}" for p, s in enumerate(event.scores))
        return f"Hand over ({out}): {scores}."
    # Every other event reads like the move it records: "P1 discard 5♠".
    player = getattr(event, "player", None)
    text = str(event)
    return text if player is None else text.replace(f"P{player}", NAMES[player], 1)


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
            print(words(event))
        self.shown = len(view.log)
        return len(new)


def play(seed: int) -> State:
    """A whole three-player game with bots in every seat, followed from seat ``ME``."""
    state = rummy500.new_game(players=3, seed=seed)
    bots = [GreedyBot(), RandomBot(seed), GreedyBot()]
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
