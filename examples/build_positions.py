"""Build positions from a written description: a puzzle, the finished hand, a call window.

The puzzle: hand 3 of a game (counting from 0), the earlier hands scored 120-95-60, 100-80-70
and 90-70-50. You are player 0, you have just drawn the 9♥ and hold 7♥ 8♥ 9♦ 9♥ 9♠ Q♣; player 1
melded 4♥ 5♥ 6♥ and player 2 melded K♠ K♦ K♣. The discard pile is 4♣ K♥ 9♣, the 9♣ on top. Can
you go out this turn?

Run it with ``python examples/build_positions.py``.
"""

from rummy500 import Phase, RuleConfig, State, StateError, format_cards, presets

#: The scores of hands 0, 1 and 2, which add up to the totals 310, 245 and 180.
HISTORY = [[120, 95, 60], [100, 80, 70], [90, 70, 50]]


def main() -> None:
    config = RuleConfig()
    puzzle = State.from_position(
        config,
        hands=["7H 8H 9D 9H 9S QC", "2C 3C", "5D 6D 7D"],
        pile="4C KH 9C",
        table=[("4H 5H 6H", 1), ("KS KD KC", 2)],
        phase=Phase.PLAY,  # drawn already: play, then discard
        totals=[310, 245, 180],
        history=HISTORY,  # hand_number is 3: the number of hands in the history
        seed=11,  # the stock is every other card, shuffled by this seed
    )
    print("Your hand:", format_cards(puzzle.hands[0]))
    print("Stock:", puzzle.stock_size, "cards; hand number", puzzle.hand_number, "(from 0)")

    # Play the answer: lay off the 7♥ and 8♥, meld the nines, and throw the Q♣ to go out.
    state = puzzle
    for text in ("layoff 0 7H 8H", "meld 9D 9H 9S", "discard QC"):
        state = state.apply_text(text)
        print(f"{text:>16} -> {state.phase.name.lower()}")
    print("Hand scores:", list(state.history[-1]), "totals:", list(state.totals))

    # The same finished hand, built directly and scored on construction.
    finished = State.from_position(
        config,
        hands=["", "2C 3C", "5D 6D 7D"],
        pile="4C KH 9C QC",
        table=[
            ("4H 5H 6H 7H 8H", [1, 1, 1, 0, 0]),
            ("KS KD KC", 2),
            ("9D 9H 9S", 0),
        ],
        went_out=0,
        totals=[310, 245, 180],
        history=HISTORY,
        seed=11,
    )
    print("Built finished hand totals:", list(finished.totals))
    assert finished == state.detached()  # the very position play reached

    # A call window: under Pagat's rules, player 2 throws the 8♥ that fits the run on the table.
    window = State.from_position(
        presets.get("pagat"),
        hands=["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"],
        pile="KH 8H",
        table=[("5H 6H JK=7H", 0)],
        discarded_by=2,
        turn=5,
    )
    print(f"Call window: player {window.current_player} is asked first:", window.legal_moves())
    try:
        State.from_position(
            presets.get("pagat"),
            hands=["2S 3S 4S 9D 9C", "QH QD", "8C 4D 6C"],
            pile="8H KH",
            table=[("5H 6H JK=7H", 0)],
            discarded_by=2,
            turn=5,
        )
    except StateError as exc:
        print("Refused:", exc)


if __name__ == "__main__":
    main()
