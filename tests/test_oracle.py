"""The legal-move generator against a brute-force rule model written from the rules text.

:func:`strategies.oracle_moves` tries every candidate move (every subset of a suit's or a
rank's cards as a meld or lay-off, both places for an ace, every tail of the discard pile,
every discard) and decides each by its own definitions of sets, runs and the owed-card rule.
Here its answer must equal ``set(state.legal_moves())`` in positions reached by seeded play
and in hand-built positions chosen for their traps, and every candidate it rejects must be
refused by :meth:`State.apply` with :class:`IllegalMoveError`.
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import IllegalMoveError, Layoff, Meld, Move, Phase, State, new_game, parse_cards
from strategies import (
    build_position,
    candidates,
    is_meld,
    meld_preferring_policy,
    oracle_moves,
    player_counts,
    random_policy,
    scaled,
    seeds,
)


def _texts(moves: set[Move]) -> list[str]:
    return sorted(m.text(ascii=True) for m in moves)


def assert_agrees(s: State, *, illegal_sample: int | None = None, seed: int = 0) -> set[Move]:
    """Check the generator against the model in ``s``; return the legal moves.

    Candidates the model rejects must be refused by ``apply``: all of them, or a seeded
    sample of ``illegal_sample`` of them.
    """
    expected = oracle_moves(s)
    listed = s.legal_moves()
    got = set(listed)
    assert len(got) == len(listed), "legal_moves lists a move twice"
    assert got == expected, (
        f"{s!r}\nhand {s.hands[s.current] if s.phase <= Phase.PLAY else ''} owed {s.owed}\n"
        f"table {[' '.join(map(str, m.cards)) for m in s.table]}\npile {s.pile}\n"
        f"only the engine allows: {_texts(got - expected)}\n"
        f"only the rules allow: {_texts(expected - got)}"
    )
    rejected = sorted({m for m in candidates(s) if m not in expected}, key=str)
    if illegal_sample is not None and len(rejected) > illegal_sample:
        rejected = random.Random(seed).sample(rejected, illegal_sample)
    for move in rejected:
        with pytest.raises(IllegalMoveError):
            s.apply(move)
    return expected


# -- the rules' own examples of what is and is not a meld -------------------------------------

MELD_EXAMPLES = [
    ("8S 8H 8D", True, 3),  # a set: three cards of one rank
    ("AC 2C 3C", True, 3),  # a run with the ace low
    ("QH KH AH", True, 3),  # a run with the ace high
    ("KS AS 2S", False, 3),  # a run cannot go round the corner
    ("4D 5D 6C", False, 3),  # a run stays in one suit
    ("6S 6S 6H", False, 5),  # with two decks, a set still needs different suits
]


@pytest.mark.parametrize(("text", "is_a_meld", "players"), MELD_EXAMPLES)
def test_rule_book_meld_examples(text: str, is_a_meld: bool, players: int) -> None:
    """The model and the engine both agree with the rules' table of melds and non-melds."""
    cards = parse_cards(text)
    assert any(is_meld(p) for p in permutations(cards)) == is_a_meld
    s = build_position(players, hands={0: text + " 9C"}, table=[("JD QD KD", 1)], phase=Phase.PLAY)
    assert (Meld(cards) in s.legal_moves()) == is_a_meld
    assert_agrees(s)


# -- positions reached by play -------------------------------------------------------------------


@scaled(1.0)
@given(seed=seeds, players=player_counts, randomness=st.sampled_from([0.0, 0.3, 1.0]))
def test_oracle_agrees_along_seeded_games(seed: int, players: int, randomness: float) -> None:
    """In every position of a seeded game, the legal moves are exactly the model's.

    ``randomness`` is the share of uniformly random moves; the rest put cards down whenever
    possible, so the games reach crowded tables, owed cards, empty stocks and new hands.
    """
    rng = random.Random(seed)
    s = new_game(players=players, seed=seed)
    for step in range(300):
        assert_agrees(s, illegal_sample=3, seed=seed + step)
        if s.is_terminal():
            break
        policy = random_policy if rng.random() < randomness else meld_preferring_policy
        s = s.apply(policy(rng, s))


