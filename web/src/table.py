"""The game behind the Play page: a person at seat 0 against the built-in bots, as plain values.

The page (``play.mjs``) draws what :func:`handle` answers and sends it what the person did:
every rule, every refusal and every word about the game comes from rummy500's public API. It
reads as a recipe for a front end of your own:

- the game is a :class:`~rummy500.State`; a move is applied with :meth:`State.apply
  <rummy500.State.apply>`, and an illegal one raises :class:`~rummy500.IllegalMoveError`,
  whose message is the sentence the player is shown;
- the table is what :func:`rummy500.pictures.scene_of` says the player's view shows (the other
  hands only as their counts), as JSON for the page to draw (``table_json.py``);
- the bots (:func:`rummy500.bots.make_bot`) choose from their own seat's view, and the hint is
  :class:`~rummy500.bots.GreedyBot`'s choice for the person's;
- the moves in words, the hand's result and the score sheet are :mod:`rummy500.render`'s;
- a saved game is a :class:`~rummy500.GameRecord` written by :func:`rummy500.dumps`: the file
  ``rummy500 play --save`` writes and ``rummy500 replay`` reads.

Undo keeps the states at which the person was to decide, each detached from the moves before it
(:meth:`State.detached <rummy500.State.detached>`), and a new hand starts a new undo stack. So
no long chain of states is ever kept (only the bots' moves since the person's last one): the
browser's stack cannot take freeing one of thousands of moves at once. The game's moves are
kept as a plain list, for the saved record.

    >>> answer = handle({"intent": "new", "preset": "standard", "players": 3,
    ...                  "opponents": ["greedy", "random"], "seed": 7})
    >>> answer["status"], answer["seats"][1]["name"], answer["seats"][1]["held"]
    ('bots', 'P1', 7)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from table_json import JSONDict, prompt, table_json

import rummy500
from rummy500 import (
    Call,
    Card,
    Deal,
    Decline,
    Discard,
    Draw,
    GameRecord,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    MoveParseError,
    Pass,
    Phase,
    Rummy500Error,
    State,
    StateError,
    Take,
    new_game,
    presets,
    render,
)
from rummy500.bots import Bot, GreedyBot, bot_text, make_bot
from rummy500.events import Drew

__all__ = ["HUMAN", "JSONDict", "Table", "bot_seed", "handle", "preset_choices"]

#: The seat of the person playing; the bots sit at the others.
HUMAN = 0
#: A game's bots are seeded as ``rummy500 play`` seeds them: seat ``p`` of the game seeded
#: ``s`` gets ``s * 8 + p`` (8 is the most players a game has), so the same seed and the same
#: moves give the same game at the terminal.
_SEATS_PER_SEED = 8
#: A move's number in the list of legal moves, as ``rummy500 play`` reads one.
_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")
#: The moves a button of the page plays, by the intent's name.
_BUTTONS: dict[str, Move] = {"draw": Draw(), "pass": Pass(), "decline": Decline(), "deal": Deal()}


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game seeded ``seed``."""
    return seed * _SEATS_PER_SEED + seat


def _physical(cards: Sequence[Card]) -> Counter[Card]:
    """The cards as they lie in a hand (a joker put down as a card is a plain joker there)."""
    return Counter(card.physical for card in cards)


@dataclass(frozen=True)
class _Decision:
    """A point undo goes back to: the state the person was to move in, detached from the
    moves before it, and how many moves the game had then."""

    state: State
    moves: int


