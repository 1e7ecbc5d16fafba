"""Building a position from its parts, as :meth:`State.from_position
<rummy500.State.from_position>` takes them.

The arguments come from people and files: cards as text, ids or :class:`~rummy500.Card`
values, table melds as pairs or mappings, numbers that may be of the wrong type. Each is read
and checked here, with a :class:`~rummy500.StateError` naming the argument when it is
not what it should be; the position built from them is then checked whole by
:func:`rummy500.play.validation.validate`. A hand built as just finished (``went_out``) is scored,
and a call window (``discarded_by``) opened, by the engine's own transitions and predicates,
exactly as play does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, TypeVar

from rummy500.core.cards import CARDS, Card, parse_cards
from rummy500.core.errors import (
    CardError,
    ConfigError,
    StateError,
    describe_value,
    is_count,
    is_whole,
)
from rummy500.core.phases import OwedUse, Phase
from rummy500.melds.check import meld_cards_problem
from rummy500.melds.shape import canonical_meld
from rummy500.melds.table import TableMeld
from rummy500.play.engine import end_hand, ends_before_next_draw, first_caller
from rummy500.play.position import Position
from rummy500.play.validation import check_basics, check_hand_number, check_history, validate
from rummy500.rules.choices import Calling
from rummy500.rules.config import RuleConfig
from rummy500.rules.dealing import rest_of_deck

__all__ = ["CardsInput", "TableMeldInput", "build_position", "numbers_given"]

P = TypeVar("P", bound=Position)


#: Cards as :meth:`State.from_position` takes them: one text of cards separated by spaces
#: (``"5H 6H JK=7H"``), or a list of cards, each a card's text, a :class:`Card` or a card id.
CardsInput = str | Iterable[int | str]

#: A table meld as :meth:`State.from_position` takes it: a :class:`TableMeld`; its cards with
#: the player who put them all down (or a list of one owner for each card); or a mapping with
#: ``"cards"`` and any of ``"owners"``, ``"owner"`` and ``"id"``.
TableMeldInput = TableMeld | tuple[CardsInput, int | Sequence[int]] | Mapping[str, object]


def _card(value: object, where: str) -> Card:
    """The card given as ``value`` (a card id or a card's text) at ``where``."""
    if isinstance(value, str):
        try:
            return Card(value)
        except CardError as exc:
            raise CardError(f"{where}: {exc}") from exc
    if is_count(value, len(CARDS)):
        return CARDS[value]
    raise CardError(
        f"{where}: a card is a card id from 0 to {len(CARDS) - 1} or a card's text such as "
        f"'QH', not {describe_value(value)}"
    )


def _card_list(value: object, where: str) -> list[Card]:
    if isinstance(value, str):
        try:
            return list(parse_cards(value))
        except CardError as exc:
            raise CardError(f"{where}: {exc}") from exc
    if not isinstance(value, Iterable):
        raise StateError(
            f"{where} must be a list of cards or a text of cards such as '8S 8H 8D', not "
            f"{describe_value(value)}"
        )
    return [_card(c, f"{where}[{i}]") for i, c in enumerate(value)]


def _hands(value: Iterable[object]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(_card_list(hand, f"hands[{p}]"))) for p, hand in enumerate(value))


def _cards(value: object, where: str) -> tuple[Card, ...]:
    return tuple(_card_list(value, where))


# -- the arguments of State.from_position ---------------------------------------------------


def _is_list(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes)


def _player_test(players: int) -> Callable[[object], bool]:
    def test(value: object) -> bool:
        return is_count(value, players)

    return test


def _is_owed_use(value: object) -> bool:
    return isinstance(value, OwedUse) or (is_whole(value) and value in _OWED_USE_VALUES)


_OWED_USE_VALUES: Final = frozenset(use.value for use in OwedUse)
_OWED_USE_WORDS: Final = (
    f"an OwedUse ({', '.join(f'OwedUse.{use.name}' for use in OwedUse)}) or the value of one "
    f"({', '.join(str(use.value) for use in OwedUse)})"
)