# -- hand-built positions with traps -------------------------------------------------------------

RUN_2_K = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
ALL_CLUBS = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"


def _case(
    name: str,
    players: int,
    *,
    want: str = "",
    refuse: str = "",
    **position: object,
) -> object:
    """A hand-built position, the moves it must allow and those it must refuse (one a line)."""
    return pytest.param(players, position, want, refuse, id=name)


CASES = [
    _case(
        "two-decks-duplicates",
        5,
        hands={0: "6S 6S 6H 6D 7S 7H 8S 9C 9C 10C JC QC JS"},
        table=[("7S 7H 7D", 1), ("8S 9S 10S", 2)],
        pile="2D",
        phase=Phase.PLAY,
        want="""meld 6S 6H 6D
            meld 9C 10C JC QC
            meld 6S 7S 8S
            layoff 1 JS
            layoff 1 6S 7S
            layoff 1 6S 7S JS
            discard 6S""",
        refuse="""meld 6S 6S 6H
            meld 9C 9C 10C
            layoff 0 7S
            layoff 0 7H
            layoff 1 8S
            layoff 1 6S""",
    ),
    _case(
        "owed-card-needs-its-bridge",
        3,
        hands={0: "5S 6S 7S 7H 7D 2C"},
        table=[("8S 9S 10S", 1)],
        pile="3H",
        phase=Phase.PLAY,
        owed="5S",
        want="""meld 5S 6S 7S
            layoff 0 5S 6S 7S
            layoff 0 7S
            layoff 0 6S 7S""",
        refuse="""meld 7S 7H 7D
            discard 2C
            discard 5S""",
    ),
    _case(
        "take-with-bridging-cards",
        3,
        hands={0: "4D 4S KC QC"},
        table=[("5H 6H 7H", 1)],
        pile="9H 4C 8H 2S",
        want="""draw
            take 8H 2S
            take 4C 8H 2S
            take 9H 4C 8H 2S""",
        refuse="""take 2S
            take 9H
            take 4C
            decline""",
    ),
    _case(
        "ace-low-or-high-on-2-to-K",
        3,
        hands={0: "AH 5C 9D"},
        table=[(RUN_2_K, 1)],
        pile="3S",
        phase=Phase.PLAY,
        want="""layoff 0 AH
            layoff 0 AH high""",
    ),
    _case(
        "aces-with-two-decks",
        5,
        hands={0: "AH AH AS AD JD 4S"},
        table=[(RUN_2_K, 1), ("AS 2S 3S", 2), ("QD KD AD", 3)],
        pile="5C",
        phase=Phase.PLAY,
        want="""layoff 0 AH
            layoff 0 AH high
            layoff 1 4S
            layoff 2 JD
            meld AH AS AD""",
        refuse="""layoff 0 AH AH
            layoff 0 AH AH high
            layoff 1 AS high
            layoff 1 AS
            layoff 2 AD
            layoff 2 AD high
            meld AH AH AS""",
    ),
    _case(
        "a-whole-suit-in-hand",
        2,
        hands={0: ALL_CLUBS + " 5D", 1: "2D 3D 4D 6D 7D 8D 9D 10D JD QD KD AD 2H"},
        pile="3H",
        phase=Phase.PLAY,
        want="""meld AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC
            meld 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC
            meld QC KC AC
            meld AC 2C 3C""",
        refuse="""meld KC AC 2C
            meld JC QC KC AC 2C""",
    ),
    _case(
        "full-runs-on-the-table",
        5,
        hands={0: "AC KC AD 2D 5H"},
        table=[(ALL_CLUBS, 1), ("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", 2)],
        pile="6H",
        phase=Phase.PLAY,
        refuse="""layoff 0 AC high
            layoff 0 KC
            layoff 1 AD
            layoff 1 2D""",
    ),
    _case(
        "two-runs-of-one-suit",
        3,
        hands={0: "6S 7S 8S 2H"},
        table=[("3S 4S 5S", 1), ("9S 10S JS", 2)],
        pile="5H",
        phase=Phase.PLAY,
        want="""layoff 0 6S 7S 8S
            layoff 1 6S 7S 8S
            layoff 0 6S
            layoff 1 8S
            meld 6S 7S 8S""",
        refuse="""layoff 0 7S
            layoff 1 6S""",
    ),
    _case(
        "empty-stock",
        3,
        hands={0: "3D 3S 5C"},
        table=[("9D 10D JD", 2)],
        pile="QD 3C 3H 8S",
        stock=0,
        want="""decline
            take QD 3C 3H 8S
            take 3C 3H 8S
            take 3H 8S""",
        refuse="""draw
            take 8S""",
    ),
    _case(
        "empty-stock-and-pile",
        3,
        hands={0: "3D 3S 5C"},
        table=[("9D 10D JD", 2)],
        stock=0,
        want="decline",
        refuse="draw",
    ),
    _case(
        "whole-pile-taken",
        3,
        hands={0: "QD 3C 3H 8S 3D 3S 5C"},
        table=[("9D 10D JD", 2)],
        stock=5,
        phase=Phase.PLAY,
        owed="QD",
        want="""layoff 0 QD
            meld 3C 3D 3H 3S
            meld 3C 3H 3S""",
        refuse="""discard 5C
            discard QD""",
    ),
    _case(
        "owed-card-held-twice",
        5,
        hands={0: "5S 5S 6S 7S 5H 5D"},
        table=[("9C 10C JC", 1)],
        pile="KH",
        phase=Phase.PLAY,
        owed="5S",
        want="""meld 5S 6S 7S
            meld 5S 5H 5D""",
        refuse="""discard 5H
            meld 5S 5S 5H""",
    ),
    _case(
        "take-an-ace-for-either-end",
        3,
        hands={0: "2S 3S 9H"},
        table=[("JS QS KS", 1)],
        pile="7D AS 4C",
        want="""take AS 4C
            draw""",
        refuse="""take 4C
            take 7D AS 4C""",
    ),
    _case(
        "hand-over",
        3,
        hands={0: "2S 3S 9H"},
        table=[("JS QS KS", 1)],
        pile="7D AS 4C",
        phase=Phase.HAND_OVER,
        want="deal",
        refuse="draw",
    ),
    _case(
        "game-over",
        3,
        hands={0: "2S 3S 9H"},
        table=[("JS QS KS", 1)],
        pile="7D AS 4C",
        phase=Phase.GAME_OVER,
        refuse="""deal
            draw""",
    ),
]


