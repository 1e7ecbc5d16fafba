"""Built-in players: a :class:`Bot` protocol, :class:`RandomBot`, :class:`GreedyBot`, the
search bots :class:`FlatMCBot` and :class:`ISMCTSBot`, and :func:`play_game` to play a game
between bots to the end.

A bot sees only its :class:`~rummy500.PlayerView` (its own hand and the public table),
never the full :class:`~rummy500.State`, so it cannot peek at other hands or at the stock.
When it is the bot's turn the view lists the legal moves, and a bot simply picks one:

    >>> import rummy500
    >>> from rummy500.bots import GreedyBot, RandomBot, play_game
    >>> start = rummy500.new_game(players=2, seed=1)
    >>> final = play_game(start, [GreedyBot(), RandomBot(1)])
    >>> final.is_terminal()
    True

**Search bots** plan in *worlds*: whole states drawn by :func:`~rummy500.toolkit.sample_world`
from what the bot knows, never the real state (a :class:`~rummy500.toolkit.WorldSampler` for
each decision, which reads the view's log once). Both play each world on to the end of the
*hand* with a playout policy (:func:`playout_move`) and value it by the hand's score
(:func:`hand_value`): each player's side's score of the hand less the mean score of the other
sides, over :data:`SCALE`. Playing on to the end of the game would cost several times more per
playout (a game is several hands, each with a new deal), and the score of the hand in play is
what a move can change: points on the table count for the player and cards left in hand against
them. What this leaves out is the game situation (a side near the target playing safe, say).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final, Protocol, cast, runtime_checkable

from rummy500 import (
    Call,
    Card,
    ConfigError,
    Deal,
    Decline,
    Discard,
    Draw,
    Layoff,
    Meld,
    Move,
    Pass,
    Phase,
    PlayerView,
    State,
    StateError,
    Take,
)
from rummy500.bots.greedy import Weigher, greedy_move, weigher
from rummy500.toolkit import JOKER, WorldSampler, describe_value

__all__ = [
    "BOT_NAMES",
    "SCALE",
    "Bot",
    "FlatMCBot",
    "GreedyBot",
    "ISMCTSBot",
    "Policy",
    "RandomBot",
    "hand_value",
    "make_bot",
    "play_game",
    "playout",
    "playout_move",
]


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses a move from a player's view of the game."""

    def choose(self, view: PlayerView) -> Move:
        """One of ``view.legal_moves`` (the view is of the player whose turn it is)."""
        ...


def _need_moves(view: PlayerView) -> tuple[Move, ...]:
    if not isinstance(view, PlayerView):
        raise StateError(f"a bot chooses from a PlayerView, not {describe_value(view)}")
    if not view.legal_moves:
        raise StateError(
            f"player {view.player} has no move to choose: it is not their turn "
            f"(the player to move is {view.current_player})"
        )
    return view.legal_moves