def _argument(
    name: str,
    value: object,
    expected: str,
    test: Callable[[object], bool] = is_whole,
    *,
    optional: bool = False,
) -> None:
    """Refuse ``value`` for the argument ``name`` unless it passes ``test`` (or is ``None``,
    when ``optional``): a :class:`StateError` saying what the argument must be."""
    if (optional and value is None) or test(value):
        return
    also = " or None" if optional else ""
    raise StateError(f"{name} must be {expected}{also}, not {describe_value(value)}")


def numbers_given(value: object, name: str) -> tuple[int, ...]:
    """``value``, the argument ``name``, as a tuple of whole numbers."""
    _argument(name, value, "a list of whole numbers", _is_list)
    assert isinstance(value, Sequence)
    for i, number in enumerate(value):
        _argument(f"{name}[{i}]", number, "a whole number")
    return tuple(value)


def _rows_given(value: object, name: str) -> tuple[tuple[int, ...], ...]:
    """``value``, the argument ``name``, as rows of scores: a tuple of tuples of whole numbers."""
    _argument(name, value, "a list of rows of scores, each a list of whole numbers", _is_list)
    assert isinstance(value, Sequence)
    return tuple(numbers_given(row, f"{name}[{i}]") for i, row in enumerate(value))


def build_position(cls: type[P], given: Any) -> P:
    """A position of class ``cls`` from the arguments of :meth:`State.from_position
    <rummy500.State.from_position>`, checked whole: ``given`` holds each argument as the
    attribute of its name (the signature of ``from_position`` is their one list; see there for
    each). Every value is checked here, so each is read as it was given, of any type."""
    if not isinstance(given.config, RuleConfig):
        raise ConfigError(f"config must be a RuleConfig, not {describe_value(given.config)}")
    if isinstance(given.hands, str) or not isinstance(given.hands, Sequence):
        raise StateError(
            f"hands must be a list of hands, one for each player, not {describe_value(given.hands)}"
        )
    n = len(given.hands)
    given.config.check_players(n)
    for name, who in (
        ("current_player", given.current_player),
        ("dealer", given.dealer),
        ("discarder", given.discarder),
        ("went_out", given.went_out),
        ("discarded_by", given.discarded_by),
    ):
        _argument(name, who, f"a player from 0 to {n - 1}", _player_test(n), optional=True)
    _argument("table", given.table, "a list of table melds", _is_list)
    _argument("owed_use", given.owed_use, _OWED_USE_WORDS, _is_owed_use)
    _argument("turn", given.turn, "a whole number of turns")
    _argument("hand_number", given.hand_number, "a whole number", optional=True)
    _argument("seed", given.seed, "a whole number")
    side_totals = (
        (0,) * given.config.sides(n)
        if given.totals is None
        else numbers_given(given.totals, "totals")
    )
    record = _rows_given(given.history, "history")
    player_rows = (
        None
        if given.player_history is None
        else _rows_given(given.player_history, "player_history")
    )
    held = _hands(given.hands)
    pile_cards = _cards(given.pile, "pile")
    melds = tuple(_table_input(given.config, m, i) for i, m in enumerate(given.table))
    number = len(record) if given.hand_number is None else given.hand_number
    if given.stock is None:
        placed = [c for h in held for c in h] + [c for m in melds for c in m.cards]
        placed += pile_cards
        stock_cards = rest_of_deck(given.config, n, given.seed, number, placed)
    else:
        stock_cards = _cards(given.stock, "stock")

    def build(
        phase: Phase,
        mover: int,
        in_turn: int,
        *,
        owed: Card | None = None,
        kept: Card | None = None,
        discarder: int | None = None,
    ) -> P:
        return cls._of(
            config=given.config,
            seed=given.seed,
            hand_number=number,
            dealer=(in_turn - 1) % n if given.dealer is None else given.dealer,
            phase=phase,
            current=mover,
            hands=held,
            stock=stock_cards,
            pile=pile_cards,
            table=melds,
            owed=owed,
            totals=side_totals,
            history=record,
            player_history=player_rows,
            # A history given is the whole record of the game; without one, the record
            # starts with this hand (after it, in a hand built as over), at the totals given.
            history_start=0 if record else number + (phase >= Phase.HAND_OVER),
            start_totals=None if record else side_totals,
            turn=given.turn,
            kept=kept,
            owed_use=OwedUse(given.owed_use),
            discarder=discarder,
        )

    if given.went_out is not None or given.discarded_by is not None:
        _refuse_extras(
            given.went_out,
            given.discarded_by,
            phase=given.phase,
            owed=given.owed,
            kept=given.kept,
            discarder=given.discarder,
        )
    if given.went_out is not None:
        if given.current_player is not None and given.current_player != given.went_out:
            raise StateError(
                f"current_player is {given.current_player}, but went_out is {given.went_out}: "
                "the player who goes out makes the last move of the hand"
            )
        before = build(Phase.PLAY, given.went_out, given.went_out)
        check_basics(before)
        # The record before the hand is checked as given, before the hand is added to it.
        check_hand_number(before)
        check_history(before)
        ended = end_hand(before, given.went_out)
        state = cls._of(**ended._fields(), log=ended.log)
    elif given.discarded_by is not None:
        base = build(
            Phase.CALL,
            (given.discarded_by + 1) % n,
            given.discarded_by,
            discarder=given.discarded_by,
        )
        check_basics(base)
        state = base._replace(current=_first_caller(base, given.discarded_by, given.current_player))
    else:
        mover = 0 if given.current_player is None else given.current_player
        state = build(
            Phase.DRAW if given.phase is None else _phase(given.phase),
            mover,
            mover,
            owed=None if given.owed is None else _card(given.owed, "owed"),
            kept=None if given.kept is None else _card(given.kept, "kept"),
            discarder=given.discarder,
        )
    validate(state)
    return state