def _moves(text: str) -> list[Move]:
    return [Move.from_text(line) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize(("players", "position", "want", "refuse"), CASES)
def test_oracle_agrees_on_hand_built_positions(
    players: int, position: dict[str, object], want: str, refuse: str
) -> None:
    """The traps each position was built for are handled as the rules say, by both sides."""
    s = build_position(players, **position)
    expected = assert_agrees(s)
    engine = set(s.legal_moves())
    for move in _moves(want):
        assert move in expected, f"the rules allow {move}"
        assert move in engine, f"the engine refuses {move}"
    for move in _moves(refuse):
        assert move not in expected, f"the rules forbid {move}"
        assert move not in engine, f"the engine allows {move}"
        with pytest.raises(IllegalMoveError):
            s.apply(move)


def test_no_lay_off_fits_a_full_set() -> None:
    """A set of four takes no more cards, not even a second-deck copy of one of its cards."""
    s = build_position(
        5, hands={0: "2C 5D 9H 7C 7S"}, table=[("7C 7D 7H 7S", 1)], pile="5H", phase=Phase.PLAY
    )
    assert not any(isinstance(m, Layoff) for m in assert_agrees(s))


def test_using_either_copy_of_the_owed_card_pays_the_debt() -> None:
    """With two decks, melding one copy of the owed card settles it; then a discard is legal."""
    s = build_position(
        5,
        hands={0: "5S 5S 6S 7S 5H 5D KH"},
        table=[("9C 10C JC", 1)],
        pile="KD",
        phase=Phase.PLAY,
        owed="5S",
    )
    after = s.push("meld 5S 5H 5D")
    assert after.owed is None
    assert assert_agrees(after) >= set(_moves("discard 5S\ndiscard KH"))