class Table:
    """One game at the page: the seats, the state, the moves so far and what undo needs.

    :param record: the game: its rules, players and seed, and the moves played so far.
    :param opponents: a bot for each seat but the person's, as :func:`rummy500.bots.make_bot`
        reads it (``"greedy"``, ``"ismcts:iterations=200"``); seats left out get ``"greedy"``.
    :param preset: the name of the preset the rules are, if they are one.
    """

    def __init__(self, record: GameRecord, opponents: Sequence[str], preset: str | None) -> None:
        players = record.players
        specs = [bot_text(spec) for spec in opponents][: players - 1]
        self.opponents = specs + ["greedy"] * (players - 1 - len(specs))
        self.preset = preset
        self.start = GameRecord(record.config, players, record.seed, record.dealer)
        self.names = ["You", *(f"P{seat}" for seat in range(1, players))]
        self.bots: list[Bot | None] = [None] + [
            make_bot(spec, bot_seed(record.seed, seat))
            for seat, spec in enumerate(self.opponents, 1)
        ]
        self.undo_stack: list[_Decision] = []
        self.moves: list[Move] = list(record.moves)
        #: The last move in words, and the moves the person's last click could mean.
        self.said = ""
        self.choices: list[int] = []
        # Without the undo chain: a long game's chain of states, freed at once, would overflow
        # the browser's stack.
        self.state = record.replay(undo=False)

    @classmethod
    def new(cls, preset: str, players: int, opponents: Sequence[str], seed: int) -> Table:
        """A new game of the preset named (:func:`rummy500.presets.get`)."""
        config = presets.get(preset)
        new_game(config, players, seed)  # refuses a number of players the rules do not allow
        return cls(GameRecord(config, players, seed), opponents, preset)

    # -- where the game stands ------------------------------------------------------------

    def status(self) -> str:
        """``"your-turn"``, ``"bots"`` (a bot is to move), ``"hand-over"`` or ``"game-over"``."""
        if self.state.is_terminal():
            return "game-over"
        if self.state.is_chance_node():
            return "hand-over"
        return "your-turn" if self.state.current_player == HUMAN else "bots"

    def legal_moves(self) -> tuple[Move, ...]:
        """What the person may play now: their view's moves, or the deal between hands."""
        if self.state.is_chance_node():
            return self.state.legal_moves()
        return self.state.view(HUMAN).legal_moves

    # -- playing ----------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play ``move`` for the person, or deal the next hand; an illegal move raises
        :class:`~rummy500.IllegalMoveError` and leaves the game as it was."""
        self.choices = []
        if self.status() == "bots":
            whose = self.names[self.state.current_player]
            raise IllegalMoveError(f"it is {whose}'s turn, not yours: wait for {whose} to play")
        before = self.state.detached()
        after = before.apply(move)
        if isinstance(move, Deal):
            self.undo_stack.clear()  # undo goes back to the deal, not into the hand before
        else:
            self.undo_stack.append(_Decision(before, len(self.moves)))
        self.state = after
        self.moves.append(move)
        self.said = self._words(move, HUMAN)

    def step(self) -> None:
        """Let the bot to move play one move (nothing happens unless a bot is to move)."""
        if self.status() != "bots":
            return
        seat = self.state.current_player
        bot = self.bots[seat]
        assert bot is not None  # every seat but the person's has a bot
        move = bot.choose(self.state.view(seat))
        self.state = self.state.apply(move)
        self.moves.append(move)
        self.said = self._words(move, seat)

    def _words(self, move: Move, player: int) -> str:
        """The move just played by ``player``, in words: ``"P1 melds a set: 8♠ 8♥ 8♦."``."""
        if isinstance(move, Deal):
            return f"Hand {self.state.hand_number + 1} is dealt."
        you = player == HUMAN
        drawn = None
        if you and isinstance(move, Draw):
            # The person sees the card they drew (their view's log holds it); nobody else does.
            drew = [e for e in self.state.view(HUMAN).log if isinstance(e, Drew)]
            drawn = drew[-1].card
        words = render.move_words(move, you=you, drawn=drawn)
        out = self.state.phase >= Phase.HAND_OVER and self.state.went_out == player
        tail = (" and go out" if you else " and goes out") if out else ""
        return f"{self.names[player]} {words}{tail}."

    def undo(self) -> None:
        """Go back to the person's previous decision in this hand, undoing the bots' moves
        since."""
        if not self.undo_stack:
            raise IllegalMoveError("there is no move of yours to undo in this hand")
        decision = self.undo_stack.pop()
        self.state = decision.state
        del self.moves[decision.moves :]
        self.choices = []
        self.said = "Your last move is undone."

    def hint(self) -> Move:
        """What :class:`~rummy500.bots.GreedyBot` would play in the person's place."""
        if self.status() != "your-turn":
            raise IllegalMoveError("a hint is for your own turn")
        return GreedyBot().choose(self.state.view(HUMAN))

    def record(self) -> GameRecord:
        """The game so far, as ``rummy500 play --save`` records one."""
        start = self.start
        return GameRecord(start.config, start.players, start.seed, start.dealer, self.moves)

    # -- what the person clicked --------------------------------------------------------------

    def hand_cards(self, hand: Sequence[int]) -> list[Card]:
        """The cards at the positions ``hand`` of the person's hand."""
        held = self.state.view(HUMAN).hand
        if len(set(hand)) != len(hand) or not all(0 <= i < len(held) for i in hand):
            raise StateError(f"your hand has no cards at the positions {list(hand)}")
        return [held[i] for i in hand]

    def put_down(self, kind: type[Meld | Layoff], hand: Sequence[int], meld: int | None) -> None:
        """Meld or lay off the cards selected (on ``meld``, if the person clicked one): the one
        legal move that does it is played; for several (a joker's card, a run's end, the
        meld), they are the :attr:`choices`; for none, the move as clicked is tried, for the
        engine to say why it is illegal."""
        cards = self.hand_cards(hand)
        legal = self.legal_moves()
        found = [
            index
            for index, move in enumerate(legal)
            if isinstance(move, kind)
            and _physical(move.cards) == _physical(cards)
            and (meld is None or (isinstance(move, Layoff) and move.meld_id == meld))
        ]
        if len(found) == 1:
            self.play(legal[found[0]])
        elif found:
            self.choices = found
            self.said = "Those cards go down in more than one way: choose one."
        elif kind is Meld:
            self.play(Meld(cards))
        elif meld is not None or not self.state.table:
            self.play(Layoff(meld or 0, cards))
        else:
            raise StateError(
                "no meld on the table takes those cards now: click a meld to lay them off "
                "on it and see why not"
            )

    def pile_move(self, index: int) -> Move:
        """What a click on the pile card at ``index`` (0 is the oldest) means: a call in the
        call window, else a take of that card and every card above it."""
        pile = self.state.pile
        if not 0 <= index < len(pile):
            raise StateError(f"the discard pile has no card at position {index}")
        return Call(pile[index:]) if self.state.phase == Phase.CALL else Take(pile[index:])

    def typed(self, text: str) -> Move:
        """The move typed, read as ``rummy500 play`` reads one: the number of a legal move,
        or a move's text (:meth:`State.parse_move <rummy500.State.parse_move>`)."""
        text = text.strip()
        legal = self.legal_moves()
        if _NUMBER.fullmatch(text):
            number = int(text)
            if not 1 <= number <= len(legal):
                raise MoveParseError(
                    f"there is no move {number}: choose a number from 1 to {len(legal)}"
                )
            return legal[number - 1]
        return self.state.parse_move(text)

    # -- what the page shows -------------------------------------------------------------------

    def describe(self) -> JSONDict:
        """Everything the page shows, as JSON: where the game stands and what the person is to
        do, the table as their view shows it (:func:`table_json.table_json`), their moves, the
        log of the hand, and the scores."""
        view = self.state.view(HUMAN)
        legal = self.legal_moves()
        status = self.status()
        over = status in ("hand-over", "game-over")
        if status == "game-over":
            to_do = render.game_result_line(self.state, self.names, you=[HUMAN])
        elif status == "hand-over":
            to_do = "The hand is over: deal the next one when you are ready."
        elif status == "bots":
            to_do = f"{self.names[self.state.current_player]} is playing."
        else:
            to_do = prompt(view, self.names)
        return {
            "status": status,
            "prompt": to_do,
            "said": self.said,
            "game": {
                "preset": self.preset,
                "players": self.start.players,
                "seed": self.start.seed,
                "opponents": self.opponents,
                "moves": len(self.moves),
            },
            **table_json(view, self.names, [None, *self.opponents]),
            "legal": [move.text() for move in legal],
            "choices": [
                {
                    "index": i,
                    "text": legal[i].text(),
                    "words": render.move_words(legal[i], you=True),
                }
                for i in self.choices
            ],
            "log": [render.event_words(event, self.names, me=HUMAN) for event in view.log],
            "result": render.hand_result_lines(self.state, self.names) if over else [],
            "sheet": render.score_sheet(self.state, self.names),
            "undo": bool(self.undo_stack) and status != "bots",
        }


