"""`State.is_legal` agrees exactly with the list of legal moves, in positions of random play.

On a state whose moves have not been listed, ``is_legal`` checks the one move with the rules'
predicates instead of listing every move. Here it is asked about a broad set of moves in
positions reached by random play (any preset with any player count it allows, and a fixed line
for the fewest and the most players of every preset), and must say yes to exactly the moves
that ``legal_moves`` lists:

* every listed move;
* a discard of every card, and ``draw``, ``decline``, ``pass`` and ``deal``;
* a take and a call of every depth of the pile, and of stretches that are not the top of the
  pile (the deepest card alone, the top card left out, the cards in the wrong order, a card
  that is not in the pile);
* every 3- and 4-card subset of the mover's hand as a meld (a sample of them when there are
  many), and melds and lay-offs listed with a wild joker standing for another card;
* each card of the hand, and each pair, laid off on each table meld, low and high, and onto
  table meld numbers past the table.

``apply`` must refuse every move that is not listed with an ``IllegalMoveError`` whose message
is ``explain_illegal``'s, and leave the state as it was.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    Call,
    Deal,
    Decline,
    Discard,
    Draw,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    Pass,
    Phase,
    State,
    Take,
    new_game,
    presets,
)
from rummy500.core.cards import JOKER_AS
from rummy500.toolkit import CARDS, JOKER

#: The most 3- and 4-card subsets of a hand tried as melds in one position.
MAX_MELDS = 120
#: The most melds and lay-offs tried with a joker standing for another card in one position.
MAX_RENAMED = 40
#: The most positions of one line of play that are checked.
MAX_CHECKS = 8


# -- random play ------------------------------------------------------------------------------


def choose(state: State, rng: random.Random) -> Move:
    """A random legal move, chosen so that play reaches varied positions.

    Takes, calls, melds and lay-offs are preferred, so that cards are owed and kept and tables
    fill; a card that could have been laid off is often discarded instead, so that calls
    become possible where the rules have them.
    """
    moves = state.legal_moves()
    if state.phase is Phase.PLAY and rng.random() < 0.4:
        missed = [
            m.laid[0]
            for m in moves
            if isinstance(m, Layoff) and len(m.laid) == 1 and m.laid[0] <= JOKER
        ]
        throws = [m for m in moves if isinstance(m, Discard) and m.card in missed]
        if throws:
            return rng.choice(throws)
    keen = [m for m in moves if isinstance(m, Take | Call | Meld | Layoff)]
    if keen and rng.random() < 0.7:
        return rng.choice(keen)
    return rng.choice(moves)


def kind(state: State) -> str | None:
    """The kind of a position that random play reaches seldom, or ``None`` for a common one."""
    if state.phase >= Phase.CALL:
        return state.phase.name
    if state.kept is not None:
        return "kept"
    if state.owed is not None:
        return "owed"
    if not state.stock_size:
        return "empty stock"
    if state.phase is Phase.PLAY and len(state.hands[state.current_player]) <= 4:
        return "whole hand" if whole_hand_fits(state) else "few cards"
    return None


def whole_hand_fits(state: State) -> bool:
    """Whether the mover's cards would all go down in one move if no discard were needed."""
    size = len(state.hands[state.current_player])
    free = attrs.evolve(state.config, discard_to_go_out=False, floating=False)
    return any(
        isinstance(m, Meld | Layoff) and len(m.cards) == size
        for m in state._replace(config=free).legal_moves()
    )


def positions(name: str, players: int, seed: int, steps: int) -> Iterator[State]:
    """Positions of one seeded line of play of at most ``steps`` moves under a preset.

    The last position is checked, the first two of each rare kind, and a few others, at most
    :data:`MAX_CHECKS` in all.
    """
    rng = random.Random(seed)
    state = new_game(presets.get(name), players, seed)
    seen: Counter[str | None] = Counter()
    for step in range(steps + 1):
        last = step == steps or not state.legal_moves()
        which = kind(state)
        wanted = seen[which] < 2 if which is not None else rng.random() < 0.05
        if sum(seen.values()) < MAX_CHECKS and (last or wanted):
            seen[which] += 1
            yield state
        if last:
            return
        state = state.apply(choose(state, rng))


# -- the moves asked about ----------------------------------------------------------------------


