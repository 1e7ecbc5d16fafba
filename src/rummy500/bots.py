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

from rummy500 import (
    Call,
    Card,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    PlayerView,
    RuleConfig,
    RunShape,
    State,
    TableMeld,
    Take,
    possible_layoffs,
    possible_melds,
    put_down,
    run_shape,
    table_points,
)

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

_DRAW: Final = Draw()
_PASS: Final = Pass()
_DEAL: Final = Deal()


def _gain(
    hand: Sequence[Card],
    table: tuple[TableMeld, ...],
    move: Meld | Layoff,
    config: RuleConfig,
    player: int,
    players: int,
) -> tuple[int, tuple[Card, ...], tuple[TableMeld, ...]]:
    """The points a meld or lay-off puts down for ``player``, and the hand and table after it."""
    if isinstance(move, Layoff):
        onto: int | None = move.meld
        high = move.high
    else:
        onto, high = None, False
    new_hand, new_table = put_down(
        tuple(hand), table, move.cards, player, config, onto=onto, high=high
    )
    values = config.card_values
    before = table_points(values, table, players)[player]
    after = table_points(values, new_table, players)[player]
    return after - before, new_hand, new_table


def _plays(
    hand: Sequence[Card], table: tuple[TableMeld, ...], config: RuleConfig
) -> list[Meld | Layoff]:
    """Every meld and lay-off that ``hand`` allows on ``table``."""
    moves: list[Meld | Layoff] = [Meld(cards) for cards in possible_melds(hand, config)]
    moves.extend(
        Layoff(index, cards, high) for index, cards, high in possible_layoffs(hand, table, config)
    )
    return moves


def _greedy_points(
    cards: Sequence[Card],
    table: Sequence[TableMeld],
    config: RuleConfig,
    player: int,
    players: int,
    first_with: Card | None = None,
) -> tuple[int, list[Card]]:
    """Put down the best play again and again; return the points put down and the cards left.

    With ``first_with``, the first play must include that card (the deepest card of a take).
    """
    hand = tuple(cards)
    melds = tuple(table)
    scored = 0
    must = first_with
    while True:
        options = _plays(hand, melds, config)
        if must is not None:
            options = [m for m in options if must in [c.physical for c in m.cards]]
        if not options:
            return scored, list(hand)
        best = max(
            ((*_gain(hand, melds, m, config, player, players), len(m.cards)) for m in options),
            key=lambda g: (g[0], g[3]),
        )
        points, hand, melds, _ = best
        scored += points
        must = None


def _near_meld(card: Card, others: Sequence[Card], shape: RunShape) -> bool:
    """Whether ``card`` is half of a future meld with another card: a pair, or two cards of a
    suit at most two positions apart in a run the rules allow."""
    if card.is_joker:
        return True  # a joker is wild: always worth keeping
    suit, rank = card.suit, card.rank
    mine = shape.positions(rank)
    for o in others:
        if o.rank == rank and o.suit != suit:
            return True
        if o.suit == suit and o.rank != rank:
            # A card may have two positions: the ace below the 2 and above the king (unless
            # aces are high only), every card one lap up where runs wrap round.
            gap = min(abs(a - b) for a in shape.positions(o.rank) for b in mine)
            if gap <= 2:
                return True
    return False


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
    """

    name: Final = "greedy"

    def choose(self, view: PlayerView) -> Move:
        """The greedy move in this view."""
        legal = _need_moves(view)
        first = legal[0]
        if isinstance(first, Meld | Layoff | Discard):
            return self._play(view, legal)
        best = self._best_take(view, legal)
        if best is not None:
            return best
        if isinstance(first, Call | Pass):
            return _PASS
        if _DRAW in legal:
            return _DRAW
        for move in legal:
            if isinstance(move, Decline):
                return move
        return legal[0]

    def _best_take(self, view: PlayerView, legal: tuple[Move, ...]) -> Move | None:
        """The take (or call) that puts the most points down this turn, if any gains."""
        config = view.config
        values = config.card_values
        players = len(view.hand_sizes)
        baseline, _ = _greedy_points(view.hand, view.table, config, view.player, players)
        best: Move | None = None
        best_gain = 0
        for move in legal:
            if not isinstance(move, Take | Call):
                continue
            cards = (*view.hand, *move.taken)
            scored, left = _greedy_points(
                cards, view.table, config, view.player, players, move.deepest
            )
            # Only the taken cards still in hand count against the take: the bot's own cards
            # are in its hand either way.
            stuck = _taken_left(move.taken, view.hand, left)
            gain = scored - baseline - sum(values.points(c) for c in stuck)
            if gain > best_gain:
                best, best_gain = move, gain
        return best

    def _play(self, view: PlayerView, legal: tuple[Move, ...]) -> Move:
        best: Move | None = None
        best_key = (-1, -1)
        players = len(view.hand_sizes)
        for move in legal:
            if not isinstance(move, Meld | Layoff):
                continue
            points, _, _ = _gain(view.hand, view.table, move, view.config, view.player, players)
            key = (points, len(move.cards))
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
        shape = run_shape(view.config)

        def spare(card: Card) -> bool:
            others = list(hand)
            others.remove(card)
            return not _near_meld(card, others, shape)

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
    final state (its :meth:`~rummy500.state.State.moves` give the whole line of play); a game
    drawn at the hand limit ends with ``winner`` ``None``. Every game ends, within
    ``config.hand_limit`` hands of at most ``config.turn_limit`` turns. With ``max_moves``,
    stops after that many moves even if the game is not over.
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
            state = state.apply(_DEAL)
        else:
            player = state.current_player
            state = state.apply(bots[player].choose(state.view(player)))
        played += 1
    return state