def _seed(owner: str, seed: object) -> int:
    """``seed``, which must be a whole number (a bot seeded with ``None`` would not replay)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"{owner} seed must be a whole number, not {describe_value(seed)}")
    return seed


def _number(owner: str, name: str, value: object, *, above: float | None = None) -> float:
    """``value``, which must be a finite real number (above ``above``, or 0 or more)."""
    at_least = "0 or more" if above is None else f"more than {above:g}"
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not (value > above if above is not None else value >= 0)
    ):
        raise ConfigError(
            f"{owner} {name} must be {at_least} (a finite number), not {describe_value(value)}"
        )
    return value


class RandomBot:
    """Plays a legal move chosen uniformly at random.

    It draws its choices from its own :class:`random.Random` seeded with ``seed``, so a new
    ``RandomBot(seed)`` shown the same positions makes the same choices, and it never touches
    the global random state.
    """

    name: Final = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = _seed("RandomBot", seed)
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
#: Phases read once (an enum member read from its class costs more than the test itself).
_PLAY: Final = Phase.PLAY
_CALL: Final = Phase.CALL
_HAND_OVER: Final = Phase.HAND_OVER


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
        legal = _need_moves(view)
        config = view.config
        weigh = self._weigher
        if weigh is None or weigh.config is not config:
            weigh = self._weigher = weigher(config)
        return greedy_move(weigh, view, legal)

    def __repr__(self) -> str:
        return "GreedyBot()"


# -- search bots ----------------------------------------------------------------------------

#: The points of a hand's score difference that make one unit of playout value.
SCALE: Final = 100.0

#: A playout policy: a move for the player to move in a state (a world's full state).
Policy = Callable[[State, random.Random], Move]


def _spare(hand: tuple[Card, ...]) -> set[Card]:
    """The cards of ``hand`` that make no pair, and no two cards of a suit at most two ranks
    apart, with another card of it (aces low only: a cheap stand-in for the rules' run
    shapes). Jokers are never spare."""
    # Card ids: suit * 13 + rank - 1 for the standard cards, JOKER and above for jokers. A
    # card's other copy (two decks) is the same card, which makes it no less spare: masks of
    # the suits holding each rank and of the ranks each suit holds say all that counts.
    suits_of = [0] * 13
    ranks_in = [0, 0, 0, 0]
    naturals = []
    for card in hand:
        if card < JOKER:
            suit, rank = divmod(int(card), 13)
            suits_of[rank] |= 1 << suit
            ranks_in[suit] |= 1 << rank
            naturals.append((card, suit, rank))
    return {
        card
        for card, suit, rank in naturals
        if suits_of[rank] == 1 << suit and not ranks_in[suit] & _NEAR_RANKS[rank]
    }


#: By rank (0 the ace, aces low only), a mask of the other ranks at most two apart.
_NEAR_RANKS: Final = tuple(
    sum(1 << other for other in range(13) if other != rank and abs(other - rank) <= 2)
    for rank in range(13)
)


def _check_playout(function: str, state: object, rng: object) -> None:
    """Refuse a state and a random number generator that a playout cannot play with."""
    if not isinstance(state, State):
        raise StateError(f"{function} plays from a State, not {describe_value(state)}")
    if not isinstance(rng, random.Random):
        raise ConfigError(f"{function}'s rng must be a random.Random, not {describe_value(rng)}")


def playout_move(state: State, rng: random.Random) -> Move:
    """The default playout policy's move in ``state``, for whoever is to move.

    It plays on a world's full state: put down the meld or lay-off with the most cards; call
    rummy whenever allowed; take at most two cards from the pile when the deepest of them can go
    down this turn, otherwise draw; discard the
    highest-value card that makes no pair and no short run with another card, at random among
    equals. It is cheap, and close enough to how people play for playouts to tell good moves
    from bad. A ``state`` that is not a :class:`~rummy500.State` raises
    :class:`~rummy500.StateError`, an ``rng`` that is not a :class:`random.Random`
    :class:`~rummy500.ConfigError`.
    """
    _check_playout("playout_move", state, rng)
    return _playout_move(state, rng)


def _playout_move(state: State, rng: random.Random) -> Move:
    """:func:`playout_move` without its checks: what :func:`playout` plays at every step."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if state.phase == _PLAY:
        best: Move | None = None
        most = 0
        discards: list[Discard] = []
        for move in moves:
            if type(move) is Discard:
                discards.append(move)
            elif type(move) is Meld or type(move) is Layoff:
                assert isinstance(move, Meld | Layoff)
                if len(move.cards) > most:
                    best, most = move, len(move.cards)
        if best is not None:
            return best
        if not discards:
            return rng.choice(moves)
        hand = state.hands[state.current_player]
        by_card = state.config.card_values.by_card
        loose = _spare(hand)
        spare = [d for d in discards if d.card in loose] or discards
        top = max(by_card[d.card] for d in spare)
        return rng.choice([d for d in spare if by_card[d.card] == top])
    if state.phase == _CALL:
        calls = [m for m in moves if type(m) is Call]
        return rng.choice(calls) if calls else _PASS
    takes = [m for m in moves if type(m) is Take and len(m.taken) <= 2]
    rng.shuffle(takes)
    for take in takes:
        if _puts_down(state, take):
            return take
    if _DRAW in moves:
        return _DRAW
    for move in moves:
        if type(move) is Decline:
            return move
    return rng.choice(moves)


def _puts_down(state: State, take: Move) -> bool:
    """Whether ``take`` lets the player put its deepest card down this turn."""
    after = state.apply(take)
    if after.owed is not None:
        return True  # an owed card must go down, so the take was legal only if it can
    # A top card kept in hand (keep_top_discard) need not go down: taking it back again and
    # again would stall the hand.
    kept = after.kept
    return any(
        kept in move.cards
        for move in after.legal_moves()
        if type(move) is Meld or type(move) is Layoff
    )


def playout(state: State, rng: random.Random, policy: Policy = playout_move) -> State:
    """Play ``state`` on to the end of its hand with ``policy`` for every player.

    Raises :class:`~rummy500.StateError` for a ``state`` that is not a
    :class:`~rummy500.State`, and :class:`~rummy500.ConfigError` for an ``rng`` that is not a
    :class:`random.Random` or a ``policy`` that cannot be called.
    """
    _check_playout("playout", state, rng)
    policy = _policy("playout", policy)
    if policy is playout_move:
        # Checked once here, not at every step.
        policy = _playout_move
    while state.phase < _HAND_OVER:
        state = state.apply(policy(state, rng))
    return state