def preset_choices() -> list[JSONDict]:
    """The rule sets the page offers: each preset's name, summary and numbers of players."""
    return [
        {
            "name": name,
            "summary": presets.PRESETS[name].summary,
            "players": list(presets.get(name).player_counts),
        }
        for name in presets.names()
    ]


#: The game being played, once one is started.
_table: Table | None = None


def handle(request: JSONDict) -> JSONDict:
    """Do what the page asks (``request["intent"]`` names it) and answer with
    :meth:`Table.describe`, plus ``"refusal"``: ``None``, or the sentence saying why nothing
    was done (the engine's, for an illegal move), the game then being as it was.

    The intents: ``new`` (``preset``, ``players``, ``opponents``, ``seed``), ``step`` (a bot
    plays), ``draw``, ``pass``, ``decline``, ``deal``, ``pile`` (``index``), ``meld`` and
    ``discard`` (``hand``: positions in the hand), ``layoff`` (``hand``, ``meld``: an id or
    ``None``), ``choose`` (``index`` into the legal moves), ``text`` (``text``), ``undo``,
    ``hint``, ``save`` and ``load`` (``text``, ``opponents``).
    """
    global _table
    intent = request["intent"]
    extra: JSONDict = {}
    try:
        if intent == "new":
            _table = Table.new(
                request["preset"], request["players"], request["opponents"], request["seed"]
            )
        elif intent == "load":
            record = rummy500.loads(request["text"], GameRecord)
            preset = next((n for n in presets.names() if presets.get(n) == record.config), None)
            _table = Table(record, request["opponents"], preset)
        elif _table is None:
            raise StateError("there is no game yet: start one")
        else:
            extra = _act(_table, intent, request)
        refusal = None
    except Rummy500Error as error:
        refusal = str(error)
    if _table is None:
        return {"status": "none", "refusal": refusal}
    return {**_table.describe(), **extra, "refusal": refusal}