def pile_moves(state: State) -> list[Move]:
    """Takes and calls of every depth of the pile, and of stretches that are not its top."""
    pile = state.pile
    hand = state.hands[state.current_player]
    out: list[Move] = []
    for k in range(1, len(pile) + 1):
        top = pile[len(pile) - k :]
        stretches = [top]
        if k > 1:
            stretches += [top[:1], top[:-1], top[::-1]]
        for cards in stretches:
            out += [Take(cards), Call(cards)]
    if hand:
        # A card under the bottom of the pile that is not there.
        out += [Take((hand[0], *pile)), Call((hand[0], *pile))]
    return out


def meld_moves(state: State, rng: random.Random) -> list[Move]:
    """Every 3- and 4-card subset of the mover's hand as a meld (a sample when many)."""
    hand = state.hands[state.current_player]
    subsets = sorted({c for n in (3, 4) for c in combinations(hand, n)})
    if len(subsets) > MAX_MELDS:
        subsets = rng.sample(subsets, MAX_MELDS)
    return [Meld(c) for c in subsets]


def layoff_moves(state: State) -> list[Move]:
    """Each hand card and each pair laid off low and high on each table meld and past them."""
    hand = state.hands[state.current_player]
    pieces = sorted({(c,) for c in hand} | set(combinations(hand, 2)))
    out: list[Move] = []
    for i in range(len(state.table)):
        out += [Layoff(i, cards, high) for cards in pieces for high in (False, True)]
    past = len(state.table)
    out += [Layoff(i, (c,)) for c in sorted(set(hand)) for i in (past, past + 3)]
    return out


def renamed_jokers(legal: tuple[Move, ...], rng: random.Random) -> list[Move]:
    """Listed melds and lay-offs with each wild joker standing for another card instead."""
    out: list[Move] = []
    for move in legal:
        if isinstance(move, Meld | Layoff) and any(c > JOKER for c in move.cards):
            for face in range(52):
                cards = tuple(JOKER_AS[face] if c > JOKER else c for c in move.cards)
                if isinstance(move, Meld):
                    out.append(Meld(cards))
                else:
                    out.append(Layoff(move.meld_id, cards, move.high))
    if len(out) > MAX_RENAMED:
        out = rng.sample(out, MAX_RENAMED)
    return out


def candidates(state: State, rng: random.Random) -> list[Move]:
    """The moves asked about in ``state`` (each once): the listed ones, then the others."""
    legal = state.legal_moves()
    moves: list[Move] = [
        *legal,
        *(Discard(CARDS[i]) for i in range(JOKER + 1)),
        Draw(),
        Decline(),
        Pass(),
        Deal(),
        *pile_moves(state),
        *meld_moves(state, rng),
        *layoff_moves(state),
        *renamed_jokers(legal, rng),
    ]
    return list(dict.fromkeys(moves))


# -- the check ----------------------------------------------------------------------------------


def check(state: State, rng: random.Random) -> None:
    """``is_legal`` on an unlisted copy of ``state`` says yes to exactly the listed moves, and
    ``apply`` refuses every other move, leaving the state as it was."""
    fresh = state._replace()  # the same position, its moves never listed
    moves = candidates(state, rng)
    listed = set(state.legal_moves())
    answers = {move: fresh.is_legal(move) for move in moves}
    assert [str(m) for m in moves if answers[m] != (m in listed)] == []
    assert [str(m) for m in moves if (fresh.explain_illegal(m) is None) != answers[m]] == []
    for move in moves:
        if move in listed:
            continue
        with pytest.raises(IllegalMoveError) as info:
            fresh.apply(move)
        assert str(info.value) == fresh.explain_illegal(move)
    assert fresh == state


def play_and_check(name: str, players: int, seed: int, steps: int) -> None:
    """Check the positions :func:`positions` picks from one line of play."""
    rng = random.Random(seed + 1)
    for state in positions(name, players, seed, steps):
        check(state, rng)


@st.composite
def lines(draw: st.DrawFn) -> tuple[str, int, int, int]:
    """A preset, a player count it allows, a seed and a number of moves to play."""
    name = draw(st.sampled_from(presets.names()))
    players = draw(st.sampled_from(list(presets.get(name).player_counts)))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    steps = draw(st.integers(min_value=10, max_value=400))
    return name, players, seed, steps


@given(line=lines())
def test_is_legal_agrees_with_the_legal_moves(line: tuple[str, int, int, int]) -> None:
    play_and_check(*line)


@pytest.mark.parametrize("name", presets.names())
def test_is_legal_agrees_with_the_legal_moves_under_every_preset(name: str) -> None:
    counts = presets.get(name).player_counts
    for players in (counts[0], counts[-1]):
        play_and_check(name, players, seed=len(name) + players, steps=120)
