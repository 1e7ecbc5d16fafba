"""A first look at rummy500: start a game, list moves, apply and undo them, score a hand.

Run it with ``python examples/quick_game.py``.
"""

import random

import rummy500
from rummy500.play.scoring import hand_points, table_points


def main() -> None:
    # The same seed always gives the same game: the draw for the deal, every shuffle.
    state = rummy500.new_game(players=3, seed=7)
    print(f"Player {state.dealer} deals; player {state.current_player} plays first.")
    print("Discard pile:", rummy500.format_cards(state.pile))

    # A player's view holds their own hand and the public table, never another hand.
    me = state.current_player
    view = state.view(me)
    print(f"Player {me} holds:", rummy500.format_cards(view.hand))
    print("Legal moves:", ", ".join(str(m) for m in view.legal_moves))

    # Moves are values: apply one to get a new state; the old state is unchanged.
    after = state.apply(rummy500.Draw())
    print(f"After 'draw' player {me} holds {len(after.hands[me])} cards;", end=" ")
    print(f"before it, {len(state.hands[me])}.")
    assert after.undo() is state  # undo gives back the very same object

    # A move can also be written as text.
    first_discard = next(m for m in after.legal_moves() if isinstance(m, rummy500.Discard))
    again = after.apply_text(first_discard.text(ascii=True))
    print(f"Player {me} played '{again.last_move}'; now player {again.current_player} is to move.")

    # An illegal move raises IllegalMoveError, naming the rule it breaks.
    try:
        state.apply_text("discard " + state.hands[me][0].ascii)
    except rummy500.IllegalMoveError as exc:
        print("Refused:", exc)

    # Play the rest of the first hand at random and score it.
    rng = random.Random(1)
    while state.phase < rummy500.Phase.HAND_OVER:
        state = state.apply(rng.choice(state.legal_moves()))
    values = state.config.card_values
    on_table = table_points(values, state.table, state.players)
    print(
        "\nHand 1 is over."
        + (f" Player {state.went_out} went out." if state.went_out is not None else "")
    )
    for p, hand in enumerate(state.hands):
        print(
            f"  player {p}: table {on_table[p]:3} - hand {hand_points(values, hand):3}"
            f" = {state.history[-1][p]:4}   total {state.totals[p]}"
        )
    print(f"The game took {len(state.move_stack)} moves so far.")


if __name__ == "__main__":
    main()
