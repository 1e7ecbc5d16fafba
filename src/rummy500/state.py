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
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import attrs

from rummy500.cards import CARDS, JOKER, Card, describe_value, make_deck
from rummy500.dealing import choose_first_dealer, deal_hand, dealer_draw_rounds
from rummy500.engine import apply, explain_illegal, is_legal
from rummy500.errors import CardError, ConfigError, IllegalMoveError, StateError
from rummy500.melds import TableMeld, canonical_meld, meld_error
from rummy500.movegen import generate
from rummy500.moves import (
    Move,
    PileMove,
)
from rummy500.phases import CHANCE, TERMINAL, OwedUse, Phase
from rummy500.position import Position, self_set
from rummy500.rules import CallRule, EmptyStock, FirstDealer, RuleConfig
from rummy500.scoring import game_result, hand_scores

__all__ = ["CHANCE", "TERMINAL", "Phase", "PlayerView", "State", "new_game", "parse_move"]


#: The kinds of move that :meth:`State.apply` plays.


def _card(value: object, where: str) -> Card:
    """The card given as ``value`` (a card id or a card's text) at ``where``."""
    if isinstance(value, str):
        try:
            return Card(value)
        except CardError as exc:
            raise CardError(f"{where}: {exc}") from exc
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(CARDS):
        return CARDS[value]
    raise CardError(
        f"{where}: a card is a card id from 0 to {len(CARDS) - 1} or a card's text such as "
        f"'QH', not {describe_value(value)}"
    )


def _card_list(value: object, where: str) -> list[Card]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise StateError(f"{where} must be a list of cards, not {describe_value(value)}")
    return [_card(c, f"{where}[{i}]") for i, c in enumerate(value)]


def _hands(value: Iterable[Iterable[int]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(_card_list(hand, f"hands[{p}]"))) for p, hand in enumerate(value))