def _phase(value: object) -> Phase:
    if isinstance(value, Phase):
        return value
    names = ", ".join(f"Phase.{p.name}" for p in Phase)
    raise StateError(f"phase must be one of {names}, not {describe_value(value)}")


def _table_input(config: RuleConfig, item: object, place: int) -> TableMeld:
    """The table meld at ``place`` as :meth:`State.from_position` takes it: a
    :class:`TableMeld`, a ``(cards, owner)`` pair or a mapping (see :data:`TableMeldInput`)."""
    where = f"table[{place}]"
    if isinstance(item, TableMeld):
        return item
    if isinstance(item, Mapping):
        return _table_mapping(config, item, where, place)
    if isinstance(item, str) or not isinstance(item, Sequence) or len(item) != 2:
        raise StateError(
            f"{where} must be a TableMeld, a (cards, owner) pair such as ('5H 6H JK=7H', 0) or "
            f"a mapping with cards, owners, owner and id, not {describe_value(item)}"
        )
    cards = _cards(item[0], f"{where} cards")
    owner = item[1]
    if isinstance(owner, int) and not isinstance(owner, bool):
        return _table_meld(config, cards, (owner,) * len(cards), where, meld_id=place)
    if isinstance(owner, str) or not isinstance(owner, Sequence):
        raise StateError(
            f"{where} owner must be a player number, or a list of one player number for each "
            f"card, not {describe_value(owner)}"
        )
    for i, one in enumerate(owner):
        if not is_whole(one):
            raise StateError(
                f"{where} owner[{i}] must be a player number, not {describe_value(one)}"
            )
    return _table_meld(config, cards, tuple(owner), where, meld_id=place)