def hand_value(state: State) -> tuple[float, ...]:
    """Each player's value of the hand just ended in ``state``: their side's score of the hand
    less the mean of the other sides' scores, over :data:`SCALE`."""
    if not isinstance(state, State) or not state.history:
        raise StateError(
            f"hand_value scores a State whose hand is over, not {describe_value(state)}"
            + (" with no hand played" if isinstance(state, State) else "")
        )
    scores = state.history[-1]
    sides = len(scores)
    total = sum(scores)
    config = state.config
    players = state.players
    per_side = [(s - (total - s) / (sides - 1)) / SCALE for s in scores]
    return tuple(per_side[config.side_of(p, players)] for p in range(players))


class _Budget:
    """Stops a search after ``iterations`` iterations or ``seconds`` seconds, whichever comes
    first (``None``: no limit of that kind)."""

    __slots__ = ("deadline", "iterations")

    def __init__(self, owner: str, name: str, iterations: object, seconds: object) -> None:
        if iterations is None and seconds is None:
            raise ConfigError(f"{owner} needs a budget: {name}, seconds or both")
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise ConfigError(
                f"{owner} {name} must be 1 or more (a whole number, or None), "
                f"not {describe_value(iterations)}"
            )
        self.iterations: int | None = iterations
        self.deadline = None if seconds is None else _number(owner, "seconds", seconds, above=0)

    def counter(self) -> Callable[[int], bool]:
        """A test of whether iteration ``i`` (from 0) may run."""
        limit = self.iterations
        if self.deadline is None:
            assert limit is not None
            return lambda i: i < limit
        end = time.perf_counter() + self.deadline
        if limit is None:
            return lambda i: time.perf_counter() < end
        return lambda i: i < limit and time.perf_counter() < end


def _policy(owner: str, policy: object) -> Policy:
    if not callable(policy):
        raise ConfigError(
            f"{owner} policy must be a function of a state and a random.Random that returns a "
            f"move, not {describe_value(policy)}"
        )
    return cast(Policy, policy)


class FlatMCBot:
    """Flat Monte Carlo: tries every legal move in turn, each in a fresh world followed by a
    playout to the end of the hand, and plays the move with the best mean value.

    ``playouts`` is the number of playouts per decision (shared round-robin among the legal
    moves), ``seconds`` an optional time limit per decision; ``seed`` seeds the bot's own
    :class:`random.Random`, so the same bot shown the same views plays the same moves.
    """

    name: Final = "flatmc"

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int | None = 200,
        seconds: float | None = None,
        policy: Policy = playout_move,
    ) -> None:
        self.seed = _seed("FlatMCBot", seed)
        self.budget = _Budget("FlatMCBot", "playouts", playouts, seconds)
        self.policy = _policy("FlatMCBot", policy)
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        """The legal move with the best mean playout value."""
        moves = _need_moves(view)
        if len(moves) == 1:
            return moves[0]
        rng = self._rng
        totals = [0.0] * len(moves)
        counts = [0] * len(moves)
        go = self.budget.counter()
        worlds = WorldSampler(view)
        i = 0
        while go(i):
            k = i % len(moves)
            world = worlds.sample(rng)
            end = playout(world.apply(moves[k]), rng, self.policy)
            totals[k] += hand_value(end)[view.player]
            counts[k] += 1
            i += 1
        return moves[max(range(len(moves)), key=lambda k: totals[k] / max(counts[k], 1))]

    def __repr__(self) -> str:
        return f"FlatMCBot({self.seed}, playouts={self.budget.iterations})"


