"""Built-in players: a :class:`Bot` protocol, :class:`RandomBot`, :class:`GreedyBot`, and
:func:`play_game` to play a game between bots to the end.

A bot sees only its :class:`~rummy500.state.PlayerView` (its own hand and the public table),
never the full :class:`~rummy500.state.State`, so it cannot peek at other hands or at the stock.
When it is the bot's turn the view lists the legal moves, and a bot simply picks one::

    >>> import rummy500
    >>> from rummy500.bots import GreedyBot, RandomBot, play_game
    >>> final = play_game(rummy500.new_game(players=2, seed=1), [GreedyBot(), RandomBot(1)])
    >>> final.is_terminal()
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol, runtime_checkable

from rummy500.cards import ACE, Card
from rummy500.melds import HIGH_ACE, TableMeld, new_melds, run_layoffs, set_layoffs, suit_masks
from rummy500.moves import DEAL, DRAW, Decline, Discard, Layoff, Meld, Move, Take
from rummy500.rules import CardValues
from rummy500.state import PlayerView, State

__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "RandomBot", "make_bot", "play_game"]


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses a move from a player's view of the game."""

    def choose(self, view: PlayerView) -> Move:
        """One of ``view.legal_moves`` (the view is of the player whose turn it is)."""
        ...


def _need_moves(view: PlayerView) -> tuple[Move, ...]:
    if not view.legal_moves:
        raise ValueError(
            f"player {view.player} has no move to choose: it is not their turn "
            f"(the player to move is {view.current_player})"
        )
    return view.legal_moves


class RandomBot:
    """Plays a legal move chosen uniformly at random.

    It draws its choices from its own :class:`random.Random` seeded with ``seed``, so a new
    ``RandomBot(seed)`` shown the same positions makes the same choices, and it never touches
    the global random state.
    """

    name: Final = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        """A legal move, uniformly at random."""
        return self._rng.choice(_need_moves(view))

    def __repr__(self) -> str:
        return f"RandomBot({self.seed})"


# -- the greedy bot's arithmetic -------------------------------------------------------------

#: A way to put cards down: (points, cards, table meld index or None for a new meld, high ace).
_Play = tuple[int, tuple[Card, ...], int | None, bool]


def _layoff_points(values: CardValues, meld: TableMeld, cards: Sequence[Card], high: bool) -> int:
    # An ace laid off on a run goes to its low end (worth low_ace) unless laid off high.
    return sum(values.points(c, low_ace=meld.is_run and c.rank == ACE and not high) for c in cards)


def _meld_points(values: CardValues, cards: Sequence[Card]) -> int:
    return sum(TableMeld.new(cards, 0).card_points(values))


def _plays(cards: Sequence[Card], table: Sequence[TableMeld], values: CardValues) -> list[_Play]:
    """Every meld and lay-off that ``cards`` allow on ``table``, with the points each scores."""
    masks = suit_masks(cards)
    out: list[_Play] = [(_meld_points(values, m), m, None, False) for m in new_melds(masks)]
    for i, meld in enumerate(table):
        if meld.is_run:
            out.extend(
                (_layoff_points(values, meld, laid, high), laid, i, high)
                for laid, high in run_layoffs(meld, masks)
            )
        else:
            out.extend(
                (_layoff_points(values, meld, (c,), False), (c,), i, False)
                for c in set_layoffs(meld, masks)
            )
    return out


def _play_key(play: _Play) -> tuple[int, int]:
    # Most points first, then the most cards.
    return play[0], len(play[1])


def _greedy_points(
    cards: Sequence[Card],
    table: Sequence[TableMeld],
    values: CardValues,
    player: int,
    first_with: Card | None = None,
) -> tuple[int, list[Card]]:
    """Put down the best play again and again; return the points put down and the cards left.

    With ``first_with``, the first play must include that card (the deepest card of a take).
    """
    hand = list(cards)
    melds = list(table)
    scored = 0
    must = first_with
    while True:
        options = _plays(hand, melds, values)
        if must is not None:
            options = [p for p in options if must in p[1]]
        if not options:
            return scored, hand
        points, laid, index, high = max(options, key=_play_key)
        for c in laid:
            hand.remove(c)
        if index is None:
            melds.append(TableMeld.new(laid, player))
        else:
            melds[index] = melds[index].extended(laid, player, high_ace=high)
        scored += points
        must = None


def _near_meld(card: Card, others: Sequence[Card]) -> bool:
    """Whether ``card`` is half of a future meld with another card: a pair or a run draw."""
    suit, rank = card.suit, card.rank
    for o in others:
        if o.rank == rank and o.suit != suit:
            return True
        if o.suit == suit and o.rank != rank:
            # The ace sits both below the 2 and above the king.
            gap = min(abs(a - b) for a in _positions(o.rank) for b in _positions(rank))
            if gap <= 2:
                return True
    return False


def _positions(rank: int) -> tuple[int, ...]:
    return (1, HIGH_ACE) if rank == ACE else (rank,)