def _table_mapping(
    config: RuleConfig, entry: Mapping[object, object], where: str, place: int
) -> TableMeld:
    """A table meld given as a mapping with its cards and any of owners, owner and id."""
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
        config, cards, owners, where, meld_id=place if meld_id is None else meld_id, owner=owner
    )


def _whole(value: object, where: str) -> int | None:
    if value is None or is_whole(value):
        return value
    raise StateError(f"{where} is a whole number, not {describe_value(value)}")


def _table_meld(
    config: RuleConfig,
    cards: Sequence[int],
    owners: Sequence[int],
    where: str,
    *,
    meld_id: int = 0,
    owner: int | None = None,
) -> TableMeld:
    ordered = canonical_meld(cards)
    problem = meld_cards_problem(ordered, config)
    if problem is not None:
        raise StateError(f"{' '.join(str(CARDS[c]) for c in cards)} is not a meld: {problem}")
    if len(owners) != len(cards):
        raise StateError("a table meld needs exactly one owner for each card")
    try:
        return TableMeld.of(cards, owners, id=meld_id, owner=owner)
    except StateError as exc:
        raise StateError(f"{where}: {exc}") from None


def _refuse_extras(
    went_out: int | None,
    discarded_by: int | None,
    *,
    phase: Phase | None,
    owed: object,
    kept: object,
    discarder: int | None,
) -> None:
    """Refuse what :meth:`State.from_position` cannot take along with ``went_out`` or
    ``discarded_by``, which decide the phase themselves."""
    if went_out is not None and discarded_by is not None:
        raise StateError(
            f"went_out is {went_out} and discarded_by is {discarded_by}, but a hand that is over "
            "has no call window: give one of them"
        )
    key = "went_out" if went_out is not None else "discarded_by"
    if phase is not None:
        raise StateError(f"phase is given with {key}, which decides the phase: leave phase out")
    for name, value in (("owed", owed), ("kept", kept)):
        if value is not None:
            raise StateError(
                f"{name} is given with {key}, but a card is {name} only while the player who "
                "took it is to play"
            )
    if discarder is not None:
        why = (
            "a hand that is over has no call window"
            if key == "went_out"
            else "discarded_by opens the call window itself"
        )
        raise StateError(f"discarder is given with {key}, but {why}: leave discarder out")


def _first_caller(base: Position, discarded_by: int, current_player: int | None) -> int:
    """The player polled first in the call window after ``discarded_by``'s discard, the top
    card of ``base``'s pile, as play decides it; :class:`StateError` when no window opens."""
    cfg = base.config
    who = f"discarded_by is {discarded_by}, but"
    if not base.pile:
        raise StateError(
            f"{who} the pile is empty: the card just discarded is the top card of the pile"
        )
    if not base.hands[discarded_by]:
        raise StateError(
            f"{who} player {discarded_by} holds no cards: a discard that empties the hand goes "
            f"out (went_out={discarded_by} builds the finished hand)"
        )
    if cfg.calling is Calling.NONE:
        raise StateError(
            f"{who} these rules do not play calling rummy, so no call window opens after a discard"
        )
    if ends_before_next_draw(cfg, base.turn, base.stock_size, base.pile):
        why = (
            f"turn {base.turn} reaches the turn_limit of {cfg.turn_limit}"
            if base.turn >= cfg.turn_limit
            else "the stock is empty under empty_stock end_at_once"
        )
        raise StateError(f"{who} that discard ends the hand ({why}), so no call window opens")
    caller = first_caller(cfg, base.hands, base.pile, base.table, discarded_by)
    if caller is None:
        n = base.players
        raise StateError(
            f"{who} nobody may call rummy on that pile, so no call window opens: for the next "
            "player's draw, leave out discarded_by and give "
            f"current_player={(discarded_by + 1) % n}"
        )
    if current_player is not None and current_player != caller:
        raise StateError(
            f"current_player is {current_player}, but after player {discarded_by}'s discard "
            f"player {caller} is the first who may call rummy"
        )
    return caller