class _Node:
    """A node of the ISMCTS tree: the moves from the root that lead to it, from the point of
    view of the player who made the last of them (``player``)."""

    __slots__ = ("available", "children", "parent", "player", "total", "visits")

    def __init__(self, parent: _Node | None, player: int) -> None:
        self.parent = parent
        self.player = player
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class ISMCTSBot:
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

    Every iteration samples a world from the bot's view (:func:`~rummy500.toolkit.sample_world`)
    and walks one tree over the bot's information set: a node is a sequence of moves from the
    root, whoever made them, so the tree is shared by every world. At a node it first tries a
    move of this world not yet in the tree; when all are, it picks by UCB1 over the moves legal
    in this world, counting for each child how often it was available (a move is legal only in
    some worlds). The world is then played out to the end of the hand with :func:`playout_move`
    and every node on the path is credited with the value to the player who moved into it
    (:func:`hand_value`). The bot plays the root move visited most.

    Worlds are walked forward with :meth:`State.apply <rummy500.State.apply>` (each
    position is a small new object linked to its parent): no state is ever copied. The tree
    covers the current hand only. ``iterations`` and ``seconds`` bound each decision (either or
    both); ``exploration`` is the UCB1 constant; ``seed`` seeds the bot's own
    :class:`random.Random`.
    """

    name: Final = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = 300,
        seconds: float | None = None,
        exploration: float = 0.7,
        policy: Policy = playout_move,
    ) -> None:
        self.seed = _seed("ISMCTSBot", seed)
        self.budget = _Budget("ISMCTSBot", "iterations", iterations, seconds)
        self.exploration = _number("ISMCTSBot", "exploration", exploration)
        self.policy = _policy("ISMCTSBot", policy)
        self._rng = random.Random(seed)
        #: Iterations run by the last :meth:`choose` (0 when the move was forced).
        self.last_iterations = 0

    def choose(self, view: PlayerView) -> Move:
        """The root move visited most by the search."""
        moves = _need_moves(view)
        self.last_iterations = 0
        if len(moves) == 1:
            return moves[0]
        root = self.search(view)
        children = root.children
        return max(moves, key=lambda m: children[m].visits if m in children else -1)

    def search(self, view: PlayerView) -> _Node:
        """Run the search from ``view`` (of the player to move, as :meth:`choose` takes it) and
        return the root of its tree."""
        _need_moves(view)
        rng = self._rng
        policy = self.policy
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        root = _Node(None, view.player)
        go = self.budget.counter()
        worlds = WorldSampler(view)
        i = 0
        while go(i):
            state = worlds.sample(rng)
            node = root
            while state.phase < _HAND_OVER:
                moves = state.legal_moves()
                children = node.children
                fresh = [m for m in moves if m not in children]
                if fresh:
                    for m in moves:
                        if m in children:
                            children[m].available += 1
                    move = rng.choice(fresh)
                    child = _Node(node, state.current_player)
                    child.available = 1
                    children[move] = child
                    node = child
                    state = state.apply(move)
                    break
                best = -math.inf
                pick = moves[0]
                for m in moves:
                    ch = children[m]
                    ch.available += 1
                    score = ch.total / ch.visits + c * sqrt(log(ch.available) / ch.visits)
                    if score > best:
                        best, pick = score, m
                node = children[pick]
                state = state.apply(pick)
            end = playout(state, rng, policy)
            values = hand_value(end)
            back: _Node | None = node
            while back is not None:
                back.visits += 1
                back.total += values[back.player]
                back = back.parent
            i += 1
        self.last_iterations = i
        return root

    def __repr__(self) -> str:
        return f"ISMCTSBot({self.seed}, iterations={self.budget.iterations})"


#: The built-in bots by name, each made from a seed (the greedy bot ignores it). The search
#: bots of :mod:`rummy500.search` come with modest budgets, so that a game takes seconds, not
#: minutes: ``flatmc`` 100 playouts and ``ismcts`` 100 iterations per decision.
BOT_NAMES: Final[dict[str, Callable[[int], Bot]]] = {
    "random": RandomBot,
    "greedy": lambda seed: GreedyBot(),
    "flatmc": lambda seed: FlatMCBot(seed, playouts=100),
    "ismcts": lambda seed: ISMCTSBot(seed, iterations=100),
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A built-in bot by name (a key of :data:`BOT_NAMES`, such as ``"greedy"`` or
    ``"ismcts"``), seeded with ``seed``.

    Raises :class:`~rummy500.ConfigError` for a name that is not a built-in bot's (or
    not a str) and a seed that is not a whole number.
    """
    factory = BOT_NAMES.get(name.strip().lower()) if isinstance(name, str) else None
    if factory is None:
        raise ConfigError(
            f"unknown bot {describe_value(name)}: make_bot's name is one of the built-in bots, "
            f"{', '.join(BOT_NAMES)}"
        )
    return factory(_seed("make_bot", seed))


def play_game(state: State, bots: Sequence[Bot], *, max_moves: int | None = None) -> State:
    """Play from ``state`` to the end of the game, ``bots[p]`` choosing for player ``p``.

    Each bot is shown only its own view. Between hands the next hand is dealt. Returns the
    final state (its :attr:`~rummy500.State.move_stack` gives the whole line of play); a game
    drawn at the hand limit ends with ``winner`` ``None``. Every game ends, within
    ``config.hand_limit`` hands of at most ``config.turn_limit`` turns. With ``max_moves``,
    stops after that many moves even if the game is not over.
    """
    if not isinstance(state, State):
        raise StateError(f"play_game plays from a State, not {describe_value(state)}")
    if not isinstance(bots, Sequence) or not all(isinstance(b, Bot) for b in bots):
        raise ConfigError(
            "play_game's bots are a list of bots (objects with a choose method), one for each "
            f"player, not {describe_value(bots)}"
        )
    if len(bots) != state.players:
        raise ConfigError(
            f"a {state.players}-player game needs {state.players} bots, not {len(bots)}"
        )
    if max_moves is not None and (
        isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 0
    ):
        raise ConfigError(
            f"play_game's max_moves must be 0 or more (a whole number, or None), "
            f"not {describe_value(max_moves)}"
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
