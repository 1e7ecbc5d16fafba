"""Build a position by hand: the rule book's example of digging into the discard pile.

The discard pile, oldest first, is 6♠ 9♦ J♣ 4♥ K♦ 2♠. You hold J♠ and J♥. You want the J♣,
so you must also take the 4♥, K♦ and 2♠ above it, and you must meld the J♣ this turn.

Run it with ``python examples/custom_position.py``.
"""

from rummy500 import IllegalMoveError, RuleConfig, State, Take, parse_cards


def main() -> None:
    config = RuleConfig()  # the standard rules: 3 players get 7 cards from one deck
    you = "JS JH 5S 2C 3D 8H 9C"
    left = "AC 3C 4C 6H 7H 10S QS"
    right = "AD 2D 5D 6D QH KH AS"

    # With the stock left out, every card placed nowhere else forms it, shuffled by the seed.
    state = State.from_position(config, hands=[you, left, right], pile="6S 9D JC 4H KD 2S")
    print("Discard pile (oldest first):", " ".join(map(str, state.pile)))
    print("Your hand:", " ".join(map(str, state.hands[0])))

    # The legal moves list only the takes whose deepest card you can use this turn.
    takes = [m for m in state.legal_moves() if isinstance(m, Take)]
    print("Legal takes:", ", ".join(str(m) for m in takes))

    # Taking the 4♥ (with K♦ and 2♠) is refused: you could not use the 4♥ this turn.
    try:
        state.apply(Take(parse_cards("4H KD 2S")))
    except IllegalMoveError as exc:
        print("Refused:", exc)

    # Play the example: take from the J♣ up, meld the jacks, discard the 5♠.
    for text in ("take JC", "meld JC JH JS", "discard 5S"):
        state = state.apply_text(text)  # "take JC" means the J♣ and every card above it
        print(f"{text:>14} -> hand: {' '.join(map(str, state.hands[0]))}")
    print("Table:", " | ".join(" ".join(map(str, m.cards)) for m in state.table))
    print("Discard pile now:", " ".join(map(str, state.pile)))
    print("Line of play:", "; ".join(str(m) for m in state.move_stack))


if __name__ == "__main__":
    main()