class GreedyBot:
    """A simple, deterministic player that puts down all it can as soon as it can.

    Its rules, in order:

    * **Draw or take.** For every legal take it works out, by melding greedily (below), how
      many points the take would let it put on the table this turn beyond what its hand alone
      allows, and subtracts the points of the taken cards that would be left in its hand. It
      makes the take with the best such gain when the gain is above zero (the fewest cards on
      a tie); otherwise it draws from the stock. With the stock empty and no take worth making
      it declines, which ends the hand.
    * **Meld and lay off.** While it can, it puts down the meld or lay-off worth the most
      points (the one with the most cards on a tie, then the first in the legal-move order).
    * **Discard.** It discards its highest-value card among those that are not half of a
      future meld (a pair of one rank, or two cards of a suit at most two apart); if every card
      is, its highest-value card overall. Ties go to the higher rank, then the higher suit.
    """

    name: Final = "greedy"

    def choose(self, view: PlayerView) -> Move:
        """The greedy move in this view."""
        legal = _need_moves(view)
        first = legal[0]
        if isinstance(first, Meld | Layoff | Discard):
            return self._play(view, legal)
        return self._draw(view, legal)

    def _draw(self, view: PlayerView, legal: tuple[Move, ...]) -> Move:
        values = view.config.card_values
        baseline, _ = _greedy_points(view.hand, view.table, values, view.player)
        best: Take | None = None
        best_gain = 0
        for move in legal:
            if not isinstance(move, Take):
                continue
            cards = (*view.hand, *move.taken)
            scored, left = _greedy_points(cards, view.table, values, view.player, move.deepest)
            # Only the taken cards still in hand count against the take: the bot's own cards
            # are in its hand either way.
            stuck = _taken_left(move.taken, view.hand, left)
            gain = scored - baseline - sum(values.points(c) for c in stuck)
            if gain > best_gain:
                best, best_gain = move, gain
        if best is not None:
            return best
        if DRAW in legal:
            return DRAW
        for move in legal:
            if isinstance(move, Decline):
                return move
        return legal[0]

    def _play(self, view: PlayerView, legal: tuple[Move, ...]) -> Move:
        values = view.config.card_values
        best: Move | None = None
        best_key = (-1, -1)
        table = view.table
        for move in legal:
            if isinstance(move, Meld):
                key = (_meld_points(values, move.melded), len(move.melded))
            elif isinstance(move, Layoff):
                pts = _layoff_points(values, table[move.meld], move.laid, move.high_ace)
                key = (pts, len(move.laid))
            else:
                continue
            if key > best_key:
                best, best_key = move, key
        if best is not None:
            return best
        return self._discard(view, legal)

    def _discard(self, view: PlayerView, legal: tuple[Move, ...]) -> Move:
        values = view.config.card_values
        discards = [m for m in legal if isinstance(m, Discard)]
        if not discards:
            return legal[0]
        hand = list(view.hand)

        def spare(card: Card) -> bool:
            others = list(hand)
            others.remove(card)
            return not _near_meld(card, others)

        pool = [m for m in discards if spare(m.card)] or discards
        return max(pool, key=lambda m: (values.points(m.card), m.card.rank, m.card))

    def __repr__(self) -> str:
        return "GreedyBot()"


def _taken_left(taken: Sequence[Card], hand: Sequence[Card], left: Sequence[Card]) -> list[Card]:
    """The taken cards among ``left`` (the cards left after melding hand and taken cards)."""
    # Count per card: whatever of it is left beyond what the hand held came from the pile.
    out: list[Card] = []
    for c in dict.fromkeys(taken):
        extra = left.count(c) - hand.count(c)
        out.extend([c] * max(0, min(extra, taken.count(c))))
    return out


#: The built-in bots by name, each made from a seed (the greedy bot ignores it).
BOT_NAMES: Final[dict[str, Callable[[int], Bot]]] = {
    "random": RandomBot,
    "greedy": lambda seed: GreedyBot(),
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A built-in bot by name (``"random"`` or ``"greedy"``), seeded with ``seed``."""
    try:
        factory = BOT_NAMES[name.strip().lower()]
    except KeyError:
        raise ValueError(
            f"unknown bot {name!r}: the built-in bots are {', '.join(BOT_NAMES)}"
        ) from None
    return factory(seed)


def play_game(state: State, bots: Sequence[Bot], *, max_moves: int | None = None) -> State:
    """Play from ``state`` to the end of the game, ``bots[p]`` choosing for player ``p``.

    Each bot is shown only its own view. Between hands the next hand is dealt. Returns the
    final state (its :meth:`~rummy500.state.State.moves` give the whole line of play). With
    ``max_moves``, stops after that many moves even if the game is not over.
    """
    if len(bots) != state.players:
        raise ValueError(
            f"a {state.players}-player game needs {state.players} bots, not {len(bots)}"
        )
    played = 0
    while not state.is_terminal():
        if max_moves is not None and played >= max_moves:
            break
        if state.is_chance_node():
            state = state.apply(DEAL)
        else:
            player = state.current_player
            state = state.apply(bots[player].choose(state.view(player)))
        played += 1
    return state