def _cards(value: Iterable[int], where: str) -> tuple[Card, ...]:
    return tuple(_card_list(value, where))


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
        table: Sequence[
            TableMeld | tuple[Sequence[int], Sequence[int]] | Mapping[str, object]
        ] = (),
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

        ``table`` holds :class:`~rummy500.melds.TableMeld` objects, ``(cards, owners)`` pairs
        (an owner for every card) or mappings (below). ``dealer`` defaults to the player on
        ``current``'s right. ``totals`` and ``history`` hold one score per scoring side (per
        team in a partnership game). The cards in hands, stock, pile and table must be exactly
        the cards of the decks the rules use for that many players; otherwise
        :class:`StateError` says why.

        A table meld given as a mapping has ``"cards"`` and any of ``"owners"``, ``"owner"``
        and ``"id"``, as in ``{"cards": ["5S", "6S", "7S", "8S"], "owners": [1, 1, 1, 2],
        "id": 4}``. A pair, or a mapping without an ``"id"``, takes its place on the table as
        its id. The player who laid the meld down (``"owner"``) is by default the owner of its
        first card as listed, and each card's owner (``"owners"``) by default that player. Each
        meld on the table needs an id of its own.
        """
        if not isinstance(config, RuleConfig):
            raise ConfigError(f"config must be a RuleConfig, not {describe_value(config)}")
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise StateError(
                f"hands must be a list of hands, one for each player, not {describe_value(hands)}"
            )
        n = len(hands)
        config.check_players(n)
        melds = tuple(
            m if isinstance(m, TableMeld) else _table_entry(config, m, i)
            for i, m in enumerate(table)
        )
        state = cls.of(
            config=config,
            seed=seed,
            hand_number=len(history) if hand_number is None else hand_number,
            dealer=(current - 1) % n if dealer is None else dealer,
            phase=_phase(phase),
            current=current,
            hands=_hands(hands),
            stock=_cards(stock, "stock"),
            pile=_cards(pile, "pile"),
            table=melds,
            owed=None if owed is None else _card(owed, "owed"),
            totals=tuple(totals) if totals is not None else (0,) * config.sides(n),
            history=tuple(tuple(h) for h in history),
            turn=turn,
            kept=None if kept is None else _card(kept, "kept"),
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
            if meld.doubled and not (
                cfg.four_of_a_kind_double and not meld.is_run and len(meld.cards) == 4
            ):
                raise StateError(
                    f"table meld {i} scores double, but only a set of four melded at once does, "
                    "and only under four_of_a_kind_double"
                )
        self._validate_meld_ids()
        if self.phase < Phase.HAND_OVER:
            self._validate_hand_sizes()
        self._validate_turn()
        if self.hand_number < 0:
            raise StateError(f"hand_number cannot be negative, not {self.hand_number}")
        last = cfg.hand_limit - 1  # hands are numbered from 0
        if self.hand_number > last or (self.phase == Phase.HAND_OVER and self.hand_number == last):
            raise StateError(
                f"hand_number {self.hand_number} (counting from 0) in phase "
                f"{self.phase.name.lower()}: with hand_limit {cfg.hand_limit}, the game ends "
                f"when hand_number {last} is over"
            )
        self._validate_history()
        self._validate_outcome()
        self._validate_dealer_draw()
        self._validate_has_a_move()

    def _validate_meld_ids(self) -> None:
        """Each table meld has an id of its own, a player who laid it down, and a ``top_id``
        that is its own id or the id of a run joined into it (no meld on the table)."""
        n = self.players
        place_of: dict[int, int] = {}
        for i, meld in enumerate(self.table):
            if meld.id < 0:
                raise StateError(f"table[{i}] has id {meld.id}: a meld id is 0 or more")
            if meld.id in place_of:
                raise StateError(
                    f"table[{place_of[meld.id]}] and table[{i}] both have id {meld.id}: each "
                    "meld on the table has an id of its own"
                )
            place_of[meld.id] = i
            if not 0 <= meld.owner < n:
                raise StateError(
                    f"table[{i}] was laid down by player {meld.owner}: the owner of a meld is a "
                    f"player from 0 to {n - 1}"
                )
        for i, meld in enumerate(self.table):
            top = meld.top_id
            if top < meld.id or (top != meld.id and top in place_of):
                raise StateError(
                    f"table[{i}] has id {meld.id} and top_id {top}: top_id is the highest id "
                    "of the meld and the runs joined into it, so it is at least the meld's id "
                    "and no other meld on the table has it"
                )

    def _validate_turn(self) -> None:
        limit = self.config.turn_limit
        if not 0 <= self.turn <= limit:
            raise StateError(
                f"turn {self.turn} is impossible: a hand ends after at most turn_limit "
                f"({limit}) turns, so turn counts from 0 to {limit}"
            )
        hand = self.hands[self.current]
        if self.phase == Phase.PLAY and not hand:
            raise StateError(
                f"player {self.current} is to play with no cards: a player holds at least the "
                "card just drawn in play"
            )
        if (
            self.phase == Phase.DRAW
            and self.config.empty_stock is EmptyStock.REUSE_PILE
            and not self.stock_size
            and self.pile
        ):
            raise StateError(
                "the stock is empty while the discard pile is not, in the draw phase: under "
                "empty_stock reuse_pile the pile is turned into a new stock before the next draw"
            )
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

    def _validate_history(self) -> None:
        """A non-empty history is the whole record of the game: one row for every hand
        finished (the hand just scored included), and the totals are its column sums. An empty
        history is a position set up without that record: its totals are taken as given."""
        history = self.history
        if not history:
            return
        over = self.phase >= Phase.HAND_OVER
        finished = self.hand_number + 1 if over else self.hand_number
        if len(history) != finished:
            raise StateError(
                f"the history holds {_hands_count(len(history))}, but hand_number "
                f"{self.hand_number} (counting from 0) in phase {self.phase.name.lower()} means "
                f"{_hands_count(finished, 'finished ')}: a history, when given, records every "
                "hand of the game"
            )
        sums = tuple(sum(column) for column in zip(*history, strict=True))
        if sums != self.totals:
            raise StateError(
                f"totals {list(self.totals)} are not the sums {list(sums)} of the history: a "
                "history, when given, records every hand since the totals were all 0"
            )
        if over:
            went_out = self.went_out
            scores = hand_scores(
                self.config,
                self.hands,
                self.table,
                went_out=went_out,
                stock_ran_out=went_out is None,
            )
            if history[-1] != scores:
                raise StateError(
                    f"the last hand's scores {list(history[-1])} are not {list(scores)}, what "
                    "the hands and table of the hand just over score"
                )

    def _validate_outcome(self) -> None:
        n = self.players
        cfg = self.config
        sides = cfg.sides(n)
        went_out, won = self.went_out, self.winner
        if went_out is not None and not 0 <= went_out < n:
            raise StateError(f"went_out must be a player from 0 to {n - 1} or None, not {went_out}")
        if won is not None and not 0 <= won < sides:
            who = "a player" if sides == n else "a team"
            raise StateError(f"winner must be {who} from 0 to {sides - 1} or None, not {won}")
        phase = self.phase.name.lower()
        if self.phase < Phase.HAND_OVER:
            if went_out is not None:
                raise StateError(
                    f"went_out is {went_out} in phase {phase}: it names who went out of a hand "
                    "that is over"
                )
            if won is not None:
                raise StateError(
                    f"winner is {won} in phase {phase}: a game has a winner only once it is over"
                )
            return
        if went_out is not None and self.hands[went_out]:
            raise StateError(
                f"went_out is {went_out}, but player {went_out} still holds cards: the player "
                "who goes out has none left"
            )
        result = game_result(
            cfg,
            self.totals,
            hands_played=self.hand_number + 1,
            went_out_side=None if went_out is None else cfg.side_of(went_out, n),
        )
        if self.phase == Phase.HAND_OVER:
            if won is not None:
                raise StateError(
                    f"winner is {won} in phase hand_over: a game has a winner only once it is over"
                )
            if result.over:
                raise StateError(
                    f"the game is over after hand {self.hand_number} with totals "
                    f"{list(self.totals)}, yet the phase is hand_over rather than game_over"
                )
            return
        if not result.over:
            raise StateError(
                f"the phase is game_over, but with totals {list(self.totals)} after "
                f"{self.hand_number + 1} of at most {cfg.hand_limit} hands the game goes on"
            )
        if won != result.winner:
            want = "nobody (a drawn game)" if result.winner is None else f"side {result.winner}"
            raise StateError(
                f"winner is {won}, but with totals {list(self.totals)} after "
                f"{self.hand_number + 1} hands the game is won by {want}"
            )

    def _validate_dealer_draw(self) -> None:
        drawn = self.dealer_draw
        if not drawn:
            return
        cfg = self.config
        n = self.players
        deck: Counter[int] = Counter(make_deck(cfg.decks[n], 0))
        size = sum(deck.values())
        for start in range(0, len(drawn), size):
            # The draw is from a jokerless deck; a fresh one is shuffled if it runs out.
            counts = Counter(drawn[start : start + size])
            for card, count in sorted(counts.items()):
                if not deck[card]:
                    raise StateError(
                        f"{CARDS[card]} was drawn for the first deal, but that draw uses the "
                        "decks without jokers"
                    )
                if count > deck[card]:
                    raise StateError(
                        f"{CARDS[card]} was drawn {count} times for the first deal, but the "
                        f"decks hold {deck[card]}"
                    )
        highest = cfg.first_dealer is FirstDealer.HIGHEST

        def rank(card: Card) -> int:
            return 14 if highest and card.rank == 1 else card.rank

        # The last round has one player alone at the top (the lowest card, or the highest).
        last_round = dealer_draw_rounds(cfg, n, drawn)[-1]
        pick = max if highest else min
        first = pick(last_round, key=lambda drew: rank(drew[1]))[0]
        dealer = (first + self.hand_number) % n
        if self.dealer != dealer:
            raise StateError(
                f"dealer is {self.dealer}, but player {first} won the draw for the first deal, "
                f"so hand {self.hand_number} is dealt by player {dealer}"
            )

    def _validate_has_a_move(self) -> None:
        if self.phase == Phase.GAME_OVER:
            return
        if not generate(self):
            raise StateError(
                f"player {self.current} has no legal move in phase "
                f"{self.phase.name.lower()}, yet the game is not over"
            )

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
            if not hand and not floating:
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


def _phase(value: object) -> Phase:
    if isinstance(value, Phase):
        return value
    names = ", ".join(f"Phase.{p.name}" for p in Phase)
    raise StateError(f"phase must be one of {names}, not {describe_value(value)}")


def _hands_count(n: int, kind: str = "") -> str:
    return f"{n} {kind}hand" + ("" if n == 1 else "s")


def _table_pair(config: RuleConfig, pair: object, where: str, *, meld_id: int = 0) -> TableMeld:
    if isinstance(pair, str) or not isinstance(pair, Sequence) or len(pair) != 2:
        raise StateError(
            f"{where} must be a TableMeld, a (cards, owners) pair or a mapping with cards, "
            f"owners, owner and id, not {describe_value(pair)}"
        )
    return _table_meld(config, _cards(pair[0], f"{where} cards"), pair[1], meld_id=meld_id)


def _table_entry(config: RuleConfig, entry: object, place: int) -> TableMeld:
    """The table meld at ``place`` given as a pair or a mapping (see ``from_position``)."""
    where = f"table[{place}]"
    if not isinstance(entry, Mapping):
        return _table_pair(config, entry, where, meld_id=place)
    unknown = sorted(map(str, set(entry) - {"cards", "owners", "owner", "id"}))
    if unknown or "cards" not in entry:
        raise StateError(
            f"{where} has the keys cards and any of owners, owner and id, not "
            f"{', '.join(map(repr, entry)) or 'none'}"
        )
    cards = _cards(entry["cards"], f"{where} cards")
    owner = _whole(entry.get("owner"), f"{where} owner")
    meld_id = _whole(entry.get("id"), f"{where} id")
    if "owners" in entry:
        owners = entry["owners"]
        if isinstance(owners, str) or not isinstance(owners, Sequence):
            raise StateError(f"{where} owners is a list of players, not {describe_value(owners)}")
    elif owner is None:
        raise StateError(f"{where} needs the owners of its cards, or the owner of the meld")
    else:
        owners = [owner] * len(cards)
    return _table_meld(
        config, cards, owners, meld_id=place if meld_id is None else meld_id, owner=owner
    )


def _whole(value: object, where: str) -> int | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise StateError(f"{where} is a whole number, not {describe_value(value)}")


def _table_meld(
    config: RuleConfig,
    cards: Sequence[int],
    owners: Sequence[int],
    *,
    meld_id: int = 0,
    owner: int | None = None,
) -> TableMeld:
    ordered = canonical_meld(cards)
    problem = meld_error(ordered, config)
    if problem is not None:
        raise StateError(f"{' '.join(str(CARDS[c]) for c in cards)} is not a meld: {problem}")
    if len(owners) != len(cards):
        raise StateError("a table meld needs exactly one owner for each card")
    return TableMeld.of(cards, owners, id=meld_id, owner=owner)


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
    if config is not None and not isinstance(config, RuleConfig):
        hint = (
            f" (for a preset, pass rummy500.presets.get({describe_value(config)}))"
            if isinstance(config, str)
            else ""
        )
        raise ConfigError(
            f"config must be a RuleConfig or None, not {describe_value(config)}{hint}"
        )
    for name, value in (("players", players), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{name} must be a whole number, not {describe_value(value)}")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
        raise StateError(f"dealer must be a player number or None, not {describe_value(dealer)}")
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
        raise StateError(f"parse_move reads a move in a State, not {describe_value(state)}")
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