def _act(table: Table, intent: str, request: JSONDict) -> JSONDict:
    """Do ``intent`` at ``table``; what the answer holds besides the table."""
    if intent == "step":
        table.step()
    elif intent in _BUTTONS:
        table.play(_BUTTONS[intent])
    elif intent == "pile":
        table.play(table.pile_move(request["index"]))
    elif intent == "meld":
        table.put_down(Meld, request["hand"], None)
    elif intent == "layoff":
        table.put_down(Layoff, request["hand"], request.get("meld"))
    elif intent == "discard":
        cards = table.hand_cards(request["hand"])
        if len(cards) != 1:
            raise StateError(f"a discard is one card, and {len(cards)} are selected")
        table.play(Discard(cards[0]))
    elif intent == "choose":
        table.play(table.legal_moves()[request["index"]])
    elif intent == "text":
        table.play(table.typed(request["text"]))
    elif intent == "undo":
        table.undo()
    elif intent == "hint":
        return {"hint": _hint(table, table.hint())}
    elif intent == "save":
        start = table.start
        name = f"rummy500-{table.preset or 'game'}-seed{start.seed}.json"
        return {"file": rummy500.dumps(table.record(), indent=2) + "\n", "filename": name}
    else:
        raise StateError(f"the page asked for {intent!r}, which is not something it can do")
    return {}


def _hint(table: Table, move: Move) -> JSONDict:
    """The hint for the page: the move's text and words, and what to click for it (the
    positions of its cards in the hand, the pile card, the meld)."""
    hand = list(table.state.view(HUMAN).hand)
    positions: list[int] = []
    if isinstance(move, Meld | Layoff | Discard):
        for card in move.cards:
            at = next(
                i for i, held in enumerate(hand) if held == card.physical and i not in positions
            )
            positions.append(at)
    pile = len(table.state.pile) - len(move.cards) if isinstance(move, Take | Call) else None
    return {
        "text": move.text(),
        "words": "You would " + render.move_words(move, you=True) + ".",
        "hand": sorted(positions),
        "pile": pile,
        "meld": move.meld_id if isinstance(move, Layoff) else None,
    }
