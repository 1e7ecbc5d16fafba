"""The immutable game state, the start of a game, and each player's view of it.

A :class:`State` describes a whole game: the hand in progress (hands, stock, discard pile,
table melds with the owner of every card), the running totals and the score of every finished
hand. It never changes. :meth:`State.apply` returns a new state; :meth:`State.undo` returns the
state the move was applied to (the very same object, in O(1)).

Build the opening state with :func:`new_game`, or any position at all with
:meth:`State.from_position`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from rummy500.cards import CARDS, JOKER, Card, _shown, make_deck
from rummy500.dealing import choose_first_dealer, deal_hand
from rummy500.engine import apply, explain_illegal, is_legal
from rummy500.errors import IllegalMoveError, StateError
from rummy500.melds import TableMeld, canonical_meld, meld_error
from rummy500.movegen import generate
from rummy500.moves import Move, PileMove
from rummy500.phases import CHANCE, TERMINAL, OwedUse, Phase
from rummy500.position import Position, self_set
from rummy500.rules import CallRule, RuleConfig

__all__ = ["CHANCE", "TERMINAL", "Phase", "PlayerView", "State", "new_game", "parse_move"]


def _hands(value: Iterable[Iterable[int]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(CARDS[c] for c in hand)) for hand in value)


def _cards(value: Iterable[int]) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in value)


class State(Position):
    """One position of a game of Rummy 500, with the moves that lead on from it.

    Immutable; compare with ``==``. See :class:`~rummy500.position.Position` for the fields.
    """

    __slots__ = ()

    # -- moves ----------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a fixed order; empty only when the game is over."""
        moves = self._legal
        if moves is None:
            moves = generate(self)
            self_set(self, "_legal", moves)
        return moves

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here (checked on its own: no list of moves is built)."""
        return is_legal(self, move)

    def explain_illegal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, naming the rule; ``None`` when it is legal."""
        return explain_illegal(self, move)

    def apply(self, move: Move) -> State:
        """The state after ``move``. Raises :class:`~rummy500.errors.IllegalMoveError`."""
        return apply(self, move)

    def push(self, move: Move | str) -> State:
        """Like :meth:`apply`, but also reads a move's text form (see :meth:`parse_move`)."""
        return self.apply(self.parse_move(move) if isinstance(move, str) else move)

    def undo(self) -> State:
        """The state before the last move (the same object). Raises if there is none."""
        parent = self.parent
        if parent is None:
            raise IllegalMoveError("there is no move to undo: this state was built directly")
        return parent

    def detached(self) -> State:
        """This position with no undo history, so that the positions before it can be freed.

        Long self-play keeps every position of a game alive through :meth:`undo`; carry on
        from ``state.detached()`` now and then (between hands, say) to bound the memory.
        """
        return self.of(**self.fields())

    def parse_move(self, text: str) -> Move:
        """Read a move's text, also accepting ``take CARD`` for the top-most such card.

        Besides :meth:`Move.from_text`, this accepts ``take CARD`` (and ``call CARD``) for the
        top-most copy of that card in the pile with everything above it.
        """
        move = Move.from_text(text)  # refuses a text that is not a str, with MoveParseError
        if isinstance(move, PileMove) and len(move.taken) == 1:
            card = move.taken[0]
            pile = self.pile
            for i in range(len(pile) - 1, -1, -1):
                if pile[i] == card:
                    return type(move)(pile[i:])
        return move

    # -- questions --------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The player to move; :data:`CHANCE` between hands, :data:`TERMINAL` at the end."""
        phase = self.phase
        if phase < Phase.HAND_OVER:
            return self.current
        return CHANCE if phase == Phase.HAND_OVER else TERMINAL

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == Phase.GAME_OVER

    def is_chance_node(self) -> bool:
        """Whether the next move is the deal of a new hand (decided by the seed)."""
        return self.phase == Phase.HAND_OVER

    def moves(self) -> list[Move]:
        """The moves from the start of the recorded line of play to this state, oldest first."""
        out: list[Move] = []
        node: Position | None = self
        while node is not None and node.last_move is not None:
            out.append(node.last_move)
            node = node.parent
        out.reverse()
        return out

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: their own hand and all public information."""
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.players
        ):
            raise StateError(f"there is no player {player!r} in a {self.players}-player game")
        return PlayerView(
            player=player,
            hand=self.hands[player],
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=self.stock_size,
            side=self.config.side_of(player, self.players),
            current_player=self.current_player,
            legal_moves=self.legal_moves() if self.current_player == player else (),
            **{name: getattr(self, name) for name in _SHARED_WITH_VIEW},
        )

    def __repr__(self) -> str:
        return (
            f"<State hand {self.hand_number} {self.phase.name} player {self.current} "
            f"stock {self.stock_size} pile {len(self.pile)} table {len(self.table)} "
            f"totals {list(self.totals)}>"
        )

    # -- building positions -----------------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        config: RuleConfig,
        *,
        hands: Sequence[Iterable[int]],
        stock: Iterable[int],
        pile: Iterable[int],
        table: Sequence[TableMeld | tuple[Sequence[int], Sequence[int]]] = (),
        current: int = 0,
        dealer: int | None = None,
        phase: Phase = Phase.DRAW,
        owed: int | None = None,
        owed_use: OwedUse = OwedUse.ANY,
        kept: int | None = None,
        discarder: int | None = None,
        turn: int = 0,
        totals: Sequence[int] | None = None,
        history: Sequence[Sequence[int]] = (),
        hand_number: int | None = None,
        seed: int = 0,
    ) -> State:
        """Build any position, checking that it is consistent.

        ``table`` holds :class:`~rummy500.melds.TableMeld` objects or ``(cards, owners)``
        pairs (an owner for every card). ``dealer`` defaults to the player on ``current``'s
        right. ``totals`` and ``history`` hold one score per scoring side (per team in a
        partnership game). The cards in hands, stock, pile and table must be exactly the cards
        of the decks the rules use for that many players; otherwise :class:`StateError` says
        why.
        """
        n = len(hands)
        config.check_players(n)
        melds = tuple(
            m if isinstance(m, TableMeld) else _table_meld(config, m[0], m[1]) for m in table
        )
        state = cls.of(
            config=config,
            seed=seed,
            hand_number=len(history) if hand_number is None else hand_number,
            dealer=(current - 1) % n if dealer is None else dealer,
            phase=phase,
            current=current,
            hands=_hands(hands),
            stock=_cards(stock),
            pile=_cards(pile),
            table=melds,
            owed=None if owed is None else CARDS[owed],
            totals=tuple(totals) if totals is not None else (0,) * config.sides(n),
            history=tuple(tuple(h) for h in history),
            turn=turn,
            kept=None if kept is None else CARDS[kept],
            owed_use=OwedUse(owed_use),
            discarder=discarder,
        )
        state.validate()
        return state

    def validate(self) -> None:
        """Check that this state is consistent; raise :class:`StateError` saying why not."""
        n = self.players
        cfg = self.config
        cfg.check_players(n)
        for name, value in (("current", self.current), ("dealer", self.dealer)):
            if not 0 <= value < n:
                raise StateError(f"{name} must be a player from 0 to {n - 1}, not {value}")
        sides = cfg.sides(n)
        if len(self.totals) != sides or any(len(h) != sides for h in self.history):
            raise StateError(
                f"totals and every history row need one score for each of the {sides} sides"
            )
        self._validate_cards()
        for i, meld in enumerate(self.table):
            problem = meld_error(meld.cards, cfg)
            if problem is not None:
                raise StateError(f"table meld {i} is not a meld: {problem}")
            if any(not 0 <= o < n for o in meld.owners) or len(meld.owners) != len(meld.cards):
                raise StateError(f"table meld {i} needs an owner from 0 to {n - 1} for each card")
        if self.phase < Phase.HAND_OVER:
            self._validate_hand_sizes()
        self._validate_turn()
        last = cfg.hand_limit - 1  # hands are numbered from 0
        if self.hand_number > last or (self.phase == Phase.HAND_OVER and self.hand_number == last):
            raise StateError(
                f"hand_number {self.hand_number} (counting from 0) in phase "
                f"{self.phase.name.lower()}: with hand_limit {cfg.hand_limit}, the game ends "
                f"when hand_number {last} is over"
            )

    def _validate_turn(self) -> None:
        hand = self.hands[self.current]
        if self.owed is not None:
            if self.phase != Phase.PLAY:
                raise StateError("a card is owed only after a take, while the player plays")
            if self.owed not in hand:
                raise StateError(f"the owed card {self.owed} is not in the mover's hand")
        if not isinstance(self.owed_use, OwedUse):
            raise StateError(f"owed_use must be an OwedUse, not {self.owed_use!r}")
        if self.kept is not None:
            if not self.config.keep_top_discard:
                raise StateError("a discard is kept only when keep_top_discard is played")
            if self.phase != Phase.PLAY or self.kept not in hand:
                raise StateError(f"the kept card {self.kept} must be in the mover's hand in play")
        if (self.phase == Phase.CALL) != (self.discarder is not None):
            raise StateError("discarder is set exactly while players may call rummy")
        if self.phase == Phase.CALL and self.config.calling is CallRule.NONE:
            raise StateError("a call window opens only under rules that play calling rummy")
        if self.discarder is not None and not 0 <= self.discarder < self.players:
            raise StateError(f"discarder must be a player, not {self.discarder}")
        if self.discarder == self.current:
            raise StateError("a player cannot call rummy on their own discard")

    def _validate_cards(self) -> None:
        deck: Counter[int] = Counter(
            make_deck(self.config.decks[self.players], self.config.jokers_per_deck)
        )
        seen: Counter[int] = Counter()
        for hand in self.hands:
            seen.update(hand)
        seen.update(self.stock)
        seen.update(self.pile)
        for meld in self.table:
            seen.update(min(c, JOKER) for c in meld.cards)
        for card, count in sorted(seen.items()):
            if not deck[card]:
                raise StateError(f"{CARDS[card]} is not a card of this game's decks")
            if count > deck[card]:
                raise StateError(
                    f"{CARDS[card]} appears {count} times, but the decks hold {deck[card]}"
                )
        missing = deck - seen
        if missing:
            shown = " ".join(str(CARDS[c]) for c in sorted(missing.elements()))
            raise StateError(f"cards missing from the position: {shown}")

    def _validate_hand_sizes(self) -> None:
        deal = self.config.deal_size[self.players]
        floating = self.config.floating
        for p, hand in enumerate(self.hands):
            if not hand and not floating and not (p == self.current and self.phase == Phase.PLAY):
                raise StateError(f"player {p} holds no cards, so the hand would be over")
        if self.table:
            return
        # With nothing melded yet, only draws and discards have happened: hands are as dealt.
        for p, hand in enumerate(self.hands):
            want = deal
            if p == self.current and self.phase == Phase.PLAY:
                want = deal + 1
                if self.owed is not None and len(hand) >= want:
                    continue
            if len(hand) != want:
                raise StateError(
                    f"player {p} holds {len(hand)} cards; with no melds on the table a hand "
                    f"holds the {deal} dealt" + (" plus the card drawn" if want > deal else "")
                )


def _table_meld(config: RuleConfig, cards: Sequence[int], owners: Sequence[int]) -> TableMeld:
    ordered = canonical_meld(cards)
    problem = meld_error(ordered, config)
    if problem is not None:
        raise StateError(f"{' '.join(str(CARDS[c]) for c in cards)} is not a meld: {problem}")
    if len(owners) != len(cards):
        raise StateError("a table meld needs exactly one owner for each card")
    owner_of: dict[int, list[int]] = {}
    for c, o in zip(cards, owners, strict=True):
        owner_of.setdefault(CARDS[c], []).append(o)
    meld = TableMeld.new(ordered, 0)
    return attrs.evolve(meld, owners=tuple(owner_of[c].pop(0) for c in meld.cards))


def new_game(
    config: RuleConfig | None = None,
    players: int = 3,
    seed: int = 0,
    *,
    dealer: int | None = None,
) -> State:
    """Start a game: choose the first dealer (unless given) and deal the first hand.

    The same ``config``, ``players`` and ``seed`` always give the same game.
    """
    cfg = RuleConfig() if config is None else config
    cfg.check_players(players)
    drawn: tuple[Card, ...] = ()
    if dealer is None:
        dealer, drawn = choose_first_dealer(cfg, players, seed)
    elif not 0 <= dealer < players:
        raise IllegalMoveError(f"the dealer must be a player from 0 to {players - 1}")
    hands, stock, pile = deal_hand(cfg, players, seed, 0, dealer)
    return State.of(
        config=cfg,
        seed=seed,
        hand_number=0,
        dealer=dealer,
        phase=Phase.DRAW,
        current=(dealer + 1) % players,
        hands=hands,
        stock=stock,
        pile=pile,
        table=(),
        owed=None,
        totals=(0,) * cfg.sides(players),
        dealer_draw=drawn,
    )


def parse_move(state: State, text: str) -> Move:
    """Read a move's text in the context of ``state`` (see :meth:`State.parse_move`)."""
    if not isinstance(state, State):
        raise StateError(f"parse_move reads a move in a State, not {_shown(state)}")
    return state.parse_move(text)


@attrs.frozen
class PlayerView:
    """What one player may know of a state: no other hand and not the stock order.

    Every public field of a state is here under the same name except the hands (only
    ``hand``, the player's own, and ``hand_sizes``), the stock (only ``stock_size``) and the
    seed (which would tell the stock order).
    """

    #: The player whose view this is, and the scoring side (team, or the player alone).
    player: int
    side: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    current_player: int
    #: The player's legal moves when it is their turn (they depend only on what they know).
    legal_moves: tuple[Move, ...]
    config: RuleConfig
    hand_number: int
    dealer: int
    phase: Phase
    pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    owed: Card | None
    owed_use: OwedUse
    kept: Card | None
    discarder: int | None
    turn: int
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    went_out: int | None
    winner: int | None
    #: The cards drawn to choose the first dealer (drawn face up for everyone to see).
    dealer_draw: tuple[Card, ...]


#: The view's fields that are copied from the state under the same name.
_SHARED_WITH_VIEW: Final = tuple(
    f.name
    for f in attrs.fields(PlayerView)
    if f.name
    not in {"player", "side", "hand", "hand_sizes", "stock_size", "current_player", "legal_moves"}
)
